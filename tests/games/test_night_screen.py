"""The night's screen: the club's TV behind a signed public link, live from one query a poll,
the standings asked of rules.night, the winner at the end, and its share and preview."""

import io
import re
from html import unescape

import pytest
from django.core import signing
from django.urls import reverse
from PIL import Image

from games.models import Night, Player
from games.views.night_screen import SALT, fingerprint, screen_token
from rules import HandEntry
from tests.factories import MembershipFactory, UserFactory
from tests.games.league_seed import members

pytestmark = pytest.mark.django_db

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
# Hearts to 13, one hand: 10 hearts to seat 0, the Q♠ to seat 1, 3 hearts to seat 2, none to seat 3.
# Totals 10, 13, 3, 0: seat 1 reaches 13 and the game is over; seat 3 wins alone on 0.
ONE_HAND = HandEntry.cards([10, 0, 3, 0], 1)
TO_13 = {"target": 13}


def begin(league, names=EIGHT, rounds=1, options=None):
    seated = [Player.objects.get_or_create(league=league, name=name)[0] for name in names]
    return Night.begin(league, seated, "standard", options or TO_13, rounds, league.today(), name="Friday", seed=1)


def started(league, user, names=EIGHT, rounds=1, options=None):
    night = begin(league, names, rounds, options)
    night.start_round(1, user)
    return night


def tables(night, number=1):
    """Round `number`'s tables, in order, each with its game."""
    return list(night.round_set.get(number=number).tables.select_related("game").order_by("number"))


def screen_url(night):
    return reverse("games:night-screen", args=[screen_token(night)])


def poll_url(night, version):
    return reverse("games:night-screen-poll", args=[screen_token(night)]) + f"?v={version}"


def seat_names(table):
    return [seat.player.name for seat in table.seats.order_by("position")]


def meta(html, name):
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)">', html)
    return unescape(found.group(1)) if found else None


# The link ---------------------------------------------------------------------------------


def test_an_organizer_is_taken_to_the_screen_by_its_signed_link(scorer, league, user):
    night = begin(league)
    response = scorer.get(reverse("games:night-screen-link", args=[night.pk]))
    assert response.status_code == 302
    # The token carries the moment it was signed: read it back rather than sign another.
    token = response["Location"].removeprefix("/screen/").removesuffix("/")
    assert response["Location"] == reverse("games:night-screen", args=[token])
    assert signing.loads(token, salt=SALT) == [night.pk, "screen", 0]


def test_the_nights_page_offers_its_organizers_the_screen(client, league):
    night = begin(league)
    link = reverse("games:night-screen-link", args=[night.pk])
    people = members(league)
    client.force_login(people["organizer"])
    assert f'href="{link}"' in client.get(night.get_absolute_url()).content.decode()
    client.force_login(people["viewer"])
    assert f'href="{link}"' not in client.get(night.get_absolute_url()).content.decode()


def test_only_an_organizer_gets_the_screens_link(client, league):
    night = begin(league)
    link = reverse("games:night-screen-link", args=[night.pk])
    people = members(league)
    for role, status in [("viewer", 403), ("scorer", 403), ("organizer", 302), ("outsider", 404)]:
        client.force_login(people[role])
        assert client.get(link).status_code == status, role
    client.logout()
    assert client.get(link).status_code == 302
    assert client.get(link)["Location"].startswith(reverse("login"))


def test_the_screen_needs_no_login(client, league):
    night = begin(league)
    response = client.get(screen_url(night))
    assert response.status_code == 200
    assert response.template_name == "games/nights/night_screen.html"


def test_a_tampered_or_foreign_token_is_404(client, league):
    night = begin(league)
    token = screen_token(night)
    assert client.get(reverse("games:night-screen", args=[token[:-2] + "xx"])).status_code == 404
    # Signed, but for something else (a game's share link has its own salt).
    other = signing.dumps(night.pk, salt="games.share")
    assert client.get(reverse("games:night-screen", args=[other])).status_code == 404
    assert client.get(reverse("games:night-screen", args=[signing.dumps("1", salt=SALT)])).status_code == 404
    assert client.get(reverse("games:night-screen-poll", args=[token[:-2] + "xx"])).status_code == 404
    assert client.get(reverse("games:night-screen-image", args=[token[:-2] + "xx", "0-0-0"])).status_code == 404


def test_the_screen_of_a_deleted_league_is_404(client, league, user):
    night = begin(league)
    url = screen_url(night)
    league.trash(user)
    assert client.get(url).status_code == 404


def test_the_screen_only_reads(client, league):
    night = begin(league)
    assert client.post(screen_url(night)).status_code == 405
    assert client.post(poll_url(night, "0")).status_code == 405


# What it shows ----------------------------------------------------------------------------


