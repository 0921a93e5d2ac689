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

from rules.cards import shown_card, shown_cards
from rules.deal import Deal
from rules.entry import HandEntry
from rules.game import GameState
from rules.i18n import _, joined, ngettext
from rules.options import OPTIONS
from rules.setup import OVER, TIE_BREAK, GameSetup, HandResult, Run, reached_target

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
        return "".join(names) if all(type(name) is str for name in names) else joined(names)
    return _("{names} and {last}").format(names=joined(names[:-1]), last=names[-1])


def revoke_terms(setup: GameSetup) -> str:
    """What a revoke costs, in the words every screen uses: 'scores 26, everyone else 0 for that hand (no moon)'."""
    if setup.turbo:
        # RULES.md, Turbo Hearts: 13 for the hearts and 13 for the Q♠, each doubled if charged.
        return _(
            "scores 26 (13 more with the {ace_of_hearts} charged, 13 more with the {queen} charged), "
            "everyone else 0 for that hand (no moon, no {jack} or 10♣)"
        ).format(ace_of_hearts=shown_card("A♥"), queen=shown_card("Q♠"), jack=shown_card("J♦"))
    # Cards worth minus points (the J♦, negative extra cards) stay with nobody on a revoke.
    minus = list(dict.fromkeys(card.card for card in setup.single_cards if card.points < 0))
    # Whole clauses (rules.i18n), with or without the bonus, so each language words them its own way.
    if minus:
        bonus = joined(minus, " or ") if len(minus) > 1 else minus[0]
        if setup.teams:
            clause = _("scores {penalty} for their team, the other teams 0 for that hand (no moon, no {cards} bonus)")
        else:
            clause = _("scores {penalty}, everyone else 0 for that hand (no moon, no {cards} bonus)")
        return clause.format(penalty=setup.penalty, cards=bonus)
    if setup.teams:
        return _("scores {penalty} for their team, the other teams 0 for that hand (no moon)").format(
            penalty=setup.penalty
        )
    return _("scores {penalty}, everyone else 0 for that hand (no moon)").format(penalty=setup.penalty)


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
    # Turbo Hearts charges before the keeper hand, and after the pass otherwise.
    keeper: bool = False


def describe_direction(deal: Deal) -> str:
    """'Pass 3 cards to the left', 'Pass 2 cards 2 seats to the right', 'Scatter', 'Hold'."""
    word = deal.pass_direction
    if word == "scatter":
        return _("Scatter")
    if word == "hold":
        return _("Hold")
    if word == "keeper":
        return _("Keeper: no pass")
    count = deal.pass_cards
    side, _space, seats = word.partition(" ")
    # Whole sentences, one per direction, so that each language says it its own way (rules.i18n).
    if word == "across":
        sentence = ngettext("Pass {cards} card across", "Pass {cards} cards across", count)
    elif side == "left" and not seats:
        sentence = ngettext("Pass {cards} card to the left", "Pass {cards} cards to the left", count)
    elif side == "right" and not seats:
        sentence = ngettext("Pass {cards} card to the right", "Pass {cards} cards to the right", count)
    elif side == "left":
        sentence = ngettext(
            "Pass {cards} card {seats} seats to the left", "Pass {cards} cards {seats} seats to the left", count
        )
    elif side == "right":
        sentence = ngettext(
            "Pass {cards} card {seats} seats to the right", "Pass {cards} cards {seats} seats to the right", count
        )
    else:  # no such pass word (rules.options refuses it): said as it is written
        return f"Pass {count} {word}"
    return sentence.format(cards=count, seats=seats)


# The pass words that need a word more in a table cell; the others are said as they are.
PASS_IN_BRIEF = {
    "scatter": _("scatter (1 to each)"),
    "hold": _("hold (no pass)"),
    "keeper": _("keeper (no pass)"),
}
# The pass words as people read them (the stored words are the keys: a scoresheet's).
PASS_WORDS = {
    "left": _("left"),
    "right": _("right"),
    "across": _("across"),
    "scatter": _("scatter"),
    "hold": _("hold"),
    "keeper": _("keeper"),
}
PASS_SEATS_AWAY = {"left": _("left {seats}"), "right": _("right {seats}")}


