"""Every form of the app, named by what it edits: accounts, leagues and players,
the table (starting a game, entering a hand, declaring, importing a game), the
seasons that filter standings and the archive, importing a league, members,
and the referee's questions.

Forms only parse what the phone sent (numbers are numbers, seats are seats);
every rule is the engine's, and its errors are mapped back onto the fields
they are about (FieldError.field, SetupError.field).
"""

from __future__ import annotations

import re
import secrets
import uuid
from collections.abc import Mapping
from datetime import date
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.validators import MaxValueValidator, MinValueValidator
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from games import stats
from games.json_input import UnreadableJSON, read_json
from games.models import (
    EARLIEST_DAY,
    PLAYER_NAME_LENGTH,
    PRESET_NAME_LENGTH,
    ActivityEntry,
    Game,
    League,
    LeaguePreset,
    Membership,
    Player,
    Season,
    latest_season_day,
    league_name,
    player_name,
    preset_name,
    season_day,
    season_name,
    time_zone_choices,
)
from rules import OPTIONS, VARIANTS, EntryError, GameSetup, HandEntry, Option, SetupError, name_key
from rules.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, QUEEN_POINTS, read_card
from rules.describe import signed
from rules.errors import OptionError
from rules.referee import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    MIXED,
    ONLY_HEARTS,
    ONLY_HEARTS_AND_QUEEN,
    RANKS,
    SPADES,
    Card,
    PlayQuestion,
    PlayRules,
)
from rules.variants import in_table_words, resolve_options

DEFAULT_VARIANT = "standard"
RANDOM_DEALER = "random"
# A scoresheet of a few hundred hands is well under this.
SCORESHEET_MAX_BYTES = 1_000_000
# The biggest league file the import page takes: about 2,800 games at 1.8 KB
# a game (benchmarks/league.py). Storing a league holds SQLite's write lock,
# and other tables' hands wait on it (at most 20 s, the busy timeout): this
# many games are stored in a few seconds. A bigger backup (a league may hold
# 20,000 games) is restored by the server's administrator with the
# import_league command, as the page says.
IMPORT_MAX_BYTES = 5 * 1024 * 1024
IMPORT_MAX_MB = IMPORT_MAX_BYTES // (1024 * 1024)
BIG_FILES = "python manage.py import_league FILE --owner YOUR-USER-NAME"


# Starting a game -----------------------------------------------------------


class WrapsField(forms.CharField):
    """A list of totals typed as '104, 126'."""

    def to_python(self, value: Any) -> list[int]:
        text = super().to_python(value)
        try:
            return [int(part) for part in text.replace(",", " ").split()]
        except ValueError:
            raise forms.ValidationError("Enter whole numbers separated by commas, e.g. 104, 126") from None


class SeatsField(forms.Field):
    """Player names in seat order, one hidden input each."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        return [str(name).strip() for name in (value or []) if str(name).strip()]


class PassWordsField(forms.CharField):
    """A pass cycle typed as 'left, right, across, hold' (or 'left 2'); blank: the preset's cycle."""

    def to_python(self, value: Any) -> list[str]:
        text = super().to_python(value)
        return [" ".join(word.lower().split()) for word in text.split(",") if word.strip()]


def _cards(text: str) -> list[str]:
    """Cards typed with commas or spaces, each as '2♣' or '2c'; ValidationError naming one that is not."""
    cards = []
    for typed in text.replace(",", " ").split():
        card = read_card(typed)
        if card is None:
            raise forms.ValidationError(f"{typed[:8]} is not a card: write a rank and a suit, like 2♣ or 2c")
        cards.append(card)
    return cards


class CardsField(forms.CharField):
    """Cards typed as '2♣, 2♦' or '2c 2d'."""

    def to_python(self, value: Any) -> list[str]:
        return _cards(super().to_python(value))


class CardPointsField(forms.CharField):
    """Cards with their points, typed as 'K♠ 10, A♠ 7' or 'ks 10, as -5'."""

    def to_python(self, value: Any) -> dict[str, int]:
        points: dict[str, int] = {}
        for pair in super().to_python(value).split(","):
            words = pair.split()
            if not words:
                continue
            cards = _cards(" ".join(words[:-1]))
            try:
                number = int(words[-1].replace("−", "-"))
            except ValueError:
                number = None
            if len(cards) != 1 or number is None:
                raise forms.ValidationError(f"Write each card with its points, like K♠ 10; not {pair.strip()[:16]}")
            points[cards[0]] = number
        return points


# Form fields and how a stored value is shown in them, by the kind of option.
OPTION_FIELDS = {
    "int": lambda common: forms.IntegerField(
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1}), **common
    ),
    "bool": lambda common: forms.BooleanField(**{**common, "required": False}),
    "int_list": lambda common: WrapsField(**{**common, "required": False}),
    "pass_list": lambda common: PassWordsField(**{**common, "required": False}),
    "card_list": lambda common: CardsField(**{**common, "required": False}),
    "card_map": lambda common: CardPointsField(**{**common, "required": False}),
}

