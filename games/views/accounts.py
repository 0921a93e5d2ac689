"""Signing up. Logging in and out are Django's own views (scorekeeper/urls.py)."""

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth import login
from django.db import IntegrityError, transaction
from django.http import HttpResponseRedirect
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from games.forms import SignupForm
from scorekeeper.middleware import HtmxHttpRequest


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
