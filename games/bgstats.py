"""A finished game as a play for BG Stats, through the link its app opens (`createPlay`).

BoardGameGeek has no API to write plays; BG Stats takes one play per link,
`createPlay.html?data=<JSON>`, opened on the player's own phone: by its app where
it is installed (the `bgstats://` address) and by its web page where it isn't.
Nothing is sent from the server. The fields used are BG Stats' documented ones:

- `sourceName` (required) names the app that made the play, and `sourcePlayId`
  the play, so that sending the same game twice updates one play.
- `playDate` ("YYYY-MM-DD HH:MM:SS", local), `durationMin`, `comments`.
- `game`: `name`, `sourceGameId`, `bggId`, `highestWins`, `noPoints`, `cooperative`.
- `players`: `name` (BG Stats matches its players by name), `sourcePlayerId`,
  `score`, `winner`, `rank`, and `team` for partners.
"""

from __future__ import annotations

import json
from datetime import datetime, time
from typing import Any
from urllib.parse import quote

from django.utils import timezone

from games.models import Game, Seat
from games.templatetags.variants import variant_name

SOURCE_NAME = "Scorekeeper"
HEARTS_BGG_ID = 6887  # boardgamegeek.com/boardgame/6887/hearts: every variant here is a Hearts
APP_ADDRESS = "bgstats://app.bgstatsapp.com/createPlay.html?data="
WEB_ADDRESS = "https://app.bgstatsapp.com/createPlay.html?data="
NOON = time(12, 0)


def play_data(game: Game, seats: list[Seat]) -> dict[str, Any]:
    """The play's JSON as BG Stats reads it, for a game that is over; `seats` in seat order, players read."""
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"scorekeeper-game-{game.pk}",
        "playDate": _play_date(game).strftime("%Y-%m-%d %H:%M:%S"),
        "game": {
            "name": "Hearts",
            "sourceGameId": f"hearts-{game.variant}",
            "bggId": HEARTS_BGG_ID,
            "highestWins": False,  # the lowest total wins
            "noPoints": False,
            "cooperative": False,
        },
        "comments": f"{variant_name(game.variant)}, game {game.number}",
        "players": [_player(seat, seats) for seat in seats],
    }
    minutes = _minutes(game)
    if minutes:
        data["durationMin"] = minutes
    return data


def app_link(data: dict[str, Any]) -> str:
    return APP_ADDRESS + _encoded(data)


def web_link(data: dict[str, Any]) -> str:
    return WEB_ADDRESS + _encoded(data)


def _encoded(data: dict[str, Any]) -> str:
    return quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe="")


def _player(seat: Seat, seats: list[Seat]) -> dict[str, Any]:
    player: dict[str, Any] = {
        "name": seat.player.name,
        "sourcePlayerId": f"scorekeeper-player-{seat.player_id}",
        "score": seat.total,
        "winner": bool(seat.won),
        # Lowest total first; equal totals share a rank (1, 2, 2, 4).
        "rank": 1 + sum(other.total < seat.total for other in seats),
    }
    if seat.team is not None:
        player["team"] = str(seat.team + 1)
    return player


def _play_date(game: Game) -> datetime:
    """The day it was played, at the time it ended when that was on the same day (noon if not)."""
    if game.finished_at is not None:
        ended = timezone.localtime(game.finished_at, game.league.zone)
        if ended.date() == game.played_on:
            return ended.replace(tzinfo=None, microsecond=0)
    return datetime.combine(game.played_on, NOON)


def _minutes(game: Game) -> int | None:
    """From the first deal's clock (or the game's start on the phone) to its end, on the day it was played."""
    if game.finished_at is None:
        return None
    started = game.clock_started_at or game.created_at
    minutes = round((game.finished_at - started).total_seconds() / 60)
    return minutes if 0 < minutes < 24 * 60 else None
