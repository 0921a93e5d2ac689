"""Properties that hold for any legal game: random setups, random valid hands.

The strategies build games from RULES.md alone (legal player counts and
option values, hearts that add up, a moon choice exactly where the rules
ask for one); the properties restate the rules as invariants.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import VARIANTS, GameSetup, HandEntry, SetupError, play, replay, result_json, write_scoresheet
from rules.setup import reached_target
from tests.fuzzing import examples
from tests.rules.table import NAMES

SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPTION_VALUES = {
    "target": st.one_of(st.integers(10, 60), st.integers(61, 150)),
    "end": st.sampled_from(["at_least", "more_than"]),
    "moon": st.sampled_from(["choice", "add", "subtract", "ricketts", "off"]),
    "jack_of_diamonds": st.booleans(),
    "moon_needs_jack": st.booleans(),
    "wraps": st.lists(st.sampled_from([13, 26, 50, 52, 69, 78, 100, 104, 126]), max_size=3),
    "ties": st.sampled_from(["play_on", "shared"]),
    "sixty_nine": st.booleans(),
    "deal": st.sampled_from(["remove", "kitty"]),
    "kitty_to": st.sampled_from(["first_trick", "last_trick", "first_heart"]),
    "warren": st.booleans(),
}


# RULES.md, "Passing": the cycle's length for each variant and table.
def cycle_length(setup: GameSetup) -> int:
    if setup.variant.key == "ricketts":
        return 5
    if setup.variant.key == "3d":
        return 1
    return 4 if setup.seats == 4 else 2


@st.composite
def setups(draw, **fixed: object) -> GameSetup:
    """Any variant, a legal table and random legal options; `fixed` options always apply."""
    variant = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    seats = draw(st.integers(variant.min_players, variant.max_players))
    options = {}
    for key in variant.option_keys:
        if key in fixed:
            options[key] = draw(fixed[key]) if isinstance(fixed[key], st.SearchStrategy) else fixed[key]
        elif draw(st.booleans()):
            options[key] = draw(OPTION_VALUES[key])
    jack_counts = options.get("jack_of_diamonds", variant.defaults["jack_of_diamonds"])
    if options.get("moon_needs_jack") and not jack_counts:
        options["moon_needs_jack"] = False
    first_dealer = draw(st.integers(0, seats - 1))
    return GameSetup.create(variant.key, NAMES[:seats], options, first_dealer)


def is_moon(setup: GameSetup, entry: HandEntry) -> bool:
    """RULES.md: every heart in play and the Q♠ (and the J♦ where the moon needs it)."""
    options = setup.options
    if entry.is_revoke or options.moon == "off":
        return False
    if entry.hearts[entry.queen] != setup.hearts_in_play:
        return False
    return not options.moon_needs_jack or entry.jack == entry.queen


@st.composite
def entries(draw, setup: GameSetup) -> HandEntry:
    seats = setup.seats
    seat = st.integers(0, seats - 1)
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return HandEntry.revoked(draw(seat))
    queen = draw(seat)
    hearts = [0] * seats
    if kind <= 2:
        hearts[queen] = setup.hearts_in_play  # a moon, unless it needs the J♦ and lacks it
    else:
        # Cutting the hearts in play at seats - 1 points splits them among the seats.
        cuts = sorted(draw(st.lists(st.integers(0, setup.hearts_in_play), min_size=seats - 1, max_size=seats - 1)))
        bounds = [0, *cuts, setup.hearts_in_play]
        hearts = [high - low for low, high in itertools.pairwise(bounds)]
    jack = draw(st.one_of(st.just(queen), seat)) if setup.options.jack_of_diamonds else None
    entry = HandEntry.cards(hearts, queen, jack)
    if setup.options.moon == "choice" and is_moon(setup, entry):
        entry = replace(entry, moon=draw(st.sampled_from(["add", "subtract"])))
    return entry


@st.composite
def games(draw, setup_strategy: st.SearchStrategy[GameSetup] | None = None) -> tuple[GameSetup, list[HandEntry]]:
    """A setup and its hands, up to and including the hand that ends the game."""
    setup = draw(setups() if setup_strategy is None else setup_strategy)
    # Drawing the length first gives long games often enough to reach the end.
    length = draw(st.integers(0, 30))
    hands = draw(st.lists(entries(setup), min_size=length, max_size=length))
    state = play(setup, [])
    played = []
    for entry in hands:
        if state.is_over:
            break
        state = state.after(entry)
        played.append(entry)
    return setup, played


def jack_bonus(setup: GameSetup, entry: HandEntry, seat: int) -> int:
    """The J♦'s -10 that survives a moon: off where the moon needs the jack."""
    options = setup.options
    keeps = options.jack_of_diamonds and not options.moon_needs_jack
    return -10 if keeps and entry.jack == seat else 0


