"""A phone at the table without an account: the game's table link, what it may do, and its end."""

import html
import re
from datetime import timedelta

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.activity import sentence
from games.models import ActivityEntry, Attempts, Game, Hand, HandRevision, Membership, TableLink
from tests.conftest import HTMX
from tests.factories import MembershipFactory, UserFactory, make_game

pytestmark = pytest.mark.django_db

# Hand 1: Ann 3 hearts, Cat 10 and the queen (Ben is seat 1).
HAND_1 = {"number": 1, "hearts_0": 3, "hearts_1": 0, "hearts_2": 10, "hearts_3": 0, "queen": 2}
HAND_2 = {"number": 2, "hearts_0": 0, "hearts_1": 13, "hearts_2": 0, "hearts_3": 0, "queen": 3}
# In a game to 20: Ann 3, Ben 1, Cat 9 and the queen (22), Dan 0: over, Dan wins.
LAST_HAND = {"number": 1, "hearts_0": 3, "hearts_1": 1, "hearts_2": 9, "hearts_3": 0, "queen": 2}


@pytest.fixture
def game(league):
    return make_game(league)


def link_of(game: Game) -> TableLink:
    return TableLink.objects.get(game=game, stopped_at=None)


def phone(game: Game, name: str = "") -> Client:
    """A phone with no account that opened the game's table link (and typed `name`, if any)."""
    client = Client()
    response = client.post(reverse("games:table-link", args=[link_of(game).token]), {"name": name})
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    return client


def record(client: Client, game: Game, hand: dict, **extra) -> object:
    return client.post(reverse("games:hand-new", args=[game.pk]), {**hand, "key": f"key-{hand['number']}"}, **extra)


def poller(client: Client, game: Game) -> str:
    page = client.get(game.get_absolute_url()).content.decode()
    return html.unescape(re.search(r'<div id="poll" hidden hx-get="([^"]+)"', page).group(1))


def test_a_games_token_carries_192_bits_and_only_its_digest_is_stored(game):
    link = link_of(game)
    token = link.token
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", token)  # 32 base64 characters: 24 bytes, 192 bits
    assert len(link.seed) >= 43  # secrets.token_urlsafe(32): 256 bits
    stored = [str(value) for value in TableLink.objects.filter(pk=link.pk).values_list().get()]
    assert token not in stored
    assert TableLink.objects.by_token(token) == link
    assert TableLink.objects.by_token(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    # Another game's link is another token.
    assert link_of(make_game(game.league)).token != token


def test_the_link_asks_first_and_a_get_grants_nothing(game):
    client = Client()
    response = client.get(reverse("games:table-link", args=[link_of(game).token]))
    assert response.status_code == 200
    assert "Your name (optional)" in response.content.decode()
    assert client.get(game.get_absolute_url()).status_code == 302  # still a stranger: to the login page


def test_a_phone_records_edits_and_deletes_hands_and_history_names_it(game):
    client = phone(game, "Ann")
    page = client.get(game.get_absolute_url())
    assert page.status_code == 200
    text = page.content.decode()
    assert 'data-testid="totals"' in text
    assert 'data-testid="next-deal"' in text
    # None of the game's other actions: the phone keeps its hands.
    assert reverse("games:game-export", args=[game.pk]) not in text
    assert reverse("games:game-share", args=[game.pk]) not in text
    assert 'data-testid="declare-abandoned"' not in text

    assert record(client, game, HAND_1).status_code == 302
    assert record(client, game, HAND_2).status_code == 302
    edited = {**HAND_2, "hearts_1": 12, "hearts_0": 1, "version": Game.objects.get(pk=game.pk).version}
    response = client.post(reverse("games:hand-edit", args=[game.pk, 2]), edited)
    assert response.status_code == 302
    assert client.post(reverse("games:hand-delete", args=[game.pk]), {"number": 2}).status_code == 302

    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]
    revisions = HandRevision.objects.filter(game=game)
    assert {(r.action, r.user_id, r.user_name) for r in revisions} == {
        ("added", None, "Ann's phone"),
        ("edited", None, "Ann's phone"),
        ("deleted", None, "Ann's phone"),
    }
    history = client.get(game.get_absolute_url()).content.decode()
    assert history.count("Ann&#x27;s phone") == 4  # three changes and the first hand's adding


