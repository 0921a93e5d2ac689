"""A club night, the organizer's side: starting it, its seats, its rounds, who is here, its printed pages."""

import pytest
from django.urls import reverse

from games.models import (
    Game,
    League,
    Night,
    NightPlayer,
    NightRound,
    NightSeat,
    NightTable,
    Player,
    PlayerInUse,
    TableLink,
)
from rules import HandEntry
from rules.night import count_repeats
from rules.variants import PRESETS
from tests.factories import LeaguePresetFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
# Ending a round, the organizer's answer to the question asked first: every table still playing abandoned.
END_ABANDONING = {"action": "end", "confirm": "1", **{f"table_{number}": "abandon" for number in range(1, 17)}}


def players(league, names=NINE):
    return [Player.objects.get_or_create(league=league, name=name)[0] for name in names]


def new_night(league, names=NINE, **data):
    form = {"name": "Friday", "players": [p.pk for p in players(league, names)], "rules": "standard", "rounds": 2}
    return {**form, **data}


def begin(league, names=NINE, variant="standard", options=None, rounds=2):
    return Night.begin(league, players(league, names), variant, options or {}, rounds, league.today(), seed=1)


def seating(night, number):
    """Each table's names in seat order, and the sit-outs, of round `number` as stored."""
    night_round = night.round_set.get(number=number)
    tables = [
        [seat.player.name for seat in table.seats.order_by("position")]
        for table in night_round.tables.order_by("number")
    ]
    out = sorted(seat.player.name for seat in night_round.seats.filter(table=None))
    return tables, out


def snapshot():
    return (
        Night.all_objects.count(),
        NightRound.objects.count(),
        NightTable.objects.count(),
        list(NightSeat.objects.order_by("pk").values_list("table_id", "position", "player_id")),
        NightPlayer.objects.count(),
        Game.all_objects.count(),
        Player.objects.count(),
    )


# Starting a night -----------------------------------------------------------------


def test_an_organizer_starts_a_night_of_nine_and_round_one_comes_seated_four_and_five(scorer, league):
    response = scorer.post(reverse("games:night-new", args=[league.pk]), new_night(league))
    night = Night.objects.get()
    assert response.status_code == 302
    assert response["Location"] == night.get_absolute_url()
    tables, out = seating(night, 1)
    # The law's Tables rule: 9 = 4 + 5, nobody sits out.
    assert sorted(len(table) for table in tables) == [4, 5]
    assert sorted(name for table in tables for name in table) == NINE
    assert out == []
    assert night.round_set.get().status == NightRound.Status.PROPOSED
    assert not Game.objects.exists()


def test_newcomers_join_the_league_with_the_night(scorer, league):
    data = new_night(league, NINE[:3], newcomers="Zoe\nYan")
    response = scorer.post(reverse("games:night-new", args=[league.pk]), data)
    assert response.status_code == 302
    night = Night.objects.get()
    assert sorted(p.name for p in night.present()) == ["Ann", "Ben", "Cat", "Yan", "Zoe"]
    assert Player.objects.filter(league=league, name="Zoe").exists()


def test_a_night_plays_saved_house_rules_with_a_time_limit_for_its_rounds(scorer, league):
    preset = LeaguePresetFactory(league=league)
    data = new_night(league, rules=f"saved:{preset.pk}", time_limit="45")
    assert scorer.post(reverse("games:night-new", args=[league.pk]), data).status_code == 302
    night = Night.objects.get()
    assert night.preset == preset
    assert night.options["target"] == 50
    assert night.options["time_limit"] == 45


@pytest.mark.parametrize(
    ("names", "newcomers", "field", "message"),
    [
        (["Ann", "Ben"], "", "players", "A night needs at least 3 players; 2 are here"),
        (["Ann", "Ben", "Cat"], "ann", "newcomers", "ann is here twice"),
        (["Ann", "Ben"], "Zoe\nzoe", "newcomers", "zoe is here twice"),
    ],
)
def test_a_night_too_small_or_with_a_player_twice_is_refused_on_its_field(
    scorer, league, names, newcomers, field, message
):
    players(league)
    before = snapshot()
    data = new_night(league, names, newcomers=newcomers)
    response = scorer.post(reverse("games:night-new", args=[league.pk]), data)
    assert response.status_code == 422
    assert message in response.context_data["form"].errors[field]
    assert snapshot() == before


