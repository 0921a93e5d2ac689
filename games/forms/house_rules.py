"""A variant and its house rules as a form: what starting a game and a league's presets share.

Forms only parse what the phone sent; every rule is the engine's, and its
errors are mapped back onto the fields they are about (SetupError.field).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules import OPTIONS, Option, SetupError
from rules.cards import read_card, read_rank, shown_card, shown_rank, typed_card
from rules.errors import OptionError
from rules.options import FACE
from rules.variants import PRESETS, Variant, in_table_words

DEFAULT_VARIANT = "standard"
RANDOM_DEALER = "random"


# The text boxes below clean to what their text says (a list, a map): CharField cleans the
# text ("" when empty), then each parses it, so to_python returns other than CharField's.
class WrapsField(forms.CharField):
    """A list of totals typed as '104, 126'."""

    def to_python(self, value: Any) -> list[int]:  # type: ignore[override]  # parsed, not text
        text = super().to_python(value) or ""
        try:
            return [int(part) for part in text.replace(",", " ").split()]
        except ValueError:
            raise forms.ValidationError(_("Enter whole numbers separated by commas, e.g. 104, 126")) from None


class SeatsField(forms.Field):
    """Player names in seat order, one hidden input each."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        return [str(name).strip() for name in (value or []) if str(name).strip()]


class PassWordsField(forms.CharField):
    """A pass cycle typed as 'left, right, across, hold' (or 'left 2'); blank: the preset's cycle."""

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]  # parsed, not text
        text = super().to_python(value) or ""
        return [" ".join(word.lower().split()) for word in text.split(",") if word.strip()]


def _cards(text: str) -> list[str]:
    """Cards typed with commas or spaces, each as '2♣' or '2c'; ValidationError naming one that is not."""
    cards = []
    for typed in text.replace(",", " ").split():
        card = read_card(typed)
        if card is None:
            raise forms.ValidationError(
                gettext("%(typed)s is not a card: write a rank and a suit, like %(card)s or %(letters)s")
                % {"typed": typed[:8], "card": shown_card("Q♠"), "letters": typed_card("Q♠")}
            )
        cards.append(card)
    return cards


class CardsField(forms.CharField):
    """Cards typed as '2♣, 2♦' or '2c 2d'."""

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]  # parsed, not text
        return _cards(super().to_python(value) or "")


class CardPointsField(forms.CharField):
    """Cards with their points, typed as 'K♠ 10, A♠ 7' or 'ks 10, as -5'."""

    def to_python(self, value: Any) -> dict[str, int]:  # type: ignore[override]  # parsed, not text
        points: dict[str, int] = {}
        for pair in (super().to_python(value) or "").split(","):
            words = pair.split()
            if not words:
                continue
            cards = _cards(" ".join(words[:-1]))
            try:
                number = int(words[-1].replace("−", "-"))
            except ValueError:
                number = None
            if len(cards) != 1 or number is None:
                raise forms.ValidationError(
                    gettext("Write each card with its points, like %(card)s 10; not %(typed)s")
                    % {"card": shown_card("K♠"), "typed": pair.strip()[:16]}
                )
            points[cards[0]] = number
        return points


class HeartPointsField(forms.CharField):
    """What each heart scores (RULES.md, More variants): '1', 'face', or ranks with points, 'Q 13, K 5'.

    Blank keeps the preset's rule; what the values may be is the engine's to say (Option.check)."""

    def to_python(self, value: Any) -> int | str | dict[str, int] | None:  # type: ignore[override]  # parsed
        text = (super().to_python(value) or "").strip()
        if not text:
            return None
        if text.casefold() in (FACE, gettext("face").casefold()):
            return FACE
        number = _whole_number(text)
        if number is not None:
            return number
        points: dict[str, int] = {}
        for pair in text.split(","):
            words = pair.split()
            if not words:
                continue
            typed = words[0].removesuffix("♥")
            # "Q" or "QH", as a heart; "H" alone is a rank (the Dutch K).
            rank = read_rank(typed) or (read_rank(typed[:-1]) if typed[-1:].upper() == "H" else None)
            number = _whole_number(words[-1]) if len(words) == 2 else None
            if rank is None or number is None:
                raise forms.ValidationError(
                    gettext("Write each heart's rank with its points, like %(rank)s 13; not %(typed)s")
                    % {"rank": shown_rank("Q"), "typed": pair.strip()[:16]}
                )
            points[rank] = number
        return points


