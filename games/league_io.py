"""A whole league in and out: JSON for backups and moves, CSV for spreadsheets.

The JSON export, the league file, is the whole league as its organizers set
it and its tables entered it, and nothing derived: its settings, players,
seasons, presets, members (by username) and every game as a scoresheet
(shared/SCORESHEET.md) with its History. Importing it rebuilds the results
and ratings from the entries, so a round trip gives the same standings.
docs/LEAGUE_FILE.md describes the format, version by version.

The file's parts other than the league's name, players and games are
sections, each one writer and one reader registered in SECTIONS (the
league's settings: LEAGUE_SETTINGS); see "Adding a section" there.
"""

from __future__ import annotations

import json
import re
import unicodedata
import zoneinfo
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from itertools import groupby, islice
from operator import itemgetter
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch, TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.activity import export_activity, read_activity, store_activity
from games.models import (
    Game,
    Hand,
    HandRevision,
    League,
    LeaguePreset,
    Membership,
    Player,
    Season,
    Seat,
    entry_from_json,
    entry_to_json,
    hand_result_to_json,
    league_name,
    player_name,
    preset_name,
    read_played_on,
    season_name,
)
from games.ratings import ordinal
from games.rounding import rounded
from rules import (
    MOST_HANDS,
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    ScoresheetError,
    SetupError,
    entry_json,
    name_key,
    play,
    read_hand,
    read_scoresheet,
    write_scoresheet,
)

FORMAT = "hearts-league"
# Version 2 added the league's settings, presets, members and each game's History and clock.
VERSION = 2
READABLE_VERSIONS = (1, 2)
CORE_KEYS = {"format", "version", "league", "players", "games"}
GAME_KEYS = {"number", "scoresheet", "created_at", "finished_at", "declared", "clock_started_at", "history"}
DECLARED = {"", Game.Status.NULL.value, Game.Status.ABANDONED.value}
# The dates a game can have: none before Hearts had leagues to keep, and
# none later than tomorrow (a day's grace for clocks and time zones).
EARLIEST_YEAR = 1900
LATEST_AHEAD = timedelta(days=1)
# Games read at a time by the export and the CSVs.
CHUNK = 2000
# Columns for this many seats in hands.csv: the most any variant seats (3D Hearts).
MOST_SEATS = 8
# What one game's History may hold in a file: far more changes than any table makes.
MOST_HISTORY_LINES = 10 * MOST_HANDS
# A History line's time, to the second: the file stays small for a league of thousands of hands.
HISTORY_TIME = "%Y-%m-%dT%H:%M:%SZ"


class LeagueImportError(Exception):
    """The file cannot be imported; str() says why in one line, naming the game."""


class LeagueAlreadyHere(LeagueImportError):
    """The file's games are already one of the importer's leagues (import it as a copy to have two)."""

    def __init__(self, league: League) -> None:
        super().__init__(
            f"These games are already your league “{league.name}”. Import the file as a copy to have both."
        )
        self.league = league


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
            clock_started_at=record.clock_started_at,
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


# The file's sections ------------------------------------------------------------


@dataclass
class Reading:
    """What the sections' readers may check against: the file's version, players and games."""

    version: int
    players: list[str]
    game_numbers: set[int]


@dataclass
class Restoring:
    """The new league as the import's transaction writes it, for the sections' writes."""

    league: League
    owner: Any
    players: dict[str, Player]
    games: dict[int, Game]  # by number
    # Usernames the file names that have no account here: listed on the import's result.
    left_out: list[str] = field(default_factory=list)
    _users: dict[str, Any] = field(default_factory=dict)

    def users(self, usernames: Sequence[str]) -> dict[str, Any]:
        """The accounts of these usernames that this server has, by username."""
        wanted = [name for name in set(usernames) if name not in self._users]
        if wanted:
            User = get_user_model()
            found = {
                user.get_username(): user for user in User.objects.filter(**{f"{User.USERNAME_FIELD}__in": wanted})
            }
            self._users.update({name: found.get(name) for name in wanted})
        return {name: self._users[name] for name in usernames if self._users.get(name) is not None}


