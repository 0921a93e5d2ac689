"""An ASGI app that streams for longer than a short worker timeout: a stand-in for the biggest league's backup.

Each piece is made in a thread, as Django makes a sync view's under ASGI, while the worker's event loop keeps
up gunicorn's heartbeat."""

import time

from asgiref.sync import sync_to_async

SECONDS = 4


async def application(scope, receive, send):
    if scope["type"] != "http":
        raise ValueError("http only")  # as Django's ASGI handler answers the lifespan
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    for second in range(SECONDS):
        await sync_to_async(time.sleep)(1)
        await send({"type": "http.response.body", "body": f"{second}\n".encode(), "more_body": True})
    await send({"type": "http.response.body", "body": b""})
