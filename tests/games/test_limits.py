"""Caps on what one league, one game and one upload hold (issue: one upload locked a league for everyone).

The web and the importers keep to the same numbers, so every league the app
holds can be backed up and restored: the round trip at the caps is here. The
caps are made small for the tests (the real ones are checked by
benchmarks/league.py), except the hands of a game, which the engine plays fast.
"""

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.league_file import LeagueImportError
from games.league_file.export import export_league
from games.league_file.restore import import_league
from games.models import Game, Hand, League, Player
from rules import MOST_HANDS, GameSetup, HandEntry, HandError, ScoresheetError, SetupError, play, read_scoresheet
from tests.factories import UserFactory, make_game
from tests.games.test_game_new import start
from tests.games.test_league_io import without_its_import

pytestmark = pytest.mark.django_db

# Revokes at a wrap: the totals go round and round, so the game never ends by itself.
ENDLESS = {"target": 10_000, "wraps": [104]}


def endless_sheet(hands: int, variant="standard", players=("Ann", "Ben", "Cat", "Dan")) -> dict:
    return {"variant": variant, "players": list(players), "options": ENDLESS, "hands": [{"revoke": "Ann"}] * hands}


def endless_game(league, hands: int, **kwargs) -> Game:
    # Identical games on purpose: imported again, not refused as the same game.
    return Game.import_scoresheet(league, endless_sheet(hands, **kwargs), again=True)


def writes(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]


# A game's hands: the engine ------------------------------------------------------------------


def test_the_engine_scores_the_most_hands_a_game_holds_and_refuses_one_more():
    setup = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"], ENDLESS, 0)
    entries = [HandEntry.revoked(0)] * MOST_HANDS
    assert play(setup, entries).next_number == MOST_HANDS + 1
    with pytest.raises(HandError) as refused:
        play(setup, [*entries, HandEntry.revoked(0)])
    assert str(refused.value) == "hand 2001: A game holds at most 2,000 hands; declare it and start another"


def test_a_scoresheet_of_too_many_hands_is_refused_before_reading_them():
    read_scoresheet(endless_sheet(MOST_HANDS))
    with pytest.raises(ScoresheetError, match=r"^A game holds at most 2,000 hands; this scoresheet has 40,000$"):
        read_scoresheet(endless_sheet(40_000))


def test_a_scoresheet_of_too_many_hands_is_refused_on_the_import_page(scorer, league):
    response = scorer.post(
        reverse("games:game-import", args=[league.pk]), {"text": json.dumps(endless_sheet(MOST_HANDS + 1))}
    )
    assert response.status_code == 422
    assert "A game holds at most 2,000 hands; this scoresheet has 2,001" in response.content.decode()
    assert not Game.objects.exists()


def test_the_hand_after_the_last_a_game_holds_is_refused_at_the_table(scorer, league, monkeypatch):
    monkeypatch.setattr("rules.checks.MOST_HANDS", 2)
    game = endless_game(league, 2)
    response = scorer.post(
        reverse("games:hand-new", args=[game.pk]),
        {"number": "3", "action": "revoke", "revoke": "1", "confirmed": "yes"},
    )
    assert response.status_code == 422
    assert "A game holds at most 2 hands; declare it and start another" in response.content.decode()
    assert game.hands.count() == 2


def test_a_game_holding_the_most_hands_shows_every_page_and_refuses_the_next_hand(scorer, league):
    """At the cap the referee's page answered 500: its moon previews asked the engine to score a hand it refuses."""
    game = endless_game(league, MOST_HANDS)
    for name in ("game-detail", "game-referee", "game-scoresheet", "game-export"):
        assert scorer.get(reverse(f"games:{name}", args=[game.pk])).status_code == 200, name
    response = scorer.post(
        reverse("games:game-referee-revoke", args=[game.pk]), {"number": MOST_HANDS + 1, "offender": "1"}
    )
    assert response.status_code == 422
    assert "A game holds at most 2,000 hands; declare it and start another" in response.content.decode()
    assert game.hands.count() == MOST_HANDS


# A league's players and games: the web -----------------------------------------------------


