"""The league counts partners and Turbo Hearts' money (issue 23): a team game is a win for both
partners and no meeting between them, openskill rates partners as one team, and Turbo games show
their money per game, per player, in the standings (a column only where Turbo is played) and the CSV.

The two games, from tests/games/test_more_variants_kept.py, worked out by hand there:
- TEAMS: Ann+Cat 19 against Ben+Dan 33; Ann and Cat win.
- TURBO (../shared/examples/variants/turbo-four-hands): totals Ann 11, Ben 27, Cat 3, Dan 49, Cat
  wins (lowest total); money Ann +46, Ben −18, Cat +78, Dan −106 (zero-sum: 46 − 18 + 78 − 106 = 0).
"""

import csv
import io
import math

import pytest
from django.urls import reverse

from games import stats
from games.models import Game, Player, Rivalry
from tests.games.league_seed import seed_league
from tests.games.test_history_archive import ARCHIVE_QUERIES
from tests.games.test_history_player import PLAYER_QUERIES
from tests.games.test_history_standings import STANDINGS_QUERIES
from tests.games.test_more_variants_kept import TEAMS, TURBO

pytestmark = pytest.mark.django_db


@pytest.fixture
def both(league, user):
    Game.import_scoresheet(league, TEAMS, user)
    Game.import_scoresheet(league, TURBO, user)
    return league


def player(league, name):
    return Player.objects.get(league=league, name=name)


def test_a_team_game_is_a_win_for_both_partners_and_turbo_money_is_summed(both):
    rows = {row.name: row for row in stats.standings(both)}
    # Ann wins the team game only, Cat the team game and the Turbo game.
    assert {name: (row.games, row.wins) for name, row in rows.items()} == {
        "Ann": (2, 1), "Ben": (2, 0), "Cat": (2, 2), "Dan": (2, 0),
    }  # fmt: skip
    assert {name: (row.money, row.money_games) for name, row in rows.items()} == {
        "Ann": (46, 1), "Ben": (-18, 1), "Cat": (78, 1), "Dan": (-106, 1),
    }  # fmt: skip


def test_head_to_head_leaves_partners_out_and_counts_the_rest(both):
    # Ann: the team game beats Ben and Dan (her partner Cat is no opponent there); the Turbo game
    # beats Ben (11 < 27) and Dan (11 < 49) and loses to Cat (the winner).
    # Ben against Dan: partners in the team game, 27 < 49 in the Turbo game.
    records = {
        (row.player.name, row.opponent.name): (row.wins, row.losses, row.ties)
        for row in Rivalry.objects.filter(league=both).select_related("player", "opponent")
    }
    assert records[("Ann", "Ben")] == (2, 0, 0)
    assert records[("Ann", "Dan")] == (2, 0, 0)
    assert records[("Ann", "Cat")] == (0, 1, 0)
    assert records[("Cat", "Ann")] == (1, 0, 0)
    assert records[("Ben", "Dan")] == (1, 0, 0)
    assert records[("Dan", "Ben")] == (0, 1, 0)
    assert records[("Cat", "Ben")] == (2, 0, 0)


def test_head_to_head_over_dates_agrees_with_the_kept_one(both):
    ann = player(both, "Ann")
    span = stats.Span("", *sorted(both.games.values_list("played_on", flat=True)))
    over_dates = {(r.name, r.wins, r.losses, r.ties) for r in stats.head_to_head(both, ann, span)}
    assert over_dates == {("Ben", 2, 0, 0), ("Cat", 0, 1, 0), ("Dan", 2, 0, 0)}
    assert over_dates == {(r.name, r.wins, r.losses, r.ties) for r in stats.head_to_head(both, ann)}


def test_partners_are_rated_as_one_team(league, user):
    Game.import_scoresheet(league, TEAMS, user)
    ratings = dict(Game.objects.get().seats.values_list("player__name", "rating_mu"))
    # openskill's Plackett-Luce, two teams of two newcomers (mu 25, sigma 25/3, beta 25/6, and
    # tau 25/300 added to each sigma first: σ² = (25/3)² + (25/300)² ≈ 69.451):
    # c = sqrt(2 × (2σ² + β²)) ≈ 17.678; each team's chance is 1/2, so the winning team's omega
    # is 2σ²/c × (1 − 1/2), and each partner gains σ²/(2σ²) of it: σ²/(2c) ≈ 1.9643.
    sigma_squared, beta = (25 / 3) ** 2 + (25 / 300) ** 2, 25 / 6
    gain = sigma_squared / (2 * math.sqrt(2 * (2 * sigma_squared + beta**2)))
    assert ratings["Ann"] == pytest.approx(25 + gain)
    assert ratings["Cat"] == pytest.approx(25 + gain)
    assert ratings["Ben"] == pytest.approx(25 - gain)
    assert ratings["Dan"] == pytest.approx(25 - gain)
    assert gain == pytest.approx(1.964, abs=0.001)


def test_the_standings_show_money_only_in_a_league_that_plays_turbo(client, user, both):
    client.force_login(user)
    page = client.get(reverse("games:league-standings", args=[both.pk])).content.decode()
    assert ">Money<" in page
    # Cat's row: 2 wins, 2 games, ... and +78 last.
    assert "<td>+78</td></tr>" in page
    assert "<td>−106</td></tr>" in page
    teams_only = client.get(reverse("games:league-standings", args=[both.pk]), {"variant": "standard"})
    assert ">Money<" not in teams_only.content.decode()


