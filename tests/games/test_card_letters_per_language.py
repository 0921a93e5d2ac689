"""One card letter per language, on the screens, the prints and in what people type (issue 36).

The letters are the glossary's (docs/GLOSSARY.md, "Ranks as printed on the cards"): the Q♠ is V♠ in
Dutch, D♠ in German and French, Q♠ in Spanish (its French-suited decks print J, Q, K). Every expected
sentence below was written by hand from the catalogs' wording.
"""

from __future__ import annotations

import re

import pytest
from django import forms
from django.urls import reverse
from django.utils import translation

from games.forms.house_rules import CardPointsField, CardsField, HeartPointsField
from tests.factories import make_game
from tests.games.test_game_new_more_variants import errors_of, start, url

pytestmark = pytest.mark.django_db

QUEEN = {"nl": "V♠", "de": "D♠", "fr": "D♠", "es": "Q♠"}
HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize(("language", "queen"), QUEEN.items())
def test_the_hand_form_and_the_games_cheat_sheet_name_the_queen_with_one_letter(client, user, league, language, queen):
    game = make_game(league)
    client.force_login(user)
    headers = {"Accept-Language": language}
    page = client.get(reverse("games:hand-new", args=[game.pk]), headers=headers).content.decode()
    # The taker's row (its button's legend) and what the Record bar's question names (hand_form.js).
    assert f'data-single-card="Q♠" data-card-shown="{queen}"' in page
    legend = re.search(r'<fieldset class="hand-group card-taker"[^>]*>\s*<legend[^>]*>(.*?)</legend>', page, re.S)
    assert re.sub(r"<[^>]+>", "", legend[1]).count(queen) == 1
    sheet = client.get(reverse("games:game-rules", args=[game.pk]), headers=headers).content.decode()
    assert queen in sheet
    referee = client.get(reverse("games:game-referee", args=[game.pk]), headers=headers).content.decode()
    assert queen in referee
    if language != "es":
        for shown in (page, sheet, referee):
            assert not re.search(r">[^<]*Q♠", shown), "an English Q♠ among the words"


def test_french_says_the_queen_the_jack_and_the_ace_with_their_own_articles(client, user, league):
    """ "la carte D♠" is no French a table says: la D♠ (la dame), le V♦ (le valet), l'A♥ (l'as)."""
    game = make_game(league, "turbo")
    client.force_login(user)
    sheet = client.get(reverse("games:game-rules", args=[game.pk]), headers={"Accept-Language": "fr"})
    text = sheet.content.decode()
    assert "la carte" not in text
    assert "la D♠" in text


@pytest.mark.parametrize(
    ("language", "typed", "winner", "named"),
    [
        # Cancellation: the two kings cancel, the queen takes the trick.
        ("de", "Kp 7p Kp Dp 2h", 4, "D♠"),  # König, Pik, Dame
        ("nl", "Hs 7s Hs Vs 2h", 4, "V♠"),  # heer, schoppen, vrouw
        ("fr", "Rp 7p Rp Dp 2h", 4, "D♠"),  # roi, pique, dame
        ("es", "Kp 7p Kp Qp 2h", 4, "Q♠"),  # picas
    ],
)
def test_the_referee_reads_a_trick_typed_in_the_readers_letters(client, league, user, language, typed, winner, named):
    game = make_game(league, "cancellation", 5)
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/referee/", {"trick": typed}, headers={**HTMX, "Accept-Language": language})
    assert response.context_data["trick_ruling"].winner == winner
    assert named in response.content.decode()


