"""The Seasons page: organizers name, re-date and delete seasons; the standings and player pages offer them."""

from datetime import UTC, date, datetime

import pytest
from django.urls import reverse

from games.models import League, Season, SeasonStanding, Standing, new_token
from tests.conftest import HTMX
from tests.games.league_seed import MOON_AND_QUEEN, members, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(league):
    return members(league)


@pytest.fixture
def games(league, user):
    """One counted game on 1 June 2025: Ann 44, Ben 0, Cat 30, Dan 30 (Ben wins)."""
    return [played(league, "standard", MOON_AND_QUEEN, datetime(2025, 6, 1, 20, tzinfo=UTC), {"target": 30})]


def seasons_url(league):
    return reverse("games:league-seasons", args=[league.pk])


def saved(league):
    return list(Season.objects.filter(league=league, automatic=False).values_list("name", "first_day", "last_day"))


SPRING = {"name": "Spring 2025", "first_day": "2025-03-01", "last_day": "2025-06-30"}


def test_the_new_season_form_proposes_this_calendar_year(client, league, user):
    client.force_login(user)
    response = client.get(seasons_url(league))
    assert response.status_code == 200
    year = league.today().year
    form = response.context_data["form"]
    assert form.initial == {"name": str(year), "first_day": date(year, 1, 1), "last_day": date(year, 12, 31)}
    assert f'value="{year}"' in response.content.decode()


def test_an_organizer_adds_a_season_and_the_standings_offer_it(client, league, user, games):
    client.force_login(user)
    response = client.post(seasons_url(league), SPRING)
    assert response.status_code == 302
    assert saved(league) == [("Spring 2025", date(2025, 3, 1), date(2025, 6, 30))]
    standings = client.get(reverse("games:league-standings", args=[league.pk]))
    html = standings.content.decode()
    assert 'href="?since=2025-03-01&amp;until=2025-06-30" hx-get="?since=2025-03-01&amp;until=2025-06-30"' in html
    assert 'hx-push-url="true">Spring 2025</a>' in html
    # The calendar years gave way to it.
    assert [season["name"] for season in standings.context_data["seasons"]] == ["Spring 2025"]
    chosen = client.get(
        reverse("games:league-standings", args=[league.pk]), {"since": "2025-03-01", "until": "2025-06-30"}
    )
    assert "Season Spring 2025: All variants, games played from 1 Mar 2025 to 30 Jun 2025" in chosen.content.decode()
    assert "Ratings over season Spring 2025" in chosen.content.decode()
    assert [row.name for row in chosen.context_data["rows"]] == ["Ben", "Cat", "Dan", "Ann"]


def test_the_season_page_lists_the_calendar_years_until_one_is_named(client, league, user, games, people):
    client.force_login(people["viewer"])
    response = client.get(seasons_url(league))
    html = response.content.decode()
    assert [season.name for season in response.context_data["seasons"]] == ["2025"]
    assert "Until an organizer names a season" in html
    # A viewer reads; there is nothing to change.
    assert 'name="first_day"' not in html
    assert "/edit/" not in html


@pytest.mark.parametrize(
    ("posted", "message"),
    [
        ({**SPRING, "last_day": "2025-02-01"}, "The season&#x27;s first day is after its last day."),
        ({**SPRING, "first_day": "1899-12-31"}, "A season&#x27;s days are from 1900 to the end of"),
        ({**SPRING, "last_day": "2999-01-01"}, "A season&#x27;s days are from 1900 to the end of"),
        ({**SPRING, "first_day": "not a day"}, "Enter a valid date."),
        ({**SPRING, "name": "   "}, "This field is required."),
        ({**SPRING, "name": "x" * 41}, "40 characters"),
        ({"name": "Spring 2025"}, "This field is required."),
    ],
)
def test_a_refused_season_is_a_422_and_nothing_is_saved(client, league, user, games, posted, message):
    client.force_login(user)
    response = client.post(seasons_url(league), posted)
    assert response.status_code == 422
    assert message in response.content.decode()
    # Each problem said once.
    assert all(len(errors) == 1 for errors in response.context_data["form"].errors.values())
    assert saved(league) == []
    # The automatic year is still there, with its standings.
    assert list(Season.objects.filter(league=league).values_list("name", flat=True)) == ["2025"]


