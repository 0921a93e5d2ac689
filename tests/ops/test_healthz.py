"""The health check: 200 "ok" while the database answers, 503 when it does not."""

import pytest
from django.db import connection
from django.urls import reverse

from games.models import Heartbeat
from scorekeeper import healthcheck
from tests.ops.failures import database_down, disk_full

pytestmark = pytest.mark.django_db


def test_healthz_says_ok_when_the_database_answers(client):
    response = client.get(reverse("games:healthz"))
    assert response.status_code == 200
    assert response.content == b"ok"
    assert "no-store" in response["Cache-Control"]


def test_healthz_needs_no_login(client):
    # Anonymous by construction: a load balancer has no session.
    assert client.get("/healthz").status_code == 200


def test_healthz_answers_503_when_the_database_does_not(client):
    with connection.execute_wrapper(database_down):
        response = client.get(reverse("games:healthz"))
    assert response.status_code == 503
    assert response.content == b"database unavailable"


def test_healthz_answers_503_when_the_database_reads_but_cannot_write(client):
    with connection.execute_wrapper(disk_full):
        response = client.get(reverse("games:healthz"))
    assert response.status_code == 503
    assert response.content == b"database unavailable"


def test_healthz_writes_its_heartbeat(client):
    client.get(reverse("games:healthz"))
    first = Heartbeat.objects.get().at
    client.get(reverse("games:healthz"))
    assert Heartbeat.objects.get().at > first


def test_healthz_refuses_posts(client):
    assert client.post(reverse("games:healthz")).status_code == 405


def test_healthz_is_exempt_from_the_https_redirect(client, settings):
    # Docker's probe speaks plain http inside the container.
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code == 200
    assert client.get(reverse("games:home")).status_code == 301


@pytest.mark.django_db(transaction=True)
def test_the_docker_probe_exits_0_against_a_healthy_server(live_server, monkeypatch):
    monkeypatch.setenv("PORT", live_server.url.rsplit(":", 1)[1])
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", "localhost")
    assert healthcheck.main() == 0


def test_the_docker_probe_exits_1_when_nothing_answers(monkeypatch):
    monkeypatch.setenv("PORT", "1")
    assert healthcheck.main() == 1


@pytest.mark.parametrize(
    ("allowed_hosts", "host"),
    [
        ("hearts.example.com,localhost", "hearts.example.com"),
        (".example.com", "example.com"),
        ("*", "localhost"),
        ("", "localhost"),
    ],
)
def test_the_docker_probe_names_a_host_django_accepts(allowed_hosts, host):
    assert healthcheck.probe_host(allowed_hosts) == host
