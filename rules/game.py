"""A game as a pure fold over its hand entries.

    state = play(setup, entries)

gives totals, wraps, runs at 69 (and 5), the status, the winners and the
next deal. Editing an earlier hand is nothing more than folding again.
Seats are numbered from 0 in clockwise order; names are for display only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from rules.cards import (
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUITS,
    PointCard,
    card_order,
    is_card,
    point_cards,
    single_cards,
)
from rules.deal import (
    Deal,
    DeckPreparation,
    dealer_of,
    pass_cycle,
    pass_direction,
    prepare_deck,
)
from rules.errors import EntryError, FieldError, SetupError
from rules.names import name_key
from rules.variants import Options, Variant, check_for_players, get_variant, resolve_options

IN_PROGRESS = "in_progress"
TIE_BREAK = "tie_break"
OVER = "over"

ADD = "add"
SUBTRACT = "subtract"
MOON_CHOICES = (ADD, SUBTRACT)

SIXTY_NINE = 69
SIXTY_NINE_HANDS = 5
# The most hands a game holds: a real game is a few dozen; a 4-player game to
# the highest target (10,000) ends by hand 1,540 at the latest, unless wraps or
# the J♦ hold it back; and a page of this many hands still renders at once.
MOST_HANDS = 2_000
FIVE = 5
FIVE_HANDS = 69


@dataclass(frozen=True)
class GameSetup:
    """Variant, options, players in seat order and the first dealer."""

    variant: Variant
    options: Options
    players: tuple[str, ...]
    first_dealer: int = 0

    @classmethod
    def create(
        cls,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, object] | None = None,
        first_dealer: int = 0,
    ) -> GameSetup:
        """Check everything about a new game, raising SetupError with a clear message."""
        preset = get_variant(variant)
        resolved = resolve_options(preset, options)
        names = tuple(players)
        if any(not isinstance(name, str) or not name.strip() for name in names):
            raise SetupError("Every player needs a name", "players")
        seen: set[str] = set()
        for name in names:
            if name_key(name) in seen:
                raise SetupError(f"Player names must be unique: {name} appears twice", "players")
            seen.add(name_key(name))
        if not preset.min_players <= len(names) <= preset.max_players:
            raise SetupError(
                # The key as a scoresheet writes it, since a file or a command line is where it is read.
                f'{preset.name} ("variant": "{preset.key}") is played by {preset.player_range} players; '
                f"this game has {len(names)}",
                "players",
            )
        check_for_players(preset, resolved, len(names), prepare_deck(preset, len(names), resolved).removed)
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < len(names):
            raise SetupError("The first dealer must be one of the players", "first_dealer")
        return cls(preset, resolved, names, first_dealer)

    @cached_property
    def seats(self) -> int:
        return len(self.players)

    @cached_property
    def hearts_in_play(self) -> int:
        return 13 * self.variant.decks

    @cached_property
    def point_cards(self) -> tuple[PointCard, ...]:
        """The point cards in play (rules.cards): hearts, the Q♠, the J♦ where it scores, extra cards."""
        return point_cards(self.options)

    @cached_property
    def single_cards(self) -> tuple[PointCard, ...]:
        """The point cards with one taker each: a hand entry names who took each."""
        return single_cards(self.options)

    @cached_property
    def penalty(self) -> int:
        """P: every heart in play, the Q♠ and every extra card with positive points (26, 39 with two decks)."""
        return self.hearts_in_play + sum(card.points for card in self.single_cards if card.points > 0)

    @cached_property
    def moon_value(self) -> int:
        """What a moon is worth: moon_points, or P."""
        return self.options.moon_points or self.penalty

    @cached_property
    def pass_cycle(self) -> tuple[str, ...]:
        return pass_cycle(self.variant, self.seats, self.options)

    @cached_property
    def deck(self) -> DeckPreparation:
        return prepare_deck(self.variant, self.seats, self.options)

    @property
    def left_of_dealer_leads(self) -> bool:
        return self.variant.left_of_dealer_leads

    @cached_property
    def _lead_card(self) -> str | None:
        return None if self.left_of_dealer_leads else self.deck.lowest_club

    def deal(self, number: int, tie_break: bool = False) -> Deal:
        seats = self.seats
        dealer = dealer_of(self.first_dealer, seats, number)
        direction = pass_direction(self.pass_cycle, number)
        lead = self._lead_card
        leader = None if lead else (dealer + 1) % seats
        return Deal(number, dealer, direction, seats, leader, lead, tie_break, self.options.pass_cards)

    def seat_of(self, name: str) -> int | None:
        try:
            return self.players.index(name)
        except ValueError:
            return None


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
        name = card if type(card) is str else card.card
        if name == QUEEN_OF_SPADES:
            return self.queen
        if name == JACK_OF_DIAMONDS:
            return self.jack
        for extra, taker in self.extras:
            if extra == name:
                return taker
        return None


@dataclass(frozen=True, slots=True)
class Moon:
    shooter: int
    resolution: str
    why: str = ""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One scored hand. points are before wraps; totals after them."""

    deal: Deal
    entry: HandEntry
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon: Moon | None
    wrapped: tuple[int, ...]

    @property
    def number(self) -> int:
        return self.deal.number


