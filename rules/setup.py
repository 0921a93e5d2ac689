"""A game's setup and the scoring rules it works out once.

    setup = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])
    hand, standing = setup.scoring.score(deal, entry, standing)

GameSetup checks a new game's variant, options and players; its Scoring (or
TeamScoring, TurboScoring) scores one checked hand after another, carrying a
Standing. rules.checks says whether an entry can be scored at all, and
rules.game folds the hands into a GameState.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import add, attrgetter, methodcaller
from typing import Any, NamedTuple

from rules.cards import (
    ACE_OF_HEARTS,
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
from rules.errors import SetupError
from rules.i18n import _
from rules.names import name_key
from rules.variants import Options, Variant, check_for_players, get_variant, resolve_options

# Why a moon was subtracted, made once (rules.i18n) rather than in the fold of every hand.
ADDING_ENDS = _("adding would end the game")
ADDING_LOSES = _("adding would end the game with the shooter not winning")

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
            raise SetupError(_("Every player needs a name"), "players")
        seen: set[str] = set()
        for name in names:
            if name_key(name) in seen:
                raise SetupError(
                    _("Player names must be unique: {player} appears twice").format(player=name), "players"
                )
            seen.add(name_key(name))
        if not preset.min_players <= len(names) <= preset.max_players:
            raise SetupError(
                # The key as a scoresheet writes it, since a file or a command line is where it is read.
                _('{variant} ("variant": "{key}") is played by {players} players; this game has {seated}').format(
                    variant=preset.name, key=preset.key, players=preset.player_range, seated=len(names)
                ),
                "players",
            )
        check_for_players(preset, resolved, len(names), prepare_deck(preset, len(names), resolved).removed)
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < len(names):
            raise SetupError(_("The first dealer must be one of the players"), "first_dealer")
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
            # Turbo Hearts' money for the hand, each seat's (zero-sum), so a league can sum it.
            **({"money": list(self.money)} if self.money is not None else {}),
        }


@dataclass(frozen=True, slots=True)
class Run:
    """A player sitting at 69 (or 5): hands completed so far, out of needed."""

    seat: int
    score: int
    hands: int
    needed: int


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
                why = ADDING_ENDS
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
            why = ADDING_LOSES
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


__all__ = [
    "ADD",
    "FIVE",
    "FIVE_HANDS",
    "IN_PROGRESS",
    "MOON_CHOICES",
    "NEGATE",
    "OVER",
    "SIXTY_NINE",
    "SIXTY_NINE_HANDS",
    "SUBTRACT",
    "TIE_BREAK",
    "GameSetup",
    "HandResult",
    "Moon",
    "Run",
    "Scoring",
    "Standing",
    "TeamScoring",
    "TurboScoring",
    "reached_target",
]
