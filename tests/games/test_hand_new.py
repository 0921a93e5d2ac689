"""Entering a hand: the form, the moon choice, revokes, duplicates (409) and tampering (4xx)."""

import pytest
from django.urls import reverse

from games.models import Game, Hand, HandRevision, Membership
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import LeagueFactory, MembershipFactory, make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def url(game):
    return reverse("games:hand-new", args=[game.pk])


def cards(number, hearts, queen=None, jack=None, **extra):
    data = {"number": str(number), "action": "cards"}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate(hearts)})
    if queen is not None:
        data["queen"] = str(queen)
    if jack is not None:
        data["jack"] = str(jack)
    data.update(extra)
    return data


@pytest.fixture
def game(league):
    return make_game(league)


def totals(game):
    return list(game.seats.order_by("position").values_list("total", flat=True))


def test_the_form_page_shows_a_tap_button_per_player_for_the_queen(scorer, game):
    response = scorer.get(url(game))
    assert response.status_code == 200
    page = response.content.decode()
    for seat in range(4):
        assert f'data-testid="queen-{seat}"' in page
        assert f'data-testid="hearts-plus-{seat}"' in page
        assert f'data-testid="hearts-rest-{seat}"' in page
    assert 'data-testid="jack-0"' not in page
    assert 'name="number" value="1"' in page


def test_omnibus_asks_who_took_the_jack_too(scorer, league):
    game = make_game(league, "omnibus")
    assert 'data-testid="jack-2"' in scorer.get(url(game)).content.decode()


def test_a_plain_post_records_the_hand_and_redirects_to_the_game(scorer, game):
    response = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN))
    assert response.status_code == 302
    assert response.url == game.get_absolute_url()
    assert totals(game) == [3, 13, 10, 0]


def test_an_htmx_post_answers_with_the_game_regions(scorer, game):
    response = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN), headers=HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    # The new entry form (for hand 2) first; totals, hands, history out of band.
    assert page.lstrip().startswith('<div id="entry"')
    assert 'name="number" value="2"' in page
    assert 'aria-labelledby="totals-title" hx-swap-oob="true"' in page
    assert "Hand 1 recorded" in page
    assert totals(game) == [3, 13, 10, 0]


def test_the_omnibus_jack_scores_minus_ten(scorer, league):
    game = make_game(league, "omnibus")
    scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, jack=CAT))
    # Cat 10♥ and the J♦: 10 - 10 = 0.
    assert totals(game) == [3, 13, 0, 0]


def test_a_revoke_charges_the_offender_the_penalty(scorer, game):
    response = scorer.post(
        url(game), {"number": "1", "action": "revoke", "revoke": str(CAT), "hearts_0": "0", "confirmed": "yes"}
    )
    assert response.status_code == 302
    assert totals(game) == [0, 0, 26, 0]


def test_without_javascript_a_revoke_is_asked_first_on_its_own_page(scorer, game):
    entry = {"number": "1", "action": "revoke", "revoke": str(CAT), "hearts_0": "5", "queen": str(BEN)}
    response = scorer.post(url(game), entry)
    assert response.status_code == 200
    assert response.template_name == "games/revoke_confirm.html"
    page = response.content.decode()
    assert "Charge the revoke to Cat as hand 1?" in page
    assert "Cat scores 26, everyone else 0 for that hand (no moon)." in page
    assert "What was typed for hand 1" in page
    assert "cards is not kept." in page
    assert Hand.objects.count() == 0
    # Its button sends the same request again, confirmed: one hand, the revoke.
    fields = dict(response.context_data["fields"])
    assert fields == entry
    response = scorer.post(url(game), {**fields, "confirmed": "yes"})
    assert response.status_code == 302
    assert totals(game) == [0, 0, 26, 0]


def test_the_game_pages_form_asks_in_the_browser_so_its_revoke_is_charged_at_once(scorer, game):
    response = scorer.post(url(game), {"number": "1", "action": "revoke", "revoke": str(CAT)}, headers=HTMX)
    assert response.status_code == 200
    assert totals(game) == [0, 0, 26, 0]


