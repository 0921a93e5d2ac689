"""A new scorer's first minutes on a phone: sign up, name a league, add the table.

Each screen is checked by axe and photographed (tests/browser/conftest.py).
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.models import League, Membership, Player
from rules import HandEntry
from tests.browser.conftest import field, overflows_phone, small_targets
from tests.factories import PASSWORD, MembershipFactory, PlayerFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]


def test_signing_up_creating_a_league_and_adding_players(page: Page, live_server, screen, csp_violations):
    page.goto(live_server.url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Keep score at the Hearts table")
    screen(page, "landing")

    page.get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Sign up")
    screen(page, "signup")
    field(page, "Username").fill("ann")
    field(page, "Password").fill("queen-of-spades-13")
    field(page, "Password again").fill("queen-of-spades-14")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("The two password fields didn’t match.")).to_be_visible()
    screen(page, "signup-error")
    field(page, "Password").fill("queen-of-spades-13")
    field(page, "Password again").fill("queen-of-spades-13")
    page.get_by_role("button", name="Sign up").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("New league")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("ann")
    screen(page, "league-new")
    field(page, "League name").fill("Thursday night")
    page.get_by_role("button", name="Create league").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Thursday night")
    start = page.get_by_role("link", name="Start a game")
    expect(start).to_have_attribute("href", re.compile(r"/leagues/\d+/games/new/$"))
    screen(page, "league-empty")

    # With htmx the players region is swapped in place and the field keeps the focus.
    name = field(page, "Add a player")
    for player in ["Ann", "Ben", "Cat", "Dan"]:
        name.fill(player)
        name.press("Enter")
        expect(page.locator("#players li").last).to_contain_text(player)
        expect(page.get_by_role("status")).to_have_text(f"{player} joined Thursday night.")
        expect(field(page, "Add a player")).to_be_focused()
        expect(field(page, "Add a player")).to_have_value("")
    screen(page, "league-players")

    name.fill("ann")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.get_by_text("Ann is already a player in Thursday night. Pick another name.")).to_be_visible()
    expect(field(page, "Add a player")).to_have_attribute("aria-invalid", "true")
    screen(page, "league-player-duplicate")

    league = League.objects.get()
    assert sorted(league.players.values_list("name", flat=True)) == ["Ann", "Ben", "Cat", "Dan"]
    assert league.memberships.get().role == Membership.Role.ORGANIZER
    # Every page so far was one page load per screen, not a reload per player.
    assert csp_violations == []


def test_a_name_sent_the_moment_the_players_swap_in_is_added_in_place(phone: Page, live_server, league):
    # A quick Enter just after the list swaps in must go through htmx, not
    # reload the page: the new form is live as soon as it is on the page.
    phone.goto(live_server.url + league.get_absolute_url())
    phone.evaluate("window.samePage = true")
    name = field(phone, "Add a player")
    name.fill("Ann")
    phone.evaluate(
        """() => document.body.addEventListener("htmx:afterSwap", () => setTimeout(() => {
            const input = document.querySelector("#players input[name=name]");
            if (input.value) return;
            input.value = "Ben";
            input.form.requestSubmit();
        }, 0), {once: true})"""
    )
    name.press("Enter")

    expect(phone.locator("#players li")).to_have_count(2)
    expect(phone.get_by_role("status")).to_have_text("Ben joined " + league.name + ".")
    assert phone.evaluate("window.samePage") is True
    expect(field(phone, "Add a player")).to_be_focused()
    assert sorted(league.players.values_list("name", flat=True)) == ["Ann", "Ben"]


def test_logging_in_continuing_a_game_and_logging_out(page: Page, live_server, user, league, screen, csp_violations):
    game = make_game(league, "ricketts")
    page.goto(f"{live_server.url}{league.get_absolute_url()}")
    # Asked to log in first, then brought back to the league.
    expect(page.get_by_role("heading", level=1)).to_have_text("Log in")
    screen(page, "login")
    field(page, "Username").fill(user.username)
    field(page, "Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Please enter a correct username and password")).to_be_visible()
    screen(page, "login-error")
    field(page, "Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(league.name)

    page.get_by_role("link", name="Scorekeeper", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your leagues")
    continue_name = re.compile(r"^Continue the Ricketts House Hearts game with Ann, Ben, Cat, Dan")
    continue_link = page.get_by_role("link", name=continue_name)
    expect(continue_link).to_have_attribute("href", f"/games/{game.pk}/")
    screen(page, "home")

    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Keep score at the Hearts table")
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()
    assert csp_violations == []


def test_renaming_a_player_and_linking_a_member(phone: Page, live_server, user, league, screen):
    PlayerFactory(league=league, name="Ann")
    bea = MembershipFactory(league=league, role=Membership.Role.SCORER).user
    phone.goto(f"{live_server.url}{league.get_absolute_url()}")
    phone.get_by_role("link", name="Edit Ann").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Edit Ann")
    screen(phone, "player-edit")
    field(phone, "Player's name").fill("Annie")
    field(phone, "Member's account").select_option(label=bea.username)
    phone.get_by_role("button", name="Save").click()
    expect(phone.get_by_role("status")).to_have_text("Ann is now Annie, in every game.")
    expect(phone.locator("#players li")).to_have_text(re.compile(rf"Annie\s+\({bea.username}\)"))
    assert Player.objects.get(league=league).user == bea


def test_adding_a_player_works_without_javascript(new_phone, live_server, user, league):
    phone = new_phone(user, java_script_enabled=False)
    phone.goto(f"{live_server.url}{league.get_absolute_url()}")
    field(phone, "Add a player").fill("Ann")
    phone.get_by_role("button", name="Add", exact=True).click()
    expect(phone.get_by_role("status")).to_have_text(f"Ann joined {league.name}.")
    expect(phone.locator("#players li .grow")).to_have_text("Ann")
    field(phone, "Add a player").fill("ANN")
    phone.get_by_role("button", name="Add", exact=True).click()
    expect(phone.get_by_text(f"Ann is already a player in {league.name}.")).to_be_visible()
    assert list(league.players.values_list("name", flat=True)) == ["Ann"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_fits_a_phone_with_thumb_sized_targets(new_phone, live_server, user, league, screen, scheme):
    game = make_game(league, "omnibus")
    # Ann 3 hearts, Cat 10, Ben the Q♠, Dan the J♦: a game page with a hand on it.
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1, 3), user)
    anonymous = new_phone(None, color_scheme=scheme)
    member = new_phone(user, color_scheme=scheme)
    player = league.players.first()
    screens = [
        (anonymous, "/", "landing"),
        (anonymous, "/accounts/login/", "login"),
        (anonymous, "/accounts/signup/", "signup"),
        (member, "/", "home"),
        (member, league.get_absolute_url(), "league"),
        (member, "/leagues/new/", "league-new"),
        (member, f"/leagues/{league.pk}/players/{player.pk}/edit/", "player-edit"),
        (member, "/accounts/password_change/", "password-change"),
        (member, reverse("games:game-new", args=[league.pk]), "game-new"),
        (member, game.get_absolute_url(), "game"),
        (member, reverse("games:hand-new", args=[game.pk]), "hand-form"),
        (member, reverse("games:hand-edit", args=[game.pk, 1]), "hand-edit"),
    ]
    for phone, path, name in screens:
        phone.goto(f"{live_server.url}{path}")
        expect(phone.locator("html")).to_have_attribute("data-bs-theme", scheme)
        assert small_targets(phone) == [], name
        assert not overflows_phone(phone), f"{name} scrolls sideways at 360px"
        screen(phone, f"{name}-{scheme}")
