"""Ratings: rated game by game in order of play, and re-rated when the past changes."""

from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games.models import Game, Rivalry, Seat, Standing
from games.ratings import RatedSeat, finishing_ranks, ordinal, rate_in_order
from rules import HandEntry
from tests.factories import make_game
from tests.games.league_seed import MOON_AND_QUEEN, WRAPS, hand_worked_league, played

pytestmark = pytest.mark.django_db

MODEL = PlackettLuce()
DAY = datetime(2025, 5, 1, 20, tzinfo=UTC)


def ratings_of(game):
    """mu, sigma, mu, sigma, ... in seat order."""
    seats = Seat.objects.filter(game=game).order_by("position")
    return [value for seat in seats for value in (seat.rating_mu, seat.rating_sigma)]


def rated(before, ranks):
    """What openskill itself makes of one game, for comparison; before and after flat like ratings_of."""
    pairs = [before[n : n + 2] for n in range(0, len(before), 2)]
    teams = [[MODEL.rating() if mu is None else MODEL.rating(mu, sigma)] for mu, sigma in pairs]
    return [value for team in MODEL.rate(teams, ranks=ranks) for value in (team[0].mu, team[0].sigma)]


NEW = [None] * 8


def test_the_lowest_total_ranks_first_and_equal_totals_share_a_rank():
    assert finishing_ranks([44, 0, 30, 30]) == [4, 1, 2, 2]
    assert finishing_ranks([-26, 26, 26, 26]) == [1, 2, 2, 2]


def test_a_sixty_nine_winner_ranks_first_above_a_lower_total():
    # Ann wins 69 for 5 on 69 while Dan sits at 65: the winner is first, then by total.
    assert finishing_ranks([69, 80, 90, 65], [True, False, False, False]) == [1, 3, 4, 2]
    # Two players completing their runs together share first place.
    assert finishing_ranks([69, 69, 90, 65], [True, True, False, False]) == [1, 1, 4, 3]


def test_rating_games_in_order_carries_each_rating_to_the_next_game_and_reports_only_what_moved():
    # Two games of three players; Cat sits out the second. No database: the maths alone.
    first = [RatedSeat(1, 10, 5, True, None), RatedSeat(2, 20, 30, False, None), RatedSeat(3, 30, 60, False, None)]
    after_first = rated([None] * 6, [1, 2, 3])
    ann, ben = tuple(after_first[0:2]), tuple(after_first[2:4])
    # Ben's second seat already holds the rating this fold will give it: nothing to write there.
    ben_after_second = tuple(rated([*ann, *ben], [2, 1])[2:4])
    second = [RatedSeat(4, 10, 40, False, None), RatedSeat(5, 20, 10, True, ben_after_second)]
    current = {}

    changed = rate_in_order([first, second], current)

    assert [seat_id for seat_id, _ in changed] == [1, 2, 3, 4]
    assert dict(changed)[1] == pytest.approx(ann)
    assert current[20] == pytest.approx(ben_after_second)
    assert current[30] == pytest.approx(tuple(after_first[4:6]))


def test_a_finished_game_is_rated_from_its_final_totals(league, user):
    game = played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    # Ann 44, Ben 0, Cat 30, Dan 30.
    assert ratings_of(game) == pytest.approx(rated(NEW, [4, 1, 2, 2]))


def test_a_game_in_progress_has_no_rating(league, user):
    game = played(league, "standard", MOON_AND_QUEEN[:1], DAY, {"target": 30}, user=user)
    assert ratings_of(game) == NEW
    assert not Standing.objects.filter(league=league).exists()


def test_games_are_rated_in_order_of_play_not_of_finishing(league, user):
    # The first game started is the last to finish.
    first = played(league, "standard", MOON_AND_QUEEN[:1], DAY, {"target": 30}, user=user)
    second = played(league, "standard", WRAPS, DAY + timedelta(hours=1), {"target": 40, "wraps": [30]}, user=user)
    first.record_hand(2, MOON_AND_QUEEN[1], user)

    after_first = rated(NEW, [4, 1, 2, 2])
    # Second game: Ann 0, Ben 17, Cat 13, Dan 40, rated after the first.
    assert ratings_of(first) == pytest.approx(after_first)
    assert ratings_of(second) == pytest.approx(rated(after_first, [1, 3, 2, 4]))


def test_editing_an_old_game_changes_the_ratings_after_it(league, user):
    first = played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    second = played(league, "standard", WRAPS, DAY + timedelta(hours=1), {"target": 40, "wraps": [30]}, user=user)
    before = ratings_of(second)

    # Hand 2 of the first game again: now Cat takes the Q♠ and Ann 5 hearts: Ann 31, Ben 0, Cat 43, Dan 30.
    first.edit_hand(2, HandEntry.cards([5, 0, 4, 4], 2), user)

    after_first = rated(NEW, [3, 1, 4, 2])
    assert ratings_of(first) == pytest.approx(after_first)
    assert ratings_of(second) == pytest.approx(rated(after_first, [1, 3, 2, 4]))
    assert ratings_of(second) != pytest.approx(before)


