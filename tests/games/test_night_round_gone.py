"""Ending a club night's round when a table's game was deleted (issue 34): it answered 500 and the night
was stuck until the game came back. The round ends; that table scores nobody (as an abandoned game,
CLUBNIGHT.md: its players count as sitting out), and the night's page says what became of it."""

from fractions import Fraction

import pytest
from django.urls import reverse

from games.models import Game, Night, NightRound, Player
from rules import HandEntry

pytestmark = pytest.mark.django_db

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
# Hearts to 13: 10 hearts to seat 0, the queen to seat 1, 3 hearts to seat 2. Totals 10, 13, 3, 0: over.
ONE_HAND = HandEntry.cards([10, 0, 3, 0], 1)


def started(league, user=None, rounds=1):
    seated = [Player.objects.get_or_create(league=league, name=name)[0] for name in EIGHT]
    night = Night.begin(league, seated, "standard", {"target": 13}, rounds, league.today(), name="Friday", seed=1)
    night.start_round(1, user)
    return night


def games(night):
    return [table.game for table in night.round_set.get(number=1).tables.select_related("game").order_by("number")]


def end(client, night, number=1):
    # The organizer's answer to the question asked first: every table still playing abandoned.
    answer = {"confirm": "1", **{f"table_{table}": "abandon" for table in range(1, 17)}}
    return client.post(reverse("games:night-round", args=[night.pk]), {"action": "end", "number": number, **answer})


def deleted(game, user, how):
    if how == "trash":
        game.trash(user)
    else:  # purged: the table is left without a game
        Game.all_objects.filter(pk=game.pk).delete()


@pytest.mark.parametrize("how", ["trash", "purged"])
def test_the_round_ends_with_a_tables_game_deleted_and_that_table_scores_nobody(scorer, league, user, how):
    night = started(league)
    first, second = games(night)
    first.record_hand(1, ONE_HAND, user)  # table 1 is over: 0 wins, then 3, 10, 13
    table_two = list(second.state().setup.players)
    deleted(second, user, how)
    response = end(scorer, night)
    assert response.status_code == 302
    assert night.round_set.get(number=1).status == NightRound.Status.OVER
    page = scorer.get(night.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert "Table 2's game was deleted: it scores nobody this round" in html
    assert 'data-testid="table-gone-1"' not in html
    # Table 1's places give 1, 2/3, 1/3 and 0 (the law's (k - p) / (k - 1) for 4 players);
    # table 2's players sit the round out and get its mean, (1 + 2/3 + 1/3 + 0) / 4 = 1/2.
    scores = {standing.player: standing.score for standing in page.context_data["standings"]}
    names = list(first.state().setup.players)
    assert scores[names[3]] == 1
    assert scores[names[2]] == Fraction(2, 3)
    assert scores[names[0]] == Fraction(1, 3)
    assert scores[names[1]] == 0
    for name in table_two:
        assert scores[name] == Fraction(1, 2)
    assert night.standings() == page.context_data["standings"]


def test_the_next_round_is_seated_after_a_round_whose_last_game_was_deleted(scorer, league, user):
    night = started(league, rounds=2)
    first, second = games(night)
    first.record_hand(1, ONE_HAND, user)
    second.trash(user)
    # Nothing is still being played: the page offers the next round, and seating it works.
    page = scorer.get(night.get_absolute_url()).content.decode()
    assert "End the round now" not in page
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "next", "number": 1})
    assert response.status_code == 302
    assert night.round_set.get(number=2).status == NightRound.Status.PROPOSED


def test_ending_the_round_with_every_game_deleted_leaves_the_night_without_a_winner(scorer, league, user):
    night = started(league)
    for game in games(night):
        game.trash(user)
    assert end(scorer, night).status_code == 302
    page = scorer.get(night.get_absolute_url())
    assert page.context_data["over"]
    assert all(standing.score == 0 for standing in page.context_data["standings"])
    assert "wins the night" not in page.content.decode()


def test_a_restored_game_counts_for_its_round_again(scorer, league, user):
    night = started(league)
    _first, second = games(night)
    second.trash(user)
    end(scorer, night)
    Game.all_objects.get(pk=second.pk).restore(user)
    second = Game.objects.get(pk=second.pk)
    second.record_hand(1, ONE_HAND, user)
    page = scorer.get(night.get_absolute_url())
    assert "was deleted" not in page.content.decode()
    scores = {standing.player: standing.score for standing in page.context_data["standings"]}
    assert scores[second.state().setup.players[3]] == 1
