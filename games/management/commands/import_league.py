"""python manage.py import_league FILE --owner USERNAME: a new league from an export."""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.json_input import UnreadableJSON, read_json
from games.league_file import LeagueAlreadyHere, LeagueImportError, LeagueTooLarge
from games.league_file.restore import import_league


class Command(BaseCommand):
    """The server's own command line: no limit on the tries or the file's size (the import page's), but a
    league's ceiling holds (settings.LEAGUE_MOST_*), as for every league the web makes, so that the
    server can keep the league and export it again. A bigger league needs the ceiling raised in the
    server's environment, for the command and the server alike."""

    help = (
        "Create a new league, owned by USERNAME, from a league JSON file made by export_league. "
        "The league's ceiling holds: LEAGUE_MOST_GAMES, LEAGUE_MOST_PLAYERS and LEAGUE_MOST_HANDS."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the league file's path")
        parser.add_argument("--owner", required=True, help="the username of the new league's owner")
        parser.add_argument(
            "--as-copy",
            action="store_true",
            help="import it even when its games are already a league of the owner's (a second copy)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        owner = User.objects.filter(**{User.USERNAME_FIELD: options["owner"]}).first()
        if owner is None:
            raise CommandError(f"There is no user {options['owner']}")
        try:
            with open(options["file"], "rb") as league_file:
                document = read_json(league_file.read())
        except OSError as error:
            raise CommandError(f"cannot read {options['file']}: {error.strerror or error}") from None
        except UnreadableJSON as error:
            raise CommandError(f"{options['file']} is not a league file this app can read: {error}") from None
        try:
            league = import_league(document, owner, as_copy=options["as_copy"])
        except LeagueAlreadyHere as error:
            raise CommandError(f"{error} (league {error.league.pk}; --as-copy imports it again)") from None
        except LeagueTooLarge as error:
            raise CommandError(
                f"{error} (the server's ceiling: LEAGUE_MOST_GAMES, LEAGUE_MOST_PLAYERS and LEAGUE_MOST_HANDS "
                "in its environment, for this command and the server alike)"
            ) from None
        except LeagueImportError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {league.name} as league {league.pk}: {league.games.count()} games.")
        if league.invited:
            self.stdout.write(f"Invited (members once they accept, when they next log in): {', '.join(league.invited)}")
