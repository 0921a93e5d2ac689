"""Standings, head-to-head and season filters against a league added up by hand.

The league (tests/games/league_seed.py, hand_worked_league): three counted games
  1 Mar, standard to 30:   Ann 44, Ben 0 (won, shot the moon), Cat 30, Dan 30; 2 hands
  2 Mar, ricketts:         Ann 69 (won, 69 for 5), Ben 74, Cat 78, Dan 65; 11 hands
  3 Mar, standard to 40:   Ann 0 (won, wrapped), Ben 17, Cat 13 (wrapped), Dan 40; 5 hands
and an abandoned, a null and an unfinished game that count nowhere.
"""

from datetime import date

import pytest
from openskill.models import PlackettLuce

from games import kept_figures, stats
from games.models import Game, Player, Standing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]


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


def row_of(rows, name):
    return next(row for row in rows if row.name == name)


def test_only_finished_games_count(league, games):
    assert set(Game.objects.counted().filter(league=league)) == {games["moon"], games["sixty_nine"], games["wraps"]}
    assert [row.games for row in stats.standings(league)] == [3, 3, 3, 3]


def test_ann_won_twice_with_one_wrap_and_a_sixty_nine_for_five(league, games):
    ann = row_of(stats.standings(league), "Ann")
    assert (ann.games, ann.wins, ann.moons, ann.queens, ann.wraps, ann.sixty_nine) == (3, 2, 0, 2, 1, 1)
    # Final totals 44 + 69 + 0; points in hands 44 + 69 + (4 + 13 + 13): a wrap takes a total, not points.
    assert ann.avg_total == pytest.approx(113 / 3)
    assert ann.per_hand == pytest.approx(143 / 18)
    assert ann.win_pct == pytest.approx(200 / 3)


def test_ben_shot_the_moon_and_won_once(league, games):
    ben = row_of(stats.standings(league), "Ben")
    assert (ben.games, ben.wins, ben.moons, ben.queens, ben.wraps, ben.sixty_nine) == (3, 1, 1, 4, 0, 0)
    assert ben.avg_total == pytest.approx(91 / 3)
    assert ben.per_hand == pytest.approx(91 / 18)


def test_cat_and_dan_never_won(league, games):
    rows = stats.standings(league)
    cat, dan = row_of(rows, "Cat"), row_of(rows, "Dan")
    assert (cat.wins, cat.queens, cat.wraps, cat.avg_total) == (0, 6, 1, pytest.approx(121 / 3))
    assert cat.per_hand == pytest.approx((30 + 78 + 43) / 18)
    assert (dan.wins, dan.queens, dan.wraps, dan.avg_total) == (0, 6, 0, 45)


def test_sorting_by_average_score_puts_the_lowest_first(league, games):
    rows = stats.standings(league, sort="avg_total")
    assert [row.name for row in rows] == ["Ben", "Ann", "Cat", "Dan"]
    rows = stats.standings(league, sort="avg_total", descending=True)
    assert [row.name for row in rows] == ["Dan", "Cat", "Ann", "Ben"]


def test_sorting_by_wins_breaks_ties_by_rating_then_name(league, games):
    rows = stats.standings(league, sort="wins")
    assert [row.name for row in rows][:2] == ["Ann", "Ben"]
    cat, dan = rows[2], rows[3]
    assert cat.rating >= dan.rating


def test_sorting_by_name(league, games):
    assert [row.name for row in stats.standings(league, sort="player")] == ["Ann", "Ben", "Cat", "Dan"]


def test_a_variant_filter_keeps_only_its_games(league, games):
    rows = stats.standings(league, stats.Span(variant="ricketts"))
    ann = row_of(rows, "Ann")
    assert (ann.games, ann.wins, ann.sixty_nine, ann.avg_total) == (1, 1, 1, 69)
    assert row_of(rows, "Dan").avg_total == 65


def test_a_season_keeps_games_played_between_its_dates(league, games):
    season = stats.Span(since=date(2025, 3, 2), until=date(2025, 3, 3))
    rows = stats.standings(league, season)
    ann = row_of(rows, "Ann")
    assert (ann.games, ann.wins, ann.moons) == (2, 2, 0)
    assert row_of(rows, "Ben").moons == 0  # his moon was on 1 March


def test_a_season_with_no_games_has_no_rows(league, games):
    assert stats.standings(league, stats.Span(since=date(2025, 4, 1))) == []
    assert stats.standings(league, stats.Span(variant="3d")) == []


def test_a_season_reads_the_same_figures_as_the_standing_table(league, games):
    every_date = stats.Span(since=date(2025, 1, 1), until=date(2025, 12, 31))
    assert stats.standings(league, every_date) == stats.standings(league)


