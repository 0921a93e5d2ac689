"""A hand typed in one line fills the hand form for Record and records nothing (games.views.typed, issue 39)."""

import pytest
from django.urls import reverse
from django.utils import translation

from games.forms.typed import example
from games.models import Hand
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(league):
    return make_game(league, "standard", ["Ann", "Ben", "Cat", "Dan"], first_dealer=0)


def typed(client, game, line, number=1, **headers):
    return client.post(
        reverse("games:hand-typed", args=[game.pk]), {"line": line, "hand": number, "hand_key": "k1"}, **headers
    )


def test_the_line_fills_the_form_and_records_nothing(client, user, game):
    client.force_login(user)
    response = typed(client, game, "q ben; ann 3; cat 4; rest dan")
    assert response.status_code == 200
    form = response.context_data["hand_form"]
    # Ann 3, Cat 4, Dan the rest (13 - 7 = 6), the queen to Ben (seat 1); the key carried over.
    assert [form.initial[f"hearts_{seat}"] for seat in range(4)] == [3, 0, 4, 6]
    assert form.initial["queen"] == 1
    assert form.initial["key"] == "k1"
    page = response.content.decode()
    assert "Understood: Q♠ Ben; hearts Ann 3, Cat 4, Dan 6. Check it, then Record." in page
    assert 'data-testid="hand-submit" autofocus' in page
    assert not Hand.objects.filter(game=game).exists()


def test_the_game_page_gets_its_entry_region(client, user, game):
    client.force_login(user)
    response = typed(client, game, "moon ben", headers=HTMX)
    assert response.status_code == 200
    assert response.template_name == "games/game_detail.html#entry"
    assert response.context_data["hand_form"].initial["hearts_1"] == 13


def test_a_word_it_cannot_read_is_named_and_nothing_changes(client, user, game):
    client.force_login(user)
    response = typed(client, game, "q bem; ann 13")
    assert response.status_code == 422
    assert "“bem” is not a player of this game" in response.content.decode()
    assert response.context_data["hand_form"].initial.get("hearts_0") is None
    assert not Hand.objects.filter(game=game).exists()


def test_a_line_for_a_hand_another_phone_recorded_is_not_moved_to_the_next(client, user, game):
    client.force_login(user)
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], 1))
    response = typed(client, game, "q ben; ann 13", number=1)
    assert response.status_code == 422
    assert "Hand 1 was recorded on another phone meanwhile: type hand 2" in response.content.decode()
    assert response.context_data["hand_form"].initial.get("hearts_0") is None


def test_a_german_table_types_its_own_letters(client, user, game):
    client.force_login(user)
    with translation.override("de"):
        assert example(game.setup()) == "d Ben; Ann 3; Cat 4; rest Dan"
    response = typed(client, game, "d ben; ann 13", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert response.context_data["hand_form"].initial["queen"] == 1


@pytest.mark.parametrize("hand", ["100000000000000000000", "-1", "abc", ""])
def test_a_tampered_hand_number_is_a_4xx_and_fills_nothing(client, user, game, hand):
    client.force_login(user)
    response = client.post(reverse("games:hand-typed", args=[game.pk]), {"line": "q ben; ann 13", "hand": hand})
    assert response.status_code == 422
    assert response.context_data["hand_form"].initial.get("hearts_0") is None
    assert not Hand.objects.filter(game=game).exists()
