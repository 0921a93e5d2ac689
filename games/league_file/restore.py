"""Reading a league file back and storing it as a new league, its results rebuilt by the engine."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, date, datetime
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

from django.db import connection, models, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from games.bulk import Rows, collector_paused, instance_rows, made_ahead, prepare_rows, step_write, write_rows
from games.league_file import LeagueAlreadyHere, LeagueImportError, LeagueTooLarge, counted, declared_refusal
from games.league_file.sections import (
    _USERNAMES_SEEN,
    CORE_KEYS,
    DECLARED,
    EARLIEST_YEAR,
    FORMAT,
    GAME_KEYS,
    HAND_ACTIONS,
    LATEST_AHEAD,
    LEAGUE_SETTINGS,
    MOST_HISTORY_LINES,
    READABLE_VERSIONS,
    SECTIONS,
    SETTINGS_BEFORE,
    GameAtTable,
    Reading,
    Restoring,
    Store,
    _as_the_app_writes_it,
    _read_time_zone,
    _read_username,
)
from games.models import (
    Game,
    Hand,
    HandRevision,
    League,
    Player,
    Seat,
    is_phone_name,
    league_name,
    player_name,
    read_played_on,
    refusal,
    seat_results,
)
from games.ratings import RatedSeat, Rating, Ratings, rate_in_order
from rules import (
    MOST_HANDS,
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    ScoresheetError,
    name_key,
    play,
    read_hand,
    read_scoresheet,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User


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
    clock_started_at: datetime | None = None
    stored: Sequence[dict[str, Any]] = ()  # each entry's to_stored(), when the caller has them already


# Storing many games at once -------------------------------------------------


def add_games(league: League, records: Sequence[GameRecord]) -> list[Game]:
    """Store finished records in bulk, with their results computed by the engine.

    Game.refresh() would write each seat on its own; a league of thousands of
    games is stored in a few INSERTs instead, with the same cached results
    (set_results is what refresh uses). Ratings and standings are left to the caller
    (League.results_changed).
    Raises HandError when an entry does not stand.
    """
    return store_game_rows(league, game_rows(played_games(league, records)))


HAND_COLUMNS = ["game", "number", "entry", "result", "created_at", "updated_at", "client_key"]
SEAT_COLUMNS = ["game", "player", "position", *Seat.RESULT_FIELDS, "rating_mu", "rating_sigma"]
# A seat's results (seat_results' by name) in SEAT_COLUMNS' order.
SEAT_RESULTS = itemgetter(*Seat.RESULT_FIELDS)
# A seat as rate_in_order names it before the seats have ids: its game's number and its position.
SeatKey = tuple[int, int]


@dataclass
class PlayedGame:
    """A record played by the engine: its Game, unsaved and its results set, and each seat's results
    by name (seat_results: Seat.RESULT_FIELDS)."""

    record: GameRecord
    game: Game
    seats: list[dict[str, Any]]


@dataclass
class GameRows:
    """Games ready for the database (games.bulk.Rows), made before the write that stores them.

    The seats', hands' and History's first value is their game's number, made
    its id once the games are in (store_game_rows)."""

    games: list[Game]
    game_rows: Rows
    seats: Rows
    hands: Rows
    revisions: Rows | None = None


def played_games(league: League, records: Sequence[GameRecord]) -> list[PlayedGame]:
    """Each record's Game and seats' results, worked out by the engine.

    Writes nothing when every record has its number; otherwise takes the league's next numbers
    in the caller's transaction."""
    played = []
    unnumbered = sum(1 for record in records if record.number is None)
    next_number = league.take_game_numbers(unnumbered) if unnumbered else 0
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
            clock_started_at=record.clock_started_at,
        )
        winners = game.set_results(state)
        game.version = len(record.entries)
        played.append(PlayedGame(dataclasses.replace(record, state=state), game, seat_results(state, winners)))
    return played


def rate_played(played: Sequence[PlayedGame], ratings: Ratings) -> dict[SeatKey, Rating]:
    """Rate the counted games of `played` in order of play from `ratings` (updated in place, as
    League._rating_changes does), before any of them is stored: each counted seat's rating.

    The order is the database's (Game's ORDER_OF_PLAY: day, start, id): games stored in the
    order of `played` take their ids in it, and sorted() keeps that order among equals."""
    counted = sorted(
        (each for each in played if each.game.status == Game.Status.OVER),
        key=lambda each: (each.game.played_on, each.game.created_at),
    )
    in_order = [
        [
            RatedSeat((each.game.number, position), player.pk, results["total"], results["won"], None, results["team"])
            for position, (player, results) in enumerate(zip(each.record.players, each.seats, strict=True))
        ]
        for each in counted
    ]
    return dict(rate_in_order(in_order, ratings))