# The write a section's reader returns: done in the import's transaction, after the games.
Store = Callable[[Restoring], None]


@dataclass(frozen=True)
class Section:
    """One part of the league file beside its name, players and games.

    write(league): the part's JSON value. read(value, reading): the value
    checked as the app's forms check what they store (LeagueImportError,
    before anything is written), returning the write to do. absent: what a
    file without the part (an older version) means.
    """

    key: str
    write: Callable[[League], Any]
    read: Callable[[Any, Reading], Store]
    absent: Any


def _write_seasons(league: League) -> list[dict[str, str]]:
    # The automatic calendar years are not written: the league keeps them by itself.
    return [
        {"name": name, "first_day": first_day.isoformat(), "last_day": last_day.isoformat()}
        for name, first_day, last_day in Season.objects.filter(league=league, automatic=False)
        .order_by("first_day", "last_day", "name")
        .values_list("name", "first_day", "last_day")
    ]


def _read_seasons(seasons: object, reading: Reading) -> Store:
    """The organizer's seasons, checked as the seasons' form checks them."""
    if not isinstance(seasons, list):
        raise LeagueImportError("'seasons' must be a list")
    if len(seasons) > Season.MOST_PER_LEAGUE:
        raise LeagueImportError(f"A league has at most {Season.MOST_PER_LEAGUE} seasons; this file has {len(seasons)}")
    read, seen = [], set()
    for number, season in enumerate(seasons, start=1):
        if not isinstance(season, Mapping) or set(season) != {"name", "first_day", "last_day"}:
            raise LeagueImportError(f"Season {number}: each season is {{'name', 'first_day', 'last_day'}} and no more")
        name = _as_the_app_writes_it(season["name"], season_name)
        if name_key(name) in seen:
            raise LeagueImportError(f"The season {name} is listed twice")
        seen.add(name_key(name))
        days = [_read_day(season[side], f"Season {name}: '{side}'") for side in ("first_day", "last_day")]
        problem = Season.days_problem(*days)
        if problem:
            raise LeagueImportError(f"Season {name}: {problem}")
        read.append((name, *days))

    def store(restoring: Restoring) -> None:
        Season.objects.bulk_create(
            Season(league=restoring.league, name=name, first_day=first_day, last_day=last_day)
            for name, first_day, last_day in read
        )

    return store


def _write_presets(league: League) -> list[dict[str, Any]]:
    return [
        {"name": name, "variant": variant, "options": options}
        for name, variant, options in LeaguePreset.objects.filter(league=league)
        .order_by("name", "pk")
        .values_list("name", "variant", "options")
    ]


def _read_presets(presets: object, reading: Reading) -> Store:
    """The league's presets, each a variant with every one of its options, as the preset form saves them."""
    if not isinstance(presets, list):
        raise LeagueImportError("'presets' must be a list")
    if len(presets) > LeaguePreset.MOST_PER_LEAGUE:
        raise LeagueImportError(
            f"A league has at most {LeaguePreset.MOST_PER_LEAGUE} presets; this file has {len(presets)}"
        )
    read, seen = [], set()
    for number, preset in enumerate(presets, start=1):
        if not isinstance(preset, Mapping) or set(preset) != {"name", "variant", "options"}:
            raise LeagueImportError(f"Preset {number}: each preset is {{'name', 'variant', 'options'}} and no more")
        name = _as_the_app_writes_it(preset["name"], preset_name)
        if name_key(name) in seen:
            raise LeagueImportError(f"The preset {name} is listed twice")
        seen.add(name_key(name))
        checked = LeaguePreset(name=name, name_key=name_key(name))
        if not isinstance(preset["variant"], str) or not isinstance(preset["options"], Mapping):
            raise LeagueImportError(f"Preset {name}: 'variant' must be a variant's key and 'options' an object")
        try:
            checked.set_rules(preset["variant"], dict(preset["options"]))
        except SetupError as error:
            raise LeagueImportError(f"Preset {name}: {error.message}") from None
        if checked.options != preset["options"]:
            raise LeagueImportError(
                f"Preset {name}: 'options' must list every option of the variant, as the app saves them"
            )
        read.append(checked)

    def store(restoring: Restoring) -> None:
        for preset in read:
            preset.league = restoring.league
        LeaguePreset.objects.bulk_create(read)

    return store


