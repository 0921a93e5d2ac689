# One hand per idempotency key in a game, held by the database as well as by record_hand.

from django.db import migrations, models


def forget_repeated_keys(apps, schema_editor):
    """A key held by two hands of a game (none should be) stays on the first: the constraint can then be made."""
    Hand = apps.get_model("games", "Hand")
    seen = set()
    for hand in Hand.objects.exclude(client_key="").order_by("game_id", "number").only("id", "game_id", "client_key"):
        if (hand.game_id, hand.client_key) in seen:
            Hand.objects.filter(pk=hand.pk).update(client_key="")
        seen.add((hand.game_id, hand.client_key))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0024_night_activity'),
    ]

    operations = [
        migrations.RunPython(forget_repeated_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='hand',
            constraint=models.UniqueConstraint(condition=models.Q(('client_key', ''), _negated=True), fields=('game', 'client_key'), name='one_hand_per_key'),
        ),
    ]
