"""Before the night, on phones at 360x740: someone without an account opens the club's link, types their
name and taps "I'm coming"; the organizer's new-night form then has them ticked (issue 35)."""

from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect

from games.models import Announcement, Answer, Player
from tests.browser.conftest import overflows_phone, small_targets

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]


def test_a_phone_without_an_account_says_it_is_coming_and_the_night_form_ticks_that_player(
    phone: Page, new_phone, live_server, league, screen
):
    for name in ("Ann", "Ben", "Łukasz Wójcik", "Ольга"):
        Player.objects.create(league=league, name=name)
    announcement = Announcement.announce(league, league.today() + timedelta(days=2), note="Upstairs at the café")
    link = announcement.share_link()

    guest = new_phone(None)
    guest.goto(f"{live_server.url}/coming/{link.token}/")
    expect(guest.get_by_role("heading", name="Are you coming?")).to_be_visible()
    expect(guest.get_by_text("Upstairs at the café")).to_be_visible()
    # The league's name and players are not on the page: only the night and who said yes.
    assert league.name not in guest.content()
    assert "Ольга" not in guest.content()
    guest.get_by_label("Your name").fill("łukasz wójcik")
    screen(guest, "who-is-coming-link")
    assert small_targets(guest) == []
    assert not overflows_phone(guest)
    guest.get_by_role("button", name="I'm coming").click()
    expect(guest.get_by_text("Thank you, Łukasz Wójcik: you're on the list.")).to_be_visible()
    expect(guest.get_by_test_id("coming")).to_have_text("Łukasz Wójcik")
    answer = Answer.objects.get()
    assert (answer.player.name, answer.choice, answer.by_link) == ("Łukasz Wójcik", "yes", True)

    # A newcomer on the same link: typed into the night's newcomers, not a league player yet.
    guest.get_by_label("Your name").fill("Zoë")
    guest.get_by_role("button", name="I'm coming").click()
    expect(guest.get_by_test_id("coming")).to_have_text("Łukasz WójcikZoë")
    assert not Player.objects.filter(name="Zoë").exists()

    phone.goto(f"{live_server.url}{league.get_absolute_url()}")
    expect(phone.get_by_test_id("answer-counts")).to_have_text("2 coming · 0 maybe · 0 not coming")
    phone.locator("#announcements").scroll_into_view_if_needed()
    screen(phone, "who-is-coming-league-page")
    assert not overflows_phone(phone)
    phone.get_by_role("link", name="Start this night with those who said yes").click()
    expect(phone.get_by_test_id("from-announcement")).to_be_visible()
    expect(phone.get_by_label("Łukasz Wójcik", exact=True)).to_be_checked()
    expect(phone.get_by_label("Ann", exact=True)).not_to_be_checked()
    expect(phone.get_by_label("Newcomers")).to_have_value("Zoë")
    screen(phone, "who-is-coming-night-form")
    phone.get_by_label("Ben", exact=True).check()
    phone.get_by_role("button", name="Seat round 1").click()
    expect(phone.get_by_text("Round 1 is seated")).to_be_visible()
    announcement.refresh_from_db()
    assert announcement.night is not None
    assert sorted(player.name for player in announcement.night.present()) == ["Ben", "Zoë", "Łukasz Wójcik"]
    # The link is closed now that the night has started.
    response = guest.goto(f"{live_server.url}/coming/{link.token}/")
    assert response is not None
    assert response.status == 410


def test_a_member_answers_on_the_league_page_and_changes_the_answer_in_place(
    phone: Page, live_server, league, user, screen
):
    Player.objects.create(league=league, name="Ann", user=user)
    Player.objects.create(league=league, name="Ben")
    announcement = Announcement.announce(league, league.today() + timedelta(days=1))
    phone.goto(f"{live_server.url}{league.get_absolute_url()}")
    region = phone.locator("#announcements")
    expect(region.get_by_text("You answer as Ann.")).to_be_visible()
    region.get_by_role("button", name="Maybe").click()
    expect(region.get_by_test_id("answer-counts")).to_have_text("0 coming · 1 maybe · 0 not coming")
    expect(region.get_by_role("button", name="Maybe")).to_have_attribute("aria-pressed", "true")
    region.get_by_role("button", name="I'm coming").click()
    expect(region.get_by_test_id("answers-yes")).to_have_text("Ann")
    expect(region.get_by_role("button", name="I'm coming")).to_have_attribute("aria-pressed", "true")
    screen(phone, "who-is-coming-answered")
    assert not overflows_phone(phone)
    assert [(answer.player.name, answer.choice) for answer in announcement.answers.all()] == [("Ann", "yes")]
