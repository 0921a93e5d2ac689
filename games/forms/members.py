"""Members: invites and roles."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.models import (
    Membership,
)

INVITE_DAYS = 7
INVITE_LENGTHS = (1, INVITE_DAYS, 30)


class InviteForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.SCORER)
    days = forms.TypedChoiceField(
        label=_("Valid for"),
        coerce=int,
        choices=[(days, str(days)) for days in INVITE_LENGTHS],
        initial=INVITE_DAYS,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Worded here, in the reader's language: a choice formatted at import would stay English.
        cast(forms.ChoiceField, self.fields["days"]).choices = [
            (days, ngettext("%(days)d day", "%(days)d days", days) % {"days": days}) for days in INVITE_LENGTHS
        ]


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)
