"""The standings' and the archive's filters: a span of days, a season, a variant."""

from __future__ import annotations

from datetime import date
from typing import Any, cast

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import stats
from games.forms.dates import DayField
from games.models import (
    Game,
    Season,
    latest_season_day,
    season_day,
)
from rules.variants import PRESETS


class SpanForm(forms.Form):
    """A variant and dates of play, or one of the league's seasons, from GET parameters; all optional."""

    variant = forms.ChoiceField(
        required=False,
        label=_("Variant"),
        choices=[("", _("All variants")), *((key, variant.name) for key, variant in PRESETS.items())],
    )
    season = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label=_("Season"))
    since = DayField(required=False, label=_("From"))
    until = DayField(required=False, label=_("To"))

    # A season's dates stay where games can be: ?until=9999-12-31 made the
    # midnight after it overflow (a 500 on every standings and archive page).
    EARLIEST = date(1900, 1, 1)

    def __init__(self, data: Any, seasons: list[Season] | tuple[()] = ()) -> None:
        super().__init__(data)
        self.seasons = {season.pk: season for season in seasons}
        cast(forms.ChoiceField, self.fields["season"]).choices = [
            ("", _("Any dates")),
            *((pk, season.name) for pk, season in self.seasons.items()),
        ]

    def _in_range(self, field: str) -> date | None:
        day = self.cleaned_data.get(field)
        if day is not None and not season_day(day):
            raise forms.ValidationError(
                gettext("Choose a date from 1900 to the end of %(year)s.") % {"year": latest_season_day().year}
            )
        return day

    def clean_since(self) -> date | None:
        return self._in_range("since")

    def clean_until(self) -> date | None:
        return self._in_range("until")

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and since > until:
            raise forms.ValidationError(gettext("The 'from' date is after the 'to' date."))
        return cleaned

    def span(self) -> stats.Span:
        """What the page shows: a chosen season, else the dates (a saved season's if they are exactly its own)."""
        if not self.is_valid():
            return stats.Span()
        data = self.cleaned_data
        if data["season"] is not None:
            return stats.Span.of(self.seasons[data["season"]], data["variant"])
        return stats.Span(data["variant"], data["since"], data["until"]).with_season(list(self.seasons.values()))


class StandingsForm(SpanForm):
    sort = forms.ChoiceField(required=False, choices=[(column.key, column.label) for column in stats.EVERY_COLUMN])
    order = forms.ChoiceField(required=False, choices=[("asc", _("ascending")), ("desc", _("descending"))])


class ArchiveForm(SpanForm):
    status = forms.ChoiceField(required=False, label=_("Status"), choices=[("", _("Any status")), *Game.Status.choices])
    player = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label=_("Player"))

    def __init__(self, data: Any, players: list[tuple[int, str]]) -> None:
        super().__init__(data)
        cast(forms.ChoiceField, self.fields["player"]).choices = [("", _("Anyone")), *players]
