"""Every word of the league's, members', seasons', history's and account pages goes through gettext.

Each page is read in the pseudo-language of tests/pseudo_language.py, where
every translated string comes back as ⟦…⟧: a visible text (or title, aria-label,
placeholder, alt) with letters outside ⟦…⟧ is a string nobody marked. What may
stay as it is: the fixture's own names (tests/ops/conftest.py's table), the
app's name, the engine's variant names (rules/, marked by the engine's own
work), the time zones' names and each language's name in itself.
"""

import zoneinfo

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language_info

from rules import VARIANTS
from tests.ops.conftest import IMAGE, SCRIPT
from tests.ops.routes import ROUTES
from tests.pseudo_language import is_marked, pseudo_language, unmarked, unmarked_text, visible_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("table_made_once")]

# The table's names (tests/ops/conftest.py), usernames and its leagues', seasons', nights', series' and presets' names.
NAMES = [SCRIPT, IMAGE, "Cat", "Dan", "Spare", "Twin", "Ida", "Jo", "Friday", "This year", "Thursday",
         "Another house", "Old house", "organizer", "viewer", "scorer", "outsider", f"Autumn {IMAGE}"]  # fmt: skip
DATA = [
    *NAMES,
    "Scorekeeper",
    # The engine's names and one-line summaries of its variants: rules/variants.py, marked by the engine's work.
    *(text for variant in VARIANTS.values() for text in (variant.name, variant.short_name, variant.summary)),
    # Each language named in itself (the league's language setting).
    *(get_language_info(code)["name_local"].capitalize() for code, _name in settings.LANGUAGES),
    *(zone.replace("_", " ") for zone in zoneinfo.available_timezones()),
]

# The pages whose templates, forms and messages are this work's (issue 25, "i18n-pages").
PAGES = [
    "home", "signup", "league-new", "league-detail", "league-edit", "league-delete", "player-edit",
    "player-delete", "player-merge", "game-declare", "game-day", "game-share", "game-join", "hand-delete",
    "league-seasons", "season-edit", "season-delete", "game-scoresheet", "public-scoresheet", "league-import",
    "game-delete", "league-trash", "league-activity", "league-members", "member-remove", "account-email",
    "invite-accept", "night-new", "night-detail", "night-cards", "night-sheet", "night-delete", "night-screen",
    "public-night", "announcement-new", "answer-link",
]  # fmt: skip
# Strings on those pages that other parts of issue 25 mark (i18n-engine: games/forms/table.py's game
# forms). Each stays listed only until its owner's branch is merged: then the test holds them too.
ELSEWHERE = {
    "game-day": ["Played on"],
}


def reader_of(route) -> str:
    """The visitor who may read the page, as tests/ops/test_languages.py picks them."""
    role = "public" if route.token else "organizer"
    if route.get.get(role) == 200:
        return role
    return next(role for role in ("scorer", "viewer", "outsider", "anonymous") if route.get.get(role) == 200)


def test_the_pseudo_language_marks_what_gettext_returns_and_nothing_else():
    from django.utils.translation import gettext, ngettext, pgettext

    with pseudo_language():
        assert gettext("Log in") == "⟦Log in⟧"
        assert ngettext("%(n)d game", "%(n)d games", 2) % {"n": 2} == "⟦2 games⟧"
        assert pgettext("colour mode", "Light") == "⟦Light⟧"
        assert translation.get_language() == "en"
    # Outside it, English as before.
    assert gettext("Log in") == "Log in"
    html = (
        '<p title="⟦Hi⟧">⟦Delete<span> Ann</span>⟧ Ann</p><script>var x = "word";</script><b lang="nl">Nederlands</b>'
    )
    assert visible_text(html) == ["⟦Hi⟧", "⟦Delete", "Ann", "⟧ Ann"]
    assert unmarked_text(html, ["Ann"]) == []
    assert unmarked_text(html) == ["⟧ Ann"]
    assert unmarked_text("<p>Totals</p><p>⟦Totals⟧ https://example.com/x</p>") == ["Totals"]
    assert unmarked("Game 3 ⟦of⟧ 2♣ 12") == "Game 3   2♣ 12"
    assert unmarked("3 · 2♣ ⟦Round 1⟧") == ""


@pytest.mark.parametrize("name", PAGES)
def test_every_word_of_the_page_is_marked(table, name):
    route = next(route for route in ROUTES if route.name == name)
    role = reader_of(route)
    with pseudo_language():
        response = table.client(role).get(route.url(table, role), route.query(table))
        assert response.status_code == 200
        page = response.content.decode()
    assert "⟦" in page  # the pseudo-language was on
    assert unmarked_text(page, [*DATA, *ELSEWHERE.get(name, [])]) == []


@pytest.mark.parametrize(
    ("url", "signed_in"),
    [("login", False), ("password_change", True), ("password_change_done", True)],
)
def test_every_word_of_the_account_pages_is_marked(table, url, signed_in):
    client = table.client("organizer" if signed_in else "anonymous")
    with pseudo_language():
        response = client.get(reverse(url))
        page = response.content.decode()
    assert response.status_code == 200
    assert unmarked_text(page, DATA) == []


def test_the_landing_page_and_a_refusal_are_marked(table):
    with pseudo_language():
        landing = table.client("anonymous").get(reverse("games:home")).content.decode()
        refused = table.client("viewer").get(reverse("games:league-edit", args=[table.league.pk]))
    assert unmarked_text(landing, DATA) == []
    assert refused.status_code == 403
    assert unmarked_text(refused.content.decode(), DATA) == []


def test_the_messages_after_an_action_are_marked(table):
    client = table.client("organizer")
    with pseudo_language():
        response = client.post(reverse("games:player-new", args=[table.league.pk]), {"name": "Newton"}, follow=True)
        page = response.content.decode()
    assert '<div class="alert alert-success py-2" role="status">⟦Newton joined' in page
    assert unmarked_text(page, [*DATA, "Newton"]) == []


def test_the_forms_refusals_are_marked(table):
    from games.forms import LeagueDeleteForm, SeasonForm

    with pseudo_language():
        form = LeagueDeleteForm({"name": "Wrong"}, league=table.league)
        assert not form.is_valid()
        assert is_marked(form.errors["name"][0])
        season = SeasonForm({"name": "x", "first_day": "2025-02-01", "last_day": "2025-01-01"}, league=table.league)
        assert not season.is_valid()
        assert all(is_marked(error) for errors in season.errors.values() for error in errors)


def test_the_charts_speak_through_gettext():
    from datetime import date

    from games.charts import games_per_month_chart, league_ratings_chart

    with pseudo_language():
        months = games_per_month_chart([(date(2025, 1, 1), 4), (date(2025, 3, 1), 2)])
        ratings = league_ratings_chart([("Ann", [(date(2025, 1, 5), 4.0)])], date(2025, 6, 1))
    for chart in (months, ratings):
        for text in (chart.title, chart.description, chart.summary, chart.x_title, chart.y_title):
            assert is_marked(text), text
    # The month's name comes from Django's catalogs too (⟦Jan.⟧ is the abbreviation's own string).
    assert unmarked(months.summary, []) == ""
