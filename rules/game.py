"""A game as a pure fold over its hand entries.

    state = play(setup, entries)

gives totals, wraps, runs at 69 (and 5), the status, the winners and the
next deal. Editing an earlier hand is nothing more than folding again.
Seats are numbered from 0 in clockwise order; names are for display only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from operator import add, attrgetter, methodcaller
from typing import Any, NamedTuple, TypeGuard

from rules.cards import (
    ACE_OF_HEARTS,
    CHARGEABLE,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    RANKS,
    TEN_OF_CLUBS,
    PointCard,
    heart_values,
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
from rules.entry import HandEntry
from rules.errors import EntryError, FieldError, SetupError
from rules.names import name_key
from rules.variants import MORE_VARIANTS, OPTIONS, Options, Variant, check_for_players, get_variant, resolve_options

IN_PROGRESS = "in_progress"
TIE_BREAK = "tie_break"
OVER = "over"

ADD = "add"
SUBTRACT = "subtract"
MOON_CHOICES = (ADD, SUBTRACT)
# Turbo Hearts: a moon negates its shooter's own score.
NEGATE = "negate"

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
    def turbo(self) -> bool:
        """Turbo Hearts' scoring: charges, the 10♣ and money (RULES.md, More variants)."""
        return self.variant.scoring == "turbo"

    @cached_property
    def point_cards(self) -> tuple[PointCard, ...]:
        """The point cards in play (rules.cards): hearts, the Q♠, the plus card where it scores, extra cards."""
        return point_cards(self.options, self.variant.copies, self.turbo)

    @cached_property
    def single_cards(self) -> tuple[PointCard, ...]:
        """The point cards with one taker each (two where the decks hold two): a hand entry names who took each."""
        return single_cards(self.options, self.variant.copies, self.turbo)

    @cached_property
    def heart_values(self) -> tuple[int, ...]:
        """What each heart scores, from the 2♥ to the A♥."""
        return heart_values(self.options)

    @cached_property
    def ranks_needed(self) -> bool:
        """Hearts score differently by rank: a hand must list the ranks each player took."""
        return len(set(self.heart_values)) > 1

    @cached_property
    def heart_points_in_play(self) -> int:
        """What the hearts in play score together (13 with one deck at 1 each; 104 at face value)."""
        return sum(self.heart_values) * self.variant.decks

    @cached_property
    def penalty(self) -> int:
        """P: every heart in play, the Q♠ and every extra card with positive points (26, 39 with two decks)."""
        return self.heart_points_in_play + sum(card.points for card in self.single_cards if card.points > 0)

    @cached_property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """The partners' seats, team by team (RULES.md, Partners); None when everyone scores alone."""
        if not self.options.teams:
            return None
        count = self.seats // 2
        return tuple((seat, seat + count) for seat in range(count))

    @cached_property
    def team_names(self) -> tuple[str, ...]:
        """Each team's name: its players in seat order joined by '+' ("Ann+Cat")."""
        return tuple("+".join(self.players[seat] for seat in team) for team in self.teams or ())

    @cached_property
    def scorers(self) -> tuple[str, ...]:
        """Who the totals belong to: the players, or the teams in a team game."""
        return self.team_names if self.teams else self.players

    @cached_property
    def more_variants_used(self) -> tuple[str, ...]:
        """What of RULES.md's More variants this game uses, by name: its preset and the options chosen.

        The engine scores them (replay); the app's hand form, stored hands and pages
        do not know them yet, so the app keeps no such game (issue 23's screens)."""
        used = [self.variant.name] if self.variant.key in MORE_VARIANTS else []
        used.extend(option.label for key, option in OPTIONS.items() if option.variants and key in self.options.chosen)
        return tuple(used)

    def scorer_of_seat(self, seat: int) -> int:
        """The index of a seat's scorer in totals and points: the seat, or its team."""
        if not self.teams:
            return seat
        return next(index for index, team in enumerate(self.teams) if seat in team)

    @cached_property
    def moon_names(self) -> tuple[str, ...]:
        """What a Moon's shooter indexes: a team under team_moon 'team', else a player."""
        return self.team_names if self.teams and self.options.team_moon == "team" else self.players

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

    @cached_property
    def scoring(self) -> Scoring:
        """The scoring rules worked out once for this game, which the fold reads at every hand."""
        if self.turbo:
            return TurboScoring(self)
        if self.teams:
            return TeamScoring(self)
        return Scoring(self)

    @property
    def left_of_dealer_leads(self) -> bool:
        if self.options.first_lead is not None:
            return self.options.first_lead == "left_of_dealer"
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
    # Turbo Hearts: each player's money for the hand (zero-sum); None elsewhere.
    money: tuple[int, ...] | None = None

    @property
    def number(self) -> int:
        return self.deal.number

    def to_stored(self) -> dict[str, Any]:
        """What the engine made of the hand, as Hand.result keeps it for hands.csv: who dealt and
        which way the cards passed, the moon shot (shooter and resolution), the seats that
        wrapped, each seat's points and total."""
        return {
            "dealer": self.deal.dealer,
            "pass": self.deal.pass_direction,
            "tie_break": self.deal.tie_break,
            "moon": [self.moon.shooter, self.moon.resolution] if self.moon else None,
            "wrapped": list(self.wrapped),
            "points": list(self.points),
            "totals": list(self.totals),
        }


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


