"""Seasons: their standings and ratings kept over their own games, and kept up when games change.

A tiny league worked out by hand: a game on 1 June 2025 (standard to 30,
MOON_AND_QUEEN: Ann 44, Ben 0, Cat 30, Dan 30, Ben wins) and one on 1
February 2026 (standard to 40 with a wrap at 30, WRAPS: Ann 0, Ben 17, Cat
13, Eve 40, Ann wins). Dan played only in 2025, Eve only in 2026. The
expected ratings are openskill's own, game by game (`rated`).
"""

import importlib
from datetime import UTC, date, datetime
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import IntegrityError, transaction
from openskill.models import PlackettLuce

from games import stats
from games.models import Season, SeasonStanding, Standing, seasons
from games.ratings import RatedSeat, ordinal, rate_in_order
from rules import HandEntry
from tests.games.league_seed import MOON_AND_QUEEN, WRAPS, played

pytestmark = pytest.mark.django_db

MODEL = PlackettLuce()
JUNE_2025 = datetime(2025, 6, 1, 20, tzinfo=UTC)
FEBRUARY_2026 = datetime(2026, 2, 1, 20, tzinfo=UTC)


def rated(before, ranks):
    """openskill's (mu, sigma) for each seat after one game, from before it (None: a newcomer)."""
    teams = [[MODEL.rating() if prior is None else MODEL.rating(*prior)] for prior in before]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=ranks)]


# Ann, Ben, Cat, Dan in 2025 (Ann 44, Ben 0, Cat 30, Dan 30); Ann, Ben, Cat, Eve in 2026 (0, 17, 13, 40).
IN_2025 = rated([None] * 4, [4, 1, 2, 2])
IN_2026_ALONE = rated([None] * 4, [1, 3, 2, 4])


@pytest.fixture
def games(league, user):
    return {
        "2025": played(league, "standard", MOON_AND_QUEEN, JUNE_2025, {"target": 30}, user=user),
        "2026": played(
            league,
            "standard",
            WRAPS,
            FEBRUARY_2026,
            {"target": 40, "wraps": [30]},
            players=["Ann", "Ben", "Cat", "Eve"],
            user=user,
        ),
    }


def rows(season, variant=""):
    """{name: (games, wins, total, rating)} of a season's standings."""
    return {
        row.player.name: (row.games, row.wins, row.total, row.rating)
        for row in SeasonStanding.objects.filter(season=season, variant=variant).select_related("player")
    }


def ratings(season):
    return {name: rating for name, (_, _, _, rating) in rows(season).items()}


def named(league, name):
    return Season.objects.get(league=league, name=name)


def test_each_year_played_is_a_season_with_ratings_over_its_own_games(league, games):
    assert [(season.name, season.automatic) for season in Season.objects.offered(league)] == [
        ("2026", True),
        ("2025", True),
    ]
    in_2026 = rows(named(league, "2026"))
    # Dan played only in 2025: he is not in 2026's table.
    assert set(in_2026) == {"Ann", "Ben", "Cat", "Eve"}
    assert in_2026["Ann"][:3] == (1, 1, 0)
    assert in_2026["Ben"][:3] == (1, 0, 17)
    # Everyone starts 2026 afresh: Ann's rating is the one game's, not her all-time one.
    assert in_2026["Ann"][3] == pytest.approx(ordinal(*IN_2026_ALONE[0]))
    assert in_2026["Eve"][3] == pytest.approx(ordinal(*IN_2026_ALONE[3]))
    all_time_ann = Standing.objects.get(player__name="Ann", variant="").rating
    assert all_time_ann != pytest.approx(in_2026["Ann"][3])
    assert ratings(named(league, "2025")) == pytest.approx(
        {name: ordinal(*rating) for name, rating in zip(["Ann", "Ben", "Cat", "Dan"], IN_2025, strict=True)}
    )


def test_a_seasons_ratings_are_rate_in_order_over_its_games_alone(league, user, games):
    # A third game in March 2026: Ann 44, Ben 0, Cat 30, Eve 30 (Ben wins).
    played(league, "standard", MOON_AND_QUEEN, datetime(2026, 3, 1, 20, tzinfo=UTC), {"target": 30},
           players=["Ann", "Ben", "Cat", "Eve"], user=user)  # fmt: skip
    winter = Season.add(league, "Winter", date(2026, 1, 1), date(2026, 3, 31))
    ids = dict(league.players.values_list("name", "pk"))
    ann, ben, cat, eve = (ids[name] for name in ("Ann", "Ben", "Cat", "Eve"))
    current = {}
    rate_in_order(
        [
            [RatedSeat(1, ann, 0, True, None), RatedSeat(2, ben, 17, False, None),
             RatedSeat(3, cat, 13, False, None), RatedSeat(4, eve, 40, False, None)],
            [RatedSeat(5, ann, 44, False, None), RatedSeat(6, ben, 0, True, None),
             RatedSeat(7, cat, 30, False, None), RatedSeat(8, eve, 30, False, None)],
        ],
        current,
    )  # fmt: skip
    expected = {name: ordinal(*current[ids[name]]) for name in ("Ann", "Ben", "Cat", "Eve")}
    assert ratings(winter) == pytest.approx(expected)
    # And by openskill itself, game by game.
    second = rated(IN_2026_ALONE, [4, 1, 2, 2])
    assert ratings(winter)["Ben"] == pytest.approx(ordinal(*second[1]))