def plain_hands(setup, hands):
    """The scored hands that are neither a revoke nor a moon."""
    return [hand for hand in play(setup, hands).hands if not hand.entry.is_revoke and hand.moon is None]


@SETTINGS
@given(games(setups(jack_of_diamonds=False)))
def test_without_moon_revoke_or_jack_a_hands_points_add_up_to_p(game):
    setup, hands = game
    assert setup.penalty == setup.hearts_in_play + 13
    for hand in plain_hands(setup, hands):
        assert sum(hand.points) == setup.penalty


@SETTINGS
@given(games(setups(jack_of_diamonds=True)))
def test_with_the_jack_and_no_moon_or_revoke_a_hands_points_add_up_to_p_less_ten(game):
    setup, hands = game
    for hand in plain_hands(setup, hands):
        assert sum(hand.points) == setup.penalty - 10


@SETTINGS
@given(games())
def test_a_revoke_charges_p_to_the_offender_only(game):
    setup, hands = game
    for hand in play(setup, hands).hands:
        if hand.entry.is_revoke:
            expected = [setup.penalty if seat == hand.entry.revoke else 0 for seat in range(setup.seats)]
            assert list(hand.points) == expected
            assert hand.moon is None


@SETTINGS
@given(games())
def test_a_moon_is_scored_as_its_resolution_says(game):
    setup, hands = game
    p = setup.penalty
    for hand in play(setup, hands).hands:
        assert (hand.moon is not None) == is_moon(setup, hand.entry)
        if hand.moon is None:
            continue
        shooter, resolution = hand.moon.shooter, hand.moon.resolution
        assert shooter == hand.entry.queen
        if setup.options.moon in ("add", "subtract"):
            assert resolution == setup.options.moon
        if setup.options.moon == "choice":
            assert resolution == hand.entry.moon
        for seat, points in enumerate(hand.points):
            base = (0 if seat == shooter else p) if resolution == "add" else -p if seat == shooter else 0
            assert points == base + jack_bonus(setup, hand.entry, seat)


# Low targets bring the end near, where the Ricketts rule has a choice to make.
RICKETTS_MOONS = setups(moon="ricketts", target=st.integers(10, 80))


@SETTINGS
@given(games(RICKETTS_MOONS), st.data())
def test_the_ricketts_rule_subtracts_exactly_when_adding_would_lose_the_game(game, data):
    setup, hands = game
    state = play(setup, hands)
    if not state.is_over:
        # One more hand: a moon by anyone, wherever the totals stand.
        shooter = data.draw(st.integers(0, setup.seats - 1))
        hearts = [setup.hearts_in_play if seat == shooter else 0 for seat in range(setup.seats)]
        jack = data.draw(st.integers(0, setup.seats - 1)) if setup.options.jack_of_diamonds else None
        hands = [*hands, HandEntry.cards(hearts, shooter, jack)]
    always_add = replace(setup, options=replace(setup.options, moon="add"))
    state = play(setup, [])
    for entry in hands:
        after = state.after(entry)
        moon = after.hands[-1].moon
        if moon is not None:
            added = replace(state, setup=always_add).after(entry)
            would_lose = added.is_over and moon.shooter not in added.winners
            assert moon.resolution == ("subtract" if would_lose else "add")
        state = after