# The engine's moon labels speak of P, the rulebook's letter for the hand's
# penalty points; at the table a person reads the new-game form, not RULES.md.
PLAIN_CHOICE_LABELS = {
    "moon": {
        "choice": "the shooter chooses: everyone else takes the hand's points, or the shooter loses them",
        "add": "everyone else takes the hand's points",
        "subtract": "the shooter loses the hand's points",
        "ricketts": "everyone else takes the hand's points, unless that loses the shooter the game: "
        "then the shooter loses them",
        "auto": "everyone else takes the hand's points, unless that ends the game: then the shooter loses them",
    },
}
# About as many characters as a select shows at 360px.
SELECT_LABEL_FITS = 32


def _option_field(option: Option) -> forms.Field:
    # No min_value on numbers: the engine's message for a bad target is the one shown.
    common: dict[str, Any] = {"label": option.label, "help_text": option.help}
    if option.more:
        # The peers' options are left blank for the preset's own rule.
        common["required"] = False
    if option.kind == "choice":
        plain = PLAIN_CHOICE_LABELS.get(option.key, {})
        choices = [(value, plain.get(value) or option.choice_labels.get(value, value)) for value in option.choices]
        # A select cuts a long choice off at 360px ("others +P, unless that lo");
        # radio buttons let it wrap.
        if any(len(label) > SELECT_LABEL_FITS for _, label in choices):
            return forms.ChoiceField(choices=choices, widget=forms.RadioSelect, **common)
        return forms.ChoiceField(choices=choices, **common)
    return OPTION_FIELDS[option.kind](common)


def _option_initial(option: Option, value: Any) -> Any:
    if value is None:
        return ""
    if option.kind == "card_map":
        return ", ".join(f"{card} {points}" for card, points in dict(value).items())
    if option.kind in ("int_list", "pass_list", "card_list"):
        return ", ".join(str(item) for item in value)
    return value