def _whole_number(text: str) -> int | None:
    try:
        return int(text.replace("−", "-"))
    except ValueError:
        return None


class OptionNumberField(forms.IntegerField):
    """A house rule's number: bounded by its Option (least to most), which the engine checks when the
    form's options are set up (Option.check), refusing a value past them in the table's words, however
    many digits it has; the options are kept as JSON, never in an integer column."""

    def __init__(self, option: Option, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.option = option


def _number_field(common: dict[str, Any], option: Option) -> forms.Field:
    # A phone's numeric keypad has no minus sign: a number that may be below 0 gets the full keyboard.
    attrs: dict[str, Any] = {"min": option.least, "max": option.most}
    if option.least >= 0:
        attrs["inputmode"] = "numeric"
    return OptionNumberField(option, widget=forms.NumberInput(attrs=attrs), **common)


# Form fields and how a stored value is shown in them, by the kind of option.
OPTION_FIELDS = {
    "bool": lambda common: forms.BooleanField(**{**common, "required": False}),
    "int_list": lambda common: WrapsField(**{**common, "required": False}),
    "pass_list": lambda common: PassWordsField(**{**common, "required": False}),
    "card_list": lambda common: CardsField(**{**common, "required": False}),
    "card_map": lambda common: CardPointsField(**{**common, "required": False}),
    "heart_points": lambda common: HeartPointsField(**{**common, "required": False}),
}

# RULES.md's More variants options in the form's words: what to type, and what a choice means at
# the table (the engine's one-line explanations speak of P and of option keys).
OPTION_WORDS: dict[str, tuple[Promise, Promise]] = {
    "heart_points": (
        _("Each heart scores"),
        _(
            "1 for every heart; another number; “face” for face value (2-10, J 11, Q 12, K 13, A 14); "
            "or ranks with their points, like Q 13 for Pink Lady (the other hearts score 1)."
        ),
    ),
    "queen_points": (_("Q♠ scores"), _("What the queen of spades scores; 0: it is no point card, as in Domino.")),
    "plus_card": (
        _("Plus card"),
        _("With “J♦ counts −10” on: the card that scores minus, the J♦ or the 10♦ (Bicycle's Omnibus)."),
    ),
    "jack_points": (_("Plus card scores"), _("What the plus card scores for its taker, below 0: −10, or e.g. −40.")),
    "first_lead": (_("First lead"), _("Who leads the first trick.")),
    "teams": (
        _("Partners"),
        _(
            "Partners sit opposite and score as one: with 4 players the 1st and 3rd against the 2nd and 4th; "
            "with 6, the 1st and 4th, 2nd and 5th, 3rd and 6th. Move players up or down to change partners."
        ),
    ),
    "team_moon": (_("Moon with partners"), _("Who shoots the moon in a partners game, and who takes its points.")),
    "hands_per_game": (_("Hands in a game"), _("The game is this many hands (4: left, right, across, keeper).")),
    "charging": (_("Charging"), _("How the players charge cards before play; it changes no score.")),
}

# The engine's moon labels speak of P, the rulebook's letter for the hand's
# penalty points; at the table a person reads the new-game form, not RULES.md.
PLAIN_CHOICE_LABELS = {
    "moon": {
        "choice": _("the shooter chooses: everyone else takes the hand's points, or the shooter loses them"),
        "add": _("everyone else takes the hand's points"),
        "subtract": _("the shooter loses the hand's points"),
        "ricketts": _(
            "everyone else takes the hand's points, unless that loses the shooter the game: then the shooter loses them"
        ),
        "auto": _("everyone else takes the hand's points, unless that ends the game: then the shooter loses them"),
    },
    "team_moon": {
        "team": _("partners shoot together; the other team takes the hand's points"),
        "player": _("one player shoots; every other player takes the hand's points, the partner too"),
        "opponents": _("one player shoots; each opponent takes the hand's points"),
    },
}
# About as many characters as a select shows at 360px.
SELECT_LABEL_FITS = 32


def _option_field(option: Option) -> forms.Field:
    # No min_value on numbers: the engine's message for a bad target is the one shown.
    label, help_text = OPTION_WORDS.get(option.key, (option.label, option.help))
    common: dict[str, Any] = {"label": label, "help_text": help_text}
    if option.more:
        # The peers' options are left blank for the preset's own rule.
        common["required"] = False
    if option.kind == "choice":
        plain = PLAIN_CHOICE_LABELS.get(option.key, {})
        choices = [(value, plain.get(value) or option.choice_labels.get(value, value)) for value in option.choices]
        # A select cuts a long choice off at 360px ("others +P, unless that lo");
        # radio buttons let it wrap.
        if any(len(str(label)) > SELECT_LABEL_FITS for _, label in choices):
            return forms.ChoiceField(choices=choices, widget=forms.RadioSelect, **common)
        return forms.ChoiceField(choices=choices, **common)
    if option.kind == "int":
        return _number_field(common, option)
    return OPTION_FIELDS[option.kind](common)


def _option_initial(option: Option, value: Any) -> Any:
    if value is None:
        return ""
    if option.kind == "card_map":
        # The reader's letters ("H♠ 10" in Dutch), which the field reads back.
        return ", ".join(f"{shown_card(card)} {points}" for card, points in dict(value).items())
    if option.kind == "heart_points" and not isinstance(value, (int, str)):
        return ", ".join(f"{shown_rank(rank)} {points}" for rank, points in dict(value).items())
    if option.kind == "card_list":
        return ", ".join(str(shown_card(card)) for card in value)
    if option.kind in ("int_list", "pass_list"):
        return ", ".join(str(item) for item in value)
    return value


def folded_option_keys(variant: Variant) -> tuple[str, ...]:
    """The options under "More house rules": the peers' (RULES.md, More house rules), then
    the More variants' (hearts by rank, the plus card, partners, Turbo's hands and charging)."""
    return (*variant.more_option_keys, *variant.variants_option_keys)


class RulesForm(forms.Form):
    """A variant and its house rules: the part of a new game that a league's preset saves.

    Changing the variant is a refresh of the form (`refreshed_rules`): the
    option fields then belong to the new variant, reset to its defaults.
    """

    variant = forms.ChoiceField(label=_("Variant"), choices=[(key, key) for key in PRESETS])
    # The variant the option fields below belong to: when it differs from the
    # chosen variant, the options shown are stale and are reset to defaults.
    options_for = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Every preset, RULES.md's More variants included, named as the table knows it.
        cast(forms.ChoiceField, self.fields["variant"]).choices = [
            (key, gettext("%(name)s (%(players)s players)") % {"name": v.name, "players": v.player_range})
            for key, v in PRESETS.items()
        ]
        source = self.data if self.is_bound else self.initial
        key = source.get("variant")
        self.variant_key = key if key in PRESETS else DEFAULT_VARIANT
        variant = PRESETS[self.variant_key]
        # The preset's options at hand, then the peers' and the More variants' ones, folded away.
        self.option_keys = variant.option_keys
        self.more_option_keys = folded_option_keys(variant)
        for option_key in (*self.option_keys, *self.more_option_keys):
            self.fields[option_key] = _option_field(OPTIONS[option_key])
        self.notice = ""

    @staticmethod
    def rules_initial(variant: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The fields for a variant with options (its defaults where not given)."""
        # An address's ?variant= may name no preset: the default one, not a 500.
        variant = variant if variant in PRESETS else DEFAULT_VARIANT
        preset = PRESETS[variant]
        initial: dict[str, Any] = {"variant": variant, "options_for": variant}
        for key in (*preset.option_keys, *folded_option_keys(preset)):
            value = options[key] if options and key in options else preset.defaults[key]
            initial[key] = _option_initial(OPTIONS[key], value)
        return initial

    @classmethod
    def refreshed_rules(cls, data: QueryDict) -> dict[str, Any]:
        """The variant and option fields after a rearranging post: as typed, or the new variant's defaults."""
        variant = data.get("variant")
        variant = variant if variant in PRESETS else DEFAULT_VARIANT
        if data.get("options_for") != variant:
            return cls.rules_initial(variant)
        initial: dict[str, Any] = {"variant": variant, "options_for": variant}
        for key in (*PRESETS[variant].option_keys, *folded_option_keys(PRESETS[variant])):
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
        return PRESETS[self.variant_key].name

    def options(self) -> dict[str, Any]:
        """The options for the engine: every preset option, and the peers' ones the house changed."""
        chosen = {key: self.cleaned_data[key] for key in self.option_keys}
        return {**chosen, **self._chosen_more(self.cleaned_data)}

    def _chosen_more(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The peers' options set to something other than the preset's rule (blank is the preset's)."""
        defaults = PRESETS[self.variant_key].defaults
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
