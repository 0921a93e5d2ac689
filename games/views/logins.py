"""The brake on guessing passwords: the site's and the admin's login, limited per address and per name.

Signing in also brings the person's own language to the phone (Account.language).
"""

import logging

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from games.models import Account, Attempts, Rate

logger = logging.getLogger(__name__)

# Enough for a person who mistypes on a phone, too few to guess a password: 10 a minute.
LOGIN_RATE: Rate = (10, 60)
TOO_MANY_LOGINS = gettext_lazy("Too many login attempts. Wait a minute, then try again.")


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


def username_tried(request: HttpRequest) -> str:
    """The name as Django's login compares it (NFKC), case-folded: ｖｉｅｗｅｒ and Viewer are one name."""
    return AbstractBaseUser.normalize_username(request.POST.get("username", "")).strip().casefold()


def too_many_attempts(request: HttpRequest) -> bool:
    """Count a login attempt; True when its address or its name has had too many this minute.

    Counted before any password is checked, each by one atomic statement
    (games.models.attempts), so 40 tries at once run at most 10 checks on
    any number of instances. The address is counted first and the name only
    for an address under its limit, so a flood of junk names from one
    address stops after ten. A counter that can't be written (the database
    full or read-only) raises the database's error, a 503, rather than
    passing the attempt or calling it one too many.
    """
    if request.method != "POST":
        return False
    address = client_address(request)
    counted = [("login-address", address, [LOGIN_RATE]), ("login-username", username_tried(request), [LOGIN_RATE])]
    if Attempts.first_over(counted) is None:
        return False
    logger.warning("Login attempts limited for %s", address)
    return True


_login = auth_views.LoginView.as_view()


@never_cache
def login(request: HttpRequest) -> HttpResponseBase:
    """Django's login, refused with 429 after too many attempts from one address or at one name.

    A refused attempt never reaches the password check.
    """
    if too_many_attempts(request):
        # Shown in the page's messages region; the form stays unbound, so
        # nothing runs the password check.
        messages.error(request, TOO_MANY_LOGINS)
        form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
        context = {"form": form, "next": request.POST.get("next", "")}
        return TemplateResponse(request, "registration/login.html", context, status=429)
    response = _login(request)
    if request.method == "POST" and request.user.is_authenticated and response.status_code == 302:
        language = Account.language_of(request.user)
        if language:
            keep_on_phone(response, language)
    return response


def keep_on_phone(response: HttpResponseBase, language: str) -> None:
    """`language` in the phone's language cookie, as the footer's switch keeps it (Django's set_language).

    A person's language goes with them as this cookie, set when they sign in
    and when they choose it, rather than read from their account on every
    request: LocaleMiddleware stays the one place that picks a page's language,
    and a page or a poll costs no query more than before."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,  # type: ignore[arg-type]  # one of Django's values, as its own view sets it
    )


@never_cache
def admin_login(request: HttpRequest) -> HttpResponse:
    """The admin's login, under the same limits as the site's (the same counters)."""
    if too_many_attempts(request):
        return HttpResponse(str(TOO_MANY_LOGINS), status=429, content_type="text/plain; charset=utf-8")
    return admin.site.login(request)
