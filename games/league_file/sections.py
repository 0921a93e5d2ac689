"""The league file's format: its names and limits, and its sections.

The file's parts other than the league's name, players and games are
sections, each one writer and one reader registered in SECTIONS (the
league's settings: LEAGUE_SETTINGS); see "Adding a section" there.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext

from games.activity import export_activity, read_activity, store_activity
from games.league_file import LeagueImportError, counted
from games.league_file.announcements import read_announcements, write_announcements
from games.league_file.nights import read_nights, write_nights
from games.league_file.series import read_series, write_series
from games.models import (
    Game,
    HandRevision,
    League,
    LeaguePreset,
    Membership,
    NamedInvitation,
    Night,
    Player,
    Season,
    preset_name,
    season_name,
)
from games.ratings import SCALES
from rules import (
    MOST_HANDS,
    SetupError,
    name_key,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User

FORMAT = "hearts-league"
# Version 2 added the league's settings, presets, members and each game's History and clock.
VERSION = 2
READABLE_VERSIONS = (1, 2)
CORE_KEYS = {"format", "version", "league", "players", "games"}
GAME_KEYS = {"number", "scoresheet", "created_at", "finished_at", "declared", "clock_started_at", "history"}
DECLARED = {"", Game.Status.NULL.value, Game.Status.ABANDONED.value}
# The dates a game can have: none before Hearts had leagues to keep, and
# none later than tomorrow (a day's grace for clocks and time zones).
EARLIEST_YEAR = 1900
LATEST_AHEAD = timedelta(days=1)
# Games read at a time by the export and the CSVs.
CHUNK = 2000
# What one game's History may hold in a file: far more changes than any table makes.
MOST_HISTORY_LINES = 10 * MOST_HANDS
# A History line's time, to the second: the file stays small for a league of thousands of hands.
HISTORY_TIME = "%Y-%m-%dT%H:%M:%SZ"


# The History's actions on a hand, whose before and after are hands.
HAND_ACTIONS = {HandRevision.Action.ADDED, HandRevision.Action.EDITED, HandRevision.Action.DELETED}


# The file's sections ------------------------------------------------------------


@dataclass
class Reading:
    """What the sections' readers may check against: the file's version, players and games."""

    version: int
    players: list[str]
    game_numbers: set[int]
    # Each numbered game's players in seat order, variant and options: a club night's table must
    # name the game the app started for it (games.league_file.nights).
    games: dict[int, GameAtTable] = field(default_factory=dict)
    # Left by the nights' reader for the series' (read after it): each night's series name or None,
    # its variant, options and players, and the games the nights' tables played.
    night_series: list[str | None] = field(default_factory=list)
    night_rules: list[tuple[str, dict[str, Any], set[str]]] = field(default_factory=list)
    night_games: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class GameAtTable:
    players: tuple[str, ...]
    variant: str
    options: dict[str, Any]


@dataclass
class Restoring:
    """The new league as the import's transaction writes it, for the sections' writes."""

    league: League
    owner: User
    players: dict[str, Player]
    games: dict[int, Game]  # by number
    # The usernames the file names as members, the importer's aside: invited, not members yet.
    invited: list[str] = field(default_factory=list)
    # The nights as the nights' section stored them, in the file's order (for the series' section).
    nights: list[Night] = field(default_factory=list)


# The write a section's reader returns: done in the import's transaction, after the games.
Store = Callable[[Restoring], object]


@dataclass(frozen=True)
class Section:
    """One part of the league file beside its name, players and games.

    write(league): the part's JSON value. read(value, reading): the value
    checked as the app's forms check what they store (LeagueImportError,
    before anything is written), returning the write to do. absent: what a
    file without the part (an older version) means. write_read_by(league,
    membership), where a part holds more than a scorer or viewer may read: what
    their download of the file holds of it (for organizers, write's all).
    """

    key: str
    write: Callable[[League], Any]
    read: Callable[[Any, Reading], Store]
    absent: Any
    write_read_by: Callable[[League, Membership], Any] | None = None

    def written_for(self, league: League, membership: Membership | None) -> Any:
        """The part as a member's download holds it (membership None: the whole, as the command writes it)."""
        if membership is None or membership.can_organize or self.write_read_by is None:
            return self.write(league)
        return self.write_read_by(league, membership)


def _write_seasons(league: League) -> list[dict[str, str]]:
    # The automatic calendar years are not written: the league keeps them by itself.
    return [
        {"name": name, "first_day": first_day.isoformat(), "last_day": last_day.isoformat()}
        for name, first_day, last_day in Season.objects.filter(league=league, automatic=False)
        .order_by("first_day", "last_day", "name")
        .values_list("name", "first_day", "last_day")
    ]


def _read_seasons(seasons: object, reading: Reading) -> Store:
    """The organizer's seasons, checked as the seasons' form checks them."""
    if not isinstance(seasons, list):
        raise LeagueImportError(gettext("'seasons' must be a list"))
    if len(seasons) > Season.MOST_PER_LEAGUE:
        raise LeagueImportError(
            gettext("A league has at most %(most)s seasons; this file has %(count)s")
            % {"most": counted(Season.MOST_PER_LEAGUE), "count": counted(len(seasons))}
        )
    read: list[tuple[str, date, date]] = []
    seen: set[str] = set()
    for number, season in enumerate(seasons, start=1):
        if not isinstance(season, Mapping) or set(season) != {"name", "first_day", "last_day"}:
            raise LeagueImportError(
                gettext("Season %(number)s: each season is {'name', 'first_day', 'last_day'} and no more")
                % {"number": number}
            )
        name = _as_the_app_writes_it(season["name"], season_name)
        if name_key(name) in seen:
            raise LeagueImportError(gettext("The season %(name)s is listed twice") % {"name": name})
        seen.add(name_key(name))
        days = [
            _read_day(season[side], gettext("Season %(name)s: '%(field)s'") % {"name": name, "field": side})
            for side in ("first_day", "last_day")
        ]
        problem = Season.days_problem(*days)
        if problem:
            raise LeagueImportError(gettext("Season %(name)s: %(problem)s") % {"name": name, "problem": problem})
        read.append((name, days[0], days[1]))

    def store(restoring: Restoring) -> None:
        Season.objects.bulk_create(
            Season(league=restoring.league, name=name, first_day=first_day, last_day=last_day)
            for name, first_day, last_day in read
        )

    return store


def _write_presets(league: League) -> list[dict[str, Any]]:
    return [
        {"name": name, "variant": variant, "options": options}
        for name, variant, options in LeaguePreset.objects.filter(league=league)
        .order_by("name", "pk")
        .values_list("name", "variant", "options")
    ]


def _read_presets(presets: object, reading: Reading) -> Store:
    """The league's presets, each a variant with every one of its options, as the preset form saves them."""
    if not isinstance(presets, list):
        raise LeagueImportError(gettext("'presets' must be a list"))
    if len(presets) > LeaguePreset.MOST_PER_LEAGUE:
        raise LeagueImportError(
            gettext("A league has at most %(most)s presets; this file has %(count)s")
            % {"most": counted(LeaguePreset.MOST_PER_LEAGUE), "count": counted(len(presets))}
        )
    read, seen = [], set()
    for number, preset in enumerate(presets, start=1):
        if not isinstance(preset, Mapping) or set(preset) != {"name", "variant", "options"}:
            raise LeagueImportError(
                gettext("Preset %(number)s: each preset is {'name', 'variant', 'options'} and no more")
                % {"number": number}
            )
        name = _as_the_app_writes_it(preset["name"], preset_name)
        if name_key(name) in seen:
            raise LeagueImportError(gettext("The preset %(name)s is listed twice") % {"name": name})
        seen.add(name_key(name))
        checked = LeaguePreset(name=name, name_key=name_key(name))
        if not isinstance(preset["variant"], str) or not isinstance(preset["options"], Mapping):
            raise LeagueImportError(
                gettext("Preset %(name)s: 'variant' must be a variant's key and 'options' an object") % {"name": name}
            )
        try:
            checked.set_rules(preset["variant"], dict(preset["options"]))
        except SetupError as error:
            raise LeagueImportError(
                gettext("Preset %(name)s: %(problem)s") % {"name": name, "problem": error.message}
            ) from None
        if checked.options != preset["options"]:
            raise LeagueImportError(
                gettext("Preset %(name)s: 'options' must list every option of the variant, as the app saves them")
                % {"name": name}
            )
        read.append(checked)

    def store(restoring: Restoring) -> None:
        for preset in read:
            preset.league = restoring.league
        LeaguePreset.objects.bulk_create(read)

    return store


def _write_members(league: League, membership: Membership | None = None) -> list[dict[str, str]]:
    """The members and, for organizers, the invitations still waiting for a yes, alike, by username.

    An import turns every member of a file but its importer into an invitation,
    so an invitation is written as the member it would make: the file an
    organizer exports of a restored league is the file that was imported."""
    linked = dict(Player.objects.filter(league=league, user__isnull=False).values_list("user_id", "name"))
    members = []
    for user_id, username, role in Membership.objects.filter(league=league).values_list(
        "user_id", "user__username", "role"
    ):
        member = {"username": username, "role": role}
        if user_id in linked:
            member["player"] = linked[user_id]
        members.append(member)
    if membership is None or membership.can_organize:
        taken = set(linked.values())
        for username, role, player in NamedInvitation.objects.filter(league=league).values_list(
            "username", "role", "player__name"
        ):
            member = {"username": username, "role": role}
            # A player linked to an account since is that member's, not the invitation's.
            if player is not None and player not in taken:
                member["player"] = player
            members.append(member)
    return sorted(members, key=lambda member: member["username"])


def _read_username(value: object, what: str) -> str:
    """A username as the sign-up form could have stored it."""
    if isinstance(value, str) and value in _USERNAMES_SEEN:
        return value
    User = get_user_model()
    # The username is a CharField; django-stubs types get_field() as any field or relation.
    username_field = cast("models.CharField[str, str]", User._meta.get_field(User.USERNAME_FIELD))
    if not isinstance(value, str) or not value:
        raise LeagueImportError(gettext("%(what)s must be a username") % {"what": what})
    try:
        username_field.run_validators(value)
    except ValidationError:
        raise LeagueImportError(
            gettext("%(what)s: %(value)s is not a username this app gives") % {"what": what, "value": repr(value[:20])}
        ) from None
    most = username_field.max_length
    if most is not None and len(value) > most:
        raise LeagueImportError(
            gettext("%(what)s: a username has at most %(most)s characters") % {"what": what, "most": most}
        )
    if len(_USERNAMES_SEEN) < 10_000:
        _USERNAMES_SEEN.add(value)
    return value


# Usernames already found good: a History names a few people thousands of times.
_USERNAMES_SEEN: set[str] = set()


def _read_members(members: object, reading: Reading) -> Store:
    """The members by username and role: the importer's own membership, and an invitation for each other name."""
    if not isinstance(members, list):
        raise LeagueImportError(gettext("'members' must be a list"))
    if len(members) > League.MOST_PLAYERS:
        raise LeagueImportError(
            gettext("A league file lists at most %(most)s members") % {"most": counted(League.MOST_PLAYERS)}
        )
    read: list[tuple[str, str, str | None]] = []
    usernames: set[str] = set()
    linked: set[str] = set()
    for number, member in enumerate(members, start=1):
        if not isinstance(member, Mapping) or not {"username", "role"} <= set(member) <= {"username", "role", "player"}:
            raise LeagueImportError(
                gettext("Member %(number)s: each member is {'username', 'role'} and maybe 'player'")
                % {"number": number}
            )
        username = _read_username(member["username"], gettext("Member %(number)s") % {"number": number})
        if username in usernames:
            raise LeagueImportError(gettext("The member %(name)s is listed twice") % {"name": username})
        usernames.add(username)
        if member["role"] not in Membership.Role.values:
            raise LeagueImportError(
                gettext("Member %(name)s: 'role' must be one of %(roles)s")
                % {"name": username, "roles": ", ".join(Membership.Role.values)}
            )
        player = _member_player(member.get("player"), username, reading, linked)
        read.append((username, member["role"], player))

    def store(restoring: Restoring) -> None:
        # The importer owns and organizes the new league whatever the file says; everyone else
        # named is invited, by name, whether or not an account of that name is here (so that
        # the import tells its importer nothing of the server's accounts), and becomes a
        # member only when the account's holder says yes (NamedInvitation.accept).
        owner = restoring.owner.get_username()
        invitations = []
        for username, role, player in read:
            if username == owner:
                if player is not None:
                    Player.objects.filter(pk=restoring.players[player].pk).update(user=restoring.owner)
                continue
            invitations.append(
                NamedInvitation(
                    league=restoring.league,
                    username=username,
                    role=role,
                    player=restoring.players[player] if player is not None else None,
                    invited_by=restoring.owner,
                )
            )
        restoring.invited = sorted(invitation.username for invitation in invitations)
        NamedInvitation.objects.bulk_create(invitations)

    return store


def _member_player(player: Any, username: str, reading: Reading, linked: set[str]) -> str | None:
    """The player a member is linked to, if any: one of the file's, linked to no other member."""
    if player is not None:
        if player not in reading.players:
            raise LeagueImportError(
                gettext("Member %(name)s: %(player)s is not in the league's list of players")
                % {"name": username, "player": repr(player)}
            )
        if player in linked:
            raise LeagueImportError(gettext("The player %(name)s is linked to two members") % {"name": player})
        linked.add(player)
    return player


def _read_time_zone(value: object) -> str:
    if not isinstance(value, str) or value not in zoneinfo.available_timezones():
        raise LeagueImportError(gettext("'time_zone' must be a time zone name such as Europe/London"))
    return value


def _read_min_games(value: object) -> int:
    # The league settings form's bounds.
    if type(value) is not int or not 1 <= value <= 100:
        raise LeagueImportError(gettext("'min_games' must be a whole number from 1 to 100"))
    return value


def _read_lock_finished_games(value: object) -> bool:
    # The settings form's checkbox: on or off.
    if type(value) is not bool:
        raise LeagueImportError(gettext("'lock_finished_games' must be true or false"))
    return value


def _read_language(value: object) -> str:
    # The settings form's list, or empty: each reader's own language.
    codes = [code for code, _name in settings.LANGUAGES]
    if not isinstance(value, str) or (value and value not in codes):
        raise LeagueImportError(
            gettext("'language' must be one of %(codes)s, or empty for each reader's own") % {"codes": ", ".join(codes)}
        )
    return value


def _read_rating_scale(value: object) -> str:
    # The settings form's choices.
    if value not in SCALES:
        raise LeagueImportError(gettext("'rating_scale' must be one of %(scales)s") % {"scales": ", ".join(SCALES)})
    return str(value)


def _read_activity(entries: object, reading: Reading) -> Store:
    """The league's activity log, checked entry by entry (games.activity); stored with a line saying who imported it."""
    read = read_activity({"activity": entries}, LeagueImportError)
    return lambda restoring: store_activity(restoring.league, read, restoring.owner)


# The league's settings in the file's "league", by League field: each read as the settings form reads it.
# A file without one (an older version) gives the league the field's default, or what every
# league had before the setting came (SETTINGS_BEFORE).
LEAGUE_SETTINGS: dict[str, Callable[[object], Any]] = {
    "time_zone": _read_time_zone,
    "min_games": _read_min_games,
    "lock_finished_games": _read_lock_finished_games,
    "language": _read_language,
    "rating_scale": _read_rating_scale,
}
# Leagues made before finished games could be locked had them open (the migration's choice too),
# so a file from then comes back open, not locked as a new league is.
SETTINGS_BEFORE: dict[str, Any] = {"lock_finished_games": False}

# The sections, in the order they are read, written to the file and stored.
SECTIONS: list[Section] = [
    Section("seasons", _write_seasons, _read_seasons, absent=[]),
    Section("presets", _write_presets, _read_presets, absent=[]),
    # Pending invitations are the organizers' (the Members page shows them to them alone).
    Section("members", _write_members, _read_members, absent=[], write_read_by=_write_members),
    # After the games, whose numbers its tables name (games.league_file.nights).
    Section("nights", write_nights, read_nights, absent=[]),
    # After the nights, which name their series, and the games, whose numbers the finals name.
    Section("series", write_series, read_series, absent=[]),
    # The nights announced and not started yet, with their answers; never a link's token.
    Section("announcements", write_announcements, read_announcements, absent=[]),
    # Last: an entry's account is linked again where the members restored it.
    # The whole log is the organizers'; another member reads their own entries, as on the Activity page.
    Section("activity", export_activity, _read_activity, absent=[], write_read_by=export_activity),
]


def _read_day(value: object, what: str) -> date:
    try:
        day = date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise LeagueImportError(gettext("%(what)s must be a day written like 2026-03-01") % {"what": what})
    return day


def _as_the_app_writes_it(name: object, clean: Any) -> str:
    """A name from the file, which must be one the forms could have stored.

    Tidying it here instead would not do: the scoresheets name the players
    as the list does, and a backup restores what was backed up or nothing."""
    try:
        tidied = clean(name)
    except ValidationError as error:
        if not isinstance(name, str):
            raise LeagueImportError(error.messages[0]) from None
        raise LeagueImportError(
            # Translators: a name's problem, then the refused name as the file writes it.
            gettext("%(problem)s (%(name)s)") % {"problem": error.messages[0], "name": repr(name[:20])}
        ) from None
    if tidied != name:
        raise LeagueImportError(
            gettext("The name %(name)s is not written as the app writes names: %(tidied)s")
            % {"name": repr(name), "tidied": repr(tidied)}
        )
    return tidied
