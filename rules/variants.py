"""Variants (presets) and house-rule options, as RULES.md lists them.

Everything a screen or a cheat-sheet says about an option comes from here:
its values, its one-line explanation and each preset's default. A variant
says what it is (its deck, who leads, its pass cycle, which options apply
and their defaults); no code elsewhere asks for a variant by its key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeGuard

from rules.cards import CLUBS, HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, RANKS, card_order, is_card, suit_of
from rules.errors import OptionError, SetupError

MOON_RULES = ("choice", "add", "subtract", "ricketts", "auto", "off")
END_RULES = ("at_least", "more_than")
TIE_RULES = ("play_on", "shared")
DEAL_RULES = ("remove", "kitty")
KITTY_RULES = ("first_trick", "last_trick", "first_heart")
# RULES.md, More variants.
PLUS_CARDS = (JACK_OF_DIAMONDS, "10♦")
FIRST_LEADS = ("lowest_club", "left_of_dealer")
TEAM_MOONS = ("team", "player", "opponents")
CHARGING_RULES = ("classic", "blind", "bridge", "blind_bridge", "chain", "blind_chain")
FACE = "face"

# RULES.md, Pass words: `left N` and `right N` pass N seats away.
PASS_WORDS = ("left", "right", "across", "scatter", "hold")
_SEATS_AWAY = re.compile(r"(left|right) ([0-9]{1,2})")


@dataclass(frozen=True)
class Option:
    """One house-rule option: its kind, its values and how to explain it."""

    key: str
    kind: str  # "int", "bool", "choice", "int_list", "pass_list", "card_list", "card_map" or "heart_points"
    label: str
    help: str
    choices: tuple[str, ...] = ()
    choice_labels: Mapping[str, str] = field(default_factory=dict)
    # The largest number an "int", "int_list" or "card_map" option takes (and
    # the largest N of `left N`), and how many values a list or map holds: far
    # past what any table plays, and small enough that every total, chart and
    # database column can hold the game.
    most: int = 0
    most_values: int = 0
    # One of RULES.md's "More house rules": not on the game form yet.
    more: bool = False
    # Its value where a preset does not say otherwise (None: not set).
    default: object = None
    # The smallest number an "int" option takes.
    least: int = 1
    # One of RULES.md's "More variants" options: written out where chosen, as
    # the peers' ones are, and kept off the forms until they learn their kinds.
    variants: bool = False

    def check(self, value: object) -> object:
        """Return the value in its canonical form, or raise SetupError."""
        if self.kind == "int":
            if not _is_int(value) or not self.least <= value <= self.most:
                raise OptionError(
                    self.key,
                    f"Option '{self.key}' must be a whole number from {self.least:,} to {self.most:,}",
                )
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(
                    self.key,
                    f"Option '{self.key}' must be true or false",
                )
            return value
        if self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(self.choices)
                raise OptionError(
                    self.key,
                    f"Option '{self.key}' must be one of {allowed}; got {value!r}",
                )
            return value
        if self.kind == "int_list":
            if not isinstance(value, (list, tuple)) or not all(_is_int(v) and 1 <= v <= self.most for v in value):
                raise OptionError(
                    self.key,
                    f"Option '{self.key}' must be a list of whole numbers from 1 to {self.most:,}",
                )
            if len(set(value)) > self.most_values:
                raise OptionError(
                    self.key,
                    f"Option '{self.key}' holds at most {self.most_values} numbers",
                )
            return tuple(sorted(set(value)))
        if self.kind == "pass_list":
            return self._check_pass_list(value)
        if self.kind == "card_list":
            return self._check_card_list(value)
        if self.kind == "card_map":
            return self._check_card_map(value)
        if self.kind == "heart_points":
            return self._check_heart_points(value)
        raise AssertionError(f"unknown option kind {self.kind}")  # pragma: no cover

    def _check_pass_list(self, value: object) -> tuple[str, ...]:
        if not isinstance(value, (list, tuple)) or not value:
            raise OptionError(
                self.key,
                f"Option '{self.key}' must be a list of at least one pass word",
            )
        if len(value) > self.most_values:
            raise OptionError(
                self.key,
                f"Option '{self.key}' holds at most {self.most_values} pass words",
            )
        for word in value:
            if not is_pass_word(word, self.most):
                raise OptionError(
                    self.key,
                    f"Option '{self.key}': {word!r} is not a pass word (left, right, across, scatter, hold, "
                    f"left N, right N with N from 2)",
                )
        return tuple(value)

    def _check_card_list(self, value: object) -> tuple[str, ...]:
        if not isinstance(value, (list, tuple)) or not all(is_card(card) for card in value):
            raise OptionError(
                self.key,
                f"Option '{self.key}' must be a list of cards such as \"2♣\"",
            )
        if len(set(value)) != len(value):
            raise OptionError(
                self.key,
                f"Option '{self.key}' names a card twice",
            )
        if len(value) > self.most_values:
            raise OptionError(
                self.key,
                f"Option '{self.key}' holds at most {self.most_values} cards",
            )
        return tuple(sorted(value, key=card_order))

    def _check_card_map(self, value: object) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, Mapping) or not all(is_card(card) for card in value):
            raise OptionError(
                self.key,
                f"Option '{self.key}' must map cards such as \"K♠\" to their points",
            )
        if len(value) > self.most_values:
            raise OptionError(
                self.key,
                f"Option '{self.key}' holds at most {self.most_values} cards",
            )
        for card, points in value.items():
            if not _is_int(points) or points == 0 or abs(points) > self.most:
                raise OptionError(
                    self.key,
                    f"Option '{self.key}': {card} must score a whole number from −{self.most} to {self.most}, not 0",
                )
        return tuple(sorted(value.items(), key=lambda item: card_order(item[0])))

    def _check_heart_points(self, value: object) -> int | str | tuple[tuple[str, int], ...]:
        """A heart's points: one number for every heart, "face", or a map rank → points (others 1)."""
        if value == FACE or (_is_int(value) and 1 <= value <= self.most):
            return value  # type: ignore[return-value]
        if not isinstance(value, Mapping):
            raise OptionError(
                self.key,
                f"Option '{self.key}' must be a whole number from 1 to {self.most}, \"face\", "
                f'or a map from ranks such as "Q" to their points',
            )
        for rank, points in value.items():
            if rank not in RANKS:
                raise OptionError(
                    self.key,
                    f"Option '{self.key}': {rank!r} is not a rank (2-10, J, Q, K, A)",
                )
            if not _is_int(points) or not 0 <= points <= self.most:
                raise OptionError(
                    self.key,
                    f"Option '{self.key}': the {rank}♥ must score a whole number from 0 to {self.most}",
                )
        if len(value) == len(RANKS) and not any(value.values()):
            raise OptionError(
                self.key,
                f"Option '{self.key}' must leave some heart worth more than 0",
            )
        return tuple(sorted(value.items(), key=lambda item: RANKS.index(item[0])))


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def is_pass_word(word: object, most: int = 8) -> bool:
    """A pass word's shape (RULES.md, Pass words); whether it fits the table is check_for_players'."""
    if word in PASS_WORDS:
        return True
    match = _SEATS_AWAY.fullmatch(word) if isinstance(word, str) else None
    return match is not None and 2 <= int(match.group(2)) <= most


