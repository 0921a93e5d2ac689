"""A whole league in and out: JSON for backups and moves, CSV for spreadsheets.

The JSON export holds what the tables entered and nothing derived: the
league's name, its players, and every game as a scoresheet
(shared/SCORESHEET.md) under "scoresheet", with its dates and whether it was
declared null or abandoned. Importing it rebuilds the results and ratings
from the entries, so a round trip gives the same standings.

    {"format": "hearts-league", "version": 1,
     "league": {"name": "The Tuesday table"},
     "players": ["Ann", "Ben", ...],
     "games": [{"number": 16, "scoresheet": {..., "played_on": "2025-01-07"},
                "created_at": "2025-01-07T19:30:00+00:00",
                "finished_at": "2025-01-07T20:41:00+00:00", "declared": ""}]}

"league" may also hold "time_zone" (default UTC), and the document
"seasons": the organizer's named seasons, [{"name": "Spring 2026",
"first_day": "2026-03-01", "last_day": "2026-05-31"}, ...] (the automatic
calendar years are not written: the league keeps them by itself). A game without "number"
is numbered after the league's others in the file's order; a scoresheet
without "played_on" was played on the day of its created_at, in the
league's time zone (files written before games had a day).
"""

from __future__ import annotations

import json
import unicodedata
import zoneinfo
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.activity import export_activity, read_activity, store_activity
from games.models import (
    Game,
    Hand,
    League,
    Player,
    Season,
    Seat,
    entry_from_json,
    entry_to_json,
    hand_result_to_json,
    league_name,
    player_name,
    read_played_on,
    season_name,
)
from games.ratings import ordinal
from rules import (
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    ScoresheetError,
    name_key,
    play,
    read_scoresheet,
    write_scoresheet,
)

FORMAT = "hearts-league"
VERSION = 1
TOP_LEVEL_KEYS = {"format", "version", "league", "players", "games", "seasons", "activity"}
SEASON_KEYS = {"name", "first_day", "last_day"}
GAME_KEYS = {"number", "scoresheet", "created_at", "finished_at", "declared"}
LEAGUE_KEYS = {"name", "time_zone"}
DECLARED = {"", Game.Status.NULL.value, Game.Status.ABANDONED.value}
# The dates a game can have: none before Hearts had leagues to keep, and
# none later than tomorrow (a day's grace for clocks and time zones).
EARLIEST_YEAR = 1900
LATEST_AHEAD = timedelta(days=1)
# Columns for this many seats in hands.csv: the most any variant seats (3D Hearts).
MOST_SEATS = 8


class LeagueImportError(Exception):
    """The file cannot be imported; str() says why in one line, naming the game."""


@dataclass(frozen=True)
class GameRecord:
    """One game to store: its setup, the players in seat order and the table's entries."""

    setup: GameSetup
    players: Sequence[Player]
    entries: Sequence[HandEntry]
    created_at: datetime
    finished_at: datetime | None = None
    declared: str = ""
    state: GameState | None = None  # play(setup, entries), when the caller has it already
    played_on: date | None = None  # the day of created_at at the league's table when None
    number: int | None = None  # the next of the league's numbers when None


# Storing many games at once -------------------------------------------------