def test_a_forged_player_of_another_league_is_refused(scorer, league):
    stranger = PlayerFactory()
    data = new_night(league)
    data["players"] = [*data["players"], stranger.pk]
    before = snapshot()
    response = scorer.post(reverse("games:night-new", args=[league.pk]), data)
    assert response.status_code == 422
    assert "players" in response.context_data["form"].errors
    assert snapshot() == before


def test_unknown_rules_are_refused(scorer, league):
    data = new_night(league, rules="saved:999999")
    before = snapshot()
    response = scorer.post(reverse("games:night-new", args=[league.pk]), data)
    assert response.status_code == 422
    assert snapshot() == before


def test_an_organizer_allows_tables_of_four_only_and_the_others_sit_out_in_turn(scorer, league):
    response = scorer.post(reverse("games:night-new", args=[league.pk]), new_night(league, sizes="4"))
    assert response.status_code == 302
    night = Night.objects.get()
    assert night.sizes == [4]
    # Nine at tables of 4 only: two tables, one player out (the law would seat 4 + 5).
    tables, out = seating(night, 1)
    assert [len(table) for table in tables] == [4, 4]
    assert len(out) == 1
    night.start_round(1)
    for table in NightTable.objects.filter(round__night=night):
        finish(table.game)
    night.next_round(1)
    tables, out_again = seating(night, 2)
    assert [len(table) for table in tables] == [4, 4]
    # Nobody sits out twice while another has not sat out yet.
    assert len(out_again) == 1
    assert out_again != out
    page = scorer.get(night.get_absolute_url()).content.decode()
    assert 'data-testid="night-sizes">tables of 4</span>' in page


def test_the_night_form_offers_the_table_sizes_clubnight_md_names(scorer, league):
    html = scorer.get(reverse("games:night-new", args=[league.pk])).content.decode()
    for value, words in (
        ("", "Of 4, with a fifth player or tables of 3 where the numbers need them"),
        ("4", "Of 4 only: the others sit out in turn"),
        ("4-5", "Of 4 or 5: the others sit out in turn"),
        ("3-5", "Of 3, 4 or 5"),
    ):
        assert f'<option value="{value}"' in html
        assert words in html


