"""The smaller slips a table saw (issue 19), as the game page and its forms show them."""

import re

import pytest
from django.urls import reverse

from rules import HandEntry
from tests.factories import make_game
from tests.games.test_house_rules_at_the_table import new_game, start

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def stars(page: str) -> list[str]:
    """The names in the totals whose box carries the star."""
    return re.findall(r'<li class="totals-seat is-leading">\s*<span class="totals-name">([^<]+)</span>', page)


class TestTheStar:
    def test_a_69_for_5_winner_has_the_star_not_the_lowest_total(self, scorer, league, user):
        game = make_game(league, "ricketts")
        # Ann to 69 (three times the Q♠ and 10 hearts, Cat 3), then five hands at 69:
        # Ben the Q♠, Cat 6, Dan 7. Ann 69, Ben 65, Cat 39, Dan 35: Ann wins by 69 for 5.
        hands = [HandEntry.cards([10, 0, 3, 0], ANN)] * 3 + [HandEntry.cards([0, 0, 6, 7], BEN)] * 5
        for number, entry in enumerate(hands, start=1):
            game.record_hand(number, entry, user)
        page = scorer.get(game.get_absolute_url()).content.decode()
        assert "Ann wins the game with 69 for 5" in page
        assert stars(page) == ["Ann"]
        assert '<span class="visually-hidden">winner</span>' in page

    def test_a_null_game_stars_no_one(self, scorer, league, user):
        game = make_game(league, "ricketts")
        for number in range(1, 5):  # Ben revokes four times: 104, a wrap to 0
            game.record_hand(number, HandEntry.revoked(BEN), user)
        assert stars(scorer.get(game.get_absolute_url()).content.decode()) == []
        scorer.post(reverse("games:game-declare", args=[game.pk]), {"status": "null"})
        page = scorer.get(game.get_absolute_url()).content.decode()
        assert "Declared null." in page
        assert stars(page) == []

    def test_during_play_the_lowest_total_leads(self, scorer, league, user):
        game = make_game(league)
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)  # Ann 3, Ben 13, Cat 10, Dan 0
        page = scorer.get(game.get_absolute_url()).content.decode()
        assert stars(page) == ["Dan"]
        assert '<span class="visually-hidden">leading</span>' in page


class TestTheTablesWords:
    def test_an_option_that_has_no_effect_is_named_by_its_label(self, scorer, league):
        # Every hand held: "Cards passed" can change nothing.
        response = scorer.post(
            new_game(league), start(seats=("Ann", "Ben", "Cat", "Dan"), passing="hold", pass_cards="2")
        )
        assert response.status_code == 422
        errors = response.context_data["form"].errors["pass_cards"]
        assert errors == ["“Cards passed” has no effect: no hand in the pass cycle passes cards"]
        assert "pass_cards" not in " ".join(
            error for field in response.context_data["form"].errors.values() for error in field
        )


class TestTheTimeLimit:
    @pytest.fixture
    def tie_after_time(self, league, user):
        """The time ran out in hand 1 (Ann 13 hearts, Ben the Q♠): Cat and Dan tie at 0."""
        game = make_game(league, options={"time_limit": 60})
        game.record_hand(1, HandEntry.cards([13, 0, 0, 0], BEN, time_up=True), user)
        assert game.state().status == "tie_break"
        return game

    def test_the_tie_is_said_as_a_sentence(self, scorer, tie_after_time):
        page = scorer.get(tie_after_time.get_absolute_url()).content.decode()
        assert (
            "<strong>Tie for lowest.</strong> The time ran out, but Cat and Dan tie for lowest: another hand is played."
            in page
        )

    def test_the_tie_break_hand_does_not_ask_whether_the_time_ran_out(self, scorer, tie_after_time):
        page = scorer.get(tie_after_time.get_absolute_url()).content.decode()
        assert 'data-testid="hand-submit"' in page
        assert 'name="time_up"' not in page
        standalone = scorer.get(reverse("games:hand-new", args=[tie_after_time.pk])).content.decode()
        assert 'data-testid="hand-submit"' in standalone
        assert 'name="time_up"' not in standalone

    def test_the_hand_it_ran_out_in_still_asks_when_edited(self, scorer, tie_after_time):
        page = scorer.get(reverse("games:hand-edit", args=[tie_after_time.pk, 1])).content.decode()
        assert 'name="time_up" id="id_time_up" value="on" checked>' in page

    def test_a_time_up_sent_again_is_refused_in_words_on_screen(self, scorer, tie_after_time):
        data = {"number": "2", "action": "cards", "queen": str(CAT), "hearts_2": "1", "hearts_3": "12", "time_up": "on"}
        response = scorer.post(reverse("games:hand-new", args=[tie_after_time.pk]), data)
        assert response.status_code == 422
        assert "The time already ran out in an earlier hand" in response.content.decode()
        assert tie_after_time.hands.count() == 1