def _write_members(league: League) -> list[dict[str, str]]:
    linked = dict(Player.objects.filter(league=league, user__isnull=False).values_list("user_id", "name"))
    members = []
    for user_id, username, role in (
        Membership.objects.filter(league=league)
        .order_by("user__username")
        .values_list("user_id", "user__username", "role")
    ):
        member = {"username": username, "role": role}
        if user_id in linked:
            member["player"] = linked[user_id]
        members.append(member)
    return members


def _read_username(value: object, what: str) -> str:
    """A username as the sign-up form could have stored it."""
    if isinstance(value, str) and value in _USERNAMES_SEEN:
        return value
    User = get_user_model()
    username_field = User._meta.get_field(User.USERNAME_FIELD)
    if not isinstance(value, str) or not value:
        raise LeagueImportError(f"{what} must be a username")
    try:
        username_field.run_validators(value)
    except ValidationError:
        raise LeagueImportError(f"{what}: {value[:20]!r} is not a username this app gives") from None
    if len(value) > username_field.max_length:
        raise LeagueImportError(f"{what}: a username has at most {username_field.max_length} characters")
    if len(_USERNAMES_SEEN) < 10_000:
        _USERNAMES_SEEN.add(value)
    return value


# Usernames already found good: a History names a few people thousands of times.
_USERNAMES_SEEN: set[str] = set()


def _read_members(members: object, reading: Reading) -> Store:
    """The members by username and role; each is restored where an account of that username is here."""
    if not isinstance(members, list):
        raise LeagueImportError("'members' must be a list")
    if len(members) > League.MOST_PLAYERS:
        raise LeagueImportError(f"A league file lists at most {League.MOST_PLAYERS:,} members")
    read: list[tuple[str, str, str | None]] = []
    usernames, linked = set(), set()
    for number, member in enumerate(members, start=1):
        if not isinstance(member, Mapping) or not {"username", "role"} <= set(member) <= {"username", "role", "player"}:
            raise LeagueImportError(f"Member {number}: each member is {{'username', 'role'}} and maybe 'player'")
        username = _read_username(member["username"], f"Member {number}")
        if username in usernames:
            raise LeagueImportError(f"The member {username} is listed twice")
        usernames.add(username)
        if member["role"] not in Membership.Role.values:
            raise LeagueImportError(f"Member {username}: 'role' must be one of {', '.join(Membership.Role.values)}")
        player = member.get("player")
        if player is not None:
            if player not in reading.players:
                raise LeagueImportError(f"Member {username}: {player!r} is not in the league's list of players")
            if player in linked:
                raise LeagueImportError(f"The player {player} is linked to two members")
            linked.add(player)
        read.append((username, member["role"], player))

    def store(restoring: Restoring) -> None:
        accounts = restoring.users([username for username, _, _ in read])
        owner = restoring.owner.get_username()
        for username, role, player in read:
            user = accounts.get(username)
            if user is None:
                restoring.left_out.append(username)
                continue
            if username != owner:  # the importer owns and organizes the new league whatever the file says
                Membership.objects.create(league=restoring.league, user=user, role=role)
            if player is not None:
                Player.objects.filter(pk=restoring.players[player].pk).update(user=user)

    return store


def _read_time_zone(value: object) -> str:
    if not isinstance(value, str) or value not in zoneinfo.available_timezones():
        raise LeagueImportError("'time_zone' must be a time zone name such as Europe/London")
    return value


def _read_min_games(value: object) -> int:
    # The league settings form's bounds.
    if type(value) is not int or not 1 <= value <= 100:
        raise LeagueImportError("'min_games' must be a whole number from 1 to 100")
    return value


def _read_lock_finished_games(value: object) -> bool:
    # The settings form's checkbox: on or off.
    if type(value) is not bool:
        raise LeagueImportError("'lock_finished_games' must be true or false")
    return value


