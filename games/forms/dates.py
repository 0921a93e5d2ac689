"""The one date field of every form: a browser's date picker, whatever the page's language.

`<input type="date">` takes and sends its value as ISO 8601 (2026-12-01) in
every language; the browser shows it the reader's way. Django's DateInput
writes the value in the active language's first input format (01-12-2026 in
Dutch, 01.12.2026 in German, 01/12/2026 in French and Spanish), which a date
input does not read: it showed an empty field, and a form saved unchanged
was refused as "required" (issue 36). DayInput always writes ISO; reading,
Django's DateField accepts ISO in every language (its per-language input
formats end with the ISO ones), so a day typed the local way into a browser
without a date picker is read too.
"""

from __future__ import annotations

from typing import Any

from django import forms

ISO_DAY = "%Y-%m-%d"


class DayInput(forms.DateInput):
    """A date picker whose value is the day in ISO form in every language."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs=attrs, format=ISO_DAY)


class DayField(forms.DateField):
    """A day, picked with DayInput, with Bootstrap's control look."""

    widget = DayInput

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        return {**super().widget_attrs(widget), "class": "form-control"}
