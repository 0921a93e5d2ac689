"""Variant names and the engine's wordings for templates."""

from django import template

from rules import VARIANTS, Variant
from rules.describe import revoke_terms, signed
from rules.variants import PRESETS

register = template.Library()


@register.simple_tag
def presets() -> list[Variant]:
    """Every preset, in the engine's order, for menus that list them."""
    return list(VARIANTS.values())


@register.filter
def variant_name(key: str) -> str:
    """'ricketts' -> 'Ricketts House Hearts'; an unknown key is shown as it is."""
    variant = PRESETS.get(key)
    return variant.name if variant else key


register.filter(revoke_terms)
# A total with a real minus sign (−8), as the game page prints it, never a hyphen.
register.filter(signed)
