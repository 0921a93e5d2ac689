"""Every URL of the app, and what each kind of visitor gets from it.

The permission matrix, the CSRF, CSP and escaping tests all walk this table.
A new URL in games/urls.py without an entry here fails
test_every_url_of_the_app_has_an_entry: decide who may use it, then add it.

Visitors (ROLES):
  anonymous  - not logged in, no link (on a link's URL: a guessed token)
  outsider   - logged in, not a member of the league
  public     - not logged in, holding the league's public (read-only) link
  viewer, scorer, organizer - members of the league with that role
  guest      - not logged in, a phone that opened the table link of the game under way
               (games.views.guests): it scores that game and reaches nothing else (403)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.urls import URLPattern, URLResolver, reverse

from games.models import ActivityEntry, Game, League
from games.views.night_screen import fingerprint
from tests.factories import PASSWORD, STANDARD_RULES_FORM

# From the least one may do to the most (test_content_security reads the page of the last that sees it).
ROLES = ("anonymous", "guest", "outsider", "public", "viewer", "scorer", "organizer")

# A redirect to the login page.
LOGIN = 302


# The table link's phone, on a page that is not its game's table: it has no account, and instead of
# the login page it is told that it keeps its game's score only (TableGuestMiddleware).
PHONE_REFUSED = 403


def statuses(
    *, anonymous: int, outsider: int, public: int, viewer: int, scorer: int, organizer: int, guest: int = PHONE_REFUSED
) -> dict[str, int]:
    """The expected status for every visitor; all six must be given, and the phone's where it is not refused."""
    return {
        "anonymous": anonymous,
        "outsider": outsider,
        "public": public,
        "viewer": viewer,
        "scorer": scorer,
        "organizer": organizer,
        "guest": guest,
    }


def everyone(status: int) -> dict[str, int]:
    return dict.fromkeys(ROLES, status)


@dataclass(frozen=True)
class Route:
    name: str
    # URL arguments, from the table set by tests/ops/conftest.py.
    kwargs: Callable[[Any], dict[str, Any]] = lambda table: {}
    get: dict[str, int] = field(default_factory=dict)
    # None for a page that changes nothing; else POST's expected statuses.
    post: dict[str, int] | None = None
    # A valid form for the POST (a bad one would hide a missing check).
    post_data: Callable[[Any], dict[str, Any]] = lambda table: {}
    # The query string of a GET, when the page needs one.
    query: Callable[[Any], dict[str, Any]] = lambda table: {}
    # Not an HTML page (a file download, a health check): no CSP or escaping check.
    html: bool = True
    # A URL holding a secret link's token ("public", "invite", "screen", "table" or "answer"): every
    # visitor has the link except the anonymous one and the table's phone, who can only guess.
    token: str | None = None

    def url(self, table: Any, role: str) -> str:
        kwargs = self.kwargs(table)
        if self.token is not None:
            guess = role in ("anonymous", "guest") and self.token != "table"
            guess = guess or (role == "anonymous" and self.token == "table")
            kwargs["token"] = secrets.token_urlsafe(32) if guess else table.token(self.token)
        return reverse(f"games:{self.name}", kwargs=kwargs)


# The common cases.
MEMBERS_SEE = statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=200, scorer=200, organizer=200)
SCORERS_DO = statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=200, organizer=200)
SCORERS_DONE = statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=302, organizer=302)
ORGANIZERS_DO = statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=403, organizer=200)
ORGANIZERS_DONE = statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=403, organizer=302)
# POST-only views behind login_required: a stranger is sent to log in first.
ORGANIZER_POSTS_ONLY = statuses(anonymous=LOGIN, outsider=405, public=LOGIN, viewer=405, scorer=405, organizer=405)
WITH_THE_LINK = statuses(anonymous=404, outsider=200, public=200, viewer=200, scorer=200, organizer=200, guest=404)
# The game's table routes, which the phone holding its table link may use as a scorer does.
PHONE_SEES = 200
POST_ONLY = everyone(405)


def game(table) -> dict[str, int]:
    return {"game_id": table.game.pk}


def join_link(table) -> dict[str, Any]:
    from games.models import Membership
    from games.views.sharing import join_token

    organizer = Membership.objects.get(league=table.league, user_id=table.league.owner_id)
    return {"game_id": table.game.pk, "token": join_token(table.game, "viewer", organizer)}


