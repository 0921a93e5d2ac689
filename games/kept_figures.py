"""What sums a league's results, kept in the cache and mended for each change rather than summed again.

What sums thousands of seats (a player's rated games, the games per month, a
span's sums) is kept in the cache under the results_version it was read at.
When the league's results have moved on since, the ResultsChange rows between
the two versions say what moved: ratings from a point in the order of play,
the counted games of some days, the figures of some players. What was kept
is then mended for those alone (read again from that point, those months,
those players) instead of summed again over the league. Every write that moves
results logs its change in the same transaction (League.results_changed).
games.stats reads its figures through these; read only, as it is.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from itertools import starmap
from typing import Any, NamedTuple

from django.core.cache import cache
from django.db.models import Count, Max, Q

from games.models import Game, League, ResultsChange, Seat
from games.models.seats import EPOCH, Place, Rated, place

# How long what is kept stays in the cache at most; a change mends or replaces it at once.
KEPT_SECONDS = 24 * 60 * 60


@dataclass(frozen=True)
class Changes:
    """What the league's results changes after some version moved, all together.

    since: the earliest point in the order of play from which ratings moved (a
    game's position); days: the days whose counted games came, went or changed;
    players: whose figures may have moved (None: everyone's); rated: when every
    change kept its rated seats (ResultsChange.rated), each change's position
    (as Rated holds one) and those seats by player, in the order of the changes."""

    since: tuple[date, datetime, int] | None
    days: frozenset[date]
    players: frozenset[int] | None
    rated: tuple[tuple[Place, dict[int, list[Rated]]], ...] | None = None

    @property
    def everything(self) -> bool:
        return self.since is None

    def touches_player(self, player_id: int) -> bool:
        return self.players is None or player_id in self.players

    def touches_days(self, since: date | None, until: date | None) -> bool:
        return self.everything or any((not since or day >= since) and (not until or day <= until) for day in self.days)


# Beyond this many changes since a kept copy, the log is read in one query rather than key by key.
CACHED_CHANGES = 50

# One of the changes rebuilt the league, or the log no longer reaches back that far.
EVERYTHING = Changes(None, frozenset(), None)


def changes_after(league: League, version: int) -> Changes:
    """What the league's results changes after `version` up to league.results_version moved.
    From the cache, else one query; kept on the league object for the rest of the request."""
    known = league.__dict__.setdefault("_changes_after", {})
    if version not in known:
        keys = [ResultsChange.cache_key(league.pk, moved) for moved in range(version + 1, league.results_version + 1)]
        # Each change is in the cache from its commit on (ResultsChange.log): the first page after
        # a game ends reads no log. A long gap (or another instance's cache) asks the database.
        found = cache.get_many(keys) if len(keys) <= CACHED_CHANGES else {}
        if len(found) == len(keys):
            values = [found[key] for key in keys]
        else:
            read = ResultsChange.objects.filter(league=league, version__gt=version, version__lte=league.results_version)
            by_version = {moved: tuple(row) for moved, *row in read.values_list("version", *ResultsChange.READ)}
            values = [by_version[moved] for moved in sorted(by_version)]  # in the order they were made
            if len(values) == len(keys):
                cache.set_many(
                    {ResultsChange.cache_key(league.pk, moved): row for moved, row in by_version.items()},
                    ResultsChange.CACHED_SECONDS,
                )
        rows = [dict(zip(ResultsChange.READ, row, strict=True)) for row in values]
        if len(rows) != league.results_version - version or any(row["since_day"] is None for row in rows):
            known[version] = EVERYTHING
        else:
            players: set[int] | None = set()
            for ids in (row["players"] for row in rows):
                players = None if players is None or ids is None else players | set(ids)
            known[version] = Changes(
                # Every row has its position here (ResultsChange.log writes its three together).
                since=min((row["since_day"], row["since_created_at"], row["since_game_id"]) for row in rows),
                days=frozenset(date.fromisoformat(day) for row in rows for day in row["days"]),
                players=None if players is None else frozenset(players),
                rated=_rated_steps(rows),
            )
    return known[version]


def _rated_steps(rows: list[dict[str, Any]]) -> tuple[tuple[Place, dict[int, list[Rated]]], ...] | None:
    """Changes.rated from the log's rows (ResultsChange.READ by name, in the order they were made),
    when every one of them kept its rated seats (as [player id, *Rated's fields])."""
    if any(row["rated"] is None for row in rows):
        return None
    steps = []
    for row in rows:
        seats: dict[int, list[Rated]] = {}
        for player_id, *game in row["rated"]:
            seats.setdefault(player_id, []).append(Rated(*game))
        steps.append((place(row["since_day"], row["since_created_at"], row["since_game_id"]), seats))
    return tuple(steps)


def changes_since(league: League, entry: tuple[int, Any] | None) -> Changes | None:
    """None when a kept (version, value) is the league's current one; else what moved since it."""
    if entry is not None and entry[0] == league.results_version:
        return None
    if entry is None or entry[0] > league.results_version:
        return EVERYTHING
    return changes_after(league, entry[0])


def figures_version(league: League, player_id: int, until: date | None = None) -> int:
    """The league's results_version at which this player's figures last moved, as far as is known:
    what a page that shows them alone is kept under, so that a game ending leaves every other
    player's page as it was.

    For the figures of games up to `until` (a span's sums and head-to-head, a saved season's
    standings, the all-time ratings after those games), only a change from that day or before
    moves them: a game ending today leaves last year's page as it was, but for the player's
    rating now, which a dated span's row shows (current_rating)."""
    key = f"figures-version:{player_id}:{until or ''}"
    entry = cache.get(key)
    changes = changes_since(league, entry)
    if changes is None:
        return entry[1]
    moved = entry is None or changes.touches_player(player_id)
    if moved and entry is not None and until is not None and changes.since is not None:
        moved = changes.since[0] <= until
    version = league.results_version if moved else entry[1]
    cache.set(key, (league.results_version, version), KEPT_SECONDS)
    return version


def current_rating(league: League, player_id: int) -> float | None:
    """The player's all-time rating now: after their latest counted game (rated_columns; no query
    when it is kept, or mended from the changes since)."""
    packed = rated_columns(league, [player_id])[player_id]
    return packed.rating[-1] if packed else None


Position = tuple[date, datetime, int]


class Columns(NamedTuple):
    """A rated list as the cache keeps it: a column for each of Rated's fields, the numbers as arrays
    and the variants as indexes into the few `names`. The cache pickles a list of thousands of tuples
    on every change (a millisecond for the league page's five leaders); these columns, a few bytes
    objects. None stands for an empty list."""

    day: array[int]
    moment: array[int]
    game_id: array[int]
    number: array[int]
    names: tuple[str, ...]
    variant: array[int]
    total: array[int]
    won: bytes
    moons: array[int]
    rating: array[float]


# Each number column's array type.
_TYPECODES = {"day": "q", "moment": "q", "game_id": "q", "number": "q", "total": "q", "moons": "q", "rating": "d"}


def _packed(games: list[Rated]) -> Columns | None:
    """A rated list as the cache keeps it (Columns)."""
    if not games:
        return None
    column = dict(zip(Rated._fields, zip(*games, strict=True), strict=True))
    names = sorted(set(column["variant"]))
    index = {name: number for number, name in enumerate(names)}
    return Columns(
        names=tuple(names),
        variant=array("H", [index[variant] for variant in column["variant"]]),
        won=bytes(column["won"]),
        **{name: array(typecode, column[name]) for name, typecode in _TYPECODES.items()},
    )


def _unpacked(packed: Columns | None) -> list[Rated]:
    """_packed's rated list as it was."""
    if packed is None:
        return []
    columns = {
        "variant": map(packed.names.__getitem__, packed.variant),
        "won": map(bool, packed.won),
        **{name: getattr(packed, name).tolist() for name in _TYPECODES},
    }
    return list(starmap(Rated, zip(*(columns[name] for name in Rated._fields), strict=True)))


def rated_games(league: League, player_ids: list[int]) -> dict[int, list[Rated]]:
    """Each player's counted games in order of play, with their all-time rating after each (from
    rated_columns)."""
    return {player_id: _unpacked(packed) for player_id, packed in rated_columns(league, player_ids).items()}


def rated_columns(league: League, player_ids: list[int]) -> dict[int, Columns | None]:
    """rated_games' lists as _packed keeps them (a column each).

    Kept per player under the results_version read; after a change, a kept list
    is cut where the ratings started to move and only its end read again (or
    kept whole when the change did not touch the player): one query for the
    players read whole, starting from their seats, and one for the ends (those
    players' seats at the league's games from that point). No query for the ends
    when every change since kept its rated seats (ResultsChange.rated: a game
    ending after the others, as at the table): each change's cuts the columns at
    its position and is added to them.
    """
    # "named-columns": kept as _packed keeps them; a list kept before in another form is under another name.
    keys = {player_id: f"rated-games-named-columns:{player_id}" for player_id in player_ids}
    found = cache.get_many(list(keys.values()))
    columns: dict[int, Columns | None] = {}
    games: dict[int, list[Rated]] = {}  # the lists read again, whole or from a point
    ends: dict[int, Place] = {}  # whose list is read again from a point
    moved: list[int] = []  # whose kept list moves to the new version (as kept, or mended)
    for player_id, key in keys.items():
        entry = found.get(key)
        changes = changes_since(league, entry)
        if changes is None:
            assert entry is not None  # _kept says None only of a kept entry
            columns[player_id] = entry[1]
        elif entry is None or changes.everything:
            games[player_id] = []
        elif not changes.touches_player(player_id):
            columns[player_id] = entry[1]
            moved.append(player_id)
        elif changes.rated is not None:
            # Each change's seats are the player's games from its position on: cut there, and add them.
            packed = entry[1]
            for at, by_player in changes.rated:
                packed = _cut_and_added(packed, at, by_player.get(player_id, []))
            columns[player_id] = packed
            moved.append(player_id)
        else:
            since = place(*changes.since)  # type: ignore[misc]
            games[player_id] = [kept for kept in _unpacked(entry[1]) if kept.place < since]
            ends[player_id] = since
    seats = Seat.objects.counted().exclude(rating_mu=None)
    whole = [player_id for player_id in games if player_id not in ends]
    if whole:
        _add_rated(games, seats.filter(player_id__in=whole).rated_rows())
    if ends:
        since = min(ends.values())
        day = date.fromordinal(since.day)
        position = (day, EPOCH + timedelta(microseconds=since.moment), since.game_id)
        # The day's bound besides the position's: SQLite then reads a range of the league's index on
        # its games, and each game's seats of these players by the seats' (game, player) key.
        rows = seats.filter(game__league=league, game__played_on__gte=day, player_id__in=list(ends))
        _add_rated(games, rows.filter(Game.from_position(position, prefix="game__")).rated_rows(), ends)
    columns |= {player_id: _packed(listed) for player_id, listed in games.items()}
    if games or moved:
        version = league.results_version
        cache.set_many({keys[player_id]: (version, columns[player_id]) for player_id in [*games, *moved]}, KEPT_SECONDS)
    return {player_id: columns[player_id] for player_id in player_ids}


def _cut_and_added(packed: Columns | None, at: Place, added: list[Rated]) -> Columns | None:
    """_packed's columns without the games at `at` or after it in the order of play, and with `added`
    (which follow them): a game ending after the others cuts nothing and adds one, without making a
    tuple of each of the player's games."""
    if packed is None:
        return _packed(added)
    cut = len(packed.game_id)
    while cut and Place(packed.day[cut - 1], packed.moment[cut - 1], packed.game_id[cut - 1]) >= at:
        cut -= 1
    if cut == len(packed.game_id) and not added:
        return packed
    index = {name: number for number, name in enumerate(packed.names)}
    if cut == 0 or any(game.variant not in index for game in added):  # a variant new to the list: its names change
        return _packed([*_unpacked(packed)[:cut], *added])
    return Columns(
        names=packed.names,
        variant=packed.variant[:cut] + array("H", [index[game.variant] for game in added]),
        won=packed.won[:cut] + bytes(game.won for game in added),
        **{
            name: getattr(packed, name)[:cut] + array(typecode, [getattr(game, name) for game in added])
            for name, typecode in _TYPECODES.items()
        },
    )


def _add_rated(
    games: dict[int, list[Rated]], rows: list[tuple[int, Rated]], since: dict[int, Place] | None = None
) -> None:
    """Seats' rows (SeatQuerySet.rated_rows, in order of play) added to each player's list; from
    `since` on only, for the players it names."""
    for player_id, game in rows:
        if since is None or game.place >= since[player_id]:
            games[player_id].append(game)


def games_per_month(league: League) -> list[tuple[date, int]]:
    """How many counted games were played in each month that had one, in order.

    Kept under the results_version read; after a change only the months of the
    days it touched are counted again (one query, none when nothing moved).
    Counted per day in the database (a plain GROUP BY on the column) and added
    up per month here: SQLite truncates dates to months with a Python function
    called once a row, several times slower on a league of thousands of games.

    Kept with where the league's latest counted game stands, as far as it is
    known (_latest_known): a change after it that kept its rated seats (a game
    ending after the others, ResultsChange.rated) only adds its games to their
    months, without a query."""
    key = f"counted-months:{league.pk}"  # the months and the latest game's place
    entry = cache.get(key)
    changes = changes_since(league, entry)
    if changes is None:
        return entry[1]
    kept = None if entry is None or entry[2] is None else Place(*entry[2])
    if entry is not None and changes.rated is not None:
        added = _months_added(entry[1], kept, changes.rated)
        if added is not None:
            cache.set(key, (league.results_version, *added), KEPT_SECONDS)
            return added[0]
    days = Game.objects.counted().filter(league=league)
    touched: set[date] | None = None  # the months counted again (None: all of them)
    if entry is None or changes.everything:
        months: dict[date, int] = {}
    else:
        touched = {day.replace(day=1) for day in changes.days}
        months = {month: count for month, count in entry[1] if month not in touched}
        within = Q()
        for month in touched:
            within |= Q(played_on__gte=month, played_on__lt=(month + timedelta(days=31)).replace(day=1))
        days = days.filter(within) if touched else days.none()
    latest: Place | None = None  # the latest day counted and its latest game's moment, for any game's id
    for day, count, moment in (
        days.values_list("played_on").annotate(games=Count("pk"), latest=Max("created_at")).order_by("played_on")
    ):
        month = day.replace(day=1)
        months[month] = months.get(month, 0) + count
        latest = place(day, moment, _ANY_ID)
    counted = sorted(months.items())
    last = _latest_known(counted, touched, latest, kept)
    cache.set(key, (league.results_version, counted, last), KEPT_SECONDS)
    return counted


# A place (as Rated holds one) after any game's id: "any game of that day and moment".
_ANY_ID = 2**63 - 1
# The place before every game: a league with no counted game.
_NO_GAME = Place(0, 0, 0)


def _latest_known(
    counted: list[tuple[date, int]],
    touched: set[date] | None,
    latest: Place | None,
    kept: Place | None,
) -> Place | None:
    """Where the league's latest counted game stands, for games_per_month to keep; None when not known.

    counted: the months now; touched: the months just counted again (None: all); latest: the place of
    the latest day they had and its latest game's moment; kept: what was known before. A place stands for any
    game of its day and moment (_ANY_ID), which only makes a game ending at that very moment count
    its month again."""
    if touched is None:
        return _NO_GAME if latest is None else latest
    known = [] if latest is None else [latest]
    if kept is not None and (kept == _NO_GAME or date.fromordinal(kept.day).replace(day=1) not in touched):
        known.append(kept)
    if not known:
        return None
    last = max(known)
    # A month not counted again, after that one, has a later game, whose place is not known.
    month = date.fromordinal(last.day).replace(day=1) if last != _NO_GAME else date.min
    if any(count and later > month and later not in touched for later, count in counted):
        return None
    return last


def _months_added(
    counted: list[tuple[date, int]],
    last: Place | None,
    steps: tuple[tuple[Place, dict[int, list[Rated]]], ...],
) -> tuple[list[tuple[date, int]], Place] | None:
    """The months with the games of changes after the league's latest counted game (`last`) added,
    and the new latest's place; None when a change starts at or before it (it may have moved a game
    already counted: games_per_month counts its months again). Each change's rated seats are every
    counted game from its place on (ResultsChange.rated)."""
    if last is None:
        return None
    months = dict(counted)
    for at, by_player in steps:
        if at <= last:
            return None
        games = {game.place for rows in by_player.values() for game in rows}
        for at_game in games:
            month = date.fromordinal(at_game.day).replace(day=1)
            months[month] = months.get(month, 0) + 1
        last = max(games, default=last)
    return sorted(months.items()), last
