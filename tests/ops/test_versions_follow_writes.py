"""Every write that changes what a page shows moves the version that page is kept or polled by.

The game page's phones poll by Game.version, the club's screen by Night.version,
the public pages' ETags by League.data_version, and the league's kept figures
by League.results_version. Instead of a hand-kept list of the changes that
must move them, this walks every POST of the route table (which
tests/ops/test_permission_matrix.py keeps complete: every URL of the app has
an entry) as the visitor it is for, reads what changed in the database, and
holds each change to its version: a game's own rows, hands, seats and its
players' names to its version; the league's games, seats, players, seasons
and settings to its data_version; the standings and ratings to its
results_version; a night's rows to its version.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from django.db.models import Model

from games.models import (
    Game,
    Hand,
    League,
    Night,
    NightPlayer,
    NightRound,
    NightSeat,
    NightTable,
    Player,
    Rivalry,
    Season,
    SeasonStanding,
    Seat,
    Standing,
)
from tests.ops.routes import ROLES, ROUTES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("table_made_once")]

# The columns that are the versions (and the league's counters), not what they stand for.
VERSIONS = {"version", "results_version", "data_version", "last_game_number", "screen_generation", "share_generation"}
RATINGS = {"rating_mu", "rating_sigma"}


def rows(model: type[Model], leave_out: set[str] = frozenset()) -> list[dict[str, Any]]:
    fields = [field.attname for field in model._meta.concrete_fields if field.attname not in leave_out]
    return list(model._base_manager.order_by("pk").values(*fields))


def by(key: str, found: list[dict[str, Any]]) -> dict[Any, list[dict[str, Any]]]:
    grouped: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for row in found:
        grouped[row[key]].append(row)
    return grouped


def snapshot() -> dict[str, Any]:
    """What each version stands for, as the database has it now, and the versions."""
    games = rows(Game, VERSIONS)
    seats = rows(Seat, RATINGS)
    players = {row["id"]: row for row in rows(Player)}
    seats_of = by("game_id", seats)
    hands_of = by("game_id", rows(Hand))
    game_content = {
        game["id"]: (
            game,
            seats_of[game["id"]],
            hands_of[game["id"]],
            [players[seat["player_id"]]["name"] for seat in seats_of[game["id"]]],
        )
        for game in games
    }
    league_content = {
        league["id"]: (
            league,
            [game for game in games if game["league_id"] == league["id"]],
            [seat for seat in seats if game_content[seat["game_id"]][0]["league_id"] == league["id"]],
            [player for player in players.values() if player["league_id"] == league["id"]],
            [season for season in rows(Season) if season["league_id"] == league["id"]],
        )
        for league in rows(League, VERSIONS)
    }
    # A seat's rating, once it has one (a new game's seats have none: nothing was rated).
    seat_ratings = [
        row
        for row in rows(Seat, {field.attname for field in Seat._meta.concrete_fields} - RATINGS - {"id", "game_id"})
        if row["rating_mu"] is not None
    ]
    results = {
        league_id: (
            [row for row in rows(Standing) if row["league_id"] == league_id],
            [row for row in rows(Rivalry) if row["league_id"] == league_id],
            [row for row in seat_ratings if game_content[row["game_id"]][0]["league_id"] == league_id],
        )
        for league_id in league_content
    }
    night_parts = [rows(model) for model in (NightPlayer, NightRound)]
    tables = rows(NightTable)
    night_seats = rows(NightSeat)
    round_night = {row["id"]: row["night_id"] for row in night_parts[1]}
    table_night = {row["id"]: round_night[row["round_id"]] for row in tables}
    night_content = {
        night["id"]: (
            night,
            *([row for row in part if row["night_id"] == night["id"]] for part in night_parts),
            [row for row in tables if table_night[row["id"]] == night["id"]],
            [row for row in night_seats if table_night[row["table_id"]] == night["id"]],
        )
        for night in rows(Night, VERSIONS)
    }
    return {
        "games": game_content,
        "leagues": league_content,
        "results": results,
        "nights": night_content,
        "game_versions": dict(Game._base_manager.values_list("pk", "version")),
        "league_versions": {
            pk: (data, results)
            for pk, data, results in League._base_manager.values_list("pk", "data_version", "results_version")
        },
        "night_versions": dict(Night._base_manager.values_list("pk", "version")),
        "season_standings": rows(SeasonStanding),
    }


def moved(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Each change whose version stood still, in words."""
    stood = []
    for game_id, content in before["games"].items():
        # A game in the trash is shown nowhere; taking it out moves its version.
        trashed = content[0]["trashed_at"] is not None and after["games"].get(game_id, content)[0]["trashed_at"]
        changed = game_id in after["games"] and after["games"][game_id] != content and not trashed
        if changed and after["game_versions"][game_id] <= before["game_versions"][game_id]:
            stood.append(f"game {game_id} changed, its version did not")
    for league_id, content in before["leagues"].items():
        if league_id not in after["leagues"]:
            continue
        data_before, results_before = before["league_versions"][league_id]
        data_after, results_after = after["league_versions"][league_id]
        if after["leagues"][league_id] != content and data_after <= data_before:
            stood.append(f"league {league_id}'s games, players, seasons or settings changed, its data_version did not")
        if after["results"][league_id] != before["results"][league_id] and results_after <= results_before:
            stood.append(f"league {league_id}'s standings or ratings changed, its results_version did not")
    for night_id, content in before["nights"].items():
        changed = night_id in after["nights"] and after["nights"][night_id] != content
        if changed and after["night_versions"][night_id] <= before["night_versions"][night_id]:
            stood.append(f"night {night_id} changed, its version did not")
    return stood


def done_by(route) -> str:
    """The least-privileged visitor whose POST goes through (2xx or a redirect that is not the login)."""
    for role in reversed(ROLES):
        if route.post[role] in (200, 201, 204, 302, 303):
            return role
    raise AssertionError(f"{route.name}: nobody may POST")


POSTS = [route for route in ROUTES if route.post is not None]


@pytest.mark.parametrize("route", POSTS, ids=lambda route: route.name)
def test_a_post_that_changes_what_a_page_shows_moves_its_version(route, table):
    role = done_by(route)
    before = snapshot()
    response = table.client(role).post(route.url(table, role), route.post_data(table))
    assert response.status_code == route.post[role]
    assert moved(before, snapshot()) == []


def test_a_change_without_its_version_is_caught(table):
    # The check itself can fail: a hand's entry changed behind the models' back moves no version.
    before = snapshot()
    hand = Hand.objects.filter(game=table.game).first()
    Hand.objects.filter(pk=hand.pk).update(client_key="changed-behind-its-back")
    assert moved(before, snapshot()) == [f"game {table.game.pk} changed, its version did not"]
