"""A scratch production server for the benchmarks: gunicorn on 127.0.0.1, its own database.

Used by load.py and lighthouse.py. The server runs with production settings
(DEBUG off, hashed static files, a random secret key) over plain http on
127.0.0.1 only, against a fresh SQLite file in a temporary folder (or the
PostgreSQL database named by --database-url, which it migrates and fills).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ScratchServer:
    """with ScratchServer(workers=3) as server: server.url(...), server.login(user) ..."""

    def __init__(self, workers: int | None = None, database_url: str | None = None, port: int | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
        self.port = port or free_port()
        self.env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "PYTEST_VERSION"}
        }
        self.env.update(
            DJANGO_SETTINGS_MODULE="scorekeeper.settings",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
            # Plain http on 127.0.0.1: cookies must travel without TLS.
            DJANGO_SECURE_COOKIES="false",
            SQLITE_PATH=str(self.folder / "db.sqlite3"),
            HOST="127.0.0.1",
            PORT=str(self.port),
            HOME=str(self.folder),
            GUNICORN_LOG_LEVEL="warning",
        )
        if workers:
            self.env["WEB_CONCURRENCY"] = str(workers)
        if database_url:
            self.env["DATABASE_URL"] = database_url
        self.process: subprocess.Popen[bytes] | None = None
        self.log = self.folder / "gunicorn.log"

    # The benchmark process uses the server's settings to fill its database.
    def setup_django(self) -> None:
        os.environ.update(self.env)
        import django

        django.setup()

    def manage(self, *args: str) -> None:
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, check=True)

    def __enter__(self) -> ScratchServer:
        self.manage("migrate", "--noinput", "-v0")
        self.manage("collectstatic", "--noinput", "-v0")
        self.setup_django()
        return self

    def start(self) -> None:
        """Start gunicorn (call after filling the database) and wait for /healthz."""
        pidfile = self.folder / "gunicorn.pid"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [BIN / "gunicorn", "--pid", str(pidfile), "--access-logfile", "/dev/null"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url("/healthz"), timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not start; see {self.log}:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)

    def __exit__(self, *exc: Any) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    @staticmethod
    def session_cookie(user: Any) -> str:
        """A logged-in session for user, as the Cookie header's value."""
        from django.conf import settings
        from django.test import Client

        client = Client()
        client.force_login(user)
        return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
