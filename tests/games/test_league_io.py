"""Export and import of a whole league: JSON round trips, CSV, commands and views."""

import csv
import importlib
import io
import json
from datetime import UTC, date, datetime
from io import StringIO

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from games import stats
from games.csv_export import _cell, house_rules
from games.league_file import LeagueImportError
from games.league_file.export import export_league
from games.league_file.restore import import_league
from games.models import Game, League, Player, Season, Seat
from rules import HandEntry, name_key, read_scoresheet
from tests.factories import UserFactory, make_game
from tests.games.league_seed import hand_worked_league, members, played, seed_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


def standings_by_name(league):
    return [
        (row.name, row.games, row.wins, row.total, row.points, row.hands, row.moons, row.queens, row.wraps,
         row.sixty_nine, row.rating)
        for row in stats.standings(league, sort="player")
    ]  # fmt: skip


def seats_by_game(league):
    return [
        (seat.game.created_at, seat.game.variant, seat.game.status, seat.game.reason, seat.game.finished_at,
         seat.player.name, seat.position, seat.total, seat.won, seat.rating_mu, seat.rating_sigma)
        for seat in Seat.objects.filter(game__league=league)
        .select_related("game", "player")
        .order_by("game__created_at", "position")
    ]  # fmt: skip


# The JSON document -------------------------------------------------------------------------


def test_the_export_holds_players_and_every_game_as_a_scoresheet(league, games):
    document = export_league(league)
    assert document["format"] == "hearts-league"
    assert document["version"] == 2
    assert document["league"] == {
        "name": league.name,
        "time_zone": "UTC",
        "min_games": 3,
        "lock_finished_games": True,
        "language": "",
        "rating_scale": "openskill",
    }
    assert document["players"] == ["Ann", "Ben", "Cat", "Dan"]
    assert len(document["games"]) == 6
    first = document["games"][0]
    assert set(first) == {"number", "scoresheet", "created_at", "finished_at", "declared", "history"}
    assert first["number"] == 1
    assert first["created_at"] == "2025-03-01T20:00:00+00:00"
    assert first["scoresheet"]["played_on"] == "2025-03-01"
    assert first["scoresheet"]["hands"][0] == {"hearts": {"Ben": 13}, "queen": "Ben", "moon": "add"}
    assert [game["number"] for game in document["games"]] == [1, 2, 3, 4, 5, 6]
    # Each scoresheet reads back with the app's reader (the engine's, with the day it was played).
    for game in document["games"]:
        read_scoresheet(game["scoresheet"])
    assert [game["declared"] for game in document["games"]] == ["", "", "", "abandoned", "null", ""]


def without_its_import(document, owner):
    """A copy's league file less the one entry its import added to the activity log."""
    *kept, imported = document["activity"]
    assert imported["kind"] == "league_imported"
    assert imported["who"] == owner.username
    return {**document, "activity": kept}


def test_a_round_trip_gives_the_same_league(league, games):
    owner = UserFactory()
    copy = import_league(json.loads(json.dumps(export_league(league))), owner)
    assert copy.pk != league.pk
    assert copy.owner == owner
    assert copy.name == league.name
    assert standings_by_name(copy) == standings_by_name(league)
    assert seats_by_game(copy) == seats_by_game(league)
    ann, ann_copy = (Player.objects.get(league=lg, name="Ann") for lg in (league, copy))
    assert [(r.name, r.wins, r.losses, r.ties) for r in stats.head_to_head(copy, ann_copy)] == [
        (r.name, r.wins, r.losses, r.ties) for r in stats.head_to_head(league, ann)
    ]
    assert [[hand.entry for hand in game.hands.order_by("number")] for game in copy.games.order_by("created_at")] == [
        [hand.entry for hand in game.hands.order_by("number")] for game in league.games.order_by("created_at")
    ]
    # Exporting the copy gives the same document, but for its importer, a member of the copy,
    # and the import's own line in the activity log.
    copied, original = without_its_import(export_league(copy), owner), export_league(league)
    assert copied.pop("members") == [*original.pop("members"), {"username": owner.username, "role": "organizer"}]
    assert copied == original


