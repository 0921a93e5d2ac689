"""Changing the past: editing any hand rescoring the rest, deleting the last hand."""

import pytest
from django.urls import reverse

from games.models import Hand, HandRevision, Membership
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import MembershipFactory, make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def edit_url(game, number):
    return reverse("games:hand-edit", args=[game.pk, number])


def delete_url(game):
    return reverse("games:hand-delete", args=[game.pk])


def cards(number, hearts, queen, **extra):
    data = {"number": str(number), "action": "cards", "queen": str(queen)}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate(hearts)})
    data.update(extra)
    return data


@pytest.fixture
def game(league, user):
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    game.record_hand(2, HandEntry.cards([0, 0, 0, 13], ANN), user)
    return game


def version_of(game):
    """The version an edit form opened now would carry."""
    game.refresh_from_db()
    return str(game.version)


def totals(game):
    return list(game.seats.order_by("position").values_list("total", flat=True))


class TestEdit:
    def test_the_form_is_prefilled_with_the_hand(self, scorer, game):
        response = scorer.get(edit_url(game, 1))
        assert response.status_code == 200
        form = response.context_data["hand_form"]
        assert form["hearts_0"].value() == 3
        assert form["hearts_2"].value() == 10
        assert form["queen"].value() == BEN
        assert "Save hand 1" in response.content.decode()

    def test_an_edit_rescores_every_hand_after_it(self, scorer, game):
        # Hand 1 becomes Ann 4♥, Cat 9♥; hand 2 (Ann Q♠, Dan 13♥) is unchanged.
        response = scorer.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=version_of(game)))
        assert response.status_code == 302
        assert response.url == game.get_absolute_url()
        assert totals(game) == [4 + 13, 13, 9, 13]

    def test_htmx_is_sent_back_to_the_game_page(self, scorer, game):
        response = scorer.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=version_of(game)), headers=HTMX)
        assert response.status_code == 200
        assert response["HX-Redirect"] == game.get_absolute_url()
        assert totals(game) == [4 + 13, 13, 9, 13]

    def test_an_edit_that_ends_the_game_before_a_later_hand_saves_nothing(self, scorer, league, user):
        game = make_game(league, options={"target": 20})
        game.record_hand(1, HandEntry.cards([1, 1, 11, 0], DAN), user)
        game.record_hand(2, HandEntry.cards([1, 1, 11, 0], DAN), user)
        # With Cat on 11♥ + Q♠ in hand 1 Cat has 24 and Ben 0 is lowest alone:
        # the game is over after hand 1, so hand 2 cannot stand.
        response = scorer.post(edit_url(game, 1), cards(1, [1, 0, 11, 1], CAT, version=version_of(game)))
        assert response.status_code == 422
        assert response.context_data["hand_form"].non_field_errors() == [
            "With this change, hand 2 no longer stands: The game is already over; no more hands can be added"
        ]
        assert Hand.objects.get(game=game, number=1).entry["queen"] == DAN
        assert HandRevision.objects.filter(action="edited").count() == 0

    def test_an_edit_that_breaks_its_own_hand_shows_the_field(self, scorer, game):
        response = scorer.post(edit_url(game, 1), cards(1, [3, 0, 9, 0], BEN, version=version_of(game)))
        assert response.status_code == 422
        assert response.context_data["hand_form"].hearts_errors == ["Hearts add up to 12; 13 are in play"]

    def test_the_form_carries_the_version_it_was_opened_at(self, scorer, game):
        page = scorer.get(edit_url(game, 1)).content.decode()
        assert f'name="version" value="{version_of(game)}"' in page

    def test_a_stale_edit_answers_409_with_the_hand_now_beside_what_this_phone_typed(self, scorer, game):
        """Two phones open hand 1; the first saves; the second's save would
        overwrite an edit it never saw. Its typing is kept (issue 19: it was thrown away)."""
        opened_at = version_of(game)
        first = scorer.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=opened_at))
        assert first.status_code == 302
        second = scorer.post(edit_url(game, 1), cards(1, [3, 0, 9, 1], BEN, version=opened_at))
        assert second.status_code == 409
        page = second.content.decode()
        assert "Hand 1 was changed on another phone since you opened it: nothing was saved." in page
        # Each side labelled: the hand as the first phone left it, and this phone's typing.
        assert second.context_data["stale"] == {
            "now": "Ann 4♥, Ben Q♠, Cat 9♥",
            "typed": "Ann 3♥, Ben Q♠, Cat 9♥, Dan 1♥",
        }
        assert "The hand now" in page
        assert "What you typed on this phone" in page
        # The form still holds this phone's typing, on the version the game is at now.
        form = second.context_data["hand_form"]
        assert (form["hearts_0"].value(), form["hearts_2"].value(), form["hearts_3"].value()) == ("3", "9", "1")
        assert str(form["version"].value()) == str(version_of(game))
        assert Hand.objects.get(game=game, number=1).entry["hearts"] == [4, 0, 9, 0]
        assert HandRevision.objects.filter(action="edited").count() == 1

    def test_one_save_from_the_stale_edit_puts_this_phones_version_over_it(self, scorer, game):
        opened_at = version_of(game)
        scorer.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=opened_at))
        stale = scorer.post(edit_url(game, 1), cards(1, [3, 0, 9, 1], BEN, version=opened_at))
        again = scorer.post(edit_url(game, 1), dict(stale.context_data["hand_form"].data.items()))
        assert again.status_code == 302
        assert Hand.objects.get(game=game, number=1).entry["hearts"] == [3, 0, 9, 1]
        assert HandRevision.objects.filter(action="edited").count() == 2

    def test_an_edit_form_without_a_version_overwrites_nothing(self, scorer, game):
        response = scorer.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN))
        assert response.status_code == 409
        assert Hand.objects.get(game=game, number=1).entry["hearts"] == [3, 0, 10, 0]

    def test_an_edit_form_opened_before_a_new_hand_is_stale(self, scorer, game, user):
        opened_at = version_of(game)
        game.record_hand(3, HandEntry.cards([0, 13, 0, 0], CAT), user)
        response = scorer.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=opened_at))
        assert response.status_code == 409
        assert Hand.objects.get(game=game, number=1).entry["hearts"] == [3, 0, 10, 0]

    def test_a_form_posted_for_another_hand_is_refused(self, scorer, game):
        response = scorer.post(edit_url(game, 1), cards(2, [4, 0, 9, 0], BEN, version=version_of(game)))
        assert response.status_code == 422
        assert totals(game) == [3 + 13, 13, 10, 13]

    def test_a_hand_that_does_not_exist_is_404(self, scorer, game):
        assert scorer.get(edit_url(game, 3)).status_code == 404
        assert scorer.get(f"/games/{game.pk}/hands/x/edit/").status_code == 404

    def test_the_edit_is_in_the_history(self, scorer, game):
        scorer.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=version_of(game)))
        history = scorer.get(game.get_absolute_url()).context_data["history"]
        assert history[0]["what"] == "edited hand 1: Ann 3♥ → 4♥, Cat 10♥ → 9♥"

    def test_a_viewer_may_not_edit(self, client, league, game):
        viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
        client.force_login(viewer)
        assert client.get(edit_url(game, 1)).status_code == 403
        assert client.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=version_of(game))).status_code == 403

    def test_outsiders_get_404_and_anonymous_visitors_log_in(self, client, outsider, game):
        assert client.get(edit_url(game, 1)).status_code == 302
        client.force_login(outsider)
        assert client.post(edit_url(game, 1), cards(1, [4, 0, 9, 0], BEN, version=version_of(game))).status_code == 404
        assert totals(game) == [3 + 13, 13, 10, 13]


