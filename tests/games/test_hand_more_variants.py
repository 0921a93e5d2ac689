"""Entering a hand of RULES.md's More variants: hearts ticked rank by rank (Spot, hearts by rank),
both copies of the Q♠ (Cancellation), Turbo's charges and 10♣, and a team game's totals.

Every figure is worked out by hand from RULES.md, More variants."""

import re

import pytest
from django.urls import reverse

from games.forms.table import HandForm
from games.models import Hand
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN, EVE = range(5)
# What the offline queue (static/js/offline.js) asks for: its answers as JSON.
QUEUE = {"Accept": "application/json"}


def url(game):
    return reverse("games:hand-new", args=[game.pk])


def totals(game):
    return list(game.seats.order_by("position").values_list("total", flat=True))


def spot_hand(ranks):
    """A Spot hand's post: the Q♠ to Ben, and each player's heart ranks as ticked boxes."""
    data = {"number": "1", "action": "cards", "queen": str(BEN)}
    return {**data, **{f"ranks_{seat}": taken for seat, taken in enumerate(ranks)}}


class TestSpot:
    def test_the_form_has_a_strip_of_thirteen_hearts_per_player_and_no_hearts_box(self, scorer, league):
        game = make_game(league, "spot")
        page = scorer.get(url(game)).content.decode()
        for seat in range(4):
            for rank in ("2", "10", "J", "A"):
                assert f'data-testid="ranks_{seat}-{rank}"' in page
            assert f'data-testid="ranks-rest-{seat}"' in page
        assert 'name="hearts_0"' not in page
        # Each heart carries its face value for the running total: J 11, A 14.
        assert 'value="J" data-points="11"' in page
        assert 'value="A" data-points="14"' in page

    def test_hearts_ticked_by_rank_score_their_face_value(self, scorer, league):
        game = make_game(league, "spot")
        # Ann 2 3 4 = 9; Ben A K = 27 and the Q♠ 50 = 77; Cat 5 to 10 = 45; Dan J Q = 23 (104 in all).
        data = spot_hand([["2", "3", "4"], ["A", "K"], ["5", "6", "7", "8", "9", "10"], ["J", "Q"]])
        response = scorer.post(url(game), data)
        assert response.status_code == 302
        assert totals(game) == [9, 77, 45, 23]
        entry = Hand.objects.get(game=game).to_entry()
        assert entry.ranks == (("2", "3", "4"), ("K", "A"), ("5", "6", "7", "8", "9", "10"), ("J", "Q"))

    def test_a_heart_left_out_is_refused_on_the_hearts_with_the_engines_sentence(self, scorer, league):
        game = make_game(league, "spot")
        data = {"number": "1", "action": "cards", "queen": str(BEN), "ranks_0": ["2", "3"], "ranks_1": ["4"]}
        response = scorer.post(url(game), data)
        assert response.status_code == 422
        assert not Hand.objects.filter(game=game).exists()
        assert response.context_data["hand_form"].hearts_errors

    def test_a_rank_that_is_no_heart_is_a_4xx_and_saves_nothing(self, scorer, league):
        game = make_game(league, "spot")
        data = {"number": "1", "action": "cards", "queen": str(BEN), "ranks_0": ["2", "Z"]}
        response = scorer.post(url(game), data)
        assert 400 <= response.status_code < 500
        assert not Hand.objects.filter(game=game).exists()

    def test_a_recorded_hand_fills_the_edit_form_with_its_ranks(self, scorer, league):
        game = make_game(league, "spot")
        entry = HandEntry.cards(
            (), BEN, ranks=[["2", "3", "4"], ["K", "A"], ["5", "6", "7", "8", "9", "10"], ["J", "Q"]]
        )
        initial = HandForm.initial_for(1, entry)
        assert initial["ranks_1"] == ["K", "A"]
        fields = HandForm.fields_for(game.setup(), entry)
        assert fields["ranks_3"] == "J,Q"
        assert fields["queen"] == str(BEN)


