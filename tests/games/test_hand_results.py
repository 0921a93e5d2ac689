"""Each hand's cached result (Hand.result) and hands.csv, which reads it instead of replaying the league."""

import random
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import Prefetch

from games.csv_export import MOST_SEATS, _cell, hands_csv_header, hands_csv_rows
from games.league_file.restore import GameRecord, add_games
from games.models import Game, Hand, Player, Seat
from rules import VARIANTS, GameSetup, HandEntry, SetupError, play
from tests.factories import make_game
from tests.games.league_seed import SEATS, hand_worked_league, played, random_game

pytestmark = pytest.mark.django_db

# House rules across the options' kinds; those a variant does not take are left out for it.
HOUSE_RULES = [
    {},
    {"moon": "choice", "target": 50},
    {"moon": "subtract", "wraps": [50, 69], "sixty_nine": True, "end": "more_than", "ties": "shared"},
    {"moon": "ricketts", "jack_of_diamonds": True, "moon_needs_jack": True, "ties": "play_on"},
    {"moon": "auto", "target": 60, "no_negative": True, "first_trick_points": True},
    {"moon": "off", "jack_of_diamonds": True, "queen_points": 10, "queen_breaks_hearts": True},
    {"passing": ["left", "right", "hold"], "pass_cards": 2, "moon_points": 20, "target": 40},
    {"deal": "kitty", "kitty_to": "first_heart"},
    {"deal": "remove"},
    {"moon": "choice", "warren": True},
    {"time_limit": 30, "wraps": [30]},
]


def replayed_rows(league):
    """hands.csv as it was made before the cache: every game played through the engine again.

    The reference the cached CSV must equal, row for row."""
    yield hands_csv_header()
    games = (
        Game.objects.filter(league=league)
        .in_order_of_play()
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
            Prefetch("hands", queryset=Hand.objects.order_by("number")),
        )
    )
    for game in games:
        state = game.state()
        names = [_cell(name) for name in state.setup.players]

        def name(seat, names=names):
            return names[seat] if seat is not None else ""

        for hand in state.hands:
            entry = hand.entry
            row = [
                game.number, hand.number, name(hand.deal.dealer), hand.deal.pass_direction, int(hand.deal.tie_break),
                name(entry.revoke), name(entry.queen), name(entry.jack),
                name(hand.moon.shooter) if hand.moon else "", hand.moon.resolution if hand.moon else "",
                " ".join(names[seat] for seat in hand.wrapped),
                "; ".join(f"{card} {name(taker)}" for card, taker in entry.extras),
                int(entry.sun), int(entry.time_up),
            ]  # fmt: skip
            for seat in range(MOST_SEATS):
                if seat < len(names):
                    row += [
                        names[seat],
                        entry.hearts[seat] if entry.hearts else 0,
                        hand.points[seat],
                        hand.totals[seat],
                    ]
                else:
                    row += ["", "", "", ""]
            # Turbo Hearts' money, one column a seat after them all (none in these variants).
            money = getattr(hand, "money", None)
            row += [money[seat] if money and seat < len(money) else "" for seat in range(MOST_SEATS)]
            yield row


def every_variant_and_house_rule(league):
    """Random games of every variant under each set of house rules it takes, stored in bulk
    (as an import stores them), plus games played hand by hand at a table: one with extra
    point cards, a sun and the time running out, one with a hand edited and one deleted."""
    rng = random.Random(7)
    people = Player.objects.bulk_create(Player(league=league, name=f"Player {n}") for n in range(1, 9))
    records, played_rules = [], set()
    start = datetime(2024, 1, 1, 19, tzinfo=UTC)
    for variant in VARIANTS:
        for number, options in enumerate(HOUSE_RULES):
            for seats in sorted(set(SEATS[variant])):
                try:
                    setup = GameSetup.create(variant, [p.name for p in people[:seats]], options, rng.randrange(seats))
                except SetupError:
                    continue
                played_rules.add((variant, number))
                created_at = start + timedelta(hours=len(records))
                records.append(GameRecord(setup, people[:seats], random_game(setup, rng), created_at))
    add_games(league, records)
    extras = {"extra_cards": {"K♠": 10, "A♠": 7}, "moon": "add", "sun": True, "time_limit": 60}
    played(
        league,
        "standard",
        [
            HandEntry.cards([5, 8, 0], 2, extras={"K♠": 0, "A♠": 1}),
            HandEntry.cards([13, 0, 0], 0, extras={"K♠": 0, "A♠": 0}, sun=True, time_up=True),
        ],
        datetime(2025, 1, 1, tzinfo=UTC),
        extras,
        players=["Player 1", "Player 2", "Player 3"],
    )
    edited = hand_worked_league(league)["wraps"]
    edited.edit_hand(1, HandEntry.cards([4, 4, 1, 4], 3))
    edited.delete_last_hand(5)
    league.results_changed()
    return played_rules


