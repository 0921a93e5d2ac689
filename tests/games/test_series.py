"""A series of club nights: its list, its page and standings, putting nights in it, its final table."""

import pytest
from django.urls import reverse

from games.models import Game, League, Night, NightRound, NightSeries, NightTable, Player, put_in_series
from rules import HandEntry
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def players(league, names):
    return [Player.objects.get_or_create(league=league, name=name)[0] for name in names]


def finish_by_name(game, hearts, queen):
    """Hands until the game is over, each the same: `hearts` taken by name, the queen by `queen`."""
    number = 1
    while Game.objects.get(pk=game.pk).status == Game.Status.IN_PROGRESS:
        game = Game.objects.get(pk=game.pk)
        seats = [seat.player.name for seat in game.ordered_seats()]
        game.record_hand(number, HandEntry.cards([hearts[name] for name in seats], seats.index(queen)))
        number += 1


def played_night(league, hearts, queen, series=None, name="Friday"):
    """A night of one table of four, one round, played out by finish_by_name and ended."""
    night = Night.begin(league, players(league, list(hearts)), "standard", {}, 1, league.today(), name=name, seed=1)
    if series is not None:
        put_in_series(night, series)
    night.start_round(1)
    finish_by_name(NightTable.objects.get(round__night=night).game, hearts, queen)
    night.end_round(1)
    return night


def two_nights(league, final_size=4):
    """Night 1: Ann 7 hearts and the queen a hand, Ben 3, Cat 2, Dan 1: after five hands 100, 15, 10, 5.
    Night 2 (Dan away, Eve here): Eve 100, Ann 5, Ben 10, Cat 15."""
    series = NightSeries.add(league, "October", final_size)
    played_night(league, {"Ann": 7, "Ben": 3, "Cat": 2, "Dan": 1}, "Ann", series, "First")
    played_night(league, {"Ann": 1, "Ben": 2, "Cat": 3, "Eve": 7}, "Eve", series, "Second")
    return series


def page(client, series):
    return client.get(reverse("games:series-detail", args=[series.league_id, series.pk]))


def rows(response):
    return [(line.player, line.score, line.nights, line.margin) for line in response.context_data["standings"]]


# The list and its form --------------------------------------------------------------


def test_an_organizer_adds_a_series_and_the_league_lists_it(scorer, league):
    url = reverse("games:series-list", args=[league.pk])
    response = scorer.post(url, {"name": "  October ", "final_size": "4"})
    series = NightSeries.objects.get(league=league)
    assert response.status_code == 302
    assert response["Location"] == series.get_absolute_url()
    assert (series.name, series.final_size) == ("October", 4)
    assert [s.name for s in scorer.get(url).context_data["series_list"]] == ["October"]
    assert reverse("games:series-list", args=[league.pk]) in scorer.get(league.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("data", "field"),
    [({"name": "october", "final_size": ""}, "name"), ({"name": "", "final_size": "4"}, "name"),
     ({"name": "Winter", "final_size": "9"}, "final_size"), ({"name": "Winter", "final_size": "x"}, "final_size")],
)  # fmt: skip
def test_a_name_taken_or_a_final_size_no_night_seats_is_refused_and_saves_nothing(scorer, league, data, field):
    NightSeries.add(league, "October")
    response = scorer.post(reverse("games:series-list", args=[league.pk]), data)
    assert response.status_code == 422
    assert field in response.context_data["form"].errors
    assert NightSeries.objects.count() == 1


def test_the_organizer_renames_a_series_and_drops_its_final(scorer, league):
    series = NightSeries.add(league, "October", 4)
    url = reverse("games:series-edit", args=[league.pk, series.pk])
    assert scorer.post(url, {"name": "Autumn", "final_size": ""}).status_code == 302
    series.refresh_from_db()
    assert (series.name, series.final_size) == ("Autumn", None)


# Putting nights in it ---------------------------------------------------------------


def test_a_night_started_in_a_series_belongs_to_it(scorer, league):
    series = NightSeries.add(league, "October")
    data = {"players": [p.pk for p in players(league, ["Ann", "Ben", "Cat", "Dan"])], "rules": "standard"}
    response = scorer.post(reverse("games:night-new", args=[league.pk]), {**data, "rounds": 2, "series": series.pk})
    assert response.status_code == 302
    assert Night.objects.get().series == series


