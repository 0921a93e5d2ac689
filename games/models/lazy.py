"""A model defined above a module, reached by its name when a method runs.

The house's models call each other both ways: a game's hands move its
league's standings, and the league's standings read its games' seats. Each
module of games.models imports only the modules below it (the order is in
games/models/__init__.py), so that they load in one order and no import cycle
hides (tests/test_layout.py). A model above is reached as a
ForeignKey("games.Game") reaches it: through the app registry, by name, at
call time, once every model is loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, overload

from django.apps import apps
from django.db import models

if TYPE_CHECKING:
    from games.models.game import Game
    from games.models.league import League
    from games.models.night import Night, NightPlayer, NightSeat, NightTable
    from games.models.players import Player
    from games.models.presets import LeaguePreset
    from games.models.seasons import Season
    from games.models.seats import Seat
    from games.models.table_links import TableLink


@overload
def model(name: Literal["Game"]) -> type[Game]: ...
@overload
def model(name: Literal["League"]) -> type[League]: ...
@overload
def model(name: Literal["Night"]) -> type[Night]: ...
@overload
def model(name: Literal["NightPlayer"]) -> type[NightPlayer]: ...
@overload
def model(name: Literal["NightSeat"]) -> type[NightSeat]: ...
@overload
def model(name: Literal["NightTable"]) -> type[NightTable]: ...
@overload
def model(name: Literal["Player"]) -> type[Player]: ...
@overload
def model(name: Literal["LeaguePreset"]) -> type[LeaguePreset]: ...
@overload
def model(name: Literal["Season"]) -> type[Season]: ...
@overload
def model(name: Literal["Seat"]) -> type[Seat]: ...
@overload
def model(name: Literal["TableLink"]) -> type[TableLink]: ...
def model(name: str) -> type[models.Model]:
    return apps.get_model("games", name)
