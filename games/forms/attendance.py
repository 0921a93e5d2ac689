"""Before the night: announcing it, and each player's yes, no or maybe (a member's, or one sent on the link).

They parse what the phone sent; what an answer does (which player it is, when
answers close) is the Announcement model's.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms.numbers import IdChoiceField
from games.models import NOTE_LENGTH, Answer, League, Player, player_name

# An announcement is for a night ahead, within a year.
FURTHEST_AHEAD = timedelta(days=366)


class AnnouncementForm(forms.Form):
    day = forms.DateField(label=_("Day"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    time = forms.TimeField(
        label=_("Time"), required=False, widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    )
    note = forms.CharField(
        label=_("Note"),
        help_text=_("Where, what to bring: everyone who answers reads it."),
        max_length=NOTE_LENGTH,
        required=False,
    )

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["day"].initial = league.today()

    def clean_day(self) -> Any:
        day = self.cleaned_data["day"]
        today = self.league.today()
        if day < today:
            raise ValidationError(gettext("Announce a night from today on"))
        if day > today + FURTHEST_AHEAD:
            raise ValidationError(gettext("Announce a night at most a year ahead"))
        return day

    def clean_note(self) -> str:
        return " ".join(self.cleaned_data["note"].split())


class AnswerForm(forms.Form):
    """A member's answer: for their own player, or, not linked to one yet, for the player they pick or name."""

    choice = forms.ChoiceField(choices=Answer.Choice.choices)
    player = IdChoiceField(label=_("You are"), queryset=Player.objects.none(), required=False)
    name = forms.CharField(label=_("Or your name, new to the league"), max_length=200, required=False)

    def __init__(self, *args: Any, league: League, own: Player | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.own = own
        # The players no account has taken yet: the member is one of them.
        cast(IdChoiceField, self.fields["player"]).queryset = league.players.filter(user=None)

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            return ""
        try:
            return player_name(name)
        except ValidationError as error:
            raise ValidationError(error.messages[0]) from None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.own is None and not data.get("player") and not data.get("name") and not self.errors:
            self.add_error("player", gettext("Choose your player or type your name"))
        return data


class LinkAnswerForm(forms.Form):
    """An answer sent on the link, without an account: a name (the league's player of that name, or a newcomer)."""

    name = forms.CharField(label=_("Your name"), max_length=200)
    choice = forms.ChoiceField(choices=Answer.Choice.choices)

    def clean_name(self) -> str:
        try:
            return player_name(self.cleaned_data["name"])
        except ValidationError as error:
            raise ValidationError(error.messages[0]) from None
