"""Creating a league: its creator becomes its organizer."""

import pytest
from django.urls import reverse

from games.models import League, Membership

pytestmark = pytest.mark.django_db

URL = reverse("games:league-new")


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={URL}"


def test_anonymous_posts_create_nothing(client):
    client.post(URL, {"name": "Thursday"})
    assert League.objects.count() == 0


def test_the_form_asks_for_a_name(client, user):
    client.force_login(user)
    response = client.get(URL)
    assert response.status_code == 200
    assert response.template_name == "games/league_new.html"
    assert list(response.context_data["form"].fields) == ["name"]


def test_creating_a_league_makes_its_creator_the_organizer(client, user):
    client.force_login(user)
    response = client.post(URL, {"name": "Thursday night"})
    league = League.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:league-detail", args=[league.pk])
    assert league.name == "Thursday night"
    assert league.owner == user
    assert Membership.objects.get(league=league).role == Membership.Role.ORGANIZER


def test_an_empty_name_is_refused(client, user):
    client.force_login(user)
    response = client.post(URL, {"name": "   "})
    assert response.status_code == 422
    assert "This field is required." in response.content.decode()
    assert League.objects.count() == 0


def test_a_name_longer_than_a_hundred_characters_is_refused(client, user):
    client.force_login(user)
    response = client.post(URL, {"name": "x" * 101})
    assert response.status_code == 422
    assert "at most 100 characters" in response.content.decode()
    assert League.objects.count() == 0


def test_a_name_with_a_tab_is_refused_so_its_backup_can_be_restored(client, user):
    client.force_login(user)
    response = client.post(URL, {"name": "Bad\thouse"})
    assert response.status_code == 422
    assert "The league&#x27;s name cannot contain control characters" in response.content.decode()
    assert League.objects.count() == 0


def test_a_name_is_stored_tidied(client, user):
    client.force_login(user)
    client.post(URL, {"name": "  Thursday   night "})
    assert League.objects.get().name == "Thursday night"