def pass_word(word: str) -> str:
    """A pass word in the reader's language: 'left', 'left 2', 'hold'; its English is the word itself."""
    if word in PASS_WORDS:
        return PASS_WORDS[word]
    side, _space, seats = word.partition(" ")
    if side in PASS_SEATS_AWAY and seats:
        return PASS_SEATS_AWAY[side].format(seats=seats)
    return word


def pass_in_brief(word: str) -> str:
    """A pass word as a cheat-sheet's table says it: 'left', 'left 2', 'scatter (1 to each)', 'hold (no pass)'."""
    return PASS_IN_BRIEF.get(word) or pass_word(word)


def deal_in_brief(setup: GameSetup, deal: Deal) -> str:
    """A scoresheet row's deal in a few words: 'Ann deals, pass left', 'Dan deals, no pass'."""
    dealer = setup.players[deal.dealer]
    if deal.pass_direction == "hold":
        return _("{dealer} deals, no pass").format(dealer=dealer)
    return _("{dealer} deals, pass {direction}").format(dealer=dealer, direction=pass_in_brief(deal.pass_direction))


def describe_passes(setup: GameSetup, deal: Deal) -> str:
    """Who passes to whom: 'Ann → Ben, Ben → Cat, ...', or what to do instead."""
    if deal.pass_direction == "hold":
        return _("no passing")
    if deal.pass_direction == "keeper":
        # Turbo Hearts' keeper hand: nobody passes; if nobody charges, cards go through the middle.
        return _("no passing (the keeper hand)")
    if deal.pass_direction == "scatter":
        return _("each player passes one card to each other player")
    names = setup.players
    return ", ".join(f"{names[giver]} → {names[taker]}" for giver, taker in deal.passes())


def describe_leader(setup: GameSetup, deal: Deal) -> str:
    if deal.leader is not None:
        return _("{player} leads").format(player=setup.players[deal.leader])
    # Every deal without a leader names the card that leads (the 2♣, or the lowest club out).
    card = shown_card(deal.lead_card or "")
    if setup.deck.kitty:
        # The lowest club dealt to a player leads; it may lie in the kitty.
        return _("Whoever holds the lowest club leads (the {card}, unless it is in the kitty)").format(
            card=shown_card(card)
        )
    return _("Whoever holds the {card} leads").format(card=shown_card(card))


def describe_deck(setup: GameSetup) -> tuple[str, ...]:
    """How to prepare the cards for this variant and number of players."""
    deck = setup.deck
    lines: list[str] = []
    if deck.decks > 1:
        # One whole sentence for each way two decks are made ready (rules.i18n).
        taken_out = join_names([_("one {card}").format(card=shown_card(card)) for card in deck.removed])
        if deck.removed and deck.jokers:
            shuffle = ngettext(
                "Shuffle {decks} decks together and take out {removed} and add {jokers} joker: {cards} cards",
                "Shuffle {decks} decks together and take out {removed} and add {jokers} jokers: {cards} cards",
                deck.jokers,
            )
        elif deck.jokers:
            shuffle = ngettext(
                "Shuffle {decks} decks together and add {jokers} joker: {cards} cards",
                "Shuffle {decks} decks together and add {jokers} jokers: {cards} cards",
                deck.jokers,
            )
        elif deck.removed:
            shuffle = _("Shuffle {decks} decks together and take out {removed}: {cards} cards")
        else:
            shuffle = _("Shuffle {decks} decks together: {cards} cards")
        lines.append(shuffle.format(decks=deck.decks, removed=taken_out, jokers=deck.jokers, cards=deck.total_cards))
    elif deck.removed:
        lines.append(_("Take out the {cards}").format(cards=join_names([shown_card(card) for card in deck.removed])))
    if deck.warren:
        lines.append(
            _("Shuffle in the Warren card ({cards} cards); whoever is dealt it gets one extra card face down").format(
                cards=deck.total_cards
            )
        )
    if deck.kitty:
        taker = OPTIONS["kitty_to"].choice_labels.get(deck.kitty_to or "", "")
        lines.append(
            ngettext(
                "Deal {kitty} card face down to a kitty; the {taker} takes it",
                "Deal {kitty} cards face down to a kitty; the {taker} takes it",
                deck.kitty,
            ).format(kitty=deck.kitty, taker=taker)
        )
    if deck.draw_pile:
        lines.append(
            _("Deal {each} cards each; the other {pile} are the draw pile").format(
                each=deck.cards_each, pile=deck.draw_pile
            )
        )
    elif deck.set_aside:
        lines.append(
            _("Deal {each} cards each; set the other {aside} aside face down").format(
                each=deck.cards_each, aside=deck.set_aside
            )
        )
    else:
        lines.append(_("Deal {each} cards each").format(each=deck.cards_each))
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
        keeper=deal.pass_direction == "keeper",
    )