class RulesForm(forms.Form):
    """A variant and its house rules: the part of a new game that a league's preset saves.

    Changing the variant is a refresh of the form (`refreshed_rules`): the
    option fields then belong to the new variant, reset to its defaults.
    """

    variant = forms.ChoiceField(choices=[(key, f"{v.name} ({v.player_range} players)") for key, v in VARIANTS.items()])
    # The variant the option fields below belong to: when it differs from the
    # chosen variant, the options shown are stale and are reset to defaults.
    options_for = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        source = self.data if self.is_bound else self.initial
        key = source.get("variant")
        self.variant_key = key if key in VARIANTS else DEFAULT_VARIANT
        variant = VARIANTS[self.variant_key]
        # The preset's options at hand, then the peers' (RULES.md, More house rules), folded away.
        self.option_keys = variant.option_keys
        self.more_option_keys = variant.more_option_keys
        for option_key in (*self.option_keys, *self.more_option_keys):
            self.fields[option_key] = _option_field(OPTIONS[option_key])
        self.notice = ""

    @staticmethod
    def rules_initial(variant: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The fields for a variant with options (its defaults where not given)."""
        preset = VARIANTS[variant]
        initial: dict[str, Any] = {"variant": variant, "options_for": variant}
        for key in (*preset.option_keys, *preset.more_option_keys):
            value = options[key] if options and key in options else preset.defaults[key]
            initial[key] = _option_initial(OPTIONS[key], value)
        return initial

    @classmethod
    def refreshed_rules(cls, data: QueryDict) -> dict[str, Any]:
        """The variant and option fields after a rearranging post: as typed, or the new variant's defaults."""
        variant = data.get("variant")
        variant = variant if variant in VARIANTS else DEFAULT_VARIANT
        if data.get("options_for") != variant:
            return cls.rules_initial(variant)
        initial: dict[str, Any] = {"variant": variant, "options_for": variant}
        for key in (*VARIANTS[variant].option_keys, *VARIANTS[variant].more_option_keys):
            initial[key] = (key in data) if OPTIONS[key].kind == "bool" else data.get(key, "")
        return initial

    @property
    def stale_options(self) -> bool:
        """The variant changed but its options were never shown (no JS, straight to start)."""
        return self.data.get("options_for") != self.data.get("variant")

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in self.option_keys]

    @property
    def more_option_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in self.more_option_keys]

    @property
    def option_errors(self) -> bool:
        """Whether any house-rule field has an error (the folded rules then open)."""
        keys = (*self.option_keys, *self.more_option_keys, "options_for")
        return self.is_bound and any(self.errors.get(key) for key in keys)

    @property
    def more_option_errors(self) -> bool:
        return self.is_bound and any(self.errors.get(key) for key in self.more_option_keys)

    @property
    def more_options_open(self) -> bool:
        """Unfold the peers' options when one of them is set, or refused."""
        if self.is_bound:
            return self.more_option_errors or bool(self.is_valid() and self._chosen_more(self.cleaned_data))
        return bool(self._chosen_more({key: self.initial.get(key) for key in self.more_option_keys}))

    @property
    def variant_label(self) -> str:
        return VARIANTS[self.variant_key].name

    def options(self) -> dict[str, Any]:
        """The options for the engine: every preset option, and the peers' ones the house changed."""
        chosen = {key: self.cleaned_data[key] for key in self.option_keys}
        return {**chosen, **self._chosen_more(self.cleaned_data)}

    def _chosen_more(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The peers' options set to something other than the preset's rule (blank is the preset's)."""
        defaults = VARIANTS[self.variant_key].defaults
        chosen = {}
        for key in self.more_option_keys:
            value = values.get(key)
            if value in (None, "", [], {}) or value == defaults[key]:
                continue
            chosen[key] = value
        return chosen

    def add_setup_error(self, error: SetupError) -> None:
        """The engine's refusal beside the field it is about: an option's own field where it names one,
        in the table's words (the option's label, never its key)."""
        message = in_table_words(error.message)
        if isinstance(error, OptionError) and error.option in self.fields:
            self.add_error(error.option, message)
            return
        fields = {"variant": "variant", "players": "seat", "first_dealer": "first_dealer", "options": "options_for"}
        field = fields.get(error.field or "")
        self.add_error(field if field in self.fields else None, message)


class GameForm(RulesForm):
    """A new game: the variant, its house rules, the players in seat order and the first dealer.

    Besides "start", the form is posted to rearrange itself (change variant,
    add, move or remove a seat): those posts are refreshes, answered with
    the form rebuilt by `refreshed`, and never create anything.
    """

    seat = SeatsField(required=False)
    new_name = forms.CharField(label="New player", max_length=PLAYER_NAME_LENGTH, required=False)
    first_dealer = forms.ChoiceField(label="First dealer", required=False)
    # Today at the table unless a paper game is being back-filled.
    played_on = forms.DateField(
        label="Played on",
        required=False,
        widget=forms.DateInput(attrs={"type": "date", "class": "form-control"}),
    )

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["played_on"].widget.attrs["max"] = league.today().isoformat()
        self.seat_names = self._seat_names(self.data if self.is_bound else self.initial)
        self.fields["first_dealer"].choices = [(RANDOM_DEALER, "Draw at random")] + [
            (name, name) for name in self.seat_names
        ]
        self.fields["first_dealer"].widget.attrs["class"] = "form-select"
        self.preset: LeaguePreset | None = None

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
            initial = cls.rules_initial(variant if variant in VARIANTS else DEFAULT_VARIANT)
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
        cleaned = super().clean()
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
        variant = VARIANTS.get(self.cleaned_data.get("variant", ""))
        seated = len(self.cleaned_data.get("names", []))
        if error.field == "players" and variant and not variant.min_players <= seated <= variant.max_players:
            # The engine names the variant by its key too (as a scoresheet file writes it): say it as the table would.
            error = SetupError(
                f"{variant.name} is played by {variant.player_range} players: {seated} seated", "players"
            )
        super().add_setup_error(error)


class PresetForm(RulesForm):
    """A league's own preset: a name, a variant and its house rules."""

    name = forms.CharField(
        label="Name",
        max_length=PRESET_NAME_LENGTH,
        help_text="What your table calls these rules: “Thursday rules”, “Grandma's Hearts”.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "sentences"}),
    )
    field_order = ["name", "variant"]

    def __init__(self, *args: Any, league: League, instance: LeaguePreset | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance = instance

    @classmethod
    def for_preset(cls, league: League, preset: LeaguePreset) -> PresetForm:
        initial = {**cls.rules_initial(preset.variant, preset.options), "name": preset.name}
        return cls(league=league, instance=preset, initial=initial)

    @classmethod
    def refreshed(cls, league: League, data: QueryDict, instance: LeaguePreset | None = None) -> PresetForm:
        """The form after the variant changed: the name as typed, the new variant's options."""
        initial = {**cls.refreshed_rules(data), "name": data.get("name", "")}
        return cls(league=league, instance=instance, initial=initial)

    def clean_name(self) -> str:
        name = preset_name(self.cleaned_data["name"])
        taken = self.league.presets.filter(name_key=name_key(name))
        if self.instance is not None:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(f"{self.league.name} already has house rules named {name}. Pick another name.")
        if self.instance is None and self.league.presets.count() >= LeaguePreset.MOST_PER_LEAGUE:
            raise forms.ValidationError(f"A league keeps at most {LeaguePreset.MOST_PER_LEAGUE} sets of house rules.")
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            try:
                resolve_options(VARIANTS[cleaned["variant"]], self.options())
            except SetupError as error:
                self.add_setup_error(error)
        return cleaned

    def save(self) -> LeaguePreset:
        """Store the preset with every option of its variant spelled out."""
        data = self.cleaned_data
        preset = self.instance or LeaguePreset(league=self.league)
        preset.name = data["name"]
        preset.set_rules(data["variant"], self.options())
        preset.save()
        self.instance = preset
        return preset


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


# The suits as letters, for form field names a browser and a test type easily.
SUIT_LETTERS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def taker_field(card: str) -> str:
    """The hand form's field for a single point card's taker: queen, jack, or card_ks for the K♠."""
    if card == QUEEN_OF_SPADES:
        return "queen"
    if card == JACK_OF_DIAMONDS:
        return "jack"
    return f"card_{card[:-1].lower()}{SUIT_LETTERS[card[-1]]}"


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

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    # The game's version when an edit form was opened (see Game.edit_hand).
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)
    # Set by the offline queue (static/js/offline.js): one key per hand sent.
    key = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
    action = forms.ChoiceField(choices=[(CARDS, CARDS), (REVOKE, REVOKE)], required=False)
    moon = forms.ChoiceField(
        choices=[("add", "add"), ("subtract", "subtract")], required=False, widget=forms.RadioSelect
    )

    def __init__(self, *args: Any, setup: GameSetup, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setup = setup
        self.single_cards = setup.single_cards
        for card in self.single_cards:
            self.fields[taker_field(card.card)] = SeatChoiceField(setup, label=f"Who took the {card.card}?")
        if setup.options.sun:
            self.fields["sun"] = forms.BooleanField(required=False, label="Took every trick too: shot the sun")
        if setup.options.time_limit:
            self.fields["time_up"] = forms.BooleanField(required=False, label="The time ran out during this hand")
        self.fields["revoke"] = SeatChoiceField(setup, label="Who revoked?")
        for seat, name in enumerate(setup.players):
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
        if entry.is_revoke:
            return {**initial, "action": cls.REVOKE, "revoke": entry.revoke}
        initial.update(queen=entry.queen, jack=entry.jack, moon=entry.moon, sun=entry.sun)
        initial.update({taker_field(card): taker for card, taker in entry.extras})
        initial.update({f"hearts_{seat}": hearts for seat, hearts in enumerate(entry.hearts)})
        return initial

    @classmethod
    def fields_for(cls, setup: GameSetup, entry: HandEntry) -> dict[str, str]:
        """The entry as the form's values (the cards' takers and the hearts boxes), as a phone
        compares them with what it typed: a blank hearts box is "0"."""
        values = cls.initial_for(0, entry)
        names = [taker_field(card.card) for card in setup.single_cards]
        names += [f"hearts_{seat}" for seat in range(setup.seats)]
        names += ["moon", "sun", "action", "revoke"]
        return {
            name: str(values[name])
            for name in names
            if values.get(name) is not None and values[name] is not False and values[name] != ""
        }

    @property
    def asks_time_up(self) -> bool:
        return "time_up" in self.fields

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self._refuse_repeated_fields()
        if cleaned.get("action") == self.REVOKE and cleaned.get("revoke") is None and "revoke" not in self.errors:
            self.add_error("revoke", "Who revoked? Pick one of the players")
        return cleaned

    def _refuse_repeated_fields(self) -> None:
        """Each card has exactly one taker and each player one hearts count.

        A form posts every field once; a request carrying one twice (say
        `queen=0&queen=1`) was made by hand, and Django would silently keep the
        last value. Refuse it instead of guessing which was meant."""
        getlist = getattr(self.data, "getlist", None)
        if getlist is None:
            return
        cards = {taker_field(card.card): f"the {card.card}" for card in self.single_cards}
        for name, field in self.fields.items():
            if len(getlist(name)) > 1:
                what = cards.get(name) or {"revoke": "the revoke"}.get(name, str(field.label or name))
                self.add_error(None, f"{what} was sent more than once: each card has exactly one taker")

    def entry(self) -> HandEntry:
        data = self.cleaned_data
        time_up = bool(data.get("time_up"))
        if data.get("action") == self.REVOKE:
            return HandEntry.revoked(data["revoke"], time_up=time_up)
        hearts = [data.get(f"hearts_{seat}") or 0 for seat in range(self.setup.seats)]
        extras = {card.card: data.get(taker_field(card.card)) for card in self.single_cards if card.field == self.CARDS}
        return HandEntry.cards(
            hearts,
            data.get("queen"),
            data.get("jack"),
            data.get("moon") or None,
            extras=extras,
            sun=bool(data.get("sun")),
            time_up=time_up,
        )

    def partial_entry(self) -> HandEntry | None:
        """The entry, if what was posted parses, whatever the engine said of it since."""
        if not self.is_bound:
            return None
        parsed = HandForm(self.data, setup=self.setup)
        return parsed.entry() if parsed.is_valid() else None

    def add_entry_errors(self, error: EntryError) -> None:
        for problem in error.errors:
            field = taker_field(problem.card) if problem.card else problem.field
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
            name = taker_field(card.card)
            chosen = str(self[name].value())
            standard = (card.card == QUEEN_OF_SPADES and card.points == QUEEN_POINTS) or card.field == "jack"
            rows.append(
                {
                    "card": card.card,
                    "name": name,
                    "points": "" if standard else signed(card.points, plus=True),
                    "errors": self[name].errors,
                    "seats": [
                        {"seat": seat, "name": player, "checked": chosen == str(seat)}
                        for seat, player in enumerate(self.setup.players)
                    ],
                }
            )
        return rows

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per player for the template: their hearts field, and whether they are charged a revoke."""
        revoke = str(self["revoke"].value())
        return [
            {"seat": seat, "name": name, "hearts": self[f"hearts_{seat}"], "revoke": revoke == str(seat)}
            for seat, name in enumerate(self.setup.players)
        ]


class DeleteHandForm(forms.Form):
    number = forms.IntegerField(min_value=1)


class DeclareForm(forms.Form):
    status = forms.ChoiceField(choices=[(Game.Status.NULL, "null"), (Game.Status.ABANDONED, "abandoned")])


# Importing a scoresheet ----------------------------------------------------


class GameImportForm(forms.Form):
    """A game's scoresheet (shared/SCORESHEET.md), uploaded or pasted."""

    scoresheet = forms.FileField(label="Scoresheet file (.json)", required=False)
    text = forms.CharField(
        label="…or paste the scoresheet",
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "font-monospace"}),
    )
    again = forms.BooleanField(label="It is another game: import it anyway", required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        upload = cleaned.get("scoresheet")
        text = cleaned.get("text") or ""
        if upload and text.strip():
            raise forms.ValidationError("Upload a file or paste a scoresheet, not both")
        if upload:
            if upload.size > SCORESHEET_MAX_BYTES:
                raise forms.ValidationError("That file is too large for a scoresheet")
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text; export it again as JSON") from None
        if not text.strip():
            raise forms.ValidationError("Choose a scoresheet file or paste one")
        try:
            cleaned["document"] = read_json(text)
        except UnreadableJSON as error:
            raise forms.ValidationError(f"This scoresheet cannot be read: {error}") from None
        return cleaned


# Accounts ------------------------------------------------------------------


class SignupForm(UserCreationForm):
    """A username and a password: nothing else is needed to keep score."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)
        widgets = {"username": forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "username"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "Up to 150 letters, digits and @ . + - _"
        self.fields["password2"].label = "Password again"


# Leagues and players -------------------------------------------------------


class LeagueForm(forms.Form):
    name = forms.CharField(
        label="League name",
        max_length=League._meta.get_field("name").max_length,
        help_text="Your house, club or family: “Thursday night”, “The Ricketts table”.",
    )

    def clean_name(self) -> str:
        # The same rule as players' names: a tab in a league's name made its
        # own backup unrestorable.
        return league_name(self.cleaned_data["name"])


class LeagueSettingsForm(forms.ModelForm):
    """What an organizer sets for the league: its name, where it plays, when a win rate ranks."""

    class Meta:
        model = League
        fields = ["name", "time_zone", "min_games", "lock_finished_games"]
        labels = {
            "name": "League name",
            "time_zone": "Time zone",
            "min_games": "Games before a win rate ranks",
            "lock_finished_games": "Lock finished games",
        }
        help_texts = {
            "lock_finished_games": (
                "Once a game is over, only organizers may change its hands or the day it was played."
            ),
            "time_zone": "Where the table plays: a new game's day, and every time shown, go by it.",
            "min_games": "Below it a player's win rate is shown but ranks after everyone who has played enough.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].widget = forms.Select(choices=time_zone_choices())
        self.fields["min_games"].min_value = 1
        self.fields["min_games"].max_value = 100
        self.fields["min_games"].widget.attrs.update(min=1, max=100)
        self.fields["min_games"].validators += [MinValueValidator(1), MaxValueValidator(100)]

    def clean_name(self) -> str:
        return league_name(self.cleaned_data["name"])


class LeagueDeleteForm(forms.Form):
    """Deleting a league is for good: the organizer types its name to say they mean it."""

    name = forms.CharField(label="Type the league's name to delete it", strip=True)

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["name"].widget.attrs.update(autocomplete="off", spellcheck="false")

    def clean_name(self) -> str:
        typed = self.cleaned_data["name"]
        if typed != self.league.name:
            raise forms.ValidationError(f"That is not the league's name: type {self.league.name} exactly")
        return typed


class PlayerMergeForm(forms.Form):
    """The player the one being merged becomes."""

    into = forms.ModelChoiceField(queryset=Player.objects.none(), label="Merge into", empty_label="Choose a player")

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["into"].queryset = Player.objects.filter(league_id=player.league_id).exclude(pk=player.pk)
        self.fields["into"].widget.attrs["class"] = "form-select"


class PlayerForm(forms.ModelForm):
    """A player's name, unique in the league whatever its capitals.

    The check is here rather than only in the database so the table gets a
    clear message instead of an IntegrityError; the constraint still stops a
    race between two phones.
    """

    class Meta:
        model = Player
        fields = ["name"]
        labels = {"name": "Player's name"}
        widgets = {
            "name": forms.TextInput(attrs={"class": "form-control", "autocomplete": "off", "autocapitalize": "words"})
        }

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance.league = league

    def clean_name(self) -> str:
        # The one rule for names (rules.names), as Game.start_named applies it.
        name = player_name(self.cleaned_data["name"])
        if self.instance.pk is None and self.league.players.count() >= League.MOST_PLAYERS:
            raise forms.ValidationError(self.league.too_many_players() + ".")
        taken = self.league.players.filter(name_key=name_key(name)).exclude(pk=self.instance.pk).first()
        if taken is not None:
            raise forms.ValidationError(f"{taken.name} is already a player in {self.league.name}. Pick another name.")
        return name


class PlayerEditForm(PlayerForm):
    """Rename a player and, optionally, link them to a member's account."""

    class Meta(PlayerForm.Meta):
        fields = ["name", "user"]
        labels = {**PlayerForm.Meta.labels, "user": "Member's account"}
        help_texts = {"user": "Link the player to a member's account so their games show as theirs."}

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, league=league, **kwargs)
        user_field = self.fields["user"]
        user_field.queryset = get_user_model().objects.filter(memberships__league=league).order_by("username")
        user_field.empty_label = "Not linked"
        user_field.label_from_instance = lambda user: user.get_username()

    def clean_user(self) -> Any:
        user = self.cleaned_data["user"]
        if user is None:
            return user
        other = self.league.players.filter(user=user).exclude(pk=self.instance.pk).first()
        if other is not None:
            raise forms.ValidationError(f"{user.get_username()} is already linked to {other.name}.")
        return user


# Seasons, and the standings' and the archive's filters -------------------------------


class SeasonForm(forms.ModelForm):
    """A season as the organizer names and dates it; a new one proposes this calendar year."""

    class Meta:
        model = Season
        fields = ["name", "first_day", "last_day"]
        labels = {"name": "Season's name", "first_day": "First day", "last_day": "Last day"}
        help_texts = {"name": "“2026”, “Spring 2026”: seasons may overlap."}
        widgets = {
            "name": forms.TextInput(attrs={"autocomplete": "off"}),
            "first_day": forms.DateInput(attrs={"type": "date"}),
            "last_day": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        if kwargs.get("instance") is None and not args:
            year = league.today().year
            kwargs.setdefault("initial", {"name": str(year), "first_day": date(year, 1, 1),
                                          "last_day": date(year, 12, 31)})  # fmt: skip
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance.league = league

    def clean_name(self) -> str:
        name = season_name(self.cleaned_data["name"])
        if self.instance.pk is None and self.league.seasons.filter(automatic=False).count() >= Season.MOST_PER_LEAGUE:
            raise forms.ValidationError(f"A league has at most {Season.MOST_PER_LEAGUE} seasons: delete an old one.")
        # The automatic years give way to the organizer's first season (Season.add), so their names are free.
        taken = (
            self.league.seasons.filter(name_key=name_key(name), automatic=False).exclude(pk=self.instance.pk).first()
        )
        if taken is not None:
            raise forms.ValidationError(f"{self.league.name} has a season called {taken.name} already.")
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        first_day, last_day = cleaned.get("first_day"), cleaned.get("last_day")
        # Days the wrong way round are the model's constraint's to say (ModelForm checks it), once.
        if first_day and last_day and first_day <= last_day:
            problem = Season.days_problem(first_day, last_day, self.league.today())
            if problem:
                raise forms.ValidationError(problem)
        return cleaned

    def save(self, commit: bool = True) -> Season:
        data = self.cleaned_data
        if self.instance.pk is None:
            self.instance = Season.add(self.league, data["name"], data["first_day"], data["last_day"])
        else:
            self.instance.change(data["name"], data["first_day"], data["last_day"])
        return self.instance


class SpanForm(forms.Form):
    """A variant and dates of play, or one of the league's seasons, from GET parameters; all optional."""

    variant = forms.ChoiceField(
        required=False,
        choices=[("", "All variants"), *((key, variant.name) for key, variant in VARIANTS.items())],
    )
    season = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label="Season")
    since = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date", "class": "form-control"})
    )
    until = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date", "class": "form-control"})
    )

    # A season's dates stay where games can be: ?until=9999-12-31 made the
    # midnight after it overflow (a 500 on every standings and archive page).
    EARLIEST = date(1900, 1, 1)

    def __init__(self, data: Any, seasons: list[Season] | tuple[()] = ()) -> None:
        super().__init__(data)
        self.seasons = {season.pk: season for season in seasons}
        self.fields["season"].choices = [("", "Any dates"), *((pk, season.name) for pk, season in self.seasons.items())]

    def _in_range(self, field: str) -> date | None:
        day = self.cleaned_data.get(field)
        if day is not None and not season_day(day):
            raise forms.ValidationError(f"Choose a date from 1900 to the end of {latest_season_day().year}.")
        return day

    def clean_since(self) -> date | None:
        return self._in_range("since")

    def clean_until(self) -> date | None:
        return self._in_range("until")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and since > until:
            raise forms.ValidationError("The 'from' date is after the 'to' date.")
        return cleaned

    def span(self) -> stats.Span:
        """What the page shows: a chosen season, else the dates (a saved season's if they are exactly its own)."""
        if not self.is_valid():
            return stats.Span()
        data = self.cleaned_data
        if data["season"] is not None:
            return stats.Span.of(self.seasons[data["season"]], data["variant"])
        return stats.Span(data["variant"], data["since"], data["until"]).with_season(list(self.seasons.values()))


