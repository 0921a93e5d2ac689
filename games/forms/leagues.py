"""A league, its settings, and its players."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms.numbers import IdChoiceField
from games.models import (
    League,
    Player,
    league_name,
    player_name,
    time_zone_choices,
)
from rules import name_key


class LeagueForm(forms.Form):
    name = forms.CharField(
        label=_("League name"),
        max_length=League._meta.get_field("name").max_length,
        help_text=_("Your house, club or family: “Thursday night”, “The Ricketts table”."),
    )

    def clean_name(self) -> str:
        # The same rule as players' names: a tab in a league's name made its
        # own backup unrestorable.
        return league_name(self.cleaned_data["name"])


class LeagueSettingsForm(forms.ModelForm):
    """What an organizer sets for the league: its name, where it plays, when a win rate ranks."""

    class Meta:
        model = League
        fields = ["name", "time_zone", "language", "min_games", "lock_finished_games", "rating_scale"]
        labels = {
            "name": _("League name"),
            "time_zone": _("Time zone"),
            "language": _("Language"),
            "min_games": _("Games before a win rate ranks"),
            "lock_finished_games": _("Lock finished games"),
            "rating_scale": _("Ratings shown as"),
        }
        help_texts = {
            "lock_finished_games": _(
                "Once a game is over, only organizers may change its hands or the day it was played."
            ),
            "time_zone": _("Where the table plays: a new game's day, and every time shown, go by it."),
            "language": _("Of the league's public pages and printouts. Members read the rest in their own language."),
            "min_games": _("Below it a player's win rate is shown but ranks after everyone who has played enough."),
            "rating_scale": _(
                "On every page, chart and spreadsheet; the ratings themselves and their order stay the same."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].widget = forms.Select(choices=time_zone_choices())
        language = cast(forms.TypedChoiceField, self.fields["language"])
        language.choices = [("", _("Each reader's own")), *settings.LANGUAGES]
        min_games = cast(forms.IntegerField, self.fields["min_games"])
        min_games.min_value = 1
        min_games.max_value = 100
        min_games.widget.attrs.update(min=1, max=100)
        min_games.validators += [MinValueValidator(1), MaxValueValidator(100)]
        self.fields["rating_scale"].required = False

    def clean_name(self) -> str:
        return league_name(self.cleaned_data["name"])

    def clean_rating_scale(self) -> str:
        # A form sent without it (a page from before the setting came) leaves it as it is.
        return str(self.cleaned_data["rating_scale"] or self.instance.rating_scale)

    @cached_property
    def changed_data(self) -> list[str]:
        # ...and does not log it as changed.
        kept = self.initial.get("rating_scale")
        return [
            name
            for name in super().changed_data
            if name != "rating_scale" or getattr(self, "cleaned_data", {}).get(name, kept) != kept
        ]


class LeagueDeleteForm(forms.Form):
    """Deleting a league is for good: the organizer types its name to say they mean it."""

    name = forms.CharField(label=_("Type the league's name to delete it"), strip=True)

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["name"].widget.attrs.update(autocomplete="off", spellcheck="false")

    def clean_name(self) -> str:
        typed = self.cleaned_data["name"]
        if typed != self.league.name:
            raise forms.ValidationError(
                gettext("That is not the league's name: type %(name)s exactly") % {"name": self.league.name}
            )
        return typed


class PlayerMergeForm(forms.Form):
    """The player the one being merged becomes."""

    into = IdChoiceField(queryset=Player.objects.none(), label=_("Merge into"), empty_label=_("Choose a player"))

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(IdChoiceField, self.fields["into"]).queryset = Player.objects.filter(league_id=player.league_id).exclude(
            pk=player.pk
        )
        self.fields["into"].widget.attrs["class"] = "form-select"


class PlayerForm(forms.ModelForm):
    """A player's name, unique in the league whatever its capitals.

    The check is here rather than only in the database so the table gets a
    clear message instead of an IntegrityError; the constraint still stops a
    race between two phones.
    """

    class Meta:
        model = Player
        fields = ["name"]
        labels = {"name": _("Player's name")}
        widgets = {
            "name": forms.TextInput(attrs={"class": "form-control", "autocomplete": "off", "autocapitalize": "words"})
        }

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance.league = league

    def clean_name(self) -> str:
        # The one rule for names (rules.names), as Game.start_named applies it.
        name = player_name(self.cleaned_data["name"])
        if self.instance.pk is None and self.league.players.count() >= League.MOST_PLAYERS:
            raise forms.ValidationError(f"{self.league.too_many_players()}.")
        taken = self.league.players.filter(name_key=name_key(name)).exclude(pk=self.instance.pk).first()
        if taken is not None:
            raise forms.ValidationError(
                gettext("%(name)s is already a player in %(league)s. Pick another name.")
                % {"name": taken.name, "league": self.league.name}
            )
        return name


class PlayerEditForm(PlayerForm):
    """Rename a player and, optionally, link them to a member's account."""

    class Meta(PlayerForm.Meta):
        fields = ["name", "user"]
        labels = {**PlayerForm.Meta.labels, "user": _("Member's account")}
        help_texts = {"user": _("Link the player to a member's account so their games show as theirs.")}

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, league=league, **kwargs)
        # The model's field, with the posted id checked to fit its column first (games.forms.numbers).
        model_field = self.fields["user"]
        user_field = IdChoiceField(
            queryset=get_user_model().objects.filter(memberships__league=league).order_by("username"),
            required=False,
            label=model_field.label,
            help_text=model_field.help_text,
            widget=model_field.widget,
        )
        self.fields["user"] = user_field
        user_field.empty_label = _("Not linked")
        # This field's own labels: a method set on the instance, which mypy calls assigning to a method.
        user_field.label_from_instance = lambda user: user.get_username()  # type: ignore[method-assign, assignment]

    def clean_user(self) -> Any:
        user = self.cleaned_data["user"]
        if user is None:
            return user
        other = self.league.players.filter(user=user).exclude(pk=self.instance.pk).first()
        if other is not None:
            raise forms.ValidationError(
                gettext("%(user)s is already linked to %(name)s.") % {"user": user.get_username(), "name": other.name}
            )
        return user
