"""Whether a hand entry can be scored as the next hand of a game: every reason it cannot, each
tied to the field it is about (RULES.md, Scoring, step 1, and the More variants' takers and charges).

rules.game asks entry_errors before it scores a hand, so rules.setup's Scoring
reads only entries that passed.
"""

from __future__ import annotations

from typing import TypeGuard

from rules.cards import CHARGEABLE, HEARTS, RANKS, shown_card, shown_cards
from rules.entry import HandEntry
from rules.errors import FieldError
from rules.i18n import _, ngettext
from rules.setup import MOON_CHOICES, GameSetup

# The most hands a game holds: a real game is a few dozen; a 4-player game to
# the highest target (10,000) ends by hand 1,540 at the latest, unless wraps or
# the J♦ hold it back; and a page of this many hands still renders at once.
MOST_HANDS = 2_000


def entry_errors(setup: GameSetup, entry: HandEntry, over: bool, number: int, time_up: bool) -> list[FieldError]:
    """rules.game.check_entry for hand `number` of a game that is over or not, and whose time ran out or not."""
    if over:
        return [FieldError(None, _("The game is already over; no more hands can be added"))]
    if number > MOST_HANDS:
        return [
            FieldError(
                None, _("A game holds at most {most:,} hands; declare it and start another").format(most=MOST_HANDS)
            )
        ]
    errors = _time_up_errors(setup, entry, time_up)
    if entry.charged:
        errors.extend(_charge_errors(setup, entry))
    if entry.revoke is not None:
        return errors + _revoke_errors(setup, entry)
    errors.extend(_hearts_errors(setup, entry))
    errors.extend(_taker_errors(setup, entry))
    if errors:
        return errors
    return _moon_errors(setup, entry)


def _time_up_errors(setup: GameSetup, entry: HandEntry, time_up: bool) -> list[FieldError]:
    """A hand marked as the one in which the time ran out, in a game with no time limit or past it."""
    if not entry.time_up:
        return []
    if setup.options.time_limit is None:
        return [FieldError("time_up", _("This game has no time limit, so the time cannot run out"))]
    if time_up:
        return [FieldError("time_up", _("The time already ran out in an earlier hand"))]
    return []


def _revoke_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """A revoke's hand: one of the players revoked, and no cards, moon or sun come with it."""
    errors = []
    if not _is_seat(entry.revoke, setup.seats):
        errors.append(FieldError("revoke", _("Who revoked? Pick one of the players")))
    if entry.sun:
        errors.append(FieldError("sun", _("A revoke is no sun: nobody shot anything")))
    if (
        entry.hearts
        or entry.queen is not None
        or entry.jack is not None
        or entry.moon is not None
        or entry.extras
        or entry.ten is not None
        or entry.twins
        or entry.ranks is not None
    ):
        errors.append(FieldError("revoke", _("A revoke is charged instead of entering cards, not with them")))
    return errors


def _hearts_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """The hearts taken: by rank where ranks are entered or score, else a whole count per player adding up."""
    hearts = entry.hearts
    seats = setup.seats
    if entry.ranks is not None or setup.scoring.rank_values is not None:
        return _rank_errors(setup, entry)
    # Counts are whole numbers, not True or False; plain ints (what forms and files give) are told at once.
    if len(hearts) != seats or not (set(map(type, hearts)) <= _PLAIN_INT or all(map(_is_whole, hearts))):
        return [FieldError("hearts", _("Enter the hearts taken by each of the {seats} players").format(seats=seats))]
    errors = []
    fewest = min(hearts, default=0)
    if fewest < 0:
        for seat, count in enumerate(hearts):
            if count < 0:
                errors.append(
                    FieldError(
                        "hearts", _("{player} can't take fewer than 0 hearts").format(player=setup.players[seat])
                    )
                )
    total = sum(hearts)
    in_play = setup.hearts_in_play
    if total != in_play and fewest >= 0:
        errors.append(
            FieldError(
                "hearts", _("Hearts add up to {total}; {in_play} are in play").format(total=total, in_play=in_play)
            )
        )
    return errors