def test_a_revoke_needs_an_offender(scorer, game):
    response = scorer.post(url(game), {"number": "1", "action": "revoke"})
    assert response.status_code == 422
    assert response.context_data["hand_form"].errors["revoke"] == ["Who revoked? Pick one of the players"]
    assert Hand.objects.count() == 0


@pytest.mark.parametrize(("field", "what"), [("queen", "the Q♠"), ("jack", "the J♦"), ("hearts_1", "Ben")])
def test_a_card_sent_with_two_takers_is_refused(scorer, league, field, what):
    """A form sends each field once; queen=0&queen=1 is a crafted request, and
    Django alone would keep the last value."""
    game = make_game(league, "omnibus")
    data = cards(1, [3, 0, 10, 0], BEN, jack=CAT)
    body = "&".join(f"{key}={value}" for key, value in data.items()) + f"&{field}=0"
    response = scorer.post(url(game), body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 422
    assert f"{what} was sent more than once: each card has exactly one taker" in response.content.decode()
    assert Hand.objects.count() == 0


class TestTheMoon:
    def test_a_moon_without_a_choice_comes_back_asking_with_both_outcomes(self, scorer, game):
        response = scorer.post(url(game), cards(1, [0, 13, 0, 0], BEN))
        assert response.status_code == 422
        assert Hand.objects.count() == 0
        page = response.content.decode()
        assert "Ben shot the moon: add or subtract?" in page
        # Add: Ann, Cat and Dan take 26; subtract: Ben goes to −26.
        assert "<strong>Add:</strong> Ann goes to 26, Cat to 26 and Dan to 26, the game goes on" in page
        assert "<strong>Subtract:</strong> Ben goes to \u221226, the game goes on" in page
        assert 'data-testid="moon-add"' in page

    def test_the_shooters_choice_is_recorded(self, scorer, game):
        response = scorer.post(url(game), cards(1, [0, 13, 0, 0], BEN, moon="subtract"))
        assert response.status_code == 302
        assert totals(game) == [0, -26, 0, 0]

    def test_under_the_ricketts_rule_a_choice_is_refused(self, scorer, league):
        game = make_game(league, "ricketts")
        response = scorer.post(url(game), cards(1, [0, 13, 0, 0], BEN, moon="add"))
        assert response.status_code == 422
        assert response.context_data["hand_form"].errors["moon"] == [
            "The moon rule here is 'ricketts': the shooter does not choose"
        ]

    def test_the_htmx_branch_shows_the_moon_question_in_the_entry_region(self, scorer, game):
        response = scorer.post(url(game), cards(1, [0, 13, 0, 0], BEN), headers=HTMX)
        assert response.status_code == 422
        page = response.content.decode()
        assert page.lstrip().startswith('<div id="entry"')
        assert "Ben shot the moon: add or subtract?" in page


class TestTwoPhones:
    def test_the_second_submission_of_a_hand_gets_409_and_is_not_recorded(self, scorer, game):
        scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN))
        response = scorer.post(url(game), cards(1, [0, 0, 13, 0], DAN))
        assert response.status_code == 409
        assert "Hand 1 was just recorded" in response.content.decode()
        assert Hand.objects.filter(game=game).count() == 1
        assert totals(game) == [3, 13, 10, 0]
        # The plain branch shows the game as it now stands, ready for hand 2.
        assert response.templates[0].name == "games/game_detail.html"
        assert 'name="number" value="2"' in response.content.decode()

    def test_htmx_gets_409_with_the_current_game_regions(self, scorer, game):
        scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN))
        response = scorer.post(url(game), cards(1, [0, 0, 13, 0], DAN), headers=HTMX)
        assert response.status_code == 409
        page = response.content.decode()
        assert "Hand 1 was just recorded" in page
        assert 'name="number" value="2"' in page
        assert 'id="history"' in page
        assert Hand.objects.filter(game=game).count() == 1