class Standing(NamedTuple):
    """What a game carries from one hand to the next besides its hands: GameState's fields in order."""

    totals: tuple[int, ...]
    status: str
    winners: tuple[int, ...]
    reason: str | None
    runs69: tuple[int | None, ...]
    runs5: tuple[int | None, ...]
    time_up: bool


class Scoring:
    """A setup's scoring rules worked out once, for the fold to read at every hand.

    Everything here comes from the options and the point-card table, as
    before; what is saved is asking them the same questions hand after hand
    (which field holds each card's taker, which cards a moon needs, where
    the target lies). tests/rules/test_scoring_shortcuts.py pins each of
    these to the card-by-card rule it stands for.
    """

    __slots__ = (
        "end_at",
        "heart_value",
        "hearts_in_play",
        "kept_in_a_moon",
        "moon_cards",
        "moon_rule",
        "moon_value",
        "no_negative",
        "nobody_on_a_run",
        "penalty",
        "queenless",
        "rank_values",
        "readers",
        "seats",
        "shared_ties",
        "single_points",
        "sixty_nine",
        "wraps",
    )

    # Turbo Hearts' scoring (TurboScoring): the entry check asks it, once a hand.
    turbo = False

    def __init__(self, setup: GameSetup) -> None:
        options = setup.options
        self.seats = setup.seats
        self.hearts_in_play = setup.hearts_in_play
        self.penalty = setup.penalty
        self.moon_value = setup.moon_value
        self.moon_rule = options.moon
        # What a heart scores: one value for all (1 in the classic game: the counts
        # are the points), or by rank, read off the ranks each seat took.
        values = setup.heart_values
        self.heart_value = values[0] if not setup.ranks_needed else 0
        self.rank_values = dict(zip(RANKS, values, strict=True)) if setup.ranks_needed else None
        # queen_points 0: no Q♠ taker names the shooter; whoever took every heart is one.
        self.queenless = not options.queen_points
        # Each single point card with how to read its taker off an entry (HandEntry.taker, chosen once).
        self.readers = tuple((card, _taker_of(card)) for card in setup.single_cards)
        # Each single point card as (how to read its taker off an entry, its points).
        readers = self.readers
        self.single_points = tuple((taker_of, card.points) for card, taker_of in readers)
        # Whose takers must be the shooter's for a moon; and the cards whose
        # (negative) points stay with their takers through a moon.
        self.moon_cards = tuple(
            taker_of for card, taker_of in readers if card.needed_for_moon or _replaced_by_moon(setup, card)
        )
        self.kept_in_a_moon = tuple(
            (taker_of, card.points)
            for card, taker_of in readers
            if card.points < 0 and not _replaced_by_moon(setup, card)
        )
        self.no_negative = options.no_negative
        self.wraps = frozenset(options.wraps)
        # The lowest total that meets the end condition (totals are whole numbers).
        self.end_at = options.target + 1 if options.end == "more_than" else options.target
        self.sixty_nine = options.sixty_nine
        self.nobody_on_a_run: tuple[int | None, ...] = (None,) * setup.seats
        self.shared_ties = options.ties == "shared"

    def start(self) -> Standing:
        return Standing((0,) * self.seats, IN_PROGRESS, (), None, self.nobody_on_a_run, self.nobody_on_a_run, False)

    def taken_points(self, entry: HandEntry) -> tuple[int, ...]:
        """Each seat's points as the cards were taken."""
        if self.rank_values is not None:
            values = self.rank_values
            points = [sum(values[rank] for rank in ranks) for ranks in entry.ranks or ()]
        elif self.heart_value == 1:
            points = list(entry.hearts)
        else:
            points = [count * self.heart_value for count in entry.hearts]
        for taker_of, value in self.single_points:
            taker = taker_of(entry)
            if taker is not None:
                points[taker] += value
        return tuple(points)

    def moon_shooter(self, entry: HandEntry) -> int | None:
        """Who took every heart and every single card with positive points (and the J♦ where a moon needs it)."""
        if entry.revoke is not None or self.moon_rule == "off":
            return None
        shooter = entry.queen
        if shooter is None:
            if not self.queenless or self.hearts_in_play not in entry.hearts:
                return None
            shooter = entry.hearts.index(self.hearts_in_play)
        if not 0 <= shooter < len(entry.hearts) or entry.hearts[shooter] != self.hearts_in_play:
            return None
        for taker_of in self.moon_cards:
            if taker_of(entry) != shooter:
                return None
        return shooter

    def moon_points(self, entry: HandEntry, shooter: int, resolution: str) -> tuple[int, ...]:
        value = self.moon_value * (2 if entry.sun else 1)
        if resolution == ADD:
            points = [value] * self.seats
            points[shooter] = 0
        else:
            points = [0] * self.seats
            points[shooter] = -value
        # Cards with negative points (the J♦, extra cards) stay with whoever took
        # them, the shooter included, unless the moon needed the J♦.
        for taker_of, card_points in self.kept_in_a_moon:
            taker = taker_of(entry)
            if taker is not None:
                points[taker] += card_points
        return tuple(points)

    def scorer_of(self, shooter: int) -> int:
        """Whose total a moon's shooter is counted in: the seat itself (a team, in a team game)."""
        return shooter

    def in_shooters(self, seat: int, shooter: int) -> bool:
        """Whether seat took its cards as (or with) the moon's shooter."""
        return seat == shooter

    def meets_target(self, totals: Sequence[int]) -> bool:
        """Whether any total meets the end condition (RULES.md, end of game, step 7)."""
        return max(totals) >= self.end_at

    def score(self, deal: Deal, entry: HandEntry, before: Standing) -> tuple[HandResult, Standing]:
        """Score entry, checked, as the hand dealt by deal: the hand and the standing after it."""
        if entry.revoke is not None:
            penalties = [0] * self.seats
            penalties[entry.revoke] = self.penalty
            return self.settle(deal, entry, tuple(penalties), None, before)
        shooter = self.moon_shooter(entry)
        if shooter is None:
            return self.settle(deal, entry, self.taken_points(entry), None, before)
        rule = self.moon_rule
        if rule == "auto":
            # Add, unless after adding some total meets the end condition; unlike
            # the Ricketts rule, whoever would then win.
            hand, after = self.settle(deal, entry, self.moon_points(entry, shooter, ADD), Moon(shooter, ADD), before)
            if self.meets_target(after.totals):
                why = "adding would end the game"
                points = self.moon_points(entry, shooter, SUBTRACT)
                return self.settle(deal, entry, points, Moon(shooter, SUBTRACT, why), before)
            return hand, after
        if rule in MOON_CHOICES:
            return self.settle(deal, entry, self.moon_points(entry, shooter, rule), Moon(shooter, rule), before)
        if rule == "choice":
            resolution = entry.moon
            assert resolution is not None  # a checked entry under "choice" names add or subtract
            points = self.moon_points(entry, shooter, resolution)
            return self.settle(deal, entry, points, Moon(shooter, resolution), before)
        # The Ricketts rule: add, unless add would end the game with the shooter
        # not among the winners (wraps and every end check included).
        hand, after = self.settle(deal, entry, self.moon_points(entry, shooter, ADD), Moon(shooter, ADD), before)
        if after.status == OVER and self.scorer_of(shooter) not in after.winners:
            why = "adding would end the game with the shooter not winning"
            points = self.moon_points(entry, shooter, SUBTRACT)
            return self.settle(deal, entry, points, Moon(shooter, SUBTRACT, why), before)
        return hand, after

    def settle(
        self, deal: Deal, entry: HandEntry, points: tuple[int, ...], moon: Moon | None, before: Standing
    ) -> tuple[HandResult, Standing]:
        """Add a hand's points, apply wraps and runs, and check the end of the game."""
        totals = list(map(add, before.totals, points))
        if self.no_negative:
            totals = [0 if total < 0 else total for total in totals]
        wrapped: tuple[int, ...] = ()
        if not self.wraps.isdisjoint(totals):
            wrapped = tuple(seat for seat, total in enumerate(totals) if total in self.wraps)
            for seat in wrapped:
                totals[seat] = 0
        after = tuple(totals)
        # Nobody at 69 (or 5) now: nobody is on a run, whatever came before.
        runs69 = _runs(before.totals, after, before.runs69, SIXTY_NINE) if SIXTY_NINE in after else self.nobody_on_a_run
        runs5 = _runs(before.totals, after, before.runs5, FIVE) if FIVE in after else self.nobody_on_a_run
        time_up = before.time_up or entry.time_up
        status, winners, reason = self.end_of_game(after, runs69, runs5, time_up)
        hand = HandResult(deal, entry, points, after, moon, wrapped)
        return hand, Standing(after, status, winners, reason, runs69, runs5, time_up)

    def end_of_game(
        self,
        totals: tuple[int, ...],
        runs69: tuple[int | None, ...],
        runs5: tuple[int | None, ...],
        time_up: bool,
    ) -> tuple[str, tuple[int, ...], str | None]:
        # A completed run at 69 (or 5) beats every other end of the game.
        if self.sixty_nine and (SIXTY_NINE_HANDS in runs69 or FIVE_HANDS in runs5):
            done = tuple(
                seat for seat in range(self.seats) if runs69[seat] == SIXTY_NINE_HANDS or runs5[seat] == FIVE_HANDS
            )
            return OVER, done, "sixty_nine"
        if self.meets_target(totals):
            reason = "target"
        elif time_up:
            reason = "time"
        else:
            return IN_PROGRESS, (), None
        best = min(totals)
        lowest = tuple(seat for seat, total in enumerate(totals) if total == best)
        if len(lowest) == 1 or self.shared_ties:
            return OVER, lowest, reason
        return TIE_BREAK, (), None


