"""A club night deleted: into the trash with its rounds, its games kept as the league's; restored; purged."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.models import ActivityEntry, Game, Night, NightRound, NightSeat, NightTable, Player
from games.views.night_screen import screen_token
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def begin(league):
    players = [Player.objects.get_or_create(league=league, name=name)[0] for name in NINE]
    night = Night.begin(league, players, "standard", {}, 2, league.today(), name="Friday", seed=1)
    night.start_round(1)
    return night


def test_the_confirm_page_says_the_games_stay(scorer, league):
    night = begin(league)
    response = scorer.get(reverse("games:night-delete", args=[night.pk]))
    assert response.status_code == 200
    assert "Its games stay in the league as ordinary games" in response.content.decode()
    assert Night.objects.filter(pk=night.pk).exists()


def test_a_deleted_night_is_hidden_everywhere_and_its_games_stay(scorer, league):
    night = begin(league)
    games = list(Game.objects.filter(night_table__round__night=night).values_list("pk", flat=True))
    assert len(games) == 2  # nine players: a table of 4 and one of 5
    token = screen_token(night)
    ann = Player.objects.get(league=league, name="Ann")
    # Listed before (so the checks below can fail): the league page and Ann's page link to it.
    assert f'href="{night.get_absolute_url()}"' in scorer.get(league.get_absolute_url()).content.decode()
    assert (
        f'href="{night.get_absolute_url()}"'
        in scorer.get(reverse("games:player-detail", args=[league.pk, ann.pk])).content.decode()
    )

    response = scorer.post(reverse("games:night-delete", args=[night.pk]))
    assert response.status_code == 302
    assert response["Location"] == league.get_absolute_url()

    assert not Night.objects.filter(pk=night.pk).exists()
    assert Night.all_objects.get(pk=night.pk).trashed_at is not None
    assert scorer.get(night.get_absolute_url()).status_code == 404
    assert scorer.get(reverse("games:night-screen", args=[token])).status_code == 404
    assert f'href="{night.get_absolute_url()}"' not in scorer.get(league.get_absolute_url()).content.decode()
    assert (
        f'href="{night.get_absolute_url()}"'
        not in scorer.get(reverse("games:player-detail", args=[league.pk, ann.pk])).content.decode()
    )
    # The games are the league's: still there, untrashed, tables still pointing at them.
    assert sorted(Game.objects.filter(pk__in=games).values_list("pk", flat=True)) == sorted(games)
    assert NightTable.objects.filter(game_id__in=games).count() == 2


def test_the_trash_page_lists_it_and_restore_brings_it_back(scorer, league):
    night = begin(league)
    rounds_before = NightRound.objects.filter(night=night).count()
    seats_before = NightSeat.objects.filter(round__night=night).count()
    scorer.post(reverse("games:night-delete", args=[night.pk]))

    page = scorer.get(reverse("games:league-trash", args=[league.pk])).content.decode()
    assert "Friday" in page
    response = scorer.post(reverse("games:trash-restore", args=[league.pk, "night", night.pk]))
    assert response.status_code == 302
    assert response["Location"] == night.get_absolute_url()
    assert Night.objects.get(pk=night.pk).trashed_at is None
    assert NightRound.objects.filter(night=night).count() == rounds_before
    assert NightSeat.objects.filter(round__night=night).count() == seats_before
    assert scorer.get(night.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("role", ["viewer", "scorer"])
def test_only_organizers_delete_a_night(client, league, role):
    night = begin(league)
    member = UserFactory()
    MembershipFactory(league=league, user=member, role=role)
    client.force_login(member)
    assert client.post(reverse("games:night-delete", args=[night.pk])).status_code == 403
    assert Night.objects.filter(pk=night.pk).exists()


def test_another_leagues_organizer_cannot_restore_it(client, league, outsider):
    night = begin(league)
    night.trash()
    client.force_login(outsider)
    assert client.post(reverse("games:trash-restore", args=[league.pk, "night", night.pk])).status_code == 404
    assert Night.all_objects.get(pk=night.pk).trashed_at is not None


def test_the_purge_removes_a_night_after_30_days_and_keeps_its_games(league):
    night = begin(league)
    games = set(Game.objects.filter(night_table__round__night=night).values_list("pk", flat=True))
    night.trash()
    Night.all_objects.filter(pk=night.pk).update(trashed_at=timezone.now() - timedelta(days=29))
    out = io.StringIO()
    call_command("purge_trash", stdout=out)
    assert out.getvalue() == ""
    assert Night.all_objects.filter(pk=night.pk).exists()

    Night.all_objects.filter(pk=night.pk).update(trashed_at=timezone.now() - timedelta(days=31))
    out = io.StringIO()
    call_command("purge_trash", stdout=out)
    assert f"club night 'Friday' of league {league.pk}" in out.getvalue()
    assert not Night.all_objects.filter(pk=night.pk).exists()
    assert not NightRound.objects.filter(night_id=night.pk).exists()
    assert set(Game.objects.filter(pk__in=games).values_list("pk", flat=True)) == games


def test_delete_and_restore_are_in_the_activity_log(scorer, league, user):
    night = begin(league)
    since = ActivityEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    scorer.post(reverse("games:night-delete", args=[night.pk]))
    scorer.post(reverse("games:trash-restore", args=[league.pk, "night", night.pk]))
    entries = ActivityEntry.objects.filter(league=league, pk__gt=since).order_by("pk")
    assert [(entry.kind, entry.who, entry.facts) for entry in entries] == [
        ("night_deleted", user.username, {"night": "Friday"}),
        ("night_restored", user.username, {"night": "Friday"}),
    ]
    page = scorer.get(reverse("games:league-activity", args=[league.pk])).content.decode()
    assert f"{user.username} deleted the club night Friday (it went to the trash)" in page
    assert f"{user.username} restored the club night Friday from the trash" in page