class TestCancellation:
    def test_both_queens_have_a_row_of_takers(self, scorer, league):
        game = make_game(league, "cancellation", players=5)
        page = scorer.get(url(game)).content.decode()
        assert 'data-testid="queen-4"' in page
        assert 'data-testid="queen_2-4"' in page

    def test_one_player_taking_both_queens_scores_both(self, scorer, league):
        game = make_game(league, "cancellation", players=5)
        # 26 hearts: 5 6 5 5 5; Ben both Q♠: 6 + 13 + 13 = 32.
        data = {"number": "1", "action": "cards", "queen": str(BEN), "queen_2": str(BEN)}
        data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([5, 6, 5, 5, 5])})
        response = scorer.post(url(game), data)
        assert response.status_code == 302
        assert totals(game) == [5, 32, 5, 5, 5]
        assert Hand.objects.get(game=game).to_entry().twins == (("Q♠", BEN),)

    def test_a_second_queen_without_a_taker_is_asked_for(self, scorer, league):
        game = make_game(league, "cancellation", players=5)
        data = {"number": "1", "action": "cards", "queen": str(BEN)}
        data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([5, 6, 5, 5, 5])})
        response = scorer.post(url(game), data)
        assert response.status_code == 422
        assert "Q♠" in response.content.decode()
        assert not Hand.objects.filter(game=game).exists()


class TestCancellationByRank:
    """Two decks with hearts by rank (Pink Lady's Q♥ 13, the others 1: 50 in hearts): each heart twice."""

    OPTIONS = {"heart_points": {"Q": 13}}
    REST = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]

    def test_each_strip_has_a_box_for_each_copy(self, scorer, league):
        game = make_game(league, "cancellation", players=5, options=self.OPTIONS)
        page = scorer.get(url(game)).content.decode()
        assert 'data-testid="ranks_0-Q"' in page
        assert 'data-testid="ranks_0-Q-2"' in page
        assert page.count('name="ranks_0"') == 26

    def test_two_players_one_copy_each_and_one_player_both_copies(self, scorer, league):
        game = make_game(league, "cancellation", players=5, options=self.OPTIONS)
        # Ann one Q♥ 13, Ben the other 13, Cat both K♥ and both Q♠ 2 + 26, Dan both A♥ 2,
        # Eve the 2 to the J twice, 20: 76 in all (50 + 26).
        data = {
            "number": "1",
            "action": "cards",
            "queen": str(CAT),
            "queen_2": str(CAT),
            "ranks_0": ["Q"],
            "ranks_1": ["Q"],
            "ranks_2": ["K", "K"],
            "ranks_3": ["A", "A"],
            "ranks_4": [rank for rank in self.REST for _copy in range(2)],
        }
        response = scorer.post(url(game), data)
        assert response.status_code == 302
        assert totals(game) == [13, 13, 28, 2, 20]
        entry = Hand.objects.get(game=game).to_entry()
        assert entry.ranks[2] == ("K", "K")
        # The edit form shows Cat's K♥ ticked twice.
        page = scorer.get(reverse("games:hand-edit", args=[game.pk, 1])).content.decode()
        assert 'id="ranks_2-K" value="K" data-points="1" autocomplete="off" checked data-rank-first' in page
        assert 'id="ranks_2-K-2" value="K" data-points="1" data-rank-second autocomplete="off" checked' in page

    def test_a_third_copy_of_a_heart_is_refused_and_saves_nothing(self, scorer, league):
        game = make_game(league, "cancellation", players=5, options=self.OPTIONS)
        data = {
            "number": "1",
            "action": "cards",
            "queen": str(CAT),
            "queen_2": str(CAT),
            "ranks_0": ["Q", "Q"],
            "ranks_1": ["Q"],
            "ranks_2": ["K", "K"],
            "ranks_3": ["A", "A"],
            "ranks_4": [rank for rank in self.REST for _copy in range(2)],
        }
        response = scorer.post(url(game), data)
        assert response.status_code == 422
        assert "The Q♥ is named 3 times" in response.content.decode()
        assert not Hand.objects.filter(game=game).exists()


class TestTurbo:
    def turbo_hand(self, **extra):
        data = {"number": "1", "action": "cards", "queen": str(CAT), "jack": str(DAN), "ten": str(ANN)}
        data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([4, 5, 4, 0])})
        return {**data, **extra}

    def test_the_charges_come_before_the_takers_of_the_queen_jack_and_ten(self, scorer, league):
        game = make_game(league, "turbo")
        page = scorer.get(url(game)).content.decode()
        charges = [page.index(f'data-testid="charged-{card}"') for card in ("A♥", "Q♠", "J♦", "10♣")]
        assert charges == sorted(charges)
        assert charges[-1] < page.index('data-testid="queen-0"')
        assert 'data-testid="jack-0"' in page
        assert 'data-testid="ten-0"' in page

    def test_charged_cards_double_and_the_ten_doubles_its_takers_score(self, scorer, league):
        game = make_game(league, "turbo")
        # A♥ and Q♠ charged: Ann 4 hearts x2 = 8, doubled by the 10♣ = 16; Ben 5 x2 = 10;
        # Cat 4 x2 + 26 = 34; Dan the J♦ -10.
        response = scorer.post(url(game), self.turbo_hand(charged=["A♥", "Q♠"]))
        assert response.status_code == 302
        assert totals(game) == [16, 10, 34, -10]
        assert Hand.objects.get(game=game).to_entry().charged == ("A♥", "Q♠")

    def test_a_card_that_cannot_be_charged_is_a_4xx_and_saves_nothing(self, scorer, league):
        game = make_game(league, "turbo")
        response = scorer.post(url(game), self.turbo_hand(charged=["K♠"]))
        assert 400 <= response.status_code < 500
        assert not Hand.objects.filter(game=game).exists()

    def test_a_missing_ten_is_asked_for_on_its_row(self, scorer, league):
        game = make_game(league, "turbo")
        data = self.turbo_hand()
        del data["ten"]
        response = scorer.post(url(game), data)
        assert response.status_code == 422
        assert response.context_data["hand_form"].errors["ten"] == ["Who took the 10♣?"]


