"""HTMX plumbing shared by every view."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """The request type of our views: django-htmx's middleware adds .htmx."""

    htmx: HtmxDetails


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
