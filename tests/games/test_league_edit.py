"""A league's settings: its name, time zone and the games a win rate needs to rank."""

import pytest
from django.urls import reverse

from games.models import League
from tests.conftest import HTMX
from tests.games.league_seed import members

pytestmark = pytest.mark.django_db


def url(league):
    return reverse("games:league-edit", args=[league.pk])


GOOD = {"name": "Friday night", "time_zone": "Europe/Paris", "min_games": 5}


def test_the_owner_renames_the_league_and_sets_its_time_zone_and_minimum(scorer, league):
    page = scorer.get(url(league))
    assert page.status_code == 200
    assert page.template_name == "games/league_edit.html"
    assert '<option value="Europe/Paris">Europe/Paris</option>' in page.content.decode()
    response = scorer.post(url(league), GOOD)
    assert response.status_code == 302
    assert response["Location"] == league.get_absolute_url()
    league.refresh_from_db()
    assert (league.name, league.time_zone, league.min_games) == ("Friday night", "Europe/Paris", 5)


def test_an_htmx_post_is_answered_the_same_way(scorer, league):
    response = scorer.post(url(league), GOOD, headers=HTMX)
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.name == "Friday night"


@pytest.mark.parametrize("role", ["scorer", "viewer"])
def test_members_who_do_not_organize_get_403_and_nothing_changes(client, league, role):
    client.force_login(members(league)[role])
    assert client.get(url(league)).status_code == 403
    assert client.post(url(league), GOOD).status_code == 403
    assert League.objects.get(pk=league.pk).name == league.name


def test_another_leagues_member_gets_404_and_an_anonymous_visitor_is_sent_to_log_in(client, league):
    assert client.get(url(league)).status_code == 302
    client.force_login(members(league)["outsider"])
    assert client.get(url(league)).status_code == 404
    assert client.post(url(league), GOOD).status_code == 404


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "  "}, "This field is required."),
        ({"name": "Bad\thouse"}, "The league&#x27;s name cannot contain control characters"),
        ({"time_zone": "Mars/Olympus"}, "Choose a time zone from the list, such as Europe/London"),
        ({"min_games": 0}, "Ensure this value is greater than or equal to 1."),
        ({"min_games": 101}, "Ensure this value is less than or equal to 100."),
        ({"min_games": "three"}, "Enter a whole number."),
    ],
)
def test_bad_settings_are_refused_with_a_message_and_nothing_is_saved(scorer, league, change, message):
    response = scorer.post(url(league), {**GOOD, **change})
    assert response.status_code == 422
    assert message in response.content.decode()
    stored = League.objects.get(pk=league.pk)
    assert (stored.name, stored.time_zone, stored.min_games) == (league.name, "UTC", 3)
    # The page keeps the stored name in its title.
    assert f"<title>Settings · {league.name}" in response.content.decode()


def test_the_organizer_sets_the_league_language_among_the_apps_languages(scorer, league):
    page = scorer.get(url(league)).content.decode()
    assert '<option value="" selected>Each reader&#x27;s own</option>' in page
    assert '<option value="nl">Nederlands</option>' in page
    assert scorer.post(url(league), {**GOOD, "language": "nl"}).status_code == 302
    league.refresh_from_db()
    assert league.language == "nl"


def test_a_language_the_app_does_not_speak_is_refused_and_nothing_is_saved(scorer, league):
    response = scorer.post(url(league), {**GOOD, "language": "xx"})
    assert response.status_code == 422
    assert "Select a valid choice. xx is not one of the available choices." in response.content.decode()
    assert League.objects.get(pk=league.pk).language == ""
