"""Two organizers tapping the same button of a club night at once: the round starts (or is seated) once."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Night, NightRound, NightTable, Player
from tests.factories import LeagueFactory, MembershipFactory
from tests.ops.test_concurrent_writes import in_threads

NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def organizers(league, count):
    phones = []
    for _ in range(count):
        phone = Client()
        phone.force_login(MembershipFactory(league=league, role="organizer").user)
        phones.append(phone)
    return phones


def night_of_nine():
    league = LeagueFactory()
    here = [Player.objects.create(league=league, name=name) for name in NINE]
    return league, Night.begin(league, here, "standard", {}, 3, league.today(), seed=1)


@pytest.mark.django_db(transaction=True)
def test_two_organizers_starting_the_round_at_once_start_it_once():
    league, night = night_of_nine()
    phones = organizers(league, 2)
    url = reverse("games:night-round", args=[night.pk])

    def start(index):
        return phones[index].post(url, {"action": "start", "number": 1}).status_code

    for _ in range(5):
        statuses = in_threads(2, start)
        # One starts every table's game; the other finds it started, and is shown the night as it is.
        assert statuses == [302, 302], statuses
    assert Game.objects.filter(league=league).count() == 2
    assert NightTable.objects.filter(round__night=night, game__isnull=False).count() == 2
    assert night.round_set.get().status == NightRound.Status.PLAYING


@pytest.mark.django_db(transaction=True)
def test_two_organizers_seating_the_next_round_at_once_seat_it_once():
    league, night = night_of_nine()
    night.start_round(1)
    for table in NightTable.objects.filter(round__night=night):
        table.game.declare("abandoned")
    phones = organizers(league, 2)
    url = reverse("games:night-round", args=[night.pk])

    def seat(index):
        return phones[index].post(url, {"action": "next", "number": 1}).status_code

    statuses = in_threads(2, seat)
    assert statuses == [302, 302], statuses
    assert list(night.round_set.values_list("number", "status")) == [
        (1, NightRound.Status.OVER),
        (2, NightRound.Status.PROPOSED),
    ]
    assert NightTable.objects.filter(round__night=night, round__number=2).count() == 2
