"""What the models refuse to do, and why: each refusal is a code and its values (issue 36).

A refusal is raised as `HandConflict("hand-taken", number=3)`: its code names
one sentence of REFUSALS, its values fill that sentence's fields. Its message
is a rules.i18n Message: English as a str (tests, logs and the History read
that), said in the reader's language when a page, a message or a JSON answer
shows it, whoever's request raised it. Nothing rewrites English afterwards:
a sentence that differs by a word ("already null", "already abandoned") has
a code of its own, so that each language says it whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils import formats
from django.utils.translation import gettext

from rules.i18n import Message, _

if TYPE_CHECKING:
    from games.models.game import Game


class Count(int):
    """A number in a refusal, grouped as the reader's language groups it when shown (5,000; 5.000; 5 000)."""

    def __format__(self, spec: str) -> str:
        return formats.number_format(int(self), force_grouping=True) if not spec else format(int(self), spec)

    def __str__(self) -> str:
        return format(self, "")


REFUSALS: dict[str, Message] = {
    # Declaring a game null or abandoned, and taking it back.
    "declare-what": _("A game can be declared null or abandoned"),
    "already-null": _("This game is already null"),
    "already-abandoned": _("This game is already abandoned"),
    "null-not-zero": _("A game can be declared null only when every total is back to 0"),
    "over-not-abandoned": _("The game is over; there is nothing to abandon"),
    "not-declared": _("This game is not declared null or abandoned"),
    # Hands, when another phone got there first.
    "null-final": _("This game is null; its hands can't change"),
    "abandoned-final": _("This game is abandoned; its hands can't change"),
    "game-deleted": _("This game was just deleted: an organizer can restore it from the league's trash"),
    "hand-taken": _("Hand {number} was just recorded by someone else"),
    "hand-early": _("Hand {number} can't be entered yet: hand {next} is next"),
    "hand-changed": _("Hand {number} was changed by someone else since you opened it: here it is now"),
    "hand-missing": _("There is no hand {number} to change"),
    "hand-not-last": _("Hand {number} is not the last hand any more"),
    "hand-form-stale": _("This form for hand {number} is out of date: here is the hand now"),
    "key-reused": _(
        "This entry's key was already used for hand {stored}, with another entry: "
        "nothing was stored. Reload the game and enter the hand again."
    ),
    "hand-no-longer-stands": _("With this change, hand {number} no longer stands: {reason}"),
    # The time limit's clock.
    "no-time-limit": _("This game has no time limit"),
    "clock-kept": _("The clock runs from the first deal: hands are already in, so it stays as it is"),
    # The trash.
    "game-in-trash": _("Game {number} is already in the trash"),
    "game-not-in-trash": _("Game {number} is not in the trash"),
    # A game's day and a league's size.
    "day-out-of-range": _("A game is played on a day from 1900 to today."),
    "bad-player-name": _("{problem}: “{name}”"),
    "league-games-full": _("{league} has {most} games, the most a league can hold: start a new league"),
    "league-players-full": _("{league} has {most} players, the most a league can hold"),
    "league-players-over": _(
        "{league} has {count} players and this game would add {adding}: a league holds at most {most}"
    ),
}


def refusal(code: str, /, **values: Any) -> Message:
    """The sentence of refusal `code` with its values: English as a str, the reader's language when shown."""
    shown = {name: Count(value) if type(value) is int else value for name, value in values.items()}
    return REFUSALS[code].format(**shown)


class Refusal(Exception):
    """A change the models refuse: `code` and `values` say which and about what; str() says it to the reader."""

    def __init__(self, code: str, /, **values: Any) -> None:
        self.code = code
        self.values = values
        self.message: str = refusal(code, **values)
        super().__init__(self.message)

    def __str__(self) -> str:
        return str(self.message)


class DeclareError(Refusal):
    """The game cannot be declared null or abandoned in its present state."""


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


class HandConflict(Refusal):
    """Another phone changed the game first (the same hand, submitted twice)."""

    def __init__(self, code: str, /, number: int | None = None, reused_key: bool = False, **values: Any) -> None:
        super().__init__(code, **({"number": number} if number is not None else {}), **values)
        self.number = number
        # A hand's key sent again with another entry or number: a broken or tampered request, not a race.
        self.reused_key = reused_key