def test_a_round_trip_keeps_each_games_number_day_and_the_time_zone(league, games):
    League.objects.filter(pk=league.pk).update(time_zone="Europe/Paris")
    games["wraps"].trash()  # game 3: the numbers now have a gap
    league.refresh_from_db()
    copy = import_league(export_league(league), UserFactory())
    assert copy.time_zone == "Europe/Paris"
    assert list(copy.games.in_order_of_play().values_list("number", "played_on")) == [
        (1, date(2025, 3, 1)), (2, date(2025, 3, 2)), (4, date(2025, 3, 4)), (5, date(2025, 3, 5)),
        (6, date(2025, 3, 6)),
    ]  # fmt: skip
    # The copy's next game is 7, as it would have been in the original.
    assert make_game(copy).number == 7


def test_a_file_from_before_games_had_a_day_dates_them_by_created_at_at_the_leagues_table(league, games):
    document = export_league(league)
    document["league"]["time_zone"] = "America/New_York"
    for game in document["games"]:
        del game["number"], game["scoresheet"]["played_on"]
    document["games"][0]["created_at"] = "2025-03-02T02:00:00+00:00"  # 1 March, 9 pm in New York
    copy = import_league(document, UserFactory())
    first = copy.games.in_order_of_play().first()
    assert (first.number, first.played_on) == (1, date(2025, 3, 1))
    assert sorted(copy.games.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_a_big_random_league_round_trips(league):
    seed_league(league, games=120, players=10, seed=7)
    copy = import_league(export_league(league), UserFactory())
    assert standings_by_name(copy) == standings_by_name(league)
    assert seats_by_game(copy) == seats_by_game(league)


def test_importing_a_league_twice_as_a_copy_tells_the_two_apart_by_name(league, games):
    owner = UserFactory()
    document = export_league(league)
    first, second, third = (import_league(document, owner, as_copy=True) for _ in range(3))
    assert (first.name, second.name, third.name) == (league.name, f"{league.name} (2)", f"{league.name} (3)")
    # Another user's import is theirs alone: no number.
    assert import_league(document, UserFactory()).name == league.name


def test_the_importer_owns_and_organizes_the_new_league(league, games):
    owner = UserFactory()
    copy = import_league(export_league(league), owner)
    assert copy.owner == owner
    assert copy.memberships.get(user=owner).can_organize


def broken(league, change):
    document = export_league(league)
    change(document)
    return document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something"), "This is not a league export"),
        (lambda d: d.update(version=3), "Only version 1, 2 league files"),
        (lambda d: d.update(colour="red"), "Unknown field 'colour'"),
        (lambda d: d["league"].update(name=" "), "The league's name cannot be empty"),
        (lambda d: d.update(players=["Ann", "ann"]), "The player ann is listed twice"),
        # Only names the forms could have stored (rules.names).
        (lambda d: d.update(players=["Straße", "STRASSE"]), "The player STRASSE is listed twice"),
        (lambda d: d["players"].append("Gus\x00"), "A player's name cannot contain control characters"),
        (lambda d: d["players"].append("Gus\u200b"), "A player's name cannot contain control characters"),
        (lambda d: d["players"].append("\u200b"), "A player's name cannot contain control characters"),
        (lambda d: d["players"].append(" Gus"), "The name ' Gus' is not written as the app writes names: 'Gus'"),
        (lambda d: d["players"].append(7), "A player's name must be text"),
        (lambda d: d["league"].update(name="Bad\thouse"), "The league's name cannot contain control characters"),
        (lambda d: d["league"].update(name="House "), "The name 'House ' is not written as the app writes names"),
        (lambda d: d.update(players=["Ann", "Ben", "Cat"]), "Game 1: Dan is not in the league's list of players"),
        (lambda d: d["games"][1]["scoresheet"]["hands"][3].update(queen="Zed"), "Game 2: hand 4: Zed is not a player"),
        (
            lambda d: d["games"][2]["scoresheet"]["hands"][0]["hearts"].update(Ann=5),
            "Game 3: hand 1: Hearts add up to 14",
        ),
        (lambda d: d["games"][0].update(status="over"), "Game 1: unknown field 'status'"),
        (lambda d: d["games"][0].update(created_at="last Tuesday"), "Game 1: 'created_at' must be a date and time"),
        (lambda d: d["games"][0].update(created_at="2025-13-01T10:00:00"), "'created_at' must be a date and time"),
        (lambda d: d["games"][0].pop("created_at"), "Game 1: 'created_at' is missing"),
        (lambda d: d["games"][0].update(declared="forfeit"), "Game 1: 'declared' must be"),
        (lambda d: d["games"][0].update(declared=[]), "Game 1: 'declared' must be"),
        (lambda d: d["games"][0].update(declared={"null": 1}), "Game 1: 'declared' must be"),
        # Only what the table could have declared: the moon game ended with points on the board.
        (lambda d: d["games"][0].update(declared="null"), "Game 1: A game can be declared null only when every total"),
        (lambda d: d["games"][0].update(declared="abandoned"), "Game 1: The game is over; there is nothing to abandon"),
        # Dates no page could show (on PostgreSQL the first was stored, then every page answered 500).
        (
            lambda d: d["games"][0].update(created_at="9999-12-31T23:59:59-14:00"),
            "Game 1: 'created_at' must be between 1900 and tomorrow",
        ),
        (
            lambda d: d["games"][0].update(created_at="0001-01-01T00:00:00+14:00"),
            "Game 1: 'created_at' must be between 1900 and tomorrow",
        ),
        (lambda d: d["games"][0].update(created_at="1899-12-31T23:00:00"), "Game 1: 'created_at' must be between"),
        # Still 1899 in UTC, as it would be stored.
        (
            lambda d: d["games"][0].update(created_at="1900-01-01T00:00:00+14:00"),
            "Game 1: 'created_at' must be between",
        ),
        (lambda d: d["games"][0].update(finished_at="9999-01-01T00:00:00"), "Game 1: 'finished_at' must be between"),
        (
            lambda d: d["games"][0].update(
                created_at="2025-01-08T10:00:00+00:00", finished_at="2025-01-07T10:00:00+00:00"
            ),
            "Game 1: 'finished_at' is before 'created_at'",
        ),
        (lambda d: d["games"][0].update(scoresheet=[]), "Game 1: A scoresheet must be a JSON object"),
        (lambda d: d.update(games={}), "'games' must be a list"),
        (lambda d: d["games"][1]["scoresheet"].update(played_on="2025-3-2"), "Game 2: 'played_on' must be a day"),
        (lambda d: d["games"][1]["scoresheet"].update(played_on="2101-01-01"), "Game 2: 'played_on' must be a day"),
        (lambda d: d["games"][1].update(number=0), "Game 2: 'number' must be a whole number from 1"),
        (lambda d: d["games"][1].update(number="2"), "Game 2: 'number' must be a whole number from 1"),
        (lambda d: d["games"][1].update(number=True), "Game 2: 'number' must be a whole number from 1"),
        (lambda d: d["games"][1].update(number=1), "Two games have the same 'number'"),
        (lambda d: d["league"].update(time_zone="Mars/Olympus"), "'time_zone' must be a time zone name"),
        (lambda d: d["league"].update(colour="red"), "Unknown field 'colour' in the league file's 'league'"),
    ],
)
def test_a_bad_file_is_refused_with_a_clear_message_and_saves_nothing(league, games, change, message):
    document = broken(league, change)
    leagues, players, games_before = League.objects.count(), Player.objects.count(), Game.objects.count()
    with pytest.raises(LeagueImportError, match=message.replace("(", r"\(")):
        import_league(document, UserFactory())
    assert (League.objects.count(), Player.objects.count(), Game.objects.count()) == (leagues, players, games_before)


