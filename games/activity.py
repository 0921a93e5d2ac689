"""A league's activity log in words, and its section of the league file.

The entries (models.ActivityEntry) keep facts: a kind and the names and
numbers it needs. The sentence is put together here, at reading time, through
gettext: a reader in another language reads the same log in theirs, and a
sentence reworded later rewords every old entry too.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, ngettext

from games.models import ActivityEntry, League, Membership, phone_shown
from games.stats import day_label

if TYPE_CHECKING:
    from django.contrib.auth.models import User

Kind = ActivityEntry.Kind

# The facts each kind keeps, with their types: what the log's sentence needs,
# and all that a league file's entry of that kind may hold.
FACTS: dict[str, dict[str, type]] = {
    Kind.GAME_STARTED: {"game": int},
    Kind.GAME_FINISHED: {"game": int},
    Kind.GAME_DELETED: {"game": int},
    Kind.GAME_RESTORED: {"game": int},
    Kind.GAME_REDATED: {"game": int, "before": date, "after": date},
    Kind.GAME_IMPORTED: {"game": int},
    Kind.HAND_EDITED: {"game": int, "hand": int},
    Kind.HAND_DELETED: {"game": int, "hand": int},
    Kind.PLAYERS_MERGED: {"player": str, "into": str, "games": int},
    Kind.MERGE_UNDONE: {"player": str, "into": str, "games": int},
    Kind.LEAGUE_IMPORTED: {"games": int},
    Kind.LEAGUE_DELETED: {"league": str},
    Kind.LEAGUE_RESTORED: {"league": str},
    Kind.SETTINGS_CHANGED: {"settings": list},
    Kind.ROLE_CHANGED: {"member": str, "before": str, "after": str},
    Kind.SHARE_LINK_MADE: {"game": int, "role": str},
    Kind.SHARE_LINK_USED: {"game": int, "role": str, "by": str},
    Kind.SHARE_LINKS_STOPPED: {"game": int},
    Kind.PRESET_DELETED: {"preset": str},
    Kind.PRESET_RESTORED: {"preset": str},
    Kind.SEASON_DELETED: {"season": str},
    Kind.SEASON_RESTORED: {"season": str},
    Kind.NIGHT_DELETED: {"night": str},
    Kind.NIGHT_RESTORED: {"night": str},
    Kind.TABLE_LINK_STOPPED: {"game": int},
    Kind.NIGHT_LINK_STOPPED: {"night": str, "link": str},
}
# The public link has no game: made and stopped say so instead.
PUBLIC_LINK = 0

# Keyed by str: an entry reads its kind back from the database as a plain string.
SENTENCES: dict[str, Promise] = {
    Kind.GAME_STARTED: gettext_lazy("%(who)s started game %(game)s"),
    Kind.GAME_FINISHED: gettext_lazy("%(who)s entered the last hand of game %(game)s: it is over"),
    Kind.GAME_DELETED: gettext_lazy("%(who)s deleted game %(game)s (it went to the trash)"),
    Kind.GAME_RESTORED: gettext_lazy("%(who)s restored game %(game)s from the trash"),
    Kind.GAME_REDATED: gettext_lazy("%(who)s dated game %(game)s %(after)s (it was %(before)s)"),
    Kind.GAME_IMPORTED: gettext_lazy("%(who)s imported game %(game)s from a scoresheet"),
    Kind.HAND_EDITED: gettext_lazy("%(who)s changed hand %(hand)s of game %(game)s after the game was over"),
    Kind.HAND_DELETED: gettext_lazy("%(who)s deleted hand %(hand)s of game %(game)s after the game was over"),
    Kind.MERGE_UNDONE: gettext_lazy("%(who)s undid the merge of %(player)s into %(into)s"),
    Kind.LEAGUE_DELETED: gettext_lazy("%(who)s deleted the league %(league)s (it went to the trash)"),
    Kind.LEAGUE_RESTORED: gettext_lazy("%(who)s restored the league %(league)s from the trash"),
    Kind.SETTINGS_CHANGED: gettext_lazy("%(who)s changed the league's settings: %(settings)s"),
    Kind.ROLE_CHANGED: gettext_lazy("%(who)s made %(member)s %(after)s (was %(before)s)"),
    Kind.PRESET_DELETED: gettext_lazy("%(who)s deleted the house rules %(preset)s (they went to the trash)"),
    Kind.PRESET_RESTORED: gettext_lazy("%(who)s restored the house rules %(preset)s from the trash"),
    Kind.SEASON_DELETED: gettext_lazy("%(who)s deleted the season %(season)s (it went to the trash)"),
    Kind.SEASON_RESTORED: gettext_lazy("%(who)s restored the season %(season)s from the trash"),
    Kind.NIGHT_DELETED: gettext_lazy("%(who)s deleted the club night %(night)s (it went to the trash)"),
    Kind.NIGHT_RESTORED: gettext_lazy("%(who)s restored the club night %(night)s from the trash"),
    Kind.TABLE_LINK_STOPPED: gettext_lazy("%(who)s stopped the scoring link of game %(game)s"),
}

# The settings page's fields, as the log names them.
SETTINGS = {
    "name": gettext_lazy("name"),
    "time_zone": gettext_lazy("time zone"),
    "min_games": gettext_lazy("games before a win rate ranks"),
    "lock_finished_games": gettext_lazy("lock finished games"),
    "language": gettext_lazy("language"),
    "rating_scale": gettext_lazy("ratings shown as"),
}


def sentence(entry: ActivityEntry) -> str:
    """The entry in words, in the active language."""
    facts: dict[str, Any] = dict(entry.facts)
    facts["who"] = phone_shown(entry.who) if entry.who else gettext("The app")
    kind = entry.kind
    if kind == Kind.PLAYERS_MERGED:
        return (
            ngettext(
                "%(who)s merged %(player)s into %(into)s (%(games)s game moved)",
                "%(who)s merged %(player)s into %(into)s (%(games)s games moved)",
                facts["games"],
            )
            % facts
        )
    if kind == Kind.LEAGUE_IMPORTED:
        return (
            ngettext(
                "%(who)s imported the league from a league file (%(games)s game)",
                "%(who)s imported the league from a league file (%(games)s games)",
                facts["games"],
            )
            % facts
        )
    if kind == Kind.SHARE_LINK_MADE:
        if facts["game"] == PUBLIC_LINK:
            return gettext("%(who)s turned on the league's public link") % facts
        return gettext("%(who)s made a share link of game %(game)s for a new %(role)s") % {
            **facts,
            "role": _role(facts["role"]),
        }
    if kind == Kind.SHARE_LINK_USED:
        return gettext("%(who)s joined the league as %(role)s through %(by)s's share link of game %(game)s") % {
            **facts,
            "role": _role(facts["role"]),
        }
    if kind == Kind.SHARE_LINKS_STOPPED:
        if facts["game"] == PUBLIC_LINK:
            return gettext("%(who)s turned off the league's public link") % facts
        return gettext("%(who)s stopped the share links of game %(game)s") % facts
    if kind == Kind.NIGHT_LINK_STOPPED:
        if facts["link"] == "screen":
            return gettext("%(who)s stopped the screen link of the club night %(night)s") % facts
        return gettext("%(who)s stopped the shared link of the club night %(night)s") % facts
    if kind == Kind.GAME_REDATED:
        facts["before"] = day_label(date.fromisoformat(facts["before"]))
        facts["after"] = day_label(date.fromisoformat(facts["after"]))
    elif kind == Kind.ROLE_CHANGED:
        facts["before"], facts["after"] = _role(facts["before"]), _role(facts["after"])
    elif kind == Kind.SETTINGS_CHANGED:
        facts["settings"] = ", ".join(str(SETTINGS.get(name, name)) for name in facts["settings"])
    return str(SENTENCES[kind]) % facts


def _role(role: str) -> str:
    # The role's own word inside a sentence: lower-casing its label would be wrong where nouns keep a capital.
    return str(Membership.ROLE_IN_SENTENCE[role]) if role in Membership.Role.values else role


# The league file's "activity" section -----------------------------------------------


def export_activity(league: League, membership: Membership | None = None) -> list[dict[str, Any]]:
    """The league's log, oldest first, as the league file keeps it: who (an account's name), when, what.

    With a membership, what that member reads of it (ActivityEntry.objects.readable_by): a
    viewer's or scorer's download holds their own entries, as their Activity page does."""
    entries = ActivityEntry.objects.filter(league=league)
    if membership is not None:
        entries = ActivityEntry.objects.readable_by(league, membership)
    rows = entries.order_by("at", "pk").values_list("kind", "who", "at", "facts")
    return [{"kind": kind, "who": who, "at": at.isoformat(), "facts": facts} for kind, who, at, facts in rows]


# More than a busy league's years of entries; a file with more is not one the app wrote.
MOST_ENTRIES = 200_000


def read_activity(document: Mapping[str, Any], error: type[Exception]) -> list[ActivityEntry]:
    """The league file's log as unsaved entries (league unset), checked entry by entry.

    Only what the app writes: a known kind, exactly its facts with their types,
    a name, a time. Anything else raises `error` (the reader's own) before
    anything is stored. A file without the section (today's files) has an empty log."""
    section = document.get("activity", []) if isinstance(document, Mapping) else []
    if not isinstance(section, list) or len(section) > MOST_ENTRIES:
        raise error(f"'activity' must be a list of at most {MOST_ENTRIES:,} entries")
    return [_read_entry(number, item, error) for number, item in enumerate(section, start=1)]


def store_activity(league: League, entries: list[ActivityEntry], owner: User) -> League:
    """Keep the imported league's log, and say in it who imported it.

    An entry's account is linked again where that account is a member of the
    new league (so that it reads its own entries); the others keep the name."""
    members = dict(league.memberships.values_list(f"user__{get_user_model().USERNAME_FIELD}", "user_id"))
    for entry in entries:
        entry.league, entry.user_id = league, members.get(entry.who)
    with transaction.atomic():
        ActivityEntry.objects.bulk_create(entries, batch_size=1000)
        ActivityEntry.record(league, owner, Kind.LEAGUE_IMPORTED, games=league.games.count())
    return league


def _read_entry(number: int, item: object, error: type[Exception]) -> ActivityEntry:
    def fail(problem: str) -> Exception:
        return error(f"Activity entry {number}: {problem}")

    if not isinstance(item, dict) or set(item) != {"kind", "who", "at", "facts"}:
        raise fail("an entry has a kind, who, at and facts, and nothing else")
    kind, who, at, facts = item["kind"], item["who"], item["at"], item["facts"]
    if kind not in FACTS:
        raise fail(f"no such kind of entry: {str(kind)[:40]!r}")
    if not isinstance(who, str) or len(who) > 150 or who != who.strip() or any(ch < " " for ch in who):
        raise fail("who is the name of an account, up to 150 characters")
    try:
        moment = datetime.fromisoformat(at) if isinstance(at, str) else None
    except ValueError:
        moment = None
    if moment is None or timezone.is_naive(moment) or moment > timezone.now():
        raise fail("at is a time with its zone, not in the future")
    wanted = FACTS[kind]
    if not isinstance(facts, dict) or set(facts) != set(wanted):
        raise fail(f"a {kind} entry's facts are {', '.join(sorted(wanted))}")
    for name, kind_of in wanted.items():
        if not _fact_fits(facts[name], kind_of, kind, name):
            raise fail(f"{name} is not what the app writes there")
    return ActivityEntry(kind=kind, who=who, at=moment, facts=facts)


def _fact_fits(value: Any, kind_of: type, kind: str, name: str) -> bool:
    if kind_of is int:
        return type(value) is int and 0 <= value <= 1_000_000_000
    if kind_of is date:
        try:
            return isinstance(value, str) and date.fromisoformat(value).isoformat() == value
        except ValueError:
            return False
    if kind_of is list:
        return isinstance(value, list) and len(value) <= len(SETTINGS) and all(item in SETTINGS for item in value)
    if not isinstance(value, str) or not value or len(value) > 150 or value != value.strip():
        return False
    if name in ("role", "before", "after") and kind in (Kind.ROLE_CHANGED, Kind.SHARE_LINK_MADE, Kind.SHARE_LINK_USED):
        return value in Membership.Role.values
    if name == "link" and kind == Kind.NIGHT_LINK_STOPPED:
        return value in ("screen", "share")
    return not any(ch < " " for ch in value)
