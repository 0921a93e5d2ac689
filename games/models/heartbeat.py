"""The health check's own row."""

from __future__ import annotations

from django.db import models, transaction
from django.utils import timezone


class Heartbeat(models.Model):
    """One row that /healthz rewrites: a database that answers but can't write is not healthy."""

    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Heartbeat at {self.at:%Y-%m-%d %H:%M:%S}"

    @classmethod
    def beat(cls) -> None:
        now = timezone.now()
        with transaction.atomic():
            if not cls.objects.filter(pk=1).update(at=now):
                Heartbeat.objects.bulk_create([Heartbeat(pk=1, at=now)], ignore_conflicts=True)
