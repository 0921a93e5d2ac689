"""The game page: totals, hands, the next deal, history, in a fixed number of queries."""

import re

import pytest
from django.urls import reverse

from games.models import Membership
from games.views.table import DEALS_AFTER
from rules import HandEntry
from tests.factories import MembershipFactory, UserFactory, make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def url(game):
    return reverse("games:game-detail", args=[game.pk])


def plain_hand():
    # Ann 3♥, Ben the Q♠, Cat 10♥: Ann +3, Ben +13, Cat +10, Dan 0.
    return HandEntry.cards([3, 0, 10, 0], BEN)


def test_a_member_sees_totals_in_seat_order_with_the_leader_marked(client, league, user):
    game = make_game(league)
    game.record_hand(1, plain_hand(), user)
    client.force_login(user)
    response = client.get(url(game))
    assert response.status_code == 200
    seats = response.context_data["seats"]
    assert [(s.name, s.total, s.leading) for s in seats] == [
        ("Ann", "3", False),
        ("Ben", "13", False),
        ("Cat", "10", False),
        ("Dan", "0", True),
    ]
    assert 'data-testid="totals"' in response.content.decode()


def test_the_next_deal_says_who_deals_passes_and_leads(client, league, user):
    game = make_game(league, first_dealer=DAN)
    game.record_hand(1, plain_hand(), user)
    client.force_login(user)
    page = client.get(url(game)).content.decode()
    # Hand 2: the deal moves left from Dan to Ann; 4 players pass right on hand 2.
    assert "Hand 2: Ann deals" in page
    assert "Pass 3 cards to the right</strong>: Ann → Dan, Ben → Ann, Cat → Ben, Dan → Cat" in page
    assert "Whoever holds the 2♣ leads" in page
    assert "Deal 13 cards each" in page


def test_the_page_carries_the_deals_of_the_hands_after_the_next_for_a_phone_offline(client, league, user):
    """static/js/offline.js shows the deal of each hand kept on the phone: the engine's, drawn by the server."""
    game = make_game(league, first_dealer=DAN)
    game.record_hand(1, plain_hand(), user)
    client.force_login(user)
    page = client.get(url(game)).content.decode()
    later = re.findall(r'<template data-deal-for="(\d+)">', page)
    assert later == [str(number) for number in range(3, 3 + DEALS_AFTER)]
    hand_3 = page[
        page.index('<template data-deal-for="3">') : page.index("</template>", page.index('data-deal-for="3"'))
    ]
    # Hand 3: Ben deals (Dan, Ann, Ben) and 4 players pass across on hand 3.
    assert "Hand 3: Ben deals" in hand_3
    assert "Pass 3 cards across" in hand_3
    assert 'id="next-deal-title-3"' in hand_3


def test_a_moon_wrap_and_revoke_are_marked_on_their_hands(client, league, user):
    game = make_game(league, "ricketts")
    # Ben 12♥ + Q♠ three times: 75; Ben 3♥ with Dan's Q♠: 78; Cat's moon
    # adds 26 to Ben: 104, which wraps to 0; then Ann revokes.
    for number, entry in enumerate(
        [HandEntry.cards([0, 12, 0, 1], BEN)] * 3
        + [HandEntry.cards([0, 3, 10, 0], DAN), HandEntry.cards([0, 0, 13, 0], CAT), HandEntry.revoked(ANN)],
        start=1,
    ):
        game.record_hand(number, entry, user)
    client.force_login(user)
    page = client.get(url(game)).content.decode()
    assert "Cat shot the moon: add" in page
    assert "Ben wrapped to 0" in page
    assert "Ann revoked: +26" in page


def test_the_69_for_5_watch_shows_where_the_option_is_on(client, league, user):
    game = make_game(league, "ricketts")
    # Ann 25, 50, then 6♥ + Q♠ = 69, then one hand without points at 69.
    for number, entry in enumerate(
        [
            HandEntry.cards([12, 0, 0, 1], ANN),
            HandEntry.cards([12, 0, 0, 1], ANN),
            HandEntry.cards([6, 7, 0, 0], ANN),
            HandEntry.cards([0, 13, 0, 0], CAT),
        ],
        start=1,
    ):
        game.record_hand(number, entry, user)
    client.force_login(user)
    assert "Ann: 69 for 1 of 5 hands" in client.get(url(game)).content.decode()