@pytest.mark.parametrize(
    ("rules", "sizes", "message"),
    [
        ("standard", "8", "Select a valid choice. 8 is not one of the available choices."),
        ("ricketts", "3-5", "This game is not played at tables of 3: it seats 4"),
        ("standard", "6-8", "This game is not played at tables of 8: it seats 3, 4, 5, 6, 7"),
    ],
)
def test_table_sizes_the_game_cannot_seat_are_refused_and_change_nothing(scorer, league, rules, sizes, message):
    data = new_night(league, rules=rules, sizes=sizes)
    before = snapshot()
    response = scorer.post(reverse("games:night-new", args=[league.pk]), data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert snapshot() == before


def test_a_ricketts_night_of_nine_seats_tables_of_four_and_one_sits_out(league):
    night = begin(league, variant="ricketts")
    tables, out = seating(night, 1)
    assert [len(table) for table in tables] == [4, 4]
    assert len(out) == 1


# Seats before the round --------------------------------------------------------------


def test_the_organizer_swaps_two_players_of_different_tables(scorer, league):
    night = begin(league)
    (first, second), _ = seating(night, 1)
    a, b = Player.objects.get(name=first[1]), Player.objects.get(name=second[2])
    response = scorer.post(
        reverse("games:night-seats", args=[night.pk]), {"action": "swap", "first": a.pk, "second": b.pk}
    )
    assert response.status_code == 302
    (after_first, after_second), _ = seating(night, 1)
    assert after_first == [first[0], b.name, *first[2:]]
    assert after_second == [*second[:2], a.name, *second[3:]]


def test_the_swap_and_move_lists_name_the_rounds_players_only(scorer, league):
    absent = Player.objects.create(league=league, name="Zed")
    night = begin(league, variant="ricketts")  # 8 seated, 1 sitting out
    form = scorer.get(night.get_absolute_url()).context_data["seats_form"]
    for field in ("first", "second"):
        assert sorted(player.name for player in form.fields[field].queryset) == NINE
    # A league player who is not at the night cannot be swapped in by a forged request.
    (first, _), _out = seating(night, 1)
    before = snapshot()
    response = scorer.post(
        reverse("games:night-seats", args=[night.pk]),
        {"action": "swap", "first": absent.pk, "second": Player.objects.get(name=first[0]).pk},
    )
    assert response.status_code == 422
    assert snapshot() == before


def test_the_organizer_moves_a_player_to_another_table(scorer, league):
    night = begin(league)
    (four, five), _ = seating(night, 1)
    if len(four) == 5:
        four, five = five, four
    mover = Player.objects.get(name=five[0])
    target = 1 if len(seating(night, 1)[0][0]) == 4 else 2
    response = scorer.post(
        reverse("games:night-seats", args=[night.pk]), {"action": "move", "first": mover.pk, "table": target}
    )
    assert response.status_code == 302
    tables, _ = seating(night, 1)
    assert tables[target - 1] == [*four, mover.name]
    assert len(tables[2 - target]) == 4


def test_a_move_into_a_table_size_ricketts_cannot_seat_is_refused_and_changes_nothing(scorer, league):
    night = begin(league, variant="ricketts")
    (_first, _second), out = seating(night, 1)
    sitting = Player.objects.get(name=out[0])
    before = snapshot()
    response = scorer.post(
        reverse("games:night-seats", args=[night.pk]), {"action": "move", "first": sitting.pk, "table": 1}
    )
    assert response.status_code == 422
    errors = response.context_data["seats_form"].errors["table"]
    assert errors == ["Table 1 would seat 5 players, and these rules are played at tables of 4 only"]
    assert snapshot() == before


def test_a_sit_out_may_swap_with_a_seated_player(scorer, league):
    night = begin(league, variant="ricketts")
    (first, _), out = seating(night, 1)
    sitting, seated = Player.objects.get(name=out[0]), Player.objects.get(name=first[0])
    response = scorer.post(
        reverse("games:night-seats", args=[night.pk]), {"action": "swap", "first": sitting.pk, "second": seated.pk}
    )
    assert response.status_code == 302
    tables, after_out = seating(night, 1)
    assert tables[0][0] == sitting.name
    assert after_out == [seated.name]


def test_seats_cannot_change_once_the_round_started(scorer, league):
    night = begin(league)
    night.start_round(1)
    (first, second), _ = seating(night, 1)
    a, b = Player.objects.get(name=first[0]), Player.objects.get(name=second[0])
    before = snapshot()
    response = scorer.post(
        reverse("games:night-seats", args=[night.pk]), {"action": "swap", "first": a.pk, "second": b.pk}
    )
    assert response.status_code == 422
    assert (
        "The round has started: its seats can no longer change"
        in response.context_data["seats_form"].non_field_errors()
    )
    assert snapshot() == before


# Rounds ---------------------------------------------------------------------------


def test_one_tap_starts_every_tables_game_with_its_seats_in_order(scorer, league):
    night = begin(league)
    tables, _ = seating(night, 1)
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 1})
    assert response.status_code == 302
    games = [table.game for table in NightTable.objects.filter(round__night=night).order_by("number")]
    assert [[seat.player.name for seat in game.ordered_seats()] for game in games] == tables
    assert all(game.first_dealer == 0 and game.league == league and game.variant == "standard" for game in games)
    assert night.round_set.get().status == NightRound.Status.PLAYING


def test_a_second_start_of_the_same_round_starts_nothing_and_says_so(scorer, league):
    # A double tap: the night is already as asked, so the page comes back with a note, not a refusal.
    night = begin(league)
    scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 1}, follow=True)
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 1}, follow=True)
    assert response.redirect_chain == [(night.get_absolute_url(), 302)]
    assert [str(message) for message in response.context["messages"]] == ["Round 1 has already started"]
    assert snapshot() == before


@pytest.mark.parametrize(
    ("action", "note"), [("end", "Round 1 is over already"), ("next", "Round 2 is seated already")]
)
def test_a_second_end_or_next_of_the_same_round_does_nothing_more_and_says_so(scorer, league, action, note):
    night = begin(league, rounds=3)
    night.start_round(1)
    first = scorer.post(reverse("games:night-round", args=[night.pk]), {**END_ABANDONING, "number": 1}, follow=True)
    assert first.redirect_chain == [(night.get_absolute_url(), 302)]  # round 1 over, round 2 seated
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": action, "number": 1}, follow=True)
    assert response.redirect_chain == [(night.get_absolute_url(), 302)]
    assert [str(message) for message in response.context["messages"]] == [note]
    assert snapshot() == before
    assert night.round_set.count() == 2