def test_a_series_of_another_league_is_no_choice_on_the_night_form(scorer, league):
    other = NightSeries.add(_other_league(), "Theirs")
    data = {"players": [p.pk for p in players(league, ["Ann", "Ben", "Cat", "Dan"])], "rules": "standard"}
    response = scorer.post(reverse("games:night-new", args=[league.pk]), {**data, "rounds": 2, "series": other.pk})
    assert response.status_code == 422
    assert "series" in response.context_data["form"].errors
    assert not Night.objects.exists()


def _other_league():
    return League.create_for(UserFactory(), "Another club")


def test_an_organizer_puts_a_night_in_a_series_from_its_page_and_takes_it_out(scorer, league):
    series = NightSeries.add(league, "October")
    night = Night.begin(league, players(league, ["Ann", "Ben", "Cat"]), "standard", {}, 1, league.today(), seed=1)
    page_before = scorer.get(night.get_absolute_url()).content.decode()
    assert reverse("games:night-series", args=[night.pk]) in page_before
    url = reverse("games:night-series", args=[night.pk])
    assert scorer.get(url).status_code == 200
    assert scorer.post(url, {"series": series.pk}).status_code == 302
    assert Night.objects.get().series == series
    assert series.get_absolute_url() in scorer.get(night.get_absolute_url()).content.decode()
    assert scorer.post(url, {"series": ""}).status_code == 302
    assert Night.objects.get().series is None


# The series' standings ----------------------------------------------------------------


def test_the_series_page_sums_its_nights_and_ranks_by_points_nights_margin_and_name(scorer, league):
    series = two_nights(league)
    response = page(scorer, series)
    assert response.status_code == 200
    # Night 1 places Dan 1, Cat 2/3, Ben 1/3, Ann 0 (mean total 32.5: margins 27.5, 22.5, 17.5, -67.5);
    # night 2 Ann 1, Ben 2/3, Cat 1/3, Eve 0 (margins 27.5, 22.5, 17.5, -67.5).
    # Ann, Ben and Cat each 1 over two nights: Ben and Cat's margins 40, Ann's -40; Ben before Cat by name.
    # Dan 1 over one night below them; Eve 0.
    assert rows(response) == [
        ("Ben", 1, 2, 40),
        ("Cat", 1, 2, 40),
        ("Ann", 1, 2, -40),
        ("Dan", 1, 1, 27.5),
        ("Eve", 0, 1, -67.5),
    ]
    dan = response.context_data["standings"][3]
    assert dan.by_night == (1, None)
    html = response.content.decode()
    assert 'id="night-by-night"' in html
    assert "a night missed scores 0" in html
    assert [night.night.name for night in response.context_data["scores"]] == ["First", "Second"]


def test_the_final_table_is_seated_from_the_standings_and_its_result_ranks_its_players_first(scorer, league):
    series = two_nights(league)
    url = reverse("games:series-final", args=[league.pk, series.pk])
    assert page(scorer, series).context_data["can_seat"]
    response = scorer.post(url)
    series.refresh_from_db()
    final = series.final
    assert response.status_code == 302
    assert response["Location"] == final.get_absolute_url()
    # The top four: Ben, Cat, Ann, Dan; Eve (0) is out. The latest night's rules, the order drawn.
    assert sorted(seat.player.name for seat in final.seats.all()) == ["Ann", "Ben", "Cat", "Dan"]
    assert final.variant == "standard"
    assert series.final_seed is not None
    # Ben 7 and the queen a hand, Dan 3, Ann 2, Cat 1: Ben 100, Dan 15, Ann 10, Cat 5.
    finish_by_name(final, {"Ben": 7, "Dan": 3, "Ann": 2, "Cat": 1}, "Ben")
    response = page(scorer, series)
    assert [line.player for line in response.context_data["standings"]] == ["Cat", "Ann", "Dan", "Ben", "Eve"]
    assert [line.final_place for line in response.context_data["standings"]] == [1, 2, 3, 4, None]
    assert response.context_data["final_counted"]
    assert final.get_absolute_url() in response.content.decode()


def test_the_final_waits_for_every_night_and_a_refusal_seats_nothing(scorer, league):
    series = two_nights(league)
    night = Night.begin(league, players(league, ["Ann", "Ben", "Cat"]), "standard", {}, 1, league.today(), seed=1)
    put_in_series(night, series)
    games = Game.objects.count()
    response = scorer.post(reverse("games:series-final", args=[league.pk, series.pk]))
    assert response.status_code == 409
    assert response.context_data["final_error"] == "Every night of the series must be over first"
    assert Game.objects.count() == games
    assert NightSeries.objects.get().final is None


