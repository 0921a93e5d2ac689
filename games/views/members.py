"""Who belongs to a league and in what role, invite links, and the public link.

Organizers manage members; the owner is always an organizer and can be
neither removed nor demoted. An invite link is single use, expires (7 days
unless chosen otherwise) and can be revoked; accepting one needs an account.
A league file's members are invitations by username (NamedInvitation), which
the account of that name accepts or declines on its home page. The public
link is a secret token that shows the league read-only.

No organizer sets or resets a member's password (issue 34): that handed the
whole account to whoever made the link. Its holder resets it by e-mail.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.activity import PUBLIC_LINK
from games.changes import announce, league_topic
from games.forms import InviteForm, RoleForm
from games.models import ActivityEntry, Invite, League, Membership, NamedInvitation, new_token
from games.permissions import ORGANIZE, VIEW, Reader, get_league_for
from games.views.pages import render_page
from scorekeeper.middleware import HtmxHttpRequest, SignedInRequest


def _members_page(request: HtmxHttpRequest, league: League, membership: Membership) -> dict[str, Any]:
    organizer = membership.can_organize
    context = {
        "reader": Reader(league, membership),
        "league": league,
        "membership": membership,
        "members": league.memberships.select_related("user").order_by("user__username"),
        "roles": Membership.Role.choices,
        "invite_form": InviteForm(),
        "invites": (
            league.invites.filter(used_at=None, revoked_at=None, expires_at__gt=timezone.now()).order_by("-created_at")
            if organizer
            else []
        ),
        # The league file's members still waiting for their yes: the organizers' to see and withdraw.
        "invitations": league.named_invitations.order_by("username") if organizer else [],
        "public_url": (
            request.build_absolute_uri(reverse("games:public-standings", args=[league.public_token]))
            if organizer and league.public_token
            else ""
        ),
    }
    return context


def _after_change(request: HtmxHttpRequest, league: League, membership: Membership, partial: str) -> HttpResponse:
    """HTMX: the changed region, fresh; otherwise back to the members page (post/redirect/get)."""
    if request.htmx:
        return render_page(request, "members/members.html", _members_page(request, league, membership), partial)
    return redirect("games:league-members", league.pk)


def _refused(request: HtmxHttpRequest, league: League, membership: Membership, partial: str, why: str) -> HttpResponse:
    """422 with the reason in the messages: the region with HTMX, the whole members page without."""
    messages.error(request, why)
    return render_page(request, "members/members.html", _members_page(request, league, membership), partial, 422)


@login_required
@require_GET
def league_members(request: HtmxHttpRequest, league_id: int) -> TemplateResponse:
    league, membership = get_league_for(request.user, league_id, VIEW)
    return TemplateResponse(request, "members/members.html", _members_page(request, league, membership))


def _member_of(league: League, membership_id: int) -> Membership:
    member = league.memberships.select_related("user").filter(pk=membership_id).first()
    if member is None:
        raise Http404("No such member")
    return member


def _not_the_owner(league: League, member: Membership) -> None:
    if member.user_id == league.owner_id:
        raise PermissionDenied(gettext("The league's owner is always an organizer"))


@login_required
@require_POST
def member_role(request: HtmxHttpRequest, league_id: int, membership_id: int) -> HttpResponse:
    league, membership = get_league_for(request.user, league_id, ORGANIZE)
    member = _member_of(league, membership_id)
    _not_the_owner(league, member)
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _refused(request, league, membership, "members", gettext("Choose organizer, scorer or viewer."))
    before, member.role = member.role, form.cleaned_data["role"]
    with transaction.atomic():
        member.save(update_fields=["role"])
        if member.role != before:
            ActivityEntry.record(
                league, request.user, ActivityEntry.Kind.ROLE_CHANGED,
                member=member.user.get_username(), before=before, after=member.role,
            )  # fmt: skip
    messages.success(
        request,
        gettext("%(name)s is now %(role)s.") % {"name": member.user.get_username(), "role": member.role_in_sentence},
    )
    if member.user_id == request.user.pk and not member.can_organize:
        # They just gave up managing the league: the members page is no longer theirs to change.
        return _redirect_everywhere(request, reverse("games:league-members", args=[league.pk]))
    return _after_change(request, league, membership, "members")


@login_required
@require_http_methods(["GET", "POST"])
def member_remove(request: HtmxHttpRequest, league_id: int, membership_id: int) -> HttpResponse:
    """A confirmation page, then the POST that removes the member."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    member = _member_of(league, membership_id)
    _not_the_owner(league, member)
    if request.method == "POST":
        member.delete()
        messages.success(
            request,
            gettext("%(name)s is no longer a member of %(league)s.")
            % {"name": member.user.get_username(), "league": league.name},
        )
        if member.user_id == request.user.pk:
            return redirect("games:home")
        return redirect("games:league-members", league.pk)
    return TemplateResponse(request, "members/member_remove.html", {"league": league, "member": member})