class StandingsForm(SpanForm):
    sort = forms.ChoiceField(required=False, choices=[(column.key, column.label) for column in stats.COLUMNS])
    order = forms.ChoiceField(required=False, choices=[("asc", "ascending"), ("desc", "descending")])


class ArchiveForm(SpanForm):
    status = forms.ChoiceField(required=False, choices=[("", "Any status"), *Game.Status.choices])
    player = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)

    def __init__(self, data: Any, players: list[tuple[int, str]]) -> None:
        super().__init__(data)
        self.fields["player"].choices = [("", "Anyone"), *players]


class ActivityFilterForm(forms.Form):
    """The activity log's filter: one person's entries, one kind of entry, or both."""

    who = forms.ChoiceField(required=False, label=_("Person"))
    kind = forms.ChoiceField(required=False, label=_("What"))

    def __init__(self, data: Any, people: list[str]) -> None:
        super().__init__(data)
        self.fields["who"].choices = [("", _("Anyone")), *((name, name or _("The app")) for name in people)]
        self.fields["kind"].choices = [("", _("Anything")), *ActivityEntry.Kind.choices]


# Importing a league ----------------------------------------------------------


class LeagueImportForm(forms.Form):
    """A league file from Export, read as JSON (games.league_io checks what it holds)."""

    file = forms.FileField(label="League file (.json, from Export)")
    # The second choice after a 409: the file's games are already a league of the importer's.
    as_copy = forms.BooleanField(required=False)

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                f"That file is over {IMPORT_MAX_MB} MB, more than this page takes. "
                f"The server's administrator can import it with: {BIG_FILES}"
            )
        try:
            return read_json(upload.read())
        except UnreadableJSON as error:
            raise forms.ValidationError(
                f"That file is not a league export this app can read ({error}); choose a league .json file from Export."
            ) from None


