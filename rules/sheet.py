"""The cheat-sheet's shape (rules.rulebook writes it): a sheet of sections, each of items
and tables. Its one sentence is how an item reads as a line; every other is rules.rulebook's."""

from __future__ import annotations

from dataclasses import dataclass

from rules.i18n import _


@dataclass(frozen=True, slots=True)
class Item:
    """One rule: a short term in bold, then plain text."""

    term: str
    text: str

    def __str__(self) -> str:
        return str(_("{term}: {text}").format(term=self.term, text=self.text))


@dataclass(frozen=True, slots=True)
class Table:
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    title: str
    items: tuple[Item, ...]
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True, slots=True)
class Sheet:
    title: str
    subtitle: str
    variant: str
    players: tuple[str, ...]  # empty on a preset's sheet
    house_rules: tuple[str, ...]  # options that differ from the preset, in words
    sections: tuple[Section, ...]
    # The sheet speaks of P, the hand's penalty total (Turbo Hearts has none).
    penalty: bool = True

    def section(self, key: str) -> Section:
        return next(section for section in self.sections if section.key == key)

    @property
    def text(self) -> str:
        """Everything the sheet says, one line per item or table row (for search and tests)."""
        lines = [str(self.title), str(self.subtitle), *map(str, self.house_rules)]
        for section in self.sections:
            lines.append(str(section.title))
            lines.extend(str(item) for item in section.items)
            for table in section.tables:
                lines.append(str(table.caption))
                lines.append(" | ".join(map(str, table.header)))
                lines.extend(" | ".join(map(str, row)) for row in table.rows)
        return "\n".join(lines)
