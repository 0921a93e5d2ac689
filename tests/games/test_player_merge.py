"""Merging two names of one person, and deleting a player who never played."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games import stats
from games.models import Game, HandRevision, Player, Standing
from tests.conftest import HTMX
from tests.games.league_seed import MOON_AND_QUEEN, hand_worked_league, members, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(league, user):
    games = hand_worked_league(league, user)
    # Eve sits in for Ann on 7 March: Ben's moon, then Eve takes 5 hearts and the Q♠.
    # Eve 44, Ben 0, Cat 30, Dan 30: Ben wins.
    games["eve"] = played(league, "standard", MOON_AND_QUEEN, datetime(2025, 3, 7, 20, tzinfo=UTC), {"target": 30},
                          players=["Eve", "Ben", "Cat", "Dan"], user=user)  # fmt: skip
    return games


def merge_url(league, player):
    return reverse("games:player-merge", args=[league.pk, player.pk])


def delete_url(league, player):
    return reverse("games:player-delete", args=[league.pk, player.pk])


def test_merging_eve_into_ann_gives_ann_her_game_standing_and_rating(scorer, league, games):
    eve, ann = (league.players.get(name=name) for name in ("Eve", "Ann"))
    page = scorer.get(merge_url(league, eve))
    assert page.status_code == 200
    assert "Eve's 1 game becomes the other player's" in page.content.decode()
    response = scorer.post(merge_url(league, eve), {"into": ann.pk})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:player-detail", args=[league.pk, ann.pk])
    assert not Player.objects.filter(pk=eve.pk).exists()
    # Ann: 44, 69 (won), 0 (won) and Eve's 44: 4 games, 2 wins, 157 in all.
    row = stats.standings(league, player=ann)[0]
    assert (row.games, row.wins, row.total) == (4, 2, 157)
    assert Standing.objects.filter(player=ann, variant="standard").get().games == 3
    # Against Ben: won games 2 and 3, lost games 1 and 4 (Ben won both).
    ben = {r.name: r for r in stats.head_to_head(league, ann)}["Ben"]
    assert (ben.wins, ben.losses, ben.ties) == (2, 2, 0)
    # The game carries the merge in its History, and its seat is Ann's.
    game = Game.objects.get(pk=games["eve"].pk)
    assert [seat.player.name for seat in game.ordered_seats()] == ["Ann", "Ben", "Cat", "Dan"]
    revision = game.revisions.get(action=HandRevision.Action.MERGED)
    assert (revision.before, revision.after, revision.number) == ({"player": "Eve"}, {"player": "Ann"}, 2)
    assert "merged the player Eve into Ann" in scorer.get(game.get_absolute_url()).content.decode()
    # Ann's rating is now over her four games, the last of them Eve's.
    last = game.seats.get(player=ann)
    assert Standing.objects.get(player=ann, variant="").rating == pytest.approx(
        stats.rating_history(league, ann)[-1].rating
    )
    assert last.rating_mu is not None


def test_an_htmx_merge_sends_the_phone_to_the_merged_players_page(scorer, league, games):
    eve, ann = (league.players.get(name=name) for name in ("Eve", "Ann"))
    response = scorer.post(merge_url(league, eve), {"into": ann.pk}, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("games:player-detail", args=[league.pk, ann.pk])
    assert not Player.objects.filter(pk=eve.pk).exists()


def test_two_players_of_one_game_cannot_be_merged(scorer, league, games):
    ben, ann = (league.players.get(name=name) for name in ("Ben", "Ann"))
    response = scorer.post(merge_url(league, ben), {"into": ann.pk})
    assert response.status_code == 422
    assert "Ben and Ann both played game 1: they are two people" in response.content.decode()
    assert Player.objects.filter(pk=ben.pk).exists()
    assert not HandRevision.objects.filter(action=HandRevision.Action.MERGED).exists()


def test_the_htmx_merge_form_answers_with_itself_on_a_refusal(scorer, league, games):
    ben, ann = (league.players.get(name=name) for name in ("Ben", "Ann"))
    response = scorer.post(merge_url(league, ben), {"into": ann.pk}, headers=HTMX)
    assert response.status_code == 422
    assert response.template_name == "games/player_merge.html#merge-form"
    assert response.content.decode().lstrip().startswith('<form id="merge-form"')


@pytest.mark.parametrize("into", ["", "999999", "not a number"])
def test_a_missing_or_foreign_player_to_merge_into_is_refused(scorer, league, games, into):
    eve = league.players.get(name="Eve")
    response = scorer.post(merge_url(league, eve), {"into": into})
    assert response.status_code == 422
    assert Player.objects.filter(pk=eve.pk).exists()


def test_a_player_cannot_be_merged_into_another_leagues_player(scorer, league, games):
    eve = league.players.get(name="Eve")
    stranger = members(league)["outsider"].memberships.get().league.players.create(name="Zed")
    assert scorer.post(merge_url(league, eve), {"into": stranger.pk}).status_code == 422
    assert Player.objects.filter(pk=eve.pk).exists()


@pytest.mark.parametrize(("role", "status"), [("scorer", 403), ("viewer", 403), ("outsider", 404)])
def test_only_organizers_merge_or_delete_players(client, league, games, role, status):
    eve, ann = (league.players.get(name=name) for name in ("Eve", "Ann"))
    client.force_login(members(league)[role])
    assert client.get(merge_url(league, eve)).status_code == status
    assert client.post(merge_url(league, eve), {"into": ann.pk}).status_code == status
    assert client.post(delete_url(league, eve)).status_code == status
    assert Player.objects.filter(pk=eve.pk).exists()


def test_anonymous_visitors_are_sent_to_log_in(client, league, games):
    eve = league.players.get(name="Eve")
    assert client.post(merge_url(league, eve), {"into": 1}).status_code == 302
    assert client.post(delete_url(league, eve)).status_code == 302
    assert Player.objects.filter(pk=eve.pk).exists()


def test_a_player_who_never_played_is_deleted(scorer, league, games):
    gus = Player.objects.create(league=league, name="Gus")
    assert scorer.get(delete_url(league, gus)).status_code == 200
    response = scorer.post(delete_url(league, gus))
    assert response.status_code == 302
    assert not Player.objects.filter(pk=gus.pk).exists()


def test_a_player_with_games_is_not_deleted_and_merging_is_offered(scorer, league, games):
    eve = league.players.get(name="Eve")
    page = scorer.get(delete_url(league, eve)).content.decode()
    assert "Eve has played 1 game, so they stay" in page
    assert f'href="{merge_url(league, eve)}"' in page
    response = scorer.post(delete_url(league, eve))
    assert response.status_code == 409
    assert Player.objects.filter(pk=eve.pk).exists()