def test_a_game_that_stops_counting_loses_its_ratings_and_later_games_are_rated_without_it(league, user):
    first = played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    second = played(league, "standard", WRAPS, DAY + timedelta(hours=1), {"target": 40, "wraps": [30]}, user=user)

    # Hand 2 corrected: 3 hearts each for Ann, Cat and Dan, 4 and the Q♠ for Ben.
    # Ann 29, Ben 17, Cat 29, Dan 29: nobody has reached 30, the game goes on.
    first.edit_hand(2, HandEntry.cards([3, 4, 3, 3], 1), user)

    assert Game.objects.get(pk=first.pk).status == Game.Status.IN_PROGRESS
    assert ratings_of(first) == NEW
    assert ratings_of(second) == pytest.approx(rated(NEW, [1, 3, 2, 4]))
    assert Standing.objects.get(player__name="Ann", variant="").games == 1


def test_an_abandoned_game_counts_nowhere(league, user):
    game = played(league, "standard", MOON_AND_QUEEN[:1], DAY, {"target": 30}, user=user)
    game.declare(Game.Status.ABANDONED, user)
    assert ratings_of(game) == NEW
    assert not Standing.objects.filter(league=league).exists()


def test_deleting_a_game_re_rates_the_games_after_it(league, user):
    first = played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    second = played(league, "standard", WRAPS, DAY + timedelta(hours=1), {"target": 40, "wraps": [30]}, user=user)

    first.trash()

    assert ratings_of(second) == pytest.approx(rated(NEW, [1, 3, 2, 4]))
    ann = Standing.objects.get(player__name="Ann", variant="")
    assert (ann.games, ann.wins) == (1, 1)


def test_the_standing_table_holds_each_players_current_rating(league, user):
    played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    second = played(league, "standard", WRAPS, DAY + timedelta(hours=1), {"target": 40, "wraps": [30]}, user=user)
    mu, sigma = ratings_of(second)[:2]
    assert Standing.objects.get(player__name="Ann", variant="").rating == pytest.approx(ordinal(mu, sigma))
    assert Standing.objects.get(player__name="Ann", variant="standard").rating == pytest.approx(ordinal(mu, sigma))


def test_a_new_player_joins_at_the_starting_rating(league, user):
    played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    # Eve plays for the first time in the second game, in Dan's seat.
    game = make_game(league, "standard", ["Ann", "Ben", "Cat", "Eve"], options={"target": 40, "wraps": [30]})
    Game.objects.filter(pk=game.pk).update(created_at=DAY + timedelta(hours=1))
    game.refresh_from_db()
    for number, entry in enumerate(WRAPS, start=1):
        game.record_hand(number, entry, user)
    after_first = rated(NEW, [4, 1, 2, 2])
    assert ratings_of(game) == pytest.approx(rated([*after_first[:6], None, None], [1, 3, 2, 4]))


def test_rebuild_results_restores_a_damaged_cache(league, user):
    games = hand_worked_league(league, user)
    expected_ratings = {name: ratings_of(game) for name, game in games.items()}
    expected_standings = sorted(
        Standing.objects.values_list("player__name", "variant", "games", "wins", "total", "rating")
    )
    expected_rivalries = sorted(Rivalry.objects.values_list("player__name", "opponent__name", "wins", "losses", "ties"))
    assert len(expected_rivalries) == 4 * 3
    Seat.objects.update(total=999, won=False, rating_mu=None, rating_sigma=None, moons=9)
    Game.objects.update(status=Game.Status.IN_PROGRESS)
    Standing.objects.all().delete()
    Rivalry.objects.all().delete()

    call_command("rebuild_results", stdout=StringIO())

    assert {name: ratings_of(game) for name, game in games.items()} == expected_ratings
    assert sorted(Standing.objects.values_list("player__name", "variant", "games", "wins", "total", "rating")) == (
        expected_standings
    )
    assert sorted(Rivalry.objects.values_list("player__name", "opponent__name", "wins", "losses", "ties")) == (
        expected_rivalries
    )
    assert Game.objects.get(pk=games["abandoned"].pk).status == Game.Status.ABANDONED
    assert Game.objects.get(pk=games["moon"].pk).status == Game.Status.OVER


def test_editing_an_old_game_moves_the_standing_rating_of_someone_who_was_not_there(league, user):
    played(league, "standard", MOON_AND_QUEEN, DAY, {"target": 30}, user=user)
    later = make_game(league, "standard", ["Ann", "Ben", "Cat", "Eve"], options={"target": 40, "wraps": [30]})
    Game.objects.filter(pk=later.pk).update(created_at=DAY + timedelta(hours=1))
    later.refresh_from_db()
    for number, entry in enumerate(WRAPS, start=1):
        later.record_hand(number, entry, user)
    first = Game.objects.get(created_at=DAY)
    eve_before = Standing.objects.get(player__name="Eve", variant="").rating

    first.edit_hand(2, HandEntry.cards([5, 0, 4, 4], 2), user)

    mu, sigma = ratings_of(later)[6:8]
    eve = Standing.objects.get(player__name="Eve", variant="")
    assert eve.rating == pytest.approx(ordinal(mu, sigma))
    assert eve.rating != pytest.approx(eve_before)
    assert Standing.objects.get(player__name="Eve", variant="standard").rating == pytest.approx(ordinal(mu, sigma))
