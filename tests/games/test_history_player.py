"""A player's page: statistics, rating chart, head-to-head and their games."""

import re
from datetime import UTC, datetime

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.models import League, Season, new_token
from rules.entry import HandEntry
from tests.conftest import HTMX
from tests.factories import PlayerFactory
from tests.games.league_seed import MOON_AND_QUEEN, hand_worked_league, members, played, seed_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


def url(league, player, query=""):
    return reverse("games:player-detail", args=[league.pk, player.pk]) + (f"?{query}" if query else "")


@pytest.fixture
def ann(league, games):
    return league.players.get(name="Ann")


@pytest.mark.parametrize("role", ["owner", "organizer", "scorer", "viewer"])
def test_every_member_sees_a_players_page(client, league, ann, role):
    client.force_login(members(league)[role])
    response = client.get(url(league, ann))
    assert response.status_code == 200
    assert response.template_name == "history/player.html"


def test_outsiders_get_404_and_visitors_are_sent_to_log_in(client, league, ann):
    client.force_login(members(league)["outsider"])
    assert client.get(url(league, ann)).status_code == 404
    client.logout()
    assert client.get(url(league, ann)).status_code == 302


def test_another_leagues_player_is_404(client, league, games, user):
    stranger = PlayerFactory()
    client.force_login(user)
    assert client.get(url(league, stranger)).status_code == 404


def test_the_statistics_are_anns(client, league, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann))
    row = response.context_data["figures"].row
    assert (row.games, row.wins, row.queens, row.wraps, row.sixty_nine) == (3, 2, 2, 1, 1)
    html = response.content.decode()
    assert "<dt>Wins</dt><dd>2 <small>(67%)</small></dd>" in html
    assert "<dt>Avg score</dt><dd>37.7</dd>" in html


def test_head_to_head_and_who_beats_ann_most(client, league, ann, user):
    client.force_login(user)
    html = client.get(url(league, ann)).content.decode()
    # Ben won game 1, where Cat and Dan (30) finished below Ann (44); Ann won games 2 and 3,
    # beating everyone, Dan's 65 to her 69 included: 2-1-0 against each.
    assert html.count("<td>2-1-0</td>") == 3
    assert "<td>1-2-0</td>" not in html
    assert "Beaten most often by <strong>" in html
    ben = league.players.get(name="Ben")  # all three once, in three games: the first by name
    assert f'<a href="{url(league, ben)}">Ben</a></strong>: 1 time in 3 games together.' in html


def test_ann_played_most_with_cat(client, league, ann, user):
    # Three counted games with each of Ben, Cat and Dan; then one with Ben and Cat and one with
    # Cat and Dan (Ann takes every heart, Ben or Cat the Q♠, to 10: the third player wins): Cat 5.
    day = datetime(2025, 3, 10, 20, tzinfo=UTC)
    played(league, "standard", [HandEntry.cards([13, 0, 0], 1)], day, {"target": 10}, players=["Ann", "Ben", "Cat"])
    played(league, "standard", [HandEntry.cards([13, 0, 0], 1)], day, {"target": 10}, players=["Ann", "Cat", "Dan"])
    client.force_login(user)
    html = client.get(url(league, ann)).content.decode()
    cat = league.players.get(name="Cat")
    assert f'Played with most: <strong><a href="{url(league, cat)}">Cat</a></strong>, in 5 games.' in html


def test_the_rating_chart_has_a_text_alternative(client, league, ann, user):
    client.force_login(user)
    html = client.get(url(league, ann)).content.decode()
    assert '<title id="rating-chart-title">Rating game by game</title>' in html
    assert "Ann&#x27;s rating after 3 games:" in html
    assert "style=" not in html


def test_the_latest_games_are_listed_with_a_link_to_all_of_them(client, league, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann))
    assert len(response.context_data["recent_games"]) == 6
    html = response.content.decode()
    assert f'href="{reverse("games:league-games", args=[league.pk])}?player={ann.pk}"' in html
    assert 'class="game-row-seat winner is-player"' in html


def test_only_the_ten_latest_games_are_listed(client, league, user):
    people = seed_league(league, games=40, players=4)
    client.force_login(user)
    assert len(client.get(url(league, people[0])).context_data["recent_games"]) == 10