def game_rows(
    played: Sequence[PlayedGame],
    revisions: Sequence[Sequence[tuple]] = (),
    user_ids: Mapping[str, int] | None = None,
    ratings: Mapping[SeatKey, Rating] | None = None,
) -> GameRows:
    """The rows of played games, seats and hands, and of their History (revisions: each record's
    lines, as ReadGame.history holds them). A seat's rating is in `ratings` (rate_played), or
    left for the league's rating to write (League.results_changed)."""
    games: list[Game] = []
    seats: list[tuple] = []
    hands: list[tuple[int, int, dict[str, Any], dict[str, Any], datetime, datetime, str]] = []
    ratings = ratings or {}
    for each in played:
        record, game = each.record, each.game
        state = cast(GameState, record.state)
        number = game.number
        games.append(game)
        # A seat's row without a Seat: some 20,000 instances cost more than their INSERT.
        for position, (player, results) in enumerate(zip(record.players, each.seats, strict=True)):
            mu, sigma = ratings.get((number, position), (None, None))
            seats.append((number, player.pk, position, *SEAT_RESULTS(results), mu, sigma))
        stored = record.stored or [entry.to_stored() for entry in record.entries]
        at = record.created_at
        hands.extend(
            (number, hand_number, entry, hand.to_stored(), at, at, "")
            for hand_number, (entry, hand) in enumerate(zip(stored, state.hands, strict=True), start=1)
        )
    # One memo for the chunk: a hand's entry is its History line's after, the same object.
    memo: dict[int, tuple[Any, Any]] = {}
    game_names, game_values = instance_rows(Game, games)
    rows = GameRows(
        games,
        prepare_rows(Game, game_names, game_values, memo),
        prepare_rows(Seat, SEAT_COLUMNS, seats, memo),
        prepare_rows(Hand, HAND_COLUMNS, hands, memo),
    )
    if revisions:
        known = user_ids or {}
        rows.revisions = prepare_rows(
            HandRevision,
            ["game", "at", "user", "user_name", "action", "number", "before", "after"],
            (
                (game.number, at, known.get(by), "" if by in known else by or "", action, number, before, after)
                for game, lines in zip(games, revisions, strict=True)
                for at, by, action, number, before, after in lines
            ),
            memo,
        )
    return rows


def store_game_rows(league: League, rows: GameRows) -> list[Game]:
    """Write prepared games with their seats, hands and History: the games' INSERT, their ids read
    back by number (one per league), then the rest's. Returns the games, saved."""
    write_rows(rows.game_rows)
    numbers = [game.number for game in rows.games]
    ids = dict(Game.all_objects.filter(league=league, number__in=numbers).values_list("number", "pk"))
    for game in rows.games:
        game.pk = ids[game.number]
        game._state.adding, game._state.db = False, connection.alias
    for prepared in (rows.seats, rows.hands, rows.revisions):
        if prepared is not None:
            write_rows(dataclasses.replace(prepared, values=[(ids[row[0]], *row[1:]) for row in prepared.values]))
    return rows.games


# Import -----------------------------------------------------------------------


@dataclass
class ReadGame:
    """A game of the file, checked and played by the engine, ready to store."""

    setup: GameSetup
    entries: list[HandEntry]
    state: GameState
    created_at: datetime
    finished_at: datetime | None
    declared: str
    played_on: date | None
    number: int | None
    clock_started_at: datetime | None
    # (at, username or None, action, hand number, before, after), as HandRevision stores them.
    history: list[tuple]
    stored: list[dict[str, Any]]  # each entry's to_stored(): the Hand rows', and the History's added hands


def import_league(document: object, owner: User, as_copy: bool = False) -> League:
    """A new league owned by `owner` from an exported document; raises LeagueImportError.

    The whole document is read and every game played by the engine before the
    write begins, so a refused file takes no lock at all; the writes come in
    short transactions, a chunk of games each, the league hidden until the last
    (_store_league), so on any error nothing is left. A file whose games are
    already a league of the owner's is refused (LeagueAlreadyHere) unless
    `as_copy`. The league's `invited` lists the members the file names, its
    importer aside: each is an invitation by username, not a member
    (games.models.NamedInvitation). Python's cycle collector rests
    meanwhile (games.bulk.collector_paused).
    """
    with collector_paused():
        return _import_league(document, owner, as_copy)


