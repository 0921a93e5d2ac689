"""What the models refuse to do, and why: each message is for the person who asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext

if TYPE_CHECKING:
    from games.models.game import Game


class DeclareError(Exception):
    """The game cannot be declared null or abandoned in its present state."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PlayerInUse(Exception):
    """The player cannot be deleted or merged as asked; str() says why."""


class DuplicateGame(Exception):
    """The scoresheet is a game the league has already: same day, same players, same hands."""

    def __init__(self, game: Game) -> None:
        self.game = game
        super().__init__(
            gettext(
                "This scoresheet is already game %(number)s, played %(day)s: the same players "
                "with the same hands on the same day. It was not imported again."
            )
            % {"number": game.number, "day": f"{game.played_on:%Y-%m-%d}"}
        )


class HandConflict(Exception):
    """Another phone changed the game first (the same hand, submitted twice)."""

    def __init__(self, message: str, number: int | None = None, reused_key: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.number = number
        # A hand's key sent again with another entry or number: a broken or tampered request, not a race.
        self.reused_key = reused_key
