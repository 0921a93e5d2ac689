"""A game's share link."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import (
    Membership,
)


class ShareForm(forms.Form):
    """The role a newcomer gets through a game's share link: viewer unless the organizer says otherwise."""

    role = forms.ChoiceField(
        label=_("Who scans this joins as"),
        choices=[
            (Membership.Role.VIEWER, _("Viewer: follows the game")),
            (Membership.Role.SCORER, _("Scorer: enters hands")),
        ],
        initial=Membership.Role.VIEWER,
    )
