"""The cheat-sheet's sentences about cards and scoring (rules.rulebook lays them out).

What the hearts score, each single card, the moon (a team's too), the plus card,
Turbo Hearts' charge values (read by scoring sample hands with the engine's own
TurboScoring), an option's value in words, and the joins a sentence needs.
Every sentence is marked with rules.i18n (docs/I18N.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import (
    CHARGEABLE,
    FACE_VALUES,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    RANKS,
    TEN_OF_CLUBS,
    PointCard,
    shown_card,
    shown_cards,
    the_card,
)
from rules.describe import signed
from rules.entry import HandEntry
from rules.i18n import Message, _, joined
from rules.options import Option
from rules.setup import GameSetup, TurboScoring


@dataclass(frozen=True, slots=True)
class TurboValues:
    """What Turbo Hearts' cards score, plain and charged, as the engine scores them."""

    heart: tuple[int, int]
    queen: tuple[int, int]
    jack: tuple[int, int]
    ten: tuple[int, int]  # the 10♣ taker's score is multiplied by this


def turbo_values(setup: GameSetup) -> TurboValues:
    """Reads the values by scoring two sample hands (nothing charged, everything charged)."""
    scoring = setup.scoring
    assert isinstance(scoring, TurboScoring)
    found = []
    for charged in ((), CHARGEABLE):
        # Ann one heart, Ben the other twelve and the 10♣, Cat the Q♠, Dan the J♦.
        hearts = [1, setup.hearts_in_play - 1, *[0] * (setup.seats - 2)]
        entry = HandEntry.cards(hearts, 2, 3, ten=1, charged=charged)
        points, _moon = scoring.hand_points(entry)
        heart = points[0]
        found.append((heart, points[2], points[3], points[1] // (hearts[1] * heart)))
    plain, doubled = found
    return TurboValues(
        heart=(plain[0], doubled[0]),
        queen=(plain[1], doubled[1]),
        jack=(plain[2], doubled[2]),
        ten=(plain[3], doubled[3]),
    )


def hearts_text(setup: GameSetup) -> str:
    """What the hearts score: 'each heart 1', at face value, or rank by rank (option heart_points)."""
    values = setup.heart_values
    total = setup.heart_points_in_play
    if len(set(values)) == 1:
        return _("each heart {points}").format(points=values[0])
    if values == FACE_VALUES:
        return _(
            "hearts at face value: 2-10 as marked, J {jack}, Q {queen}, K {king}, A {ace} ({total} in all)"
        ).format(jack=values[9], queen=values[10], king=values[11], ace=values[12], total=total)
    # Rank by rank: the usual value once, the others by rank ("the Q♥ 13, the other hearts 1").
    usual = Counter(values).most_common(1)[0][0]
    named = [f"{rank}{HEARTS}\u00a0{points}" for rank, points in zip(RANKS, values, strict=True) if points != usual]
    return _("hearts by rank: {named}, the other hearts {usual} ({total} in all)").format(
        named=", ".join(named), usual=usual, total=total
    )


def all_hearts(setup: GameSetup) -> str:
    return _("all {count} hearts").format(count=setup.hearts_in_play)


def single_points(cards: Iterable[PointCard]) -> list[str]:
    """'the Q♠ 13', 'both Q♠ 13 each' (two decks), 'the J♦ −10'."""
    cards = list(cards)
    twice = {card.card for card in cards if card.second}
    out: list[str] = []
    for card in cards:
        if card.second:
            continue
        if card.card in twice:
            out.append(_("both {card} {points} each").format(card=shown_card(card.card), points=signed(card.points)))
        else:
            out.append(_("the {card} {points}").format(card=shown_card(card.card), points=signed(card.points)))
    return out


def single_names(cards: Iterable[PointCard]) -> list[str]:
    """The single cards by name, a card two decks hold twice as 'both Q♠'."""
    cards = list(cards)
    twice = {card.card for card in cards if card.second}
    return [
        _("both {card}").format(card=shown_card(card.card)) if card.card in twice else card.card
        for card in cards
        if not card.second
    ]


def moon_rule(setup: GameSetup) -> str:
    """The game's moon rule in plain words, with its value."""
    if setup.turbo:
        return _(
            "taking all {hearts} hearts and the {queen} negates the taker's own score (before the {jack} and the "
            "{ten}); nothing goes to the others."
        ).format(
            hearts=setup.hearts_in_play,
            queen=shown_card(QUEEN_OF_SPADES),
            jack=shown_card(JACK_OF_DIAMONDS),
            ten=TEN_OF_CLUBS,
        )
    p = setup.moon_value
    needed = single_names(card for card in setup.single_cards if card.points > 0)
    if setup.options.moon_needs_jack:
        needed.append(setup.options.plus_card or JACK_OF_DIAMONDS)
    cards = join_cards([all_hearts(setup), *needed])
    rule = setup.options.moon
    if rule == "off":
        return _("no shooting the moon: taking {cards} scores {penalty} like any other points.").format(
            cards=cards, penalty=setup.penalty
        )
    if setup.teams:
        return team_moon_rule(setup, rule, cards, p)
    taken = _("taking {cards}").format(cards=cards)
    if rule == "choice":
        sentence = _("{taken}, the shooter chooses: everyone else +{p} (shooter 0), or shooter −{p} (others 0).")
    elif rule == "add":
        sentence = _("{taken}: everyone else scores +{p}, the shooter 0.")
    elif rule == "subtract":
        sentence = _("{taken}: the shooter scores −{p}, everyone else 0.")
    elif rule == "auto":
        sentence = _(
            "{taken}: everyone else +{p}, shooter 0, unless after that some total meets the end of the game; "
            "then the shooter −{p}, others 0."
        )
    else:
        sentence = _(
            "{taken}: everyone else +{p}, shooter 0, unless that would end the game (after wraps and every end "
            "check) with the shooter not a winner; then the shooter −{p}, others 0 (the Ricketts safety rule)."
        )
    return sentence.format(taken=taken, p=p)


def team_moon_rule(setup: GameSetup, rule: str, cards: str, p: int) -> str:
    """RULES.md, Partners: who shoots (team_moon) and what each team scores, for the moon rules that add."""
    team_moon = setup.options.team_moon or "team"
    if team_moon == "team":
        who = _("partners who between them take {cards}").format(cards=cards)
        add = _("each other team +{p}, the shooting team 0").format(p=p)
    elif team_moon == "player":
        who = _("one player alone taking {cards}").format(cards=cards)
        add = _("every other player +{p}, the partner too: the shooting team +{p}, each other team +{two}").format(
            p=p, two=2 * p
        )
    else:
        who = _("one player alone taking {cards}").format(cards=cards)
        add = _("each opponent +{p}, the partner 0: each other team +{two}").format(p=p, two=2 * p)
    subtract = _("the shooting team −{p}, the others 0").format(p=p)
    if rule == "choice":
        sentence = _("{who}: the shooter chooses: {add}; or {subtract}.")
    elif rule == "add":
        sentence = _("{who}: {add}.")
    elif rule == "subtract":
        sentence = _("{who}: {subtract}.")
    elif rule == "auto":
        sentence = _("{who}: {add}, unless after that some total meets the end of the game; then {subtract}.")
    else:
        sentence = _(
            "{who}: {add}, unless that would end the game with the shooting team not a winner; then {subtract} "
            "(the Ricketts safety rule)."
        )
    return sentence.format(who=who, add=add, subtract=subtract)


def join_cards(parts: Sequence[str]) -> str:
    """'all 13 hearts and the Q♠', 'all 13 hearts, the Q♠ and the K♠', 'all 26 hearts and both Q♠'."""
    named = [
        parts[0],
        *(part if isinstance(part, Message) else the_card(part) for part in parts[1:]),
    ]
    return and_list(named)


def option_words(option: Option, value: Any) -> str:
    """An option's value in words: 'on', '104, 126', 'left, right, hold', 'K♠ 10, A♠ 7'.

    value is Any: its type follows option.kind (Option.check made it so).
    """
    if option.kind == "bool":
        return _("on") if value else _("off")
    if option.kind in ("int_list", "pass_list"):
        return ", ".join(str(v) for v in value) or _("none")
    if option.kind == "card_list":
        return shown_cards(value) or _("none")
    if option.kind == "card_map":
        # Each card in the reader's letters ("H♠ +10" in Dutch): fields, never an f-string's English.
        return joined([_card_with(card, signed(points)) for card, points in dict(value).items()])
    if option.kind == "heart_points":
        if isinstance(value, (tuple, dict)):
            pairs = value.items() if isinstance(value, dict) else value
            named = joined([_card_with(f"{rank}{HEARTS}", points) for rank, points in pairs])
            return _("{named}, the others 1").format(named=named)
        if value == "face":
            return _("face value (2-10, J 11, Q 12, K 13, A 14)")
        return _("{points} each").format(points=value)
    if option.kind == "int":
        return signed(value) if isinstance(value, int) else str(value)
    return option.choice_labels.get(value, str(value))


def _card_with(card: str, points: object) -> str:
    # Not a sentence: a card and its points, "K♠ +10", the card in the reader's letters.
    return Message("{card} {points}", params={"card": shown_card(card), "points": points})


def moon_jack_rule(setup: GameSetup) -> str:
    """How the plus card and a moon go together; empty where the question does not arise."""
    options = setup.options
    if options.moon == "off" or not options.jack_of_diamonds:
        return ""
    # The plus card: the J♦ or the 10♦ (option plus_card), at jack_points.
    plus = options.plus_card or JACK_OF_DIAMONDS
    points = signed(options.jack_points)
    if options.moon_needs_jack:
        return _("a moon needs the {card} too; the moon's points then replace its {points}.").format(
            card=shown_card(plus), points=points
        )
    return _("the {card} still scores {points} for whoever took it, the shooter included.").format(
        card=shown_card(plus), points=points
    )


def ordinal(seat: int) -> str:
    """A seat as a sheet says it: '1st', '2nd' (seats 1 to 6)."""
    return {
        1: _("1st"),
        2: _("2nd"),
        3: _("3rd"),
        4: _("4th"),
        5: _("5th"),
        6: _("6th"),
    }[seat]


def count_runs(counts: Iterable[int]) -> str:
    """3, 5, 6, 7 → "3, 5-7"."""
    counts = sorted(counts)
    runs: list[list[int]] = []
    for count in counts:
        if runs and count == runs[-1][-1] + 1:
            runs[-1].append(count)
        else:
            runs.append([count])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def and_list(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c': the last two joined by a translated word."""
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(map(str, words[:-1])), last=words[-1])


def or_list(words: Sequence[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{items} or {last}").format(items=", ".join(map(str, words[:-1])), last=words[-1])
