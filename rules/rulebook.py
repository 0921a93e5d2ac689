"""The printable cheat-sheet, written from the engine's own rule data.

    sheet = cheat_sheet("ricketts")                      # a preset, every player count
    sheet = cheat_sheet("standard", {"deal": "kitty"})   # a preset with house rules
    sheet = cheat_sheet(game_setup)                      # one game: its players and seats

Every fact on the sheet (removed cards, kitty, cards each, the pass cycle,
who leads, P, the moon rule, the end of the game) is read from GameSetup,
its DeckPreparation and Options, and the rules of play in rules.referee, so
changing an option changes the sheet. Templates only lay it out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import lcm
from typing import Any

from rules.cards import JACK_OF_DIAMONDS
from rules.deal import Deal, pass_direction
from rules.describe import pass_in_brief, revoke_terms, signed
from rules.errors import SetupError
from rules.game import FIVE, FIVE_HANDS, SIXTY_NINE, SIXTY_NINE_HANDS, GameSetup
from rules.referee import PlayRules, play_rules
from rules.variants import OPTIONS, Option, get_variant


@dataclass(frozen=True, slots=True)
class Item:
    """One rule: a short term in bold, then plain text."""

    term: str
    text: str

    def __str__(self) -> str:
        return f"{self.term}: {self.text}"


@dataclass(frozen=True, slots=True)
class Table:
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    title: str
    items: tuple[Item, ...]
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True, slots=True)
class Sheet:
    title: str
    subtitle: str
    variant: str
    players: tuple[str, ...]  # empty on a preset's sheet
    house_rules: tuple[str, ...]  # options that differ from the preset, in words
    sections: tuple[Section, ...]

    def section(self, key: str) -> Section:
        return next(section for section in self.sections if section.key == key)

    @property
    def text(self) -> str:
        """Everything the sheet says, one line per item or table row (for search and tests)."""
        lines = [self.title, self.subtitle, *self.house_rules]
        for section in self.sections:
            lines.append(section.title)
            lines.extend(str(item) for item in section.items)
            for table in section.tables:
                lines.append(table.caption)
                lines.append(" | ".join(table.header))
                lines.extend(" | ".join(row) for row in table.rows)
        return "\n".join(lines)


def cheat_sheet(
    subject: str | GameSetup,
    options: Mapping[str, object] | None = None,
    players: Sequence[str] | None = None,
) -> Sheet:
    """A preset's sheet (every legal player count), or one game's with its players.

    subject is a variant key (with optional house-rule options and players) or
    a GameSetup. Raises SetupError for an unknown variant or a bad option.
    """
    if isinstance(subject, GameSetup):
        return _Writer((subject,), game=True).sheet()
    if players:
        return _Writer((GameSetup.create(subject, list(players), options),), game=True).sheet()
    variant = get_variant(subject)
    # Some house rules fit only some tables (`across`, `removed`): the sheet
    # covers the player counts they fit, and fails only if they fit none.
    setups = []
    refusal: SetupError | None = None
    for count in range(variant.min_players, variant.max_players + 1):
        try:
            setups.append(GameSetup.create(variant.key, [f"Player {seat + 1}" for seat in range(count)], options))
        except SetupError as error:
            refusal = error
    if not setups and refusal is not None:
        raise refusal
    return _Writer(tuple(setups), game=False).sheet()


def player_counts(counts: Sequence[int]) -> str:
    """The tables a sheet covers, as a title says them: '3-7', '4 or 6', '4, 6 or 8', '4'."""
    counts = sorted(counts)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    if len(counts) == 1:
        return str(counts[0])
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}"


class _Writer:
    """Writes the sections for one game, or for each player count of a preset."""

    def __init__(self, setups: tuple[GameSetup, ...], game: bool) -> None:
        self.setups = setups
        self.setup = setups[0]
        self.game = game
        self.variant = self.setup.variant
        self.options = self.setup.options
        self.play: PlayRules = play_rules(self.setup)
        self.penalty = self.setup.penalty

    def sheet(self) -> Sheet:
        variant = self.variant
        if self.game:
            title = f"{variant.name} for {self.setup.seats} players"
        else:
            title = f"{variant.name} ({player_counts([setup.seats for setup in self.setups])} players)"
        return Sheet(
            title=title,
            subtitle=variant.summary,
            variant=variant.key,
            players=self.setup.players if self.game else (),
            house_rules=self.house_rules(),
            sections=(
                self.setup_section(),
                self.passing_section(),
                self.play_section(),
                self.scoring_section(),
                self.end_section(),
            ),
        )

    def house_rules(self) -> tuple[str, ...]:
        """The options that differ from the preset's defaults, with the engine's labels."""
        defaults = self.variant.defaults
        changed = []
        for key, value in self.options.as_dict().items():
            default = defaults[key]
            if (list(default) if isinstance(default, tuple) else default) == value:
                continue
            option = OPTIONS[key]
            changed.append(f"{option.label}: {option_words(option, value)}")
        return tuple(changed)

    # Setup ------------------------------------------------------------------

    def setup_section(self) -> Section:
        deck = self.setup.deck
        items = [Item("Deck", self.deck_text())]
        if self.game:
            items.append(Item("Seats", f"{', '.join(self.setup.players)} (clockwise)."))
        tables: tuple[Table, ...] = ()
        if deck.draw_pile and self.game:
            items.append(
                Item("Deal", f"{deck.cards_each} cards each; the other {deck.draw_pile} are a face-down draw pile.")
            )
        elif deck.draw_pile:
            items.append(Item("Deal", f"{deck.cards_each} cards each; the rest is a face-down draw pile (table)."))
            tables = (self.draw_pile_table(),)
        elif deck.kitty or self.options.deal == "kitty":
            assert self.options.kitty_to is not None  # set wherever a kitty is dealt
            kitty_to = OPTIONS["kitty_to"].choice_labels[self.options.kitty_to]
            items.append(
                Item("Kitty", f"nothing is removed; the kitty goes, with any point cards in it, to the {kitty_to}.")
            )
            if self.game:
                items.append(Item("Deal", f"{deck.kitty} cards face down to the kitty, then {deck.cards_each} each."))
            else:
                tables = (self.kitty_table(),)
        elif self.options.deal == "remove":
            if self.game:
                removed = f"remove {' '.join(deck.removed)}" if deck.removed else "no cards removed"
                items.append(Item("Deal", f"{removed}; {deck.cards_each} cards each."))
            else:
                items.append(Item("Deal", "take out low cards so every hand is equal (table); deal them all."))
                tables = (self.removed_table(),)
        else:
            items.append(Item("Deal", f"{deck.cards_each} cards each, face down, one at a time, clockwise."))
        items.append(Item("First dealer", self.first_dealer_text()))
        return Section("setup", "Setup", tuple(items), tables)

    def deck_text(self) -> str:
        deck = self.setup.deck
        if deck.decks > 1:
            removed = " and one ".join(deck.removed)
            return (
                f"{deck.decks} decks of 52 without one {removed}: "
                f"{deck.total_cards} cards, {self.setup.hearts_in_play} hearts."
            )
        if deck.warren:
            return (
                "52 cards plus the Warren card (53). Its holder also gets one extra card, face down, "
                "kept aside, which passes with it."
            )
        return "one deck of 52 cards."

    def first_dealer_text(self) -> str:
        how = "low card on a draw deals first and keeps score" if self.play.draw_pile else "the table chooses"
        if self.game:
            setup = self.setup
            first = setup.players[setup.first_dealer]
            second = setup.players[(setup.first_dealer + 1) % setup.seats]
            return f"{first} ({how}); then one seat left each hand ({second} next), tie-break hands too."
        return f"{how}; then the deal moves one seat left each hand, tie-break hands included."

    def removed_table(self) -> Table:
        rows = tuple(
            (str(s.seats), " ".join(s.deck.removed) or "none", str(s.deck.cards_each), s.deck.lowest_club)
            for s in self.setups
        )
        return Table("Cards removed", ("Players", "Removed", "Each", "Leads"), rows)

    def kitty_table(self) -> Table:
        rows = tuple((str(s.seats), str(s.deck.kitty), str(s.deck.cards_each)) for s in self.setups)
        return Table("Kitty", ("Players", "Kitty", "Each"), rows)

    def draw_pile_table(self) -> Table:
        rows = tuple((str(s.seats), str(s.deck.cards_each), str(s.deck.draw_pile)) for s in self.setups)
        return Table("Draw pile", ("Players", "Each", "Draw pile"), rows)

    # Passing ----------------------------------------------------------------

    def passing_section(self) -> Section:
        setup = self.setup
        if setup.pass_cycle == ("hold",):
            return Section("passing", "Passing", (Item("No passing", "every hand is played as dealt."),))
        cards = self.options.pass_cards
        count = "three cards" if cards == 3 else f"{cards} {'card' if cards == 1 else 'cards'}"
        items = [Item("Pass", f"{count} face down, chosen before looking at those received.")]
        if "scatter" in setup.pass_cycle:
            items.append(Item("Scatter", f"one card to each of the {setup.seats - 1} other players."))
        table = self.game_pass_table() if self.game else self.preset_pass_table()
        length = len(table.rows)
        items.append(Item("Cycle", f"after hand {length} it starts again; it runs on through tie-break hands."))
        return Section("passing", "Passing", tuple(items), (table,))

    def preset_pass_table(self) -> Table:
        # Player counts that share a cycle share a column.
        columns: dict[tuple[str, ...], list[int]] = {}
        for s in self.setups:
            columns.setdefault(s.pass_cycle, []).append(s.seats)
        length = lcm(*(len(cycle) for cycle in columns))
        header = ("Hand", *(f"{_counts(counts)} players" for counts in columns.values()))
        rows = tuple(
            (str(number), *(pass_in_brief(pass_direction(cycle, number)) for cycle in columns))
            for number in range(1, length + 1)
        )
        return Table("Passing by hand", header, rows)

    def game_pass_table(self) -> Table:
        setup = self.setup
        rows = []
        for number in range(1, len(setup.pass_cycle) + 1):
            deal = setup.deal(number)
            rows.append((str(number), deal.pass_direction, self.passes_text(deal)))
        return Table("Passing by hand", ("Hand", "Pass", "To whom"), tuple(rows))

    def passes_text(self, deal: Deal) -> str:
        """Whom each player passes to; names only where the seat order does not say it."""
        names = self.setup.players
        if deal.pass_direction == "left":
            return "the next player in seat order"
        if deal.pass_direction == "right":
            return "the player before in seat order"
        if deal.pass_direction == "across":
            # A no-break space keeps each arrow with the name before it.
            return ", ".join(f"{names[giver]}\u00a0↔ {names[taker]}" for giver, taker in deal.passes() if giver < taker)
        if deal.pass_direction == "scatter":
            return "one card to each other player"
        if deal.pass_direction == "hold":
            return "no passing"
        return ", ".join(f"{names[giver]}\u00a0→ {names[taker]}" for giver, taker in deal.passes())

    # Play -------------------------------------------------------------------

    def play_section(self) -> Section:
        play = self.play
        items = [Item("Lead", self.lead_text())]
        items.append(
            Item(
                "Follow suit",
                "if you can; if not, play any card within the limits below. "
                "Highest card of the suit led wins; the winner leads next. No trumps.",
            )
        )
        if play.first_trick_limits:
            items.append(Item("First trick", "no heart and not the Q♠, unless you hold nothing else."))
        elif self.options.first_trick_points and not play.draw_pile:
            items.append(Item("First trick", "point cards may be played to it (house rule)."))
        else:
            items.append(Item("First trick", "no special limit: play it like any other trick."))
        breaks = "a heart or the Q♠ has" if play.queen_breaks_hearts else "a heart has"
        items.append(Item("Leading hearts", "not until hearts are broken, unless you hold only hearts."))
        if play.draw_pile:
            items.append(
                Item(
                    "Drawing",
                    "cannot follow suit? Draw from the pile until you can, then play that card. "
                    "Only with the pile empty may you play another suit.",
                )
            )
            items.append(
                Item(
                    "Hearts broken", "a heart may be played only then (pile empty, cannot follow); that breaks hearts."
                )
            )
        else:
            items.append(Item("Hearts broken", f"once {breaks} been played."))
        if play.queen_leads_any_time:
            items.append(Item("Q♠", "may be led at any time, even before hearts are broken."))
        if play.identical_cards:
            items.append(Item("Identical cards", "of two identical cards, the one played first ranks higher."))
        if play.draw_pile:
            items.append(
                Item(
                    "End of the hand",
                    "a player with no cards is out; the hand ends when one player has cards left, who also "
                    "takes the point cards still in their hand (enter them as theirs).",
                )
            )
        if play.warren:
            items.append(
                Item(
                    "Warren card",
                    "whenever the extra card would be a legal play, its holder may play the Warren card instead, "
                    "declaring the extra card's suit; at the end of the trick the extra card is shown and counts as "
                    "played. Scoring is unchanged.",
                )
            )
        return Section("play", "Play", tuple(items))

    def lead_text(self) -> str:
        play = self.play
        if not play.lowest_club_leads:
            return "the player left of the dealer leads any permitted card."
        if self.game:
            card = play.lead_card
            if card != "2♣":
                return f"the holder of the {card} leads it to the first trick (the 2♣ is removed)."
        else:
            third = [s.seats for s in self.setups if s.deck.lowest_club != "2♣"]
            if third:
                return (
                    f"the holder of the 2♣ leads it to the first trick (the 3♣ with {_counts(third)} "
                    "players, where the 2♣ is removed)."
                )
        if play.kitty:
            return "the holder of the 2♣ leads it; if it lies in the kitty, the lowest club dealt to a player."
        return "the holder of the 2♣ leads it to the first trick."

    # Scoring ------------------------------------------------------------------

    def scoring_section(self) -> Section:
        options = self.options
        setup = self.setup
        hearts = setup.hearts_in_play
        # The point-card table (rules.cards), in its order.
        cards = ", ".join(
            f"each heart {card.points}" if card.counted else f"the {card.card} {signed(card.points)}"
            for card in setup.point_cards
        )
        in_p = join_cards([f"all {hearts} hearts", *(c.card for c in setup.single_cards if c.points > 0)])
        items = [Item("Points", f"{cards}. P\u00a0=\u00a0{self.penalty} ({in_p}).")]
        items.append(Item("Moon", moon_rule(setup)))
        if options.sun:
            items.append(
                Item(
                    "Sun",
                    "a shooter who also took every trick (every point card) says so: the moon is worth twice as "
                    f"much ({2 * setup.moon_value}).",
                )
            )
        jack = moon_jack_rule(self.setup)
        if jack:
            items.append(Item("Moon and J♦", jack))
        items.append(
            Item(
                "Revoke",
                "failing to follow suit when able, uncorrected and found before the hand is scored: "
                f"the offender {revoke_terms(self.setup)}.",
            )
        )
        if options.no_negative:
            items.append(Item("Totals", "add each hand's points; a total below 0 becomes 0 (before wraps)."))
        else:
            items.append(Item("Totals", "add each hand's points; totals may go below 0."))
        if options.wraps:
            items.append(Item("Wraps", f"a total of exactly {_or(str(w) for w in options.wraps)} goes back to 0."))
        return Section("scoring", "Scoring", tuple(items))

    # The end ------------------------------------------------------------------

    def end_section(self) -> Section:
        options = self.options
        target = options.target
        if options.end == "at_least":
            end = f"after a hand in which a total reaches {target} or more."
        else:
            end = f"after a hand in which a total goes above {target} (exactly {target} plays on)."
        items = [Item("Game ends", end + " The lowest total wins if exactly one player has it.")]
        if options.time_limit:
            items.append(
                Item(
                    "Time limit",
                    f"{options.time_limit} minutes from the first deal; after the hand in which the time runs out, "
                    "the game ends as if the target were met.",
                )
            )
        if options.ties == "play_on":
            items.append(Item("Tie for lowest", "play a tie-break hand (scored as usual) and check again."))
        else:
            items.append(Item("Tie for lowest", "the game ends and the tied players share the win."))
        if options.sixty_nine:
            items.append(
                Item(
                    f"{SIXTY_NINE} for {SIXTY_NINE_HANDS}",
                    f"staying at exactly {SIXTY_NINE} for {SIXTY_NINE_HANDS} hands after the one that reached it wins "
                    f"outright; so do {FIVE_HANDS} hands at exactly {FIVE}. Runs finished together win together. "
                    "This beats every other ending.",
                )
            )
        if options.wraps or options.sixty_nine:
            steps = [
                "totals",
                *(["wraps"] if options.wraps else []),
                *(["69 for 5"] if options.sixty_nine else []),
                "the end check",
            ]
            items.append(Item("Order", f"after each hand: {', then '.join(steps)}."))
        items.append(
            Item("Null game", "every total back to 0 after a hand: the table may call the game null (no winner).")
        )
        return Section("end", "End of the game", tuple(items))


def moon_rule(setup: GameSetup) -> str:
    """The game's moon rule in plain words, with its value."""
    p = setup.moon_value
    needed = [card.card for card in setup.single_cards if card.points > 0]
    if setup.options.moon_needs_jack:
        needed.append(JACK_OF_DIAMONDS)
    taken = "taking " + join_cards([f"all {setup.hearts_in_play} hearts", *needed])
    rule = setup.options.moon
    if rule == "off":
        return f"no shooting the moon: {taken} scores {setup.penalty} like any other points."
    if rule == "choice":
        return f"{taken}, the shooter chooses: everyone else +{p} (shooter 0), or shooter −{p} (others 0)."
    if rule == "add":
        return f"{taken}: everyone else scores +{p}, the shooter 0."
    if rule == "subtract":
        return f"{taken}: the shooter scores −{p}, everyone else 0."
    if rule == "auto":
        return (
            f"{taken}: everyone else +{p}, shooter 0, unless after that some total meets the end of the game; "
            f"then the shooter −{p}, others 0."
        )
    return (
        f"{taken}: everyone else +{p}, shooter 0, unless that would end the game (after wraps and every end "
        f"check) with the shooter not a winner; then the shooter −{p}, others 0 (the Ricketts safety rule)."
    )