def night(table) -> dict[str, int]:
    return {"night_id": table.night.pk}


def series(table) -> dict[str, int]:
    return {"league_id": table.league.pk, "series_id": table.series.pk}


def announcement(table) -> dict[str, int]:
    return {"announcement_id": table.announcement.pk}


def league(table) -> dict[str, int]:
    return {"league_id": table.league.pk}


def next_hand(table) -> dict[str, Any]:
    """Hand 3 of the game under way: Cat takes 5 hearts, Dan 8 and the queen."""
    return {"number": 3, "hearts_0": 0, "hearts_1": 0, "hearts_2": 5, "hearts_3": 8, "queen": 3}


def typed_hand(table) -> dict[str, Any]:
    """Hand 3 of the game under way typed in one line: Cat 5 hearts, Dan the rest and the queen."""
    return {"hand": 3, "line": "q dan; cat 5; rest dan"}


def trashed_game(table) -> dict[str, Any]:
    """The game the table's organizer deleted: in the league's trash."""
    trashed = Game.all_objects.get(league=table.league, trashed_at__isnull=False)
    return {"league_id": table.league.pk, "kind": "game", "item_id": trashed.pk}


def merge_entry(table) -> dict[str, int]:
    """The activity log's entry of the table's merge, which an organizer may undo."""
    entry = ActivityEntry.objects.get(league=table.league, kind=ActivityEntry.Kind.PLAYERS_MERGED)
    return {"league_id": table.league.pk, "entry_id": entry.pk}


def preset(table) -> dict[str, int]:
    return {"league_id": table.league.pk, "preset_id": table.preset.pk}


def season(table) -> dict[str, int]:
    return {"league_id": table.league.pk, "season_id": table.season.pk}


def season_form(table) -> dict[str, Any]:
    return {"name": "Autumn 2025", "first_day": "2025-09-01", "last_day": "2025-11-30"}


def house_rules(table) -> dict[str, Any]:
    """Standard Hearts to 50 with the moon adding: a preset's form, saved."""
    return {**STANDARD_RULES_FORM, "name": "Friday rules", "save": "1", "target": "50", "moon": "add"}


def new_game(table) -> dict[str, Any]:
    return {**STANDARD_RULES_FORM, "seat": ["Cat", "Dan", "Eve", "Fay"], "first_dealer": "Cat", "start": "1"}


SCORESHEET = (
    '{"variant": "standard", "players": ["Ann", "Ben", "Cat"], "hands": [{"hearts": {"Ann": 13}, "queen": "Ben"}]}'
)