def test_the_standings_sort_by_money(client, user, both):
    client.force_login(user)
    response = client.get(reverse("games:league-standings", args=[both.pk]), {"sort": "money"})
    assert [row.name for row in response.context_data["rows"]] == ["Cat", "Ann", "Ben", "Dan"]


def test_a_league_without_turbo_has_no_money_column(client, user, league):
    Game.import_scoresheet(league, TEAMS, user)
    client.force_login(user)
    page = client.get(reverse("games:league-standings", args=[league.pk])).content.decode()
    assert ">Money<" not in page


def test_the_player_page_shows_their_money(client, user, both):
    client.force_login(user)
    page = client.get(reverse("games:player-detail", args=[both.pk, player(both, "Dan").pk])).content.decode()
    assert "<dt>Money</dt><dd>−106 <small>(1 Turbo game)</small></dd>" in page
    ben = client.get(reverse("games:player-detail", args=[both.pk, player(both, "Ben").pk]), {"variant": "standard"})
    assert "<dt>Money</dt>" not in ben.content.decode()


def test_the_games_list_shows_each_turbo_players_money(client, user, both):
    client.force_login(user)
    page = client.get(reverse("games:league-games", args=[both.pk])).content.decode()
    assert "Ann 11 (money +46)" in page
    assert "Dan 49 (money −106)" in page
    assert "Ann 19 (money" not in page  # the team game pays no money


def test_games_csv_has_the_money_of_turbo_games(client, user, both):
    client.force_login(user)
    response = client.get(reverse("games:league-export-games", args=[both.pk]))
    text = b"".join(response.streaming_content).decode()
    table = list(csv.DictReader(io.StringIO(text[1:])))
    assert table[0].keys() >= {"money", "rating"}
    money = {(row["variant"], row["player"]): row["money"] for row in table}
    assert money[("turbo", "Ann")] == "46"
    assert money[("turbo", "Dan")] == "-106"
    assert money[("standard", "Ann")] == ""


def test_the_csv_header_goes_through_gettext(monkeypatch):
    from django.utils import translation

    from games.csv_export import games_csv_header

    translation.gettext("")
    monkeypatch.setattr(translation._trans, "pgettext", lambda context, message: f"[{context}|{message}]")
    assert games_csv_header("UTC")[-1] == "[games.csv column|money]"


def test_pages_with_turbo_and_team_games_take_the_usual_queries(client, user, league, django_assert_num_queries):
    seed_league(league, games=30, players=8)
    for _ in range(10):
        Game.import_scoresheet(league, TEAMS, user, again=True)
        Game.import_scoresheet(league, TURBO, user, again=True)
    client.force_login(user)
    with django_assert_num_queries(STANDINGS_QUERIES):
        response = client.get(reverse("games:league-standings", args=[league.pk]))
    assert ">Money<" in response.content.decode()
    with django_assert_num_queries(ARCHIVE_QUERIES):
        client.get(reverse("games:league-games", args=[league.pk]) + "?page=1")
    ann = reverse("games:player-detail", args=[league.pk, player(league, "Ann").pk])
    with django_assert_num_queries(PLAYER_QUERIES):
        page = client.get(ann)
    assert "<dt>Money</dt>" in page.content.decode()


def test_rate_game_groups_partners_and_leaves_a_game_without_teams_as_it_was():
    from games.ratings import rate_game

    # Partners at seats 0 and 2 won; each partner moves as the team does (worked out above).
    after = rate_game([None] * 4, [19, 33, 19, 33], [True, False, True, False], [0, 1, 0, 1])
    assert after[0] == after[2]
    assert after[1] == after[3]
    assert after[0][0] == pytest.approx(26.9643, abs=1e-4)
    assert after[1][0] == pytest.approx(23.0357, abs=1e-4)
    # No teams (None for every seat): four players alone, as before issue 23.
    alone = rate_game([None] * 4, [19, 33, 19, 33], [True, False, True, False], [None] * 4)
    assert alone == rate_game([None] * 4, [19, 33, 19, 33], [True, False, True, False])
    assert alone[0] != after[0]


def test_hands_csv_has_each_hands_money_summing_to_each_players_game_money(client, user, both):
    """Each Turbo hand's money per seat, after the seats' columns; a hand's money sums to 0 and a seat's
    hands sum to the game's money the games.csv and the standings show (+46, −18, +78, −106 above)."""
    client.force_login(user)
    response = client.get(reverse("games:league-export-hands", args=[both.pk]))
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode()[1:])))
    turbo = [row for row in rows if row["money_1"] != ""]
    assert turbo, "the Turbo game's hands carry money"
    sums = {}
    for row in turbo:
        money = [int(row[f"money_{seat}"]) for seat in range(1, 5)]
        assert sum(money) == 0
        assert row["money_5"] == ""
        for seat in range(1, 5):
            sums[row[f"player_{seat}"]] = sums.get(row[f"player_{seat}"], 0) + money[seat - 1]
    assert sums == {"Ann": 46, "Ben": -18, "Cat": 78, "Dan": -106}
    partners = [row for row in rows if row not in turbo]
    assert partners, "the team game's hands are listed too"
    for row in partners:
        assert row["money_1"] == ""  # the team game pays no money
        # Partners sit opposite (Ann+Cat, Ben+Dan): each seat shows its team's points and total.
        assert (row["points_1"], row["total_1"]) == (row["points_3"], row["total_3"])
        assert (row["points_2"], row["total_2"]) == (row["points_4"], row["total_4"])
