"""Importing a league file."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.json_input import UnreadableJSON, read_json

# The biggest league file the import page takes: about 2,800 games at 1.8 KB
# a game (benchmarks/league.py). Storing a league holds SQLite's write lock,
# and other tables' hands wait on it (at most 20 s, the busy timeout): this
# many games are stored in a few seconds. A bigger backup (a league may hold
# 20,000 games) is restored by the server's administrator with the
# import_league command, as the page says.
IMPORT_MAX_BYTES = 5 * 1024 * 1024
IMPORT_MAX_MB = IMPORT_MAX_BYTES // (1024 * 1024)
BIG_FILES = "python manage.py import_league FILE --owner YOUR-USER-NAME"


class LeagueImportForm(forms.Form):
    """A league file from Export, read as JSON (games.league_file.restore checks what it holds)."""

    file = forms.FileField(label=_("League file (.json, from Export)"))
    # The second choice after a 409: the file's games are already a league of the importer's.
    as_copy = forms.BooleanField(required=False)

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                gettext(
                    "That file is over %(most)s MB, more than this page takes. "
                    "The server's administrator can import it with: %(command)s"
                )
                % {"most": IMPORT_MAX_MB, "command": BIG_FILES}
            )
        try:
            return read_json(upload.read())
        except UnreadableJSON as error:
            raise forms.ValidationError(
                gettext(
                    "That file is not a league export this app can read (%(why)s); "
                    "choose a league .json file from Export."
                )
                % {"why": error}
            ) from None
