"""Who may see and change what. Every view asks here; templates never decide.

Outsiders get 404 (a league's existence is not revealed); members whose
role is too low for an action get 403.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from django.conf import settings
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from games.models import Announcement, AnswerLink, Game, League, Membership

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User
    from django.http import HttpRequest

# What a view needs of the reader's role (Membership.ROLES_THAT_MAY says who has it).
VIEW = Membership.VIEW
SCORE = Membership.SCORE
ORGANIZE = Membership.ORGANIZE


def membership_for(user: User | AnonymousUser, league_id: int) -> Membership:
    """The user's membership of the league, or 404."""
    if not user.is_authenticated:
        raise Http404("No such league")
    try:
        # A league in the trash is no member's: only its owner sees it, on their list of leagues;
        # an import still being written is nobody's yet.
        membership = Membership.objects.select_related("league").get(
            league_id=league_id, user=user, league__trashed_at=None, league__importing=False
        )
    except Membership.DoesNotExist:
        raise Http404("No such league") from None
    shown_in_its_time_zone(membership.league)
    return membership


def require(membership: Membership, need: str) -> Membership:
    if not membership.may(need):
        raise PermissionDenied(gettext("Your role in this league does not allow that"))
    return membership


def get_league_for(user: User | AnonymousUser, league_id: int, need: str = VIEW) -> tuple[League, Membership]:
    membership = require(membership_for(user, league_id), need)
    return membership.league, membership


def get_game_for(
    user: User | AnonymousUser, game_id: int, need: str = VIEW, queryset: QuerySet[Game] | None = None
) -> tuple[Game, Membership]:
    """The game, if the user's role in its league allows `need`; else 404/403."""
    queryset = queryset if queryset is not None else Game.objects.all()
    try:
        game = queryset.select_related("league").get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise Http404("No such game") from None
    membership = require(membership_for(user, game.league_id), need)
    return game, membership


LOCKED_GAME = (
    "This game is over, and the league locks finished games: only an organizer can change its hands or its day."
)


def game_locked_for(game: Game, membership: Membership) -> bool:
    """Whether the league's lock keeps this member from changing the finished game's hands or day."""
    return game.status == Game.Status.OVER and game.league.lock_finished_games and not membership.can_organize


def require_unlocked(game: Game, membership: Membership) -> None:
    """403, saying why, when the finished game is locked for this member (League.lock_finished_games)."""
    if game_locked_for(game, membership):
        raise PermissionDenied(LOCKED_GAME)


def get_public_league(token: str, found: League | None = None) -> League:
    """The league whose read-only public link carries token, or 404 (also when the link is off).
    found: the league as this request already read it by the token (its ETag's), if it did."""
    if not token:
        raise Http404("No such league")
    if found is not None and found.public_token == token:
        league = found
    else:
        try:
            league = League.objects.get(public_token=token)
        except League.DoesNotExist:
            raise Http404("No such league") from None
    shown_in_its_time_zone(league)
    shown_in_its_language(league)
    return league


def get_announcement_for(
    user: User | AnonymousUser, announcement_id: int, need: str = VIEW
) -> tuple[Announcement, Membership]:
    """The announced night, if the user's role in its league allows `need`; else 404/403."""
    announcement = Announcement.objects.filter(pk=announcement_id).first()
    if announcement is None:
        raise Http404("No such night")
    league, membership = get_league_for(user, announcement.league_id, need)
    announcement.league = league
    return announcement, membership


def get_answer_link(token: str) -> AnswerLink:
    """The answer link of this token, stopped or not (the view says 410 for a stopped one); else 404.

    It reaches its announcement and nothing else of the league."""
    link = AnswerLink.objects.select_related("announcement__league").filter(token=token).first()
    if link is None:
        raise Http404("No such link")
    league = link.announcement.league
    if league.trashed_at is not None or league.importing:
        raise Http404("No such link")
    shown_in_its_time_zone(league)
    shown_in_its_language(league)
    return link


def shown_in_its_language(league: League) -> None:
    """The rest of the request speaks the league's language, when its organizer chose one (League.language).

    For what the league shows as itself: its public pages and its printouts.
    LocaleMiddleware activates the reader's own language again at the next request."""
    if league.language:
        translation.activate(league.language)


def shown_in_its_time_zone(league: League) -> None:
    """The rest of the request shows times at the league's table (LeagueTimeZoneMiddleware ends it)."""
    timezone.activate(league.zone)


@dataclass(frozen=True)
class Reader:
    """Who is reading: a member (with a role), or the holder of the public link."""

    league: League
    membership: Membership | None = None

    @property
    def public(self) -> bool:
        return self.membership is None

    @property
    def can_organize(self) -> bool:
        return self.membership is not None and self.membership.can_organize

    def standings_url(self) -> str:
        if self.public:
            return reverse("games:public-standings", args=[self.league.public_token])
        return reverse("games:league-standings", args=[self.league.pk])

    def games_url(self) -> str:
        if self.public:
            return reverse("games:public-games", args=[self.league.public_token])
        return reverse("games:league-games", args=[self.league.pk])

    def scoresheet_url(self, game_id: int) -> str:
        return self._scoresheet_url.format(game_id)

    def player_url(self, player_id: int) -> str:
        """The player's page, through the public link for its holder."""
        return self._player_url.format(player_id)

    # A list page links a hundred rows: reverse() once, then fill in each id.
    @cached_property
    def _scoresheet_url(self) -> str:
        if self.public:
            return _pattern(reverse("games:public-scoresheet", args=[self.league.public_token, _SLOT]))
        return _pattern(reverse("games:game-scoresheet", args=[_SLOT]))

    @cached_property
    def _player_url(self) -> str:
        if self.public:
            return _pattern(reverse("games:public-player", args=[self.league.public_token, _SLOT]))
        return _pattern(reverse("games:player-detail", args=[self.league.pk, _SLOT]))


# Stands for the id in a reversed URL; no league, game or player gets this far.
_SLOT = 2_147_483_647


def _pattern(url: str) -> str:
    """'/games/2147483647/scoresheet/' -> '/games/{}/scoresheet/'."""
    return url.replace(str(_SLOT), "{}")


# The game page's poller -------------------------------------------------------------------
# Nearly every poll asks "has this game changed since version N?" and hears no.
# Answering that from the session and the membership costs three queries; the
# pass lets one primary-key read answer it instead: it says that the holder of
# this session cookie could see this game when the pass was issued. It is good
# for a few minutes, so a member who leaves the league learns at most that a
# game did not change for that long; anything the game shows is always read
# through the full access check.
POLL_PASS_SECONDS = 600


def _poll_signer(session_key: str) -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=f"games.poll:{session_key}")


def poll_pass(request: HttpRequest, game_id: int) -> str:
    """A pass for the game's poller in this session ('' without a session)."""
    session_key = request.session.session_key
    return _poll_signer(session_key).sign(str(game_id)) if session_key else ""


def poll_pass_holds(request: HttpRequest, game_id: int) -> bool:
    """Whether the request's ?pass= was issued to its session cookie for this game, and is still good."""
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    value = request.GET.get("pass", "")
    if not session_key or not value:
        return False
    try:
        return _poll_signer(session_key).unsign(value, max_age=POLL_PASS_SECONDS) == str(game_id)
    except signing.BadSignature:  # SignatureExpired included
        return False