@pytest.mark.parametrize(
    ("language", "typed", "refusal"),
    [
        ("de", "Xp", "„Xp“ ist keine Karte: Schreib sie als K♠ oder kp, 10♦ oder 10d"),
        ("nl", "Qx", "“Qx” is geen kaart: schrijf ze als H♠ of hs, 10♦ of 10r"),
        # A French c is cœur, carreau or the English clubs: never guessed.
        ("fr", "Dc", "«\u00a0Dc\u00a0» n'est pas une carte\u00a0: écrivez-les comme R♠ ou rp, 10♦ ou 10d"),
    ],
)
def test_the_referee_refuses_an_unknown_letter_naming_it_with_the_readers_hints(
    client, league, user, language, typed, refusal
):
    game = make_game(league, "cancellation", 5)
    client.force_login(user)
    response = client.get(
        f"/games/{game.pk}/referee/", {"trick": f"7s {typed} 2h"}, headers={**HTMX, "Accept-Language": language}
    )
    assert response.context_data["trick_form"].errors["trick"] == [refusal]


def test_the_tricks_example_is_written_in_the_readers_letters(client, league, user):
    game = make_game(league, "cancellation", 5)
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/referee/", headers={"Accept-Language": "nl"}).content.decode()
    assert "De uitkomst eerst, bijv. H♠ 7♠ H♠ V♠ 2♥ (of hs 7s hs vs 2h; een joker als joker)." in page


@pytest.mark.parametrize(
    ("language", "typed", "cards"),
    [
        ("de", "Bd, Dp", ["J♦", "Q♠"]),  # Bube, Karo as the English d; Dame, Pik
        ("nl", "Bk, Vr, Hh", ["J♣", "Q♦", "K♥"]),  # boer klaveren, vrouw ruiten, heer harten
        ("fr", "Vt Dp Rh", ["J♣", "Q♠", "K♥"]),  # valet trèfle, dame pique, roi (h: hearts)
        ("es", "Jt Qp", ["J♣", "Q♠"]),  # tréboles, picas
    ],
)
def test_a_card_box_reads_the_readers_letters(language, typed, cards):
    with translation.override(language):
        assert CardsField(required=False).clean(typed) == cards


def test_the_points_and_the_hearts_boxes_read_the_readers_letters():
    with translation.override("nl"):
        assert CardPointsField(required=False).clean("Hs 10, As 7") == {"K♠": 10, "A♠": 7}
        assert HeartPointsField(required=False).clean("V 13") == {"Q": 13}
    with translation.override("fr"):
        assert CardPointsField(required=False).clean("Rp 10") == {"K♠": 10}


@pytest.mark.parametrize(
    ("language", "typed", "refusal"),
    [
        ("de", "Zp", "Zp ist keine Karte: Schreib Rang und Farbe, etwa D♠ oder dp"),
        ("nl", "Vx", "Vx is geen kaart: schrijf een rang en een kleur, zoals V♠ of vs"),
        ("fr", "Dc", "Dc n'est pas une carte\u00a0: écrivez un rang et une couleur, comme D♠ ou dp"),
        ("es", "Qc", "Qc no es una carta: escribe un valor y un palo, como Q♠ o qp"),
    ],
)
def test_a_card_box_refuses_an_unknown_letter_naming_it(language, typed, refusal):
    with translation.override(language), pytest.raises(forms.ValidationError) as refused:
        CardsField(required=False).clean(f"2♣ {typed}")
    assert refused.value.messages == [refusal]


def test_the_new_game_form_takes_extra_cards_typed_in_german_letters(scorer, league):
    data = start("black_maria", seats=("Ann", "Ben", "Cat"), extra_cards="Kp 10, Ap 7")
    response = scorer.post(url(league), data, headers={"Accept-Language": "de"})
    assert response.status_code == 302
    assert league.games.get().options["extra_cards"] == {"K♠": 10, "A♠": 7}


def test_a_house_rules_refusal_in_german_names_the_options_by_their_german_labels(scorer, league):
    response = scorer.post(url(league), start(team_moon="player"), headers={"Accept-Language": "de"})
    with translation.override("de"):
        shown = [str(error) for error in errors_of(response, "team_moon")]
    assert shown == ["„Mond im Teamspiel“ braucht Partner („Partner“)"]
    for english in ("Option", "team_moon", "teams", "needs", "partners"):
        assert english not in shown[0]
    assert "„Mond im Teamspiel“ braucht Partner („Partner“)" in response.content.decode()
