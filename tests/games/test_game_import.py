"""Scoresheets: export a game as JSON, import one into a league."""

import json
from datetime import UTC, date, datetime
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Game, Hand, League, Membership, Player
from rules import HandEntry
from tests.factories import MembershipFactory, PlayerFactory, make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def export_url(game):
    return reverse("games:game-export", args=[game.pk])


def import_url(league):
    return reverse("games:game-import", args=[league.pk])


SHEET = {
    "variant": "ricketts",
    "options": {"target": 100},
    "players": ["Ann", "Ben", "Cat", "Dan"],
    "first_dealer": "Ben",
    "hands": [
        {"hearts": {"Ann": 3, "Cat": 10}, "queen": "Ben"},
        {"hearts": {"Ann": 13}, "queen": "Ann"},
        {"revoke": "Ben"},
    ],
}


def test_a_member_downloads_the_scoresheet(scorer, league, user):
    game = make_game(league, first_dealer=CAT)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    response = scorer.get(export_url(game))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="hearts-game-{game.number}.json"'
    sheet = json.loads(response.content)
    assert sheet["played_on"] == game.played_on.isoformat()
    assert sheet["players"] == ["Ann", "Ben", "Cat", "Dan"]
    assert sheet["first_dealer"] == "Cat"
    assert sheet["hands"] == [{"hearts": {"Ann": 3, "Cat": 10}, "queen": "Ben"}]


def test_a_viewer_may_export_but_outsiders_and_anonymous_visitors_may_not(client, league, outsider):
    game = make_game(league)
    assert client.get(export_url(game)).status_code == 302
    client.force_login(outsider)
    assert client.get(export_url(game)).status_code == 404
    client.force_login(MembershipFactory(league=league, role=Membership.Role.VIEWER).user)
    assert client.get(export_url(game)).status_code == 200


def test_pasted_json_becomes_a_game_with_the_same_results_as_replay(scorer, league):
    PlayerFactory(league=league, name="ann")
    response = scorer.post(import_url(league), {"text": json.dumps(SHEET)})
    game = Game.objects.get()
    assert response.status_code == 302
    assert response.url == game.get_absolute_url()
    # Hand 1: Ann 3, Ben 13, Cat 10. Hand 2: Ann 13♥ + Q♠ is a moon; the
    # Ricketts rule adds 26 to the others (nobody passes 100): Ben 39, Cat 36,
    # Dan 26. Hand 3: Ben revokes, +26: 65.
    assert [seat.total for seat in game.ordered_seats()] == [3, 65, 36, 26]
    assert game.first_dealer == BEN
    assert game.hand_count == 3
    # "ann" was already in the league: matched, not duplicated.
    assert [seat.player.name for seat in game.ordered_seats()] == ["ann", "Ben", "Cat", "Dan"]
    assert Player.objects.filter(league=league).count() == 4
    assert game.revisions.count() == 3


def test_an_uploaded_file_is_imported(scorer, league):
    upload = SimpleUploadedFile("game.json", json.dumps(SHEET).encode(), content_type="application/json")
    assert scorer.post(import_url(league), {"scoresheet": upload}).status_code == 302
    assert Game.objects.get().hand_count == 3


def test_export_then_import_gives_identical_totals(scorer, league, user):
    game = make_game(league, "omnibus", first_dealer=DAN, options={"target": 150})
    for number, entry in enumerate(
        [
            HandEntry.cards([3, 0, 10, 0], BEN, CAT),
            HandEntry.cards([0, 13, 0, 0], BEN, ANN, "subtract"),
            HandEntry.revoked(DAN),
            HandEntry.cards([1, 2, 3, 7], ANN, DAN),
        ],
        start=1,
    ):
        game.record_hand(number, entry, user)
    sheet = scorer.get(export_url(game)).content
    upload = SimpleUploadedFile("game.json", sheet, content_type="application/json")
    # Into its own league the copy is the same game on the same day: imported only when confirmed.
    response = scorer.post(import_url(league), {"scoresheet": upload, "again": "on"})
    copy = Game.objects.exclude(pk=game.pk).get()
    assert response.url == copy.get_absolute_url()
    assert copy.state().totals == game.state().totals
    assert [s.total for s in copy.ordered_seats()] == [s.total for s in game.ordered_seats()]
    assert copy.options == game.options
    assert copy.first_dealer == DAN


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{not json",
            "This scoresheet cannot be read: not valid JSON at line 1, column 2",
        ),
        ("[" * 100_000, "This scoresheet cannot be read: JSON nested too deeply to be a scoresheet or a league"),
        ('{"target": ' + "9" * 4_400 + "}", "This scoresheet cannot be read: a number has more than 20 digits"),
        (
            '{"players": ["\\ud800"]}',
            "This scoresheet cannot be read: a broken character (a lone \\u surrogate escape)",
        ),
        ("[1, 2]", "A scoresheet must be a JSON object"),
        (json.dumps({**SHEET, "options": {"target": 10**6}}), "Option 'target' must be a whole number from 1"),
        (json.dumps({**SHEET, "options": {"wraps": list(range(1, 10_001))}}), "Option 'wraps' holds at most 10"),
        (json.dumps({**SHEET, "variant": "bridge"}), "Unknown variant 'bridge'"),
        (
            json.dumps({**SHEET, "players": ["Ann", "Ben", "Cat", "Dan", "Eve"]}),
            'Ricketts House Hearts ("variant": "ricketts") is played by 4 players; this game has 5',
        ),
        (json.dumps({**SHEET, "hands": [{"hearts": {"Ann": 3}, "queen": "Ben"}]}), "hand 1: Hearts add up to 3"),
        (json.dumps({**SHEET, "hands": [{"hearts": {"Zed": 13}, "queen": "Ben"}]}), "Zed is not a player"),
        (json.dumps({**SHEET, "players": ["Ann", "Ben", "Cat", "D" * 41]}), "at most 40 characters"),
        ("", "Choose a scoresheet file or paste one"),
    ],
)
def test_bad_scoresheets_say_why_and_save_nothing(scorer, league, text, message):
    response = scorer.post(import_url(league), {"text": text})
    assert response.status_code == 422
    errors = response.context_data["form"].non_field_errors()
    assert len(errors) == 1
    assert message in errors[0]
    assert Game.objects.count() == 0
    assert Hand.objects.count() == 0
    assert Player.objects.count() == 0


