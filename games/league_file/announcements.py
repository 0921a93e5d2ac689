"""The league file's announced nights: each upcoming night's day, time and note, and who said they come.

Only the nights not started yet are written: a started one is its Night's. A
link to answer without an account is never written, so a restored night has
none until an organizer makes one: a file passed around must not carry a
live key to the league. The file is untrusted: every value is checked here,
before the import writes anything (LeagueImportError otherwise).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from games.league_file import LeagueImportError
from games.models import MOST_UPCOMING, NOTE_LENGTH, Announcement, Answer, League, player_name
from games.models.announcements import MOST_NEWCOMERS
from rules import name_key

if TYPE_CHECKING:
    # games.league_file.sections registers this section, so it is imported from there, not here.
    from games.league_file.sections import Reading, Restoring

ANNOUNCEMENT_KEYS = {"day", "time", "note", "answers"}
CHOICES = set(Answer.Choice.values)


def write_announcements(league: League) -> list[dict[str, Any]]:
    written = []
    for announcement in league.announcements.upcoming().prefetch_related("answers__player"):
        answers = sorted(announcement.answers.all(), key=lambda answer: (answer.answered_at, answer.pk))
        written.append(
            {
                "day": announcement.day.isoformat(),
                "time": announcement.time.strftime("%H:%M") if announcement.time is not None else None,
                "note": announcement.note,
                "answers": [
                    {"player": answer.player.name, "choice": answer.choice}
                    if answer.player is not None
                    else {"newcomer": answer.name, "choice": answer.choice}
                    for answer in answers
                ],
            }
        )
    return written


def read_announcements(announcements: object, reading: Reading) -> Callable[[Restoring], None]:
    """Every announced night checked whole before the import writes anything; the write to do after the games."""
    if not isinstance(announcements, list):
        raise LeagueImportError(gettext("'announcements' must be a list"))
    if len(announcements) > MOST_UPCOMING:
        raise LeagueImportError(
            gettext("A league file announces at most %(most)d nights; this file has %(count)d")
            % {"most": MOST_UPCOMING, "count": len(announcements)}
        )
    players = {name_key(name): name for name in reading.players}
    read = [_read_announcement(number, item, players) for number, item in enumerate(announcements, start=1)]

    def store(restoring: Restoring) -> None:
        for fields, answers in read:
            announcement = Announcement.objects.create(league=restoring.league, created_by=restoring.owner, **fields)
            Answer.objects.bulk_create(
                Answer(
                    announcement=announcement,
                    player=restoring.players[player] if player else None,
                    name=newcomer,
                    name_key=name_key(newcomer) if newcomer else "",
                    choice=choice,
                )
                for player, newcomer, choice in answers
            )

    return store


def _read_announcement(
    number: int, item: object, players: dict[str, str]
) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    where = gettext("Announced night %(number)d") % {"number": number}
    if not isinstance(item, Mapping) or set(item) != ANNOUNCEMENT_KEYS:
        raise LeagueImportError(
            gettext("%(where)s: each announced night is {'day', 'time', 'note', 'answers'}") % {"where": where}
        )
    day = _read_day(item["day"], where)
    at = _read_time(item["time"], where)
    note = item["note"]
    if not isinstance(note, str) or len(note) > NOTE_LENGTH or note != " ".join(note.split()):
        raise LeagueImportError(
            gettext("%(where)s: 'note' is text of at most %(most)d characters, on one line")
            % {"where": where, "most": NOTE_LENGTH}
        )
    answers = item["answers"]
    if not isinstance(answers, list):
        raise LeagueImportError(gettext("%(where)s: 'answers' must be a list") % {"where": where})
    read: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for answer in answers:
        player, newcomer, choice = _read_answer(answer, players, where)
        key = name_key(player or newcomer)
        if key in seen:
            raise LeagueImportError(
                gettext("%(where)s: %(name)s answers twice") % {"where": where, "name": player or newcomer}
            )
        seen.add(key)
        read.append((player, newcomer, choice))
    if sum(1 for _, newcomer, _ in read if newcomer) > MOST_NEWCOMERS:
        raise LeagueImportError(
            gettext("%(where)s: at most %(most)d new names answer for one night")
            % {"where": where, "most": MOST_NEWCOMERS}
        )
    return {"day": day, "time": at, "note": note}, read


def _read_answer(answer: object, players: dict[str, str], where: str) -> tuple[str, str, str]:
    """(player, "", choice) for a league player's answer, ("", name, choice) for a newcomer's."""
    if (
        not isinstance(answer, Mapping)
        or set(answer) not in ({"player", "choice"}, {"newcomer", "choice"})
        or answer["choice"] not in CHOICES
    ):
        raise LeagueImportError(
            gettext("%(where)s: each answer is {'player' or 'newcomer', 'choice'}, the choice one of %(choices)s")
            % {"where": where, "choices": ", ".join(sorted(CHOICES))}
        )
    if "player" in answer:
        if not isinstance(answer["player"], str) or players.get(name_key(answer["player"])) != answer["player"]:
            raise LeagueImportError(
                gettext("%(where)s: %(name)s is not in the league's list of players")
                % {"where": where, "name": repr(answer["player"])[:40]}
            )
        return answer["player"], "", answer["choice"]
    newcomer = answer["newcomer"]
    try:
        written = player_name(newcomer)
    except ValidationError as error:
        raise LeagueImportError(
            gettext("%(where)s: %(problem)s") % {"where": where, "problem": error.messages[0]}
        ) from None
    if written != newcomer:
        raise LeagueImportError(
            gettext("The name %(name)s is not written as the app writes names: %(tidied)s")
            % {"name": repr(newcomer), "tidied": repr(written)}
        )
    if name_key(newcomer) in players:
        raise LeagueImportError(
            gettext("%(where)s: %(name)s is a player of the league, not a newcomer")
            % {"where": where, "name": newcomer}
        )
    return "", newcomer, answer["choice"]


def _read_day(value: object, where: str) -> datetime.date:
    try:
        day = datetime.date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        day = None
    if day is None or day.year < 1900:
        raise LeagueImportError(gettext("%(what)s must be a day written like 2026-03-01") % {"what": where})
    return day


def _read_time(value: object, where: str) -> datetime.time | None:
    if value is None:
        return None
    try:
        at = datetime.time.fromisoformat(value) if isinstance(value, str) and len(value) == 5 else None
    except ValueError:
        at = None
    if at is None:
        raise LeagueImportError(gettext("%(where)s: 'time' is a time written like 19:30, or null") % {"where": where})
    return at
