"""python manage.py seat_night: seat a club night's next rounds (shared/CLUBNIGHT.md's contract)."""

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand

from games.json_input import UnreadableJSON, read_json
from games.models import PLAYER_NAME_LENGTH
from rules.night import NightError, read_request, seat_night


class Command(BaseCommand):
    help = "Read a night (players, rounds, played, sizes, seed) as JSON on standard input; print the seating as JSON."
    # As for replay: system-check warnings on stderr would break the one-line error contract.
    requires_system_checks: list[str] = []

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
            document = read_json(text)
        except UnreadableJSON as error:
            self._fail(f"cannot read it: {error}")
        try:
            plan = seat_night(**read_request(document, PLAYER_NAME_LENGTH))
        except NightError as error:
            self._fail(str(error))
        self.stdout.write(json.dumps(plan.as_json(), ensure_ascii=False))

    def _fail(self, message: str) -> None:
        # One clear line and status 2, as replay does; names in messages may hold line breaks, so they are escaped.
        line = "".join(char if char.isprintable() else char.encode("unicode_escape").decode() for char in message)
        self.stderr.write(f"seat_night: {line}")
        sys.exit(2)