@SETTINGS
@given(setups(moon="ricketts"), st.data())
def test_the_ricketts_rule_holds_from_any_standing_short_of_the_end(setup, data):
    # Any totals a game in progress can have (all short of the end), any shooter.
    last_safe = setup.options.target - (1 if setup.options.end == "at_least" else 0)
    totals = tuple(data.draw(st.lists(st.integers(-40, last_safe), min_size=setup.seats, max_size=setup.seats)))
    state = replace(play(setup, []), totals=totals)
    shooter = data.draw(st.integers(0, setup.seats - 1))
    hearts = [setup.hearts_in_play if seat == shooter else 0 for seat in range(setup.seats)]
    jack = data.draw(st.integers(0, setup.seats - 1)) if setup.options.jack_of_diamonds else None
    if setup.options.moon_needs_jack:
        jack = shooter
    entry = HandEntry.cards(hearts, shooter, jack)
    always_add = replace(setup, options=replace(setup.options, moon="add"))
    added = replace(state, setup=always_add).after(entry)
    would_lose = added.is_over and shooter not in added.winners
    assert state.after(entry).hands[-1].moon.resolution == ("subtract" if would_lose else "add")


@SETTINGS
@given(games(), st.data())
def test_scoring_a_prefix_of_the_hands_gives_a_prefix_of_the_result(game, data):
    setup, hands = game
    full = play(setup, hands)
    cut = data.draw(st.integers(0, len(hands)))
    part = play(setup, hands[:cut])
    assert part.hands == full.hands[:cut]
    assert part.totals == (full.hands[cut - 1].totals if cut else (0,) * setup.seats)


@SETTINGS
@given(games())
def test_the_deal_moves_one_seat_left_each_hand(game):
    setup, hands = game
    state = play(setup, hands)
    dealers = [hand.deal.dealer for hand in state.hands]
    if state.next_deal is not None:
        dealers.append(state.next_deal.dealer)
    assert dealers[:1] in ([], [setup.first_dealer])
    for before, after in itertools.pairwise(dealers):
        assert after == (before + 1) % setup.seats


@SETTINGS
@given(games())
def test_the_pass_direction_repeats_with_the_cycles_length(game):
    setup, hands = game
    directions = [hand.deal.pass_direction for hand in play(setup, hands).hands]
    length = cycle_length(setup)
    assert directions[:1] in ([], ["hold" if setup.variant.key == "3d" else "left"])
    for number, direction in enumerate(directions):
        if number + length < len(directions):
            assert directions[number + length] == direction
        assert (direction == "across") <= (setup.seats == 4)
        assert (direction == "scatter") <= (setup.variant.key == "ricketts")


@SETTINGS
@given(games())
def test_totals_are_the_sum_of_points_except_where_a_wrap_sent_them_to_zero(game):
    setup, hands = game
    totals = [0] * setup.seats
    for hand in play(setup, hands).hands:
        for seat in range(setup.seats):
            landed = totals[seat] + hand.points[seat]
            if seat in hand.wrapped:
                assert landed in setup.options.wraps
                assert hand.totals[seat] == 0
            else:
                assert landed not in setup.options.wraps
                assert hand.totals[seat] == landed
        assert list(hand.wrapped) == sorted(hand.wrapped)
        totals = list(hand.totals)


@SETTINGS
@given(games(), st.data())
def test_once_the_game_is_over_no_hand_is_accepted(game, data):
    setup, hands = game
    state = play(setup, hands)
    extra = data.draw(entries(setup))
    if state.is_over:
        assert [error.field for error in state.check(extra)] == [None]
        assert state.next_deal is None
    else:
        assert state.check(extra) == []


@SETTINGS
@given(games())
def test_the_status_follows_the_end_rule(game):
    setup, hands = game
    state = play(setup, hands)
    options = setup.options
    totals = state.totals
    reached = any(total >= options.target if options.end == "at_least" else total > options.target for total in totals)
    lowest = [seat for seat, total in enumerate(totals) if total == min(totals)]
    if state.reason == "sixty_nine":
        assert options.sixty_nine
        assert all(totals[seat] in (69, 5) for seat in state.winners)
    elif state.status == "over":
        assert reached
        assert state.reason == "target"
        assert list(state.winners) == lowest
        assert len(lowest) == 1 or options.ties == "shared"
    elif state.status == "tie_break":
        assert reached
        assert len(lowest) > 1
        assert options.ties == "play_on"
        assert state.next_deal.tie_break
    else:
        assert not reached
        assert state.winners == ()
        assert state.reason is None