def test_starting_a_round_not_yet_seated_is_still_refused(scorer, league):
    # Not a double tap: round 2 is not seated while round 1 is played.
    night = begin(league)
    night.start_round(1)
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 2})
    assert response.status_code == 409
    assert response.context_data["round_error"] == "Round 1 is not over yet"
    assert snapshot() == before


def test_starting_a_round_the_night_never_seated_is_refused_in_its_words(scorer, league):
    # A night of two rounds, both over: there is no round 3 to start, nor a round 2 "started already".
    night = begin(league, rounds=2)
    night.start_round(1)
    night.end_round(1)
    night.next_round(1)
    night.start_round(2)
    night.end_round(2)
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 3})
    assert response.status_code == 409
    assert response.context_data["round_error"] == "Round 3 is not seated yet"
    assert snapshot() == before


def test_the_next_round_waits_while_a_table_is_still_playing(scorer, league):
    night = begin(league)
    night.start_round(1)
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "next", "number": 1})
    assert response.status_code == 409
    assert "Tables are still playing round 1" in response.context_data["round_error"]
    assert snapshot() == before


def finish(game, loser_seat=0):
    """Hands until the game is over: the loser takes 7 hearts and the queen, the next seats 3, 2 and 1 (one lowest)."""
    game = Game.objects.get(pk=game.pk)
    seats = len(game.seats.all())
    number = 1
    while Game.objects.get(pk=game.pk).status == Game.Status.IN_PROGRESS:
        hearts = [0] * seats
        for step, taken in enumerate((7, 3, 2, 1)):
            hearts[(loser_seat + step) % seats] = taken
        Game.objects.get(pk=game.pk).record_hand(number, HandEntry.cards(hearts, loser_seat))
        number += 1


def test_when_every_table_is_over_the_next_round_is_seated_from_what_was_played(scorer, league):
    night = begin(league)
    night.start_round(1)
    played, _ = seating(night, 1)
    for table in NightTable.objects.filter(round__night=night):
        finish(table.game)
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "next", "number": 1})
    assert response.status_code == 302
    assert night.round_set.get(number=1).status == NightRound.Status.OVER
    tables, _out = seating(night, 2)
    assert sorted(len(table) for table in tables) == [4, 5]
    # Nine players over two rounds at a 4 and a 5: pairs must meet again, fewest first (CLUBNIGHT.md).
    # Three from the 5 and two from the 4 at the new 5 meet again 3 + 1 times, the rest at the 4 1 + 1:
    # 6. Handing the 5 to the four from the 4, as the rotation would, costs 6 + 6.
    five_before = next(set(table) for table in played if len(table) == 5)
    five_now = next(set(table) for table in tables if len(table) == 5)
    assert count_repeats([played, tables]) == 6
    assert len(five_before & five_now) == 3
    standings = scorer.get(night.get_absolute_url()).context_data["standings"]
    # Each table's loser (seat 1) is last there: 0 points; the others share first place.
    assert {s.player: s.score for s in standings}[played[0][0]] == 0


def test_ending_a_round_ends_timed_games_by_the_time_rule_and_abandons_the_rest(scorer, league):
    night = begin(league, options={"time_limit": 30})
    night.start_round(1)
    first, second = NightTable.objects.filter(round__night=night).order_by("number")
    seats = len(first.game.seats.all())
    # One lowest total (0 at a 5-table, 1 at a 4-table): the time rule has a single winner.
    hearts = [0, 1, 2, 3, 7] if seats == 5 else [1, 2, 3, 7]
    Game.objects.get(pk=first.game.pk).record_hand(1, HandEntry.cards(hearts, seats - 1))
    url = reverse("games:night-round", args=[night.pk])
    # No hand in at the second table: its time limit can't end it, so the organizer is asked first.
    asked = scorer.post(url, {"action": "end", "number": 1})
    assert asked.status_code == 200
    assert asked.template_name == "games/nights/night_end.html"
    assert night.round_set.get(number=1).status == NightRound.Status.PLAYING
    response = scorer.post(url, {"action": "end", "number": 1, "confirm": "1", "table_2": "abandon"})
    assert response.status_code == 302
    first_game, second_game = Game.objects.get(pk=first.game.pk), Game.objects.get(pk=second.game.pk)
    # The time ran out during hand 1: the single lowest total wins (RULES.md, Time limit).
    assert first_game.status == Game.Status.OVER
    assert first_game.reason == "time"
    # The organizer chose to abandon the other table's game: it scores nobody.
    assert second_game.status == Game.Status.ABANDONED
    assert night.round_set.get(number=1).status == NightRound.Status.OVER
    assert night.round_set.get(number=2).status == NightRound.Status.PROPOSED