def _taker_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """Every single point card in play has exactly one taker (RULES.md, Scoring, step 1), and no card
    out of play is entered."""
    scoring = setup.scoring
    errors = []
    for card, taker_of in scoring.readers:
        taker = taker_of(entry)
        if taker is None:
            errors.append(
                FieldError(card.field, _("Who took the {card}?").format(card=shown_card(card.card)), card.card)
            )
        elif not _is_seat(taker, setup.seats):
            errors.append(
                FieldError(
                    card.field,
                    _("The {card} must go to one of the players").format(card=shown_card(card.card)),
                    card.card,
                )
            )
    if entry.jack is not None and not setup.options.jack_of_diamonds:
        errors.append(FieldError("jack", _("The {card} scores nothing in this game; leave it out").format(card="J♦")))
    # One test on the way of every hand for what only the More variants' hands hold.
    if entry.ten is not None or entry.twins or (scoring.queenless and entry.queen is not None):
        errors.extend(_more_taker_errors(setup, entry))
    return errors + _extra_card_errors(setup, entry)


def _extra_card_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """The extra point cards named (the More variants'): each in play, and named once."""
    errors = []
    in_play_cards = {card.card for card in setup.single_cards if card.field == "cards"} if entry.extras else set()
    seen: set[str] = set()
    for extra, _taker in entry.extras:
        if extra not in in_play_cards:
            errors.append(
                FieldError("cards", _("The {card} scores nothing in this game; leave it out").format(card=extra))
            )
        elif extra in seen:
            errors.append(FieldError("cards", _("The {card} is named twice; it has one taker").format(card=extra)))
        seen.add(extra)
    return errors


def _moon_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """The table's word on a moon (add or subtract) where the rule asks for it, and none where it does not."""
    scoring = setup.scoring
    errors = []
    if scoring.turbo:
        if entry.moon is not None:
            errors.append(FieldError("moon", _("Turbo Hearts scores a moon by itself: nobody chooses add or subtract")))
        if entry.sun:
            errors.append(FieldError("sun", _("Shooting the sun is not played in Turbo Hearts")))
        return errors

    rule = setup.options.moon
    if rule != "choice" and entry.moon is None and not entry.sun:
        return errors  # nothing to choose and no sun: a moon, if any, needs no word from the table
    names = setup.moon_names
    shooter = scoring.moon_shooter(entry)
    if shooter is not None and rule == "choice":
        if entry.moon is None:
            errors.append(
                FieldError("moon", _("{shooter} shot the moon: add or subtract?").format(shooter=names[shooter]))
            )
        elif entry.moon not in MOON_CHOICES:
            errors.append(FieldError("moon", _("A moon is resolved by add or subtract")))
    elif entry.moon is not None:
        if shooter is None:
            errors.append(FieldError("moon", _("Nobody shot the moon in this hand, so there is nothing to choose")))
        else:
            errors.append(
                FieldError("moon", _("The moon rule here is '{rule}': the shooter does not choose").format(rule=rule))
            )
    if entry.sun:
        errors.extend(_sun_errors(setup, entry, shooter))
    return errors


_PLAIN_INT = frozenset({int})


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object, seats: int) -> bool:
    return _is_whole(value) and 0 <= value < seats


def _sun_errors(setup: GameSetup, entry: HandEntry, shooter: int | None) -> list[FieldError]:
    """RULES.md: a sun is a moon by a shooter who also took every trick, so every single point card."""
    if not setup.options.sun:
        return [FieldError("sun", _("Shooting the sun is not played in this game"))]
    if shooter is None:
        return [FieldError("sun", _("Nobody shot the moon in this hand, so there is no sun"))]
    scoring = setup.scoring
    missed = [
        card.card
        for card in setup.single_cards
        if (taker := entry.taker(card)) is None or not scoring.in_shooters(taker, shooter)
    ]
    if missed:
        name = setup.scorers[scoring.scorer_of(shooter)]
        return [
            FieldError(
                "sun",
                _("A sun takes every trick, but {player} did not take the {cards}").format(
                    player=name, cards=", ".join(missed)
                ),
            )
        ]
    return []


