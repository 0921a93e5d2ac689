"""The peers' house rules (RULES.md, More house rules) on the new-game form, the hand form and the game page.

Expected totals are worked out by hand from RULES.md in the comments.
"""

from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Hand
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import STANDARD_RULES_FORM, make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)
BLACK_MARIA = {"extra_cards": {"K♠": 10, "A♠": 7}, "moon": "add", "sun": True}


def page_of(response) -> str:
    return unescape(response.content.decode())


def start(variant="standard", seats=("Ann", "Ben", "Cat"), **options):
    """The new-game form as posted, the more house rules left blank unless given."""
    form = {**STANDARD_RULES_FORM, "variant": variant, "options_for": variant}
    return {**form, "seat": list(seats), "first_dealer": seats[0], "start": "1", **options}


def new_game(league):
    return reverse("games:game-new", args=[league.pk])


def hand(number, hearts, queen, **fields):
    data = {"number": str(number), "action": "cards", "queen": str(queen)}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate(hearts)})
    data.update({key: str(value) for key, value in fields.items()})
    return data


def totals(game):
    return list(game.seats.order_by("position").values_list("total", flat=True))


# Starting a game ------------------------------------------------------------------


def test_the_more_house_rules_are_typed_as_a_table_says_them(scorer, league):
    response = scorer.post(
        new_game(league),
        start(passing="Left, right,  hold", extra_cards="ks 10, A♠ 7", removed="2c", time_limit="45", sun="on"),
    )
    assert response.status_code == 302
    game = Game.objects.get()
    # Only what the house chose is stored beside the preset's options; the rest keeps the preset's rule.
    assert {key: game.options[key] for key in ("passing", "extra_cards", "removed", "time_limit", "sun")} == {
        "passing": ["left", "right", "hold"],
        "extra_cards": {"K♠": 10, "A♠": 7},
        "removed": ["2♣"],
        "time_limit": 45,
        "sun": True,
    }
    assert "no_negative" not in game.options
    assert game.clock_started_at is not None


def test_blank_more_house_rules_keep_the_presets_rules(scorer, league):
    # 3D passes nothing: a "Cards passed" sent as the preset's 3 must not count as chosen.
    data = start("3d", ("Ann", "Ben", "Cat"), moon="off", ties="shared", jack_of_diamonds="on", pass_cards="3")
    assert scorer.post(new_game(league), data).status_code == 302
    assert Game.objects.get().options == {
        "target": 100,
        "end": "at_least",
        "moon": "off",
        "jack_of_diamonds": True,
        "moon_needs_jack": False,
        "wraps": [],
        "ties": "shared",
        "sixty_nine": False,
    }


@pytest.mark.parametrize(
    ("seats", "options", "field", "message"),
    [
        (
            5,
            {"passing": "left, across"},
            "passing",
            "“Pass cycle”: 'across' needs an even number of players, not 5",
        ),
        (3, {"passing": "scatter"}, "passing", "“Pass cycle”: 'scatter' needs exactly 4 players, not 3"),
        (4, {"removed": "Q♠"}, "removed", "“Cards removed” cannot take out a point card (Q♠)"),
        (
            4,
            {"sun": "on", "moon": "off"},
            "sun",
            (
                "“Shooting the sun” needs a moon: it cannot go with “Shooting the moon"
                "” set to “no moon: points stand as taken”"
            ),
        ),
        (4, {"extra_cards": "zz 10"}, "extra_cards", "zz is not a card: write a rank and a suit, like Q♠ or qs"),
        (4, {"extra_cards": "K♠ ten"}, "extra_cards", "Write each card with its points, like K♠ 10; not K♠ ten"),
        (4, {"removed": "2c 3x"}, "removed", "3x is not a card: write a rank and a suit, like Q♠ or qs"),
    ],
)
def test_a_house_rule_that_does_not_fit_is_refused_on_its_own_field(scorer, league, seats, options, field, message):
    names = ("Ann", "Ben", "Cat", "Dan", "Eve")[:seats]
    response = scorer.post(new_game(league), start(seats=names, **options))
    assert response.status_code == 422
    assert response.context_data["form"].errors[field] == [message]
    assert not Game.objects.exists()
    # The fold holding the refused option is open, so the message is seen.
    assert '<details class="more-options mt-2" open>' in response.content.decode()


# The hand form ---------------------------------------------------------------------


def test_every_extra_card_gets_its_row_of_players_with_its_points(scorer, league):
    game = make_game(league, players=3, options=BLACK_MARIA)
    page = page_of(scorer.get(reverse("games:hand-new", args=[game.pk])))
    assert 'data-single-card="K♠"' in page
    assert (
        '<span class="visually-hidden">Who took the </span><span aria-hidden="true">K♠</span>'
        '<span class="visually-hidden">king of spades</span><span class="visually-hidden">?</span> '
        '<span class="card-points">+10</span>' in page
    )
    assert '<span class="card-points">+7</span>' in page
    for field in ("queen", "card_ks", "card_as"):
        assert f'data-testid="{field}-2"' in page


def test_a_hand_with_extra_cards_scores_them(scorer, league):
    game = make_game(league, players=3, options=BLACK_MARIA)
    # Ann 5 hearts + the K♠ (10) = 15; Ben 8 hearts + the A♠ (7) = 15; Cat the Q♠ = 13.
    response = scorer.post(reverse("games:hand-new", args=[game.pk]), hand(1, [5, 8, 0], CAT, card_ks=ANN, card_as=BEN))
    assert response.status_code == 302
    assert totals(game) == [15, 15, 13]
    assert Hand.objects.get().entry["cards"] == {"K♠": ANN, "A♠": BEN}


