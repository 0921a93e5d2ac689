"""A night's lasting link: its result through the league's public link, with its preview; the organizer's Share button."""

import pytest
from django.urls import reverse

from games.models import League, Membership, Night, Player, new_token
from games.views.night_screen import fingerprint, screen_token
from tests.factories import LeagueFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def begin(league):
    players = [Player.objects.get_or_create(league=league, name=name)[0] for name in NINE]
    night = Night.begin(league, players, "standard", {}, 2, league.today(), name="Friday", seed=1)
    night.start_round(1)
    return night


def publish(league, token=None):
    League.objects.filter(pk=league.pk).update(public_token=token or new_token())
    league.refresh_from_db()
    return league.public_token


def test_the_night_is_public_through_the_leagues_link_with_its_preview(client, league):
    night = begin(league)
    token = publish(league)
    url = reverse("games:public-night", args=[token, night.pk])
    response = client.get(url)  # nobody signed in
    assert response.status_code == 200
    page = response.content.decode()
    assert "Friday" in page
    image = reverse("games:public-night-image", args=[token, night.pk, fingerprint(night.pk)])
    assert f'property="og:image" content="http://testserver{image}"' in page
    assert f'property="og:url" content="http://testserver{url}"' in page
    png = client.get(image)
    assert png.status_code == 200
    assert png["Content-Type"] == "image/png"
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
    poll = client.get(reverse("games:public-night-poll", args=[token, night.pk]), {"v": fingerprint(night.pk)})
    assert poll.status_code == 204


def test_no_public_link_another_leagues_link_or_a_trashed_night_is_404(client, league):
    night = begin(league)
    assert client.get(reverse("games:public-night", args=[new_token(), night.pk])).status_code == 404
    other = LeagueFactory(owner=league.owner)
    other_token = publish(other)
    assert client.get(reverse("games:public-night", args=[other_token, night.pk])).status_code == 404
    token = publish(league)
    night.trash()
    assert client.get(reverse("games:public-night", args=[token, night.pk])).status_code == 404
    assert client.get(reverse("games:public-night-image", args=[token, night.pk, "1-0-2"])).status_code == 404


def test_the_organizers_page_shares_the_lasting_link_when_the_league_has_one(scorer, league):
    night = begin(league)
    page = scorer.get(night.get_absolute_url()).content.decode()
    # The night's shared link, signed (its timestamp makes the token itself differ from second to second),
    # not the TV's: each can be stopped without the other.
    assert 'data-testid="share-result"' in page
    assert 'data-share-url="http://testserver/screen/' in page
    assert screen_token(night, "share").split(":")[0] in page
    assert screen_token(night, "screen").split(":")[0] not in page
    token = publish(league)
    page = scorer.get(night.get_absolute_url()).content.decode()
    public = reverse("games:public-night", args=[token, night.pk])
    assert f'data-share-url="http://testserver{public}"' in page


def test_without_a_public_link_the_page_says_the_shared_link_lasts_two_days(scorer, client, league):
    night = begin(league)
    note = "This link works for two days; turn on the league's public link for one that lasts."
    members = reverse("games:league-members", args=[league.pk]) + "#public-link"
    page = scorer.get(night.get_absolute_url()).content.decode()
    assert note in page
    assert f'href="{members}"' in page
    # A viewer shares the night's own page, which only members open: no two-day note, no signed link.
    viewer = UserFactory()
    MembershipFactory(league=league, user=viewer, role=Membership.Role.VIEWER)
    client.force_login(viewer)
    page = client.get(night.get_absolute_url()).content.decode()
    assert note not in page
    assert f'href="{members}"' not in page
    assert f'data-share-url="http://testserver{night.get_absolute_url()}"' in page
    assert "/screen/" not in page
    # With the public link on, the shared link lasts: nothing to say.
    publish(league)
    page = scorer.get(night.get_absolute_url()).content.decode()
    assert 'data-testid="share-result"' in page
    assert note not in page
    assert 'data-testid="share-lasts"' not in page
