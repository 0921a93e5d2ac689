"""A game's hands as the table entered them, and the History of every change to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models.trash import AllRows, GameNotTrashed
from rules import HandEntry


class Hand(models.Model):
    """One hand's entry as the table gave it, in its stored form (rules.entry: HandEntry.to_stored).

    entry holds {"hearts": [per seat], "queen": seat, "jack": seat|null,
    "moon": "add"|"subtract"|null} or {"revoke": seat}, and the house rules'
    fields where used.
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="hands", db_index=False)
    number = models.PositiveSmallIntegerField()
    entry = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    # The idempotency key of a hand sent from a phone's offline queue: the same
    # send arriving twice (a retry after a lost answer) records one hand.
    client_key = models.CharField(max_length=64, blank=True, default="")
    # Cache derived from the entries by Game.refresh(): what the engine made of
    # the hand (HandResult.to_stored), so that hands.csv reads it instead of
    # playing every game of the league again. Null until written.
    result = models.JSONField(null=True, blank=True, editable=False)

    objects = GameNotTrashed()
    all_objects = AllRows()

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            # Two phones submitting the same hand: the second insert fails here.
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
            # One send, one hand: record_hand answers a repeated key from the stored hand
            # under the game's lock; this holds it for any other writer too.
            models.UniqueConstraint(
                fields=["game", "client_key"], condition=~models.Q(client_key=""), name="one_hand_per_key"
            ),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of game {self.game_id}"

    def to_entry(self) -> HandEntry:
        return HandEntry.from_stored(self.entry)


class HandRevision(models.Model):
    """Every change to a game's hands: who, when, what it was and what it became."""

    class Action(models.TextChoices):
        ADDED = "added", "added"
        EDITED = "edited", "edited"
        DELETED = "deleted", "deleted"
        # Not a hand's change: the game declared null or abandoned, or that taken back.
        DECLARED = "declared", "declared"
        REOPENED = "reopened", "reopened"
        # Not a hand's change either: a player of the game merged into another (Player.merge_into).
        MERGED = "merged", "merged"
        # Nor this: the day the game was played, changed (Game.move_to_day).
        REDATED = "redated", "redated"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="revisions", db_index=False)
    number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Who, by username, when no account of that name is on this server: a
    # league file's History keeps its names (games.league_file).
    user_name = models.CharField(max_length=150, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)

    objects = GameNotTrashed()
    all_objects = AllRows()

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["game", "-at"])]

    def __str__(self) -> str:
        return f"Hand {self.number} {self.action} in game {self.game_id}"
