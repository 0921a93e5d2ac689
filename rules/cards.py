"""Cards by name, and the one table of point cards the whole engine reads.

Cards are written rank then suit, as RULES.md does: "2♣", "10♦", "Q♠".
Every place that needs to know what scores (the hand's points, P, the moon,
the entry check, the scoresheet, the words for people, the referee) loops
over point_cards() instead of naming the Q♠ and the J♦ by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

CLUBS = "♣"
DIAMONDS = "♦"
HEARTS = "♥"
SPADES = "♠"
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)

QUEEN_OF_SPADES = "Q♠"
JACK_OF_DIAMONDS = "J♦"
HEART_POINTS = 1
QUEEN_POINTS = 13
JACK_POINTS = -10


def is_card(value: object) -> bool:
    return isinstance(value, str) and value in DECK


# What a phone's keyboard has: a suit typed as a letter (2c, ks, 10d).
SUIT_LETTERS = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}


def read_card(text: str) -> str | None:
    """A card as people type it ("K♠", "ks", "10D", "q s") in the engine's spelling, or None if it is none."""
    compact = "".join(text.split())
    if len(compact) < 2:
        return None
    suit = SUIT_LETTERS.get(compact[-1].lower(), compact[-1])
    card = f"{compact[:-1].upper()}{suit}"
    return card if is_card(card) else None


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
    its taker: "hearts", "queen", "jack" or "cards" (an extra card).
    option is the house-rule option that turns the card on or sets its value.
    """

    card: str
    points: int
    option: str
    field: str

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


def point_cards(options: CardOptions) -> tuple[PointCard, ...]:
    """The point cards in play under these options: hearts, the Q♠, the J♦ where it scores, extra cards."""
    cards = [
        PointCard(HEARTS, HEART_POINTS, "", "hearts"),
        PointCard(QUEEN_OF_SPADES, options.queen_points, "queen_points", "queen"),
    ]
    if options.jack_of_diamonds:
        cards.append(PointCard(JACK_OF_DIAMONDS, JACK_POINTS, "jack_of_diamonds", "jack"))
    for card, points in options.extra_cards or ():
        cards.append(PointCard(card, points, "extra_cards", "cards"))
    return tuple(cards)


def single_cards(options: CardOptions) -> tuple[PointCard, ...]:
    """The point cards with one taker each (everything but the hearts), as a hand form asks for them."""
    return tuple(card for card in point_cards(options) if card.single)