def test_hands_csv_from_the_cache_is_the_csv_from_replaying_every_game(league, monkeypatch):
    played_rules = every_variant_and_house_rule(league)
    # Every variant under most of the house rules (those it takes).
    assert {variant for variant, _ in played_rules} == set(VARIANTS)
    assert len(played_rules) >= 30
    expected = list(replayed_rows(league))
    assert len(expected) > 500
    # Nothing is replayed: the engine is not asked.
    monkeypatch.setattr(Game, "state", lambda game: pytest.fail("a game was replayed"))
    assert list(hands_csv_rows(league)) == expected


def test_hands_stored_before_the_cache_are_replayed_and_rebuild_results_fills_them(league):
    every_variant_and_house_rule(league)
    expected = list(replayed_rows(league))
    # Half the games as a database from before the cache holds them.
    some = list(Game.objects.filter(league=league).order_by("pk").values_list("pk", flat=True)[::2])
    Hand.all_objects.filter(game_id__in=some).update(result=None)
    assert list(hands_csv_rows(league)) == expected
    call_command("rebuild_results", league=[league.pk], stdout=StringIO())
    assert not Hand.objects.filter(result=None).exists()
    assert list(hands_csv_rows(league)) == expected


def test_rebuild_results_corrects_a_wrong_cached_result(league):
    every_variant_and_house_rule(league)
    expected = list(replayed_rows(league))
    Hand.all_objects.filter(game__in=Game.objects.filter(league=league).values("pk")).update(
        result={"dealer": 0, "pass": "left", "tie_break": False, "moon": None, "wrapped": [], "points": [0] * 8,
                "totals": [0] * 8}
    )  # fmt: skip
    assert list(hands_csv_rows(league)) != expected
    call_command("rebuild_results", league=[league.pk], stdout=StringIO())
    assert list(hands_csv_rows(league)) == expected


def test_a_recorded_hand_keeps_the_engines_result(league, user):
    game = make_game(league, "standard", options={"target": 100})
    # Ann 5 hearts and the Q♠ (18), Ben 4, Cat 4, Dan 0; Ann dealt, passing left.
    game.record_hand(1, HandEntry.cards([5, 4, 4, 0], 0), user)
    hand = Hand.objects.get(game=game, number=1)
    assert hand.result == {
        "dealer": 0, "pass": "left", "tie_break": False, "moon": None, "wrapped": [],
        "points": [18, 4, 4, 0], "totals": [18, 4, 4, 0],
    }  # fmt: skip
    # Ben shoots the moon: the others take 26 each.
    game.record_hand(2, HandEntry.cards([0, 13, 0, 0], 1, moon="add"), user)
    second = Hand.objects.get(game=game, number=2).result
    assert (second["dealer"], second["pass"], second["moon"]) == (1, "right", [1, "add"])
    assert second["totals"] == [44, 4, 30, 26]


def test_an_edited_hand_rewrites_its_result_and_those_after_it(league, user):
    game = make_game(league, "standard", options={"target": 100})
    game.record_hand(1, HandEntry.cards([5, 4, 4, 0], 0), user)
    game.record_hand(2, HandEntry.cards([0, 3, 10, 0], 3), user)
    # Hand 1 again: Dan took the Q♠, not Ann. Totals after hand 1: 5 4 4 13; after hand 2: 5 7 14 26.
    game.edit_hand(1, HandEntry.cards([5, 4, 4, 0], 3), user)
    results = dict(Hand.objects.filter(game=game).values_list("number", "result"))
    assert results[1]["totals"] == [5, 4, 4, 13]
    assert results[2]["totals"] == [5, 7, 14, 26]
    game.delete_last_hand(2, user)
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_an_imported_scoresheet_stores_its_hands_results(league, user):
    document = {
        "variant": "standard",
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "options": {"target": 30},
        "hands": [
            {"hearts": {"Ben": 13}, "queen": "Ben", "moon": "add"},
            {"hearts": {"Ann": 5, "Cat": 4, "Dan": 4}, "queen": "Ann"},
        ],
    }
    game = Game.import_scoresheet(league, document, user)
    results = list(Hand.objects.filter(game=game).order_by("number").values_list("result", flat=True))
    # Ben's moon adds 26 to the others; then Ann 18, Cat 4, Dan 4.
    assert [result["totals"] for result in results] == [[26, 0, 26, 26], [44, 0, 30, 30]]
    assert play(game.setup(), game.entries()).totals == (44, 0, 30, 30)
