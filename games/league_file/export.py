"""Writing the league file: the whole league, every game as a scoresheet with its History."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from itertools import groupby, islice
from operator import itemgetter
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import TextField
from django.db.models.expressions import Combinable
from django.db.models.functions import Cast

from games.league_file.sections import CHUNK, FORMAT, HAND_ACTIONS, LEAGUE_SETTINGS, SECTIONS, VERSION
from games.models import (
    Game,
    Hand,
    HandRevision,
    League,
    Membership,
    Player,
    Seat,
)
from rules import (
    GameSetup,
    HandEntry,
    entry_json,
    write_scoresheet,
)

# Export -----------------------------------------------------------------------


# What the export reads of each game, in the order _game_records unpacks it.
EXPORT_GAME_FIELDS = ["pk", "number", "variant", "options", "first_dealer", "played_on", "created_at", "finished_at",
                      "declared", "clock_started_at"]  # fmt: skip
# What it reads of each History line, after the game's id.
# The hand's entry and a History line's after come as the database's text: most lines add the
# hand the scoresheet holds, which the texts' equality tells without decoding either.
AS_TEXT: dict[str, Any] = {"output_field": TextField()}
# Its time as text too: "YYYY-MM-DD HH:MM:SS" in UTC begins it on SQLite and on PostgreSQL (whose
# connection Django keeps in UTC), a tenth of the time of a datetime made and written again.
EXPORT_HISTORY_FIELDS: list[str | Combinable] = [
    Cast("at", **AS_TEXT), "user_id", "user_name", "action", "number", "before", Cast("after", **AS_TEXT)
]  # fmt: skip


def batched(rows: Iterator[tuple], size: int) -> Iterator[list[tuple]]:
    """itertools.batched, which Python 3.12 brings."""
    while chunk := list(islice(rows, size)):
        yield chunk


def _by_game(rows: Iterator[tuple]) -> Iterator[tuple[Any, list[tuple]]]:
    return ((game_id, [row[1:] for row in group]) for game_id, group in groupby(rows, key=itemgetter(0)))


def games_in_order(
    league: League, game_fields: Sequence[str], hand_fields: Sequence[str | Combinable], history: bool = False
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
    return entry_json(setup, HandEntry.from_stored(side))


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
    in_order = games_in_order(league, EXPORT_GAME_FIELDS, [Cast("entry", **AS_TEXT)], history=True)
    for game, names, hands, history in in_order:
        _, number, variant, options, first_dealer, played_on, created_at, finished_at, declared, clock = game
        setup = GameSetup.create(variant, names, options, first_dealer)
        texts = [entry for (entry,) in hands]
        entries = [HandEntry.from_stored(json.loads(entry)) for entry in texts]
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


def _league_head(league: League, membership: Membership | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "league": {"name": league.name, **{setting: getattr(league, setting) for setting in LEAGUE_SETTINGS}},
        "players": list(Player.objects.filter(league=league).order_by("name", "pk").values_list("name", flat=True)),
        **{section.key: section.written_for(league, membership) for section in SECTIONS},
    }


def export_league(league: League) -> dict[str, Any]:
    """The league as the JSON document described at the top of this module."""
    return {**_league_head(league), "games": list(_game_records(league))}


def export_league_json(league: League, membership: Membership | None = None) -> Iterator[str]:
    """export_league() as JSON text, a game per line, read and written a chunk of games at a time.

    A member's download (membership) holds what that member may read: a scorer's or viewer's
    leaves out the others' activity and the pending invitations (Section.write_read_by).

    A league of the most games a league holds streams in constant memory, and
    the download starts at once instead of after the whole file is built.
    """
    head = json.dumps(_league_head(league, membership), ensure_ascii=False)
    yield head[:-1] + ', "games": [\n'
    for number, record in enumerate(_game_records(league)):
        yield ("" if number == 0 else ",\n") + json.dumps(record, ensure_ascii=False)
    yield "\n]}\n"
