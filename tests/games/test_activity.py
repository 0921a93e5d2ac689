"""The league's activity log: an entry for each thing done, one page to read them, the league file's section."""

import json
from datetime import UTC, date, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.activity import sentence
from games.league_file import LeagueImportError
from games.league_file.export import export_league
from games.league_file.restore import import_league
from games.models import ActivityEntry, Game, League, Membership, NamedInvitation, Player, Season, Standing
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import STANDARD_RULES_FORM, LeaguePresetFactory, UserFactory, make_game
from tests.games.league_seed import MOON_AND_QUEEN, hand_worked_league, members, played
from tests.games.test_game_share import join_url

pytestmark = pytest.mark.django_db

DAY = datetime(2025, 3, 1, 20, tzinfo=UTC)


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


def log(league, since=0):
    """The league's entries after the one numbered `since`, oldest first: (kind, who, facts)."""
    entries = ActivityEntry.objects.filter(league=league, pk__gt=since).order_by("pk")
    return [(entry.kind, entry.who, entry.facts) for entry in entries]


def last_pk():
    return ActivityEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def activity_url(league):
    return reverse("games:league-activity", args=[league.pk])


# What each action writes -----------------------------------------------------------------


def test_playing_the_seed_league_logs_each_game_started_and_each_one_finished(league, user, games):
    name = user.username
    # Six games started (by the seed, as no one: make_game passes no user); the three that end
    # by their hands (moon, 69 for 5, wraps) finished by the user who entered their last hand.
    # The abandoned and null games are declared, not finished, and the sixth is under way.
    assert log(league) == [
        ("game_started", "", {"game": 1}),
        ("game_finished", name, {"game": 1}),
        ("game_started", "", {"game": 2}),
        ("game_finished", name, {"game": 2}),
        ("game_started", "", {"game": 3}),
        ("game_finished", name, {"game": 3}),
        ("game_started", "", {"game": 4}),
        ("game_started", "", {"game": 5}),
        ("game_started", "", {"game": 6}),
    ]