def join_cards(parts: Sequence[str]) -> str:
    """'all 13 hearts and the Q♠', 'all 13 hearts, the Q♠ and the K♠'."""
    named = [parts[0], *(f"the {part}" for part in parts[1:])]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def option_words(option: Option, value: Any) -> str:
    """An option's value in words: 'on', '104, 126', 'left, right, hold', 'K♠ 10, A♠ 7'.

    value is Any: its type follows option.kind (Option.check made it so).
    """
    if option.kind == "bool":
        return "on" if value else "off"
    if option.kind in ("int_list", "pass_list"):
        return ", ".join(str(v) for v in value) or "none"
    if option.kind == "card_list":
        return " ".join(value) or "none"
    if option.kind == "card_map":
        return ", ".join(f"{card} {signed(points)}" for card, points in dict(value).items())
    if option.kind == "heart_points":
        if isinstance(value, tuple):
            return ", ".join(f"{rank}♥ {points}" for rank, points in value) + ", the others 1"
        return "face value (2-10, J 11, Q 12, K 13, A 14)" if value == "face" else f"{value} each"
    return option.choice_labels.get(value, str(value))


def moon_jack_rule(setup: GameSetup) -> str:
    """How the J♦ and a moon go together; empty where the question does not arise."""
    options = setup.options
    if options.moon == "off" or not options.jack_of_diamonds:
        return ""
    # The plus card: the J♦ or the 10♦ (option plus_card), at jack_points.
    plus = options.plus_card or "J♦"
    points = signed(options.jack_points)
    if options.moon_needs_jack:
        return f"a moon needs the {plus} too; the moon's points then replace its {points}."
    return f"the {plus} still scores {points} for whoever took it, the shooter included."


def _counts(counts: Iterable[int]) -> str:
    """3, 5, 6, 7 → "3, 5-7"."""
    counts = sorted(counts)
    runs: list[list[int]] = []
    for count in counts:
        if runs and count == runs[-1][-1] + 1:
            runs[-1].append(count)
        else:
            runs.append([count])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def _or(words: Iterable[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