def test_a_proposed_round_shows_where_everyone_sits(client, league):
    night = begin(league)
    html = client.get(screen_url(night)).content.decode()
    assert "Round 1 of 1" in html
    assert "Find your table" in html
    for table in tables(night):
        for name in seat_names(table):
            assert f'<th scope="row">{name}</th>' in html


def test_each_tables_hand_number_and_totals_show_as_they_are_entered(client, league, user):
    night = started(league, user, options={"target": 100})
    second = tables(night)[1]
    second.game.record_hand(1, HandEntry.cards([6, 0, 7, 0], 3), user)
    html = client.get(screen_url(night)).content.decode()
    hand = re.search(r'data-testid="screen-hand-2">([^<]*)<', html).group(1)
    assert hand == "after 1 hand"
    names = seat_names(second)
    # 6 and 7 hearts, the Q♠ to seat 3: 6, 0, 7, 13.
    for name, total in zip(names, [6, 0, 7, 13], strict=True):
        assert f'<tr><th scope="row">{name}</th><td>{total}</td></tr>' in html
    assert re.search(r'data-testid="screen-hand-1">([^<]*)<', html).group(1) == "first hand"


def test_the_standings_and_the_winner_come_from_the_nights_law(client, league, user):
    night = started(league, user)
    first, second = tables(night)
    for table in (first, second):
        table.game.record_hand(1, ONE_HAND, user)
    night.end_round(1, user)
    html = client.get(screen_url(night)).content.decode()
    # Each table: seat 3 first (1 point), seat 2 (2/3), seat 0 (1/3), seat 1 (0). The table's mean
    # total is 6.5, so the margins are 6.5, 3.5, -3.5, -6.5 at both tables: equal points and margins
    # are ordered by name.
    a, b = seat_names(first), seat_names(second)
    expected = []
    for seat, points, margin in [(3, "1.00", "6.5"), (2, "0.67", "3.5"), (0, "0.33", "-3.5"), (1, "0.00", "-6.5")]:
        expected += sorted([(a[seat], points, margin), (b[seat], points, margin)])
    rows = re.findall(
        r'<tr(?: class="night-screen-first")?><td>(\d+)</td><th scope="row">([^<]+)</th><td>([^<]+)</td><td>([^<]+)</td></tr>',
        html,
    )
    assert [(name, points, margin) for _place, name, points, margin in rows] == expected
    assert [place for place, *_rest in rows] == [str(n) for n in range(1, 9)]
    winner = expected[0][0]
    assert re.search(r"data-testid=\"night-winner\">.*?The night's winner: (\w+)</p>", html, re.S).group(1) == winner
    assert "Final standings after 1 round" in html


def test_a_night_whose_every_table_was_abandoned_names_no_winner(client, league, user):
    night = started(league, user, rounds=2)
    night.end_round(1, user)  # no hand at either table: both games are abandoned
    night.next_round(1)
    night.start_round(2, user)
    night.end_round(2, user)
    html = client.get(screen_url(night)).content.decode()
    assert "Final standings after 2 rounds" in html
    assert 'data-testid="night-winner"' not in html
    assert "night-screen-first" not in html
    assert "won by" not in meta(html, "og:description")
    client.force_login(user)
    page = client.get(reverse("games:night-detail", args=[night.pk])).content.decode()
    assert "The night is over." in page
    assert "wins the night" not in page
    assert "No game of the night counted, so nobody wins it." in page
    # Everyone sat at a table in both rounds, though neither counted.
    # (The row's cells as the page draws them; the whitespace between two cells is not shown.)
    cells = r"<td>\d+</td><td>[^<]+</td>\s*<td>0[.,]00</td><td>0[.,]0</td><td>(\d+)</td>"
    rounds = re.findall(rf"<tr>\s*{cells}\s*</tr>", page)
    assert rounds == ["2"] * len(EIGHT)


def test_the_margin_that_breaks_a_tie_is_shown_wherever_the_standings_are(client, league, user):
    night = started(league, user)
    for table in tables(night):
        table.game.record_hand(1, ONE_HAND, user)
    night.end_round(1, user)
    # Both tables alike (see above): two players on each of 1.00, 0.67, 0.33 and 0.00, their margins
    # 6.5, 3.5, -3.5 and -6.5; every score ties, so every line says its margin.
    html = client.get(screen_url(night)).content.decode()
    description = meta(html, "og:description")
    assert "1.00 (+6.5)" in description
    assert "0.33 (-3.5)" in description
    client.force_login(user)
    for name in ("games:night-detail", "games:night-sheet"):
        page = client.get(reverse(name, args=[night.pk])).content.decode()
        cells = r"<td>\d+</td><td>[^<]+</td>\s*<td>[\d.]+</td><td>(-?[\d.]+)</td><td>1</td>"
        margins = re.findall(rf"<tr>\s*{cells}\s*</tr>", page)
        assert margins == ["6.5", "6.5", "3.5", "3.5", "-3.5", "-3.5", "-6.5", "-6.5"], name