def add_games(league: League, records: Sequence[GameRecord]) -> list[Game]:
    """Store finished records in bulk, with their results computed by the engine.

    Game.refresh() would write each seat on its own; a league of thousands of
    games is stored in a few INSERTs instead, with the same cached results
    (set_results is what refresh uses). Ratings and standings are left to the caller
    (League.results_changed).
    Raises HandError when an entry does not stand.
    """
    games, seats, hands = [], [], []
    next_number = league.take_game_numbers(sum(1 for record in records if record.number is None))
    zone = league.zone
    for record in records:
        state = record.state or play(record.setup, record.entries)
        setup = record.setup
        if record.number is None:
            number, next_number = next_number, next_number + 1
        else:
            number = record.number
        game = Game(
            league=league,
            number=number,
            played_on=record.played_on or record.created_at.astimezone(zone).date(),
            variant=setup.variant.key,
            options=setup.options.as_dict(),
            first_dealer=setup.first_dealer,
            created_at=record.created_at,
            declared=record.declared,
            finished_at=record.finished_at,
        )
        winners = game.set_results(state)
        game.version = len(record.entries)
        games.append(game)
        for position, player in enumerate(record.players):
            seat = Seat(game=game, player=player, position=position)
            seat.set_results(state, winners)
            seats.append(seat)
        hands.extend(
            Hand(
                game=game,
                number=number,
                entry=entry_to_json(entry),
                result=hand_result_to_json(hand),
                created_at=record.created_at,
                updated_at=record.created_at,
            )
            for number, (entry, hand) in enumerate(zip(record.entries, state.hands, strict=True), start=1)
        )
    Game.objects.bulk_create(games, batch_size=500)
    Seat.objects.bulk_create(seats, batch_size=1000)
    Hand.objects.bulk_create(hands, batch_size=1000)
    return games


# Export -----------------------------------------------------------------------


# What the export reads of each game, in the order _game_records unpacks it.
EXPORT_GAME_FIELDS = ["pk", "number", "variant", "options", "first_dealer", "played_on", "created_at", "finished_at",
                      "declared"]  # fmt: skip


def _games_in_order(league: League, game_fields: Sequence[str], hand_fields: Sequence[str]) -> Iterator[tuple]:
    """The league's games in order of play, read as values: for each, its game_fields, its
    players' names in seat order and its hands' hand_fields in order.

    Three queries (games, seats, hands) streamed side by side in chunks, rather
    than models and their prefetched seats and hands: a league of the most games
    a league holds is read in constant memory, several times faster."""
    order = ("played_on", "created_at", "pk")
    games = Game.objects.filter(league=league).order_by(*order).values_list(*game_fields)
    by_game = [f"game__{field}" for field in order]
    seats = (
        Seat.objects.filter(game__league=league).order_by(*by_game, "position").values_list("game_id", "player__name")
    )
    hands = Hand.objects.filter(game__league=league).order_by(*by_game, "number").values_list("game_id", *hand_fields)
    seated = groupby(seats.iterator(chunk_size=2000), key=itemgetter(0))
    handed = groupby(hands.iterator(chunk_size=2000), key=itemgetter(0))
    next_hands = next(handed, None)
    for game in games.iterator(chunk_size=2000):
        game_id = game[0]
        # Every game has its seats; the hands skip the games that have none yet.
        names = next([name for _, name in players] for seated_game, players in seated if seated_game == game_id)
        game_hands: list[tuple] = []
        if next_hands is not None and next_hands[0] == game_id:
            game_hands = [hand[1:] for hand in next_hands[1]]
            next_hands = next(handed, None)
        yield game, names, game_hands


def _game_records(league: League) -> Iterator[dict[str, Any]]:
    """Each game as the export writes it, in order of play; the scoresheet by the engine's writer."""
    for game, names, hands in _games_in_order(league, EXPORT_GAME_FIELDS, ["entry"]):
        _, number, variant, options, first_dealer, played_on, created_at, finished_at, declared = game
        setup = GameSetup.create(variant, names, options, first_dealer)
        entries = [entry_from_json(entry) for (entry,) in hands]
        yield {
            "number": number,
            "scoresheet": write_scoresheet(setup, entries, played_on=played_on),
            "created_at": created_at.isoformat(),
            "finished_at": finished_at.isoformat() if finished_at else None,
            "declared": declared,
        }