# Members ---------------------------------------------------------------------


INVITE_DAYS = 7


class InviteForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.SCORER)
    days = forms.TypedChoiceField(
        label="Valid for",
        coerce=int,
        choices=[(1, "1 day"), (INVITE_DAYS, f"{INVITE_DAYS} days"), (30, "30 days")],
        initial=INVITE_DAYS,
    )


def day_of_play(league: League, day: date) -> date:
    """`day`, if a game of the league can have been played on it (up to today at its table)."""
    if day > league.today():
        raise forms.ValidationError("A game can't be played after today: choose today or an earlier day.")
    if day < EARLIEST_DAY:
        raise forms.ValidationError("Choose a day from 1900 on.")
    return day


class GameDayForm(forms.Form):
    """The day a game was played, put right after it started (a paper game dated today by mistake)."""

    played_on = forms.DateField(
        label="Played on", widget=forms.DateInput(attrs={"type": "date", "class": "form-control"})
    )

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["played_on"].widget.attrs["max"] = league.today().isoformat()

    def clean_played_on(self) -> date:
        return day_of_play(self.league, self.cleaned_data["played_on"])


class ShareForm(forms.Form):
    """The role a newcomer gets through a game's share link: viewer unless the organizer says otherwise."""

    role = forms.ChoiceField(
        label="Who scans this joins as",
        choices=[
            (Membership.Role.VIEWER, "Viewer: follows the game"),
            (Membership.Role.SCORER, "Scorer: enters hands"),
        ],
        initial=Membership.Role.VIEWER,
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


# The referee: a moment of play, and charging a revoke -------------------------------

SUIT_CHOICES = [(SPADES, "♠ spades"), (HEARTS, "♥ hearts"), (DIAMONDS, "♦ diamonds"), (CLUBS, "♣ clubs")]
CARD_CHOICES = [
    ("heart", "a heart ♥"),
    ("queen", "the Q♠"),
    ("spade", "a spade ♠ (not the Q♠)"),
    ("diamond", "a diamond ♦"),
    ("club", "a club ♣"),
    ("other", "another card (not a heart, not the Q♠, not the suit led)"),
]
CARD_SUITS = {"heart": HEARTS, "spade": SPADES, "diamond": DIAMONDS, "club": CLUBS}


_SELECT = forms.Select(attrs={"class": "form-select"})
_RADIOS = forms.RadioSelect(attrs={"class": "form-check-input"})
_CHECKBOX = forms.CheckboxInput(attrs={"class": "form-check-input"})


class PlayForm(forms.Form):
    """The moment of play, as the player describes it: only what the rules need."""

    card = forms.ChoiceField(choices=CARD_CHOICES, initial="heart", label="The card", widget=_SELECT)
    rank = forms.ChoiceField(
        choices=[("", "any")] + [(rank, rank) for rank in RANKS],
        required=False,
        label="Rank",
        widget=_SELECT,
    )
    play = forms.ChoiceField(
        choices=[("lead", "Leading the trick"), ("follow", "Following")],
        initial="lead",
        widget=_RADIOS,
        label="I am",
    )
    first_trick = forms.BooleanField(required=False, label="It is the first trick of the hand", widget=_CHECKBOX)
    heart_played = forms.BooleanField(required=False, label="A heart has been played this hand", widget=_CHECKBOX)
    queen_played = forms.BooleanField(required=False, label="The Q♠ has been played this hand", widget=_CHECKBOX)
    suit_led = forms.ChoiceField(choices=[("", "—"), *SUIT_CHOICES], required=False, label="Suit led", widget=_SELECT)
    holds_suit_led = forms.BooleanField(required=False, label="I hold a card of the suit led", widget=_CHECKBOX)
    hand = forms.ChoiceField(
        choices=[
            (MIXED, "other cards too"),
            (ONLY_HEARTS, "only hearts"),
            (ONLY_HEARTS_AND_QUEEN, "only hearts and the Q♠"),
        ],
        initial=MIXED,
        widget=_RADIOS,
        label="Apart from this card, my hand holds",
    )
    pile_empty = forms.BooleanField(required=False, label="The draw pile is empty", widget=_CHECKBOX)
    through_warren = forms.BooleanField(
        required=False, label="I play it through the Warren card (it is the extra card)", widget=_CHECKBOX
    )

    def __init__(self, *args, rules: PlayRules, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Ask only what this game's rules can turn on.
        if not rules.queen_breaks_hearts:
            del self.fields["queen_played"]
        if not rules.draw_pile:
            del self.fields["pile_empty"]
        if not rules.warren:
            del self.fields["through_warren"]

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("play") == "follow" and not cleaned.get("suit_led"):
            self.add_error("suit_led", "Which suit was led?")
        return cleaned

    def question(self) -> PlayQuestion:
        data = self.cleaned_data
        if data["card"] == "queen":
            card = Card(SPADES, "Q")
        else:
            card = Card.parse(CARD_SUITS.get(data["card"]), data["rank"] or None)
        return PlayQuestion(
            card=card,
            leading=data["play"] == "lead",
            first_trick=data["first_trick"],
            heart_played=data["heart_played"],
            queen_played=data.get("queen_played", False),
            suit_led=data["suit_led"] or None,
            holds_suit_led=data["holds_suit_led"],
            hand=data["hand"],
            pile_empty=data.get("pile_empty", False),
            through_warren=data.get("through_warren", False),
        )


class RevokeForm(forms.Form):
    offender = forms.TypedChoiceField(coerce=int, label="Who revoked?", widget=_SELECT)
    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # The hand's idempotency key, as HandForm's: a second tap or a retry charges one revoke.
    key = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(self, *args, players: tuple[str, ...], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["offender"].choices = [("", "—"), *list(enumerate(players))]

    def clean(self) -> dict:
        cleaned = super().clean()
        # One offender, as HandForm takes one taker per card: a request naming
        # two was made by hand, and Django would keep the last without a word.
        getlist = getattr(self.data, "getlist", None)
        if getlist is not None and len(getlist("offender")) > 1:
            raise forms.ValidationError("Name one player who revoked, not two")
        return cleaned
