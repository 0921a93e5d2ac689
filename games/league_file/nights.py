"""The league file's club nights: each night with who came, its rounds, their tables and sit-outs.

A night's tables name their games by the league's game numbers, so a night
comes back with the games the file restores. The file is untrusted: every
value is checked here, before the import writes anything, as the night's
own forms and models would have checked it (LeagueImportError otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext

from games.league_file import LeagueImportError
from games.models import NIGHT_NAME_LENGTH, League, Night, NightPlayer, NightRound, NightSeat, NightTable
from rules import SetupError, name_key
from rules.night import FEWEST_PLAYERS, MOST_PLAYERS, MOST_ROUNDS, variant_sizes
from rules.variants import get_variant, resolve_options

if TYPE_CHECKING:
    # games.league_file.sections registers this section, so it is imported from there, not here.
    from games.league_file.sections import Reading, Restoring

NIGHT_KEYS = {"name", "played_on", "variant", "options", "rounds", "sizes", "seed", "players", "played"}
# A file written before a night kept its table sizes has no "sizes": the law's rule.
NIGHT_KEYS_BEFORE_SIZES = NIGHT_KEYS - {"sizes"}
# A night's series, by name (games.league_file.series): none in a file from before series.
SERIES = "series"
ROUND_KEYS = {"number", "status", "tables", "sit_out"}
TABLE_KEYS = {"game", "seats", "ended_as"}
# A file written before a round's end kept its organizer's choice per table has no "ended_as".
TABLE_KEYS_BEFORE_ENDED_AS = TABLE_KEYS - {"ended_as"}
# More nights than a club meets in decades; the file stays bounded.
MOST_NIGHTS = 2_000
MOST_SEED = 2**31 - 1


def write_nights(league: League) -> list[dict[str, Any]]:
    nights = (
        Night.objects.filter(league=league)
        .order_by("played_on", "created_at", "pk")
        .prefetch_related(
            "attendance__player",
            "round_set__tables__game",
            "round_set__seats__player",
        )
        .select_related("series")
    )
    written = []
    for night in nights:
        rounds = []
        for night_round in sorted(night.round_set.all(), key=lambda r: r.number):
            seats = sorted(night_round.seats.all(), key=lambda seat: seat.position)
            tables = [
                {
                    "game": table.game.number if table.game is not None and table.game.trashed_at is None else None,
                    "seats": [seat.player.name for seat in seats if seat.table_id == table.pk],
                    "ended_as": table.ended_as,
                }
                for table in sorted(night_round.tables.all(), key=lambda table: table.number)
            ]
            sit_out = [seat.player.name for seat in seats if seat.table_id is None]
            rounds.append(
                {"number": night_round.number, "status": night_round.status, "tables": tables, "sit_out": sit_out}
            )
        written.append(
            {
                "name": night.name,
                "played_on": night.played_on.isoformat(),
                "variant": night.variant,
                "options": night.options,
                "rounds": night.rounds,
                "sizes": night.sizes,
                "seed": night.seed,
                "players": [
                    {"name": entry.player.name, "left": entry.left}
                    for entry in sorted(night.attendance.all(), key=lambda entry: entry.player.name_key)
                ],
                "played": rounds,
                SERIES: night.series.name if night.series is not None else None,
            }
        )
    return written


def read_nights(nights: object, reading: Reading) -> Callable[[Restoring], None]:
    """Every night checked whole before the import writes anything; the write to do after the games."""
    if not isinstance(nights, list):
        raise LeagueImportError(gettext("'nights' must be a list"))
    if len(nights) > MOST_NIGHTS:
        raise LeagueImportError(
            gettext("A league file holds at most %(most)d club nights; this file has %(count)d")
            % {"most": MOST_NIGHTS, "count": len(nights)}
        )
    known = {name_key(name): name for name in reading.players}
    used_games: set[int] = set()
    read = [_read_night(number, night, known, used_games, reading) for number, night in enumerate(nights, start=1)]
    # What the series' section, read next, checks its series and finals against.
    reading.night_series = [night.get(SERIES) for night in nights]
    reading.night_rules = [
        (fields["variant"], fields["options"], {name for name, _left in attendance}) for fields, attendance, _ in read
    ]
    reading.night_games = used_games

    def store(restoring: Restoring) -> None:
        for fields, attendance, rounds in read:
            night = Night.objects.create(league=restoring.league, **fields)
            restoring.nights.append(night)
            NightPlayer.objects.bulk_create(
                NightPlayer(night=night, player=restoring.players[name], left=left) for name, left in attendance
            )
            for number, status, tables, sit_out in rounds:
                night_round = NightRound.objects.create(night=night, number=number, status=status)
                seats = []
                for table_number, (game_number, names, ended_as) in enumerate(tables, start=1):
                    game = restoring.games.get(game_number) if game_number is not None else None
                    table = NightTable.objects.create(
                        round=night_round, number=table_number, game=game, ended_as=ended_as
                    )
                    seats += [
                        NightSeat(round=night_round, table=table, position=position, player=restoring.players[name])
                        for position, name in enumerate(names)
                    ]
                seats += [
                    NightSeat(round=night_round, table=None, position=position, player=restoring.players[name])
                    for position, name in enumerate(sit_out)
                ]
                NightSeat.objects.bulk_create(seats)

    return store


def _read_night(number: int, night: object, known: dict[str, str], used_games: set[int], reading: Reading) -> tuple:
    def fail(message: str) -> LeagueImportError:
        return LeagueImportError(gettext("Club night %(number)s: %(problem)s") % {"number": number, "problem": message})

    if not isinstance(night, Mapping) or set(night) - {SERIES} not in (NIGHT_KEYS, NIGHT_KEYS_BEFORE_SIZES):
        raise fail(gettext("each night is %(keys)s and no more") % {"keys": sorted(NIGHT_KEYS | {SERIES})})
    if not isinstance(night.get(SERIES), str | None):
        raise fail(gettext("'series' must be null or the name of one of the file's series"))
    name = night["name"]
    if not isinstance(name, str) or len(name) > NIGHT_NAME_LENGTH or name != name.strip():
        raise fail(
            gettext("'name' must be text of at most %(most)d characters, without spaces around it")
            % {"most": NIGHT_NAME_LENGTH}
        )
    played_on = _read_day(night["played_on"], fail(gettext("'played_on' must be a day written like 2026-03-01")))
    variant, options, sizes = _read_night_rules(night, fail)
    rounds = _whole(night["rounds"], 1, MOST_ROUNDS, fail(gettext("'rounds' must be a whole number from 1 to 20")))
    allowed = night.get("sizes", [])
    # As the night's form saves them: sizes the variant seats, each once, smallest first.
    if (
        not isinstance(allowed, list)
        or not all(isinstance(size, int) and not isinstance(size, bool) and size in sizes for size in allowed)
        or allowed != sorted(set(allowed))
    ):
        raise fail(
            gettext("'sizes' must list table sizes these rules seat (%(sizes)s), smallest first, each once")
            % {"sizes": ", ".join(map(str, sizes))}
        )
    seed = _whole(night["seed"], 0, MOST_SEED, fail(gettext("'seed' must be a whole number")))

    attendance = _read_attendance(night["players"], known, fail)
    came = {player for player, _left in attendance}

    played = night["played"]
    if not isinstance(played, list) or len(played) > rounds:
        raise fail(gettext("'played' must list at most its 'rounds' rounds"))
    read_rounds = []
    for index, night_round in enumerate(played, start=1):
        last = index == len(played)
        read_rounds.append(
            _read_round(index, night_round, last, came, sizes, (variant, dict(options)), used_games, reading, fail)
        )
    fields = {"name": name, "played_on": played_on, "variant": variant, "options": dict(options)}
    fields |= {"rounds": rounds, "sizes": allowed, "seed": seed}
    return fields, attendance, read_rounds


def _read_night_rules(night: Mapping, fail: Callable[[str], LeagueImportError]) -> tuple[str, Mapping, tuple[int, ...]]:
    """The night's variant and options, as the app saves them, and the table sizes they seat."""
    variant, options = night["variant"], night["options"]
    if not isinstance(variant, str) or not isinstance(options, Mapping):
        raise fail(gettext("'variant' must be a variant's key and 'options' an object"))
    try:
        resolved = resolve_options(get_variant(variant), dict(options)).as_dict()
    except (SetupError, KeyError, ValueError):
        raise fail(gettext("its 'variant' and 'options' are not a game the app knows")) from None
    if resolved != options:
        raise fail(gettext("'options' must list the options as the app saves them"))
    sizes = variant_sizes(variant, dict(options))
    if not sizes:
        raise fail(gettext("no table can play these rules"))
    return variant, options, sizes


