"""HTMX plumbing shared by every view."""

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware import gzip
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class HtmxHttpRequest(HttpRequest):
    """The request type of our views: django-htmx's middleware adds .htmx."""

    htmx: HtmxDetails


class SignedInRequest(HtmxHttpRequest):
    """The request type of a view behind @login_required, whose user is never anonymous
    (django-stubs' way to say so): it may be recorded as the author of what it changes."""

    user: "User"


class HtmxVaryMiddleware:
    """Mark every response as varying on HX-Request.

    A page and its HTMX partial share a URL; without this a browser or proxy
    cache could hand the partial to a full page load (or the other way round).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        patch_vary_headers(response, ("HX-Request",))
        return response


class HtmxMessagesMiddleware:
    """Add the messages region, out of band, to every HTMX swap.

    A view just calls messages.success() (or error()); whatever it answers,
    a region of a page or the game's regions, the phone shows the message,
    and a swap with no message clears the last one. Redirects, downloads and
    answers that swap nothing (204, HX-Redirect, HX-Refresh) are left alone:
    their messages wait for the next page.
    """

    NOT_SWAPPED = ("HX-Redirect", "HX-Refresh", "HX-Location")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not getattr(request, "htmx", False) or not self._swapped(response):
            return response
        region = render_to_string("messages.html", {"oob": True}, request=request)
        response.content += region.encode(response.charset)
        return response

    def _swapped(self, response: HttpResponse) -> bool:
        return (
            response.status_code in (200, 409, 422)
            and not response.streaming
            and response.get("Content-Type", "").startswith("text/html")
            and not any(header in response for header in self.NOT_SWAPPED)
            and b'id="messages"' not in response.content
        )


class LeagueTimeZoneMiddleware:
    """Times shown in the time zone of the league being read, then back to the default.

    games.permissions activates a league's time zone when it finds the league
    a page is about; this ends it with the request, so that a thread's next
    request (another league's, or none) starts from settings.TIME_ZONE.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


class GZipMiddleware(gzip.GZipMiddleware):
    """Django's gzip, but not for a live stream (text/event-stream): Django's gzip of a streaming
    response keeps each part in its compressor until more come, so an event would wait for the
    next heartbeat (or the end) instead of going out as it is written."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
