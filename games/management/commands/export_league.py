"""python manage.py export_league LEAGUE_ID [-o FILE]: a league as JSON, for backups."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.league_file.export import export_league_json
from games.models import League


class Command(BaseCommand):
    help = "Write a whole league (players and every game's scoresheet) as JSON, to a file or standard output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("league_id", type=int, help="the league's id (in its address: /leagues/ID/)")
        parser.add_argument("-o", "--output", help="write to this file instead of standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        league = League.objects.filter(pk=options["league_id"]).first()
        if league is None:
            raise CommandError(f"There is no league {options['league_id']}")
        if not options["output"]:
            for piece in export_league_json(league):
                self.stdout.write(piece, ending="")
            return
        try:
            with open(options["output"], "w", encoding="utf-8") as out:
                out.writelines(export_league_json(league))
        except OSError as error:
            raise CommandError(f"cannot write {options['output']}: {error.strerror or error}") from None
        self.stderr.write(f"Wrote {league.name} ({league.games.count()} games) to {options['output']}")