def _import_league(document: object, owner: User, as_copy: bool) -> League:
    name, settings, player_names, games, version = _read_document(document)
    records = [_read_game(number, game, player_names) for number, game in enumerate(games, start=1)]
    numbers = [record.number for record in records if record.number is not None]
    if len(set(numbers)) != len(numbers):
        raise LeagueImportError(gettext("Two games have the same 'number'"))
    tables = {
        record.number: GameAtTable(
            tuple(record.setup.players), record.setup.variant.key, record.setup.options.as_dict()
        )
        for record in records
        if record.number is not None
    }
    reading = Reading(version, player_names, set(numbers), tables)
    assert isinstance(document, Mapping)  # _read_document refused anything else
    stores = [section.read(document.get(section.key, section.absent), reading) for section in SECTIONS]
    if not as_copy:
        twin = already_here(owner, records)
        if twin is not None:
            raise LeagueAlreadyHere(twin)
    return _store_league(owner, name, settings, player_names, records, stores)


def already_here(user: User, records: Sequence[ReadGame]) -> League | None:
    """The user's league that holds these games already: its games started at the same moments
    with the same numbers as the file's first and last (a league file's games are its own)."""
    if not records:
        return None
    leagues = League.objects.for_user(user)
    holding = None
    for record in {records[0].created_at: records[0], records[-1].created_at: records[-1]}.values():
        games = Game.objects.filter(league__in=leagues, created_at=record.created_at)
        if record.number is not None:
            games = games.filter(number=record.number)
        found = set(games.values_list("league_id", flat=True))
        holding = found if holding is None else holding & found
    return League.objects.filter(pk__in=holding).order_by("pk").first() if holding else None


# Games written in one transaction a chunk: on SQLite a write holds the database's one write lock,
# so another league's hand waits at most one chunk's write (about 0.2 s) rather than the whole
# file's. Making the next chunk's rows, between two writes, takes longer than the pause a waiting
# hand needs (games.bulk.step_write), so no time goes in sleeping: with 500 games a chunk, the
# rows were made faster than the pause, and 5,000 games slept 0.3 s of their 4.2.
CHUNK_GAMES = 1000


def _store_league(owner: User, name: str, settings: dict[str, Any], player_names: list[str],
                  records: list[ReadGame], stores: Sequence[Store] = ()) -> League:  # fmt: skip
    """Write the league a chunk of games at a time, each chunk its own short transaction.

    The league stays hidden (League.importing: out of every list and page) until
    the last write, which rates it and shows it, commits; if any write fails the
    league is removed with whatever was written of it, and the error raised.
    Each chunk's rows are made ready before its transaction begins, so the
    write lock is held only while they are sent."""
    league, players, numbers = _hidden_league(owner, name, settings, player_names, records)
    try:
        restoring = Restoring(league, owner, players, {})
        # A History line is linked to its importer's account; every other name is kept as a name
        # (linked when its account accepts the league's invitation): what an import stores must not
        # tell its importer which usernames have an account here. By ids, not objects: a related
        # object's descriptor, set a hundred thousand times, costs.
        user_ids = {owner.get_username(): owner.pk}
        played = _played(league, records, numbers, players)
        # Rated before the first chunk, so that each seat is written with its rating: no read of
        # the seats back and no UPDATE of each of them (League.rebuild_results_in_steps).
        ratings: Ratings = dict.fromkeys(player.pk for player in players.values())
        seat_ratings = rate_played(played, ratings)

        def chunk_rows(start: int) -> GameRows:
            end = start + CHUNK_GAMES
            return game_rows(
                played[start:end], [record.history for record in records[start:end]], user_ids, seat_ratings
            )

        # At least one chunk (of no game, for a file of none): the sections are written in the last.
        starts = range(0, max(len(records), 1), CHUNK_GAMES)
        with closing(made_ahead(chunk_rows, starts)) as chunks:
            for start, rows in zip(starts, chunks, strict=True):
                with step_write():
                    games = _store_games(league, rows)
                    restoring.games.update((game.number, game) for game in games)
                    if start + CHUNK_GAMES >= len(records):
                        # With the last chunk, not a step of their own: a step waits out a pause.
                        for store in stores:
                            store(restoring)
        # Standings and every season's, a short transaction each while the league is hidden.
        league.rebuild_results_in_steps(ratings)
        League.all_objects.filter(pk=league.pk).update(importing=False)
        league.importing = False
    except BaseException:
        league.discard()
        raise
    league.invited = restoring.invited
    return league


