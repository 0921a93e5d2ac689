"""Before the night: an organizer announces it; members answer from the league's page, anyone else on a link.

The announcements are a region of the league's page (templates/games/nights/
announcements.html); an answer sent with HTMX swaps that region, without it
the page comes back (post/redirect/get). The link (answer_link) needs no
account: it shows the night's day, note and who said yes, takes a name and
an answer, and reaches nothing else of the league; a stopped link, or one of
a night that has started, is 410 Gone.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Prefetch
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from games.forms.attendance import AnnouncementForm, AnswerForm, LinkAnswerForm
from games.models import Attempts, League, Membership, NightProblem, Player, Rate
from games.models.announcements import Announcement, Answer, AnswerLink
from games.permissions import ORGANIZE, VIEW, get_announcement_for, get_answer_link, get_league_for
from games.views.logins import client_address
from games.views.pages import render_partial
from rules import name_key
from scorekeeper.middleware import HtmxHttpRequest

logger = logging.getLogger(__name__)

UNPROCESSABLE = HTTPStatus.UNPROCESSABLE_ENTITY
REGION = "games/nights/announcements.html"
REFUSED_PAGE = "games/nights/announcements_page.html"
# Enough for a club's chat answering at once from one café's Wi-Fi; too few to fill a night with names.
LINK_RATE: Rate = (20, 60)


def announcements_context(league: League, membership: Membership) -> dict[str, Any]:
    """The league page's announcements: each with who said yes, maybe and no; the member's own player."""
    answers = Answer.objects.select_related("player").order_by("answered_at", "pk")
    announcements = list(
        league.announcements.upcoming().prefetch_related(
            Prefetch("answers", queryset=answers),
            Prefetch("links", queryset=AnswerLink.objects.filter(stopped_at=None), to_attr="live_links"),
        )
    )
    own = None
    if announcements:
        own = league.players.filter(user=membership.user_id).first()
    shown = [_shown(announcement, own) for announcement in announcements]
    form = AnswerForm(league=league, own=own) if announcements and own is None else None
    return {"announcements": shown, "own_player": own, "answer_form": form, "membership": membership, "league": league}


def _shown(announcement: Announcement, own: Player | None) -> dict[str, Any]:
    by_choice: dict[str, list[Answer]] = {choice: [] for choice in Answer.Choice.values}
    mine = None
    for answer in announcement.answers.all():
        by_choice[answer.choice].append(answer)
        if own is not None and answer.player_id == own.pk:
            mine = answer.choice
    links = getattr(announcement, "live_links", [])
    return {
        "announcement": announcement,
        "yes": by_choice[Answer.Choice.YES],
        "maybe": by_choice[Answer.Choice.MAYBE],
        "no": by_choice[Answer.Choice.NO],
        "mine": mine,
        "link": reverse("games:answer-link", args=[links[0].token]) if links else "",
    }


def _region(request: HtmxHttpRequest, league: League, membership: Membership, status: int = 200) -> HttpResponse:
    """The league page's announcements region (HTMX), else the league's page again (post/redirect/get);
    a refusal without HTMX is the announcements on a page of their own, with its 4xx and the message."""
    if request.htmx:
        return render_partial(request, REGION, "announcements", announcements_context(league, membership), status)
    if status >= 400:
        return TemplateResponse(request, REFUSED_PAGE, announcements_context(league, membership), status=status)
    return redirect(league)


@require_http_methods(["GET", "POST"])
@login_required
def announcement_new(request: HtmxHttpRequest, league_id: int) -> HttpResponse:
    """Organizers: the next club night's day, maybe its time and a note."""
    league, _membership = get_league_for(request.user, league_id, ORGANIZE)
    form = AnnouncementForm(request.POST if request.method == "POST" else None, league=league)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            Announcement.announce(league, data["day"], data["time"], data["note"], user=request.user)
        except NightProblem as problem:
            form.add_error("day", problem.message)
        else:
            messages.success(request, gettext("The night is announced: members can say whether they come."))
            return redirect(league)
    status = UNPROCESSABLE if form.is_bound else HTTPStatus.OK
    return TemplateResponse(
        request, "games/nights/announcement_new.html", {"league": league, "form": form}, status=status
    )


@require_POST
@login_required
def announcement_answer(request: HtmxHttpRequest, announcement_id: int) -> HttpResponse:
    """A member's yes, no or maybe: for their own player; not linked yet, the player they pick or name (once)."""
    announcement, membership = get_announcement_for(request.user, announcement_id, VIEW)
    league = announcement.league
    own = league.players.filter(user=request.user.pk).first()
    form = AnswerForm(request.POST, league=league, own=own)
    if not form.is_valid():
        return _refused(request, league, membership, " ".join(_errors(form)))
    try:
        with transaction.atomic():
            player = own or _claimed(league, request.user, form.cleaned_data)
            announcement.answer(form.cleaned_data["choice"], player=player, by=request.user)
    except NightProblem as problem:
        return _refused(request, league, membership, problem.message, HTTPStatus.CONFLICT)
    messages.success(request, gettext("Your answer is saved: you can change it until the night starts."))
    return _region(request, league, membership)