@SETTINGS
@given(games())
def test_every_winner_has_the_lowest_total_unless_won_by_sixty_nine(game):
    setup, hands = game
    state = play(setup, hands)
    if state.reason != "sixty_nine":
        assert all(state.totals[seat] == min(state.totals) for seat in state.winners)


@SETTINGS
@given(games())
def test_replaying_the_written_scoresheet_gives_the_same_result(game):
    setup, hands = game
    assert replay(write_scoresheet(setup, hands)) == result_json(play(setup, hands))


@SETTINGS
@given(games(), st.data())
def test_outcomes_foretell_the_state_after_a_moon(game, data):
    setup, hands = game
    state = play(setup, hands)
    shooter = data.draw(st.integers(0, setup.seats - 1))
    hearts = [setup.hearts_in_play if seat == shooter else 0 for seat in range(setup.seats)]
    jack = shooter if setup.options.jack_of_diamonds else None
    entry = HandEntry.cards(hearts, shooter, jack)
    outcomes = state.outcomes(entry)
    if state.is_over or setup.options.moon == "off":
        assert outcomes == {}
    elif setup.options.moon == "choice":
        assert set(outcomes) == {"add", "subtract"}
        for choice, after in outcomes.items():
            assert after == state.after(replace(entry, moon=choice))
    else:
        assert list(outcomes.values()) == [state.after(entry)]


# RULES.md, More house rules ----------------------------------------------------------

EXTRA_CARDS = ("K♠", "A♠", "10♣", "7♦")


@st.composite
def house_setups(draw, negative: bool = True, **fixed: object) -> GameSetup:
    """Standard or omnibus with random peers' options: extra cards, Q♠ points, moon value, sun, no_negative."""
    variant = draw(st.sampled_from(["standard", "omnibus"]))
    seats = draw(st.integers(4, 7))
    low = -20 if negative else 1
    points = st.integers(low, 20).filter(lambda value: value != 0)
    options: dict[str, object] = {
        "extra_cards": draw(st.dictionaries(st.sampled_from(EXTRA_CARDS), points, max_size=3)),
        "queen_points": draw(st.integers(1, 30)),
        "moon": draw(st.sampled_from(["choice", "add", "subtract", "ricketts", "auto"])),
        "sun": draw(st.booleans()),
        "no_negative": draw(st.booleans()),
        "target": draw(st.integers(20, 150)),
    }
    if draw(st.booleans()):
        options["moon_points"] = draw(st.integers(1, 60))
    options.update(fixed)
    return GameSetup.create(variant, NAMES[:seats], options)


@st.composite
def house_entries(draw, setup: GameSetup) -> HandEntry:
    seats = setup.seats
    seat = st.integers(0, seats - 1)
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return HandEntry.revoked(draw(seat))
    shooter = draw(seat)
    if kind <= 3:
        hearts = [setup.hearts_in_play if s == shooter else 0 for s in range(seats)]
        takers = {card.card: draw(st.one_of(st.just(shooter), seat)) for card in setup.single_cards}
        if kind <= 2:
            takers = {card.card: shooter if card.points > 0 else takers[card.card] for card in setup.single_cards}
    else:
        cuts = sorted(draw(st.lists(st.integers(0, setup.hearts_in_play), min_size=seats - 1, max_size=seats - 1)))
        bounds = [0, *cuts, setup.hearts_in_play]
        hearts = [high - low for low, high in itertools.pairwise(bounds)]
        takers = {card.card: draw(seat) for card in setup.single_cards}
    extras = {card: taker for card, taker in takers.items() if card not in ("Q♠", "J♦")}
    entry = HandEntry.cards(hearts, takers["Q♠"], takers.get("J♦"), extras=extras)
    shot = setup.options.moon != "off" and entry.queen == shooter and state_free_moon(setup, entry)
    if shot and setup.options.sun and all(taker == shooter for taker in takers.values()):
        entry = replace(entry, sun=draw(st.booleans()))
    if shot and setup.options.moon == "choice":
        entry = replace(entry, moon=draw(st.sampled_from(["add", "subtract"])))
    return entry


