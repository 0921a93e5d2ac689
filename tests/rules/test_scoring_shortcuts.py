"""The engine's shortcuts, pinned to the plain rules they stand for.

For speed, rules.setup.Scoring works a setup's rules out once (the field that
holds each card's taker, the cards a moon needs, the target as one
threshold, runs only where someone sits at 69 or 5), and play() carries a
Standing from hand to hand instead of a GameState. Here the same games are
scored the plain way, card by card from the point-card table and one step
per hand as RULES.md tells it, and must come out exactly the same: a
speed-up can never quietly change a score.
"""

from __future__ import annotations

import enum
from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st

from rules import GameSetup, GameState, HandEntry, play
from rules.setup import FIVE, FIVE_HANDS, SIXTY_NINE, SIXTY_NINE_HANDS, Standing, reached_target
from tests.rules.table import NAMES
from tests.rules.test_properties import SETTINGS, entries, games, house_entries, house_games, house_setups, setups

# The plain rules ---------------------------------------------------------------------


def plain_points(setup: GameSetup, entry: HandEntry) -> list[int]:
    """RULES.md, Scoring, step 1: each heart, then each single point card to its taker."""
    points = list(entry.hearts)
    for card in setup.single_cards:
        taker = entry.taker(card)
        if taker is not None:
            points[taker] += card.points
    return points


def moon_needs(setup: GameSetup, card) -> bool:
    return card.points > 0 or (card.card == "J♦" and setup.options.moon_needs_jack)


def plain_shooter(setup: GameSetup, entry: HandEntry) -> int | None:
    """Every heart, and every single card a moon needs, to the Q♠'s taker."""
    if entry.is_revoke or setup.options.moon == "off" or entry.queen is None:
        return None
    shooter = entry.queen
    if not 0 <= shooter < len(entry.hearts) or entry.hearts[shooter] != setup.hearts_in_play:
        return None
    if any(moon_needs(setup, card) and entry.taker(card) != shooter for card in setup.single_cards):
        return None
    return shooter


def plain_moon_points(setup: GameSetup, entry: HandEntry, shooter: int, resolution: str) -> list[int]:
    value = (setup.options.moon_points or setup.penalty) * (2 if entry.sun else 1)
    if resolution == "add":
        points = [0 if seat == shooter else value for seat in range(setup.seats)]
    else:
        points = [-value if seat == shooter else 0 for seat in range(setup.seats)]
    for card in setup.single_cards:
        keeps = card.points < 0 and not (card.card == "J♦" and setup.options.moon_needs_jack)
        if keeps and entry.taker(card) is not None:
            points[entry.taker(card)] += card.points
    return points


def plain_runs(before: list[int], after: list[int], runs: list, score: int) -> list:
    return [
        None if now != score else (run + 1 if was == score and run is not None else 0)
        for was, now, run in zip(before, after, runs, strict=True)
    ]


def plain_step(setup: GameSetup, standing: dict, points: list[int], entry: HandEntry) -> dict:
    """One hand's points added: no_negative, wraps, runs, then the end of the game."""
    options = setup.options
    totals, wrapped = [], []
    for seat, (before, scored) in enumerate(zip(standing["totals"], points, strict=True)):
        total = max(before + scored, 0) if options.no_negative else before + scored
        if total in options.wraps:
            total = 0
            wrapped.append(seat)
        totals.append(total)
    runs69 = plain_runs(standing["totals"], totals, standing["runs69"], SIXTY_NINE)
    runs5 = plain_runs(standing["totals"], totals, standing["runs5"], FIVE)
    time_up = standing["time_up"] or entry.time_up
    after = {"totals": totals, "runs69": runs69, "runs5": runs5, "time_up": time_up, "wrapped": wrapped}
    done = [seat for seat in range(setup.seats) if runs69[seat] == SIXTY_NINE_HANDS or runs5[seat] == FIVE_HANDS]
    lowest = [seat for seat, total in enumerate(totals) if total == min(totals)]
    if options.sixty_nine and done:
        return {**after, "status": "over", "winners": done, "reason": "sixty_nine"}
    reason = "target" if any(reached_target(options, total) for total in totals) else "time" if time_up else None
    if reason is None:
        return {**after, "status": "in_progress", "winners": [], "reason": None}
    if len(lowest) == 1 or options.ties == "shared":
        return {**after, "status": "over", "winners": lowest, "reason": reason}
    return {**after, "status": "tie_break", "winners": [], "reason": None}