class TeamScoring(Scoring):
    """Partners (RULES.md, More variants): each team scores what its players took, and the team is
    what scores from then on (totals, wraps, runs, the end of the game). seats counts the teams.

    Under team_moon 'team' a moon's shooter is a team; under 'player' and 'opponents' a player.
    """

    __slots__ = ("players", "team_moon", "team_of", "teams")

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        teams = setup.teams or ()
        self.teams = teams
        self.players = setup.seats
        self.seats = len(teams)
        self.team_of = tuple(
            next(team for team, seats in enumerate(teams) if seat in seats) for seat in range(setup.seats)
        )
        self.nobody_on_a_run = (None,) * self.seats
        self.team_moon = setup.options.team_moon

    def by_team(self, points: Sequence[int]) -> tuple[int, ...]:
        """Seats' points summed team by team."""
        return tuple(sum(points[seat] for seat in seats) for seats in self.teams)

    def taken_points(self, entry: HandEntry) -> tuple[int, ...]:
        return self.by_team(super().taken_points(entry))

    def moon_shooter(self, entry: HandEntry) -> int | None:
        if self.team_moon != "team":
            return super().moon_shooter(entry)
        if entry.revoke is not None or self.moon_rule == "off" or len(entry.hearts) != self.players:
            return None
        for team, seats in enumerate(self.teams):
            if sum(entry.hearts[seat] for seat in seats) != self.hearts_in_play:
                continue
            takers = [taker_of(entry) for taker_of in self.moon_cards]
            if all(taker in seats for taker in takers):
                return team
        return None

    def scorer_of(self, shooter: int) -> int:
        return shooter if self.team_moon == "team" else self.team_of[shooter]

    def in_shooters(self, seat: int, shooter: int) -> bool:
        """Whether seat is of the shooting team: RULES.md, a sun in a team game is the team's every trick."""
        return self.team_of[seat] == self.scorer_of(shooter)

    def moon_points(self, entry: HandEntry, shooter: int, resolution: str) -> tuple[int, ...]:
        value = self.moon_value * (2 if entry.sun else 1)
        team = shooter if self.team_moon == "team" else self.team_of[shooter]
        points = [0] * self.seats
        if resolution == SUBTRACT:
            points[team] = -value
        elif self.team_moon == "team":
            points = [value] * self.seats
            points[team] = 0
        else:
            # One player shot: every other player scores P, the partner too under 'player'.
            partners = len(self.teams[0])
            points = [value * partners] * self.seats
            points[team] = value * (partners - 1) if self.team_moon == "player" else 0
        for taker_of, card_points in self.kept_in_a_moon:
            taker = taker_of(entry)
            if taker is not None:
                points[self.team_of[taker]] += card_points
        return tuple(points)

    def score(self, deal: Deal, entry: HandEntry, before: Standing) -> tuple[HandResult, Standing]:
        if entry.revoke is not None:
            # RULES.md: a revoke charges P to the offender's team.
            points = [0] * self.seats
            points[self.team_of[entry.revoke]] = self.penalty
            return self.settle(deal, entry, tuple(points), None, before)
        return super().score(deal, entry, before)


