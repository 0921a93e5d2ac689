"""Games get the day they were played and a number of their league's; leagues a time zone.

Existing games are numbered in their league's order of play so far
(created_at, pk), and dated by the day they were created, in UTC: the
only time zone any league had until now.
"""

from django.db import migrations, models

import games.models


def number_and_date(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    League = apps.get_model("games", "League")
    for league in League.objects.all().iterator():
        games = list(Game.objects.filter(league=league).order_by("created_at", "pk").only("pk", "created_at"))
        for number, game in enumerate(games, start=1):
            game.number = number
            game.played_on = game.created_at.date()  # stored in UTC
        Game.objects.bulk_update(games, ["number", "played_on"], batch_size=1000)
        League.objects.filter(pk=league.pk).update(last_game_number=len(games))


class Migration(migrations.Migration):
    dependencies = [("games", "0010_hand_client_key")]

    operations = [
        migrations.AddField(
            "league",
            "time_zone",
            models.CharField(default="UTC", max_length=64, validators=[games.models.valid_time_zone]),
        ),
        migrations.AddField("league", "min_games", models.PositiveSmallIntegerField(default=3)),
        migrations.AddField("league", "last_game_number", models.PositiveIntegerField(default=0)),
        migrations.AddField("game", "number", models.PositiveIntegerField(null=True)),
        migrations.AddField("game", "played_on", models.DateField(null=True)),
        migrations.RunPython(number_and_date, migrations.RunPython.noop, elidable=True),
        migrations.AlterField("game", "number", models.PositiveIntegerField()),
        migrations.AlterField("game", "played_on", models.DateField()),
        migrations.RemoveIndex("game", "games_game_league__e84583_idx"),
        migrations.AlterModelOptions("game", {"ordering": ["-played_on", "-created_at", "-pk"]}),
        migrations.AddIndex(
            "game", models.Index(fields=["league", "-played_on", "-created_at"], name="games_game_league_played_idx")
        ),
        migrations.AddConstraint(
            "game", models.UniqueConstraint(fields=["league", "number"], name="one_game_per_number")
        ),
    ]
