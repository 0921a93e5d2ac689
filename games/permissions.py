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
from django.db import connection
from django.db.models import QuerySet
from django.http import Http404
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy

from games.models import Announcement, AnswerLink, Game, League, Membership, TableLink, TablePhone, link_open

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


LOCKED_GAME = gettext_lazy(
    "This game is over, and the league locks finished games: only an organizer can change its hands or its day."
)


def game_locked_for(game: Game, membership: Membership | TableGuest) -> bool:
    """Whether the league's lock keeps this member from changing the finished game's hands or day."""
    return game.status == Game.Status.OVER and game.league.lock_finished_games and not membership.can_organize


def require_unlocked(game: Game, membership: Membership | TableGuest) -> None:
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


# A phone at the table without an account ---------------------------------------------------
# Opening a game's table link (games.views.guests) grants the session that one
# game: the session keeps the link's id and the phone's name under the game's
# id. Every request re-reads the link, so a stopped link (or a game past its
# grace) refuses the very next request, with 410.
TABLES = "table_links"


class TableLinkStopped(Exception):
    """The session's table link for this game no longer scores it (stopped, or the game ended long enough ago)."""


@dataclass(frozen=True)
class TableGuest:
    """A phone holding a game's table link: it sees and scores that game, its hands only.

    It stands where a member's Membership stands in the game's views (can_score,
    can_organize, may), and acts as its TablePhone (History and the log name it)."""

    league: League
    link_id: int
    phone: TablePhone
    can_score: bool = True
    can_organize: bool = False
    user_id: None = None

    def may(self, need: str) -> bool:
        return need in (VIEW, SCORE)


# Who reads the game's pages: a member, or a phone through the table link.
TableReader = Membership | TableGuest


def grant_table(request: HttpRequest, link: TableLink, phone: TablePhone) -> None:
    """The session may score the link's game from now on (until the link stops)."""
    tables = dict(request.session.get(TABLES, {}))
    tables[str(link.game_id)] = [link.pk, phone.name]
    request.session[TABLES] = tables


def table_grant(request: HttpRequest, game_id: int) -> tuple[int, str] | None:
    """The session's table link for this game (its id and the phone's name), if it was granted one."""
    granted = getattr(request, "session", {}).get(TABLES, {}).get(str(game_id))
    if not isinstance(granted, list) or len(granted) != 2:
        return None
    return int(granted[0]), str(granted[1])


def holds_a_table(request: HttpRequest) -> bool:
    """Whether this session was granted any game through a table link."""
    return bool(getattr(request, "session", {}).get(TABLES))


def get_table_for(
    request: HttpRequest, game_id: int, need: str = VIEW, queryset: QuerySet[Game] | None = None
) -> tuple[Game, TableReader]:
    """The game as the table reads it: a member's with the role for `need` (get_game_for), or
    the phone's that the session's table link grants this game (view and score only).

    404 for anyone else; 403 for what a member's role or a phone may not do;
    TableLinkStopped once the phone's link no longer scores the game."""
    grant = table_grant(request, game_id)
    if request.user.is_authenticated:
        try:
            game, membership = get_game_for(request.user, game_id, need, queryset)
        except Http404:
            if grant is None:
                raise
            # Not a member of its league: the phone's table link lets them in all the same.
        else:
            note_poll_holder(request, f"m{membership.pk}")
            return game, membership
    if grant is None:
        raise Http404("No such game")
    if need not in (VIEW, SCORE):
        raise PermissionDenied(gettext("This phone keeps the score of its game only"))
    queryset = queryset if queryset is not None else Game.objects.all()
    found = queryset.select_related("league").filter(pk=game_id).first()
    if found is None:
        raise Http404("No such game")
    game, (link_id, name) = found, grant
    link = TableLink.objects.filter(pk=link_id, game_id=game_id).first()
    if link is None or not link_open(link, game):
        raise TableLinkStopped()
    shown_in_its_time_zone(game.league)
    note_poll_holder(request, f"t{link_id}")
    return game, TableGuest(league=game.league, link_id=link_id, phone=TablePhone(name))


def actor_for(request: HttpRequest, reader: TableReader) -> User | AnonymousUser | TablePhone:
    """Who the History and the log name for a change: the member's account, or the phone."""
    return reader.phone if isinstance(reader, TableGuest) else request.user


# The game page's poller -------------------------------------------------------------------
# Nearly every poll asks "has this game changed since version N?" and hears no.
# Answering that from the session and the membership costs three queries; the
# pass lets one query answer it instead: it says that the holder of this
# session cookie read this game as this member (their Membership's id) or
# through this table link (its id) when the pass was issued, and the query
# reads the game's version only while that membership, or that live link,
# is still there. A removed member's or a stopped link's next poll goes on
# to the full check (404, 410) at once; anything the game shows is always
# read through the full check.
POLL_PASS_SECONDS = 600


def note_poll_holder(request: HttpRequest, holder: str) -> None:
    """Whom this request's poll pass names: "m<membership id>" or "t<table link id>"."""
    request.poll_holder = holder  # type: ignore[attr-defined]


def _poll_signer(session_key: str) -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=f"games.poll:{session_key}")


def poll_pass(request: HttpRequest, game_id: int) -> str:
    """A pass for the game's poller in this session ('' without a session, or before an access check)."""
    session_key = request.session.session_key
    holder = getattr(request, "poll_holder", "")
    return _poll_signer(session_key).sign(f"{game_id}:{holder}") if session_key and holder else ""


def poll_pass_holds(request: HttpRequest, game_id: int) -> str:
    """Whom the request's ?pass= names, if it was issued to its session cookie for this game and is
    still good ("m12", "t5"); else ''."""
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    value = request.GET.get("pass", "")
    if not session_key or not value:
        return ""
    try:
        signed = _poll_signer(session_key).unsign(value, max_age=POLL_PASS_SECONDS)
    except signing.BadSignature:  # SignatureExpired included
        return ""
    game, _, holder = signed.partition(":")
    return holder if game == str(game_id) and holder[:1] in ("m", "t") and holder[1:].isdigit() else ""


_MEMBER_POLL = (
    "SELECT g.version FROM {game} g JOIN {membership} m ON m.league_id = g.league_id"
    " JOIN {league} l ON l.id = g.league_id WHERE g.id = %s AND m.id = %s AND l.trashed_at IS NULL"
)
# A phone's: while its link is live and the game under way (after it ends, the full check weighs the grace).
_PHONE_POLL = (
    "SELECT g.version FROM {game} g JOIN {link} t ON t.game_id = g.id"
    " WHERE g.id = %s AND t.id = %s AND t.stopped_at IS NULL AND g.declared = ''"
    " AND g.status IN ('in_progress', 'tie_break')"
)


def polled_version(game_id: int, holder: str) -> int | None:
    """The game's version for the pass's holder, in one query: None once the holder's membership
    or table link is gone (or stopped), which sends the poll on to the full check."""
    tables = {
        "game": Game._meta.db_table,
        "membership": Membership._meta.db_table,
        "league": League._meta.db_table,
        "link": TableLink._meta.db_table,
    }
    sql = (_MEMBER_POLL if holder[0] == "m" else _PHONE_POLL).format(**tables)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id, int(holder[1:])])
        row = cursor.fetchone()
    return row[0] if row is not None else None
