"""The league file is the whole league: every setting, preset, season, member and each game's
History comes back, a file is imported once unless as a copy, and an untrusted file stores
only what the app's own forms could have stored (docs/LEAGUE_FILE.md)."""

import copy
import json
import re
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.league_file import LeagueAlreadyHere, LeagueImportError
from games.league_file.export import export_league, export_league_json
from games.league_file.restore import import_league
from games.models import Game, HandRevision, League, LeaguePreset, Membership, NamedInvitation, Player, Season
from rules import HandEntry
from tests.factories import LeaguePresetFactory, MembershipFactory, UserFactory, make_game
from tests.games.league_seed import hand_worked_league
from tests.pseudo_language import CLOSE, OPEN, pseudo_language

pytestmark = pytest.mark.django_db

BLACK_MARIA = {"extra_cards": {"K♠": 10, "A♠": 7}, "moon": "add", "sun": True}
V1_FILE = Path(__file__).parent / "files" / "league-v1.json"


@pytest.fixture
def everything(league, user):
    """A league with every setting, two presets, a season, members in each role (one linked to
    a player) and games whose History has each kind of line, by three people."""
    League.objects.filter(pk=league.pk).update(
        name="Thursday Hearts",
        time_zone="Europe/Amsterdam",
        min_games=5,
        lock_finished_games=False,
        language="nl",
        rating_scale="elo",
    )
    league.refresh_from_db()
    organizer = MembershipFactory(league=league, role=Membership.Role.ORGANIZER, user__username="olga").user
    scorer = MembershipFactory(league=league, role=Membership.Role.SCORER, user__username="sam").user
    MembershipFactory(league=league, role=Membership.Role.VIEWER, user__username="vic")
    games = hand_worked_league(league, user)
    LeaguePresetFactory(league=league, name="Black Maria", variant="standard", options=_rules("standard", BLACK_MARIA))
    LeaguePresetFactory(
        league=league, name="Short night", variant="standard", options=_rules("standard", {"target": 50})
    )
    Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    Player.objects.filter(league=league, name="Ben").update(user=scorer)
    # An edit by the scorer, a deleted hand by the organizer, a re-dated game, a merge.
    games["wraps"].edit_hand(1, HandEntry.cards([4, 4, 1, 4], 3), scorer)
    in_progress = games["in_progress"]
    in_progress.record_hand(2, HandEntry.cards([13, 0, 0, 0], 1), organizer)
    in_progress.delete_last_hand(2, organizer)
    games["moon"].move_to_day(date(2025, 2, 28), organizer)
    eve = make_game(league, "standard", ["Ann", "Ben", "Cat", "Eve"], options={"time_limit": 45}, user=user)
    eve.record_hand(1, HandEntry.cards([0, 0, 3, 10], 0), user)
    Player.objects.get(league=league, name="Eve").merge_into(Player.objects.get(league=league, name="Dan"), organizer)
    return league


def _rules(variant, options):
    preset = LeaguePreset()
    preset.set_rules(variant, options)
    return preset.options


def everything_rules():
    return LeaguePreset(variant="standard", options=_rules("standard", BLACK_MARIA)).house_rules()


def round_trip(league, owner):
    """Export, delete the league (the delete page's case), import as its owner, export again.

    The second file is the first but for the activity log's last line, the import itself."""
    first = "".join(export_league_json(league))
    league.discard()
    restored = import_league(json.loads(first), owner)
    second = json.loads("".join(export_league_json(restored)))
    *kept, imported = second["activity"]
    assert (imported["kind"], imported["who"]) == ("league_imported", owner.username)
    return first, restored, {**second, "activity": kept}


