"""Sentences for the people at the table, built from the engine's own answers.

Screens show these instead of assembling wording in templates: what each
resolution of a moon would do, who passes to whom, how to prepare the deck,
why the game ended, what an edit changed. Pure functions of setups, entries
and states, like the rest of the engine; names come from setup.players.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from rules.deal import Deal
from rules.entry import HandEntry
from rules.game import OVER, TIE_BREAK, GameSetup, GameState, HandResult, Run, reached_target
from rules.variants import OPTIONS

MINUS = "\u2212"
HEART = "♥"


def signed(number: int, plus: bool = False) -> str:
    """A score as printed for people: a real minus sign, never a hyphen; with plus, +3 for a gain."""
    if number < 0:
        return f"{MINUS}{-number}"
    return f"+{number}" if plus and number > 0 else str(number)


def join_names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cat'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def revoke_terms(setup: GameSetup) -> str:
    """What a revoke costs, in the words every screen uses: 'scores 26, everyone else 0 for that hand (no moon)'."""
    if setup.turbo:
        # RULES.md, Turbo Hearts: 13 for the hearts and 13 for the Q♠, each doubled if charged.
        return (
            "scores 26 (13 more with the A♥ charged, 13 more with the Q♠ charged), "
            "everyone else 0 for that hand (no moon, no J♦ or 10♣)"
        )
    # Cards worth minus points (the J♦, negative extra cards) stay with nobody on a revoke.
    minus = list(dict.fromkeys(card.card for card in setup.single_cards if card.points < 0))
    bonus = f", no {' or '.join(minus)} bonus" if minus else ""
    if setup.teams:
        return f"scores {setup.penalty} for their team, the other teams 0 for that hand (no moon{bonus})"
    return f"scores {setup.penalty}, everyone else 0 for that hand (no moon{bonus})"


def _verb(count: int, singular: str, plural: str) -> str:
    return singular if count == 1 else plural


# The next deal --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealText:
    """One deal as the dealer needs to hear it."""

    number: int
    dealer: str
    direction: str
    passes: str
    leader: str
    deck: tuple[str, ...]
    tie_break: bool


def describe_direction(deal: Deal) -> str:
    """'Pass 3 cards to the left', 'Pass 2 cards 2 seats to the right', 'Scatter', 'Hold'."""
    word = deal.pass_direction
    if word in ("scatter", "hold"):
        return word.capitalize()
    if word == "keeper":
        return "Keeper: no pass"
    cards = f"Pass {deal.pass_cards} {_verb(deal.pass_cards, 'card', 'cards')}"
    if word == "across":
        return f"{cards} across"
    side, _, seats = word.partition(" ")
    return f"{cards} {seats} seats to the {side}" if seats else f"{cards} to the {side}"


# The pass words that need a word more in a table cell; the others are said as they are.
PASS_IN_BRIEF = {"scatter": "scatter (1 to each)", "hold": "hold (no pass)", "keeper": "keeper (no pass)"}


def pass_in_brief(word: str) -> str:
    """A pass word as a cheat-sheet's table says it: 'left', 'left 2', 'scatter (1 to each)', 'hold (no pass)'."""
    return PASS_IN_BRIEF.get(word, word)


def deal_in_brief(setup: GameSetup, deal: Deal) -> str:
    """A scoresheet row's deal in a few words: 'Ann deals, pass left', 'Dan deals, no pass'."""
    dealer = setup.players[deal.dealer]
    if deal.pass_direction == "hold":
        return f"{dealer} deals, no pass"
    return f"{dealer} deals, pass {pass_in_brief(deal.pass_direction)}"


def describe_passes(setup: GameSetup, deal: Deal) -> str:
    """Who passes to whom: 'Ann → Ben, Ben → Cat, ...', or what to do instead."""
    if deal.pass_direction == "hold":
        return "no passing"
    if deal.pass_direction == "keeper":
        # Turbo Hearts' keeper hand: nobody passes; if nobody charges, cards go through the middle.
        return "no passing (the keeper hand)"
    if deal.pass_direction == "scatter":
        return "each player passes one card to each other player"
    names = setup.players
    return ", ".join(f"{names[giver]} → {names[taker]}" for giver, taker in deal.passes())


