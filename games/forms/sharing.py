"""A game's share link."""

from __future__ import annotations

from django import forms

from games.models import (
    Membership,
)


class ShareForm(forms.Form):
    """The role a newcomer gets through a game's share link: viewer unless the organizer says otherwise."""

    role = forms.ChoiceField(
        label="Who scans this joins as",
        choices=[
            (Membership.Role.VIEWER, "Viewer: follows the game"),
            (Membership.Role.SCORER, "Scorer: enters hands"),
        ],
        initial=Membership.Role.VIEWER,
    )