def seats_away(word: str, seats: int) -> int | None:
    """How many seats to the left a pass word sends cards; None for scatter and hold."""
    if word == "left":
        return 1
    if word == "right":
        return seats - 1
    if word == "across":
        return seats // 2
    match = _SEATS_AWAY.fullmatch(word)
    if match is None:
        return None
    n = int(match.group(2))
    return n if match.group(1) == "left" else seats - n


OPTIONS: dict[str, Option] = {
    option.key: option
    for option in (
        Option("target", "int", "Game ends at", "The score that ends the game; lowest total then wins.", most=10_000),
        Option(
            "end",
            "choice",
            "Ending rule",
            "Whether reaching the target ends the game, or only going past it.",
            END_RULES,
            {"at_least": "at the target or more", "more_than": "only above the target"},
        ),
        Option(
            "moon",
            "choice",
            "Shooting the moon",
            "What happens when one player takes every heart and the Q♠.",
            MOON_RULES,
            {
                "choice": "shooter chooses: others +P or self −P",
                "add": "everyone else takes P",
                "subtract": "shooter takes −P",
                "ricketts": "others +P, unless that loses the game for the shooter: then self −P",
                "auto": "others +P, unless that ends the game: then self −P",
                "off": "no moon: points stand as taken",
            },
        ),
        Option("jack_of_diamonds", "bool", "J♦ counts −10", "Whoever takes the jack of diamonds scores minus 10."),
        Option(
            "moon_needs_jack",
            "bool",
            "Moon needs the J♦",
            "A moon also needs the J♦, and the moon's points replace the J♦'s.",
        ),
        Option(
            "wraps",
            "int_list",
            "Wrap scores",
            "A total that lands exactly on one of these goes back to 0.",
            most=10_000,
            most_values=10,
        ),
        Option(
            "ties",
            "choice",
            "Tie for lowest",
            "What happens when the game would end but the lowest total is tied.",
            TIE_RULES,
            {"play_on": "play another hand", "shared": "the tied players share the win"},
        ),
        Option(
            "sixty_nine",
            "bool",
            "69 for 5",
            "Five hands in a row at exactly 69 (or 69 hands at 5) wins outright.",
        ),
        Option(
            "deal",
            "choice",
            "Uneven deck",
            "How to make the hands equal: take out low cards, or deal the extras to a kitty.",
            DEAL_RULES,
            {"remove": "remove low cards", "kitty": "deal a kitty"},
        ),
        Option(
            "kitty_to",
            "choice",
            "Kitty goes to",
            "Who takes the kitty (and any point cards in it).",
            KITTY_RULES,
            {
                "first_trick": "winner of the first trick",
                "last_trick": "winner of the last trick",
                "first_heart": "winner of the first trick with a heart",
            },
        ),
        Option(
            "warren",
            "bool",
            "Warren card",
            "A 53rd card whose holder may play a hidden extra card in its place.",
        ),
        # The peers' options (RULES.md, More house rules): `more` keeps them off
        # the game form until it learns their kinds.
        Option(
            "passing",
            "pass_list",
            "Pass cycle",
            "Which way the cards go, hand by hand, repeated from hand 1.",
            more=True,
            most=8,
            most_values=12,
        ),
        Option("pass_cards", "int", "Cards passed", "How many cards each player passes.", more=True, most=4, default=3),
        Option(
            "removed",
            "card_list",
            "Cards removed",
            "The cards taken out so every hand is equal.",
            more=True,
            most_values=12,
        ),
        Option(
            "queen_points",
            "int",
            "Q♠ scores",
            "What the queen of spades scores (0: it is no point card).",
            more=True,
            most=100,
            default=13,
            least=0,
        ),
        Option(
            "extra_cards",
            "card_map",
            "More point cards",
            "Single cards that also score, each with its points (e.g. K♠ 10, A♠ 7).",
            more=True,
            most=100,
            most_values=8,
        ),
        Option(
            "moon_points",
            "int",
            "Moon is worth",
            "What a moon scores, instead of the hand's points (P).",
            more=True,
            most=1_000,
        ),
        Option(
            "sun",
            "bool",
            "Shooting the sun",
            "A shooter who also took every trick doubles the moon.",
            more=True,
            default=False,
        ),
        Option("no_negative", "bool", "No negative totals", "A total below 0 becomes 0.", more=True, default=False),
        Option(
            "time_limit",
            "int",
            "Time limit (minutes)",
            "The game also ends when the time runs out: lowest total wins.",
            more=True,
            most=1_440,
        ),
        Option(
            "first_trick_points",
            "bool",
            "Points on the first trick",
            "Hearts and the Q♠ may be played to the first trick.",
            more=True,
            default=False,
        ),
        Option(
            "queen_breaks_hearts",
            "bool",
            "Q♠ breaks hearts",
            "The Q♠ breaks hearts and may be led at any time.",
            more=True,
            default=False,
        ),
        # RULES.md, More variants: per-card scoring, charges, teams.
        Option(
            "heart_points",
            "heart_points",
            "Each heart scores",
            "What each heart scores: one number, face value (2-10, J 11, Q 12, K 13, A 14), or by rank.",
            more=True,
            variants=True,
            most=100,
            default=1,
        ),
        Option(
            "plus_card",
            "choice",
            "Plus card",
            "The card that scores minus: the J♦, or the 10♦ as in Bicycle's Omnibus.",
            PLUS_CARDS,
            {JACK_OF_DIAMONDS: "J♦", "10♦": "10♦"},
            more=True,
            variants=True,
            default=JACK_OF_DIAMONDS,
        ),
        Option(
            "jack_points",
            "int",
            "Plus card scores",
            "What the plus card scores for its taker (below 0).",
            more=True,
            variants=True,
            least=-100,
            most=-1,
            default=-10,
        ),
        Option(
            "first_lead",
            "choice",
            "First lead",
            "Who leads the first trick.",
            FIRST_LEADS,
            {"lowest_club": "the holder of the lowest club", "left_of_dealer": "the player left of the dealer"},
            more=True,
            variants=True,
        ),
        Option(
            "teams",
            "bool",
            "Partners",
            "Partners sit opposite (4 or 6 players) and score as one.",
            more=True,
            variants=True,
            default=False,
        ),
        Option(
            "team_moon",
            "choice",
            "Moon in a team game",
            "Who shoots the moon in a team game, and who is charged.",
            TEAM_MOONS,
            {
                "team": "partners shoot together; each other team takes P",
                "player": "one player shoots; every other player takes P, the partner too",
                "opponents": "one player shoots; each opponent takes P",
            },
            more=True,
            variants=True,
            default="team",
        ),
        Option(
            "hands_per_game",
            "int",
            "Hands in a game",
            "The game is this many hands.",
            more=True,
            variants=True,
            most=100,
            default=4,
        ),
        Option(
            "charging",
            "choice",
            "Charging",
            "How the players charge cards before play.",
            CHARGING_RULES,
            {
                "classic": "in turn, until everyone passes",
                "blind": "all at once, face down",
                "bridge": "in turn from the 2♣, once round",
                "blind_bridge": "face down, once round",
                "chain": "in turn, a charge reopens the round",
                "blind_chain": "face down, a charge reopens the round",
            },
            more=True,
            variants=True,
            default="classic",
        ),
    )
}