def plain_hand(setup: GameSetup, standing: dict, entry: HandEntry) -> tuple[list[int], str | None, dict]:
    """A hand's points, its moon's resolution (or None) and the standing after it."""
    if entry.is_revoke:
        points = [setup.penalty if seat == entry.revoke else 0 for seat in range(setup.seats)]
        return points, None, plain_step(setup, standing, points, entry)
    shooter = plain_shooter(setup, entry)
    if shooter is None:
        points = plain_points(setup, entry)
        return points, None, plain_step(setup, standing, points, entry)
    rule = setup.options.moon
    resolution = entry.moon if rule == "choice" else "add" if rule in ("auto", "ricketts") else rule
    points = plain_moon_points(setup, entry, shooter, resolution)
    after = plain_step(setup, standing, points, entry)
    adding_ends = any(reached_target(setup.options, total) for total in after["totals"])
    adding_loses = after["status"] == "over" and shooter not in after["winners"]
    if (rule == "auto" and adding_ends) or (rule == "ricketts" and adding_loses):
        points = plain_moon_points(setup, entry, shooter, "subtract")
        return points, "subtract", plain_step(setup, standing, points, entry)
    return points, resolution, after


def assert_scored_plainly(setup: GameSetup, hands: list[HandEntry]) -> None:
    state = play(setup, hands)
    seats = setup.seats
    standing = {"totals": [0] * seats, "runs69": [None] * seats, "runs5": [None] * seats, "time_up": False}
    standing.update(status="in_progress", winners=[], reason=None)
    for hand, entry in zip(state.hands, hands, strict=True):
        assert standing["status"] != "over", "the engine took a hand after the game ended"
        points, resolution, standing = plain_hand(setup, standing, entry)
        assert list(hand.points) == points
        assert list(hand.totals) == standing["totals"]
        assert list(hand.wrapped) == standing["wrapped"]
        assert (hand.moon.resolution if hand.moon else None) == resolution
    assert list(state.totals) == standing["totals"]
    assert (state.status, list(state.winners), state.reason) == (
        standing["status"],
        standing["winners"],
        standing["reason"],
    )
    assert (list(state.runs69), list(state.runs5), state.time_up) == (
        standing["runs69"],
        standing["runs5"],
        standing["time_up"],
    )
    # The web's path, one hand at a time through GameState.after, ends in the same state.
    one_by_one = GameState.start(setup)
    for entry in hands:
        one_by_one = one_by_one.after(entry)
    assert one_by_one == state


# The whole fold --------------------------------------------------------------------


@SETTINGS
@given(games())
def test_every_game_is_scored_as_the_plain_rules_score_it(game):
    assert_scored_plainly(*game)


@SETTINGS
@given(house_games(house_setups()))
def test_every_house_rules_game_is_scored_as_the_plain_rules_score_it(game):
    assert_scored_plainly(*game)