def test_the_last_round_over_ends_the_night(scorer, league):
    night = begin(league, rounds=1)
    night.start_round(1)
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {**END_ABANDONING, "number": 1})
    assert response.status_code == 302
    assert night.round_set.count() == 1
    page = scorer.get(night.get_absolute_url())
    assert page.context_data["over"]
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "next", "number": 1})
    assert response.status_code == 409
    assert snapshot() == before


@pytest.mark.parametrize(
    "data", [{}, {"action": "start"}, {"action": "dance", "number": 1}, {"action": "start", "number": "x"}]
)
def test_a_malformed_round_request_is_a_4xx_and_changes_nothing(scorer, league, data):
    night = begin(league)
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), data)
    assert response.status_code == 422
    assert snapshot() == before


# Who is here -----------------------------------------------------------------------


def test_a_late_arrival_is_seated_in_the_proposed_round(scorer, league):
    night = begin(league)
    response = scorer.post(reverse("games:night-players", args=[night.pk]), {"action": "arrive", "name": "Jon"})
    assert response.status_code == 302
    tables, _out = seating(night, 1)
    # Ten players: 5 + 5.
    assert sorted(len(table) for table in tables) == [5, 5]
    assert "Jon" in {name for table in tables for name in table}


def test_a_leaver_is_taken_out_of_the_next_round_and_keeps_the_games_played(scorer, league):
    night = begin(league)
    night.start_round(1)
    for table in NightTable.objects.filter(round__night=night):
        table.game.declare("abandoned")
    leaver = Player.objects.get(name="Ann")
    assert (
        scorer.post(
            reverse("games:night-players", args=[night.pk]), {"action": "leave", "player": leaver.pk}
        ).status_code
        == 302
    )
    assert (
        scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "next", "number": 1}).status_code == 302
    )
    tables, out = seating(night, 2)
    assert "Ann" not in {name for table in tables for name in table} | set(out)
    assert sorted(len(table) for table in tables) == [4, 4]
    assert Game.objects.filter(seats__player=leaver).count() == 1


def test_nobody_arrives_twice(scorer, league):
    night = begin(league)
    before = snapshot()
    ann = Player.objects.get(name="Ann")
    response = scorer.post(reverse("games:night-players", args=[night.pk]), {"action": "arrive", "player": ann.pk})
    assert response.status_code == 422
    assert snapshot() == before


def test_a_night_never_falls_below_three_players(scorer, league):
    night = begin(league, names=NINE[:3])
    before = snapshot()
    ann = Player.objects.get(name="Ann")
    response = scorer.post(reverse("games:night-players", args=[night.pk]), {"action": "leave", "player": ann.pk})
    assert response.status_code == 422
    assert "A night needs at least 3 players" in str(response.context_data["presence_form"].errors)
    assert snapshot() == before


# Who may ---------------------------------------------------------------------------


@pytest.mark.parametrize(("role", "status"), [("viewer", 403), ("scorer", 403)])
def test_only_organizers_change_a_night(client, league, role, status):
    night = begin(league)
    member = UserFactory()
    MembershipFactory(league=league, user=member, role=role)
    client.force_login(member)
    before = snapshot()
    assert (
        client.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 1}).status_code
        == status
    )
    assert client.get(night.get_absolute_url()).status_code == 200
    assert client.get(reverse("games:night-cards", args=[night.pk])).status_code == 403
    assert snapshot() == before


