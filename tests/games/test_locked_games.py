"""Locked finished games: once a game is over, only organizers may change its hands or its day (a league setting)."""

import pytest
from django.urls import reverse

from games.models import Game, League
from rules import HandEntry
from tests.games.league_seed import members

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]

LOCKED = "This game is over, and the league locks finished games: only an organizer can change its hands or its day."


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


def edit_url(game, number=1):
    return reverse("games:hand-edit", args=[game.pk, number])


def test_a_new_league_locks_its_finished_games(user):
    assert League.create_for(user, "New house").lock_finished_games is True


@pytest.mark.parametrize(
    "request_of",
    [
        lambda game: ("get", edit_url(game), {}),
        lambda game: ("post", edit_url(game), {"number": 1}),
        lambda game: ("get", reverse("games:hand-delete", args=[game.pk]), {"number": game.hand_count}),
        lambda game: ("post", reverse("games:hand-delete", args=[game.pk]), {"number": game.hand_count}),
        lambda game: ("get", reverse("games:game-day", args=[game.pk]), {}),
        lambda game: ("post", reverse("games:game-day", args=[game.pk]), {"played_on": "2025-02-01"}),
    ],
)
def test_a_scorer_gets_a_clear_403_for_a_finished_games_hands_and_day(client, league, games, request_of):
    game = games["moon"]
    version, hands, day = game.version, game.hand_count, game.played_on
    client.force_login(members(league)["scorer"])
    method, url, data = request_of(game)
    response = getattr(client, method)(url, data)
    assert response.status_code == 403
    assert LOCKED in response.content.decode().replace("&#x27;", "'")
    game.refresh_from_db()
    assert (game.version, game.hand_count, game.played_on) == (version, hands, day)


def test_the_game_page_offers_a_scorer_no_change_to_a_locked_game_and_says_why(client, league, games):
    game = games["moon"]
    client.force_login(members(league)["scorer"])
    page = client.get(game.get_absolute_url()).content.decode()
    assert edit_url(game) not in page
    assert reverse("games:game-day", args=[game.pk]) not in page
    assert 'data-testid="hand-delete"' not in page
    assert "the league locks finished games: only an organizer can change its hands or its day" in page


def test_an_organizer_still_puts_a_finished_game_right(client, league, games, user):
    game = games["wraps"]
    client.force_login(members(league)["organizer"])
    page = client.get(game.get_absolute_url()).content.decode()
    assert edit_url(game) in page
    assert reverse("games:game-day", args=[game.pk]) in page
    response = client.post(reverse("games:game-day", args=[game.pk]), {"played_on": "2025-02-01"})
    assert response.status_code == 302
    assert str(Game.objects.get(pk=game.pk).played_on) == "2025-02-01"


def test_a_scorer_still_changes_a_game_under_way(client, league, games):
    game = games["in_progress"]
    client.force_login(members(league)["scorer"])
    assert client.get(edit_url(game)).status_code == 200
    response = client.post(reverse("games:game-day", args=[game.pk]), {"played_on": "2025-02-01"})
    assert response.status_code == 302


def test_with_the_lock_off_a_scorer_changes_a_finished_game(client, scorer, league, games):
    data = {"name": league.name, "time_zone": league.time_zone, "min_games": league.min_games}
    assert scorer.post(reverse("games:league-edit", args=[league.pk]), data).status_code == 302
    assert League.objects.get(pk=league.pk).lock_finished_games is False
    game = games["moon"]
    client.force_login(members(league)["scorer"])
    assert client.get(edit_url(game)).status_code == 200
    assert edit_url(game) in client.get(game.get_absolute_url()).content.decode()
    game.refresh_from_db()
    response = client.post(reverse("games:hand-delete", args=[game.pk]), {"number": game.hand_count})
    assert response.status_code in (200, 302)
    assert Game.objects.get(pk=game.pk).hand_count == game.hand_count - 1


def test_the_settings_page_offers_the_lock(scorer, league):
    page = scorer.get(reverse("games:league-edit", args=[league.pk])).content.decode()
    assert 'name="lock_finished_games"' in page
    assert "Lock finished games" in page


def test_the_lock_is_on_a_hand_and_its_day_once_the_last_hand_is_in(client, league, user):
    """The game under way is the scorer's; the hand that ends it locks it."""
    from tests.factories import make_game

    game = make_game(league, "standard", options={"target": 20})
    client.force_login(members(league)["scorer"])
    game.record_hand(1, HandEntry.cards([3, 3, 3, 4], 0), user)
    assert client.get(edit_url(game)).status_code == 200
    game.record_hand(2, HandEntry.cards([10, 2, 0, 1], 0), user)  # 39, 5, 3, 5: over at 20, Cat wins
    assert Game.objects.get(pk=game.pk).status == Game.Status.OVER
    assert client.get(edit_url(game)).status_code == 403