def describe_leader(setup: GameSetup, deal: Deal) -> str:
    if deal.leader is not None:
        return f"{setup.players[deal.leader]} leads"
    if setup.deck.kitty:
        # The lowest club dealt to a player leads; it may lie in the kitty.
        return f"Whoever holds the lowest club leads (the {deal.lead_card}, unless it is in the kitty)"
    return f"Whoever holds the {deal.lead_card} leads"


def describe_deck(setup: GameSetup) -> tuple[str, ...]:
    """How to prepare the cards for this variant and number of players."""
    deck = setup.deck
    lines = []
    if deck.decks > 1:
        shuffle = f"Shuffle {deck.decks} decks together"
        if deck.removed:
            shuffle += f" and take out {join_names([f'one {card}' for card in deck.removed])}"
        if deck.jokers:
            shuffle += f" and add {deck.jokers} joker" + ("s" if deck.jokers > 1 else "")
        lines.append(f"{shuffle}: {deck.total_cards} cards")
    elif deck.removed:
        lines.append(f"Take out the {join_names(list(deck.removed))}")
    if deck.warren:
        lines.append(
            f"Shuffle in the Warren card ({deck.total_cards} cards); whoever is dealt it gets one extra card face down"
        )
    if deck.kitty:
        taker = OPTIONS["kitty_to"].choice_labels.get(deck.kitty_to or "", "")
        lines.append(f"Deal {deck.kitty} cards face down to a kitty; the {taker} takes it")
    if deck.draw_pile:
        lines.append(f"Deal {deck.cards_each} cards each; the other {deck.draw_pile} are the draw pile")
    elif deck.set_aside:
        lines.append(f"Deal {deck.cards_each} cards each; set the other {deck.set_aside} aside face down")
    else:
        lines.append(f"Deal {deck.cards_each} cards each")
    return tuple(lines)


def describe_deal(setup: GameSetup, deal: Deal) -> DealText:
    return DealText(
        number=deal.number,
        dealer=setup.players[deal.dealer],
        direction=describe_direction(deal),
        passes=describe_passes(setup, deal),
        leader=describe_leader(setup, deal),
        deck=describe_deck(setup),
        tie_break=deal.tie_break,
    )


# Where the game stands ------------------------------------------------------


def describe_run(setup: GameSetup, run: Run) -> str:
    """'Ann: 69 for 3 of 5 hands' (a Run from state.runs)."""
    return f"{setup.scorers[run.seat]}: {run.score} for {run.hands} of {run.needed} hands"


def _winners(state: GameState) -> str:
    # Totals, winners, runs and the lowest belong to scorers: the players, or the teams in a team game.
    names = [state.setup.scorers[seat] for seat in state.winners]
    if len(names) == 1:
        return f"{names[0]} wins the game"
    return f"{join_names(names)} share the win"


def _crossed(state: GameState) -> str:
    """Who met the end condition, or that the time ran out: 'Ann reaches 100' on exactly the
    target, 'Ben passes 100' beyond it (never 'reaches 100' for a player on 106)."""
    setup = state.setup
    options = setup.options
    seats = [seat for seat, total in enumerate(state.totals) if reached_target(options, total)]
    if not seats:
        return "the time ran out"
    on = [setup.scorers[seat] for seat in seats if state.totals[seat] == options.target]
    past = [setup.scorers[seat] for seat in seats if state.totals[seat] != options.target]
    parts = []
    if on:
        parts.append(f"{join_names(on)} {_verb(len(on), 'reaches', 'reach')} {options.target}")
    if past:
        target = "it" if on else options.target
        parts.append(f"{join_names(past)} {_verb(len(past), 'passes', 'pass')} {target}")
    return ", ".join(parts)


def _sixty_nine(state: GameState) -> str:
    completed = [run for run in state.runs if run.seat in state.winners and run.hands == run.needed]
    run = completed[0] if completed else None
    what = f"{run.score} for {run.needed}" if run else "69 for 5"
    return f"{_winners(state)} with {what}"


