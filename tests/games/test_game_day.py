"""The day a game was played, put right after it started: its page, its History, and the
standings and seasons that follow it."""

from datetime import date, timedelta

import pytest
from django.urls import reverse

from games.models import Game, HandRevision, Membership, Season, SeasonStanding
from tests.factories import MembershipFactory, make_game
from tests.games.league_seed import MOON_AND_QUEEN

pytestmark = pytest.mark.django_db


def day_url(game):
    return reverse("games:game-day", args=[game.pk])


def finished(league, user, day):
    """A finished game (target 30) played on `day`: Ann 44, Ben 0, Cat 30, Dan 30; Ben wins."""
    game = make_game(league, options={"target": 30}, played_on=day)
    for number, entry in enumerate(MOON_AND_QUEEN, start=1):
        game.record_hand(number, entry, user)
    game.refresh_from_db()
    assert game.status == Game.Status.OVER
    return game


def test_a_scorer_dates_a_game_and_the_history_keeps_the_change(scorer, league, user):
    game = make_game(league, played_on=date(2025, 3, 8))
    page = scorer.get(day_url(game))
    assert page.status_code == 200
    assert 'value="2025-03-08"' in page.content.decode()
    response = scorer.post(day_url(game), {"played_on": "2025-03-01"})
    assert response.status_code == 302
    assert response.url == game.get_absolute_url()
    game.refresh_from_db()
    assert game.played_on == date(2025, 3, 1)
    revision = game.revisions.get(action=HandRevision.Action.REDATED)
    assert (revision.before, revision.after) == ({"played_on": "2025-03-08"}, {"played_on": "2025-03-01"})
    shown = scorer.get(game.get_absolute_url()).content.decode()
    assert "Game 1 is now dated 1 Mar 2025" in shown
    assert "dated the game 1 Mar 2025 (it was 8 Mar 2025)" in shown


@pytest.mark.parametrize(
    ("day", "says"),
    [
        ("tomorrow", "be played after today: choose today or an earlier day."),
        ("1899-12-31", "Choose a day from 1900 on."),
        ("", "This field is required."),
        ("31/02/2025", "Enter a valid date."),
    ],
)
def test_a_day_no_game_can_have_is_refused_and_changes_nothing(scorer, league, day, says):
    game = make_game(league, played_on=date(2025, 3, 8))
    if day == "tomorrow":
        day = (league.today() + timedelta(days=1)).isoformat()
    response = scorer.post(day_url(game), {"played_on": day})
    assert response.status_code == 422
    assert says in response.content.decode()
    game.refresh_from_db()
    assert game.played_on == date(2025, 3, 8)
    assert not game.revisions.filter(action=HandRevision.Action.REDATED).exists()


def test_a_viewer_may_not_change_the_day(client, league):
    game = make_game(league, played_on=date(2025, 3, 8))
    viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.post(day_url(game), {"played_on": "2025-03-01"}).status_code == 403
    game.refresh_from_db()
    assert game.played_on == date(2025, 3, 8)


def test_the_seasons_of_both_days_follow_the_game(scorer, league, user):
    spring = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    autumn = Season.add(league, "Autumn 2025", date(2025, 9, 1), date(2025, 11, 30))
    game = finished(league, user, date(2025, 4, 2))
    assert SeasonStanding.objects.filter(season=spring).exists()
    assert not SeasonStanding.objects.filter(season=autumn).exists()
    assert scorer.post(day_url(game), {"played_on": "2025-10-10"}).status_code == 302
    assert not SeasonStanding.objects.filter(season=spring).exists()
    ben = SeasonStanding.objects.get(season=autumn, player__name="Ben", variant="")
    assert (ben.games, ben.wins) == (1, 1)
