"""A league's own presets: a variant and its house rules saved under a name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.forms.house_rules import RulesForm
from games.models import (
    PRESET_NAME_LENGTH,
    League,
    LeaguePreset,
    preset_name,
)
from rules import SetupError, name_key
from rules.variants import PRESETS, resolve_options


class PresetForm(RulesForm):
    """A league's own preset: a name, a variant and its house rules."""

    name = forms.CharField(
        label=_("Name"),
        max_length=PRESET_NAME_LENGTH,
        help_text=_("What your table calls these rules: “Thursday rules”, “Grandma's Hearts”."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "sentences"}),
    )
    field_order = ["name", "variant"]

    def __init__(self, *args: Any, league: League, instance: LeaguePreset | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance = instance

    @classmethod
    def for_preset(cls, league: League, preset: LeaguePreset) -> PresetForm:
        initial = {**cls.rules_initial(preset.variant, preset.options), "name": preset.name}
        return cls(league=league, instance=preset, initial=initial)

    @classmethod
    def refreshed(cls, league: League, data: QueryDict, instance: LeaguePreset | None = None) -> PresetForm:
        """The form after the variant changed: the name as typed, the new variant's options."""
        initial = {**cls.refreshed_rules(data), "name": data.get("name", "")}
        return cls(league=league, instance=instance, initial=initial)

    def clean_name(self) -> str:
        name = preset_name(self.cleaned_data["name"])
        taken = self.league.presets.filter(name_key=name_key(name))
        if self.instance is not None:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(
                gettext("%(league)s already has house rules named %(name)s. Pick another name.")
                % {"league": self.league.name, "name": name}
            )
        if self.instance is None and self.league.presets.count() >= LeaguePreset.MOST_PER_LEAGUE:
            raise forms.ValidationError(
                ngettext(
                    "A league keeps at most %(count)d set of house rules.",
                    "A league keeps at most %(count)d sets of house rules.",
                    LeaguePreset.MOST_PER_LEAGUE,
                )
                % {"count": LeaguePreset.MOST_PER_LEAGUE}
            )
        return name

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if not self.errors:
            try:
                resolve_options(PRESETS[cleaned["variant"]], self.options())
            except SetupError as error:
                self.add_setup_error(error)
        return cleaned

    def save(self) -> LeaguePreset:
        """Store the preset with every option of its variant spelled out."""
        data = self.cleaned_data
        preset = self.instance or LeaguePreset(league=self.league)
        preset.name = data["name"]
        preset.set_rules(data["variant"], self.options())
        preset.save()
        self.instance = preset
        return preset
