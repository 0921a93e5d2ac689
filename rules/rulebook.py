"""The printable cheat-sheet, written from the engine's own rule data.

    sheet = cheat_sheet("ricketts")                      # a preset, every player count
    sheet = cheat_sheet("standard", {"deal": "kitty"})   # a preset with house rules
    sheet = cheat_sheet(game_setup)                      # one game: its players and seats

Every fact on the sheet (removed cards, kitty, cards each, the pass cycle,
who leads, P, the moon rule, the end of the game) is read from GameSetup,
its DeckPreparation and Options, and the rules of play in rules.referee, so
changing an option changes the sheet. Templates only lay it out. Turbo
Hearts' charge values are read by scoring sample hands with the engine's
own TurboScoring, so the sheet cannot drift from the scoring.

Every sentence is marked with rules.i18n (docs/I18N.md): English as a str,
translated when shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import lcm

from rules.cards import (
    ACE_OF_HEARTS,
    CHARGEABLE,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    TEN_OF_CLUBS,
    shown_card,
    shown_cards,
)
from rules.deal import Deal, pass_direction
from rules.describe import pass_in_brief, pass_word, revoke_terms, signed
from rules.errors import SetupError
from rules.i18n import Message, _, ngettext
from rules.options import OPTIONS
from rules.referee import PlayRules, play_rules
from rules.scoring_words import (
    all_hearts,
    and_list,
    count_runs,
    hearts_text,
    join_cards,
    moon_jack_rule,
    moon_rule,
    option_words,
    or_list,
    ordinal,
    single_names,
    single_points,
    turbo_values,
)
from rules.setup import FIVE, FIVE_HANDS, SIXTY_NINE, SIXTY_NINE_HANDS, GameSetup
from rules.sheet import Item, Section, Sheet, Table
from rules.variants import get_variant


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
    # Some house rules fit only some tables (`across`, `removed`, `teams`): the
    # sheet covers the player counts they fit, and fails only if they fit none.
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
    return or_list([str(count) for count in counts])


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
        self.turbo = self.setup.turbo
        self.teams = self.setup.teams is not None

    def sheet(self) -> Sheet:
        variant = self.variant
        if self.game:
            title = _("{variant} for {count} players").format(variant=Message(variant.name), count=self.setup.seats)
        else:
            counts = player_counts([setup.seats for setup in self.setups])
            title = _("{variant} ({counts} players)").format(variant=Message(variant.name), counts=counts)
        return Sheet(
            title=title,
            # The preset's words, marked where the presets are written (rules.variants), translated when shown.
            subtitle=variant.summary if isinstance(variant.summary, Message) else Message(variant.summary),
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
            penalty=not self.turbo,
        )

    def house_rules(self) -> tuple[str, ...]:
        """The options that differ from the preset's defaults, with the engine's labels."""
        defaults = self.variant.defaults
        changed = []
        for key, value in self.options.as_dict().items():
            default = defaults[key]
            if isinstance(default, tuple) and default and isinstance(default[0], tuple):
                default = dict(default)
            if (list(default) if isinstance(default, tuple) else default) == value:
                continue
            option = OPTIONS[key]
            changed.append(_("{option}: {value}").format(option=option.label, value=option_words(option, value)))
        return tuple(changed)

    # Setup ------------------------------------------------------------------

    def setup_section(self) -> Section:
        items = [Item(_("Deck"), self.deck_text())]
        if self.game:
            items.append(Item(_("Seats"), _("{players} (clockwise).").format(players=", ".join(self.setup.players))))
        if self.teams:
            items.append(Item(_("Partners"), self.partners_text()))
        deal, tables = self.deal_items()
        items.extend(deal)
        items.append(Item(_("First dealer"), self.first_dealer_text()))
        return Section("setup", _("Setup"), tuple(items), tables)

    def deal_items(self) -> tuple[list[Item], tuple[Table, ...]]:
        """How the cards are dealt (a draw pile, two decks, a kitty, low cards taken out, or all of
        them), and the table the rulebook prints for it where the players decide at the table."""
        deck = self.setup.deck
        if deck.draw_pile:
            return self.draw_pile_deal()
        if deck.decks > 1:
            return self.decks_deal()
        if deck.kitty or self.options.deal == "kitty":
            return self.kitty_deal()
        if self.options.deal == "remove":
            return self.remove_deal()
        return [
            Item(_("Deal"), _("{each} cards each, face down, one at a time, clockwise.").format(each=deck.cards_each))
        ], ()

    def draw_pile_deal(self) -> tuple[list[Item], tuple[Table, ...]]:
        deck = self.setup.deck
        if self.game:
            return [
                Item(
                    _("Deal"),
                    _("{each} cards each; the other {pile} are a face-down draw pile.").format(
                        each=deck.cards_each, pile=deck.draw_pile
                    ),
                )
            ], ()
        return [
            Item(
                _("Deal"),
                _("{each} cards each; the rest is a face-down draw pile (table).").format(each=deck.cards_each),
            )
        ], (self.draw_pile_table(),)

    def decks_deal(self) -> tuple[list[Item], tuple[Table, ...]]:
        deck = self.setup.deck
        if not self.game:
            return [
                Item(
                    _("Deal"),
                    _(
                        "every player the same number of cards: jokers added or cards taken out by the number of "
                        "players, the rest set aside face down (table); a joker scores nothing, and no point card "
                        "is ever set aside (shuffle again if one is)."
                    ),
                )
            ], (self.two_decks_table(),)
        if deck.set_aside:
            deal = _(
                "{each} cards each; set the other {aside} aside face down (no point card: shuffle again if one is)."
            ).format(each=deck.cards_each, aside=deck.set_aside)
        else:
            deal = _("{each} cards each, face down, one at a time, clockwise.").format(each=deck.cards_each)
        return [Item(_("Deal"), deal)], ()

    def kitty_deal(self) -> tuple[list[Item], tuple[Table, ...]]:
        deck = self.setup.deck
        assert self.options.kitty_to is not None  # set wherever a kitty is dealt
        kitty_to = OPTIONS["kitty_to"].choice_labels[self.options.kitty_to]
        kitty = Item(
            _("Kitty"),
            _("nothing is removed; the kitty goes, with any point cards in it, to the {taker}.").format(taker=kitty_to),
        )
        if not self.game:
            return [kitty], (self.kitty_table(),)
        deal = Item(
            _("Deal"),
            _("{kitty} cards face down to the kitty, then {each} each.").format(kitty=deck.kitty, each=deck.cards_each),
        )
        return [kitty, deal], ()

    def remove_deal(self) -> tuple[list[Item], tuple[Table, ...]]:
        deck = self.setup.deck
        if not self.game:
            return [Item(_("Deal"), _("take out low cards so every hand is equal (table); deal them all."))], (
                self.removed_table(),
            )
        if deck.removed:
            deal = _("remove {cards}; {each} cards each.").format(cards=shown_cards(deck.removed), each=deck.cards_each)
        else:
            deal = _("no cards removed; {each} cards each.").format(each=deck.cards_each)
        return [Item(_("Deal"), deal)], ()

    def deck_text(self) -> str:
        deck = self.setup.deck
        hearts = self.setup.hearts_in_play
        if deck.decks > 1 and not self.game and not deck.draw_pile:
            return _("{decks} decks of 52 shuffled together: {hearts} hearts.").format(decks=deck.decks, hearts=hearts)
        if deck.decks > 1:
            if deck.removed:
                return _("{decks} decks of 52 without {removed}: {total} cards, {hearts} hearts.").format(
                    decks=deck.decks,
                    removed=and_list([_("one {card}").format(card=shown_card(card)) for card in deck.removed]),
                    total=deck.total_cards,
                    hearts=hearts,
                )
            if deck.jokers:
                return ngettext(
                    "{decks} decks of 52 and {jokers} joker: {total} cards, {hearts} hearts.",
                    "{decks} decks of 52 and {jokers} jokers: {total} cards, {hearts} hearts.",
                    deck.jokers,
                ).format(decks=deck.decks, jokers=deck.jokers, total=deck.total_cards, hearts=hearts)
            return _("{decks} decks of 52: {total} cards, {hearts} hearts.").format(
                decks=deck.decks, total=deck.total_cards, hearts=hearts
            )
        if deck.warren:
            return _(
                "52 cards plus the Warren card (53). Its holder also gets one extra card, face down, "
                "kept aside, which passes with it."
            )
        return _("one deck of 52 cards.")

    def partners_text(self) -> str:
        """Who plays with whom: by name in a game, by seat on a preset's sheet."""
        if self.game:
            names = self.setup.players
            pairs = [and_list([names[seat] for seat in team]) for team in self.setup.teams or ()]
            return _("{pairs}: partners sit opposite and score as one.").format(pairs="; ".join(map(str, pairs)))
        tables = []
        for setup in self.setups:
            pairs = [and_list([ordinal(seat + 1) for seat in team]) for team in setup.teams or ()]
            tables.append(_("{count} players: {pairs}").format(count=setup.seats, pairs="; ".join(map(str, pairs))))
        return _("{tables}, in seat order: partners sit opposite and score as one.").format(
            tables="; ".join(map(str, tables))
        )

    def first_dealer_text(self) -> str:
        how = (
            _("low card on a draw deals first and keeps score") if self.play.low_card_deals else _("the table chooses")
        )
        if self.game:
            setup = self.setup
            first = setup.players[setup.first_dealer]
            second = setup.players[(setup.first_dealer + 1) % setup.seats]
            if self.turbo:
                return _("{first} ({how}); then one seat left each hand ({second} next).").format(
                    first=first, how=how, second=second
                )
            return _("{first} ({how}); then one seat left each hand ({second} next), tie-break hands too.").format(
                first=first, how=how, second=second
            )
        if self.turbo:
            return _("{how}; then the deal moves one seat left each hand.").format(how=how)
        return _("{how}; then the deal moves one seat left each hand, tie-break hands included.").format(how=how)

    def removed_table(self) -> Table:
        rows = tuple(
            (str(s.seats), " ".join(s.deck.removed) or _("none"), str(s.deck.cards_each), s.deck.lowest_club)
            for s in self.setups
        )
        return Table(_("Cards removed"), (_("Players"), _("Removed"), _("Each"), _("Leads")), rows)

    def kitty_table(self) -> Table:
        rows = tuple((str(s.seats), str(s.deck.kitty), str(s.deck.cards_each)) for s in self.setups)
        return Table(_("Kitty"), (_("Players"), _("Kitty"), _("Each")), rows)

    def draw_pile_table(self) -> Table:
        rows = tuple((str(s.seats), str(s.deck.cards_each), str(s.deck.draw_pile)) for s in self.setups)
        return Table(_("Draw pile"), (_("Players"), _("Each"), _("Draw pile")), rows)

    def two_decks_table(self) -> Table:
        """Cancellation's deal by the number of players: jokers in, cards out, cards each, cards set aside."""
        rows = []
        for s in self.setups:
            deck = s.deck
            if deck.jokers:
                change = ngettext("add {count} joker", "add {count} jokers", deck.jokers).format(count=deck.jokers)
            elif deck.removed:
                change = _("take out {cards}").format(cards=shown_cards(deck.removed))
            else:
                change = _("none")
            rows.append((str(s.seats), change, str(deck.cards_each), str(deck.set_aside)))
        return Table(_("Two decks"), (_("Players"), _("Jokers or cards out"), _("Each"), _("Set aside")), tuple(rows))

    # Passing ----------------------------------------------------------------

    def passing_section(self) -> Section:
        setup = self.setup
        items: list[Item] = []
        if setup.pass_cycle == ("hold",):
            items.append(Item(_("No passing"), _("every hand is played as dealt.")))
            return Section("passing", _("Passing"), tuple(items + self.charge_items()))
        cards = self.options.pass_cards
        count = ngettext("{count} card", "{count} cards", cards).format(count=cards)
        if cards == 3:
            count = _("three cards")
        items.append(
            Item(_("Pass"), _("{count} face down, chosen before looking at those received.").format(count=count))
        )
        if "scatter" in setup.pass_cycle:
            items.append(
                Item(_("Scatter"), _("one card to each of the {others} other players.").format(others=setup.seats - 1))
            )
        table = self.game_pass_table() if self.game else self.preset_pass_table()
        length = len(table.rows)
        hands = self.options.hands_per_game
        if hands is not None:
            # Turbo Hearts: the game is a fixed number of hands, no tie-break hands.
            if hands > length:
                cycle = _("the game is {hands} hands; after hand {length} the cycle starts again.").format(
                    hands=hands, length=length
                )
            else:
                cycle = ngettext(
                    "the game is {hands} hand.", "the game is {hands} hands, one for each line.", hands
                ).format(hands=hands)
            items.append(Item(_("Cycle"), cycle))
        elif length == 1:
            items.append(Item(_("Cycle"), _("the same every hand, tie-break hands too.")))
        else:
            items.append(
                Item(
                    _("Cycle"),
                    _("after hand {length} it starts again; it runs on through tie-break hands.").format(length=length),
                )
            )
        items.extend(self.charge_items())
        return Section("passing", _("Passing"), tuple(items), (table,))

    def charge_items(self) -> list[Item]:
        """Turbo Hearts' charges, after the pass (in the keeper hand, before it)."""
        if not self.play.charging:
            return []
        charging = self.options.charging or "classic"
        return [
            Item(
                _("Charging"),
                _(
                    "after the pass (in the keeper hand, before it) each player may charge (show) the {cards} "
                    "from hand; a charged card doubles its effect (Scoring). Order: {order}."
                ).format(
                    cards=or_list([*map(shown_card, CHARGEABLE)]), order=OPTIONS["charging"].choice_labels[charging]
                ),
            ),
            Item(
                _("Keeper hand"),
                _(
                    "if nobody charged, each player may put cards face down in the middle; they are mixed and dealt "
                    "back so that every hand is {each} again, and a second charge round follows."
                ).format(each=self.setup.deck.cards_each),
            ),
        ]

    def preset_pass_table(self) -> Table:
        # Player counts that share a cycle share a column.
        columns: dict[tuple[str, ...], list[int]] = {}
        for s in self.setups:
            columns.setdefault(s.pass_cycle, []).append(s.seats)
        length = lcm(*(len(cycle) for cycle in columns))
        header = (
            _("Hand"),
            *(_("{counts} players").format(counts=count_runs(counts)) for counts in columns.values()),
        )
        rows = tuple(
            (str(number), *(pass_in_brief(pass_direction(cycle, number)) for cycle in columns))
            for number in range(1, length + 1)
        )
        return Table(_("Passing by hand"), header, rows)

    def game_pass_table(self) -> Table:
        setup = self.setup
        rows = []
        for number in range(1, len(setup.pass_cycle) + 1):
            deal = setup.deal(number)
            rows.append((str(number), pass_word(deal.pass_direction), self.passes_text(deal)))
        return Table(_("Passing by hand"), (_("Hand"), _("Pass"), _("To whom")), tuple(rows))

    def passes_text(self, deal: Deal) -> str:
        """Whom each player passes to; names only where the seat order does not say it."""
        names = self.setup.players
        if deal.pass_direction == "left":
            return _("the next player in seat order")
        if deal.pass_direction == "right":
            return _("the player before in seat order")
        if deal.pass_direction == "across":
            # A no-break space keeps each arrow with the name before it.
            return ", ".join(f"{names[giver]}\u00a0↔ {names[taker]}" for giver, taker in deal.passes() if giver < taker)
        if deal.pass_direction == "scatter":
            return _("one card to each other player")
        if deal.pass_direction in ("hold", "keeper"):
            return _("no passing")
        return ", ".join(f"{names[giver]}\u00a0→ {names[taker]}" for giver, taker in deal.passes())

    # Play -------------------------------------------------------------------

    def play_section(self) -> Section:
        items = [*self.trick_items(), *self.hearts_items(), *self.special_card_items()]
        return Section("play", _("Play"), tuple(items))

    def trick_items(self) -> list[Item]:
        """The lead, following suit, the first trick and charged cards."""
        play = self.play
        items = [Item(_("Lead"), self.lead_text())]
        items.append(
            Item(
                _("Follow suit"),
                _(
                    "if you can; if not, play any card within the limits below. "
                    "Highest card of the suit led wins; the winner leads next. No trumps."
                ),
            )
        )
        if play.first_trick_limits:
            items.append(Item(_("First trick"), _("no heart and not the Q♠, unless you hold nothing else.")))
        elif self.options.first_trick_points and not play.draw_pile:
            if self.variant.defaults.get("first_trick_points"):
                items.append(Item(_("First trick"), _("point cards may be played to it.")))
            else:
                items.append(Item(_("First trick"), _("point cards may be played to it (house rule).")))
        else:
            items.append(Item(_("First trick"), _("no special limit: play it like any other trick.")))
        if play.charging:
            items.append(
                Item(
                    _("Charged cards"),
                    _(
                        "a charged card may not be led or played to the first trick of its suit, unless it is "
                        "your only card of that suit."
                    ),
                )
            )
        return items

    def hearts_items(self) -> list[Item]:
        """When hearts may be led and are broken, drawing from the pile where there is one."""
        play = self.play
        items: list[Item] = []
        items.append(Item(_("Leading hearts"), _("not until hearts are broken, unless you hold only hearts.")))
        if play.draw_pile:
            items.append(
                Item(
                    _("Drawing"),
                    _(
                        "cannot follow suit? Draw from the pile until you can, then play that card. "
                        "Only with the pile empty may you play another suit."
                    ),
                )
            )
            items.append(
                Item(
                    _("Hearts broken"),
                    _("a heart may be played only then (pile empty, cannot follow); that breaks hearts."),
                )
            )
        elif play.queen_breaks_hearts:
            items.append(Item(_("Hearts broken"), _("once a heart or the Q♠ has been played.")))
        else:
            items.append(Item(_("Hearts broken"), _("once a heart has been played.")))
        return items

    def special_card_items(self) -> list[Item]:
        """The Q♠'s lead, identical and cancelled cards, a hand's end with a draw pile, the Warren card."""
        play = self.play
        items: list[Item] = []
        if play.queen_leads_any_time:
            items.append(Item(shown_card("Q♠"), _("may be led at any time, even before hearts are broken.")))
        if play.identical_cards:
            items.append(Item(_("Identical cards"), _("of two identical cards, the one played first ranks higher.")))
        if play.cancelling:
            items.append(
                Item(
                    _("Cancelled cards"),
                    _(
                        "two identical cards in one trick cancel: neither can win it, both still score. A trick "
                        "whose cards all cancel goes to the winner of the next trick (the last trick: to its leader)."
                    ),
                )
            )
        if play.draw_pile:
            items.append(
                Item(
                    _("End of the hand"),
                    _(
                        "a player with no cards is out; the hand ends when one player has cards left, who also "
                        "takes the point cards still in their hand (enter them as theirs)."
                    ),
                )
            )
        if play.warren:
            items.append(
                Item(
                    _("Warren card"),
                    _(
                        "whenever the extra card would be a legal play, its holder may play the Warren card instead, "
                        "declaring the extra card's suit; at the end of the trick the extra card is shown and counts "
                        "as played. Scoring is unchanged."
                    ),
                )
            )
        return items

    def lead_text(self) -> str:
        play = self.play
        if not play.lowest_club_leads:
            if play.free_first_lead:
                return _(
                    "the player left of the dealer leads any card to the first trick, a point card too; "
                    "after that, any permitted card."
                )
            return _("the player left of the dealer leads any permitted card.")
        if self.game:
            card = play.lead_card
            if card is not None and card != "2♣":
                return _("the holder of the {card} leads it to the first trick (the 2♣ is removed).").format(
                    card=shown_card(card)
                )
        else:
            third = [s.seats for s in self.setups if s.deck.lowest_club != "2♣"]
            if third:
                return _(
                    "the holder of the 2♣ leads it to the first trick (the 3♣ with {counts} players, "
                    "where the 2♣ is removed)."
                ).format(counts=count_runs(third))
        if play.kitty:
            return _("the holder of the 2♣ leads it; if it lies in the kitty, the lowest club dealt to a player.")
        return _("the holder of the 2♣ leads it to the first trick.")

    # Scoring ------------------------------------------------------------------

    def scoring_section(self) -> Section:
        if self.turbo:
            return self.turbo_scoring_section()
        options = self.options
        setup = self.setup
        in_p = join_cards([all_hearts(setup), *single_names(card for card in setup.single_cards if card.points > 0)])
        points = _("{cards}. P = {penalty} ({in_p}).").format(
            cards=", ".join(map(str, [hearts_text(setup), *single_points(setup.single_cards)])),
            penalty=self.penalty,
            in_p=in_p,
        )
        items = [Item(_("Points"), points)]
        if self.teams:
            items.append(
                Item(
                    _("Teams"),
                    _(
                        "partners add up what they took and score as one: totals, wraps, the end of the game and "
                        "its winners go by teams."
                    ),
                )
            )
        items.append(Item(_("Moon"), moon_rule(setup)))
        if options.sun:
            items.append(
                Item(
                    _("Sun"),
                    _(
                        "a shooter who also took every trick (every point card) says so: the moon is worth twice as "
                        "much ({value})."
                    ).format(value=2 * setup.moon_value),
                )
            )
        jack = moon_jack_rule(self.setup)
        if jack:
            plus = options.plus_card or JACK_OF_DIAMONDS
            items.append(Item(_("Moon and {card}").format(card=shown_card(plus)), jack))
        items.append(
            Item(
                _("Revoke"),
                _(
                    "failing to follow suit when able, uncorrected and found before the hand is scored: "
                    "the offender {terms}."
                ).format(terms=revoke_terms(self.setup)),
            )
        )
        if options.no_negative:
            items.append(Item(_("Totals"), _("add each hand's points; a total below 0 becomes 0 (before wraps).")))
        else:
            items.append(Item(_("Totals"), _("add each hand's points; totals may go below 0.")))
        if options.wraps:
            items.append(
                Item(
                    _("Wraps"),
                    _("a total of exactly {totals} goes back to 0.").format(
                        totals=or_list([str(w) for w in options.wraps])
                    ),
                )
            )
        return Section("scoring", _("Scoring"), tuple(items))

    def turbo_scoring_section(self) -> Section:
        """Turbo Hearts: each player's score in RULES.md's five steps, then the money."""
        values = turbo_values(self.setup)
        heart, queen, jack, ten = values.heart, values.queen, values.jack, values.ten
        items = [
            Item(
                _("Points"),
                _(
                    "in this order: hearts {heart} each ({heart_charged} with the {ace} charged); the {queen_card} "
                    "{queen} ({queen_charged} charged); a {queen_card} taker with all {hearts} hearts has that score "
                    "negated (the moon: nothing goes to the others); the {jack_card} {jack} ({jack_charged} "
                    "charged); the {ten_card} multiplies its taker's score by {ten} ({ten_charged} charged), "
                    "a negative score too."
                ).format(
                    heart=heart[0],
                    heart_charged=heart[1],
                    ace=ACE_OF_HEARTS,
                    queen_card=shown_card(QUEEN_OF_SPADES),
                    queen=queen[0],
                    queen_charged=queen[1],
                    hearts=self.setup.hearts_in_play,
                    jack_card=shown_card(JACK_OF_DIAMONDS),
                    jack=signed(jack[0]),
                    jack_charged=signed(jack[1]),
                    ten_card=TEN_OF_CLUBS,
                    ten=ten[0],
                    ten_charged=ten[1],
                ),
            ),
            Item(
                _("Money"),
                _(
                    "each hand, each player wins the sum of the {players} scores minus {players} times their own "
                    "(it adds up to 0)."
                ).format(players=self.setup.seats),
            ),
            Item(
                _("Revoke"),
                _(
                    "failing to follow suit when able, uncorrected and found before the hand is scored: "
                    "the offender {terms}."
                ).format(terms=revoke_terms(self.setup)),
            ),
            Item(_("Totals"), _("add each hand's points, and each hand's money beside them; totals may go below 0.")),
        ]
        return Section("scoring", _("Scoring"), tuple(items))

    # The end ------------------------------------------------------------------

    def end_section(self) -> Section:
        if self.turbo:
            return self.turbo_end_section()
        options = self.options
        items = [self.game_ends_item()]
        if options.time_limit:
            items.append(
                Item(
                    _("Time limit"),
                    _(
                        "{minutes} minutes from the first deal; after the hand in which the time runs out, "
                        "the game ends as if the target were met."
                    ).format(minutes=options.time_limit),
                )
            )
        if options.ties == "play_on":
            items.append(Item(_("Tie for lowest"), _("play a tie-break hand (scored as usual) and check again.")))
        else:
            items.append(Item(_("Tie for lowest"), _("the game ends and the tied players share the win.")))
        if options.sixty_nine:
            items.append(
                Item(
                    _("{score} for {hands}").format(score=SIXTY_NINE, hands=SIXTY_NINE_HANDS),
                    _(
                        "staying at exactly {score} for {hands} hands after the one that reached it wins "
                        "outright; so do {five_hands} hands at exactly {five}. Runs finished together win together. "
                        "This beats every other ending."
                    ).format(score=SIXTY_NINE, hands=SIXTY_NINE_HANDS, five_hands=FIVE_HANDS, five=FIVE),
                )
            )
        if options.wraps or options.sixty_nine:
            if options.wraps and options.sixty_nine:
                order = _("after each hand: totals, then wraps, then {score} for {hands}, then the end check.")
            elif options.wraps:
                order = _("after each hand: totals, then wraps, then the end check.")
            else:
                order = _("after each hand: totals, then {score} for {hands}, then the end check.")
            items.append(Item(_("Order"), order.format(score=SIXTY_NINE, hands=SIXTY_NINE_HANDS)))
        items.append(
            Item(
                _("Null game"),
                _("every total back to 0 after a hand: the table may call the game null (no winner)."),
            )
        )
        return Section("end", _("End of the game"), tuple(items))

    def turbo_end_section(self) -> Section:
        """Turbo Hearts ends after its hands, with no target."""
        options = self.options
        hands = options.hands_per_game or 0
        end = ngettext(
            "after hand {hands}; the lowest total (the most money) wins, and tied players share the win. "
            "No target, no wraps, no tie-break hands.",
            "after hand {hands}; the lowest total (the most money) wins, and tied players share the win. "
            "No target, no wraps, no tie-break hands.",
            hands,
        ).format(hands=hands)
        return Section("end", _("End of the game"), (Item(_("Game ends"), end),))

    def game_ends_item(self) -> Item:
        """When a game with a target ends, and who wins it."""
        options = self.options
        target = options.target
        if options.end == "at_least":
            end = _("after a hand in which a total reaches {target} or more.").format(target=target)
        else:
            end = _("after a hand in which a total goes above {target} (exactly {target} plays on).").format(
                target=target
            )
        if self.teams:
            lowest = _("The lowest total wins if exactly one team has it.")
        else:
            lowest = _("The lowest total wins if exactly one player has it.")
        return Item(_("Game ends"), _("{end} {lowest}").format(end=end, lowest=lowest))


# The sentences rules.scoring_words writes, still found where they used to be.
__all__ = [
    "Item",
    "Section",
    "Sheet",
    "Table",
    "cheat_sheet",
    "moon_jack_rule",
    "moon_rule",
    "option_words",
    "player_counts",
    "turbo_values",
]