def test_a_file_that_is_not_utf8_is_refused(scorer, league):
    upload = SimpleUploadedFile("game.json", b"\xff\xfe\x00{", content_type="application/json")
    response = scorer.post(import_url(league), {"scoresheet": upload})
    assert response.status_code == 422
    assert Game.objects.count() == 0


def test_viewers_outsiders_and_anonymous_visitors_cannot_import(client, league, outsider):
    assert client.post(import_url(league), {"text": json.dumps(SHEET)}).status_code == 302
    client.force_login(outsider)
    assert client.post(import_url(league), {"text": json.dumps(SHEET)}).status_code == 404
    client.force_login(MembershipFactory(league=league, role=Membership.Role.VIEWER).user)
    assert client.get(import_url(league)).status_code == 403
    assert client.post(import_url(league), {"text": json.dumps(SHEET)}).status_code == 403
    assert Game.objects.count() == 0


def test_the_import_page_offers_a_file_or_pasted_text(scorer, league):
    response = scorer.get(import_url(league))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'type="file"' in page
    assert 'name="text"' in page


def test_an_imported_scoresheet_is_filed_under_its_played_on_day(scorer, league):
    response = scorer.post(import_url(league), {"text": json.dumps({**SHEET, "played_on": "1999-12-31"})})
    assert response.status_code == 302
    game = Game.objects.get(league=league)
    assert game.played_on == date(1999, 12, 31)
    assert game.number == 1


def test_a_scoresheet_without_a_day_was_played_today_at_the_leagues_table(scorer, league):
    League.objects.filter(pk=league.pk).update(time_zone="Pacific/Kiritimati")  # UTC+14
    with mock.patch("django.utils.timezone.now", return_value=datetime(2025, 6, 30, 12, 0, tzinfo=UTC)):
        scorer.post(import_url(league), {"text": json.dumps(SHEET)})
    assert Game.objects.get(league=league).played_on == date(2025, 7, 1)


@pytest.mark.parametrize(
    "day", ["2025-02-30", "31/12/1999", "1899-12-31", "2101-01-01", "20250107", "2025-W01-1", 2025]
)
def test_a_scoresheet_with_a_day_that_is_not_one_is_refused_and_nothing_is_saved(scorer, league, day):
    response = scorer.post(import_url(league), {"text": json.dumps({**SHEET, "played_on": day})})
    assert response.status_code == 422
    assert "&#x27;played_on&#x27; must be a day from 1900-01-01 to 2100-12-31" in response.content.decode()
    assert not Game.objects.filter(league=league).exists()
    assert not Player.objects.filter(league=league).exists()


def test_importing_the_same_game_twice_is_flagged_and_skipped(scorer, league):
    sheet = {**SHEET, "played_on": "2025-03-01"}
    assert scorer.post(import_url(league), {"text": json.dumps(sheet)}).status_code == 302
    first = Game.objects.get(league=league)
    response = scorer.post(import_url(league), {"text": json.dumps(sheet)})
    assert response.status_code == 409
    html = response.content.decode()
    assert "This scoresheet is already game 1, played 2025-03-01" in html
    assert 'name="again"' in html
    assert Game.objects.filter(league=league).count() == 1
    # The scoresheet comes back pasted: ticking the box imports it as another game.
    again = response.context_data["form"].initial["text"]
    assert json.loads(again) == sheet
    response = scorer.post(import_url(league), {"text": again, "again": "on"})
    assert response.status_code == 302
    assert sorted(Game.objects.filter(league=league).values_list("number", flat=True)) == [1, 2]
    assert first.played_on == Game.objects.get(league=league, number=2).played_on


def test_another_day_or_another_hand_is_another_game(scorer, league):
    scorer.post(import_url(league), {"text": json.dumps({**SHEET, "played_on": "2025-03-01"})})
    other_day = {**SHEET, "played_on": "2025-03-02"}
    assert scorer.post(import_url(league), {"text": json.dumps(other_day)}).status_code == 302
    other_hands = {**SHEET, "played_on": "2025-03-01", "hands": SHEET["hands"][:2]}
    assert scorer.post(import_url(league), {"text": json.dumps(other_hands)}).status_code == 302
    assert Game.objects.filter(league=league).count() == 3