@dataclass(frozen=True, slots=True)
class Run:
    """A player sitting at 69 (or 5): hands completed so far, out of needed."""

    seat: int
    score: int
    hands: int
    needed: int


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
        return moon_shooter(self.setup, entry)

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
        if moon_shooter(self.setup, entry) is None or self.is_over:
            return {}
        choices = MOON_CHOICES if self.setup.options.moon == "choice" else (None,)
        states = (self.after(replace(entry, moon=choice)) for choice in choices)
        return {state.hands[-1].moon.resolution: state for state in states}

    def _score(self, entry: HandEntry) -> GameState:
        setup = self.setup
        deal = setup.deal(self.next_number, tie_break=self.status == TIE_BREAK)
        if entry.is_revoke:
            points = tuple(setup.penalty if seat == entry.revoke else 0 for seat in range(setup.seats))
            return self._settle(deal, entry, points, None)
        shooter = moon_shooter(setup, entry)
        if shooter is None:
            return self._settle(deal, entry, taken_points(setup, entry), None)
        rule = setup.options.moon
        if rule == "auto":
            # Add, unless after adding some total meets the end condition; unlike
            # the Ricketts rule, whoever would then win.
            added = self._settle(deal, entry, moon_points(setup, entry, shooter, ADD), Moon(shooter, ADD))
            if any(reached_target(setup.options, total) for total in added.totals):
                why = "adding would end the game"
                points = moon_points(setup, entry, shooter, SUBTRACT)
                return self._settle(deal, entry, points, Moon(shooter, SUBTRACT, why))
            return added
        if rule in MOON_CHOICES:
            return self._settle(deal, entry, moon_points(setup, entry, shooter, rule), Moon(shooter, rule))
        if rule == "choice":
            resolution = entry.moon
            return self._settle(deal, entry, moon_points(setup, entry, shooter, resolution), Moon(shooter, resolution))
        # The Ricketts rule: add, unless add would end the game with the shooter
        # not among the winners (wraps and every end check included).
        added = self._settle(deal, entry, moon_points(setup, entry, shooter, ADD), Moon(shooter, ADD))
        if added.is_over and shooter not in added.winners:
            why = "adding would end the game with the shooter not winning"
            return self._settle(deal, entry, moon_points(setup, entry, shooter, SUBTRACT), Moon(shooter, SUBTRACT, why))
        return added

    def _settle(self, deal: Deal, entry: HandEntry, points: tuple[int, ...], moon: Moon | None) -> GameState:
        """Add a hand's points, apply wraps and runs, and check the end of the game."""
        options = self.setup.options
        wraps = options.wraps
        totals = []
        wrapped = []
        for seat, (before, scored) in enumerate(zip(self.totals, points, strict=True)):
            total = before + scored
            if options.no_negative and total < 0:
                total = 0
            if total in wraps:
                total = 0
                wrapped.append(seat)
            totals.append(total)
        totals_t = tuple(totals)
        runs69 = _runs(self.totals, totals_t, self.runs69, SIXTY_NINE)
        runs5 = _runs(self.totals, totals_t, self.runs5, FIVE)
        time_up = self.time_up or entry.time_up
        status, winners, reason = _end_of_game(options, totals_t, runs69, runs5, time_up)
        hand = HandResult(deal, entry, points, totals_t, moon, tuple(wrapped))
        hands = (*self.hands, hand)
        return GameState(self.setup, hands, totals_t, status, winners, reason, runs69, runs5, time_up)


