"""The cheat-sheet pages and the referee: who sees what, and both HTMX and plain branches."""

import pytest
from django.urls import reverse

from games.models import Hand, HandRevision, Membership
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import MembershipFactory, UserFactory, make_game

pytestmark = [pytest.mark.django_db]


def member(league, role):
    return MembershipFactory(league=league, user=UserFactory(), role=role).user


# Preset sheets: public -------------------------------------------------------------


def test_the_index_lists_every_variant_for_anyone(client):
    response = client.get(reverse("games:rules-index"))
    assert response.status_code == 200
    for key in ("standard", "omnibus", "ricketts", "3d", "spot", "black_maria", "domino", "cancellation", "turbo"):
        assert reverse("games:rules-variant", args=[key]) in response.content.decode()


@pytest.mark.parametrize(
    "variant", ["standard", "omnibus", "ricketts", "3d", "spot", "black_maria", "domino", "cancellation", "turbo"]
)
def test_each_preset_sheet_is_public(client, variant):
    response = client.get(reverse("games:rules-variant", args=[variant]))
    assert response.status_code == 200
    assert response.template_name == "rulebook/sheet.html"
    assert response.context_data["sheet"].variant == variant
    assert response.context_data["game"] is None


def test_the_ricketts_page_shows_its_rules(client):
    content = client.get("/rules/ricketts/").content.decode()
    assert "Ricketts House Hearts (4 players)" in content
    assert "a total of exactly 104 or 126 goes back to 0." in content
    assert "data-print" in content


def test_an_unknown_variant_is_404(client):
    assert client.get("/rules/bridge/").status_code == 404


def test_house_rules_in_the_link_are_on_the_sheet(client):
    options = '{"teams": true, "team_moon": "opponents", "target": 200}'
    response = client.get("/rules/standard/", {"options": options})
    assert response.status_code == 200
    content = response.content.decode()
    assert "Hearts (4 or 6 players)" in content
    assert "each opponent +26, the partner 0: each other team +52" in content
    assert "a total reaches 200 or more" in content


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ("{not json", "The house rules in this link are not readable."),
        ("[1, 2]", "The house rules in this link are not readable."),
        ('{"charging": "blind"}', "“Charging” does not apply to Hearts"),
        ('{"teams": true, "passing": ["left 6"]}', "No cheat-sheet for these house rules"),
    ],
)
def test_bad_house_rules_in_the_link_are_a_400_with_the_reason(client, options, words):
    response = client.get("/rules/standard/", {"options": options})
    assert response.status_code == 400
    assert response.template_name == "rulebook/index.html"
    assert words in response.content.decode()


@pytest.mark.parametrize(
    ("variant", "players", "options", "words"),
    [
        ("turbo", ["Ann", "Ben", "Cat", "Dan"], {}, "Order: in turn, until everyone passes."),
        ("cancellation", ["Ann", "Ben", "Cat", "Dan", "Eve"], {}, "2 decks of 52 and 1 joker: 105 cards, 26 hearts."),
        ("spot", ["Ann", "Ben", "Cat", "Dan"], {"teams": True}, "Ann and Cat; Ben and Dan"),
    ],
)
def test_a_game_of_the_more_variants_has_its_sheet(client, league, user, variant, players, options, words):
    game = make_game(league, variant, players, options=options)
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/rules/")
    assert response.status_code == 200
    assert words in response.content.decode()


def test_sheets_carry_no_inline_script_or_style(client, league, user):
    game = make_game(league, "ricketts", options={"warren": True})
    client.force_login(user)
    for url in ("/rules/standard/", f"/games/{game.pk}/rules/", f"/games/{game.pk}/referee/"):
        content = client.get(url).content.decode()
        assert "style=" not in content
        assert "<script>" not in content


# A game's sheet: members only ----------------------------------------------------------