def test_names_stored_before_the_one_rule_for_names_are_tidied_so_the_backup_restores(league, games):
    """The old forms took a league's name with a tab, a player's with two spaces or a zero-width
    space: the league's own backup was then refused by its import. Migration 0008 tidies them."""
    tidy_names = importlib.import_module("games.migrations.0009_tidy_stored_names").tidy_names
    League.objects.filter(pk=league.pk).update(name="Bad\thouse ")
    legacy = {"Ann": "Ann  Lee", "Ben": "Ben\u200b", "Cat": "E\u0301mile", "Dan": "Ann Lee"}
    for old, name in legacy.items():
        Player.objects.filter(league=league, name=old).update(name=name, name_key=name_key(name))
    league.refresh_from_db()
    with pytest.raises(LeagueImportError, match="The league's name cannot contain control characters"):
        import_league(export_league(league), UserFactory())

    tidy_names(apps, None)
    league.refresh_from_db()
    assert league.name == "Bad house"
    seats = Seat.objects.filter(game__league=league).order_by("game__created_at", "position")
    assert [seat.player.name for seat in seats[:4]] == ["Ann Lee (2)", "Ben", "Émile", "Ann Lee"]
    assert all(player.name_key == name_key(player.name) for player in Player.objects.filter(league=league))
    owner = UserFactory()
    copy = import_league(export_league(league), owner)
    assert standings_by_name(copy) == standings_by_name(league)
    copied, original = without_its_import(export_league(copy), owner), export_league(league)
    del copied["members"], original["members"]  # the copy's importer is its member too
    assert copied == original


