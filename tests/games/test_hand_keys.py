"""One write path for every Record (issue 19): the hand's idempotency key, online and from the offline queue.

The same key with the same entry is the same hand: answered as recorded,
stored once. The same key with another entry or for another hand is refused
and nothing is stored. The offline queue reads JSON answers that say which.
"""

import json
import re

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Hand, HandRevision, lock_for_writing
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)
QUEUE = {"Accept": "application/json"}


def url(game):
    return reverse("games:hand-new", args=[game.pk])


def cards(number, hearts, queen, key):
    data = {"number": str(number), "action": "cards", "queen": str(queen), "key": key}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate(hearts)})
    return data


@pytest.fixture
def game(league):
    return make_game(league)


def stored(game):
    return list(Hand.objects.filter(game=game).order_by("number").values_list("number", "client_key", "entry"))


class TestTheSameKey:
    def test_with_the_same_entry_is_answered_as_recorded_and_stored_once(self, scorer, game):
        first = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "k1"), headers=HTMX)
        again = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "k1"), headers=HTMX)
        assert first.status_code == again.status_code == 200
        assert "Hand 1 recorded" in again.content.decode()
        assert [(number, key) for number, key, _ in stored(game)] == [(1, "k1")]
        assert HandRevision.objects.filter(game=game).count() == 1

    def test_with_the_same_entry_by_a_plain_post_redirects_to_the_game_again(self, scorer, game):
        scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "k1"))
        again = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "k1"))
        assert again.status_code == 302
        assert again.url == game.get_absolute_url()
        assert len(stored(game)) == 1

    def test_with_another_entry_is_refused_and_stores_nothing(self, scorer, game):
        scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "k1"))
        before = stored(game)
        response = scorer.post(url(game), cards(1, [4, 0, 9, 0], BEN, "k1"), headers=HTMX)
        assert response.status_code == 409
        assert "already used for hand 1, with another entry: nothing was stored" in response.content.decode()
        assert stored(game) == before

    def test_for_the_next_hand_is_refused_and_stores_nothing(self, scorer, game):
        """It used to answer 'Hand 2 recorded' and store nothing."""
        scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "k1"))
        response = scorer.post(url(game), cards(2, [3, 0, 10, 0], BEN, "k1"), headers=HTMX)
        assert response.status_code == 409
        page = response.content.decode()
        assert "Hand 2 recorded" not in page
        assert "already used for hand 1" in page
        assert len(stored(game)) == 1
        assert game.hands.count() == 1

    def test_is_answered_as_recorded_even_once_the_game_has_ended(self, scorer, league):
        game = make_game(league, options={"target": 20})
        # Cat takes the queen and 9 hearts: 22, past 20; Dan wins on 0.
        assert scorer.post(url(game), cards(1, [3, 1, 9, 0], CAT, "last")).status_code == 302
        game.refresh_from_db()
        assert game.status == "over"
        again = scorer.post(url(game), cards(1, [3, 1, 9, 0], CAT, "last"), headers=QUEUE)
        assert again.status_code == 200
        assert again.json()["outcome"] == "recorded"


class TestEveryNewForm:
    def test_draws_a_key_of_its_own(self, scorer, game):
        keys = [
            re.search(r'name="key" value="([0-9a-f]{32})"', scorer.get(path).content.decode()).group(1)
            for path in (game.get_absolute_url(), game.get_absolute_url(), url(game))
        ]
        assert len(set(keys)) == 3

    def test_a_refused_entry_comes_back_with_its_key(self, scorer, game):
        response = scorer.post(url(game), cards(1, [3, 0, 9, 0], BEN, "typed-once"), headers=HTMX)
        assert response.status_code == 422
        assert 'name="key" value="typed-once"' in response.content.decode()


class TestTheQueuesAnswers:
    def test_recorded(self, scorer, game):
        response = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "q1"), headers=QUEUE)
        assert response.status_code == 200
        assert response.json() == {"outcome": "recorded", "number": 1, "message": "Hand 1 recorded"}
        again = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "q1"), headers=QUEUE)
        assert again.json()["outcome"] == "recorded"
        assert len(stored(game)) == 1

    def test_another_phones_hand_with_the_number_is_shown_beside_this_ones(self, scorer, game, user):
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user, key="other-phone")
        response = scorer.post(url(game), cards(1, [4, 0, 9, 0], CAT, "q1"), headers=QUEUE)
        assert response.status_code == 409
        answer = response.json()
        assert answer["outcome"] == "conflict"
        assert answer["number"] == 1
        assert answer["next"] == 2
        assert answer["theirs"] == "Ann 3♥, Ben Q♠, Cat 10♥"
        assert answer["mine"] == "Ann 4♥, Cat 9♥ Q♠"
        assert answer["same"] is False
        assert answer["open"] is True
        assert [key for _, key, _ in stored(game)] == ["other-phone"]

    def test_the_same_hand_from_another_phone_says_so(self, scorer, game, user):
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user, key="other-phone")
        answer = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "q1"), headers=QUEUE).json()
        assert answer["outcome"] == "conflict"
        assert answer["same"] is True

    def test_a_hand_ahead_of_the_next_waits(self, scorer, game):
        response = scorer.post(url(game), cards(2, [3, 0, 10, 0], BEN, "q2"), headers=QUEUE)
        assert response.status_code == 409
        assert response.json()["outcome"] == "ahead"
        assert stored(game) == []

    def test_a_reused_key_is_refused(self, scorer, game):
        scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "q1"), headers=QUEUE)
        response = scorer.post(url(game), cards(2, [4, 0, 9, 0], BEN, "q1"), headers=QUEUE)
        assert response.status_code == 409
        assert response.json()["outcome"] == "refused"
        assert len(stored(game)) == 1

    def test_a_wrong_entry_comes_back_with_the_reason(self, scorer, game):
        response = scorer.post(url(game), cards(1, [3, 0, 9, 0], BEN, "q1"), headers=QUEUE)
        assert response.status_code == 422
        answer = response.json()
        assert answer["outcome"] == "refused"
        assert "Hearts add up to 12; 13 are in play" in answer["message"]
        assert stored(game) == []

    def test_an_expired_session_is_sent_to_the_login_page_and_stores_nothing(self, client, game):
        response = client.post(url(game), cards(1, [3, 0, 10, 0], BEN, "q1"), headers=QUEUE)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
        assert stored(game) == []