def test_export_import_export_gives_the_same_file(everything, user):
    document = export_league(everything)
    assert document["league"] == {
        "name": "Thursday Hearts",
        "time_zone": "Europe/Amsterdam",
        "min_games": 5,
        "lock_finished_games": False,
        "language": "nl",
        "rating_scale": "elo",
    }
    assert [preset["name"] for preset in document["presets"]] == ["Black Maria", "Short night"]
    assert document["members"] == [
        {"username": "olga", "role": "organizer"},
        {"username": "sam", "role": "scorer", "player": "Ben"},
        {"username": user.username, "role": "organizer"},
        {"username": "vic", "role": "viewer"},
    ]
    actions = {line[2] for game in document["games"] for line in game["history"]}
    assert actions == {"added", "edited", "deleted", "declared", "redated", "merged"}

    first, restored, second = round_trip(everything, user)
    assert second == json.loads(first)
    assert restored.name == "Thursday Hearts"
    assert (restored.time_zone, restored.min_games, restored.lock_finished_games) == ("Europe/Amsterdam", 5, False)
    assert (restored.language, restored.rating_scale) == ("nl", "elo")
    # Everyone but the importer comes back invited, and the invitations are written as the file's members.
    assert restored.invited == ["olga", "sam", "vic"]


def test_what_comes_back_is_the_league_as_it_was_once_its_members_accept(everything, user):
    _, restored, _ = round_trip(everything, user)
    assert dict(restored.memberships.values_list("user__username", "role")) == {user.username: "organizer"}
    for invitation in NamedInvitation.objects.filter(league=restored):
        invitation.accept(get_user_model().objects.get(username=invitation.username))
    preset = restored.presets.get(name="Black Maria")
    assert preset.variant == "standard"
    assert preset.options["extra_cards"] == {"K♠": 10, "A♠": 7}
    assert preset.house_rules() == everything_rules()
    assert list(restored.seasons.filter(automatic=False).values_list("name", flat=True)) == ["Spring 2025"]
    roles = dict(restored.memberships.values_list("user__username", "role"))
    assert roles == {user.username: "organizer", "olga": "organizer", "sam": "scorer", "vic": "viewer"}
    assert restored.players.get(name="Ben").user.username == "sam"
    wraps = restored.games.get(number=3)
    edited = wraps.revisions.get(action=HandRevision.Action.EDITED)
    assert (edited.user.username, edited.number, edited.before["hearts"], edited.after["hearts"]) == (
        "sam", 1, [4, 4, 4, 1], [4, 4, 1, 4],
    )  # fmt: skip
    moon = restored.games.get(number=1)
    assert moon.played_on == date(2025, 2, 28)
    assert moon.revisions.get(action="redated").before == {"played_on": "2025-03-01"}
    timed = restored.games.get(number=7)
    assert timed.clock_started_at is not None
    assert timed.revisions.get(action="merged").after == {"player": "Dan"}


def test_members_without_an_account_here_are_invited_as_the_others_are_and_their_history_keeps_their_names(
    everything, user
):
    document = export_league(everything)
    everything.discard()
    Membership.objects.filter(user__username="sam").delete()
    get_user_model().objects.filter(username="sam").delete()
    restored = import_league(document, user)
    assert restored.invited == ["olga", "sam", "vic"]
    assert not restored.memberships.filter(user__username="sam").exists()
    assert NamedInvitation.objects.get(league=restored, username="sam").role == "scorer"
    edited = HandRevision.objects.get(game__league=restored, action="edited")
    assert (edited.user, edited.user_name) == (None, "sam")
    # ... and the next export still names sam.
    assert export_league(restored)["games"] == document["games"]


def test_the_game_page_history_names_who_had_no_account_here(client, everything, user):
    document = export_league(everything)
    everything.discard()
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username="sam").delete()
    restored = import_league(document, user)
    client.force_login(user)
    page = client.get(reverse("games:game-detail", args=[restored.games.get(number=3).pk])).content.decode()
    assert re.search(r"</time> sam edited hand 1", page)


def test_the_delete_pages_promise_holds(client, everything, user):
    # The page offers the league file to keep after the trash's days, and that file is the whole
    # league (the round trips above).
    client.force_login(user)
    page = client.get(reverse("games:league-delete", args=[everything.pk])).content.decode()
    assert reverse("games:league-export-json", args=[everything.pk]) in page
    assert "A backup file, to keep after the 30 days." in page


# Version 1 files ---------------------------------------------------------------------------