def _read_activity(entries: object, reading: Reading) -> Store:
    """The league's activity log, checked entry by entry (games.activity); stored with a line saying who imported it."""
    read = read_activity({"activity": entries}, LeagueImportError)
    return lambda restoring: store_activity(restoring.league, read, restoring.owner)


# The league's settings in the file's "league", by League field: each read as the settings form reads it.
# A file without one (an older version) gives the league the field's default, or what every
# league had before the setting came (SETTINGS_BEFORE).
LEAGUE_SETTINGS: dict[str, Callable[[object], Any]] = {
    "time_zone": _read_time_zone,
    "min_games": _read_min_games,
    "lock_finished_games": _read_lock_finished_games,
}
# Leagues made before finished games could be locked had them open (the migration's choice too),
# so a file from then comes back open, not locked as a new league is.
SETTINGS_BEFORE: dict[str, Any] = {"lock_finished_games": False}

# The sections, in the order they are read, written to the file and stored.
SECTIONS: list[Section] = [
    Section("seasons", _write_seasons, _read_seasons, absent=[]),
    Section("presets", _write_presets, _read_presets, absent=[]),
    Section("members", _write_members, _read_members, absent=[]),
    # Last: an entry's account is linked again where the members restored it.
    Section("activity", export_activity, _read_activity, absent=[]),
]


# Export -----------------------------------------------------------------------


# What the export reads of each game, in the order _game_records unpacks it.
EXPORT_GAME_FIELDS = ["pk", "number", "variant", "options", "first_dealer", "played_on", "created_at", "finished_at",
                      "declared", "clock_started_at"]  # fmt: skip
# What it reads of each History line, after the game's id.
# The hand's entry and a History line's after come as the database's text: most lines add the
# hand the scoresheet holds, which the texts' equality tells without decoding either.
AS_TEXT = {"output_field": TextField()}
# Its time as text too: "YYYY-MM-DD HH:MM:SS" in UTC begins it on SQLite and on PostgreSQL (whose
# connection Django keeps in UTC), a tenth of the time of a datetime made and written again.
EXPORT_HISTORY_FIELDS = [Cast("at", **AS_TEXT), "user_id", "user_name", "action", "number", "before",
                         Cast("after", **AS_TEXT)]  # fmt: skip


def batched(rows: Iterator[tuple], size: int) -> Iterator[list[tuple]]:
    """itertools.batched, which Python 3.12 brings."""
    while chunk := list(islice(rows, size)):
        yield chunk


def _by_game(rows: Iterator[tuple]) -> Iterator[tuple[Any, list[tuple]]]:
    return ((game_id, [row[1:] for row in group]) for game_id, group in groupby(rows, key=itemgetter(0)))


def _games_in_order(
    league: League, game_fields: Sequence[str], hand_fields: Sequence[str], history: bool = False
) -> Iterator[tuple]:
    """The league's games in order of play, read as values: for each, its game_fields, its
    players' names in seat order, its hands' hand_fields in order and (with history) its
    History lines' EXPORT_HISTORY_FIELDS, oldest first.

    Queries (games, seats, hands, History) streamed side by side in chunks, rather
    than models and their prefetched seats and hands: a league of the most games
    a league holds is read in constant memory, several times faster."""
    order = ("played_on", "created_at", "pk")
    games = Game.objects.filter(league=league).order_by(*order).values_list(*game_fields)
    by_game = [f"game__{field}" for field in order]
    seats = (
        Seat.objects.filter(game__league=league).order_by(*by_game, "position").values_list("game_id", "player__name")
    )
    hands = Hand.objects.filter(game__league=league).order_by(*by_game, "number").values_list("game_id", *hand_fields)
    seated = _by_game(seats.iterator(chunk_size=2000))
    # Every game has its seats; the hands skip the games that have none.
    handed = _by_game(hands.iterator(chunk_size=2000))
    next_hands = next(handed, None)
    for chunk in batched(iter(games.iterator(chunk_size=CHUNK)), CHUNK):
        # A chunk of games' History at once, by game: sorting the whole league's by the games'
        # order (a join) took longer than these lookups by the index on the game.
        lines: dict[int, list[tuple]] = {}
        if history:
            lines = dict(
                _by_game(
                    HandRevision.objects.filter(game_id__in=[game[0] for game in chunk])
                    .order_by("game_id", "at", "pk")
                    .values_list("game_id", *EXPORT_HISTORY_FIELDS)
                    .iterator(chunk_size=CHUNK)
                )
            )
        for game in chunk:
            game_id = game[0]
            names = next([name for (name,) in players] for seated_game, players in seated if seated_game == game_id)
            game_hands: list[tuple] = []
            if next_hands is not None and next_hands[0] == game_id:
                game_hands = next_hands[1]
                next_hands = next(handed, None)
            yield (game, names, game_hands, lines.get(game_id, [])) if history else (game, names, game_hands)


