"""Page or partial: the one way a view answers with a page that HTMX may swap a region of."""

from collections.abc import Callable
from typing import Any, Protocol

from django.db import IntegrityError, transaction
from django.template.response import TemplateResponse

from scorekeeper.middleware import HtmxHttpRequest


def render_page(
    request: HtmxHttpRequest, template: str, context: dict[str, Any], partial: str = "", status: int = 200
) -> TemplateResponse:
    """The whole page; for an HTMX request, only its `partial` (a django-template-partials name) when given.

    A boosted request (a link followed with hx-boost) wants the whole page.
    Messages need no care here: HtmxMessagesMiddleware adds them to every swap.
    """
    if partial and request.htmx and not request.htmx.boosted:
        return render_partial(request, template, partial, context, status)
    return TemplateResponse(request, template, context, status=status)


def render_partial(
    request: HtmxHttpRequest, template: str, partial: str, context: dict[str, Any], status: int = 200
) -> TemplateResponse:
    """Only the page's `partial`, whoever asks: for the endpoints that serve one region and no
    page (the poller, the moon preview). The one place a partial's name is put to a template."""
    return TemplateResponse(request, f"{template}#{partial}", context, status=status)


class SavingForm(Protocol):
    """A form that saves what it holds: a ModelForm, or a form with its own save() (PresetForm)."""

    cleaned_data: dict[str, Any]

    def is_valid(self) -> bool: ...

    def save(self) -> object: ...

    def add_error(self, field: str | None, error: str) -> None: ...


def saved_unless_taken(form: SavingForm, taken: Callable[[dict[str, Any]], str]) -> bool:
    """Save a valid form; a name another phone took a moment ago (the unique constraint)
    becomes an error on the name field, worded by `taken` from the cleaned data."""
    if not form.is_valid():
        return False
    try:
        with transaction.atomic():
            form.save()
    except IntegrityError:
        form.add_error("name", taken(form.cleaned_data))
        return False
    return True
