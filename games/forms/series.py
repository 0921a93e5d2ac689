"""A series of club nights: its name and final table, and which series a night belongs to."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms.numbers import IdChoiceField
from games.models import SERIES_NAME_LENGTH, League, NightSeries, series_name
from rules.night import FEWEST_PLAYERS, MOST_SEATS
from rules.series import FINAL_SIZE

NO_FINAL = ""


def _final_choices() -> list[tuple[str, Any]]:
    return [(NO_FINAL, _("No final table"))] + [
        (str(size), gettext("A final table of %(size)d") % {"size": size})
        for size in range(FEWEST_PLAYERS, MOST_SEATS + 1)
    ]


class SeriesForm(forms.Form):
    """A new series, or one renamed; the final table's size is checked against the nights' game when it is seated."""

    name = forms.CharField(
        label=_("Name of the series"),
        max_length=SERIES_NAME_LENGTH,
        help_text=_("“October”, “Winter 2026”: the nights you put in it are summed."),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    final_size = forms.TypedChoiceField(
        label=_("Final table"),
        help_text=_("Its top players play one last game, which ranks them in the series."),
        coerce=int,
        empty_value=None,
        required=False,
        initial=str(FINAL_SIZE),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.TypedChoiceField, self.fields["final_size"]).choices = _final_choices()

    def clean_name(self) -> str:
        try:
            return series_name(self.cleaned_data["name"])
        except ValidationError as error:
            raise ValidationError(error.messages[0]) from None


class SeriesChoiceField(IdChoiceField):
    """One of the league's series, or none (a posted id past its column is no choice, never a 500)."""

    def __init__(self, league: League | None = None, **kwargs: Any) -> None:
        queryset = NightSeries.objects.filter(league=league) if league is not None else NightSeries.objects.none()
        kwargs.setdefault("label", _("Series"))
        kwargs.setdefault("empty_label", _("No series"))
        kwargs.setdefault("help_text", _("A month or a season of nights, summed in one standings."))
        super().__init__(queryset=queryset.order_by("-created_at", "-pk"), required=False, **kwargs)


class NightSeriesForm(forms.Form):
    """From the night's page: the series the night belongs to (or none)."""

    series = SeriesChoiceField()

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["series"] = SeriesChoiceField(league)
