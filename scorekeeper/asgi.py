"""ASGI entry point: gunicorn's asgi worker serves this (gunicorn.conf.py)."""

import os
import warnings
from typing import Any

import django
from django.core.handlers.asgi import ASGIHandler

# WhiteNoise's files and the league's backup are sync iterators, which Django reads in a thread a part
# at a time under ASGI, as intended: its warning on each of them would fill the log.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators", module="django.core.handlers.asgi"
)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")


class OneThreadASGIHandler(ASGIHandler):
    """Django's ASGI handler, with every request's sync code (the views, the middleware) in the worker's
    one thread for sync code, as a WSGI worker's thread runs them, one at a time.

    Django's own gives each request a thread of its own for the request's life
    (asgiref's ThreadSensitiveContext), and each thread its own database
    connection: nothing bounds them, and a load test at 100 tables ran
    PostgreSQL out of connections (HTTP 503) and opened one for nearly every
    request. Here a worker keeps one, for DB_CONN_MAX_AGE, as gthread's
    threads did; a page's live stream waits on the event loop and reads in
    its own thread (games/views/live.py).
    """

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)


django.setup(set_prefix=False)
application = OneThreadASGIHandler()