def _hidden_league(
    owner: User, name: str, settings: dict[str, Any], player_names: list[str], records: list[ReadGame]
) -> tuple[League, dict[str, Player], list[int]]:
    """The league, hidden while it is written (League.importing), with its players by name, and
    each game's number: the file's where it gives one, the others counting on from the highest."""
    with transaction.atomic():
        league = League.create_for(owner, League.name_apart(owner, name))
        given = max((record.number for record in records if record.number is not None), default=0)
        League.all_objects.filter(pk=league.pk).update(importing=True, last_game_number=given, **settings)
        league.importing, league.last_game_number = True, given
        for setting, value in settings.items():
            setattr(league, setting, value)
        unnumbered = sum(1 for record in records if record.number is None)
        next_number = league.take_game_numbers(unnumbered) if unnumbered else 0
        players = {
            player.name: player
            for player in Player.objects.bulk_create(
                Player(league=league, name=player_name) for player_name in player_names
            )
        }
    numbers = []
    for record in records:
        if record.number is None:
            numbers.append(next_number)
            next_number += 1
        else:
            numbers.append(record.number)
    return league, players, numbers


def _played(
    league: League, records: list[ReadGame], numbers: list[int], players: dict[str, Player]
) -> list[PlayedGame]:
    """The file's games played through (games.bulk.played_games), each with its number and players."""
    return played_games(
        league,
        [
            GameRecord(
                record.setup,
                [players[name] for name in record.setup.players],
                record.entries,
                record.created_at,
                record.finished_at,
                record.declared,
                record.state,
                record.played_on,
                number,
                record.clock_started_at,
                record.stored,
            )
            for record, number in zip(records, numbers, strict=True)
        ],
    )


def _store_games(league: League, rows: GameRows) -> list[Game]:
    """One chunk of the file's games, with their History, its rows made ready (game_rows)."""
    return store_game_rows(league, rows)


def _read_document(document: object) -> tuple[str, dict[str, Any], list[str], list[Any], int]:
    if not isinstance(document, Mapping):
        raise LeagueImportError(gettext("A league file must be a JSON object"))
    if document.get("format") != FORMAT:
        raise LeagueImportError(
            gettext("This is not a league export (its 'format' should be '%(format)s')") % {"format": FORMAT}
        )
    version = _read_version(document)
    league = document.get("league")
    name = _as_the_app_writes_it(league.get("name") if isinstance(league, Mapping) else None, league_name)
    assert isinstance(league, Mapping)  # a league that is no object has no name: refused just above
    settings = LEAGUE_SETTINGS if version > 1 else {"time_zone": _read_time_zone}
    unknown = sorted(set(league) - {"name", *settings})
    if unknown:
        raise LeagueImportError(
            gettext("Unknown field '%(field)s' in the league file's 'league'") % {"field": unknown[0]}
        )
    read_settings = {
        setting: read(league.get(setting, SETTINGS_BEFORE.get(setting, _column_default(setting))))
        for setting, read in settings.items()
    }
    if version == 1:
        read_settings.update(SETTINGS_BEFORE)
    player_names = _read_player_names(document)
    games = _read_games(document, version)
    return name, read_settings, player_names, games, version


def _read_version(document: Mapping[str, Any]) -> int:
    """The file's version, one this app reads, and no field that version does not have."""
    version = document.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise LeagueImportError(
            gettext("Only version %(versions)s league files can be imported")
            % {"versions": ", ".join(map(str, READABLE_VERSIONS))}
        )
    known = CORE_KEYS | {section.key for section in SECTIONS if version > 1 or section.key == "seasons"}
    unknown = sorted(set(document) - known)
    if unknown:
        raise LeagueImportError(gettext("Unknown field '%(field)s' in the league file") % {"field": unknown[0]})
    return version


