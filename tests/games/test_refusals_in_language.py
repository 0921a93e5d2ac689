"""Refusals and the last English sentences said in the reader's language (issue 36).

Each refusal the models raise is a code and its values (games.models.exceptions.REFUSALS):
English in the engine's tests and logs, the reader's language on the page, whoever raised it.
Expected words are the catalogs' (locale/*/django.po), checked by hand against the glossary.
"""

import re
import string
from datetime import date

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games.models import REFUSALS, DeclareError, HandConflict, League, refusal
from games.stats import Span
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]
BEN, CAT = 1, 2


def in_language(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def sample_values(code):
    fields = {name for _text, name, _spec, _conv in string.Formatter().parse(REFUSALS[code].msgid) if name}
    return dict.fromkeys(fields, 7)


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_refusal_is_said_in_every_language_with_its_values(code):
    values = sample_values(code)
    english = refusal(code, **values)
    # A sentence with words of its own ("{problem}: “{name}”" has none but its quotes).
    worded = re.search(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", REFUSALS[code].msgid))
    for language in TRANSLATED:
        with translation.override(language):
            said = str(refusal(code, **values))
        assert said != str(english) or not worded, (code, language)
        assert said.count("7") == str(english).count("7"), (code, language, said)


def test_a_refusal_keeps_its_code_and_values_and_english_for_the_logs():
    conflict = HandConflict("hand-early", 5, next=3)
    assert (conflict.code, conflict.values, conflict.number) == ("hand-early", {"number": 5, "next": 3}, 5)
    assert conflict.message == "Hand 5 can't be entered yet: hand 3 is next"
    with translation.override("de"):
        assert str(conflict) == "Runde 5 kann noch nicht eingetragen werden: erst kommt Runde 3"
    # Raised in a German request, read in a French one: the message is said when it is shown.
    with translation.override("de"):
        error = DeclareError("already-null")
    with translation.override("fr"):
        assert str(error) == "Cette partie est déjà nulle"


def test_numbers_in_a_refusal_are_grouped_as_the_language_groups_them():
    league = League(name="Club")
    assert league.too_many_games() == "Club has 20,000 games, the most a league can hold: start a new league"
    with translation.override("de"):
        assert str(league.too_many_games()) == (
            "Club hat 20.000 Partien, das Maximum einer Liga: fang eine neue Liga an"
        )


def test_a_german_409_says_in_german_that_someone_else_recorded_the_hand(scorer, league):
    game = make_game(league)
    in_language(scorer, "de")
    hand = {"number": "1", "action": "cards", "queen": str(CAT)}
    hand.update({f"hearts_{seat}": str(count) for seat, count in enumerate([3, 0, 10, 0])})
    assert scorer.post(reverse("games:hand-new", args=[game.pk]), hand).status_code in (200, 302)
    response = scorer.post(reverse("games:hand-new", args=[game.pk]), hand, headers=HTMX)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Runde 1 wurde gerade von jemand anderem eingetragen" in page
    assert "someone else" not in page


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("nl", "Een partij kan ongeldig of gestaakt worden verklaard"),
        ("de", "Eine Partie kann für ungültig oder abgebrochen erklärt werden"),
        ("fr", "Une partie peut être déclarée nulle ou abandonnée"),
        ("es", "Una partida se puede declarar nula o abandonada"),
    ],
)
def test_the_declare_page_refuses_an_unknown_status_in_the_readers_language(scorer, league, language, says):
    game = make_game(league)
    in_language(scorer, language)
    response = scorer.get(reverse("games:game-declare", args=[game.pk]), {"status": "won"})
    assert response.status_code == 400
    assert says in response.content.decode()


@pytest.mark.parametrize(
    ("language", "add", "subtract"),
    [("nl", "Optellen:", "Aftrekken:"), ("de", "Addieren:", "Abziehen:"), ("fr", "Ajouter\u00a0:", "Soustraire\u00a0:"),
     ("es", "Sumar:", "Restar:")],
)  # fmt: skip
def test_the_moon_buttons_name_add_and_subtract_in_the_readers_language(scorer, league, language, add, subtract):
    game = make_game(league)
    in_language(scorer, language)
    data = {"number": "1", "queen": str(CAT), **{f"hearts_{seat}": str(n) for seat, n in enumerate([0, 0, 13, 0])}}
    page = scorer.post(reverse("games:hand-preview", args=[game.pk]), data, headers=HTMX).content.decode()
    assert f"<strong>{add}</strong>" in page
    assert f"<strong>{subtract}</strong>" in page
    assert "<strong>Add:</strong>" not in page


@pytest.mark.parametrize(
    ("language", "every_date", "dated", "rating"),
    [
        ("nl", "Alle varianten, alle datums", "Alle varianten, partijen gespeeld van 1 mrt. 2025 tot en met 31 mei 2025",
         "Ratings gaan over elke meetellende partij"),
        ("de", "Alle Varianten, alle Daten", "Alle Varianten, Partien gespielt vom 1. März 2025 bis 31. Mai 2025",
         "Spielstärken über jede gezählte Partie"),
        ("fr", "Toutes les variantes, toutes les dates",
         "Toutes les variantes, parties jouées du 1 mars 2025 au 31 mai 2025", "Les cotes portent sur toutes"),
        ("es", "Todas las variantes, todas las fechas",
         "Todas las variantes, partidas jugadas del 1 mar 2025 al 31 may 2025", "Las valoraciones son sobre cada"),
    ],
)  # fmt: skip
def test_the_standings_sentence_and_its_dated_forms_are_in_the_readers_language(language, every_date, dated, rating):
    with translation.override(language):
        assert Span().label == every_date
        assert Span().rating_label.startswith(rating)
        assert Span("", date(2025, 3, 1), date(2025, 5, 31)).label.lower() == dated.lower()


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("nl", "geen geldige JSON op regel 1, kolom 2"),
        ("de", "kein gültiges JSON in Zeile 1, Spalte 2"),
        ("fr", "JSON invalide à la ligne 1, colonne 2"),
        ("es", "JSON no válido en la línea 1, columna 2"),
    ],
)
def test_a_scoresheet_that_is_not_json_is_refused_in_the_readers_words(scorer, league, language, says):
    in_language(scorer, language)
    url = reverse("games:game-import", args=[league.pk])
    response = scorer.post(url, {"text": "{not json"})
    assert response.status_code == 422
    page = response.content.decode()
    assert says in page
    assert "Expecting" not in page


def test_the_offline_queues_conflict_is_said_in_the_readers_language(scorer, league, user):
    """A JSON answer carries the said sentence: a Message in JSON would be its English value."""
    from rules import HandEntry

    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user, key="other-phone")
    in_language(scorer, "de")
    hand = {"number": "1", "action": "cards", "queen": str(CAT), "key": "q1"}
    hand.update({f"hearts_{seat}": str(count) for seat, count in enumerate([4, 0, 9, 0])})
    answer = scorer.post(reverse("games:hand-new", args=[game.pk]), hand, headers={"Accept": "application/json"})
    assert answer.status_code == 409
    assert answer.json()["message"] == "Runde 1 wurde gerade von jemand anderem eingetragen"
