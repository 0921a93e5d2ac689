from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    """The project package as an app, only to register its system checks."""

    name = "scorekeeper"
    verbose_name = "Scorekeeper project"

    def ready(self) -> None:
        from scorekeeper import checks  # noqa: F401  (registers the checks)
