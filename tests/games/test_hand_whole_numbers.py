"""The hearts boxes take whole numbers only: a decimal, an exponent or letters
are refused naming the player, with a 422 and nothing stored (issue 19).

Django's IntegerField alone took "2.0" as 2 and refused "2.5" with words that
named no box; the phone's number box sent "" for a box showing "e", which
counted as no hearts.
"""

import pytest
from django.urls import reverse

from games.forms import HandForm
from games.models import Hand
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

BEN = 1


def url(game):
    return reverse("games:hand-new", args=[game.pk])


def post(hearts, queen=BEN):
    data = {"number": "1", "action": "cards", "queen": str(queen)}
    data.update({f"hearts_{seat}": count for seat, count in enumerate(hearts)})
    return data


@pytest.fixture
def game(league):
    return make_game(league)


@pytest.mark.parametrize("typed", ["2.5", "2.0", "1e1", "e", "E3", "three", "0x3", "3 4", "½", "٣", "+-3"])
def test_a_box_that_is_not_a_whole_number_is_refused_naming_the_player(game, typed):
    form = HandForm(post(["10", typed, "", ""]), setup=game.setup())
    assert not form.is_valid()
    assert form.errors["hearts_1"] == [f"Ben's hearts must be a whole number, not “{typed}”"]


@pytest.mark.parametrize(("typed", "hearts"), [("13", 13), (" 7 ", 7), ("", 0), ("007", 7)])
def test_digits_are_the_count_and_a_blank_box_is_none(game, typed, hearts):
    form = HandForm(post([typed, "", "", ""]), setup=game.setup())
    assert form.is_valid(), form.errors
    assert form.entry().hearts[0] == hearts


def test_a_minus_sign_is_left_to_the_engine_to_refuse(game):
    form = HandForm(post(["-1", "1", "13", ""]), setup=game.setup())
    assert form.is_valid(), form.errors
    assert form.entry().hearts[0] == -1


def test_a_long_typed_value_is_quoted_short(game):
    form = HandForm(post(["x" * 500, "", "", ""]), setup=game.setup())
    assert form.errors["hearts_0"] == ["Ann's hearts must be a whole number, not “xxxxxxxxxxxx”"]


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_decimals_adding_up_to_thirteen_are_refused_and_nothing_is_stored(scorer, game, headers):
    # 2.5 + 10.5 = 13: the phone used to read them as 12 of 13.
    response = scorer.post(url(game), post(["2.5", "10.5", "", ""]), headers=headers)
    assert response.status_code == 422
    page = response.content.decode()
    assert "Ann&#x27;s hearts must be a whole number, not “2.5”" in page
    assert "Ben&#x27;s hearts must be a whole number, not “10.5”" in page
    assert Hand.objects.count() == 0
    game.refresh_from_db()
    assert game.hand_count == 0


def test_an_e_is_not_taken_for_no_hearts(scorer, game):
    # Ann's 13 with "e" beside it was announced a moon and recorded.
    response = scorer.post(url(game), post(["13", "e", "", ""], queen=0) | {"moon": "add"})
    assert response.status_code == 422
    assert response.context_data["hand_form"].errors["hearts_1"] == ["Ben's hearts must be a whole number, not “e”"]
    assert Hand.objects.count() == 0


def test_an_edit_with_a_decimal_is_refused_and_the_hand_unchanged(scorer, game):
    from rules import HandEntry

    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN))
    game.refresh_from_db()
    edit = reverse("games:hand-edit", args=[game.pk, 1])
    response = scorer.post(edit, post(["3.0", "", "10", ""]) | {"version": str(game.version)})
    assert response.status_code == 422
    assert response.context_data["hand_form"].errors["hearts_0"] == ["Ann's hearts must be a whole number, not “3.0”"]
    assert Hand.objects.get(game=game).to_entry().hearts == (3, 0, 10, 0)


def test_the_boxes_are_text_boxes_with_the_digits_keypad(scorer, game):
    page = scorer.get(game.get_absolute_url()).content.decode()
    assert 'name="hearts_0"' in page
    box = page[page.index('name="hearts_0"') - 200 : page.index('name="hearts_0"') + 300]
    assert 'type="text"' in box
    assert 'inputmode="numeric"' in box
    assert 'type="number"' not in box