def test_a_name_the_league_has_already_is_refused_whatever_its_capitals(client, league, user):
    Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    client.force_login(user)
    response = client.post(seasons_url(league), {**SPRING, "name": "spring 2025"})
    assert response.status_code == 422
    assert "has a season called Spring 2025 already" in response.content.decode()
    assert saved(league) == [("Spring 2025", date(2025, 3, 1), date(2025, 5, 31))]


@pytest.mark.parametrize("role", ["viewer", "scorer"])
def test_only_organizers_add_change_or_delete_seasons(client, league, people, role):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    client.force_login(people[role])
    assert client.post(seasons_url(league), {**SPRING, "name": "Other"}).status_code == 403
    edit = reverse("games:season-edit", args=[league.pk, season.pk])
    assert client.get(edit).status_code == 403
    assert client.post(edit, {**SPRING, "name": "Renamed"}).status_code == 403
    assert client.post(reverse("games:season-delete", args=[league.pk, season.pk])).status_code == 403
    assert saved(league) == [("Spring 2025", date(2025, 3, 1), date(2025, 5, 31))]


def test_another_leagues_members_and_strangers_get_nothing(client, league, people):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    assert client.get(seasons_url(league)).status_code == 302  # to log in
    client.force_login(people["outsider"])
    assert client.get(seasons_url(league)).status_code == 404
    assert client.post(reverse("games:season-delete", args=[league.pk, season.pk])).status_code == 404
    assert saved(league) == [("Spring 2025", date(2025, 3, 1), date(2025, 5, 31))]


def test_an_organizer_renames_and_re_dates_a_season(client, league, user, games, people):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    assert not SeasonStanding.objects.filter(season=season).exists()  # no game in it yet
    client.force_login(people["organizer"])
    edit = reverse("games:season-edit", args=[league.pk, season.pk])
    assert client.get(edit).status_code == 200
    response = client.post(edit, {"name": "Early summer", "first_day": "2025-05-01", "last_day": "2025-06-30"})
    assert response.status_code == 302
    assert saved(league) == [("Early summer", date(2025, 5, 1), date(2025, 6, 30))]
    # The June game is in it now.
    assert SeasonStanding.objects.filter(season=season, variant="").count() == 4


def test_a_refused_change_is_a_422_and_the_season_stays(client, league, user):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    client.force_login(user)
    edit = reverse("games:season-edit", args=[league.pk, season.pk])
    response = client.post(edit, {"name": "Spring 2025", "first_day": "2025-06-01", "last_day": "2025-05-31"})
    assert response.status_code == 422
    # The page is titled by the stored name, not the refused one.
    assert "<title>Change season Spring 2025" in response.content.decode()
    assert saved(league) == [("Spring 2025", date(2025, 3, 1), date(2025, 5, 31))]


def test_an_organizer_deletes_a_season_after_being_asked(client, league, user, games):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 6, 30))
    client.force_login(user)
    delete = reverse("games:season-delete", args=[league.pk, season.pk])
    assert "Delete season Spring 2025?" in client.get(delete).content.decode()
    assert client.post(delete).status_code == 302
    assert saved(league) == []
    # The calendar years are the league's seasons again.
    assert list(Season.objects.filter(league=league).values_list("name", "automatic")) == [("2025", True)]


def test_an_automatic_year_cannot_be_deleted(client, league, user, games):
    year = Season.objects.get(league=league)
    client.force_login(user)
    assert client.post(reverse("games:season-delete", args=[league.pk, year.pk])).status_code == 404
    assert Season.objects.filter(pk=year.pk).exists()


