"""One number, one rounding: averages, percentages and ratings are rounded half away from zero
on their exact values (games.rounding), and every page and the CSV show the same figure."""

import csv
import io
import re
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from games import stats
from games.league_file.restore import GameRecord, add_games
from games.models import League, Player
from games.rounding import MISSING, rounded
from rules import GameSetup, HandEntry

pytestmark = pytest.mark.django_db


# The rule ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (Fraction(1411, 20), 1, "70.6"),  # 70.55 exactly; as a float 70.5499..., which ".1f" shows as 70.5
        (Fraction(293, 4), 1, "73.3"),  # 73.25 exactly, and as a float too: ".1f" rounds half to even, 73.2
        (Fraction(100 * 5, 8), 0, "63"),  # a win rate of 62.5%: ".0f" says 62
        (Fraction(1, 8), 2, "0.13"),
        (4.25, 1, "4.3"),  # a rating, a float, rounded as it is written
        (-4.25, 1, "-4.3"),  # half away from zero on both sides
        (-0.04, 1, "0.0"),  # never "-0.0"
        (-0.4, 0, "0"),  # never "-0"
        (-0.0, 1, "0.0"),
        (Decimal("2.675"), 2, "2.68"),  # the float 2.675 is 2.67499..., and ".2f" gives 2.67
        (7, 1, "7.0"),
        (None, 1, MISSING),
    ],
)
def test_figures_round_half_away_from_zero_and_never_show_minus_zero(value, places, shown):
    assert rounded(value, places) == shown


# Every page agrees ------------------------------------------------------------------------------

START = datetime(2025, 3, 1, 19, tzinfo=UTC)


def game(scorer: str, points: int, other: str):
    """A Standard game to 100 in which `scorer` ends on 65 + `points` (13 hearts five times, then
    `points` hearts), `other` takes the rest of the hearts of the sixth hand, Ben every Q♠ and
    then 12 hearts and the Q♠ to end it on 103; the fourth seat, on 0, wins."""
    hands = [HandEntry.cards([13, 0, 0, 0], 1)] * 5
    hands += [HandEntry.cards([points, 0, 13 - points, 0], 1), HandEntry.cards([0, 12, 1, 0], 1)]
    return [scorer, "Ben", other, "Ann"], hands


@pytest.fixture
def seeded(league):
    """Dan averages 1411/20 = 70.55 over 20 games (9 on 70, 11 on 71); Gus 293/4 = 73.25 over 4."""
    League.objects.filter(pk=league.pk).update(time_zone="Europe/Amsterdam")
    league.refresh_from_db()
    players = {p.name: p for p in Player.objects.bulk_create(Player(league=league, name=name)
                                                             for name in ["Ann", "Ben", "Cat", "Dan", "Gus"])}  # fmt: skip
    plan = [game("Dan", 5, "Cat")] * 9 + [game("Dan", 6, "Cat")] * 11
    plan += [game("Gus", 8, "Cat")] * 3 + [game("Gus", 9, "Cat")]
    records = []
    for number, (names, hands) in enumerate(plan):
        created = START + timedelta(days=number)
        records.append(GameRecord(GameSetup.create("standard", names, {}, 0), [players[n] for n in names], hands,
                                  created, created + timedelta(hours=1)))  # fmt: skip
    add_games(league, records)
    league.results_changed()
    return league


def cells(html, row_name):
    """The standings table's cells of one player's row, as text."""
    row = next(line for line in html.split("<tr>") if f">{row_name}</a></th>" in line).split("</tr>")[0]
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def test_averages_and_ratings_are_the_same_on_every_page_and_the_csv(client, user, seeded):
    dan, gus = (Player.objects.get(league=seeded, name=name) for name in ("Dan", "Gus"))
    rows = {row.name: row for row in stats.standings(seeded)}
    assert (rows["Dan"].total, rows["Dan"].games) == (1411, 20)
    assert (rows["Gus"].total, rows["Gus"].games) == (293, 4)
    client.force_login(user)

    standings = client.get(reverse("games:league-standings", args=[seeded.pk])).content.decode()
    labels = [column.key for column in stats.COLUMNS[1:]]
    dan_cells = dict(zip(labels, cells(standings, "Dan"), strict=True))
    gus_cells = dict(zip(labels, cells(standings, "Gus"), strict=True))
    assert (dan_cells["avg_total"], gus_cells["avg_total"]) == ("70.6", "73.3")

    for player, average in ((dan, "70.6"), (gus, "73.3")):
        page = client.get(reverse("games:player-detail", args=[seeded.pk, player.pk])).content.decode()
        assert f"<dt>Avg score</dt><dd>{average}</dd>" in page
        # The player's own table by variant: every game here is Standard.
        assert f"<td>{average}</td>" in page
        rating = rounded(rows[player.name].rating)
        assert f"<dt>Rating</dt><dd>{rating}</dd>" in page
        assert (dan_cells if player == dan else gus_cells)["rating"] == rating

    league_page = client.get(reverse("games:league-detail", args=[seeded.pk])).content.decode()
    ratings_now = re.search(r"Ratings now: (.*?)\.<", league_page).group(1)
    shown = dict(item.rsplit(" ", 1) for item in ratings_now.split(", "))
    assert shown["Dan"] == dan_cells["rating"]
    assert shown["Gus"] == gus_cells["rating"]

    text = b"".join(client.get(reverse("games:league-export-games", args=[seeded.pk])).streaming_content).decode()
    table = list(csv.DictReader(io.StringIO(text[1:])))
    # A player's rating now is the one after their latest game.
    latest = {row["player"]: row["rating"] for row in table if row["rating"]}
    assert latest["Dan"] == dan_cells["rating"]
    assert latest["Gus"] == gus_cells["rating"]


