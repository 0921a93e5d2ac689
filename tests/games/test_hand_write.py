"""What a hand's write costs and leaves behind (issue 22: a club's hands, and another table's during an import).

A new hand is written with its result, moves only the seats' figures that
moved, and hands the caller's game back as the database holds it, without
reading it again.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game, Hand, League, Seat
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def as_stored(game):
    """Every column of the game's row, as the database holds it."""
    fresh = Game.all_objects.get(pk=game.pk)
    return {field.attname: getattr(fresh, field.attname) for field in Game._meta.concrete_fields}


def as_held(game):
    return {field.attname: getattr(game, field.attname) for field in Game._meta.concrete_fields}


def written(queries, table):
    return [query["sql"] for query in queries if query["sql"].startswith(f'UPDATE "{table}"')]


def test_a_hand_costs_a_fixed_number_of_queries(league, user):
    game = make_game(league, options={"target": 100})
    # Ann 3 hearts, Ben the Q♠, Cat 10 hearts, Dan nothing: three seats move, Dan's doesn't.
    # Each: its savepoint and release, the league's version, the game with its seats and hands,
    # the hand and its History line, the game's results and version, the three seats.
    # PostgreSQL also locks the league's row and the seats' (SQLite's transaction holds its one lock).
    expected = 12 + (2 if connection.features.has_select_for_update else 0)
    with CaptureQueriesContext(connection) as queries:
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    assert len(queries) == expected, "\n".join(query["sql"][:120] for query in queries)
    assert len(written(queries, "games_seat")) == 3
    assert not written(queries, "games_hand")  # the hand's result came with its INSERT
    assert Hand.objects.get(game=game, number=1).result["totals"] == [3, 13, 10, 0]


def test_a_seat_writes_only_the_figures_that_moved(league, user):
    game = make_game(league, options={"target": 100})
    with CaptureQueriesContext(connection) as queries:
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    # Ann took 3 hearts: her total and points; Ben the Q♠: his total, points and queens.
    seats = written(queries, "games_seat")
    assert ('"total"' in seats[0], '"points"' in seats[0], '"queens"' in seats[0]) == (True, True, False)
    assert '"queens"' in seats[1]
    assert not any('"moons"' in sql or '"won"' in sql for sql in seats)
    totals = dict(Seat.objects.filter(game=game).values_list("position", "total"))
    assert totals == {ANN: 3, BEN: 13, CAT: 10, DAN: 0}
    # Hand 2: Ann takes the Q♠ and Dan nothing again: his seat isn't written at all.
    with CaptureQueriesContext(connection) as queries:
        game.record_hand(2, HandEntry.cards([0, 3, 10, 0], ANN), user)
    assert len(written(queries, "games_seat")) == 3
    totals = dict(Seat.objects.filter(game=game).values_list("position", "total"))
    assert totals == {ANN: 16, BEN: 16, CAT: 20, DAN: 0}


def test_the_callers_game_is_what_the_database_holds_after_each_change(league, user):
    game = make_game(league, options={"target": 26})
    list(game.hands.all())  # prefetched by the page that asked
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    assert as_held(game) == as_stored(game)
    assert (game.version, game.hand_count, game.status) == (1, 1, Game.Status.IN_PROGRESS)
    assert [hand.number for hand in game.hands.all()] == [1]  # no list of hands from before the change
    # Cat goes over 26: the game ends, and its end's time is the one stored.
    game.record_hand(2, HandEntry.cards([3, 0, 10, 0], CAT), user)
    assert game.status == Game.Status.OVER
    assert game.finished_at is not None
    assert as_held(game) == as_stored(game)
    game.edit_hand(2, HandEntry.cards([3, 0, 10, 0], BEN), user)
    assert as_held(game) == as_stored(game)
    game.delete_last_hand(2, user)
    assert as_held(game) == as_stored(game)
    assert (game.version, game.hand_count, game.finished_at) == (4, 1, None)


def test_an_edit_rewrites_the_results_from_its_hand_on_and_leaves_those_before_it(league, user):
    game = make_game(league, options={"target": 100})
    game.record_hand(1, HandEntry.cards([5, 4, 4, 0], ANN), user)
    game.record_hand(2, HandEntry.cards([0, 3, 10, 0], DAN), user)
    game.record_hand(3, HandEntry.cards([1, 1, 1, 10], CAT), user)
    first = Hand.objects.get(game=game, number=1).result
    with CaptureQueriesContext(connection) as queries:
        # Hand 2 again: Ben took the Q♠, not Dan. Totals after hand 1: 18 4 4 0;
        # after hand 2: 18 20 14 0; after hand 3: 19 21 28 10.
        game.edit_hand(2, HandEntry.cards([0, 3, 10, 0], BEN), user)
    results = dict(Hand.objects.filter(game=game).values_list("number", "result"))
    assert results[1] == first
    assert results[2]["totals"] == [18, 20, 14, 0]
    assert results[3]["totals"] == [19, 21, 28, 10]
    # Hand 1 is neither read again nor written: the hands' results are read from hand 2 on.
    reads = [query["sql"] for query in queries if query["sql"].startswith("SELECT") and '"result"' in query["sql"]]
    assert any('"number" >= 2' in sql for sql in reads)


def test_the_record_view_reads_the_game_under_its_lock_once(scorer, league):
    # The view checks the form against the game read under the lock, and the hand is written on that
    # same read: one lock, one move of the league's version, one read of the seats and hands before it.
    game = make_game(league)
    data = {"number": "1", "action": "cards", "queen": str(BEN), "key": "k1"}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([3, 0, 10, 0])})
    before = League.objects.values_list("data_version", flat=True).get(pk=league.pk)
    with CaptureQueriesContext(connection) as queries:
        response = scorer.post(reverse("games:hand-new", args=[game.pk]), data, headers=HTMX)
    assert response.status_code == 200
    assert len(written(queries, "games_league")) == 1
    assert League.objects.values_list("data_version", flat=True).get(pk=league.pk) == before + 1
    hand_reads = [query for query in queries if query["sql"].startswith('SELECT "games_hand"')]
    # Under the lock, then the page drawn after the hand.
    assert len(hand_reads) == 2
    # Session, user, game, membership; the lock's reads; the write (as test_a_hand_costs...); the page's reads.
    assert len(queries) == 22 + (2 if connection.features.has_select_for_update else 0)
