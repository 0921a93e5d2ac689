"""CLUBNIGHT.md's "A series of nights": standings over the nights and the final table (rules.series)."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.night import ABANDONED, Standing, TableResult, standings
from rules.night import RoundResult as Round
from rules.series import finalists, series_standings
from rules.setup import IN_PROGRESS, OVER
from tests.fuzzing import examples


def night(*rows: tuple[str, F, F]) -> list[Standing]:
    """A night's standings as rules.night gives them: (player, score, margin), in place order."""
    return [Standing(name, place, score, margin, 1) for place, (name, score, margin) in enumerate(rows, start=1)]


def table(players: str, totals: list[int], winners: list[int], status: str = OVER) -> TableResult:
    return TableResult(tuple(players.split()), tuple(totals), tuple(winners), status)


def order(lines) -> list[str]:
    return [line.player for line in lines]


# Standings ---------------------------------------------------------------------


def test_the_series_adds_each_players_night_scores_and_ranks_by_the_sum():
    first = night(("Ann", F(2), F(5)), ("Ben", F(1), F(0)), ("Cat", F(0), F(-5)))
    second = night(("Cat", F(3, 2), F(4)), ("Ben", F(1), F(1)), ("Ann", F(1, 2), F(-5)))
    lines = series_standings([first, second])
    # Ann 2 + 1/2 = 5/2; Ben 1 + 1 = 2; Cat 0 + 3/2 = 3/2.
    assert [(line.player, line.place, line.score) for line in lines] == [
        ("Ann", 1, F(5, 2)),
        ("Ben", 2, F(2)),
        ("Cat", 3, F(3, 2)),
    ]
    assert lines[0].by_night == (F(2), F(1, 2))
    assert lines[0].margin == F(0)
    assert [line.nights for line in lines] == [2, 2, 2]


def test_a_missed_night_scores_nothing_and_fewer_nights_rank_below_on_an_equal_sum():
    first = night(("Ann", F(2), F(0)), ("Ben", F(1), F(0)))
    second = night(("Ben", F(1), F(0)), ("Dan", F(2), F(9)))
    lines = series_standings([first, second])
    # Ann 2 over one night, Ben 1 + 1 = 2 over two, Dan 2 over one with the best margin:
    # on 2 each, Ben's two nights come first; then Dan's margin 9 beats Ann's 0.
    assert order(lines) == ["Ben", "Dan", "Ann"]
    assert [line.nights for line in lines] == [2, 1, 1]
    assert lines[2].by_night == (F(2), None)
    assert lines[1].by_night == (None, F(2))


def test_the_margins_sum_breaks_a_tie_on_score_and_nights_then_the_name():
    first = night(("Eve", F(1), F(3, 2)), ("Ann", F(1), F(-1)), ("Bob", F(1), F(-1)))
    second = night(("Bob", F(1), F(2)), ("Ann", F(1), F(1)), ("Eve", F(1), F(-3)))
    lines = series_standings([first, second])
    # All on 2 over 2 nights; margins Bob -1 + 2 = 1, Ann -1 + 1 = 0, Eve 3/2 - 3 = -3/2.
    assert order(lines) == ["Bob", "Ann", "Eve"]
    assert [line.margin for line in lines] == [F(1), F(0), F(-3, 2)]
    tied = series_standings([night(("zed", F(1), F(0)), ("Amy", F(1), F(0)))])
    # Equal on everything else: the name order, case aside.
    assert order(tied) == ["Amy", "zed"]


def test_a_series_of_no_night_has_no_standings():
    assert series_standings([]) == []


# The final table -----------------------------------------------------------------

SIX = night(
    ("Ann", F(6), F(0)),
    ("Ben", F(5), F(0)),
    ("Cat", F(4), F(0)),
    ("Dan", F(3), F(0)),
    ("Eve", F(2), F(0)),
    ("Fay", F(1), F(0)),
)


def test_the_final_table_is_the_top_four_by_default():
    cut = finalists(series_standings([SIX]))
    assert cut.players == ("Ann", "Ben", "Cat", "Dan")
    assert not cut.tied
    assert finalists(series_standings([SIX]), 3).players == ("Ann", "Ben", "Cat")


