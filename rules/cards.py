"""Cards by name, and the one table of point cards the whole engine reads.

Cards are written rank then suit, as RULES.md does: "2♣", "10♦", "Q♠".
Every place that needs to know what scores (the hand's points, P, the moon,
the entry check, the scoresheet, the words for people, the referee) loops
over point_cards() instead of naming the Q♠ and the J♦ by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, cast

from rules.i18n import Message, Translator, _, installed, joined, pgettext, reader_language

CLUBS = "♣"
DIAMONDS = "♦"
HEARTS = "♥"
SPADES = "♠"
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)

QUEEN_OF_SPADES = "Q♠"
JACK_OF_DIAMONDS = "J♦"
TEN_OF_CLUBS = "10♣"
ACE_OF_HEARTS = "A♥"
HEART_POINTS = 1
QUEEN_POINTS = 13
JACK_POINTS = -10
# RULES.md, More variants: hearts at face value (Spot Hearts), J 11, Q 12, K 13, A 14.
FACE_VALUES = tuple(range(2, 15))
_ONE_EACH = (HEART_POINTS,) * len(RANKS)
# Turbo Hearts: the cards a player may charge, in the order the table names them.
CHARGEABLE = (ACE_OF_HEARTS, QUEEN_OF_SPADES, JACK_OF_DIAMONDS, TEN_OF_CLUBS)
# How people say a single point card in a sentence (the scoresheet's errors).
CARD_WORDS = {
    QUEEN_OF_SPADES: _("queen of spades"),
    JACK_OF_DIAMONDS: _("jack of diamonds"),
    "10♦": _("ten of diamonds"),
}


# The letters a language prints on its cards (docs/GLOSSARY.md, "Ranks as printed on the cards"):
# Dutch B/V/H for J/Q/K, German B/D/K, French V/D/R. Translators give each letter in the catalog
# (context "card rank"); numbers stay numbers. Only what a person reads changes: a card's code
# ("Q♠") stays the engine's, the JSON's and the scoresheet's.
RANK_LETTERS = {
    "J": pgettext("card rank", "J"),
    "Q": pgettext("card rank", "Q"),
    "K": pgettext("card rank", "K"),
    "A": pgettext("card rank", "A"),
}


def shown_rank(rank: str) -> str:
    """A rank as the reader's cards print it: a Message for a letter ("Q" is "V" in Dutch), a number as it is."""
    return RANK_LETTERS.get(rank, rank)


def shown_card(card: str) -> str:
    """A card as the reader's cards print it: "Q♠" is "V♠" in Dutch, "D♠" in German; its value stays "Q♠".

    A Message (translated when shown) whose fields are the rank's letter and the suit; "10♦" as it is.
    """
    rank = rank_of(card)
    if rank not in RANK_LETTERS:
        return card
    # Not a sentence to translate: "{rank}{suit}" has no words, only the rank's letter changes.
    return Message("{rank}{suit}", params={"rank": RANK_LETTERS[rank], "suit": suit_of(card)})


# A card as a person says it ("queen of spades"), for a screen reader and a spoken announcement: the
# printed "Q♠" is read as "Q black spade suit". Each language joins rank and suit its own way
# (docs/GLOSSARY.md): Dutch makes one word (schoppenvrouw), German a pair (Pik-Dame), French and Spanish
# a phrase (dame de pique, dama de picas). Numbers are words too (klaverentwee, Kreuz-Zwei).
SPOKEN_RANKS = {
    "2": pgettext("a card's spoken rank", "two"),
    "3": pgettext("a card's spoken rank", "three"),
    "4": pgettext("a card's spoken rank", "four"),
    "5": pgettext("a card's spoken rank", "five"),
    "6": pgettext("a card's spoken rank", "six"),
    "7": pgettext("a card's spoken rank", "seven"),
    "8": pgettext("a card's spoken rank", "eight"),
    "9": pgettext("a card's spoken rank", "nine"),
    "10": pgettext("a card's spoken rank", "ten"),
    "J": pgettext("a card's spoken rank", "jack"),
    "Q": pgettext("a card's spoken rank", "queen"),
    "K": pgettext("a card's spoken rank", "king"),
    "A": pgettext("a card's spoken rank", "ace"),
}
SPOKEN_SUITS = {
    CLUBS: pgettext("a card's spoken suit", "clubs"),
    DIAMONDS: pgettext("a card's spoken suit", "diamonds"),
    HEARTS: pgettext("a card's spoken suit", "hearts"),
    SPADES: pgettext("a card's spoken suit", "spades"),
}
_SPOKEN_CARD = pgettext("a card's spoken name", "{rank} of {suit}")


