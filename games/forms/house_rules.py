"""A variant and its house rules as a form: what starting a game and a league's presets share.

Forms only parse what the phone sent; every rule is the engine's, and its
errors are mapped back onto the fields they are about (SetupError.field).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict

from rules import OPTIONS, VARIANTS, Option, SetupError
from rules.cards import read_card
from rules.errors import OptionError
from rules.variants import in_table_words

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
            raise forms.ValidationError("Enter whole numbers separated by commas, e.g. 104, 126") from None


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
            raise forms.ValidationError(f"{typed[:8]} is not a card: write a rank and a suit, like 2♣ or 2c")
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