def _history_side(setup: GameSetup, action: str, side: Any) -> Any:
    """A History line's before or after as the file writes it: a hand as a scoresheet writes it."""
    if side is None or action not in HAND_ACTIONS:
        return side
    return entry_json(setup, entry_from_json(side))


def _history_lines(
    setup: GameSetup, hands: list[str], history: list[tuple], usernames: Mapping[int, str]
) -> list[list[Any]]:
    """[at, by, action, hand, before, after], the sides left out when null; an "added" line whose
    hand is the scoresheet's as it stands leaves out its after too (most hands, never changed).
    hands: each hand's entry as the database's text."""
    lines = []
    for at, user_id, user_name, action, number, before, after in history:
        line = [f"{at[:10]}T{at[11:19]}Z", usernames.get(user_id) or user_name or None, action, number]
        if (
            action == HandRevision.Action.ADDED
            and before is None
            and 0 < number <= len(hands)
            and after == hands[number - 1]
        ):
            pass
        elif after is not None:
            line += [_history_side(setup, action, before), _history_side(setup, action, json.loads(after))]
        elif before is not None:
            line.append(_history_side(setup, action, before))
        lines.append(line)
    return lines


def _game_records(league: League) -> Iterator[dict[str, Any]]:
    """Each game as the export writes it, in order of play; the scoresheet by the engine's writer."""
    User = get_user_model()
    usernames = dict(
        User.objects.filter(
            pk__in=HandRevision.objects.filter(game__league=league, user__isnull=False).values("user_id")
        ).values_list("pk", User.USERNAME_FIELD)
    )
    in_order = _games_in_order(league, EXPORT_GAME_FIELDS, [Cast("entry", **AS_TEXT)], history=True)
    for game, names, hands, history in in_order:
        _, number, variant, options, first_dealer, played_on, created_at, finished_at, declared, clock = game
        setup = GameSetup.create(variant, names, options, first_dealer)
        texts = [entry for (entry,) in hands]
        entries = [entry_from_json(json.loads(entry)) for entry in texts]
        record = {
            "number": number,
            "scoresheet": write_scoresheet(setup, entries, played_on=played_on),
            "created_at": created_at.isoformat(),
            "finished_at": finished_at.isoformat() if finished_at else None,
            "declared": declared,
        }
        if clock is not None:
            record["clock_started_at"] = clock.isoformat()
        if history:
            record["history"] = _history_lines(setup, texts, history, usernames)
        yield record


def _league_head(league: League) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "league": {"name": league.name, **{setting: getattr(league, setting) for setting in LEAGUE_SETTINGS}},
        "players": list(Player.objects.filter(league=league).order_by("name", "pk").values_list("name", flat=True)),
        **{section.key: section.write(league) for section in SECTIONS},
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


def games_csv_header(time_zone: str) -> list[str]:
    """games.csv's columns; the times' name the league's time zone they are written in."""
    return [
        "game", "played_on", f"started ({time_zone})", f"finished ({time_zone})", "variant", "house_rules", "status",
        "hands", "seat", "player", "total", "won", "points", "moons", "queens", "jacks", "wraps", "revokes", "rating",
    ]  # fmt: skip


