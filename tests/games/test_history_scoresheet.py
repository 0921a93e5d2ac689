"""A game's scoresheet: every hand from the engine, and a chart that reads without colour."""

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.models import League, new_token
from rules import HandEntry
from tests.factories import LeagueFactory
from tests.games.league_seed import MOON_AND_QUEEN, WRAPS, members, played

pytestmark = pytest.mark.django_db

DAY = datetime(2025, 3, 1, 20, tzinfo=UTC)
# Standard to 13: Ann's 13 hearts and Ben's Q♠ end hand 1 with Cat and Dan tied lowest on 0,
# so a tie-break hand follows, in which Cat is charged with a revoke (26). Dan wins.
TIE_BREAK_AND_REVOKE = [HandEntry.cards([13, 0, 0, 0], 1), HandEntry.revoked(2)]


def url(game):
    return reverse("games:game-scoresheet", args=[game.pk])


@pytest.fixture
def wraps(league, user):
    return played(league, "standard", WRAPS, DAY, {"target": 40, "wraps": [30]}, user=user)


@pytest.mark.parametrize("role", ["owner", "organizer", "scorer", "viewer"])
def test_every_member_sees_the_scoresheet(client, league, wraps, role):
    client.force_login(members(league)[role])
    response = client.get(url(wraps))
    assert response.status_code == 200
    assert response.template_name == "history/scoresheet.html"


def test_outsiders_get_404_and_visitors_are_sent_to_log_in(client, league, wraps):
    client.force_login(members(league)["outsider"])
    assert client.get(url(wraps)).status_code == 404
    client.logout()
    assert client.get(url(wraps)).status_code == 302


def test_an_unknown_game_is_404(client, user):
    client.force_login(user)
    assert client.get(reverse("games:game-scoresheet", args=[987654])).status_code == 404


def test_each_hand_shows_dealer_pass_points_and_totals(client, league, wraps, user):
    client.force_login(user)
    response = client.get(url(wraps))
    html = response.content.decode()
    # Ann deals first; with 4 players the passes go left, right, across, hold.
    assert "Ann deals, pass left" in html
    assert "Ben deals, pass right" in html
    assert "Dan deals, no pass" in html
    assert "Ann deals, pass left" in html
    # Hand 3: Ann +13 reaching 30, wrapped to 0.
    row = response.context_data["hands"][2]
    assert [cell["points"] for cell in row["cells"]] == [13, 0, 13, 0]
    assert [cell["total"] for cell in row["cells"]] == [0, 4, 0, 14]
    assert [cell["wrapped"] for cell in row["cells"]] == [True, False, True, False]
    assert html.count('class="marker marker-wrap"') == 2
    assert "Won by <strong>Ann</strong>" in html


def test_a_moon_is_marked_on_the_shooter(client, league, user):
    game = played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    client.force_login(user)
    response = client.get(url(game))
    assert [cell["moon"] for cell in response.context_data["hands"][0]["cells"]] == [False, True, False, False]
    assert "moon add" in response.content.decode()
    assert "+26" in response.content.decode()


def test_tie_break_hands_and_revokes_are_marked(client, league, user):
    game = played(league, "standard", TIE_BREAK_AND_REVOKE, DAY, {"target": 13}, user=user)
    client.force_login(user)
    response = client.get(url(game))
    html = response.content.decode()
    assert response.context_data["hands"][1]["hand"].deal.tie_break
    assert '<tr class="tie-break">' in html
    assert "tie-break</span>" in html
    assert "revoke</span>" in html
    assert "Won by <strong>Dan</strong>" in html


def test_the_chart_has_a_line_per_player_and_a_text_alternative(client, league, wraps, user):
    client.force_login(user)
    html = client.get(url(wraps)).content.decode()
    assert 'role="img" aria-labelledby="totals-chart-title totals-chart-desc"' in html
    assert '<title id="totals-chart-title">Totals hand by hand</title>' in html
    assert "each of 5 hands" in html
    assert "After 5 hands: Ann 0, Ben 17, Cat 13, Dan 40. Won by Ann." in html
    # Four lines, told apart by dash pattern as well as colour.
    assert html.count('stroke-linejoin="round"') == 4
    assert 'stroke-dasharray="7 3"' in html
    assert 'stroke-dasharray="2 3"' in html


def test_no_inline_styles(client, league, wraps, user):
    client.force_login(user)
    html = client.get(url(wraps)).content.decode()
    assert "style=" not in html


def test_a_game_without_hands_has_no_chart(client, league, user):
    game = played(league, "standard", [], DAY)
    client.force_login(user)
    html = client.get(url(game)).content.decode()
    assert "No hands yet." in html
    assert "<svg" not in html.split("<main")[1]


def test_only_organizers_are_offered_to_delete_the_game(client, league, wraps):
    people = members(league)
    delete = reverse("games:game-delete", args=[wraps.pk])
    client.force_login(people["organizer"])
    assert delete in client.get(url(wraps)).content.decode()
    client.force_login(people["scorer"])
    assert delete not in client.get(url(wraps)).content.decode()


