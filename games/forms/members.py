"""Members: invites and roles."""

from __future__ import annotations

from django import forms

from games.models import (
    Membership,
)

INVITE_DAYS = 7


class InviteForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.SCORER)
    days = forms.TypedChoiceField(
        label="Valid for",
        coerce=int,
        choices=[(1, "1 day"), (INVITE_DAYS, f"{INVITE_DAYS} days"), (30, "30 days")],
        initial=INVITE_DAYS,
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)