# Where the game stands ------------------------------------------------------


def describe_run(setup: GameSetup, run: Run) -> str:
    """'Ann: 69 for 3 of 5 hands' (a Run from state.runs)."""
    return _("{scorer}: {score} for {hands} of {needed} hands").format(
        scorer=setup.scorers[run.seat], score=run.score, hands=run.hands, needed=run.needed
    )


def _winners(state: GameState) -> str:
    # Totals, winners, runs and the lowest belong to scorers: the players, or the teams in a team game.
    names = [state.setup.scorers[seat] for seat in state.winners]
    if len(names) == 1:
        return _("{winner} wins the game").format(winner=names[0])
    return _("{winners} share the win").format(winners=join_names(names))


def _crossed(state: GameState) -> str:
    """Who met the end condition, or that the time ran out: 'Ann reaches 100' on exactly the
    target, 'Ben passes 100' beyond it (never 'reaches 100' for a player on 106)."""
    setup = state.setup
    options = setup.options
    seats = [seat for seat, total in enumerate(state.totals) if reached_target(options, total)]
    if not seats:
        return _("the time ran out")
    on = [setup.scorers[seat] for seat in seats if state.totals[seat] == options.target]
    past = [setup.scorers[seat] for seat in seats if state.totals[seat] != options.target]
    reached = ngettext("{names} reaches {target}", "{names} reach {target}", len(on)).format(
        names=join_names(on), target=options.target
    )
    if not past:
        return reached
    if not on:
        return ngettext("{names} passes {target}", "{names} pass {target}", len(past)).format(
            names=join_names(past), target=options.target
        )
    passed = ngettext("{names} passes it", "{names} pass it", len(past)).format(names=join_names(past))
    return _("{reached}, {passed}").format(reached=reached, passed=passed)


def _sixty_nine(state: GameState) -> str:
    completed = [run for run in state.runs if run.seat in state.winners and run.hands == run.needed]
    run = completed[0] if completed else None
    score, needed = (run.score, run.needed) if run else (69, 5)
    return _("{winners} with {score} for {needed}").format(winners=_winners(state), score=score, needed=needed)


def _tie(state: GameState) -> str:
    names = [state.setup.scorers[seat] for seat in state.lowest]
    return _("{names} tie for lowest: another hand is played").format(names=join_names(names))


def describe_result(state: GameState) -> str:
    """Why the game ended or is held up: 'Cat wins the game: Ben passes 100'."""
    if state.status == OVER and state.reason == "sixty_nine":
        return _sixty_nine(state)
    if state.status == OVER and state.reason == "hands":
        played = len(state.hands)
        return ngettext("{winners}: {played} hand played", "{winners}: {played} hands played", played).format(
            winners=_winners(state), played=played
        )
    if state.status == OVER:
        return _("{winners}: {crossed}").format(winners=_winners(state), crossed=_crossed(state))
    if state.status == TIE_BREAK:
        return _("{crossed}, but {tie}").format(crossed=_crossed(state), tie=_tie(state))
    return _("The game goes on")


def describe_outcome(before: GameState, after: GameState) -> str:
    """What one more hand does to the game, as a sentence.

    'Ben passes 100 and Cat wins the game', or 'Cat goes to −26, the game
    goes on'. Used to show a shooter what each resolution of a moon means.
    """
    if after.status == OVER and after.reason == "sixty_nine":
        return _sixty_nine(after)
    if after.status == OVER and after.reason == "hands":
        return _("the last hand is played and {winners}").format(winners=_winners(after))
    if after.status == OVER:
        return _("{crossed} and {winners}").format(crossed=_crossed(after), winners=_winners(after))
    if after.status == TIE_BREAK:
        return _("{crossed} but {tie}").format(crossed=_crossed(after), tie=_tie(after))
    names = after.setup.scorers
    wrapped = after.hands[-1].wrapped if after.hands else ()
    moved = [
        seat
        for seat, (was, now) in enumerate(zip(before.totals, after.totals, strict=True))
        if was != now and seat not in wrapped
    ]
    parts: list[str] = []
    if moved:
        first, *rest = moved
        moves = [_("{player} goes to {total}").format(player=names[first], total=signed(after.totals[first]))]
        moves += [
            _("{player} to {total}").format(player=names[seat], total=signed(after.totals[seat])) for seat in rest
        ]
        parts.append(join_names(moves))
    if wrapped:
        parts.append(
            ngettext("{names} wraps to 0", "{names} wrap to 0", len(wrapped)).format(
                names=join_names([names[seat] for seat in wrapped])
            )
        )
    parts.append(_("the game goes on"))
    return joined(parts)


