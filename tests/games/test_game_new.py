"""Starting a game: variant and house rules, seats in order, the first dealer."""

from datetime import UTC, date, datetime
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, League, Membership, Player
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import STANDARD_RULES_FORM, LeagueFactory, MembershipFactory, PlayerFactory, make_game

pytestmark = pytest.mark.django_db


def url(league):
    return reverse("games:game-new", args=[league.pk])


def start(variant="standard", seats=("Ann", "Ben", "Cat", "Dan"), dealer="Ann", **options):
    data = {"variant": variant, "options_for": variant, "seat": list(seats), "first_dealer": dealer, "start": "1"}
    defaults = {
        "standard": STANDARD_RULES_FORM,
        "ricketts": {
            "target": "100",
            "end": "more_than",
            "moon": "ricketts",
            "ties": "play_on",
            "wraps": "104, 126",
            "sixty_nine": "on",
        },
    }[variant]
    return {**defaults, **data, **options}


def test_the_form_shows_the_presets_options_with_their_help(scorer, league):
    response = scorer.get(url(league), {"variant": "ricketts"})
    assert response.status_code == 200
    form = response.context_data["form"]
    assert form["target"].value() == 100
    assert form["moon"].value() == "ricketts"
    assert form["wraps"].value() == "104, 126"
    assert form["sixty_nine"].value() is True
    page = response.content.decode()
    assert "Five hands in a row at exactly 69 (or 69 hands at 5) wins outright." in page
    assert 'name="deal"' not in page


def test_an_unknown_variant_in_the_address_falls_back_to_standard(scorer, league):
    response = scorer.get(url(league), {"variant": "bridge"})
    assert response.status_code == 200
    assert response.context_data["form"].variant_key == "standard"