def test_a_member_sees_the_game_sheet_with_its_house_rules_and_qr_code(client, league, user):
    game = make_game(league, "standard", 5, options={"target": 50, "deal": "kitty"}, first_dealer=1)
    client.force_login(member(league, Membership.Role.VIEWER))
    response = client.get(reverse("games:game-rules", args=[game.pk]))
    assert response.status_code == 200
    content = response.content.decode()
    assert "Ann, Ben, Cat, Dan, Eve (clockwise)." in content
    assert "after a hand in which a total reaches 50 or more." in content
    assert "2 cards face down to the kitty, then 10 each." in content
    assert '<svg viewBox="' in content
    assert 'class="sheet-qr-code"' in content
    assert f"http://testserver/games/{game.pk}/" in content  # the QR code's title names the game page


def test_the_game_sheet_takes_a_fixed_number_of_queries(client, league, user, django_assert_num_queries):
    game = make_game(league, "3d", 8)
    client.force_login(user)
    # session, user, game + league, membership, seats, players
    with django_assert_num_queries(6):
        response = client.get(f"/games/{game.pk}/rules/")
    assert response.status_code == 200


def test_changing_a_games_option_changes_its_sheet(client, league, user):
    client.force_login(user)
    plain = make_game(league, "ricketts")
    house = make_game(league, "ricketts", options={"moon": "choice"})
    assert "Ricketts safety rule" in client.get(f"/games/{plain.pk}/rules/").content.decode()
    house_page = client.get(f"/games/{house.pk}/rules/").content.decode()
    assert "Ricketts safety rule" not in house_page
    assert "the shooter chooses" in house_page


def test_an_outsider_gets_404_for_the_game_sheet(client, league, outsider):
    game = make_game(league, "standard")
    client.force_login(outsider)
    assert client.get(f"/games/{game.pk}/rules/").status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in_for_the_game_sheet(client, league):
    game = make_game(league, "standard")
    response = client.get(f"/games/{game.pk}/rules/")
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_an_unknown_game_is_404(client, user):
    client.force_login(user)
    assert client.get("/games/999999/rules/").status_code == 404
    assert client.get("/games/999999/referee/").status_code == 404


# The referee: members only ------------------------------------------------------------------


def test_a_viewer_sees_the_next_deal_and_the_moon_preview_but_no_revoke_button(client, league):
    game = make_game(league, "standard")
    client.force_login(member(league, Membership.Role.VIEWER))
    response = client.get(reverse("games:game-referee", args=[game.pk]))
    assert response.status_code == 200
    content = response.content.decode()
    assert "Ann deals hand 1; the deal moves one seat left each hand." in content
    assert "Pass 3 cards to the left: Ann → Ben, Ben → Cat, Cat → Dan, Dan → Ann." in content
    assert 'Ann <span class="referee-summary">others +26</span>' in content
    assert 'Ann <span class="referee-summary">shooter −26</span>' in content
    assert response.context_data["revoke_form"] is None
    assert reverse("games:game-referee-revoke", args=[game.pk]) not in content


def test_a_scorer_sees_the_revoke_button_for_the_next_hand(client, league):
    game = make_game(league, "standard")
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], 1))
    client.force_login(member(league, Membership.Role.SCORER))
    response = client.get(f"/games/{game.pk}/referee/")
    initial = response.context_data["revoke_form"].initial
    assert initial["number"] == 2
    # The hand's key, as the hand form's (Game.record_hand): a second tap charges one revoke.
    assert len(initial["key"]) == 32
    assert "Charge hand 2" in response.content.decode()


def test_an_outsider_gets_404_for_the_referee(client, league, outsider):
    game = make_game(league, "standard")
    client.force_login(outsider)
    assert client.get(f"/games/{game.pk}/referee/").status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in_for_the_referee(client, league):
    game = make_game(league, "standard")
    response = client.get(f"/games/{game.pk}/referee/")
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_referee_page_takes_a_fixed_number_of_queries(client, league, user, django_assert_num_queries):
    game = make_game(league, "standard", 7)
    for number in range(1, 9):
        game.record_hand(number, HandEntry.cards([2, 2, 2, 2, 2, 2, 1], number % 7))
    client.force_login(user)
    # session, user, game + league, membership, seats, players, hands
    with django_assert_num_queries(7):
        response = client.get(f"/games/{game.pk}/referee/")
    assert response.status_code == 200


FIRST_TRICK_HEART = {"card": "heart", "play": "follow", "suit_led": "♣", "first_trick": "on", "hand": "mixed"}