def _read_player_names(document: Mapping[str, Any]) -> list[str]:
    """The league's players, no more than a league holds, each once and written as the app writes names."""
    player_names = document.get("players")
    if not isinstance(player_names, list):
        raise LeagueImportError(gettext("'players' must be a list of names"))
    if len(player_names) > League.MOST_PLAYERS:
        raise LeagueTooLarge(
            gettext("A league holds at most %(most)s players; this file lists %(count)s")
            % {"most": counted(League.MOST_PLAYERS), "count": counted(len(player_names))}
        )
    seen: set[str] = set()
    for player in player_names:
        _as_the_app_writes_it(player, player_name)
        if name_key(player) in seen:
            raise LeagueImportError(gettext("The player %(name)s is listed twice") % {"name": player})
        seen.add(name_key(player))
    return player_names


def _read_games(document: Mapping[str, Any], version: int) -> list[Any]:
    """The file's games, unread yet: no more games or hands than a league holds."""
    games = document.get("games")
    if not isinstance(games, list):
        raise LeagueImportError(gettext("'games' must be a list"))
    if len(games) > League.MOST_GAMES:
        raise LeagueTooLarge(
            gettext("A league holds at most %(most)s games; this file has %(count)s")
            % {"most": counted(League.MOST_GAMES), "count": counted(len(games))}
        )
    # Counted before a game is read or played, so that a file over the ceiling costs nothing more.
    hands = sum(len(sheet["hands"]) for sheet in _scoresheets(games) if isinstance(sheet.get("hands"), list))
    if hands > League.MOST_HANDS:
        raise LeagueTooLarge(
            gettext("A league holds at most %(most)s hands; this file has %(count)s")
            % {"most": counted(League.MOST_HANDS), "count": counted(hands)}
        )
    if version == 1 and any(
        isinstance(game, Mapping) and {"history", "clock_started_at"} & set(game) for game in games
    ):
        raise LeagueImportError(gettext("A version 1 league file has no 'history' or 'clock_started_at' in its games"))
    return games


def _scoresheets(games: list[Any]) -> Iterator[Mapping[str, Any]]:
    """The scoresheets of the file's games, where they are objects (the others are refused game by game)."""
    for game in games:
        sheet = game.get("scoresheet") if isinstance(game, Mapping) else None
        if isinstance(sheet, Mapping):
            yield sheet


def _column_default(setting: str) -> object:
    """A league setting's default: its column's. django-stubs types get_field() as any field or relation."""
    return cast("models.Field[Any, Any]", League._meta.get_field(setting)).get_default()


# How a reader words a refusal: the game's number (or its history line's) before the message.
Refusal = Callable[[str], LeagueImportError]


def _read_game(number: int, game: object, player_names: list[str]) -> ReadGame:
    def fail(message: str) -> LeagueImportError:
        return LeagueImportError(gettext("Game %(number)s: %(problem)s") % {"number": number, "problem": message})

    if not isinstance(game, Mapping):
        raise fail(gettext("each game must be a JSON object"))
    unknown = sorted(set(game) - GAME_KEYS)
    if unknown:
        raise fail(gettext("unknown field '%(field)s'") % {"field": unknown[0]})
    given_number = game.get("number")
    if given_number is not None and (type(given_number) is not int or not 1 <= given_number <= 2**31 - 1):
        raise fail(gettext("'number' must be a whole number from 1"))
    try:
        setup, entries = read_scoresheet(game.get("scoresheet"))
        played_on = read_played_on(game.get("scoresheet"))
        state = play(setup, entries)
    except (ScoresheetError, HandError) as error:
        raise fail(str(error)) from None
    missing = [name for name in setup.players if name not in player_names]
    if missing:
        raise fail(gettext("%(name)s is not in the league's list of players") % {"name": missing[0]})
    created_at = _read_time(game.get("created_at"), "created_at", fail)
    if created_at is None:
        raise fail(gettext("'created_at' is missing"))
    finished_at = _read_time(game.get("finished_at"), "finished_at", fail)
    if finished_at is not None and finished_at < created_at:
        raise fail(gettext("'finished_at' is before 'created_at'"))
    clock_started_at = _read_time(game.get("clock_started_at"), "clock_started_at", fail)
    if clock_started_at is not None and not setup.options.time_limit:
        raise fail(gettext("'clock_started_at' is for a game with a time limit"))
    declared = game.get("declared", "")
    if not isinstance(declared, str) or declared not in DECLARED:
        raise fail(declared_refusal())
    if declared:
        problem = Game.declaration_problem(declared, state)
        if problem:
            raise fail(refusal(problem))
    stored = [entry.to_stored() for entry in entries]
    history = _read_history(game.get("history", []), setup, stored, fail)
    return ReadGame(setup, entries, state, created_at, finished_at, declared, played_on, given_number,
                    clock_started_at, history, stored)  # fmt: skip


