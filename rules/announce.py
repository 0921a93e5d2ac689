"""The game's last change as one spoken sentence: what a screen reader announces on every phone.

A blind player follows the game on their own phone by ear: when any phone
records, changes or deletes a hand, or the game ends or is declared, the page
says it once ('Hand 5 recorded: Ann 3 hearts; Ben queen of spades and 2
hearts… Totals: Ann 12, Ben 31… Next: Cat deals, pass right.'), and shows the
same words as its "last change" line. Cards are said by name (rules.cards.
spoken_card), never as "Q♠", which a reader reads as "Q black spade suit".
"""

from __future__ import annotations

from rules.cards import spoken_card
from rules.describe import deal_in_brief, describe_entry, describe_hand, describe_result, signed
from rules.entry import HandEntry
from rules.game import GameState
from rules.i18n import Message, _, joined, ngettext
from rules.setup import OVER, TIE_BREAK, GameSetup

# The changes the table is told of; a day moved or a player merged changes no score.
ANNOUNCED = ("added", "edited", "deleted", "declared", "reopened")

# One whole sentence per change (rules.i18n): the verb moves in other languages.
_HAND_SAID = {
    "added": _("Hand {number} recorded: {taken}."),
    "edited": _("Hand {number} changed: {taken}."),
}
_DECLARED = {
    "null": _("The game is declared null: no winner, in no standings."),
    "abandoned": _("The game is abandoned: no winner."),
}


def spoken_taken(setup: GameSetup, entry: HandEntry, seat: int) -> str:
    """One player's cards in a hand as said aloud: '3 hearts', 'queen of spades and 2 hearts', ''."""
    said: list[str] = [spoken_card(card.card) for card in setup.single_cards if entry.taker(card) == seat]
    hearts = len(entry.ranks[seat]) if entry.ranks is not None and seat < len(entry.ranks) else 0
    if entry.ranks is None and seat < len(entry.hearts):
        hearts = entry.hearts[seat]
    if hearts:
        said.append(ngettext("{count} heart", "{count} hearts", hearts).format(count=hearts))
    if len(said) > 1:
        return _("{names} and {last}").format(names=joined(said[:-1]), last=said[-1])
    return joined(said)


def _hand(state: GameState, action: str, number: int) -> list[str]:
    """The hand's own sentence, and its notes (a moon and its choice, a wrap, the time running out)."""
    if action == "deleted":
        return [_("Hand {number} deleted.").format(number=number)]
    if not 0 < number <= len(state.hands):
        return []
    setup = state.setup
    hand = state.hands[number - 1]
    notes = describe_hand(setup, hand)
    if hand.entry.revoke is not None:
        # A revoke is its note ("Ben revoked: +26"); the entry holds no cards.
        taken = joined([note.text for note in notes if note.kind == "revoke"])
    else:
        seats = [
            joined([name, cards], " ")
            for seat, name in enumerate(setup.players)
            if (cards := spoken_taken(setup, hand.entry, seat))
        ]
        taken = describe_entry(setup, hand.entry)
        if seats:
            taken = seats[0]
            for more in seats[1:]:
                # Each language's own stop between two players (a French "\u00a0;").
                taken = _("{said}; {more}").format(said=taken, more=more)
    said: list[str] = [_HAND_SAID[action].format(number=number, taken=taken)]
    said += [_("{note}.").format(note=note.text) for note in notes if note.kind not in ("revoke", "tie_break")]
    return said


def _totals(state: GameState) -> Message:
    totals = [joined([name, signed(total)], " ") for name, total in zip(state.setup.scorers, state.totals, strict=True)]
    return _("Totals: {totals}.").format(totals=joined(totals))


def _what_next(state: GameState, dealing: bool) -> list[str]:
    """The game's end and its winners, or a tie to break, or the next deal."""
    if state.status == OVER:
        return [_("Game over: {result}.").format(result=describe_result(state))]
    said: list[str] = []
    if state.status == TIE_BREAK:
        said.append(_("{result}.").format(result=describe_result(state)))
    if dealing and state.next_deal is not None:
        said.append(_("Next: {deal}.").format(deal=deal_in_brief(state.setup, state.next_deal)))
    return said


def announce_change(state: GameState, action: str, number: int = 0, declared: str = "") -> str:
    """The last change to a game, as the table is told it, with the totals and what comes next.

    action is a History's (rules.describe.HAND_ACTIONS and the game's own: declared,
    reopened); number the hand's; declared the game's declaration ("null",
    "abandoned"), if it has one now. An action the table is not told of is ''."""
    if action not in ANNOUNCED:
        return ""
    if declared:
        return joined([_DECLARED.get(declared, _DECLARED["abandoned"]), _totals(state)], " ")
    if action == "reopened":
        said: list[str] = [_("The declaration is taken back: the game goes on.")]
    else:
        said = _hand(state, action, number)
    return joined([*said, _totals(state), *_what_next(state, dealing=True)], " ")
