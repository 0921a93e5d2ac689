"""A hand in one typed line: "q ben; ann 3; cat 4; rest dan" or "moon ben add" (issue 39).

The keyboard user, the screen-reader user and the fast scorer type the hand
instead of tapping it; the form shows what was understood before Record, and
the engine's checks (rules.checks) judge the hand as they judge a tapped one.

A line is clauses parted by ";" or ","; a clause is words parted by spaces:

- NAME COUNT (or COUNT NAME): the hearts NAME took;
- q NAME: who took the Q♠; j NAME: who took the J♦ (where it scores);
- rest NAME: NAME took the hearts no other clause gave;
- moon NAME, with add or subtract where the table chooses: NAME took every
  heart and the Q♠;
- revoke NAME: NAME revoked (nothing else goes with it).

A NAME is a player's name or the start of one that starts no other player's,
case and accents aside. Each language has its own words (its card letters:
German d for the Dame, French d, Dutch v), given as the `words` a reader
passes; English's are always understood too. A word the reader can't place is
refused by name ("“bem” is not a player of this game"), and nothing is
guessed: two players starting alike, a count that is not a number, a clause
said twice.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, shown_card
from rules.entry import HandEntry
from rules.i18n import Message, _, joined
from rules.setup import MOON_CHOICES, GameSetup

# What each word of a line does, in English: the language's own words come from the reader.
QUEEN, JACK, REST, MOON, REVOKE = "queen", "jack", "rest", "moon", "revoke"
ENGLISH: Mapping[str, str] = {
    "q": QUEEN,
    "queen": QUEEN,
    "j": JACK,
    "jack": JACK,
    "rest": REST,
    "moon": MOON,
    "revoke": REVOKE,
    "add": "add",
    "subtract": "subtract",
    "sub": "subtract",
}


class TypedLineError(ValueError):
    """A line the reader can't read: its message names the word, as the reader's language says it."""

    def __init__(self, message: Message, word: str = "") -> None:
        super().__init__(message)
        self.message, self.word = message, word


@dataclass(frozen=True)
class Understood:
    """What a line says: the hand, and the line as the form shows it back before Record."""

    entry: HandEntry
    summary: str  # a Message: shown in the reader's language


def folded(word: str) -> str:
    """A word as the reader compares it: case and accents aside."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def read_line(setup: GameSetup, line: str, words: Mapping[str, str] = ENGLISH) -> Understood:
    """The hand a typed line gives for this game, or TypedLineError naming what could not be read."""
    vocabulary = {folded(word): role for word, role in {**ENGLISH, **words}.items()}
    reading = _Reading(setup, vocabulary)
    clauses = [clause.split() for clause in line.replace(",", ";").split(";")]
    clauses = [clause for clause in clauses if clause]
    if not clauses:
        raise TypedLineError(_("Type the hand, e.g. “q ben; ann 3; cat 4; rest dan”"))
    for clause in clauses:
        reading.clause(clause)
    return reading.understood()


