"""The league's skill ratings: openskill's Plackett-Luce, game by game.

Every counted game (Game.objects.counted()) is rated in order of play, the
order its table started it: (created_at, pk). The finishing order puts the
game's winners first (a 69-for-5 winner beats a lower total), then the
others by final total, lowest first; equal places share a rank. Each
seat keeps the player's rating right after that game (Seat.rating_mu and
rating_sigma), so standings and charts read ratings instead of computing
them, and a change to one game re-rates only the games played after it.

The ratings are a cache like the rest of a seat's results: rerate(league)
rebuilds them from the games' cached totals at any time.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from itertools import groupby

from django.db import connection, transaction
from django.db.models import OuterRef, Q, Subquery
from openskill.models import PlackettLuce

from games.models import Game, League, Player, Seat

MODEL = PlackettLuce()

# Where a game stands in the order of play.
Position = tuple[datetime, int]
# Players' current (mu, sigma); None for a player with no counted game.
Ratings = dict[int, tuple[float, float] | None]


def ordinal(mu: float, sigma: float) -> float:
    """The one number shown as a player's rating: skill with its doubt taken off."""
    return mu - 3 * sigma


def finishing_ranks(totals: Iterable[int], won: Iterable[bool] | None = None) -> list[int]:
    """1 for the winners (or the lowest total), then by total; equal places share a rank (1, 2, 2, 4)."""
    totals = list(totals)
    won = list(won) if won is not None else [False] * len(totals)
    places = [(not winner, total) for winner, total in zip(won, totals, strict=True)]
    return [1 + sum(1 for other in places if other < place) for place in places]


def rate_game(
    before: list[tuple[float, float] | None], totals: list[int], won: list[bool] | None = None
) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after one game, from before it (None for a newcomer)."""
    ratings = [MODEL.rating() if prior is None else MODEL.rating(*prior) for prior in before]
    rated = MODEL.rate([[rating] for rating in ratings], ranks=finishing_ranks(totals, won))
    return [(team[0].mu, team[0].sigma) for team in rated]


@transaction.atomic
def rerate(league_id: int, since: Game | Position | None = None, players: Iterable[int] = ()) -> Ratings:
    """Re-rate the league's counted games from `since` onward (all of them when None).

    `players` are those of the changed game, whose rating may move even when
    the game no longer counts. Returns the current rating of every player
    whose rating may have moved: all of the league's players when rating
    everything; None for a player left without a counted game.

    The league row is locked first so that two games finishing at once are
    rated one after the other, the second seeing the first's ratings.
    """
    League.objects.select_for_update().filter(pk=league_id).exists()
    uncounted = Seat.objects.exclude(game__status=Game.Status.OVER).exclude(rating_mu=None)
    if isinstance(since, Game):
        # The changed game itself may have stopped counting.
        uncounted.filter(game_id=since.pk).update(rating_mu=None, rating_sigma=None)
        since = (since.created_at, since.pk)
    elif since is None:
        uncounted.filter(game__league_id=league_id).update(rating_mu=None, rating_sigma=None)
        players = Player.objects.filter(league_id=league_id).values_list("pk", flat=True)

    seats = Seat.objects.filter(game__in=_games_from(league_id, since)).order_by(
        "game__created_at", "game_id", "position"
    )
    rows = list(seats.values_list("pk", "game_id", "player_id", "total", "rating_mu", "rating_sigma", "won"))
    touched = set(players) | {row[2] for row in rows}
    current: Ratings = dict.fromkeys(touched)
    current.update(_ratings_before(league_id, since, touched))
    changed: list[tuple[float, float, int]] = []
    for _, game_seats in groupby(rows, key=lambda row: row[1]):
        game_seats = list(game_seats)
        after = rate_game(
            [current[row[2]] for row in game_seats], [row[3] for row in game_seats], [row[6] for row in game_seats]
        )
        for row, (mu, sigma) in zip(game_seats, after, strict=True):
            current[row[2]] = (mu, sigma)
            if (row[4], row[5]) != (mu, sigma):
                changed.append((mu, sigma, row[0]))
    _store(changed)
    return current


def _games_from(league_id: int, since: Position | None):
    games = Game.objects.counted().filter(league_id=league_id)
    if since is not None:
        created_at, pk = since
        games = games.filter(Q(created_at__gt=created_at) | Q(created_at=created_at, pk__gte=pk))
    return games


def _ratings_before(league_id: int, since: Position | None, player_ids: set[int]) -> dict[int, tuple[float, float]]:
    """Each player's rating just before the game at `since`: their last rated seat."""
    if since is None or not player_ids:
        return {}
    created_at, pk = since
    last = (
        Seat.objects.filter(player=OuterRef("pk"), game__status=Game.Status.OVER)
        .exclude(rating_mu=None)
        .filter(Q(game__created_at__lt=created_at) | Q(game__created_at=created_at, game_id__lt=pk))
        .order_by("-game__created_at", "-game_id")
    )
    players = (
        Player.objects.filter(league_id=league_id, pk__in=player_ids)
        .annotate(mu=Subquery(last.values("rating_mu")[:1]), sigma=Subquery(last.values("rating_sigma")[:1]))
        .exclude(mu=None)
        .values_list("pk", "mu", "sigma")
    )
    return {pk: (mu, sigma) for pk, mu, sigma in players}


def _store(changed: list[tuple[float, float, int]]) -> None:
    """Write the new ratings: one prepared UPDATE run for every changed seat.

    bulk_update's CASE statements take seconds for a whole league's seats;
    executemany of one statement takes a fraction of that on both databases.
    """
    if not changed:
        return
    table = connection.ops.quote_name(Seat._meta.db_table)
    mu = connection.ops.quote_name(Seat._meta.get_field("rating_mu").column)
    sigma = connection.ops.quote_name(Seat._meta.get_field("rating_sigma").column)
    pk = connection.ops.quote_name(Seat._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {table} SET {mu} = %s, {sigma} = %s WHERE {pk} = %s", changed)