def test_a_night_tables_phone_is_named_after_its_table_in_the_readers_language(league):
    players = [league.players.create(name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    from games.models import Night

    night = Night.begin(league, players, "standard", {}, 1, league.today(), user=league.owner, seed=1)
    night.start_round(1, league.owner)
    game = night.round_set.get(number=1).tables.get().game
    client = phone(game)
    assert record(client, game, HAND_1).status_code == 302
    assert HandRevision.objects.get(game=game).user_name == "Table 1's phone"
    client.cookies["django_language"] = "nl"
    assert "Telefoon van tafel 1" in client.get(game.get_absolute_url()).content.decode()


def test_the_activity_log_names_the_phone_that_ended_the_game(league):
    game = make_game(league, options={"target": 20})
    client = phone(game, "Ben")
    assert record(client, game, LAST_HAND).status_code == 302
    entry = ActivityEntry.objects.get(league=league, kind=ActivityEntry.Kind.GAME_FINISHED)
    assert (entry.user_id, entry.who) == (None, "Ben's phone")
    assert sentence(entry).startswith("Ben's phone entered the last hand of game")


def test_a_phone_reaches_nothing_but_its_game(game, league):
    other = make_game(league)
    client = phone(game)
    refused = [
        reverse("games:league-detail", args=[league.pk]),
        reverse("games:league-standings", args=[league.pk]),
        reverse("games:league-export-json", args=[league.pk]),
        other.get_absolute_url(),
        reverse("games:game-scoresheet", args=[other.pk]),
        reverse("games:game-export", args=[game.pk]),
        reverse("games:game-share", args=[game.pk]),
        reverse("games:game-scoresheet", args=[game.pk]),
        reverse("games:game-day", args=[game.pk]),
    ]
    for url in refused:
        response = client.get(url)
        assert response.status_code == 403, url
        assert "keeps the score of its table" in response.content.decode()
    # Another game's hand, and declaring its own game: refused, nothing stored.
    assert record(client, other, HAND_1).status_code == 403
    response = client.post(reverse("games:game-declare", args=[game.pk]), {"status": "abandoned"})
    assert response.status_code == 403
    assert not Hand.objects.filter(game__in=[game, other]).exists()
    assert Game.objects.get(pk=game.pk).declared == ""


def test_a_stopped_link_answers_410_to_the_page_a_hand_and_the_poll(game, league, user):
    client = phone(game)
    url = poller(client, game)
    assert client.get(url, headers=HTMX).status_code == 204
    organizer = Client()
    organizer.force_login(user)
    response = organizer.post(
        reverse("games:table-link-change", args=[game.pk]), {"action": "stop", "next": game.get_absolute_url()}
    )
    assert response.status_code == 302
    stopped = ActivityEntry.objects.get(league=league, kind=ActivityEntry.Kind.TABLE_LINK_STOPPED)
    assert sentence(stopped) == f"{user.get_username()} stopped the scoring link of game {game.number}"
    assert client.get(url, headers=HTMX).status_code == 410
    page = client.get(game.get_absolute_url())
    assert page.status_code == 410
    assert "scoring link has stopped" in page.content.decode()
    answer = record(client, game, HAND_1, headers=HTMX)
    assert (answer.status_code, answer["HX-Refresh"]) == (410, "true")
    queued = record(client, game, HAND_1, headers={"Accept": "application/json"})
    assert (queued.status_code, queued.json()["outcome"]) == (410, "stopped")
    assert not Hand.objects.filter(game=game).exists()
    # The link itself says so too.
    assert Client().get(reverse("games:table-link", args=[TableLink.objects.get(game=game).token])).status_code == 410


def test_only_an_organizer_stops_a_link_and_a_scorer_makes_a_new_one(game, league):
    scorer = UserFactory()
    MembershipFactory(league=league, user=scorer, role=Membership.Role.SCORER)
    client = Client()
    client.force_login(scorer)
    change = reverse("games:table-link-change", args=[game.pk])
    assert client.post(change, {"action": "stop"}).status_code == 403
    assert link_of(game).stopped_at is None
    link_of(game).stop()
    assert client.post(change, {"action": "new"}).status_code == 302
    assert TableLink.objects.filter(game=game).count() == 2
    assert client.get(reverse("games:game-share", args=[game.pk])).content.decode().count(link_of(game).token) == 1


def test_a_link_lasts_half_an_hour_past_the_games_end(league):
    game = make_game(league, options={"target": 20})
    client = phone(game)
    assert record(client, game, LAST_HAND).status_code == 302
    assert Game.objects.get(pk=game.pk).status == Game.Status.OVER
    # Within the grace the last hand may be put right.
    assert client.get(game.get_absolute_url()).status_code == 200
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - timedelta(minutes=31))
    assert client.get(game.get_absolute_url()).status_code == 410
    assert client.post(reverse("games:hand-delete", args=[game.pk]), {"number": 1}).status_code == 410
    assert Hand.objects.filter(game=game).count() == 1


def test_an_unchanged_poll_is_one_query_for_a_phone_and_a_member(game, user, django_assert_num_queries):
    client = phone(game)
    url = poller(client, game)
    with django_assert_num_queries(1):
        assert client.get(url, headers=HTMX).status_code == 204
    member = Client()
    member.force_login(user)
    url = poller(member, game)
    with django_assert_num_queries(1):
        assert member.get(url, headers=HTMX).status_code == 204


def test_a_removed_members_poll_with_its_pass_answers_404_at_once(game, league):
    viewer = UserFactory()
    membership = MembershipFactory(league=league, user=viewer, role=Membership.Role.VIEWER)
    client = Client()
    client.force_login(viewer)
    url = poller(client, game)
    assert client.get(url, headers=HTMX).status_code == 204
    membership.delete()
    assert client.get(url, headers=HTMX).status_code == 404


def test_opening_links_is_rate_limited_per_address(game):
    client = Client()
    url = reverse("games:table-link", args=[link_of(game).token])
    statuses = [client.get(url).status_code for _ in range(21)]
    assert statuses[:20] == [200] * 20
    assert statuses[20] == 429
    # A guessed token counts too, from the same address.
    assert client.get(reverse("games:table-link", args=["x" * 32])).status_code == 429


def test_a_phones_hands_are_rate_limited_per_link(game):
    client = phone(game)
    # The link's opening is counted apart (per address): the changes start at 0.
    Attempts.objects.all().delete()
    # 30 a minute: 29 refused entries (hand 5 can't come yet), then this one.
    for _ in range(30):
        client.post(reverse("games:hand-new", args=[game.pk]), {**HAND_1, "number": 5})
    response = record(client, game, HAND_1)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()


def test_the_tvs_screen_shows_each_tables_scoring_link_and_a_shared_screen_none(league):
    from games.models import Night
    from games.views.night_screen import screen_token

    players = [league.players.create(name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    night = Night.begin(league, players, "standard", {}, 1, league.today(), user=league.owner, seed=1)
    night.start_round(1, league.owner)
    token = link_of(night.round_set.get().tables.get().game).token
    # The club's TV: the organizer's "screen" link.
    tv = Client().get(reverse("games:night-screen", args=[screen_token(night)]))
    assert f"/t/{token}/" in tv.content.decode()
    # The TV's own QR code and Share, for phones to follow the night, are the "share" link's: no table there.
    followed = tv.context_data["screen_url"].removeprefix("http://testserver/screen/").removesuffix("/")
    assert signing.loads(followed, salt="games.night-screen") == [night.pk, "share", 0]
    assert tv.context_data["share"]["url"] == tv.context_data["screen_url"]
    shared = Client().get(reverse("games:night-screen", args=[screen_token(night, "share")])).content.decode()
    assert token not in shared


def test_a_league_file_keeps_the_phones_name_and_brings_back_no_link(game, league, user):
    import json

    from games.league_file.export import export_league
    from games.league_file.restore import import_league

    client = phone(game, "Ann")
    assert record(client, game, HAND_1).status_code == 302
    document = json.loads(json.dumps(export_league(league), default=str))
    assert "table_links" not in json.dumps(document)
    copy = import_league(document, user, as_copy=True)
    restored = Game.objects.get(league=copy, number=game.number)
    assert HandRevision.objects.get(game=restored).user_name == "Ann's phone"
    # No table link comes with the games: a phone that held the old one scores nothing here.
    assert not TableLink.objects.filter(game__league=copy).exists()
