"""A finished game's result sent to the group chat: the Share button's text and link, the public
page's preview tags, and the PNG a chat app shows under the link."""

import io
import re
from datetime import UTC, datetime
from html import unescape

import pytest
from django.urls import reverse
from PIL import Image

from games import result_image
from games.models import League, new_token
from games.result_image import PALE, WHITE, Row, result_png
from games.views.results import result_rows
from rules import play
from tests.factories import LeagueFactory
from tests.games.league_seed import MOON_AND_QUEEN, WRAPS, members, played
from tests.rules.table import cards, setup

pytestmark = pytest.mark.django_db

DAY = datetime(2025, 3, 1, 20, tzinfo=UTC)
# WRAPS ends 0 17 13 40 (Ann Ben Cat Dan, added up on paper in league_seed.py): Ann wins on 0.
WRAPS_TABLE = "1. Ann 0 · 2. Cat 13 · 3. Ben 17 · 4. Dan 40"


@pytest.fixture
def public(league):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    return league


@pytest.fixture
def wraps(league, user):
    return played(league, "standard", WRAPS, DAY, {"target": 40, "wraps": [30]}, user=user)


def image_url(league, game, version=None):
    version = game.version if version is None else version
    return reverse("games:public-result-image", args=[league.public_token, game.pk, version])


def meta(html, name):
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)">', html)
    return unescape(found.group(1)) if found else None


# The image ---------------------------------------------------------------------------------


def test_the_image_is_a_1200_by_630_png_of_the_final_table(client, public, wraps):
    response = client.get(image_url(public, wraps))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG"
    assert image.size == (1200, 630)
    # The winner's row (Ann, the first) is on a pale band; the second row is not.
    assert image.getpixel((45, 215)) == PALE
    assert image.getpixel((45, 305)) == WHITE