def test_the_plain_branch_answers_on_the_full_page(client, league, user):
    game = make_game(league, "standard")
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/referee/", FIRST_TRICK_HEART)
    assert response.template_name == "rulebook/referee.html"
    ruling = response.context_data["ruling"]
    assert not ruling.allowed
    assert ruling.rule == "First trick"
    content = response.content.decode()
    assert "<html" in content
    assert "no heart and not the Q♠ may be played to the first trick unless you hold nothing else" in content


def test_the_htmx_branch_answers_with_the_answer_alone(client, league, user):
    game = make_game(league, "ricketts")
    client.force_login(user)
    question = {"card": "heart", "play": "lead", "queen_played": "on", "hand": "mixed"}
    response = client.get(f"/games/{game.pk}/referee/", question, headers=HTMX)
    assert response.template_name == "rulebook/referee.html#answer"
    content = response.content.decode()
    assert content.strip().startswith('<div id="answer"')
    assert "<html" not in content
    assert "✓ Yes" in content
    assert "(rule: Leading hearts)" in content


def test_following_without_the_suit_led_asks_for_it(client, league, user):
    game = make_game(league, "standard")
    client.force_login(user)
    response = client.get(
        f"/games/{game.pk}/referee/", {"card": "heart", "play": "follow", "hand": "mixed"}, headers=HTMX
    )
    assert response.status_code == 200
    assert response.context_data["ruling"] is None
    assert "Which suit was led?" in response.content.decode()


def test_a_tampered_question_gets_no_ruling_and_no_error(client, league, user):
    game = make_game(league, "standard")
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/referee/", {"card": "joker", "play": "sideways", "hand": "x"})
    assert response.status_code == 200
    assert response.context_data["ruling"] is None


def test_only_this_games_questions_are_asked(client, league, user):
    client.force_login(user)
    standard = client.get(f"/games/{make_game(league, 'standard').pk}/referee/").context_data["form"]
    three_d = client.get(f"/games/{make_game(league, '3d').pk}/referee/").context_data["form"]
    warren = client.get(f"/games/{make_game(league, 'ricketts', options={'warren': True}).pk}/referee/")
    assert "pile_empty" not in standard.fields
    assert "queen_played" not in standard.fields
    assert "pile_empty" in three_d.fields
    assert {"queen_played", "through_warren"} <= set(warren.context_data["form"].fields)


# Charging a revoke ----------------------------------------------------------------------------


def revoke_url(game):
    return reverse("games:game-referee-revoke", args=[game.pk])


def test_a_viewer_cannot_charge_a_revoke(client, league):
    game = make_game(league, "standard")
    client.force_login(member(league, Membership.Role.VIEWER))
    response = client.post(revoke_url(game), {"offender": 1, "number": 1})
    assert response.status_code == 403
    assert not Hand.objects.exists()


def test_an_outsider_cannot_charge_a_revoke(client, league, outsider):
    game = make_game(league, "standard")
    client.force_login(outsider)
    assert client.post(revoke_url(game), {"offender": 1, "number": 1}).status_code == 404
    assert not Hand.objects.exists()


def test_an_anonymous_visitor_cannot_charge_a_revoke(client, league):
    game = make_game(league, "standard")
    response = client.post(revoke_url(game), {"offender": 1, "number": 1})
    assert response.status_code == 302
    assert not Hand.objects.exists()


def test_the_revoke_endpoint_only_takes_posts(client, league, user):
    client.force_login(user)
    assert client.get(revoke_url(make_game(league, "standard"))).status_code == 405


def test_a_scorer_charges_a_revoke_and_is_sent_back_to_the_referee(client, league):
    game = make_game(league, "standard")
    scorer = member(league, Membership.Role.SCORER)
    client.force_login(scorer)
    asked = client.post(revoke_url(game), {"offender": 1, "number": 1})
    # Without JavaScript the referee asks first, on a page of its own.
    assert asked.status_code == 200
    assert "Charge the revoke to Ben as hand 1?" in asked.content.decode()
    assert not Hand.objects.filter(game=game).exists()
    response = client.post(revoke_url(game), {"offender": 1, "number": 1, "confirmed": "yes"})
    assert response.status_code == 302
    assert response.url == reverse("games:game-referee", args=[game.pk])
    hand = Hand.objects.get(game=game)
    assert (hand.number, hand.entry) == (1, {"revoke": 1})
    assert HandRevision.objects.get().user == scorer
    # Ben (seat 1) scores P = 26, everyone else 0.
    assert list(game.seats.order_by("position").values_list("total", flat=True)) == [0, 26, 0, 0]
    page = client.get(response.url).content.decode()
    assert "Hand 1: revoke charged to Ben, who scores 26, everyone else 0 for that hand (no moon)." in page
    assert "Ben deals hand 2" in page


