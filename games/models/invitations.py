"""An invitation to a league addressed to a username: a league file's member, waiting for a yes.

A league file names its members by username. Restoring them as members
would let whoever imports a file put any account into their league, and an
organizer holds power over a member (issue 34: that was the first step of an
account takeover). So each is stored as an invitation, by the name alone,
whether or not an account of that name exists (the importer learns nothing
from it), and the account of that name sees it on its home page and accepts
or declines it. Only the yes makes a member.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.functional import Promise

from games.models.activity import ActivityEntry
from games.models.lazy import model
from games.models.league import League, Membership
from games.models.players import Player
from games.models.revisions import HandRevision

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User


class NamedInvitationQuerySet(models.QuerySet["NamedInvitation"]):
    def waiting_for(self, user: User | AnonymousUser) -> NamedInvitationQuerySet:
        """The invitations this account may answer: addressed to its name, in a league that is shown."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(
            username=user.get_username(), league__trashed_at=None, league__importing=False
        ).select_related("league")


class NamedInvitation(models.Model):
    """A league's invitation to the account of one username, with the role (and player) it would have."""

    # Unique with the username below, which leads that index: the league needs none of its own.
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="named_invitations", db_index=False)
    username = models.CharField(max_length=150)
    role = models.CharField(max_length=12, choices=Membership.Role.choices, default=Membership.Role.VIEWER)
    # The league's player the file linked to this member: linked to the account on its yes.
    player = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    objects = NamedInvitationQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "username"], name="one_invitation_per_username")]
        # Each home page looks its reader's name up.
        indexes = [models.Index(fields=["username"], name="games_invitation_username_idx")]

    def __str__(self) -> str:
        return f"Invitation of {self.username} to {self.league} ({self.role})"

    @property
    def role_in_sentence(self) -> Promise:
        return Membership.ROLE_IN_SENTENCE[self.role]

    def accept(self, user: User) -> Membership:
        """Make the account a member with the invitation's role, and the invitation gone.

        Only the account the invitation names may accept it (the view finds it
        among the reader's own). A member already (through an invite link since)
        keeps their role. The file's player, and the History lines and activity
        entries the file gave this name, are linked to the account, as a member's
        own would be."""
        if user.get_username() != self.username:
            raise PermissionError("An invitation is accepted by the account it names")
        with transaction.atomic():
            membership = Membership.objects.filter(league_id=self.league_id, user=user).first()
            if membership is None:
                try:
                    with transaction.atomic():
                        membership = Membership.objects.create(league_id=self.league_id, user=user, role=self.role)
                except IntegrityError:  # joined a moment ago some other way
                    membership = Membership.objects.get(league_id=self.league_id, user=user)
            league_players = Player.objects.filter(league_id=self.league_id)
            if self.player_id is not None and not league_players.filter(user=user).exists():
                league_players.filter(pk=self.player_id, user=None).update(user=user)
            # By the games' ids, not through a join (SeatQuerySet.forget_uncounted_ratings says why).
            games = model("Game").all_objects.filter(league_id=self.league_id).values("pk")
            HandRevision.all_objects.filter(game_id__in=games, user=None, user_name=self.username).update(
                user=user, user_name=""
            )
            ActivityEntry.objects.filter(league_id=self.league_id, user=None, who=self.username).update(user=user)
            self.delete()
        return membership

    def decline(self) -> None:
        self.delete()
