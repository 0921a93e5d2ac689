"""Django's own account sentences in the app's register (issue 36): Spanish *tú* and Dutch *je*
beside the app's own, not Django's *usted* and *u*; German *du*; French *vous* as before."""

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

# Each language's words, from locale/*/django.po (games/django_words.py marks Django's msgids).
SAYS = {
    "nl": ("Je wachtwoord mag geen veelgebruikt wachtwoord zijn.", "Typ ter controle hetzelfde wachtwoord"),
    "de": ("Dein Passwort darf kein häufig benutztes Passwort sein.", "Gib zur Kontrolle dasselbe Passwort"),
    "fr": ("Votre mot de passe ne peut pas être un mot de passe couramment utilisé.", "Saisissez le même mot de passe"),
    "es": ("Tu contraseña no puede ser una contraseña de uso común.", "escribe la misma contraseña otra vez"),
}
# Django's own formal address, which must not show.
FORMAL = {"nl": ["Uw wachtwoord", "uw andere"], "de": ["Bitte das selbe"], "fr": [],
          "es": ["Su contraseña", "introduzca", "vuelva a"]}  # fmt: skip


@pytest.mark.parametrize("language", sorted(SAYS))
def test_the_password_change_page_speaks_as_the_app_does(scorer, language):
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = scorer.get(reverse("password_change")).content.decode()
    for words in SAYS[language]:
        assert words in page
    for formal in FORMAL[language]:
        assert formal not in page


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("nl", "Je oude wachtwoord klopt niet. Typ het opnieuw."),
        ("es", "Tu contraseña anterior no es correcta. Vuelve a escribirla."),
    ],
)
def test_a_wrong_old_password_is_refused_in_the_apps_register(scorer, language, refusal):
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    posted = {"old_password": "wrong", "new_password1": "a-long-new-one-42", "new_password2": "a-long-new-one-42"}
    page = scorer.post(reverse("password_change"), posted).content.decode()
    assert refusal in page


@pytest.mark.parametrize("language", sorted(SAYS))
def test_the_signup_page_speaks_as_the_app_does(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(reverse("games:signup")).content.decode()
    assert SAYS[language][0] in page
    for formal in FORMAL[language]:
        assert formal not in page
