"""Variant names for templates, from the rules engine's presets."""

from django import template

from rules import VARIANTS
from rules.describe import revoke_terms

register = template.Library()


@register.filter
def variant_name(key: str) -> str:
    """'ricketts' -> 'Ricketts House Hearts'; an unknown key is shown as it is."""
    variant = VARIANTS.get(key)
    return variant.name if variant else key


register.filter(revoke_terms)