def _league_head(league: League) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "league": {"name": league.name, "time_zone": league.time_zone},
        "players": list(Player.objects.filter(league=league).order_by("name", "pk").values_list("name", flat=True)),
        "seasons": [
            {"name": name, "first_day": first_day.isoformat(), "last_day": last_day.isoformat()}
            for name, first_day, last_day in Season.objects.filter(league=league, automatic=False)
            .order_by("first_day", "last_day", "name")
            .values_list("name", "first_day", "last_day")
        ],
        "activity": export_activity(league),
    }


def export_league(league: League) -> dict[str, Any]:
    """The league as the JSON document described at the top of this module."""
    return {**_league_head(league), "games": list(_game_records(league))}


def export_league_json(league: League) -> Iterator[str]:
    """export_league() as JSON text, a game per line, read and written a chunk of games at a time.

    A league of the most games a league holds streams in constant memory, and
    the download starts at once instead of after the whole file is built.
    """
    head = json.dumps(_league_head(league), ensure_ascii=False)
    yield head[:-1] + ', "games": [\n'
    for number, record in enumerate(_game_records(league)):
        yield ("" if number == 0 else ",\n") + json.dumps(record, ensure_ascii=False)
    yield "\n]}\n"


GAMES_CSV_HEADER = [
    "game", "played_on", "started", "finished", "variant", "house_rules", "status", "hands", "seat", "player",
    "total", "won", "points", "moons", "queens", "jacks", "wraps", "revokes", "rating",
]  # fmt: skip


def _local_minute(moment: datetime | None, zone: zoneinfo.ZoneInfo) -> str:
    """A time as a spreadsheet reads it: the league's local time to the minute, '2025-01-07 19:30'."""
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M") if moment else ""


def house_rules(options: Mapping[str, Any]) -> str:
    """A game's options in one cell: 'target=100; moon=choice; wraps=50 69'."""

    def value(option: Any) -> str:
        if isinstance(option, bool):
            return "yes" if option else "no"
        if isinstance(option, list | tuple):
            return " ".join(str(item) for item in option) or "none"
        return str(option)

    return "; ".join(f"{key}={value(option)}" for key, option in sorted(options.items()))


# What games_csv_rows reads of each seat, in the order it unpacks them.
GAMES_CSV_FIELDS = [
    "game_id", "game__number", "game__played_on", "game__created_at", "game__finished_at", "game__variant",
    "game__options", "game__status", "game__hand_count", "position", "player__name", "total", "won", "points",
    "moons", "queens", "jacks", "wraps", "revokes", "rating_mu", "rating_sigma",
]  # fmt: skip


def games_csv_rows(league: League) -> Iterator[list[Any]]:
    """One row per player per game: the cached results, header first. Read as values: as
    models, the seats of thousands of games with their game and player took twice as long."""
    yield GAMES_CSV_HEADER
    zone = league.zone
    seats = (
        Seat.objects.filter(game__league=league)
        .order_by("game__played_on", "game__created_at", "game_id", "position")
        .values_list(*GAMES_CSV_FIELDS)
    )
    rules: dict[int, str] = {}
    for (game_id, number, played_on, created_at, finished_at, variant, options, status, hands, position, name, total,
         won, points, moons, queens, jacks, wraps, revokes, mu, sigma) in seats.iterator(chunk_size=2000):  # fmt: skip
        if game_id not in rules:
            rules = {game_id: house_rules(options)}  # the rows of one game come together
        rating = f"{ordinal(mu, sigma):.2f}" if mu is not None else ""
        yield [
            number, played_on.isoformat(), _local_minute(created_at, zone), _local_minute(finished_at, zone), variant,
            rules[game_id], status, hands, position + 1, _cell(name), total, int(won), points, moons, queens, jacks,
            wraps, revokes, rating,
        ]  # fmt: skip


def hands_csv_header() -> list[str]:
    header = ["game", "hand", "dealer", "pass", "tie_break", "revoke", "queen", "jack",
              "moon_shooter", "moon_resolution", "wrapped", "other_cards", "sun", "time_up"]  # fmt: skip
    for seat in range(1, MOST_SEATS + 1):
        header += [f"player_{seat}", f"hearts_{seat}", f"points_{seat}", f"total_{seat}"]
    return header


