"""The table's forms: starting a game, entering a hand, declaring, importing a scoresheet, its day.

Forms only parse what the phone sent (numbers are numbers, seats are seats);
every rule is the engine's, and its errors are mapped back onto the fields
they are about (FieldError.field, SetupError.field).
"""

from __future__ import annotations

import re
import secrets
import uuid
from collections import Counter
from collections.abc import Mapping
from datetime import date, timedelta
from math import ceil
from typing import Any, cast

from django import forms
from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.forms.backups import TOO_LARGE
from games.forms.dates import DayField
from games.forms.house_rules import DEFAULT_VARIANT, RANDOM_DEALER, RulesForm, SeatsField
from games.forms.numbers import INT_MAX
from games.json_input import TooLarge, UnreadableJSON, read_json
from games.league_file import counted
from games.models import (
    EARLIEST_DAY,
    PLAYER_NAME_LENGTH,
    Game,
    League,
    LeaguePreset,
    player_name,
)
from rules import MOST_HANDS, EntryError, GameSetup, HandEntry, SetupError, name_key
from rules.cards import (
    CHARGEABLE,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    QUEEN_POINTS,
    RANKS,
    PointCard,
    shown_card,
    the_card,
)
from rules.describe import signed

# The engine's own sentence where a form asks what the engine asks: one msgid, one translation.
from rules.i18n import _ as sentence
from rules.variants import PRESETS

# A scoresheet of a few hundred hands is well under this, and one of 2,000 hands (the most a
# game holds) too; a pasted scoresheet as well as an uploaded one.
SCORESHEET_MAX_BYTES = 1_000_000