# Invitations by username (a league file's members) ----------------------------------


def _waiting_invitation(request: SignedInRequest, invitation_id: int) -> NamedInvitation:
    """An invitation addressed to the reader's own account; any other is no invitation of theirs (404)."""
    invitation = NamedInvitation.objects.waiting_for(request.user).filter(pk=invitation_id).first()
    if invitation is None:
        raise Http404("No such invitation")
    return invitation


@login_required
@require_POST
def invitation_accept(request: SignedInRequest, invitation_id: int) -> HttpResponse:
    """The account's holder says yes: a member, with the role the invitation gave."""
    invitation = _waiting_invitation(request, invitation_id)
    league = invitation.league
    invitation.accept(request.user)
    messages.success(
        request,
        gettext("Welcome to %(league)s: you joined as %(role)s.")
        % {"league": league.name, "role": invitation.role_in_sentence},
    )
    return redirect("games:league-standings", league.pk)


@login_required
@require_POST
def invitation_decline(request: SignedInRequest, invitation_id: int) -> HttpResponse:
    """The account's holder says no: the invitation is gone, and nothing else changes."""
    invitation = _waiting_invitation(request, invitation_id)
    invitation.decline()
    messages.info(request, gettext("You declined the invitation to %(league)s.") % {"league": invitation.league.name})
    return redirect("games:home")


@login_required
@require_POST
def invitation_withdraw(request: HtmxHttpRequest, league_id: int, invitation_id: int) -> HttpResponse:
    """An organizer takes back an invitation no one has answered yet."""
    league, membership = get_league_for(request.user, league_id, ORGANIZE)
    invitation = league.named_invitations.filter(pk=invitation_id).first()
    if invitation is None:
        raise Http404("No such invitation")
    invitation.delete()
    messages.success(request, gettext("The invitation of %(name)s is withdrawn.") % {"name": invitation.username})
    return _after_change(request, league, membership, "invites")


# Invites ---------------------------------------------------------------------------


@login_required
@require_POST
def invite_new(request: SignedInRequest, league_id: int) -> HttpResponse:
    league, membership = get_league_for(request.user, league_id, ORGANIZE)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _refused(
            request, league, membership, "invites", gettext("Choose a role and how long the link is valid.")
        )
    invite = Invite.objects.create(
        league=league,
        role=form.cleaned_data["role"],
        created_by=request.user,
        expires_at=timezone.now() + timedelta(days=form.cleaned_data["days"]),
    )
    messages.success(
        request,
        gettext("New invite link for a %(role)s: send it to one person.") % {"role": invite.role_in_sentence},
    )
    return _after_change(request, league, membership, "invites")


@login_required
@require_POST
def invite_revoke(request: HtmxHttpRequest, league_id: int, invite_id: int) -> HttpResponse:
    league, membership = get_league_for(request.user, league_id, ORGANIZE)
    updated = league.invites.filter(pk=invite_id, revoked_at=None, used_at=None).update(revoked_at=timezone.now())
    if not updated and not league.invites.filter(pk=invite_id).exists():
        raise Http404("No such invite")
    messages.success(request, gettext("The invite link is revoked: it no longer works."))
    return _after_change(request, league, membership, "invites")


