"""The league's skill ratings: openskill's Plackett-Luce, game by game.

Pure arithmetic, no database: League.results_changed() reads the seats of
the counted games in order of play, folds them through rate_in_order() and
stores what moved. The finishing order puts a game's winners first (a
69-for-5 winner beats a lower total), then the others by final total,
lowest first; equal places share a rank. Partners (RULES.md, Partners) are
rated as one team of two players: openskill rates teams, and a team's
players share its place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, NamedTuple, TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()

# A player's (mu, sigma); None for a player with no counted game yet.
Rating = tuple[float, float]
Ratings = dict[int, Rating | None]


# How a league shows its ratings (League.rating_scale): the stored rating, openskill's ordinal
# (mu - 3 sigma, from 0 for a new player), as it is, or on an Elo-like scale as openskill's FAQ
# suggests for display, 1000 + 40 x the ordinal. Both rise with the ordinal: the players' order is
# the same either way, and nothing stored changes.
class Scale(NamedTuple):
    start: float  # a new player's rating, shown
    step: float  # shown per point of the ordinal


SCALES = {"openskill": Scale(0.0, 1.0), "elo": Scale(1000.0, 40.0)}


def on_scale(rating: float, scale: str) -> float:
    """A stored rating (the ordinal) as the league shows it."""
    start, step = SCALES[scale]
    return start + step * rating


# What names a seat for the caller: its id, or (its game's number, its position) for a seat an
# import rates before it is stored.
SeatId = TypeVar("SeatId")


class RatedSeat(NamedTuple, Generic[SeatId]):
    """What rating one seat needs: whose it is, how they finished, what it holds now."""

    seat_id: SeatId
    player_id: int
    total: int
    won: bool
    rating: Rating | None  # the rating stored on the seat, to skip writing an unchanged one
    team: int | None = None  # the seat's team in a partners game (Seat.team); None: plays alone


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
    before: list[Rating | None],
    totals: list[int],
    won: list[bool] | None = None,
    teams: Sequence[int | None] | None = None,
) -> list[Rating]:
    """Each seat's (mu, sigma) after one game, from before it (None for a newcomer).

    With teams (each seat's team, as Seat.team keeps it), partners are one openskill team: a
    team's totals and win are its players' (each partner carries them), so its first seat's
    place is the team's."""
    rated = _rate([MODEL.rating() if prior is None else MODEL.rating(*prior) for prior in before], totals, won, teams)
    return [(rating.mu, rating.sigma) for rating in rated]


def _rate(
    ratings: list[PlackettLuceRating],
    totals: list[int],
    won: list[bool] | None = None,
    teams: Sequence[int | None] | None = None,
) -> list[PlackettLuceRating]:
    """rate_game with openskill's own ratings: each seat's after the game."""
    seat_teams = list(teams) if teams is not None and any(team is not None for team in teams) else None
    groups: list[list[int]] = []
    if seat_teams is None:
        groups = [[seat] for seat in range(len(ratings))]
    else:
        by_team: dict[int | None, list[int]] = {}
        for seat, team_of_seat in enumerate(seat_teams):
            by_team.setdefault(team_of_seat if team_of_seat is not None else -1 - seat, []).append(seat)
        groups = list(by_team.values())
    places = finishing_ranks(
        [totals[group[0]] for group in groups], [won[group[0]] for group in groups] if won else None
    )
    # openskill asks for a list of floats; a list of ints is one, but mypy's lists are invariant.
    ranks: list[float] = list(places)
    rated = MODEL.rate([[ratings[seat] for seat in group] for group in groups], ranks=ranks)
    after: list[PlackettLuceRating] = list(ratings)
    for group, players in zip(groups, rated, strict=True):
        for seat, rating in zip(group, players, strict=True):
            after[seat] = rating
    return after


def rate_in_order(games: Iterable[Sequence[RatedSeat[SeatId]]], current: Ratings) -> list[tuple[SeatId, Rating]]:
    """Rate games in order of play, starting from `current` (updated in place).

    Returns the seats whose stored rating differs from the new one, with
    that new rating: all that needs writing.
    """
    changed: list[tuple[SeatId, Rating]] = []
    # Each player's rating as openskill's object, once rated here: made once, not for every game
    # (a whole league's rating makes some 40,000 of them, each with its own uuid).
    rated: dict[int, PlackettLuceRating] = {}
    for seats in games:
        before = []
        for seat in seats:
            known = rated.get(seat.player_id)
            if known is None:
                prior = current.get(seat.player_id)
                known = MODEL.rating() if prior is None else MODEL.rating(*prior)
            before.append(known)
        after = _rate(
            before, [seat.total for seat in seats], [seat.won for seat in seats], [seat.team for seat in seats]
        )
        for seat, rating in zip(seats, after, strict=True):
            rated[seat.player_id] = rating
            new = current[seat.player_id] = (rating.mu, rating.sigma)
            if seat.rating != new:
                changed.append((seat.seat_id, new))
    return changed


def rate_afresh(games: Iterable[Sequence[RatedSeat[int]]]) -> dict[int, Rating]:
    """Every player's rating after `games`, in order of play, each starting from the model's default.

    A season's ratings: they know nothing of the games before its first day."""
    current: Ratings = {}
    rate_in_order(games, current)
    return current  # type: ignore[return-value]  # every player in it has played: none is None