def test_the_htmx_branch_swaps_the_outlook_and_the_next_deal(client, league, user):
    game = make_game(league, "3d", 3)
    client.force_login(user)
    response = client.post(revoke_url(game), {"offender": 2, "number": 1}, headers=HTMX)
    assert response.status_code == 200
    assert response.template_name == "rulebook/referee.html#revoked"
    content = response.content.decode()
    assert content.strip().startswith('<div id="outlook"')
    assert (
        "Hand 1: revoke charged to Cat, who scores 39, everyone else 0 for that hand (no moon, no J♦ bonus)." in content
    )
    assert 'id="next-deal"' in content
    assert 'hx-swap-oob="true"' in content
    assert "Ben deals hand 2" in content
    assert Hand.objects.get(game=game).entry == {"revoke": 2}


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_same_revoke_twice_is_a_409_and_is_saved_once(client, league, user, headers):
    game = make_game(league, "standard")
    client.force_login(user)
    # (confirmed: as the plain page's question sends it; the htmx form asks in the browser.)
    client.post(revoke_url(game), {"offender": 1, "number": 1, "confirmed": "yes"}, headers=headers)
    response = client.post(revoke_url(game), {"offender": 1, "number": 1, "confirmed": "yes"}, headers=headers)
    assert response.status_code == 409
    content = response.content.decode()
    assert "Hand 1 was just recorded by someone else. Nothing was charged." in content
    assert "Ben deals hand 2" in content
    assert "Charge hand 2" in content
    assert Hand.objects.filter(game=game).count() == 1
    assert HandRevision.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_same_revoke_sent_again_with_its_key_is_charged_once(client, league, user, headers):
    game = make_game(league, "standard")
    client.force_login(user)
    client.post(revoke_url(game), {"offender": 1, "number": 1, "key": "k", "confirmed": "yes"}, headers=headers)
    again = client.post(revoke_url(game), {"offender": 1, "number": 1, "key": "k"}, headers=headers)
    assert again.status_code in (200, 302)
    assert Hand.objects.filter(game=game).count() == 1
    assert HandRevision.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    "data",
    [
        {"offender": 9, "number": 1},
        {"offender": "Ben", "number": 1},
        {"offender": 1, "number": "one"},
        {"number": 1},
        {"offender": [1, 2], "number": 1},
    ],
    ids=["no-such-seat", "not-a-seat-number", "not-a-hand-number", "nobody", "two-offenders"],
)
def test_a_tampered_revoke_is_refused_and_saves_nothing(client, league, user, data):
    game = make_game(league, "standard")
    client.force_login(user)
    response = client.post(revoke_url(game), data)
    assert response.status_code == 422
    assert "Pick the player who revoked." in response.content.decode()
    assert not Hand.objects.exists()


def test_a_revoke_after_the_game_is_over_is_refused(client, league, user):
    game = make_game(league, "standard", options={"target": 20})
    game.record_hand(1, HandEntry.revoked(1))  # Ben 26 ≥ 20; Ann, Cat, Dan tie at 0
    game.record_hand(2, HandEntry.revoked(2))  # Cat 26; Ann and Dan tie at 0
    game.record_hand(3, HandEntry.revoked(3))  # Dan 26; Ann alone at 0 wins
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/referee/")
    assert page.context_data["revoke_form"] is None
    assert "The game is over." in page.content.decode()
    response = client.post(revoke_url(game), {"offender": 1, "number": 4})
    assert response.status_code == 422
    assert "The game is already over" in response.content.decode()
    assert Hand.objects.filter(game=game).count() == 3


