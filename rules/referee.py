"""Quick answers at the table, each citing the part of RULES.md it applies.

The scoring engine knows nothing of tricks, since the table plays with a
real deck; the rules of play live here instead, as PlayRules, so that the
referee screen and the printed cheat-sheet (rules.rulebook) say the same.
Pure functions of the game's setup and state: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.cards import CLUBS, DIAMONDS, HEARTS, RANKS, SPADES
from rules.describe import describe_deal, describe_outcome, describe_result, revoke_terms, signed
from rules.entry import HandEntry
from rules.game import GameState
from rules.setup import ADD, NEGATE, GameSetup

# The order the referee screen offers the suits in.
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_NAMES = {SPADES: "spade", HEARTS: "heart", DIAMONDS: "diamond", CLUBS: "club"}

# What the player's hand holds apart from the card in question.
MIXED = "mixed"
ONLY_HEARTS = "hearts"
ONLY_HEARTS_AND_QUEEN = "hearts_and_queen"

# The parts of the rules (RULES.md's sections, named as a table says them) that answers cite.
PLAY = "Play"
FIRST_TRICK = "First trick"
LEADING_HEARTS = "Leading hearts"
HEARTS_BROKEN = "Hearts broken"
THREE_D = "3D Hearts"
WARREN = "Warren card"
FIRST_LEAD = "First lead"
DEALING = "Dealing"
PASSING = "Passing"
REVOKE = "Revoke"


def cite(section: str) -> str:
    """How an answer names the rule it applies: "(rule: First trick)", the section of the rules it comes from."""
    return f"(rule: {section})"


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The rules of play that differ between variants."""

    # No heart and no Q♠ on the first trick unless the player holds nothing else.
    first_trick_limits: bool
    # The holder of the lowest club leads it; otherwise the player left of the dealer leads.
    lowest_club_leads: bool
    lead_card: str | None
    queen_breaks_hearts: bool
    queen_leads_any_time: bool
    # 3D Hearts: draw until able to follow; hearts only once the pile is empty.
    draw_pile: bool
    # 3D Hearts: of two identical cards, the one played first ranks higher.
    identical_cards: bool
    warren: bool
    kitty: bool
    # Black Maria: the player left of the dealer leads any card to the first
    # trick, a point card too (point cards may be played to it).
    free_first_lead: bool = False
    # Cancellation: two identical cards in one trick cancel (3D's identical
    # cards rank by order of play instead).
    cancelling: bool = False
    # Turbo Hearts: cards may be charged; a charged card waits for its suit's first trick.
    charging: bool = False
    # 3D Hearts: the low card on a draw deals first.
    low_card_deals: bool = False
    # The section of the rules a variant's own play rule comes from ("Domino Hearts").
    variant_rule: str = ""


def play_rules(setup: GameSetup) -> PlayRules:
    options = setup.options
    draws = setup.deck.draw_pile > 0
    first = setup.deal(1)
    two_decks = setup.deck.decks > 1
    return PlayRules(
        # 3D Hearts has no first-trick limit; first_trick_points lifts it anywhere.
        first_trick_limits=not draws and not options.first_trick_points,
        lowest_club_leads=first.lead_card is not None,
        lead_card=first.lead_card,
        queen_breaks_hearts=options.queen_breaks_hearts,
        queen_leads_any_time=options.queen_breaks_hearts,
        draw_pile=draws,
        identical_cards=two_decks and draws,
        warren=setup.deck.warren,
        kitty=setup.deck.kitty > 0,
        # RULES.md, More variants: "leads any card to the first trick, and point
        # cards may be played to it" is Black Maria's; read so wherever the
        # player left of the dealer leads and first_trick_points is on.
        free_first_lead=first.lead_card is None and options.first_trick_points and not draws,
        cancelling=two_decks and not draws,
        charging=setup.turbo,
        low_card_deals=two_decks and draws,
        variant_rule=setup.variant.name,
    )


@dataclass(frozen=True, slots=True)
class Answer:
    """A question the table asks, answered from the engine, with its rule."""

    question: str
    answer: str
    rule: str


