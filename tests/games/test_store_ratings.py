"""Seat ratings are written by one prepared UPDATE a seat, or, for a whole league's on PostgreSQL,
through COPY into a table of the moment and one UPDATE from it (SeatQuerySet.store_ratings)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Seat, seats
from tests.factories import LeagueFactory, make_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("copied_above", [0, 10_000])  # every write through COPY on PostgreSQL, or none
def test_new_ratings_land_on_their_seats_and_no_other(league, monkeypatch, copied_above):
    monkeypatch.setattr(seats, "COPIED_RATINGS", copied_above)
    first, second = make_game(league), make_game(league)
    changed = [
        (seat.pk, (25.0 + index / 3, 8.333333333333334 - index / 7)) for index, seat in enumerate(first.ordered_seats())
    ]
    Seat.objects.store_ratings(changed)
    stored = dict(Seat.objects.filter(game=first).values_list("pk", "rating_mu").order_by())
    assert stored == {seat_id: mu for seat_id, (mu, _) in changed}  # floats exactly as given
    assert [sigma for _, (_, sigma) in changed] == list(
        Seat.objects.filter(game=first).order_by("position").values_list("rating_sigma", flat=True)
    )
    assert set(Seat.objects.filter(game=second).values_list("rating_mu", flat=True)) == {None}


def test_a_second_write_in_one_transaction_finds_no_table_left_over(league, monkeypatch):
    # The table of the moment is dropped after its UPDATE: two writes in one transaction (an import's
    # step rates, then a season's) must not find it already there.
    monkeypatch.setattr(seats, "COPIED_RATINGS", 0)
    game = make_game(league)
    seat_ids = [seat.pk for seat in game.ordered_seats()]
    Seat.objects.store_ratings([(seat_ids[0], (20.0, 5.0))])
    Seat.objects.store_ratings([(seat_ids[1], (21.5, 4.5))])
    assert list(Seat.objects.filter(game=game).order_by("position").values_list("rating_mu", flat=True)) == [
        20.0,
        21.5,
        None,
        None,
    ]


def test_only_the_seats_of_a_leagues_games_that_dont_count_forget_their_ratings(league, user):
    other_league = LeagueFactory(owner=user)
    over, playing, trashed = make_game(league), make_game(league), make_game(league)
    elsewhere = make_game(other_league)
    Game.objects.filter(pk=over.pk).update(status=Game.Status.OVER)
    trashed.trash(user)
    Seat.all_objects.update(rating_mu=25.0, rating_sigma=8.0)
    with CaptureQueriesContext(connection) as queries:
        Seat.objects.forget_uncounted_ratings(Game.objects.filter(league=league))
    # One UPDATE, over the games' ids: no join the seats' UPDATE would make a self-join of.
    (update,) = queries
    assert '"games_seat"."game_id" IN (SELECT' in update["sql"]
    assert "JOIN" not in update["sql"]
    mus = dict(Seat.all_objects.values_list("game_id", "rating_mu").distinct())
    # The game being played forgets; the finished one, the trashed one (kept as it was for its
    # restore) and another league's don't.
    assert mus == {over.pk: 25.0, playing.pk: None, trashed.pk: 25.0, elsewhere.pk: 25.0}
