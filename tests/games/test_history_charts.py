"""The SVG charts' geometry: scales, ticks, lines, markers and the text alternative."""

from datetime import date

from games import charts
from games.charts import (
    BOTTOM,
    HEIGHT,
    LEFT,
    MOST_MARKERS,
    RIGHT,
    TOP,
    WIDTH,
    games_per_month_chart,
    league_ratings_chart,
    marker_path,
    nice_ticks,
    rating_chart,
    totals_chart,
)
from rules import GameSetup, HandEntry, play


def state(entries, options=None, players=("Ann", "Ben", "Cat", "Dan")):
    return play(GameSetup.create("standard", list(players), options or {}, 0), entries)


def test_ticks_are_round_numbers():
    assert nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    # Steps of 20 or 25 would need more than six ticks to reach down past -26.
    assert nice_ticks(-26, 100) == [-50, 0, 50, 100]
    assert nice_ticks(0, 7, 8) == [0, 1, 2, 3, 4, 5, 6, 7]
    assert nice_ticks(3, 3) == [3, 3.2, 3.4, 3.6, 3.8, 4]


def test_a_line_per_player_from_zero_before_hand_one():
    chart = totals_chart(state([HandEntry.cards([13, 0, 0, 0], 1), HandEntry.cards([0, 0, 13, 0], 3)]))
    assert [series.name for series in chart.series] == ["Ann", "Ben", "Cat", "Dan"]
    ann = chart.series[0].line
    # Three points: before hand 1 (0), after hand 1 (13), after hand 2 (13).
    assert ann.count("L") == 2
    start_x, start_y = (float(v) for v in ann[1:].split("L")[0].split(","))
    assert (start_x, start_y) == (LEFT, HEIGHT - BOTTOM)  # 0 at the bottom left: the target sets the top
    last_x = float(ann.split("L")[-1].split(",")[0])
    assert last_x == WIDTH - RIGHT


def test_the_target_is_in_range_and_marked():
    chart = totals_chart(state([HandEntry.cards([13, 0, 0, 0], 1)]))
    assert chart.guide.label == "100"
    assert chart.guide.at == TOP
    assert [tick.label for tick in chart.y_ticks] == ["0", "20", "40", "60", "80", "100"]


def test_negative_totals_stretch_the_scale_down():
    chart = totals_chart(state([HandEntry.cards([13, 0, 0, 0], 0, moon="subtract")]))
    # Ann on −26, the target 100.
    assert [tick.label for tick in chart.y_ticks] == ["-50", "0", "50", "100"]
    assert chart.y_ticks[0].at == HEIGHT - BOTTOM


def test_lines_differ_by_dash_and_marker_as_well_as_colour():
    seven = [f"P{n}" for n in range(7)]
    chart = totals_chart(state([HandEntry.cards([13, 0, 0, 0, 0, 0, 0], 1)], players=seven))
    assert len({series.dash for series in chart.series}) == 7
    assert len({series.swatch for series in chart.series}) == 7
    assert len({series.css_class for series in chart.series}) == 7


def test_long_lines_carry_no_markers():
    many = rating_chart("Ann", [float(n) for n in range(MOST_MARKERS + 5)], [date(2025, 1, 1)] * (MOST_MARKERS + 5))
    few = rating_chart("Ann", [1.0, 2.0], [date(2025, 1, 1), date(2025, 1, 2)])
    assert many.series[0].markers == ""
    assert few.series[0].markers.count("M") == 3


def test_the_summary_says_who_won_and_the_totals():
    chart = totals_chart(
        state([HandEntry.cards([0, 13, 0, 0], 1, moon="add"), HandEntry.cards([5, 0, 4, 4], 0)], {"target": 30})
    )
    assert chart.summary == "After 2 hands: Ann 44, Ben 0, Cat 30, Dan 30. Won by Ben."
    assert "each of 2 hands" in chart.description


def test_the_rating_summary_names_the_best_game():
    chart = rating_chart("Ann", [1.5, 4.25, 3.0], [date(2025, 3, 1), date(2025, 3, 2), date(2025, 3, 3)])
    # 4.25 rounds half away from zero, as people round (games.rounding): 4.3, not float formatting's 4.2.
    assert chart.summary == "Ann's rating after 3 games: 3.0 (highest 4.3, after the game of 2 Mar 2025)."


def test_a_player_without_games_gets_an_empty_chart():
    assert rating_chart("Eve", [], []).summary == "Eve has no counted games yet."