# Can this card be played? ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the player names it: exactly, by suit only, or "another card".

    suit None means another card: not a heart, not the Q♠ and not of the suit
    led. A spade without a rank means a spade other than the Q♠.
    """

    suit: str | None = None
    rank: str | None = None

    @classmethod
    def parse(cls, suit: str | None, rank: str | None = None) -> Card:
        if suit not in SUITS:
            return cls()
        return cls(suit, rank if rank in RANKS else None)

    @property
    def is_heart(self) -> bool:
        return self.suit == HEARTS

    @property
    def is_queen_of_spades(self) -> bool:
        return self.suit == SPADES and self.rank == "Q"

    def follows(self, suit_led: str | None) -> bool:
        return self.suit is not None and self.suit == suit_led

    def __str__(self) -> str:
        if self.suit is None:
            return "another card"
        if self.rank is None:
            return f"a {SUIT_NAMES[self.suit]}"
        return f"the {self.rank}{self.suit}"


@dataclass(frozen=True, slots=True)
class PlayQuestion:
    """What the player tells the referee about the moment of play."""

    card: Card
    leading: bool
    first_trick: bool = False
    heart_played: bool = False
    queen_played: bool = False
    suit_led: str | None = None
    holds_suit_led: bool = False
    hand: str = MIXED
    pile_empty: bool = False
    # The card asked about is the Warren card's extra card, played through it.
    through_warren: bool = False


@dataclass(frozen=True, slots=True)
class Ruling:
    """Yes or no, the reason in a sentence, and the rule it comes from."""

    allowed: bool
    reason: str
    rule: str

    def __str__(self) -> str:
        return f"{'Yes' if self.allowed else 'No'}: {self.reason} {cite(self.rule)}"


def can_play(rules: PlayRules, question: PlayQuestion) -> Ruling:
    """May this card be played (or led) now? Raises ValueError for a follow with no suit led."""
    if question.through_warren:
        return _through_warren(rules, question)
    if question.leading:
        return _lead(rules, question)
    return _follow(rules, question)


def hearts_broken(rules: PlayRules, question: PlayQuestion) -> bool:
    return question.heart_played or (rules.queen_breaks_hearts and question.queen_played)


def _lead(rules: PlayRules, question: PlayQuestion) -> Ruling:
    card = question.card
    if question.first_trick and rules.lowest_club_leads:
        if card.suit == CLUBS and card.rank is not None and f"{card.rank}{CLUBS}" == rules.lead_card:
            return Ruling(True, f"whoever holds the {rules.lead_card} leads it to the first trick", FIRST_LEAD)
        if rules.kitty and card.suit == CLUBS:
            return Ruling(
                False,
                f"the first trick is led with the {rules.lead_card}, or, if it lies in the kitty, "
                "with the lowest club dealt to a player: only then with this club",
                FIRST_LEAD,
            )
        return Ruling(False, f"the first trick is led with the {rules.lead_card} by whoever holds it", FIRST_LEAD)
    if card.is_queen_of_spades and rules.queen_leads_any_time:
        return Ruling(True, "in this game the Q♠ may be led at any time, and it breaks hearts", HEARTS_BROKEN)
    if card.is_heart:
        if hearts_broken(rules, question):
            broken_by = "a heart or the Q♠ has" if rules.queen_breaks_hearts else "a heart has"
            return Ruling(True, f"hearts are broken ({broken_by} been played)", LEADING_HEARTS)
        if question.hand == ONLY_HEARTS:
            return Ruling(True, "hearts are not broken yet, but you hold only hearts", LEADING_HEARTS)
        broken_by = "a heart or the Q♠" if rules.queen_breaks_hearts else "a heart"
        return Ruling(
            False,
            f"hearts may not be led until they are broken ({broken_by} played), unless you hold only hearts",
            LEADING_HEARTS,
        )
    return Ruling(True, f"{card} may be led: only hearts are held back until broken", LEADING_HEARTS)


def _follow(rules: PlayRules, question: PlayQuestion) -> Ruling:
    card = question.card
    suit_led = question.suit_led
    if suit_led not in SUITS:
        raise ValueError("Say which suit was led")
    led = SUIT_NAMES[suit_led]
    if card.follows(suit_led):
        # The first-trick limits restrict the card chosen when a player cannot
        # follow suit ("otherwise play any card, within the limits below"),
        # never the duty to follow.
        return Ruling(True, f"you are following suit ({led}s were led)", PLAY)
    if question.holds_suit_led:
        return Ruling(False, f"you hold a {led}, so you must follow suit; not doing so is a revoke", PLAY)
    if rules.draw_pile and not question.pile_empty:
        return Ruling(
            False,
            f"you cannot follow suit, so draw from the pile until you get a {led}, then play that card; "
            "another suit only once the pile is empty",
            THREE_D,
        )
    if rules.draw_pile:
        if card.is_heart:
            return Ruling(
                True,
                "the pile is empty and you cannot follow suit, so a heart may be played; it breaks hearts",
                THREE_D,
            )
        return Ruling(True, "the pile is empty and you cannot follow suit, so any card may be played", THREE_D)
    if question.first_trick and rules.first_trick_limits and (card.is_heart or card.is_queen_of_spades):
        if question.hand in (ONLY_HEARTS, ONLY_HEARTS_AND_QUEEN):
            return Ruling(
                True, "you hold nothing but hearts and the Q♠, so the first-trick limit is lifted", FIRST_TRICK
            )
        return Ruling(
            False,
            "no heart and not the Q♠ may be played to the first trick unless you hold nothing else",
            FIRST_TRICK,
        )
    if card.is_heart:
        return Ruling(True, "you cannot follow suit, so a heart may be played; it breaks hearts", HEARTS_BROKEN)
    if card.is_queen_of_spades and rules.queen_breaks_hearts:
        return Ruling(
            True, "you cannot follow suit, so the Q♠ may be played; in this game it breaks hearts", HEARTS_BROKEN
        )
    return Ruling(True, "you cannot follow suit, so any card may be played", PLAY)


def _through_warren(rules: PlayRules, question: PlayQuestion) -> Ruling:
    if not rules.warren:
        return Ruling(False, "this game is played without the Warren card", WARREN)
    extra = can_play(rules, replace(question, through_warren=False))
    if not extra.allowed:
        return Ruling(
            False,
            f"the Warren card may stand in only for a legal play, and its extra card is not one now: "
            f"{extra.reason} {cite(extra.rule)}",
            WARREN,
        )
    suit = f" ({SUIT_NAMES[question.card.suit]}s)" if question.card.suit else ""
    return Ruling(
        True,
        f"the extra card would be legal ({extra.reason} {cite(extra.rule)}), so play the Warren card and "
        f"declare its suit{suit}; at the end of the trick the extra card is shown and counts as played",
        WARREN,
    )


def play_notes(rules: PlayRules) -> tuple[Answer, ...]:
    """What no yes-or-no question covers but the table asks about during play."""
    notes = []
    if rules.identical_cards:
        notes.append(
            Answer("Two identical cards?", "Of two identical cards, the one played first ranks higher.", THREE_D)
        )
    if rules.draw_pile:
        notes.append(
            Answer(
                "Out of cards?",
                "A player whose hand is empty is out. The hand ends when only one player has cards left; "
                "that player also takes the point cards still in their hand.",
                THREE_D,
            )
        )
    if rules.warren:
        notes.append(
            Answer(
                "Playing the Warren card?",
                "Declare the extra card's suit, not its rank; at the end of the trick the extra card is shown "
                "and counts as played. Warren passes like any card, and the extra card goes with it.",
                WARREN,
            )
        )
    return tuple(notes)


# The next deal -----------------------------------------------------------------


def next_deal_answers(state: GameState) -> tuple[Answer, ...]:
    """Who deals, which way we pass and to whom, who leads: empty once the game is over.

    Worded by rules.describe, as on the game page, so the two never differ.
    """
    deal = state.next_deal
    if deal is None:
        return ()
    text = describe_deal(state.setup, deal)
    tie_break = " It is a tie-break hand, scored like any other." if deal.tie_break else ""
    dealer = f"{text.dealer} deals hand {deal.number}; the deal moves one seat left each hand.{tie_break}"
    leader = f"{text.leader}."
    if deal.leader is not None:
        leader = f"{text.leader}, from the dealer's left, with any permitted card."
    return (
        Answer("Who deals?", dealer, DEALING),
        Answer("Which way do we pass?", f"{text.direction}: {text.passes}.", PASSING),
        Answer("Who leads?", leader, FIRST_LEAD),
    )


# What if someone shoots the moon now? ------------------------------------------


@dataclass(frozen=True, slots=True)
class SweepOutcome:
    """One way a sweep of every point card could be scored, and what it leaves."""

    resolution: str  # "add", "subtract", or "none" where the moon is off
    state: GameState
    summary: str  # the hand's points in a few words: "others +26"
    result: str  # where the game then stands: "The game goes on"
    sentence: str  # what changes, as rules.describe says it


@dataclass(frozen=True, slots=True)
class SweepPreview:
    shooter: int
    name: str
    outcomes: tuple[SweepOutcome, ...]


def sweep(setup: GameSetup, shooter: int) -> HandEntry:
    """The entry for one player taking every point card: every heart and every single card.

    Cards with negative points (the J♦, say) that a moon does not need are
    assumed taken by the shooter too: the preview shows the full sweep.
    """
    hearts = [setup.hearts_in_play if seat == shooter else 0 for seat in range(setup.seats)]
    # Where hearts score by rank the entry names them: every rank, once a deck.
    ranks = [list(RANKS) * setup.variant.decks if seat == shooter else [] for seat in range(setup.seats)]
    singles = setup.single_cards
    return HandEntry.cards(
        hearts,
        shooter if setup.options.queen_points else None,
        shooter if setup.options.jack_of_diamonds else None,
        extras={card.card: shooter for card in singles if card.field == "cards" and not card.second},
        ranks=ranks if setup.ranks_needed else None,
        ten=shooter if setup.turbo else None,
        twins={card.card: shooter for card in singles if card.second},
    )


def moon_previews(state: GameState) -> tuple[SweepPreview, ...]:
    """For each player: the totals if they took every point card in the next hand."""
    # A game that takes no next hand (over, or holding the most hands a game
    # can) has nothing to preview: the engine refuses any entry, a revoke too.
    if state.check(HandEntry.revoked(0)):
        return ()
    previews = []
    for shooter in range(state.setup.seats):
        entry = sweep(state.setup, shooter)
        outcomes = state.outcomes(entry) or {"none": state.after(entry)}
        found = tuple(_outcome(state, resolution, after, shooter) for resolution, after in outcomes.items())
        previews.append(SweepPreview(shooter, state.setup.players[shooter], found))
    return tuple(previews)


def _outcome(before: GameState, resolution: str, after: GameState, shooter: int) -> SweepOutcome:
    penalty = after.setup.moon_value
    hand = after.hands[-1]
    # The shooter's points are their team's in a team game.
    points = hand.points[after.setup.scorer_of_seat(shooter)]
    if resolution == ADD:
        summary = f"others +{penalty}"
    elif resolution == "none":
        summary = f"no moon: {'+' if points > 0 else ''}{signed(points)} as taken"
    elif resolution == NEGATE:
        summary = f"shooter {signed(points)}: the moon negates, then the 10♣ multiplies"
    else:
        summary = f"shooter {signed(-penalty)}"
    if hand.moon is not None and hand.moon.why:
        summary += f" ({hand.moon.why})"
    return SweepOutcome(resolution, after, summary, describe_result(after), describe_outcome(before, after))


# Revoke ---------------------------------------------------------------------------


def revoke_penalty(setup: GameSetup) -> Answer:
    """What a revoke costs (rules.describe.revoke_terms)."""
    return Answer(
        "Someone revoked?",
        f"An uncorrected revoke found before the hand is scored: the offender {revoke_terms(setup)}.",
        REVOKE,
    )


__all__ = [
    "Answer",
    "Card",
    "PlayQuestion",
    "PlayRules",
    "Ruling",
    "SweepOutcome",
    "SweepPreview",
    "can_play",
    "moon_previews",
    "next_deal_answers",
    "play_notes",
    "play_rules",
    "revoke_penalty",
    "sweep",
]