# A moon, before it is recorded ----------------------------------------------


@dataclass(frozen=True, slots=True)
class MoonOutcome:
    resolution: str  # "add" or "subtract"
    sentence: str
    why: str = ""

    @property
    def word(self) -> str:
        """The resolution as people say it ("add", translated): the code is the form's value."""
        return _resolution(self.resolution)


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
    "choice": _("the shooter's choice"),
    "add": _("the add rule"),
    "subtract": _("the subtract rule"),
    "ricketts": _("the Ricketts moon rule"),
    "auto": _("the automatic moon rule"),
    "off": _("no moon"),
}
# A moon's resolution in a hand's note and an entry's words (the keys are the stored form's).
RESOLUTIONS = {"add": _("add"), "subtract": _("subtract")}


def _resolution(word: str | None) -> str:
    return RESOLUTIONS.get(word or "", word or "")


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
        notes.append(Note("tie_break", _("tie-break hand")))
    if hand.entry.revoke is not None:
        # Only the offender (their team) scores in a revoke: P, or Turbo's charge.
        notes.append(
            Note(
                "revoke",
                _("{player} revoked: +{points}").format(player=names[hand.entry.revoke], points=sum(hand.points)),
            )
        )
    if hand.moon is not None:
        if hand.entry.sun:
            shot = _("{shooter} shot the sun: {resolution}")
        else:
            shot = _("{shooter} shot the moon: {resolution}")
        text = shot.format(shooter=setup.moon_names[hand.moon.shooter], resolution=_resolution(hand.moon.resolution))
        if hand.moon.why:
            text = _("{note} ({why})").format(note=text, why=hand.moon.why)
        notes.append(Note("moon", text))
    if hand.wrapped:
        wrapped = [setup.scorers[scorer] for scorer in hand.wrapped]
        notes.append(Note("wrap", _("{names} wrapped to 0").format(names=join_names(wrapped))))
    if hand.entry.time_up:
        notes.append(Note("time_up", _("time ran out")))
    return tuple(notes)


def _cards_taken(setup: GameSetup, entry: HandEntry, seat: int) -> str:
    """One player's cards in an entry: '3♥ Q♠' (hearts by rank where the hand lists them: '2♥ Q♥ Q♠'),
    or '' for none, in the order of the point-card table."""
    cards: list[str] = []
    if entry.ranks is not None:
        cards.extend(shown_card(f"{rank}{HEART}") for rank in (entry.ranks[seat] if seat < len(entry.ranks) else ()))
    elif seat < len(entry.hearts) and entry.hearts[seat]:
        cards.append(f"{entry.hearts[seat]}{HEART}")
    cards.extend(shown_card(card.card) for card in setup.single_cards if entry.taker(card) == seat)
    # Each card with the letters the reader's cards print (Q♠ is V♠ in Dutch).
    return joined(cards, " ")


def describe_entry(setup: GameSetup, entry: HandEntry) -> str:
    """A hand as entered: 'Ann 3♥, Ben Q♠, Cat 10♥ J♦' or 'Ann revoked'."""
    names = setup.players
    if entry.revoke is not None:
        return joined(
            [_("{player} revoked").format(player=names[entry.revoke]), *_charged(entry), *_time_up(entry)], ""
        )
    taken = []
    for seat, name in enumerate(names):
        cards = _cards_taken(setup, entry, seat)
        if cards:
            taken.append(joined([name, cards], " "))
    parts: list[str] = [joined(taken, ", ")]
    if entry.moon:
        parts.append(_(" (moon: {resolution})").format(resolution=_resolution(entry.moon)))
    if entry.sun:
        parts.append(_(" (sun)"))
    if len(parts) == 1 and not entry.charged and not entry.time_up:
        return parts[0]
    return joined([*parts, *_charged(entry), *_time_up(entry)], "")