def test_markers_are_closed_shapes_or_strokes_centred_on_the_point():
    assert marker_path("square", 10, 10, 2).startswith("M8.2,8.2")
    assert marker_path("circle", 10, 10, 2).endswith("z")
    assert marker_path("cross", 10, 10, 2).startswith("M8.0,8.0")


def test_games_per_month_fill_the_months_without_a_game_with_zero():
    chart = games_per_month_chart([(date(2025, 1, 1), 4), (date(2025, 3, 1), 2)])
    # January 4, February 0, March 2: three points from left to right.
    (series,) = chart.series
    xs = [float(point.split(",")[0]) for point in series.line[1:].split("L")]
    assert xs == [LEFT, (LEFT + WIDTH - RIGHT) / 2, WIDTH - RIGHT]
    assert [tick.label for tick in chart.x_ticks] == ["Jan 2025", "Feb 2025", "Mar 2025"]
    assert chart.summary == "6 games in 3 months; the busiest, Jan 2025, had 4."


def test_games_per_month_cross_the_new_year():
    chart = games_per_month_chart([(date(2024, 12, 1), 1), (date(2025, 1, 1), 1)])
    assert [tick.label for tick in chart.x_ticks] == ["Dec 2024", "Jan 2025"]


def test_the_leaders_chart_has_a_line_each_placed_by_the_day_played():
    chart = league_ratings_chart(
        [("Ann", [(date(2025, 3, 1), 2.0), (date(2025, 3, 3), 4.0)]), ("Ben", [(date(2025, 3, 2), -1.0)])],
        date(2025, 6, 1),
    )
    assert [series.name for series in chart.series] == ["Ann", "Ben"]
    ann, ben = chart.series
    # 1 March is the left edge, 3 March the right, so Ben's 2 March is half way.
    assert float(ann.line[1:].split(",")[0]) == LEFT
    assert float(ben.line[1:].split(",")[0]) == (LEFT + WIDTH - RIGHT) / 2
    assert chart.summary == "Ratings now: Ann 4.0, Ben -1.0."


def test_empty_league_charts_say_so():
    assert games_per_month_chart([]).summary == "No counted games yet."
    assert league_ratings_chart([], date(2025, 6, 1)).summary == "No counted games yet."


def test_a_leaders_line_with_a_point_more_is_drawn_as_afresh(monkeypatch):
    """The league chart's lines are drawn again from their last drawing when a game adds a point at
    their end (charts._line); the paths are those of a chart drawn with nothing kept."""
    # 1 March to 31 March, ratings 0 to 8 (ticks 0, 2, ..., 8): x = 34 + 296 * days / 30, y = 198 - 22.5 * rating.
    ann = [(date(2025, 3, 1), 2.0), (date(2025, 3, 16), 5.0)]
    ben = [(date(2025, 3, 1), 1.0), (date(2025, 3, 31), 7.5)]
    league_ratings_chart([("Ann", ann), ("Ben", ben)], date(2025, 4, 1))
    more = [*ann, (date(2025, 3, 31), 7.25)]
    scaled = []
    many = charts._Scale.many

    def counted(self, values, rounded=True):
        # The points scaled for a line, unrounded (a short line's markers are scaled apart, rounded).
        if not rounded:
            scaled.extend(values)
        return many(self, values, rounded)

    monkeypatch.setattr(charts._Scale, "many", counted)
    later = league_ratings_chart([("Ann", more), ("Ben", ben)], date(2025, 4, 1))
    monkeypatch.undo()
    assert scaled == [date(2025, 3, 31).toordinal(), 7.25]  # Ann's new point alone; Ben's line as it was
    charts._DRAWN.clear()
    afresh = league_ratings_chart([("Ann", more), ("Ben", ben)], date(2025, 4, 1))
    assert later.series == afresh.series
    # Worked by hand: 16 March is half way (182.0); 5 is y = 85.5, 7.25 is y = 34.875.
    assert later.series[0].line == "M34.0,153.0L182.0,85.5L330.0,34.9"


def test_a_line_that_changed_before_its_end_is_drawn_afresh():
    ann = [(date(2025, 3, 1), 2.0), (date(2025, 3, 16), 5.0), (date(2025, 3, 31), 7.25)]
    league_ratings_chart([("Ann", ann)], date(2025, 4, 1))
    # An older game's result changed: the middle point moved, the scales did not.
    moved = [(date(2025, 3, 1), 2.0), (date(2025, 3, 16), 2.5), (date(2025, 3, 31), 7.25)]
    chart = league_ratings_chart([("Ann", moved)], date(2025, 4, 1))
    assert chart.series[0].line == "M34.0,153.0L182.0,141.8L330.0,34.9"  # 2.5: y = 141.75