def test_an_extra_card_nobody_took_is_asked_for_beside_its_row(scorer, league):
    game = make_game(league, players=3, options=BLACK_MARIA)
    response = scorer.post(reverse("games:hand-new", args=[game.pk]), hand(1, [5, 8, 0], CAT, card_ks=ANN))
    assert response.status_code == 422
    assert response.context_data["hand_form"].errors["card_as"] == ["Who took the A♠?"]
    assert not Hand.objects.exists()


def test_an_extra_card_sent_twice_is_refused(scorer, league):
    game = make_game(league, players=3, options=BLACK_MARIA)
    data = hand(1, [5, 8, 0], CAT, card_ks=ANN, card_as=BEN)
    body = "&".join(f"{key}={value}" for key, value in data.items()) + f"&card_ks={BEN}"
    response = scorer.post(
        reverse("games:hand-new", args=[game.pk]), body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 422
    assert "the K♠ was sent more than once: each card has exactly one taker" in page_of(response)
    assert not Hand.objects.exists()


def test_the_moon_panel_asks_about_the_sun_and_a_sun_doubles_the_moon(scorer, league):
    game = make_game(league, players=3, options=BLACK_MARIA)
    shot = hand(1, [13, 0, 0], ANN, card_ks=ANN, card_as=ANN)
    preview = scorer.post(reverse("games:hand-preview", args=[game.pk]), shot, headers=HTMX)
    assert "Ann took every trick too: shot the sun (the moon counts double)" in page_of(preview)

    response = scorer.post(reverse("games:hand-new", args=[game.pk]), {**shot, "sun": "on"})
    assert response.status_code == 302
    # P = 13 hearts + Q♠ 13 + K♠ 10 + A♠ 7 = 43; the sun doubles it; under add the others take 86.
    assert totals(game) == [0, 86, 86]


def test_a_sun_without_every_point_card_is_refused(scorer, league):
    game = make_game(league, players=3, options=BLACK_MARIA)
    # Ann shot the moon (every heart, the Q♠ and both positive extras)... no: Ben has the A♠.
    data = {**hand(1, [13, 0, 0], ANN, card_ks=ANN, card_as=BEN), "sun": "on"}
    response = scorer.post(reverse("games:hand-new", args=[game.pk]), data)
    assert response.status_code == 422
    assert not Hand.objects.exists()


# The time limit --------------------------------------------------------------------


@pytest.fixture
def timed(league):
    return make_game(league, players=4, options={"time_limit": 60, "target": 100})


def test_the_game_page_shows_the_time_left(scorer, timed):
    Game.objects.filter(pk=timed.pk).update(clock_started_at=timezone.now() - timedelta(minutes=15))
    page = page_of(scorer.get(timed.get_absolute_url()))
    assert "45 min left" in page
    assert "of 60, until" in page
    # clock.js counts down with the page's own words, so they stay in the reader's language.
    assert 'data-clock-left="{n} min left" data-clock-up="Time is up"' in page
    # Before the time is up the hand form does not propose it.
    assert 'name="time_up" id="id_time_up" value="on">' in page


def test_once_the_time_is_up_the_hand_form_proposes_it_already_ticked(scorer, timed):
    Game.objects.filter(pk=timed.pk).update(clock_started_at=timezone.now() - timedelta(minutes=61))
    page = page_of(scorer.get(timed.get_absolute_url()))
    assert "Time is up" in page
    assert 'name="time_up" id="id_time_up" value="on" checked>' in page


def test_the_hand_the_time_ran_out_in_ends_the_game_on_the_lowest_total(scorer, timed):
    Game.objects.filter(pk=timed.pk).update(clock_started_at=timezone.now() - timedelta(minutes=61))
    # Ann 3, Ben Q♠ 13, Cat 10, Dan 0: nobody near 100, but the time ran out: Dan, lowest, wins.
    response = scorer.post(reverse("games:hand-new", args=[timed.pk]), hand(1, [3, 0, 10, 0], BEN, time_up="on"))
    assert response.status_code == 302
    timed.refresh_from_db()
    assert (timed.status, timed.reason) == ("over", "time")
    assert list(timed.seats.filter(won=True).values_list("player__name", flat=True)) == ["Dan"]


def test_unticking_the_time_keeps_the_game_going(scorer, timed):
    Game.objects.filter(pk=timed.pk).update(clock_started_at=timezone.now() - timedelta(minutes=61))
    response = scorer.post(reverse("games:hand-new", args=[timed.pk]), hand(1, [3, 0, 10, 0], BEN))
    assert response.status_code == 302
    timed.refresh_from_db()
    assert timed.status == "in_progress"


def test_the_clock_restarts_at_the_first_deal_but_not_once_a_hand_is_in(scorer, timed):
    Game.objects.filter(pk=timed.pk).update(clock_started_at=timezone.now() - timedelta(minutes=20))
    clock = reverse("games:game-clock", args=[timed.pk])
    assert scorer.post(clock).status_code == 302
    timed.refresh_from_db()
    assert timezone.now() - timed.clock_started_at < timedelta(minutes=1)

    timed.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN))
    response = scorer.post(clock, headers=HTMX)
    assert response.status_code == 409
    assert "hands are already in" in page_of(response)


def test_a_game_without_a_time_limit_has_no_clock(scorer, league):
    game = make_game(league)
    page = page_of(scorer.get(game.get_absolute_url()))
    assert 'data-testid="clock"' not in page
    assert 'name="time_up"' not in page
    assert scorer.post(reverse("games:game-clock", args=[game.pk])).status_code == 409