def test_a_file_that_is_not_an_object_is_refused(league):
    with pytest.raises(LeagueImportError, match="must be a JSON object"):
        import_league([1, 2, 3], UserFactory())


# CSV ---------------------------------------------------------------------------------------


def csv_rows(response):
    text = b"".join(response.streaming_content).decode()
    assert text.startswith("\ufeff")  # for Excel: the file is UTF-8
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_games_csv_has_a_row_per_player_per_game(client, league, games, user):
    League.objects.filter(pk=league.pk).update(time_zone="Europe/Paris")
    client.force_login(user)
    response = client.get(reverse("games:league-export-games", args=[league.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="house-')
    rows = csv_rows(response)
    header, body = rows[0], rows[1:]
    assert header[:10] == [
        "game", "played_on", "started (Europe/Paris)", "finished (Europe/Paris)", "variant", "house_rules", "status",
        "hands", "seat", "player",
    ]  # fmt: skip
    assert len(body) == 6 * 4
    ann_sixty_nine = next(row for row in body if row[4] == "ricketts" and row[9] == "Ann")
    record = dict(zip(header, ann_sixty_nine, strict=True))
    assert (record["game"], record["played_on"], record["status"], record["hands"], record["total"],
            record["won"]) == ("2", "2025-03-02", "over", "11", "69", "1")  # fmt: skip
    # Started at 20:00 UTC on 2 March: 21:00 in Paris, to the minute.
    assert record["started (Europe/Paris)"] == "2025-03-02 21:00"
    assert "target=100" in record["house_rules"]
    assert "sixty_nine=yes" in record["house_rules"]
    abandoned = [dict(zip(header, row, strict=True)) for row in body if row[6] == "abandoned"]
    assert {row["rating"] for row in abandoned} == {""}


def test_house_rules_fit_one_cell():
    assert house_rules({"target": 40, "wraps": [30, 69], "sixty_nine": False, "jack": True}) == (
        "jack=yes; sixty_nine=no; target=40; wraps=30 69"
    )
    assert house_rules({"wraps": []}) == "wraps=none"


def test_the_hands_csv_has_a_row_per_hand(client, league, games, user):
    client.force_login(user)
    rows = csv_rows(client.get(reverse("games:league-export-hands", args=[league.pk])))
    header, body = rows[0], rows[1:]
    # Four columns for each of 11 seats (Cancellation Hearts' most), the money of each seat last (Turbo Hearts).
    assert len(header) == 14 + 11 * 4 + 11
    # 2 + 11 + 5 + 1 + 4 + 1 hands.
    assert len(body) == 24
    moon = dict(zip(header, body[0], strict=True))
    assert (moon["hand"], moon["dealer"], moon["pass"], moon["moon_shooter"], moon["moon_resolution"]) == (
        "1", "Ann", "left", "Ben", "add",
    )  # fmt: skip
    assert (moon["player_2"], moon["hearts_2"], moon["points_2"], moon["points_1"], moon["player_5"]) == (
        "Ben", "13", "0", "26", "",
    )  # fmt: skip
    assert (moon["other_cards"], moon["sun"], moon["time_up"]) == ("", "0", "0")
    wrap = dict(zip(header, body[2 + 11 + 2], strict=True))
    assert wrap["wrapped"] == "Ann Cat"


def test_the_hands_csv_names_the_extra_cards_a_sun_and_the_time_running_out(client, league, user):
    # Black Maria's K♠ (10) and A♠ (7) with the sun and a 60-minute limit. Hand 1: Ann takes
    # 5 hearts and the K♠, Ben 8 hearts and the A♠, Cat the Q♠. Hand 2: Ann takes every
    # point card and every trick (a sun) as the time runs out.
    options = {"extra_cards": {"K♠": 10, "A♠": 7}, "moon": "add", "sun": True, "time_limit": 60}
    played(
        league,
        "standard",
        [
            HandEntry.cards([5, 8, 0], 2, extras={"K♠": 0, "A♠": 1}),
            HandEntry.cards([13, 0, 0], 0, extras={"K♠": 0, "A♠": 0}, sun=True, time_up=True),
        ],
        datetime(2025, 1, 1, tzinfo=UTC),
        options,
        players=["Ann", "Ben", "Cat"],
    )
    client.force_login(user)
    rows = csv_rows(client.get(reverse("games:league-export-hands", args=[league.pk])))
    first, second = (dict(zip(rows[0], row, strict=True)) for row in rows[1:])
    assert (first["other_cards"], first["sun"], first["time_up"]) == ("K♠ Ann; A♠ Ben", "0", "0")
    assert (second["other_cards"], second["sun"], second["time_up"]) == ("K♠ Ann; A♠ Ann", "1", "1")
    # P = 13 hearts + 13 + 10 + 7 = 43, doubled by the sun: Ben and Cat take 86 each.
    assert (second["points_1"], second["points_2"], second["points_3"]) == ("0", "86", "86")


def test_names_that_look_like_formulas_are_defused_in_csv(client, league, user):
    played(league, "standard", [], datetime(2025, 1, 1, tzinfo=UTC), players=["=HYPERLINK(1)", "Ben", "Cat"])
    client.force_login(user)
    rows = csv_rows(client.get(reverse("games:league-export-games", args=[league.pk])))
    assert "'=HYPERLINK(1)" in [row[9] for row in rows]


# Views ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ['\n=HYPERLINK("http://x")', " =1+1", "\t@SUM(1)", "\r-1", "＝1+1", "+1", "-1", "@A1", "=1"]
)
def test_every_cell_a_spreadsheet_could_read_as_a_formula_is_defused(name):
    """A line feed then =HYPERLINK( reached the CSV unprefixed: spreadsheets skip it."""
    assert _cell(name) == "'" + name


@pytest.mark.parametrize("name", ["Ann", "Émile", "3 Bears", "O'Neil", ""])
def test_other_cells_are_left_as_they_are(name):
    assert _cell(name) == name


@pytest.mark.parametrize("name", ["league-export-json", "league-export-games", "league-export-hands"])
def test_downloads_are_for_members_only(client, league, games, name):
    people = members(league)
    address = reverse(f"games:{name}", args=[league.pk])
    client.force_login(people["viewer"])
    assert client.get(address).status_code == 200
    client.force_login(people["outsider"])
    assert client.get(address).status_code == 404
    client.logout()
    assert client.get(address).status_code == 302


def test_the_json_download_is_the_export(client, league, games, user):
    client.force_login(user)
    response = client.get(reverse("games:league-export-json", args=[league.pk]))
    assert response["Content-Disposition"].endswith('-league.json"')
    assert response.streaming
    assert json.loads(b"".join(response.streaming_content)) == json.loads(json.dumps(export_league(league)))


def test_importing_through_the_page(client, league, games):
    someone = UserFactory()
    client.force_login(someone)
    assert client.get(reverse("games:league-import")).status_code == 200
    upload = SimpleUploadedFile("league.json", json.dumps(export_league(league)).encode(), "application/json")
    response = client.post(reverse("games:league-import"), {"file": upload})
    copy = League.objects.get(owner=someone)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:league-standings", args=[copy.pk])
    assert copy.games.count() == 6


def test_a_bad_upload_shows_why_and_saves_nothing(client, league, games):
    client.force_login(UserFactory())
    leagues = League.objects.count()
    for content, message in [
        (b"not json", "That file is not a league export this app can read (not valid JSON"),
        (b"[" * 100_000, "(JSON nested too deeply to be a scoresheet or a league)"),
        (b'{"version": ' + b"1" * 4_400 + b"}", "(a number has more than 20 digits)"),
        (b'{"league": {"name": "\\ud800"}}', "(a broken character (a lone \\u surrogate escape))"),
        (json.dumps({"format": "x"}).encode(), "This is not a league export"),
    ]:
        response = client.post(reverse("games:league-import"), {"file": SimpleUploadedFile("x.json", content)})
        assert response.status_code == 422
        assert message in response.content.decode()
    assert League.objects.count() == leagues


def test_importing_needs_an_account(client):
    assert client.get(reverse("games:league-import")).status_code == 302


# Commands --------------------------------------------------------------------------------------


def test_export_and_import_commands_make_a_backup_and_restore_it(league, games, tmp_path):
    path = tmp_path / "backup.json"
    call_command("export_league", str(league.pk), "-o", str(path), stderr=StringIO())
    owner = UserFactory(username="restorer")
    out = StringIO()
    call_command("import_league", str(path), "--owner", "restorer", stdout=out)
    copy = League.objects.get(owner=owner)
    assert f"as league {copy.pk}: 6 games" in out.getvalue()
    assert standings_by_name(copy) == standings_by_name(league)


def test_the_export_command_writes_to_standard_output(league, games):
    out = StringIO()
    call_command("export_league", str(league.pk), stdout=out)
    assert json.loads(out.getvalue())["players"] == ["Ann", "Ben", "Cat", "Dan"]


def test_the_commands_explain_their_errors(league, tmp_path):
    with pytest.raises(CommandError, match="There is no league 999"):
        call_command("export_league", "999")
    with pytest.raises(CommandError, match="There is no user nobody"):
        call_command("import_league", "x.json", "--owner", "nobody")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hearts-league", "version": 1, "league": {"name": "X"}, "players": [], "games": [1]}')
    with pytest.raises(CommandError, match="Game 1: each game must be a JSON object"):
        call_command("import_league", str(bad), "--owner", league.owner.username)
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_league", str(tmp_path / "missing.json"), "--owner", league.owner.username)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 100_000, "JSON nested too deeply"),
        ('{"version": ' + "1" * 4_400 + "}", "a number has more than 20 digits"),
        ('{"league": {"name": "\\ud800"}}', "a broken character"),
    ],
)
def test_the_import_command_refuses_hostile_json_in_one_line(league, tmp_path, content, message):
    path = tmp_path / "hostile.json"
    path.write_text(content)
    leagues = League.objects.count()
    with pytest.raises(CommandError, match=f"is not a league file this app can read: {message}"):
        call_command("import_league", str(path), "--owner", league.owner.username)
    assert League.objects.count() == leagues