def test_another_leagues_season_is_404(client, league, user, games):
    other = League.create_for(user, "Another house")
    season = Season.add(other, "Theirs", date(2025, 1, 1), date(2025, 12, 31))
    client.force_login(user)
    assert client.get(reverse("games:season-edit", args=[league.pk, season.pk])).status_code == 404


# The standings and the player page ----------------------------------------------------


def test_the_public_standings_offer_the_seasons_read_only(client, league, games):
    Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 6, 30))
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    response = client.get(reverse("games:public-standings", args=[league.public_token]))
    html = response.content.decode()
    assert 'href="?since=2025-03-01&amp;until=2025-06-30" hx-get="?since=2025-03-01&amp;until=2025-06-30"' in html
    assert 'hx-push-url="true">Spring 2025</a>' in html
    assert "name seasons" not in html
    assert seasons_url(league) not in html
    chosen = client.get(
        reverse("games:public-standings", args=[league.public_token]),
        {"since": "2025-03-01", "until": "2025-06-30"},
        headers=HTMX,
    )
    assert chosen.template_name == "history/standings.html#standings-table"
    assert chosen.context_data["span"].season.name == "Spring 2025"


def test_the_player_page_picks_a_season_from_a_select(client, league, user, games):
    spring = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 6, 30))
    Season.add(league, "Autumn 2025", date(2025, 9, 1), date(2025, 11, 30))
    ben = league.players.get(name="Ben")
    client.force_login(user)
    page = reverse("games:player-detail", args=[league.pk, ben.pk])
    html = client.get(page).content.decode()
    assert f'<option value="{spring.pk}">Spring 2025</option>' in html
    response = client.get(page, {"season": spring.pk, "variant": "standard"})
    assert response.status_code == 200
    assert response.context_data["span"].season == spring
    row = response.context_data["figures"].row
    assert (row.games, row.wins) == (1, 1)
    assert row.rating == pytest.approx(SeasonStanding.objects.get(season=spring, player=ben, variant="").rating)
    assert "The chart is Ben's all-time rating" in response.content.decode()
    # Nobody played in the autumn.
    autumn = Season.objects.get(name="Autumn 2025")
    assert client.get(page, {"season": autumn.pk}).context_data["figures"].row is None


def test_a_season_of_another_league_or_none_is_refused_on_the_player_page(client, league, user, games):
    other = Season.add(League.create_for(user, "Another house"), "Theirs", date(2025, 1, 1), date(2025, 12, 31))
    ben = league.players.get(name="Ben")
    client.force_login(user)
    page = reverse("games:player-detail", args=[league.pk, ben.pk])
    for season in (other.pk, "x", "99999999"):
        response = client.get(page, {"season": season})
        assert response.status_code == 422
        assert response.context_data["span"].season is None


def test_naming_a_season_shows_its_own_ratings_on_a_player_page_already_seen_for_those_dates(
    client, league, user, games
):
    """The page keeps its figures in a cache: naming a season with dates already shown must not
    leave the all-time rating there."""
    # A game before the season, so that the all-time rating and the season's differ.
    played(league, "standard", MOON_AND_QUEEN, datetime(2024, 1, 10, 20, tzinfo=UTC), {"target": 30})
    ben = league.players.get(name="Ben")
    client.force_login(user)
    page = reverse("games:player-detail", args=[league.pk, ben.pk])
    spring = {"since": "2025-03-01", "until": "2025-06-30"}

    def rating_shown() -> str:
        html = client.get(page, spring).content.decode()
        return html.split("<dt>Rating</dt><dd>", 1)[1].split("</dd>", 1)[0]

    all_time = Standing.objects.get(league=league, player=ben, variant=Standing.ALL_VARIANTS).rating
    assert rating_shown() == f"{all_time:.1f}"  # dates of no season: the all-time rating

    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 6, 30))
    own = SeasonStanding.objects.get(season=season, player=ben, variant=Standing.ALL_VARIANTS).rating
    assert f"{own:.1f}" != f"{all_time:.1f}"
    assert rating_shown() == f"{own:.1f}"
