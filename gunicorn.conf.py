"""gunicorn settings, read from the environment (see README, "Deploy").

    gunicorn                         # picks this file up from the working directory

PORT, HOST, WEB_CONCURRENCY (workers), GUNICORN_TIMEOUT;
GUNICORN_WORKER_CLASS=gthread serves through WSGI as before the live streams
(GUNICORN_THREADS threads a worker; a stream then holds a thread).
"""

import os
from pathlib import Path

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
# gunicorn's own asgi worker (gunicorn >= 24): one event loop a worker, on which a page's live stream
# (games/views/live.py) is a coroutine that holds no thread, so a worker holds hundreds. Django runs
# every other (sync) view in the worker's one thread for sync code, one at a time: the database and
# the templates are the cost, as before. Measured against gthread in benchmarks/load.py --push.
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "asgi")
wsgi_app = "scorekeeper.asgi:application" if worker_class == "asgi" else "scorekeeper.wsgi:application"
# A worker per core and one spare: requests are short (a page, a hand) and wait on the database, not
# the processor. On SQLite one: its live streams hear of a write in their own process only
# (games/live.py), and SQLite takes one write at a time anyway.
on_sqlite = not os.environ.get("DATABASE_URL")
workers = int(os.environ.get("WEB_CONCURRENCY", "1" if on_sqlite else str((os.cpu_count() or 1) + 1)))
# With GUNICORN_WORKER_CLASS=gthread: more than one thread keeps gunicorn's heartbeat going while a
# request does (the biggest league's backup streams for 20 s or more).
threads = int(os.environ.get("GUNICORN_THREADS", "2")) if worker_class != "asgi" else 1
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Longer than the game page's poll (every 3 s), so a phone's connection stays open between polls.
keepalive = 15
# Workers are not recycled (no max_requests): gunicorn's gthread worker drops
# the kept-alive connections of a worker that restarts (benoitc/gunicorn#3038),
# and at a club night's 350 requests a second every worker restarted about
# once a minute, resetting a hundred and more phones' connections each time,
# a hand's POST among them. Nothing here is known to leak; a container's
# memory limit and restart policy are the bound if something ever does.
max_requests = 0

accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")

# gunicorn >= 25 opens a control socket under ~/.gunicorn/ by default: nobody
# here uses gunicornc, and the non-root container user may have no home.
control_socket_disable = True

# The heartbeat file on a container's overlay filesystem can stall workers.
if Path("/dev/shm").is_dir():
    worker_tmp_dir = "/dev/shm"


def post_worker_init(worker):
    """A worker told to stop (a restart, a deploy, SIGHUP's new workers) ends its live streams at once.

    Otherwise it would wait out graceful_timeout for streams that never end by themselves; their
    browsers come back after the retry the stream gave them (1-5 s), to a worker that is up."""
    loop = getattr(worker, "loop", None)
    if loop is None:
        return
    import signal

    from games.live import HUB

    def stop():
        HUB.end_all()
        worker.handle_exit_signal()

    loop.add_signal_handler(signal.SIGTERM, stop)


def on_starting(server):
    """Refuse to start when Django's deploy checks report an error (no secret key, ...).

    Without this the server would start and fail on the first login, far from
    whoever deployed it.
    """
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django
    from django.core import checks

    django.setup()
    errors = [
        message
        for message in checks.run_checks(include_deployment_checks=True)
        if message.level >= checks.ERROR and not message.is_silenced()
    ]
    if errors:
        if server.pidfile is not None:
            server.pidfile.unlink()
        # gunicorn prints a RuntimeError's message and exits with status 1.
        raise RuntimeError("refusing to start:\n" + "\n".join(str(error) for error in errors))
