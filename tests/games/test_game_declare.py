"""Declaring a game null (every total back to 0) or abandoned."""

import pytest
from django.urls import reverse

from games.models import Game, Membership
from rules import HandEntry
from tests.factories import MembershipFactory, make_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
ANN, BEN, CAT, DAN = range(4)


def url(game):
    return reverse("games:game-declare", args=[game.pk])


@pytest.fixture
def scorer(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def back_to_zero(league, user):
    """A Ricketts game where Ben lands on 104 and wraps: every total is 0 again."""
    game = make_game(league, "ricketts")
    # Ben revokes four times: 4 × 26 = 104, a wrap, and nobody else scores.
    for number in range(1, 5):
        game.record_hand(number, HandEntry.revoked(BEN), user)
    assert game.state().totals == (0, 0, 0, 0)
    return game


def test_all_totals_back_to_zero_offers_a_null_game(scorer, back_to_zero):
    page = scorer.get(back_to_zero.get_absolute_url()).content.decode()
    assert 'data-testid="declare-null"' in page


def test_a_null_game_has_no_winner_and_takes_no_hands(scorer, back_to_zero):
    response = scorer.post(url(back_to_zero), {"status": "null"})
    assert response.status_code == 302
    game = Game.objects.get(pk=back_to_zero.pk)
    assert game.status == "null"
    assert not game.seats.filter(won=True).exists()
    page = scorer.get(game.get_absolute_url()).content.decode()
    assert "Declared null." in page
    assert 'data-testid="hand-submit"' not in page


def test_null_is_refused_while_someone_has_points(scorer, league, user):
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    response = scorer.post(url(game), {"status": "null"})
    assert response.status_code == 409
    assert "only when every total is back to 0" in response.content.decode()
    assert Game.objects.get(pk=game.pk).declared == ""


def test_a_scorer_can_abandon_a_game_with_htmx(scorer, league):
    game = make_game(league)
    response = scorer.post(url(game), {"status": "abandoned"}, headers=HTMX)
    assert response.status_code == 200
    assert "Abandoned." in response.content.decode()
    assert Game.objects.get(pk=game.pk).status == "abandoned"


def test_an_unknown_status_is_a_400(scorer, league):
    game = make_game(league)
    assert scorer.post(url(game), {"status": "won"}).status_code == 400
    assert Game.objects.get(pk=game.pk).declared == ""


def test_viewers_outsiders_and_anonymous_visitors_cannot_declare(client, league, outsider):
    game = make_game(league)
    assert client.post(url(game), {"status": "abandoned"}).status_code == 302
    client.force_login(outsider)
    assert client.post(url(game), {"status": "abandoned"}).status_code == 404
    client.force_login(MembershipFactory(league=league, role=Membership.Role.VIEWER).user)
    assert client.post(url(game), {"status": "abandoned"}).status_code == 403
    assert Game.objects.get(pk=game.pk).declared == ""
