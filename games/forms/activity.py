"""The activity log's filter."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import (
    ActivityEntry,
)


class ActivityFilterForm(forms.Form):
    """The activity log's filter: one person's entries, one kind of entry, or both."""

    who = forms.ChoiceField(required=False, label=_("Person"))
    kind = forms.ChoiceField(required=False, label=_("What"))

    def __init__(self, data: Any, people: list[str]) -> None:
        super().__init__(data)
        cast(forms.ChoiceField, self.fields["who"]).choices = [
            ("", _("Anyone")),
            *((name, name or _("The app")) for name in people),
        ]
        cast(forms.ChoiceField, self.fields["kind"]).choices = [("", _("Anything")), *ActivityEntry.Kind.choices]
