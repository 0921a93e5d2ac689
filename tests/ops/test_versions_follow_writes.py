"""Every write that changes what a page shows goes through games.changes, which moves its version and says so.

The game page's phones poll by Game.version, the club's screen by Night.version,
the public pages' ETags by League.data_version, and the league's kept figures
by League.results_version (games/changes.py lists what each keeps). Instead of
a hand-kept list of the changes that must move them, this walks every POST of
the route table (which tests/ops/test_permission_matrix.py keeps complete:
every URL of the app has an entry) as the visitor it is for, and finds the
writes itself, two ways:

- from the database: every table of the app is read before and after, each
  row under what it belongs to, found from the models' foreign keys (a hand,
  a seat, a History line to its game; a round, a table, a seat of a night to
  its night; the rest to its league; the standings and ratings to the
  league's results). Each game, night and league whose rows changed must
  have its version moved on, and its topic announced once the write commits
  (a game at a club night's table, its night's too);
- from the statements sent: a version column moved anywhere but in
  games/changes.py is a bump placed by hand, and fails with where it was.

A new table is checked as soon as its model exists; only the tables no page
keeps by a version are left out, each for a reason (NOT_KEPT).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.db import connection
from django.db.models import F, Model
from django.urls import reverse

from games import changes
from games.models import (
    ActivityEntry,
    Announcement,
    Answer,
    AnswerLink,
    Game,
    Hand,
    Invite,
    League,
    LeaguePreset,
    Membership,
    NamedInvitation,
    Night,
    NightTable,
    ResultsChange,
    Rivalry,
    Seat,
    Standing,
    TableLink,
)
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game
from tests.ops.routes import ROLES, ROUTES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("table_made_once")]

# The columns that are the versions (and the counters and link generations), not what they stand for.
VERSIONS = {"version", "results_version", "data_version", "last_game_number", "screen_generation", "share_generation"}
MOVED_BY_CHANGES = {"version", "results_version", "data_version"}
RATINGS = {"rating_mu", "rating_sigma"}

# What the rows belong to, nearest first when a table reaches more than one.
OWNERS = (Night, Game, League)
# The league's standings and ratings: kept by its results_version (a seat's rating too, RATINGS). A saved
# season's standings (SeasonStanding) are its data: a season re-dated writes them anew, and they are
# read afresh (games.stats), under no results_version.
RESULTS = (Standing, Rivalry, ResultsChange)
# Tables no page keeps by a version: each is read afresh by every request that shows it.
NOT_KEPT = {
    ActivityEntry: "the activity log and the undo of a merge read it afresh",
    Membership: "who may do what is asked on every request",
    Invite: "an invite is read when it is opened",
    NamedInvitation: "the members page and the invited account read it afresh",
    LeaguePreset: "the forms that offer saved house rules read them afresh",
    Announcement: "the next night announced is read afresh, not the league's history",
    Answer: "who says they come: read afresh with the announcement",
    AnswerLink: "the answer link is read when it is opened",
    TableLink: "a phone's table link is read again on every request it makes",
}


def owner_path(model: type[Model]) -> str | None:
    """The lookup from a row of `model` to what it belongs to ("pk" for a game, night or league
    itself), along foreign keys that cannot be empty; None for a table nothing owns."""
    if model in OWNERS:
        return "pk"
    paths: list[tuple[str, type[Model]]] = [("", model)]
    while paths:
        for path, current in paths:
            for owner in OWNERS:
                for candidate in current._meta.concrete_fields:
                    if candidate.is_relation and not candidate.null and candidate.related_model is owner:
                        return f"{path}{candidate.name}"
        paths = [
            (f"{path}{candidate.name}__", candidate.related_model)
            for path, current in paths
            for candidate in current._meta.concrete_fields
            if candidate.is_relation and not candidate.null and candidate.related_model.__module__.startswith("games")
        ]
    return None


def owned_by() -> dict[type[Model], tuple[type[Model], str]]:
    """Every model of the app whose rows a versioned page shows: its owner model and lookup to it."""
    found = {}
    for model in apps.get_app_config("games").get_models():
        path = owner_path(model)
        if path is None or model in NOT_KEPT:
            continue
        owner = model if path == "pk" else _target(model, path)
        found[model] = (owner, path)
    return found


def _target(model: type[Model], path: str) -> type[Model]:
    for name in path.split("__"):
        model = model._meta.get_field(name).related_model
    return model


def snapshot() -> dict[str, Any]:
    """Every row under what it belongs to (games, nights, leagues' data and results), and the versions."""
    leagues_of = {
        Game: dict(Game._base_manager.values_list("pk", "league_id")),
        Night: dict(Night._base_manager.values_list("pk", "league_id")),
        League: {pk: pk for pk in League._base_manager.values_list("pk", flat=True)},
    }
    content: dict[tuple[str, int], list[Any]] = defaultdict(list)
    for model, (owner, path) in sorted(owned_by().items(), key=lambda item: item[0]._meta.label):
        leave_out = VERSIONS | (RATINGS if model is Seat else set())
        fields = [column.attname for column in model._meta.concrete_fields if column.attname not in leave_out]
        for row in model._base_manager.order_by("pk").values(*fields, owned_by_row=F(path)):
            kind = owner._meta.model_name
            league = leagues_of[owner][row["owned_by_row"]]
            part = "results" if model in RESULTS else "data"
            if kind != "league":
                content[(kind, row["owned_by_row"])].append((model._meta.label, row))
            content[(f"league-{part}", league)].append((model._meta.label, row))
    for row in Seat._base_manager.exclude(rating_mu=None).order_by("pk").values("pk", "game_id", *RATINGS):
        content[("league-results", leagues_of[Game][row["game_id"]])].append(("ratings", row))
    # A game's page shows its players' names.
    for game_id, name in Seat._base_manager.values_list("game_id", "player__name").order_by("game_id", "position"):
        content[("game", game_id)].append(("name", name))
    return {
        "content": dict(content),
        "versions": {
            **{("game", pk): version for pk, version in Game._base_manager.values_list("pk", "version")},
            **{("night", pk): version for pk, version in Night._base_manager.values_list("pk", "version")},
            **{
                (f"league-{part}", pk): versions[index]
                for pk, *versions in League._base_manager.values_list("pk", "data_version", "results_version")
                for index, part in enumerate(("data", "results"))
            },
        },
        "nights_of": dict(NightTable.objects.exclude(game=None).values_list("game_id", "round__night_id")),
    }


TOPICS = {"game": changes.game_topic, "night": changes.night_topic}
# What changed, and the version that must move with it.
WORDS = {
    "game": ("game {}", "its version"),
    "night": ("night {}", "its version"),
    "league-data": ("league {}'s games, players, seasons or settings", "its data_version"),
    "league-results": ("league {}'s standings or ratings", "its results_version"),
}


def moved(before: dict[str, Any], after: dict[str, Any], topics: set[str] | None = None) -> list[str]:
    """Each change whose version stood still, or that was not announced (`topics`: what was), in words."""
    stood = []
    for owner, content in before["content"].items():
        if owner not in after["versions"] or after["content"].get(owner) == content:
            continue
        kind, pk = owner
        what, version = WORDS[kind]
        if after["versions"][owner] <= before["versions"][owner]:
            stood.append(f"{what.format(pk)} changed, {version} did not")
        if topics is None:
            continue
        wanted = {TOPICS.get(kind, changes.league_topic)(pk)}
        if kind == "game" and pk in after["nights_of"]:
            wanted.add(changes.night_topic(after["nights_of"][pk]))
        stood += [f"{what.format(pk)} changed, {topic} was not announced" for topic in sorted(wanted - topics)]
    return stood


# The statements ---------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
CHOKE_POINT = str(Path(changes.__file__).resolve())
VERSIONED = re.compile(r'^UPDATE "(games_game|games_league|games_night)" SET (.*?)(?: WHERE |$)', re.DOTALL)


@dataclass
class Watch:
    """What a request announced, and every version it moved without games.changes (where, in words)."""

    topics: set[str] = field(default_factory=set)
    by_hand: list[str] = field(default_factory=list)

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        found = VERSIONED.match(sql)
        if found and any(f'"{column}" =' in found.group(2) for column in MOVED_BY_CHANGES):
            self._check_the_caller(found.group(1))
        return execute(sql, params, many, context)

    def _check_the_caller(self, table: str) -> None:
        frame = sys._getframe(2)
        caller = ""
        while frame is not None:
            path = str(Path(frame.f_code.co_filename).resolve())
            if path == CHOKE_POINT:
                return
            if not caller and path.startswith(f"{ROOT}/") and "/.venv/" not in path and Path(path).is_file():
                caller = f"{Path(path).relative_to(ROOT)}:{frame.f_lineno}"
            frame = frame.f_back
        self.by_hand.append(f"{table}'s version moved by hand at {caller or 'an unknown place'}")

    def heard(self, sender: Any, topics: frozenset[str], **kwargs: Any) -> None:
        self.topics |= topics


@contextmanager
def watched(capture_on_commit: Any) -> Iterator[Watch]:
    """Every statement of the block watched, and what it announces heard once it commits."""
    watch = Watch()
    changes.committed.connect(watch.heard)
    try:
        with capture_on_commit(execute=True), connection.execute_wrapper(watch):
            yield watch
    finally:
        changes.committed.disconnect(watch.heard)


def done_by(route) -> str:
    """The least-privileged visitor whose POST goes through (2xx or a redirect that is not the login)."""
    for role in reversed(ROLES):
        if route.post[role] in (200, 201, 204, 302, 303):
            return role
    raise AssertionError(f"{route.name}: nobody may POST")


POSTS = [route for route in ROUTES if route.post is not None]


@pytest.mark.parametrize("route", POSTS, ids=lambda route: route.name)
def test_a_post_that_changes_what_a_page_shows_moves_its_version_through_games_changes(
    route, table, django_capture_on_commit_callbacks
):
    role = done_by(route)
    before = snapshot()
    with watched(django_capture_on_commit_callbacks) as watch:
        response = table.client(role).post(route.url(table, role), route.post_data(table))
    assert response.status_code == route.post[role]
    assert moved(before, snapshot(), watch.topics) + watch.by_hand == []


def declared(table):
    table.game.declare(Game.Status.ABANDONED, table.users["organizer"])
    return table


def timed_without_hands(table):
    return replace(table, game=make_game(table.league, options={"time_limit": 30}))


# The POSTs the table's own state refuses (409 to every role), each put where it goes through.
PREPARED = {"game-reopen": declared, "game-clock": timed_without_hands}


@pytest.mark.parametrize("name", PREPARED)
def test_a_post_the_tables_state_refuses_is_checked_once_it_goes_through(
    name, table, django_capture_on_commit_callbacks
):
    route = next(route for route in POSTS if route.name == name)
    table = PREPARED[name](table)
    before = snapshot()
    with watched(django_capture_on_commit_callbacks) as watch:
        response = table.client("organizer").post(route.url(table, "organizer"), route.post_data(table))
    assert response.status_code == 302
    after = snapshot()
    assert after["content"][("game", table.game.pk)] != before["content"][("game", table.game.pk)]
    assert moved(before, after, watch.topics) + watch.by_hand == []


def test_a_hand_at_a_club_nights_table_announces_the_night_with_the_game(table, django_capture_on_commit_callbacks):
    table.night.start_round(1)
    game = NightTable.objects.filter(round__night=table.night).order_by("number").first().game
    # The first seat takes 3 hearts, the second the Q♠, the third 10 hearts.
    form = {"number": 1, "hearts_0": 3, "hearts_1": 0, "hearts_2": 10, "hearts_3": 0, "queen": 1}
    before = snapshot()
    with watched(django_capture_on_commit_callbacks) as watch:
        response = table.client("scorer").post(reverse("games:hand-new", args=[game.pk]), form, headers=HTMX)
    assert response.status_code == 200
    assert watch.topics >= {f"game:{game.pk}", f"night:{table.night.pk}", f"league:{table.league.pk}"}
    assert moved(before, snapshot(), watch.topics) + watch.by_hand == []


def test_a_change_without_its_version_is_caught(table):
    # The check itself can fail: a hand's entry changed behind the models' back moves no version.
    before = snapshot()
    hand = Hand.objects.filter(game=table.game).first()
    Hand.objects.filter(pk=hand.pk).update(client_key="changed-behind-its-back")
    assert moved(before, snapshot()) == [
        f"game {table.game.pk} changed, its version did not",
        f"league {table.league.pk}'s games, players, seasons or settings changed, its data_version did not",
    ]


def test_a_version_moved_by_hand_and_a_change_not_announced_are_caught(table, django_capture_on_commit_callbacks):
    before = snapshot()
    with watched(django_capture_on_commit_callbacks) as watch:
        Hand.objects.filter(game=table.game, number=1).update(client_key="changed-behind-its-back")
        Game.objects.filter(pk=table.game.pk).update(version=F("version") + 1)
    line = Path(__file__).relative_to(ROOT)
    assert [re.sub(r":\d+$", "", found) for found in watch.by_hand] == [f"games_game's version moved by hand at {line}"]
    assert moved(before, snapshot(), watch.topics) == [
        f"game {table.game.pk} changed, game:{table.game.pk} was not announced",
        f"league {table.league.pk}'s games, players, seasons or settings changed, its data_version did not",
        f"league {table.league.pk}'s games, players, seasons or settings changed, league:{table.league.pk} was not announced",
    ]


def test_a_change_through_games_changes_is_neither(table, django_capture_on_commit_callbacks):
    before = snapshot()
    with watched(django_capture_on_commit_callbacks) as watch:
        table.game.record_hand(3, HandEntry.cards([0, 13, 0, 0], 2), table.users["scorer"])
    assert watch.by_hand == []
    assert watch.topics == {f"game:{table.game.pk}", f"league:{table.league.pk}"}
    assert moved(before, snapshot(), watch.topics) == []


def test_every_table_of_the_app_is_checked_or_left_out_for_a_reason():
    owners = {model._meta.model_name: owner._meta.model_name for model, (owner, _) in owned_by().items()}
    # The owners the foreign keys give, checked by hand for a few.
    assert (owners["hand"], owners["seat"], owners["handrevision"]) == ("game", "game", "game")
    assert (owners["nightseat"], owners["nighttable"], owners["nightround"]) == ("night", "night", "night")
    assert (owners["seasonstanding"], owners["player"], owners["nightseries"]) == ("league", "league", "league")
    unowned = {model._meta.model_name for model in apps.get_app_config("games").get_models()} - set(owners)
    assert unowned == {model._meta.model_name for model in NOT_KEPT} | {"account", "attempts", "heartbeat"}
