"""What the engine says when a setup or a hand entry cannot stand."""

from __future__ import annotations

from dataclasses import dataclass

from rules.option_names import named_options


class RulesError(ValueError):
    """Base class: the message is meant for a person at the table."""


class SetupError(RulesError):
    """The game cannot be set up like this (variant, players, options)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class OptionError(SetupError):
    """A house-rule option the game cannot take; option names it, so a form can mark that field."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message, "options")
        self.option = option

    @property
    def options(self) -> tuple[str, ...]:
        """Every option the refusal names, its own first: the message's fields (rules.option_names), so a
        screen says each by its label and no pattern reads the English."""
        named = named_options(self.message)
        return (self.option, *(key for key in named if key != self.option))


@dataclass(frozen=True, slots=True)
class FieldError:
    """One problem with a hand entry, tied to the field it is about.

    field is one of "hearts", "queen", "jack", "cards", "moon", "sun",
    "time_up", "revoke", or None when the problem is with the entry as a
    whole (the game is over, say). card names the single point card a
    problem is about ("K♠"), so a form can put it beside that card's row.
    """

    field: str | None
    message: str
    card: str | None = None


class EntryError(RulesError):
    """A hand entry breaks the rules; errors lists every problem found."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__("; ".join(error.message for error in errors))
        self.errors = errors

    def __str__(self) -> str:
        # Each message shown in the reader's language (rules.i18n); the joined English is the args'.
        return "; ".join(str(error.message) for error in self.errors)

    def for_field(self, field: str | None) -> list[str]:
        return [error.message for error in self.errors if error.field == field]
