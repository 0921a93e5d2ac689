"""Before the night: an organizer announces it, members answer on the league's page, anyone on a link,
and the night starts with those who said yes."""

import html
from datetime import timedelta

import pytest
from django.urls import reverse

from games.models import Announcement, Answer, AnswerLink, Membership, Night, NightPlayer, Player
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def organizer(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def night(league):
    """Friday's night announced, with Ann, Ben, Cat and Dan in the league."""
    for name in ("Ann", "Ben", "Cat", "Dan"):
        Player.objects.create(league=league, name=name)
    return Announcement.announce(league, league.today() + timedelta(days=3), note="Bring cards")


def member_of(league, role=Membership.Role.VIEWER, player=None):
    member = MembershipFactory(league=league, role=role).user
    if player is not None:
        Player.objects.filter(league=league, name=player).update(user=member)
    return member


def answers(announcement):
    return sorted(
        (answer.shown_name, answer.choice, answer.player_id is not None) for answer in announcement.answers.all()
    )


def answer_url(announcement):
    return reverse("games:announcement-answer", args=[announcement.pk])


# Announcing ------------------------------------------------------------------


def test_an_organizer_announces_a_day_a_time_and_a_note(organizer, league):
    day = league.today() + timedelta(days=5)
    response = organizer.post(
        reverse("games:announcement-new", args=[league.pk]),
        {"day": day.isoformat(), "time": "19:30", "note": "  At   the café  "},
    )
    assert response.status_code == 302
    announcement = Announcement.objects.get(league=league)
    assert (announcement.day, announcement.time.strftime("%H:%M"), announcement.note) == (day, "19:30", "At the café")
    assert announcement.created_by == league.owner
    page = organizer.get(league.get_absolute_url())
    assert "At the café" in page.content.decode()


def test_a_day_gone_by_is_refused_and_nothing_is_announced(organizer, league):
    response = organizer.post(
        reverse("games:announcement-new", args=[league.pk]),
        {"day": (league.today() - timedelta(days=1)).isoformat()},
    )
    assert response.status_code == 422
    assert "from today on" in response.content.decode()
    assert not Announcement.objects.exists()


def test_at_most_three_nights_are_announced_at_once(organizer, league):
    for days in (1, 2, 3):
        Announcement.announce(league, league.today() + timedelta(days=days))
    response = organizer.post(
        reverse("games:announcement-new", args=[league.pk]), {"day": (league.today() + timedelta(days=4)).isoformat()}
    )
    assert response.status_code == 422
    assert "At most 3 nights" in response.content.decode()
    assert Announcement.objects.count() == 3


def test_a_scorer_may_not_announce(client, league):
    client.force_login(member_of(league, Membership.Role.SCORER))
    response = client.post(reverse("games:announcement-new", args=[league.pk]), {"day": league.today().isoformat()})
    assert response.status_code == 403
    assert not Announcement.objects.exists()


# Members answer --------------------------------------------------------------


def test_a_member_linked_to_a_player_answers_for_that_player_and_changes_the_answer(client, league, night):
    client.force_login(member_of(league, player="Ben"))
    assert client.post(answer_url(night), {"choice": "maybe"}).status_code == 302
    assert answers(night) == [("Ben", "maybe", True)]
    response = client.post(answer_url(night), {"choice": "yes"}, headers=HTMX)
    assert response.status_code == 200
    assert response.template_name == "games/nights/announcements.html#announcements"
    assert answers(night) == [("Ben", "yes", True)]
    assert "1 coming · 0 maybe · 0 not coming" in response.content.decode()


def test_a_member_without_a_player_picks_one_once_and_then_answers_as_it(client, league, night):
    member = member_of(league)
    client.force_login(member)
    cat = Player.objects.get(league=league, name="Cat")
    client.post(answer_url(night), {"choice": "yes", "player": cat.pk})
    cat.refresh_from_db()
    assert cat.user == member
    # Linked now: the next answer needs no pick, and a forged pick of another player changes nothing of it.
    dan = Player.objects.get(league=league, name="Dan")
    client.post(answer_url(night), {"choice": "no", "player": dan.pk})
    assert answers(night) == [("Cat", "no", True)]
    dan.refresh_from_db()
    assert dan.user is None


def test_a_member_without_a_player_may_name_a_new_one(client, league, night):
    member = member_of(league)
    client.force_login(member)
    client.post(answer_url(night), {"choice": "yes", "name": "Zoë"})
    assert Player.objects.get(league=league, name="Zoë").user == member
    assert answers(night) == [("Zoë", "yes", True)]


def test_a_member_must_say_who_they_are_and_an_unknown_choice_is_refused(client, league, night):
    client.force_login(member_of(league))
    response = client.post(answer_url(night), {"choice": "yes"}, headers=HTMX)
    assert response.status_code == 422
    response = client.post(answer_url(night), {"choice": "perhaps", "name": "Eve"})
    assert response.status_code == 422
    assert response.template_name == "games/nights/announcements_page.html"
    assert not Answer.objects.exists()
    assert not Player.objects.filter(name="Eve").exists()


def test_another_members_player_cannot_be_picked(client, league, night):
    member_of(league, player="Ann")
    client.force_login(member_of(league))
    ann = Player.objects.get(league=league, name="Ann")
    # Ann is not on the list of players to pick; a forged pick is refused.
    response = client.post(answer_url(night), {"choice": "yes", "player": ann.pk}, headers=HTMX)
    assert response.status_code == 422
    assert not Answer.objects.exists()


def test_the_league_page_lists_who_said_yes_maybe_and_no_with_counts(client, league, night):
    night.answer("yes", player=Player.objects.get(league=league, name="Ann"))
    night.answer("yes", name="Łukasz")
    night.answer("maybe", player=Player.objects.get(league=league, name="Ben"))
    night.answer("no", player=Player.objects.get(league=league, name="Cat"))
    client.force_login(member_of(league))
    page = client.get(league.get_absolute_url()).content.decode()
    assert "2 coming · 1 maybe · 1 not coming" in page
    assert 'data-testid="answers-yes">Ann, Łukasz <span' in page
    assert 'data-testid="answers-maybe">Ben</dd>' in page
    assert 'data-testid="answers-no">Cat</dd>' in page
    # A viewer sees no organizer's controls.
    assert "Start this night" not in page


def test_outsiders_cannot_answer(client, league, night):
    client.force_login(UserFactory())
    assert client.post(answer_url(night), {"choice": "yes", "name": "Eve"}).status_code == 404
    assert not Answer.objects.exists()


def test_an_answer_after_the_night_started_is_refused(client, league, night):
    client.force_login(member_of(league, player="Ben"))
    night.close()
    response = client.post(answer_url(night), {"choice": "yes"}, headers=HTMX)
    assert response.status_code == 409
    assert "This night has started: answers are closed" in response.content.decode()
    assert not Answer.objects.exists()


# The link ---------------------------------------------------------------------


def link_url(link):
    return reverse("games:answer-link", args=[link.token])


def test_the_link_token_carries_at_least_128_bits(night):
    link = night.share_link()
    # URL-safe base64: 6 bits a character.
    assert len(link.token) * 6 >= 128
    assert night.share_link() == link


def test_someone_without_an_account_says_they_are_coming_under_a_league_players_name(client, league, night):
    link = night.share_link()
    response = client.post(link_url(link), {"name": "  ann ", "choice": "yes"})
    assert response.status_code == 302
    assert answers(night) == [("Ann", "yes", True)]
    page = html.unescape(client.get(link_url(link)).content.decode())
    assert "Thank you, Ann: you're on the list." in page
    assert '<ul class="list-unstyled" data-testid="coming"><li>Ann</li></ul>' in page
    assert "Bring cards" in page


def test_a_new_name_on_the_link_is_no_league_player_until_the_night_starts_with_it(client, league, night):
    client.post(link_url(night.share_link()), {"name": "Nguyễn Văn An", "choice": "yes"})
    assert answers(night) == [("Nguyễn Văn An", "yes", False)]
    assert not Player.objects.filter(name="Nguyễn Văn An").exists()


def test_the_same_name_again_changes_the_answer(client, league, night):
    url = link_url(night.share_link())
    client.post(url, {"name": "Olga", "choice": "yes"})
    client.post(url, {"name": "OLGA", "choice": "no"})
    assert answers(night) == [("Olga", "no", False)]


def test_the_link_shows_nothing_else_of_the_league(client, league, night):
    night.answer("no", player=Player.objects.get(league=league, name="Cat"))
    night.answer("maybe", player=Player.objects.get(league=league, name="Dan"))
    page = client.get(link_url(night.share_link())).content.decode()
    for elsewhere in ("Cat", "Dan", "Ben", league.name, reverse("games:league-detail", args=[league.pk])):
        assert elsewhere not in page
    # The link is no key to the league: its pages still send the visitor to log in.
    assert client.get(league.get_absolute_url()).status_code == 302


def test_a_bad_name_on_the_link_is_refused_and_nothing_is_saved(client, night):
    url = link_url(night.share_link())
    assert client.post(url, {"name": "   ", "choice": "yes"}).status_code == 422
    assert client.post(url, {"name": "Eve", "choice": "always"}).status_code == 422
    assert client.post(url, {"name": "x" * 300, "choice": "yes"}).status_code == 422
    assert not Answer.objects.exists()


def test_a_stopped_link_is_gone_and_takes_no_answer(client, organizer, league, night):
    link = night.share_link()
    response = organizer.post(reverse("games:announcement-link-stop", args=[night.pk]))
    assert response.status_code == 302
    anonymous = client.__class__()
    assert anonymous.get(link_url(link)).status_code == 410
    assert anonymous.post(link_url(link), {"name": "Eve", "choice": "yes"}).status_code == 410
    assert not Answer.objects.exists()
    # A new link can be made, and works; the stopped one stays gone.
    new = night.share_link()
    assert new != link
    assert anonymous.get(link_url(new)).status_code == 200
    assert anonymous.get(link_url(link)).status_code == 410


def test_a_guessed_token_is_404(client, night):
    night.share_link()
    assert client.get(reverse("games:answer-link", args=["A" * 43])).status_code == 404


def test_the_link_is_rate_limited_per_address(client, night):
    url = link_url(night.share_link())
    statuses = [client.post(url, {"name": f"Guest {number}", "choice": "yes"}).status_code for number in range(21)]
    assert statuses == [302] * 20 + [429]
    assert Answer.objects.count() == 20


# The night starts with those who said yes --------------------------------------


def test_the_night_form_opened_from_an_announcement_ticks_the_yes_players_and_types_the_newcomers(
    organizer, league, night
):
    ann, ben, cat = (Player.objects.get(league=league, name=name) for name in ("Ann", "Ben", "Cat"))
    night.answer("yes", player=ann)
    night.answer("yes", player=cat)
    night.answer("maybe", player=ben)
    night.answer("yes", name="Zoë")
    night.answer("no", name="Olga")
    response = organizer.get(reverse("games:night-new", args=[league.pk]), {"announcement": night.pk})
    form = response.context_data["form"]
    assert sorted(form.initial["players"]) == sorted([ann.pk, cat.pk])
    assert form.initial["newcomers"] == "Zoë"
    assert form.initial["announcement"] == night.pk
    page = response.content.decode()
    assert "Ben (maybe)" in page
    assert "Olga" not in page


def test_starting_the_night_closes_the_announcement_and_links_it(organizer, league, night):
    ann, ben, cat = (Player.objects.get(league=league, name=name) for name in ("Ann", "Ben", "Cat"))
    for player in (ann, ben, cat):
        night.answer("yes", player=player)
    night.answer("yes", name="Zoë")
    link = night.share_link()
    response = organizer.post(
        reverse("games:night-new", args=[league.pk]),
        {
            "players": [ann.pk, ben.pk, cat.pk],
            "newcomers": "Zoë",
            "rules": "standard",
            "rounds": 2,
            "announcement": night.pk,
        },
    )
    assert response.status_code == 302
    started = Night.objects.get(league=league)
    night.refresh_from_db()
    assert night.night == started
    assert night.closed_at is not None
    assert sorted(entry.player.name for entry in NightPlayer.objects.filter(night=started)) == [
        "Ann",
        "Ben",
        "Cat",
        "Zoë",
    ]
    # Zoë's answer is her player's now; the link is gone; the league page lists the night no more.
    assert Answer.objects.get(name="Zoë").player == Player.objects.get(league=league, name="Zoë")
    assert organizer.__class__().get(link_url(link)).status_code == 410
    assert "Bring cards" not in organizer.get(league.get_absolute_url()).content.decode()


def test_a_night_cannot_start_twice_from_one_announcement(organizer, league, night):
    names = [Player.objects.get(league=league, name=name).pk for name in ("Ann", "Ben", "Cat")]
    form = {"players": names, "rules": "standard", "rounds": 1, "announcement": night.pk}
    assert organizer.post(reverse("games:night-new", args=[league.pk]), form).status_code == 302
    response = organizer.post(reverse("games:night-new", args=[league.pk]), form)
    assert response.status_code == 422
    assert Night.objects.count() == 1


def test_an_announcement_of_another_league_fills_nothing(organizer, league, night):
    other = Announcement.announce(
        MembershipFactory(role=Membership.Role.ORGANIZER).league, league.today() + timedelta(days=1)
    )
    other.answer("yes", name="Stranger")
    response = organizer.get(reverse("games:night-new", args=[league.pk]), {"announcement": other.pk})
    assert response.status_code == 200
    assert "Stranger" not in response.content.decode()
    assert organizer.get(reverse("games:night-new", args=[league.pk]), {"announcement": "9" * 30}).status_code == 200


def test_calling_a_night_off_ends_its_answers(organizer, league, night):
    link = night.share_link()
    assert organizer.post(reverse("games:announcement-cancel", args=[night.pk])).status_code == 302
    night.refresh_from_db()
    assert night.closed_at is not None
    assert night.night is None
    assert organizer.__class__().get(link_url(link)).status_code == 410
    assert not AnswerLink.objects.filter(stopped_at=None, announcement__closed_at=None).exists()


def test_the_league_page_reads_the_announced_nights_in_the_same_queries_however_many_answers(
    client, league, night, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(member_of(league))
    night.answer("yes", name="Kit")
    with CaptureQueriesContext(connection) as one:
        client.get(league.get_absolute_url())
    for number in range(30):
        night.answer("maybe", name=f"Guest {number}")
    for player in Player.objects.filter(league=league):
        night.answer("yes", player=player)
    Announcement.announce(league, league.today() + timedelta(days=9)).answer("no", name="Lou")
    night.share_link()
    with django_assert_num_queries(len(one)):
        page = client.get(league.get_absolute_url()).content.decode()
    # Kit and the four players said yes.
    assert "5 coming · 30 maybe · 0 not coming" in page


@pytest.mark.parametrize(
    "data",
    [
        {"name": "Eve\x00", "choice": "yes"},
        {"name": ["Eve", "Fay"], "choice": ["yes", "no"]},
        {"name": "\u202eEve", "choice": "yes"},
        {"choice": "yes"},
    ],
)
def test_a_tampered_answer_on_the_link_is_a_4xx_and_saves_nothing(client, night, data):
    response = client.post(link_url(night.share_link()), data)
    assert 400 <= response.status_code < 500 or response.status_code == 302
    if response.status_code == 302:
        # Two values of a field: Django reads the last, a name like any other.
        assert answers(night) == [("Fay", "no", False)]
    else:
        assert not Answer.objects.exists()


@pytest.mark.parametrize(
    ("day", "time"), [("2026-13-45", ""), ("tomorrow", ""), ("2999-01-01", ""), (None, "25:99"), (None, "7pm")]
)
def test_a_malformed_announcement_is_refused(organizer, league, day, time):
    # None: a good day (the day after tomorrow), so that only the time is wrong.
    day = day or (league.today() + timedelta(days=2)).isoformat()
    response = organizer.post(reverse("games:announcement-new", args=[league.pk]), {"day": day, "time": time})
    assert response.status_code == 422
    assert not Announcement.objects.exists()


def test_a_forged_announcement_on_the_night_form_is_refused(organizer, league, night):
    names = [Player.objects.get(league=league, name=name).pk for name in ("Ann", "Ben", "Cat")]
    form = {"players": names, "rules": "standard", "rounds": 1, "announcement": "x' OR 1=1"}
    assert organizer.post(reverse("games:night-new", args=[league.pk]), form).status_code == 422
    assert not Night.objects.exists()
    assert night.answers.count() == 0
