"""The frame around every screen: manifest and icons, landmarks, and no inline code (CSP)."""

import json
import re
import struct

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.factories import make_game

pytestmark = pytest.mark.django_db


def manifest():
    return json.loads(open(finders.find("manifest.webmanifest"), encoding="utf-8").read())


def png_size(path):
    with open(path, "rb") as png:
        header = png.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


def my_pages(client, user, league):
    """Every screen of accounts, leagues and players, as visitor and as member."""
    make_game(league, "standard")
    player = league.players.first()
    pages = {path: client.get(path).content.decode() for path in ["/", "/accounts/login/", "/accounts/signup/"]}
    client.force_login(user)
    for path in [
        "/",
        "/leagues/new/",
        league.get_absolute_url(),
        reverse("games:player-edit", args=[league.pk, player.pk]),
        reverse("password_change"),
    ]:
        pages[f"member {path}"] = client.get(path).content.decode()
    return pages


def test_the_manifest_makes_an_installable_app():
    app = manifest()
    assert app["name"] == "Hearts Scorekeeper"
    assert app["short_name"] == "Scorekeeper"
    assert app["start_url"] == "/"
    assert app["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", app["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", app["background_color"])
    purposes = {(icon["sizes"], icon["purpose"]) for icon in app["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes


def test_every_png_icon_is_the_size_the_manifest_says():
    for icon in manifest()["icons"]:
        path = finders.find(icon["src"])
        assert path, f"{icon['src']} is missing"
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(path) == (width, height)


def test_the_apple_touch_icon_is_180_pixels_square():
    assert png_size(finders.find("icons/apple-touch-icon.png")) == (180, 180)


def test_the_manifest_is_served_as_a_manifest(client):
    response = client.get(f"{settings.STATIC_URL}manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"


def test_every_page_links_the_manifest_and_icons(client, user, league):
    for name, page in my_pages(client, user, league).items():
        assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page, name
        assert 'rel="icon" href="/static/icons/favicon.svg"' in page, name
        assert 'rel="apple-touch-icon"' in page, name
        # wakelock.js travels in the bundle (scorekeeper/bundles.py).
        assert '<script src="/static/js/app.bundle.js"></script>' in page, name


def test_no_page_has_an_inline_script_or_style(client, user, league):
    for name, page in my_pages(client, user, league).items():
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == [], name
        assert re.findall(r"\sstyle=", page) == [], name
        assert "<style" not in page, name
        assert re.findall(r"\son[a-z]+=", page) == [], name


def test_every_page_has_a_skip_link_and_landmarks(client, user, league):
    for name, page in my_pages(client, user, league).items():
        assert '<a class="skip-link visually-hidden-focusable" href="#main">Skip to content</a>' in page, name
        assert page.count("<header") == 1, name
        assert page.count('<main id="main"') == 1, name
        assert page.count("<footer") == 1, name
        assert page.count("<h1") == 1, name


def test_the_header_names_the_member_and_offers_log_out(client, user, league):
    client.force_login(user)
    page = client.get("/").content.decode()
    # Read once by a screen reader: the sentence (whose word order a language may change), the name shown beside it.
    assert f'<span class="visually-hidden">Logged in as {user.username}</span>' in page
    assert f'<span aria-hidden="true">{user.username}</span>' in page
    assert ">Log out</button>" in page


def test_only_pages_that_ask_keep_the_screen_on(client, user, league):
    for name, page in my_pages(client, user, league).items():
        assert "data-wake-lock" not in page, name


def test_the_game_page_and_the_hand_form_keep_the_screen_on(client, user, league):
    game = make_game(league, "ricketts")
    client.force_login(user)
    for path in [game.get_absolute_url(), reverse("games:hand-new", args=[game.pk])]:
        page = client.get(path).content.decode()
        assert re.search(r"<body [^>]*\bdata-wake-lock[ >]", page), path
