"""Random and malformed hands thrown at the domain operations: refused cleanly or stored valid.

Whatever comes in, a game's stored hands must still replay through the
engine, and a refusal must be a RulesError (which the screens turn into a
message) or a HandConflict, never a crash.
"""

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.models import Game, HandConflict
from rules import HandEntry, RulesError
from tests.factories import LeagueFactory, make_game
from tests.fuzzing import examples

pytestmark = pytest.mark.django_db

# Players at the table per variant, and the hearts in play (two decks in 3D).
VARIANTS = {"standard": (4, 13), "omnibus": (5, 13), "ricketts": (4, 13), "3d": (6, 26)}

seat_or_junk = st.one_of(st.none(), st.integers(-2, 9))
junk_entries = st.one_of(
    st.builds(
        HandEntry.cards,
        hearts=st.lists(st.integers(-30, 60), max_size=9),
        queen=seat_or_junk,
        jack=seat_or_junk,
        moon=st.sampled_from([None, "add", "subtract", "", "sideways"]),
    ),
    st.builds(HandEntry.revoked, seat_or_junk),
)


def plausible_entries(variant, players, hearts_in_play):
    """Hands a table could really report: every heart taken by someone, the queen by someone."""
    seat = st.integers(0, players - 1)
    hearts = st.lists(seat, min_size=hearts_in_play, max_size=hearts_in_play).map(
        lambda takers: [takers.count(taker) for taker in range(players)]
    )
    jack = seat if variant in ("omnibus", "3d") else st.none()
    return st.one_of(
        st.builds(HandEntry.cards, hearts, seat, jack),
        st.builds(HandEntry.revoked, seat),
    )


@st.composite
def games_played(draw):
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    players, hearts_in_play = VARIANTS[variant]
    plausible = plausible_entries(variant, players, hearts_in_play)
    entry = st.one_of(plausible, plausible, plausible, junk_entries)
    action = st.tuples(st.sampled_from(["record", "record", "edit", "delete"]), st.integers(0, 3), entry)
    return variant, draw(st.lists(action, min_size=1, max_size=8))


@settings(
    max_examples=examples(50),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(games_played())
def test_random_hands_are_refused_cleanly_or_stored_valid(played):
    variant, actions = played
    with transaction.atomic():
        game = make_game(LeagueFactory(), variant, VARIANTS[variant][0])
        for action, offset, entry in actions:
            apply(game, action, offset, entry)
            stored = Game.objects.get(pk=game.pk)
            state = stored.state()
            assert stored.hand_count == len(state.hands) == stored.hands.count()
            assert [seat.total for seat in stored.ordered_seats()] == list(state.totals)
        event(f"{len(actions)} actions, {game.hands.count()} hands stored")
        # Each example starts from an empty game.
        transaction.set_rollback(True)


def apply(game, action, offset, entry):
    """One change as a phone might send it; offset makes some of them stale (a conflict)."""
    count = game.hands.count()
    try:
        if action == "record":
            game.record_hand(count + 1 - (offset == 3), entry)
        elif action == "edit":
            game.edit_hand(count - offset, entry)
        else:
            game.delete_last_hand(count - (offset == 3))
    except (RulesError, HandConflict):
        pass
