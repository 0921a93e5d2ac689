"""The one rule for names (rules.names): how a name is written, when two are the same."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import NameProblem, clean_name, name_key
from rules.names import REFUSED_CATEGORIES
from tests.fuzzing import examples


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ann", "Ann"),
        ("  Ann  ", "Ann"),
        ("Ann   Lee", "Ann Lee"),
        ("Ann\u00a0Lee", "Ann Lee"),  # a no-break space is a space
        ("E\u0301mile", "Émile"),  # e + combining acute, as some keyboards send it: NFC
    ],
)
def test_a_name_is_stored_tidied(typed, stored):
    assert clean_name(typed, 40) == stored


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "A name cannot be empty"),
        ("   ", "A name cannot be empty"),
        ("Gus\x00", "cannot contain control characters"),
        ("Ann\tLee", "cannot contain control characters"),
        ("\n=HYPERLINK(1)", "cannot contain control characters"),
        ("Ann\u200b", "cannot contain control characters (a tab, a line break) or hidden ones"),  # zero-width space
        ("\u200b", "or hidden ones"),
        ("Ann\u202eeL", "or hidden ones"),  # right-to-left override
        ("Ann\u2028", "or hidden ones"),  # line separator
        ("x" * 41, "A name can be at most 40 characters"),
        (None, "A name must be text"),
        (7, "A name must be text"),
    ],
)
def test_a_name_a_phone_could_not_type_is_refused(typed, message):
    with pytest.raises(NameProblem, match=message.replace("(", r"\(").replace(")", r"\)")):
        clean_name(typed, 40)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Émile", "émile"), ("Straße", "Strasse"), ("STRASSE", "straße"), ("Ann", "ＡＮＮ"), ("E\u0301mile", "émile")],
)
def test_names_that_differ_only_in_case_or_form_are_the_same_player(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Kira", "Kıra"), ("Ann", "Anne"), ("Lee", "Léé")])
def test_names_that_read_differently_are_different_players(one, other):
    assert name_key(one) != name_key(other)


names = st.text(min_size=1, max_size=60)


@settings(max_examples=examples(300))
@given(names)
def test_a_cleaned_name_is_clean_again_and_keeps_its_key(text):
    try:
        name = clean_name(text, 40)
    except NameProblem:
        return
    assert clean_name(name, 40) == name
    assert name == name.strip()
    assert 1 <= len(name) <= 40
    assert not any(unicodedata.category(character) in REFUSED_CATEGORIES for character in name)
    assert name_key(name) == name_key(unicodedata.normalize("NFD", name))


@settings(max_examples=examples(300))
@given(names)
def test_the_key_ignores_case_and_is_its_own_key(text):
    assert name_key(text.casefold()) == name_key(text)
    assert name_key(name_key(text)) == name_key(text)