def test_head_to_head_counts_winners_first_then_who_finished_lower(league, games):
    ann = Player.objects.get(league=league, name="Ann")
    records = {record.name: (record.wins, record.losses, record.ties) for record in stats.head_to_head(league, ann)}
    # Ann 44/69/0 against Ben 0/74/17, Cat 30/78/13, Dan 30/65/40; the winners
    # were Ben, then Ann (69 for 5), then Ann. Game 1: Ben won, and Cat and Dan
    # finished below Ann: she lost to all three. Games 2 and 3: she won, so she
    # beat everyone, Dan's 65 included.
    assert records == {"Ben": (2, 1, 0), "Cat": (2, 1, 0), "Dan": (2, 1, 0)}


def test_equal_totals_are_a_tie(league, games):
    cat = Player.objects.get(league=league, name="Cat")
    records = {record.name: (record.wins, record.losses, record.ties) for record in stats.head_to_head(league, cat)}
    # Cat 30/78/13 against Dan 30/65/40.
    assert records["Dan"] == (1, 1, 1)


def test_a_seasons_head_to_head_is_counted_seat_by_seat(league, games):
    ann = Player.objects.get(league=league, name="Ann")
    every_date = stats.Span(since=date(2025, 1, 1), until=date(2025, 12, 31))
    assert stats.head_to_head(league, ann, every_date) == stats.head_to_head(league, ann)
    ricketts = stats.head_to_head(league, ann, stats.Span(variant="ricketts"))
    # Ann won on 69 against Ben 74, Cat 78 and Dan 65: a 69-for-5 winner beats the lower 65.
    assert {record.name: (record.wins, record.losses) for record in ricketts} == {
        "Ben": (1, 0),
        "Cat": (1, 0),
        "Dan": (1, 0),
    }


def test_of_opponents_who_beat_ann_equally_often_her_nemesis_is_the_first_by_name(league, games):
    ann = Player.objects.get(league=league, name="Ann")
    nemesis = stats.nemesis(stats.head_to_head(league, ann))
    # Ben, Cat and Dan each beat her once (game 1), in three games each.
    assert (nemesis.name, nemesis.losses) == ("Ben", 1)


def test_the_opponent_who_beats_dan_most_is_his_nemesis(league, games):
    dan = Player.objects.get(league=league, name="Dan")
    # Dan 30/65/40: Ben won game 1 (Dan tied Cat, beat Ann 44); Ann won games 2 and 3,
    # where Dan's 65 beat Ben 74 and Cat 78, and his 40 lost to Ben 17 and Cat 13.
    records = {record.name: (record.wins, record.losses, record.ties) for record in stats.head_to_head(league, dan)}
    assert records == {"Ann": (1, 2, 0), "Ben": (1, 2, 0), "Cat": (1, 1, 1)}
    nemesis = stats.nemesis(stats.head_to_head(league, dan))
    assert (nemesis.name, nemesis.losses) == ("Ann", 2)


def test_a_player_never_beaten_has_no_nemesis(league, games):
    records = [stats.HeadToHead(1, "Ben", wins=3, losses=0, ties=1)]
    assert stats.nemesis(records) is None


def test_rating_history_follows_the_order_of_play(league, games):
    ben = Player.objects.get(league=league, name="Ben")
    history = stats.rating_history(league, ben)
    assert [game.game_id for game in history] == [games["moon"].pk, games["sixty_nine"].pk, games["wraps"].pk]
    assert [game.total for game in history] == [0, 74, 17]
    model = PlackettLuce()
    # Game 1: Ben first; Cat and Dan level second; Ann fourth.
    first = model.rate([[model.rating()] for _ in range(4)], ranks=[4, 1, 2, 2])
    assert history[0].rating == pytest.approx(first[1][0].ordinal())


def test_standings_show_the_current_rating(league, games):
    ben = Player.objects.get(league=league, name="Ben")
    last = stats.rating_history(league, ben)[-1]
    assert row_of(stats.standings(league), "Ben").rating == pytest.approx(last.rating)


def test_season_labels_read_as_a_sentence():
    assert stats.Span().label == "All variants, every date"
    assert stats.Span("ricketts", date(2025, 3, 1), date(2025, 6, 30)).label == (
        "Ricketts House Hearts, games played from 1 Mar 2025 to 30 Jun 2025"
    )


def row(name, games, wins, total, ranked=True):
    return stats.Row(0, name, None, ranked, games=games, wins=wins, total=total, points=0, hands=0)