class TurboScoring(Scoring):
    """Turbo Hearts (RULES.md, More variants): charged cards double, the 10♣ multiplies its taker's
    score, a moon negates its shooter's; each hand pays money (zero-sum); the game is hands_per_game
    hands, won by the lowest total (ties share)."""

    __slots__ = ("hands_per_game",)
    turbo = True

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        self.hands_per_game = setup.options.hands_per_game or 4

    def moon_shooter(self, entry: HandEntry) -> int | None:
        """The Q♠ taker who also took all 13 hearts."""
        shooter = entry.queen
        if entry.revoke is not None or shooter is None or not 0 <= shooter < len(entry.hearts):
            return None
        return shooter if entry.hearts[shooter] == self.hearts_in_play else None

    def hand_points(self, entry: HandEntry) -> tuple[tuple[int, ...], Moon | None]:
        charged = entry.charged
        heart = 2 if ACE_OF_HEARTS in charged else 1
        queen = 26 if QUEEN_OF_SPADES in charged else 13
        if entry.revoke is not None:
            # The offender is charged the hearts and the Q♠ (each doubled if charged); no moon, J♦ or 10♣.
            points = [0] * self.seats
            points[entry.revoke] = 13 * heart + queen
            return tuple(points), None
        points = [count * heart for count in entry.hearts]
        points[entry.queen] += queen  # type: ignore[index]
        moon = None
        shooter = self.moon_shooter(entry)
        if shooter is not None:
            points[shooter] = -points[shooter]
            moon = Moon(shooter, NEGATE)
        points[entry.jack] += -20 if JACK_OF_DIAMONDS in charged else -10  # type: ignore[index]
        points[entry.ten] *= 4 if TEN_OF_CLUBS in charged else 2  # type: ignore[index]
        return tuple(points), moon

    def score(self, deal: Deal, entry: HandEntry, before: Standing) -> tuple[HandResult, Standing]:
        points, moon = self.hand_points(entry)
        everyone = sum(points)
        money = tuple(everyone - self.seats * own for own in points)
        totals = tuple(map(add, before.totals, points))
        if deal.number >= self.hands_per_game:
            best = min(totals)
            status, reason = OVER, "hands"
            winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        else:
            status, reason, winners = IN_PROGRESS, None, ()
        hand = HandResult(deal, entry, points, totals, moon, (), money)
        return hand, Standing(totals, status, winners, reason, self.nobody_on_a_run, self.nobody_on_a_run, False)


