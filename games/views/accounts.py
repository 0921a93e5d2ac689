"""Signing up, the account's e-mail address and language, and a forgotten password's reset by e-mail.

Logging in and out are Django's own views (scorekeeper/urls.py), as are the
reset's later steps.
"""

from http import HTTPStatus

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views import i18n
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from games.forms import EmailForm, LanguageForm, SignupForm
from games.models import Account, Attempts, Rate
from games.views.logins import client_address, keep_on_phone
from scorekeeper.middleware import HtmxHttpRequest, SignedInRequest


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> TemplateResponse | HttpResponseRedirect:
    if request.user.is_authenticated:
        return redirect("games:home")
    form = SignupForm(request.POST if request.method == "POST" else None)
    # An invite link sends newcomers here with ?next=<the invite>; only a
    # path on this site is followed, never another host.
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
        next_url = ""
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:
            # Another sign-up took the name between the form's check and the save.
            form.add_error("username", form.instance.unique_error_message(type(form.instance), ["username"]))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            if next_url:
                messages.success(request, gettext("Welcome, %(name)s.") % {"name": user.get_username()})
                return HttpResponseRedirect(next_url)
            messages.success(
                request, gettext("Welcome, %(name)s. Start by naming your league.") % {"name": user.get_username()}
            )
            return redirect("games:league-new")
    status = HTTPStatus.UNPROCESSABLE_ENTITY if form.is_bound and form.errors else HTTPStatus.OK
    return TemplateResponse(request, "registration/signup.html", {"form": form, "next": next_url}, status=status)


# A forgotten password: reset by its holder, through a link sent to the account's e-mail address.

# Each request may send a message: few an hour, so that no one fills a stranger's mailbox from here.
RESET_RATE: Rate = (5, 60 * 60)
_password_reset = auth_views.PasswordResetView.as_view(
    email_template_name="registration/password_reset_email.txt",
    subject_template_name="registration/password_reset_subject.txt",
)


@never_cache
@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponseBase:
    """Django's reset by e-mail, limited per address and per e-mail address asked for.

    Its reply is the same whether or not an account has that address (Django's
    PasswordResetView); a limited request sends nothing and says to wait."""
    if request.method == "POST":
        # Counted by one atomic statement each (games.models.attempts): a burst is counted whole.
        asked = request.POST.get("email", "").strip().casefold()
        counted = [("reset-address", client_address(request), [RESET_RATE]), ("reset-email", asked, [RESET_RATE])]
        if Attempts.first_over(counted) is not None:
            messages.error(request, gettext("Too many reset requests. Wait an hour, then try again."))
            form = PasswordResetForm(initial={"email": request.POST.get("email", "")})
            return TemplateResponse(request, "registration/password_reset_form.html", {"form": form}, status=429)
    return _password_reset(request)


@login_required
@sensitive_post_parameters("password")
@require_http_methods(["GET", "POST"])
def account_email(request: SignedInRequest) -> TemplateResponse | HttpResponseRedirect:
    """The address a reset link goes to: shown, set, changed or removed, with the account's password."""
    form = EmailForm(request.user, request.POST or None, initial={"email": request.user.email})
    if request.method == "POST" and form.is_valid():
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        if request.user.email:
            messages.success(request, gettext("A reset link will go to %(email)s.") % {"email": request.user.email})
        else:
            messages.success(request, gettext("Your account has no e-mail address now."))
        return redirect("games:home")
    status = HTTPStatus.UNPROCESSABLE_ENTITY if form.is_bound and form.errors else HTTPStatus.OK
    return TemplateResponse(request, "registration/email_form.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def account_language(request: SignedInRequest) -> TemplateResponse | HttpResponseRedirect:
    """The person's own language: kept with their account, and put on this phone at once."""
    form = LanguageForm(request.POST or None, initial={"language": Account.language_of(request.user)})
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        Account.keep_language(request.user, language)
        response = redirect("games:home")
        if language:
            keep_on_phone(response, language)
            # Said in the language just chosen, as the next page will be.
            with translation.override(language):
                messages.success(request, gettext("Every phone you sign in on will speak this language."))
        else:
            messages.success(request, gettext("Your account has no language of its own now."))
        return response
    status = HTTPStatus.UNPROCESSABLE_ENTITY if form.is_bound and form.errors else HTTPStatus.OK
    return TemplateResponse(request, "registration/language_form.html", {"form": form}, status=status)


def set_language(request: HttpRequest) -> HttpResponseBase:
    """The footer's switch: Django's set_language, which keeps the choice on this phone (a cookie).

    A signed-in person's pick is their account's language too, so that the
    switch and the account never disagree and the next phone they sign in on
    speaks it. Django's view checks the method and the language; only a
    language the app speaks is kept with the account."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "") if request.method == "POST" else ""
    kept_on_phone = settings.LANGUAGE_COOKIE_NAME in response.cookies
    if kept_on_phone and request.user.is_authenticated and language in dict(settings.LANGUAGES):
        Account.keep_language(request.user, language)
    return response
