"""The public link's standings, archive and players' pages: 304 from one query while the league
shows the same, a new tag as soon as anything they show changes, never one league's or reader's
tag for another (issue 22)."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import League, Player, Season, new_token
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import LeagueFactory
from tests.games.league_seed import hand_worked_league

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]

PAGES = ["standings", "archive", "player"]


# The league every test here reads, played once for the module (tests/games/conftest.py).
@pytest.fixture
def user(worked_league):
    return worked_league["user"]


@pytest.fixture
def league(worked_league):
    return worked_league["league"]


@pytest.fixture
def games(worked_league):
    return worked_league["games"]


@pytest.fixture
def public(league, games):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    return league


def page_url(league, page):
    token = league.public_token
    if page == "standings":
        return reverse("games:public-standings", args=[token])
    if page == "archive":
        return reverse("games:public-games", args=[token])
    ann = Player.objects.get(league=league, name="Ann")
    return reverse("games:public-player", args=[token, ann.pk])


def tag_of(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return response["ETag"]


@pytest.mark.parametrize("page", PAGES)
def test_an_unchanged_public_page_answers_304_from_one_query(client, public, page, django_assert_num_queries):
    url = page_url(public, page)
    first = client.get(url)
    assert first.status_code == 200
    assert first["ETag"].startswith('"public-')
    # Kept by the browser, asked about every time, never kept by a shared cache.
    assert set(first["Cache-Control"].split(", ")) == {"private", "no-cache"}
    with django_assert_num_queries(1):
        again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert again.content == b""


@pytest.mark.parametrize("page", PAGES)
def test_the_live_region_polled_with_htmx_hears_304_too(client, public, page):
    url = page_url(public, page)
    tag = tag_of(client, url, **HTMX)
    assert tag != tag_of(client, url)  # the region and the whole page are two answers
    assert client.get(url, headers={**HTMX, "If-None-Match": tag}).status_code == 304


@pytest.mark.parametrize("page", PAGES)
def test_a_gzipped_answer_s_weak_tag_is_as_good(client, public, page):
    url = page_url(public, page)
    tag = tag_of(client, url)
    assert client.get(url, headers={"If-None-Match": f"W/{tag}"}).status_code == 304


def test_other_parameters_are_another_answer(client, public):
    url = page_url(public, "standings")
    tag = tag_of(client, url)
    response = client.get(url + "?sort=player", headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert response["ETag"] != tag


@pytest.mark.parametrize("page", PAGES)
def test_a_game_ending_gives_every_page_a_new_tag(client, public, games, page):
    url = page_url(public, page)
    tag = tag_of(client, url)
    under_way = games["in_progress"]  # Ann 3, Ben 3, Cat 3, Dan 4 of 100
    # Dan takes 5 hearts and the Q♠ a hand: 112 after six, while Ann stays on 3 and wins.
    for number in range(2, 12):
        under_way.record_hand(number, HandEntry.cards([0, 4, 4, 5], 3))
        under_way.refresh_from_db()
        if under_way.status == "over":
            break
    assert under_way.status == "over"
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert response["ETag"] != tag


def test_a_hand_recorded_in_a_game_under_way_gives_the_archive_a_new_tag(client, public, games):
    """The archive shows a game under way with its count of hands."""
    url = page_url(public, "archive")
    tag = tag_of(client, url)
    games["in_progress"].record_hand(2, HandEntry.cards([3, 3, 3, 4], 1))
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert "2 hands" in response.content.decode()
    assert response["ETag"] != tag


@pytest.mark.parametrize("page", PAGES)
def test_a_player_renamed_gives_every_page_a_new_tag(client, public, page):
    url = page_url(public, page)
    tag = tag_of(client, url)
    ben = Player.objects.get(league=public, name="Ben")
    ben.name = "Benedict"
    ben.save()
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert "Benedict" in response.content.decode()


def test_a_new_player_gives_the_archive_a_new_tag(client, public):
    """The archive's filter lists the league's players, those without a game too."""
    url = page_url(public, "archive")
    tag = tag_of(client, url)
    Player.objects.create(league=public, name="Eve")
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 200


def test_a_season_named_gives_the_standings_a_new_tag(client, public):
    url = page_url(public, "standings")
    tag = tag_of(client, url)
    Season.add(public, "Spring", date(2025, 3, 1), date(2025, 5, 31))
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert "Spring" in response.content.decode()


def test_the_league_s_settings_saved_give_a_new_tag(client, public, user):
    url = page_url(public, "standings")
    tag = tag_of(client, url)
    client.force_login(user)
    form = {"name": public.name, "time_zone": public.time_zone, "min_games": 1, "lock_finished_games": "on"}
    assert client.post(reverse("games:league-edit", args=[public.pk]), form).status_code == 302
    client.logout()
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert "fewer than 1 game:" in response.content.decode()


def test_saving_the_settings_keeps_the_counters_the_league_moved_on_meanwhile(public):
    """A form saves the league as it read it: the game numbers and versions others moved on stay."""
    read = League.objects.get(pk=public.pk)
    League.objects.filter(pk=public.pk).update(last_game_number=99, results_version=77, data_version=55)
    read.min_games = 2
    read.save()
    stored = League.objects.get(pk=public.pk)
    assert (stored.min_games, stored.last_game_number, stored.results_version) == (2, 99, 77)
    assert stored.data_version == 56  # and the save moved it on once more


@pytest.mark.parametrize("page", PAGES)
def test_another_league_s_tag_is_not_this_one_s(client, public, page, user):
    other = LeagueFactory(owner=user, public_token=new_token())
    hand_worked_league(other, user)
    # Both leagues as alike as can be: same players, games and versions.
    League.objects.filter(pk=other.pk).update(data_version=public.data_version)
    tag = tag_of(client, page_url(public, page))
    response = client.get(page_url(other, page), headers={"If-None-Match": tag})
    assert response.status_code == 200
    assert response["ETag"] != tag


@pytest.mark.parametrize("page", PAGES)
def test_a_logged_in_reader_s_page_is_not_a_visitor_s(client, public, page, outsider):
    url = page_url(public, page)
    visitor = tag_of(client, url)
    client.force_login(outsider)
    response = client.get(url, headers={"If-None-Match": visitor})
    assert response.status_code == 200
    assert outsider.username in response.content.decode()
    assert response["ETag"] != visitor


@pytest.mark.parametrize("page", PAGES)
def test_a_link_switched_off_is_404_whatever_tag_is_sent(client, public, page):
    url = page_url(public, page)
    tag = tag_of(client, url)
    League.objects.filter(pk=public.pk).update(public_token="")
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 404


def test_a_league_in_the_trash_is_404_whatever_tag_is_sent(client, public, user):
    url = page_url(public, "standings")
    tag = tag_of(client, url)
    public.trash(user)
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 404


def test_a_tampered_tag_or_garbage_is_answered_in_full(client, public):
    url = page_url(public, "standings")
    tag = tag_of(client, url)
    for sent in [tag[:-2] + 'x"', '"', "W/", "not a tag", tag.replace("public-", "public-9")]:
        assert client.get(url, headers={"If-None-Match": sent}).status_code == 200


@pytest.mark.parametrize("page", PAGES)
def test_a_public_page_reads_its_league_once_for_its_tag_and_itself(client, public, page):
    with CaptureQueriesContext(connection) as read:
        response = client.get(page_url(public, page))
    assert response.status_code == 200
    by_token = [query["sql"] for query in read.captured_queries if '"games_league"."public_token" =' in query["sql"]]
    assert len(by_token) == 1