def hands_csv_rows(league: League) -> Iterator[list[Any]]:
    """One row per hand as the engine scored it, seats in columns; header first.

    Read from each hand's cached result (Hand.result, kept by Game.refresh):
    replaying every game took seconds for a league of thousands. A game with a
    hand not yet cached (stored before the cache; rebuild_results fills it) is
    played by the engine instead."""
    yield hands_csv_header()
    for (game_id, game_number), names, hands in _games_in_order(
        league, ["pk", "number"], ["number", "entry", "result"]
    ):
        names = [_cell(name) for name in names]
        if any(result is None for *_, result in hands):
            yield from _replayed_rows(game_id, names)
            continue
        for number, entry, result in hands:
            yield _hand_row(game_number, number, names, entry_from_json(entry), result)


def _replayed_rows(game_id: int, names: list[str]) -> Iterator[list[Any]]:
    """hands_csv_rows' rows of one game, from the engine."""
    game = Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player")),
        Prefetch("hands", queryset=Hand.objects.order_by("number")),
    ).get(pk=game_id)
    for hand in game.state().hands:
        yield _hand_row(game.number, hand.number, names, hand.entry, hand_result_to_json(hand))


def _hand_row(game_number: int, number: int, names: list[str], entry: HandEntry, result: dict[str, Any]) -> list[Any]:
    def name(seat: int | None) -> str:
        return names[seat] if seat is not None else ""

    moon = result["moon"]
    row: list[Any] = [
        game_number, number, name(result["dealer"]), result["pass"], int(result["tie_break"]),
        name(entry.revoke), name(entry.queen), name(entry.jack),
        name(moon[0]) if moon else "", moon[1] if moon else "",
        " ".join(names[seat] for seat in result["wrapped"]),
        # A house's extra point cards (K♠ Ann; A♠ Ben), from the engine's point-card table.
        "; ".join(f"{card} {name(taker)}" for card, taker in entry.extras),
        int(entry.sun), int(entry.time_up),
    ]  # fmt: skip
    for seat in range(MOST_SEATS):
        if seat < len(names):
            hearts = entry.hearts[seat] if entry.hearts else 0
            row += [names[seat], hearts, result["points"][seat], result["totals"][seat]]
        else:
            row += ["", "", "", ""]
    return row


# What a spreadsheet may read as the start of a formula, also in full width.
FORMULA_STARTS = frozenset("=+-@＝＋－＠")


def _cell(text: str) -> str:
    """A name as a spreadsheet cell: never read as a formula (CSV injection, as OWASP advises).

    Spreadsheets skip leading spaces and line breaks before looking for a
    formula, so a cell starting with any of them is defused too: names
    stored before the one rule for names could still hold a line feed."""
    first = text[:1]
    if first in FORMULA_STARTS or (first and (first.isspace() or unicodedata.category(first) == "Cc")):
        return "'" + text
    return text


# Import -----------------------------------------------------------------------


def import_league(document: object, owner: Any) -> League:
    """A new league owned by `owner` from an exported document; raises LeagueImportError.

    The whole document is read and every game played by the engine before the
    write begins, so a refused file takes no lock at all; the writes are one
    transaction, so on any error nothing is saved.
    """
    name, time_zone, player_names, games = _read_document(document)
    activity = read_activity(document, LeagueImportError)
    seasons = _read_seasons(document.get("seasons", []))
    records = [_read_game(number, game, player_names) for number, game in enumerate(games, start=1)]
    numbers = [record[-1] for record in records if record[-1] is not None]
    if len(set(numbers)) != len(numbers):
        raise LeagueImportError("Two games have the same 'number'")
    return store_activity(_store_league(owner, name, time_zone, player_names, records, seasons), activity, owner)