def _tie(state: GameState) -> str:
    names = [state.setup.scorers[seat] for seat in state.lowest]
    return f"{join_names(names)} tie for lowest: another hand is played"


def describe_result(state: GameState) -> str:
    """Why the game ended or is held up: 'Cat wins the game: Ben passes 100'."""
    if state.status == OVER and state.reason == "sixty_nine":
        return _sixty_nine(state)
    if state.status == OVER and state.reason == "hands":
        played = len(state.hands)
        return f"{_winners(state)}: {played} {_verb(played, 'hand', 'hands')} played"
    if state.status == OVER:
        return f"{_winners(state)}: {_crossed(state)}"
    if state.status == TIE_BREAK:
        return f"{_crossed(state)}, but {_tie(state)}"
    return "The game goes on"


def describe_outcome(before: GameState, after: GameState) -> str:
    """What one more hand does to the game, as a sentence.

    'Ben passes 100 and Cat wins the game', or 'Cat goes to −26, the game
    goes on'. Used to show a shooter what each resolution of a moon means.
    """
    if after.status == OVER and after.reason == "sixty_nine":
        return _sixty_nine(after)
    if after.status == OVER and after.reason == "hands":
        return f"the last hand is played and {_winners(after)}"
    if after.status == OVER:
        return f"{_crossed(after)} and {_winners(after)}"
    if after.status == TIE_BREAK:
        return f"{_crossed(after)} but {_tie(after)}"
    names = after.setup.scorers
    wrapped = after.hands[-1].wrapped if after.hands else ()
    moved = [
        seat
        for seat, (was, now) in enumerate(zip(before.totals, after.totals, strict=True))
        if was != now and seat not in wrapped
    ]
    parts = []
    if moved:
        first, *rest = moved
        moves = [f"{names[first]} goes to {signed(after.totals[first])}"]
        moves += [f"{names[seat]} to {signed(after.totals[seat])}" for seat in rest]
        parts.append(join_names(moves))
    if wrapped:
        parts.append(f"{join_names([names[seat] for seat in wrapped])} {_verb(len(wrapped), 'wraps', 'wrap')} to 0")
    parts.append("the game goes on")
    return ", ".join(parts)


# A moon, before it is recorded ----------------------------------------------


@dataclass(frozen=True, slots=True)
class MoonOutcome:
    resolution: str  # "add" or "subtract"
    sentence: str
    why: str = ""


@dataclass(frozen=True, slots=True)
class MoonPreview:
    """A moon found in an entry: who shot it and what each allowed resolution does."""

    shooter: str
    choose: bool  # under `choice` the shooter picks one of the outcomes
    outcomes: tuple[MoonOutcome, ...]
    rule: str = ""  # the game's moon rule in words: "the Ricketts moon rule"
    sun: bool = False  # shooting the sun is played: ask whether the shooter took every trick


# The moon option's values as people name them (the option's key is not for people).
MOON_RULE_NAMES = {
    "choice": "the shooter's choice",
    "add": "the add rule",
    "subtract": "the subtract rule",
    "ricketts": "the Ricketts moon rule",
    "auto": "the automatic moon rule",
    "off": "no moon",
}


def describe_moon(state: GameState, entry: HandEntry) -> MoonPreview | None:
    """The moon in entry, if entry is otherwise a complete hand and shoots one."""
    unchosen = replace(entry, moon=None)
    # A moon is there whatever is still to say about it: add or subtract, and a sun.
    errors = state.check(unchosen)
    if any(error.field not in ("moon", "sun") for error in errors):
        return None
    if errors:  # a sun claimed that does not stand: show the plain moon (recording it says why)
        unchosen = replace(unchosen, sun=False)
    shooter = state.moon_shooter(unchosen)
    outcomes = state.outcomes(unchosen)
    if shooter is None or not outcomes:
        return None
    described = []
    for resolution, after in outcomes.items():
        moon = after.hands[-1].moon
        described.append(MoonOutcome(resolution, describe_outcome(state, after), moon.why if moon else ""))
    return MoonPreview(
        shooter=state.setup.moon_names[shooter],
        choose=state.setup.options.moon == "choice",
        outcomes=tuple(described),
        rule=MOON_RULE_NAMES[state.setup.options.moon],
        sun=state.setup.options.sun,
    )


