"""An option (or a preset) named in a refusal: a field of the sentence, never a word inside its English.

The engine's refusals about a setup name options as a scoresheet spells them
("Option 'sun' needs a moon: it cannot go with moon 'off'"): the replay
command's errors and shared/conformance's .error files read so. A screen says
each option by its label in the reader's language instead ("„Sonne schießen“
braucht einen Mond …"). Both come from one Message whose fields are Named:
shown as they are, the fields spell the keys; rules.variants.in_table_words
swaps each for its label, so no pattern ever runs over an English sentence.
"""

from __future__ import annotations

from typing import Any, cast

from rules.i18n import Message, _


class Named(Message):
    """An option's key (or a preset's) as one field of a refusal, and how it is spelled there.

    style says how the scoresheet's spelling reads: "option" ("Option 'sun'", the sentence's
    subject), "quoted" ("'jack_of_diamonds'"), "brackets" ("(teams)"), "set_to" ("moon 'off'",
    with value) or "variant" ("standard (Hearts)", with value the preset's name).
    """

    key: str
    style: str
    value: Any

    def __new__(cls, key: str, style: str, value: Any = None) -> Named:
        spelled = _spelled(style, key, value)
        named = cast(Named, super().__new__(cls, spelled.msgid, params=spelled.params))
        named.key, named.style, named.value = key, style, value
        return named

    def in_language(self, translator: Any) -> str:
        return _spelled(self.style, self.key, self.value).in_language(translator)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Named, (self.key, self.style, self.value))


# The scoresheet's spellings. Only the subject's "Option" is a word: the others are a key as written.
_UNMARKED = {"quoted": "'{key}'", "brackets": "({key})", "set_to": "{key} '{value}'", "variant": "{key} ({value})"}


def _spelled(style: str, key: str, value: Any) -> Message:
    if style == "option":
        return _("Option '{key}'").format(key=key)
    return Message(_UNMARKED[style], params={"key": key, "value": value})


def option_named(key: str) -> Named:
    """The option a refusal is about, as its subject: "Option 'sun'" (a screen: "“Shooting the sun”")."""
    return Named(key, "option")


def option_quoted(key: str) -> Named:
    """Another option the refusal names: "'jack_of_diamonds'" (a screen: "“J♦ counts −10”")."""
    return Named(key, "quoted")


def option_in_brackets(key: str) -> Named:
    """An option named in passing: "(teams)" (a screen: "(“Partners”)")."""
    return Named(key, "brackets")


def option_set_to(key: str, value: str) -> Named:
    """An option and its value: "moon 'off'" (a screen: "“Shooting the moon” set to “no moon …”")."""
    return Named(key, "set_to", value)


def variant_named(key: str, name: str) -> Named:
    """A preset: "standard (Hearts)" (a screen: its name alone, "Hearts")."""
    return Named(key, "variant", name)


def named_options(message: object) -> tuple[str, ...]:
    """The option keys a refusal names, in order: its fields, read as fields."""
    if isinstance(message, Named):
        return (message.key,) if message.style != "variant" else ()
    if not isinstance(message, Message):
        return ()
    return tuple(key for value in message.params.values() for key in named_options(value))
