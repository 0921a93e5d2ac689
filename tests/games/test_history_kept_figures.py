"""What sums a league's results is kept, and mended for each change rather than summed again
(games.stats, ResultsChange): after every kind of change the kept figures are the figures
worked out afresh, and a change reads again only what it moved (issue 22)."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.cache import cache

from games import kept_figures, stats
from games.models import Game, League, ResultsChange
from games.models.seats import Rated
from rules import HandEntry
from tests.factories import make_game
from tests.games.league_seed import played
from tests.games.test_more_variants_kept import TEAMS, TURBO

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]

# Dan takes five hearts and the Q♠ each hand (18): over 100 after six, Ann (0) wins.
DAN_LOSES = [HandEntry.cards([0, 4, 4, 5], 3)] * 6
SPAN = stats.Span("", date(2025, 3, 2), date(2025, 3, 31))


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


def figures(league):
    """Everything kept, read through the cache as a page would."""
    league = League.objects.get(pk=league.pk)
    players = list(league.players.order_by("pk").values_list("pk", flat=True))
    return {
        "rated": kept_figures.rated_games(league, players),
        "months": kept_figures.games_per_month(league),
        "span": sorted(
            (row.player_id, row.games, row.wins, row.total, row.money, row.money_games)
            for row in stats.standings(league, SPAN)
        ),
        "head_to_head": {
            (player.pk, span): stats.head_to_head(league, player, span)
            for player in league.players.order_by("pk")
            for span in (SPAN, stats.Span("standard", date(2025, 3, 1), date(2025, 3, 20)))
        },
        "kept": sorted(
            (row.player_id, row.games, row.wins, row.total, row.money, row.money_games)
            for row in stats.standings(league)
        ),
    }


def afresh(league):
    cache.clear()
    return figures(league)


def end_a_game(league, day, players=("Ann", "Ben", "Cat", "Dan")):
    return played(league, "standard", DAN_LOSES, datetime.combine(day, datetime.min.time(), UTC), players=list(players))


CHANGES = {
    "a game ends after the others": lambda league, games: end_a_game(league, date(2025, 3, 20)),
    "a game ends before others in the order of play": lambda league, games: end_a_game(league, date(2025, 3, 2)),
    "a game between other players ends": lambda league, games: end_a_game(
        league, date(2025, 3, 21), ("Eve", "Fay", "Gus", "Hal")
    ),
    "a game in another month ends": lambda league, games: end_a_game(league, date(2025, 1, 5)),
    "a game is deleted": lambda league, games: games["moon"].trash(),
    "a deleted game is restored": lambda league, games: (games["wraps"].trash(), games["wraps"].restore()),
    "a game moves to another day": lambda league, games: games["moon"].move_to_day(date(2025, 2, 27)),
    "a hand of an old game is changed": lambda league, games: games["wraps"].edit_hand(
        5, HandEntry.cards([0, 13, 0, 0], 2)
    ),
    "the whole league is worked out again": lambda league, games: league.results_changed(),
    # RULES.md's More variants (issue 23): partners share a total and a win; Turbo pays money.
    "a team game ends": lambda league, games: Game.import_scoresheet(league, {**TEAMS, "played_on": "2025-03-22"}),
    "a Turbo game ends": lambda league, games: Game.import_scoresheet(league, {**TURBO, "played_on": "2025-03-23"}),
    "a Turbo game is deleted": lambda league, games: Game.import_scoresheet(
        league, {**TURBO, "played_on": "2025-03-23"}
    ).trash(),
}


@pytest.mark.parametrize("change", ["a team game ends", "a Turbo game ends", "a Turbo game is deleted"])
def test_kept_standings_after_a_team_or_turbo_game_are_the_league_worked_out_again(league, games, change):
    CHANGES[change](League.objects.get(pk=league.pk), games)
    kept = figures(league)
    League.objects.get(pk=league.pk).results_changed()
    assert afresh(league) == kept


@pytest.mark.parametrize("change", list(CHANGES))
def test_kept_figures_mended_for_a_change_are_the_figures_worked_out_afresh(league, games, change):
    figures(league)  # kept, as the pages left them
    CHANGES[change](League.objects.get(pk=league.pk), games)
    mended = figures(league)
    assert mended == afresh(league)


def test_several_changes_between_two_visits_are_mended_together(league, games):
    figures(league)
    end_a_game(league, date(2025, 3, 20))
    games["moon"].trash()
    end_a_game(league, date(2025, 2, 1), ("Eve", "Fay", "Gus", "Hal"))
    games["wraps"].move_to_day(date(2025, 3, 25))
    mended = figures(league)
    assert mended == afresh(league)


def test_the_figures_agree_with_the_games_worked_out_by_hand(league, games):
    """The kept figures are not only self-consistent: Ben's won games and months are the paper's."""
    ben = league.players.get(name="Ben")
    kept = figures(league)
    end_a_game(league, date(2025, 4, 2))
    mended = figures(league)
    # Ben won the moon game (game 1, 1 March) and nothing else; the new game (2 April) Ann won.
    assert [(game[3], game[6]) for game in kept["rated"][ben.pk]] == [(1, True), (2, False), (3, False)]
    assert [(game[0], game[6]) for game in mended["rated"][ben.pk]][-1] == (date(2025, 4, 2).toordinal(), False)
    assert kept["months"] == [(date(2025, 3, 1), 3)]
    assert mended["months"] == [(date(2025, 3, 1), 3), (date(2025, 4, 1), 1)]


def test_a_game_ending_reads_again_only_its_players_games(league, games, django_assert_num_queries):
    end_a_game(league, date(2025, 3, 5), ("Eve", "Fay", "Gus", "Hal"))
    figures(league)
    end_a_game(league, date(2025, 3, 20))
    league = League.objects.get(pk=league.pk)
    others = list(league.players.exclude(name__in=["Ann", "Ben", "Cat", "Dan"]).values_list("pk", flat=True))
    dan = league.players.get(name="Dan")
    # The change log (not in the cache: no commit in a test), which holds the new game's rated seats:
    # no seat is read.
    with django_assert_num_queries(1):
        mended = kept_figures.rated_games(league, [dan.pk])
    assert mended[dan.pk][-1][0] == date(2025, 3, 20).toordinal()
    league = League.objects.get(pk=league.pk)
    # Nobody else's games moved, and the change read above was kept: no query at all.
    with django_assert_num_queries(0):
        kept = kept_figures.rated_games(league, others)
    assert len(others) == 4
    assert all(len(kept[pk]) == 1 for pk in others)


def test_the_games_per_month_count_again_only_the_changed_month(league, games, django_assert_num_queries):
    end_a_game(league, date(2025, 4, 5))
    figures(league)
    end_a_game(league, date(2025, 1, 20))  # before the others: a game counted already might have moved
    league = League.objects.get(pk=league.pk)
    with django_assert_num_queries(2) as counted:  # the log, then January's games alone
        months = kept_figures.games_per_month(league)
    assert months == [(date(2025, 1, 1), 1), (date(2025, 3, 1), 3), (date(2025, 4, 1), 1)]
    sql = counted.captured_queries[-1]["sql"]
    assert "2025-01-01" in sql
    assert "2025-03-01" not in sql
    assert "2025-04-01" not in sql


def test_a_game_ending_after_the_others_is_added_to_its_month_without_a_query(
    league, games, django_assert_num_queries, django_capture_on_commit_callbacks
):
    figures(league)
    with django_capture_on_commit_callbacks(execute=True):  # the changes go to the cache on commit
        end_a_game(league, date(2025, 4, 2))
        end_a_game(league, date(2025, 4, 9))
    league = League.objects.get(pk=league.pk)
    with django_assert_num_queries(0):  # the changes' rated seats hold the new games
        months = kept_figures.games_per_month(league)
    # The three games of 1-3 March, and the two just ended in April.
    assert months == [(date(2025, 3, 1), 3), (date(2025, 4, 1), 2)]


def months_counted(league):
    """The counted games per month, from the games themselves (no cache)."""
    months = {}
    for day in Game.objects.counted().filter(league=league).values_list("played_on", flat=True):
        months[day.replace(day=1)] = months.get(day.replace(day=1), 0) + 1
    return sorted(months.items())


def test_the_months_kept_through_additions_and_other_changes_are_the_games_counted(league, games):
    steps = [
        lambda: end_a_game(league, date(2025, 4, 2)),  # added after the others
        lambda: end_a_game(league, date(2025, 4, 3)),
        lambda: Game.objects.filter(league=league).latest("played_on").trash(),  # the latest goes
        lambda: end_a_game(league, date(2025, 5, 1)),  # the latest place was lost with it: counted again
        lambda: end_a_game(league, date(2025, 5, 1)),  # and known again
        lambda: end_a_game(league, date(2025, 2, 1), ("Eve", "Fay", "Gus", "Hal")),  # before the others
        lambda: games["moon"].move_to_day(date(2025, 6, 1)),  # moved after the others
        lambda: end_a_game(league, date(2025, 6, 2)),
    ]
    assert kept_figures.games_per_month(League.objects.get(pk=league.pk)) == months_counted(league)
    for step in steps:
        step()
        assert kept_figures.games_per_month(League.objects.get(pk=league.pk)) == months_counted(league)


def test_a_game_ending_leaves_other_players_figures_version_as_it_was(league, games):
    eve = make_game(league, "standard", ["Eve", "Fay", "Gus", "Hal"]).seats.get(position=0).player
    league = League.objects.get(pk=league.pk)
    ann = league.players.get(name="Ann")
    before = {player.pk: kept_figures.figures_version(league, player.pk) for player in (ann, eve)}
    end_a_game(league, date(2025, 3, 20))
    league = League.objects.get(pk=league.pk)
    assert kept_figures.figures_version(league, eve.pk) == before[eve.pk]
    assert kept_figures.figures_version(league, ann.pk) == league.results_version != before[ann.pk]


def test_a_kept_copy_older_than_the_log_is_worked_out_afresh(league, games, monkeypatch):
    monkeypatch.setattr(ResultsChange, "KEPT", 2)
    figures(league)
    for day in range(3):
        end_a_game(league, date(2025, 3, 10) + timedelta(days=day))
    league = League.objects.get(pk=league.pk)
    assert ResultsChange.objects.filter(league=league).count() == 2  # the oldest pruned
    assert kept_figures.changes_after(league, league.results_version - 3) is kept_figures.EVERYTHING
    assert figures(league) == afresh(league)


def test_every_results_change_is_logged_with_what_it_moved(league, games):
    game = end_a_game(league, date(2025, 3, 20))
    change = ResultsChange.objects.filter(league=league).latest("version")
    assert change.version == League.objects.get(pk=league.pk).results_version
    assert (change.since_day, change.since_game_id) == (date(2025, 3, 20), game.pk)
    assert change.days == ["2025-03-20"]
    assert set(change.players) == set(game.seats.values_list("player_id", flat=True))
    Game.objects.get(pk=game.pk).move_to_day(date(2025, 3, 2))
    moved = ResultsChange.objects.filter(league=league).latest("version")
    assert moved.since_day == date(2025, 3, 2)
    assert moved.days == ["2025-03-02", "2025-03-20"]


def test_a_game_ending_after_the_others_keeps_its_rated_seats_with_its_change(league, games):
    game = end_a_game(league, date(2025, 3, 20))
    change = ResultsChange.objects.filter(league=league).latest("version")
    names = dict(league.players.values_list("pk", "name"))
    seats = {seat.player_id: seat for seat in game.seats.all()}
    assert len(change.rated) == 4
    # Worked out by hand: Dan takes 18 points in each of six hands, the others 0, 4, 4 and 5 less the Q♠.
    finishes = {names[player_id]: (total, won, moons) for player_id, *_, total, won, moons, _ in change.rated}
    assert finishes == {"Ann": (0, True, 0), "Ben": (24, False, 0), "Cat": (24, False, 0), "Dan": (108, False, 0)}
    for player_id, day, _, game_id, number, variant, *_, rating in change.rated:
        assert (day, game_id, number, variant) == (date(2025, 3, 20).toordinal(), game.pk, game.number, "standard")
        assert rating == pytest.approx(seats[player_id].rating_mu - 3 * seats[player_id].rating_sigma)


def test_a_change_with_more_rated_seats_after_it_than_it_keeps_reads_the_seats(
    league, games, monkeypatch, django_assert_num_queries
):
    figures(league)
    monkeypatch.setattr(ResultsChange, "RATED_KEPT", 4)
    # Before the three games of March: their twelve seats are rated again, more than the change keeps.
    end_a_game(league, date(2025, 2, 27))
    assert ResultsChange.objects.filter(league=league).latest("version").rated is None
    league = League.objects.get(pk=league.pk)
    dan = league.players.get(name="Dan")
    with django_assert_num_queries(2):  # the change log, then Dan's seats from the new game on
        mended = kept_figures.rated_games(league, [dan.pk])
    days = [date(2025, 2, 27), date(2025, 3, 1), date(2025, 3, 2), date(2025, 3, 3)]
    assert [game[0] for game in mended[dan.pk]] == [day.toordinal() for day in days]
    # A later change that keeps its seats cannot mend alone what the first did not keep.
    end_a_game(league, date(2025, 3, 30))
    assert ResultsChange.objects.filter(league=league).latest("version").rated is not None
    assert figures(league) == afresh(league)


def test_a_committed_change_is_read_from_the_cache_as_the_log_has_it(league, games, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = end_a_game(league, date(2025, 3, 20))
        moved = Game.objects.get(pk=game.pk)
        moved.move_to_day(date(2025, 3, 2))
    league = League.objects.get(pk=league.pk)
    for change in ResultsChange.objects.filter(league=league, version__gt=league.results_version - 2):
        kept = cache.get(ResultsChange.cache_key(league.pk, change.version))
        assert kept == tuple(getattr(change, name) for name in ResultsChange.READ)
    assert kept[0] == date(2025, 3, 2)  # the latest: the game moved back to 2 March
    assert kept[3] == ["2025-03-02", "2025-03-20"]


def test_the_first_visit_after_a_game_ends_reads_no_change_log(
    league, games, django_assert_num_queries, django_capture_on_commit_callbacks
):
    end_a_game(league, date(2025, 3, 5), ("Eve", "Fay", "Gus", "Hal"))
    figures(league)
    with django_capture_on_commit_callbacks(execute=True):
        end_a_game(league, date(2025, 3, 20))
    league = League.objects.get(pk=league.pk)
    dan = league.players.get(name="Dan")
    others = list(league.players.exclude(name__in=["Ann", "Ben", "Cat", "Dan"]).values_list("pk", flat=True))
    with django_assert_num_queries(0):  # the change from the cache, with the new game's rated seats
        mended = kept_figures.rated_games(league, [dan.pk])
    with django_assert_num_queries(0):
        kept = kept_figures.rated_games(league, others)
    with django_assert_num_queries(0):  # the game is added to March: it ends after the others
        months = kept_figures.games_per_month(league)
    assert mended[dan.pk][-1][0] == date(2025, 3, 20).toordinal()
    assert all(len(kept[pk]) == 1 for pk in others)
    assert months == [(date(2025, 3, 1), 5)]
    assert figures(league) == afresh(league)


def test_a_change_read_from_the_log_is_kept_for_the_next_page(league, games, django_assert_num_queries):
    figures(league)
    end_a_game(league, date(2025, 3, 20))  # no commit in a test: the change is not in the cache yet
    league = League.objects.get(pk=league.pk)
    with django_assert_num_queries(1):
        first = kept_figures.changes_after(league, league.results_version - 1)
    league = League.objects.get(pk=league.pk)
    with django_assert_num_queries(0):
        again = kept_figures.changes_after(league, league.results_version - 1)
    assert again == first
    assert first.days == {date(2025, 3, 20)}


def test_a_spans_head_to_head_is_kept_while_no_game_of_the_players_on_its_days_moves(
    league, games, django_assert_num_queries
):
    ann = league.players.get(name="Ann")
    first = stats.head_to_head(League.objects.get(pk=league.pk), ann, SPAN)
    end_a_game(league, date(2025, 4, 2))  # Ann's, after the span
    ben = league.players.get(name="Ben")
    ben.name = "Benedict"
    ben.save()
    league = League.objects.get(pk=league.pk)
    with django_assert_num_queries(2):  # the change log, then the opponents' names: no seat read
        kept = stats.head_to_head(league, ann, SPAN)
    assert [(record.player_id, record.games, record.wins) for record in kept] == [
        (record.player_id, record.games, record.wins) for record in first
    ]
    assert "Benedict" in [record.name for record in kept]
    assert kept == afresh_head_to_head(league, ann)


def afresh_head_to_head(league, player):
    cache.clear()
    return stats.head_to_head(League.objects.get(pk=league.pk), player, SPAN)


# Three games of a player's kept list, as Rated holds them (day, moment, id, number, variant, total,
# won, moons, rating), and what a change cuts and adds.
KEPT_LIST = [
    Rated(1, 10, 1, 1, "standard", 40, False, 0, 1.5),
    Rated(2, 20, 2, 2, "standard", 20, True, 1, 2.5),
    Rated(3, 30, 3, 3, "ricketts", 90, False, 0, 2.0),
]
LATER = Rated(4, 40, 7, 4, "standard", 10, True, 0, 3.0)


@pytest.mark.parametrize(
    ("at", "added", "expected"),
    [
        ((4, 40, 7), [LATER], [*KEPT_LIST, LATER]),  # a game ends after the others
        ((2, 20, 2), [LATER], [KEPT_LIST[0], LATER]),  # games from the second on moved
        ((3, 30, 3), [], KEPT_LIST[:2]),  # the last game stopped counting
        ((0, 0, 0), [], []),  # every game moved away
        ((4, 40, 7), [LATER._replace(variant="turbo")], [*KEPT_LIST, LATER._replace(variant="turbo")]),
    ],
    ids=["added at the end", "cut and added", "cut", "cut whole", "a new variant"],
)
def test_kept_columns_are_cut_and_added_to_as_the_list_would_be(at, added, expected):
    mended = kept_figures._cut_and_added(kept_figures._packed(KEPT_LIST), at, added)
    assert kept_figures._unpacked(mended) == expected
