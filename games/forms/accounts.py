"""Signing up, and the e-mail address a forgotten password's reset link goes to."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

EMAIL_HELP = _("Optional. Only for a link to set a new password if you forget yours; never shown to anyone.")


class SignupForm(UserCreationForm):
    """A username and a password, and an e-mail address if they like: nothing else is needed to keep score."""

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]  # django-stubs leaves this Meta out
        model = get_user_model()
        fields = ("username", "email")
        widgets = {
            "username": forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "username"}),
            "email": forms.EmailInput(attrs={"autocomplete": "email"}),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _("Up to 150 letters, digits and @ . + - _")
        self.fields["email"].label = _("E-mail address")
        self.fields["email"].help_text = EMAIL_HELP
        self.fields["password2"].label = _("Password again")


class EmailForm(forms.Form):
    """The account's e-mail address, changed by whoever knows the account's password.

    The address is where a reset link goes, so it is as good as the password:
    a session left open on a shared phone must not be enough to change it.
    Two accounts may give one address (a family's), and nothing here says
    whether another account has it."""

    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=EMAIL_HELP,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."), code="password_incorrect")
        return password


def language_choices() -> list[tuple[str, Any]]:
    """None, then each language in its own name, as the footer's switch lists them."""
    return [("", _("None: as this phone or its browser says")), *settings.LANGUAGES]


class LanguageForm(forms.Form):
    """The person's own language, which every phone they sign in on shows; or none, to leave it to the phone."""

    language = forms.ChoiceField(
        label=_("Your language"),
        required=False,
        choices=language_choices,
        help_text=_(
            "Every phone you sign in on shows the app in this language. A league's public pages, its club "
            "screen and its prints keep the league's own language if it has one."
        ),
    )
