"""What a person keeps with their account rather than on a phone: the language the app speaks to them."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Account(models.Model):
    """A person's own settings, kept beside Django's user (which the app does not swap).

    No row, or an empty language, is a person who has chosen none: the phone's
    switch, the browser and the league's language decide, as for a visitor.
    Not part of a league's file: it is the person's, not the league's.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="account"
    )
    language = models.CharField(_("language"), max_length=8, blank=True, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"Account of user {self.user_id}"

    @classmethod
    def language_of(cls, user: Any) -> str:
        """The person's language, or "" if they chose none."""
        return cls.objects.filter(user=user).values_list("language", flat=True).first() or ""

    @classmethod
    def keep_language(cls, user: Any, language: str) -> None:
        """`language` ("" for none) as the person's; a code outside settings.LANGUAGES is refused."""
        if language and language not in dict(settings.LANGUAGES):
            raise ValueError(f"not one of the app's languages: {language!r}")
        cls.objects.update_or_create(user=user, defaults={"language": language})