def _read_attendance(
    players: object, known: dict[str, str], fail: Callable[[str], LeagueImportError]
) -> list[tuple[str, bool]]:
    """Who came to the night, each once, and whether they left."""
    if not isinstance(players, list) or not FEWEST_PLAYERS <= len(players) <= MOST_PLAYERS:
        raise fail(
            gettext("'players' must list from %(fewest)d to %(most)d players")
            % {"fewest": FEWEST_PLAYERS, "most": MOST_PLAYERS}
        )
    attendance: list[tuple[str, bool]] = []
    came: set[str] = set()
    for entry in players:
        if not isinstance(entry, Mapping) or set(entry) != {"name", "left"} or not isinstance(entry["left"], bool):
            raise fail(gettext("each of its players is {'name', 'left'}, 'left' true or false"))
        player = _player(entry["name"], known, fail)
        if player in came:
            raise fail(gettext("%(name)s is listed twice") % {"name": player})
        came.add(player)
        attendance.append((player, entry["left"]))
    return attendance


def _read_round(
    index: int,
    night_round: object,
    last: bool,
    came: set[str],
    sizes: tuple[int, ...],
    rules: tuple[str, dict[str, Any]],
    used_games: set[int],
    reading: Reading,
    fail: Callable[[str], LeagueImportError],
) -> tuple:

    def at(problem: str) -> LeagueImportError:
        return fail(gettext("round %(number)s: %(problem)s") % {"number": index, "problem": problem})

    if not isinstance(night_round, Mapping) or set(night_round) != ROUND_KEYS:
        raise at(gettext("each round is %(keys)s and no more") % {"keys": sorted(ROUND_KEYS)})
    if night_round["number"] != index or isinstance(night_round["number"], bool):
        raise at(gettext("rounds are numbered 1, 2, 3... in order"))
    status = night_round["status"]
    if status not in NightRound.Status.values:
        raise at(gettext("'status' must be one of %(values)s") % {"values": ", ".join(NightRound.Status.values)})
    if status != NightRound.Status.OVER and not last:
        raise at(gettext("only the latest round may be unfinished"))
    tables, sit_out = night_round["tables"], night_round["sit_out"]
    if not isinstance(tables, list) or not tables or not isinstance(sit_out, list):
        raise at(gettext("'tables' must list its tables and 'sit_out' who sat out"))
    seated: set[str] = set()
    known = {name: name for name in came}

    def take(name: object) -> str:
        player = known.get(name) if isinstance(name, str) else None
        if player is None:
            raise at(gettext("everyone seated must be among the night's players"))
        if player in seated:
            raise at(gettext("%(name)s has two places") % {"name": player})
        seated.add(player)
        return player

    read_tables = []
    for table in tables:
        if (
            not isinstance(table, Mapping)
            or set(table) not in (TABLE_KEYS, TABLE_KEYS_BEFORE_ENDED_AS)
            or not isinstance(table["seats"], list)
        ):
            raise at(gettext("each table is {'game', 'seats', 'ended_as'}"))
        ended_as = table.get("ended_as", "")
        if ended_as not in NightTable.Ended.values or (ended_as and (table["game"] is None or status != "over")):
            raise at(gettext("a table's 'ended_as' is '', 'later' or 'counted', and only for a game of a round over"))
        names = [take(name) for name in table["seats"]]
        if len(names) not in sizes:
            raise at(gettext("a table of %(count)d cannot play these rules") % {"count": len(names)})
        game = table["game"]
        if game is not None:
            _check_table_game(game, names, status, rules, used_games, reading, at)
        read_tables.append((game, names, ended_as))
    out = [take(name) for name in sit_out]
    return index, status, read_tables, out


