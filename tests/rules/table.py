"""Shorthand for writing games the way a score keeper reads them: by name.

game = setup("ricketts")
state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben"), revoke(game, "Dan")])
by_name(game, state.totals) == {"Ann": 3, "Ben": 13, "Cat": 10, "Dan": 26}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules import GameSetup, HandEntry

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def setup(variant: str = "standard", players: int = 4, first_dealer: str = "Ann", **options: object) -> GameSetup:
    names = NAMES[:players]
    return GameSetup.create(variant, names, options, names.index(first_dealer))


def cards(
    game: GameSetup,
    hearts: Mapping[str, int],
    queen: str,
    jack: str | None = None,
    moon: str | None = None,
) -> HandEntry:
    """A hand as entered: hearts per player (others took none), Q♠ and J♦ takers."""
    taken = [0] * game.seats
    for name, count in hearts.items():
        taken[game.players.index(name)] = count
    return HandEntry.cards(
        taken,
        game.players.index(queen),
        game.players.index(jack) if jack is not None else None,
        moon,
    )


def moon(game: GameSetup, shooter: str, jack: str | None = None, choice: str | None = None) -> HandEntry:
    """Every heart in play and the Q♠ to one player."""
    return cards(game, {shooter: game.hearts_in_play}, shooter, jack, choice)


def revoke(game: GameSetup, offender: str) -> HandEntry:
    return HandEntry.revoked(game.players.index(offender))


def by_name(game: GameSetup, values: Sequence[int]) -> dict[str, int]:
    return dict(zip(game.players, values, strict=True))


def names(game: GameSetup, seats: Sequence[int]) -> list[str]:
    return [game.players[seat] for seat in seats]