# Hands and their history ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Note:
    """A marker on a scored hand; kind is moon, wrap, revoke, tie_break or time_up."""

    kind: str
    text: str


def describe_hand(setup: GameSetup, hand: HandResult) -> tuple[Note, ...]:
    names = setup.players
    notes = []
    if hand.deal.tie_break:
        notes.append(Note("tie_break", "tie-break hand"))
    if hand.entry.revoke is not None:
        # Only the offender (their team) scores in a revoke: P, or Turbo's charge.
        notes.append(Note("revoke", f"{names[hand.entry.revoke]} revoked: +{sum(hand.points)}"))
    if hand.moon is not None:
        shot = "the sun" if hand.entry.sun else "the moon"
        text = f"{setup.moon_names[hand.moon.shooter]} shot {shot}: {hand.moon.resolution}"
        if hand.moon.why:
            text += f" ({hand.moon.why})"
        notes.append(Note("moon", text))
    if hand.wrapped:
        wrapped = [setup.scorers[scorer] for scorer in hand.wrapped]
        notes.append(Note("wrap", f"{join_names(wrapped)} wrapped to 0"))
    if hand.entry.time_up:
        notes.append(Note("time_up", "time ran out"))
    return tuple(notes)


def _cards_taken(setup: GameSetup, entry: HandEntry, seat: int) -> str:
    """One player's cards in an entry: '3♥ Q♠' (hearts by rank where the hand lists them: '2♥ Q♥ Q♠'),
    or '' for none, in the order of the point-card table."""
    cards: list[str] = []
    if entry.ranks is not None:
        cards.extend(f"{rank}{HEART}" for rank in (entry.ranks[seat] if seat < len(entry.ranks) else ()))
    elif seat < len(entry.hearts) and entry.hearts[seat]:
        cards.append(f"{entry.hearts[seat]}{HEART}")
    cards.extend(card.card for card in setup.single_cards if entry.taker(card) == seat)
    return " ".join(cards)


def describe_entry(setup: GameSetup, entry: HandEntry) -> str:
    """A hand as entered: 'Ann 3♥, Ben Q♠, Cat 10♥ J♦' or 'Ann revoked'."""
    names = setup.players
    if entry.revoke is not None:
        return f"{names[entry.revoke]} revoked" + _charged(entry) + _time_up(entry)
    taken = []
    for seat, name in enumerate(names):
        cards = _cards_taken(setup, entry, seat)
        if cards:
            taken.append(f"{name} {cards}")
    text = ", ".join(taken)
    if entry.moon:
        text += f" (moon: {entry.moon})"
    if entry.sun:
        text += " (sun)"
    return text + _charged(entry) + _time_up(entry)


def _time_up(entry: HandEntry) -> str:
    return " (time ran out)" if entry.time_up else ""


def _charged(entry: HandEntry) -> str:
    """Turbo Hearts: the cards charged that hand, ' (charged A♥ Q♠)'."""
    return f" (charged {' '.join(entry.charged)})" if entry.charged else ""


def describe_change(setup: GameSetup, before: HandEntry | None, after: HandEntry | None) -> str:
    """What an edit changed, player by player: 'Ann 3♥ → 4♥, Cat 10♥ → 9♥'."""
    if before is None or after is None:
        only = after or before
        assert only is not None, "a change has a before, an after or both"
        return describe_entry(setup, only)
    if before.is_revoke or after.is_revoke:
        return f"{describe_entry(setup, before)} → {describe_entry(setup, after)}"
    changes = []
    for seat, name in enumerate(setup.players):
        was = _cards_taken(setup, before, seat) or "nothing"
        now = _cards_taken(setup, after, seat) or "nothing"
        if was != now:
            changes.append(f"{name} {was} → {now}")
    if before.moon != after.moon:
        changes.append(f"moon {before.moon or 'none'} → {after.moon or 'none'}")
    if before.sun != after.sun:
        changes.append(f"sun {'yes' if before.sun else 'no'} → {'yes' if after.sun else 'no'}")
    if before.charged != after.charged:
        changes.append(f"charged {' '.join(before.charged) or 'nothing'} → {' '.join(after.charged) or 'nothing'}")
    if before.time_up != after.time_up:
        changes.append(f"time ran out {'yes' if before.time_up else 'no'} → {'yes' if after.time_up else 'no'}")
    return ", ".join(changes) or "no change"