@dataclass(frozen=True)
class Variant:
    """A preset: what it is (players, deck, deal, who leads, passing) and its options' defaults."""

    key: str
    name: str
    min_players: int
    max_players: int
    decks: int
    defaults: Mapping[str, object]
    summary: str
    # The name on a short menu ("Ricketts", "3D").
    short_name: str = ""
    # The pass cycle, and the player counts that pass another way.
    pass_cycle: tuple[str, ...] = ("left", "right")
    pass_cycles: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    # The player left of the dealer leads (any permitted card); otherwise the
    # holder of the lowest club leads it.
    left_of_dealer_leads: bool = False
    # Cards taken out of the shuffled decks before every deal, whatever the table.
    deck_removed: tuple[str, ...] = ()
    # Cards dealt to each player when they are not all dealt: the rest is a draw pile.
    hand_size: int | None = None
    # The cards taken out so hands are equal (deal: remove), by number of players,
    # where the preset's table is not RULES.md's for standard.
    removed_cards: Mapping[int, tuple[str, ...]] | None = None
    # Two decks dealt in full (Cancellation): jokers added, by number of players;
    # the players' counts not listed set the rest aside.
    jokers: Mapping[int, int] = field(default_factory=dict)
    # How many of each single point card the decks hold (the Q♠, the plus card,
    # each extra card): Cancellation's two decks hold two of each.
    copies: int = 1
    # Options whose value the table cannot change (Turbo's scoring is fixed).
    fixed: Mapping[str, object] = field(default_factory=dict)
    # How a hand is scored: "points" (RULES.md, Scoring a hand) or "turbo"
    # (Turbo Hearts: charges, the 10♣ and money).
    scoring: str = "points"
    # Why an option that does not apply here does not, where a reason helps.
    not_applying: str = ""

    @property
    def option_keys(self) -> tuple[str, ...]:
        """The preset options that apply to this variant (the game form's), in the order of OPTIONS."""
        return tuple(key for key in OPTIONS if key in self.defaults and not OPTIONS[key].more)

    @property
    def more_option_keys(self) -> tuple[str, ...]:
        """The peers' options (RULES.md, More house rules) that apply to this variant."""
        return tuple(key for key in OPTIONS if key in self.defaults and OPTIONS[key].more and not OPTIONS[key].variants)

    @property
    def variants_option_keys(self) -> tuple[str, ...]:
        """RULES.md's More variants options that apply to this variant (not on the forms yet)."""
        return tuple(key for key in OPTIONS if key in self.defaults and OPTIONS[key].variants)

    def applies(self, key: str) -> bool:
        return key in self.defaults

    @property
    def draw_pile(self) -> bool:
        return self.hand_size is not None

    def cycle_for(self, seats: int) -> tuple[str, ...]:
        """The preset's pass cycle for this many players."""
        return self.pass_cycles.get(seats, self.pass_cycle)

    @property
    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


