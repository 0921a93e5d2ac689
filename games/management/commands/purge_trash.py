"""python manage.py purge_trash: remove for good what has been in the trash over 30 days.

Leagues, games, seasons and house rules deleted more than TRASH_DAYS ago;
what was deleted since stays, restorable. Safe to run from cron as often as
you like: a second run finds nothing more to remove. Prints a line for each
thing removed (nothing when there was none), so cron mails only when it did something.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.models import TRASH_DAYS, purge_trash


class Command(BaseCommand):
    help = f"Remove for good the leagues, games, seasons and house rules in the trash over {TRASH_DAYS} days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--quiet", action="store_true", help="print nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        for line in purge_trash():
            if not options["quiet"]:
                self.stdout.write(f"Removed {line}")
