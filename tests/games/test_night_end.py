"""Ending a round with tables still playing (issue 35, CLUBNIGHT.md): the organizer is asked first, table by
table; each table's choice is kept (finish later, count as it stands, abandon), and a game the round's end
abandoned or counted can be brought back from the night's page."""

import json

import pytest
from django.urls import reverse

from games.league_file.export import export_league
from games.league_file.restore import import_league
from games.models import Game, Night, NightRound, NightTable, Player
from rules import HandEntry
from rules.night import TableResult
from rules.setup import OVER
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
# 10 hearts to seat 0, 3 to seat 2, the Q♠ to seat 1: totals 10, 13, 3, 0 (seat 3 lowest).
ONE_HAND = HandEntry.cards([10, 0, 3, 0], 1)


def begin(league, options=None, rounds=2):
    here = [Player.objects.get_or_create(league=league, name=name)[0] for name in EIGHT]
    night = Night.begin(league, here, "standard", options or {}, rounds, league.today(), seed=1)
    night.start_round(1)
    return night


def tables(night):
    return list(
        NightTable.objects.filter(round__night=night, round__number=1).select_related("game").order_by("number")
    )


def end(scorer, night, **answer):
    return scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "end", "number": 1, **answer})


def test_ending_a_round_with_tables_playing_asks_first_listing_each_and_changes_nothing(scorer, league):
    night = begin(league)
    first, _second = tables(night)
    first.game.record_hand(1, ONE_HAND)
    response = end(scorer, night)
    assert response.status_code == 200
    assert response.template_name == "games/nights/night_end.html"
    page = response.content.decode()
    for number in (1, 2):
        assert f'data-testid="end-table-{number}"' in page
        for choice in ("later", "count", "abandon"):
            assert f'name="table_{number}" id="t{number}-{choice}" value="{choice}"' in page
    # Finishing later is what a tap on End without a choice would keep: nothing is voided by one tap.
    assert 'id="t1-later" value="later" checked' in page
    assert "after 1 hand" in page
    assert night.round_set.get(number=1).status == NightRound.Status.PLAYING
    assert {table.game.status for table in tables(night)} == {Game.Status.IN_PROGRESS}


def test_each_tables_choice_is_kept(scorer, league):
    night = begin(league, rounds=1)
    first, second = tables(night)
    first.game.record_hand(1, ONE_HAND)
    second.game.record_hand(1, ONE_HAND)
    response = end(scorer, night, confirm="1", table_1="count", table_2="later")
    assert response.status_code == 302
    first, second = tables(night)
    assert night.round_set.get(number=1).status == NightRound.Status.OVER
    # Counted as it stood: table 1's players placed by their totals, seat 3's 0 first (1 point), seat 1's 13 last.
    assert first.ended_as == NightTable.Ended.COUNTED
    assert first.game.status == Game.Status.IN_PROGRESS
    standings = {standing.player: standing.score for standing in Night.objects.get(pk=night.pk).standings()}
    names = [seat.player.name for seat in first.game.ordered_seats()]
    assert standings[names[3]] == 1
    assert standings[names[1]] == 0
    # Finished later: table 2's game goes on and gives nothing yet.
    assert second.ended_as == NightTable.Ended.LATER
    assert second.game.status == Game.Status.IN_PROGRESS
    later = [seat.player.name for seat in second.game.ordered_seats()]
    assert {standings[name] for name in later} == {0}
    page = scorer.get(night.get_absolute_url()).content.decode()
    assert "Table 1: counted as it stood when the round ended." in page
    assert "Table 2: finishing later; it counts for its round when it ends." in page


def test_abandon_declares_the_game_abandoned_and_it_can_be_brought_back(scorer, league):
    night = begin(league, rounds=1)
    first, _second = tables(night)
    first.game.record_hand(1, ONE_HAND)
    assert end(scorer, night, confirm="1", table_1="abandon", table_2="count").status_code == 302
    first, _second = tables(night)
    assert first.game.status == Game.Status.ABANDONED
    page = scorer.get(night.get_absolute_url()).content.decode()
    assert 'data-testid="bring-back-1-1"' in page
    assert 'data-testid="bring-back-1-2"' in page
    url = reverse("games:night-round", args=[night.pk])
    response = scorer.post(url, {"action": "bring_back", "number": 1, "table": 1})
    assert response.status_code == 302
    assert response["Location"] == first.game.get_absolute_url()
    first, _second = tables(night)
    assert first.game.status == Game.Status.IN_PROGRESS
    assert first.ended_as == NightTable.Ended.LATER
    assert scorer.post(url, {"action": "bring_back", "number": 1, "table": 2}).status_code == 302
    assert tables(night)[1].ended_as == NightTable.Ended.LATER
    # Nothing else to bring back: refused, and said.
    again = scorer.post(url, {"action": "bring_back", "number": 1, "table": 2})
    assert again.status_code == 409
    assert "was not ended by the round" in again.content.decode()


@pytest.mark.parametrize(
    "answer",
    [{"confirm": "1"}, {"confirm": "1", "table_1": "later"}, {"confirm": "1", "table_1": "x", "table_2": "later"}],
)
def test_a_missing_or_unknown_choice_is_asked_again_and_changes_nothing(scorer, league, answer):
    night = begin(league)
    response = end(scorer, night, **answer)
    assert response.status_code == 422
    assert "Choose for every table." in response.content.decode()
    assert night.round_set.get(number=1).status == NightRound.Status.PLAYING
    assert not NightTable.objects.exclude(ended_as="").exists()


def test_tables_their_time_limit_ends_are_not_asked_about(scorer, league):
    night = begin(league, options={"time_limit": 30}, rounds=1)
    first, second = tables(night)
    first.game.record_hand(1, ONE_HAND)
    asked = end(scorer, night)
    page = asked.content.decode()
    # Table 1 ends by its time limit (one lowest total); table 2 has no hand: the organizer chooses.
    assert 'data-testid="end-by-time-1"' in page
    assert 'name="table_1"' not in page
    assert 'name="table_2"' in page
    # Every table ends by its time limit: the round ends at the tap, nothing to ask.
    second.game.record_hand(1, ONE_HAND)
    assert end(scorer, night).status_code == 302
    assert {table.game.status for table in tables(night)} == {Game.Status.OVER}


def test_a_counted_table_comes_back_from_the_league_file(league, user):
    night = begin(league, rounds=1)
    first, _second = tables(night)
    first.game.record_hand(1, ONE_HAND)
    night.end_round(1, user, {1: "count", 2: "later"})
    document = export_league(league)
    written = document["nights"][0]["played"][0]["tables"]
    assert [table["ended_as"] for table in written] == ["counted", "later"]
    restored = import_league(json.loads(json.dumps(document)), UserFactory(), as_copy=True)
    copy = Night.objects.get(league=restored)
    assert [table.ended_as for table in copy.round_set.get().tables.order_by("number")] == ["counted", "later"]
    assert export_league(restored)["nights"] == document["nights"]


def test_a_game_counted_as_it_stands_is_placed_by_its_totals_so_far():
    from rules import GameSetup, play

    state = play(GameSetup.create("standard", ["A", "B", "C", "D"]), [ONE_HAND])
    assert state.status != OVER
    result = TableResult.from_state(state, as_it_stands=True)
    assert result.status == OVER
    assert result.winners == (3,)
    assert result.counts
    # A declared game is what it was declared, counted or not.
    assert TableResult.from_state(state, "abandoned", as_it_stands=True).status == "abandoned"
