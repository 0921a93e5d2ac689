"""Dates, times, percentages and decimals as each language writes them (issue 36), on a page, a
print and the club's screen; CSV files keep the spreadsheets' way. Every expected string is
written by hand from how each language writes it, not read from the code."""

import re
from datetime import UTC, date, datetime, time

import pytest
from django.urls import reverse
from django.utils import formats, translation

from games.models import League, Night, Player
from games.rounding import percent
from games.views.night_screen import screen_token
from rules import HandEntry
from tests.games.league_seed import played

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"
NNBSP = "\N{NARROW NO-BREAK SPACE}"

# One hand to 13: 10 hearts to seat 0, the Q♠ to seat 1, 3 hearts to seat 2; seat 3 wins on 0.
ONE_HAND = HandEntry.cards([10, 0, 3, 0], 1)

# language: (1 Dec 2025, 31 May 2024, 30 Jun 2024, 30 Jul 2024)
SHORT_DAYS = {
    "en": ("1 Dec 2025", "31 May 2024", "30 Jun 2024", "30 Jul 2024"),
    "nl": ("1 dec. 2025", "31 mei 2024", "30 jun. 2024", "30 jul. 2024"),
    "de": ("1. Dez. 2025", "31. Mai 2024", "30. Juni 2024", "30. Juli 2024"),
    "fr": ("1 déc. 2025", "31 mai 2024", "30 juin 2024", "30 juil. 2024"),
    "es": ("1 dic 2025", "31 may 2024", "30 jun 2024", "30 jul 2024"),
}
WEEKDAY_DAYS = {
    "en": "Monday 1 December 2025",
    "nl": "maandag 1 december 2025",
    "de": "Montag, 1. Dezember 2025",
    "fr": "lundi 1 décembre 2025",
    "es": "lunes, 1 de diciembre de 2025",
}
# The hand's moment, 1 Dec 2025 at 20:05 (UTC, the test's time zone).
DAY_AND_TIME = {
    "en": "1 Dec 2025, 20:05",
    "nl": "1 dec. 2025, 20:05",
    "de": "1. Dez. 2025, 20:05",
    "fr": "1 déc. 2025, 20:05",
    "es": "1 dic 2025, 20:05",
}
# Two games won of three: 67 per cent; with the sign where the language puts it.
TWO_OF_THREE = {"en": "67%", "nl": "67%", "de": "67%", "fr": f"67{NNBSP}%", "es": f"67{NBSP}%"}
POINT = {"en": ".", "nl": ",", "de": ",", "fr": ",", "es": ","}
# "Club night of 1 Dec 2025" in each catalog's words.
NIGHT_TITLE = {
    "en": "Club night of 1 Dec 2025",
    "nl": "Clubavond van 1 dec. 2025",
    "de": "Clubabend vom 1. Dez. 2025",
    "fr": "Soirée du club du 1 déc. 2025",
    "es": "Velada del club del 1 dic 2025",
}
LANGUAGES = list(SHORT_DAYS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_writes_a_day_its_own_way(language):
    days = [date(2025, 12, 1), date(2024, 5, 31), date(2024, 6, 30), date(2024, 7, 30)]
    with translation.override(language):
        assert tuple(formats.date_format(day) for day in days) == SHORT_DAYS[language]
        assert formats.date_format(date(2025, 12, 1), "WEEKDAY_DATE_FORMAT") == WEEKDAY_DAYS[language]
        assert formats.date_format(datetime(2025, 12, 1, 20, 5), "DATETIME_FORMAT") == DAY_AND_TIME[language]
        assert formats.time_format(time(9, 5)) == "09:05"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_percentage_takes_its_sign_as_the_language_writes_it(language):
    with translation.override(language):
        assert percent(200 / 3) == TWO_OF_THREE[language]
        assert percent(None) == "–"


@pytest.fixture
def three_games(league):
    """Ann, in three games of one hand each: 10 points in the first (1 Dec 2025), then two wins."""
    League.objects.filter(pk=league.pk).update(min_games=1)
    day = datetime(2025, 12, 1, 20, tzinfo=UTC)
    played(league, "standard", [ONE_HAND], day, {"target": 13})
    for later in (2, 3):
        played(league, "standard", [ONE_HAND], day.replace(day=later), {"target": 13}, ["Dan", "Ben", "Cat", "Ann"])
    return Player.objects.get(league=league, name="Ann")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_page_writes_the_day_the_percentage_and_the_average_in_the_readers_language(
    scorer, league, three_games, language
):
    url = reverse("games:player-detail", args=[league.pk, three_games.pk])
    page = scorer.get(url, headers={"Accept-Language": language}).content.decode()
    assert f"({TWO_OF_THREE[language]})" in page
    # Her average: 10 points over three games.
    assert f"<dd>3{POINT[language]}3</dd>" in page
    # Her worst game is the first.
    assert re.search(rf">\w+ 1, {re.escape(SHORT_DAYS[language][0])}</a>", page), language


@pytest.fixture
def night(league, user):
    """A night of four on 1 Dec 2025, unnamed, its one round played: one hand to 13."""
    seated = [Player.objects.get_or_create(league=league, name=name)[0] for name in ["Ann", "Ben", "Cat", "Dan"]]
    night = Night.begin(league, seated, "standard", {"target": 13}, 1, date(2025, 12, 1), name="", seed=1)
    night.start_round(1, user)
    night.round_set.get(number=1).tables.get().game.record_hand(1, ONE_HAND, user)
    night.end_round(1, user)
    return night


def standings_cells(page):
    return re.findall(r"<td>(-?\d+[.,]\d\d)</td><td>(-?\d+[.,]\d)</td>", page)


# Each place's points and margin: the table's mean total is 6.5.
STANDINGS = [("1.00", "6.5"), ("0.67", "3.5"), ("0.33", "-3.5"), ("0.00", "-6.5")]


def in_language(pairs, language):
    return [(points.replace(".", POINT[language]), margin.replace(".", POINT[language])) for points, margin in pairs]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_clubs_screen_writes_the_nights_day_and_points_in_its_language(client, night, language):
    page = client.get(
        reverse("games:night-screen", args=[screen_token(night)]), headers={"Accept-Language": language}
    ).content.decode()
    assert f'<h1 class="night-screen-title">{NIGHT_TITLE[language]}</h1>' in page
    assert "2025-12-01" not in page.split("<body", 1)[1]
    assert standings_cells(page) == in_language(STANDINGS, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_printed_night_sheet_writes_the_nights_day_and_points_in_its_language(scorer, night, language):
    page = scorer.get(
        reverse("games:night-sheet", args=[night.pk]), headers={"Accept-Language": language}
    ).content.decode()
    assert f">{NIGHT_TITLE[language]} · " in page
    assert standings_cells(page) == in_language(STANDINGS, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_games_printed_cheat_sheet_says_the_day_it_was_played_in_its_language(scorer, league, language):
    game = played(league, "standard", [], datetime(2025, 12, 1, 20, tzinfo=UTC))
    page = scorer.get(
        reverse("games:game-rules", args=[game.pk]), headers={"Accept-Language": language}
    ).content.decode()
    assert f" {SHORT_DAYS[language][0]}." in page


def test_the_spreadsheets_keep_iso_days_and_the_point(scorer, league, three_games):
    response = scorer.get(reverse("games:league-export-games", args=[league.pk]), headers={"Accept-Language": "de"})
    text = b"".join(response.streaming_content).decode() if response.streaming else response.content.decode()
    assert "2025-12-01" in text
    assert "Dez" not in text