def test_ratings_now_on_the_league_page_go_by_rating(client, user, seeded):
    # Finn wins his one game (the fourth seat, on 0), against Ann: second by wins, but one game
    # rates him below Cat, who has won nothing in 24 games but always came second.
    names, hands = game("Ann", 5, "Cat")
    finn = Player.objects.create(league=seeded, name="Finn")
    seated = [Player.objects.get(league=seeded, name=name) for name in names[:3]] + [finn]
    created = START + timedelta(days=30)
    setup = GameSetup.create("standard", [*names[:3], "Finn"], {}, 0)
    add_games(seeded, [GameRecord(setup, seated, hands, created, created + timedelta(hours=1))])
    seeded.results_changed()
    by_wins = [row.name for row in stats.standings(seeded)]
    by_rating = stats.standings(seeded, sort="rating")
    assert by_wins[:2] == ["Ann", "Finn"]
    assert [row.name for row in by_rating][:2] == ["Ann", "Cat"]
    client.force_login(user)
    page = client.get(reverse("games:league-detail", args=[seeded.pk])).content.decode()
    shown = [item.rsplit(" ", 1) for item in re.search(r"Ratings now: (.*?)\.<", page).group(1).split(", ")]
    assert [name for name, _ in shown] == [row.name for row in by_rating][: stats.LEADERS]
    assert [rating for _, rating in shown] == [rounded(row.rating) for row in by_rating][: stats.LEADERS]


# CSV times --------------------------------------------------------------------------------------


def csv_table(client, league):
    text = b"".join(client.get(reverse("games:league-export-games", args=[league.pk])).streaming_content).decode()
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_csv_names_the_time_zone_its_times_are_in(client, user, seeded):
    client.force_login(user)
    header, first = csv_table(client, seeded)[:2]
    assert header[2:4] == ["started (Europe/Amsterdam)", "finished (Europe/Amsterdam)"]
    # 19:00 UTC on 1 March is 20:00 in Amsterdam (winter time).
    assert (first[1], first[2], first[3]) == ("2025-03-01", "2025-03-01 20:00", "2025-03-01 21:00")


def test_a_game_imported_from_a_scoresheet_has_no_start_time_in_the_csv(client, user, league):
    from games.models import Game

    sheet = {"variant": "standard", "players": ["Ann", "Ben", "Cat", "Dan"], "played_on": "2025-06-14",
             "hands": [{"hearts": {"Ann": 13}, "queen": "Ben"}]}  # fmt: skip
    Game.import_scoresheet(league, sheet, user)  # typed in today, played on 14 June 2025
    client.force_login(user)
    row = csv_table(client, league)[1]
    assert (row[1], row[2]) == ("2025-06-14", "")


def test_after_moving_to_auckland_a_start_never_contradicts_the_day_played(client, user, seeded):
    # Game 1 started at 19:00 UTC on 1 March 2025: 08:00 on 2 March in Auckland, but played on 1 March.
    League.objects.filter(pk=seeded.pk).update(time_zone="Pacific/Auckland")
    client.force_login(user)
    header, row = csv_table(client, seeded)[:2]
    assert header[2] == "started (Pacific/Auckland)"
    assert row[1] == "2025-03-01"
    assert row[2] == ""
    # Its finish, 09:00 on 2 March there, is the next morning of the day played: kept.
    assert row[3] == "2025-03-02 09:00"


def test_a_day_played_is_what_pages_show_after_a_zone_change(seeded):
    # The day is the table's; a zone change moves no game to another day.
    League.objects.filter(pk=seeded.pk).update(time_zone="Pacific/Auckland")
    seeded.refresh_from_db()
    assert seeded.games.order_by("number").first().played_on == date(2025, 3, 1)