def _local_minute(moment: datetime | None, zone: zoneinfo.ZoneInfo, played_on: date, days_after: int = 0) -> str:
    """A time as a spreadsheet reads it: the league's local time to the minute, '2025-01-07 19:30'.

    Empty unless it falls on the day the game was played (or up to `days_after`
    days later): a game imported from a scoresheet was started when it was typed
    in, not at the table, and after the league moves to a far time zone an evening
    game's start may fall on the next day; its day, in played_on, is what holds."""
    if moment is None:
        return ""
    local = moment.astimezone(zone)
    if not 0 <= (local.date() - played_on).days <= days_after:
        return ""
    return local.strftime("%Y-%m-%d %H:%M")


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
    yield games_csv_header(league.time_zone)
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
        # Rounded as every page rounds it (games.rounding), so the figures agree.
        rating = rounded(ordinal(mu, sigma)) if mu is not None else ""
        yield [
            number, played_on.isoformat(), _local_minute(created_at, zone, played_on),
            _local_minute(finished_at, zone, played_on, days_after=1), variant,
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

# The History's actions on a hand, whose before and after are hands.
HAND_ACTIONS = {HandRevision.Action.ADDED, HandRevision.Action.EDITED, HandRevision.Action.DELETED}


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


def import_league(document: object, owner: Any, as_copy: bool = False) -> League:
    """A new league owned by `owner` from an exported document; raises LeagueImportError.

    The whole document is read and every game played by the engine before the
    write begins, so a refused file takes no lock at all; the writes are one
    transaction, so on any error nothing is saved. A file whose games are
    already a league of the owner's is refused (LeagueAlreadyHere) unless
    `as_copy`. The league's `left_out` lists the members the file names who
    have no account here (so were not restored).
    """
    name, settings, player_names, games, version = _read_document(document)
    records = [_read_game(number, game, player_names) for number, game in enumerate(games, start=1)]
    numbers = [record.number for record in records if record.number is not None]
    if len(set(numbers)) != len(numbers):
        raise LeagueImportError("Two games have the same 'number'")
    reading = Reading(version, player_names, set(numbers))
    stores = [section.read(document.get(section.key, section.absent), reading) for section in SECTIONS]
    if not as_copy:
        twin = already_here(owner, records)
        if twin is not None:
            raise LeagueAlreadyHere(twin)
    return _store_league(owner, name, settings, player_names, records, stores)


def already_here(user: Any, records: Sequence[ReadGame]) -> League | None:
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


@transaction.atomic
def _store_league(owner: Any, name: str, settings: dict[str, Any], player_names: list[str],
                  records: list[ReadGame], stores: Sequence[Store] = ()) -> League:  # fmt: skip
    league = League.create_for(owner, League.name_apart(owner, name))
    # Numbers the file gives are kept; the league counts on from the highest.
    given = max((record.number for record in records if record.number is not None), default=0)
    League.objects.filter(pk=league.pk).update(last_game_number=given, **settings)
    league.last_game_number = given
    for setting, value in settings.items():
        setattr(league, setting, value)
    players = {
        player.name: player
        for player in Player.objects.bulk_create(
            Player(league=league, name=player_name) for player_name in player_names
        )
    }
    games = add_games(
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
                record.number,
                record.clock_started_at,
            )
            for record in records
        ],
    )
    restoring = Restoring(league, owner, players, {game.number: game for game in games})
    accounts = restoring.users(sorted({line[1] for record in records for line in record.history if line[1]}))
    # By ids, not objects: a related object's descriptor, set a hundred thousand times, costs.
    user_ids = {username: user.pk for username, user in accounts.items()}
    HandRevision.objects.bulk_create(
        (
            HandRevision(
                game_id=game.pk,
                at=at,
                user_id=user_ids.get(by),
                user_name="" if by in user_ids else by or "",
                action=action,
                number=number,
                before=before,
                after=after,
            )
            for game, record in zip(games, records, strict=True)
            for at, by, action, number, before, after in record.history
        ),
        batch_size=2000,
    )
    for store in stores:
        store(restoring)
    # Every season's standings and ratings too (League.seasons_changed).
    league.results_changed()
    league.left_out = restoring.left_out
    return league


