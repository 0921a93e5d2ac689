"""The time limit's clock is the server's (issue 34): "time ran out" was taken from the phone, whose
clock may run minutes ahead or behind. The server starts the clock and reads it; a phone can mark the
hand the time ran out in only once the server's clock says so, and nothing a phone sends moves it."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Hand
from rules import HandEntry
from tests.factories import make_game

pytestmark = pytest.mark.django_db

BEN = 1
# What a phone with a wrong clock might send along: times in the past and the future, in every spelling.
PHONE_TIMES = {
    "now": "2020-01-01T00:00:00Z",
    "time": "4102444800",
    "ends_at": "2020-01-01T00:00:00+00:00",
    "clock_started_at": "2099-01-01T00:00:00+00:00",
    "time_up_at": "2020-01-01T00:00:00Z",
}


def hand(number, hearts, queen, **fields):
    data = {"number": str(number), "action": "cards", "queen": str(queen)}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate(hearts)})
    data.update(fields)
    return data


@pytest.fixture
def timed(league):
    return make_game(league, players=4, options={"time_limit": 60, "target": 100})


def clock_started(game, minutes_ago):
    started = timezone.now() - timedelta(minutes=minutes_ago)
    Game.objects.filter(pk=game.pk).update(clock_started_at=started)
    return Game.objects.get(pk=game.pk).clock_started_at


def test_a_phone_cannot_mark_the_time_up_before_the_servers_clock_says_so(scorer, timed):
    started = clock_started(timed, 50)  # 10 minutes left by the server's clock
    data = hand(1, [3, 0, 10, 0], BEN, time_up="on", **PHONE_TIMES)
    response = scorer.post(reverse("games:hand-new", args=[timed.pk]), data)
    assert response.status_code == 422
    assert "The time has not run out yet: 10 minutes are left by the game&#x27;s clock" in response.content.decode()
    assert not Hand.objects.filter(game=timed).exists()
    timed.refresh_from_db()
    assert (timed.status, timed.clock_started_at) == ("in_progress", started)


def test_once_the_servers_clock_has_run_out_the_mark_ends_the_game_and_phone_times_change_nothing(scorer, timed):
    started = clock_started(timed, 61)
    data = hand(1, [3, 0, 10, 0], BEN, time_up="on", **PHONE_TIMES)
    assert scorer.post(reverse("games:hand-new", args=[timed.pk]), data).status_code == 302
    timed.refresh_from_db()
    # Ann 3, Ben 13, Cat 10, Dan 0: the time ran out, Dan is lowest and wins.
    assert (timed.status, timed.reason) == ("over", "time")
    assert timed.clock_started_at == started
    assert Hand.objects.get(game=timed).to_entry().time_up


def test_an_edit_keeps_a_mark_already_made_but_cannot_add_one_early(scorer, timed, user):
    clock_started(timed, 50)
    timed.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    timed.refresh_from_db()
    edit = reverse("games:hand-edit", args=[timed.pk, 1])
    data = hand(1, [4, 0, 9, 0], BEN, time_up="on", version=str(timed.version))
    assert scorer.post(edit, data).status_code == 422
    assert not Hand.objects.get(game=timed).to_entry().time_up
    # The organizer ended the night's round early: the hand was marked by the app, not by a phone.
    timed.edit_hand(1, HandEntry.cards([3, 0, 10, 0], BEN, time_up=True), user)
    timed.refresh_from_db()
    data = hand(1, [4, 0, 9, 0], BEN, time_up="on", version=str(timed.version))
    assert scorer.post(edit, data).status_code == 302
    assert Hand.objects.get(game=timed).to_entry().time_up


def test_the_clock_restarts_at_the_servers_now_whatever_the_phone_sends(scorer, timed):
    clock_started(timed, 20)
    before = timezone.now()
    assert scorer.post(reverse("games:game-clock", args=[timed.pk]), PHONE_TIMES).status_code == 302
    timed.refresh_from_db()
    assert before <= timed.clock_started_at <= timezone.now()


def test_the_page_counts_down_from_the_servers_seconds_left_not_the_phones_date(scorer, timed):
    clock_started(timed, 40)  # 20 minutes left: 1,200 seconds, less the moment the request takes
    page = unescape(scorer.get(timed.get_absolute_url()).content.decode())
    left = int(re.search(r'data-clock-seconds-left="(\d+)"', page).group(1))
    assert 1190 <= left <= 1200
    # Once the time is up there is nothing to count down.
    clock_started(timed, 61)
    page = unescape(scorer.get(timed.get_absolute_url()).content.decode())
    assert "data-clock-seconds-left" not in page
