"""The nights announced in a league file: they come back with their answers, never with a live link;
an older file has none; a malformed one is refused before anything is written."""

import datetime
import json

import pytest

from games.league_file import LeagueImportError
from games.league_file.export import export_league, export_league_json
from games.league_file.restore import import_league
from games.models import Announcement, Answer, AnswerLink, League, Player
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def announced(league):
    """Saturday 6 June 2026 at 19:30, answered by Ann (yes), Ben (maybe), Cat (no) and the newcomer Zoë (yes)."""
    ann, ben, cat = (Player.objects.create(league=league, name=name) for name in ("Ann", "Ben", "Cat"))
    announcement = Announcement.objects.create(
        league=league, day=datetime.date(2026, 6, 6), time=datetime.time(19, 30), note="Upstairs at the café"
    )
    announcement.answer("yes", player=ann)
    announcement.answer("maybe", player=ben)
    announcement.answer("no", player=cat)
    announcement.answer("yes", name="Zoë")
    announcement.share_link()
    # A night called off is not upcoming: it is not written.
    Announcement.objects.create(league=league, day=datetime.date(2026, 5, 1)).close()
    return announcement


def test_an_announced_night_comes_back_with_its_answers_and_no_link(announced, user):
    document = export_league(announced.league)
    assert document["announcements"] == [
        {
            "day": "2026-06-06",
            "time": "19:30",
            "note": "Upstairs at the café",
            "answers": [
                {"player": "Ann", "choice": "yes"},
                {"player": "Ben", "choice": "maybe"},
                {"player": "Cat", "choice": "no"},
                {"newcomer": "Zoë", "choice": "yes"},
            ],
        }
    ]
    token = announced.links.get().token
    text = "".join(export_league_json(announced.league))
    assert token not in text
    announced.league.discard()

    restored = import_league(json.loads(text), user)
    copy = Announcement.objects.get(league=restored)
    assert (copy.day, copy.time, copy.note, copy.closed_at) == (
        datetime.date(2026, 6, 6),
        datetime.time(19, 30),
        "Upstairs at the café",
        None,
    )
    assert sorted(
        (answer.shown_name, answer.choice, answer.player_id is not None) for answer in copy.answers.all()
    ) == [
        ("Ann", "yes", True),
        ("Ben", "maybe", True),
        ("Cat", "no", True),
        ("Zoë", "yes", False),
    ]
    assert copy.answers.get(name="Zoë").name_key == "zoë"
    # No link until an organizer makes one; the old token opens nothing.
    assert not AnswerLink.objects.filter(announcement=copy).exists()
    assert not AnswerLink.objects.filter(token=token).exists()
    assert export_league(restored)["announcements"] == document["announcements"]


def test_an_older_file_without_announcements_restores_as_before(announced, user):
    document = export_league(announced.league)
    del document["announcements"]
    restored = import_league(document, user, as_copy=True)
    assert not Announcement.objects.filter(league=restored).exists()
    assert restored.players.count() == 3


def _first(document):
    return document["announcements"][0]


MALFORMED = [
    (lambda d: d.update(announcements={}), "'announcements' must be a list"),
    (lambda d: d.update(announcements=[_first(d)] * 4), "announces at most 3 nights; this file has 4"),
    (lambda d: _first(d).update(link="abc"), "each announced night is {'day', 'time', 'note', 'answers'}"),
    (lambda d: _first(d).update(day="2026-02-30"), "Announced night 1 must be a day written like 2026-03-01"),
    (lambda d: _first(d).update(time="7pm"), "'time' is a time written like 19:30, or null"),
    (lambda d: _first(d).update(note="x" * 201), "'note' is text of at most 200 characters"),
    (lambda d: _first(d).update(note="two\nlines"), "on one line"),
    (lambda d: _first(d).update(answers="Ann"), "'answers' must be a list"),
    (lambda d: _first(d)["answers"].append({"player": "Zed", "choice": "yes"}), "'Zed' is not in the league's list"),
    (lambda d: _first(d)["answers"].append({"player": "Ann", "choice": "no"}), "Ann answers twice"),
    (lambda d: _first(d)["answers"].append({"newcomer": "ANN", "choice": "no"}), "ANN is a player of the league"),
    (lambda d: _first(d)["answers"].append({"player": "Ann", "choice": "soon"}), "the choice one of maybe, no, yes"),
    (lambda d: _first(d)["answers"].append({"newcomer": " Kit", "choice": "yes"}), "is not written as the app writes"),
    (lambda d: _first(d)["answers"].append({"newcomer": "", "choice": "yes"}), "Announced night 1: "),
    (
        lambda d: _first(d)["answers"].extend({"newcomer": f"Guest {n}", "choice": "yes"} for n in range(64)),
        "at most 64 new names",
    ),
]


@pytest.mark.parametrize(("change", "message"), MALFORMED)
def test_a_malformed_announcement_is_refused_before_anything_is_written(announced, change, message):
    document = export_league(announced.league)
    change(document)
    before = (League.objects.count(), Player.objects.count(), Announcement.objects.count(), Answer.objects.count())
    with pytest.raises(LeagueImportError, match=message.replace("(", r"\(").replace(")", r"\)").replace("{", r"\{")):
        import_league(document, UserFactory(), as_copy=True)
    after = (League.objects.count(), Player.objects.count(), Announcement.objects.count(), Answer.objects.count())
    assert after == before