_COMMON = {
    "target": 100,
    "end": "at_least",
    "moon": "choice",
    "jack_of_diamonds": False,
    "moon_needs_jack": False,
    "wraps": (),
    "ties": "play_on",
    "sixty_nine": False,
}
# RULES.md, More house rules: every one works with every preset unless its line says otherwise.
_MORE = {
    key: option.default for key, option in OPTIONS.items() if option.more and not option.variants and key != "removed"
}
_UNEVEN_DECK = {"deal": "remove", "kitty_to": "first_trick", "removed": None}
# RULES.md, More variants: the options every preset but Turbo takes (3D Hearts has
# no plus card to choose, and a first lead of its own).
_SCORING = {"heart_points": 1, "plus_card": JACK_OF_DIAMONDS, "jack_points": -10, "teams": False, "team_moon": "team"}
_NO_PLUS_CARD = {key: value for key, value in _SCORING.items() if key != "plus_card"}
_FOUR_HANDED_CYCLE = {4: ("left", "right", "across", "hold")}

VARIANTS: dict[str, Variant] = {
    variant.key: variant
    for variant in (
        Variant(
            "standard",
            "Hearts",
            3,
            7,
            1,
            {**_COMMON, **_UNEVEN_DECK, **_MORE, **_SCORING, "first_lead": "lowest_club"},
            "Classic Hearts for 3 to 7 players: avoid hearts and the Q♠.",
            short_name="Hearts",
            pass_cycles={4: ("left", "right", "across", "hold")},
        ),
        Variant(
            "omnibus",
            "Omnibus Hearts",
            3,
            7,
            1,
            {**_COMMON, "jack_of_diamonds": True, **_UNEVEN_DECK, **_MORE, **_SCORING, "first_lead": "lowest_club"},
            "Hearts where the jack of diamonds is worth minus 10.",
            short_name="Omnibus",
            pass_cycles={4: ("left", "right", "across", "hold")},
        ),
        Variant(
            "ricketts",
            "Ricketts House Hearts",
            4,
            4,
            1,
            {
                **_COMMON,
                "end": "more_than",
                "moon": "ricketts",
                "wraps": (104, 126),
                "sixty_nine": True,
                "warren": False,
                **_MORE,
                "queen_breaks_hearts": True,
                **_SCORING,
                "first_lead": "left_of_dealer",
            },
            "The Caltech house variant: scatter passing, left of dealer leads, wraps at 104 and 126, 69 for 5.",
            short_name="Ricketts",
            pass_cycle=("left", "right", "across", "scatter", "hold"),
            left_of_dealer_leads=True,
        ),
        Variant(
            "3d",
            "3D Hearts",
            3,
            8,
            2,
            {
                **_COMMON,
                "moon": "off",
                "jack_of_diamonds": True,
                "ties": "shared",
                **{key: value for key, value in _MORE.items() if key != "extra_cards"},
                **_NO_PLUS_CARD,
            },
            "Two decks, six-card hands and a draw pile, for 3 to 8 players.",
            short_name="3D",
            pass_cycle=("hold",),
            left_of_dealer_leads=True,
            deck_removed=(QUEEN_OF_SPADES, JACK_OF_DIAMONDS),
            hand_size=6,
        ),
    )
}

