"""Production configuration: the deploy checks, the secret key, gunicorn and the image.

These run manage.py and gunicorn in subprocesses with a production
environment (no pytest, no DEBUG), as a server would.
"""

import json
import os
import runpy
import secrets
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

PRODUCTION = {
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "hearts.example.com",
    "DJANGO_HSTS_SECONDS": "31536000",
    "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "true",
    "DJANGO_HSTS_PRELOAD": "true",
    "DJANGO_SECURE_SSL_REDIRECT": "true",
    "DJANGO_BEHIND_TLS_PROXY": "true",
}


def server_environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a server: nothing from the test run, SQLite in tmp_path."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key != "PYTEST_VERSION" and not key.startswith("DJANGO_") and key != "DATABASE_URL"
    }
    env["SQLITE_PATH"] = str(tmp_path / "db.sqlite3")
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    result = manage(server_environment(tmp_path, **PRODUCTION), "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in result.stderr


def test_check_deploy_fails_without_a_secret_key(tmp_path):
    production_without_key = {key: value for key, value in PRODUCTION.items() if key != "DJANGO_SECRET_KEY"}
    result = manage(server_environment(tmp_path, **production_without_key), "check", "--deploy")
    assert result.returncode == 1
    assert "(scorekeeper.E001) DJANGO_SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize("key", ["abc", "a" * 60, "django-insecure-" + secrets.token_urlsafe(50)])
def test_check_deploy_fails_with_a_weak_secret_key(tmp_path, key):
    result = manage(server_environment(tmp_path, **{**PRODUCTION, "DJANGO_SECRET_KEY": key}), "check", "--deploy")
    assert result.returncode == 1
    assert "(scorekeeper.E002) DJANGO_SECRET_KEY is too weak" in result.stderr


def test_gunicorn_refuses_to_start_with_a_weak_secret_key(tmp_path):
    env = server_environment(
        tmp_path,
        DJANGO_SECRET_KEY="abc",
        HOST="127.0.0.1",
        PORT=str(free_port()),
        WEB_CONCURRENCY="1",
        HOME=str(tmp_path),
    )
    result = subprocess.run([BIN / "gunicorn"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "DJANGO_SECRET_KEY is too weak" in result.stderr
    assert "Booting worker" not in result.stderr


def test_migrate_and_replay_work_without_a_secret_key(tmp_path):
    env = server_environment(tmp_path)
    migrated = manage(env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    # migrate alone makes the table that counts login attempts.
    with sqlite3.connect(tmp_path / "db.sqlite3") as database:
        tables = {name for (name,) in database.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "ratelimit_cache" in tables
    # Ann takes 3 hearts, Ben the other 10 and the queen: 3 and 23.
    sheet = {
        "variant": "standard",
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "hands": [{"hearts": {"Ann": 3, "Ben": 10}, "queen": "Ben"}],
    }
    replayed = manage(env, "replay", "-", stdin=json.dumps(sheet))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["totals"] == {"Ann": 3, "Ben": 23, "Cat": 0, "Dan": 0}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_gunicorn_refuses_to_start_without_a_secret_key(tmp_path):
    env = server_environment(tmp_path, HOST="127.0.0.1", PORT=str(free_port()), WEB_CONCURRENCY="1", HOME=str(tmp_path))
    result = subprocess.run([BIN / "gunicorn"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "DJANGO_SECRET_KEY is not set" in result.stderr
    assert "Booting worker" not in result.stderr


def test_gunicorn_serves_the_health_check_with_a_key_and_no_control_socket(tmp_path):
    port = free_port()
    env = server_environment(
        tmp_path,
        DJANGO_SECRET_KEY=PRODUCTION["DJANGO_SECRET_KEY"],
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY="1",
        HOME=str(tmp_path),
    )
    # The health check writes to the database, as a deploy's migrate leaves it.
    assert manage(env, "migrate", "--no-input").returncode == 0
    server = subprocess.Popen(
        [BIN / "gunicorn"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        body = None
        deadline = time.monotonic() + 30
        while body is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                    body = response.read()
            except OSError:
                time.sleep(0.2)
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=30)
    assert body == b"ok", output
    # The access log goes to standard output.
    assert '"GET /healthz HTTP/1.1" 200' in output
    assert not (tmp_path / ".gunicorn").exists()


def test_a_download_longer_than_the_worker_timeout_is_not_cut_off(tmp_path):
    # The biggest league's backup streams for longer than a worker may hold a
    # request under gunicorn's sync worker; the asgi worker keeps up its heartbeat
    # on its event loop while the download is made in a thread.
    port = free_port()
    env = server_environment(
        tmp_path,
        DJANGO_SECRET_KEY=PRODUCTION["DJANGO_SECRET_KEY"],
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY="1",
        GUNICORN_TIMEOUT="2",
        HOME=str(tmp_path),
    )
    server = subprocess.Popen(
        [BIN / "gunicorn", "tests.ops.slow_download:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        body = None
        deadline = time.monotonic() + 30
        while body is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                    body = response.read()
            except OSError:
                time.sleep(0.2)
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=30)
    assert body == b"0\n1\n2\n3\n", output
    assert "WORKER TIMEOUT" not in output


def test_gunicorn_takes_its_bind_and_workers_from_the_environment(monkeypatch):
    monkeypatch.setenv("PORT", "9123")
    monkeypatch.setenv("HOST", "127.0.0.1")
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["bind"] == "127.0.0.1:9123"
    assert config["workers"] == 3
    assert config["accesslog"] == "-"
    assert config["control_socket_disable"] is True
    assert config["timeout"] == 30


def test_gunicorn_serves_the_asgi_app_with_its_own_asgi_worker_and_one_worker_on_sqlite(monkeypatch):
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (config["worker_class"], config["wsgi_app"]) == ("asgi", "scorekeeper.asgi:application")
    # SQLite's live streams hear of a write in their own process only (games/live.py).
    assert config["workers"] == 1
    monkeypatch.setenv("DATABASE_URL", "postgres://app:app@db/app")
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["workers"] == (os.cpu_count() or 1) + 1
    monkeypatch.setenv("GUNICORN_WORKER_CLASS", "gthread")
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (config["wsgi_app"], config["threads"]) == ("scorekeeper.wsgi:application", 2)


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, with continuation lines joined."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines()]
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line else "")
        for line in lines
        if line and not line.startswith("#")
    ]


def test_the_image_is_python_311_slim_and_installs_only_the_locked_runtime_dependencies():
    instructions = dockerfile_instructions()
    assert instructions[0] == ("FROM", "python:3.11-slim")
    runs = " ".join(arguments for instruction, arguments in instructions if instruction == "RUN")
    assert "uv sync --locked --no-dev" in runs
    assert "manage.py collectstatic --noinput" in runs


def test_the_image_serves_with_gunicorn_as_a_user_other_than_root():
    instructions = dockerfile_instructions()
    names = [instruction for instruction, _ in instructions]
    users = [arguments for instruction, arguments in instructions if instruction == "USER"]
    assert users
    assert users[-1] not in {"root", "0", "0:0"}
    # Nothing runs as root after the switch.
    assert "RUN" not in names[names.index("USER") :]
    assert instructions[-1] == ("CMD", '["gunicorn"]')


def test_the_image_health_check_asks_healthz():
    healthchecks = [arguments for instruction, arguments in dockerfile_instructions() if instruction == "HEALTHCHECK"]
    assert len(healthchecks) == 1
    assert "python -m scorekeeper.healthcheck" in healthchecks[0].replace('", "', " ").replace('"', "")
    assert "/healthz" in (ROOT / "scorekeeper" / "healthcheck.py").read_text()


def test_the_docker_context_leaves_out_local_state():
    ignored = (ROOT / ".dockerignore").read_text().split()
    for path in (".git", ".venv", "var", "node_modules", "test-artifacts"):
        assert path in ignored


def test_workers_are_not_recycled_and_keep_a_polling_phones_connection():
    # gthread drops a recycled worker's kept-alive connections (benoitc/gunicorn#3038):
    # at a club night that reset a hundred phones a minute.
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["max_requests"] == 0
    assert "max_requests_jitter" not in config
    # Longer than the game page's poll, every 3 s.
    assert config["keepalive"] > 3