def test_a_game_started_on_the_page_is_logged(scorer, league, user):
    since = last_pk()
    data = {**STANDARD_RULES_FORM, "seat": ["Ann", "Ben", "Cat", "Dan"], "first_dealer": "Ann", "start": "1"}
    response = scorer.post(reverse("games:game-new", args=[league.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert log(league, since) == [("game_started", user.username, {"game": 1})]


def test_re_dating_deleting_and_restoring_a_game_are_logged(scorer, league, user, games):
    since = last_pk()
    scorer.post(reverse("games:game-day", args=[games["moon"].pk]), {"played_on": "2025-02-14"})
    scorer.post(reverse("games:game-delete", args=[games["wraps"].pk]))
    scorer.post(reverse("games:trash-restore", args=[league.pk, "game", games["wraps"].pk]))
    assert log(league, since) == [
        ("game_redated", user.username, {"game": 1, "before": "2025-03-01", "after": "2025-02-14"}),
        ("game_deleted", user.username, {"game": 3}),
        ("game_restored", user.username, {"game": 3}),
    ]


def test_hands_changed_after_the_game_ended_are_logged_and_those_before_are_not(league, user, games):
    since = last_pk()
    under_way = games["in_progress"]
    under_way.edit_hand(1, HandEntry.cards([4, 3, 3, 3], 0), user)
    finished = games["moon"]
    finished.edit_hand(1, finished.entries()[0], user)  # the same entry: no change, no entry
    last = finished.hand_count
    finished.delete_last_hand(last, user)
    assert log(league, since) == [("hand_deleted", user.username, {"game": 1, "hand": last})]
    # The game is under way again; its last hand entered again, it is over again.
    Game.objects.get(pk=finished.pk).record_hand(last, MOON_AND_QUEEN[-1], user)
    wraps = Game.objects.get(pk=games["wraps"].pk)
    entries = wraps.entries()
    wraps.edit_hand(1, HandEntry.cards(list(reversed(entries[0].hearts)), entries[0].queen), user)
    assert log(league, since)[1:] == [
        ("game_finished", user.username, {"game": 1}),
        ("hand_edited", user.username, {"game": 3, "hand": 1}),
    ]


def test_a_merge_and_its_undo_are_logged(scorer, league, user, games):
    ann = Player.objects.get(league=league, name="Ann")
    eve = make_game(league, "standard", ["Eve", "Ben", "Cat", "Dan"])
    eve_player = Player.objects.get(league=league, name="Eve")
    since = last_pk()
    scorer.post(reverse("games:player-merge", args=[league.pk, eve_player.pk]), {"into": ann.pk})
    entry = ActivityEntry.objects.get(kind="players_merged")
    assert (entry.who, entry.facts) == (user.username, {"player": "Eve", "into": "Ann", "games": 1})
    assert scorer.post(reverse("games:activity-undo", args=[league.pk, entry.pk])).status_code == 302
    assert log(league, since) == [
        ("players_merged", user.username, {"player": "Eve", "into": "Ann", "games": 1}),
        ("merge_undone", user.username, {"player": "Eve", "into": "Ann", "games": 1}),
    ]
    assert [seat.player.name for seat in Game.objects.get(pk=eve.pk).ordered_seats()] == ["Eve", "Ben", "Cat", "Dan"]


def test_imports_are_logged_in_the_league_they_made(scorer, league, user, games):
    since = last_pk()
    sheet = json.dumps(games["moon"].scoresheet())
    scorer.post(reverse("games:game-import", args=[league.pk]), {"text": sheet, "again": "on"})
    assert log(league, since) == [("game_imported", user.username, {"game": 7})]
    copy = import_league(export_league(league), user, as_copy=True)  # the league is theirs already
    assert log(copy)[-1] == ("league_imported", user.username, {"games": 7})


def test_settings_and_roles_are_logged(scorer, league, user, games):
    people = members(league)
    since = last_pk()
    data = {"name": league.name, "time_zone": "Europe/Paris", "min_games": 5, "lock_finished_games": "on"}
    assert scorer.post(reverse("games:league-edit", args=[league.pk]), data).status_code == 302
    # Saved again unchanged: nothing to log.
    scorer.post(reverse("games:league-edit", args=[league.pk]), data)
    scorer_membership = Membership.objects.get(league=league, user=people["scorer"])
    url = reverse("games:member-role", args=[league.pk, scorer_membership.pk])
    scorer.post(url, {"role": "organizer"})
    # New leagues lock finished games already: that setting did not change.
    assert log(league, since) == [
        ("settings_changed", user.username, {"settings": ["time_zone", "min_games"]}),
        (
            "role_changed",
            user.username,
            {"member": people["scorer"].username, "before": "scorer", "after": "organizer"},
        ),
    ]


def test_share_links_used_and_stopped_and_the_public_link_are_logged(scorer, league, user):
    game = make_game(league)
    newcomer = UserFactory()
    phone = Client()
    phone.force_login(newcomer)
    since = last_pk()
    phone.post(join_url(game, "scorer"))
    scorer.post(reverse("games:game-share-stop", args=[game.pk]))
    scorer.post(reverse("games:public-link", args=[league.pk]), {"action": "on"})
    scorer.post(reverse("games:public-link", args=[league.pk]), {"action": "off"})
    assert log(league, since) == [
        ("share_link_used", newcomer.username, {"game": 1, "role": "scorer", "by": user.username}),
        ("share_links_stopped", user.username, {"game": 1}),
        ("share_link_made", user.username, {"game": 0, "role": "viewer"}),
        ("share_links_stopped", user.username, {"game": 0}),
    ]


def test_house_rules_and_seasons_deleted_and_restored_are_logged(scorer, league, user):
    preset = LeaguePresetFactory(league=league, name="Black Maria")
    season = Season.add(league, "Spring", date(2025, 3, 1), date(2025, 5, 31))
    since = last_pk()
    scorer.post(reverse("games:preset-delete", args=[league.pk, preset.pk]))
    scorer.post(reverse("games:trash-restore", args=[league.pk, "preset", preset.pk]))
    scorer.post(reverse("games:season-delete", args=[league.pk, season.pk]))
    scorer.post(reverse("games:trash-restore", args=[league.pk, "season", season.pk]))
    assert log(league, since) == [
        ("preset_deleted", user.username, {"preset": "Black Maria"}),
        ("preset_restored", user.username, {"preset": "Black Maria"}),
        ("season_deleted", user.username, {"season": "Spring"}),
        ("season_restored", user.username, {"season": "Spring"}),
    ]


# The sentences -----------------------------------------------------------------------------


def test_entries_are_worded_at_reading_time_from_their_facts(league):
    def worded(kind, who="ann", **facts):
        return sentence(ActivityEntry(league=league, kind=kind, who=who, facts=facts))

    assert worded("game_deleted", game=16) == "ann deleted game 16 (it went to the trash)"
    assert worded("game_redated", game=3, before="2025-03-01", after="2025-02-14") == (
        "ann dated game 3 14 Feb 2025 (it was 1 Mar 2025)"
    )
    assert worded("players_merged", player="Eve", into="Ann", games=1) == "ann merged Eve into Ann (1 game moved)"
    assert worded("players_merged", player="Eve", into="Ann", games=3) == "ann merged Eve into Ann (3 games moved)"
    assert worded("role_changed", member="ben", before="scorer", after="organizer") == (
        "ann made ben organizer (was scorer)"
    )
    assert worded("settings_changed", settings=["time_zone", "lock_finished_games"]) == (
        "ann changed the league's settings: time zone, lock finished games"
    )
    assert worded("league_imported", who="", games=296) == (
        "The app imported the league from a league file (296 games)"
    )
    # Through gettext at reading time: the stored facts hold no English, so the same entry reads
    # in the reader's language (the French catalog's sentence).
    with translation.override("fr"):
        assert worded("game_started", game=2) == "ann a commencé la partie 2"


# The page -----------------------------------------------------------------------------------


def test_organizers_read_everyones_entries_and_members_their_own(client, league, user, games):
    people = members(league)
    scorer_user = people["scorer"]
    moon = games["moon"]
    Game.objects.filter(pk=moon.pk).update(status=Game.Status.OVER)
    ActivityEntry.record(league, scorer_user, ActivityEntry.Kind.GAME_STARTED, game=42)
    client.force_login(people["organizer"])
    page = client.get(activity_url(league)).content.decode()
    assert f"{scorer_user.username} started game 42" in page
    assert f"{user.username} entered the last hand of game 1: it is over" in page
    client.force_login(scorer_user)
    page = client.get(activity_url(league)).content.decode()
    assert f"{scorer_user.username} started game 42" in page
    assert f"{user.username} entered the last hand of game 1" not in page
    client.force_login(people["outsider"])
    assert client.get(activity_url(league)).status_code == 404


def test_the_log_filters_by_person_and_kind(scorer, league, user, games):
    other = members(league)["scorer"]
    ActivityEntry.record(league, other, ActivityEntry.Kind.GAME_STARTED, game=42)
    page = scorer.get(activity_url(league), {"who": other.username}).content.decode()
    assert "started game 42" in page
    assert "the last hand of game 1" not in page
    page = scorer.get(activity_url(league), {"kind": "game_finished"}, headers=HTMX).content.decode()
    assert page.count('data-kind="game_finished"') == 3
    assert 'data-kind="game_started"' not in page
    assert 'id="activity-list"' in page
    assert "<html" not in page
    response = scorer.get(activity_url(league), {"kind": "nonsense"})
    assert response.status_code == 422
    assert response.content.decode().count('data-kind="') == 10


def test_the_log_is_paginated_newest_first(scorer, league, user):
    base = timezone.now() - timedelta(days=1)
    ActivityEntry.objects.bulk_create(
        ActivityEntry(league=league, kind="game_started", who="ann", at=base + timedelta(minutes=n), facts={"game": n})
        for n in range(1, 61)
    )
    first = scorer.get(activity_url(league)).content.decode()
    assert ">ann started game 60</span>" in first
    assert ">ann started game 11</span>" in first
    assert ">ann started game 10</span>" not in first
    second = scorer.get(activity_url(league), {"page": 2}).content.decode()
    assert ">ann started game 10</span>" in second
    assert "Page 2 of 2" in second


@pytest.mark.parametrize("count", [60, 300])
def test_the_log_page_reads_a_fixed_number_of_queries(client, league, user, django_assert_num_queries, count):
    ActivityEntry.objects.bulk_create(
        ActivityEntry(league=league, kind=kind, user=user, who=name, facts=facts)
        for n in range(count)
        for kind, name, facts in [
            ("players_merged", user.username, {"player": f"P{n}", "into": "Ann", "games": 2}),
        ]
    )
    ActivityEntry.objects.filter(league=league).update(undo={"into": 1, "seats": [1], "user": None})
    client.force_login(user)
    # Session and user, membership with its league, the people, the count, the page.
    with django_assert_num_queries(6):
        response = client.get(activity_url(league))
    assert response.content.decode().count("Undo the merge") == 50


# Undoing a merge -----------------------------------------------------------------------------


def test_undoing_a_merge_gives_back_the_player_their_games_and_the_standings(scorer, league, user, games):
    before = sorted(Standing.objects.filter(league=league, variant="").values_list("player__name", "games", "wins"))
    # Dan and Ann sat at every game together; a fresh Eve who played one game is merged into Cat.
    eve_game = played(league, "standard", MOON_AND_QUEEN, DAY + timedelta(days=9), {"target": 30},
                      players=["Eve", "Ben", "Ann", "Dan"], user=user)  # fmt: skip
    with_eve = sorted(Standing.objects.filter(league=league, variant="").values_list("player__name", "games", "wins"))
    eve, cat = Player.objects.get(league=league, name="Eve"), Player.objects.get(league=league, name="Cat")
    eve.merge_into(cat, user)
    assert ("Cat", 4) in [(name, games) for name, games, _ in Standing.objects.filter(
        league=league, variant="").values_list("player__name", "games", "wins")]  # fmt: skip
    entry = ActivityEntry.objects.get(kind="players_merged")
    page = scorer.get(activity_url(league)).content.decode()
    assert reverse("games:activity-undo", args=[league.pk, entry.pk]) in page
    scorer.post(reverse("games:activity-undo", args=[league.pk, entry.pk]))
    back = Player.objects.get(league=league, name="Eve")
    assert Game.objects.get(pk=eve_game.pk).ordered_seats()[0].player_id == back.pk
    after = sorted(Standing.objects.filter(league=league, variant="").values_list("player__name", "games", "wins"))
    assert after == with_eve
    assert before != with_eve
    # Once undone, it is not offered again, and a second try changes nothing.
    assert (
        reverse("games:activity-undo", args=[league.pk, entry.pk])
        not in scorer.get(activity_url(league)).content.decode()
    )
    response = scorer.post(reverse("games:activity-undo", args=[league.pk, entry.pk]), follow=True)
    assert "already undone" in response.content.decode()
    assert Player.objects.filter(league=league, name="Eve").count() == 1


def test_a_merge_whose_player_is_gone_is_refused_with_the_reason(scorer, league, user):
    make_game(league, "standard", ["Eve", "Ben", "Cat", "Dan"])
    make_game(league, "standard", ["Gus", "Hal", "Ivy", "Jo"])
    eve, ann = Player.objects.get(league=league, name="Eve"), Player.objects.create(league=league, name="Ann")
    eve.merge_into(ann, user)
    entry = ActivityEntry.objects.get(kind="players_merged")
    # Ann (who now holds Eve's game) is merged into Gus: the player Eve went into is gone.
    ann.merge_into(Player.objects.get(league=league, name="Gus"), user)
    response = scorer.post(reverse("games:activity-undo", args=[league.pk, entry.pk]), follow=True)
    assert "Ann has been merged or deleted since: the merge can&#x27;t be undone" in response.content.decode()
    assert not Player.objects.filter(league=league, name="Eve").exists()


# The league file -------------------------------------------------------------------------------


def test_the_league_file_carries_the_log_and_an_import_keeps_it(league, user, games):
    document = json.loads(json.dumps(export_league(league)))
    assert [(entry["kind"], entry["who"], entry["facts"]) for entry in document["activity"]] == log(league)
    owner = UserFactory(username=user.username + "-copy")
    copy = import_league(document, owner)
    assert log(copy)[:-1] == log(league)
    assert log(copy)[-1] == ("league_imported", owner.username, {"games": 6})
    times = list(ActivityEntry.objects.filter(league=copy).order_by("pk").values_list("at", flat=True))[:-1]
    assert times == list(ActivityEntry.objects.filter(league=league).order_by("pk").values_list("at", flat=True))
    # The file's members come back invited (the league file's members section): an entry keeps its
    # name until the account of that name accepts, and is linked to that account then.
    entries = ActivityEntry.objects.filter(league=copy, who=user.username)
    assert set(entries.values_list("user", flat=True)) == {None}
    NamedInvitation.objects.get(league=copy, username=user.username).accept(user)
    assert set(entries.values_list("user", flat=True)) == {user.pk}


def test_an_imported_entry_of_the_importer_is_theirs_to_read(league, user, games):
    copy = import_league(json.loads(json.dumps(export_league(league))), user, as_copy=True)
    theirs = ActivityEntry.objects.filter(league=copy, who=user.username)
    # The three games the user finished, and the import.
    assert theirs.count() == 4
    assert set(theirs.values_list("user", flat=True)) == {user.pk}


def test_a_file_from_before_the_log_still_imports(league, user, games):
    document = json.loads(json.dumps(export_league(league)))
    del document["activity"]
    copy = import_league(document, user, as_copy=True)
    assert log(copy) == [("league_imported", user.username, {"games": 6})]


def test_a_club_nights_delete_and_restore_go_through_the_league_file(league, user, games):
    ActivityEntry.record(league, user, ActivityEntry.Kind.NIGHT_DELETED, night="Friday")
    ActivityEntry.record(league, user, ActivityEntry.Kind.NIGHT_RESTORED, night="Friday")
    copy = import_league(json.loads(json.dumps(export_league(league))), user, as_copy=True)
    assert log(copy)[-3:-1] == [
        ("night_deleted", user.username, {"night": "Friday"}),
        ("night_restored", user.username, {"night": "Friday"}),
    ]


ENTRY = {"kind": "game_deleted", "who": "ann", "at": "2025-03-01T20:00:00+00:00", "facts": {"game": 3}}


@pytest.mark.parametrize(
    ("activity", "message"),
    [
        ({"kind": "game_deleted"}, "'activity' must be a list"),
        (["game 3 deleted"], "Activity entry 1: an entry has a kind, who, at and facts"),
        ([{**ENTRY, "kind": "hacked"}], "no such kind of entry"),
        ([{**ENTRY, "facts": {"game": "3"}}], "game is not what the app writes there"),
        ([{**ENTRY, "facts": {"game": 3, "note": "<b>"}}], "a game_deleted entry's facts are game"),
        ([{**ENTRY, "kind": "night_deleted", "facts": {"night": 3}}], "night is not what the app writes there"),
        ([{**ENTRY, "at": "2025-03-01T20:00:00"}], "at is a time with its zone"),
        ([{**ENTRY, "at": "2999-03-01T20:00:00+00:00"}], "not in the future"),
        ([{**ENTRY, "who": "x" * 151}], "who is the name of an account"),
        (
            [{**ENTRY, "kind": "role_changed", "facts": {"member": "ben", "before": "scorer", "after": "king"}}],
            "after is not what the app writes there",
        ),
        ([{**ENTRY, "kind": "settings_changed", "facts": {"settings": ["owner"]}}], "settings is not what"),
        ([ENTRY, {**ENTRY, "extra": 1}], "Activity entry 2: an entry has a kind, who, at and facts, and nothing else"),
    ],
)
def test_a_log_the_app_could_not_have_written_is_refused_before_anything_is_saved(
    league, user, games, activity, message
):
    document = json.loads(json.dumps(export_league(league)))
    document["activity"] = activity
    leagues = League.all_objects.count()
    with pytest.raises(LeagueImportError, match=message):
        import_league(document, user)
    assert League.all_objects.count() == leagues


def test_importing_a_bad_log_through_the_page_is_a_422(scorer, league, games):
    from django.core.files.uploadedfile import SimpleUploadedFile

    document = export_league(league)
    document["activity"] = [{**ENTRY, "kind": "hacked"}]
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), content_type="application/json")
    leagues = League.all_objects.count()
    response = scorer.post(reverse("games:league-import"), {"file": upload})
    assert response.status_code == 422
    assert "no such kind of entry" in response.content.decode()
    assert League.all_objects.count() == leagues