def _check_table_game(
    game: object,
    names: list[str],
    status: str,
    rules: tuple[str, dict[str, Any]],
    used_games: set[int],
    reading: Reading,
    at: Callable[[str], LeagueImportError],
) -> None:
    """A table's game: one of the file's, at this table only, with its seats and the night's rules."""
    if status == NightRound.Status.PROPOSED:
        raise at(gettext("a round not started has no games yet"))
    if isinstance(game, bool) or not isinstance(game, int) or game not in reading.game_numbers:
        raise at(gettext("a table's 'game' must be the number of a game in the file"))
    if game in used_games:
        raise at(gettext("game %(number)s is played at two tables") % {"number": game})
    used_games.add(game)
    played = reading.games.get(game)
    if played is not None and list(played.players) != names:
        raise at(
            gettext("the players of game %(number)s are not this table's seats, in their order") % {"number": game}
        )
    if played is not None and (played.variant, played.options) != rules:
        raise at(gettext("game %(number)s was not played under the night's rules") % {"number": game})


def _player(name: object, known: dict[str, str], fail: Callable[[str], LeagueImportError]) -> str:
    player = known.get(name_key(name)) if isinstance(name, str) else None
    if player is None or player != name:
        raise fail(gettext("each of its players must be one of the file's 'players', written as there"))
    return player


def _read_day(value: object, error: LeagueImportError) -> date:
    if isinstance(value, str) and len(value) == 10:
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise error


def _whole(value: object, least: int, most: int, error: LeagueImportError) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise error
    return value