def state_free_moon(setup: GameSetup, entry: HandEntry) -> bool:
    """RULES.md: every heart and every single card with positive points (and the J♦ where needed)."""
    if entry.hearts[entry.queen] != setup.hearts_in_play:
        return False
    return all(
        entry.taker(card) == entry.queen
        for card in setup.single_cards
        if card.points > 0 or (card.card == "J♦" and setup.options.moon_needs_jack)
    )


@st.composite
def house_games(draw, setup_strategy: st.SearchStrategy[GameSetup]) -> tuple[GameSetup, list[HandEntry]]:
    setup = draw(setup_strategy)
    length = draw(st.integers(0, 25))
    state = play(setup, [])
    played = []
    for entry in draw(st.lists(house_entries(setup), min_size=length, max_size=length)):
        if state.is_over:
            break
        state = state.after(entry)
        played.append(entry)
    return setup, played


@SETTINGS
@given(house_games(house_setups(negative=False, jack_of_diamonds=False)))
def test_without_moon_revoke_or_negative_cards_a_hands_points_add_up_to_p(game):
    setup, hands = game
    # P: hearts in play + the Q♠'s points + every extra card (all positive here).
    extra = sum(points for _, points in setup.options.extra_cards or ())
    assert setup.penalty == setup.hearts_in_play + setup.options.queen_points + extra
    for hand in plain_hands(setup, hands):
        assert sum(hand.points) == setup.penalty


@SETTINGS
@given(house_games(house_setups(no_negative=True)))
def test_with_no_negative_no_total_is_ever_below_zero(game):
    setup, hands = game
    for hand in play(setup, hands).hands:
        assert min(hand.totals) >= 0


@SETTINGS
@given(house_games(house_setups()))
def test_a_moon_or_sun_is_worth_its_value_and_negative_cards_stay_with_their_takers(game):
    setup, hands = game
    for hand in play(setup, hands).hands:
        if hand.moon is None:
            continue
        value = (setup.options.moon_points or setup.penalty) * (2 if hand.entry.sun else 1)
        kept = [0] * setup.seats
        for card in setup.single_cards:
            if card.points < 0 and not (card.card == "J♦" and setup.options.moon_needs_jack):
                kept[hand.entry.taker(card)] += card.points
        for seat, points in enumerate(hand.points):
            if hand.moon.resolution == "add":
                base = 0 if seat == hand.moon.shooter else value
            else:
                base = -value if seat == hand.moon.shooter else 0
            assert points == base + kept[seat]


@SETTINGS
@given(house_games(house_setups(moon="auto")))
def test_the_auto_rule_subtracts_exactly_when_adding_would_meet_the_end(game):
    setup, hands = game
    always_add = replace(setup, options=replace(setup.options, moon="add"))
    state = play(setup, [])
    for entry in hands:
        after = state.after(entry)
        moon = after.hands[-1].moon
        if moon is not None:
            added = replace(state, setup=always_add).after(entry)
            meets = any(reached_target(setup.options, total) for total in added.totals)
            assert moon.resolution == ("subtract" if meets else "add")
        state = after


PASS_WORDS = st.sampled_from(["left", "right", "across", "scatter", "hold", "left 2", "right 2", "left 3", "right 5"])


@SETTINGS
@given(st.integers(3, 7), st.lists(PASS_WORDS, min_size=1, max_size=5))
def test_a_pass_cycle_is_accepted_exactly_when_each_word_fits_the_table(seats, passing):
    def fits(word: str) -> bool:
        if word == "across":
            return seats % 2 == 0
        if word == "scatter":
            return seats == 4
        if " " in word:
            return int(word.split()[1]) < seats
        return True

    if not all(fits(word) for word in passing):
        with pytest.raises(SetupError, match="passing"):
            GameSetup.create("standard", NAMES[:seats], {"passing": passing})
    else:
        game = GameSetup.create("standard", NAMES[:seats], {"passing": passing})
        for number in range(1, 2 * len(passing) + 1):
            deal = game.deal(number)
            assert deal.pass_direction == passing[(number - 1) % len(passing)]
            # Every player gives to one other and receives from one other, or nobody passes.
            targets = [taker for _, taker in deal.passes()]
            assert sorted(targets) == (list(range(seats)) if targets else [])
            assert all(giver != taker for giver, taker in deal.passes())