def _time_up(entry: HandEntry) -> list[str]:
    return [_(" (time ran out)")] if entry.time_up else []


def _charged(entry: HandEntry) -> list[str]:
    """Turbo Hearts: the cards charged that hand, ' (charged A♥ Q♠)'."""
    return [_(" (charged {cards})").format(cards=shown_cards(entry.charged))] if entry.charged else []


def describe_change(setup: GameSetup, before: HandEntry | None, after: HandEntry | None) -> str:
    """What an edit changed, player by player: 'Ann 3♥ → 4♥, Cat 10♥ → 9♥'."""
    if before is None or after is None:
        only = after or before
        assert only is not None, "a change has a before, an after or both"
        return describe_entry(setup, only)
    if before.is_revoke or after.is_revoke:
        return joined([describe_entry(setup, before), describe_entry(setup, after)], " → ")
    nothing = _("nothing")
    changes: list[str] = []
    for seat, name in enumerate(setup.players):
        was = _cards_taken(setup, before, seat)
        now = _cards_taken(setup, after, seat)
        if was != now:
            changes.append(_("{player} {was} → {now}").format(player=name, was=was or nothing, now=now or nothing))
    if before.moon != after.moon:
        none = _("none")
        changes.append(
            _("moon {was} → {now}").format(
                was=_resolution(before.moon) if before.moon else none,
                now=_resolution(after.moon) if after.moon else none,
            )
        )
    if before.sun != after.sun:
        changes.append(_("sun {was} → {now}").format(was=_yes_no(before.sun), now=_yes_no(after.sun)))
    if before.charged != after.charged:
        changes.append(
            _("charged {was} → {now}").format(
                was=shown_cards(before.charged) or nothing, now=shown_cards(after.charged) or nothing
            )
        )
    if before.time_up != after.time_up:
        changes.append(_("time ran out {was} → {now}").format(was=_yes_no(before.time_up), now=_yes_no(after.time_up)))
    return joined(changes) if changes else _("no change")


def _yes_no(flag: bool) -> str:
    return _("yes") if flag else _("no")


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
        return _("declared the game {declared}").format(declared=_declared(after["declared"]))
    if action == "reopened" and before is not None:
        return _("took back the {declared} declaration: the game goes on as its hands say").format(
            declared=_declared(before["declared"])
        )
    if action == "merged" and before is not None and after is not None:
        return _("merged the player {was} into {now}").format(was=before["player"], now=after["player"])
    if action == "redated" and before is not None and after is not None:
        was, now = (day_label(date.fromisoformat(side["played_on"])) for side in (before, after))
        return _("dated the game {now} (it was {was})").format(now=now, was=was)
    was_entry = HandEntry.from_stored(before) if before else None
    now_entry = HandEntry.from_stored(after) if after else None
    sentence = HAND_ACTIONS.get(action)
    change = describe_change(setup, was_entry, now_entry)
    if sentence is None:  # an action no release wrote: said as it is kept
        return f"{action} hand {number}: {change}"
    return sentence.format(number=number, change=change)


# One whole sentence per change to a hand (rules.i18n): the verb moves in other languages.
HAND_ACTIONS = {
    "added": _("added hand {number}: {change}"),
    "edited": _("edited hand {number}: {change}"),
    "deleted": _("deleted hand {number}: {change}"),
}
# How a game was declared, as the History says it (the stored word is the key).
DECLARED = {"null": _("null"), "abandoned": _("abandoned")}


def _declared(word: str) -> str:
    return DECLARED.get(word, word)


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
    # The deals of the hands after it, for a phone that records them offline (GameState.deals_after_next).
    deals_after: tuple[DealText, ...]
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
    state: GameState,
    entry: HandEntry | None = None,
    dealing: bool = True,
    declared: bool = False,
    deals_after: int = 0,
) -> TableView:
    """The game page's words for state; with `entry` (a hand being tapped in), its moon; without
    `dealing`, no next deal; `declared` (null or abandoned): no winner's star; `deals_after`: how
    many hands after the next one to say the deal of too."""
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
        deals_after=tuple(describe_deal(setup, deal) for deal in state.deals_after_next(deals_after if dealing else 0)),
        runs=tuple(describe_run(setup, run) for run in state.runs),
        result=describe_result(state),
        moon=describe_moon(state, entry) if entry is not None else None,
    )