def test_a_season_over_every_game_has_the_all_time_ratings(league, games):
    everything = Season.add(league, "Both years", date(2025, 1, 1), date(2026, 12, 31))
    after_2026 = rated([IN_2025[0], IN_2025[1], IN_2025[2], None], [1, 3, 2, 4])
    assert ratings(everything)["Ann"] == pytest.approx(ordinal(*after_2026[0]))
    assert ratings(everything)["Dan"] == pytest.approx(ordinal(*IN_2025[3]))
    assert ratings(everything) == pytest.approx(
        dict(Standing.objects.filter(variant="").values_list("player__name", "rating"))
    )


def test_a_season_from_the_leagues_first_game_takes_the_ratings_its_seats_keep(league, games, monkeypatch):
    # From before the first game to the end of 2025: the league's ratings as 2025 ended, which the
    # seats keep, with no game rated again.
    def rated_again(in_order):
        raise AssertionError("rated again")

    monkeypatch.setattr(seasons, "rate_afresh", rated_again)
    early = Season.add(league, "Early", date(2024, 1, 1), date(2025, 12, 31))
    assert ratings(early) == pytest.approx(
        {name: ordinal(*rating) for name, rating in zip(["Ann", "Ben", "Cat", "Dan"], IN_2025, strict=True)}
    )


def test_the_organizers_first_season_replaces_the_years_and_deleting_the_last_brings_them_back(league, games):
    spring = Season.add(league, "Spring 2026", date(2026, 3, 1), date(2026, 5, 31))
    assert [season.name for season in Season.objects.offered(league)] == ["Spring 2026"]
    # No game between March and May 2026.
    assert rows(spring) == {}
    spring.trash()
    assert [(season.name, season.automatic) for season in Season.objects.offered(league)] == [
        ("2026", True),
        ("2025", True),
    ]
    assert set(rows(named(league, "2026"))) == {"Ann", "Ben", "Cat", "Eve"}


def test_seasons_may_overlap_and_share_a_name_only_in_other_leagues(league, games):
    year = Season.add(league, "2026", date(2026, 1, 1), date(2026, 12, 31))
    early = Season.add(league, "Early 2026", date(2026, 1, 1), date(2026, 2, 28))
    assert ratings(year) == pytest.approx(ratings(early))
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(league=league, name="early 2026", first_day=date(2026, 1, 1), last_day=date(2026, 1, 2))


def test_a_season_cannot_end_before_it_starts(league):
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(league=league, name="Backwards", first_day=date(2026, 2, 1), last_day=date(2026, 1, 1))


def test_a_seasons_days_are_those_a_table_can_have_played(league):
    today = date(2026, 11, 24)
    assert Season.days_problem(date(2026, 1, 1), date(2027, 12, 31), today) == ""
    assert Season.days_problem(date(1899, 12, 31), date(2026, 1, 1), today) == (
        "A season's days are from 1900 to the end of 2027."
    )
    assert Season.days_problem(date(2026, 1, 1), date(2028, 1, 1), today) == (
        "A season's days are from 1900 to the end of 2027."
    )
    assert Season.days_problem(date(2026, 2, 1), date(2026, 1, 31), today) == (
        "The season's first day is after its last day."
    )


# Keeping the seasons up when games change ------------------------------------------


@pytest.fixture
def both_years(league, games):
    """The organizer's own seasons for 2025 and 2026."""
    return (
        Season.add(league, "Year 2025", date(2025, 1, 1), date(2025, 12, 31)),
        Season.add(league, "Year 2026", date(2026, 1, 1), date(2026, 12, 31)),
    )


def stored(season):
    return list(SeasonStanding.objects.filter(season=season).order_by("pk").values_list())


