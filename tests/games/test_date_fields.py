"""Every date field shows its day and saves it unchanged, in every language (issue 36).

A date input reads and sends ISO days (2025-03-08) whatever the page's language;
Django's DateInput wrote the language's own format (08-03-2025, 08.03.2025,
08/03/2025), which the browser's date picker shows as an empty field.
"""

import re
from datetime import date

import pytest
from django.conf import settings
from django.http import QueryDict
from django.urls import reverse
from django.utils import translation

from games.forms import GameDayForm, GameForm, SeasonForm, StandingsForm
from games.models import Season
from tests.factories import make_game

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]
DAY = date(2025, 3, 8)


def value_of(html: str, name: str) -> str:
    """The value attribute of the input named `name` (empty when it has none)."""
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert tag is not None, f"no input named {name}"
    assert 'type="date"' in tag.group(0)
    value = re.search(r'value="([^"]*)"', tag.group(0))
    return value.group(1) if value else ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_games_day_is_today_in_iso_form_in_every_language(league, language):
    """A refresh (a seat added) posts the day back as the picker sent it, in ISO form."""
    with translation.override(language):
        form = GameForm.blank(league)
        assert value_of(str(form["played_on"]), "played_on") == league.today().isoformat()
        assert form["played_on"].field.widget.attrs["class"] == "form-control"
        refreshed = GameForm.refreshed(league, QueryDict("variant=standard&played_on=2025-03-08&add_seat=1"))
        assert value_of(str(refreshed["played_on"]), "played_on") == "2025-03-08"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_day_form_shows_its_day_and_takes_it_back(league, language):
    with translation.override(language):
        shown = value_of(str(GameDayForm(initial={"played_on": DAY}, league=league)["played_on"]), "played_on")
        assert shown == "2025-03-08"
        form = GameDayForm({"played_on": shown}, league=league)
        assert form.is_valid(), form.errors
        assert form.cleaned_data["played_on"] == DAY


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_season_form_shows_its_days_and_takes_them_back(league, language):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    with translation.override(language):
        form = SeasonForm(instance=season, league=league)
        first, last = value_of(str(form["first_day"]), "first_day"), value_of(str(form["last_day"]), "last_day")
        assert (first, last) == ("2025-03-01", "2025-05-31")
        bound = SeasonForm(
            {"name": "Spring 2025", "first_day": first, "last_day": last}, instance=season, league=league
        )
        assert bound.is_valid(), bound.errors
        assert (bound.cleaned_data["first_day"], bound.cleaned_data["last_day"]) == (
            date(2025, 3, 1),
            date(2025, 5, 31),
        )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_seasons_proposed_days_are_in_iso_form(league, language):
    year = league.today().year
    with translation.override(language):
        form = SeasonForm(league=league)
        assert value_of(str(form["first_day"]), "first_day") == f"{year}-01-01"
        assert value_of(str(form["last_day"]), "last_day") == f"{year}-12-31"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_standings_span_shows_the_days_it_was_given(language):
    with translation.override(language):
        form = StandingsForm({"since": "2025-03-01", "until": "2025-05-31"})
        assert form.is_valid(), form.errors
        assert value_of(str(form["since"]), "since") == "2025-03-01"
        assert value_of(str(form["until"]), "until") == "2025-05-31"


@pytest.mark.parametrize(
    ("language", "typed"),
    [("nl", "08-03-2025"), ("de", "08.03.2025"), ("fr", "08/03/2025"), ("es", "08/03/2025")],
)
def test_a_day_typed_the_local_way_is_still_read(league, language, typed):
    """A browser without a date picker shows a text box: its reader types the day as they write it."""
    with translation.override(language):
        form = GameDayForm({"played_on": typed}, league=league)
        assert form.is_valid(), form.errors
        assert form.cleaned_data["played_on"] == DAY


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_day_page_saved_unchanged_keeps_the_day_in_every_language(scorer, league, language):
    game = make_game(league, played_on=DAY)
    url = reverse("games:game-day", args=[game.pk])
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    shown = value_of(scorer.get(url).content.decode(), "played_on")
    assert shown == "2025-03-08"
    response = scorer.post(url, {"played_on": shown})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.played_on == DAY


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_season_page_saved_unchanged_keeps_its_days_in_every_language(scorer, league, language):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    url = reverse("games:season-edit", args=[league.pk, season.pk])
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = scorer.get(url).content.decode()
    posted = {"name": "Spring 2025", "first_day": value_of(page, "first_day"), "last_day": value_of(page, "last_day")}
    assert scorer.post(url, posted).status_code == 302
    season.refresh_from_db()
    assert (season.first_day, season.last_day) == (date(2025, 3, 1), date(2025, 5, 31))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_game_page_shows_today_in_every_language(scorer, league, language):
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = scorer.get(reverse("games:game-new", args=[league.pk])).content.decode()
    assert value_of(page, "played_on") == league.today().isoformat()
