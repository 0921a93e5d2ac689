"""The league file: a whole league as one JSON document, for backups and moves.

The league file is the whole league as its organizers set it and its tables
entered it, and nothing derived: its settings, players, seasons, presets,
members (by username) and every game as a scoresheet (shared/SCORESHEET.md)
with its History. Importing it rebuilds the results and ratings from the
entries, so a round trip gives the same standings. docs/LEAGUE_FILE.md
describes the format, version by version.

games.league_file.sections: the format's names and limits, and the file's
parts other than the league's name, players and games, each one writer and
one reader registered in SECTIONS (see "Adding a section" there).
games.league_file.export writes the file; games.league_file.restore reads
it back and stores it. The CSV exports for spreadsheets are games.csv_export.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.formats import number_format
from django.utils.translation import gettext

if TYPE_CHECKING:
    from games.models import League


class LeagueImportError(Exception):
    """The file cannot be imported; str() says why in one line, naming the game."""


class LeagueTooLarge(LeagueImportError):
    """The file holds more than a league may (League.MOST_*, set in settings): an answer of 413."""


class LeagueAlreadyHere(LeagueImportError):
    """The file's games are already one of the importer's leagues (import it as a copy to have two)."""

    def __init__(self, league: League) -> None:
        super().__init__(
            gettext("These games are already your league “%(league)s”. Import the file as a copy to have both.")
            % {"league": league.name}
        )
        self.league = league


def counted(number: int) -> str:
    """A count in a refusal, grouped as the reader's language writes it (5,000; 5.000; 5 000)."""
    return number_format(number, force_grouping=True)


def declared_refusal() -> str:
    """The refusal of a 'declared' the app never writes (a game's field, or a History line's)."""
    return gettext('\'declared\' must be "", "null" or "abandoned"')