def test_an_abandoned_game_takes_no_revoke(client, league, user):
    game = make_game(league, "standard")
    game.declare("abandoned", user)
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/referee/")
    assert page.context_data["revoke_form"] is None
    assert "This game was declared abandoned." in page.content.decode()
    response = client.post(revoke_url(game), {"offender": 1, "number": 1})
    assert response.status_code == 422
    assert "This game was declared abandoned; no hand can be added." in response.content.decode()
    assert not Hand.objects.exists()


# The referee for RULES.md's More variants: one view test per new play rule -----------------


def test_turbo_asks_about_charges_and_refuses_a_charged_card_on_its_suits_first_trick(client, league, user):
    game = make_game(league, "turbo")
    client.force_login(user)
    question = {"card": "heart", "rank": "A", "play": "lead", "heart_played": "on", "hand": "mixed", "charged": "on"}
    response = client.get(f"/games/{game.pk}/referee/", question, headers=HTMX)
    assert response.template_name == "rulebook/referee.html#answer"
    ruling = response.context_data["ruling"]
    assert not ruling.allowed
    content = response.content.decode()
    assert "the A♥ is charged: it may not lead the first trick of its suit" in content
    assert "(rule: Charging)" in content
    # Once hearts were led, the same card is free.
    response = client.get(f"/games/{game.pk}/referee/", {**question, "suit_seen": "on"}, headers=HTMX)
    assert response.context_data["ruling"].allowed


def test_only_turbo_asks_about_charges(client, league, user):
    client.force_login(user)
    turbo = client.get(f"/games/{make_game(league, 'turbo').pk}/referee/")
    standard = client.get(f"/games/{make_game(league, 'standard').pk}/referee/")
    assert {"charged", "suit_seen", "only_of_suit"} <= set(turbo.context_data["form"].fields)
    assert not {"charged", "suit_seen", "only_of_suit"} & set(standard.context_data["form"].fields)
    assert "This card was charged" in turbo.content.decode()


def test_cancellation_says_who_takes_a_trick_with_cancelled_cards(client, league, user):
    game = make_game(league, "cancellation", 5)
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/referee/").content.decode()
    assert "Who takes this trick?" in page
    response = client.get(f"/games/{game.pk}/referee/", {"trick": "ks 7s ks qs 2h"}, headers=HTMX)
    assert response.template_name == "rulebook/referee.html#trick_answer"
    content = response.content.decode()
    assert content.strip().startswith('<div id="trick-answer"')
    assert "card 4 (Q♠) takes the trick" in content
    assert "the two K♠ cancel each other" in content
    # The plain branch answers on the whole page.
    plain = client.get(f"/games/{game.pk}/referee/", {"trick": "8c 8c 3h 3h", "last_trick": "on"})
    assert "<html" in plain.content.decode()
    assert plain.context_data["trick_ruling"].winner is None
    assert "it goes to the player who led it" in plain.content.decode()


def test_a_french_player_types_the_trick_as_french_cards_print_it(client, league, user):
    """R is the roi (K), D the dame (Q); the answer names the cards as the French deck prints them."""
    game = make_game(league, "cancellation", 5)
    client.force_login(user)
    response = client.get(
        f"/games/{game.pk}/referee/", {"trick": "Rs 7s Rs Ds 2h"}, headers={**HTMX, "Accept-Language": "fr"}
    )
    assert response.context_data["trick_ruling"].winner == 4
    content = response.content.decode()
    assert "la carte 4 (D♠) prend le pli" in content
    assert "les deux R♠ s&#x27;annulent" in content
    page = client.get(f"/games/{game.pk}/referee/", headers={"Accept-Language": "fr"})
    # The referee's rank picker as French cards print them; the values stay the engine's.
    assert '<option value="K">R</option>' in page.content.decode()


@pytest.mark.parametrize(
    ("trick", "message"),
    [
        ("ks zz", "“zz” is not a card"),
        ("ks ks ks", "Two decks hold only two of each card"),
        ("2c 3c 4c 5c 6c 7c", "at most 5 here"),
        ("x" * 300, "at most 200 characters"),
    ],
)
def test_a_tampered_or_impossible_trick_gets_a_message_and_no_error(client, league, user, trick, message):
    game = make_game(league, "cancellation", 5)
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/referee/", {"trick": trick}, headers=HTMX)
    assert response.status_code == 200
    assert response.context_data["trick_ruling"] is None
    assert message in response.content.decode()