def test_a_tie_for_lowest_says_another_hand_is_played(client, league, user):
    game = make_game(league, options={"target": 20})
    # Ben 12♥ + Q♠ = 25 passes 20; Ann and Cat tie at 0.
    game.record_hand(1, HandEntry.cards([0, 12, 0, 1], BEN), user)
    client.force_login(user)
    page = client.get(url(game)).content.decode()
    assert "Tie for lowest." in page
    assert "Ann and Cat tie for lowest: another hand is played" in page
    assert "Hand 2 (tie-break): Ben deals" in page
    # The tie-break hand itself is marked once played: Cat takes 1♥, Ann is lowest.
    game.record_hand(2, HandEntry.cards([0, 0, 1, 12], DAN), user)
    page = client.get(url(game)).content.decode()
    assert '<span class="note note-tie_break">tie-break hand</span>' in page
    assert "Ann wins the game: Ben and Dan pass 20" in page


def test_game_over_names_the_winner_and_why(client, league, user):
    game = make_game(league, options={"target": 20})
    # Ben 25; Cat 0 is lowest alone once Ann has 1♥... Ann 1♥, Ben 11♥ + Q♠ = 24, Dan 1♥.
    game.record_hand(1, HandEntry.cards([1, 11, 0, 1], BEN), user)
    client.force_login(user)
    response = client.get(url(game))
    page = response.content.decode()
    assert "Game over." in page
    assert "Cat wins the game: Ben passes 20" in page
    assert response.context_data["hand_form"] is None
    assert 'data-testid="hand-submit"' not in page


def test_history_says_who_changed_which_hand_from_what_to_what(client, league, user):
    user.first_name, user.last_name = "Ben", ""
    user.save()
    game = make_game(league)
    game.record_hand(1, plain_hand(), user)
    game.edit_hand(1, HandEntry.cards([4, 0, 9, 0], BEN), user)
    client.force_login(user)
    history = client.get(url(game)).context_data["history"]
    assert [f"{h['who']} {h['what']}" for h in history] == [
        "Ben edited hand 1: Ann 3♥ → 4♥, Cat 10♥ → 9♥",
        "Ben added hand 1: Ann 3♥, Ben Q♠, Cat 10♥",
    ]


def test_history_names_an_unknown_scorer_in_the_readers_language(client, league, user):
    """A hand recorded with no account behind it (a league file's line without 'by')."""
    game = make_game(league)
    game.record_hand(1, plain_hand())
    client.force_login(user)
    english = client.get(url(game)).context_data["history"]
    dutch = client.get(url(game), headers={"Accept-Language": "nl"}).context_data["history"]
    assert [change["who"] for change in english] == ["Someone"]
    assert [change["who"] for change in dutch] == ["Iemand"]


def test_a_viewer_sees_the_game_but_no_entry_form_or_edit_links(client, league, user):
    viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
    game = make_game(league)
    game.record_hand(1, plain_hand(), user)
    client.force_login(viewer)
    response = client.get(url(game))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="hand-submit"' not in page
    assert 'data-testid="hand-edit-1"' not in page
    assert 'data-testid="totals"' in page


def test_outsiders_get_404(client, league, outsider):
    game = make_game(league)
    client.force_login(outsider)
    assert client.get(url(game)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client, league):
    game = make_game(league)
    response = client.get(url(game))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_a_game_id_that_is_not_a_number_is_404(client, user):
    client.force_login(user)
    assert client.get("/games/abc/").status_code == 404


def _game_with_hands(league, user, count):
    game = make_game(league, options={"target": 10_000})
    for number in range(1, count + 1):
        game.record_hand(number, plain_hand(), user)
    return game


@pytest.mark.parametrize("hands", [5, 60])
def test_the_page_takes_the_same_queries_for_5_hands_as_for_60(client, league, user, hands, django_assert_num_queries):
    game = _game_with_hands(league, user, hands)
    client.force_login(user)
    # session, user, game with league, membership, seats with their players (one
    # query: Game.objects.for_table), hands, revisions with their users: seven, however long the game.
    with django_assert_num_queries(7):
        response = client.get(url(game))
    assert len(response.context_data["hands"]) == hands
    assert len(response.context_data["history"]) == hands


def test_a_viewer_of_another_league_cannot_see_this_one(client, league):
    other = UserFactory()
    MembershipFactory(user=other, role=Membership.Role.SCORER)
    game = make_game(league)
    client.force_login(other)
    assert client.get(url(game)).status_code == 404
