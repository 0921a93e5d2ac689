"""Importing a league file."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.json_input import TooLarge, UnreadableJSON, read_json
from games.league_file import counted

# A bigger backup than the page takes (settings.LEAGUE_FILE_MAX_MB, about 2,800
# games for 5 MB at 1.8 KB a game: benchmarks/league.py) is restored by the
# server's administrator with the import_league command, as the page says.
# Storing a league holds SQLite's write lock a chunk at a time, and the
# file's games are read and played first, in the worker that serves the page.
BIG_FILES = "python manage.py import_league FILE --owner YOUR-USER-NAME"
# What one MB of league file holds, for the page's "about 2,800 games".
GAMES_PER_MB = 560
# The code of a refusal for size: the page answers 413.
TOO_LARGE = "too_large"


def league_file_max_bytes() -> int:
    return settings.LEAGUE_FILE_MAX_MB * 1024 * 1024


class LeagueImportForm(forms.Form):
    """A league file from Export, read as JSON (games.league_file.restore checks what it holds)."""

    file = forms.FileField(label=_("League file (.json, from Export)"))
    # The second choice after a 409: the file's games are already a league of the importer's.
    as_copy = forms.BooleanField(required=False)

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        most = league_file_max_bytes()
        too_big = forms.ValidationError(
            gettext(
                "That file is over %(most)s MB, more than this page takes. "
                "The server's administrator can import it with: %(command)s"
            )
            % {"most": settings.LEAGUE_FILE_MAX_MB, "command": BIG_FILES},
            code=TOO_LARGE,
        )
        if upload.size > most:
            raise too_big
        try:
            return read_json(upload.read(), most_bytes=most)
        except TooLarge as error:
            if error.what == "bytes":
                raise too_big from None
            raise forms.ValidationError(
                gettext(
                    "That file holds more than %(most)s values (numbers, names, lists), more than a league file "
                    "of %(mb)s MB holds; choose a league .json file from Export."
                )
                % {"most": counted(error.most), "mb": settings.LEAGUE_FILE_MAX_MB},
                code=TOO_LARGE,
            ) from None
        except UnreadableJSON as error:
            raise forms.ValidationError(
                gettext(
                    "That file is not a league export this app can read (%(why)s); "
                    "choose a league .json file from Export."
                )
                % {"why": error}
            ) from None
