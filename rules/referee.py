"""Quick answers at the table, each citing the part of RULES.md it applies.

The scoring engine knows nothing of tricks, since the table plays with a
real deck; the rules of play live here instead, as PlayRules, so that the
referee screen and the printed cheat-sheet (rules.rulebook) say the same.
Pure functions of the game's setup and state: no Django, no I/O. Every
sentence is marked with rules.i18n (docs/I18N.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.cards import (
    CHARGEABLE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    RANKS,
    SPADES,
    rank_of,
    read_card,
    shown_card,
    suit_of,
    the_card,
    typed_card,
)
from rules.describe import describe_deal, describe_outcome, describe_result, revoke_terms, signed
from rules.entry import HandEntry
from rules.game import GameState
from rules.i18n import Message, _, joined, ngettext
from rules.setup import ADD, NEGATE, GameSetup

# The order the referee screen offers the suits in.
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
# A suit in the referee's sentences: "a spade", "spades were led" (whole words, for each language).
A_SUIT = {SPADES: _("a spade"), HEARTS: _("a heart"), DIAMONDS: _("a diamond"), CLUBS: _("a club")}
SUITS_LED = {
    SPADES: _("spades were led"),
    HEARTS: _("hearts were led"),
    DIAMONDS: _("diamonds were led"),
    CLUBS: _("clubs were led"),
}
SUIT_PLURALS = {SPADES: _("spades"), HEARTS: _("hearts"), DIAMONDS: _("diamonds"), CLUBS: _("clubs")}
# A joker (Cancellation with 5 or 7 players) as a trick's card: it scores nothing and never wins.
JOKER = "joker"

# What the player's hand holds apart from the card in question.
MIXED = "mixed"
ONLY_HEARTS = "hearts"
ONLY_HEARTS_AND_QUEEN = "hearts_and_queen"

# The parts of the rules (RULES.md's sections, named as a table says them) that answers cite.
PLAY = _("Play")
FIRST_TRICK = _("First trick")
LEADING_HEARTS = _("Leading hearts")
HEARTS_BROKEN = _("Hearts broken")
THREE_D = _("3D Hearts")
WARREN = _("Warren card")
FIRST_LEAD = _("First lead")
DEALING = _("Dealing")
PASSING = _("Passing")
REVOKE = _("Revoke")
CHARGING = _("Charging")
CANCELLING = _("Cancelled cards")


def cite(section: str) -> str:
    """How an answer names the rule it applies: "(rule: First trick)", the section of the rules it comes from."""
    return _("(rule: {section})").format(section=section)


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
        # A preset's name is marked where the presets are written (rules.variants):
        # a Message translates it where it is shown.
        variant_rule=Message(setup.variant.name),
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

    @property
    def name(self) -> str | None:
        """The card's name ("A♥") where the player named its rank."""
        return f"{self.rank}{self.suit}" if self.suit and self.rank else None

    def follows(self, suit_led: str | None) -> bool:
        return self.suit is not None and self.suit == suit_led

    def __str__(self) -> str:
        return str(self.words)

    @property
    def words(self) -> Message:
        if self.suit is None:
            return _("another card")
        if self.rank is None:
            return A_SUIT[self.suit]
        return the_card(f"{self.rank}{self.suit}")


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
    # Turbo Hearts: the card was charged; a trick of its suit was led before in
    # this hand; it is the player's only card of its suit.
    charged: bool = False
    suit_seen: bool = False
    only_of_suit: bool = False


@dataclass(frozen=True, slots=True)
class Ruling:
    """Yes or no, the reason in a sentence, and the rule it comes from."""

    allowed: bool
    reason: str
    rule: str

    def __str__(self) -> str:
        if self.allowed:
            return str(_("Yes: {reason} {rule}").format(reason=self.reason, rule=cite(self.rule)))
        return str(_("No: {reason} {rule}").format(reason=self.reason, rule=cite(self.rule)))


def can_play(rules: PlayRules, question: PlayQuestion) -> Ruling:
    """May this card be played (or led) now? Raises ValueError for a follow with no suit led."""
    if question.through_warren:
        return _through_warren(rules, question)
    ruling = _lead(rules, question) if question.leading else _follow(rules, question)
    if ruling.allowed:
        return _charged_limit(rules, question) or ruling
    return ruling


