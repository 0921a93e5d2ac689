"""A league's own presets: a variant and its house rules, saved under a name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from games.models.activity import ActivityEntry
from games.models.league import League
from games.models.names import PRESET_NAME_LENGTH, NameKeyed, NameKeyedQuerySet, StoredAsWritten
from games.models.trash import AllRows, NotTrashed, TrashError
from rules import name_key
from rules.rulebook import cheat_sheet
from rules.variants import get_variant, resolve_options

if TYPE_CHECKING:
    from games.models.activity import Actor


class LeaguePreset(NameKeyed):
    """A league's own preset: a variant and its house rules, saved under a name.

    A new game copies its options (Game.options holds them in full), so
    changing or deleting a saved preset never changes a game already played.
    """

    # Enough for every table's quirks; the new-game page lists them all.
    MOST_PER_LEAGUE = 50

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="presets")
    name = models.CharField(max_length=PRESET_NAME_LENGTH, validators=[StoredAsWritten("preset")])
    name_key = models.CharField(max_length=4 * PRESET_NAME_LENGTH, editable=False)
    variant = models.CharField(max_length=20)
    # Every option of the variant, defaults included (Options.as_dict()).
    options = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    # When an organizer deleted it: in the trash, restorable for TRASH_DAYS.
    trashed_at = models.DateTimeField(null=True, blank=True)

    objects = NotTrashed.from_queryset(NameKeyedQuerySet)()
    all_objects = AllRows()

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            # A name in the trash is free to take again (restoring then asks for a free name).
            models.UniqueConstraint(
                fields=["league", "name_key"], condition=Q(trashed_at=None), name="preset_name_key_unique_in_league"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.updated_at = timezone.now()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "updated_at"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:preset-rules", args=[self.league_id, self.pk])

    @property
    def variant_name(self) -> str:
        return get_variant(self.variant).name

    def set_rules(self, variant: str, options: dict[str, Any]) -> None:
        """The variant and every one of its options, the overrides checked (SetupError if not)."""
        self.variant = variant
        self.options = resolve_options(get_variant(variant), options).as_dict()

    def house_rules(self) -> tuple[str, ...]:
        """The options that differ from the variant's preset, in words."""
        return cheat_sheet(self.variant, self.options).house_rules

    @transaction.atomic
    def trash(self, user: Actor = None) -> None:
        """Into the trash for TRASH_DAYS; games played by these rules keep them either way."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        self.trashed_at = timezone.now()
        LeaguePreset.all_objects.filter(pk=self.pk).update(trashed_at=self.trashed_at)
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.PRESET_DELETED, preset=self.name)

    @transaction.atomic
    def restore(self, user: Actor = None) -> None:
        """Back from the trash; TrashError when its name is taken meanwhile or the league has its fill."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        live = LeaguePreset.objects.filter(league_id=self.league_id)
        if live.filter(name_key=name_key(self.name)).exists():
            raise TrashError(
                gettext("%(league)s has other house rules called %(name)s now: rename them first")
                % {"league": self.league.name, "name": self.name}
            )
        if live.count() >= LeaguePreset.MOST_PER_LEAGUE:
            raise TrashError(
                gettext("%(league)s has %(most)d house rules, the most a league keeps")
                % {"league": self.league.name, "most": LeaguePreset.MOST_PER_LEAGUE}
            )
        LeaguePreset.all_objects.filter(pk=self.pk).update(trashed_at=None)
        self.trashed_at = None
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.PRESET_RESTORED, preset=self.name)
