"""A league's seasons."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms.dates import DayInput
from games.models import (
    League,
    Season,
    season_name,
)
from rules import name_key


class SeasonForm(forms.ModelForm):
    """A season as the organizer names and dates it; a new one proposes this calendar year."""

    class Meta:
        model = Season
        fields = ["name", "first_day", "last_day"]
        labels = {"name": _("Season's name"), "first_day": _("First day"), "last_day": _("Last day")}
        help_texts = {"name": _("“2026”, “Spring 2026”: seasons may overlap.")}
        widgets = {
            "name": forms.TextInput(attrs={"autocomplete": "off"}),
            "first_day": DayInput(),
            "last_day": DayInput(),
        }

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        if kwargs.get("instance") is None and not args:
            year = league.today().year
            kwargs.setdefault("initial", {"name": str(year), "first_day": date(year, 1, 1),
                                          "last_day": date(year, 12, 31)})  # fmt: skip
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance.league = league

    def clean_name(self) -> str:
        name = season_name(self.cleaned_data["name"])
        if self.instance.pk is None and self.league.seasons.filter(automatic=False).count() >= Season.MOST_PER_LEAGUE:
            raise forms.ValidationError(
                gettext("A league has at most %(most)d seasons: delete an old one.") % {"most": Season.MOST_PER_LEAGUE}
            )
        # The automatic years give way to the organizer's first season (Season.add), so their names are free.
        taken = (
            self.league.seasons.filter(name_key=name_key(name), automatic=False).exclude(pk=self.instance.pk).first()
        )
        if taken is not None:
            raise forms.ValidationError(
                gettext("%(league)s has a season called %(name)s already.")
                % {"league": self.league.name, "name": taken.name}
            )
        return name

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        first_day, last_day = cleaned.get("first_day"), cleaned.get("last_day")
        # Days the wrong way round are the model's constraint's to say (ModelForm checks it), once.
        if first_day and last_day and first_day <= last_day:
            problem = Season.days_problem(first_day, last_day, self.league.today())
            if problem:
                raise forms.ValidationError(problem)
        return cleaned

    def save(self, commit: bool = True) -> Season:
        data = self.cleaned_data
        if self.instance.pk is None:
            self.instance = Season.add(self.league, data["name"], data["first_day"], data["last_day"])
        else:
            self.instance.change(data["name"], data["first_day"], data["last_day"])
        return self.instance
