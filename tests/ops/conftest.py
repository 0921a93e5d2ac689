"""A league at the table for the URL-wide tests: one visitor of each kind, a game under way.

Its league and one player carry hostile names, so every page fetched in
these tests also shows whether names are escaped.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from games.league_file.export import export_league
from games.models import (
    Announcement,
    Answer,
    AnswerLink,
    Game,
    Hand,
    HandRevision,
    Invite,
    League,
    LeaguePreset,
    Membership,
    NamedInvitation,
    Night,
    NightPlayer,
    NightRound,
    NightSeat,
    NightSeries,
    NightTable,
    Player,
    Season,
    SeasonStanding,
    Seat,
    TableLink,
    new_token,
    put_in_series,
)
from games.views.night_screen import screen_token
from rules import HandEntry
from tests.factories import MembershipFactory, UserFactory, make_game

SCRIPT = "<script>alert(1)</script>"
IMAGE = "<img src=x onerror=alert(2)>"


@dataclass
class Table:
    users: dict[str, Any]
    league: League
    game: Game
    finished: Game
    players: list[Player]
    invite: Invite
    other_league: League
    other_game: Game
    preset: LeaguePreset
    season: Season
    # A club night of six with round 1 seated (3 + 3), not started.
    night: Night | None = None
    # The league file's invitation of the outsider, as a scorer, waiting for their yes.
    invitation: NamedInvitation | None = None
    # A series holding the night, with a final table of 4 (not seated: the night is not over).
    series: NightSeries | None = None
    # The next night announced, with Cat's yes and a live link to answer without an account.
    announcement: Announcement | None = None

    def night_pair(self) -> tuple[Player, Player]:
        """Two players of the night's round 1 at different tables, who may swap."""
        night_round = self.night.round_set.get(number=1)
        firsts = [table.seats.order_by("position").first().player for table in night_round.tables.order_by("number")]
        return firsts[0], firsts[1]

    def spare_player(self) -> Player:
        """The league's player who has played no game."""
        return Player.objects.get(league=self.league, name="Spare")

    def token(self, link: str) -> str:
        if link == "screen":
            return screen_token(self.night)
        if link == "table":
            return TableLink.objects.get(game=self.game, stopped_at=None).token
        if link == "answer":
            return self.announcement.share_link().token
        return self.league.public_token if link == "public" else self.invite.token

    def membership(self, role: str) -> Membership:
        return Membership.objects.get(league=self.league, user=self.users[role])

    def league_file(self) -> SimpleUploadedFile:
        """The league as its Export button saves it."""
        document = json.dumps(export_league(self.league)).encode()
        return SimpleUploadedFile("league.json", document, content_type="application/json")

    def client(self, role: str, **client_options: Any) -> Client:
        client = Client(**client_options)
        user = self.users.get(role)
        if user is not None:
            client.force_login(user)
        if role == "guest":
            # A phone at the game's table: it opened the game's table link, with no account.
            response = client.post(f"/t/{self.token('table')}/", {"name": "Ann"})
            assert response.status_code == 302, response
        return client


@pytest.fixture
def table(request: pytest.FixtureRequest, db) -> Table:
    """The league at the table: made for this test, or, in a module that shares it
    (pytestmark = pytest.mark.usefixtures("table_made_once")), made once for the module
    and rolled back to after each test; a copy of its objects either way."""
    if "table_made_once" in request.fixturenames:
        return copy.deepcopy(request.getfixturevalue("table_made_once"))
    return make_table()


@pytest.fixture(scope="module")
def table_made_once(module_db) -> Table:
    """The table made once for a module of many short tests (module_db in tests/conftest.py):
    the permission matrix alone asks for it 1,148 times, and making it is about 340 queries."""
    with module_db():
        return make_table()


def make_table() -> Table:
    organizer = UserFactory(username="organizer")
    league = League.create_for(organizer, SCRIPT)
    league.public_token = new_token()
    league.save(update_fields=["public_token"])
    users = {"organizer": organizer, "outsider": UserFactory(username="outsider")}
    for role in ("viewer", "scorer"):
        users[role] = UserFactory(username=role)
        MembershipFactory(league=league, user=users[role], role=role)

    names = [SCRIPT, IMAGE, "Cat", "Dan"]
    game = make_game(league, "standard", names)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), organizer)
    game.record_hand(2, HandEntry.cards([1, 2, 3, 7], 0), organizer)
    finished = make_game(league, "standard", names, options={"target": 20})
    # 10 hearts and the queen: 23 ends the game at 20; Dan wins on 0.
    finished.record_hand(1, HandEntry.cards([10, 2, 1, 0], 0), organizer)

    invite = Invite.objects.create(
        league=league, role=Membership.Role.SCORER, created_by=organizer, expires_at=timezone.now() + timedelta(days=7)
    )
    other_owner = UserFactory(username="other-owner")
    # A player without games, whom an organizer may delete or merge.
    spare = Player.objects.create(league=league, name="Spare")
    other_league = League.create_for(other_owner, "Another house")
    other_game = make_game(other_league, "standard")
    preset = LeaguePreset(league=league, name=f"Thursday {IMAGE}")
    preset.set_rules("standard", {"target": 50, "moon": "add"})
    preset.save()
    # A season of the organizer's with the finished game in it (the calendar years give way to
    # it), its name one more to escape on the standings.
    # In the trash: a game the organizer deleted, and a league of theirs they deleted;
    # in the activity log, a merge they may undo.
    make_game(league, "standard", names).trash(organizer)
    League.create_for(organizer, "Old house").trash(organizer)
    Player.objects.create(league=league, name="Twin").merge_into(
        Player.objects.get(league=league, name="Cat"), organizer
    )
    here = [*Player.objects.filter(league=league, name__in=names).order_by("pk")]
    here += [Player.objects.create(league=league, name=name) for name in ("Ida", "Jo")]
    night = Night.begin(
        league, here, "standard", {}, 2, league.today(), name=f"Friday {SCRIPT}", user=organizer, seed=1
    )
    series = NightSeries.add(league, f"Autumn {IMAGE}", 4)
    put_in_series(night, series)
    announcement = Announcement.announce(league, league.today() + timedelta(days=2), note=IMAGE)
    announcement.answer("yes", player=Player.objects.get(league=league, name="Cat"))
    announcement.share_link()
    year = league.today().year
    season = Season.add(league, f"This year {IMAGE}", date(year, 1, 1), date(year, 12, 31))
    return Table(
        users=users,
        league=league,
        game=game,
        finished=finished,
        players=list(league.players.exclude(pk=spare.pk).order_by("pk")),
        invite=invite,
        other_league=other_league,
        other_game=other_game,
        preset=preset,
        season=season,
        night=night,
        invitation=NamedInvitation.objects.create(
            league=league, username="outsider", role="scorer", invited_by=organizer
        ),
        series=series,
        announcement=announcement,
    )


def stored_rows() -> dict[str, list[tuple]]:
    """Every row the table's actions could change, to show that a refused request changed nothing."""
    models = (
        *(
            League,
            Membership,
            Invite,
            NamedInvitation,
            Player,
            Game,
            Seat,
            Hand,
            HandRevision,
            LeaguePreset,
            Season,
            SeasonStanding,
        ),
        *(Night, NightPlayer, NightRound, NightTable, NightSeat, TableLink, NightSeries),
        *(Announcement, Answer, AnswerLink),
    )
    return {model._meta.label: list(model.objects.order_by("pk").values_list()) for model in models}
