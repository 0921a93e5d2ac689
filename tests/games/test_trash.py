"""The trash: a deleted game, season or house rules waits 30 days for an organizer to restore it, then purge_trash removes it."""

import io
import json
from datetime import UTC, date, datetime, timedelta
from unittest import mock

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.csv_export import games_csv_rows, hands_csv_rows
from games.league_file.export import export_league
from games.models import (
    ActivityEntry,
    Game,
    Hand,
    HandRevision,
    League,
    LeaguePreset,
    Player,
    PlayerInUse,
    Season,
    SeasonStanding,
    Seat,
    Standing,
)
from tests.factories import LeaguePresetFactory, make_game
from tests.games.league_seed import members

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]

NOW = datetime(2026, 5, 1, 12, tzinfo=UTC)


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


def standings(league):
    """Every player's figures over every variant, and their rating, as the standings keep them."""
    rows = Standing.objects.filter(league=league, variant="").order_by("player__name")
    return [(row.player.name, row.games, row.wins, row.total, row.rating) for row in rows]


def games_played(league):
    return {name: games for name, games, *_ in standings(league)}


def trash_url(league):
    return reverse("games:league-trash", args=[league.pk])


def restore_url(league, kind, item):
    return reverse("games:trash-restore", args=[league.pk, kind, item.pk])


def at(moment):
    """Django's clock stopped at `moment`."""
    return mock.patch("django.utils.timezone.now", return_value=moment)


def test_a_deleted_game_leaves_every_page_and_file_and_comes_back_as_it_was(scorer, league, games):
    wraps = games["wraps"]
    before = standings(league)
    # The seed's three counted games (moon, 69 for 5, wraps) were played by all four.
    assert games_played(league) == {"Ann": 3, "Ben": 3, "Cat": 3, "Dan": 3}
    response = scorer.post(reverse("games:game-delete", args=[wraps.pk]))
    assert response.status_code == 302
    assert Game.all_objects.get(pk=wraps.pk).trashed_at is not None

    assert games_played(league) == {"Ann": 2, "Ben": 2, "Cat": 2, "Dan": 2}
    # The cache kept on the way (from the deleted game on) is what a rebuild from scratch gives.
    kept = standings(league)
    league.results_changed()
    assert standings(league) == kept
    assert (
        reverse("games:game-scoresheet", args=[wraps.pk])
        not in scorer.get(reverse("games:league-games", args=[league.pk])).content.decode()
    )
    ann = Player.objects.get(league=league, name="Ann")
    player_page = scorer.get(reverse("games:player-detail", args=[league.pk, ann.pk])).content.decode()
    assert reverse("games:game-scoresheet", args=[wraps.pk]) not in player_page
    assert scorer.get(reverse("games:game-scoresheet", args=[wraps.pk])).status_code == 404
    assert scorer.get(reverse("games:game-detail", args=[wraps.pk])).status_code == 404
    assert {row[0] for row in games_csv_rows(league)} - {"game"} == {1, 2, 4, 5, 6}
    assert {row[0] for row in hands_csv_rows(league)} - {"game"} == {1, 2, 4, 5, 6}
    assert [game["number"] for game in export_league(league)["games"]] == [1, 2, 4, 5, 6]
    assert not Hand.objects.filter(game=wraps).exists()
    assert not HandRevision.objects.filter(game=wraps).exists()
    # Its number is never given to another game.
    assert make_game(league).number == 7

    page = scorer.get(trash_url(league)).content.decode()
    assert 'data-testid="trashed-game-3"' in page
    assert restore_url(league, "game", wraps) in page
    response = scorer.post(restore_url(league, "game", wraps))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:game-scoresheet", args=[wraps.pk])
    assert standings(league) == before
    assert Hand.objects.filter(game=wraps).count() == wraps.hand_count
    assert 'data-testid="trashed-game-3"' not in scorer.get(trash_url(league)).content.decode()


def test_a_restored_old_game_re_rates_the_games_after_it(scorer, league, games):
    """The first counted game gone, the later ones are rated without it; back, with it again."""
    ratings = dict(Seat.objects.filter(game=games["wraps"]).values_list("player__name", "rating_mu"))
    games["moon"].trash()
    without = dict(Seat.objects.filter(game=games["wraps"]).values_list("player__name", "rating_mu"))
    assert without != ratings
    Game.all_objects.get(pk=games["moon"].pk).restore()
    assert dict(Seat.objects.filter(game=games["wraps"]).values_list("player__name", "rating_mu")) == ratings