def spoken_card(card: str) -> Message:
    """A card's name as the reader's language says it: "Q♠" is "queen of spades", "schoppenvrouw" in
    Dutch, "Pik-Dame" in German, "dame de pique" in French, "dama de picas" in Spanish."""
    return _SPOKEN_CARD.format(rank=SPOKEN_RANKS[rank_of(card)], suit=SPOKEN_SUITS[suit_of(card)])


# "the Q♠" as each language says it: the article follows the word the card's rank is (la dame, le
# valet, l'as; die Dame, der Bube, das Ass; la jota, el rey), so it is chosen by rank, not once.
_THE_CARD = {
    "J": pgettext("a jack", "the {card}"),
    "Q": pgettext("a queen", "the {card}"),
    "K": pgettext("a king", "the {card}"),
    "A": pgettext("an ace", "the {card}"),
}
_THE_NUMBERED_CARD = pgettext("a numbered card", "the {card}")


def the_card(card: str) -> Message:
    """'the Q♠' in a sentence: "la D♠" in French, "der B♦" in German, "l'A♥", "el K♠" in Spanish."""
    return _THE_CARD.get(rank_of(card), _THE_NUMBERED_CARD).format(card=shown_card(card))


def shown_cards(cards: Iterable[str], separator: str = " ") -> str:
    """Cards one after another as the reader's cards print them: 'A♥ Q♠' is 'A♥ V♠' in Dutch."""
    return joined([shown_card(card) for card in cards], separator)


def is_card(value: object) -> bool:
    return isinstance(value, str) and value in DECK


# What a phone's keyboard has: a suit typed as a letter (2c, ks, 10d), in English in every language...
SUIT_LETTERS = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}
# ...and the reader's own initials where each names one suit (docs/I18N.md, "Typing cards"): Dutch
# klaveren, ruiten (harten and schoppen are the English h and s), German Pik, French pique and trèfle,
# Spanish picas and tréboles. German Karo and Kreuz share a k, so neither is read. French cœur and
# carreau and Spanish corazones start with the c that is the English clubs: a c is not read in French
# or Spanish (None), never guessed. Each language's table also says how its hints write the suits.
TYPED_SUITS: dict[str, dict[str, str | None]] = {
    "en": {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES},
    "nl": {"k": CLUBS, "r": DIAMONDS, "h": HEARTS, "s": SPADES},
    "de": {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "p": SPADES},
    "fr": {"t": CLUBS, "d": DIAMONDS, "h": HEARTS, "p": SPADES, "c": None},
    "es": {"t": CLUBS, "d": DIAMONDS, "h": HEARTS, "p": SPADES, "c": None},
}


def suit_letters(language: str | None = None) -> dict[str, str]:
    """The suits' letters a reader may type: the English ones and their language's own (the reader's if not given)."""
    own = TYPED_SUITS.get(language or reader_language(), {})
    letters = {**SUIT_LETTERS, **own}
    return {letter: suit for letter, suit in letters.items() if suit is not None}


def typed_card(card: str, language: str | None = None) -> str:
    """A card as the reader would type it on a phone's keyboard, for a hint: "ks" in English, "hs" in
    Dutch, "rp" in French; a Message whose rank is the reader's letter, lower case."""
    own = TYPED_SUITS.get(language or reader_language(), TYPED_SUITS["en"])
    suit = next(letter for letter, named in own.items() if named == suit_of(card))
    rank = rank_of(card)
    if rank not in RANK_LETTERS:
        return f"{rank}{suit}"
    return Message("{rank}{suit}", params={"rank": _LowerCase(RANK_LETTERS[rank]), "suit": suit})


class _LowerCase(Message):
    """A rank's letter as typed: the reader's letter in lower case ("v" for a Dutch queen)."""

    def __new__(cls, letter: Message) -> _LowerCase:
        return cast(_LowerCase, super().__new__(cls, letter.msgid, context=letter.context))

    def in_language(self, translator: Translator) -> str:
        return super().in_language(translator).lower()

    def __reduce__(self) -> tuple[object, ...]:
        return (_LowerCase, (Message(self.msgid, context=self.context),))


def typed_cards(cards: Iterable[str], language: str | None = None) -> str:
    """Cards one after another as the reader types them: "ks 7s" in English, "hs 7s" in Dutch."""
    return joined([typed_card(card, language) for card in cards], " ")


def read_rank(text: str) -> str | None:
    """A rank as people type it, in the engine's spelling ("Q"), or None if it is none.

    The reader's own letters are read too (a Dutch "V" or a French "D" is the Q):
    no language prints J, Q, K or A for another rank, so the English letters
    stay good in every language."""
    rank = text.strip().upper()
    if rank in RANKS:
        return rank
    reader = installed()
    for code, letter in RANK_LETTERS.items():
        if letter.in_language(reader).upper() == rank:
            return code
    return None


