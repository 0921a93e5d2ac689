"""Bounded imports (issue 34): tries per account and address, a file's parsing, a league's ceiling.

One new account imported the same 4.9 MB league file as a copy, try after
try, and grew the database by 31-49 MB a try (some 30 GB an hour); a 5 MB
file of integers cost 1.3 s of CPU. Now an account and an address have a few
imports an hour and a day (429, nothing written), a file's items are counted
before it is parsed (413), and a league's games, players and hands have a
ceiling in settings (413).
"""

import json
from io import StringIO
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from games.json_input import MOST_DEPTH, TooLarge, UnreadableJSON, read_json
from games.league_file.export import export_league
from games.models import Game, League
from rules import HandEntry
from scorekeeper.settings import env_rates
from tests.factories import UserFactory, make_game

pytestmark = pytest.mark.django_db

HOUR, DAY = 60 * 60, 24 * 60 * 60


@pytest.fixture
def clock(monkeypatch):
    """The counters' clock, moved by hand: [seconds]."""
    now = [1_800_000_000.0]
    monkeypatch.setattr("games.models.attempts.seconds_now", lambda: now[0])
    return now


@pytest.fixture
def league_file(league):
    # Ben takes the queen: one hand.
    make_game(league).record_hand(1, HandEntry.cards([3, 0, 10, 0], 1))
    return json.dumps(export_league(league)).encode()


def import_league_file(client, document, address="203.0.113.7"):
    upload = SimpleUploadedFile("league.json", document, "application/json")
    return client.post(reverse("games:league-import"), {"file": upload, "as_copy": "on"}, REMOTE_ADDR=address)


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


# The league file: per account, per address ------------------------------------------------------


def test_an_account_imports_five_league_files_an_hour_and_the_sixth_is_refused_with_429(
    clock, league, league_file, settings
):
    assert settings.LEAGUE_IMPORTS_PER_ACCOUNT == [(5, HOUR), (20, DAY)]
    importer = signed_in(UserFactory())
    for _ in range(5):
        assert import_league_file(importer, league_file).status_code == 302
    leagues = League.objects.count()
    clock[0] += HOUR - 60
    response = import_league_file(importer, league_file)
    assert response.status_code == 429
    # The window opened at the first try, 59 minutes ago: a minute to wait.
    assert response["Retry-After"] == "60"
    page = response.content.decode()
    assert "Too many imports from this account or this address for now. Try again in 1\xa0minute." in page
    assert League.objects.count() == leagues
    # An hour after the first, the next hour's five begin.
    clock[0] += 60
    assert import_league_file(importer, league_file).status_code == 302


def test_an_account_imports_at_most_twenty_league_files_a_day(clock, league, league_file, settings):
    settings.LEAGUE_IMPORTS_PER_ACCOUNT = [(2, HOUR), (3, DAY)]
    importer = signed_in(UserFactory())
    assert [import_league_file(importer, league_file).status_code for _ in range(3)] == [302, 302, 429]
    clock[0] += HOUR
    assert [import_league_file(importer, league_file).status_code for _ in range(2)] == [302, 429]
    # The hour's refusals did not use up the day's tries; the third was the day's last.
    clock[0] += HOUR
    response = import_league_file(importer, league_file)
    assert response.status_code == 429
    assert response["Retry-After"] == str(DAY - 2 * HOUR)
    clock[0] += DAY - 2 * HOUR
    assert import_league_file(importer, league_file).status_code == 302


def test_accounts_of_one_address_share_its_imports_and_other_addresses_do_not(clock, league, league_file, settings):
    settings.LEAGUE_IMPORTS_PER_ACCOUNT = [(2, HOUR)]
    settings.LEAGUE_IMPORTS_PER_ADDRESS = [(3, HOUR)]
    first, second, third = (signed_in(UserFactory()) for _ in range(3))
    assert [import_league_file(first, league_file).status_code for _ in range(2)] == [302, 302]
    assert import_league_file(second, league_file).status_code == 302
    # A third account from the same address is refused at the address ...
    assert import_league_file(third, league_file).status_code == 429
    # ... and from another address it has its account's second try left.
    assert import_league_file(third, league_file, address="198.51.100.20").status_code == 302


