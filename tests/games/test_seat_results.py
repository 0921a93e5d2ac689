"""seat_results works out every seat's figures (games.figures' table) from a game's hands (an import
makes some 20,000 seats' rows with it); each figure is checked here against its definition, seat by seat."""

from hypothesis import given
from hypothesis import strategies as st

from games.models import seat_results
from rules import GameSetup, HandEntry, play
from tests.rules.table import NAMES
from tests.rules.test_more_variants_properties import SETTINGS, hands, tables, turbo_hands


def by_definition(state, winners):
    """Each seat's figures as Seat.RESULT_FIELDS names them, worked out for that seat alone."""
    setup = state.setup
    rows = []
    for seat in range(len(setup.players)):
        # A partner carries the team's total, points, win (and moon where moons are the team's).
        scorer = setup.scorer_of_seat(seat)
        shooter = scorer if setup.teams and setup.moon_names == setup.team_names else seat
        rows.append(
            {
                "total": state.totals[scorer],
                "won": scorer in winners,
                "points": sum(hand.points[scorer] for hand in state.hands),
                "moons": sum(1 for hand in state.hands if hand.moon and hand.moon.shooter == shooter),
                "queens": sum(1 for hand in state.hands if hand.entry.queen == seat),
                "jacks": sum(1 for hand in state.hands if hand.entry.jack == seat),
                "wraps": sum(1 for hand in state.hands if seat in hand.wrapped),
                "revokes": sum(1 for hand in state.hands if hand.entry.revoke == seat),
                "money": state.money[seat] if state.money is not None else 0,
                "team": scorer if setup.teams else None,
            }
        )
    return rows


def played(setup, entries):
    """The game after the entries, up to the one that ends it."""
    state = play(setup, [])
    for entry in entries:
        if state.is_over:
            break
        state = state.after(entry)
    return state


@SETTINGS
@given(st.data())
def test_every_seats_figures_are_those_of_their_definition(data):
    table = data.draw(tables(teams=data.draw(st.booleans())))
    state = played(table.setup, data.draw(st.lists(hands(table), min_size=1, max_size=8)))
    winners = set(state.winners)
    assert seat_results(state, winners) == by_definition(state, winners)


@SETTINGS
@given(st.lists(turbo_hands(), min_size=1, max_size=6))
def test_turbo_seats_carry_their_money(entries):
    state = played(GameSetup.create("turbo", NAMES[:4]), entries)
    assert seat_results(state, set()) == by_definition(state, set())


def test_wraps_moons_queens_and_revokes_by_hand():
    # Worked by hand: hand 1 Ann shoots the moon (everyone else +26); hand 2 Ben takes 12 hearts
    # and the Q♠, 26 + 25 = 51, which wraps=[51] sends back to 0 (Cat takes the last heart: 27);
    # hand 3 Cat revokes.
    setup = GameSetup.create("standard", NAMES[:4], {"wraps": [51], "moon": "add"})
    entries = [
        HandEntry.cards([13, 0, 0, 0], 0),
        HandEntry.cards([0, 12, 1, 0], 1),
        HandEntry.revoked(2),
    ]
    state = play(setup, entries)
    rows = seat_results(state, set())
    assert [row["moons"] for row in rows] == [1, 0, 0, 0]
    assert [row["queens"] for row in rows] == [1, 1, 0, 0]
    assert [row["wraps"] for row in rows] == [0, 1, 0, 0]  # Ben's 51 went back to 0
    assert [row["revokes"] for row in rows] == [0, 0, 1, 0]
    assert [row["points"] for row in rows][:2] == [0, 26 + 25]  # before wraps
    assert rows == by_definition(state, set())
