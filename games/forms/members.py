"""Members: invites and roles."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.models import (
    Membership,
)

INVITE_DAYS = 7


class InviteForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.SCORER)
    days = forms.TypedChoiceField(
        label=_("Valid for"),
        coerce=int,
        choices=[
            (days, ngettext_lazy("%(days)d day", "%(days)d days", days) % {"days": days})
            for days in (1, INVITE_DAYS, 30)
        ],
        initial=INVITE_DAYS,
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)