def test_the_image_is_cached_and_checked_again_each_time_from_one_read(
    client, public, wraps, django_assert_num_queries
):
    response = client.get(image_url(public, wraps))
    # Not "immutable": the public link can be turned off, and its images must go with it.
    assert response["Cache-Control"] == "public, no-cache"
    tag = response["ETag"]
    assert tag == f'"result-{wraps.pk}-{wraps.version}"'
    with django_assert_num_queries(1):
        again = client.get(image_url(public, wraps), headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""


def test_a_chat_apps_head_request_is_answered(client, public, wraps):
    response = client.head(image_url(public, wraps))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"


def test_an_old_versions_address_is_sent_on_to_the_current_one(client, public, wraps, user):
    old = wraps.version
    wraps.move_to_day(DAY.date().replace(day=2), user)  # any change moves the version on
    wraps.refresh_from_db()
    assert wraps.version > old
    response = client.get(image_url(public, wraps, old))
    assert response.status_code == 302
    assert response["Location"] == image_url(public, wraps)
    assert "immutable" not in response.get("Cache-Control", "")


def test_a_private_games_image_is_404(client, league, wraps):
    # The league has no public link: no token reaches its games.
    assert not league.public_token
    other = LeagueFactory()
    League.objects.filter(pk=other.pk).update(public_token=new_token())
    other.refresh_from_db()
    assert client.get(image_url(other, wraps)).status_code == 404


def test_a_guessed_token_is_404(client, public, wraps):
    url = reverse("games:public-result-image", args=[new_token(), wraps.pk, wraps.version])
    assert client.get(url).status_code == 404


def test_a_game_in_the_trash_and_a_league_in_the_trash_have_no_image(client, public, wraps, user):
    url = image_url(public, wraps)
    public.trash()
    assert client.get(url).status_code == 404
    public.restore()
    # Trash and restore moved the game's version on (its phones' polls ask again): the old
    # address is sent on to the current one, which answers.
    assert client.get(url, follow=True).status_code == 200
    wraps.trash(user)
    assert client.get(url).status_code == 404


def test_the_image_is_only_read(client, public, wraps):
    assert client.post(image_url(public, wraps)).status_code == 405


def test_equal_totals_share_a_place_and_the_winner_comes_first(league, user):
    # MOON_AND_QUEEN ends Ann 44, Ben 0, Cat 30, Dan 30 (league_seed.py): Ben wins, Cat and Dan share 2nd.
    game = played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    rows = result_rows(game.state())
    assert [(row.place, row.name, row.total, row.winner) for row in rows] == [
        (1, "Ben", "0", True),
        (2, "Cat", "30", False),
        (2, "Dan", "30", False),
        (4, "Ann", "44", False),
    ]


def test_a_name_in_another_script_is_drawn_in_a_font_that_has_it():
    dejavu, droid = result_image.FONT_FILES[0], result_image.FONT_FILES[2]
    assert dejavu.is_file(), "apt-get install fonts-dejavu-core"
    assert droid.is_file(), "apt-get install fonts-droid-fallback"
    assert result_image._has(dejavu, "Ζ")
    assert not result_image._has(dejavu, "王")
    assert result_image._runs("Ann 王小明", 40) == [(dejavu, "Ann "), (droid, "王小明")]
    # An accent typed as its own character stays with its letter.
    assert result_image._runs("Zoe\u0301", 40) == [(dejavu, "Zoe\u0301")]


def test_an_emoji_in_a_name_is_drawn_by_the_emoji_font_not_as_a_box():
    dejavu, symbola = result_image.FONT_FILES[0], result_image.FONT_FILES[3]
    assert symbola.is_file(), "apt-get install fonts-symbola"
    assert not result_image._has(dejavu, "🦊")
    assert result_image._has(symbola, "🦊")
    # The variation selector stays with its heart; a skin tone, which one colour cannot show, is left out.
    assert result_image._runs("🦊 Zoë ❤️ 👍🏽", 40) == [
        (symbola, "🦊 "),
        (dejavu, "Zoë ❤\ufe0f "),
        (symbola, "👍"),
    ]


def test_without_the_fonts_pillows_own_font_draws_it(monkeypatch, tmp_path):
    monkeypatch.setattr(result_image, "FONT_FILES", (tmp_path / "missing.ttf",))
    for cached in (result_image._installed, result_image._font_for):
        cached.cache_clear()
    try:
        png = result_png("Game 1", "1 Mar 2025", [Row(1, "Ann", "0", True), Row(2, "Ben", "26")], "Winner")
    finally:
        for cached in (result_image._installed, result_image._font_for):
            cached.cache_clear()
    assert Image.open(io.BytesIO(png)).size == (1200, 630)


def test_a_long_name_is_cut_short_to_fit_its_row():
    name = "Ann " * 40
    assert result_image._width(name, 40) > 1000
    fitted = result_image._fitted(name, 40, 600)
    assert fitted.endswith("…")
    assert result_image._width(fitted, 40) <= 600


# The public page's preview tags ---------------------------------------------------------------


def test_the_public_result_page_carries_the_preview_tags(client, public, wraps):
    page = reverse("games:public-scoresheet", args=[public.public_token, wraps.pk])
    html = client.get(page).content.decode()
    assert meta(html, "og:title") == f"Game {wraps.number}: Hearts · {public.name}"
    assert meta(html, "og:description") == f"1 Mar 2025 · over after 5 hands. {WRAPS_TABLE}"
    assert meta(html, "og:url") == f"http://testserver{page}"
    assert meta(html, "og:image") == f"http://testserver{image_url(public, wraps)}"
    assert meta(html, "og:image:width") == "1200"
    assert meta(html, "og:image:height") == "630"
    assert meta(html, "twitter:card") == "summary_large_image"


def test_the_members_scoresheet_has_no_preview_tags(client, public, wraps, user):
    client.force_login(user)
    html = client.get(reverse("games:game-scoresheet", args=[wraps.pk])).content.decode()
    assert meta(html, "og:image") is None


# The Share button ---------------------------------------------------------------------------


def share_button(html):
    found = re.search(r'<a class="btn btn-primary" href="([^"]*)" data-share-button[^>]*>', html)
    if found is None:
        return None
    attributes = dict(re.findall(r'(data-share-\w+)="([^"]*)"', found.group(0)))
    return {name: unescape(value) for name, value in attributes.items()} | {"href": unescape(found.group(1))}


def test_a_finished_games_share_sends_the_public_result_with_every_place(client, public, wraps, user):
    client.force_login(user)
    html = client.get(wraps.get_absolute_url()).content.decode()
    button = share_button(html)
    public_page = f"http://testserver/public/{public.public_token}/games/{wraps.pk}/"
    assert button["data-share-url"] == public_page
    assert button["href"] == public_page  # without JavaScript, the link itself
    assert button["data-share-title"] == f"Game {wraps.number}: Hearts"
    assert button["data-share-text"] == f"{public.name}, game {wraps.number} (Hearts): won by Ann\n{WRAPS_TABLE}"


def test_without_a_public_link_share_sends_the_members_link_and_says_so(client, league, wraps, user):
    client.force_login(user)
    html = client.get(wraps.get_absolute_url()).content.decode()
    assert share_button(html)["data-share-url"] == f"http://testserver{wraps.get_absolute_url()}"
    assert "Only the league's members can open this link" in html


@pytest.mark.parametrize("role", ["viewer", "scorer", "organizer"])
def test_every_member_may_share_a_finished_game(client, public, wraps, role):
    client.force_login(members(public)[role])
    assert share_button(client.get(wraps.get_absolute_url()).content.decode()) is not None


def test_a_game_under_way_has_nothing_to_share_yet(client, public, user):
    game = played(public, "standard", MOON_AND_QUEEN[:1], DAY, {"target": 30}, user=user)
    client.force_login(user)
    assert share_button(client.get(game.get_absolute_url()).content.decode()) is None
    page = reverse("games:public-scoresheet", args=[public.public_token, game.pk])
    html = client.get(page).content.decode()
    assert share_button(html) is None
    assert (
        meta(html, "og:description")
        == "1 Mar 2025 · under way, 1 hand so far. 1. Ben 0 · 2. Ann 26 · 2. Cat 26 · 2. Dan 26"
    )


def test_the_public_page_shares_itself(client, public, wraps):
    page = reverse("games:public-scoresheet", args=[public.public_token, wraps.pk])
    assert share_button(client.get(page).content.decode())["data-share-url"] == f"http://testserver{page}"


def test_a_team_games_result_names_the_teams_with_their_totals():
    """A team game's totals are the teams' (RULES.md, Partners): the shared result lists each team
    once, as the engine names it, not four players against two totals (a 500 before)."""
    game = setup("standard", 6, teams=True)
    # Ann+Dan take 3 + 2 hearts, Ben+Eve 8, Cat+Fay the Q♠: 5, 8 and 13 (worked out by hand).
    state = play(game, [cards(game, {"Ann": 3, "Dan": 2, "Ben": 8}, queen="Cat")])
    rows = result_rows(state)
    assert [(row.place, row.name, row.total) for row in rows] == [
        (1, "Ann+Dan", "5"),
        (2, "Ben+Eve", "8"),
        (3, "Cat+Fay", "13"),
    ]