class TestDelete:
    def test_the_last_hand_can_be_deleted(self, scorer, game):
        response = scorer.post(delete_url(game), {"number": "2"})
        assert response.status_code == 302
        assert list(game.hands.values_list("number", flat=True)) == [1]
        assert totals(game) == [3, 13, 10, 0]

    def test_htmx_gets_the_regions_back(self, scorer, game):
        response = scorer.post(delete_url(game), {"number": "2"}, headers=HTMX)
        assert response.status_code == 200
        page = response.content.decode()
        assert 'name="number" value="2"' in page
        assert "Hand 2 deleted" in page

    def test_only_the_last_hand_can_be_deleted(self, scorer, game):
        response = scorer.post(delete_url(game), {"number": "1"})
        assert response.status_code == 409
        assert "Hand 1 is not the last hand any more" in response.content.decode()
        assert game.hands.count() == 2

    def test_a_malformed_number_is_a_400(self, scorer, game):
        assert scorer.post(delete_url(game), {"number": "last"}).status_code == 400
        assert scorer.post(delete_url(game), {}).status_code == 400
        assert game.hands.count() == 2

    def test_a_get_only_asks_and_deleting_needs_a_post(self, scorer, game):
        # The GET is the confirmation page of a phone without JavaScript.
        assert scorer.get(delete_url(game), {"number": "2"}).status_code == 200
        assert scorer.get(delete_url(game)).status_code == 400
        assert game.hands.count() == 2

    def test_a_viewer_may_not_delete(self, client, league, game):
        viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
        client.force_login(viewer)
        assert client.post(delete_url(game), {"number": "2"}).status_code == 403
        assert game.hands.count() == 2

    def test_outsiders_get_404_and_anonymous_visitors_log_in(self, client, outsider, game):
        assert client.post(delete_url(game), {"number": "2"}).status_code == 302
        client.force_login(outsider)
        assert client.post(delete_url(game), {"number": "2"}).status_code == 404
        assert game.hands.count() == 2