class GameForm(RulesForm):
    """A new game: the variant, its house rules, the players in seat order and the first dealer.

    Besides "start", the form is posted to rearrange itself (change variant,
    add, move or remove a seat): those posts are refreshes, answered with
    the form rebuilt by `refreshed`, and never create anything.
    """

    seat = SeatsField(required=False)
    new_name = forms.CharField(label=_("New player"), max_length=PLAYER_NAME_LENGTH, required=False)
    first_dealer = forms.ChoiceField(label=_("First dealer"), required=False)
    # Today at the table unless a paper game is being back-filled.
    played_on = DayField(label=_("Played on"), required=False)

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["played_on"].widget.attrs["max"] = league.today().isoformat()
        self.seat_names = self._seat_names(self.data if self.is_bound else self.initial)
        cast(forms.ChoiceField, self.fields["first_dealer"]).choices = [(RANDOM_DEALER, gettext("Draw at random"))] + [
            (name, name) for name in self.seat_names
        ]
        self.fields["first_dealer"].widget.attrs["class"] = "form-select"
        self.preset: LeaguePreset | None = None
        if "teams" in self.fields:
            # Ticking Partners shows who partners whom beside the seats (the seats' own refresh).
            self.fields["teams"].widget.attrs.update(
                {
                    "hx-post": reverse("games:game-new", args=[league.pk]),
                    "hx-trigger": "change",
                    "hx-target": "#seats",
                    "hx-swap": "outerHTML",
                }
            )

    @property
    def partners(self) -> tuple[str, ...]:
        """With Partners ticked, the teams the engine makes of the seated players ("Ann+Cat"); else ()."""
        source = self.data if self.is_bound else self.initial
        if "teams" not in self.fields or not source.get("teams"):
            return ()
        try:
            setup = GameSetup.create(self.variant_key, self.seat_names, {"teams": True})
        except SetupError:
            return ()
        return setup.team_names

    @staticmethod
    def _seat_names(source: Mapping[str, Any]) -> list[str]:
        raw = source.getlist("seat") if isinstance(source, QueryDict) else source.get("seat", [])
        return [name.strip() for name in raw if isinstance(name, str) and name.strip()]

    @classmethod
    def blank(cls, league: League, variant: str | None = None, preset: LeaguePreset | None = None) -> GameForm:
        """An empty table for a variant's defaults, or for one of the league's presets, played today."""
        if preset is not None:
            initial = cls.rules_initial(preset.variant, preset.options)
        else:
            initial = cls.rules_initial(variant if variant in PRESETS else DEFAULT_VARIANT)
        form = cls(
            league=league,
            initial={**initial, "seat": [], "first_dealer": RANDOM_DEALER, "played_on": league.today()},
        )
        form.preset = preset
        return form

    @classmethod
    def refreshed(cls, league: League, data: QueryDict) -> GameForm:
        """The form after a rearranging post: seats moved, added or removed, options reset for a new variant."""
        seats = cls._seat_names(data)
        notice = ""

        def index(key: str) -> int | None:
            try:
                value = int(data.get(key, ""))
            except ValueError:
                return None
            return value if 0 <= value < len(seats) else None

        if (i := index("up")) is not None and i > 0:
            seats[i - 1], seats[i] = seats[i], seats[i - 1]
        elif (i := index("down")) is not None and i < len(seats) - 1:
            seats[i + 1], seats[i] = seats[i], seats[i + 1]
        elif (i := index("remove")) is not None:
            del seats[i]
        for typed in (data.get("add_player", ""), data.get("new_name", "")):
            if not typed.strip():
                continue
            try:
                name = player_name(typed.strip())
            except forms.ValidationError as error:
                notice = error.messages[0]
                continue
            if name_key(name) in {name_key(seat) for seat in seats}:
                notice = f"{name} already has a seat"
            else:
                # A league player's own spelling wins over the typed one.
                known = league.players.filter(name_key=name_key(name)).values_list("name", flat=True).first()
                seats.append(known or name)

        dealer = data.get("first_dealer", RANDOM_DEALER)
        dealer = dealer if dealer in seats else RANDOM_DEALER
        initial = {
            **cls.refreshed_rules(data),
            "seat": seats,
            "first_dealer": dealer,
            "played_on": data.get("played_on") or league.today(),
        }
        form = cls(league=league, initial=initial)
        form.notice = notice
        return form

    def unseated_players(self) -> list[str]:
        seated = {name.casefold() for name in self.seat_names}
        return [name for name in self.league.players.values_list("name", flat=True) if name.casefold() not in seated]

    def clean_played_on(self) -> date:
        return day_of_play(self.league, self.cleaned_data.get("played_on") or self.league.today())

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        names = list(self.seat_names)
        new_name = (cleaned.get("new_name") or "").strip()
        if new_name:
            names.append(new_name)
        cleaned["names"] = names
        return cleaned

    def setup_arguments(self) -> dict[str, Any]:
        """Keyword arguments for Game.start_named; draws the first dealer when asked to."""
        data = self.cleaned_data
        names = data["names"]
        dealer = data.get("first_dealer") or RANDOM_DEALER
        if dealer == RANDOM_DEALER or dealer not in names:
            # The table asked the app to draw: an unpredictable pick.
            first_dealer = secrets.randbelow(len(names)) if names else 0
        else:
            first_dealer = names.index(dealer)
        return {
            "variant": data["variant"],
            "names": names,
            "options": self.options(),
            "first_dealer": first_dealer,
            "played_on": data["played_on"],
        }

    def add_setup_error(self, error: SetupError) -> None:
        variant = PRESETS.get(self.cleaned_data.get("variant", ""))
        seated = len(self.cleaned_data.get("names", []))
        if error.field == "players" and variant and not variant.min_players <= seated <= variant.max_players:
            # The engine names the variant by its key too (as a scoresheet file writes it): say it as the table would.
            error = SetupError(
                gettext("%(variant)s is played by %(players)s players: %(seated)d seated")
                % {"variant": variant.name, "players": variant.player_range, "seated": seated},
                "players",
            )
        super().add_setup_error(error)


# Entering a hand -----------------------------------------------------------


class HeartsField(forms.IntegerField):
    """A player's hearts: digits only (a minus sign is left for the engine to refuse in its words).

    Django's IntegerField takes "2.0" as 2; a phone's "2.5" or "1e1" was a
    slip of the finger, never a count of hearts, and is refused naming the
    player, like letters are.
    """

    WHOLE = re.compile(r"[+-]?[0-9]{1,6}")

    def __init__(self, name: str, **kwargs: Any) -> None:
        super().__init__(label=name, **kwargs)
        self.player = name

    def to_python(self, value: Any) -> int | None:
        text = "" if value is None else str(value).strip()
        if text in self.empty_values:
            return None
        if not self.WHOLE.fullmatch(text):
            message = _("%(name)s's hearts must be a whole number, not “%(typed)s”")
            raise forms.ValidationError(message, code="invalid", params={"name": self.player, "typed": text[:12]})
        return int(text)


