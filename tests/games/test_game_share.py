"""A game's share link: the QR code and link on the game page, and joining through it."""

import time
from unittest import mock

import pytest
from django.urls import reverse

from games.models import Membership
from games.views.sharing import JOIN_MAX_AGE, join_token
from tests.conftest import HTMX
from tests.factories import LeagueFactory, MembershipFactory, UserFactory, make_game

pytestmark = pytest.mark.django_db


def share_url(game):
    return reverse("games:game-share", args=[game.pk])


def join_url(game, role="viewer", by=None):
    organizer = Membership.objects.get(league=game.league, user_id=by or game.league.owner_id)
    return reverse("games:game-join", args=[game.pk, join_token(game, role, organizer)])


def test_the_organizer_gets_a_qr_code_of_a_join_link_for_viewers(scorer, league):
    game = make_game(league)
    response = scorer.get(share_url(game))
    assert response.status_code == 200
    assert response.context_data["role"] == "viewer"
    assert f"/games/{game.pk}/join/" in response.context_data["link"]
    assert "<svg" in response.content.decode()


def test_the_organizer_may_choose_scorer_and_htmx_gets_the_panel_alone(scorer, league):
    game = make_game(league)
    response = scorer.get(share_url(game), {"role": "scorer"}, headers=HTMX)
    assert response.context_data["role"] == "scorer"
    assert response.template_name.endswith("#share")


def test_a_scorer_shares_the_games_own_address(client, league):
    game = make_game(league)
    member = MembershipFactory(league=league, role=Membership.Role.SCORER).user
    client.force_login(member)
    response = client.get(share_url(game))
    assert response.context_data["link"].endswith(game.get_absolute_url())


def test_another_leagues_user_gets_404_and_a_visitor_the_login(client, league, outsider):
    game = make_game(league)
    assert client.get(share_url(game)).url.startswith(reverse("login"))
    client.force_login(outsider)
    assert client.get(share_url(game)).status_code == 404


def test_a_visitor_with_the_link_is_sent_to_log_in_and_back(client, league):
    game = make_game(league)
    url = join_url(game)
    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert "next=" in response.url


def test_a_newcomer_joins_as_the_links_role_and_lands_on_the_game(client, league):
    game = make_game(league)
    newcomer = UserFactory()
    client.force_login(newcomer)
    url = join_url(game, "scorer")
    assert client.get(url).status_code == 200  # asks first: a GET changes nothing
    assert not Membership.objects.filter(league=league, user=newcomer).exists()
    response = client.post(url)
    assert response.url == game.get_absolute_url()
    assert Membership.objects.get(league=league, user=newcomer).role == Membership.Role.SCORER


def test_a_member_keeps_their_role(client, league):
    game = make_game(league)
    member = MembershipFactory(league=league, role=Membership.Role.SCORER).user
    client.force_login(member)
    assert client.get(join_url(game, "viewer")).url == game.get_absolute_url()
    assert Membership.objects.get(league=league, user=member).role == Membership.Role.SCORER


def test_a_tampered_or_expired_link_or_one_for_another_game_is_gone(client, league):
    game, other = make_game(league), make_game(league)
    client.force_login(UserFactory())
    assert client.get(join_url(game)[:-3] + "xx/").status_code == 410
    token = join_token(other, "viewer", Membership.objects.get(league=league, user=league.owner))
    assert client.get(reverse("games:game-join", args=[game.pk, token])).status_code == 410
    url = join_url(game)
    with mock.patch("django.core.signing.time.time", return_value=time.time() + JOIN_MAX_AGE + 60):
        assert client.get(url).status_code == 410


def test_a_link_dies_with_its_organizers_right_to_organize(client, league):
    game = make_game(league)
    organizer = MembershipFactory(league=league, role=Membership.Role.ORGANIZER)
    url = join_url(game, by=organizer.user_id)
    organizer.role = Membership.Role.SCORER
    organizer.save()
    client.force_login(UserFactory())
    assert client.post(url).status_code == 410
    assert not Membership.objects.filter(league=league, role=Membership.Role.VIEWER).exists()


