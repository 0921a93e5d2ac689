"""Operations: the health check, and the brake on guessing passwords."""

import logging

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_ratelimit.decorators import ratelimit

logger = logging.getLogger(__name__)

# Enough for a person who mistypes on a phone, too few to guess a password.
LOGIN_RATE = "10/m"
TOO_MANY_LOGINS = "Too many login attempts. Wait a minute, then try again."


@require_safe
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" when the database answers, 503 when it does not."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.exception("Health check: the database did not answer")
        return HttpResponse("database unavailable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


def client_address(request: HttpRequest) -> str:
    """The address a login attempt came from (RATELIMIT_IP_META_KEY).

    Behind our TLS proxy every request comes from the proxy; the proxy
    appends the address it saw to X-Forwarded-For, so the last entry is the
    one nobody outside could forge.
    """
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        if forwarded:
            return forwarded
    return request.META.get("REMOTE_ADDR", "")


def username_tried(group: str, request: HttpRequest) -> str:
    return request.POST.get("username", "").strip().lower()


_login = auth_views.LoginView.as_view()


@ratelimit(group="login-address", key="ip", rate=LOGIN_RATE, method="POST", block=False)
@ratelimit(group="login-username", key=username_tried, rate=LOGIN_RATE, method="POST", block=False)
def login(request: HttpRequest) -> HttpResponse:
    """Django's login, refused with 429 after too many attempts from one address or at one name.

    A refused attempt never reaches the password check.
    """
    if request.limited:
        logger.warning("Login attempts limited for %s", client_address(request))
        # Shown in the page's messages region; the form stays unbound, so
        # nothing runs the password check.
        messages.error(request, TOO_MANY_LOGINS)
        form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
        context = {"form": form, "next": request.POST.get("next", "")}
        return TemplateResponse(request, "registration/login.html", context, status=429)
    return _login(request)
