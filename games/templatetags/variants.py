"""Variant names for templates, from the rules engine's presets."""

from django import template

from rules import VARIANTS, Variant
from rules.describe import revoke_terms

register = template.Library()


@register.simple_tag
def presets() -> list[Variant]:
    """Every preset, in the engine's order, for menus that list them."""
    return list(VARIANTS.values())


@register.filter
def variant_name(key: str) -> str:
    """'ricketts' -> 'Ricketts House Hearts'; an unknown key is shown as it is."""
    variant = VARIANTS.get(key)
    return variant.name if variant else key


register.filter(revoke_terms)