def _taker_of(card: PointCard) -> Callable[[HandEntry], int | None]:
    """HandEntry.taker(card) as one reading, chosen once: the field that holds the card's taker."""
    if card.second or card.field == "cards":
        return methodcaller("taker", card)
    return attrgetter(card.field)


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


def _replaced_by_moon(setup: GameSetup, card: PointCard) -> bool:
    """The J♦ under moon_needs_jack: the moon needs it, and its points give way to the moon's."""
    return card.field == "jack" and setup.options.moon_needs_jack


def reached_target(options: Options, total: int) -> bool:
    """Whether a total meets the end condition (RULES.md, end of game, step 7)."""
    if options.end == "more_than":
        return total > options.target
    return total >= options.target


def check_entry(state: GameState, entry: HandEntry) -> list[FieldError]:
    """Every reason entry cannot be the next hand, each tied to its field."""
    return _entry_errors(state.setup, entry, state.is_over, state.next_number, state.time_up)


def _entry_errors(setup: GameSetup, entry: HandEntry, over: bool, number: int, time_up: bool) -> list[FieldError]:
    """check_entry for hand `number` of a game that is over or not, and whose time ran out or not."""
    names = setup.players
    seats = setup.seats
    errors: list[FieldError] = []
    if over:
        errors.append(FieldError(None, "The game is already over; no more hands can be added"))
        return errors
    if number > MOST_HANDS:
        errors.append(FieldError(None, f"A game holds at most {MOST_HANDS:,} hands; declare it and start another"))
        return errors

    if entry.time_up:
        if setup.options.time_limit is None:
            errors.append(FieldError("time_up", "This game has no time limit, so the time cannot run out"))
        elif time_up:
            errors.append(FieldError("time_up", "The time already ran out in an earlier hand"))

    if entry.charged:
        errors.extend(_charge_errors(setup, entry))

    if entry.revoke is not None:
        if not _is_seat(entry.revoke, seats):
            errors.append(FieldError("revoke", "Who revoked? Pick one of the players"))
        if entry.sun:
            errors.append(FieldError("sun", "A revoke is no sun: nobody shot anything"))
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
            errors.append(FieldError("revoke", "A revoke is charged instead of entering cards, not with them"))
        return errors

    scoring = setup.scoring
    hearts = entry.hearts
    if entry.ranks is not None or scoring.rank_values is not None:
        errors.extend(_rank_errors(setup, entry))
    # Counts are whole numbers, not True or False; plain ints (what forms and files give) are told at once.
    elif len(hearts) != seats or not (set(map(type, hearts)) <= _PLAIN_INT or all(map(_is_whole, hearts))):
        errors.append(FieldError("hearts", f"Enter the hearts taken by each of the {seats} players"))
    else:
        fewest = min(hearts, default=0)
        if fewest < 0:
            for seat, count in enumerate(hearts):
                if count < 0:
                    errors.append(FieldError("hearts", f"{names[seat]} can't take fewer than 0 hearts"))
        total = sum(hearts)
        in_play = setup.hearts_in_play
        if total != in_play and fewest >= 0:
            errors.append(FieldError("hearts", f"Hearts add up to {total}; {in_play} are in play"))

    # Every single point card in play has exactly one taker (RULES.md, Scoring, step 1).
    for card, taker_of in scoring.readers:
        taker = taker_of(entry)
        if taker is None:
            errors.append(FieldError(card.field, f"Who took the {card.card}?", card.card))
        elif not _is_seat(taker, seats):
            errors.append(FieldError(card.field, f"The {card.card} must go to one of the players", card.card))
    if entry.jack is not None and not setup.options.jack_of_diamonds:
        errors.append(FieldError("jack", "The J♦ scores nothing in this game; leave it out"))
    # One test on the way of every hand for what only the More variants' hands hold.
    if entry.ten is not None or entry.twins or (scoring.queenless and entry.queen is not None):
        errors.extend(_more_taker_errors(setup, entry))
    in_play_cards = {card.card for card in setup.single_cards if card.field == "cards"} if entry.extras else set()
    seen: set[str] = set()
    for extra, _ in entry.extras:
        if extra not in in_play_cards:
            errors.append(FieldError("cards", f"The {extra} scores nothing in this game; leave it out"))
        elif extra in seen:
            errors.append(FieldError("cards", f"The {extra} is named twice; it has one taker"))
        seen.add(extra)

    if errors:
        return errors

    if scoring.turbo:
        if entry.moon is not None:
            errors.append(FieldError("moon", "Turbo Hearts scores a moon by itself: nobody chooses add or subtract"))
        if entry.sun:
            errors.append(FieldError("sun", "Shooting the sun is not played in Turbo Hearts"))
        return errors

    rule = setup.options.moon
    if rule != "choice" and entry.moon is None and not entry.sun:
        return errors  # nothing to choose and no sun: a moon, if any, needs no word from the table
    names = setup.moon_names
    shooter = scoring.moon_shooter(entry)
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