# Seasons in the league file ------------------------------------------------------------------


def season_tables(league):
    """Each of the league's seasons: its name, days, automatic or not, and its standings by player."""
    return {
        season.name: (
            season.first_day,
            season.last_day,
            season.automatic,
            sorted(season.standings.values_list("player__name", "variant", "games", "wins", "total", "rating")),
        )
        for season in Season.objects.filter(league=league)
    }


def test_a_round_trip_keeps_the_organizers_seasons_and_their_standings(league, games):
    Season.add(league, "Early March", date(2025, 3, 1), date(2025, 3, 2))
    Season.add(league, "2025", date(2025, 1, 1), date(2025, 12, 31))
    document = export_league(league)
    assert document["seasons"] == [
        {"name": "2025", "first_day": "2025-01-01", "last_day": "2025-12-31"},
        {"name": "Early March", "first_day": "2025-03-01", "last_day": "2025-03-02"},
    ]
    copy = import_league(json.loads(json.dumps(document)), UserFactory())
    assert season_tables(copy) == season_tables(league)
    # Early March: the moon game (1 March) and the 69-for-5 game (2 March), Ann in both.
    assert season_tables(copy)["Early March"][3][0][:5] == ("Ann", "", 2, 1, 113)


def test_the_automatic_years_are_not_written_and_come_back_by_themselves(league, games):
    document = export_league(league)
    assert document["seasons"] == []
    copy = import_league(document, UserFactory())
    assert season_tables(copy) == season_tables(league)
    assert list(season_tables(copy)) == ["2025"]


