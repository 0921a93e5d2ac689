"""Players are told apart by rules.names.name_key, held by the database.

The old constraint compared LOWER(name), which folds only ASCII on SQLite and
differently on PostgreSQL than the engine's casefold(): 'émile' could join
'Émile', and then every page of their games failed. Existing players get
their key; where two in one league share one, the later is renamed with a
number, as nothing else can tell them apart.
"""

from django.db import migrations, models

import games.models
from rules.names import name_key


def fill_keys(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    taken = set()
    for player in Player.objects.order_by("league_id", "pk").iterator():
        key = name_key(player.name)
        number = 2
        while (player.league_id, key) in taken:
            suffix = f" ({number})"
            player.name = player.name[: 40 - len(suffix)] + suffix
            key = name_key(player.name)
            number += 1
        taken.add((player.league_id, key))
        player.name_key = key
        player.save(update_fields=["name", "name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_revision_declarations"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=160),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="player", name="player_name_unique_in_league"),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(fields=("league", "name_key"), name="player_name_key_unique_in_league"),
        ),
        migrations.AlterField(
            model_name="league",
            name="name",
            field=models.CharField(max_length=100, validators=[games.models.StoredAsWritten("league")]),
        ),
        migrations.AlterField(
            model_name="player",
            name="name",
            field=models.CharField(max_length=40, validators=[games.models.StoredAsWritten("player")]),
        ),
    ]
