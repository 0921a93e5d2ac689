"""Every link of a club night can be stopped by an organizer and is dead at once (issue 34): the
screen's (the club's TV), the shared one (the Share button's two-day link) and the league's public
link; and each link is shown only to whoever may open or make it."""

import time

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.activity import sentence
from games.models import ActivityEntry, League, Membership, Night, Player, new_token
from games.views.night_screen import SALT, SCREEN_MAX_AGE, fingerprint, screen_token
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
STOPPED = "An organizer has stopped this link: ask the club for a new one."
NO_LINK = "This link does not work (any more): ask the club for a new one."


def started(league):
    seated = [Player.objects.get_or_create(league=league, name=name)[0] for name in EIGHT]
    night = Night.begin(league, seated, "standard", {"target": 13}, 1, league.today(), name="Friday", seed=1)
    night.start_round(1)
    return night


def screen_urls(token, night):
    """The page, its poll (asking with what the screen shows now) and its standings image."""
    current = fingerprint(night.pk)
    return (
        reverse("games:night-screen", args=[token]),
        reverse("games:night-screen-poll", args=[token]) + f"?v={current}",
        reverse("games:night-screen-image", args=[token, current]),
    )


def stop(client, night, link):
    return client.post(reverse("games:night-link-stop", args=[night.pk]), {"link": link})


def member(league, role):
    user = UserFactory()
    MembershipFactory(league=league, user=user, role=role)
    client = Client()
    client.force_login(user)
    return client


def test_a_stopped_screen_link_answers_410_on_its_page_its_poll_and_its_image(scorer, client, league):
    night = started(league)
    token = screen_token(night)
    page, poll, image = screen_urls(token, night)
    assert client.get(page).status_code == 200
    assert client.get(poll).status_code == 204  # nothing changed: the TV's usual answer
    response = stop(scorer, night, "screen")
    assert response.status_code == 302
    assert response["Location"] == night.get_absolute_url()
    # The TV's very next poll, asking with the fingerprint it shows, hears that the link is stopped.
    for url in (page, poll, image):
        answer = client.get(url)
        assert answer.status_code == 410, url
        assert STOPPED in answer.content.decode()
    # The poll's answer is the screen's region, with no poller in it: the TV says so and asks no more.
    region = client.get(poll, headers={"HX-Request": "true"}).content.decode()
    assert 'id="screen"' in region
    assert "hx-trigger" not in region
    # The night page's link gives a new screen link, which works.
    night.refresh_from_db()
    assert night.screen_generation == 1
    assert client.get(reverse("games:night-screen", args=[screen_token(night)])).status_code == 200


def test_the_screen_link_and_the_shared_link_are_stopped_apart(scorer, client, league):
    night = started(league)
    screen, shared = screen_token(night, "screen"), screen_token(night, "share")
    stop(scorer, night, "share")
    assert client.get(reverse("games:night-screen", args=[shared])).status_code == 410
    assert client.get(reverse("games:night-screen", args=[screen])).status_code == 200  # the TV goes on
    stop(scorer, night, "screen")
    assert client.get(reverse("games:night-screen", args=[screen])).status_code == 410
    night.refresh_from_db()
    assert (night.screen_generation, night.share_generation) == (1, 1)


def test_a_stop_is_in_the_activity_log_in_the_readers_language(scorer, league, user):
    night = started(league)
    stop(scorer, night, "screen")
    stop(scorer, night, "share")
    entries = list(
        ActivityEntry.objects.filter(league=league, kind=ActivityEntry.Kind.NIGHT_LINK_STOPPED).order_by("pk")
    )
    assert [entry.facts for entry in entries] == [
        {"night": "Friday", "link": "screen"},
        {"night": "Friday", "link": "share"},
    ]
    name = user.get_username()
    assert sentence(entries[0]) == f"{name} stopped the screen link of the club night Friday"
    assert sentence(entries[1]) == f"{name} stopped the shared link of the club night Friday"
    with translation.override("nl"):
        assert "Friday" in sentence(entries[0])
        assert sentence(entries[0]) != f"{name} stopped the screen link of the club night Friday"


def test_a_stopped_link_says_so_in_the_readers_language(scorer, client, league):
    night = started(league)
    token = screen_token(night)
    stop(scorer, night, "screen")
    page = client.get(reverse("games:night-screen", args=[token]), headers={"Accept-Language": "de"})
    assert page.status_code == 410
    assert STOPPED not in page.content.decode()
    assert 'lang="de"' in page.content.decode()