def _read_day(value: object, what: str) -> date:
    try:
        day = date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise LeagueImportError(f"{what} must be a day written like 2026-03-01")
    return day


def _read_document(document: object) -> tuple[str, dict[str, Any], list[str], list[Any], int]:
    if not isinstance(document, Mapping):
        raise LeagueImportError("A league file must be a JSON object")
    if document.get("format") != FORMAT:
        raise LeagueImportError(f"This is not a league export (its 'format' should be '{FORMAT}')")
    version = document.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise LeagueImportError(f"Only version {', '.join(map(str, READABLE_VERSIONS))} league files can be imported")
    known = CORE_KEYS | {section.key for section in SECTIONS if version > 1 or section.key == "seasons"}
    unknown = sorted(set(document) - known)
    if unknown:
        raise LeagueImportError(f"Unknown field '{unknown[0]}' in the league file")
    league = document.get("league")
    name = _as_the_app_writes_it(league.get("name") if isinstance(league, Mapping) else None, league_name)
    settings = LEAGUE_SETTINGS if version > 1 else {"time_zone": _read_time_zone}
    unknown = sorted(set(league) - {"name", *settings})
    if unknown:
        raise LeagueImportError(f"Unknown field '{unknown[0]}' in the league file's 'league'")
    read_settings = {
        setting: read(league.get(setting, SETTINGS_BEFORE.get(setting, League._meta.get_field(setting).get_default())))
        for setting, read in settings.items()
    }
    if version == 1:
        read_settings.update(SETTINGS_BEFORE)
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
    if version == 1 and any(
        isinstance(game, Mapping) and {"history", "clock_started_at"} & set(game) for game in games
    ):
        raise LeagueImportError("A version 1 league file has no 'history' or 'clock_started_at' in its games")
    return name, read_settings, player_names, games, version


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


def _read_game(number: int, game: object, player_names: list[str]) -> ReadGame:
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
    clock_started_at = _read_time(game.get("clock_started_at"), "clock_started_at", fail)
    if clock_started_at is not None and not setup.options.time_limit:
        raise fail("'clock_started_at' is for a game with a time limit")
    declared = game.get("declared", "")
    if not isinstance(declared, str) or declared not in DECLARED:
        raise fail('\'declared\' must be "", "null" or "abandoned"')
    if declared:
        problem = Game.declaration_problem(declared, state)
        if problem:
            raise fail(problem)
    history = _read_history(game.get("history", []), setup, entries, fail)
    return ReadGame(setup, entries, state, created_at, finished_at, declared, played_on, given_number,
                    clock_started_at, history)  # fmt: skip


def _read_history(lines: object, setup: GameSetup, entries: list[HandEntry], fail) -> list[tuple]:
    """A game's History lines as HandRevision stores them, each one the app could have written."""
    if not isinstance(lines, list):
        raise fail("'history' must be a list")
    if len(lines) > MOST_HISTORY_LINES:
        raise fail(f"a game's 'history' holds at most {MOST_HISTORY_LINES:,} lines")
    if not lines:
        return []
    fresh = play(setup, [])
    stored = [entry_to_json(entry) for entry in entries]
    read = []
    for index, line in enumerate(lines, start=1):

        def wrong(message: str, index: int = index) -> LeagueImportError:
            return fail(f"history line {index}: {message}")

        # Most lines add a hand the scoresheet holds as it was added: read them the short way.
        if type(line) is list and len(line) == 4 and line[2] == HandRevision.Action.ADDED:
            at, by, _, number = line
            if type(number) is not int or not 1 <= number <= len(stored):
                raise wrong(f"there is no hand {number!r} in the scoresheet to be the one added")
            if by is not None:
                by = _history_username(by, wrong)
            read.append(
                (_read_history_time(at, wrong), by, HandRevision.Action.ADDED, number, None, stored[number - 1])
            )
        else:
            read.append(_read_history_line(line, setup, stored, fresh, wrong))
    return read