def test_the_public_scoresheet_shows_the_game_and_no_actions(client, league, wraps):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    response = client.get(reverse("games:public-scoresheet", args=[league.public_token, wraps.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ann deals, pass left" in html
    assert "/delete/" not in html
    # Players' pages through the public link only, never the members' ones.
    assert f"/leagues/{league.pk}/players/" not in html
    assert f"/public/{league.public_token}/players/" in html


def test_the_public_link_does_not_reach_other_leagues_games(client, league, wraps):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    other = played(LeagueFactory(), "standard", WRAPS, DAY, {"target": 40, "wraps": [30]})
    response = client.get(reverse("games:public-scoresheet", args=[league.public_token, other.pk]))
    assert response.status_code == 404


def test_the_scoresheet_takes_a_handful_of_queries(client, league, wraps, user, django_assert_num_queries):
    client.force_login(user)
    # Session, user, the version it shows (ETag), game with league, membership, seats with players, hands.
    with django_assert_num_queries(7):
        client.get(url(wraps))


def test_the_public_scoresheet_of_a_game_under_way_fetches_itself_again_until_it_is_over(client, league, user):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    game = played(league, "standard", MOON_AND_QUEEN[:1], datetime(2025, 3, 1, 20, tzinfo=UTC), {"target": 30})
    url = reverse("games:public-scoresheet", args=[league.public_token, game.pk])
    html = client.get(url).content.decode()
    assert f'hx-get="{url}" hx-trigger="every 30s"' in html

    # Another phone records the next hand: the poll gets the sheet alone, with it, and stops once the game is over.
    game.record_hand(2, MOON_AND_QUEEN[1], user)
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.template_name == "history/scoresheet.html#scoresheet-body"
    body = response.content.decode()
    assert body.count('<span class="hand-number">') == 2
    game.refresh_from_db()
    assert game.status == "over"
    assert 'hx-trigger="every 30s"' not in body


def live_tag(page):
    """The ETag the live region sends back in If-None-Match (its hx-headers)."""
    return re.search(r"hx-headers='\{\"If-None-Match\": \"(.+?)\"\}'", page).group(1).replace('\\"', '"')


@pytest.fixture
def under_way(league, user):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    return played(league, "standard", MOON_AND_QUEEN[:1], DAY, {"target": 100})


def test_the_public_live_scoresheet_hears_304_from_one_query_while_nothing_changed(
    client, league, under_way, django_assert_num_queries
):
    url = reverse("games:public-scoresheet", args=[league.public_token, under_way.pk])
    tag = live_tag(client.get(url).content.decode())
    assert tag == f'"scoresheet-{under_way.pk}-{under_way.version}-{League.objects.get().results_version}"'
    with django_assert_num_queries(1):
        response = client.get(url, headers={"HX-Request": "true", "If-None-Match": tag})
    assert response.status_code == 304
    assert response["ETag"] == tag
    assert response.content == b""


def test_a_member_s_live_scoresheet_hears_304_past_the_login(
    client, league, under_way, user, django_assert_num_queries
):
    client.force_login(user)
    tag = live_tag(client.get(url(under_way)).content.decode())
    # Session, user, and the version with the membership.
    with django_assert_num_queries(3):
        response = client.get(url(under_way), headers={"HX-Request": "true", "If-None-Match": tag})
    assert response.status_code == 304


def test_a_hand_recorded_changes_the_live_scoresheet_s_tag(client, league, under_way, user):
    url = reverse("games:public-scoresheet", args=[league.public_token, under_way.pk])
    tag = live_tag(client.get(url).content.decode())
    under_way.record_hand(2, MOON_AND_QUEEN[1], user)
    response = client.get(url, headers={"HX-Request": "true", "If-None-Match": tag})
    assert response.status_code == 200
    assert response.content.decode().count('<span class="hand-number">') == 2
    assert live_tag(response.content.decode()) != tag


def test_a_tag_is_no_key_to_another_league_s_game(client, league, under_way):
    url = reverse("games:public-scoresheet", args=[league.public_token, under_way.pk])
    tag = live_tag(client.get(url).content.decode())
    other = LeagueFactory()
    League.objects.filter(pk=other.pk).update(public_token=new_token())
    other.refresh_from_db()
    elsewhere = reverse("games:public-scoresheet", args=[other.public_token, under_way.pk])
    assert client.get(elsewhere, headers={"HX-Request": "true", "If-None-Match": tag}).status_code == 404
    # Nor to a member's page for an outsider.
    client.force_login(members(league)["outsider"])
    response = client.get(
        reverse("games:game-scoresheet", args=[under_way.pk]), headers={"HX-Request": "true", "If-None-Match": tag}
    )
    assert response.status_code == 404