# RULES.md, More variants: presets the engine scores (replay, league files) and
# the screens do not offer yet; PRESETS holds every preset.
MORE_VARIANTS: dict[str, Variant] = {
    variant.key: variant
    for variant in (
        Variant(
            "spot",
            "Spot Hearts",
            3,
            7,
            1,
            {
                **_COMMON,
                **_UNEVEN_DECK,
                **_MORE,
                **_SCORING,
                "first_lead": "lowest_club",
                "heart_points": FACE,
                "queen_points": 50,
                "moon": "add",
                "moon_points": 150,
                "target": 500,
            },
            "Hearts at face value (J 11, Q 12, K 13, A 14), the Q♠ 50 and a moon worth 150, to 500.",
            short_name="Spot",
            pass_cycles=_FOUR_HANDED_CYCLE,
        ),
        Variant(
            "black_maria",
            "Black Maria",
            3,
            6,
            1,
            {
                **_COMMON,
                **_UNEVEN_DECK,
                **_MORE,
                **_SCORING,
                "first_lead": "left_of_dealer",
                "extra_cards": (("K♠", 10), ("A♠", 7)),
                "moon": "off",
                "first_trick_points": True,
            },
            "The British game: the K♠ 10 and the A♠ 7 score too, cards pass right, no moon.",
            short_name="Black Maria",
            pass_cycle=("right",),
            left_of_dealer_leads=True,
            removed_cards={3: ("2♣",), 4: (), 5: ("2♣", "2♦"), 6: ("2♣", "2♦", "2♠", "3♣")},
        ),
        Variant(
            "domino",
            "Domino Hearts",
            2,
            7,
            1,
            {**_COMMON, **_MORE, **_SCORING, "queen_points": 0, "target": 31},
            "Six cards each and a stock to draw from; only hearts score; game to 31.",
            short_name="Domino",
            pass_cycle=("hold",),
            left_of_dealer_leads=True,
            hand_size=6,
        ),
        Variant(
            "cancellation",
            "Cancellation Hearts",
            5,
            11,
            2,
            {**_COMMON, **_MORE, **_SCORING},
            "Two decks for 5 to 11 players: both Q♠ score, and two identical cards in a trick cancel.",
            short_name="Cancellation",
            left_of_dealer_leads=True,
            removed_cards={6: ("2♣", "2♦")},
            jokers={5: 1, 7: 1},
            copies=2,
        ),
        Variant(
            "turbo",
            "Turbo Hearts",
            4,
            4,
            1,
            {"hands_per_game": 4, "charging": "classic"},
            "Charged cards double, the 10♣ doubles its taker's score, a moon negates; four hands, for money.",
            short_name="Turbo",
            pass_cycle=("left", "right", "across", "keeper"),
            fixed={**_COMMON, "moon": "off", "jack_of_diamonds": True, "ties": "shared"},
            scoring="turbo",
            not_applying="its scoring is fixed",
        ),
    )
}
PRESETS: dict[str, Variant] = {**VARIANTS, **MORE_VARIANTS}


