"""Variants (presets) and the options a game resolves to, as RULES.md lists them.

Each preset's defaults for the house-rule options (rules.options holds the
options themselves: their values and one-line explanations) come from here. A variant
says what it is (its deck, who leads, its pass cycle, which options apply
and their defaults); no code elsewhere asks for a variant by its key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, cast

from rules.cards import CLUBS, HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, shown_card, suit_of
from rules.errors import OptionError, SetupError
from rules.i18n import Message, _
from rules.option_names import Named, option_in_brackets, option_named, option_quoted, option_set_to, variant_named
from rules.options import _SEATS_AWAY, FACE, OPTIONS


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
        """RULES.md's More variants options that apply to this variant (the house-rules forms show them after the
        peers' options)."""
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
            _("Hearts"),
            3,
            7,
            1,
            {**_COMMON, **_UNEVEN_DECK, **_MORE, **_SCORING, "first_lead": "lowest_club"},
            _("Classic Hearts for 3 to 7 players: avoid hearts and the {queen}.").format(queen=shown_card("Q♠")),
            short_name=_("Hearts"),
            pass_cycles={4: ("left", "right", "across", "hold")},
        ),
        Variant(
            "omnibus",
            _("Omnibus Hearts"),
            3,
            7,
            1,
            {**_COMMON, "jack_of_diamonds": True, **_UNEVEN_DECK, **_MORE, **_SCORING, "first_lead": "lowest_club"},
            _("Hearts where the jack of diamonds is worth minus 10."),
            short_name=_("Omnibus"),
            pass_cycles={4: ("left", "right", "across", "hold")},
        ),
        Variant(
            "ricketts",
            _("Ricketts House Hearts"),
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
            _("The Caltech house variant: scatter passing, left of dealer leads, wraps at 104 and 126, 69 for 5."),
            short_name=_("Ricketts"),
            pass_cycle=("left", "right", "across", "scatter", "hold"),
            left_of_dealer_leads=True,
        ),
        Variant(
            "3d",
            _("3D Hearts"),
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
            _("Two decks, six-card hands and a draw pile, for 3 to 8 players."),
            short_name=_("3D"),
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
            _("Spot Hearts"),
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
            _("Hearts at face value (J 11, Q 12, K 13, A 14), the {queen} 50 and a moon worth 150, to 500.").format(
                queen=shown_card("Q♠")
            ),
            short_name=_("Spot"),
            pass_cycles=_FOUR_HANDED_CYCLE,
        ),
        Variant(
            "black_maria",
            _("Black Maria"),
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
            _("The British game: the {king} 10 and the {ace} 7 score too, cards pass right, no moon.").format(
                king=shown_card("K♠"), ace=shown_card("A♠")
            ),
            short_name=_("Black Maria"),
            pass_cycle=("right",),
            left_of_dealer_leads=True,
            removed_cards={3: ("2♣",), 4: (), 5: ("2♣", "2♦"), 6: ("2♣", "2♦", "2♠", "3♣")},
        ),
        Variant(
            "domino",
            _("Domino Hearts"),
            2,
            7,
            1,
            {**_COMMON, **_MORE, **_SCORING, "queen_points": 0, "target": 31},
            _("Six cards each and a stock to draw from; only hearts score; game to 31."),
            short_name=_("Domino"),
            pass_cycle=("hold",),
            left_of_dealer_leads=True,
            hand_size=6,
        ),
        Variant(
            "cancellation",
            _("Cancellation Hearts"),
            5,
            11,
            2,
            {**_COMMON, **_MORE, **_SCORING},
            _("Two decks for 5 to 11 players: both {queen} score, and two identical cards in a trick cancel.").format(
                queen=shown_card("Q♠")
            ),
            short_name=_("Cancellation"),
            left_of_dealer_leads=True,
            removed_cards={6: ("2♣", "2♦")},
            jokers={5: 1, 7: 1},
            copies=2,
        ),
        Variant(
            "turbo",
            _("Turbo Hearts"),
            4,
            4,
            1,
            {"hands_per_game": 4, "charging": "classic"},
            _("Charged cards double, the 10♣ doubles its taker's score, a moon negates; four hands, for money."),
            short_name=_("Turbo"),
            pass_cycle=("left", "right", "across", "keeper"),
            fixed={**_COMMON, "moon": "off", "jack_of_diamonds": True, "ties": "shared"},
            scoring="turbo",
            not_applying=_("its scoring is fixed"),
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
        raise SetupError(
            _("Unknown variant '{option}'; choose one of {known}").format(option=key, known=known), "variant"
        )
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
            raise SetupError(_("Unknown option '{option}'").format(option=key), "options")
        if not variant.applies(key):
            # Whole sentences, with or without the reason (rules.i18n).
            if variant.not_applying:
                refusal = _("{option} does not apply to {variant}: {why}")
            else:
                refusal = _("{option} does not apply to {variant}")
            named = option_named(key)
            preset = variant_named(variant.key, variant.name)
            raise OptionError(key, refusal.format(option=named, variant=preset, why=variant.not_applying))
        values[key] = OPTIONS[key].check(value)
        if OPTIONS[key].more:
            chosen.add(key)
    if values["moon_needs_jack"] and not values["jack_of_diamonds"]:
        raise OptionError(
            "moon_needs_jack",
            _("{option} needs {needed} on").format(
                option=option_named("moon_needs_jack"), needed=option_quoted("jack_of_diamonds")
            ),
        )
    for key in ("plus_card", "jack_points"):
        if key in chosen and not values["jack_of_diamonds"]:
            raise OptionError(
                key,
                _("{option} needs the plus card to score {needed}").format(
                    option=option_named(key), needed=option_in_brackets("jack_of_diamonds")
                ),
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
            _("{option} needs a moon: it cannot go with {setting}").format(
                option=option_named("sun"), setting=option_set_to("moon", "off")
            ),
        )
    # A preset's own moon_points (Spot's 150) is no error where it has no effect; one written is.
    if options.moon == "off" and "moon_points" in options.chosen:
        raise OptionError(
            "moon_points",
            _("{option} has no effect with {setting}").format(
                option=option_named("moon_points"), setting=option_set_to("moon", "off")
            ),
        )
    if options.removed is not None:
        _check_removed(options, options.removed)
    for card, _points in options.extra_cards or ():
        if suit_of(card) == HEARTS or card in (QUEEN_OF_SPADES, JACK_OF_DIAMONDS):
            raise OptionError(
                "extra_cards",
                _("{option} cannot name {card}: hearts, the {queen} and the {jack} have their own rules").format(
                    option=option_named("extra_cards"),
                    card=shown_card(card),
                    queen=shown_card("Q♠"),
                    jack=shown_card("J♦"),
                ),
            )
        if options.jack_of_diamonds and card == options.plus_card:
            raise OptionError(
                "extra_cards",
                _("{option} cannot name {card}: it is the plus card {needed}").format(
                    option=option_named("extra_cards"), card=shown_card(card), needed=option_in_brackets("plus_card")
                ),
            )
    if "team_moon" in options.chosen:
        if not options.teams:
            raise OptionError(
                "team_moon",
                _("{option} needs partners {needed}").format(
                    option=option_named("team_moon"), needed=option_in_brackets("teams")
                ),
            )
        if options.moon == "off":
            raise OptionError(
                "team_moon",
                _("{option} has no effect with {setting}").format(
                    option=option_named("team_moon"), setting=option_set_to("moon", "off")
                ),
            )


def _check_removed(options: Options, removed: tuple[str, ...]) -> None:
    """The cards `removed` takes out: only with deal 'remove', no point card, and not every club."""
    if options.deal != "remove":
        raise OptionError(
            "removed",
            _("{option} works only with {setting}").format(
                option=option_named("removed"), setting=option_set_to("deal", "remove")
            ),
        )
    scoring = {card for card, _points in options.extra_cards or ()}
    if options.queen_points:
        scoring.add(QUEEN_OF_SPADES)
    if options.jack_of_diamonds:
        scoring.add(options.plus_card or JACK_OF_DIAMONDS)
    for card in removed:
        if suit_of(card) == HEARTS or card in scoring:
            raise OptionError(
                "removed",
                _("{option} cannot take out a point card ({card})").format(
                    option=option_named("removed"), card=shown_card(card)
                ),
            )
    if sum(suit_of(card) == CLUBS for card in removed) == 13:
        raise OptionError(
            "removed",
            _("{option} must leave at least one club").format(option=option_named("removed")),
        )


def check_for_players(variant: Variant, options: Options, seats: int, removed: tuple[str, ...]) -> None:
    """The checks that need the number of players; removed is what the deal takes out."""
    if options.teams and seats not in (4, 6):
        raise OptionError(
            "teams",
            _("{option} needs 4 or 6 players (partners sit opposite), not {seats}").format(
                option=option_named("teams"), seats=seats
            ),
        )
    cycle = options.passing or variant.cycle_for(seats)
    for word in cycle:
        if word == "across" and seats % 2:
            raise OptionError(
                "passing",
                _("{option}: 'across' needs an even number of players, not {seats}").format(
                    option=option_named("passing"), seats=seats
                ),
            )
        if word == "scatter" and seats != 4:
            raise OptionError(
                "passing",
                _("{option}: 'scatter' needs exactly 4 players, not {seats}").format(
                    option=option_named("passing"), seats=seats
                ),
            )
        match = _SEATS_AWAY.fullmatch(word)
        if match and not int(match.group(2)) < seats:
            raise OptionError(
                "passing",
                _("{option}: '{word}' needs more than {seats_away} players").format(
                    option=option_named("passing"), word=word, seats_away=match.group(2)
                ),
            )
    if "pass_cards" in options.chosen and all(word in ("hold", "scatter") for word in cycle):
        raise OptionError(
            "pass_cards",
            _("{option} has no effect: no hand in the pass cycle passes cards").format(
                option=option_named("pass_cards")
            ),
        )
    if options.removed is not None and (52 - len(options.removed)) % seats:
        raise OptionError(
            "removed",
            _("{option}: {cards} cards do not deal evenly to {seats} players").format(
                option=option_named("removed"), cards=52 - len(options.removed), seats=seats
            ),
        )
    for card, _points in options.extra_cards or ():
        if card in removed:
            raise OptionError(
                "extra_cards",
                _("{option}: the deal takes out {card}").format(
                    option=option_named("extra_cards"), card=shown_card(card)
                ),
            )


def in_table_words(message: str) -> str:
    """A refusal about a setup as the table reads it: each option by its label, never its key.

    The engine's refusals name options by key, as a scoresheet file spells them
    (the replay command's errors and shared/conformance's .error files read
    so); a screen shows this instead. The options are the refusal's fields
    (rules.option_names.Named), so each is swapped for its label, and the
    sentence around them is the reader's own when it is shown: "Option
    'pass_cards' has no effect: ..." becomes "“Cards passed” has no effect: ...",
    "with moon 'off'" becomes "with “Shooting the moon” set to “no moon: points
    stand as taken”", and "does not apply to standard (Hearts)" "does not
    apply to Hearts". A text that is no Message has no fields: it is left as it is.
    """
    if isinstance(message, Named):
        return _table_name(message)
    if not isinstance(message, Message):
        return message
    params = {
        name: in_table_words(value) if isinstance(value, Message) else value for name, value in message.params.items()
    }
    return Message(message.msgid, message.plural, message.number, params, message.context)


def _table_name(named: Named) -> str:
    if named.style == "variant":
        return cast(str, named.value)  # the preset's name, a Message
    option = OPTIONS.get(named.key)
    if option is None:
        return named
    label = _("“{option}”").format(option=option.label)
    if named.style == "brackets":
        return Message("({option})", params={"option": label})
    if named.style == "set_to":
        choice = option.choice_labels.get(named.value)
        if choice is None:
            return named
        return _("“{option}” set to “{choice}”").format(option=option.label, choice=choice)
    return label