def test_a_version_1_file_written_by_the_old_code_still_imports(user):
    document = json.loads(V1_FILE.read_text(encoding="utf-8"))
    assert document["version"] == 1
    league = import_league(document, user)
    assert (league.name, league.time_zone, league.min_games) == ("Thursday Hearts", "Europe/Amsterdam", 3)
    # Finished games were open to scorers when the file was written: they stay so.
    assert league.lock_finished_games is False
    assert sorted(league.players.values_list("name", flat=True)) == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert list(league.games.in_order_of_play().values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert league.seasons.filter(automatic=False).get().name == "Spring 2025"
    # Ricketts game 2: Ann 69 for five hands wins (tests/games/league_seed.py's hand-worked figures).
    assert league.games.get(number=2).seats.get(won=True).player.name == "Ann"
    assert not league.presets.exists()
    exported = export_league(league)
    assert exported["version"] == 2
    assert [game["scoresheet"] for game in exported["games"]] == [game["scoresheet"] for game in document["games"]]


def test_a_version_1_file_cannot_hold_version_2_parts(user):
    document = json.loads(V1_FILE.read_text(encoding="utf-8"))
    for change in (
        lambda d: d.update(presets=[]),
        lambda d: d["league"].update(min_games=4),
        lambda d: d["games"][0].update(history=[]),
    ):
        broken = copy.deepcopy(document)
        change(broken)
        with pytest.raises(LeagueImportError):
            import_league(broken, user)
    assert not League.objects.filter(owner=user).exists()


# Untrusted files ------------------------------------------------------------------------------


def _history_of(document, number):
    return next(game for game in document["games"] if game["number"] == number)["history"]


MALFORMED = [
    (lambda d: d["league"].update(min_games=0), "'min_games' must be a whole number from 1 to 100"),
    (lambda d: d["league"].update(min_games="5"), "'min_games' must be a whole number from 1 to 100"),
    (lambda d: d["league"].update(public_token="abc"), "Unknown field 'public_token'"),
    (lambda d: d.update(presets={}), "'presets' must be a list"),
    (lambda d: d["presets"][0].update(variant="poker"), "Preset Black Maria:"),
    (lambda d: d["presets"][0]["options"].update(target=-5), "Preset Black Maria:"),
    (lambda d: d["presets"][0]["options"].pop("target"), "must list every option of the variant"),
    (lambda d: d["presets"][1].update(name="black maria"), "The preset black maria is listed twice"),
    (lambda d: d["presets"][0].update(name="Black\tMaria"), "control characters"),
    (lambda d: d["presets"].extend(d["presets"][:1] * 60), "at most 50 presets"),
    (lambda d: d["presets"][0].update(colour="red"), "Preset 1: each preset is"),
    (lambda d: d.update(members=[{"username": "x"}]), "Member 1: each member is"),
    (lambda d: d["members"][0].update(role="owner"), "'role' must be one of"),
    (lambda d: d["members"][0].update(username="olga smith"), "is not a username this app gives"),
    (lambda d: d["members"].append(dict(d["members"][0])), "The member olga is listed twice"),
    (lambda d: d["members"][0].update(player="Zed"), "'Zed' is not in the league's list of players"),
    (lambda d: d["members"][0].update(player="Ben"), "The player Ben is linked to two members"),
    (lambda d: d.update(trash=[]), "Unknown field 'trash'"),
    (lambda d: d["league"].update(lock_finished_games="yes"), "'lock_finished_games' must be true or false"),
    (lambda d: d["league"].update(language="xx"), "'language' must be one of en, nl, de, fr, es, or empty"),
    (lambda d: d["league"].update(language=["nl"]), "'language' must be one of en, nl, de, fr, es, or empty"),
    (lambda d: _history_of(d, 3).append("added"), "Game 3: history line 7: each line is"),
    (lambda d: _history_of(d, 3)[0].__setitem__(2, "stolen"), "history line 1: the action must be one of"),
    (lambda d: _history_of(d, 3)[0].__setitem__(0, "yesterday"), "history line 1: 'at' must be a time in UTC written like 2025-01-07T19:30:00Z"),
    (lambda d: _history_of(d, 3)[0].__setitem__(0, "2999-01-01T00:00:00Z"), "'at' must be between 1900 and tomorrow"),
    (lambda d: _history_of(d, 3)[0].__setitem__(1, 42), "history line 1: its 'by' must be a username"),
    (lambda d: _history_of(d, 3)[0].__setitem__(3, -1), "the hand must be a whole number from 0"),
    # Line 2 adds hand 2, never changed since: the file leaves its after to the scoresheet.
    (lambda d: _history_of(d, 3)[1].__setitem__(3, 99), "history line 2: there is no hand 99 in the scoresheet"),
    (lambda d: _history_of(d, 3)[1].extend([None, {"hearts": {"Ann": 12}, "queen": "Ben"}]),
     "history line 2: hand 2: Hearts add up to 12; 13 are in play"),
    (lambda d: _history_of(d, 3)[1].extend([None, {"hearts": {"Zed": 13}, "queen": "Ben"}]),
     "Zed is not a player in this game"),
    (lambda d: _history_of(d, 3)[1].extend([{"hearts": {"Ann": 13}, "queen": "Ben"}]),
     "give both the before and the after"),
    (lambda d: next(line for line in _history_of(d, 4) if line[2] == "declared")[5].update(declared="won"),
     "'declared' must be"),
    (lambda d: next(line for line in _history_of(d, 1) if line[2] == "redated")[5].update(played_on="2025-02-30"),
     "'played_on' must be a day"),
    (lambda d: next(line for line in _history_of(d, 7) if line[2] == "merged")[4].update(player=" Eve"),
     "not written as the app writes names"),
    (lambda d: next(g for g in d["games"] if g["number"] == 1).update(clock_started_at="2025-03-01T20:00:00+00:00"),
     "'clock_started_at' is for a game with a time limit"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), MALFORMED)
def test_a_malformed_part_is_refused_before_anything_is_written(everything, user, change, message):
    document = export_league(everything)
    change(document)
    leagues, revisions = League.objects.count(), HandRevision.objects.count()
    with pytest.raises(LeagueImportError, match=_escaped(message)):
        import_league(document, UserFactory(), as_copy=True)
    assert (League.objects.count(), HandRevision.objects.count()) == (leagues, revisions)


def _escaped(message):
    import re

    return re.escape(message)


def test_a_malformed_upload_is_a_422_with_the_reason(client, everything, user):
    document = export_league(everything)
    document["presets"][0]["options"]["target"] = -5
    client.force_login(UserFactory())
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), "application/json")
    response = client.post(reverse("games:league-import"), {"file": upload})
    assert response.status_code == 422
    assert "Preset Black Maria:" in response.content.decode()


