"""What the table entered, stored as the truth.

A game's hands hold the entries exactly as the scorer tapped them in; the
totals, winners and next deal come from the rules engine. The few derived
fields kept here (Game.status, Seat.total, the standings) are a cache for
list pages and standings, rebuilt from the entries by Game.refresh() whenever
a hand changes, and rebuildable at any time with `manage.py rebuild_results`.

One module for each part of the house, lowest first: names, trash,
exceptions, lazy, revisions (the hands and their History), standings (the
cache and its upkeep), activity, league (and the lock order,
lock_for_writing), presets, players, invitations (a league file's members
waiting for their yes), seats, game, seasons, night (a club night's rounds
and tables, above the games they hold), table_links (a game's scoring link
for a phone without an account), series (a series of nights and its final
table, above the nights), announcements (the next night announced and who
says they come); accounts (a person's own settings) stands alone. A module imports
only those below it; a model above is reached by name when a method runs
(games.models.lazy), as a ForeignKey("games.Game") reaches it.
Everything is re-exported here: `from games.models import Game`.
"""

from games.figures import MONEY_VARIANTS
from games.models.accounts import Account
from games.models.activity import ActivityEntry, ActivityEntryQuerySet, TablePhone, acting_name, acting_user
from games.models.announcements import MOST_UPCOMING, NOTE_LENGTH, Announcement, Answer, AnswerLink
from games.models.attempts import Attempts, Rate
from games.models.exceptions import REFUSALS, DeclareError, DuplicateGame, HandConflict, PlayerInUse, Refusal, refusal
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
from games.models.invitations import NamedInvitation, NamedInvitationQuerySet
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
    gone_table,
    table_result,
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
from games.models.series import (
    SERIES_NAME_LENGTH,
    NightScores,
    NightSeries,
    SeriesProblem,
    night_scores,
    put_in_series,
    series_name,
)
from games.models.standings import (
    Figures,
    ResultsChange,
    Rivalry,
    Standing,
    StandingsKeeper,
    figure_sums,
)
from games.models.table_links import (
    GRACE,
    PHONE_NAME_LENGTH,
    TableLink,
    game_ended_at,
    is_phone_name,
    link_open,
    phone_name,
    phone_shown,
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
    "GRACE",
    "LATEST_DAY",
    "LEAGUE_NAME_LENGTH",
    "MONEY_VARIANTS",
    "MOST_UPCOMING",
    "NIGHT_NAME_LENGTH",
    "NOTE_LENGTH",
    "ORDER_OF_PLAY",
    "PHONE_NAME_LENGTH",
    "PLAYER_NAME_LENGTH",
    "PRESET_NAME_LENGTH",
    "REFUSALS",
    "SEASON_NAME_LENGTH",
    "SERIES_NAME_LENGTH",
    "TRASH_DAYS",
    "Account",
    "ActivityEntry",
    "ActivityEntryQuerySet",
    "AllRows",
    "Announcement",
    "Answer",
    "AnswerLink",
    "Attempts",
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
    "NamedInvitation",
    "NamedInvitationQuerySet",
    "Night",
    "NightPlayer",
    "NightProblem",
    "NightRound",
    "NightScores",
    "NightSeat",
    "NightSeries",
    "NightTable",
    "NotTrashed",
    "Player",
    "PlayerInUse",
    "PlayerQuerySet",
    "Position",
    "Rate",
    "Refusal",
    "ResultsChange",
    "Rivalry",
    "Season",
    "SeasonQuerySet",
    "SeasonStanding",
    "Seat",
    "SeatQuerySet",
    "SeriesProblem",
    "Standing",
    "StandingsKeeper",
    "StoredAsWritten",
    "TableLink",
    "TablePhone",
    "TrashError",
    "acting_name",
    "acting_user",
    "figure_sums",
    "game_ended_at",
    "gone_table",
    "is_phone_name",
    "latest_season_day",
    "league_name",
    "link_open",
    "lock_for_writing",
    "new_token",
    "night_scores",
    "phone_name",
    "phone_shown",
    "player_name",
    "preset_name",
    "purge_trash",
    "put_in_series",
    "read_played_on",
    "refusal",
    "season_day",
    "season_name",
    "seat_results",
    "series_name",
    "table_result",
    "time_zone_choices",
    "trash_cutoff",
    "trash_until",
    "valid_time_zone",
]
