"""Every number a form takes has a bound (issue 34): a value past what its database column holds
made SQLite raise OverflowError (a 500) where PostgreSQL refused the query.

An id posted for a row (a player, an account) is checked to be one its column could hold before it
is looked up: Django's ModelChoiceField catches ValueError and TypeError from the lookup, not
SQLite's OverflowError. Plain numbers carry min_value and max_value (tests/games/test_number_bounds.py
walks every form and checks that each has both).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

# What an integer column holds on every database the app runs on (Django's own ranges).
INT_MAX = 2_147_483_647
BIG_INT_MAX = 9_223_372_036_854_775_807
_ID_DIGITS = re.compile(r"[0-9]{1,19}")


def id_fits(model: type[models.Model], value: Any) -> bool:
    """Whether `value` (as posted) is a number the model's primary key column could hold."""
    if isinstance(value, model):
        return True
    text = str(value).strip()
    if not _ID_DIGITS.fullmatch(text):
        return False
    most = BIG_INT_MAX if isinstance(model._meta.pk, models.BigAutoField) else INT_MAX
    return 1 <= int(text) <= most


class IdChoiceField(forms.ModelChoiceField):
    """A ModelChoiceField whose posted id must fit its column: anything else is no choice, never a 500."""

    def to_python(self, value: Any) -> Any:
        model = self.queryset.model if self.queryset is not None else None
        if value not in self.empty_values and model is not None and not id_fits(model, value):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class IdsChoiceField(forms.ModelMultipleChoiceField):
    """A ModelMultipleChoiceField whose posted ids must each fit their column."""

    # Django's own step that looks the posted ids up (not in its type stubs).
    def _check_values(self, value: Any) -> Any:
        model = self.queryset.model if self.queryset is not None else None
        for pk in value:
            if model is not None and not id_fits(model, pk):
                raise ValidationError(
                    self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": str(pk)[:20]}
                )
        return super()._check_values(value)  # type: ignore[misc]