def test_a_player_without_games(client, league, games, user):
    eve = PlayerFactory(league=league, name="Eve")
    client.force_login(user)
    response = client.get(url(league, eve))
    assert response.status_code == 200
    assert "Eve has no counted game yet" in response.content.decode()


def test_players_pages_are_not_public(client, league, ann):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    assert client.get(url(league, ann)).status_code == 302


# Session, user, membership, the league's seasons (the season select), the players' names (for
# the cached figures' key, and the player's own), the seats of their latest games and the club
# nights they came to; then, unless the figures are cached, their standing, rating history and
# head-to-head.
PLAYER_QUERIES = 10
CACHED_PLAYER_QUERIES = 7


# The first visit after a game of the player's ends: the cached queries, then their standings row and
# head-to-head; their rated games are mended from the change itself (ResultsChange.rated), no log read.
AFTER_A_GAME_PLAYER_QUERIES = 9


def test_the_first_visit_after_a_game_of_the_players_ends_reads_none_of_their_games(
    client, league, user, django_assert_num_queries, django_capture_on_commit_callbacks
):
    hand_worked_league(league, user)
    ann = league.players.get(name="Ann")
    client.force_login(user)
    client.get(url(league, ann))
    with django_capture_on_commit_callbacks(execute=True):  # the change goes to the cache on commit
        played(league, "standard", MOON_AND_QUEEN, datetime(2025, 4, 2, 20, tzinfo=UTC), {"target": 30})
    with django_assert_num_queries(AFTER_A_GAME_PLAYER_QUERIES):
        response = client.get(url(league, ann))
    assert response.context_data["figures"].row.games == 4
    assert len(response.context_data["figures"].history) == 4


def without_tokens(html):
    """A page without its CSRF tokens, masked afresh for each answer."""
    return re.sub(r"[A-Za-z0-9]{64}", "TOKEN", html)


def test_a_seasons_page_is_kept_while_games_end_after_the_season(
    client, league, user, django_assert_num_queries, django_capture_on_commit_callbacks
):
    hand_worked_league(league, user)  # March 2025
    ann = league.players.get(name="Ann")
    season = Season.objects.get(league=league, name="2025")
    client.force_login(user)
    client.get(url(league, ann, f"season={season.pk}"))
    with django_capture_on_commit_callbacks(execute=True):
        played(league, "standard", MOON_AND_QUEEN, datetime(2026, 1, 5, 20, tzinfo=UTC), {"target": 30})
    with django_assert_num_queries(CACHED_PLAYER_QUERIES):  # the season's figures as they were
        kept = client.get(url(league, ann, f"season={season.pk}")).content.decode()
    cache.clear()
    afresh = client.get(url(league, ann, f"season={season.pk}")).content.decode()
    assert without_tokens(kept) == without_tokens(afresh)
    assert "Ann has no counted game yet" not in kept
    # A game in the season moves its figures: Ann's fourth game of 2025.
    with django_capture_on_commit_callbacks(execute=True):
        played(league, "standard", MOON_AND_QUEEN, datetime(2025, 12, 30, 20, tzinfo=UTC), {"target": 30})
    response = client.get(url(league, ann, f"season={season.pk}"))
    assert response.context_data["figures"].row.games == 4


def test_a_dated_pages_figures_are_kept_after_the_span_but_its_rating_is_the_players_now(
    client, league, user, django_assert_num_queries, django_capture_on_commit_callbacks
):
    hand_worked_league(league, user)  # 1-3 March 2025
    others = ["Eve", "Fay", "Gus", "Hal"]
    # A game after March, so that the span leaves games out (its sums are the span's, not the league's).
    played(league, "standard", MOON_AND_QUEEN, datetime(2025, 4, 1, 20, tzinfo=UTC), {"target": 30}, players=others)
    ann = league.players.get(name="Ann")
    march = "since=2025-03-01&until=2025-03-31"
    client.force_login(user)
    before = client.get(url(league, ann, march)).context_data["figures"].row.rating
    with django_capture_on_commit_callbacks(execute=True):  # others play after the span
        played(league, "standard", MOON_AND_QUEEN, datetime(2025, 4, 2, 20, tzinfo=UTC), {"target": 30}, players=others)
    with django_assert_num_queries(CACHED_PLAYER_QUERIES):
        client.get(url(league, ann, march))
    with django_capture_on_commit_callbacks(execute=True):  # Ann plays after the span: her rating moves
        played(league, "standard", MOON_AND_QUEEN, datetime(2025, 4, 3, 20, tzinfo=UTC), {"target": 30})
    # Drawn again, from the span's kept sums and head-to-head, the names the page read and her
    # rating from her rated games, mended from the change: the league's first and last days of
    # play (whether the span leaves games out) is its one query beyond the page's own.
    with django_assert_num_queries(CACHED_PLAYER_QUERIES + 1):
        kept = client.get(url(league, ann, march))
    cache.clear()
    afresh = client.get(url(league, ann, march))
    assert without_tokens(kept.content.decode()) == without_tokens(afresh.content.decode())
    assert afresh.context_data["figures"].row.rating != before
    assert afresh.context_data["figures"].row.games == 3  # March's three games alone