class TestTeams:
    def test_the_takers_list_partners_together(self, scorer, league):
        game = make_game(league, "standard", options={"teams": True})
        page = scorer.get(url(game)).content.decode()
        # Ann and Cat (seats 0 and 2) are one team, Ben and Dan the other.
        order = [page.index(f'data-testid="queen-{seat}"') for seat in (ANN, CAT, BEN, DAN)]
        assert order == sorted(order)


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("spot", 4, {}),
        ("black_maria", 4, {}),
        ("domino", 4, {}),
        ("cancellation", 5, {}),
        ("turbo", 4, {}),
        ("standard", 4, {"teams": True}),
        ("standard", 4, {"heart_points": {"Q": 13}}),
    ],
)
def test_each_new_presets_game_page_and_entry_page_open(scorer, league, variant, players, options):
    game = make_game(league, variant, players=players, options=options)
    assert scorer.get(game.get_absolute_url()).status_code == 200
    assert scorer.get(url(game)).status_code == 200


def test_in_a_team_game_each_partner_carries_the_teams_total(scorer, league):
    game = make_game(league, "standard", options={"teams": True})
    # Ann 3 + Cat 8 = 11 for Ann+Cat; Ben 2 and the Q♠ 13 = 15 for Ben+Dan.
    data = {"number": "1", "action": "cards", "queen": str(BEN)}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([3, 2, 8, 0])})
    assert scorer.post(url(game), data).status_code == 302
    assert totals(game) == [11, 15, 11, 15]
    page = scorer.get(game.get_absolute_url()).content.decode()
    assert "Ann+Cat" in page
    assert "Ben+Dan" in page


def test_a_turbo_hands_money_is_shown_beside_its_points(scorer, league):
    game = make_game(league, "turbo")
    # The Q♠ charged: Ann 4 x2 (10♣) = 8, Ben 5, Cat 4 + 26 = 30, Dan -10; sum 33,
    # money 33 - 4 x own: Ann +1, Ben +13, Cat -87, Dan +73.
    data = {"number": "1", "action": "cards", "queen": str(CAT), "jack": str(DAN), "ten": str(ANN), "charged": "Q♠"}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([4, 5, 4, 0])})
    assert scorer.post(url(game), data).status_code == 302
    response = scorer.get(game.get_absolute_url())
    assert response.context_data["money"] == [("Ann", "+1"), ("Ben", "+13"), ("Cat", "−87"), ("Dan", "+73")]
    (_, hand_money), *_ = response.context_data["hand_rows"]
    assert hand_money == ["+1", "+13", "−87", "+73"]


def test_a_game_without_money_shows_none(scorer, league):
    game = make_game(league, "spot")
    response = scorer.get(game.get_absolute_url())
    assert response.context_data["money"] == []
    assert 'data-testid="money"' not in response.content.decode()


def shown(html: str) -> str:
    """The text a sighted reader sees: what only screen readers read, and the tags, taken out."""
    return re.sub(r"<[^>]+>", "", re.sub(r'<span class="visually-hidden">[^<]*</span>', "", html))


def next_deal(scorer, game):
    page = scorer.get(game.get_absolute_url()).content.decode()
    return page[page.index('id="next-deal"') : page.index("</section>", page.index('id="next-deal"'))]


def test_the_next_deal_panel_names_the_partners_team_by_team(scorer, league):
    game = make_game(league, "standard", options={"teams": True})
    assert "Partners (sitting opposite): Ann+Cat · Ben+Dan" in next_deal(scorer, game)