class SeatChoiceField(forms.TypedChoiceField):
    """One of the game's seats, as a radio button per player."""

    def __init__(self, setup: GameSetup, **kwargs: Any) -> None:
        super().__init__(
            choices=list(enumerate(setup.players)),
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
            **kwargs,
        )


PLUS_CARDS = (JACK_OF_DIAMONDS, "10♦")

# The suits as letters, for form field names a browser and a test type easily.
SUIT_LETTERS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def taker_field(card: str) -> str:
    """The hand form's field for a single point card's taker: queen, jack, or card_ks for the K♠."""
    if card == QUEEN_OF_SPADES:
        return "queen"
    if card == JACK_OF_DIAMONDS:
        return "jack"
    return f"card_{card[:-1].lower()}{SUIT_LETTERS[card[-1]]}"


def point_card_field(card: PointCard) -> str:
    """The field of one line of the engine's point-card table: its own field for Turbo's 10♣ and
    the plus card, and a second copy's (Cancellation's two decks) the first's with "_2"."""
    if card.field == "ten":
        name = "ten"
    elif card.field == "jack":
        name = "jack"
    else:
        name = taker_field(card.card)
    return f"{name}_2" if card.second else name


def point_card_field_of(cards: tuple[PointCard, ...], card: str, field: str | None) -> str:
    """The field an engine's refusal about `card` (held in its `field`) belongs on: its first copy's."""
    for point_card in cards:
        if point_card.card == card and point_card.field == field and not point_card.second:
            return point_card_field(point_card)
    return taker_field(card)


def ranks_field(seat: int) -> str:
    return f"ranks_{seat}"


