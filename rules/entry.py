"""One hand's entry, what the table says happened in it, and the one form it is kept in.

HandEntry is what the engine folds (rules.game.play). Its stored form
(to_stored / from_stored) is the one codec for a hand: the database's Hand
and History rows, the league file, the offline queue's comparison and the
scoresheet (which names the seats: rules.scoresheet) all go through it.

Adding a field to a hand: the field here, its place in the stored form
(to_stored, from_stored and the lists below), the check and the rule that read it in
rules.checks and rules.setup, and the hand form (games.forms.table). A flag (True or left out,
like the sun) is one name in CARD_FLAGS or FLAGS.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.cards import CHARGEABLE, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, RANKS, SUITS, PointCard, card_order, is_card
from rules.errors import RulesError
from rules.i18n import _

# The stored form's fields. A flag is written only when true: the sun is a card hand's
# (a revoke is no sun); time running out may end either kind.
CARD_FLAGS = ("sun",)
FLAGS = ("time_up",)
# The fields naming seats, which the scoresheet writes by the players' names. RULES.md's More
# variants add ranks (each seat's heart ranks, where a hand names them), ten (Turbo's 10♣ taker)
# and twins (the second copy's taker of each single card, Cancellation's two decks); charged (the
# cards charged, Turbo) names no seat and goes with a revoke too.
SEAT_FIELDS = ("revoke", "hearts", "queen", "jack", "cards", "ranks", "ten", "twins")
CARD_FIELDS = frozenset(
    {"hearts", "queen", "jack", "moon", "cards", "ranks", "ten", "twins", "charged", *CARD_FLAGS, *FLAGS}
)
REVOKE_FIELDS = frozenset({"revoke", "charged", *FLAGS})


class UnreadableEntry(RulesError):
    """A stored hand that is no entry (a damaged row, a hand-made file); str() is the one-line reason."""


@dataclass(frozen=True, slots=True)
class HandEntry:
    """What the table says happened in one hand: the cards taken, or a revoke.

    hearts counts each seat's hearts; queen and jack are the takers of the Q♠
    and the plus card (the J♦, or the 10♦); extras pairs each extra card
    (option extra_cards) with its taker. taker() reads any single point card's
    taker from the right field.

    RULES.md, More variants: ranks lists the heart ranks each seat took, where
    the hand names them (hearts then holds their counts); ten is Turbo's 10♣
    taker and charged the cards charged that hand; twins pairs each single
    card's second copy (Cancellation's two decks) with its taker.
    """

    hearts: tuple[int, ...] = ()
    queen: int | None = None
    jack: int | None = None
    moon: str | None = None
    revoke: int | None = None
    extras: tuple[tuple[str, int | None], ...] = ()
    sun: bool = False
    time_up: bool = False
    ranks: tuple[tuple[str, ...], ...] | None = None
    ten: int | None = None
    charged: tuple[str, ...] = ()
    twins: tuple[tuple[str, int | None], ...] = ()

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
        *,
        ranks: Iterable[Iterable[str]] | None = None,
        ten: int | None = None,
        charged: Iterable[str] = (),
        twins: Mapping[str, int | None] | Iterable[tuple[str, int | None]] = (),
    ) -> HandEntry:
        """A hand of cards taken. With ranks (each seat's heart ranks), hearts is left empty: the counts
        are the lists' lengths."""
        listed = None
        if ranks is not None:
            # Ranks in the deck's order, so equal hands are equal entries; no rank stays last.
            listed = tuple(tuple(sorted(seat, key=_rank_order)) for seat in ranks)
            hearts = [len(seat) for seat in listed]
        return cls(
            tuple(hearts),
            queen,
            jack,
            moon,
            None,
            _card_pairs(extras),
            sun,
            time_up,
            listed,
            ten,
            _charged(charged),
            _card_pairs(twins),
        )

    @classmethod
    def revoked(cls, offender: int, time_up: bool = False, charged: Iterable[str] = ()) -> HandEntry:
        return cls(revoke=offender, time_up=time_up, charged=_charged(charged))

    @property
    def is_revoke(self) -> bool:
        return self.revoke is not None

    def taker(self, card: PointCard | str) -> int | None:
        """Who took a single point card (the Q♠, the plus card, Turbo's 10♣ or an extra card); None if nobody
        is named. A PointCard is read from its own field (and a second copy from twins); a card's name
        from the field that holds that card by default."""
        if isinstance(card, str):
            name = card
            field = "queen" if name == QUEEN_OF_SPADES else "jack" if name == JACK_OF_DIAMONDS else "cards"
        elif card.second:
            return _taker_in(self.twins, card.card)
        else:
            name, field = card.card, card.field
        if field == "queen":
            return self.queen
        if field == "jack":
            return self.jack
        if field == "ten":
            return self.ten
        return _taker_in(self.extras, name)

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
            # RULES.md's More variants, only where the hand holds them.
            if self.ranks is not None:
                out["ranks"] = [list(ranks) for ranks in self.ranks]
            if self.ten is not None:
                out["ten"] = self.ten
            if self.twins:
                out["twins"] = dict(self.twins)
            out.update((flag, True) for flag in CARD_FLAGS if getattr(self, flag))
        if self.charged:
            out["charged"] = list(self.charged)
        out.update((flag, True) for flag in FLAGS if getattr(self, flag))
        return out

    @classmethod
    def from_stored(cls, stored: object) -> HandEntry:
        """The entry kept as to_stored() wrote it; UnreadableEntry saying why when it is no such entry.

        The entry is read, not checked against a game: GameState.check does that."""
        if not isinstance(stored, Mapping):
            raise UnreadableEntry(_("A stored hand must be an object"))
        unknown = sorted(set(stored) - (REVOKE_FIELDS if "revoke" in stored else CARD_FIELDS))
        if unknown:
            raise UnreadableEntry(_("A stored hand has an unknown field '{field}'").format(field=unknown[0]))
        for flag in FLAGS:
            _stored_flag(stored, flag)
        charged = stored.get("charged", [])
        if not isinstance(charged, list) or not all(isinstance(card, str) for card in charged):
            raise UnreadableEntry(_("A stored hand's 'charged' must be a list of cards"))
        if "revoke" in stored:
            if _stored_seat(stored, "revoke") is None:
                raise UnreadableEntry(_("A stored revoke must name the seat that revoked"))
            return cls.from_checked(stored)
        _check_stored_cards(stored)
        return cls.from_checked(stored)

    @classmethod
    def from_checked(cls, stored: Mapping[str, Any]) -> HandEntry:
        """The entry of a stored form known to pass from_stored's checks, without checking it again:
        from_stored once it has checked, and rules.scoresheet, which checks each field of a hand
        as it reads it into this form (a league file's hands by the ten thousand)."""
        flags = {flag: stored.get(flag, False) for flag in FLAGS}
        charged = stored.get("charged", ())
        if "revoke" in stored:
            return cls.revoked(stored["revoke"], charged=charged, **flags)
        return cls.cards(
            stored["hearts"],
            stored.get("queen"),
            stored.get("jack"),
            stored.get("moon"),
            stored.get("cards", ()),
            **{flag: stored.get(flag, False) for flag in CARD_FLAGS},
            **flags,
            ranks=stored.get("ranks"),
            ten=stored.get("ten"),
            charged=charged,
            twins=stored.get("twins", ()),
        )


def _check_stored_cards(stored: Mapping[str, Any]) -> None:
    """A stored hand's cards (not a revoke's) as to_stored() writes them: UnreadableEntry if not."""
    hearts = stored.get("hearts")
    if not isinstance(hearts, list | tuple) or not all(_is_number(count) for count in hearts):
        raise UnreadableEntry(_("A stored hand's 'hearts' must be a list of numbers, one a seat"))
    moon = stored.get("moon")
    if moon is not None and not isinstance(moon, str):
        raise UnreadableEntry(_("A stored hand's 'moon' must be a word or null"))
    taken = stored.get("cards", {})
    if not isinstance(taken, Mapping) or not all(isinstance(card, str) for card in taken):
        raise UnreadableEntry(_("A stored hand's 'cards' must map each extra card to its taker"))
    for card in taken:
        _stored_seat(taken, card)
    ranks = stored.get("ranks")
    if ranks is not None and not (
        isinstance(ranks, list)
        and all(isinstance(seat, list) and all(isinstance(rank, str) for rank in seat) for seat in ranks)
    ):
        raise UnreadableEntry(_("A stored hand's 'ranks' must be a list of heart ranks, one a seat"))
    twins = stored.get("twins", {})
    if not isinstance(twins, Mapping) or not all(isinstance(card, str) for card in twins):
        raise UnreadableEntry(_("A stored hand's 'twins' must map each card's second copy to its taker"))
    for flag in CARD_FLAGS:
        _stored_flag(stored, flag)
    for field in ("queen", "jack", "ten"):
        _stored_seat(stored, field)
    for card in twins:
        _stored_seat(twins, card)


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stored_seat(stored: Mapping[str, Any], key: str) -> int | None:
    seat = stored.get(key)
    if seat is not None and not (_is_number(seat) and seat >= 0):
        raise UnreadableEntry(_("A stored hand's '{field}' must be a seat's number or null").format(field=key))
    return seat


def _stored_flag(stored: Mapping[str, Any], key: str) -> bool:
    value = stored.get(key, False)
    if not isinstance(value, bool):
        raise UnreadableEntry(_("A stored hand's '{field}' must be true or false").format(field=key))
    return value


def _taker_in(pairs: tuple[tuple[str, int | None], ...], name: str) -> int | None:
    for card, taker in pairs:
        if card == name:
            return taker
    return None


def _card_pairs(
    pairs: Mapping[str, int | None] | Iterable[tuple[str, int | None]],
) -> tuple[tuple[str, int | None], ...]:
    # One order whatever the source (a form, a scoresheet, PostgreSQL's jsonb, which
    # reorders keys): by suit and rank, so equal hands are equal entries. Names that
    # are no card stay last, as given, for the entry check to refuse.
    if not pairs:  # most hands take no extra card
        return ()
    listed = tuple(pairs.items() if isinstance(pairs, Mapping) else pairs)
    return tuple(sorted(listed, key=lambda pair: card_order(pair[0]) if is_card(pair[0]) else (len(SUITS), 0)))


def _rank_order(rank: str) -> int:
    return RANKS.index(rank) if rank in RANKS else len(RANKS)


def _charged(cards: Iterable[str]) -> tuple[str, ...]:
    """Charged cards in the table's order (A♥, Q♠, J♦, 10♣); anything else last, for the check to refuse."""
    if not cards:
        return ()
    return tuple(sorted(cards, key=lambda card: CHARGEABLE.index(card) if card in CHARGEABLE else len(CHARGEABLE)))
