"""python manage.py rebuild_results: recompute every cached result from the hands.

Totals, winners, each hand's result (read by hands.csv) and the rest of
each game's cache come from the engine (Game.refresh); then each league's
ratings and standings are recomputed in order of play. Safe to run at any time; the hands are never touched.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.db.models import Prefetch

from games.models import Game, Hand, League, Seat
from rules import HandError


class Command(BaseCommand):
    help = "Recompute every game's cached results from its hands, then every league's ratings and standings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", type=int, action="append", help="only this league (may be repeated)")

    def handle(self, *args: Any, **options: Any) -> None:
        leagues = League.all_objects.order_by("pk")  # the trashed ones too: restored, they are as rebuilt
        if options["league"]:
            leagues = leagues.filter(pk__in=options["league"])
        for league in leagues:
            with transaction.atomic():
                games = (
                    Game.objects.filter(league=league)
                    .order_by("created_at", "pk")
                    .prefetch_related(
                        Prefetch("seats", queryset=Seat.objects.select_related("player")),
                        Prefetch("hands", queryset=Hand.objects.order_by("number")),
                    )
                )
                count = 0
                for game in games.iterator(chunk_size=500):
                    try:
                        # Ratings once per league below, not once per game here.
                        game.refresh(rerate=False)
                    except HandError as error:
                        self.stderr.write(f"{league.name}, game {game.pk}: {error}; its results are left as they were")
                        continue
                    count += 1
                league.results_changed()
            self.stdout.write(f"{league.name}: {count} games rebuilt")