@transaction.atomic
def _store_league(owner: Any, name: str, time_zone: str, player_names: list[str], records: list[tuple],
                  seasons: Sequence[tuple[str, date, date]] = ()) -> League:  # fmt: skip
    league = League.create_for(owner, League.name_apart(owner, name))
    # Numbers the file gives are kept; the league counts on from the highest.
    given = max((record[-1] for record in records if record[-1] is not None), default=0)
    League.objects.filter(pk=league.pk).update(time_zone=time_zone, last_game_number=given)
    league.time_zone, league.last_game_number = time_zone, given
    players = {
        player.name: player
        for player in Player.objects.bulk_create(
            Player(league=league, name=player_name) for player_name in player_names
        )
    }
    add_games(
        league,
        [
            GameRecord(
                setup,
                [players[name] for name in setup.players],
                entries,
                created_at,
                finished_at,
                declared,
                state,
                played_on,
                number,
            )
            for setup, entries, state, created_at, finished_at, declared, played_on, number in records
        ],
    )
    Season.objects.bulk_create(
        Season(league=league, name=season, first_day=first_day, last_day=last_day)
        for season, first_day, last_day in seasons
    )
    # Every season's standings and ratings too (League.seasons_changed).
    league.results_changed()
    return league


def _read_seasons(seasons: object) -> list[tuple[str, date, date]]:
    """The organizer's seasons from the file, checked as the seasons' form checks them."""
    if not isinstance(seasons, list):
        raise LeagueImportError("'seasons' must be a list")
    if len(seasons) > Season.MOST_PER_LEAGUE:
        raise LeagueImportError(f"A league has at most {Season.MOST_PER_LEAGUE} seasons; this file has {len(seasons)}")
    read, seen = [], set()
    for number, season in enumerate(seasons, start=1):
        if not isinstance(season, Mapping) or set(season) != SEASON_KEYS:
            raise LeagueImportError(f"Season {number}: each season is {{'name', 'first_day', 'last_day'}} and no more")
        name = _as_the_app_writes_it(season["name"], season_name)
        if name_key(name) in seen:
            raise LeagueImportError(f"The season {name} is listed twice")
        seen.add(name_key(name))
        days = []
        for field in ("first_day", "last_day"):
            try:
                days.append(date.fromisoformat(season[field]) if isinstance(season[field], str) else None)
            except ValueError:
                days.append(None)
            if days[-1] is None or len(season[field]) != 10:
                raise LeagueImportError(f"Season {name}: '{field}' must be a day written like 2026-03-01")
        problem = Season.days_problem(*days)
        if problem:
            raise LeagueImportError(f"Season {name}: {problem}")
        read.append((name, *days))
    return read


def _read_document(document: object) -> tuple[str, list[str], list[Any]]:
    if not isinstance(document, Mapping):
        raise LeagueImportError("A league file must be a JSON object")
    if document.get("format") != FORMAT:
        raise LeagueImportError(f"This is not a league export (its 'format' should be '{FORMAT}')")
    if document.get("version") != VERSION:
        raise LeagueImportError(f"Only version {VERSION} league files can be imported")
    unknown = sorted(set(document) - TOP_LEVEL_KEYS)
    if unknown:
        raise LeagueImportError(f"Unknown field '{unknown[0]}' in the league file")
    league = document.get("league")
    name = _as_the_app_writes_it(league.get("name") if isinstance(league, Mapping) else None, league_name)
    unknown = sorted(set(league) - LEAGUE_KEYS)
    if unknown:
        raise LeagueImportError(f"Unknown field '{unknown[0]}' in the league file's 'league'")
    time_zone = league.get("time_zone", "UTC")
    if not isinstance(time_zone, str) or time_zone not in zoneinfo.available_timezones():
        raise LeagueImportError("'time_zone' must be a time zone name such as Europe/London")
    player_names = document.get("players")
    if not isinstance(player_names, list):
        raise LeagueImportError("'players' must be a list of names")
    if len(player_names) > League.MOST_PLAYERS:
        raise LeagueImportError(
            f"A league holds at most {League.MOST_PLAYERS:,} players; this file lists {len(player_names):,}"
        )
    seen: set[str] = set()
    for player in player_names:
        _as_the_app_writes_it(player, player_name)
        if name_key(player) in seen:
            raise LeagueImportError(f"The player {player} is listed twice")
        seen.add(name_key(player))
    games = document.get("games")
    if not isinstance(games, list):
        raise LeagueImportError("'games' must be a list")
    if len(games) > League.MOST_GAMES:
        raise LeagueImportError(f"A league holds at most {League.MOST_GAMES:,} games; this file has {len(games):,}")
    return name, time_zone, player_names, games