def test_a_trick_question_in_another_game_is_ignored(client, league, user):
    game = make_game(league, "standard")
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/referee/", {"trick": "ks ks"})
    assert response.status_code == 200
    assert response.context_data["trick_form"] is None
    assert "Who takes this trick?" not in response.content.decode()


def test_domino_tells_a_player_who_cannot_follow_to_draw(client, league, user):
    game = make_game(league, "domino")
    client.force_login(user)
    question = {"card": "diamond", "play": "follow", "suit_led": "♣", "hand": "mixed"}
    response = client.get(f"/games/{game.pk}/referee/", question, headers=HTMX)
    ruling = response.context_data["ruling"]
    assert not ruling.allowed
    content = response.content.decode()
    assert "draw from the pile until you get a club" in content
    assert "(rule: Domino Hearts)" in content
    assert "The draw pile is empty" in client.get(f"/games/{game.pk}/referee/").content.decode()


def test_black_maria_lets_the_first_lead_be_a_heart(client, league, user):
    game = make_game(league, "black_maria")
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/referee/").content.decode()
    assert "from the dealer&#x27;s left, with any card: a point card too." in page
    question = {"card": "heart", "play": "lead", "first_trick": "on", "hand": "mixed"}
    response = client.get(f"/games/{game.pk}/referee/", question, headers=HTMX)
    assert response.context_data["ruling"].allowed
    assert "leads the first trick with any card, a heart too" in response.content.decode()


# Languages (issue 25): the catalogs are filled at the end, so a few Dutch words are lent to the
# Dutch catalog for these tests; the sentences are checked by hand, not read from the catalogs.

DUTCH_WORDS = {
    "Who takes this trick?": "Wie neemt deze slag?",
    "(rule: %(rule)s)": "(regel: %(rule)s)",
    "Cancelled cards": "Geannuleerde kaarten",
    "Print": "Afdrukken",
    "Money": "Geld",
    "Record hand %(number)s": "Spel %(number)s opslaan",
    "Revoke…": "Verzaakt…",
    "Ready to record": "Klaar om op te slaan",
    "{sum} of {total} hearts": "{sum} van de {total} harten",
}


@pytest.fixture
def dutch_words():
    from django.utils.translation import trans_real

    catalog = trans_real.translation("nl")._catalog
    words = dict(DUTCH_WORDS)
    catalog._catalogs.insert(0, words)
    catalog._plurals.insert(0, lambda n: int(n != 1))
    yield
    index = next(i for i, each in enumerate(catalog._catalogs) if each is words)
    del catalog._catalogs[index]
    del catalog._plurals[index]


DUTCH = {"Accept-Language": "nl"}


def test_the_referee_speaks_the_readers_language(client, league, user, dutch_words):
    game = make_game(league, "cancellation", 5)
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/referee/", {"trick": "ks ks 7s"}, headers=DUTCH)
    content = response.content.decode()
    assert "Wie neemt deze slag?" in content
    # The engine's word for the rule, inside the template's sentence: both in Dutch.
    assert "(regel: Geannuleerde kaarten)" in content
    assert "(rule:" not in content


def test_the_cheat_sheet_speaks_the_readers_language(client, dutch_words):
    content = client.get("/rules/turbo/", headers=DUTCH).content.decode()
    assert ">Afdrukken</button>" in content
    assert "<strong>Geld:</strong>" in content


def test_the_hand_forms_record_and_revoke_lines_are_translated(client, league, user, dutch_words):
    game = make_game(league, "standard")
    client.force_login(user)
    content = client.get(reverse("games:hand-new", args=[game.pk]), headers=DUTCH).content.decode()
    assert "Spel 1 opslaan" in content
    assert "<summary>Verzaakt…</summary>" in content
    # The status line's sentences, which hand_form.js fills in, come from the page.
    assert 'data-say-ready="Klaar om op te slaan"' in content
    assert 'data-say-count="{sum} van de {total} harten"' in content
