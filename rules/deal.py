"""The deal: who deals, which way cards pass, who leads, and the deck.

All of it depends only on the setup and the hand's number, so a screen can
show any hand's deal, past or next.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import CLUBS, RANKS
from rules.variants import Options, Variant, seats_away

# RULES.md: "Cards removed in standard/omnibus with deal: remove".
REMOVED_CARDS: dict[int, tuple[str, ...]] = {
    3: ("2♦",),
    4: (),
    5: ("2♦", "2♣"),
    6: ("2♦", "3♦", "3♣", "4♣"),
    7: ("2♦", "3♦", "3♣"),
}
KITTY_SIZE: dict[int, int] = {3: 1, 4: 4, 5: 2, 6: 4, 7: 3}
# Pass words that move no card: hold, and Turbo's keeper hand (its cards are
# swapped through the middle only if nobody charges, which the scorer never needs).
NO_PASS = ("hold", "keeper")


def pass_cycle(variant: Variant, seats: int, options: Options | None = None) -> tuple[str, ...]:
    """The passing cycle: hand n passes the cycle's entry (n - 1) mod its length."""
    if options is not None and options.passing:
        return options.passing
    return variant.cycle_for(seats)


def pass_direction(cycle: tuple[str, ...], number: int) -> str:
    return cycle[(number - 1) % len(cycle)]


def dealer_of(first_dealer: int, seats: int, number: int) -> int:
    """The deal moves one seat left each hand, tie-break hands included."""
    return (first_dealer + number - 1) % seats


def pass_target(direction: str, seat: int, seats: int) -> int | None:
    """Whom a seat passes its cards to; None for scatter and hold."""
    away = seats_away(direction, seats)
    return None if away is None else (seat + away) % seats


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
    pass_cards: int = 3

    def passes(self) -> tuple[tuple[int, int], ...]:
        """(from, to) seat pairs where every player passes to one other; empty otherwise."""
        pairs = []
        for seat in range(self.seats):
            target = pass_target(self.pass_direction, seat, self.seats)
            if target is not None:
                pairs.append((seat, target))
        return tuple(pairs)

    @property
    def cards_passed(self) -> int:
        """Cards each player gives away: pass_cards, one to each other player, or none."""
        if self.pass_direction in NO_PASS:
            return 0
        if self.pass_direction == "scatter":
            return self.seats - 1
        return self.pass_cards


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
    # Two decks dealt in full (Cancellation): jokers shuffled in, and cards set
    # aside face down so every hand is equal.
    jokers: int = 0
    set_aside: int = 0

    @property
    def lowest_club(self) -> str:
        """The card that leads where the holder of the lowest club leads."""
        return next(f"{rank}{CLUBS}" for rank in RANKS if f"{rank}{CLUBS}" not in self.removed)


def prepare_deck(variant: Variant, seats: int, options: Options) -> DeckPreparation:
    total = 52 * variant.decks - len(variant.deck_removed)
    if variant.hand_size is not None:
        return DeckPreparation(
            decks=variant.decks,
            removed=variant.deck_removed,
            kitty=0,
            kitty_to=None,
            cards_each=variant.hand_size,
            draw_pile=total - variant.hand_size * seats,
            warren=False,
            total_cards=total,
        )
    if variant.decks > 1:
        # Two decks dealt in full (Cancellation): RULES.md's table adds jokers or
        # removes cards, and sets the rest aside.
        jokers = variant.jokers.get(seats, 0)
        removed = (variant.removed_cards or {}).get(seats, ())
        cards = total + jokers - len(removed)
        each = cards // seats
        return DeckPreparation(variant.decks, removed, 0, None, each, 0, False, cards, jokers, cards - each * seats)
    if options.deal == "kitty":
        kitty = KITTY_SIZE[seats]
        return DeckPreparation(variant.decks, (), kitty, options.kitty_to, (total - kitty) // seats, 0, False, total)
    if options.deal == "remove":
        table = variant.removed_cards or REMOVED_CARDS
        removed = table[seats] if options.removed is None else options.removed
        return DeckPreparation(variant.decks, removed, 0, None, (total - len(removed)) // seats, 0, False, total)
    # Every card dealt (the variant's player counts share them out evenly), with the Warren card where used.
    warren = bool(options.warren)
    return DeckPreparation(variant.decks, (), 0, None, total // seats, 0, warren, total + 1 if warren else total)