def test_a_second_tap_seats_no_second_final(scorer, league):
    series = two_nights(league)
    url = reverse("games:series-final", args=[league.pk, series.pk])
    scorer.post(url)
    games = Game.objects.count()
    response = scorer.post(url, follow=True)
    assert response.status_code == 200
    assert "The final table is seated already." in response.content.decode()
    assert Game.objects.count() == games


def test_a_series_without_a_final_table_seats_none(scorer, league):
    series = two_nights(league, final_size=None)
    assert not page(scorer, series).context_data["can_seat"]
    assert scorer.post(reverse("games:series-final", args=[league.pk, series.pk])).status_code == 409
    assert NightSeries.objects.get().final is None


def test_once_the_final_is_seated_its_nights_and_size_stay(scorer, league):
    series = two_nights(league)
    series.seat_final(seed=3)
    night = series.nights.first()
    response = scorer.post(reverse("games:night-series", args=[night.pk]), {"series": ""})
    assert response.status_code == 422
    assert Night.objects.get(pk=night.pk).series == series
    response = scorer.post(
        reverse("games:series-edit", args=[league.pk, series.pk]), {"name": "Oct", "final_size": "3"}
    )
    assert response.status_code == 422
    assert NightSeries.objects.get().final_size == 4


def test_a_night_round_not_over_keeps_the_night_unfinished(league):
    series = NightSeries.add(league, "October", 3)
    night = Night.begin(league, players(league, ["Ann", "Ben", "Cat"]), "standard", {}, 2, league.today(), seed=1)
    put_in_series(night, series)
    night.start_round(1)
    night.end_round(1)
    assert NightRound.objects.filter(night=night).count() == 1
    assert [scores.over for scores in series.scores()] == [False]


# Who may -------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["viewer", "scorer"])
def test_members_see_the_series_and_only_organizers_change_it(client, league, role):
    series = two_nights(league)
    member = UserFactory()
    MembershipFactory(league=league, user=member, role=role)
    client.force_login(member)
    response = page(client, series)
    assert response.status_code == 200
    assert "Seat the final table" not in response.content.decode()
    assert client.post(reverse("games:series-final", args=[league.pk, series.pk])).status_code == 403
    edit = reverse("games:series-edit", args=[league.pk, series.pk])
    assert client.post(edit, {"name": "Mine", "final_size": ""}).status_code == 403
    assert client.post(reverse("games:series-list", args=[league.pk]), {"name": "Mine"}).status_code == 403
    assert NightSeries.objects.get().name == "October"
    assert NightSeries.objects.get().final is None


def test_the_organizer_is_offered_the_final_once_the_nights_are_over(scorer, league):
    series = two_nights(league)
    assert "Seat the final table" in page(scorer, series).content.decode()


def test_outsiders_get_404_and_anonymous_visitors_log_in(client, league, outsider):
    series = two_nights(league)
    response = page(client, series)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    client.force_login(outsider)
    assert page(client, series).status_code == 404
    assert client.post(reverse("games:series-final", args=[league.pk, series.pk])).status_code == 404
    # Another league's address for the series is no way in either.
    mine = _other_league()
    MembershipFactory(league=mine, user=outsider, role="organizer")
    assert client.get(reverse("games:series-detail", args=[mine.pk, series.pk])).status_code == 404


# What the page costs ----------------------------------------------------------------------


def test_the_series_page_keeps_its_query_count_however_many_nights(scorer, league, django_assert_num_queries):
    series = two_nights(league)
    with django_assert_num_queries(QUERIES):
        assert page(scorer, series).status_code == 200
    played_night(league, {"Ann": 1, "Ben": 2, "Gus": 3, "Hal": 7}, "Hal", series, "Third")
    played_night(league, {"Ivy": 1, "Ben": 2, "Gus": 3, "Hal": 7}, "Hal", series, "Fourth")
    series.seat_final(seed=1)
    with django_assert_num_queries(QUERIES + FINAL_QUERIES):
        assert page(scorer, series).status_code == 200


# The session, user and membership, the series, then the nights, their rounds, tables, games with
# their hands and seats (players joined), and the sit-outs: the same for two nights or twenty.
QUERIES = 11
# The final's game, its hands and its seats.
FINAL_QUERIES = 3
