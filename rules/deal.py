"""The deal: who deals, which way cards pass, who leads, and the deck.

All of it depends only on the setup and the hand's number, so a screen can
show any hand's deal, past or next.
"""

from __future__ import annotations

from dataclasses import dataclass

QUEEN_OF_SPADES = "Q♠"
JACK_OF_DIAMONDS = "J♦"
TWO_OF_CLUBS = "2♣"
THREE_OF_CLUBS = "3♣"

# RULES.md: "Cards removed in standard/omnibus with deal: remove".
REMOVED_CARDS: dict[int, tuple[str, ...]] = {
    3: ("2♦",),
    4: (),
    5: ("2♦", "2♣"),
    6: ("2♦", "3♦", "3♣", "4♣"),
    7: ("2♦", "3♦", "3♣"),
}
KITTY_SIZE: dict[int, int] = {3: 1, 4: 4, 5: 2, 6: 4, 7: 3}

THREE_D_HAND_SIZE = 6


def pass_cycle(variant_key: str, seats: int) -> tuple[str, ...]:
    """The passing cycle: hand n passes the cycle's entry (n - 1) mod its length."""
    if variant_key == "ricketts":
        return ("left", "right", "across", "scatter", "hold")
    if variant_key == "3d":
        return ("hold",)
    if seats == 4:
        return ("left", "right", "across", "hold")
    return ("left", "right")


def pass_direction(cycle: tuple[str, ...], number: int) -> str:
    return cycle[(number - 1) % len(cycle)]


def dealer_of(first_dealer: int, seats: int, number: int) -> int:
    """The deal moves one seat left each hand, tie-break hands included."""
    return (first_dealer + number - 1) % seats


def pass_target(direction: str, seat: int, seats: int) -> int | None:
    """Whom a seat passes its three cards to; None for scatter and hold."""
    if direction == "left":
        return (seat + 1) % seats
    if direction == "right":
        return (seat - 1) % seats
    if direction == "across":
        return (seat + seats // 2) % seats
    return None


@dataclass(frozen=True, slots=True)
class Deal:
    """One hand's deal. Exactly one of leader and lead_card is set."""

    number: int
    dealer: int
    pass_direction: str
    seats: int
    leader: int | None = None
    lead_card: str | None = None
    tie_break: bool = False

    def passes(self) -> tuple[tuple[int, int], ...]:
        """(from, to) seat pairs for left, right and across; empty otherwise."""
        pairs = []
        for seat in range(self.seats):
            target = pass_target(self.pass_direction, seat, self.seats)
            if target is not None:
                pairs.append((seat, target))
        return tuple(pairs)

    @property
    def cards_passed(self) -> int:
        """Cards each player gives away: 3, one to each other player, or none."""
        if self.pass_direction == "hold":
            return 0
        if self.pass_direction == "scatter":
            return self.seats - 1
        return 3


@dataclass(frozen=True, slots=True)
class DeckPreparation:
    """What the dealer does with the cards before dealing."""

    decks: int
    removed: tuple[str, ...]
    kitty: int
    kitty_to: str | None
    cards_each: int
    draw_pile: int
    warren: bool
    total_cards: int

    @property
    def lowest_club(self) -> str:
        """The card that leads where the holder of the lowest club leads."""
        return THREE_OF_CLUBS if TWO_OF_CLUBS in self.removed else TWO_OF_CLUBS


def prepare_deck(variant_key: str, seats: int, deal: str | None, kitty_to: str | None, warren: bool) -> DeckPreparation:
    if variant_key == "3d":
        total = 2 * 52 - 2
        return DeckPreparation(
            decks=2,
            removed=(QUEEN_OF_SPADES, JACK_OF_DIAMONDS),
            kitty=0,
            kitty_to=None,
            cards_each=THREE_D_HAND_SIZE,
            draw_pile=total - THREE_D_HAND_SIZE * seats,
            warren=False,
            total_cards=total,
        )
    if variant_key == "ricketts":
        return DeckPreparation(1, (), 0, None, 13, 0, bool(warren), 53 if warren else 52)
    if deal == "kitty":
        kitty = KITTY_SIZE[seats]
        return DeckPreparation(1, (), kitty, kitty_to, (52 - kitty) // seats, 0, False, 52)
    removed = REMOVED_CARDS[seats]
    return DeckPreparation(1, removed, 0, None, (52 - len(removed)) // seats, 0, False, 52)