@dataclass(frozen=True, slots=True)
class Options:
    """A variant's options after the house's overrides. None: does not apply, or not set."""

    target: int
    end: str
    moon: str
    jack_of_diamonds: bool
    moon_needs_jack: bool
    wraps: tuple[int, ...]
    ties: str
    sixty_nine: bool
    deal: str | None = None
    kitty_to: str | None = None
    warren: bool | None = None
    passing: tuple[str, ...] | None = None
    pass_cards: int = 3
    removed: tuple[str, ...] | None = None
    queen_points: int = 13
    extra_cards: tuple[tuple[str, int], ...] | None = None
    moon_points: int | None = None
    sun: bool = False
    no_negative: bool = False
    time_limit: int | None = None
    first_trick_points: bool = False
    queen_breaks_hearts: bool = False
    heart_points: int | str | tuple[tuple[str, int], ...] = 1
    plus_card: str | None = None
    jack_points: int = -10
    first_lead: str | None = None
    teams: bool = False
    team_moon: str | None = None
    hands_per_game: int | None = None
    charging: str | None = None
    # The peers' options the house set itself: only these are written out, so a
    # scoresheet says what the table chose and reads back the same.
    chosen: frozenset[str] = frozenset()
    # The options the preset fixes (Turbo's): never written out.
    fixed: frozenset[str] = frozenset()

    def as_dict(self) -> dict[str, object]:
        """The options that apply (the peers' ones only where chosen), as JSON-friendly values."""
        out: dict[str, object] = {}
        for f in fields(self):
            if f.name in ("chosen", "fixed") or f.name in self.fixed:
                continue
            if OPTIONS[f.name].more and f.name not in self.chosen:
                continue
            value = getattr(self, f.name)
            if value is None:
                continue
            if OPTIONS[f.name].kind in ("card_map", "heart_points") and isinstance(value, tuple):
                out[f.name] = dict(value)
            else:
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def get_variant(key: object) -> Variant:
    if not isinstance(key, str) or key not in PRESETS:
        known = ", ".join(PRESETS)
        raise SetupError(f"Unknown variant '{key}'; choose one of {known}", "variant")
    return PRESETS[key]