def hearts_broken(rules: PlayRules, question: PlayQuestion) -> bool:
    return question.heart_played or (rules.queen_breaks_hearts and question.queen_played)


def _charged_limit(rules: PlayRules, question: PlayQuestion) -> Ruling | None:
    """Turbo Hearts: a charged card may not be led or played to its suit's first trick, unless it
    is the player's only card of that suit. None where the limit does not apply."""
    card = question.card
    if not rules.charging or not question.charged:
        return None
    if card.name not in CHARGEABLE:
        return Ruling(
            False,
            _("only the {cards} can be charged: say which card this is").format(
                cards=joined([shown_card(card) for card in CHARGEABLE], ", ")
            ),
            CHARGING,
        )
    # A discard to another suit's trick is no trick of the card's own suit.
    if not question.leading and not card.follows(question.suit_led):
        return None
    if question.suit_seen:
        return Ruling(
            True,
            _("{card} is charged, but {suits} have been led before in this hand, so it is free now").format(
                card=card.words, suits=SUIT_PLURALS[card.suit or HEARTS]
            ),
            CHARGING,
        )
    if question.only_of_suit:
        return Ruling(
            True,
            _(
                "{card} is charged and this is the first trick of its suit, but it is your only card of that suit"
            ).format(card=card.words),
            CHARGING,
        )
    if question.leading:
        reason = _(
            "{card} is charged: it may not lead the first trick of its suit unless it is your only card of that suit"
        )
    else:
        reason = _(
            "{card} is charged: it may not be played to the first trick of its suit unless it is your only card "
            "of that suit; play another"
        )
    return Ruling(False, reason.format(card=card.words), CHARGING)


def _lowest_club_leads(rules: PlayRules, card: Card) -> Ruling:
    """The first trick where the deal names its lead card (the 2♣, or the lowest club dealt)."""
    assert rules.lead_card is not None  # lowest_club_leads: the deal names the card
    lead = shown_card(rules.lead_card)
    if card.suit == CLUBS and card.rank is not None and f"{card.rank}{CLUBS}" == rules.lead_card:
        return Ruling(
            True,
            _("whoever holds the {card} leads it to the first trick").format(card=lead),
            FIRST_LEAD,
        )
    if rules.kitty and card.suit == CLUBS:
        return Ruling(
            False,
            _(
                "the first trick is led with the {card}, or, if it lies in the kitty, "
                "with the lowest club dealt to a player: only then with this club"
            ).format(card=lead),
            FIRST_LEAD,
        )
    return Ruling(
        False,
        _("the first trick is led with the {card} by whoever holds it").format(card=lead),
        FIRST_LEAD,
    )


def _lead(rules: PlayRules, question: PlayQuestion) -> Ruling:
    card = question.card
    if question.first_trick and rules.lowest_club_leads:
        return _lowest_club_leads(rules, card)
    if question.first_trick and rules.free_first_lead:
        # Black Maria: the player left of the dealer leads any card, a point card too.
        return Ruling(
            True,
            _(
                "the player left of the dealer leads the first trick with any card, {card} too: "
                "point cards may be played to it"
            ).format(card=card.words),
            FIRST_LEAD,
        )
    if card.is_queen_of_spades and rules.queen_leads_any_time:
        return Ruling(
            True,
            _("in this game the {queen} may be led at any time, and it breaks hearts").format(queen=shown_card("Q♠")),
            HEARTS_BROKEN,
        )
    if card.is_heart:
        if hearts_broken(rules, question):
            if rules.queen_breaks_hearts:
                return Ruling(
                    True,
                    _("hearts are broken (a heart or the {queen} has been played)").format(queen=shown_card("Q♠")),
                    LEADING_HEARTS,
                )
            return Ruling(True, _("hearts are broken (a heart has been played)"), LEADING_HEARTS)
        if question.hand == ONLY_HEARTS:
            return Ruling(True, _("hearts are not broken yet, but you hold only hearts"), LEADING_HEARTS)
        if rules.queen_breaks_hearts:
            reason = _(
                "hearts may not be led until they are broken (a heart or the {queen} played), "
                "unless you hold only hearts"
            ).format(queen=shown_card("Q♠"))
        else:
            reason = _("hearts may not be led until they are broken (a heart played), unless you hold only hearts")
        return Ruling(False, reason, LEADING_HEARTS)
    return Ruling(
        True, _("{card} may be led: only hearts are held back until broken").format(card=card.words), LEADING_HEARTS
    )


