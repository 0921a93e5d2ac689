"""One hand's entry, what the table says happened in it, and the one form it is kept in.

HandEntry is what the engine folds (rules.game.play). Its stored form
(to_stored / from_stored) is the one codec for a hand: the database's Hand
and History rows, the league file, the offline queue's comparison and the
scoresheet (which names the seats: rules.scoresheet) all go through it.

Adding a field to a hand: the field here, its place in the stored form
(to_stored, from_stored and the lists below), the rule that reads it in
rules.game, and the hand form (games.forms.table). A flag (True or left out,
like the sun) is one name in CARD_FLAGS or FLAGS.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUITS, PointCard, card_order, is_card
from rules.errors import RulesError

# The stored form's fields. A flag is written only when true: the sun is a card hand's
# (a revoke is no sun); time running out may end either kind.
CARD_FLAGS = ("sun",)
FLAGS = ("time_up",)
# The fields naming seats, which the scoresheet writes by the players' names.
SEAT_FIELDS = ("revoke", "hearts", "queen", "jack", "cards")
CARD_FIELDS = frozenset({"hearts", "queen", "jack", "moon", "cards", *CARD_FLAGS, *FLAGS})
REVOKE_FIELDS = frozenset({"revoke", *FLAGS})


class UnreadableEntry(RulesError):
    """A stored hand that is no entry (a damaged row, a hand-made file); str() is the one-line reason."""


@dataclass(frozen=True, slots=True)
class HandEntry:
    """What the table says happened in one hand: the cards taken, or a revoke.

    hearts counts each seat's hearts; queen and jack are the takers of the Q♠
    and the J♦; extras pairs each extra card (option extra_cards) with its
    taker. taker() reads any single point card's taker from the right field.
    """

    hearts: tuple[int, ...] = ()
    queen: int | None = None
    jack: int | None = None
    moon: str | None = None
    revoke: int | None = None
    extras: tuple[tuple[str, int | None], ...] = ()
    sun: bool = False
    time_up: bool = False

    @classmethod
    def cards(
        cls,
        hearts: Iterable[int],
        queen: int | None,
        jack: int | None = None,
        moon: str | None = None,
        extras: Mapping[str, int | None] | Iterable[tuple[str, int | None]] = (),
        sun: bool = False,
        time_up: bool = False,
    ) -> HandEntry:
        pairs = tuple(extras.items() if isinstance(extras, Mapping) else extras)
        # One order whatever the source (a form, a scoresheet, PostgreSQL's jsonb, which
        # reorders keys): by suit and rank, so equal hands are equal entries. Names that
        # are no card stay last, as given, for the entry check to refuse.
        pairs = tuple(sorted(pairs, key=lambda pair: card_order(pair[0]) if is_card(pair[0]) else (len(SUITS), 0)))
        return cls(tuple(hearts), queen, jack, moon, None, pairs, sun, time_up)

    @classmethod
    def revoked(cls, offender: int, time_up: bool = False) -> HandEntry:
        return cls(revoke=offender, time_up=time_up)

    @property
    def is_revoke(self) -> bool:
        return self.revoke is not None

    def taker(self, card: PointCard | str) -> int | None:
        """Who took a single point card (the Q♠, the J♦ or an extra card); None if nobody is named."""
        name = card if isinstance(card, str) else card.card
        if name == QUEEN_OF_SPADES:
            return self.queen
        if name == JACK_OF_DIAMONDS:
            return self.jack
        for extra, taker in self.extras:
            if extra == name:
                return taker
        return None

    # The stored form: the one codec -------------------------------------------

    def to_stored(self) -> dict[str, Any]:
        """The entry as it is kept (Hand.entry, the History, the league file's History, the offline
        queue's comparison): seats by number, the house-rule fields only where used. The
        scoresheet (rules.scoresheet.entry_json) writes this form with the seats named."""
        if self.is_revoke:
            out: dict[str, Any] = {"revoke": self.revoke}
        else:
            out = {"hearts": list(self.hearts), "queen": self.queen, "jack": self.jack, "moon": self.moon}
            if self.extras:
                out["cards"] = dict(self.extras)
            out.update((flag, True) for flag in CARD_FLAGS if getattr(self, flag))
        out.update((flag, True) for flag in FLAGS if getattr(self, flag))
        return out

    @classmethod
    def from_stored(cls, stored: object) -> HandEntry:
        """The entry kept as to_stored() wrote it; UnreadableEntry saying why when it is no such entry.

        The entry is read, not checked against a game: GameState.check does that."""
        if not isinstance(stored, Mapping):
            raise UnreadableEntry("A stored hand must be an object")
        unknown = sorted(set(stored) - (REVOKE_FIELDS if "revoke" in stored else CARD_FIELDS))
        if unknown:
            raise UnreadableEntry(f"A stored hand has an unknown field '{unknown[0]}'")
        flags = {flag: _stored_flag(stored, flag) for flag in FLAGS}
        if "revoke" in stored:
            offender = _stored_seat(stored, "revoke")
            if offender is None:
                raise UnreadableEntry("A stored revoke must name the seat that revoked")
            return cls.revoked(offender, **flags)
        hearts = stored.get("hearts")
        if not isinstance(hearts, list | tuple) or not all(_is_number(count) for count in hearts):
            raise UnreadableEntry("A stored hand's 'hearts' must be a list of numbers, one a seat")
        moon = stored.get("moon")
        if moon is not None and not isinstance(moon, str):
            raise UnreadableEntry("A stored hand's 'moon' must be a word or null")
        taken = stored.get("cards", {})
        if not isinstance(taken, Mapping) or not all(isinstance(card, str) for card in taken):
            raise UnreadableEntry("A stored hand's 'cards' must map each extra card to its taker")
        extras = {card: _stored_seat(taken, card) for card in taken}
        card_flags = {flag: _stored_flag(stored, flag) for flag in CARD_FLAGS}
        return cls.cards(
            hearts, _stored_seat(stored, "queen"), _stored_seat(stored, "jack"), moon, extras, **card_flags, **flags
        )


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stored_seat(stored: Mapping[str, Any], key: str) -> int | None:
    seat = stored.get(key)
    if seat is not None and not (_is_number(seat) and seat >= 0):
        raise UnreadableEntry(f"A stored hand's '{key}' must be a seat's number or null")
    return seat


def _stored_flag(stored: Mapping[str, Any], key: str) -> bool:
    value = stored.get(key, False)
    if not isinstance(value, bool):
        raise UnreadableEntry(f"A stored hand's '{key}' must be true or false")
    return value
