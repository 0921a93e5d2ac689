"""Renaming a player, and linking them to a member's account (organizers only)."""

import pytest
from django.urls import reverse

from games.models import Membership
from tests.factories import LeagueFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(league):
    return PlayerFactory(league=league, name="Ann")


def url(player):
    return reverse("games:player-edit", args=[player.league_id, player.pk])


def test_the_organizer_gets_the_form_with_members_to_link(client, user, league, ann, outsider):
    scorer = MembershipFactory(league=league, role=Membership.Role.SCORER).user
    client.force_login(user)
    response = client.get(url(ann))
    assert response.status_code == 200
    assert response.template_name == "games/player_edit.html"
    form = response.context_data["form"]
    assert list(form.fields) == ["name", "user"]
    assert set(form.fields["user"].queryset) == {user, scorer}


def test_renaming_changes_the_name_and_says_so(client, user, league, ann):
    client.force_login(user)
    response = client.post(url(ann), {"name": "Annie", "user": ""})
    assert response.status_code == 302
    assert response["Location"] == league.get_absolute_url()
    ann.refresh_from_db()
    assert ann.name == "Annie"
    assert "Ann is now Annie" in client.get(response["Location"]).content.decode()


def test_changing_only_the_capitals_of_a_name_is_allowed(client, user, league, ann):
    client.force_login(user)
    client.post(url(ann), {"name": "ANN", "user": ""})
    ann.refresh_from_db()
    assert ann.name == "ANN"


def test_a_name_another_player_has_is_refused(client, user, league, ann):
    PlayerFactory(league=league, name="Ben")
    client.force_login(user)
    response = client.post(url(ann), {"name": "ben", "user": ""})
    assert response.status_code == 422
    page = response.content.decode()
    assert "Ben is already a player in" in page
    assert "<h1>Edit Ann</h1>" in page
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_an_empty_name_is_refused(client, user, league, ann):
    client.force_login(user)
    response = client.post(url(ann), {"name": "", "user": ""})
    assert "This field is required." in response.content.decode()
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_linking_a_member_and_unlinking_again(client, user, league, ann):
    client.force_login(user)
    client.post(url(ann), {"name": "Ann", "user": user.pk})
    ann.refresh_from_db()
    assert ann.user == user
    assert "(you)" in client.get(league.get_absolute_url()).content.decode()
    client.post(url(ann), {"name": "Ann", "user": ""})
    ann.refresh_from_db()
    assert ann.user is None


def test_a_user_outside_the_league_cannot_be_linked(client, user, league, ann, outsider):
    client.force_login(user)
    response = client.post(url(ann), {"name": "Ann", "user": outsider.pk})
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    ann.refresh_from_db()
    assert ann.user is None


def test_a_member_is_linked_to_one_player_at_most(client, user, league, ann):
    PlayerFactory(league=league, name="Ben", user=user)
    client.force_login(user)
    response = client.post(url(ann), {"name": "Ann", "user": user.pk})
    assert f"{user.username} is already linked to Ben." in response.content.decode()
    ann.refresh_from_db()
    assert ann.user is None


@pytest.mark.parametrize("bad", ["abc", "-1", "99999"])
def test_a_malformed_user_id_is_a_message_not_an_error_page(client, user, league, ann, bad):
    client.force_login(user)
    response = client.post(url(ann), {"name": "Ann", "user": bad})
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()


@pytest.mark.parametrize("role", [Membership.Role.SCORER, Membership.Role.VIEWER])
def test_scorers_and_viewers_may_not_rename(client, league, ann, role):
    client.force_login(MembershipFactory(league=league, role=role).user)
    assert client.get(url(ann)).status_code == 403
    assert client.post(url(ann), {"name": "Annie", "user": ""}).status_code == 403
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_non_members_get_404(client, ann, outsider):
    client.force_login(outsider)
    assert client.get(url(ann)).status_code == 404
    assert client.post(url(ann), {"name": "Annie", "user": ""}).status_code == 404
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_anonymous_visitors_are_sent_to_log_in(client, ann):
    response = client.get(url(ann))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_another_leagues_player_is_404_even_for_an_organizer(client, user, league):
    stranger = PlayerFactory(league=LeagueFactory(), name="Zed")
    client.force_login(user)
    other_url = reverse("games:player-edit", args=[league.pk, stranger.pk])
    assert client.get(other_url).status_code == 404
    assert client.post(other_url, {"name": "Hacked", "user": ""}).status_code == 404
    stranger.refresh_from_db()
    assert stranger.name == "Zed"


def test_a_non_numeric_player_id_is_404(client, user, league):
    client.force_login(user)
    assert client.get(f"/leagues/{league.pk}/players/abc/edit/").status_code == 404


def test_users_unrelated_to_the_league_are_not_listed(client, user, league, ann):
    UserFactory(username="stranger")
    client.force_login(user)
    assert "stranger" not in client.get(url(ann)).content.decode()


@pytest.mark.parametrize(
    ("neighbour", "renamed_to"),
    [("Émile", "émile"), ("Strasse", "Straße"), ("Émile", "E\u0301MILE"), ("Ann Lee", "ann  lee")],
)
def test_a_name_another_player_has_in_another_case_or_form_is_refused(client, user, league, neighbour, renamed_to):
    """Bob → émile next to Émile passed on SQLite (LOWER is ASCII-only there),
    Bob → Straße next to Strasse on PostgreSQL; then every page of their games failed."""
    bob = PlayerFactory(league=league, name="Bob")
    PlayerFactory(league=league, name=neighbour)
    client.force_login(user)
    response = client.post(url(bob), {"name": renamed_to, "user": ""})
    assert f"{neighbour} is already a player in" in response.content.decode()
    bob.refresh_from_db()
    assert bob.name == "Bob"


def test_a_dotless_i_makes_another_name(client, user, league, ann):
    PlayerFactory(league=league, name="Kira")
    client.force_login(user)
    assert client.post(url(ann), {"name": "Kıra", "user": ""}).status_code == 302
    ann.refresh_from_db()
    assert ann.name == "Kıra"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Ann\u200b", "cannot contain control characters"),
        ("An\tn", "cannot contain control characters"),
        ("Ann\x00", "Null characters are not allowed"),  # Django's own field refuses NUL first
    ],
)
def test_a_name_with_hidden_or_control_characters_is_refused(client, user, league, ann, name, message):
    client.force_login(user)
    response = client.post(url(ann), {"name": name, "user": ""})
    assert message in response.content.decode()
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_the_database_itself_keeps_one_player_per_name(league):
    from django.db import IntegrityError, transaction

    from games.models import Player

    PlayerFactory(league=league, name="Straße")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(league=league, name="STRASSE")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.bulk_create([Player(league=league, name="strasse")])
    assert Player.objects.filter(league=league).count() == 1


def test_the_edit_page_leads_to_merging_and_deleting_the_player(client, user, league, ann):
    client.force_login(user)
    html = client.get(url(ann)).content.decode()
    assert f'href="{reverse("games:player-merge", args=[league.pk, ann.pk])}"' in html
    assert f'href="{reverse("games:player-delete", args=[league.pk, ann.pk])}"' in html
