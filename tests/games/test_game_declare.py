"""Declaring a game null (every total back to 0) or abandoned."""

import pytest
from django.urls import reverse

from games.models import Game, Membership
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import MembershipFactory, make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def url(game):
    return reverse("games:game-declare", args=[game.pk])


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


class TestAskingFirst:
    """Declaring and deleting are asked before they are done: with JavaScript
    by hx-confirm, without it by a page of their own (the button is a GET)."""

    def test_the_null_and_abandon_buttons_ask_before_posting(self, scorer, back_to_zero):
        page = scorer.get(back_to_zero.get_absolute_url()).content.decode()
        assert 'hx-confirm="Declare the game null? It ends with no winner and counts in no standings."' in page
        assert 'hx-confirm="Abandon the game? It stays listed with no winner and takes no more hands."' in page
        assert f'method="get" action="{url(back_to_zero)}"' in page

    def test_without_javascript_the_button_lands_on_a_confirmation_page(self, scorer, back_to_zero):
        response = scorer.get(url(back_to_zero), {"status": "null"})
        assert response.status_code == 200
        page = response.content.decode()
        assert "Declare the game null?" in page
        assert 'name="status" value="null"' in page
        assert Game.objects.get(pk=back_to_zero.pk).declared == ""

    def test_the_abandon_confirmation_page_says_what_it_keeps(self, scorer, league, user):
        game = make_game(league)
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
        page = scorer.get(url(game), {"status": "abandoned"}).content.decode()
        assert "Abandon the game?" in page
        assert "stays listed with its 1 hand, has no winner" in page
        assert Game.objects.get(pk=game.pk).declared == ""

    def test_a_confirmation_page_for_an_unknown_status_is_refused(self, scorer, back_to_zero):
        assert scorer.get(url(back_to_zero), {"status": "won"}).status_code == 400

    def test_delete_hand_without_javascript_asks_first(self, scorer, league, user):
        game = make_game(league)
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
        delete = reverse("games:hand-delete", args=[game.pk])
        assert f'method="get" action="{delete}"' in scorer.get(game.get_absolute_url()).content.decode()
        response = scorer.get(delete, {"number": 1})
        assert response.status_code == 200
        assert "Delete hand 1?" in response.content.decode()
        assert game.hands.count() == 1
        assert scorer.post(delete, {"number": 1}).status_code == 302
        assert game.hands.count() == 0

    def test_a_stale_delete_confirmation_sends_back_to_the_game(self, scorer, league, user):
        game = make_game(league)
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
        game.record_hand(2, HandEntry.cards([3, 0, 10, 0], BEN), user)
        response = scorer.get(reverse("games:hand-delete", args=[game.pk]), {"number": 1})
        assert response.status_code == 302
        assert game.hands.count() == 2


class TestHistoryAndTakingBack:
    def test_a_declaration_is_in_the_history(self, scorer, back_to_zero, user):
        user.first_name = "Ben"
        user.save()
        scorer.post(url(back_to_zero), {"status": "null"})
        history = scorer.get(back_to_zero.get_absolute_url()).context_data["history"]
        assert f"{history[0]['who']} {history[0]['what']}" == "Ben declared the game null"

    def test_an_organizer_takes_a_declaration_back(self, scorer, league, user):
        game = make_game(league)
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
        scorer.post(url(game), {"status": "abandoned"})
        page = scorer.get(game.get_absolute_url()).content.decode()
        assert 'data-testid="reopen"' in page
        response = scorer.post(reverse("games:game-reopen", args=[game.pk]))
        assert response.status_code == 302
        game = Game.objects.get(pk=game.pk)
        assert game.declared == ""
        assert game.status == "in_progress"
        history = scorer.get(game.get_absolute_url()).context_data["history"]
        assert [h["what"] for h in history[:2]] == [
            "took back the abandoned declaration: the game goes on as its hands say",
            "declared the game abandoned",
        ]
        # Hands can be entered again.
        game.record_hand(2, HandEntry.cards([3, 0, 10, 0], BEN), user)
        assert game.hands.count() == 2

    def test_taking_back_a_null_game_puts_it_back_in_play(self, scorer, back_to_zero):
        scorer.post(url(back_to_zero), {"status": "null"})
        response = scorer.post(reverse("games:game-reopen", args=[back_to_zero.pk]), headers=HTMX)
        assert response.status_code == 200
        assert Game.objects.get(pk=back_to_zero.pk).status == "in_progress"

    def test_a_scorer_may_declare_but_not_take_back(self, client, league, back_to_zero):
        scorer = MembershipFactory(league=league, role=Membership.Role.SCORER).user
        client.force_login(scorer)
        assert client.post(url(back_to_zero), {"status": "null"}).status_code == 302
        assert 'data-testid="reopen"' not in client.get(back_to_zero.get_absolute_url()).content.decode()
        assert client.post(reverse("games:game-reopen", args=[back_to_zero.pk])).status_code == 403
        assert Game.objects.get(pk=back_to_zero.pk).declared == "null"

    def test_a_game_not_declared_cannot_be_taken_back(self, scorer, league):
        game = make_game(league)
        response = scorer.post(reverse("games:game-reopen", args=[game.pk]))
        assert response.status_code == 409
        assert "This game is not declared null or abandoned" in response.content.decode()