def test_every_try_counts_a_refused_file_too_so_parsing_files_is_limited_as_well(clock, league, league_file):
    importer = signed_in(UserFactory())
    for _ in range(5):
        assert import_league_file(importer, b"not json").status_code == 422
    with mock.patch("games.forms.backups.read_json") as read:
        response = import_league_file(importer, league_file)
    assert response.status_code == 429
    # Refused before the file was read.
    read.assert_not_called()


def test_the_command_line_is_not_counted_but_keeps_to_the_ceiling(clock, league, league_file, tmp_path, monkeypatch):
    path = tmp_path / "league.json"
    path.write_bytes(league_file)
    owner = UserFactory(username="organizer")
    for _ in range(7):
        call_command("import_league", str(path), "--owner", "organizer", "--as-copy", stdout=StringIO())
    assert League.objects.filter(owner=owner).count() == 7
    monkeypatch.setattr(League, "MOST_HANDS", 0)
    with pytest.raises(CommandError) as refused:
        call_command("import_league", str(path), "--owner", "organizer", "--as-copy", stdout=StringIO())
    assert str(refused.value) == (
        "A league holds at most 0 hands; this file has 1 (the server's ceiling: LEAGUE_MOST_GAMES, "
        "LEAGUE_MOST_PLAYERS and LEAGUE_MOST_HANDS in its environment, for this command and the server alike)"
    )
    assert League.objects.filter(owner=owner).count() == 7


# The scoresheet ---------------------------------------------------------------------------------

HAND = {"hearts": {"Ann": 3, "Ben": 10}, "queen": "Ben"}
SHEET = {"variant": "standard", "players": ["Ann", "Ben", "Cat", "Dan"], "hands": [HAND]}


def import_sheet(client, league, text):
    return client.post(reverse("games:game-import", args=[league.pk]), {"text": text, "again": "on"})


def test_an_account_imports_thirty_scoresheets_an_hour(clock, scorer, league, settings):
    assert settings.GAME_IMPORTS_PER_ACCOUNT == [(30, HOUR), (200, DAY)]
    settings.GAME_IMPORTS_PER_ACCOUNT = [(3, HOUR)]
    statuses = [import_sheet(scorer, league, json.dumps(SHEET)).status_code for _ in range(4)]
    assert statuses == [302, 302, 302, 429]
    assert league.games.count() == 3


def test_a_scoresheet_over_a_megabyte_is_refused_with_413_pasted_or_uploaded(clock, scorer, league):
    # Spaces inside the document: a pasted text's ends are trimmed.
    padded = json.dumps(SHEET).replace(",", "," + " " * 1_000_000, 1)
    response = import_sheet(scorer, league, padded)
    assert response.status_code == 413
    assert "That file is too large for a scoresheet" in response.content.decode()
    upload = SimpleUploadedFile("game.json", padded.encode())
    response = scorer.post(reverse("games:game-import", args=[league.pk]), {"scoresheet": upload})
    assert response.status_code == 413
    assert not league.games.exists()


def test_a_scoresheet_of_more_values_than_a_game_holds_is_refused_before_it_is_parsed(clock, scorer, league):
    # 200,000 numbers in 400 KB: a megabyte's scoresheet holds at most 125,000 values.
    numbers = "[" + ",".join(["1"] * 200_000) + "]"
    with mock.patch("json.loads", wraps=json.loads) as parse:
        response = import_sheet(scorer, league, numbers)
    assert response.status_code == 413
    assert "That scoresheet holds more than 125,000 values (numbers, names, lists)" in response.content.decode()
    # The session was read as JSON; the scoresheet never was.
    assert numbers not in [call.args[0] for call in parse.call_args_list]


