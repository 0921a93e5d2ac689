"""What a phone downloads: compressed pages, and static files hashed and compressed at build time."""

import gzip
import json

import pytest
from django.conf import settings
from django.core.management import call_command

from scorekeeper import bundles

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
    for asset in ("css/app.bundle.css", "js/app.bundle.js", "css/app.css", "django_htmx/htmx-2.min.js"):
        hashed = tmp_path / manifest[asset]
        assert hashed.exists(), asset
        assert hashed.with_name(hashed.name + ".gz").exists(), asset


def test_the_bundles_hold_their_sources_in_order(client):
    css = b"".join(client.get("/static/css/app.bundle.css").streaming_content).decode()
    bootstrap = (settings.BASE_DIR / "static/vendor/bootstrap/bootstrap.purged.css").read_text()
    app = (settings.BASE_DIR / "static/css/app.css").read_text()
    assert css == bootstrap + "\n" + app
    script = b"".join(client.get("/static/js/app.bundle.js").streaming_content).decode()
    # theme.js runs at once (the colour mode before the first paint); the
    # others wait for the page, as their former defer made them.
    assert script.startswith((settings.BASE_DIR / "static/js/theme.js").read_text())
    for deferred in ("connection.js", "wakelock.js", "hand_form.js"):
        source = (settings.BASE_DIR / "static/js" / deferred).read_text()
        assert f'document.addEventListener("DOMContentLoaded", function () {{\n{source}}});' in script


def test_a_bundle_source_that_is_gone_fails_the_system_checks(monkeypatch):
    monkeypatch.setitem(bundles.BUNDLES, "js/app.bundle.js", bundles.Bundle(sources=("js/gone.js",)))
    errors = bundles.BundleFinder().check()
    assert [error.id for error in errors] == ["scorekeeper.E002"]
    assert "js/gone.js" in errors[0].msg
