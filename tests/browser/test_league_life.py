"""A league's life on a 360x740 phone: filtering a player's page, merging two names
of one person, and the standings on one sheet of paper."""

import io
from datetime import UTC, datetime

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.models import Player
from tests.browser.conftest import overflows_phone, small_targets
from tests.games.league_seed import MOON_AND_QUEEN, hand_worked_league, played, seed_league

pytestmark = [pytest.mark.browser, pytest.mark.both_databases]


@pytest.fixture
def history(transactional_db, league, user):
    games = hand_worked_league(league, user)
    # Eve, the name Ann went by once: Ben's moon, then 5 hearts and the Q♠ for Eve. Ben wins.
    games["eve"] = played(league, "standard", MOON_AND_QUEEN, datetime(2025, 3, 7, 20, tzinfo=UTC), {"target": 30},
                          players=["Eve", "Ben", "Cat", "Dan"], user=user)  # fmt: skip
    return games


def test_filtering_a_players_page_by_variant_swaps_the_figures(phone, live_server, league, history, screen,
                                                                csp_violations):  # fmt: skip
    ann = league.players.get(name="Ann")
    phone.goto(live_server.url + reverse("games:player-detail", args=[league.pk, ann.pk]))
    assert phone.get_by_text("Win streak").is_visible()
    phone.get_by_label("Variant", exact=True).select_option("ricketts")
    phone.get_by_role("button", name="Show").click()
    phone.wait_for_url("**variant=ricketts**")
    phone.get_by_text("Ricketts House Hearts, every date").wait_for()
    # Only game 2, won on 69: one game, one win.
    assert phone.locator(".player-stats dt:text-is('Games') + dd").inner_text() == "1"
    assert phone.get_by_role("link", name="game 2, 2 Mar 2025").first.is_visible()
    screen(phone, "league-life-player-filtered")
    assert not overflows_phone(phone)
    assert csp_violations == []


def test_an_organizer_merges_two_names_of_one_person(phone, live_server, league, history, screen, csp_violations):
    phone.goto(live_server.url + reverse("games:league-detail", args=[league.pk]))
    phone.get_by_role("link", name="Edit Eve").click()
    phone.get_by_role("link", name="Merge Eve into another player…").click()
    phone.get_by_role("heading", name="Merge Eve into another player").wait_for()
    assert small_targets(phone) == []
    # A refusal swaps in the form with its reason.
    phone.get_by_label("Merge into").select_option(label="Ben")
    phone.get_by_role("button", name="Merge Eve").click()
    phone.get_by_text("Eve and Ben both played game 7: they are two people").wait_for()
    phone.get_by_label("Merge into").select_option(label="Ann")
    screen(phone, "league-life-merge")
    phone.get_by_role("button", name="Merge Eve").click()
    phone.wait_for_url(f"**{reverse('games:player-detail', args=[league.pk, league.players.get(name='Ann').pk])}")
    phone.get_by_text("Eve is merged into Ann: 1 game moved.").wait_for()
    assert phone.locator(".player-stats dt:text-is('Games') + dd").inner_text() == "4"
    assert not Player.objects.filter(league=league, name="Eve").exists()
    assert not overflows_phone(phone)
    assert csp_violations == []


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_thirty_players_standings_print_on_one_page_without_clipping(phone, live_server, league, user, paper,
                                                                     artifacts_dir):  # fmt: skip
    seed_league(league, games=200, players=30, seed=5)
    # The longest name a league allows, so that a clipped column would show.
    longest = Player.objects.get(league=league, name="Player 001")
    longest.name = "A" + "bcdefghij" * 4 + "kl"  # 39 letters, and no space to wrap at
    longest.save()
    phone.goto(live_server.url + reverse("games:league-standings", args=[league.pk]))
    phone.emulate_media(media="print")
    pdf = phone.pdf(format=paper)
    (artifacts_dir / f"standings-print-{paper}.pdf").write_bytes(pdf)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    # Every column is inside the page: laid out at the printable width of either paper
    # (about 700 CSS pixels inside the margins), the table is no wider than the page's body.
    phone.set_viewport_size({"width": 700, "height": 1000})
    widths = phone.evaluate(
        "[document.querySelector('table.standings').getBoundingClientRect().right,"
        " document.querySelector('main').getBoundingClientRect().right]"
    )
    assert widths[0] <= widths[1] + 0.5
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "Rating" in text
    assert "Wraps" in text
