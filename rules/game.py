"""A game as a pure fold over its hand entries.

    state = play(setup, entries)

gives totals, wraps, runs at 69 (and 5), the status, the winners and the
next deal. Editing an earlier hand is nothing more than folding again.
Seats are numbered from 0 in clockwise order; names are for display only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.checks import entry_errors
from rules.deal import Deal
from rules.entry import HandEntry
from rules.errors import EntryError, FieldError
from rules.i18n import _
from rules.setup import (
    FIVE,
    FIVE_HANDS,
    IN_PROGRESS,
    MOON_CHOICES,
    OVER,
    SIXTY_NINE,
    SIXTY_NINE_HANDS,
    TIE_BREAK,
    GameSetup,
    HandResult,
    Run,
    Standing,
)


@dataclass(frozen=True)
class GameState:
    setup: GameSetup
    hands: tuple[HandResult, ...] = ()
    totals: tuple[int, ...] = ()
    status: str = IN_PROGRESS
    winners: tuple[int, ...] = ()
    reason: str | None = None
    # Hands completed at 69 (and at 5) per seat; None when not sitting there.
    runs69: tuple[int | None, ...] = ()
    runs5: tuple[int | None, ...] = ()
    # The time limit ran out during a hand so far: the end condition counts as met.
    time_up: bool = False

    @classmethod
    def start(cls, setup: GameSetup) -> GameState:
        zeros = (0,) * setup.seats
        nones = (None,) * setup.seats
        return cls(setup, (), zeros, IN_PROGRESS, (), None, nones, nones)

    # What the table sees -------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.status == OVER

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    @property
    def next_deal(self) -> Deal | None:
        if self.is_over:
            return None
        return self.setup.deal(self.next_number, tie_break=self.status == TIE_BREAK)

    def deals_after_next(self, count: int) -> tuple[Deal, ...]:
        """The deals of the `count` hands after the next one, should the game go on that long.

        A phone that keeps hands while offline (static/js/offline.js) shows the deal of each
        hand it goes on to, which the server cannot tell it then: a deal is its hand's number's,
        and a tie-break goes on as one. Whether the game ends on the way is known only once the
        hands are in; none when it is over."""
        if self.is_over:
            return ()
        first = self.next_number + 1
        return tuple(
            self.setup.deal(number, tie_break=self.status == TIE_BREAK) for number in range(first, first + count)
        )

    @property
    def money(self) -> tuple[int, ...] | None:
        """Turbo Hearts: each player's money over the hands so far; None in a game without money."""
        if not self.setup.turbo:
            return None
        return tuple(sum(column) for column in zip(*(hand.money or () for hand in self.hands), strict=True)) or (
            (0,) * self.setup.seats
        )

    @property
    def lowest(self) -> tuple[int, ...]:
        """Seats holding the lowest total (the current leaders)."""
        best = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    @property
    def time_can_run_out(self) -> bool:
        """Whether the next hand may be the one the time limit ran out in: there is one, not yet marked
        (a tie-break hand after it is not asked again; the engine would refuse it)."""
        return self.setup.options.time_limit is not None and not self.time_up

    @property
    def all_zero(self) -> bool:
        """Every total back to 0 after at least one hand: the game may be declared null."""
        return bool(self.hands) and not any(self.totals)

    @property
    def runs(self) -> tuple[Run, ...]:
        """Players on a 69-for-5 (or 5-for-69) run, for display."""
        if not self.setup.options.sixty_nine:
            return ()
        out = []
        for seat, (r69, r5) in enumerate(zip(self.runs69, self.runs5, strict=True)):
            if r69 is not None:
                out.append(Run(seat, SIXTY_NINE, r69, SIXTY_NINE_HANDS))
            if r5 is not None:
                out.append(Run(seat, FIVE, r5, FIVE_HANDS))
        return tuple(out)

    # Moving on -----------------------------------------------------------

    def check(self, entry: HandEntry) -> list[FieldError]:
        """Every problem with entry as the next hand; empty when it can be scored."""
        return check_entry(self, entry)

    def moon_shooter(self, entry: HandEntry) -> int | None:
        """The seat that shot the moon with this entry, if the variant has moons."""
        return self.setup.scoring.moon_shooter(entry)

    def after(self, entry: HandEntry) -> GameState:
        """The state once entry is scored as the next hand; raises EntryError."""
        errors = check_entry(self, entry)
        if errors:
            raise EntryError(errors)
        return self._score(entry)

    def outcomes(self, entry: HandEntry) -> dict[str, GameState]:
        """For a moon, the state under each resolution the rules allow.

        Under `choice` both add and subtract (the shooter picks); under a fixed
        rule just the one that applies. Empty when entry is no moon. Raises
        EntryError, like after(), for an entry that cannot be scored.
        """
        if self.setup.scoring.moon_shooter(entry) is None or self.is_over:
            return {}
        choices = MOON_CHOICES if self.setup.options.moon == "choice" else (None,)
        outcomes = {}
        for choice in choices:
            state = self.after(replace(entry, moon=choice))
            moon = state.hands[-1].moon
            assert moon is not None  # the entry is a moon, so its hand is scored as one
            outcomes[moon.resolution] = state
        return outcomes

    def _score(self, entry: HandEntry) -> GameState:
        deal = self.setup.deal(self.next_number, tie_break=self.status == TIE_BREAK)
        hand, after = self.setup.scoring.score(deal, entry, self._standing)
        return GameState(self.setup, (*self.hands, hand), *after)

    @property
    def _standing(self) -> Standing:
        return Standing(self.totals, self.status, self.winners, self.reason, self.runs69, self.runs5, self.time_up)


def check_entry(state: GameState, entry: HandEntry) -> list[FieldError]:
    """Every reason entry cannot be the next hand, each tied to its field."""
    return entry_errors(state.setup, entry, state.is_over, state.next_number, state.time_up)


def play(setup: GameSetup, entries: Iterable[HandEntry]) -> GameState:
    """The game's state after scoring entries in order; raises EntryError with the hand's number."""
    # One GameState at the end, not one per hand: the fold carries a Standing.
    scoring = setup.scoring
    standing = scoring.start()
    hands: list[HandResult] = []
    for entry in entries:
        number = len(hands) + 1
        errors = entry_errors(setup, entry, standing.status == OVER, number, standing.time_up)
        if errors:
            raise HandError(number, errors)
        deal = setup.deal(number, tie_break=standing.status == TIE_BREAK)
        hand, standing = scoring.score(deal, entry, standing)
        hands.append(hand)
    return GameState(setup, tuple(hands), *standing)


class HandError(EntryError):
    """An entry that cannot be scored, with the number of the hand it was for."""

    def __init__(self, number: int, errors: list[FieldError]) -> None:
        super().__init__(errors)
        self.number = number

    def __str__(self) -> str:
        problems = "; ".join(str(error.message) for error in self.errors)
        return str(_("hand {number}: {problems}").format(number=self.number, problems=problems))


__all__ = [
    "GameState",
    "HandError",
    "check_entry",
    "play",
]