class HandForm(forms.Form):
    """One hand as the table enters it: the cards taken, or a revoke instead.

    One row of player buttons per single point card in play (the engine's
    table: the Q♠, the J♦ where it scores, a house's extra cards), a hearts
    box per player, and where the house plays them a sun and the time limit.
    Only the shape is checked here (whole numbers, real seats); whether the
    hearts add up, who shot the moon and so on is the engine's to say.
    """

    CARDS = "cards"
    REVOKE = "revoke"

    # Up to one past the last hand a game holds: the engine says why that one is refused.
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MOST_HANDS + 1)
    # The game's version when an edit form was opened (see Game.edit_hand); its column's range.
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=INT_MAX, required=False)
    # Set by the offline queue (static/js/offline.js): one key per hand sent.
    key = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
    action = forms.ChoiceField(choices=[(CARDS, CARDS), (REVOKE, REVOKE)], required=False)
    moon = forms.ChoiceField(
        choices=[("add", "add"), ("subtract", "subtract")], required=False, widget=forms.RadioSelect
    )

    def __init__(
        self, *args: Any, setup: GameSetup, time_left: timedelta | None = None, marked: bool = False, **kwargs: Any
    ) -> None:
        """time_left: the time limit's clock as the server reads it (Game.time_left), for a form that
        records; marked: the time was marked as run out already (in the hand being changed, or an earlier one)."""
        super().__init__(*args, **kwargs)
        self.setup = setup
        self.time_left, self.marked = time_left, marked
        self.single_cards = setup.single_cards
        # Hearts that score by rank (RULES.md, More variants) are ticked rank by rank, one
        # strip of checkboxes per player, instead of counted in a box.
        self.by_rank = setup.ranks_needed
        if setup.turbo:
            self.fields["charged"] = forms.MultipleChoiceField(
                choices=[(card, card) for card in CHARGEABLE],
                required=False,
                widget=forms.CheckboxSelectMultiple,
                label=_("Charged"),
            )
        for card in self.single_cards:
            self.fields[point_card_field(card)] = SeatChoiceField(
                setup, label=sentence("Who took the {card}?").format(card=shown_card(card.card))
            )
        if setup.options.sun:
            self.fields["sun"] = forms.BooleanField(required=False, label=_("Took every trick too: shot the sun"))
        if setup.options.time_limit:
            self.fields["time_up"] = forms.BooleanField(required=False, label=_("The time ran out during this hand"))
        self.fields["revoke"] = SeatChoiceField(setup, label=_("Who revoked?"))
        for seat, name in enumerate(setup.players):
            if self.by_rank:
                self.fields[ranks_field(seat)] = forms.MultipleChoiceField(
                    choices=[(rank, f"{rank}{HEARTS}") for rank in RANKS],
                    required=False,
                    widget=forms.CheckboxSelectMultiple,
                    label=name,
                )
                continue
            # No min or max validators: the engine says what is wrong with the
            # hearts, in the table's words.
            self.fields[f"hearts_{seat}"] = HeartsField(
                name,
                required=False,
                # Empty with a 0 shown as a placeholder, not a 0 the finger has
                # to delete first: a blank box counts as no hearts. A text box
                # with the digits keypad, not type=number: that one hides what
                # was typed ("e", "2.5") behind an empty value, which counted as 0.
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "pattern": "[0-9]*",
                        "autocomplete": "off",
                        "maxlength": 6,
                        "placeholder": "0",
                        "class": "form-control hearts-input",
                    }
                ),
            )
        self.hearts_errors: list[str] = []

    @classmethod
    def initial_for(
        cls, number: int, entry: HandEntry | None = None, version: int | None = None, time_up: bool = False
    ) -> dict[str, Any]:
        """The fields for hand `number`: empty, or with `entry` filled in; time_up ticks the time limit's box.

        A new hand gets its idempotency key here, once, when its form is drawn: a second tap, a
        retry after a lost reply, the offline queue's send all carry it (Game.record_hand)."""
        initial: dict[str, Any] = {"number": number, "version": version, "time_up": time_up}
        if entry is None:
            return {**initial, "key": uuid.uuid4().hex}
        initial["time_up"] = entry.time_up
        if entry.charged:
            initial["charged"] = list(entry.charged)
        if entry.is_revoke:
            return {**initial, "action": cls.REVOKE, "revoke": entry.revoke}
        initial.update(queen=entry.queen, jack=entry.jack, moon=entry.moon, sun=entry.sun, ten=entry.ten)
        initial.update({taker_field(card): taker for card, taker in entry.extras})
        for card, taker in entry.twins:
            initial[f"{taker_field(card)}_2"] = taker
            if card in PLUS_CARDS:
                # The plus card's second copy is jack_2 whichever card plays it (the form has no setup here).
                initial["jack_2"] = taker
        if entry.ranks is not None:
            initial.update({ranks_field(seat): list(ranks) for seat, ranks in enumerate(entry.ranks)})
        else:
            initial.update({f"hearts_{seat}": hearts for seat, hearts in enumerate(entry.hearts)})
        return initial

    @classmethod
    def fields_for(cls, setup: GameSetup, entry: HandEntry) -> dict[str, str]:
        """The entry as the form's values (the cards' takers and the hearts boxes), as a phone
        compares them with what it typed: a blank hearts box is "0"."""
        values = cls.initial_for(0, entry)
        names = [point_card_field(card) for card in setup.single_cards]
        names += [f"hearts_{seat}" for seat in range(setup.seats)]
        names += ["moon", "sun", "action", "revoke"]
        fields = {
            name: str(values[name])
            for name in names
            if values.get(name) is not None and values[name] is not False and values[name] != ""
        }
        # Ticked boxes (a player's heart ranks, Turbo's charges) as their values joined by commas, in the form's order.
        for name in ["charged", *(ranks_field(seat) for seat in range(setup.seats))]:
            if values.get(name):
                fields[name] = ",".join(values[name])
        return fields

    @property
    def asks_time_up(self) -> bool:
        return "time_up" in self.fields

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        self._refuse_repeated_fields()
        if cleaned.get("action") == self.REVOKE and cleaned.get("revoke") is None and "revoke" not in self.errors:
            self.add_error("revoke", sentence("Who revoked? Pick one of the players"))
        self._refuse_time_up_too_soon()
        return cleaned

    def _refuse_time_up_too_soon(self) -> None:
        """The time runs out by the server's clock, never the phone's (issue 34): a phone whose clock runs
        ahead showed "Time is up" early, and its mark ended the game. A hand is marked as the one the
        time ran out in only once the game's clock (started and read on the server) says it has."""
        left = self.time_left
        if not self.cleaned_data.get("time_up") or self.marked or left is None or left.total_seconds() <= 0:
            return
        minutes = max(1, ceil(left.total_seconds() / 60))
        self.add_error(
            "time_up",
            ngettext(
                "The time has not run out yet: %(minutes)d minute is left by the game's clock",
                "The time has not run out yet: %(minutes)d minutes are left by the game's clock",
                minutes,
            )
            % {"minutes": minutes},
        )

    def _refuse_repeated_fields(self) -> None:
        """Each card has exactly one taker and each player one hearts count.

        A form posts every field once; a request carrying one twice (say
        `queen=0&queen=1`) was made by hand, and Django would silently keep the
        last value. Refuse it instead of guessing which was meant."""
        getlist = getattr(self.data, "getlist", None)
        if getlist is None:
            return
        cards = {point_card_field(card): the_card(card.card) for card in self.single_cards}
        for name, field in self.fields.items():
            if isinstance(field, forms.MultipleChoiceField):
                # Ticked boxes (ranks, charges) post one value each; the engine refuses a rank named twice.
                continue
            if len(getlist(name)) > 1:
                what = cards.get(name) or (_("the revoke") if name == "revoke" else field.label or name)
                self.add_error(
                    None, _("%(what)s was sent more than once: each card has exactly one taker") % {"what": what}
                )

    def entry(self) -> HandEntry:
        data = self.cleaned_data
        time_up = bool(data.get("time_up"))
        charged = data.get("charged") or ()
        if data.get("action") == self.REVOKE:
            return HandEntry.revoked(data["revoke"], time_up=time_up, charged=charged)
        hearts = [data.get(f"hearts_{seat}") or 0 for seat in range(self.setup.seats)]
        ranks = [data.get(ranks_field(seat)) or [] for seat in range(self.setup.seats)] if self.by_rank else None
        firsts = [card for card in self.single_cards if not card.second]
        extras = {card.card: data.get(point_card_field(card)) for card in firsts if card.field == self.CARDS}
        twins = {card.card: data.get(point_card_field(card)) for card in self.single_cards if card.second}
        return HandEntry.cards(
            hearts,
            data.get("queen"),
            data.get("jack"),
            data.get("moon") or None,
            extras=extras,
            sun=bool(data.get("sun")),
            time_up=time_up,
            ranks=ranks,
            ten=data.get("ten"),
            charged=charged,
            twins={card: taker for card, taker in twins.items() if taker is not None},
        )

    def partial_entry(self) -> HandEntry | None:
        """The entry, if what was posted parses, whatever the engine said of it since."""
        if not self.is_bound:
            return None
        parsed = HandForm(self.data, setup=self.setup)
        return parsed.entry() if parsed.is_valid() else None

    def add_entry_errors(self, error: EntryError) -> None:
        for problem in error.errors:
            field = (
                point_card_field_of(self.single_cards, problem.card, problem.field) if problem.card else problem.field
            )
            if problem.field == "hearts":
                self.hearts_errors.append(problem.message)
            elif field in self.fields:
                self.add_error(field, problem.message)
            else:
                self.add_error(None, problem.message)

    def card_rows(self) -> list[dict[str, Any]]:
        """One row of player buttons per single point card, as the template lays them out.

        A card's points are said where the table might not know them: an
        extra card, or a Q♠ worth more than 13.
        """
        rows = []
        for card in self.single_cards:
            name = point_card_field(card)
            chosen = str(self[name].value())
            standard = (card.card == QUEEN_OF_SPADES and card.points == QUEEN_POINTS) or card.field in ("jack", "ten")
            rows.append(
                {
                    "card": card.card,
                    "second": card.second,
                    "name": name,
                    "points": "" if standard else signed(card.points, plus=True),
                    "errors": self[name].errors,
                    "seats": [
                        {"seat": seat, "name": self.setup.players[seat], "checked": chosen == str(seat)}
                        for seat in self.seat_order()
                    ],
                }
            )
        return rows

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per player for the template: their hearts field, and whether they are charged a revoke."""
        revoke = str(self["revoke"].value())
        return [
            {
                "seat": seat,
                "name": name,
                "hearts": None if self.by_rank else self[f"hearts_{seat}"],
                "revoke": revoke == str(seat),
            }
            for seat, name in enumerate(self.setup.players)
        ]

    def rank_strips(self) -> list[dict[str, Any]]:
        """Where hearts score by rank: one strip of the 13 hearts per player, each with its points (the
        engine's values), ticked as the table took them; partners side by side in a team game."""
        values = self.setup.heart_values
        # Two decks (Cancellation) hold each heart twice: a strip has a box per copy, so one
        # player may take both (one tap each), and two players one each.
        copies = self.setup.variant.decks
        strips = []
        for seat in self.seat_order():
            name = ranks_field(seat)
            ticked = Counter(str(rank) for rank in self[name].value() or ())
            strips.append(
                {
                    "seat": seat,
                    "name": name,
                    "player": self.setup.players[seat],
                    "copies": copies,
                    "hearts": [
                        {"rank": rank, "points": points, "checked": ticked[rank] >= 1, "twice": ticked[rank] >= 2}
                        for rank, points in zip(RANKS, values, strict=True)
                    ],
                    "errors": self[name].errors,
                }
            )
        return strips

    def seat_order(self) -> list[int]:
        """The seats as the form lists them: in seat order, or team by team (partners together)."""
        if self.setup.teams:
            return [seat for team in self.setup.teams for seat in team]
        return list(range(self.setup.seats))

    def charge_row(self) -> list[dict[str, Any]]:
        """Turbo Hearts: the four chargeable cards, ticked if charged this hand."""
        if "charged" not in self.fields:
            return []
        ticked = {str(card) for card in self["charged"].value() or ()}
        return [{"card": card, "checked": card in ticked} for card in CHARGEABLE]


class DeleteHandForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=MOST_HANDS)