def test_win_rates_below_the_minimum_rank_after_the_others_whichever_the_direction():
    lucky = row("Lucky", 1, 1, 10, ranked=False)  # 100% from one game
    steady = row("Steady", 10, 6, 400)  # 60%
    weak = row("Weak", 10, 2, 600)  # 20%
    rookie = row("Rookie", 2, 0, 120, ranked=False)  # 0%
    people = [lucky, steady, weak, rookie]
    assert [r.name for r in stats.sort_rows(people, "win_pct")] == ["Steady", "Weak", "Lucky", "Rookie"]
    assert [r.name for r in stats.sort_rows(people, "win_pct", descending=False)] == [
        "Weak", "Steady", "Rookie", "Lucky",
    ]  # fmt: skip
    # By default: wins first (Steady 6, Weak 2, Lucky 1, Rookie 0).
    assert [r.name for r in stats.sort_rows(people)] == ["Steady", "Weak", "Lucky", "Rookie"]


def test_equal_wins_are_ordered_by_the_ranked_win_rate_then_the_lower_average():
    few = row("Few", 2, 2, 60, ranked=False)  # 2 wins, 100%, but too few games
    many = row("Many", 8, 2, 480)  # 2 wins, 25%, average 60
    also = row("Also", 8, 2, 400)  # 2 wins, 25%, average 50
    assert [r.name for r in stats.sort_rows([few, many, also])] == ["Also", "Many", "Few"]


def test_games_per_month_count_only_the_games_that_count(league, games):
    # Games 1-3 (1-3 March 2025) count; the abandoned, null and unfinished ones don't.
    assert kept_figures.games_per_month(league) == [(date(2025, 3, 1), 3)]


def test_the_leaders_ratings_follow_each_of_their_games(league, games):
    leaders = stats.standings(league)[:2]  # Ann (2 wins), Ben (1)
    lines = stats.leaders_ratings(league, leaders)
    assert [name for name, _, _ in lines] == ["Ann", "Ben"]
    assert lines[0][1] == [date(2025, 3, 1).toordinal(), date(2025, 3, 2).toordinal(), date(2025, 3, 3).toordinal()]
    assert len(lines[0][2]) == 3
    assert lines[0][2][-1] == pytest.approx(leaders[0].rating)


@pytest.mark.parametrize(
    "ratings",
    [
        {},  # as the games rated them
        {"Ben": 5.0, "Cat": 5.0, "Dan": 5.0},  # ties at the cut: the league's order decides
        {"Cat": None},  # an unrated player comes last
        {"Ann": None, "Ben": None, "Cat": None},  # fewer rated players than leaders
    ],
)
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
# The rows read beyond the count: none or one reads again when they tie (or are unrated).
@pytest.mark.parametrize("spare", [None, 0, 1])
def test_the_rating_leaders_are_the_top_of_the_table_sorted_by_rating(league, games, ratings, count, spare):
    for name, rating in ratings.items():
        Standing.objects.filter(league=league, player__name=name, variant=Standing.ALL_VARIANTS).update(rating=rating)
    whole = stats.standings(league, sort="rating")[:count]
    leaders = stats.rating_leaders(league, count, spare)
    assert [row.player_id for row in leaders] == [row.player_id for row in whole]
    assert [(row.rating, row.ranked, row.wins) for row in leaders] == [
        (row.rating, row.ranked, row.wins) for row in whole
    ]


def test_tied_leaders_at_the_cut_follow_the_leagues_order(league, games):
    """Checked by hand: Ben, Cat and Dan on 5.0 below Ann; Ben won once (the league's order puts
    the most wins first), Cat and Dan never: Cat before Dan on the lower average (121/3 < 45)."""
    for name, rating in {"Ann": 9.0, "Ben": 5.0, "Cat": 5.0, "Dan": 5.0}.items():
        Standing.objects.filter(league=league, player__name=name, variant=Standing.ALL_VARIANTS).update(rating=rating)
    assert [row.name for row in stats.rating_leaders(league, 3)] == ["Ann", "Ben", "Cat"]


def test_the_rating_leaders_are_read_again_only_when_the_rows_beyond_them_tie(league, games, django_assert_num_queries):
    for name, rating in {"Ann": 9.0, "Ben": 7.0, "Cat": 5.0, "Dan": 3.0}.items():
        Standing.objects.filter(league=league, player__name=name, variant=Standing.ALL_VARIANTS).update(rating=rating)
    with django_assert_num_queries(1):  # Ann, Ben and Cat read: Cat rates below Ben
        assert [row.name for row in stats.rating_leaders(league, 2, spare=1)] == ["Ann", "Ben"]
    Standing.objects.filter(league=league, player__name="Cat", variant=Standing.ALL_VARIANTS).update(rating=7.0)
    with django_assert_num_queries(2):  # Cat ties Ben: every row rated 7 or more, read again
        assert [row.name for row in stats.rating_leaders(league, 2, spare=1)] == ["Ann", "Ben"]