class TestBadInput:
    """Tampered or malformed posts: a 4xx with a message, and nothing saved."""

    @pytest.mark.parametrize(
        ("data", "field"),
        [
            (cards(1, [3, 0, 10, 0], 7), "queen"),
            (cards(1, [3, 0, 10, 0], "Ben"), "queen"),
            (cards(1, ["three", 0, 10, 0], BEN), "hearts_0"),
            (cards(1, [3, 0, 10, 0], BEN, revoke="9", action="revoke"), "revoke"),
            (cards("x", [3, 0, 10, 0], BEN), "number"),
            (cards(1, [3, 0, 10, 0], BEN, action="explode"), "action"),
        ],
    )
    def test_unknown_seats_and_non_numbers_are_refused(self, scorer, game, data, field):
        response = scorer.post(url(game), data)
        assert response.status_code == 422
        assert field in response.context_data["hand_form"].errors
        assert Hand.objects.count() == 0

    def test_negative_hearts_are_refused_by_the_engine(self, scorer, game):
        response = scorer.post(url(game), cards(1, [-1, 1, 13, 0], BEN))
        assert response.status_code == 422
        assert response.context_data["hand_form"].hearts_errors == ["Ann can't take fewer than 0 hearts"]
        assert Hand.objects.count() == 0

    def test_hearts_that_do_not_add_up_are_refused(self, scorer, game):
        response = scorer.post(url(game), cards(1, [3, 0, 9, 0], BEN))
        assert response.status_code == 422
        assert response.context_data["hand_form"].hearts_errors == ["Hearts add up to 12; 13 are in play"]
        assert Hand.objects.count() == 0

    def test_a_missing_queen_is_asked_for(self, scorer, game):
        response = scorer.post(url(game), cards(1, [3, 0, 10, 0]))
        assert response.status_code == 422
        assert response.context_data["hand_form"].errors["queen"] == ["Who took the Q♠?"]

    def test_a_hand_after_the_game_is_over_is_refused(self, scorer, league, user):
        game = make_game(league, options={"target": 20})
        game.record_hand(1, HandEntry.cards([1, 11, 0, 1], BEN), user)
        assert Game.objects.get(pk=game.pk).status == "over"
        response = scorer.post(url(game), cards(2, [3, 0, 10, 0], BEN))
        assert response.status_code == 422
        assert response.context_data["hand_form"].non_field_errors() == [
            "The game is already over; no more hands can be added"
        ]
        assert Hand.objects.filter(game=game).count() == 1

    def test_a_hand_number_from_the_future_is_a_conflict(self, scorer, game):
        response = scorer.post(url(game), cards(5, [3, 0, 10, 0], BEN))
        assert response.status_code == 409
        assert Hand.objects.count() == 0

    def test_another_leagues_game_is_404(self, scorer):
        game = make_game(LeagueFactory())
        response = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN))
        assert response.status_code == 404
        assert Hand.objects.count() == 0
        assert HandRevision.objects.count() == 0


def test_a_viewer_may_not_enter_hands(client, league, game):
    viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.get(url(game)).status_code == 403
    assert client.post(url(game), cards(1, [3, 0, 10, 0], BEN)).status_code == 403
    assert Hand.objects.count() == 0


def test_outsiders_get_404(client, outsider, game):
    client.force_login(outsider)
    assert client.post(url(game), cards(1, [3, 0, 10, 0], BEN)).status_code == 404


def test_anonymous_posts_are_sent_to_log_in_and_save_nothing(client, game):
    response = client.post(url(game), cards(1, [3, 0, 10, 0], BEN))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert Hand.objects.count() == 0


def test_a_declared_game_takes_no_more_hands(scorer, game, user):
    game.declare("abandoned", user)
    response = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN))
    assert response.status_code == 409
    assert "This game is abandoned" in response.content.decode()
    assert Hand.objects.count() == 0