# Importing the same league twice -------------------------------------------------------------


def test_a_league_already_yours_is_refused_naming_it(everything, user):
    document = export_league(everything)
    with pytest.raises(LeagueAlreadyHere) as refused:
        import_league(document, user)
    assert refused.value.league == everything
    assert "Thursday Hearts" in str(refused.value)
    assert League.objects.filter(owner=user).count() == 1
    # Someone else, who is no member of it, imports it as theirs.
    assert import_league(document, UserFactory()).name == "Thursday Hearts"


def test_a_member_who_is_not_its_owner_is_refused_too(everything):
    olga = Membership.objects.get(league=everything, user__username="olga").user
    with pytest.raises(LeagueAlreadyHere):
        import_league(export_league(everything), olga)


def test_a_copy_when_the_organizer_says_so(everything, user):
    copy_of = import_league(export_league(everything), user, as_copy=True)
    assert copy_of.name == "Thursday Hearts (2)"
    assert copy_of.games.count() == everything.games.count()


def test_the_page_answers_409_then_imports_as_a_copy_on_the_second_choice(client, everything, user):
    client.force_login(user)
    body = json.dumps(export_league(everything)).encode()
    response = client.post(reverse("games:league-import"), {"file": SimpleUploadedFile("l.json", body)})
    assert response.status_code == 409
    page = response.content.decode()
    assert "These games are already your league “Thursday Hearts”" in page
    assert 'name="as_copy"' in page
    assert League.objects.filter(owner=user).count() == 1
    response = client.post(
        reverse("games:league-import"), {"file": SimpleUploadedFile("l.json", body), "as_copy": "on"}
    )
    assert response.status_code == 302
    assert League.objects.filter(owner=user, name="Thursday Hearts (2)").exists()