def _as_the_app_writes_it(name: object, clean: Any) -> str:
    """A name from the file, which must be one the forms could have stored.

    Tidying it here instead would not do: the scoresheets name the players
    as the list does, and a backup restores what was backed up or nothing."""
    try:
        tidied = clean(name)
    except ValidationError as error:
        shown = f" ({name[:20]!r})" if isinstance(name, str) else ""
        raise LeagueImportError(f"{error.messages[0]}{shown}") from None
    if tidied != name:
        raise LeagueImportError(f"The name {name!r} is not written as the app writes names: {tidied!r}")
    return tidied


def _read_game(number: int, game: object, player_names: list[str]):
    def fail(message: str) -> LeagueImportError:
        return LeagueImportError(f"Game {number}: {message}")

    if not isinstance(game, Mapping):
        raise fail("each game must be a JSON object")
    unknown = sorted(set(game) - GAME_KEYS)
    if unknown:
        raise fail(f"unknown field '{unknown[0]}'")
    given_number = game.get("number")
    if given_number is not None and (type(given_number) is not int or not 1 <= given_number <= 2**31 - 1):
        raise fail("'number' must be a whole number from 1")
    try:
        setup, entries = read_scoresheet(game.get("scoresheet"))
        played_on = read_played_on(game.get("scoresheet"))
        state = play(setup, entries)
    except (ScoresheetError, HandError) as error:
        raise fail(str(error)) from None
    missing = [name for name in setup.players if name not in player_names]
    if missing:
        raise fail(f"{missing[0]} is not in the league's list of players")
    created_at = _read_time(game.get("created_at"), "created_at", fail)
    if created_at is None:
        raise fail("'created_at' is missing")
    finished_at = _read_time(game.get("finished_at"), "finished_at", fail)
    if finished_at is not None and finished_at < created_at:
        raise fail("'finished_at' is before 'created_at'")
    declared = game.get("declared", "")
    if not isinstance(declared, str) or declared not in DECLARED:
        raise fail('\'declared\' must be "", "null" or "abandoned"')
    if declared:
        problem = Game.declaration_problem(declared, state)
        if problem:
            raise fail(problem)
    return setup, entries, state, created_at, finished_at, declared, played_on, given_number


def _read_time(value: object, field: str, fail) -> datetime | None:
    if value is None:
        return None
    try:
        moment = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well formed but impossible, like month 13
        moment = None
    if moment is None:
        raise fail(f"'{field}' must be a date and time like 2025-01-07T19:30:00+00:00")
    # Checked on the year before any arithmetic: 9999-12-31 at UTC-14 is past
    # the last moment Python (and so every page that shows it) can hold in UTC.
    latest = timezone.now() + LATEST_AHEAD
    if not EARLIEST_YEAR <= moment.year <= latest.year:
        raise fail(f"'{field}' must be between {EARLIEST_YEAR} and tomorrow")
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_default_timezone())
    # 1900-01-01T00:00+14:00 is still 1899 in UTC, as it would be stored.
    if moment > latest or moment.astimezone(UTC).year < EARLIEST_YEAR:
        raise fail(f"'{field}' must be between {EARLIEST_YEAR} and tomorrow")
    return moment