def _runs(
    before: tuple[int, ...], after: tuple[int, ...], runs: tuple[int | None, ...], score: int
) -> tuple[int | None, ...]:
    """Starting and ending a hand at score extends a run; reaching it starts one at 0."""
    out: list[int | None] = []
    for was, now, run in zip(before, after, runs, strict=True):
        if now != score:
            out.append(None)
        elif was == score and run is not None:
            out.append(run + 1)
        else:
            out.append(0)
    return tuple(out)


def _end_of_game(
    options: Options,
    totals: tuple[int, ...],
    runs69: tuple[int | None, ...],
    runs5: tuple[int | None, ...],
    time_up: bool = False,
) -> tuple[str, tuple[int, ...], str | None]:
    if options.sixty_nine:
        # A completed run at 69 (or 5) beats every other end of the game.
        done = tuple(
            seat for seat in range(len(totals)) if runs69[seat] == SIXTY_NINE_HANDS or runs5[seat] == FIVE_HANDS
        )
        if done:
            return OVER, done, "sixty_nine"
    if any(reached_target(options, total) for total in totals):
        reason = "target"
    elif time_up:
        reason = "time"
    else:
        return IN_PROGRESS, (), None
    best = min(totals)
    lowest = tuple(seat for seat, total in enumerate(totals) if total == best)
    if len(lowest) == 1 or options.ties == "shared":
        return OVER, lowest, reason
    return TIE_BREAK, (), None


def taken_points(setup: GameSetup, entry: HandEntry) -> tuple[int, ...]:
    """Each seat's points as the cards were taken, from the point-card table."""
    points = list(entry.hearts)
    for card in setup.single_cards:
        taker = entry.taker(card)
        if taker is not None:
            points[taker] += card.points
    return tuple(points)


def moon_shooter(setup: GameSetup, entry: HandEntry) -> int | None:
    """Who took every heart and every single card with positive points (and the J♦ where a moon needs it)."""
    if entry.is_revoke or setup.options.moon == "off" or entry.queen is None:
        return None
    shooter = entry.queen
    if not 0 <= shooter < len(entry.hearts) or entry.hearts[shooter] != setup.hearts_in_play:
        return None
    for card in setup.single_cards:
        if (card.needed_for_moon or _replaced_by_moon(setup, card)) and entry.taker(card) != shooter:
            return None
    return shooter


def _replaced_by_moon(setup: GameSetup, card: PointCard) -> bool:
    """The J♦ under moon_needs_jack: the moon needs it, and its points give way to the moon's."""
    return card.field == "jack" and setup.options.moon_needs_jack


def moon_points(setup: GameSetup, entry: HandEntry, shooter: int, resolution: str) -> tuple[int, ...]:
    value = setup.moon_value * (2 if entry.sun else 1)
    points = [(0 if seat == shooter else value) if resolution == ADD else 0 for seat in range(setup.seats)]
    if resolution != ADD:
        points[shooter] = -value
    # Cards with negative points (the J♦, extra cards) stay with whoever took
    # them, the shooter included, unless the moon needed the J♦.
    for card in setup.single_cards:
        taker = entry.taker(card)
        if card.points < 0 and not _replaced_by_moon(setup, card) and taker is not None:
            points[taker] += card.points
    return tuple(points)


def reached_target(options: Options, total: int) -> bool:
    """Whether a total meets the end condition (RULES.md, end of game, step 7)."""
    if options.end == "more_than":
        return total > options.target
    return total >= options.target