def test_the_first_import_page_offers_no_copy(client, user):
    client.force_login(user)
    assert 'name="as_copy"' not in client.get(reverse("games:league-import")).content.decode()


def test_the_invited_members_are_named_after_the_import(client, everything, user):
    document = export_league(everything)
    document["members"].append({"username": "nobody-here", "role": "scorer"})
    client.force_login(UserFactory())
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), "application/json")
    response = client.post(reverse("games:league-import"), {"file": upload}, follow=True)
    page = response.content.decode()
    assert "each becomes a member once they accept, when they next log in (nobody-here, olga, sam, " in page


def test_the_command_refuses_a_second_import_unless_as_a_copy(everything, user, tmp_path):
    path = tmp_path / "league.json"
    path.write_text("".join(export_league_json(everything)), encoding="utf-8")
    with pytest.raises(CommandError, match=f"already your league “Thursday Hearts”.*league {everything.pk}"):
        call_command("import_league", str(path), "--owner", user.username)
    out = StringIO()
    call_command("import_league", str(path), "--owner", user.username, "--as-copy", stdout=out)
    assert "Imported Thursday Hearts (2)" in out.getvalue()


def test_an_empty_league_file_is_never_a_twin(league, user):
    assert import_league(export_league(league), user).games.count() == 0


def test_a_league_of_no_game_keeps_what_its_organizer_set(league, user):
    # The sections are written with the last chunk of games: a file of none has one chunk, empty.
    Season.objects.create(league=league, name="Spring", first_day=date(2025, 3, 1), last_day=date(2025, 5, 31))
    restored = import_league(export_league(league), user, as_copy=True)
    assert restored.games.count() == 0
    assert list(Season.objects.filter(league=restored).values_list("name", "first_day")) == [
        ("Spring", date(2025, 3, 1))
    ]


def test_game_numbers_are_kept(everything, user):
    _, restored, _ = round_trip(everything, user)
    assert sorted(restored.games.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6, 7]
    assert Game.objects.filter(league=restored, number=7).get().seats.count() == 4


@pytest.mark.parametrize(("written", "restored"), [(True, True), (False, False), (None, False)])
def test_locking_finished_games_comes_back_as_the_file_says_and_off_when_it_says_nothing(
    league, user, written, restored
):
    document = export_league(league)
    if written is None:
        del document["league"]["lock_finished_games"]  # a file from before the setting
    else:
        document["league"]["lock_finished_games"] = written
    assert import_league(document, user, as_copy=True).lock_finished_games is restored


@pytest.mark.parametrize(("written", "restored"), [("fr", "fr"), ("", ""), (None, "")])
def test_the_league_language_comes_back_as_the_file_says_and_each_readers_own_when_it_says_nothing(
    league, user, written, restored
):
    document = export_league(league)
    if written is None:
        del document["league"]["language"]  # a file from before the setting
    else:
        document["league"]["language"] = written
    assert import_league(document, user, as_copy=True).language == restored


@pytest.mark.parametrize(("change", "message"), MALFORMED)
def test_every_refusal_is_said_in_the_readers_language(everything, user, change, message):
    """In the pseudo-language every string gettext hands out comes back ⟦wrapped⟧: a refusal is a
    marked sentence, and a History line's refusal says "history line N" in a marked sentence of its
    own around the line's problem, not English glued on."""
    document = export_league(everything)
    change(document)
    with pytest.raises(LeagueImportError) as in_english:
        import_league(document, UserFactory(), as_copy=True)
    with pseudo_language(), pytest.raises(LeagueImportError) as refused:
        import_league(document, UserFactory(), as_copy=True)
    said = str(refused.value)
    assert said.startswith(OPEN), said
    assert said.endswith(CLOSE), said
    if "history line" in str(in_english.value):
        assert f"{OPEN}history line" in said