class TestWhatThePhoneLearns:
    def recorded_hands(self, page):
        found = re.search(r'data-recorded-hands="([^"]*)"', page)
        return json.loads(found.group(1).replace("&quot;", '"')) if found else None

    def test_the_poll_carries_the_key_of_the_hand_recorded_since(self, scorer, game, user):
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user, key="lost-reply")
        response = scorer.get(reverse("games:game-poll", args=[game.pk]), {"version": 0, "hand": 1}, headers=HTMX)
        hands = self.recorded_hands(response.content.decode())
        assert hands == [
            {
                "number": 1,
                "key": "lost-reply",
                "fields": {"queen": "1", "hearts_0": "3", "hearts_1": "0", "hearts_2": "10", "hearts_3": "0"},
            }
        ]

    def test_a_409_carries_the_hand_another_phone_recorded(self, scorer, game, user):
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user, key="other-phone")
        response = scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "mine"), headers=HTMX)
        assert response.status_code == 409
        assert [hand["key"] for hand in self.recorded_hands(response.content.decode())] == ["other-phone"]

    def test_the_game_page_itself_carries_none(self, scorer, game, user):
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user, key="k")
        assert self.recorded_hands(scorer.get(game.get_absolute_url()).content.decode()) is None


def read_table(sql: str) -> str:
    """The table a SELECT reads (and locks, FOR UPDATE), not a subquery's in its columns: the game's
    read names its night's table in a subquery (games.changes)."""
    outer = re.sub(r"\(SELECT [^()]*(?:\([^()]*\)[^()]*)*\)", "(...)", sql)
    return re.search(r'FROM "(games_\w+)"', outer).group(1)


class TestTheLockOrder:
    def test_takes_the_league_then_the_games_then_their_seats_then_players(self, game, league):
        player = game.ordered_seats()[0].player_id
        with transaction.atomic(), CaptureQueriesContext(connection) as queries:
            lock_for_writing(league.pk, [game.pk], [player])
        # The reads, in order (an UPDATE among them moves the league's data_version on).
        reads = [query for query in queries if query["sql"].startswith("SELECT")]
        tables = [read_table(query["sql"]) for query in reads]
        if connection.vendor == "postgresql":
            assert tables[:2] == ["games_league", "games_game"]
            assert tables.index("games_seat") < tables.index("games_player")
            locked = [table for table, query in zip(tables, reads, strict=True) if "FOR UPDATE" in query["sql"]]
            assert locked == ["games_league", "games_game", "games_seat", "games_player"]
        else:
            # SQLite's IMMEDIATE transaction holds the one write lock: no read is made to lock a row,
            # only the game with its seats and hands, which the caller needs; the league's version moves first.
            assert queries[0]["sql"].startswith('UPDATE "games_league"')
            assert tables == ["games_game", "games_seat", "games_hand"]

    @pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no row locks: one lock for the database")
    def test_a_hand_post_locks_the_league_before_its_game(self, scorer, game):
        with CaptureQueriesContext(connection) as queries:
            assert scorer.post(url(game), cards(1, [3, 0, 10, 0], BEN, "k")).status_code == 302
        locked = [read_table(query["sql"]) for query in queries if "FOR UPDATE" in query["sql"]]
        assert locked[:3] == ["games_league", "games_game", "games_seat"]


class TestTheDatabaseHoldsOneHandPerKey:
    """record_hand answers a repeated key under the game's lock; the constraint holds it for any other writer."""

    def test_a_second_hand_with_a_used_key_is_refused_by_the_database(self, game):
        entry = {"hearts": [3, 0, 10, 0], "queen": BEN, "jack": None, "moon": None}
        Hand.objects.create(game=game, number=1, entry=entry, client_key="k1")
        with pytest.raises(IntegrityError), transaction.atomic():
            Hand.objects.create(game=game, number=2, entry=entry, client_key="k1")
        assert [(number, key) for number, key, _ in stored(game)] == [(1, "k1")]

    def test_hands_without_a_key_are_not_held_to_it(self, game):
        entry = {"hearts": [3, 0, 10, 0], "queen": BEN, "jack": None, "moon": None}
        Hand.objects.create(game=game, number=1, entry=entry)
        Hand.objects.create(game=game, number=2, entry=entry)
        assert [key for _, key, _ in stored(game)] == ["", ""]

    def test_the_same_key_in_two_games_is_two_hands(self, league, game):
        other = make_game(league)
        entry = {"hearts": [3, 0, 10, 0], "queen": BEN, "jack": None, "moon": None}
        Hand.objects.create(game=game, number=1, entry=entry, client_key="k1")
        Hand.objects.create(game=other, number=1, entry=entry, client_key="k1")
        assert len(stored(game)) == len(stored(other)) == 1
