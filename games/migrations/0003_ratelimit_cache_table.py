"""The database cache table that counts login attempts (settings.CACHES["ratelimit"]).

Django makes such tables with `createcachetable`, which deployments forget;
here `migrate` makes it. It only creates tables that do not exist yet.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("games", "0002_league_results")]

    operations = [migrations.RunPython(create_cache_tables, migrations.RunPython.noop)]
