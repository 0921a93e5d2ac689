"""Seasons: named stretches of a league's days, each with its own standings and ratings.

Every league with counted games gets its calendar years as automatic
seasons (what the standings offered until now), their standings summed and
rated afresh here, as League.seasons_changed() would: the pure arithmetic of
games.ratings on the historical models, so that this step never depends on
the models as they will be later.
"""

from datetime import date
from itertools import groupby

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Count, Max, Min, Q, Sum

import games.models
from games.ratings import RatedSeat, ordinal, rate_afresh


def year_seasons(apps, schema_editor):
    League = apps.get_model("games", "League")
    Season = apps.get_model("games", "Season")
    SeasonStanding = apps.get_model("games", "SeasonStanding")
    Seat = apps.get_model("games", "Seat")
    figures = {
        "games": Count("pk"),
        "wins": Count("pk", filter=Q(won=True)),
        "total": Sum("total"),
        "points": Sum("points"),
        "hands": Sum("game__hand_count"),
        "moons": Sum("moons"),
        "queens": Sum("queens"),
        "wraps": Sum("wraps"),
        "sixty_nine": Count("pk", filter=Q(won=True, game__reason="sixty_nine")),
    }
    for league in League.objects.all().iterator():
        counted = Seat.objects.filter(game__league=league, game__status="over")
        days = counted.aggregate(first=Min("game__played_on"), last=Max("game__played_on"))
        if days["first"] is None:
            continue
        for year in range(days["first"].year, days["last"].year + 1):
            season = Season.objects.create(
                league=league, name=str(year), name_key=str(year), first_day=date(year, 1, 1),
                last_day=date(year, 12, 31), automatic=True,
            )
            seats = counted.filter(game__played_on__year=year)
            rows = seats.order_by("game__played_on", "game__created_at", "game_id", "position").values_list(
                "pk", "game_id", "player_id", "total", "won"
            )
            in_order = [
                [RatedSeat(pk, player, total, won, None) for pk, _, player, total, won in game]
                for _, game in groupby(rows, key=lambda row: row[1])
            ]
            ratings = {player: ordinal(*rating) for player, rating in rate_afresh(in_order).items()}
            standings = {}
            for summed in seats.values("player_id", "game__variant").annotate(**figures).order_by():
                for variant in (summed["game__variant"], ""):
                    row = standings.setdefault(
                        (summed["player_id"], variant),
                        SeasonStanding(season=season, player_id=summed["player_id"], variant=variant,
                                       rating=ratings.get(summed["player_id"])),
                    )
                    for figure in figures:
                        setattr(row, figure, getattr(row, figure) + summed[figure])
            SeasonStanding.objects.bulk_create(standings.values(), batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0013_game_share_generation'),
    ]

    operations = [
        migrations.CreateModel(
            name='Season',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=40, validators=[games.models.StoredAsWritten('season')])),
                ('name_key', models.CharField(editable=False, max_length=160)),
                ('first_day', models.DateField()),
                ('last_day', models.DateField()),
                ('automatic', models.BooleanField(default=False)),
                ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='games.league')),
            ],
            options={
                'ordering': ['-last_day', '-first_day', 'name', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='SeasonStanding',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('variant', models.CharField(blank=True, max_length=20)),
                ('games', models.PositiveIntegerField(default=0)),
                ('wins', models.PositiveIntegerField(default=0)),
                ('total', models.IntegerField(default=0)),
                ('points', models.IntegerField(default=0)),
                ('hands', models.PositiveIntegerField(default=0)),
                ('moons', models.PositiveIntegerField(default=0)),
                ('queens', models.PositiveIntegerField(default=0)),
                ('wraps', models.PositiveIntegerField(default=0)),
                ('sixty_nine', models.PositiveIntegerField(default=0)),
                ('rating', models.FloatField(blank=True, null=True)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.player')),
                ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings', to='games.season')),
            ],
        ),
        migrations.AddConstraint(
            model_name='season',
            constraint=models.UniqueConstraint(fields=('league', 'name_key'), name='season_name_key_unique_in_league'),
        ),
        migrations.AddConstraint(
            model_name='season',
            constraint=models.CheckConstraint(condition=models.Q(('first_day__lte', models.F('last_day'))), name='season_first_day_not_after_last', violation_error_message="The season's first day is after its last day."),
        ),
        migrations.AddConstraint(
            model_name='seasonstanding',
            constraint=models.UniqueConstraint(fields=('season', 'variant', 'player'), name='one_season_standing_per_variant'),
        ),
        migrations.RunPython(year_seasons, migrations.RunPython.noop, elidable=True),
    ]
