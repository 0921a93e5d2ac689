from django.apps import AppConfig

from games import changes, live


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games and leagues"

    def ready(self) -> None:
        # The engine's sentences (rules.i18n) are shown in the request's language:
        # Django's translation module is the translator they go through.
        from django.utils import translation

        from rules import i18n

        i18n.install(translation)

        # What a write announces once it commits goes on to the live streams (games/live.py).
        changes.committed.connect(live.carry, dispatch_uid="games.live.carry")
