"""What a phone downloads: compressed pages, and static files hashed and compressed at build time."""

import gzip
import json

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_pages_are_gzipped_for_phones_that_accept_it(table):
    client = table.client("scorer")
    response = client.get(table.game.get_absolute_url(), headers={"Accept-Encoding": "gzip, br"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    page = gzip.decompress(response.content).decode()
    assert "<!doctype html>" in page
    # Compression earns its keep: the page shrinks to under half.
    assert len(response.content) < len(page.encode()) / 2


def test_pages_are_plain_for_clients_that_do_not_ask(table):
    response = table.client("scorer").get(table.game.get_absolute_url())
    assert not response.has_header("Content-Encoding")
    assert b"<!doctype html>" in response.content


def test_collectstatic_hashes_and_compresses_every_asset(settings, tmp_path):
    # What the Dockerfile runs, with the production storage.
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    for asset in ("css/app.css", "vendor/bootstrap/bootstrap.purged.css", "django_htmx/htmx-2.min.js"):
        hashed = tmp_path / manifest[asset]
        assert hashed.exists(), asset
        assert hashed.with_name(hashed.name + ".gz").exists(), asset
