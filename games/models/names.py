"""Names as the table writes them, and the name key that keeps one of each name in a league.

A player's, a season's and a preset's name are unique in their league by
rules.names.name_key (case and spacing aside), whatever the database's
collation: each such model is NameKeyed, and its QuerySet a NameKeyedQuerySet,
so that every save() and bulk_create() keeps name_key from the name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.deconstruct import deconstructible
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules import NameProblem, clean_name, name_key

PLAYER_NAME_LENGTH = 40
LEAGUE_NAME_LENGTH = 100
PRESET_NAME_LENGTH = 60
SEASON_NAME_LENGTH = 40


def _stored_name(text: object, length: int, what: str | Promise) -> str:
    """A name as stored (rules.names), or ValidationError saying why not."""
    try:
        # The subject goes into the engine's sentence as a field, translated with it (rules.names).
        return clean_name(text, length, what)
    except NameProblem as problem:
        raise ValidationError(problem.message, code="name") from None


def player_name(text: object) -> str:
    """A player's name as stored (rules.names), or ValidationError saying why not."""
    return _stored_name(text, PLAYER_NAME_LENGTH, _("A player's name"))


def league_name(text: object) -> str:
    """A league's name as stored: the same rule as a player's, longer."""
    return _stored_name(text, LEAGUE_NAME_LENGTH, _("The league's name"))


def preset_name(text: object) -> str:
    """A league's house rules' name ("Thursday rules"): the same rule as a player's."""
    return _stored_name(text, PRESET_NAME_LENGTH, _("The house rules' name"))


def season_name(text: object) -> str:
    """A season's name ("2026", "Spring 2026"): the same rule as a player's."""
    return _stored_name(text, SEASON_NAME_LENGTH, _("A season's name"))


@deconstructible(path="games.models.StoredAsWritten")
class StoredAsWritten:
    """A model field validator: the name is already as the rule writes it
    (the forms and the imports tidy it first; this catches code that did not)."""

    RULES = {"player": player_name, "league": league_name, "preset": preset_name, "season": season_name}

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, value: str) -> None:
        tidied = self.RULES[self.kind](value)
        if tidied != value:
            raise ValidationError(_("Write the name as %(tidied)s"), params={"tidied": tidied}, code="name")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StoredAsWritten) and other.kind == self.kind

    def __hash__(self) -> int:
        return hash(self.kind)


class NameKeyed(models.Model):
    """A model with a `name` and its `name_key` (rules.names), unique in its league: save() keeps the key."""

    if TYPE_CHECKING:
        # Each concrete model's own fields, of its own length.
        name: str
        name_key: str

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)


NameKeyedModel = TypeVar("NameKeyedModel", bound=NameKeyed)


class NameKeyedQuerySet(models.QuerySet[NameKeyedModel]):
    """bulk_create() skips save(): it keeps the name keys itself (league imports, the automatic years)."""

    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list[NameKeyedModel]:
        objs = list(objs)
        for thing in objs:
            thing.name_key = name_key(thing.name)
        return super().bulk_create(objs, *args, **kwargs)