def test_turbos_next_deal_says_the_charge_step_after_the_pass_and_before_the_keeper_hand(scorer, league):
    game = make_game(league, "turbo", first_dealer=0)
    panel = next_deal(scorer, game)
    assert "Pass 3 cards to the left" in panel
    assert "After the pass: charge (show) the A♥, Q♠, J♦ or 10♣ to double it" in shown(panel)
    # A screen reader hears each card's name, not "A black heart suit".
    assert '<span class="visually-hidden">ace of hearts</span>' in panel
    # Hands 1-3 (Ann takes the 10♣, Ben the Q♠, Cat the J♦, hearts 4 5 4 0): then the keeper hand.
    for number in (1, 2, 3):
        data = {"number": str(number), "action": "cards", "queen": str(BEN), "jack": str(CAT), "ten": str(ANN)}
        data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([4, 5, 4, 0])})
        assert scorer.post(url(game), data).status_code == 302
    panel = next_deal(scorer, game)
    assert "Keeper: no pass" in panel
    assert "Before the keeper hand: charge" in shown(panel)


@pytest.mark.parametrize(
    ("variant", "players", "words"),
    [
        ("black_maria", 4, ["Pass 3 cards to the right", "Ben leads"]),
        ("domino", 5, ["Deal 6 cards each; the other 22 are the draw pile", "no passing"]),
        ("cancellation", 5, ["Shuffle 2 decks together and add 1 joker: 105 cards", "Deal 21 cards each"]),
        (
            "cancellation",
            ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"],
            ["Deal 11 cards each; set the other 5 aside face down"],
        ),
    ],
)
def test_the_next_deal_panel_says_each_new_presets_deal(scorer, league, variant, players, words):
    # Worked out by hand: Black Maria passes right and the player left of the dealer (Ann) leads;
    # Domino 52 - 5 x 6 = 22 in the stock; Cancellation 104 + 1 joker = 105 = 5 x 21; 104 = 9 x 11 + 5.
    panel = next_deal(scorer, make_game(league, variant, players=players, first_dealer=0))
    for line in words:
        assert line in panel


def test_a_team_games_scoresheet_shows_each_partner_the_teams_figures(scorer, league):
    game = make_game(league, "standard", options={"teams": True})
    game.record_hand(1, HandEntry.cards([3, 2, 8, 0], BEN))
    response = scorer.get(reverse("games:game-scoresheet", args=[game.pk]))
    assert response.status_code == 200
    (hand,) = response.context_data["hands"]
    # Ann+Cat 3 + 8 = 11, Ben+Dan 2 + 13 = 15, in each partner's column.
    assert [cell["total"] for cell in hand["cells"]] == [11, 15, 11, 15]
    assert "Ann+Cat" in response.content.decode()


SPOT_HAND = [["2", "3", "4"], ["A", "K"], ["5", "6", "7", "8", "9", "10"], ["J", "Q"]]


def test_a_spot_hand_sent_twice_with_its_key_is_stored_once(scorer, league):
    game = make_game(league, "spot")
    data = {**spot_hand(SPOT_HAND), "key": "spot-once"}
    assert scorer.post(url(game), data, headers=QUEUE).json()["outcome"] == "recorded"
    again = scorer.post(url(game), data, headers=QUEUE)
    assert again.json()["outcome"] == "recorded"
    assert Hand.objects.filter(game=game).count() == 1
    assert totals(game) == [9, 77, 45, 23]


def test_a_spot_hand_is_edited_by_its_ticks(scorer, league):
    game = make_game(league, "spot")
    game.record_hand(1, HandEntry.cards((), BEN, ranks=SPOT_HAND))
    # The 2♥ moves from Ann to Dan: Ann 7, Dan 25.
    ranks = [["3", "4"], ["A", "K"], ["5", "6", "7", "8", "9", "10"], ["2", "J", "Q"]]
    data = {**spot_hand(ranks), "version": str(game.version)}
    response = scorer.post(reverse("games:hand-edit", args=[game.pk, 1]), data)
    assert response.status_code == 302
    assert totals(game) == [7, 77, 45, 25]


def test_a_spot_moon_is_previewed_from_the_ticks(scorer, league):
    game = make_game(league, "spot")
    # Cat takes every heart and the Q♠: under Spot's 'add' each other player scores the moon's 150.
    data = {
        "number": "1",
        "queen": str(CAT),
        f"ranks_{CAT}": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    }
    response = scorer.post(reverse("games:hand-preview", args=[game.pk]), data, headers=HTMX)
    assert response.status_code == 200
    assert "Cat shot the moon" in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()