ROUTES: list[Route] = [
    Route("home", get=everyone(200)),
    Route("service-worker", get=everyone(200), html=False),
    # --- accounts
    Route(
        "signup",
        # A logged-in visitor is sent home; a stranger gets an account.
        get=statuses(anonymous=200, outsider=302, public=200, viewer=302, scorer=302, organizer=302, guest=200),
        post=everyone(302),
        post_data=lambda table: {
            "username": "newcomer",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    ),
    Route(
        "account-email",
        get=statuses(anonymous=LOGIN, outsider=200, public=LOGIN, viewer=200, scorer=200, organizer=200),
        post=statuses(anonymous=LOGIN, outsider=302, public=LOGIN, viewer=302, scorer=302, organizer=302),
        # The account's own password, as the form asks for it.
        post_data=lambda table: {"email": "me@example.com", "password": PASSWORD},
    ),
    Route(
        "account-language",
        get=statuses(anonymous=LOGIN, outsider=200, public=LOGIN, viewer=200, scorer=200, organizer=200),
        post=statuses(anonymous=LOGIN, outsider=302, public=LOGIN, viewer=302, scorer=302, organizer=302),
        post_data=lambda table: {"language": "nl"},
    ),
    # --- leagues and players
    Route(
        "league-new",
        get=statuses(anonymous=LOGIN, outsider=200, public=LOGIN, viewer=200, scorer=200, organizer=200),
        post=statuses(anonymous=LOGIN, outsider=302, public=LOGIN, viewer=302, scorer=302, organizer=302),
        post_data=lambda table: {"name": "Friday house"},
    ),
    Route("league-detail", league, get=MEMBERS_SEE),
    Route(
        "league-edit",
        league,
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"name": "Friday house", "time_zone": "Europe/Paris", "min_games": 3},
    ),
    Route(
        "league-delete",
        league,
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"name": table.league.name},
    ),
    Route(
        "player-new",
        league,
        get=statuses(anonymous=LOGIN, outsider=405, public=LOGIN, viewer=405, scorer=405, organizer=405),
        post=SCORERS_DONE,
        post_data=lambda table: {"name": "Eve"},
    ),
    Route(
        "player-edit",
        lambda table: {"league_id": table.league.pk, "player_id": table.players[2].pk},
        get=ORGANIZERS_DO,
        post=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=403, organizer=302),
        post_data=lambda table: {"name": "Catherine", "user": ""},
    ),
    Route(
        "player-delete",
        lambda table: {"league_id": table.league.pk, "player_id": table.spare_player().pk},
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
    ),
    Route(
        "player-merge",
        lambda table: {"league_id": table.league.pk, "player_id": table.spare_player().pk},
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"into": table.players[2].pk},
    ),
    # --- the table
    Route("game-new", league, get=SCORERS_DO, post=SCORERS_DONE, post_data=new_game),
    Route("game-import", league, get=SCORERS_DO, post=SCORERS_DONE, post_data=lambda table: {"text": SCORESHEET}),
    Route("game-detail", game, get={**MEMBERS_SEE, "guest": PHONE_SEES}),
    Route(
        "game-poll",
        game,
        query=lambda table: {"version": table.game.version, "hand": 3},
        # No pass in the query: a member gets the poller again, with one (a page's poller, 204, is
        # in tests/games/test_game_poll.py).
        get=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=200, scorer=200, organizer=200, guest=200),
        html=False,
    ),
    Route(
        "game-stream",
        game,
        query=lambda table: {"version": table.game.version},
        # Whoever may poll the game may hear of its changes, and no one else (a stream's events: test_live_stream.py).
        get=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=200, scorer=200, organizer=200, guest=200),
        html=False,
    ),
    Route(
        "game-declare",
        game,
        # The GET is the confirmation page a phone without JavaScript lands on.
        get=SCORERS_DO,
        query=lambda table: {"status": "abandoned"},
        post=SCORERS_DONE,
        post_data=lambda table: {"status": "abandoned"},
    ),
    Route(
        "game-reopen",
        game,
        get=POST_ONLY,
        # The game under way is not declared: the organizer is told so (409).
        post=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=403, organizer=409),
    ),
    Route(
        "game-clock",
        game,
        get=POST_ONLY,
        # The game under way has no time limit, and hands are in: the scorer is told so (409).
        post=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=409, organizer=409),
    ),
    # The day a game was played, put right: a scorer's, asked on a page of its own.
    Route("game-day", game, get=SCORERS_DO, post=SCORERS_DONE, post_data=lambda table: {"played_on": "2025-01-07"}),
    Route("game-export", game, get=MEMBERS_SEE, html=False),
    Route("game-share", game, get=MEMBERS_SEE),
    # Stopping a game's share links: the organizer's, and a POST (htmx gets the panel, a form post the page again).
    Route("game-share-stop", game, get=POST_ONLY, post=ORGANIZERS_DONE),
    Route("game-pad", game, get=MEMBERS_SEE),
    # A share link signed by the league's owner: the GET asks an outsider to join, sends members
    # on to the game; the POST joins and goes to the game.
    Route(
        "game-join",
        join_link,
        get=statuses(anonymous=LOGIN, outsider=200, public=LOGIN, viewer=302, scorer=302, organizer=302),
        post=statuses(anonymous=LOGIN, outsider=302, public=LOGIN, viewer=302, scorer=302, organizer=302),
    ),
    Route(
        "hand-new",
        game,
        get={**SCORERS_DO, "guest": PHONE_SEES},
        post={**SCORERS_DONE, "guest": 302},
        post_data=next_hand,
    ),
    Route("hand-preview", game, get=POST_ONLY, post={**SCORERS_DO, "guest": PHONE_SEES}, post_data=next_hand),
    Route("hand-typed", game, get=POST_ONLY, post={**SCORERS_DO, "guest": PHONE_SEES}, post_data=typed_hand),
    Route(
        "hand-delete",
        game,
        get={**SCORERS_DO, "guest": PHONE_SEES},
        query=lambda table: {"number": 2},
        post={**SCORERS_DONE, "guest": 302},
        post_data=lambda table: {"number": 2},
    ),
    Route(
        "hand-edit",
        lambda table: {"game_id": table.game.pk, "number": 2},
        get={**SCORERS_DO, "guest": PHONE_SEES},
        post={**SCORERS_DONE, "guest": 302},
        post_data=lambda table: {
            **next_hand(table),
            "number": 2,
            "version": Game.objects.get(pk=table.game.pk).version,
        },
    ),
    # The game's table link: a guessed token is no link (404); the GET asks, the POST grants the
    # session the game (a member, or a phone that has it already, goes straight on to the game).
    Route(
        "table-link",
        token="table",
        get=statuses(anonymous=404, outsider=200, public=200, viewer=302, scorer=302, organizer=302, guest=302),
        post=statuses(anonymous=404, outsider=302, public=302, viewer=302, scorer=302, organizer=302, guest=302),
    ),
    # Stopping it: an organizer's (a new one, once none is live, is a scorer's).
    Route("table-link-change", game, get=POST_ONLY, post=ORGANIZERS_DONE, post_data=lambda table: {"action": "stop"}),
    # --- history
    Route("league-standings", league, get=MEMBERS_SEE),
    # Every member sees the seasons; organizers add, change and delete them.
    Route("league-seasons", league, get=MEMBERS_SEE, post=ORGANIZERS_DONE, post_data=season_form),
    Route("season-edit", season, get=ORGANIZERS_DO, post=ORGANIZERS_DONE, post_data=season_form),
    Route("season-delete", season, get=ORGANIZERS_DO, post=ORGANIZERS_DONE),
    Route("league-games", league, get=MEMBERS_SEE),
    Route(
        "player-detail", lambda table: {"league_id": table.league.pk, "player_id": table.players[0].pk}, get=MEMBERS_SEE
    ),
    Route("game-scoresheet", game, get=MEMBERS_SEE),
    Route("league-export-json", league, get=MEMBERS_SEE, html=False),
    Route("league-export-games", league, get=MEMBERS_SEE, html=False),
    Route("league-export-hands", league, get=MEMBERS_SEE, html=False),
    Route(
        "league-import",
        get=statuses(anonymous=LOGIN, outsider=200, public=LOGIN, viewer=200, scorer=200, organizer=200),
        # The league's own file is already a league of its members': 409 (they may import it as a copy).
        post=statuses(anonymous=LOGIN, outsider=302, public=LOGIN, viewer=409, scorer=409, organizer=409),
        post_data=lambda table: {"file": table.league_file()},
    ),
    Route(
        "game-delete",
        lambda table: {"game_id": table.finished.pk},
        get=ORGANIZERS_DO,
        post=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=403, organizer=302),
    ),
    Route("league-trash", league, get=ORGANIZERS_DO),
    Route("trash-restore", trashed_game, get=POST_ONLY, post=ORGANIZERS_DONE),
    # The organizer's own league in the trash: only its owner may restore it; to anyone else it is no league.
    Route(
        "league-restore",
        lambda table: {"league_id": League.all_objects.get(trashed_at__isnull=False).pk},
        get=POST_ONLY,
        post=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=404, scorer=404, organizer=302),
    ),
    Route("league-activity", league, get=MEMBERS_SEE),
    Route("activity-undo", merge_entry, get=POST_ONLY, post=ORGANIZERS_DONE),
    Route("public-standings", token="public", get=WITH_THE_LINK),
    Route("public-games", token="public", get=WITH_THE_LINK),
    Route("public-scoresheet", lambda table: {"game_id": table.finished.pk}, token="public", get=WITH_THE_LINK),
    Route("public-player", lambda table: {"player_id": table.players[0].pk}, token="public", get=WITH_THE_LINK),
    Route(
        "public-result-image",
        lambda table: {"game_id": table.finished.pk, "version": table.finished.version},
        token="public",
        get=WITH_THE_LINK,
        html=False,
    ),
    # --- members, invites, the public link
    Route("league-members", league, get=MEMBERS_SEE),
    Route(
        "member-role",
        lambda table: {"league_id": table.league.pk, "membership_id": table.membership("scorer").pk},
        get=ORGANIZER_POSTS_ONLY,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"role": "viewer"},
    ),
    Route(
        "member-remove",
        lambda table: {"league_id": table.league.pk, "membership_id": table.membership("viewer").pk},
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
    ),
    # No organizer sets a member's password (issue 34): there is no password link to make.
    # A league file's member is invited by username; the table's file names the outsider.
    Route(
        "invitation-withdraw",
        lambda table: {"league_id": table.league.pk, "invitation_id": table.invitation.pk},
        get=ORGANIZER_POSTS_ONLY,
        post=ORGANIZERS_DONE,
    ),
    # Answered by the account it names alone (the outsider): to anyone else it is no invitation.
    Route(
        "invitation-accept",
        lambda table: {"invitation_id": table.invitation.pk},
        get=statuses(anonymous=LOGIN, outsider=405, public=LOGIN, viewer=405, scorer=405, organizer=405),
        post=statuses(anonymous=LOGIN, outsider=302, public=LOGIN, viewer=404, scorer=404, organizer=404),
    ),
    Route(
        "invitation-decline",
        lambda table: {"invitation_id": table.invitation.pk},
        get=statuses(anonymous=LOGIN, outsider=405, public=LOGIN, viewer=405, scorer=405, organizer=405),
        post=statuses(anonymous=LOGIN, outsider=302, public=LOGIN, viewer=404, scorer=404, organizer=404),
    ),
    Route(
        "invite-new",
        league,
        get=ORGANIZER_POSTS_ONLY,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"role": "scorer", "days": 7},
    ),
    Route(
        "invite-revoke",
        lambda table: {"league_id": table.league.pk, "invite_id": table.invite.pk},
        get=ORGANIZER_POSTS_ONLY,
        post=ORGANIZERS_DONE,
    ),
    Route(
        "public-link",
        league,
        get=ORGANIZER_POSTS_ONLY,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"action": "renew"},
    ),
    Route(
        "invite-accept",
        token="invite",
        get=statuses(anonymous=404, outsider=200, public=200, viewer=200, scorer=200, organizer=200, guest=404),
        # The outsider joins; members are told they already are; the link
        # holder without an account is sent to log in first.
        post=statuses(anonymous=404, outsider=302, public=LOGIN, viewer=302, scorer=302, organizer=302, guest=404),
    ),
    # --- rulebook
    Route("rules-index", get=everyone(200)),
    Route("rules-variant", lambda table: {"variant": "omnibus"}, get=everyone(200)),
    Route("game-rules", game, get={**MEMBERS_SEE, "guest": PHONE_SEES}),
    Route("game-referee", game, get={**MEMBERS_SEE, "guest": PHONE_SEES}),
    Route("preset-new", league, get=ORGANIZERS_DO, post=ORGANIZERS_DONE, post_data=house_rules),
    Route("preset-rules", preset, get=MEMBERS_SEE),
    Route("preset-edit", preset, get=ORGANIZERS_DO, post=ORGANIZERS_DONE, post_data=house_rules),
    Route("preset-delete", preset, get=ORGANIZERS_DO, post=ORGANIZERS_DONE),
    Route(
        "game-referee-revoke",
        game,
        get=POST_ONLY,
        post={**SCORERS_DONE, "guest": 302},
        # Confirmed, as the page that asks without JavaScript sends it (unconfirmed, a 200 asks and writes nothing).
        post_data=lambda table: {"number": 3, "offender": 1, "confirmed": "yes"},
    ),
    # --- club nights: the organizer's side
    Route(
        "night-new",
        league,
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {
            "players": [player.pk for player in table.players[:3]],
            "rules": "standard",
            "rounds": 2,
            "name": "Saturday",
        },
    ),
    Route("night-detail", night, get=MEMBERS_SEE),
    Route(
        "night-seats",
        night,
        get=POST_ONLY,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {
            "action": "swap",
            "first": table.night_pair()[0].pk,
            "second": table.night_pair()[1].pk,
        },
    ),
    Route(
        "night-round",
        night,
        get=POST_ONLY,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"action": "start", "number": 1},
    ),
    Route(
        "night-players",
        night,
        get=POST_ONLY,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"action": "arrive", "name": "Kit"},
    ),
    # The cards' QR codes let a newcomer join a table's game as a scorer: an organizer's to give.
    Route("night-cards", night, get=ORGANIZERS_DO),
    Route("night-sheet", night, get=MEMBERS_SEE),
    Route("night-delete", night, get=ORGANIZERS_DO, post=ORGANIZERS_DONE),
    # The night's screen: a signed link for the club's TV (token "screen"), its poll and its preview.
    Route("night-screen-link", night, get=ORGANIZERS_DONE),
    # Stopping the night's screen link or its shared link: the organizer's, a POST, logged.
    Route("night-link-stop", night, get=POST_ONLY, post=ORGANIZERS_DONE, post_data=lambda table: {"link": "share"}),
    Route("night-screen", token="screen", get=WITH_THE_LINK),
    Route("night-screen-poll", token="screen", get=WITH_THE_LINK),
    Route("night-screen-stream", token="screen", get=WITH_THE_LINK, html=False),
    # The night's lasting link: through the league's public link (token "public").
    Route("public-night", night, token="public", get=WITH_THE_LINK),
    Route("public-night-poll", night, token="public", get=WITH_THE_LINK),
    Route("public-night-stream", night, token="public", get=WITH_THE_LINK, html=False),
    Route(
        "public-night-image",
        lambda table: {"night_id": table.night.pk, "version": fingerprint(table.night.pk)},
        token="public",
        get=WITH_THE_LINK,
        html=False,
    ),
    Route(
        "night-screen-image",
        lambda table: {"version": fingerprint(table.night.pk)},
        token="screen",
        get=WITH_THE_LINK,
        html=False,
    ),
    # --- a series of club nights
    Route(
        "series-list",
        league,
        get=MEMBERS_SEE,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"name": "Winter", "final_size": "4"},
    ),
    Route("series-detail", series, get=MEMBERS_SEE),
    Route(
        "series-edit",
        series,
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"name": "Autumn nights", "final_size": "3"},
    ),
    # The table's series holds a night not yet over: the organizer's tap is refused (409) and seats nothing.
    Route(
        "series-final",
        series,
        get=POST_ONLY,
        post=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=403, scorer=403, organizer=409),
    ),
    Route(
        "night-series",
        night,
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"series": ""},
    ),
    # --- before the night: who is coming (the announcement's link: token "answer")
    Route(
        "announcement-new",
        league,
        get=ORGANIZERS_DO,
        post=ORGANIZERS_DONE,
        post_data=lambda table: {"day": (table.league.today() + timedelta(days=9)).isoformat(), "note": "Upstairs"},
    ),
    # Any member answers: for their own player, or (not linked yet) the one they name.
    Route(
        "announcement-answer",
        announcement,
        get=POST_ONLY,
        post=statuses(anonymous=LOGIN, outsider=404, public=LOGIN, viewer=302, scorer=302, organizer=302),
        post_data=lambda table: {"choice": "maybe", "name": "Kit"},
    ),
    Route("announcement-link", announcement, get=POST_ONLY, post=ORGANIZERS_DONE),
    Route("announcement-link-stop", announcement, get=POST_ONLY, post=ORGANIZERS_DONE),
    Route("announcement-cancel", announcement, get=POST_ONLY, post=ORGANIZERS_DONE),
    Route(
        "answer-link",
        token="answer",
        get=WITH_THE_LINK,
        # The table's phone has not got this link: like the anonymous visitor, it can only guess (404).
        post=statuses(anonymous=404, outsider=302, public=302, viewer=302, scorer=302, organizer=302, guest=404),
        post_data=lambda table: {"name": "Kit", "choice": "yes"},
    ),
    # --- operations
    Route("healthz", get=everyone(200), html=False),
]

BY_NAME = {route.name: route for route in ROUTES}


def pattern_names(patterns: list[URLPattern | URLResolver]) -> set[str]:
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            names |= pattern_names(pattern.url_patterns)
        elif pattern.name:
            names.add(pattern.name)
    return names