def test_a_scoresheet_that_would_take_the_league_past_its_hands_is_refused(clock, scorer, league, monkeypatch):
    monkeypatch.setattr(League, "MOST_HANDS", 3)
    Game.import_scoresheet(league, {**SHEET, "hands": [HAND] * 2})
    response = import_sheet(scorer, league, json.dumps({**SHEET, "hands": [HAND] * 2}))
    assert response.status_code == 422
    assert f"{league.name} has 2 hands and this game would add 2: a league holds at most 3" in response.content.decode()
    assert league.games.count() == 1
    assert import_sheet(scorer, league, json.dumps(SHEET)).status_code == 302


# Reading a file: bounded before parsing ---------------------------------------------------------

FIVE_MB = 5 * 1024 * 1024


def test_a_five_megabyte_file_of_integers_is_refused_before_it_is_parsed():
    document = b"[" + b",".join([b"1"] * (FIVE_MB // 2 - 1)) + b"]"
    with mock.patch("games.json_input.json.loads") as parse, pytest.raises(TooLarge) as refused:
        read_json(document, most_bytes=FIVE_MB)
    parse.assert_not_called()
    # One value for every 8 bytes: 5 MB take 655,360.
    assert (refused.value.what, refused.value.most) == ("items", 655_360)


def test_a_league_file_has_far_fewer_values_than_the_cap_of_one_for_every_eight_bytes(client, league):
    make_game(league)
    document = json.dumps(export_league(league)).encode()
    items = document.count(b",") + document.count(b"[") + document.count(b"{")
    # A league's file has a value for every 16 bytes or so: twice the cap's density.
    assert len(document) / items > 12
    assert read_json(document, most_bytes=len(document)) == export_league(league)


def test_a_file_over_the_bytes_is_refused_and_without_a_cap_it_is_read(client):
    document = b"[" + b" " * 100 + b"]"
    with pytest.raises(TooLarge) as refused:
        read_json(document, most_bytes=100)
    assert (refused.value.what, refused.value.most) == ("bytes", 100)
    assert read_json(document) == []


def test_nesting_is_bounded_at_thirty_two():
    assert MOST_DEPTH == 32
    nested: list = []
    for _ in range(31):
        nested = [nested]
    assert read_json("[" * 32 + "]" * 32) == nested
    with pytest.raises(UnreadableJSON, match=r"^JSON nested too deeply to be a scoresheet or a league$"):
        read_json("[" * 33 + "]" * 33)
    with pytest.raises(UnreadableJSON, match="nested too deeply"):
        read_json('{"a": ' * 33 + "1" + "}" * 33)


def test_a_lone_surrogate_is_refused_in_a_key_a_value_or_pasted_text_and_a_pair_is_read():
    for text in ['{"\\ud800": 1}', '["\\uDC00"]', '{"a": [{"b": "x\\ud800"}]}']:
        with pytest.raises(UnreadableJSON, match="a broken character"):
            read_json(text)
    with pytest.raises(UnreadableJSON, match="a broken character"):
        read_json('["\ud800"]')
    # An escaped backslash before "ud800" is no escape; a pair is one character.
    assert read_json('["\\\\ud800", "\\ud83d\\ude00"]') == ["\\ud800", "😀"]


def test_rates_are_read_from_the_environment_and_a_typo_stops_the_server(monkeypatch):
    monkeypatch.setenv("LEAGUE_IMPORTS_PER_ACCOUNT", "3/h, 10/d")
    assert env_rates("LEAGUE_IMPORTS_PER_ACCOUNT", "5/h") == [(3, HOUR), (10, DAY)]
    monkeypatch.setenv("LEAGUE_IMPORTS_PER_ACCOUNT", "3/week")
    with pytest.raises(ValueError, match=r"LEAGUE_IMPORTS_PER_ACCOUNT: '3/week' is not a rate such as 5/h"):
        env_rates("LEAGUE_IMPORTS_PER_ACCOUNT", "5/h")