def _read_history(lines: object, setup: GameSetup, stored: list[dict[str, Any]], fail: Refusal) -> list[tuple]:
    """A game's History lines as HandRevision stores them, each one the app could have written.
    stored: the scoresheet's hands as Hand.entry stores them."""
    if not isinstance(lines, list):
        raise fail(gettext("'history' must be a list"))
    if len(lines) > MOST_HISTORY_LINES:
        raise fail(gettext("a game's 'history' holds at most %(most)s lines") % {"most": counted(MOST_HISTORY_LINES)})
    if not lines:
        return []
    fresh: GameState | None = None  # the game before its first hand, for the lines that give a hand
    latest = timezone.now() + LATEST_AHEAD
    read = []
    for index, line in enumerate(lines, start=1):

        def wrong(message: str, index: int = index) -> LeagueImportError:
            return fail(gettext("history line %(line)s: %(problem)s") % {"line": index, "problem": message})

        # Most lines add a hand the scoresheet holds as it was added: read them the short way.
        if type(line) is list and len(line) == 4 and line[2] == HandRevision.Action.ADDED:
            at, by, _, number = line
            if type(number) is not int or not 1 <= number <= len(stored):
                raise wrong(
                    gettext("there is no hand %(hand)s in the scoresheet to be the one added") % {"hand": repr(number)}
                )
            if by is not None:
                by = _history_username(by, wrong)
            read.append(
                (_read_history_time(at, latest, wrong), by, HandRevision.Action.ADDED, number, None, stored[number - 1])
            )
        else:
            fresh = fresh or play(setup, [])
            read.append(_read_history_line(line, setup, stored, fresh, wrong))
    return read


def _history_username(by: object, wrong: Refusal) -> str:
    # A History names the same few people tens of thousands of times: no words to build for them.
    if isinstance(by, str) and (by in _USERNAMES_SEEN or is_phone_name(by)):
        # A table link's phone ("Table 3's phone"): kept as its name, never an account's.
        return by
    try:
        return _read_username(by, gettext("its 'by'"))
    except LeagueImportError as error:
        raise wrong(str(error)) from None


def _read_history_line(line: object, setup: GameSetup, stored: list[dict], fresh: GameState, wrong: Refusal) -> tuple:
    """[at, by, action, hand, before, after] (docs/LEAGUE_FILE.md) as HandRevision stores it.
    stored: the scoresheet's hands as Hand.entry stores them."""
    if not isinstance(line, list) or not 4 <= len(line) <= 6:
        raise wrong(gettext("each line is [at, by, action, hand] and maybe its before and after"))
    at, by, action, number, *sides = line
    at = _read_history_time(at, timezone.now() + LATEST_AHEAD, wrong)
    if by is not None:
        by = _history_username(by, wrong)
    if action not in HandRevision.Action.values:
        raise wrong(
            gettext("the action must be one of %(actions)s") % {"actions": ", ".join(HandRevision.Action.values)}
        )
    if type(number) is not int or not 0 <= number <= MOST_HANDS:
        raise wrong(gettext("the hand must be a whole number from 0 to %(most)s") % {"most": counted(MOST_HANDS)})
    before, after = [*sides, None, None][:2]
    if len(sides) == 1 and action != HandRevision.Action.DELETED:
        raise wrong(gettext("give both the before and the after, or neither"))
    if action in HAND_ACTIONS:
        before, after = _hand_sides(action, number, sides, before, after, setup, stored, fresh, wrong)
    else:
        before, after = _change_sides(action, before, after, wrong)
    return at, by, action, number, before, after