def test_a_player_past_the_most_a_league_holds_is_refused(scorer, league, monkeypatch):
    monkeypatch.setattr(League, "MOST_PLAYERS", 2)
    for name in ["Ann", "Ben"]:
        assert scorer.post(reverse("games:player-new", args=[league.pk]), {"name": name}).status_code == 302
    response = scorer.post(reverse("games:player-new", args=[league.pk]), {"name": "Cat"})
    assert response.status_code == 422
    assert f"{league.name} has 2 players, the most a league can hold." in response.content.decode()
    assert league.players.count() == 2


def test_a_game_seating_a_new_player_past_the_most_is_refused(league, monkeypatch):
    make_game(league)
    monkeypatch.setattr(League, "MOST_PLAYERS", 4)
    with pytest.raises(SetupError, match="has 4 players, the most a league can hold"):
        Game.start_named(league, "standard", ["Ann", "Ben", "Cat", "Eve"])
    assert league.players.count() == 4
    assert league.games.count() == 1


def test_a_game_started_by_names_asks_the_game_cap_once(league):
    make_game(league)
    with CaptureQueriesContext(connection) as queries:
        Game.start_named(league, "standard", ["Ann", "Ben", "Cat", "Eve"])
    counts_of_games = [
        query["sql"]
        for query in queries.captured_queries
        if "COUNT(" in query["sql"] and '"games_game"' in query["sql"]
    ]
    assert len(counts_of_games) == 1
    assert league.games.count() == 2


def test_a_game_refused_for_its_setup_leaves_no_new_player(league):
    make_game(league)
    # "Zed" and "zed" are one name: the one new player sits twice, which the setup refuses.
    with pytest.raises(SetupError, match="Player names must be unique: Zed appears twice"):
        Game.start_named(league, "standard", ["Ann", "Ben", "Zed", "zed"])
    assert not league.players.filter(name="Zed").exists()
    assert league.players.count() == 4
    assert league.games.count() == 1


def test_a_game_past_the_most_a_league_holds_is_refused(scorer, league, monkeypatch):
    make_game(league)
    monkeypatch.setattr(League, "MOST_GAMES", 1)
    response = scorer.post(reverse("games:game-new", args=[league.pk]), start())
    assert response.status_code == 422
    assert "has 1 games, the most a league can hold: start a new league" in response.content.decode()
    assert league.games.count() == 1


# A league's file: the importers --------------------------------------------------------------


@pytest.mark.parametrize(
    ("caps", "says"),
    [
        ({"MOST_PLAYERS": 3}, "A league holds at most 3 players; this file lists 4"),
        ({"MOST_GAMES": 1}, "A league holds at most 1 games; this file has 2"),
        ({"MOST_HANDS": 1}, "A league holds at most 1 hands; this file has 2"),
    ],
)
def test_a_league_file_past_the_caps_is_refused_before_any_write(client, league, monkeypatch, caps, says):
    # Ben takes the queen in each: two hands.
    make_game(league).record_hand(1, HandEntry.cards([3, 0, 10, 0], 1))
    make_game(league).record_hand(1, HandEntry.cards([3, 0, 10, 0], 1))
    document = json.dumps(export_league(league)).encode()
    for name, value in caps.items():
        monkeypatch.setattr(League, name, value)
    client.force_login(UserFactory())
    leagues = League.objects.count()
    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("games:league-import"), {"file": SimpleUploadedFile("big.json", document)})
    assert response.status_code == 413
    assert says in response.content.decode()
    assert League.objects.count() == leagues
    # Refused while reading: not even the session or a savepoint was written, only the try was counted
    # (an account's and an address's hour and day).
    assert [sql for sql in writes(queries) if "games_attempts" not in sql] == []
    assert len(writes(queries)) == 4


def test_a_league_file_with_a_game_past_the_hands_cap_is_refused(league, monkeypatch):
    game = endless_game(league, 3)
    document = export_league(game.league)
    monkeypatch.setattr("rules.checks.MOST_HANDS", 2)
    monkeypatch.setattr("rules.scoresheet.MOST_HANDS", 2)
    with pytest.raises(LeagueImportError, match=r"^Game 1: A game holds at most 2 hands; this scoresheet has 3$"):
        import_league(document, UserFactory())
    assert League.objects.count() == 1


