"""The engine's sentences, translatable without Django (issue 25; docs/I18N.md).

A sentence is marked where it is written, with its values as named fields:

    from rules.i18n import _, ngettext

    _("Hearts add up to {total}; {expected} are in play").format(total=27, expected=26)
    ngettext("{count} hand to go", "{count} hands to go", n).format(count=n)

The marker returns a Message: a str whose value is the English sentence, so
the engine's tests, comparisons, JSON and logs read it as they always did.
Shown to a person (str(), an f-string, a template, an exception's text) it
is translated by the installed translator and its fields filled in, fields
that are Messages themselves translated too. The engine installs nobody: its
own tests read English. games/apps.py installs Django's translation module,
whose gettext answers in the request's language; any object with gettext and
ngettext will do (Message.in_language takes one for a single sentence).

`makemessages` finds the markers because they carry gettext's own names
(`_` and `ngettext` are xgettext's default Python keywords). Compose
sentences from fields, never by `+` or slicing: those see only the English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Translator(Protocol):
    """What turns an English sentence into the reader's: Django's translation module is one."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, number: int, /) -> str: ...


class English:
    """The sentences as written: the engine's own translator."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, number: int, /) -> str:
        return singular if number == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


_installed: Translator = English()


def install(translator: Translator) -> None:
    """Every Message shown from now on goes through translator (games/apps.py: Django's)."""
    global _installed
    _installed = translator


def installed() -> Translator:
    return _installed


def reader_language() -> str:
    """The reader's language ("de"), where the installed translator knows it (Django's translation module
    does: the request's language); "en" for the engine's own English."""
    get_language = getattr(_installed, "get_language", None)
    code = get_language() if get_language is not None else None
    return (code or "en").split("-")[0].lower()


class Message(str):
    """An engine sentence: English as a str, translated when shown."""

    msgid: str
    plural: str | None
    number: int | None
    params: dict[str, Any]
    # pgettext's context, where one English word has two meanings ("Q" the card rank).
    context: str | None

    def __new__(
        cls,
        msgid: str,
        plural: str | None = None,
        number: int | None = None,
        params: dict[str, Any] | None = None,
        context: str | None = None,
    ) -> Message:
        params = dict(params or {})
        chosen = msgid if plural is None or number == 1 else plural
        message = super().__new__(cls, _fill(chosen, params, English()))
        message.msgid, message.plural, message.number, message.params = msgid, plural, number, params
        message.context = context
        return message

    def format(self, *args: object, **params: Any) -> Message:  # named fields only
        """The same sentence with these fields filled in (named, so that a translation may reorder them)."""
        if args:
            raise TypeError("An engine sentence takes named fields only: translators reorder them")
        return Message(self.msgid, self.plural, self.number, {**self.params, **params}, self.context)

    def in_language(self, translator: Translator) -> str:
        """The sentence in the translator's language, its fields filled in."""
        by_context = getattr(translator, "pgettext", None)
        if self.context is not None:
            # Never the bare word's translation: "Q" with another meaning may be another word.
            text = by_context(self.context, self.msgid) if by_context is not None else self.msgid
        elif self.plural is None:
            text = translator.gettext(self.msgid)
        else:
            text = translator.ngettext(self.msgid, self.plural, self.number if self.number is not None else 1)
        return _fill(text, self.params, translator)

    def __str__(self) -> str:
        return self.in_language(_installed)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __html__(self) -> str:
        # Django's templates show an object with __html__ as it returns it: escaped here, translated.
        return _escape(str(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.msgid, self.plural, self.number, self.params, self.context))


def _fill(text: str, params: dict[str, Any], translator: Translator) -> str:
    if not params:
        return text
    shown = {
        name: value.in_language(translator) if isinstance(value, Message) else value for name, value in params.items()
    }
    return text.format(**shown)


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def _(msgid: str) -> Message:
    """Marks an engine sentence for translation; .format(name=value) fills its fields."""
    return Message(msgid)


def ngettext(singular: str, plural: str, number: int) -> Message:
    """A sentence whose words follow a number (one hand, two hands); the number is not filled in by itself."""
    return Message(singular, plural, number)


def pgettext(context: str, msgid: str) -> Message:
    """A word marked with its meaning, for a word English uses for two things ("Q" the card's rank).

    A translator without pgettext gives it its English; makemessages finds it (Django asks xgettext for pgettext).
    """
    return Message(msgid, context=context)


def joined(parts: Sequence[str], separator: str = ", ") -> str:
    """Sentences (or names) one after another, each still shown in the reader's language: a list's
    own ", ".join would keep only the English of its Messages. Not marked: nothing in it to translate."""
    if not parts:
        return ""  # gettext("") is a catalog's header, never a sentence
    msgid = separator.join(f"{{p{index}}}" for index in range(len(parts)))
    return Message(msgid, params={f"p{index}": part for index, part in enumerate(parts)})


def gettext_noop(msgid: str) -> str:
    """Marks a word kept in a table (a preset's name, a rank) that is translated where it is shown."""
    return msgid
