"""After a hand, every phone's poll gets the regions drawn once (games/views/regions.py),
each with its own CSRF token and its own idempotency key for the next hand."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Hand, Membership
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import MembershipFactory, UserFactory, make_game

pytestmark = pytest.mark.django_db

BEN = 1


def poll(client, game, version, hand=1):
    return client.get(reverse("games:game-poll", args=[game.pk]), {"version": version, "hand": hand}, headers=HTMX)


def phone(user):
    client = Client()
    client.force_login(user)
    return client


def hand_key(page: str) -> str:
    return re.search(r'name="key" value="([0-9a-f]+)"', page).group(1)


def csrf_token(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


@pytest.fixture
def game(league):
    return make_game(league)


@pytest.fixture
def scorers(league):
    return [MembershipFactory(league=league, role=Membership.Role.SCORER).user for _ in range(2)]


def test_the_second_phone_gets_the_kept_regions_without_folding_the_game_again(
    game, user, scorers, django_assert_num_queries
):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    first, second = phone(scorers[0]), phone(scorers[1])
    drawn = poll(first, game, 0).content.decode()
    # Session, user, the game's version, the game with its league, the membership: no hand,
    # History line or seat read again, nothing folded.
    with django_assert_num_queries(5) as queries:
        kept = poll(second, game, 0).content.decode()
    assert not any(table in query["sql"] for query in queries for table in ('"games_hand"', '"games_handrevision"'))
    # The same regions, each phone's own key and token put in.
    assert 'id="totals"' in kept
    assert 'name="number" value="2"' in kept
    assert hand_key(drawn) != hand_key(kept)
    assert re.fullmatch(r"[0-9a-f]{32}", hand_key(kept))
    assert csrf_token(drawn) != csrf_token(kept)
    assert "goes-here" not in kept


def test_each_phone_records_its_hand_with_the_key_it_was_drawn(game, user, scorers):
    """Phones that shared one key would have the second hand answered as the first's."""
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    phones = [phone(scorer) for scorer in scorers]
    pages = [poll(client, game, 0).content.decode() for client in phones]
    keys = [hand_key(page) for page in pages]
    assert keys[0] != keys[1]
    # The first phone records hand 2 with its token and key (the CSRF check is on, as in a browser).
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = phones[0].cookies
    posted = strict.post(
        reverse("games:hand-new", args=[game.pk]),
        {"number": 2, "key": keys[0], "action": "cards", "queen": 2, "hearts_0": 0, "hearts_1": 13, "hearts_2": 0,
         "hearts_3": 0, "csrfmiddlewaretoken": csrf_token(pages[0])},
        headers=HTMX,
    )  # fmt: skip
    assert posted.status_code == 200, posted.content.decode()[:500]
    assert list(Hand.objects.filter(game=game).values_list("number", "client_key")) == [(1, ""), (2, keys[0])]


def test_a_viewer_is_never_given_a_scorers_kept_form(game, user, league, scorers):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
    assert 'name="key"' in poll(phone(scorers[0]), game, 0).content.decode()
    seen = poll(phone(viewer), game, 0).content.decode()
    assert 'id="totals"' in seen
    assert 'name="key"' not in seen
    assert "csrfmiddlewaretoken" not in seen


def test_each_reader_gets_the_regions_in_their_language(game, user, scorers):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    english = poll(phone(scorers[0]), game, 0).content.decode()
    dutch_phone = phone(scorers[1])
    dutch = dutch_phone.get(
        reverse("games:game-poll", args=[game.pk]), {"version": 0, "hand": 1},
        headers={**HTMX, "Accept-Language": "nl"},
    ).content.decode()  # fmt: skip
    assert "Hands table" in english
    assert "Hands table" not in dutch


def test_a_new_version_is_drawn_anew(game, user, scorers):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    client = phone(scorers[0])
    assert 'name="number" value="2"' in poll(client, game, 0).content.decode()
    game.record_hand(2, HandEntry.cards([0, 13, 0, 0], 0), user)
    assert 'name="number" value="3"' in poll(client, game, 0).content.decode()


def test_the_poller_after_the_kept_regions_is_each_sessions_own(game, user, scorers):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    pollers = [
        re.search(r'<div id="poll" hidden hx-get="([^"]+)"', poll(phone(scorer), game, 0).content.decode()).group(1)
        for scorer in scorers
    ]
    assert all("version=1&amp;hand=2&amp;pass=" in poller for poller in pollers)
    assert pollers[0] != pollers[1]  # each pass is signed for its own session


def test_an_unknown_user_sees_nothing_kept(game, user, scorers):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    poll(phone(scorers[0]), game, 0)
    assert poll(phone(UserFactory()), game, 0).status_code == 404
