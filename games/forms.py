"""Forms, grouped by area like the views."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from games.models import League, Player

# --- accounts ---------------------------------------------------------------


class SignupForm(UserCreationForm):
    """A username and a password: nothing else is needed to keep score."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)
        widgets = {"username": forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "username"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "Up to 150 letters, digits and @ . + - _"
        self.fields["password2"].label = "Password again"


# --- leagues and players ----------------------------------------------------


class LeagueForm(forms.Form):
    name = forms.CharField(
        label="League name",
        max_length=League._meta.get_field("name").max_length,
        help_text="Your house, club or family: “Thursday night”, “The Ricketts table”.",
    )


class PlayerForm(forms.ModelForm):
    """A player's name, unique in the league whatever its capitals.

    The check is here rather than only in the database so the table gets a
    clear message instead of an IntegrityError; the constraint still stops a
    race between two phones.
    """

    class Meta:
        model = Player
        fields = ["name"]
        labels = {"name": "Player's name"}
        widgets = {
            "name": forms.TextInput(attrs={"class": "form-control", "autocomplete": "off", "autocapitalize": "words"})
        }

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance.league = league

    def clean_name(self) -> str:
        name = self.cleaned_data["name"]
        taken = self.league.players.filter(name__iexact=name).exclude(pk=self.instance.pk).first()
        if taken is not None:
            raise forms.ValidationError(f"{taken.name} is already a player in {self.league.name}. Pick another name.")
        return name


class PlayerEditForm(PlayerForm):
    """Rename a player and, optionally, link them to a member's account."""

    class Meta(PlayerForm.Meta):
        fields = ["name", "user"]
        labels = {**PlayerForm.Meta.labels, "user": "Member's account"}
        help_texts = {"user": "Link the player to a member's account so their games show as theirs."}

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, league=league, **kwargs)
        user_field = self.fields["user"]
        user_field.queryset = get_user_model().objects.filter(memberships__league=league).order_by("username")
        user_field.empty_label = "Not linked"
        user_field.label_from_instance = lambda user: user.get_username()

    def clean_user(self) -> Any:
        user = self.cleaned_data["user"]
        if user is None:
            return user
        other = self.league.players.filter(user=user).exclude(pk=self.instance.pk).first()
        if other is not None:
            raise forms.ValidationError(f"{user.get_username()} is already linked to {other.name}.")
        return user
