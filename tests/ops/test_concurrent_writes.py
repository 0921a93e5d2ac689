"""Several phones writing at once: they wait their turn, and a hand is stored once."""

import threading
import time
from collections import Counter

import pytest
from django.db import connection, connections, transaction
from django.test import Client
from django.urls import reverse

from games.models import Game, HandConflict, Player
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import STANDARD_RULES_FORM, LeagueFactory, MembershipFactory, make_game

on_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own locking")


def in_threads(count, work):
    """Run work(index) in `count` threads started together; return results or exceptions by index."""
    start = threading.Barrier(count)
    results = [None] * count

    def run(index):
        try:
            start.wait()
            results[index] = work(index)
        except Exception as error:
            results[index] = error
        finally:
            # Each thread has its own connection; leaving it open would keep
            # the test database busy when pytest-django drops it.
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


@on_sqlite
@pytest.mark.django_db
def test_sqlite_runs_in_wal_mode_with_a_busy_timeout():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 20_000


@on_sqlite
@pytest.mark.django_db(transaction=True)
def test_a_second_writer_waits_for_the_first_instead_of_failing():
    league = LeagueFactory()
    first_holds_the_lock = threading.Event()

    def write(index):
        if index == 1:
            first_holds_the_lock.wait(timeout=10)
        began = time.monotonic()
        with transaction.atomic():
            Player.objects.create(league_id=league.pk, name=f"Writer {index}")
            if index == 0:
                first_holds_the_lock.set()
                time.sleep(0.5)
        return time.monotonic() - began

    first, second = in_threads(2, write)
    assert not isinstance(first, Exception), first
    assert not isinstance(second, Exception), second
    # The second writer waited for the first one's half second, then wrote.
    assert second >= 0.3
    assert sorted(Player.objects.filter(league=league).values_list("name", flat=True)) == ["Writer 0", "Writer 1"]


@pytest.mark.django_db(transaction=True)
def test_the_same_hand_from_ten_phones_is_stored_once_every_time():
    game = make_game(LeagueFactory(), "standard", options={"target": 1000})
    rounds, phones = 12, 10
    outcomes = Counter()
    for number in range(1, rounds + 1):
        # Hearts 4, 3, 3, 3 and the queen going round the table.
        entry = HandEntry.cards([4, 3, 3, 3], number % 4)

        def submit(index, number=number, entry=entry):
            Game.objects.get(pk=game.pk).record_hand(number, entry)
            return "stored"

        results = in_threads(phones, submit)
        stored = [result for result in results if result == "stored"]
        conflicts = [result for result in results if isinstance(result, HandConflict)]
        assert len(stored) == 1, results
        assert len(conflicts) == phones - 1, results
        outcomes.update({"stored": len(stored), "conflict": len(conflicts)})

    game.refresh_from_db()
    assert list(game.hands.values_list("number", flat=True)) == list(range(1, rounds + 1))
    assert game.revisions.count() == rounds
    assert game.version == rounds
    assert game.hand_count == rounds
    # Ann takes 4 hearts a hand (48), the others 3 (36); each takes the queen
    # in three of the twelve hands (39).
    assert [seat.total for seat in game.ordered_seats()] == [87, 75, 75, 75]
    assert outcomes == {"stored": rounds, "conflict": rounds * (phones - 1)}


@pytest.mark.django_db(transaction=True)
def test_the_same_hand_posted_by_ten_phones_is_stored_once_every_time():
    league = LeagueFactory()
    game = make_game(league, "standard", options={"target": 1000})
    phones = []
    for _ in range(10):
        phone = Client()
        phone.force_login(MembershipFactory(league=league, role="scorer").user)
        phones.append(phone)
    rounds = 12
    url = reverse("games:hand-new", args=[game.pk])
    for number in range(1, rounds + 1):
        form = {"number": number, "hearts_0": 4, "hearts_1": 3, "hearts_2": 3, "hearts_3": 3, "queen": number % 4}

        def submit(index, form=form):
            return phones[index].post(url, form, headers=HTMX).status_code

        statuses = in_threads(len(phones), submit)
        # One phone's hand is recorded; the others hear it was just recorded.
        assert sorted(statuses) == [200] + [409] * 9, statuses

    game.refresh_from_db()
    assert list(game.hands.values_list("number", flat=True)) == list(range(1, rounds + 1))
    assert game.version == rounds
    assert [seat.total for seat in game.ordered_seats()] == [87, 75, 75, 75]


@pytest.mark.django_db(transaction=True)
def test_ten_phones_editing_the_same_hand_from_the_same_form_change_it_once():
    league = LeagueFactory()
    game = make_game(league, "standard")
    game.record_hand(1, HandEntry.cards([4, 3, 3, 3], 0))
    game.refresh_from_db()
    opened_at = game.version
    phones = []
    for _ in range(10):
        phone = Client()
        phone.force_login(MembershipFactory(league=league, role="scorer").user)
        phones.append(phone)
    url = reverse("games:hand-edit", args=[game.pk, 1])

    def submit(index):
        # Each phone gives the odd heart to another seat: every edit differs.
        hearts = [3, 3, 3, 3]
        hearts[index % 4] += 1
        form = {"number": 1, "version": opened_at, "queen": 1, **{f"hearts_{seat}": h for seat, h in enumerate(hearts)}}
        return phones[index].post(url, form).status_code

    statuses = in_threads(len(phones), submit)
    assert sorted(statuses) == [302] + [409] * 9, statuses
    assert game.revisions.filter(action="edited").count() == 1


@pytest.mark.django_db(transaction=True)
def test_ten_sign_ups_with_the_same_name_make_one_account_and_no_error_page():
    """24 of 80 such sign-ups answered 500: the second insert met the unique username."""
    from django.contrib.auth import get_user_model

    url = reverse("games:signup")

    def sign_up(index):
        password = f"a-long-pass-phrase-{index}"
        form = {"username": "twin", "password1": password, "password2": password}
        return Client().post(url, form).status_code

    statuses = in_threads(10, sign_up)
    assert sorted(statuses) == [302] + [422] * 9, statuses
    assert get_user_model().objects.filter(username="twin").count() == 1


@pytest.mark.django_db(transaction=True)
def test_ten_games_started_at_once_with_the_same_new_player_share_one_player():
    """On PostgreSQL 15 of 80 such starts answered 500 on the player's unique name."""
    league = LeagueFactory()
    phones = []
    for _ in range(10):
        phone = Client()
        phone.force_login(MembershipFactory(league=league, role="scorer").user)
        phones.append(phone)
    url = reverse("games:game-new", args=[league.pk])

    def start(index):
        form = {**STANDARD_RULES_FORM, "seat": ["Ann", "Ben", "Cat", "Zoë"], "first_dealer": "Ann", "start": "1"}
        return phones[index].post(url, form).status_code

    statuses = in_threads(len(phones), start)
    assert statuses == [302] * len(phones), statuses
    assert sorted(Player.objects.filter(league=league).values_list("name", flat=True)) == ["Ann", "Ben", "Cat", "Zoë"]
    assert Game.objects.filter(league=league).count() == len(phones)