def _invite_or_404(token: str) -> Invite:
    # A league in the trash takes no one in: its invites are no invites while it is there.
    invites = Invite.objects.select_related("league").filter(league__trashed_at=None, league__importing=False)
    invite = invites.filter(token=token).first() if token else None
    if invite is None:
        raise Http404("No such invite")
    return invite


def _gone(request: HtmxHttpRequest, invite: Invite) -> TemplateResponse:
    """410: the link existed but is used, expired or revoked; say which."""
    if invite.revoked_at:
        reason = gettext("This invite link was revoked by an organizer of the league.")
    elif invite.used_at:
        reason = gettext("This invite link has already been used. Each link lets one person join.")
    else:
        reason = gettext("This invite link has expired.")
    return TemplateResponse(request, "members/invite_gone.html", {"reason": reason}, status=410)


@require_http_methods(["GET", "POST"])
def invite_accept(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Join a league through an invite link; anyone may look, accepting needs an account."""
    invite = _invite_or_404(token)
    if not invite.is_usable:
        return _gone(request, invite)
    league = invite.league
    member = (
        Membership.objects.filter(league=league, user=request.user).first() if request.user.is_authenticated else None
    )
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        if member is not None:
            messages.info(request, gettext("You are already a member of %(league)s.") % {"league": league.name})
            return redirect("games:league-standings", league.pk)
        with transaction.atomic():
            # Locked, so that two people opening the same link cannot both join.
            invite = Invite.objects.select_for_update().get(pk=invite.pk)
            if not invite.is_usable:
                return _gone(request, invite)
            try:
                with transaction.atomic():
                    Membership.objects.create(league=league, user=request.user, role=invite.role)
            except IntegrityError:  # joined a moment ago through another link
                messages.info(request, gettext("You are already a member of %(league)s.") % {"league": league.name})
                return redirect("games:league-standings", league.pk)
            invite.used_by, invite.used_at = request.user, timezone.now()
            invite.save(update_fields=["used_by", "used_at"])
        messages.success(
            request,
            gettext("Welcome to %(league)s: you joined as %(role)s.")
            % {"league": league.name, "role": invite.role_in_sentence},
        )
        return redirect("games:league-standings", league.pk)
    context = {"invite": invite, "league": league, "member": member}
    return TemplateResponse(request, "members/invite.html", context)


# The public link -------------------------------------------------------------------


@login_required
@require_POST
def public_link(request: HtmxHttpRequest, league_id: int) -> HttpResponse:
    """Turn the read-only public link on, renew it (the old link dies) or turn it off."""
    league, membership = get_league_for(request.user, league_id, ORGANIZE)
    action = request.POST.get("action")
    if action in ("on", "renew"):
        league.public_token = new_token()
        note = (
            gettext("The public link is on.")
            if action == "on"
            else gettext("The public link is renewed; the old one no longer works.")
        )
    elif action == "off":
        league.public_token = ""
        note = gettext("The public link is off.")
    else:
        return _refused(
            request,
            league,
            membership,
            "public-link",
            gettext("Choose to turn the public link on, renew it or turn it off."),
        )
    with transaction.atomic():
        league.save(update_fields=["public_token"])
        # A public night's screen on the old link: its live stream ends (games/views/live.py).
        announce(league_topic(league.pk))
        kind = ActivityEntry.Kind.SHARE_LINKS_STOPPED if action == "off" else ActivityEntry.Kind.SHARE_LINK_MADE
        facts: dict[str, object] = {"game": PUBLIC_LINK}
        if action != "off":
            facts["role"] = Membership.Role.VIEWER
        ActivityEntry.record(league, request.user, kind, **facts)
    messages.success(request, note)
    return _after_change(request, league, membership, "public-link")


def _redirect_everywhere(request: HtmxHttpRequest, url: str) -> HttpResponseRedirect | HttpResponseClientRedirect:
    """A redirect that HTMX follows as a whole page load rather than swapping it in."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)