def _follow(rules: PlayRules, question: PlayQuestion) -> Ruling:
    card = question.card
    suit_led = question.suit_led
    if suit_led not in SUITS:
        raise ValueError(_("Say which suit was led"))
    if card.follows(suit_led):
        # The first-trick limits restrict the card chosen when a player cannot
        # follow suit ("otherwise play any card, within the limits below"),
        # never the duty to follow.
        return Ruling(True, _("you are following suit ({suits})").format(suits=SUITS_LED[suit_led]), PLAY)
    if question.holds_suit_led:
        return Ruling(
            False,
            _("you hold {suit}, so you must follow suit; not doing so is a revoke").format(suit=A_SUIT[suit_led]),
            PLAY,
        )
    ruling = _from_the_pile(rules, question) or _on_the_first_trick(rules, question)
    if ruling is not None:
        return ruling
    # Otherwise any card, a heart breaking hearts.
    if card.is_heart:
        return Ruling(True, _("you cannot follow suit, so a heart may be played; it breaks hearts"), HEARTS_BROKEN)
    if card.is_queen_of_spades and rules.queen_breaks_hearts:
        return Ruling(
            True,
            _("you cannot follow suit, so the {queen} may be played; in this game it breaks hearts").format(
                queen=shown_card("Q♠")
            ),
            HEARTS_BROKEN,
        )
    return Ruling(True, _("you cannot follow suit, so any card may be played"), PLAY)


def _from_the_pile(rules: PlayRules, question: PlayQuestion) -> Ruling | None:
    """A player who cannot follow suit where there is a draw pile (3D Hearts, Domino's stock): None if none."""
    card, suit_led = question.card, question.suit_led
    assert suit_led is not None  # _follow checked it names a suit
    draw_rule = rules.variant_rule or THREE_D
    if rules.draw_pile and not question.pile_empty:
        return Ruling(
            False,
            _(
                "you cannot follow suit, so draw from the pile until you get {suit}, then play that card; "
                "another suit only once the pile is empty"
            ).format(suit=A_SUIT[suit_led]),
            draw_rule,
        )
    if rules.draw_pile:
        if card.is_heart:
            return Ruling(
                True,
                _("the pile is empty and you cannot follow suit, so a heart may be played; it breaks hearts"),
                draw_rule,
            )
        return Ruling(True, _("the pile is empty and you cannot follow suit, so any card may be played"), draw_rule)
    return None


def _on_the_first_trick(rules: PlayRules, question: PlayQuestion) -> Ruling | None:
    """A point card played to the first trick by a player who cannot follow suit: None if it is not that."""
    card = question.card
    if question.first_trick and rules.first_trick_limits and (card.is_heart or card.is_queen_of_spades):
        if question.hand in (ONLY_HEARTS, ONLY_HEARTS_AND_QUEEN):
            return Ruling(
                True,
                _("you hold nothing but hearts and the {queen}, so the first-trick limit is lifted").format(
                    queen=shown_card("Q♠")
                ),
                FIRST_TRICK,
            )
        return Ruling(
            False,
            _("no heart and not the {queen} may be played to the first trick unless you hold nothing else").format(
                queen=shown_card("Q♠")
            ),
            FIRST_TRICK,
        )
    if question.first_trick and rules.free_first_lead and (card.is_heart or card.is_queen_of_spades):
        return Ruling(
            True,
            _("you cannot follow suit, and point cards may be played to the first trick in this game"),
            FIRST_TRICK,
        )
    return None


