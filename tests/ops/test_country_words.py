"""The words each country's table says, where the catalogs first chose others (issue 36; docs/GLOSSARY.md).

Read through the compiled catalogs, as a page reads them; each expected word checked by hand against the glossary.
"""

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from rules.i18n import _ as sentence


@pytest.mark.parametrize(
    ("language", "msgid", "says"),
    [
        ("nl", "Wins", "Gewonnen"),
        ("nl", "Scorer", "Schrijver"),
        ("nl", "When following", "Bij kleur bekennen"),
        ("nl", "the shooter loses the hand's points", "de maanschieter verliest de punten van het spel"),
        ("de", "Rating", "Spielstärke"),
        ("de", "Scoring", "Wertung"),
        ("de", "Passing", "Weitergeben"),
        ("de", "When following", "Beim Bedienen"),
        ("de", "(the clock says so: untick if not)", "(laut Uhr: Haken entfernen, falls nicht)"),
        ("de", "the shooter loses the hand's points", "der Mondschütze zieht sich die Punkte der Runde ab"),
        ("fr", "Viewer", "Spectateur"),
        ("fr", "Table cards", "Chevalets de table"),
        ("es", "Hold", "Sin pase"),
        ("es", "Save", "Guardar"),
        ("es", "Who revoked?", "¿Quién hizo renuncio?"),
        ("es", "Follow suit", "Asistir"),
        ("es", "Hearts taken", "Corazones que se llevó"),
    ],
)
def test_a_word_is_the_one_the_countrys_table_says(language, msgid, says):
    with translation.override(language):
        assert gettext(msgid) == says


def test_german_passes_with_weitergeben_not_schieben():
    with translation.override("de"):
        said = str(sentence("{dealer} deals, pass {direction}").format(dealer="Ann", direction="links"))
        plural = ngettext("Pass {cards} card to the left", "Pass {cards} cards to the left", 3)
    assert said == "Ann gibt, weitergeben: links"
    assert plural == "{cards} Karten nach links weitergeben"


@pytest.mark.django_db
def test_the_french_next_deal_puts_a_no_break_space_before_its_colon(scorer, league):
    from django.conf import settings

    from tests.factories import make_game

    game = make_game(league)
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = scorer.get(game.get_absolute_url()).content.decode()
    assert "</strong>\u00a0: Ann → Ben" in page
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "</strong>: Ann → Ben" in scorer.get(game.get_absolute_url()).content.decode()