def test_a_tie_at_the_cut_goes_by_name_and_is_said():
    close = night(("Ann", F(3), F(0)), ("Ben", F(2), F(0)), ("Dan", F(1), F(1)), ("Cat", F(1), F(1)))
    cut = finalists(series_standings([close]), 3)
    # Cat and Dan: 1 point, one night, margin 1 each; the name puts Cat in.
    assert cut.players == ("Ann", "Ben", "Cat")
    assert cut.tied
    # A fewer-nights player left out is no tie: the nights told them apart.
    assert not finalists(series_standings([close]), 2).tied


def test_the_finals_placings_rank_its_players_first_to_kth_and_the_rest_keep_their_order():
    # Dan wins the final on 10; then Ben 20, Ann 30, Cat 40 (lowest first).
    final = table("Ann Ben Cat Dan", [30, 20, 40, 10], [3])
    lines = series_standings([SIX], final)
    assert order(lines) == ["Dan", "Ben", "Ann", "Cat", "Eve", "Fay"]
    assert [line.place for line in lines] == [1, 2, 3, 4, 5, 6]
    assert [line.final_place for line in lines] == [1, 2, 3, 4, None, None]
    # Their scores stay the nights' sums: the final places, it does not score.
    assert lines[0].score == F(3)


def test_players_sharing_a_place_in_the_final_keep_their_series_order():
    # Cat and Ann both on 10 and both winners; Dan and Ben on 30 share third.
    final = table("Ann Ben Cat Dan", [10, 30, 10, 30], [0, 2])
    lines = series_standings([SIX], final)
    assert order(lines)[:4] == ["Ann", "Cat", "Ben", "Dan"]
    assert [line.final_place for line in lines[:4]] == [1, 1, 3, 3]


def test_a_final_not_over_or_abandoned_reorders_nobody():
    for status in (IN_PROGRESS, ABANDONED):
        final = table("Ann Ben Cat Dan", [30, 20, 40, 10], [], status)
        lines = series_standings([SIX], final)
        assert order(lines) == ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
        assert all(line.final_place is None for line in lines)


def test_a_finalist_whose_night_left_the_series_still_takes_their_final_place():
    final = table("Ann Ben Cat Zed", [30, 20, 40, 10], [3])
    lines = series_standings([SIX], final)
    assert order(lines)[:4] == ["Zed", "Ben", "Ann", "Cat"]
    assert lines[0].score == 0
    assert lines[0].nights == 0
    assert lines[0].by_night == (None,)


# Properties --------------------------------------------------------------------

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@st.composite
def nights_played(draw):
    """One to four nights, each of its players' tables of four over one or two rounds, scored by rules.night."""
    nights = []
    for _ in range(draw(st.integers(1, 4))):
        here = draw(st.permutations(PLAYERS).map(lambda names: names[: draw(st.sampled_from([4, 8]))]))
        rounds = []
        for _ in range(draw(st.integers(1, 2))):
            seated = draw(st.permutations(here))
            tables = []
            for start in range(0, len(seated), 4):
                totals = draw(st.lists(st.integers(0, 26), min_size=4, max_size=4))
                lowest = min(totals)
                winners = tuple(seat for seat, total in enumerate(totals) if total == lowest)
                tables.append(TableResult(tuple(seated[start : start + 4]), tuple(totals), winners, OVER))
            rounds.append(Round(tuple(tables)))
        nights.append(standings(rounds))
    return nights


@settings(max_examples=examples(60), deadline=None)
@given(nights_played())
def test_a_series_of_one_night_ranks_as_that_night(nights):
    only = nights[0]
    lines = series_standings([only])
    assert order(lines) == [standing.player for standing in only]
    assert [line.score for line in lines] == [standing.score for standing in only]


@settings(max_examples=examples(60), deadline=None)
@given(nights_played(), st.integers(3, 5), st.randoms(use_true_random=False))
def test_the_final_only_reorders_its_top_k(nights, size, random):
    before = series_standings(nights)
    cut = finalists(before, size)
    players = list(cut.players)
    random.shuffle(players)
    totals = [random.randrange(0, 30) for _ in players]
    final = TableResult(tuple(players), tuple(totals), (totals.index(min(totals)),), OVER)
    after = series_standings(nights, final)
    k = len(cut.players)
    assert sorted(order(after[:k])) == sorted(cut.players)
    assert order(after[k:]) == order(before[k:])
    assert order(after)[0] == players[totals.index(min(totals))]
    # Each line's sums are the nights', whatever the final did.
    assert {line.player: line.score for line in after} == {line.player: line.score for line in before}
