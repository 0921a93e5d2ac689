"""The one rounding of every figure the app shows: averages, percentages and ratings.

Half away from zero, as people round (70.55 is 70.6, -0.45 is -0.5), on the
exact value: an average is the fraction it is, not the float nearest it
(1411/20 as a float is 70.549999..., which float formatting shows as 70.5).
A rating, a float from its model, is rounded as it is written (its shortest
repr). Zero is never signed: a rating of -0.04 shows 0.0, not -0.0.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils import formats

# What a missing figure shows (no rating yet, no hand played).
MISSING = "–"


def exact(value: int | float | Fraction | Decimal) -> Decimal:
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    if isinstance(value, float):
        return Decimal(repr(value))
    return Decimal(value)


def rounded(value: int | float | Fraction | Decimal | None, places: int = 1) -> str:
    """`value` to `places` decimals, half away from zero, never "-0"; MISSING for None."""
    if value is None:
        return MISSING
    shown = exact(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    if shown.is_zero():
        shown = abs(shown)
    return f"{shown:f}"


def shown(value: int | float | Fraction | Decimal | None, places: int = 1) -> str:
    """rounded(), written as the page's language writes numbers: 70,6 in Dutch, German, French
    and Spanish. For pages only: CSV files and the share image keep rounded()'s point."""
    text = rounded(value, places)
    if text == MISSING:
        return text
    return formats.number_format(Decimal(text), places)


def percent(value: int | float | Fraction | Decimal | None, places: int = 0) -> str:
    """shown() as a percentage, the sign where the page's language puts it: 27% in English, Dutch
    and German, 27 % in French and Spanish (a no-break space; PERCENT_FORMAT in scorekeeper/formats/)."""
    text = shown(value, places)
    if text == MISSING:
        return text
    return str(formats.get_format("PERCENT_FORMAT")).format(text)
