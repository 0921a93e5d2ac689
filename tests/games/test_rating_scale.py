"""A league shows its ratings on openskill's own scale or an Elo-like one (1000 + 40 x openskill's),
the same on every page, chart and spreadsheet, with the stored ratings and their order unchanged."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse

from games.league_file.export import export_league_json
from games.league_file.restore import import_league
from games.models import ActivityEntry, League, Seat, Standing
from games.ratings import ordinal
from games.stats import standings
from tests.games.league_seed import hand_worked_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


def stored(league, name):
    """The player's rating as stored (openskill's ordinal), read from the Standing table."""
    return Standing.objects.get(league=league, player__name=name, variant=Standing.ALL_VARIANTS).rating


def elo(league):
    League.objects.filter(pk=league.pk).update(rating_scale="elo")
    league.refresh_from_db()


def test_the_elo_like_scale_is_1000_plus_40_times_the_stored_rating_in_the_same_order(league, games):
    before = [(row.name, row.rating) for row in standings(league, sort="rating")]
    elo(league)
    after = [(row.name, row.rating) for row in standings(league, sort="rating")]
    assert [name for name, _ in after] == [name for name, _ in before]
    for (name, shown), (_, plain) in zip(after, before, strict=True):
        assert shown == pytest.approx(1000 + 40 * plain)
        assert plain == pytest.approx(stored(league, name))  # nothing stored moved


def test_the_standings_and_the_player_page_show_the_scaled_rating(client, league, games, user):
    elo(league)
    ann = league.players.get(name="Ann")
    client.force_login(user)
    expected = f"{1000 + 40 * stored(league, 'Ann'):.1f}"
    assert f"<td>{expected}</td>" in client.get(reverse("games:league-standings", args=[league.pk])).content.decode()
    page = client.get(reverse("games:player-detail", args=[league.pk, ann.pk])).content.decode()
    assert f"<dt>Rating</dt><dd>{expected}</dd>" in page
    assert "from 1000 before the first" in page
    assert (
        "new players start at 1000" in client.get(reverse("games:league-standings", args=[league.pk])).content.decode()
    )


def test_the_games_spreadsheet_shows_each_seats_rating_on_the_scale(client, league, games, user):
    elo(league)
    client.force_login(user)
    response = client.get(reverse("games:league-export-games", args=[league.pk]))
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))
    seat = Seat.objects.filter(game__league=league, player__name="Ben", rating_mu__isnull=False).latest("game__number")
    ben = next(row for row in rows if row["player"] == "Ben" and row["game"] == str(seat.game.number))
    assert float(ben["rating"]) == pytest.approx(1000 + 40 * ordinal(seat.rating_mu, seat.rating_sigma), abs=0.05)


def test_an_organizer_chooses_the_scale_and_the_activity_log_says_so(client, league, user):
    client.force_login(user)
    settings = {"name": league.name, "time_zone": "UTC", "min_games": 3, "rating_scale": "elo"}
    assert client.post(reverse("games:league-edit", args=[league.pk]), settings).status_code == 302
    league.refresh_from_db()
    assert league.rating_scale == "elo"
    entry = ActivityEntry.objects.filter(league=league, kind=ActivityEntry.Kind.SETTINGS_CHANGED).latest("pk")
    assert "rating_scale" in entry.facts["settings"]


def test_a_scale_the_app_does_not_have_is_refused_and_nothing_is_saved(client, league, user):
    client.force_login(user)
    settings = {"name": league.name, "time_zone": "UTC", "min_games": 3, "rating_scale": "glicko"}
    response = client.post(reverse("games:league-edit", args=[league.pk]), settings)
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    league.refresh_from_db()
    assert league.rating_scale == "openskill"


@pytest.mark.parametrize("setting", [{"language": "de"}, {"rating_scale": "elo"}])
def test_a_league_whose_language_or_scale_was_changed_restores_from_its_file(client, league, user, setting):
    """The activity log names the settings changed; the file's reader knew only the older ones, so a
    league whose language had been set could not be restored from its own file."""
    client.force_login(user)
    settings = {"name": league.name, "time_zone": "UTC", "min_games": 3, **setting}
    assert client.post(reverse("games:league-edit", args=[league.pk]), settings).status_code == 302
    league.refresh_from_db()
    document = "".join(export_league_json(league))
    league.discard()
    restored = import_league(json.loads(document), user)
    ((name, value),) = setting.items()
    assert getattr(restored, name) == value


def test_a_change_of_scale_shows_at_once_on_pages_kept_in_the_cache(client, league, games, user):
    ann = league.players.get(name="Ann")
    client.force_login(user)
    player_page = reverse("games:player-detail", args=[league.pk, ann.pk])
    plain = f"<dt>Rating</dt><dd>{stored(league, 'Ann'):.1f}</dd>"
    assert plain in client.get(player_page).content.decode()
    settings = {"name": league.name, "time_zone": "UTC", "min_games": 3, "rating_scale": "elo"}
    client.post(reverse("games:league-edit", args=[league.pk]), settings)
    scaled = f"<dt>Rating</dt><dd>{1000 + 40 * stored(league, 'Ann'):.1f}</dd>"
    assert scaled in client.get(player_page).content.decode()
    assert "Ratings now: Ann 1" in client.get(league.get_absolute_url()).content.decode()
