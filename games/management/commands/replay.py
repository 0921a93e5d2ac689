"""python manage.py replay FILE: score a scoresheet and print the result JSON."""

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.json_input import UnreadableJSON, read_json
from rules import ScoresheetError, replay


class Command(BaseCommand):
    help = "Score a scoresheet (a file, or - for standard input) and print the result as JSON."
    # The system checks print warnings about the web site (a missing static
    # folder, say) to stderr, which breaks the one-line error contract; a
    # scoresheet replay needs none of them.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the scoresheet's path, or - to read standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as sheet:
                    text = sheet.read()
        except OSError as error:
            self._fail(f"cannot read {path}: {error.strerror or error}")
        except UnicodeDecodeError:
            self._fail(f"{path} is not UTF-8 text")
        try:
            document = read_json(text)
        except UnreadableJSON as error:
            self._fail(str(error))
        try:
            result = replay(document)
        except ScoresheetError as error:
            self._fail(str(error))
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=1))

    def _fail(self, message: str) -> None:
        # One clear line and status 2, as SCORESHEET.md asks; never a traceback.
        # Messages quote names from the sheet, so line breaks in them are escaped.
        line = "".join(char if char.isprintable() else char.encode("unicode_escape").decode() for char in message)
        self.stderr.write(f"replay: {line}")
        sys.exit(2)
