"""The cheat-sheet's and the referee's sentences go through the installed translator (issue 25).

The catalogs are filled at the end, so these tests install translators of their own
(docs/I18N.md): a small Dutch dict, checked by hand, and a marker that wraps every
sentence it is asked for, which shows that no sentence is shown without asking.
No database.
"""

import pytest

from rules import GameSetup, i18n, play
from rules.referee import (
    CLUBS,
    HEARTS,
    SPADES,
    Card,
    PlayQuestion,
    can_play,
    moon_previews,
    next_deal_answers,
    play_notes,
    play_rules,
    read_trick,
    revoke_penalty,
    trick_taker,
)
from rules.rulebook import cheat_sheet

FOUR = ["Ann", "Ben", "Cat", "Dan"]


class Dutch:
    CATALOG = {
        "Money": "Geld",
        "each hand, each player wins the sum of the {players} scores minus {players} times their own "
        "(it adds up to 0).": "elk spel wint elke speler de som van de {players} scores min {players} keer de eigen "
        "(samen 0).",
        "{variant} ({counts} players)": "{variant} ({counts} spelers)",
        "Charging": "Opladen",
        "No: {reason} {rule}": "Nee: {reason} {rule}",
        "(rule: {section})": "(regel: {section})",
        "{card} is charged: it may not lead the first trick of its suit unless it is your only card of that suit": (
            "{card} is opgeladen: die mag de eerste slag van zijn kleur niet uitkomen, tenzij het je enige kaart "
            "van die kleur is"
        ),
        "the {card}": "de {card}",
        "Cancelled cards": "Geannuleerde kaarten",
    }

    def gettext(self, message):
        return self.CATALOG.get(message, message)

    def ngettext(self, singular, plural, number):
        return singular if number == 1 else plural

    def pgettext(self, context, message):
        # "the {card}" is asked by the card's rank ("an ace"): Dutch says "de" for every card.
        return self.CATALOG.get(message, message)


class Marker:
    """Wraps every sentence it translates: a text that does not start with ⟪ was never asked for."""

    def gettext(self, message):
        return f"⟪{message}⟫"

    def ngettext(self, singular, plural, number):
        return f"⟪{singular if number == 1 else plural}⟫"


@pytest.fixture
def installed():
    before = i18n.installed()

    def install(translator):
        i18n.install(translator)

    yield install
    i18n.install(before)


def test_the_turbo_sheet_reads_in_dutch_with_a_dutch_translator(installed):
    sheet = cheat_sheet("turbo")
    money = next(item for item in sheet.section("scoring").items if item.term == "Money")
    installed(Dutch())
    assert str(money.term) == "Geld"
    assert str(money.text) == "elk spel wint elke speler de som van de 4 scores min 4 keer de eigen (samen 0)."
    assert str(sheet.title) == "Turbo Hearts (4 spelers)"
    # Compared as a str it is still the English, as the engine's tests read it.
    assert (
        money.text == "each hand, each player wins the sum of the 4 scores minus 4 times their own (it adds up to 0)."
    )


def test_the_referees_ruling_reads_in_dutch_with_a_dutch_translator(installed):
    rules = play_rules(GameSetup.create("turbo", FOUR))
    ruling = can_play(rules, PlayQuestion(Card(HEARTS, "A"), leading=True, heart_played=True, charged=True))
    installed(Dutch())
    assert str(ruling) == (
        "Nee: de A♥ is opgeladen: die mag de eerste slag van zijn kleur niet uitkomen, tenzij het je enige kaart "
        "van die kleur is (regel: Opladen)"
    )
    cancelled = trick_taker(play_rules(GameSetup.create("cancellation", [*FOUR, "Eve"])), read_trick("ks ks 2s"))
    assert str(cancelled.rule) == "Geannuleerde kaarten"


@pytest.mark.parametrize(
    ("variant", "options", "players"),
    [
        ("standard", {}, None),
        ("ricketts", {"warren": True, "sun": True, "jack_of_diamonds": True}, None),
        ("3d", {}, None),
        ("spot", {"teams": True, "team_moon": "player"}, None),
        ("black_maria", {}, None),
        ("domino", {}, None),
        ("cancellation", {"heart_points": {"Q": 13}}, None),
        ("turbo", {"hands_per_game": 8}, None),
        ("standard", {"deal": "kitty", "time_limit": 60, "wraps": [50], "sixty_nine": True}, FOUR),
        ("cancellation", {}, [*FOUR, "Eve", "Fay", "Gus", "Hal", "Ivy"]),
        ("turbo", {}, FOUR),
    ],
)
def test_every_sentence_on_a_sheet_is_asked_of_the_translator(installed, variant, options, players):
    installed(Marker())
    sheet = cheat_sheet(variant, options, players)
    shown = [sheet.title, *sheet.house_rules]
    for section in sheet.sections:
        shown.append(section.title)
        for item in section.items:
            shown.extend([item.term, item.text])
        for table in section.tables:
            shown.extend([table.caption, *table.header[:1]])
    unasked = [str(text) for text in shown if not str(text).startswith("⟪")]
    assert unasked == []


@pytest.mark.parametrize("variant", ["standard", "ricketts", "3d", "black_maria", "domino", "cancellation", "turbo"])
def test_every_referee_answer_is_asked_of_the_translator(installed, variant):
    players = [*FOUR, "Eve"] if variant == "cancellation" else FOUR
    options = {"warren": True} if variant == "ricketts" else {}
    setup = GameSetup.create(variant, players, options)
    rules = play_rules(setup)
    installed(Marker())
    state = play(setup, [])
    answers = [*play_notes(rules), *next_deal_answers(state), revoke_penalty(setup)]
    shown = [text for answer in answers for text in (answer.question, answer.answer, answer.rule)]
    questions = [
        PlayQuestion(Card(HEARTS), leading=True),
        PlayQuestion(Card(HEARTS), leading=True, first_trick=True),
        PlayQuestion(Card(SPADES, "Q"), leading=False, suit_led=CLUBS, first_trick=True),
        PlayQuestion(Card(CLUBS, "10"), leading=False, suit_led=CLUBS, charged=True),
        PlayQuestion(Card(), leading=False, suit_led=CLUBS),
        PlayQuestion(Card(HEARTS), leading=False, suit_led=CLUBS, through_warren=True),
    ]
    for question in questions:
        ruling = can_play(rules, question)
        shown.extend([ruling.reason, ruling.rule, str(ruling)])
    for preview in moon_previews(state):
        shown.extend(outcome.summary for outcome in preview.outcomes)
    unasked = [str(text) for text in shown if not str(text).startswith("⟪")]
    assert unasked == []