@pytest.mark.parametrize("games_played", [50, 500])
def test_the_player_page_takes_the_same_queries_for_50_and_500_games(
    client, league, user, django_assert_num_queries, games_played
):
    people = seed_league(league, games=games_played, players=12)
    client.force_login(user)
    with django_assert_num_queries(PLAYER_QUERIES):
        response = client.get(url(league, people[0]))
    assert response.context_data["figures"].row.games > 0
    with django_assert_num_queries(CACHED_PLAYER_QUERIES):
        client.get(url(league, people[0]))


# What league apps show: streaks, best and worst game, moons, variants ------------------


def test_streaks_best_and_worst_game_and_variants_are_anns(client, league, games, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann))
    record = response.context_data["figures"].record
    # Ann lost game 1 (44), then won game 2 (69 for 5) and game 3 (0): two in a row.
    assert (record.current_streak, record.longest_streak) == (2, 2)
    # Her best: the win on 0 (game 3); her worst: the loss on 44 (game 1), not the win on 69.
    assert (record.best.number, record.best.total) == (3, 0)
    assert (record.worst.number, record.worst.total) == (1, 44)
    assert record.moons == []
    # Standard: games 1 and 3, one win, (44 + 0) / 2 = 22.0; Ricketts: game 2, won on 69.
    assert [(v.name, v.games, v.wins, v.average) for v in record.variants] == [
        ("Hearts", 2, 1, 22.0),
        ("Ricketts House Hearts", 1, 1, 69.0),
    ]
    html = response.content.decode()
    scoresheet = reverse("games:game-scoresheet", args=[games["wraps"].pk])
    assert f'Best game: <a href="{scoresheet}">game 3, 3 Mar 2025</a>, finished on 0 and won.' in html
    assert "<dt>Win streak</dt><dd>2 <small>(longest 2)</small></dd>" in html
    assert "Moons shot: none yet." in html


def test_the_moons_ben_shot_are_listed_and_linked(client, league, games, user):
    ben = league.players.get(name="Ben")
    client.force_login(user)
    response = client.get(url(league, ben))
    record = response.context_data["figures"].record
    assert [game.number for game in record.moons] == [1]
    # Ben won game 1 on 0, then lost on 74 and 17: no streak now, one at best.
    assert (record.current_streak, record.longest_streak) == (0, 1)
    assert (record.worst.number, record.worst.total) == (2, 74)
    scoresheet = reverse("games:game-scoresheet", args=[games["moon"].pk])
    # As a reader sees it: the template's line breaks fold into the spaces between the words.
    assert f'Moons shot: <a href="{scoresheet}">game 1</a>.' in " ".join(response.content.decode().split())


def test_a_variant_narrows_the_page(client, league, games, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann, "variant=standard"))
    assert response.status_code == 200
    row = response.context_data["figures"].row
    assert (row.games, row.wins) == (2, 1)
    # Over standard games only: against Dan, game 1 (44 to 30, a loss) and game 3 (won).
    records = {r.name: (r.wins, r.losses, r.ties) for r in response.context_data["figures"].records}
    assert records["Dan"] == (1, 1, 0)
    assert "Hearts, every date" in response.content.decode()


