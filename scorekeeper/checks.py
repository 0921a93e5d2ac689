"""System checks that stop a server from starting in a state it cannot serve.

Tagged "deploy": `manage.py check --deploy` and gunicorn's start-up
(gunicorn.conf.py) run them, while `migrate`, `replay` and the other
commands, which sign nothing, keep working without a secret key.
"""

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import Error, Tags, register
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured

HOW_TO_MAKE_A_KEY = "python -c 'import secrets; print(secrets.token_urlsafe(50))'"


@register(Tags.security, deploy=True)
def secret_key_is_set(app_configs: Sequence[AppConfig] | None, **kwargs: Any) -> list[Error]:
    try:
        key = settings.SECRET_KEY
    except ImproperlyConfigured:
        return [
            Error(
                "DJANGO_SECRET_KEY is not set, so no session or form could be signed.",
                hint=f"Set DJANGO_SECRET_KEY to a long random value ({HOW_TO_MAKE_A_KEY}).",
                id="scorekeeper.E001",
            )
        ]
    # The test of Django's own security.W009, made an error: a server must
    # not start with DJANGO_SECRET_KEY=abc, whose sessions anyone could forge.
    weak = (
        len(key) < SECRET_KEY_MIN_LENGTH
        or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
        or key.startswith(SECRET_KEY_INSECURE_PREFIX)
    )
    if weak and not settings.DEBUG:
        return [
            Error(
                f"DJANGO_SECRET_KEY is too weak: it needs at least {SECRET_KEY_MIN_LENGTH} characters, "
                f"{SECRET_KEY_MIN_UNIQUE_CHARACTERS} of them different, and no '{SECRET_KEY_INSECURE_PREFIX}' prefix.",
                hint=f"Make one with {HOW_TO_MAKE_A_KEY}.",
                id="scorekeeper.E002",
            )
        ]
    return []
