"""The scoresheet: a game's record as JSON (see shared/SCORESHEET.md).

read_scoresheet turns a parsed document into a setup and its entries,
replay scores it, and result_json / write_scoresheet go the other way.
Every error is a ScoresheetError whose message is one line for a person,
naming the hand where there is one.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import CARD_WORDS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, the_card
from rules.checks import MOST_HANDS
from rules.entry import CARD_FIELDS, CARD_FLAGS, FLAGS, REVOKE_FIELDS, SEAT_FIELDS, HandEntry
from rules.errors import RulesError, SetupError
from rules.game import GameState, HandError, play
from rules.i18n import _
from rules.setup import GameSetup, HandResult

TOP_LEVEL_KEYS = {"variant", "options", "players", "first_dealer", "hands", "played_on"}
# A hand is its stored form (rules.entry) with the seats named; rank lists and second takers
# are written inside hearts, queen, jack and cards (SCORESHEET.md), not apart.
CARD_KEYS = CARD_FIELDS - {"ranks", "twins"}
REVOKE_KEYS = REVOKE_FIELDS
# SCORESHEET.md: the day the game was played, checked and otherwise ignored by replay.
FIRST_DAY = datetime.date(1900, 1, 1)
LAST_DAY = datetime.date(2100, 12, 31)
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class ScoresheetError(RulesError):
    """The scoresheet cannot be read or scored; str() is the one-line reason."""


def read_scoresheet(document: object) -> tuple[GameSetup, list[HandEntry]]:
    if not isinstance(document, Mapping):
        raise ScoresheetError(_("A scoresheet must be a JSON object"))
    unknown = sorted(set(document) - TOP_LEVEL_KEYS)
    if unknown:
        raise ScoresheetError(_("Unknown scoresheet field '{field}'").format(field=unknown[0]))
    for key in ("variant", "players"):
        if key not in document:
            raise ScoresheetError(_("The scoresheet has no '{field}'").format(field=key))
    players = document["players"]
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise ScoresheetError(_("'players' must be a list of names"))
    options = document.get("options", {})
    if not isinstance(options, Mapping):
        raise ScoresheetError(_("'options' must be an object of house-rule options"))
    try:
        # Check variant and options before the names, so that the most basic
        # mistake is the one reported.
        setup = GameSetup.create(document["variant"], players, options, 0)
    except SetupError as error:
        raise ScoresheetError(error.message) from None
    first = document.get("first_dealer", players[0] if players else None)
    first_seat = setup.seat_of(first) if isinstance(first, str) else None
    if first_seat is None:
        raise ScoresheetError(_("The first dealer {first} is not one of the players").format(first=repr(first)))
    setup = GameSetup(setup.variant, setup.options, setup.players, first_seat)
    hands = document.get("hands", [])
    if not isinstance(hands, list):
        raise ScoresheetError(_("'hands' must be a list"))
    if len(hands) > MOST_HANDS:
        raise ScoresheetError(
            _("A game holds at most {most:,} hands; this scoresheet has {hands:,}").format(
                most=MOST_HANDS, hands=len(hands)
            )
        )
    played_on(document)
    entries = [_read_hand(setup, number, hand) for number, hand in enumerate(hands, start=1)]
    return setup, entries


def played_on(document: Mapping[str, Any]) -> datetime.date | None:
    """The scoresheet's `played_on` day, checked; None when it has none."""
    if "played_on" not in document:
        return None
    text = document["played_on"]
    day = None
    if isinstance(text, str) and _DAY.fullmatch(text):
        try:
            day = datetime.date.fromisoformat(text)
        except ValueError:  # well formed but no day, like 2025-02-30
            day = None
    if day is None or not FIRST_DAY <= day <= LAST_DAY:
        # Worded only when refused: a league file reads thousands of days.
        raise ScoresheetError(
            _("'played_on' must be a day from {first} to {last}, written like 2025-01-07").format(
                first=FIRST_DAY.isoformat(), last=LAST_DAY.isoformat()
            )
        )
    return day