def _through_warren(rules: PlayRules, question: PlayQuestion) -> Ruling:
    if not rules.warren:
        return Ruling(False, _("this game is played without the Warren card"), WARREN)
    extra = can_play(rules, replace(question, through_warren=False))
    if not extra.allowed:
        return Ruling(
            False,
            _(
                "the Warren card may stand in only for a legal play, and its extra card is not one now: {reason} {rule}"
            ).format(reason=extra.reason, rule=cite(extra.rule)),
            WARREN,
        )
    if question.card.suit:
        reason = _(
            "the extra card would be legal ({reason} {rule}), so play the Warren card and declare its suit "
            "({suits}); at the end of the trick the extra card is shown and counts as played"
        ).format(reason=extra.reason, rule=cite(extra.rule), suits=SUIT_PLURALS[question.card.suit])
    else:
        reason = _(
            "the extra card would be legal ({reason} {rule}), so play the Warren card and declare its suit; "
            "at the end of the trick the extra card is shown and counts as played"
        ).format(reason=extra.reason, rule=cite(extra.rule))
    return Ruling(True, reason, WARREN)


# Who takes the trick? (Cancellation) ------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickRuling:
    """Who takes a trick of Cancellation Hearts: the card that wins it (its place in the trick,
    from 1 for the lead), or None when every card of the suit led is cancelled."""

    winner: int | None
    cancelled: tuple[str, ...]
    reason: str
    rule: str


def read_trick(text: str) -> tuple[str, ...]:
    """A trick as the player types it, in the order played: 'K♠ 7♠ ks joker'. Raises ValueError."""
    cards = []
    for word in text.replace(",", " ").split():
        if word.lower() == JOKER:
            cards.append(JOKER)
            continue
        card = read_card(word)
        if card is None:
            raise ValueError(
                _("“{word}” is not a card: write them as {card} or {typed}, {ten} or {typed_ten}").format(
                    word=word, card=shown_card("K♠"), typed=typed_card("K♠"), ten="10♦", typed_ten=typed_card("10♦")
                )
            )
        cards.append(card)
    return tuple(cards)


def trick_taker(rules: PlayRules, cards: Sequence[str], last_trick: bool = False) -> TrickRuling:
    """Cancellation Hearts: two identical cards in one trick cancel; the highest card of the suit
    led that is not cancelled takes the trick. A trick whose cards all cancel goes to the winner of
    the next trick (of the last trick: to its leader). RULES.md says "all cancel"; a trick where the
    only cards left standing are of other suits has no card that can win it either, so it is read
    the same way. cards are in the order played, the lead first. Raises ValueError for a trick no
    two decks can make."""
    if not rules.cancelling:
        raise ValueError(_("In this game no cards cancel: the highest card of the suit led wins"))
    if len(cards) < 2:
        raise ValueError(_("Name every card played to the trick, the lead first"))
    counts = Counter(card for card in cards if card != JOKER)
    if any(count > 2 for count in counts.values()):
        raise ValueError(_("Two decks hold only two of each card"))
    if cards[0] == JOKER:
        raise ValueError(_("Name the suit led: the first card is the lead, and a joker has no suit"))
    suit_led = suit_of(cards[0])
    cancelled = tuple(sorted((card for card, count in counts.items() if count == 2), key=cards.index))
    standing = [
        (RANKS.index(rank_of(card)), place)
        for place, card in enumerate(cards, start=1)
        if card != JOKER and card not in cancelled and suit_of(card) == suit_led
    ]
    pairs = joined([shown_card(card) for card in cancelled], ", ")
    if standing:
        _rank, place = max(standing)
        card = cards[place - 1]
        if cancelled:
            reason = ngettext(
                "card {place} ({card}) takes the trick: it is the highest {suits} card not cancelled; the two "
                "{pairs} cancel each other",
                "card {place} ({card}) takes the trick: it is the highest {suits} card not cancelled; the pairs "
                "{pairs} cancel each other",
                len(cancelled),
            )
        else:
            reason = _("card {place} ({card}) takes the trick: it is the highest of the suit led; nothing cancels")
        return TrickRuling(
            place, cancelled, reason.format(place=place, card=shown_card(card), suits=suit_led, pairs=pairs), CANCELLING
        )
    if last_trick:
        reason = _(
            "every card of the suit led is cancelled ({pairs}), so no card takes it: as the last trick, "
            "it goes to the player who led it"
        )
    else:
        reason = _(
            "every card of the suit led is cancelled ({pairs}), so no card takes it: it stays in the middle "
            "and goes to the winner of the next trick"
        )
    return TrickRuling(None, cancelled, reason.format(pairs=pairs), CANCELLING)


