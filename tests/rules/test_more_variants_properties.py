"""Properties of RULES.md's More variants over random games: a hand's points add up to P outside a
moon, Turbo's money is zero-sum, team totals are their players' sums, and a scoresheet written by the
engine replays to the same result.

P is worked out here from the rules' table (each heart's value, the Q♠, the extra cards, the
copies two decks hold), not asked of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules import GameSetup, HandEntry, ScoresheetError, play, replay, result_json, write_scoresheet
from rules.cards import CHARGEABLE, RANKS
from tests.fuzzing import examples
from tests.rules.table import NAMES

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FACE = dict(zip(RANKS, range(2, 15), strict=True))
PLAYERS = [f"P{n}" for n in range(11)]


@dataclass(frozen=True)
class Table:
    """A game with what the test knows of it from RULES.md alone."""

    setup: GameSetup
    heart_values: dict[str, int]  # rank -> points
    decks: int  # copies of each heart and each single card
    singles: dict[str, int]  # single point card -> points (one copy)
    ranks_needed: bool

    @property
    def penalty(self) -> int:
        hearts = sum(self.heart_values.values()) * self.decks
        return hearts + sum(points for points in self.singles.values() if points > 0) * self.decks

    @property
    def negatives(self) -> int:
        return sum(points for points in self.singles.values() if points < 0) * self.decks


HEART_POINTS = st.one_of(
    st.just(1),
    st.integers(2, 5),
    st.just("face"),
    st.dictionaries(st.sampled_from(RANKS), st.integers(0, 20), min_size=1, max_size=4).filter(any),
)


@st.composite
def tables(draw, teams: bool = False) -> Table:
    """Any new preset or new option, with a legal table; teams=True: 4 or 6 players as partners."""
    kind = draw(st.sampled_from(["spot", "black_maria", "domino", "cancellation", "standard", "omnibus"]))
    low, high = {
        "spot": (3, 7),
        "black_maria": (3, 6),
        "domino": (2, 7),
        "cancellation": (5, 11),
        "standard": (3, 7),
        "omnibus": (3, 7),
    }[kind]
    options: dict[str, object] = {}
    seats = draw(st.integers(low, high))
    if teams:
        seats = draw(st.sampled_from([count for count in (4, 6) if low <= count <= high]))
        options["teams"] = True
    heart_points = {"spot": "face"}.get(kind, 1)
    if kind in ("standard", "omnibus", "cancellation") and draw(st.booleans()):
        heart_points = options["heart_points"] = draw(HEART_POINTS)
    queen = {"spot": 50, "domino": 0}.get(kind, 13)
    if draw(st.booleans()):
        queen = options["queen_points"] = draw(st.integers(0, 30))
    jack = kind == "omnibus"
    if kind in ("standard", "cancellation", "domino") and draw(st.booleans()):
        jack = options["jack_of_diamonds"] = True
    plus = "J♦"
    if jack and draw(st.booleans()):
        plus = options["plus_card"] = "10♦"
    plus_points = -10
    if jack and draw(st.booleans()):
        plus_points = options["jack_points"] = draw(st.integers(-40, -1))
    singles = {"K♠": 10, "A♠": 7} if kind == "black_maria" else {}
    if queen:
        singles["Q♠"] = queen
    if jack:
        singles[plus] = plus_points
    if heart_points == "face":
        values = dict(FACE)
    elif isinstance(heart_points, int):
        values = dict.fromkeys(RANKS, heart_points)
    else:
        values = {rank: heart_points.get(rank, 1) for rank in RANKS}
    setup = GameSetup.create(kind, PLAYERS[:seats], options)
    decks = 2 if kind == "cancellation" else 1
    return Table(setup, values, decks, singles, len(set(values.values())) > 1)


@st.composite
def hands(draw, table: Table) -> HandEntry:
    """A legal hand: every heart and every single card to some player; a revoke now and then."""
    setup = table.setup
    seats = setup.seats
    if draw(st.integers(0, 19)) == 0:
        return HandEntry.revoked(draw(st.integers(0, seats - 1)))
    seat = st.integers(0, seats - 1)
    takers = {card: [draw(seat) for _ in range(table.decks)] for card in table.singles}
    twins = {card: both[1] for card, both in takers.items() if table.decks == 2}
    queen = takers.get("Q♠", [None])[0]
    plus = next((card for card in ("J♦", "10♦") if card in takers and card not in ("K♠", "A♠")), None)
    jack = takers[plus][0] if plus else None
    extras = {card: takers[card][0] for card in ("K♠", "A♠") if card in takers}
    if table.ranks_needed or draw(st.booleans()):
        ranks: list[list[str]] = [[] for _ in range(seats)]
        for rank in RANKS:
            for _ in range(table.decks):
                ranks[draw(seat)].append(rank)
        return HandEntry.cards((), queen, jack, None, extras, ranks=ranks, twins=twins)
    hearts = [0] * seats
    for _ in range(13 * table.decks):
        hearts[draw(seat)] += 1
    return HandEntry.cards(hearts, queen, jack, None, extras, twins=twins)


@SETTINGS
@given(st.data())
def test_a_hands_points_add_up_to_p_outside_a_moon(data):
    table = data.draw(tables(teams=data.draw(st.booleans())))
    entry = data.draw(hands(table))
    assume(table.setup.scoring.moon_shooter(entry) is None)
    hand = play(table.setup, [entry]).hands[0]
    expected = table.penalty if entry.is_revoke else table.penalty + table.negatives
    assert sum(hand.points) == expected


@SETTINGS
@given(st.data())
def test_team_totals_are_their_players_sums(data):
    table = data.draw(tables(teams=True))
    entries = data.draw(st.lists(hands(table), min_size=1, max_size=6))
    teams = table.setup
    alone = GameSetup.create(teams.variant.key, teams.players, {**teams.options.as_dict(), "teams": False})
    assume(all(alone.scoring.moon_shooter(entry) is None for entry in entries))
    assume(all(teams.scoring.moon_shooter(entry) is None for entry in entries))
    team_state, solo_state = play(teams, []), play(alone, [])
    for entry in entries:
        if team_state.is_over or solo_state.is_over:
            break
        team_state, solo_state = team_state.after(entry), solo_state.after(entry)
        # A revoke charges P to a team as it does to a player: the partners' sum again.
        players = solo_state.totals
        assert team_state.totals == tuple(sum(players[seat] for seat in team) for team in teams.teams)


@st.composite
def turbo_hands(draw) -> HandEntry:
    seat = st.integers(0, 3)
    charged = tuple(card for card in CHARGEABLE if draw(st.booleans()))
    if draw(st.integers(0, 9)) == 0:
        return HandEntry.revoked(draw(seat), charged=charged)
    hearts = [0] * 4
    for _ in range(13):
        hearts[draw(seat)] += 1
    if draw(st.integers(0, 9)) == 0:  # a moon now and then
        hearts = [13 if index == 0 else 0 for index in range(4)]
        return HandEntry.cards(hearts, 0, draw(seat), ten=draw(seat), charged=charged)
    return HandEntry.cards(hearts, draw(seat), draw(seat), ten=draw(seat), charged=charged)


@SETTINGS
@given(st.lists(turbo_hands(), min_size=1, max_size=4))
def test_turbo_money_sums_to_zero_each_hand(entries):
    setup = GameSetup.create("turbo", NAMES[:4])
    state = play(setup, entries)
    for hand in state.hands:
        assert sum(hand.money) == 0
        assert hand.money == tuple(sum(hand.points) - 4 * own for own in hand.points)
    assert sum(state.money) == 0
    assert state.totals == tuple(sum(hand.points[seat] for hand in state.hands) for seat in range(4))


@SETTINGS
@given(st.data())
def test_a_scoresheet_the_engine_writes_replays_to_the_same_result(data):
    if data.draw(st.booleans()):
        setup = GameSetup.create("turbo", NAMES[:4])
        entries = data.draw(st.lists(turbo_hands(), max_size=4))
    else:
        table = data.draw(tables(teams=data.draw(st.booleans())))
        setup = table.setup
        entries = data.draw(st.lists(hands(table), max_size=4))
        entries = [entry for entry in entries if setup.scoring.moon_shooter(entry) is None]
    state = play(setup, [])
    kept = []
    for entry in entries:
        if state.is_over:
            break
        state = state.after(entry)
        kept.append(entry)
    assert replay(write_scoresheet(setup, kept)) == result_json(state)


JUNK = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-3, 30), st.sampled_from(["Ann", "Ben", "Zed", "Q", "10", "A♥", "K♠", ""])
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["Ann", "Ben", "Q♠", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["hearts", "queen", "jack", "ten", "charged", "cards", "moon", "sun", "revoke", "time_up"]


@SETTINGS
@given(
    st.sampled_from(
        [
            ("turbo", 4, {}),
            ("cancellation", 5, {"jack_of_diamonds": True}),
            ("spot", 3, {}),
            ("standard", 4, {"teams": True}),
        ]
    ),
    st.dictionaries(st.sampled_from(FIELDS), JUNK, max_size=5),
)
def test_a_malformed_hand_of_the_new_fields_is_refused_in_one_line_never_a_crash(game, hand):
    variant, players, options = game
    document = {
        "variant": variant,
        "options": options,
        "players": ["Ann", "Ben", "Cat", "Dan", "Eve"][:players],
        "hands": [hand],
    }
    refusal = None
    try:
        replay(document)
    except ScoresheetError as error:  # anything else (a TypeError, a KeyError) fails the test
        refusal = str(error)
    if refusal is not None:
        assert refusal.startswith("hand 1: ")
        assert "\n" not in refusal