def _claimed(league: League, user: Any, data: dict[str, Any]) -> Player:
    """The member's player from now on: the one they picked (no account's yet), or a new one of their name."""
    if data.get("player") is not None:
        claimed = Player.objects.filter(pk=data["player"].pk, user=None).update(user=user)
        if not claimed:
            raise NightProblem(gettext("%(name)s is another member's player") % {"name": data["player"].name})
        # The players' list shows whose account a player is: what the league shows has changed.
        League.touch(league.pk)
        return Player.objects.get(pk=data["player"].pk)
    if league.players.filter(name_key=name_key(data["name"])).exists():
        raise NightProblem(
            gettext("%(name)s is already a player of the league: choose it from the list") % {"name": data["name"]}
        )
    if league.players.count() >= League.MOST_PLAYERS:
        raise NightProblem(league.too_many_players())
    player = Player.objects.named(league, data["name"])
    Player.objects.filter(pk=player.pk).update(user=user)
    return player


def _errors(form: Any) -> list[str]:
    return [str(message) for messages_ in form.errors.values() for message in messages_]


def _refused(
    request: HtmxHttpRequest, league: League, membership: Membership, message: str, status: int = UNPROCESSABLE
) -> HttpResponse:
    messages.error(request, message)
    return _region(request, league, membership, status)


@require_POST
@login_required
def announcement_link(request: HtmxHttpRequest, announcement_id: int) -> HttpResponse:
    """Organizers: a link to answer without an account, for the club's chat (the live one, if it has one)."""
    announcement, membership = get_announcement_for(request.user, announcement_id, ORGANIZE)
    try:
        announcement.share_link()
    except NightProblem as problem:
        return _refused(request, announcement.league, membership, problem.message, HTTPStatus.CONFLICT)
    messages.success(request, gettext("Share the link in the club's chat: whoever has it can answer."))
    return _region(request, announcement.league, membership)


@require_POST
@login_required
def announcement_link_stop(request: HtmxHttpRequest, announcement_id: int) -> HttpResponse:
    """Organizers: the link stops for good (410 for whoever opens it); a new one can be made."""
    announcement, membership = get_announcement_for(request.user, announcement_id, ORGANIZE)
    announcement.stop_links()
    messages.success(request, gettext("The link is stopped: it answers no one now."))
    return _region(request, announcement.league, membership)


@require_POST
@login_required
def announcement_cancel(request: HtmxHttpRequest, announcement_id: int) -> HttpResponse:
    """Organizers: the night is called off; its answers and links end."""
    announcement, membership = get_announcement_for(request.user, announcement_id, ORGANIZE)
    try:
        announcement.close()
    except NightProblem as problem:
        return _refused(request, announcement.league, membership, problem.message, HTTPStatus.CONFLICT)
    messages.success(request, gettext("The night is called off."))
    return _region(request, announcement.league, membership)


@never_cache
@require_http_methods(["GET", "POST"])
def answer_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Whoever holds the link: the night's day, note and who said yes; a name and an answer. No account."""
    link = get_answer_link(token)
    announcement = link.announcement
    if not link.is_live:
        return TemplateResponse(
            request, "games/nights/answer_link_gone.html", {"announcement": announcement}, status=HTTPStatus.GONE
        )
    form = LinkAnswerForm(request.POST if request.method == "POST" else None)
    status, refusal = HTTPStatus.OK, ""
    if request.method == "POST":
        # Counted by one atomic statement (games.models.attempts), as the logins are: a burst counts whole.
        if Attempts.first_over([("answer-link", client_address(request), [LINK_RATE])]) is not None:
            logger.warning("Answers on a night's link limited for an address")
            form = LinkAnswerForm(initial=request.POST.dict())
            refusal = gettext("Too many answers from here. Wait a minute, then try again.")
            status = HTTPStatus.TOO_MANY_REQUESTS
        elif form.is_valid():
            try:
                answer = announcement.answer(form.cleaned_data["choice"], name=form.cleaned_data["name"])
            except NightProblem as problem:
                form.add_error("name", problem.message)
                status = HTTPStatus.CONFLICT
            else:
                messages.success(request, _thanks(answer))
                return redirect(request.path)
        else:
            status = UNPROCESSABLE
    # Who said yes, first to answer first.
    said_yes = announcement.answers.filter(choice=Answer.Choice.YES).select_related("player").order_by("answered_at")
    context = {"announcement": announcement, "form": form, "refusal": refusal, "yes": [a.shown_name for a in said_yes]}
    return TemplateResponse(request, "games/nights/answer_link.html", context, status=status)


def _thanks(answer: Answer) -> str:
    if answer.choice == Answer.Choice.YES:
        return gettext("Thank you, %(name)s: you're on the list.") % {"name": answer.shown_name}
    if answer.choice == Answer.Choice.MAYBE:
        return gettext("Thank you, %(name)s: you may come.") % {"name": answer.shown_name}
    return gettext("Thank you, %(name)s: you're not coming.") % {"name": answer.shown_name}