_PLAIN_INT = frozenset({int})


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object, seats: int) -> bool:
    return _is_whole(value) and 0 <= value < seats


def _sun_errors(setup: GameSetup, entry: HandEntry, shooter: int | None) -> list[FieldError]:
    """RULES.md: a sun is a moon by a shooter who also took every trick, so every single point card."""
    if not setup.options.sun:
        return [FieldError("sun", "Shooting the sun is not played in this game")]
    if shooter is None:
        return [FieldError("sun", "Nobody shot the moon in this hand, so there is no sun")]
    scoring = setup.scoring
    missed = [
        card.card
        for card in setup.single_cards
        if (taker := entry.taker(card)) is None or not scoring.in_shooters(taker, shooter)
    ]
    if missed:
        name = setup.scorers[scoring.scorer_of(shooter)]
        return [FieldError("sun", f"A sun takes every trick, but {name} did not take the {', '.join(missed)}")]
    return []


def _rank_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """RULES.md, Hearts by rank: where hearts score by rank the hand lists them, each rank once (twice
    with two decks)."""
    if entry.ranks is None:
        return [FieldError("hearts", "The hearts are not all worth the same here, so list the ranks each player took")]
    if len(entry.ranks) != setup.seats or len(entry.hearts) != setup.seats:
        return [FieldError("hearts", f"List the hearts taken by each of the {setup.seats} players")]
    errors = []
    copies = setup.variant.decks
    named: dict[str, int] = {}
    for seat, ranks in enumerate(entry.ranks):
        if entry.hearts[seat] != len(ranks):
            errors.append(FieldError("hearts", f"{setup.players[seat]}'s hearts are counted and listed differently"))
        for rank in ranks:
            if rank not in RANKS:
                errors.append(FieldError("hearts", f"{rank!r} is not a heart's rank (2-10, J, Q, K, A)"))
            else:
                named[rank] = named.get(rank, 0) + 1
    there = "there is one" if copies == 1 else f"there are {copies}"
    for rank in RANKS:
        count = named.get(rank, 0)
        if count > copies:
            errors.append(FieldError("hearts", f"The {rank}{HEARTS} is named {count} times ({there})"))
        elif count < copies:
            missing = "nobody" if count == 0 else "one player only"
            errors.append(FieldError("hearts", f"The {rank}{HEARTS} is named by {missing} ({there}): who took it?"))
    return errors