def _hand_sides(
    action: str,
    number: int,
    sides: list[object],
    before: object,
    after: object,
    setup: GameSetup,
    stored: list[dict],
    fresh: GameState,
    wrong: Refusal,
) -> tuple[Any, Any]:
    """A hand's change (added, edited, deleted): its before and after as Hand.entry stores them, each
    a hand the game could take; an added hand's after is the scoresheet's own when the line gives none."""

    def hand(side: object) -> dict[str, Any]:
        try:
            entry = read_hand(setup, side, number)
        except ScoresheetError as error:
            raise wrong(str(error)) from None
        errors = fresh.check(entry)
        if errors:
            raise wrong(gettext("hand %(hand)s: %(problem)s") % {"hand": number, "problem": errors[0].message})
        return entry.to_stored()

    if number < 1:
        raise wrong(gettext("a hand's change names the hand, from 1"))
    if action == HandRevision.Action.ADDED:
        if before is not None:
            raise wrong(gettext("an added hand has no before"))
        if not sides:  # the hand as the scoresheet has it
            if number > len(stored):
                raise wrong(
                    gettext("there is no hand %(hand)s in the scoresheet to be the one added") % {"hand": number}
                )
            after = stored[number - 1]
        else:
            after = hand(after)
    elif action == HandRevision.Action.EDITED:
        if before is None or after is None:
            raise wrong(gettext("an edited hand has a before and an after"))
        before, after = hand(before), hand(after)
    else:
        if before is None or after is not None:
            raise wrong(gettext("a deleted hand has a before and no after"))
        before = hand(before)
    return before, after


def _change_sides(action: str, before: object, after: object, wrong: Refusal) -> tuple[Any, Any]:
    """A change to the game (declared, reopened, merged, redated): its before and after, one field each."""

    def either(side: object, key: str, check: Callable[[object], Any]) -> dict[str, Any]:
        if not isinstance(side, Mapping) or set(side) != {key}:
            raise wrong(gettext("its before and after are {'%(key)s': ...}") % {"key": key})
        check(side[key])
        return {key: side[key]}

    def declared(value: object) -> None:
        if value not in DECLARED:
            raise wrong(declared_refusal())

    def day(value: object) -> None:
        try:
            read_played_on({"played_on": value})
        except ScoresheetError as error:
            raise wrong(str(error)) from None

    if action in (HandRevision.Action.DECLARED, HandRevision.Action.REOPENED):
        before, after = either(before, "declared", declared), either(after, "declared", declared)
    elif action == HandRevision.Action.MERGED:
        name = lambda value: _as_the_app_writes_it(value, player_name)  # noqa: E731
        before, after = either(before, "player", name), either(after, "player", name)
    else:  # redated
        before, after = either(before, "played_on", day), either(after, "played_on", day)
    return before, after


HISTORY_TIME_TEXT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def _read_history_time(value: object, latest: datetime, wrong: Refusal) -> datetime:
    """A History line's time, as the export writes it (HISTORY_TIME): read without
    parse_datetime's many forms, for the thousands of lines of a league. latest: the last
    moment a line can have (tomorrow), worked out once for a game's lines."""
    if not isinstance(value, str) or not HISTORY_TIME_TEXT.fullmatch(value):
        raise wrong(gettext("'at' must be a time in UTC written like 2025-01-07T19:30:00Z"))
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:  # well formed but impossible, like month 13
        raise wrong(gettext("'at' must be a time in UTC written like 2025-01-07T19:30:00Z")) from None
    if moment.year < EARLIEST_YEAR or moment > latest:
        raise wrong(gettext("'at' must be between %(year)s and tomorrow") % {"year": EARLIEST_YEAR})
    return moment


def _read_time(value: object, field: str, fail: Refusal) -> datetime | None:
    if value is None:
        return None
    try:
        moment = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well formed but impossible, like month 13
        moment = None
    if moment is None:
        raise fail(gettext("'%(field)s' must be a date and time like 2025-01-07T19:30:00+00:00") % {"field": field})
    # Checked on the year before any arithmetic: 9999-12-31 at UTC-14 is past
    # the last moment Python (and so every page that shows it) can hold in UTC.
    latest = timezone.now() + LATEST_AHEAD
    if not EARLIEST_YEAR <= moment.year <= latest.year:
        raise fail(
            gettext("'%(field)s' must be between %(year)s and tomorrow") % {"field": field, "year": EARLIEST_YEAR}
        )
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_default_timezone())
    # 1900-01-01T00:00+14:00 is still 1899 in UTC, as it would be stored.
    if moment > latest or moment.astimezone(UTC).year < EARLIEST_YEAR:
        raise fail(
            gettext("'%(field)s' must be between %(year)s and tomorrow") % {"field": field, "year": EARLIEST_YEAR}
        )
    return moment