class _Reading:
    """A line read clause by clause into the hand's parts."""

    def __init__(self, setup: GameSetup, vocabulary: Mapping[str, str]) -> None:
        self.setup, self.vocabulary = setup, vocabulary
        self.hearts: dict[int, int] = {}
        self.rest: int | None = None
        self.queen: int | None = None
        self.jack: int | None = None
        self.moon: tuple[int, str | None] | None = None
        self.revoke: int | None = None

    def clause(self, words: Sequence[str]) -> None:
        role = self.vocabulary.get(folded(words[0]))
        if role in (QUEEN, JACK, REST, REVOKE):
            self._one_player(role, words)
        elif role == MOON:
            self._moon(words)
        else:
            self._hearts(words)

    def _one_player(self, role: str, words: Sequence[str]) -> None:
        if len(words) != 2:
            raise TypedLineError(_("“{clause}”: one name after “{word}”").format(clause=" ".join(words), word=words[0]))
        seat = self.seat(words[1])
        if getattr(self, role) is not None:
            raise TypedLineError(_("“{word}” is said twice").format(word=words[0]), words[0])
        setattr(self, role, seat)

    def _moon(self, words: Sequence[str]) -> None:
        if self.moon is not None:
            raise TypedLineError(_("“{word}” is said twice").format(word=words[0]), words[0])
        if len(words) not in (2, 3):
            raise TypedLineError(_("“{clause}”: a name after “{word}”, then add or subtract where the table chooses")
                                 .format(clause=" ".join(words), word=words[0]))  # fmt: skip
        choice = None
        if len(words) == 3:
            choice = self.vocabulary.get(folded(words[2]))
            if choice not in MOON_CHOICES:
                raise TypedLineError(_("“{word}” is not add or subtract").format(word=words[2]), words[2])
        self.moon = (self.seat(words[1]), choice)

    def _hearts(self, words: Sequence[str]) -> None:
        if len(words) != 2:
            raise TypedLineError(_("“{clause}”: a name and how many hearts").format(clause=" ".join(words)))
        first, second = words
        name, count = (second, first) if first.isdigit() else (first, second)
        if not count.isdigit():
            raise TypedLineError(_("“{word}” is not a number of hearts").format(word=count), count)
        seat = self.seat(name)
        if seat in self.hearts:
            raise TypedLineError(_("{name}'s hearts are said twice").format(name=self.setup.players[seat]), name)
        self.hearts[seat] = int(count)

    def seat(self, word: str) -> int:
        """The seat whose player's name is `word` or starts with it and no other's does."""
        typed = folded(word)
        names = [folded(name) for name in self.setup.players]
        if typed in names:
            return names.index(typed)
        starting = [seat for seat, name in enumerate(names) if name.startswith(typed)]
        if len(starting) == 1:
            return starting[0]
        if starting:
            alike = joined([self.setup.players[seat] for seat in starting])
            raise TypedLineError(_("“{word}” could be any of {names}").format(word=word, names=alike), word)
        raise TypedLineError(_("“{word}” is not a player of this game").format(word=word), word)

    def understood(self) -> Understood:
        setup = self.setup
        if self.revoke is not None:
            if self.hearts or self.rest is not None or self.queen is not None or self.moon or self.jack is not None:
                raise TypedLineError(_("A revoke is the whole hand: nothing else goes with it"))
            return Understood(
                HandEntry.revoked(self.revoke), _("{name} revoked").format(name=setup.players[self.revoke])
            )
        hearts = [self.hearts.get(seat, 0) for seat in range(setup.seats)]
        moon = None
        queen = self.queen
        if self.moon is not None:
            shooter, moon = self.moon
            if self.hearts or self.rest is not None or (queen is not None and queen != shooter):
                raise TypedLineError(
                    _("A moon is every heart and the {queen} to one player: no other hearts go with it").format(
                        queen=shown_card(QUEEN_OF_SPADES)
                    )
                )
            hearts = [setup.hearts_in_play if seat == shooter else 0 for seat in range(setup.seats)]
            queen = shooter
        elif self.rest is not None:
            if self.rest in self.hearts:
                raise TypedLineError(
                    _("{name}'s hearts are said twice").format(name=setup.players[self.rest]), setup.players[self.rest]
                )
            hearts[self.rest] = max(setup.hearts_in_play - sum(hearts), 0)
        entry = HandEntry.cards(hearts, queen, jack=self.jack, moon=moon)
        return Understood(entry, _summary(setup, hearts, queen, self.jack))


def _summary(setup: GameSetup, hearts: Iterable[int], queen: int | None, jack: int | None) -> str:
    """The hand as the form says it back: "Q♠ Ben; hearts Ann 3, Cat 4, Dan 6" (a Message, each card
    in the reader's letters)."""
    taken = [
        _("{name} {count}").format(name=name, count=count)
        for name, count in zip(setup.players, hearts, strict=True)
        if count
    ]
    parts = [_("hearts {who}").format(who=joined(taken) if taken else _("none"))]
    if queen is not None:
        parts.insert(0, _("{card} {name}").format(card=shown_card(QUEEN_OF_SPADES), name=setup.players[queen]))
    if jack is not None:
        parts.append(_("{card} {name}").format(card=shown_card(JACK_OF_DIAMONDS), name=setup.players[jack]))
    return joined(parts, "; ")
