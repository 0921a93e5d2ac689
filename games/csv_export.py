"""The league as CSV for spreadsheets: games.csv (a row a seat) and hands.csv (a row a hand)."""

from __future__ import annotations

import unicodedata
import zoneinfo
from collections.abc import Iterator, Mapping
from datetime import date, datetime
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import pgettext, pgettext_lazy

from games.figures import SEAT_FIGURES
from games.league_file.export import games_in_order
from games.models import (
    MONEY_VARIANTS,
    Game,
    Hand,
    League,
    Seat,
)
from games.ratings import on_scale, ordinal
from games.rounding import rounded
from rules import (
    GameSetup,
    HandEntry,
)
from rules.variants import PRESETS

# Columns for this many seats in hands.csv: the most any preset seats (Cancellation Hearts: 11).
MOST_SEATS = max(variant.max_players for variant in PRESETS.values())


# The seat figures games.csv shows (games.figures), before the rating and after it.
CSV_FIGURES = [figure for figure in SEAT_FIGURES if figure.csv == "figure"]
LAST_FIGURES = [figure for figure in SEAT_FIGURES if figure.csv == "last"]


def games_csv_header(time_zone: str) -> list[str]:
    """games.csv's columns, in the reader's language (a spreadsheet's header is read by a person; the
    JSON file's keys are the format); the times' name the league's time zone they are written in."""
    return [
        column("game"), column("played_on"), pgettext("CSV column", "started (%(zone)s)") % {"zone": time_zone},
        pgettext("CSV column", "finished (%(zone)s)") % {"zone": time_zone}, column("variant"),
        column("house_rules"), column("status"), column("hands"), column("seat"), column("player"),
        *(str(figure.header) for figure in CSV_FIGURES), column("rating"),
        # Turbo Hearts' money and what came after it, last so that the columns before stay where
        # spreadsheets expect them.
        *(str(figure.header) for figure in LAST_FIGURES),
    ]  # fmt: skip


# The CSV files' column names, each marked for the catalogs and said in the reader's language.
COLUMNS = {
    "game": pgettext_lazy("CSV column", "game"),
    "played_on": pgettext_lazy("CSV column", "played_on"),
    "variant": pgettext_lazy("CSV column", "variant"),
    "house_rules": pgettext_lazy("CSV column", "house_rules"),
    "status": pgettext_lazy("CSV column", "status"),
    "hands": pgettext_lazy("CSV column", "hands"),
    "seat": pgettext_lazy("CSV column", "seat"),
    "player": pgettext_lazy("CSV column", "player"),
    "rating": pgettext_lazy("CSV column", "rating"),
    "hand": pgettext_lazy("CSV column", "hand"),
    "dealer": pgettext_lazy("CSV column", "dealer"),
    "pass": pgettext_lazy("CSV column", "pass"),
    "tie_break": pgettext_lazy("CSV column", "tie_break"),
    "revoke": pgettext_lazy("CSV column", "revoke"),
    "queen": pgettext_lazy("CSV column", "queen"),
    "jack": pgettext_lazy("CSV column", "jack"),
    "moon_shooter": pgettext_lazy("CSV column", "moon_shooter"),
    "moon_resolution": pgettext_lazy("CSV column", "moon_resolution"),
    "wrapped": pgettext_lazy("CSV column", "wrapped"),
    "other_cards": pgettext_lazy("CSV column", "other_cards"),
    "sun": pgettext_lazy("CSV column", "sun"),
    "time_up": pgettext_lazy("CSV column", "time_up"),
}


def column(name: str) -> str:
    """A CSV column's name in the reader's language."""
    return str(COLUMNS[name])


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


# What games_csv_rows reads of each seat: the game's and the player's, then the figures by name.
GAMES_CSV_FIELDS = [
    "game_id", "game__number", "game__played_on", "game__created_at", "game__finished_at", "game__variant",
    "game__options", "game__status", "game__hand_count", "position", "player__name", "rating_mu", "rating_sigma",
]  # fmt: skip


