"""Deleting a league: the owner only, its name typed first, its backup offered; into the trash."""

import pytest
from django.urls import reverse

from games.models import ActivityEntry, Game, League, Player, Seat, Standing
from tests.conftest import HTMX
from tests.factories import make_game
from tests.games.league_seed import members

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]


def url(league):
    return reverse("games:league-delete", args=[league.pk])


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


def test_the_page_offers_the_backup_first(scorer, league, games):
    response = scorer.get(url(league))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("games:league-export-json", args=[league.pk]) in html
    assert "with its 6 games" in html


def test_typing_the_name_puts_the_league_in_the_trash_out_of_every_members_sight(client, scorer, league, games):
    other = make_game(members(league)["outsider"].memberships.get().league)
    viewer = members(league)["viewer"]
    standings = sorted(Standing.objects.filter(league=league).values_list("player__name", "variant", "wins", "rating"))
    response = scorer.post(url(league), {"name": league.name})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    assert not League.objects.filter(pk=league.pk).exists()
    # Nothing inside it is deleted: it waits, as it was, for its owner.
    assert League.all_objects.get(pk=league.pk).trashed_at is not None
    assert Game.objects.filter(league_id=league.pk).count() == 6
    assert Player.objects.filter(league_id=league.pk).exists()
    # Another league keeps its game.
    assert Seat.objects.filter(game=other).count() == 4
    client.force_login(viewer)
    assert client.get(reverse("games:league-detail", args=[league.pk])).status_code == 404
    assert client.get(reverse("games:league-standings", args=[league.pk])).status_code == 404
    assert league.name not in client.get(reverse("games:home")).content.decode()
    assert client.get(reverse("games:game-detail", args=[games["moon"].pk])).status_code == 404
    # The owner is told on their list of leagues, and gets it back as it was.
    client.force_login(league.owner)
    home = client.get(reverse("games:home")).content.decode()
    assert f"{league.name} is in the trash" in home
    assert reverse("games:league-restore", args=[league.pk]) in home
    response = client.post(reverse("games:league-restore", args=[league.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:league-detail", args=[league.pk])
    assert League.objects.filter(pk=league.pk).exists()
    after = sorted(Standing.objects.filter(league=league).values_list("player__name", "variant", "wins", "rating"))
    assert after == standings
    kinds = list(ActivityEntry.objects.filter(league=league).order_by("pk").values_list("kind", "who"))
    assert kinds[-2:] == [("league_deleted", league.owner.username), ("league_restored", league.owner.username)]


def test_a_second_organizer_is_refused_with_the_reason_and_not_offered_the_delete(client, league, games):
    second = members(league)["organizer"]
    client.force_login(second)
    page = client.get(reverse("games:league-detail", args=[league.pk])).content.decode()
    assert url(league) not in page
    response = client.get(url(league))
    assert response.status_code == 403
    assert (
        f"Only the league&#x27;s owner, {league.owner.username}, can delete {league.name}" in response.content.decode()
    )
    response = client.post(url(league), {"name": league.name})
    assert response.status_code == 403
    assert League.objects.filter(pk=league.pk).exists()
    assert not ActivityEntry.objects.filter(kind="league_deleted").exists()


def test_the_owner_is_offered_the_delete(scorer, league, games):
    assert url(league) in scorer.get(reverse("games:league-detail", args=[league.pk])).content.decode()


def test_only_the_owner_may_restore_the_league(client, league, games):
    league.trash(league.owner)
    for role in ("organizer", "scorer", "outsider"):
        client.force_login(members(league)[role])
        assert client.post(reverse("games:league-restore", args=[league.pk])).status_code == 404
    assert not League.objects.filter(pk=league.pk).exists()


@pytest.mark.parametrize("typed", ["", "house", "something else"])
def test_a_wrong_name_is_refused_and_nothing_is_deleted(scorer, league, games, typed):
    response = scorer.post(url(league), {"name": typed}, headers=HTMX if typed else {})
    assert response.status_code == 422
    if typed:
        assert f"That is not the league&#x27;s name: type {league.name} exactly" in response.content.decode()
    assert Game.objects.filter(league=league).count() == 6


@pytest.mark.parametrize(("role", "status"), [("organizer", 403), ("scorer", 403), ("viewer", 403), ("outsider", 404)])
def test_only_the_owner_may_delete_a_league(client, league, games, role, status):
    client.force_login(members(league)[role])
    assert client.get(url(league)).status_code == status
    assert client.post(url(league), {"name": league.name}).status_code == status
    assert League.objects.filter(pk=league.pk).exists()


def test_an_anonymous_visitor_is_sent_to_log_in(client, league, games):
    assert client.post(url(league), {"name": league.name}).status_code == 302
    assert League.objects.filter(pk=league.pk).exists()


def test_a_trashed_leagues_public_link_invites_and_share_links_let_no_one_in(client, league, games, user):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Invite, new_token
    from tests.factories import UserFactory
    from tests.games.test_game_share import join_url

    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    invite = Invite.objects.create(league=league, created_by=user, expires_at=timezone.now() + timedelta(days=7))
    join = join_url(games["in_progress"], "scorer")
    league.trash(user)
    client.force_login(UserFactory())
    assert client.get(reverse("games:public-standings", args=[league.public_token])).status_code == 404
    assert client.get(reverse("games:invite-accept", args=[invite.token])).status_code == 404
    assert client.post(reverse("games:invite-accept", args=[invite.token])).status_code == 404
    assert client.post(join).status_code == 410
    assert league.memberships.count() == 1  # the owner, and no one else