def read_card(text: str, language: str | None = None) -> str | None:
    """A card as people type it ("K♠", "ks", "10D", "q s", a Dutch "vs", a French "dp") in the engine's
    spelling, or None.

    The rank is the reader's letter or the English one; the suit its sign, an English letter or
    one of the language's own (TYPED_SUITS; language: the reader's unless given). The rank comes
    first and the suit last, so a Dutch "hh" is the heer of harten, K♥."""
    compact = "".join(text.split())
    if len(compact) < 2:
        return None
    last = compact[-1]
    suit = last if last in SUITS else suit_letters(language).get(last.lower())
    rank = read_rank(compact[:-1])
    if rank is None or suit is None:
        return None
    return f"{rank}{suit}" if is_card(f"{rank}{suit}") else None


def suit_of(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> str:
    return card[:-1]


def card_order(card: str) -> tuple[int, int]:
    """Sort key: by suit (♣ ♦ ♥ ♠), then by rank."""
    return SUITS.index(suit_of(card)), RANKS.index(rank_of(card))


@dataclass(frozen=True, slots=True)
class PointCard:
    """One line of the point-card table.

    card is "♥" for the hearts (counted per player, `points` each) and a card
    name for a single card with one taker. field is where a hand entry holds
    its taker: "hearts", "queen", "jack" (the plus card, J♦ or 10♦), "ten"
    (Turbo's 10♣) or "cards" (an extra card). option is the house-rule option
    that turns the card on or sets its value. second marks a single card's
    second copy where two decks hold two (Cancellation): HandEntry.twins holds
    its taker.
    """

    card: str
    points: int
    option: str
    field: str
    second: bool = False

    @property
    def counted(self) -> bool:
        return self.field == "hearts"

    @property
    def single(self) -> bool:
        return not self.counted

    @property
    def needed_for_moon(self) -> bool:
        """A moon needs every heart and every single card with positive points."""
        return self.points > 0

    @property
    def label(self) -> str:
        return "hearts" if self.counted else self.card


class CardOptions(Protocol):
    """The options the point-card table reads (rules.variants.Options has them).

    Named here so that the cards need not import the variants, which import the cards.
    """

    @property
    def queen_points(self) -> int: ...

    @property
    def jack_of_diamonds(self) -> bool: ...

    @property
    def extra_cards(self) -> tuple[tuple[str, int], ...] | None: ...

    @property
    def heart_points(self) -> int | str | tuple[tuple[str, int], ...]: ...

    @property
    def plus_card(self) -> str | None: ...

    @property
    def jack_points(self) -> int: ...


def heart_values(options: CardOptions) -> tuple[int, ...]:
    """What each heart scores, rank by rank from the 2 to the A (option heart_points)."""
    value = options.heart_points
    if value == HEART_POINTS:
        return _ONE_EACH
    if isinstance(value, str):  # "face"
        return FACE_VALUES
    if isinstance(value, int):
        return (value,) * len(RANKS)
    by_rank = dict(value)
    return tuple(by_rank.get(rank, HEART_POINTS) for rank in RANKS)


def point_cards(options: CardOptions, copies: int = 1, ten: bool = False) -> tuple[PointCard, ...]:
    """The point cards in play under these options: hearts, the Q♠ unless it scores 0, the plus card
    where it scores, extra cards; each single card twice where the decks hold two (copies), and
    Turbo's 10♣ (ten), whose taker doubles their score."""
    values = heart_values(options)
    cards = [PointCard(HEARTS, values[0] if len(set(values)) == 1 else HEART_POINTS, "", "hearts")]
    singles = []
    if options.queen_points:
        singles.append(PointCard(QUEEN_OF_SPADES, options.queen_points, "queen_points", "queen"))
    if options.jack_of_diamonds:
        singles.append(
            PointCard(options.plus_card or JACK_OF_DIAMONDS, options.jack_points, "jack_of_diamonds", "jack")
        )
    if ten:
        singles.append(PointCard(TEN_OF_CLUBS, 0, "", "ten"))
    for card, points in options.extra_cards or ():
        singles.append(PointCard(card, points, "extra_cards", "cards"))
    for single in singles:
        cards.append(single)
        if copies == 2:
            cards.append(PointCard(single.card, single.points, single.option, single.field, second=True))
    return tuple(cards)


def single_cards(options: CardOptions, copies: int = 1, ten: bool = False) -> tuple[PointCard, ...]:
    """The point cards with one taker each (everything but the hearts), as a hand form asks for them."""
    return tuple(card for card in point_cards(options, copies, ten) if card.single)