def test_editing_a_game_refreshes_only_the_seasons_that_hold_its_day(league, user, games, both_years):
    year_2025, year_2026 = both_years
    untouched = stored(year_2026)
    # Hand 2 of the 2025 game again: Cat takes the Q♠ and Ann 5 hearts: Ann 31, Ben 0, Cat 43, Dan 30.
    games["2025"].edit_hand(2, HandEntry.cards([5, 0, 4, 4], 2), user)
    after = rated([None] * 4, [3, 1, 4, 2])
    assert ratings(year_2025) == pytest.approx(
        {name: ordinal(*rating) for name, rating in zip(["Ann", "Ben", "Cat", "Dan"], after, strict=True)}
    )
    assert rows(year_2025)["Cat"][:3] == (1, 0, 43)
    # 2026's rows were not even rewritten (the same rows, ids and all).
    assert stored(year_2026) == untouched


def test_deleting_a_game_takes_it_out_of_its_seasons(league, games, both_years):
    year_2025, year_2026 = both_years
    untouched = stored(year_2025)
    games["2026"].trash()
    assert rows(year_2026) == {}
    assert stored(year_2025) == untouched


def test_deleting_the_only_game_of_a_year_takes_away_that_automatic_season(league, games):
    games["2026"].trash()
    assert [season.name for season in Season.objects.offered(league)] == ["2025"]


def test_a_game_moved_to_another_day_moves_between_seasons(league, games, both_years):
    year_2025, year_2026 = both_years
    games["2026"].move_to_day(date(2025, 7, 1))
    assert rows(year_2026) == {}
    # Now played after the June game: Ann, Ben and Cat carry their 2025 ratings into it, Eve is new.
    after = rated([IN_2025[0], IN_2025[1], IN_2025[2], None], [1, 3, 2, 4])
    assert ratings(year_2025) == pytest.approx(
        {
            "Ann": ordinal(*after[0]),
            "Ben": ordinal(*after[1]),
            "Cat": ordinal(*after[2]),
            "Dan": ordinal(*IN_2025[3]),
            "Eve": ordinal(*after[3]),
        }
    )
    assert rows(year_2025)["Ann"][:3] == (2, 1, 44)


def test_re_dating_a_season_works_its_standings_out_again(league, games, both_years):
    _, year_2026 = both_years
    year_2026.change("Year 2025 again", date(2025, 1, 1), date(2025, 12, 31))
    assert set(rows(year_2026)) == {"Ann", "Ben", "Cat", "Dan"}
    renamed = rows(year_2026)
    year_2026.change("Called something else", date(2025, 1, 1), date(2025, 12, 31))
    assert rows(year_2026) == renamed


def test_changing_an_automatic_year_makes_it_the_organizers_and_the_other_years_go(league, games):
    named(league, "2025").change("The first year", date(2025, 1, 1), date(2025, 12, 31))
    assert [(season.name, season.automatic) for season in Season.objects.offered(league)] == [("The first year", False)]


def test_rebuild_results_rebuilds_every_seasons_standings(league, games, both_years):
    before = {season.name: rows(season) for season in both_years}
    SeasonStanding.objects.all().delete()
    call_command("rebuild_results", stdout=StringIO())
    assert {season.name: rows(season) for season in both_years} == before


# Reading them -----------------------------------------------------------------------


def test_the_standings_of_a_seasons_dates_show_its_own_ratings(league, games):
    span = stats.Span(since=date(2026, 1, 1), until=date(2026, 12, 31)).with_season(list(Season.objects.all()))
    assert span.season.name == "2026"
    standings = {row.name: row.rating for row in stats.standings(league, span)}
    assert standings == pytest.approx(
        {name: ordinal(*rating) for name, rating in zip(["Ann", "Ben", "Cat", "Eve"], IN_2026_ALONE, strict=True)}
    )
    # Other dates keep the all-time rating.
    loose = stats.Span(since=date(2026, 1, 2), until=date(2026, 12, 31))
    assert {row.name: row.rating for row in stats.standings(league, loose)}["Ann"] == pytest.approx(
        Standing.objects.get(player__name="Ann", variant="").rating
    )


def test_a_seasons_label_names_it(league, games):
    spring = Season.add(league, "Spring", date(2026, 3, 1), date(2026, 5, 31))
    assert stats.Span.of(spring).label == "Season Spring: All variants, games played from 1 Mar 2026 to 31 May 2026"
    assert stats.Span.of(spring, "standard").rating_label.startswith("Ratings over season Spring's games alone")
    assert stats.Span(since=date(2026, 3, 1)).rating_label.startswith("Ratings are all-time")


def test_the_migration_gives_existing_leagues_their_years_as_refresh_would(league, games):
    migration = importlib.import_module("games.migrations.0014_seasons")
    kept = {season.name: rows(season) for season in Season.objects.filter(league=league)}
    Season.objects.all().delete()
    migration.year_seasons(apps, None)
    assert [(season.name, season.automatic) for season in Season.objects.offered(league)] == [
        ("2026", True),
        ("2025", True),
    ]
    assert {season.name: rows(season) for season in Season.objects.filter(league=league)} == kept