def describe_revision(
    setup: GameSetup,
    action: str,
    number: int,
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any] | None,
    day_label: Callable[[date], str] = date.isoformat,
) -> str:
    """One line of a game's History, from the change as it is kept: its action ("added", "edited",
    "deleted" a hand; "declared", "reopened", "merged", "redated" the game), the hand's number,
    and what was before and after it (a hand's entry in its stored form, rules.entry).
    day_label writes a day as the page does."""
    if action == "declared" and after is not None:
        return f"declared the game {after['declared']}"
    if action == "reopened" and before is not None:
        return f"took back the {before['declared']} declaration: the game goes on as its hands say"
    if action == "merged" and before is not None and after is not None:
        return f"merged the player {before['player']} into {after['player']}"
    if action == "redated" and before is not None and after is not None:
        was, now = (day_label(date.fromisoformat(side["played_on"])) for side in (before, after))
        return f"dated the game {now} (it was {was})"
    was_entry = HandEntry.from_stored(before) if before else None
    now_entry = HandEntry.from_stored(after) if after else None
    return f"{action} hand {number}: {describe_change(setup, was_entry, now_entry)}"


# The whole table ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatLine:
    """A player's place in the totals: the game page's header row."""

    seat: int
    name: str
    total: str
    leading: bool  # the star: the game's winners once it is over, else the lowest total (see leaders)


@dataclass(frozen=True, slots=True)
class HandLine:
    """A scored hand as the game page lists it: each seat's points and total after it."""

    number: int
    dealer: str
    cells: tuple[tuple[str, str], ...]  # (points, total) per seat
    notes: tuple[Note, ...]


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the table sees of a game state, in words: one call for the game page."""

    seats: tuple[SeatLine, ...]
    hands: tuple[HandLine, ...]
    next_deal: DealText | None
    runs: tuple[str, ...]
    result: str
    moon: MoonPreview | None


def leaders(state: GameState, declared: bool = False) -> frozenset[int]:
    """The seats the table's star marks: the winners of a finished game (a 69-for-5's
    player, however high their total; every sharer of a shared win), else the lowest
    total once a hand is in, unless every seat holds it (no one leads). A game declared
    null or abandoned has no winner, and no star."""
    if declared or not state.hands:
        return frozenset()
    if state.is_over:
        return frozenset(state.winners)
    lowest = state.lowest
    return frozenset(lowest) if len(lowest) < state.setup.seats else frozenset()


def describe_table(
    state: GameState, entry: HandEntry | None = None, dealing: bool = True, declared: bool = False
) -> TableView:
    """The game page's words for state; with `entry` (a hand being tapped in), its moon; without
    `dealing`, no next deal; `declared` (null or abandoned): no winner's star."""
    setup = state.setup
    starred = leaders(state, declared)
    return TableView(
        seats=tuple(
            SeatLine(seat, name, signed(total), seat in starred)
            for seat, (name, total) in enumerate(zip(setup.scorers, state.totals, strict=True))
        ),
        hands=tuple(
            HandLine(
                hand.number,
                setup.players[hand.deal.dealer],
                tuple(
                    (signed(points, plus=True), signed(total))
                    for points, total in zip(hand.points, hand.totals, strict=True)
                ),
                describe_hand(setup, hand),
            )
            for hand in state.hands
        ),
        next_deal=describe_deal(setup, state.next_deal) if state.next_deal and dealing else None,
        runs=tuple(describe_run(setup, run) for run in state.runs),
        result=describe_result(state),
        moon=describe_moon(state, entry) if entry is not None else None,
    )