def test_a_link_stays_dead_when_its_organizer_is_promoted_again(client, league):
    game = make_game(league)
    organizer = MembershipFactory(league=league, role=Membership.Role.ORGANIZER)
    url = join_url(game, by=organizer.user_id)
    organizer.role = Membership.Role.SCORER
    organizer.save(update_fields=["role"])
    organizer.role = Membership.Role.ORGANIZER
    organizer.save(update_fields=["role"])
    client.force_login(UserFactory())
    assert client.post(url).status_code == 410
    assert not Membership.objects.filter(league=league, role=Membership.Role.VIEWER).exists()
    # A link given after the promotion works.
    assert client.post(join_url(game, by=organizer.user_id)).status_code == 302
    assert Membership.objects.filter(league=league, role=Membership.Role.VIEWER).exists()


def test_the_members_page_demoting_and_promoting_an_organizer_kills_their_old_links(client, league):
    game = make_game(league)
    organizer = MembershipFactory(league=league, role=Membership.Role.ORGANIZER)
    url = join_url(game, by=organizer.user_id)
    client.force_login(league.owner)
    for role in ("scorer", "organizer"):
        response = client.post(reverse("games:member-role", args=[league.pk, organizer.pk]), {"role": role})
        assert response.status_code in (200, 302)
    organizer.refresh_from_db()
    assert organizer.role == Membership.Role.ORGANIZER
    client.force_login(UserFactory())
    assert client.post(url).status_code == 410


def test_an_organizer_stops_the_links_shared_so_far_and_gets_a_new_one(client, scorer, league):
    game = make_game(league)
    old = join_url(game)
    response = scorer.post(reverse("games:game-share-stop", args=[game.pk]), {"role": "scorer"}, headers=HTMX)
    assert response.status_code == 200
    assert response.context_data["role"] == "scorer"
    new = response.context_data["link"]
    assert "/join/" in new
    assert not new.endswith(old)
    assert "no longer let anyone join" in response.content.decode()

    client.force_login(UserFactory())
    stopped = client.post(old)
    assert stopped.status_code == 410
    assert "An organizer has stopped this share link" in stopped.content.decode()
    assert not Membership.objects.filter(league=league, role=Membership.Role.VIEWER).exists()
    assert client.post(new).url == game.get_absolute_url()
    assert Membership.objects.filter(league=league, role=Membership.Role.SCORER).count() == 1


def test_without_javascript_stopping_the_links_goes_back_to_the_share_page(scorer, league):
    game = make_game(league)
    response = scorer.post(reverse("games:game-share-stop", args=[game.pk]), {"role": "scorer"})
    assert response.status_code == 302
    assert response.url == f"{share_url(game)}?role=scorer"


def test_only_an_organizer_may_stop_the_links(client, league):
    game = make_game(league)
    link = join_url(game)
    member = MembershipFactory(league=league, role=Membership.Role.SCORER).user
    client.force_login(member)
    assert client.post(reverse("games:game-share-stop", args=[game.pk])).status_code == 403
    game.refresh_from_db()
    assert game.share_generation == 0
    client.force_login(UserFactory())
    assert client.get(link).status_code == 200  # the link still asks a newcomer to join


def test_the_share_and_pad_pages_name_the_game_by_its_number_in_the_league(scorer, league):
    make_game(LeagueFactory())  # another league's game takes the first id
    game = make_game(league)
    assert game.number == 1
    assert game.pk != 1
    for name in ("games:game-share", "games:game-pad"):
        page = scorer.get(reverse(name, args=[game.pk])).content.decode()
        assert "· game 1</title>" in page or "· game 1 ·" in page
        assert f"game {game.pk}" not in page