def test_an_unfinished_game_in_the_trash_is_not_under_way_on_the_league_page(scorer, league, games):
    scorer.post(reverse("games:game-delete", args=[games["in_progress"].pk]))
    page = scorer.get(reverse("games:league-detail", args=[league.pk])).content.decode()
    assert reverse("games:game-detail", args=[games["in_progress"].pk]) not in page
    assert reverse("games:game-detail", args=[games["in_progress"].pk]) not in scorer.get("/").content.decode()


@pytest.mark.parametrize("role", ["scorer", "viewer"])
def test_only_organizers_see_the_trash_and_restore(client, league, games, role):
    games["wraps"].trash()
    client.force_login(members(league)[role])
    assert client.get(trash_url(league)).status_code == 403
    assert client.post(restore_url(league, "game", games["wraps"])).status_code == 403
    assert not Game.objects.filter(pk=games["wraps"].pk).exists()


def test_a_second_organizer_restores_a_game(client, league, games):
    games["wraps"].trash()
    client.force_login(members(league)["organizer"])
    assert client.post(restore_url(league, "game", games["wraps"])).status_code == 302
    assert Game.objects.filter(pk=games["wraps"].pk).exists()


def test_restoring_what_is_not_in_the_trash_is_a_404(scorer, league, games):
    assert scorer.post(restore_url(league, "game", games["wraps"])).status_code == 404
    assert scorer.post(reverse("games:trash-restore", args=[league.pk, "player", games["wraps"].pk])).status_code == 404


