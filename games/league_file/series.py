"""The league file's series of club nights: each series' name, its final table's size and game.

Which nights a series holds is each night's own "series" (games.league_file.nights,
read before this section: it leaves in Reading what this one checks against).
The file is untrusted: a series is refused, before the import writes
anything, unless the app could have written it (LeagueImportError).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from games.league_file import LeagueImportError
from games.models import League, Night, NightSeries, series_name
from rules import name_key
from rules.night import FEWEST_PLAYERS, MOST_SEATS, variant_sizes

if TYPE_CHECKING:
    # games.league_file.sections registers this section, so it is imported from there, not here.
    from games.league_file.sections import Reading, Restoring, Store

SERIES_KEYS = {"name", "final_size", "final"}


def write_series(league: League) -> list[dict[str, Any]]:
    """The league's series, first made first (a restored league lists them in the same order)."""
    return [
        {"name": name, "final_size": final_size, "final": final}
        for name, final_size, final in NightSeries.objects.filter(league=league)
        .order_by("created_at", "pk")
        .values_list("name", "final_size", "final__number")
    ]


def read_series(series: object, reading: Reading) -> Store:
    """Every series checked whole, and every night's series found among them, before anything is written."""
    if not isinstance(series, list):
        raise LeagueImportError(gettext("'series' must be a list"))
    if len(series) > NightSeries.MOST_PER_LEAGUE:
        raise LeagueImportError(
            gettext("A league has at most %(most)d series; this file has %(count)d")
            % {"most": NightSeries.MOST_PER_LEAGUE, "count": len(series)}
        )
    read: list[tuple[str, int | None, int | None]] = []
    names: dict[str, str] = {}
    finals: set[int] = set()
    for number, entry in enumerate(series, start=1):

        def fail(problem: str, number: int = number) -> LeagueImportError:
            return LeagueImportError(gettext("Series %(number)s: %(problem)s") % {"number": number, "problem": problem})

        if not isinstance(entry, Mapping) or set(entry) != SERIES_KEYS:
            raise fail(gettext("each series is %(keys)s and no more") % {"keys": sorted(SERIES_KEYS)})
        name = _name(entry["name"], fail)
        if name_key(name) in names:
            raise fail(gettext("the series %(name)s is listed twice") % {"name": name})
        names[name_key(name)] = name
        final_size, final = entry["final_size"], entry["final"]
        if final_size is not None and (
            isinstance(final_size, bool)
            or not isinstance(final_size, int)
            or not FEWEST_PLAYERS <= final_size <= MOST_SEATS
        ):
            raise fail(
                gettext("'final_size' must be null or a table size from %(fewest)d to %(most)d")
                % {"fewest": FEWEST_PLAYERS, "most": MOST_SEATS}
            )
        if final is not None:
            _check_final(name, final, final_size, finals, reading, fail)
        read.append((name, final_size, final))
    for number, night_series in enumerate(reading.night_series, start=1):
        if night_series is not None and names.get(name_key(night_series)) != night_series:
            raise LeagueImportError(
                gettext("Club night %(number)s: its series %(name)s is not one of the file's 'series'")
                % {"number": number, "name": repr(night_series[:20])}
            )

    def store(restoring: Restoring) -> None:
        made = {}
        for name, final_size, final in read:
            game = restoring.games.get(final) if final is not None else None
            made[name] = NightSeries.objects.create(
                league=restoring.league, name=name, final_size=final_size, final=game
            )
        for night, night_series in zip(restoring.nights, reading.night_series, strict=True):
            if night_series is not None:
                Night.objects.filter(pk=night.pk).update(series=made[night_series])

    return store


def _name(value: object, fail: Any) -> str:
    try:
        name = series_name(value)
    except ValidationError as error:
        raise fail(error.messages[0]) from None
    if name != value:
        raise fail(gettext("its name is not written as the app writes names: %(name)s") % {"name": repr(name)})
    return name


def _check_final(
    name: str, final: object, final_size: int | None, finals: set[int], reading: Reading, fail: Any
) -> None:
    """A final is a game of the file no night's table played, of final_size of the series' players,
    with the rules of its latest night, the final of no other series: as the app seats one."""
    if isinstance(final, bool) or not isinstance(final, int) or final not in reading.game_numbers:
        raise fail(gettext("'final' must be null or the number of a game in the file"))
    if final_size is None:
        raise fail(gettext("a series without a final table has no 'final'"))
    if final in reading.night_games or final in finals:
        raise fail(gettext("game %(number)s is played at a night's table or as another final") % {"number": final})
    finals.add(final)
    nights = [night for night, series in zip(reading.night_rules, reading.night_series, strict=True) if series == name]
    if not nights:
        raise fail(gettext("a series with a final table has nights"))
    game = reading.games.get(final)
    if game is None:
        return
    variant, options, _came = nights[-1]
    everyone = set().union(*(players for _variant, _options, players in nights))
    if (
        len(game.players) != final_size
        or not set(game.players) <= everyone
        or (game.variant, game.options) != (variant, options)
        or final_size not in variant_sizes(variant, options)
    ):
        raise fail(
            gettext(
                "game %(number)s is not a final table this series could seat: %(size)d of its nights' players, "
                "with its latest night's rules"
            )
            % {"number": final, "size": final_size}
        )