def games_csv_rows(league: League) -> Iterator[list[Any]]:
    """One row per player per game: the cached results, header first. Read as values: as
    models, the seats of thousands of games with their game and player took twice as long."""
    yield games_csv_header(league.time_zone)
    zone = league.zone
    before = [figure.name for figure in CSV_FIGURES]
    after = [figure.name for figure in LAST_FIGURES]
    seats = (
        Seat.objects.filter(game__league=league)
        .order_by("game__played_on", "game__created_at", "game_id", "position")
        .values_list(*GAMES_CSV_FIELDS, *before, *after)
    )
    rules: dict[int, str] = {}
    shown = len(GAMES_CSV_FIELDS)
    for row in seats.iterator(chunk_size=2000):
        (game_id, number, played_on, created_at, finished_at, variant, options, status, hands, position, name, mu,
         sigma) = row[:shown]  # fmt: skip
        figures = dict(zip(before + after, row[shown:], strict=True))
        if game_id not in rules:
            rules = {game_id: house_rules(options)}  # the rows of one game come together
        # Rounded as every page rounds it (games.rounding), so the figures agree.
        rating = rounded(on_scale(ordinal(mu, sigma), league.rating_scale)) if mu is not None else ""
        yield [
            number, played_on.isoformat(), _local_minute(created_at, zone, played_on),
            _local_minute(finished_at, zone, played_on, days_after=1), variant,
            rules[game_id], status, hands, position + 1, _cell(name),
            *(_figure(figures[name]) for name in before), rating,
            # Money is a Turbo game's alone: an empty cell elsewhere, not a 0 that looks earned.
            *("" if name == "money" and variant not in MONEY_VARIANTS else _figure(figures[name]) for name in after),
        ]  # fmt: skip


def _figure(value: Any) -> Any:
    """A figure's cell: a win as 1 or 0, as spreadsheets sum it."""
    return int(value) if isinstance(value, bool) else value


def hands_csv_header() -> list[str]:
    header = [column(name) for name in ("game", "hand", "dealer", "pass", "tie_break", "revoke", "queen", "jack",
              "moon_shooter", "moon_resolution", "wrapped", "other_cards", "sun", "time_up")]  # fmt: skip
    for seat in range(1, MOST_SEATS + 1):
        header += [
            pgettext("CSV column", "player_%(seat)s") % {"seat": seat},
            pgettext("CSV column", "hearts_%(seat)s") % {"seat": seat},
            pgettext("CSV column", "points_%(seat)s") % {"seat": seat},
            pgettext("CSV column", "total_%(seat)s") % {"seat": seat},
        ]
    # Turbo Hearts' money each hand, after every seat's columns so that those stay where they were.
    header += [pgettext("CSV column", "money_%(seat)s") % {"seat": seat} for seat in range(1, MOST_SEATS + 1)]
    return header


def hands_csv_rows(league: League) -> Iterator[list[Any]]:
    """One row per hand as the engine scored it, seats in columns; header first.

    Read from each hand's cached result (Hand.result, kept by Game.refresh):
    replaying every game took seconds for a league of thousands. A game with a
    hand not yet cached (stored before the cache; rebuild_results fills it) is
    played by the engine instead."""
    yield hands_csv_header()
    fields = ["pk", "number", "variant", "options"]
    for (game_id, game_number, variant, options), names, hands in games_in_order(
        league, fields, ["number", "entry", "result"]
    ):
        # A partners game scores by team: each seat's points and total are its team's (the engine says which).
        scorers = (
            [GameSetup.create(variant, names, options).scorer_of_seat(seat) for seat in range(len(names))]
            if options.get("teams")
            else list(range(len(names)))
        )
        names = [_cell(name) for name in names]
        if any(result is None for *_, result in hands):
            yield from _replayed_rows(game_id, names, scorers)
            continue
        for number, entry, result in hands:
            yield _hand_row(game_number, number, names, HandEntry.from_stored(entry), result, scorers)


def _replayed_rows(game_id: int, names: list[str], scorers: list[int]) -> Iterator[list[Any]]:
    """hands_csv_rows' rows of one game, from the engine."""
    # .all(): django-stubs mistypes prefetch_related called on a from_queryset() manager itself.
    game = (
        Game.objects.all()
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player")),
            Prefetch("hands", queryset=Hand.objects.order_by("number")),
        )
        .get(pk=game_id)
    )
    for hand in game.state().hands:
        yield _hand_row(game.number, hand.number, names, hand.entry, hand.to_stored(), scorers)


def _hand_row(
    game_number: int, number: int, names: list[str], entry: HandEntry, result: dict[str, Any], scorers: list[int]
) -> list[Any]:
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
            scorer = scorers[seat]
            row += [names[seat], hearts, result["points"][scorer], result["totals"][scorer]]
        else:
            row += ["", "", "", ""]
    money = result.get("money")
    row += [money[scorers[seat]] if money and seat < len(names) else "" for seat in range(MOST_SEATS)]
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