# The largest league round-trips ----------------------------------------------------------------


def test_the_largest_league_the_caps_allow_round_trips_through_a_streamed_export(
    client, user, league, monkeypatch, tmp_path
):
    monkeypatch.setattr(League, "MOST_PLAYERS", 8)
    monkeypatch.setattr(League, "MOST_GAMES", 6)
    monkeypatch.setattr("rules.checks.MOST_HANDS", 40)
    monkeypatch.setattr("rules.scoresheet.MOST_HANDS", 40)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    for _ in range(League.MOST_GAMES):
        endless_game(league, 40, variant="3d", players=names)
    assert league.players.count() == League.MOST_PLAYERS
    assert Hand.objects.filter(game__league=league).count() == 6 * 40

    # The web's download, streamed, is what import_league takes back.
    client.force_login(user)
    response = client.get(reverse("games:league-export-json", args=[league.pk]))
    path = tmp_path / "league.json"
    path.write_bytes(b"".join(response.streaming_content))
    call_command("import_league", str(path), "--owner", UserFactory(username="restorer").username, stdout=StringIO())
    copy = League.objects.get(owner__username="restorer")
    original = export_league(league)
    # The importer owns the copy, beside the members the file brought back.
    copied = without_its_import(export_league(copy), copy.owner)
    assert copied.pop("members") == [{"username": "restorer", "role": "organizer"}, *original["members"]]
    assert copied == {key: value for key, value in original.items() if key != "members"}

    # And so is the command's.
    call_command("export_league", str(copy.pk), "-o", str(tmp_path / "again.json"), stderr=StringIO())
    again = json.loads((tmp_path / "again.json").read_text())
    again = without_its_import(again, copy.owner)
    del again["members"]
    assert again == {key: value for key, value in original.items() if key != "members"}
    assert Player.objects.filter(league=copy).count() == 8


def test_the_import_page_says_how_big_a_file_it_takes_and_what_to_do_with_a_bigger_one(client, league, settings):
    client.force_login(UserFactory())
    page = client.get(reverse("games:league-import")).content.decode()
    assert "This page takes files of up to 5 MB (about 2,800 games)" in page
    assert "python manage.py import_league FILE --owner YOUR-USER-NAME" in page
    settings.LEAGUE_FILE_MAX_MB = 1
    assert (
        "This page takes files of up to 1 MB (about 560 games)"
        in client.get(reverse("games:league-import")).content.decode()
    )
    document = json.dumps(export_league(league)).encode() + b" " * 1024 * 1024
    response = client.post(reverse("games:league-import"), {"file": SimpleUploadedFile("big.json", document)})
    assert response.status_code == 413
    assert "That file is over 1 MB, more than this page takes." in response.content.decode()
    assert "python manage.py import_league FILE --owner YOUR-USER-NAME" in response.content.decode()
    assert League.objects.count() == 1


def test_new_players_past_the_most_are_refused_before_any_write(league, monkeypatch):
    make_game(league)  # Ann, Ben, Cat, Dan
    monkeypatch.setattr(League, "MOST_PLAYERS", 5)
    with CaptureQueriesContext(connection) as queries, pytest.raises(SetupError) as refused:
        Game.start_named(league, "standard", ["Ann", "Ben", "Eve", "Fay"])
    assert str(refused.value) == f"{league.name} has 4 players and this game would add 2: a league holds at most 5"
    assert not [query for query in queries if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE"))]
    assert league.players.count() == 4
    # One new player fits.
    Game.start_named(league, "standard", ["Ann", "Ben", "Eve", "Dan"])
    assert league.players.count() == 5


def test_an_imported_game_past_the_most_games_writes_nothing(scorer, league, monkeypatch):
    make_game(league)
    monkeypatch.setattr(League, "MOST_GAMES", 1)
    sheet = {"variant": "standard", "players": ["Eve", "Fay", "Gus", "Hal"], "hands": []}
    with CaptureQueriesContext(connection) as queries, pytest.raises(SetupError, match="has 1 games"):
        Game.import_scoresheet(league, sheet)
    assert not [query for query in queries if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE"))]
    assert league.players.count() == 4