def test_only_organizers_stop_a_link_and_a_bad_choice_stops_nothing(scorer, league):
    night = started(league)
    for role in (Membership.Role.VIEWER, Membership.Role.SCORER):
        assert stop(member(league, role), night, "screen").status_code == 403
    assert stop(scorer, night, "the-tv").status_code == 400
    night.refresh_from_db()
    assert (night.screen_generation, night.share_generation) == (0, 0)
    assert not ActivityEntry.objects.filter(kind=ActivityEntry.Kind.NIGHT_LINK_STOPPED).exists()


def test_an_expired_screen_link_answers_410_and_a_forged_one_404(client, league, monkeypatch):
    night = started(league)
    token = screen_token(night)
    later = time.time() + SCREEN_MAX_AGE + 60
    monkeypatch.setattr(signing.time, "time", lambda: later)
    response = client.get(reverse("games:night-screen", args=[token]))
    assert response.status_code == 410
    assert "This link has expired: ask the club for a new one." in response.content.decode()
    monkeypatch.undo()
    forged = signing.dumps([night.pk, "screen", 0], salt="another salt")
    assert client.get(reverse("games:night-screen", args=[forged])).status_code == 404
    odd = signing.dumps([night.pk, "admin", 0], salt=SALT)
    assert client.get(reverse("games:night-screen", args=[odd])).status_code == 404


def test_a_screen_link_given_before_generations_stops_with_the_screens(scorer, client, league):
    night = started(league)
    old = signing.dumps(night.pk, salt=SALT)
    assert client.get(reverse("games:night-screen", args=[old])).status_code == 200
    stop(scorer, night, "screen")
    assert client.get(reverse("games:night-screen", args=[old])).status_code == 410


@pytest.mark.parametrize("action", ["off", "renew"])
def test_the_public_link_turned_off_or_renewed_stops_every_public_page(scorer, client, league, action):
    night = started(league)
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    token = league.public_token
    game = night.round_set.get().tables.order_by("number").first().game
    current = fingerprint(night.pk)
    urls = [
        reverse("games:public-night", args=[token, night.pk]),
        reverse("games:public-night-poll", args=[token, night.pk]) + f"?v={current}",
        reverse("games:public-night-image", args=[token, night.pk, current]),
        reverse("games:public-standings", args=[token]),
        reverse("games:public-games", args=[token]),
        reverse("games:public-scoresheet", args=[token, game.pk]),
        reverse("games:public-result-image", args=[token, game.pk, game.version]),
    ]
    before = [client.get(url).status_code for url in urls]
    assert before == [200, 204, 200, 200, 200, 200, 200]
    scorer.post(reverse("games:public-link", args=[league.pk]), {"action": action})
    for url in urls:
        assert client.get(url).status_code == 404, url
    # The league's own pages say only that there is nothing there, in the reader's language.
    page = client.get(urls[3]).content.decode()
    assert "the link that led here no longer works" in page
    page = client.get(urls[3], headers={"Accept-Language": "nl"}).content.decode()
    assert "de link die je hier bracht werkt niet meer" in page
    # The TV on the public night is told, in the region it swaps in, that the link no longer works.
    region = client.get(urls[1], headers={"HX-Request": "true"})
    assert region.status_code == 404
    assert NO_LINK in region.content.decode()
    assert "hx-trigger" not in region.content.decode()


def test_the_night_page_shows_its_links_only_to_organizers(scorer, league):
    night = started(league)
    organizer_page = scorer.get(night.get_absolute_url()).content.decode()
    assert reverse("games:night-screen-link", args=[night.pk]) in organizer_page
    assert 'data-testid="stop-screen-link"' in organizer_page
    assert 'data-testid="stop-share-link"' in organizer_page
    for role in (Membership.Role.VIEWER, Membership.Role.SCORER):
        page = member(league, role).get(night.get_absolute_url()).content.decode()
        assert reverse("games:night-screen-link", args=[night.pk]) not in page
        assert reverse("games:night-link-stop", args=[night.pk]) not in page
        assert "/screen/" not in page  # no signed link of the night's in the page
        assert reverse("games:night-cards", args=[night.pk]) not in page  # the cards' join links: an organizer's
        assert f'data-share-url="http://testserver{night.get_absolute_url()}"' in page


def test_the_game_share_panel_gives_a_join_link_only_to_organizers(scorer, league):
    night = started(league)
    game = night.round_set.get().tables.order_by("number").first().game
    share = reverse("games:game-share", args=[game.pk])
    assert "/join/" in scorer.get(share).content.decode()
    for role in (Membership.Role.VIEWER, Membership.Role.SCORER):
        page = member(league, role).get(share).content.decode()
        assert "/join/" not in page
        assert f'value="http://testserver{game.get_absolute_url()}"' in page
        assert reverse("games:game-share-stop", args=[game.pk]) not in page