def resolve_options(variant: Variant, overrides: Mapping[str, object] | None = None) -> Options:
    """The variant's defaults with the house's overrides, each one checked.

    What depends on the number of players (pass words, removed cards) is
    checked by check_for_players once the table is known.
    """
    # Any: each value is checked by its Option below, so Options(**values) gets its fields' types.
    values: dict[str, Any] = {**variant.fixed, **variant.defaults}
    chosen = set()
    for key, value in (overrides or {}).items():
        if key not in OPTIONS:
            raise SetupError(f"Unknown option '{key}'", "options")
        if not variant.applies(key):
            why = f": {variant.not_applying}" if variant.not_applying else ""
            raise OptionError(
                key,
                f"Option '{key}' does not apply to {variant.key} ({variant.name}){why}",
            )
        values[key] = OPTIONS[key].check(value)
        if OPTIONS[key].more:
            chosen.add(key)
    if values["moon_needs_jack"] and not values["jack_of_diamonds"]:
        raise OptionError(
            "moon_needs_jack",
            "Option 'moon_needs_jack' needs 'jack_of_diamonds' on",
        )
    for key in ("plus_card", "jack_points"):
        if key in chosen and not values["jack_of_diamonds"]:
            raise OptionError(
                key,
                f"Option '{key}' needs the plus card to score (jack_of_diamonds)",
            )
    values["wraps"] = tuple(values["wraps"])
    options = Options(**values, chosen=frozenset(chosen), fixed=frozenset(variant.fixed))
    _check_together(options)
    return options


def _check_together(options: Options) -> None:
    """RULES.md: an option that contradicts another, or has no effect, is an error."""
    if options.moon == "off" and options.sun:
        raise OptionError(
            "sun",
            "Option 'sun' needs a moon: it cannot go with moon 'off'",
        )
    # A preset's own moon_points (Spot's 150) is no error where it has no effect; one written is.
    if options.moon == "off" and "moon_points" in options.chosen:
        raise OptionError(
            "moon_points",
            "Option 'moon_points' has no effect with moon 'off'",
        )
    if options.removed is not None:
        if options.deal != "remove":
            raise OptionError(
                "removed",
                "Option 'removed' works only with deal 'remove'",
            )
        scoring = {card for card, _ in options.extra_cards or ()}
        if options.queen_points:
            scoring.add(QUEEN_OF_SPADES)
        if options.jack_of_diamonds:
            scoring.add(options.plus_card or JACK_OF_DIAMONDS)
        for card in options.removed:
            if suit_of(card) == HEARTS or card in scoring:
                raise OptionError(
                    "removed",
                    f"Option 'removed' cannot take out a point card ({card})",
                )
        if sum(suit_of(card) == CLUBS for card in options.removed) == 13:
            raise OptionError(
                "removed",
                "Option 'removed' must leave at least one club",
            )
    for card, _ in options.extra_cards or ():
        if suit_of(card) == HEARTS or card in (QUEEN_OF_SPADES, JACK_OF_DIAMONDS):
            raise OptionError(
                "extra_cards",
                f"Option 'extra_cards' cannot name {card}: hearts, the Q♠ and the J♦ have their own rules",
            )
        if options.jack_of_diamonds and card == options.plus_card:
            raise OptionError(
                "extra_cards",
                f"Option 'extra_cards' cannot name {card}: it is the plus card (plus_card)",
            )
    if "team_moon" in options.chosen:
        if not options.teams:
            raise OptionError(
                "team_moon",
                "Option 'team_moon' needs partners (teams)",
            )
        if options.moon == "off":
            raise OptionError(
                "team_moon",
                "Option 'team_moon' has no effect with moon 'off'",
            )