def check_entry(state: GameState, entry: HandEntry) -> list[FieldError]:
    """Every reason entry cannot be the next hand, each tied to its field."""
    setup = state.setup
    names = setup.players
    seats = setup.seats
    errors: list[FieldError] = []
    if state.is_over:
        errors.append(FieldError(None, "The game is already over; no more hands can be added"))
        return errors
    if state.next_number > MOST_HANDS:
        errors.append(FieldError(None, f"A game holds at most {MOST_HANDS:,} hands; declare it and start another"))
        return errors

    def valid_seat(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats

    if entry.time_up:
        if setup.options.time_limit is None:
            errors.append(FieldError("time_up", "This game has no time limit, so the time cannot run out"))
        elif state.time_up:
            errors.append(FieldError("time_up", "The time already ran out in an earlier hand"))

    if entry.revoke is not None:
        if not valid_seat(entry.revoke):
            errors.append(FieldError("revoke", "Who revoked? Pick one of the players"))
        if entry.sun:
            errors.append(FieldError("sun", "A revoke is no sun: nobody shot anything"))
        if entry.hearts or entry.queen is not None or entry.jack is not None or entry.moon is not None or entry.extras:
            errors.append(FieldError("revoke", "A revoke is charged instead of entering cards, not with them"))
        return errors

    hearts_ok = len(entry.hearts) == seats and all(isinstance(h, int) and not isinstance(h, bool) for h in entry.hearts)
    if not hearts_ok:
        errors.append(FieldError("hearts", f"Enter the hearts taken by each of the {seats} players"))
    else:
        for seat, hearts in enumerate(entry.hearts):
            if hearts < 0:
                errors.append(FieldError("hearts", f"{names[seat]} can't take fewer than 0 hearts"))
        total = sum(entry.hearts)
        in_play = setup.hearts_in_play
        if total != in_play and all(h >= 0 for h in entry.hearts):
            errors.append(FieldError("hearts", f"Hearts add up to {total}; {in_play} are in play"))

    # Every single point card in play has exactly one taker (RULES.md, Scoring, step 1).
    for card in setup.single_cards:
        taker = entry.taker(card)
        if taker is None:
            errors.append(FieldError(card.field, f"Who took the {card.card}?", card.card))
        elif not valid_seat(taker):
            errors.append(FieldError(card.field, f"The {card.card} must go to one of the players", card.card))
    if entry.jack is not None and not setup.options.jack_of_diamonds:
        errors.append(FieldError("jack", "The J♦ scores nothing in this game; leave it out"))
    in_play_cards = {card.card for card in setup.single_cards if card.field == "cards"} if entry.extras else set()
    seen: set[str] = set()
    for card, _ in entry.extras:
        if card not in in_play_cards:
            errors.append(FieldError("cards", f"The {card} scores nothing in this game; leave it out"))
        elif card in seen:
            errors.append(FieldError("cards", f"The {card} is named twice; it has one taker"))
        seen.add(card)

    if errors:
        return errors

    shooter = moon_shooter(setup, entry)
    rule = setup.options.moon
    if shooter is not None and rule == "choice":
        if entry.moon is None:
            errors.append(FieldError("moon", f"{names[shooter]} shot the moon: add or subtract?"))
        elif entry.moon not in MOON_CHOICES:
            errors.append(FieldError("moon", "A moon is resolved by add or subtract"))
    elif entry.moon is not None:
        if shooter is None:
            errors.append(FieldError("moon", "Nobody shot the moon in this hand, so there is nothing to choose"))
        else:
            errors.append(FieldError("moon", f"The moon rule here is '{rule}': the shooter does not choose"))
    if entry.sun:
        errors.extend(_sun_errors(setup, entry, shooter))
    return errors


def _sun_errors(setup: GameSetup, entry: HandEntry, shooter: int | None) -> list[FieldError]:
    """RULES.md: a sun is a moon by a shooter who also took every trick, so every single point card."""
    if not setup.options.sun:
        return [FieldError("sun", "Shooting the sun is not played in this game")]
    if shooter is None:
        return [FieldError("sun", "Nobody shot the moon in this hand, so there is no sun")]
    missed = [card.card for card in setup.single_cards if entry.taker(card) != shooter]
    if missed:
        name = setup.players[shooter]
        return [FieldError("sun", f"A sun takes every trick, but {name} did not take the {', '.join(missed)}")]
    return []


def play(setup: GameSetup, entries: Iterable[HandEntry]) -> GameState:
    """The game's state after scoring entries in order; raises EntryError with the hand's number."""
    state = GameState.start(setup)
    for entry in entries:
        errors = check_entry(state, entry)
        if errors:
            raise HandError(state.next_number, errors)
        state = state._score(entry)
    return state


class HandError(EntryError):
    """An entry that cannot be scored, with the number of the hand it was for."""

    def __init__(self, number: int, errors: list[FieldError]) -> None:
        super().__init__(errors)
        self.number = number

    def __str__(self) -> str:
        return f"hand {self.number}: " + "; ".join(error.message for error in self.errors)


__all__ = [
    "ADD",
    "IN_PROGRESS",
    "MOST_HANDS",
    "OVER",
    "SUBTRACT",
    "TIE_BREAK",
    "GameSetup",
    "GameState",
    "HandEntry",
    "HandError",
    "HandResult",
    "Moon",
    "Run",
    "check_entry",
    "play",
    "reached_target",
]