# The hand most tables write: hearts counted by player, the Q♠'s taker, maybe the plus card's and
# a moon's resolution. _plain_hand reads it straight; anything else goes the long way.
PLAIN_KEYS = frozenset({"hearts", "queen", "jack", "moon"})


def _plain_hand(setup: GameSetup, hand: object) -> HandEntry | None:
    """A plain hand (PLAIN_KEYS, one deck) read without the general reader's checks and their
    words, the same entry it would give; None for any other hand, or one with anything amiss
    (the general reader says what). A league file holds such hands by the ten thousand."""
    if type(hand) is not dict or not PLAIN_KEYS.issuperset(hand) or setup.variant.copies != 1:
        return None
    players = setup.players
    hearts = [0] * len(players)
    taken = hand.get("hearts", {})
    if type(taken) is not dict:
        return None
    for name, count in taken.items():
        if type(count) is not int or name not in players:
            return None
        hearts[players.index(name)] = count
    queen = hand.get("queen")
    jack = hand.get("jack")
    moon = hand.get("moon")
    if (
        ("queen" in hand and queen not in players)
        or ("jack" in hand and jack not in players)
        or (moon is not None and type(moon) is not str)
    ):
        return None
    return HandEntry(
        tuple(hearts),
        None if queen is None else players.index(queen),
        None if jack is None else players.index(jack),
        moon,
    )


def _read_hand(setup: GameSetup, number: int, hand: object) -> HandEntry:
    plain = _plain_hand(setup, hand)
    return plain if plain is not None else _read_any_hand(setup, number, hand)


def _read_any_hand(setup: GameSetup, number: int, hand: object) -> HandEntry:
    return _HandReader(setup, number).read(hand)