def test_dates_narrow_the_page_and_htmx_gets_just_the_figures(client, league, games, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann, "since=2025-03-02&until=2025-03-02"), headers=HTMX)
    assert response.template_name == "history/player.html#player-figures"
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="player-figures"')
    assert (response.context_data["figures"].row.games, response.context_data["figures"].row.wins) == (1, 1)
    assert response.context_data["figures"].record.best.number == 2


def test_a_bad_filter_says_so_with_422_and_shows_every_game(client, league, games, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann, "since=2025-03-03&until=2025-03-01"))
    assert response.status_code == 422
    assert "The &#x27;from&#x27; date is after the &#x27;to&#x27; date." in response.content.decode()
    assert response.context_data["figures"].row.games == 3


def test_a_win_rate_below_the_minimum_says_it_is_not_ranked(client, league, games, ann, user):
    League.objects.filter(pk=league.pk).update(min_games=5)
    client.force_login(user)
    html = client.get(url(league, ann)).content.decode()
    assert "(67%, not ranked: fewer than 5 games)" in html


# The public link shows players' pages too ---------------------------------------------


def public_url(league, player, query=""):
    return reverse("games:public-player", args=[league.public_token, player.pk]) + (f"?{query}" if query else "")


def test_the_public_link_shows_a_players_page_without_account_names(client, league, games, ann):
    people = members(league)
    ann.user = people["viewer"]
    ann.save()
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    standings = client.get(reverse("games:public-standings", args=[league.public_token])).content.decode()
    assert f'href="{public_url(league, ann)}"' in standings
    response = client.get(public_url(league, ann))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Head to head" in html
    for person in people.values():
        assert person.get_username() not in html
    # Its links stay behind the public link.
    ben = league.players.get(name="Ben")
    assert f'href="{public_url(league, ben)}"' in html
    assert reverse("games:player-detail", args=[league.pk, ben.pk]) not in html
    assert client.get(public_url(league, ann, "variant=ricketts"), headers=HTMX).status_code == 200


def test_a_wrong_public_link_or_another_leagues_player_is_404(client, league, games, ann):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    assert client.get(reverse("games:public-player", args=["not-the-token", ann.pk])).status_code == 404
    assert client.get(public_url(league, PlayerFactory())).status_code == 404


# The figures are cached until what they show changes ------------------------------------


def test_a_new_counted_game_shows_in_the_figures_at_once(client, league, ann, user):
    client.force_login(user)
    assert client.get(url(league, ann)).context_data["figures"].row.games == 3
    # A fourth counted game, in April: Ben shoots the moon and wins; Ann ends on 44.
    played(league, "standard", MOON_AND_QUEEN, datetime(2025, 4, 2, 20, tzinfo=UTC), {"target": 30})
    html = client.get(url(league, ann)).content.decode()
    assert "<dt>Games</dt><dd>4</dd>" in html


def test_an_opponents_new_name_shows_in_the_head_to_head_at_once(client, league, ann, user):
    client.force_login(user)
    assert ">Ben</a>" in client.get(url(league, ann)).content.decode()
    ben = league.players.get(name="Ben")
    ben.name = "Benedict"
    ben.save()
    html = client.get(url(league, ann)).content.decode()
    assert ">Benedict</a>" in html
    assert ">Ben</a>" not in html


def test_a_season_and_the_whole_history_are_cached_apart(client, league, ann, user):
    client.force_login(user)
    assert "<dt>Games</dt><dd>3</dd>" in client.get(url(league, ann)).content.decode()
    # Only 2 March: the 69-for-5 game.
    assert (
        "<dt>Games</dt><dd>1</dd>" in client.get(url(league, ann, "since=2025-03-02&until=2025-03-02")).content.decode()
    )
    assert "<dt>Games</dt><dd>3</dd>" in client.get(url(league, ann)).content.decode()


def client_for(user):
    member = Client()
    member.force_login(user)
    return member


def test_the_public_links_figures_are_not_a_members(client, league, ann, user):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    member = client_for(user)
    member_html = member.get(url(league, ann)).content.decode()
    ben = league.players.get(name="Ben")
    assert f'href="{url(league, ben)}"' in member_html
    public_html = client.get(public_url(league, ann)).content.decode()
    assert f'href="{public_url(league, ben)}"' in public_html
    assert url(league, ben) not in public_html