def test_a_file_without_seasons_still_imports(league, games):
    document = export_league(league)
    del document["seasons"]
    assert import_league(document, UserFactory()).games.count() == 6


SEASON = {"name": "Spring", "first_day": "2025-03-01", "last_day": "2025-05-31"}


@pytest.mark.parametrize(
    ("seasons", "message"),
    [
        ({"name": "Spring"}, "'seasons' must be a list"),
        ([SEASON] * 101, "A league has at most 100 seasons; this file has 101"),
        (["Spring"], "Season 1: each season is {'name', 'first_day', 'last_day'} and no more"),
        ([{**SEASON, "colour": "green"}], "Season 1: each season is"),
        ([{"name": "Spring", "first_day": "2025-03-01"}], "Season 1: each season is"),
        ([{**SEASON, "name": "  Spring"}], "is not written as the app writes names"),
        ([{**SEASON, "name": ""}], "A season's name"),
        ([{**SEASON, "name": 7}], "A season's name"),
        ([SEASON, {**SEASON, "name": "SPRING"}], "The season SPRING is listed twice"),
        ([{**SEASON, "first_day": "2025-3-1"}], "Season Spring: 'first_day' must be a day written like 2026-03-01"),
        ([{**SEASON, "first_day": "20250301"}], "Season Spring: 'first_day' must be a day written like"),
        ([{**SEASON, "last_day": 20250531}], "Season Spring: 'last_day' must be a day written like"),
        ([{**SEASON, "last_day": "2025-02-30"}], "Season Spring: 'last_day' must be a day written like"),
        ([{**SEASON, "last_day": "2025-02-28"}], "Season Spring: The season's first day is after its last day."),
        ([{**SEASON, "first_day": "1899-12-31"}], "Season Spring: A season's days are from 1900 to the end of"),
        ([{**SEASON, "last_day": "9999-12-31"}], "Season Spring: A season's days are from 1900 to the end of"),
    ],
)
def test_bad_seasons_in_a_league_file_are_refused_before_anything_is_saved(client, league, games, seasons, message):
    document = export_league(league)
    document["seasons"] = seasons
    client.force_login(UserFactory())
    before = League.objects.count(), Season.objects.count(), Game.objects.count()
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), "application/json")
    response = client.post(reverse("games:league-import"), {"file": upload})
    assert response.status_code == 422
    assert message in response.context_data["form"].errors["file"][0]
    assert (League.objects.count(), Season.objects.count(), Game.objects.count()) == before


def test_the_hands_csv_has_every_seat_of_a_cancellation_game_of_eleven(client, league, user):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim"]
    # Two decks: Ann takes 10 hearts, Kim the other 16 and a Q♠, Jon the other Q♠ (13 each).
    hand = {"hearts": {"Ann": 10, "Kim": 16}, "queen": ["Jon", "Kim"]}
    Game.import_scoresheet(league, {"variant": "cancellation", "players": names, "hands": [hand]}, user)
    client.force_login(user)
    rows = csv_rows(client.get(reverse("games:league-export-hands", args=[league.pk])))
    [row] = (dict(zip(rows[0], row, strict=True)) for row in rows[1:])
    assert [row[f"player_{seat}"] for seat in range(1, 12)] == names
    assert [row[f"total_{seat}"] for seat in range(1, 12)] == ["10"] + ["0"] * 8 + ["13", "29"]
