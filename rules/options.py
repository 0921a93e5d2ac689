"""House-rule options, as RULES.md lists them: each option's kind, values and one-line explanation.

OPTIONS is the table every screen and cheat-sheet reads; rules.variants says
which options each preset takes and with what defaults, and resolves them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeGuard

from rules.cards import JACK_OF_DIAMONDS, RANKS, card_order, is_card, shown_card, shown_rank
from rules.errors import OptionError
from rules.i18n import _
from rules.option_names import option_named

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
                    _("{option} must be a whole number from {least:,} to {most:,}").format(
                        option=option_named(self.key), least=self.least, most=self.most
                    ),
                )
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(
                    self.key,
                    _("{option} must be true or false").format(option=option_named(self.key)),
                )
            return value
        if self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(self.choices)
                raise OptionError(
                    self.key,
                    _("{option} must be one of {allowed}; got {value}").format(
                        option=option_named(self.key), allowed=allowed, value=repr(value)
                    ),
                )
            return value
        if self.kind == "int_list":
            if not isinstance(value, (list, tuple)) or not all(_is_int(v) and 1 <= v <= self.most for v in value):
                raise OptionError(
                    self.key,
                    _("{option} must be a list of whole numbers from 1 to {most:,}").format(
                        option=option_named(self.key), most=self.most
                    ),
                )
            if len(set(value)) > self.most_values:
                raise OptionError(
                    self.key,
                    _("{option} holds at most {most_values} numbers").format(
                        option=option_named(self.key), most_values=self.most_values
                    ),
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
                _("{option} must be a list of at least one pass word").format(option=option_named(self.key)),
            )
        if len(value) > self.most_values:
            raise OptionError(
                self.key,
                _("{option} holds at most {most_values} pass words").format(
                    option=option_named(self.key), most_values=self.most_values
                ),
            )
        for word in value:
            if not is_pass_word(word, self.most):
                raise OptionError(
                    self.key,
                    _(
                        "{option}: {word} is not a pass word (left, right, across, scatter, hold, "
                        "left N, right N with N from 2)"
                    ).format(option=option_named(self.key), word=repr(word)),
                )
        return tuple(value)

    def _check_card_list(self, value: object) -> tuple[str, ...]:
        if not isinstance(value, (list, tuple)) or not all(is_card(card) for card in value):
            raise OptionError(
                self.key,
                _('{option} must be a list of cards such as "2♣"').format(option=option_named(self.key)),
            )
        if len(set(value)) != len(value):
            raise OptionError(
                self.key,
                _("{option} names a card twice").format(option=option_named(self.key)),
            )
        if len(value) > self.most_values:
            raise OptionError(
                self.key,
                _("{option} holds at most {most_values} cards").format(
                    option=option_named(self.key), most_values=self.most_values
                ),
            )
        return tuple(sorted(value, key=card_order))

    def _check_card_map(self, value: object) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, Mapping) or not all(is_card(card) for card in value):
            raise OptionError(
                self.key,
                _('{option} must map cards such as "K♠" to their points').format(option=option_named(self.key)),
            )
        if len(value) > self.most_values:
            raise OptionError(
                self.key,
                _("{option} holds at most {most_values} cards").format(
                    option=option_named(self.key), most_values=self.most_values
                ),
            )
        for card, points in value.items():
            if not _is_int(points) or points == 0 or abs(points) > self.most:
                raise OptionError(
                    self.key,
                    _("{option}: {card} must score a whole number from −{most} to {most}, not 0").format(
                        option=option_named(self.key), card=shown_card(card), most=self.most
                    ),
                )
        return tuple(sorted(value.items(), key=lambda item: card_order(item[0])))

    def _check_heart_points(self, value: object) -> int | str | tuple[tuple[str, int], ...]:
        """A heart's points: one number for every heart, "face", or a map rank → points (others 1)."""
        if value == FACE or (_is_int(value) and 1 <= value <= self.most):
            return value  # type: ignore[return-value]
        if not isinstance(value, Mapping):
            raise OptionError(
                self.key,
                _(
                    '{option} must be a whole number from 1 to {most}, "face", '
                    'or a map from ranks such as "Q" to their points'
                ).format(option=option_named(self.key), most=self.most),
            )
        for rank, points in value.items():
            if rank not in RANKS:
                raise OptionError(
                    self.key,
                    _("{option}: {rank} is not a rank (2-10, J, Q, K, A)").format(
                        option=option_named(self.key), rank=repr(rank)
                    ),
                )
            if not _is_int(points) or not 0 <= points <= self.most:
                raise OptionError(
                    self.key,
                    _("{option}: the {rank}♥ must score a whole number from 0 to {most}").format(
                        option=option_named(self.key), rank=shown_rank(rank), most=self.most
                    ),
                )
        if len(value) == len(RANKS) and not any(value.values()):
            raise OptionError(
                self.key,
                _("{option} must leave some heart worth more than 0").format(option=option_named(self.key)),
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
        Option(
            "target", "int", _("Game ends at"), _("The score that ends the game; lowest total then wins."), most=10_000
        ),
        Option(
            "end",
            "choice",
            _("Ending rule"),
            _("Whether reaching the target ends the game, or only going past it."),
            END_RULES,
            {"at_least": _("at the target or more"), "more_than": _("only above the target")},
        ),
        Option(
            "moon",
            "choice",
            _("Shooting the moon"),
            _("What happens when one player takes every heart and the {queen}.").format(queen=shown_card("Q♠")),
            MOON_RULES,
            {
                "choice": _("shooter chooses: others +P or self −P"),
                "add": _("everyone else takes P"),
                "subtract": _("shooter takes −P"),
                "ricketts": _("others +P, unless that loses the game for the shooter: then self −P"),
                "auto": _("others +P, unless that ends the game: then self −P"),
                "off": _("no moon: points stand as taken"),
            },
        ),
        Option(
            "jack_of_diamonds",
            "bool",
            _("{jack} counts −10").format(jack=shown_card("J♦")),
            _("Whoever takes the jack of diamonds scores minus 10."),
        ),
        Option(
            "moon_needs_jack",
            "bool",
            _("Moon needs the {jack}").format(jack=shown_card("J♦")),
            _("A moon also needs the {jack}, and the moon's points replace the {jack}'s.").format(
                jack=shown_card("J♦")
            ),
        ),
        Option(
            "wraps",
            "int_list",
            _("Wrap scores"),
            _("A total that lands exactly on one of these goes back to 0."),
            most=10_000,
            most_values=10,
        ),
        Option(
            "ties",
            "choice",
            _("Tie for lowest"),
            _("What happens when the game would end but the lowest total is tied."),
            TIE_RULES,
            {"play_on": _("play another hand"), "shared": _("the tied players share the win")},
        ),
        Option(
            "sixty_nine",
            "bool",
            _("69 for 5"),
            _("Five hands in a row at exactly 69 (or 69 hands at 5) wins outright."),
        ),
        Option(
            "deal",
            "choice",
            _("Uneven deck"),
            _("How to make the hands equal: take out low cards, or deal the extras to a kitty."),
            DEAL_RULES,
            {"remove": _("remove low cards"), "kitty": _("deal a kitty")},
        ),
        Option(
            "kitty_to",
            "choice",
            _("Kitty goes to"),
            _("Who takes the kitty (and any point cards in it)."),
            KITTY_RULES,
            {
                "first_trick": _("winner of the first trick"),
                "last_trick": _("winner of the last trick"),
                "first_heart": _("winner of the first trick with a heart"),
            },
        ),
        Option(
            "warren",
            "bool",
            _("Warren card"),
            _("A 53rd card whose holder may play a hidden extra card in its place."),
        ),
        # The peers' options (RULES.md, More house rules): `more` keeps them off
        # the game form until it learns their kinds.
        Option(
            "passing",
            "pass_list",
            _("Pass cycle"),
            _("Which way the cards go, hand by hand, repeated from hand 1."),
            more=True,
            most=8,
            most_values=12,
        ),
        Option(
            "pass_cards",
            "int",
            _("Cards passed"),
            _("How many cards each player passes."),
            more=True,
            most=4,
            default=3,
        ),
        Option(
            "removed",
            "card_list",
            _("Cards removed"),
            _("The cards taken out so every hand is equal."),
            more=True,
            most_values=12,
        ),
        Option(
            "queen_points",
            "int",
            _("{queen} scores").format(queen=shown_card("Q♠")),
            _("What the queen of spades scores (0: it is no point card)."),
            more=True,
            most=100,
            default=13,
            least=0,
        ),
        Option(
            "extra_cards",
            "card_map",
            _("More point cards"),
            _("Single cards that also score, each with its points (e.g. {king} 10, {ace} 7).").format(
                king=shown_card("K♠"), ace=shown_card("A♠")
            ),
            more=True,
            most=100,
            most_values=8,
        ),
        Option(
            "moon_points",
            "int",
            _("Moon is worth"),
            _("What a moon scores, instead of the hand's points (P)."),
            more=True,
            most=1_000,
        ),
        Option(
            "sun",
            "bool",
            _("Shooting the sun"),
            _("A shooter who also took every trick doubles the moon."),
            more=True,
            default=False,
        ),
        Option(
            "no_negative", "bool", _("No negative totals"), _("A total below 0 becomes 0."), more=True, default=False
        ),
        Option(
            "time_limit",
            "int",
            _("Time limit (minutes)"),
            _("The game also ends when the time runs out: lowest total wins."),
            more=True,
            most=1_440,
        ),
        Option(
            "first_trick_points",
            "bool",
            _("Points on the first trick"),
            _("Hearts and the {queen} may be played to the first trick.").format(queen=shown_card("Q♠")),
            more=True,
            default=False,
        ),
        Option(
            "queen_breaks_hearts",
            "bool",
            _("{queen} breaks hearts").format(queen=shown_card("Q♠")),
            _("The {queen} breaks hearts and may be led at any time.").format(queen=shown_card("Q♠")),
            more=True,
            default=False,
        ),
        # RULES.md, More variants: per-card scoring, charges, teams.
        Option(
            "heart_points",
            "heart_points",
            _("Each heart scores"),
            _("What each heart scores: one number, face value (2-10, J 11, Q 12, K 13, A 14), or by rank."),
            more=True,
            variants=True,
            most=100,
            default=1,
        ),
        Option(
            "plus_card",
            "choice",
            _("Plus card"),
            _("The card that scores minus: the {jack}, or the 10♦ as in Bicycle's Omnibus.").format(
                jack=shown_card("J♦")
            ),
            PLUS_CARDS,
            {JACK_OF_DIAMONDS: "J♦", "10♦": "10♦"},
            more=True,
            variants=True,
            default=JACK_OF_DIAMONDS,
        ),
        Option(
            "jack_points",
            "int",
            _("Plus card scores"),
            _("What the plus card scores for its taker (below 0)."),
            more=True,
            variants=True,
            least=-100,
            most=-1,
            default=-10,
        ),
        Option(
            "first_lead",
            "choice",
            _("First lead"),
            _("Who leads the first trick."),
            FIRST_LEADS,
            {"lowest_club": _("the holder of the lowest club"), "left_of_dealer": _("the player left of the dealer")},
            more=True,
            variants=True,
        ),
        Option(
            "teams",
            "bool",
            _("Partners"),
            _("Partners sit opposite (4 or 6 players) and score as one."),
            more=True,
            variants=True,
            default=False,
        ),
        Option(
            "team_moon",
            "choice",
            _("Moon in a team game"),
            _("Who shoots the moon in a team game, and who is charged."),
            TEAM_MOONS,
            {
                "team": _("partners shoot together; each other team takes P"),
                "player": _("one player shoots; every other player takes P, the partner too"),
                "opponents": _("one player shoots; each opponent takes P"),
            },
            more=True,
            variants=True,
            default="team",
        ),
        Option(
            "hands_per_game",
            "int",
            _("Hands in a game"),
            _("The game is this many hands."),
            more=True,
            variants=True,
            most=100,
            default=4,
        ),
        Option(
            "charging",
            "choice",
            _("Charging"),
            _("How the players charge cards before play."),
            CHARGING_RULES,
            {
                "classic": _("in turn, until everyone passes"),
                "blind": _("all at once, face down"),
                "bridge": _("in turn from the 2♣, once round"),
                "blind_bridge": _("face down, once round"),
                "chain": _("in turn, a charge reopens the round"),
                "blind_chain": _("face down, a charge reopens the round"),
            },
            more=True,
            variants=True,
            default="classic",
        ),
    )
}