def play_notes(rules: PlayRules) -> tuple[Answer, ...]:
    """What no yes-or-no question covers but the table asks about during play."""
    notes = []
    if rules.identical_cards:
        notes.append(
            Answer(_("Two identical cards?"), _("Of two identical cards, the one played first ranks higher."), THREE_D)
        )
    if rules.cancelling:
        notes.append(
            Answer(
                _("Two identical cards?"),
                _(
                    "They cancel: neither can win the trick, both still score. A trick whose cards all cancel goes "
                    "to the winner of the next trick (the last trick: to its leader)."
                ),
                CANCELLING,
            )
        )
    if rules.draw_pile:
        notes.append(
            Answer(
                _("Out of cards?"),
                _(
                    "A player whose hand is empty is out. The hand ends when only one player has cards left; "
                    "that player also takes the point cards still in their hand."
                ),
                rules.variant_rule or THREE_D,
            )
        )
    if rules.charging:
        notes.append(
            Answer(
                _("Charging?"),
                _(
                    "After the pass (in the keeper hand, before it) each player may show the {cards}: a charged "
                    "card doubles its effect, and may not be led or played to its suit's first trick unless it is "
                    "the player's only card of that suit."
                ).format(cards=joined([shown_card(card) for card in CHARGEABLE], ", ")),
                CHARGING,
            )
        )
    if rules.warren:
        notes.append(
            Answer(
                _("Playing the Warren card?"),
                _(
                    "Declare the extra card's suit, not its rank; at the end of the trick the extra card is shown "
                    "and counts as played. Warren passes like any card, and the extra card goes with it."
                ),
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
    if deal.tie_break:
        dealer = _(
            "{dealer} deals hand {number}; the deal moves one seat left each hand. It is a tie-break hand, "
            "scored like any other."
        )
    else:
        dealer = _("{dealer} deals hand {number}; the deal moves one seat left each hand.")
    if deal.leader is None:
        leader = _("{leader}.")
    elif play_rules(state.setup).free_first_lead:
        # Black Maria: the first lead is free, a point card too.
        leader = _("{leader}, from the dealer's left, with any card: a point card too.")
    else:
        leader = _("{leader}, from the dealer's left, with any permitted card.")
    return (
        Answer(_("Who deals?"), dealer.format(dealer=text.dealer, number=deal.number), DEALING),
        Answer(
            _("Which way do we pass?"),
            _("{direction}: {passes}.").format(direction=text.direction, passes=text.passes),
            PASSING,
        ),
        Answer(_("Who leads?"), leader.format(leader=text.leader), FIRST_LEAD),
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
        summary = _("others +{points}").format(points=penalty)
    elif resolution == "none":
        summary = _("no moon: {points} as taken").format(points=signed(points, plus=True))
    elif resolution == NEGATE:
        summary = _("shooter {points}: the moon negates, then the 10♣ multiplies").format(points=signed(points))
    else:
        summary = _("shooter {points}").format(points=signed(-penalty))
    if hand.moon is not None and hand.moon.why:
        summary = _("{summary} ({why})").format(summary=summary, why=hand.moon.why)
    return SweepOutcome(resolution, after, summary, describe_result(after), describe_outcome(before, after))


# Revoke ---------------------------------------------------------------------------


def revoke_penalty(setup: GameSetup) -> Answer:
    """What a revoke costs (rules.describe.revoke_terms)."""
    return Answer(
        _("Someone revoked?"),
        _("An uncorrected revoke found before the hand is scored: the offender {terms}.").format(
            terms=revoke_terms(setup)
        ),
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
    "TrickRuling",
    "can_play",
    "moon_previews",
    "next_deal_answers",
    "play_notes",
    "play_rules",
    "read_trick",
    "revoke_penalty",
    "sweep",
    "trick_taker",
]