def _more_taker_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """Takers only the More variants name: the Q♠'s where it scores 0, Turbo's 10♣, second copies."""
    errors = []
    if entry.queen is not None and not setup.options.queen_points:
        errors.append(FieldError("queen", "The queen of spades does not score here (queen_points: 0); leave it out"))
    if entry.ten is not None and not setup.turbo:
        errors.append(FieldError("ten", "The 10♣ scores nothing in this game; leave it out"))
    return errors + _twin_errors(setup, entry)


def _twin_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """Second copies are named only where the decks hold two of a single card."""
    seconds = {card.card for card in setup.single_cards if card.second}
    errors = []
    seen: set[str] = set()
    for card, _ in entry.twins:
        if card not in seconds:
            errors.append(FieldError(None, f"This game has one {card}: name one taker"))
        elif card in seen:
            errors.append(FieldError(None, f"The {card} is named three times; the decks hold two"))
        seen.add(card)
    return errors


def _charge_errors(setup: GameSetup, entry: HandEntry) -> list[FieldError]:
    """Turbo Hearts: any of A♥, Q♠, J♦, 10♣ may be charged, each once."""
    if not setup.turbo:
        return [FieldError("charged", "Nothing is charged in this game; leave the charges out")]
    errors = []
    for card in entry.charged:
        if card not in CHARGEABLE:
            errors.append(FieldError("charged", f"{card!r} cannot be charged (only {', '.join(CHARGEABLE)})"))
    for card in CHARGEABLE:
        if entry.charged.count(card) > 1:
            errors.append(
                FieldError("charged", f"The {card} is charged {entry.charged.count(card)} times; once is all")
            )
    return errors


def play(setup: GameSetup, entries: Iterable[HandEntry]) -> GameState:
    """The game's state after scoring entries in order; raises EntryError with the hand's number."""
    # One GameState at the end, not one per hand: the fold carries a Standing.
    scoring = setup.scoring
    standing = scoring.start()
    hands: list[HandResult] = []
    for entry in entries:
        number = len(hands) + 1
        errors = _entry_errors(setup, entry, standing.status == OVER, number, standing.time_up)
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
