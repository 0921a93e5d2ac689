"""Variants (presets) and house-rule options, as RULES.md lists them.

Everything a screen or a cheat-sheet says about an option comes from here:
its values, its one-line explanation and each preset's default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from rules.errors import SetupError

MOON_RULES = ("choice", "add", "subtract", "ricketts", "off")
END_RULES = ("at_least", "more_than")
TIE_RULES = ("play_on", "shared")
DEAL_RULES = ("remove", "kitty")
KITTY_RULES = ("first_trick", "last_trick", "first_heart")


@dataclass(frozen=True)
class Option:
    """One house-rule option: its kind, its values and how to explain it."""

    key: str
    kind: str  # "int", "bool", "choice" or "int_list"
    label: str
    help: str
    choices: tuple[str, ...] = ()
    choice_labels: Mapping[str, str] = field(default_factory=dict)
    # The largest number an "int" or "int_list" option takes, and how many
    # numbers a list holds: far past what any table plays, and small enough
    # that every total, chart and database column can hold the game.
    most: int = 0
    most_values: int = 0

    def check(self, value: object) -> object:
        """Return the value in its canonical form, or raise SetupError."""
        if self.kind == "int":
            if not _is_int(value) or not 1 <= value <= self.most:
                raise SetupError(f"Option '{self.key}' must be a whole number from 1 to {self.most:,}", "options")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise SetupError(f"Option '{self.key}' must be true or false", "options")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(self.choices)
                raise SetupError(f"Option '{self.key}' must be one of {allowed}; got {value!r}", "options")
            return value
        if self.kind == "int_list":
            if not isinstance(value, (list, tuple)) or not all(_is_int(v) and 1 <= v <= self.most for v in value):
                raise SetupError(
                    f"Option '{self.key}' must be a list of whole numbers from 1 to {self.most:,}", "options"
                )
            if len(set(value)) > self.most_values:
                raise SetupError(f"Option '{self.key}' holds at most {self.most_values} numbers", "options")
            return tuple(sorted(set(value)))
        raise AssertionError(f"unknown option kind {self.kind}")  # pragma: no cover


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    )
}


@dataclass(frozen=True)
class Variant:
    """A preset: its name, the players it allows, its deck and its defaults."""

    key: str
    name: str
    min_players: int
    max_players: int
    decks: int
    defaults: Mapping[str, object]
    summary: str

    @property
    def option_keys(self) -> tuple[str, ...]:
        """The options that apply to this variant, in the order of OPTIONS."""
        return tuple(key for key in OPTIONS if key in self.defaults)

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

VARIANTS: dict[str, Variant] = {
    variant.key: variant
    for variant in (
        Variant(
            "standard",
            "Hearts",
            3,
            7,
            1,
            {**_COMMON, "deal": "remove", "kitty_to": "first_trick"},
            "Classic Hearts for 3 to 7 players: avoid hearts and the Q♠.",
        ),
        Variant(
            "omnibus",
            "Omnibus Hearts",
            3,
            7,
            1,
            {**_COMMON, "jack_of_diamonds": True, "deal": "remove", "kitty_to": "first_trick"},
            "Hearts where the jack of diamonds is worth minus 10.",
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
            },
            "The Caltech house variant: scatter passing, left of dealer leads, wraps at 104 and 126, 69 for 5.",
        ),
        Variant(
            "3d",
            "3D Hearts",
            3,
            8,
            2,
            {**_COMMON, "moon": "off", "jack_of_diamonds": True, "ties": "shared"},
            "Two decks, six-card hands and a draw pile, for 3 to 8 players.",
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Options:
    """A variant's options after the house's overrides. None: does not apply."""

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

    def as_dict(self) -> dict[str, object]:
        """The options that apply, as JSON-friendly values."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def get_variant(key: object) -> Variant:
    if not isinstance(key, str) or key not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise SetupError(f"Unknown variant '{key}'; choose one of {known}", "variant")
    return VARIANTS[key]


def resolve_options(variant: Variant, overrides: Mapping[str, object] | None = None) -> Options:
    """The variant's defaults with the house's overrides, each one checked."""
    values = dict(variant.defaults)
    for key, value in (overrides or {}).items():
        if key not in OPTIONS:
            raise SetupError(f"Unknown option '{key}'", "options")
        if key not in variant.defaults:
            raise SetupError(f"Option '{key}' does not apply to {variant.key} ({variant.name})", "options")
        values[key] = OPTIONS[key].check(value)
    if values["moon_needs_jack"] and not values["jack_of_diamonds"]:
        raise SetupError("Option 'moon_needs_jack' needs 'jack_of_diamonds' on", "options")
    values["wraps"] = tuple(values["wraps"])
    return Options(**values)
