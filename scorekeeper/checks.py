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
from django.core.exceptions import ImproperlyConfigured


@register(Tags.security, deploy=True)
def secret_key_is_set(app_configs: Sequence[AppConfig] | None, **kwargs: Any) -> list[Error]:
    try:
        settings.SECRET_KEY  # noqa: B018 - reading the setting is the check: Django raises when it is empty
    except ImproperlyConfigured:
        return [
            Error(
                "DJANGO_SECRET_KEY is not set, so no session or form could be signed.",
                hint="Set DJANGO_SECRET_KEY to a long random value (python -c 'import secrets; print(secrets.token_urlsafe(50))').",
                id="scorekeeper.E001",
            )
        ]
    return []
