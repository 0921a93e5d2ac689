"""The engine's sentences: English as written, translated through whatever translator is installed."""

import json
import pickle

import pytest

from rules import i18n
from rules.i18n import English, Message, _, ngettext


class Dutch:
    """A translator with a two-sentence catalog, as a .po file would give (checked by hand)."""

    CATALOG = {
        "Hearts add up to {total}; {expected} are in play": "De harten tellen op tot {total}; er zijn er {expected} in het spel",
        "{dealer} deals": "{dealer} geeft",
        "the Queen of Spades": "de schoppenvrouw",
        "{card} is in the kitty": "{card} ligt in de pot",
    }
    PLURALS = {("{count} hand to go", "{count} hands to go"): ("nog {count} spel", "nog {count} spellen")}

    def gettext(self, message):
        return self.CATALOG.get(message, message)

    def ngettext(self, singular, plural, number):
        one, many = self.PLURALS.get((singular, plural), (singular, plural))
        return one if number == 1 else many


@pytest.fixture
def dutch():
    before = i18n.installed()
    i18n.install(Dutch())
    yield
    i18n.install(before)


def test_a_sentence_is_its_english_text_for_comparisons_json_and_the_engines_tests():
    sentence = _("Hearts add up to {total}; {expected} are in play").format(total=27, expected=26)
    assert sentence == "Hearts add up to 27; 26 are in play"
    assert json.dumps(sentence) == '"Hearts add up to 27; 26 are in play"'
    assert str(sentence) == "Hearts add up to 27; 26 are in play"


def test_shown_with_a_translator_installed_it_is_in_that_language(dutch):
    sentence = _("Hearts add up to {total}; {expected} are in play").format(total=27, expected=26)
    assert str(sentence) == "De harten tellen op tot 27; er zijn er 26 in het spel"
    assert f"{sentence}!" == "De harten tellen op tot 27; er zijn er 26 in het spel!"
    assert str(ValueError(sentence)) == "De harten tellen op tot 27; er zijn er 26 in het spel"


def test_a_field_that_is_a_sentence_is_translated_too(dutch):
    sentence = _("{card} is in the kitty").format(card=_("the Queen of Spades"))
    assert str(sentence) == "de schoppenvrouw ligt in de pot"
    assert sentence == "the Queen of Spades is in the kitty"


def test_a_translator_passed_for_one_sentence_leaves_the_installed_one_alone():
    sentence = _("{dealer} deals").format(dealer="Ann")
    assert sentence.in_language(Dutch()) == "Ann geeft"
    assert sentence.in_language(English()) == "Ann deals"
    assert str(sentence) == "Ann deals"


@pytest.mark.parametrize(
    ("number", "english", "dutch_text"), [(1, "1 hand to go", "nog 1 spel"), (3, "3 hands to go", "nog 3 spellen")]
)
def test_plurals_follow_the_number_in_each_language(number, english, dutch_text):
    sentence = ngettext("{count} hand to go", "{count} hands to go", number).format(count=number)
    assert sentence == english
    assert sentence.in_language(Dutch()) == dutch_text


def test_fields_are_named_so_that_a_translation_may_reorder_them():
    with pytest.raises(TypeError, match="named fields only"):
        _("{dealer} deals").format("Ann")


def test_a_template_shows_it_translated_and_escaped(dutch):
    sentence = _("{dealer} deals").format(dealer="<Ann>")
    assert sentence.__html__() == "&lt;Ann&gt; geeft"


def test_a_sentence_survives_the_cache(dutch):
    sentence = _("{dealer} deals").format(dealer="Ann")
    copy = pickle.loads(pickle.dumps(sentence))
    assert isinstance(copy, Message)
    assert (copy, str(copy)) == ("Ann deals", "Ann geeft")
