"""What the table entered, stored as the truth.

A game's hands hold the entries exactly as the scorer tapped them in; the
totals, winners and next deal come from the rules engine. The few derived
fields kept here (Game.status, Seat.total, the standings) are a cache for
list pages and standings, rebuilt from the entries by Game.refresh() whenever
a hand changes, and rebuildable at any time with `manage.py rebuild_results`.

One module for each part of the house, lowest first: names, trash,
exceptions, lazy, revisions (the hands and their History), standings (the
cache and its upkeep), activity, league (and the lock order,
lock_for_writing), presets, players, seats, game, seasons, night (a club
night's rounds and tables, above the games they hold), announcements (the
next night announced and who says they come). A module imports
only those below it; a model above is reached by name when a method runs
(games.models.lazy), as a ForeignKey("games.Game") reaches it.
Everything is re-exported here: `from games.models import Game`.
"""

from games.models.activity import ActivityEntry, ActivityEntryQuerySet, acting_user
from games.models.announcements import MOST_UPCOMING, NOTE_LENGTH, Announcement, Answer, AnswerLink
from games.models.exceptions import DeclareError, DuplicateGame, HandConflict, PlayerInUse
from games.models.game import (
    EARLIEST_DAY,
    LATEST_DAY,
    ORDER_OF_PLAY,
    Game,
    GameQuerySet,
    Position,
    lock_for_writing,
    read_played_on,
)
from games.models.heartbeat import Heartbeat
from games.models.league import (
    Invite,
    League,
    LeagueQuerySet,
    Membership,
    new_token,
    time_zone_choices,
    valid_time_zone,
)
from games.models.names import (
    LEAGUE_NAME_LENGTH,
    PLAYER_NAME_LENGTH,
    PRESET_NAME_LENGTH,
    SEASON_NAME_LENGTH,
    NameKeyed,
    NameKeyedQuerySet,
    StoredAsWritten,
    league_name,
    player_name,
    preset_name,
    season_name,
)
from games.models.night import (
    NIGHT_NAME_LENGTH,
    Night,
    NightPlayer,
    NightProblem,
    NightRound,
    NightSeat,
    NightTable,
)
from games.models.players import Player, PlayerQuerySet
from games.models.presets import LeaguePreset
from games.models.revisions import Hand, HandRevision
from games.models.seasons import (
    BACKWARDS_SEASON,
    Season,
    SeasonQuerySet,
    SeasonStanding,
    latest_season_day,
    season_day,
)
from games.models.seats import Seat, SeatQuerySet, seat_results
from games.models.standings import (
    MONEY_VARIANTS,
    Figures,
    ResultsChange,
    Rivalry,
    Standing,
    StandingsKeeper,
    figure_sums,
)
from games.models.trash import (
    TRASH_DAYS,
    AllRows,
    GameNotTrashed,
    NotTrashed,
    TrashError,
    purge_trash,
    trash_cutoff,
    trash_until,
)

__all__ = [
    "BACKWARDS_SEASON",
    "EARLIEST_DAY",
    "LATEST_DAY",
    "LEAGUE_NAME_LENGTH",
    "MONEY_VARIANTS",
    "MOST_UPCOMING",
    "NIGHT_NAME_LENGTH",
    "NOTE_LENGTH",
    "ORDER_OF_PLAY",
    "PLAYER_NAME_LENGTH",
    "PRESET_NAME_LENGTH",
    "SEASON_NAME_LENGTH",
    "TRASH_DAYS",
    "ActivityEntry",
    "ActivityEntryQuerySet",
    "AllRows",
    "Announcement",
    "Answer",
    "AnswerLink",
    "DeclareError",
    "DuplicateGame",
    "Figures",
    "Game",
    "GameNotTrashed",
    "GameQuerySet",
    "Hand",
    "HandConflict",
    "HandRevision",
    "Heartbeat",
    "Invite",
    "League",
    "LeaguePreset",
    "LeagueQuerySet",
    "Membership",
    "NameKeyed",
    "NameKeyedQuerySet",
    "Night",
    "NightPlayer",
    "NightProblem",
    "NightRound",
    "NightSeat",
    "NightTable",
    "NotTrashed",
    "Player",
    "PlayerInUse",
    "PlayerQuerySet",
    "Position",
    "ResultsChange",
    "Rivalry",
    "Season",
    "SeasonQuerySet",
    "SeasonStanding",
    "Seat",
    "SeatQuerySet",
    "Standing",
    "StandingsKeeper",
    "StoredAsWritten",
    "TrashError",
    "acting_user",
    "figure_sums",
    "latest_season_day",
    "league_name",
    "lock_for_writing",
    "new_token",
    "player_name",
    "preset_name",
    "purge_trash",
    "read_played_on",
    "season_day",
    "season_name",
    "seat_results",
    "time_zone_choices",
    "trash_cutoff",
    "trash_until",
    "valid_time_zone",
]
