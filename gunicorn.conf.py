"""gunicorn settings, read from the environment (see README, "Deploy").

    gunicorn scorekeeper.wsgi        # picks this file up from the working directory

PORT, HOST, WEB_CONCURRENCY (workers), GUNICORN_THREADS, GUNICORN_TIMEOUT.
"""

import os
from pathlib import Path

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
# A worker per core and one spare: requests are short (a page, a hand) and
# wait on the database, not the processor.
workers = int(os.environ.get("WEB_CONCURRENCY", str((os.cpu_count() or 1) + 1)))
# More than one thread makes gunicorn use its gthread worker, whose heartbeat
# goes on while a request does: a long download (the biggest league's backup
# streams for 20 s or more) is not killed at the timeout as a sync worker's is.
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
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

wsgi_app = "scorekeeper.wsgi:application"


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