@st.composite
def games_at_sixty_nine(draw, aim: int) -> tuple[GameSetup, list[HandEntry]]:
    """A 69-for-5 game where one player aims at aim (69 or 5): just enough hearts to land on it, then none."""
    seats = draw(st.integers(4, 7))
    setup = GameSetup.create(
        draw(st.sampled_from(["standard", "omnibus"])),
        NAMES[:seats],
        {"sixty_nine": True, "target": 1_000, "wraps": draw(st.sampled_from([[], [69], [5, 104]]))},
    )
    aimer = draw(st.integers(0, seats - 1))
    # A steady aimer completes a run (69 hands at 5 included); an unsteady one starts and breaks runs.
    steady = draw(st.booleans())
    others = [seat for seat in range(seats) if seat != aimer]
    state = play(setup, [])
    hands = []
    # 80 hands leave room for a run of 69 hands at 5.
    for number in range(draw(st.sampled_from([10, 80]))):
        if state.is_over:
            break
        need = aim - state.totals[aimer]
        on_aim = steady or draw(st.integers(0, 3))
        taken = min(max(need, 0), 13) if on_aim else draw(st.integers(0, 13))
        hearts = [0] * seats
        hearts[aimer] = taken
        # The rest split between two others, so nobody else shoots the moon.
        queen, second = others[number % len(others)], others[(number + 1) % len(others)]
        hearts[queen] = max(13 - taken - 1, 0)
        hearts[second] += 13 - taken - hearts[queen]
        jack = queen if setup.options.jack_of_diamonds else None
        entry = HandEntry.cards(hearts, queen, jack)
        state = state.after(entry)
        hands.append(entry)
    return setup, hands


@SETTINGS
@given(games_at_sixty_nine(SIXTY_NINE))
def test_runs_at_69_are_counted_as_the_plain_rules_count_them(game):
    assert_scored_plainly(*game)


@SETTINGS
@given(games_at_sixty_nine(FIVE))
def test_runs_at_5_are_counted_as_the_plain_rules_count_them(game):
    assert_scored_plainly(*game)


# Each shortcut on its own ------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_the_taker_table_scores_and_finds_moons_card_by_card(data):
    setup = data.draw(st.one_of(setups(), house_setups()))
    entry = data.draw(house_entries(setup) if setup.options.extra_cards is not None else entries(setup))
    scoring = setup.scoring
    assert scoring.moon_shooter(entry) == plain_shooter(setup, entry)
    if entry.is_revoke:
        return
    assert list(scoring.taken_points(entry)) == plain_points(setup, entry)
    shooter = data.draw(st.integers(0, setup.seats - 1))
    for resolution in ("add", "subtract"):
        assert list(scoring.moon_points(entry, shooter, resolution)) == plain_moon_points(
            setup, entry, shooter, resolution
        )


@SETTINGS
@given(setups(), st.lists(st.integers(-300, 300), min_size=3, max_size=8))
def test_the_end_threshold_is_met_exactly_when_some_total_reaches_the_target(setup, totals):
    expected = any(reached_target(setup.options, total) for total in totals)
    assert setup.scoring.meets_target(totals) is expected


class Count(enum.IntEnum):
    THREE = 3


COUNTS = st.one_of(st.integers(-2, 13), st.booleans(), st.just(Count.THREE), st.just(3.0), st.just("3"))


@SETTINGS
@given(setups(), st.data())
def test_hearts_are_whole_numbers_one_per_player_as_the_plain_check_says(setup, data):
    """check_entry tells plain ints at once: any other int (not True or False) passes as before."""
    size = data.draw(st.one_of(st.just(setup.seats), st.integers(2, 9)))
    hearts = data.draw(st.lists(COUNTS, min_size=size, max_size=size))
    whole = len(hearts) == setup.seats and all(isinstance(h, int) and not isinstance(h, bool) for h in hearts)
    entry = HandEntry(hearts=tuple(hearts), queen=0, jack=0 if setup.options.jack_of_diamonds else None)
    errors = [error.message for error in play(setup, []).check(entry)]
    assert (f"Enter the hearts taken by each of the {setup.seats} players" not in errors) is whole
    if whole:
        negative = [setup.players[seat] for seat, count in enumerate(hearts) if count < 0]
        assert [message for message in errors if "fewer than 0" in message] == [
            f"{name} can't take fewer than 0 hearts" for name in negative
        ]
        adds_up = sum(hearts) == setup.hearts_in_play
        assert any(message.startswith("Hearts add up to") for message in errors) is (not negative and not adds_up)


def test_a_standing_holds_the_fields_of_a_game_state_after_its_setup_and_hands():
    # play() builds its GameState as GameState(setup, hands, *standing).
    assert Standing._fields == tuple(field.name for field in fields(GameState))[2:]