# Live: the poll ---------------------------------------------------------------------------


def test_an_unchanged_nights_poll_is_a_204_from_one_query_however_many_tables(
    client, league, user, django_assert_num_queries
):
    names = [f"P{n:02}" for n in range(32)]  # 8 tables of 4
    night = started(league, user, names=names)
    assert len(tables(night)) == 8
    current = fingerprint(night.pk)
    with django_assert_num_queries(1):
        response = client.get(poll_url(night, current), headers={"HX-Request": "true"})
    assert response.status_code == 204
    assert response.content == b""
    # A member's phone following the screen: its session is never read for a 204.
    client.force_login(user)
    with django_assert_num_queries(1):
        assert client.get(poll_url(night, current), headers={"HX-Request": "true"}).status_code == 204


def test_a_hand_at_table_two_brings_the_screens_body_back_with_it(client, league, user):
    night = started(league, user)
    before = fingerprint(night.pk)
    second = tables(night)[1]
    second.game.record_hand(1, ONE_HAND, user)
    assert fingerprint(night.pk) != before
    response = client.get(poll_url(night, before), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.template_name == "games/nights/night_screen.html#screen"
    body = response.content.decode()
    assert body.startswith('\n<div id="screen"') or body.lstrip().startswith('<div id="screen"')
    # The new body polls with what it now shows.
    assert f"?v={fingerprint(night.pk)}" in body
    names = seat_names(second)
    assert f'<tr><th scope="row">{names[3]}</th><td>0</td></tr>' in body


def test_a_seat_swapped_before_the_round_starts_changes_the_screen(league, user):
    night = begin(league)
    before = fingerprint(night.pk)
    first, second = tables(night)
    night.swap(first.seats.first().player, second.seats.first().player)
    assert fingerprint(night.pk) != before


# Its share and preview ---------------------------------------------------------------------


def test_the_screen_carries_its_preview_and_its_share(client, league, user):
    night = started(league, user)
    for table in tables(night):
        table.game.record_hand(1, ONE_HAND, user)
    night.end_round(1, user)
    html = client.get(reverse("games:night-screen", args=[screen_token(night)])).content.decode()
    # The TV's preview and Share are the night's "share" link, whose screen shows no table's scoring link.
    shared = meta(html, "og:url").removeprefix("http://testserver/screen/").removesuffix("/")
    assert signing.loads(shared, salt=SALT) == [night.pk, "share", 0]
    image = reverse("games:night-screen-image", args=[shared, fingerprint(night.pk)])
    assert meta(html, "og:title") == f"Friday · {league.name}"
    assert meta(html, "og:image") == f"http://testserver{image}"
    assert meta(html, "twitter:card") == "summary_large_image"
    assert meta(html, "og:description").startswith("Final standings after 1 round. 1. ")
    share = re.search(r'data-share-text="([^"]*)"', html).group(1)
    assert unescape(share).startswith(f"{league.name}, Friday: Final standings after 1 round · won by ")


def test_the_standings_image_is_a_png_cached_and_checked_again_each_time(
    client, league, user, django_assert_num_queries
):
    night = started(league, user)
    current = fingerprint(night.pk)
    token = screen_token(night)
    url = reverse("games:night-screen-image", args=[token, current])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
    # A cache keeps it but asks each time: a stopped link's image is gone at once.
    assert response["Cache-Control"] == "public, no-cache"
    with django_assert_num_queries(1):
        assert client.get(url, headers={"If-None-Match": response["ETag"]}).status_code == 304
    tables(night)[0].game.record_hand(1, ONE_HAND, user)
    moved = client.get(url)
    assert moved.status_code == 302
    assert moved["Location"] == reverse("games:night-screen-image", args=[token, fingerprint(night.pk)])


def test_a_member_of_another_league_cannot_guess_a_screen(client, league):
    night = begin(league)
    stranger = UserFactory()
    MembershipFactory(user=stranger)
    client.force_login(stranger)
    # Night ids are not the link: only the signed token opens the screen.
    assert client.get(f"/screen/{night.pk}/").status_code == 404


def test_the_screen_takes_eleven_queries_for_two_tables_as_for_eight(client, league, user, django_assert_num_queries):
    # The signed link's fingerprint, the night, its rounds, tables, seats, games, their seats,
    # hands and table links, the sit-outs, and who is here: none of them once per table.
    for names in (EIGHT, [f"P{n:02}" for n in range(32)]):
        night = started(league, user, names=names)
        tables(night)[0].game.record_hand(1, HandEntry.cards([6, 0, 7, 0], 3), user)
        url = screen_url(night)
        with django_assert_num_queries(11):
            assert client.get(url).status_code == 200
