"""Signing up."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    """A username and a password: nothing else is needed to keep score."""

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]  # django-stubs leaves this Meta out
        model = get_user_model()
        fields = ("username",)
        widgets = {"username": forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "username"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _("Up to 150 letters, digits and @ . + - _")
        self.fields["password2"].label = _("Password again")
