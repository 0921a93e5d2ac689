"""Names stored before the one rule for names (rules.names) are written as it writes them.

The old forms took a league's name with a tab, and a player's with two
spaces in a row, a zero-width space or an accent typed as a mark of its own;
the old league import took anything. Such a league's backup was refused by
its own import (which takes only names the app writes), and "Ann  Lee"
could be seated a second time as a new "Ann Lee". A tab or a line break
becomes a space and a hidden character goes; a name left empty takes its
row's number; where tidying makes two of a league's players one name, the
one that needed tidying gets a number, as in 0005.
"""

import unicodedata

from django.db import migrations

from rules.names import REFUSED_CATEGORIES, NameProblem, clean_name, name_key

# Read as a space where they stood (a tab, a line break); the other refused characters are dropped.
SPACES = frozenset({"Cc", "Zl", "Zp"})


def tidy(text, longest, fallback):
    kept = "".join(
        " " if unicodedata.category(character) in SPACES else character
        for character in text
        if unicodedata.category(character) not in REFUSED_CATEGORIES - SPACES
    )
    kept = " ".join(unicodedata.normalize("NFC", kept).split())[:longest]
    try:
        return clean_name(kept, longest)
    except NameProblem:
        return fallback


def tidy_names(apps, schema_editor):
    League = apps.get_model("games", "League")
    Player = apps.get_model("games", "Player")
    for league in League.objects.iterator():
        name = tidy(league.name, 100, f"League {league.pk}")
        if name != league.name:
            league.name = name
            league.save(update_fields=["name"])

    players = list(Player.objects.order_by("league_id", "pk"))
    untidy = [player for player in players if tidy(player.name, 40, "") != player.name]
    if not untidy:
        return
    # Names already tidy keep theirs; the others take a free key.
    untidy_ids = {player.pk for player in untidy}
    taken = {(player.league_id, player.name_key) for player in players if player.pk not in untidy_ids}
    for player in untidy:
        name = tidy(player.name, 40, f"Player {player.pk}")
        stem, number = name, 2
        while (player.league_id, name_key(name)) in taken:
            suffix = f" ({number})"
            name = stem[: 40 - len(suffix)].rstrip() + suffix
            number += 1
        taken.add((player.league_id, name_key(name)))
        player.name = name
    # Out of the way first (a casefolded key has no capitals), so that no
    # update meets another player's old key on the unique constraint.
    for player in untidy:
        Player.objects.filter(pk=player.pk).update(name_key=f"TIDYING {player.pk}")
    for player in untidy:
        Player.objects.filter(pk=player.pk).update(name=player.name, name_key=name_key(player.name))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_game_clock"),
    ]

    operations = [
        migrations.RunPython(tidy_names, migrations.RunPython.noop),
    ]
