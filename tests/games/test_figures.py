"""games.figures is the one table of figures: every place a figure shows is made from it.

For each figure of the table: the models have its field, the player page lists
it, the standings show its column, games.csv has its column with each seat's
value, and a league file's round trip keeps it. A figure added to the table
is checked by these tests with no test written for it.
"""

import csv
import io
import json
from html import escape

import pytest
from django.urls import reverse

from games import stats
from games.figures import RATED_FIGURES, SEAT_FIGURES, SUM_FIGURES, said
from games.kept_figures import Columns
from games.league_file.export import export_league
from games.league_file.restore import import_league
from games.models import Player, SeasonStanding, Seat, Standing
from games.models.seats import Rated
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]

PAGE_FIGURES = [figure for figure in SUM_FIGURES if figure.page]
COLUMN_FIGURES = [figure for figure in SUM_FIGURES if figure.column and figure.name != "money"]
CSV_FIGURES = [figure for figure in SEAT_FIGURES if figure.csv]


# The league every test here reads, played once for the module (tests/games/conftest.py).
@pytest.fixture
def user(worked_league):
    return worked_league["user"]


@pytest.fixture
def league(worked_league):
    return worked_league["league"]


@pytest.fixture
def games(worked_league):
    return worked_league["games"]


def field_kind(field):
    return type(field), field.default, field.null


@pytest.mark.parametrize("figure", SEAT_FIGURES, ids=lambda figure: figure.name)
def test_a_seat_has_a_field_for_each_seat_figure(figure):
    assert field_kind(Seat._meta.get_field(figure.name)) == field_kind(figure.field())
    assert figure.name in Seat.RESULT_FIELDS


@pytest.mark.parametrize("figure", SUM_FIGURES, ids=lambda figure: figure.name)
def test_both_standings_tables_have_a_field_for_each_sum(figure):
    for model in (Standing, SeasonStanding):
        assert field_kind(model._meta.get_field(figure.name)) == field_kind(figure.field())
    assert figure.name in Standing.FIGURES


def test_the_table_names_each_figure_once():
    assert len({figure.name for figure in SEAT_FIGURES}) == len(SEAT_FIGURES)
    assert len({figure.name for figure in SUM_FIGURES}) == len(SUM_FIGURES)


def test_a_players_rated_games_keep_the_figures_the_table_marks_rated_by_name():
    # Rated: the game's place and number and variant, then the rated figures in the table's order, then the rating.
    assert RATED_FIGURES == ("total", "won", "moons")
    assert Rated._fields == ("day", "moment", "game_id", "number", "variant", *RATED_FIGURES, "rating")
    # The cache's columns: one of each of Rated's fields, and the variants' names beside them.
    assert set(Columns._fields) == {*Rated._fields, "names"}


def test_the_player_page_lists_every_figure_with_a_page_line(client, league, games, user):
    client.force_login(user)
    ann = Player.objects.get(league=league, name="Ann")
    page = client.get(reverse("games:player-detail", args=[league.pk, ann.pk])).content.decode()
    row = next(row for row in stats.standings(league) if row.name == "Ann")
    assert PAGE_FIGURES
    for figure in PAGE_FIGURES:
        assert f"<dt>{escape(said(figure.page))}</dt><dd>{row.sums[figure.name]}</dd>" in page
    # Worked by hand (tests/games/league_seed.py): Ann shot no moon in the three counted games.
    assert "<dt>Moons</dt><dd>0</dd>" in page
    assert "<dt>Q♠ taken</dt>" in page


def test_the_standings_show_a_column_for_every_figure_that_has_one(client, league, games, user):
    client.force_login(user)
    page = client.get(reverse("games:league-standings", args=[league.pk])).content.decode()
    assert [column.key for column in stats.COLUMNS][:3] == ["player", "wins", "games"]
    for figure in COLUMN_FIGURES:
        assert figure.name in {column.key for column in stats.COLUMNS}
        assert escape(str(figure.column.short)) in page
        # Sorting by it is offered and answers.
        assert client.get(reverse("games:league-standings", args=[league.pk]), {"sort": figure.name}).status_code == 200


def csv_table(client, league):
    response = client.get(reverse("games:league-export-games", args=[league.pk]))
    text = b"".join(response.streaming_content).decode()
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))


def test_games_csv_has_each_seats_figures_under_their_headers(client, league, games, user):
    client.force_login(user)
    table = csv_table(client, league)
    header = list(table[0])
    assert header.index("revokes") < header.index("rating") < header.index("money")
    seats = {
        (seat.game.number, seat.position + 1): seat
        for seat in Seat.objects.filter(game__league=league).select_related("game")
    }
    assert len(table) == len(seats)
    for row in table:
        seat = seats[int(row["game"]), int(row["seat"])]
        for figure in CSV_FIGURES:
            value = getattr(seat, figure.name)
            if figure.name == "money":
                assert row["money"] == ""  # no Turbo game in this league: an empty cell, not a 0
            else:
                assert row[str(figure.header)] == str(int(value)), (figure.name, row)


def test_a_league_files_round_trip_keeps_every_figure(league, games):
    copy = import_league(json.loads(json.dumps(export_league(league))), UserFactory())

    def seats(of):
        return list(
            Seat.objects.filter(game__league=of)
            .order_by("game__number", "position")
            .values_list("game__number", "position", *Seat.RESULT_FIELDS)
        )

    def sums(of):
        return list(
            Standing.objects.filter(league=of)
            .order_by("player__name", "variant")
            .values_list("player__name", "variant", *(figure.name for figure in SUM_FIGURES))
        )

    assert seats(copy) == seats(league)
    assert sums(copy) == sums(league)
    assert len(seats(league)) == 6 * 4


def test_a_sum_without_a_column_or_page_line_is_shown_nowhere():
    # The hands played are summed for the points per hand, and shown only through it.
    hands = next(figure for figure in SUM_FIGURES if figure.name == "hands")
    assert (hands.column, hands.page) == (None, None)
    assert "hands" not in {column.key for column in stats.COLUMNS}
    assert "hands" not in {figure.name for figure in PAGE_FIGURES}