def test_the_purge_keeps_the_trash_30_days_then_removes_it_for_good(league, games):
    with at(NOW):
        games["wraps"].trash()
        Season.add(league, "Spring", date(2025, 3, 1), date(2025, 5, 31)).trash()
        LeaguePresetFactory(league=league, name="Black Maria").trash()
    trashed = Game.all_objects.get(pk=games["wraps"].pk)
    wraps_seats = list(Seat.all_objects.filter(game=trashed).values_list("pk", flat=True))

    out = io.StringIO()
    with at(NOW + timedelta(days=30) - timedelta(seconds=1)):
        call_command("purge_trash", stdout=out)
        assert out.getvalue() == ""
        # On its last day in the trash it can still come back.
        assert trashed.trashed_at + timedelta(days=30) > NOW + timedelta(days=30) - timedelta(seconds=1)
    assert Game.all_objects.filter(pk=trashed.pk).exists()

    out = io.StringIO()
    with at(NOW + timedelta(days=30, seconds=1)):
        call_command("purge_trash", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines == [
        f"Removed game 3 of league {league.pk} {league.name!r}, trashed 2026-05-01",
        f"Removed season 'Spring' of league {league.pk} {league.name!r}, trashed 2026-05-01",
        f"Removed house rules 'Black Maria' of league {league.pk} {league.name!r}, trashed 2026-05-01",
    ]
    assert not Game.all_objects.filter(pk=trashed.pk).exists()
    assert not Seat.all_objects.filter(pk__in=wraps_seats).exists()
    assert not Season.all_objects.filter(name="Spring").exists()
    assert not LeaguePreset.all_objects.filter(name="Black Maria").exists()
    # The other games and the players stay; a second run finds nothing more.
    assert Game.objects.filter(league=league).count() == 5
    out = io.StringIO()
    with at(NOW + timedelta(days=31)):
        call_command("purge_trash", stdout=out)
    assert out.getvalue() == ""


def test_the_purge_removes_a_league_with_its_games_after_30_days(league, games, user):
    with at(NOW):
        league.trash(user)
        games["moon"].trash(user)
    other = make_game(members(league)["outsider"].memberships.get().league)
    with at(NOW + timedelta(days=29)):
        call_command("purge_trash", stdout=io.StringIO())
    assert League.all_objects.filter(pk=league.pk).exists()
    out = io.StringIO()
    with at(NOW + timedelta(days=31)):
        call_command("purge_trash", stdout=out)
    assert out.getvalue() == f"Removed league {league.pk} {league.name!r}, trashed 2026-05-01\n"
    assert not League.all_objects.filter(pk=league.pk).exists()
    assert not Game.all_objects.filter(league_id=league.pk).exists()
    assert not Player.objects.filter(league_id=league.pk).exists()
    assert Game.objects.filter(pk=other.pk).exists()


def test_after_30_days_the_trash_no_longer_offers_it(scorer, league, games):
    with at(NOW):
        games["wraps"].trash()
    with at(NOW + timedelta(days=30, seconds=1)):
        assert 'data-testid="trashed-game-3"' not in scorer.get(trash_url(league)).content.decode()
        assert scorer.post(restore_url(league, "game", games["wraps"])).status_code == 404
    with at(NOW + timedelta(days=29)):
        assert 'data-testid="trashed-game-3"' in scorer.get(trash_url(league)).content.decode()


def test_a_deleted_season_leaves_the_standings_and_comes_back_with_its_own(scorer, league, games):
    spring = Season.add(league, "Spring", date(2025, 3, 1), date(2025, 3, 2))
    rows = sorted(SeasonStanding.objects.filter(season=spring).values_list("player__name", "variant", "games"))
    # The games of 1 and 2 March: two counted games for each of the four.
    assert sorted(games for name, variant, games in rows if variant == "") == [2, 2, 2, 2]
    response = scorer.post(reverse("games:season-delete", args=[league.pk, spring.pk]))
    assert response.status_code == 302
    assert not Season.objects.filter(name="Spring").exists()
    scorer.get(trash_url(league))  # the page that shows the message of the delete
    # The league's calendar year comes back, as when the last named season is deleted.
    assert list(Season.objects.filter(league=league).values_list("name", "automatic")) == [("2025", True)]
    assert "Spring" not in scorer.get(reverse("games:league-standings", args=[league.pk])).content.decode()
    assert "Spring" in scorer.get(trash_url(league)).content.decode()

    assert scorer.post(restore_url(league, "season", spring)).status_code == 302
    assert list(Season.objects.filter(league=league).values_list("name", "automatic")) == [("Spring", False)]
    assert sorted(SeasonStanding.objects.filter(season=spring).values_list("player__name", "variant", "games")) == rows


def test_a_season_whose_name_was_taken_meanwhile_is_not_restored(scorer, league, games):
    spring = Season.add(league, "Spring", date(2025, 3, 1), date(2025, 3, 2))
    spring.trash()
    Season.add(league, "spring", date(2025, 3, 3), date(2025, 3, 4))
    response = scorer.post(restore_url(league, "season", spring), follow=True)
    assert "has another season called Spring now" in response.content.decode()
    assert Season.all_objects.get(pk=spring.pk).trashed_at is not None


def test_deleted_house_rules_leave_the_league_and_come_back(scorer, league, games):
    preset = LeaguePresetFactory(league=league, name="Black Maria")
    response = scorer.post(reverse("games:preset-delete", args=[league.pk, preset.pk]))
    assert response.status_code == 302
    assert "Black Maria is in the trash" in scorer.get(response["Location"]).content.decode()
    page = scorer.get(reverse("games:league-detail", args=[league.pk])).content.decode()
    assert "Black Maria" not in page
    # The new-game form offers the built-in Black Maria preset (issue 23) but not the league's own.
    assert f"?preset={preset.pk}" not in scorer.get(reverse("games:game-new", args=[league.pk])).content.decode()
    assert scorer.get(reverse("games:preset-rules", args=[league.pk, preset.pk])).status_code == 404
    # Its name is free again meanwhile...
    taken = LeaguePresetFactory(league=league, name="Black Maria")
    response = scorer.post(restore_url(league, "preset", preset), follow=True)
    assert "has other house rules called Black Maria now" in response.content.decode()
    # ... and once the new ones are gone, the old ones come back.
    taken.trash()
    assert scorer.post(restore_url(league, "preset", preset)).status_code == 302
    assert "Black Maria" in scorer.get(reverse("games:league-detail", args=[league.pk])).content.decode()


def test_a_merge_takes_the_trashed_games_along_so_they_come_back_to_the_merged_player(league, games, user):
    eve = make_game(league, "standard", ["Eve", "Ben", "Cat", "Dan"])
    eve.trash(user)
    ann, eve_player = Player.objects.get(league=league, name="Ann"), Player.objects.get(league=league, name="Eve")
    # A player whose only game is in the trash is not deleted: the game may come back.
    with pytest.raises(PlayerInUse, match="in the trash"):
        eve_player.discard()
    eve_player.merge_into(ann, user)
    Game.all_objects.get(pk=eve.pk).restore(user)
    assert [seat.player.name for seat in Game.objects.get(pk=eve.pk).ordered_seats()] == ["Ann", "Ben", "Cat", "Dan"]


def test_a_league_file_leaves_out_the_trash(league, games):
    games["wraps"].trash()
    Season.add(league, "Spring", date(2025, 3, 1), date(2025, 3, 2)).trash()
    document = json.loads(json.dumps(export_league(league)))
    assert [game["number"] for game in document["games"]] == [1, 2, 4, 5, 6]
    assert document["seasons"] == []
    assert ActivityEntry.objects.filter(league=league, kind="game_deleted").count() == 1