class _HandReader:
    """Hand `number` of a scoresheet read into the stored form (rules.entry), each name made its
    seat and the flags as they are; ScoresheetError naming the hand at the first thing wrong."""

    def __init__(self, setup: GameSetup, number: int) -> None:
        self.setup = setup
        self.number = number

    def read(self, hand: object) -> HandEntry:
        if not isinstance(hand, Mapping):
            raise self.fail(_("a hand must be a JSON object"))
        stored: dict[str, Any] = {flag: self.flag_of(hand, flag) for flag in FLAGS}
        charged = hand.get("charged", [])
        if not isinstance(charged, list) or not all(isinstance(card, str) for card in charged):
            raise self.fail(_("'charged' must be a list of cards such as \"Q♠\""))
        stored["charged"] = charged
        if "revoke" in hand:
            stored["revoke"] = self.revoke(hand)
            return HandEntry.from_checked(stored)
        unknown = sorted(set(hand) - CARD_KEYS)
        if unknown:
            raise self.fail(_("unknown field '{field}'").format(field=unknown[0]))
        stored.update(self.hearts(hand))
        self.read_takers(hand, stored)
        for flag in CARD_FLAGS:
            stored[flag] = self.flag_of(hand, flag)
        # Each field checked above as from_stored would check it: the entry without checking it again.
        return HandEntry.from_checked(stored)

    def fail(self, message: str) -> ScoresheetError:
        return ScoresheetError(_("hand {number}: {problem}").format(number=self.number, problem=message))

    def seat(self, name: object, what: str) -> int:
        if not isinstance(name, str):
            raise self.fail(_("{what} must be a player's name").format(what=what))
        found = self.setup.seat_of(name)
        if found is None:
            raise self.fail(_("{player} is not a player in this game ({what})").format(player=name, what=what))
        return found

    def flag_of(self, hand: Mapping[str, Any], key: str) -> bool:
        value = hand.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(_("'{field}' must be true or false").format(field=key))
        return value

    def takers(self, value: object, what: str, card: str) -> tuple[int, int | None]:
        """One taker, or two where the decks hold two of the card (Cancellation): the first and the second copy's."""
        if self.setup.variant.copies == 1:
            return self.seat(value, what), None
        if not isinstance(value, list) or len(value) != self.setup.variant.copies:
            words = CARD_WORDS.get(card, card)
            raise self.fail(
                _("{what}: the deck holds 2 of the {card}: name their takers, a list of 2 players").format(
                    what=what, card=words
                )
            )
        first, second = (self.seat(name, what) for name in value)
        return first, second

    def revoke(self, hand: Mapping[str, Any]) -> int:
        """The revoke's offender: a revoke's hand holds nothing else."""
        # `sun: false` means the same as leaving it out (RULES.md).
        if hand.get("sun", False) is not False:
            raise self.fail(_("a revoke is no sun: 'sun' cannot go with 'revoke'"))
        if set(hand) - REVOKE_KEYS - {"sun"}:
            raise self.fail(_("a revoke stands alone: no cards are entered with it"))
        return self.seat(hand["revoke"], "revoke")

    def hearts(self, hand: Mapping[str, Any]) -> dict[str, Any]:
        """The hearts each seat took, counted or listed by rank (then with their ranks)."""
        hearts_taken = hand.get("hearts", {})
        if not isinstance(hearts_taken, Mapping):
            raise self.fail(_("'hearts' must map players to the hearts they took"))
        hearts = [0] * self.setup.seats
        listed = {isinstance(taken, list) for taken in hearts_taken.values()}
        if listed == {True, False}:
            raise self.fail(
                _("hearts: give every player's hearts as a count, or every one as a list of ranks, not both")
            )
        if True in listed:
            # RULES.md, Hearts by rank: each player's heart ranks ("Q", "10"); a player left out took none.
            ranks: list[list[str]] = [[] for _seat in self.setup.players]
            for name, taken in hearts_taken.items():
                if not all(isinstance(rank, str) for rank in taken):
                    raise self.fail(
                        _('{player}\'s hearts must be a list of ranks such as "Q" or "10"').format(player=name)
                    )
                ranks[self.seat(name, "hearts")] = taken
            return {"ranks": ranks, "hearts": [len(taken) for taken in ranks]}
        for name, count in hearts_taken.items():
            if not isinstance(count, int) or isinstance(count, bool):
                raise self.fail(_("{player}'s hearts must be a whole number").format(player=name))
            hearts[self.seat(name, "hearts")] = count
        return {"hearts": hearts}

    def read_takers(self, hand: Mapping[str, Any], stored: dict[str, Any]) -> None:
        """Into `stored`: who took the Q♠, the J♦ (or the plus card), the extra cards, their second
        copies and the 10♣, and the moon's word, read in that order as a scoresheet is."""
        twins: dict[str, int | None] = {}
        stored["queen"] = stored["jack"] = None
        if "queen" in hand:
            stored["queen"], twins[QUEEN_OF_SPADES] = self.takers(hand["queen"], "queen", QUEEN_OF_SPADES)
        if "jack" in hand:
            plus_card = self.setup.options.plus_card or JACK_OF_DIAMONDS
            stored["jack"], twins[plus_card] = self.takers(hand["jack"], "jack", plus_card)
        moon = hand.get("moon")
        if moon is not None and not isinstance(moon, str):
            raise self.fail(_("'moon' must be add or subtract"))
        stored["moon"] = moon
        taken = hand.get("cards", {})
        if not isinstance(taken, Mapping) or not all(isinstance(card, str) for card in taken):
            raise self.fail(_("'cards' must map each extra card to who took it"))
        stored["cards"] = {}
        for card, name in taken.items():
            stored["cards"][card], twins[card] = self.takers(name, the_card(card), card)
        stored["twins"] = {card: taker for card, taker in twins.items() if taker is not None}
        if "ten" in hand:
            stored["ten"] = self.seat(hand["ten"], "ten")


def read_hand(setup: GameSetup, hand: object, number: int = 1) -> HandEntry:
    """One hand as a scoresheet writes it (entry_json), read for the game `setup` describes;
    ScoresheetError naming hand `number` when it is not one. The hand is not scored."""
    return _read_hand(setup, number, hand)