def test_another_leagues_members_get_404(client, league, outsider):
    night = begin(league)
    client.force_login(outsider)
    assert client.get(night.get_absolute_url()).status_code == 404
    assert (
        client.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 1}).status_code == 404
    )


def test_anonymous_visitors_are_sent_to_log_in(client, league):
    night = begin(league)
    response = client.get(night.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


# Pages -----------------------------------------------------------------------------


def test_table_cards_show_each_table_its_seats_who_deals_and_the_qr_code_of_its_games_table_link(scorer, league):
    night = begin(league)
    night.start_round(1)
    response = scorer.get(reverse("games:night-cards", args=[night.pk]))
    assert response.status_code == 200
    cards = response.context_data["cards"]
    tables, _ = seating(night, 1)
    assert [[p.name for p in card["players"]] for card in cards] == tables
    for card in cards:
        # A phone with no account scores the table's game from it (games.views.guests).
        token = card["link"].removeprefix("http://testserver/t/").removesuffix("/")
        assert TableLink.objects.by_token(token).game == card["game"]
        assert "<svg" in card["qr"]
    assert "deals first" in response.content.decode()


def test_the_night_page_and_sheet_keep_their_query_count_however_many_rounds(scorer, league, django_assert_num_queries):
    small = begin(league, names=NINE[:4], rounds=3)
    big = begin(league, rounds=3)
    for night in (small, big):
        night.start_round(1)
        for table in NightTable.objects.filter(round__night=night):
            table.game.declare("abandoned")
        night.next_round(1)
        night.start_round(2)
    # A night of one table and one of two, two rounds each: an N+1 over tables, seats or hands would show.
    # The games' table links are one of them (the organizer stops a table's from the night's page).
    for night in (small, big):
        with django_assert_num_queries(14):
            assert scorer.get(reverse("games:night-detail", args=[night.pk])).status_code == 200
        with django_assert_num_queries(13):
            assert scorer.get(reverse("games:night-sheet", args=[night.pk])).status_code == 200


# The league keeps it ------------------------------------------------------------------


def test_the_league_page_lists_its_nights_and_offers_organizers_a_new_one(scorer, league):
    night = begin(league)
    page = scorer.get(reverse("games:league-detail", args=[league.pk]))
    assert page.context_data["nights"] == [night]
    html = page.content.decode()
    assert night.get_absolute_url() in html
    assert reverse("games:night-new", args=[league.pk]) in html


def test_a_players_page_shows_the_nights_they_came_to(scorer, league):
    night = begin(league)
    other = begin(league, names=["Ann", "Ben", "Cat"])
    ivy = Player.objects.get(league=league, name="Ivy")
    page = scorer.get(reverse("games:player-detail", args=[league.pk, ivy.pk]))
    assert page.context_data["nights"] == [night]
    assert night.get_absolute_url() in page.content.decode()
    assert other.get_absolute_url() not in page.content.decode()


def test_a_merged_player_brings_their_nights_seats_along(league):
    night = begin(league)
    twin = Player.objects.create(league=league, name="Zed")
    ivy = Player.objects.get(league=league, name="Ivy")
    ivy.merge_into(twin)
    assert [p.name for p in night.present()].count("Zed") == 1
    assert NightSeat.objects.filter(round__night=night, player=twin).count() == 1


def test_two_players_of_one_night_are_two_people(league):
    begin(league)
    ann, ben = Player.objects.get(league=league, name="Ann"), Player.objects.get(league=league, name="Ben")
    with pytest.raises(PlayerInUse, match="both came to Club night of"):
        ann.merge_into(ben)
    assert NightPlayer.objects.filter(player=ann).exists()


def test_a_player_who_came_to_a_night_is_not_deleted_with_it(league):
    begin(league)
    ann = Player.objects.get(league=league, name="Ann")
    with pytest.raises(PlayerInUse, match="came to the club night"):
        ann.discard()
    assert NightSeat.objects.filter(player=ann).exists()


def test_a_round_cannot_start_while_the_one_before_is_being_played(scorer, league):
    night = begin(league)
    night.start_round(1)
    before = snapshot()
    response = scorer.post(reverse("games:night-round", args=[night.pk]), {"action": "start", "number": 2})
    assert response.status_code == 409
    assert response.context_data["round_error"] == "Round 1 is not over yet"
    assert snapshot() == before


def test_a_late_arrival_during_a_round_is_seated_in_the_next(scorer, league):
    night = begin(league)
    night.start_round(1)
    assert (
        scorer.post(reverse("games:night-players", args=[night.pk]), {"action": "arrive", "name": "Jon"}).status_code
        == 302
    )
    # Not in round 1's games, which are under way.
    assert "Jon" not in {name for table in seating(night, 1)[0] for name in table}
    for table in NightTable.objects.filter(round__night=night):
        table.game.declare("abandoned")
    night.next_round(1)
    tables, out = seating(night, 2)
    assert sorted(len(table) for table in tables) == [5, 5]
    assert "Jon" in {name for table in tables for name in table}
    assert out == []


def test_nobody_sits_out_twice_before_everyone_has_once(league):
    # Ricketts seats fours only: nine players, one sits out each round, a different one each time.
    night = begin(league, variant="ricketts", rounds=9)
    sat_out = []
    for number in range(1, 10):
        tables, out = seating(night, number)
        assert [len(table) for table in tables] == [4, 4]
        sat_out += out
        night.start_round(number)
        for table in NightTable.objects.filter(round__night=night, round__number=number):
            table.game.declare("abandoned")
        if number < 9:
            night.next_round(number)
    assert sorted(sat_out) == NINE


def test_the_models_standings_are_the_pages(scorer, league):
    night = begin(league)
    night.start_round(1)
    for table in NightTable.objects.filter(round__night=night):
        finish(table.game)
    page = scorer.get(night.get_absolute_url()).context_data["standings"]
    assert night.standings() == page
    # Nine players, one round: the two tables' losers (seat 1) score 0, each winner 1.
    scores = sorted(standing.score for standing in page)
    assert scores[:2] == [0, 0]
    assert scores[-2:] == [1, 1]


def test_a_late_arrival_never_takes_a_full_league_past_its_cap(scorer, league, monkeypatch):
    night = begin(league)
    monkeypatch.setattr(League, "MOST_PLAYERS", Player.objects.filter(league=league).count())
    before = snapshot()
    response = scorer.post(reverse("games:night-players", args=[night.pk]), {"action": "arrive", "name": "Jon"})
    assert response.status_code == 422
    assert "the most a league can hold" in str(response.context_data["presence_form"].errors["name"])
    assert snapshot() == before


def test_a_night_cannot_play_a_partners_game_and_says_so_on_its_field(scorer, league):
    """The night's standings place each player by their own total: a league's partners preset is
    refused on the rules field, and nothing is stored."""
    preset = LeaguePresetFactory(league=league, name="Couples")
    preset.options = {**preset.options, "teams": True, "team_moon": "team"}
    preset.save()
    data = new_night(league, rules=f"saved:{preset.pk}")
    response = scorer.post(reverse("games:night-new", args=[league.pk]), data)
    assert response.status_code == 422
    assert response.context["form"].errors["rules"] == [
        "A club night's players each play for themselves: Couples plays in partners"
    ]
    assert not Night.objects.exists()


@pytest.mark.parametrize(
    ("variant", "sizes"),
    # Black Maria seats 3 to 6 (9 = 4 + 5); Turbo only 4 (one of nine sits out); Cancellation 5 to 11, and
    # a night's table at most 8: nine can't be two tables of 5 or more, so 8 play and one sits out.
    [("black_maria", [4, 5]), ("turbo", [4, 4]), ("cancellation", [8])],
)
def test_a_night_plays_any_preset_the_new_game_form_offers(scorer, league, variant, sizes):
    form = scorer.get(reverse("games:night-new", args=[league.pk]))
    assert f'value="{variant}"' in form.content.decode()
    response = scorer.post(reverse("games:night-new", args=[league.pk]), new_night(league, rules=variant))
    assert response.status_code == 302, response.context_data["form"].errors
    night = Night.objects.get()
    tables, out = seating(night, 1)
    assert sorted(len(table) for table in tables) == sorted(sizes)
    assert len(out) == 9 - sum(sizes)
    night.start_round(1)
    games = [table.game for table in NightTable.objects.filter(round__night=night)]
    assert {game.variant for game in games} == {variant}
    page = scorer.get(night.get_absolute_url())
    assert page.status_code == 200
    assert str(PRESETS[variant].name) in page.content.decode()