class DeclareForm(forms.Form):
    status = forms.ChoiceField(choices=[(Game.Status.NULL, _("null")), (Game.Status.ABANDONED, _("abandoned"))])


# Importing a scoresheet ----------------------------------------------------


class GameImportForm(forms.Form):
    """A game's scoresheet (shared/SCORESHEET.md), uploaded or pasted."""

    scoresheet = forms.FileField(label=_("Scoresheet file (.json)"), required=False)
    text = forms.CharField(
        label=_("…or paste the scoresheet"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "font-monospace"}),
    )
    again = forms.BooleanField(label=_("It is another game: import it anyway"), required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        upload = cleaned.get("scoresheet")
        text = cleaned.get("text") or ""
        if upload and text.strip():
            raise forms.ValidationError(_("Upload a file or paste a scoresheet, not both"))
        too_large = forms.ValidationError(_("That file is too large for a scoresheet"), code=TOO_LARGE)
        if upload:
            if upload.size > SCORESHEET_MAX_BYTES:
                raise too_large
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text; export it again as JSON")) from None
        if not text.strip():
            raise forms.ValidationError(_("Choose a scoresheet file or paste one"))
        try:
            cleaned["document"] = read_json(text, most_bytes=SCORESHEET_MAX_BYTES)
        except TooLarge as error:
            if error.what == "bytes":
                raise too_large from None
            raise forms.ValidationError(
                _("That scoresheet holds more than %(most)s values (numbers, names, lists): no game holds so many")
                % {"most": counted(error.most)},
                code=TOO_LARGE,
            ) from None
        except UnreadableJSON as error:
            raise forms.ValidationError(_("This scoresheet cannot be read: %(error)s") % {"error": error}) from None
        return cleaned


def day_of_play(league: League, day: date) -> date:
    """`day`, if a game of the league can have been played on it (up to today at its table)."""
    if day > league.today():
        raise forms.ValidationError(_("A game can't be played after today: choose today or an earlier day."))
    if day < EARLIEST_DAY:
        raise forms.ValidationError(_("Choose a day from 1900 on."))
    return day


class GameDayForm(forms.Form):
    """The day a game was played, put right after it started (a paper game dated today by mistake)."""

    played_on = DayField(label=_("Played on"))

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["played_on"].widget.attrs["max"] = league.today().isoformat()

    def clean_played_on(self) -> date:
        return day_of_play(self.league, self.cleaned_data["played_on"])