def replay(document: object) -> dict[str, Any]:
    """Score a scoresheet and return the result document."""
    setup, entries = read_scoresheet(document)
    try:
        state = play(setup, entries)
    except HandError as error:
        raise ScoresheetError(str(error)) from None
    return result_json(state)


def _by_name(setup: GameSetup, values: Sequence[int]) -> dict[str, int]:
    """Values by scorer: each player, or each team in a team game."""
    return dict(zip(setup.scorers, values, strict=True))


def hand_json(setup: GameSetup, hand: HandResult) -> dict[str, Any]:
    names = setup.players
    out: dict[str, Any] = {
        "number": hand.number,
        "dealer": names[hand.deal.dealer],
        "pass": hand.deal.pass_direction,
        "points": _by_name(setup, hand.points),
        "totals": _by_name(setup, hand.totals),
    }
    if hand.money is not None:
        out["money"] = dict(zip(names, hand.money, strict=True))
    out["moon"] = (
        {"shooter": setup.moon_names[hand.moon.shooter], "resolution": hand.moon.resolution} if hand.moon else None
    )
    out["wrapped"] = [setup.scorers[scorer] for scorer in hand.wrapped]
    return out


def result_json(state: GameState) -> dict[str, Any]:
    setup = state.setup
    names = setup.players
    deal = state.next_deal
    following = None
    if deal is not None:
        following = {
            "number": deal.number,
            "dealer": names[deal.dealer],
            "pass": deal.pass_direction,
            "leader": names[deal.leader] if deal.leader is not None else deal.lead_card,
        }
    out: dict[str, Any] = {
        "status": state.status,
        "winners": [setup.scorers[scorer] for scorer in state.winners],
        "reason": state.reason,
        "totals": _by_name(setup, state.totals),
    }
    if setup.teams:
        teams = zip(setup.team_names, setup.teams, strict=True)
        out["teams"] = {name: [names[seat] for seat in team] for name, team in teams}
    money = state.money
    if money is not None:
        out["money"] = dict(zip(names, money, strict=True))
    out["hands"] = [hand_json(setup, hand) for hand in state.hands]
    out["next"] = following
    return out


def entry_json(setup: GameSetup, entry: HandEntry) -> dict[str, Any]:
    """One hand as the scoresheet writes it: its stored form (rules.entry) with each seat named by
    its player, only the players who took hearts, and only the point cards taken."""
    names = setup.players
    stored = entry.to_stored()
    out: dict[str, Any]
    if entry.is_revoke:
        out = {"revoke": names[stored["revoke"]]}
    elif "ranks" in stored:
        out = {"hearts": {names[seat]: ranks for seat, ranks in enumerate(stored["ranks"]) if ranks}}
    else:
        out = {"hearts": {names[seat]: count for seat, count in enumerate(stored["hearts"]) if count}}
    if not entry.is_revoke:
        # The single point cards, in the order of the point-card table; where the decks hold
        # two of a card (Cancellation), a list of its two takers.
        two = setup.variant.copies > 1
        for card in setup.single_cards:
            taker = entry.taker(card)
            if taker is None:
                continue
            where = out.setdefault("cards", {}) if card.field == "cards" else out
            key = card.card if card.field == "cards" else card.field
            if two:
                where.setdefault(key, []).append(names[taker])
            else:
                where[key] = names[taker]
    # The rest as stored: the moon's choice where made, and the flags.
    out.update((key, value) for key, value in stored.items() if key not in SEAT_FIELDS and value is not None)
    return out


def write_scoresheet(
    setup: GameSetup, entries: Sequence[HandEntry], played_on: datetime.date | None = None
) -> dict[str, Any]:
    """The scoresheet for a game; options are written in full so presets may change safely."""
    sheet: dict[str, Any] = {
        "variant": setup.variant.key,
        "options": setup.options.as_dict(),
        "players": list(setup.players),
        "first_dealer": setup.players[setup.first_dealer],
    }
    if played_on is not None:
        sheet["played_on"] = played_on.isoformat()
    sheet["hands"] = [entry_json(setup, entry) for entry in entries]
    return sheet