def check_for_players(variant: Variant, options: Options, seats: int, removed: tuple[str, ...]) -> None:
    """The checks that need the number of players; removed is what the deal takes out."""
    if options.teams and seats not in (4, 6):
        raise OptionError(
            "teams",
            f"Option 'teams' needs 4 or 6 players (partners sit opposite), not {seats}",
        )
    cycle = options.passing or variant.cycle_for(seats)
    for word in cycle:
        if word == "across" and seats % 2:
            raise OptionError(
                "passing",
                f"Option 'passing': 'across' needs an even number of players, not {seats}",
            )
        if word == "scatter" and seats != 4:
            raise OptionError(
                "passing",
                f"Option 'passing': 'scatter' needs exactly 4 players, not {seats}",
            )
        match = _SEATS_AWAY.fullmatch(word)
        if match and not int(match.group(2)) < seats:
            raise OptionError(
                "passing",
                f"Option 'passing': '{word}' needs more than {match.group(2)} players",
            )
    if "pass_cards" in options.chosen and all(word in ("hold", "scatter") for word in cycle):
        raise OptionError(
            "pass_cards",
            "Option 'pass_cards' has no effect: no hand in the pass cycle passes cards",
        )
    if options.removed is not None and (52 - len(options.removed)) % seats:
        raise OptionError(
            "removed",
            f"Option 'removed': {52 - len(options.removed)} cards do not deal evenly to {seats} players",
        )
    for card, _ in options.extra_cards or ():
        if card in removed:
            raise OptionError(
                "extra_cards",
                f"Option 'extra_cards': the deal takes out {card}",
            )


# An option's key followed by one of its values: "moon 'off'", "deal 'remove'".
_KEY_AND_CHOICE = re.compile(r"\b([a-z_]+) '([a-z_]+)'")
_OPTION_KEY = re.compile(r"(?:Option )?'([a-z_]+)'")
_VARIANT_KEY = re.compile(r"\bto ([a-z0-9_]+) \(([^)]+)\)")


def in_table_words(message: str) -> str:
    """An engine message about a setup as the table reads it: each option by its label, never its key.

    The engine's messages name options by key, as a scoresheet file spells them
    (the replay command's errors and shared/conformance's .error files read
    so); a screen shows this instead. "Option 'pass_cards' has no effect: ..."
    becomes "“Cards passed” has no effect: ...", "with moon 'off'" becomes
    "with “Shooting the moon” set to “no moon: points stand as taken”", and
    "does not apply to standard (Hearts)" "does not apply to Hearts".
    """

    def key_and_choice(match: re.Match[str]) -> str:
        option = OPTIONS.get(match.group(1))
        choice = option.choice_labels.get(match.group(2)) if option else None
        if option is None or choice is None:
            return match.group(0)
        return f"“{option.label}” set to “{choice}”"

    def option_key(match: re.Match[str]) -> str:
        option = OPTIONS.get(match.group(1))
        return f"“{option.label}”" if option else match.group(0)

    def variant_key(match: re.Match[str]) -> str:
        return f"to {match.group(2)}" if match.group(1) in PRESETS else match.group(0)

    message = _KEY_AND_CHOICE.sub(key_and_choice, message)
    message = _OPTION_KEY.sub(option_key, message)
    return _VARIANT_KEY.sub(variant_key, message)