def _rank_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """RULES.md, Hearts by rank: where hearts score by rank the hand lists them, each rank once (twice
    with two decks)."""
    if entry.ranks is None:
        return [
            FieldError("hearts", _("The hearts are not all worth the same here, so list the ranks each player took"))
        ]
    if len(entry.ranks) != setup.seats or len(entry.hearts) != setup.seats:
        return [
            FieldError("hearts", _("List the hearts taken by each of the {seats} players").format(seats=setup.seats))
        ]
    errors = []
    copies = setup.variant.decks
    named: dict[str, int] = {}
    for seat, ranks in enumerate(entry.ranks):
        if entry.hearts[seat] != len(ranks):
            errors.append(
                FieldError(
                    "hearts",
                    _("{player}'s hearts are counted and listed differently").format(player=setup.players[seat]),
                )
            )
        for rank in ranks:
            if rank not in RANKS:
                errors.append(
                    FieldError("hearts", _("{rank} is not a heart's rank (2-10, J, Q, K, A)").format(rank=repr(rank)))
                )
            else:
                named[rank] = named.get(rank, 0) + 1
    for rank in RANKS:
        count = named.get(rank, 0)
        card = f"{rank}{HEARTS}"
        # Whole sentences (rules.i18n): how many the decks hold is said by a plural, not a piece.
        if count > copies:
            sentence = ngettext(
                "The {card} is named {count} times (there is one)",
                "The {card} is named {count} times (there are {copies})",
                copies,
            )
            errors.append(FieldError("hearts", sentence.format(card=shown_card(card), count=count, copies=copies)))
        elif count == 0:
            sentence = ngettext(
                "The {card} is named by nobody (there is one): who took it?",
                "The {card} is named by nobody (there are {copies}): who took it?",
                copies,
            )
            errors.append(FieldError("hearts", sentence.format(card=shown_card(card), copies=copies)))
        elif count < copies:
            sentence = ngettext(
                "The {card} is named by one player only (there is one): who took it?",
                "The {card} is named by one player only (there are {copies}): who took it?",
                copies,
            )
            errors.append(FieldError("hearts", sentence.format(card=shown_card(card), copies=copies)))
    return errors


def _more_taker_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """Takers only the More variants name: the Q♠'s where it scores 0, Turbo's 10♣, second copies."""
    errors = []
    if entry.queen is not None and not setup.options.queen_points:
        errors.append(FieldError("queen", _("The queen of spades does not score here (queen_points: 0); leave it out")))
    if entry.ten is not None and not setup.turbo:
        errors.append(
            FieldError("ten", _("The {card} scores nothing in this game; leave it out").format(card=shown_card("10♣")))
        )
    return errors + _twin_errors(setup, entry)


def _twin_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """Second copies are named only where the decks hold two of a single card."""
    seconds = {card.card for card in setup.single_cards if card.second}
    errors = []
    seen: set[str] = set()
    for card, _taker in entry.twins:
        if card not in seconds:
            errors.append(FieldError(None, _("This game has one {card}: name one taker").format(card=shown_card(card))))
        elif card in seen:
            errors.append(
                FieldError(None, _("The {card} is named three times; the decks hold two").format(card=shown_card(card)))
            )
        seen.add(card)
    return errors


def _charge_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """Turbo Hearts: any of A♥, Q♠, J♦, 10♣ may be charged, each once."""
    if not setup.turbo:
        return [FieldError("charged", _("Nothing is charged in this game; leave the charges out"))]
    errors = []
    for card in entry.charged:
        if card not in CHARGEABLE:
            errors.append(
                FieldError(
                    "charged",
                    _("{card} cannot be charged (only {chargeable})").format(
                        card=repr(card), chargeable=shown_cards(CHARGEABLE, ", ")
                    ),
                )
            )
    for card in CHARGEABLE:
        if entry.charged.count(card) > 1:
            errors.append(
                FieldError(
                    "charged",
                    _("The {card} is charged {count} times; once is all").format(
                        card=shown_card(card), count=entry.charged.count(card)
                    ),
                )
            )
    return errors


__all__ = ["MOST_HANDS", "entry_errors"]