def _history_username(by: object, wrong) -> str:
    try:
        return _read_username(by, "its 'by'")
    except LeagueImportError as error:
        raise wrong(str(error)) from None


def _read_history_line(line: object, setup: GameSetup, stored: list[dict], fresh: GameState, wrong) -> tuple:
    """[at, by, action, hand, before, after] (docs/LEAGUE_FILE.md) as HandRevision stores it.
    stored: the scoresheet's hands as Hand.entry stores them."""
    if not isinstance(line, list) or not 4 <= len(line) <= 6:
        raise wrong("each line is [at, by, action, hand] and maybe its before and after")
    at, by, action, number, *sides = line
    at = _read_history_time(at, wrong)
    if by is not None:
        by = _history_username(by, wrong)
    if action not in HandRevision.Action.values:
        raise wrong(f"the action must be one of {', '.join(HandRevision.Action.values)}")
    if type(number) is not int or not 0 <= number <= MOST_HANDS:
        raise wrong(f"the hand must be a whole number from 0 to {MOST_HANDS:,}")
    before, after = [*sides, None, None][:2]
    if len(sides) == 1 and action != HandRevision.Action.DELETED:
        raise wrong("give both the before and the after, or neither")

    def hand(side: object) -> dict[str, Any]:
        try:
            entry = read_hand(setup, side, number)
        except ScoresheetError as error:
            raise wrong(str(error)) from None
        errors = fresh.check(entry)
        if errors:
            raise wrong(f"hand {number}: {errors[0].message}")
        return entry_to_json(entry)

    def either(side: object, key: str, check: Callable[[object], Any]) -> dict[str, Any]:
        if not isinstance(side, Mapping) or set(side) != {key}:
            raise wrong(f"its before and after are {{'{key}': ...}}")
        check(side[key])
        return {key: side[key]}

    def declared(value: object) -> None:
        if value not in DECLARED:
            raise wrong('\'declared\' must be "", "null" or "abandoned"')

    def day(value: object) -> None:
        try:
            read_played_on({"played_on": value})
        except ScoresheetError as error:
            raise wrong(str(error)) from None

    if action in HAND_ACTIONS:
        if number < 1:
            raise wrong("a hand's change names the hand, from 1")
        if action == HandRevision.Action.ADDED:
            if before is not None:
                raise wrong("an added hand has no before")
            if not sides:  # the hand as the scoresheet has it
                if number > len(stored):
                    raise wrong(f"there is no hand {number} in the scoresheet to be the one added")
                after = stored[number - 1]
            else:
                after = hand(after)
        elif action == HandRevision.Action.EDITED:
            if before is None or after is None:
                raise wrong("an edited hand has a before and an after")
            before, after = hand(before), hand(after)
        else:
            if before is None or after is not None:
                raise wrong("a deleted hand has a before and no after")
            before = hand(before)
    elif action in (HandRevision.Action.DECLARED, HandRevision.Action.REOPENED):
        before, after = either(before, "declared", declared), either(after, "declared", declared)
    elif action == HandRevision.Action.MERGED:
        name = lambda value: _as_the_app_writes_it(value, player_name)  # noqa: E731
        before, after = either(before, "player", name), either(after, "player", name)
    else:  # redated
        before, after = either(before, "played_on", day), either(after, "played_on", day)
    return at, by, action, number, before, after


HISTORY_TIME_TEXT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def _read_history_time(value: object, wrong) -> datetime:
    """A History line's time, as the export writes it (HISTORY_TIME): read without
    parse_datetime's many forms, for the thousands of lines of a league."""
    if not isinstance(value, str) or not HISTORY_TIME_TEXT.fullmatch(value):
        raise wrong("'at' must be a time in UTC written like 2025-01-07T19:30:00Z")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:  # well formed but impossible, like month 13
        raise wrong("'at' must be a time in UTC written like 2025-01-07T19:30:00Z") from None
    if moment.year < EARLIEST_YEAR or moment > timezone.now() + LATEST_AHEAD:
        raise wrong(f"'at' must be between {EARLIEST_YEAR} and tomorrow")
    return moment


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