def test_changing_the_variant_with_htmx_swaps_in_its_defaults(scorer, league):
    data = start("standard")
    data.pop("start")
    data.update(variant="ricketts", refresh="variant")
    response = scorer.post(url(league), data, headers=HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<details id="options"')
    assert 'name="options_for" value="ricketts"' in page
    assert 'value="104, 126"' in page


def test_the_change_variant_button_reloads_the_page_with_the_new_defaults_and_keeps_the_seats(scorer, league):
    data = start("standard", target="50")
    data.pop("start")
    data.update(variant="ricketts", refresh="variant")
    response = scorer.post(url(league), data)
    assert response.status_code == 200
    form = response.context_data["form"]
    assert form["target"].value() == 100
    assert form.seat_names == ["Ann", "Ben", "Cat", "Dan"]
    assert Game.objects.count() == 0


def test_options_survive_a_refresh_when_the_variant_is_unchanged(scorer, league):
    data = start("standard", target="50")
    data.pop("start")
    data["add_player"] = "Eve"
    form = scorer.post(url(league), data).context_data["form"]
    assert form["target"].value() == "50"
    assert form.seat_names == ["Ann", "Ben", "Cat", "Dan", "Eve"]


class TestSeats:
    def refresh(self, scorer, league, headers=None, **action):
        data = start()
        data.pop("start")
        data.update(action)
        return scorer.post(url(league), data, headers=headers or {})

    def test_up_moves_a_player_one_seat_earlier(self, scorer, league):
        form = self.refresh(scorer, league, up="2").context_data["form"]
        assert form.seat_names == ["Ann", "Cat", "Ben", "Dan"]

    def test_down_moves_a_player_one_seat_later(self, scorer, league):
        form = self.refresh(scorer, league, down="0").context_data["form"]
        assert form.seat_names == ["Ben", "Ann", "Cat", "Dan"]

    def test_remove_takes_a_player_out(self, scorer, league):
        form = self.refresh(scorer, league, remove="3").context_data["form"]
        assert form.seat_names == ["Ann", "Ben", "Cat"]

    def test_htmx_gets_just_the_seats(self, scorer, league):
        response = self.refresh(scorer, league, headers=HTMX, up="1")
        page = response.content.decode()
        assert page.lstrip().startswith('<fieldset id="seats"')
        assert page.index('value="Ben"') < page.index('value="Ann"')

    def test_a_league_player_keeps_their_spelling(self, scorer, league):
        PlayerFactory(league=league, name="Eve")
        form = self.refresh(scorer, league, new_name="eve", add_new="1").context_data["form"]
        assert form.seat_names[-1] == "Eve"

    def test_a_player_cannot_take_two_seats(self, scorer, league):
        form = self.refresh(scorer, league, new_name="ann", add_new="1").context_data["form"]
        assert form.seat_names == ["Ann", "Ben", "Cat", "Dan"]
        assert form.notice == "ann already has a seat"

    def test_tampered_seat_moves_are_ignored(self, scorer, league):
        for action in ({"up": "x"}, {"down": "99"}, {"remove": "-1"}, {"up": "0"}):
            response = self.refresh(scorer, league, **action)
            assert response.status_code == 200
            assert response.context_data["form"].seat_names == ["Ann", "Ben", "Cat", "Dan"]


def test_starting_creates_the_game_and_new_players_and_redirects(scorer, league):
    PlayerFactory(league=league, name="Ann")
    response = scorer.post(url(league), start(dealer="Cat"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert response.url == game.get_absolute_url()
    assert [seat.player.name for seat in game.ordered_seats()] == ["Ann", "Ben", "Cat", "Dan"]
    assert game.first_dealer == 2
    assert game.options["target"] == 100
    assert Player.objects.filter(league=league).count() == 4


def test_house_rules_are_stored_in_full(scorer, league):
    scorer.post(url(league), start("ricketts", target="150", wraps="104, 126, 150"))
    options = Game.objects.get().options
    assert options["target"] == 150
    assert options["wraps"] == [104, 126, 150]
    assert options["sixty_nine"] is True
    assert options["warren"] is False


def test_a_random_first_dealer_is_one_of_the_players(scorer, league):
    scorer.post(url(league), start(dealer="random"))
    assert Game.objects.get().first_dealer in range(4)


def test_too_many_players_for_ricketts_is_shown_on_the_seats(scorer, league):
    response = scorer.post(url(league), start("ricketts", seats=("Ann", "Ben", "Cat", "Dan", "Eve")))
    assert response.status_code == 422
    assert response.context_data["form"].errors["seat"] == ["Ricketts House Hearts is played by 4 players: 5 seated"]
    assert Game.objects.count() == 0
    assert Player.objects.count() == 0


def test_a_bad_option_is_shown_on_its_own_field(scorer, league):
    response = scorer.post(url(league), start(jack_of_diamonds="", moon_needs_jack="on"))
    assert response.status_code == 422
    errors = response.context_data["form"].errors["moon_needs_jack"]
    assert errors == ["“Moon needs the J♦” needs “J♦ counts −10” on"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": "9" * 4_000}, "“Game ends at” must be a whole number from 1 to 10,000"),
        ({"target": "10001"}, "“Game ends at” must be a whole number from 1 to 10,000"),
        ({"wraps": ", ".join(str(n) for n in range(1, 10_001))}, "“Wrap scores” holds at most 10 numbers"),
    ],
)
def test_options_past_what_a_table_could_mean_are_refused(scorer, league, options, message):
    response = scorer.post(url(league), start(**options))
    assert response.status_code == 422
    option = next(iter(options))
    assert response.context_data["form"].errors[option] == [message]
    assert Game.objects.count() == 0


def test_non_numeric_or_zero_targets_are_refused(scorer, league):
    assert scorer.post(url(league), start(target="lots")).status_code == 422
    response = scorer.post(url(league), start(target="0"))
    assert response.status_code == 422
    errors = response.context_data["form"].errors["target"]
    assert errors == ["“Game ends at” must be a whole number from 1 to 10,000"]
    assert Game.objects.count() == 0


def test_an_unknown_variant_is_refused(scorer, league):
    response = scorer.post(url(league), start() | {"variant": "bridge", "options_for": "bridge"})
    assert response.status_code == 422
    assert "variant" in response.context_data["form"].errors
    assert Game.objects.count() == 0


def test_starting_with_options_of_another_variant_asks_to_check_them(scorer, league):
    # No JavaScript: the variant was changed but "Change variant" never pressed.
    response = scorer.post(url(league), start("standard") | {"variant": "ricketts"})
    assert response.status_code == 422
    assert response.context_data["form"]["moon"].value() == "ricketts"
    assert Game.objects.count() == 0


def test_a_name_longer_than_forty_characters_is_refused(scorer, league):
    response = scorer.post(url(league), start(seats=("Ann", "Ben", "Cat", "D" * 41)))
    assert response.status_code == 422
    assert Game.objects.count() == 0
    assert Player.objects.count() == 0


def test_viewers_may_not_start_games(client, league):
    viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.get(url(league)).status_code == 403
    assert client.post(url(league), start()).status_code == 403
    assert Game.objects.count() == 0


def test_outsiders_get_404_and_anonymous_visitors_log_in(client, outsider, league):
    assert client.get(url(league)).status_code == 302
    assert client.post(url(league), start()).status_code == 302
    client.force_login(outsider)
    assert client.post(url(league), start()).status_code == 404
    assert client.get(reverse("games:game-new", args=[LeagueFactory().pk])).status_code == 404
    assert Game.objects.count() == 0


# The day it was played, and the league's own game numbers ---------------------------


def test_a_new_game_is_played_today_at_the_leagues_table(scorer, league):
    League.objects.filter(pk=league.pk).update(time_zone="Pacific/Kiritimati")  # UTC+14
    with mock.patch("django.utils.timezone.now", return_value=datetime(2025, 6, 30, 12, 0, tzinfo=UTC)):
        form = scorer.get(url(league)).context_data["form"]
        assert form["played_on"].value() == date(2025, 7, 1)
        scorer.post(url(league), start())
    assert Game.objects.get(league=league).played_on == date(2025, 7, 1)


def test_a_paper_game_is_back_filled_on_its_own_day(scorer, league):
    response = scorer.post(url(league), start(played_on="2024-11-05"))
    assert response.status_code == 302
    game = Game.objects.get(league=league)
    assert game.played_on == date(2024, 11, 5)
    page = scorer.get(response["Location"]).content.decode()
    assert "game 1 · 5 Nov 2024" in page


@pytest.mark.parametrize(
    ("day", "message"),
    [
        ("2999-01-01", "A game can&#x27;t be played after today"),
        ("1850-06-01", "Choose a day from 1900 on."),
        ("5 November", "Enter a valid date."),
    ],
)
def test_a_day_that_cannot_be_is_refused_and_nothing_is_saved(scorer, league, day, message):
    response = scorer.post(url(league), start(played_on=day))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_games_are_numbered_in_their_league_and_a_number_is_never_given_twice(scorer, league):
    other = LeagueFactory()
    make_game(other)  # another league's games don't count
    first = make_game(league)
    second = make_game(league)
    second.trash()
    third = make_game(league)
    assert (first.number, second.number, third.number) == (1, 2, 3)
    page = scorer.get(reverse("games:game-detail", args=[third.pk])).content.decode()
    assert f'<span class="game-league">{league.name}</span><span>&nbsp;· game 3 ·' in page


def test_times_on_the_game_page_are_the_leagues_and_the_next_request_is_back_to_utc(scorer, league, user):
    League.objects.filter(pk=league.pk).update(time_zone="Europe/Paris")
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 3, 3, 4], 0), user)
    game.revisions.update(at=datetime(2025, 7, 14, 12, 5, tzinfo=UTC))
    page = scorer.get(reverse("games:game-detail", args=[game.pk])).content.decode()
    assert "14 Jul 14:05" in page  # Paris is UTC+2 in July
    assert timezone.get_current_timezone_name() == "UTC"
