"""A league file's members come back as invitations their account's holder answers (issue 34).

No one named in a file becomes a member without their yes; the importer learns
nothing of which names have an account here; an organizer's download of the
restored league still holds what the file held, and a scorer's or viewer's
holds no one else's activity."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.league_file.export import export_league, export_league_json
from games.league_file.restore import import_league
from games.models import ActivityEntry, HandRevision, League, Membership, NamedInvitation, Player
from rules import HandEntry
from tests.factories import LeagueFactory, MembershipFactory, UserFactory, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def bobs_file(db) -> dict:
    """Olga's league, where Bob scores as the player Ben: a hand of his in a History, a line of
    his in the activity log, and Vic a viewer. The file as Olga's Download button writes it."""
    olga = UserFactory(username="olga")
    bob = UserFactory(username="bob")
    league = LeagueFactory(owner=olga, name="Olga's table")
    MembershipFactory(league=league, user=bob, role=Membership.Role.SCORER)
    MembershipFactory(league=league, user__username="vic", role=Membership.Role.VIEWER)
    game = make_game(league, "standard", ["Ann", "Ben", "Cat", "Dan"])
    Player.objects.filter(league=league, name="Ben").update(user=bob)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), bob)
    ActivityEntry.record(league, bob, ActivityEntry.Kind.GAME_STARTED, game=game.number)
    ActivityEntry.record(league, olga, ActivityEntry.Kind.GAME_STARTED, game=game.number + 1)
    document = export_league(league)
    league.discard()
    return document


def test_a_file_naming_existing_accounts_makes_none_of_them_a_member(bobs_file):
    importer = UserFactory(username="ida")
    restored = import_league(bobs_file, importer)

    assert list(restored.memberships.values_list("user__username", flat=True)) == ["ida"]
    assert sorted(NamedInvitation.objects.filter(league=restored).values_list("username", "role")) == [
        ("bob", "scorer"),
        ("olga", "organizer"),
        ("vic", "viewer"),
    ]
    # Nothing of the file is linked to Bob's account until he says yes.
    assert Player.objects.get(league=restored, name="Ben").user is None
    line = HandRevision.objects.get(game__league=restored, action="added")
    assert (line.user, line.user_name) == (None, "bob")
    assert not ActivityEntry.objects.filter(league=restored, user__username="bob").exists()
    # Nor does he see the league.
    bob = Client()
    bob.force_login(get_user_model().objects.get(username="bob"))
    assert bob.get(reverse("games:league-standings", args=[restored.pk])).status_code == 404


def test_the_invited_account_is_asked_on_its_home_page_and_accept_makes_it_a_member_with_the_files_role(bobs_file):
    restored = import_league(bobs_file, UserFactory(username="ida"))
    bob = Client()
    bob.force_login(get_user_model().objects.get(username="bob"))

    home = bob.get(reverse("games:home")).content.decode()
    assert "ida invites you to Olga&#x27;s table as scorer." in home
    invitation = NamedInvitation.objects.get(league=restored, username="bob")
    assert f'action="{reverse("games:invitation-accept", args=[invitation.pk])}"' in home
    assert f'action="{reverse("games:invitation-decline", args=[invitation.pk])}"' in home

    response = bob.post(reverse("games:invitation-accept", args=[invitation.pk]))

    assert response.status_code == 302
    assert response["Location"] == reverse("games:league-standings", args=[restored.pk])
    assert Membership.objects.get(league=restored, user__username="bob").role == "scorer"
    assert not NamedInvitation.objects.filter(pk=invitation.pk).exists()
    # What the file said of Bob is his now: his player, his History line, his activity entry.
    assert Player.objects.get(league=restored, name="Ben").user.username == "bob"
    assert HandRevision.objects.get(game__league=restored, action="added").user.username == "bob"
    assert ActivityEntry.objects.get(league=restored, who="bob").user.username == "bob"
    assert "Olga&#x27;s table" not in bob.get(reverse("games:home")).content.decode().split("Your leagues")[0]


def test_decline_adds_nothing_and_the_invitation_is_gone(bobs_file):
    restored = import_league(bobs_file, UserFactory(username="ida"))
    bob = Client()
    bob.force_login(get_user_model().objects.get(username="bob"))
    invitation = NamedInvitation.objects.get(league=restored, username="bob")

    response = bob.post(reverse("games:invitation-decline", args=[invitation.pk]))

    assert (response.status_code, response["Location"]) == (302, reverse("games:home"))
    assert not Membership.objects.filter(league=restored, user__username="bob").exists()
    assert not NamedInvitation.objects.filter(pk=invitation.pk).exists()
    assert Player.objects.get(league=restored, name="Ben").user is None
    assert 'data-testid="invitations"' not in bob.get(reverse("games:home")).content.decode()


@pytest.mark.parametrize("answer", ["invitation-accept", "invitation-decline"])
def test_no_one_answers_an_invitation_addressed_to_another_account(bobs_file, answer):
    importer = UserFactory(username="ida")
    restored = import_league(bobs_file, importer)
    invitation = NamedInvitation.objects.get(league=restored, username="bob")
    for someone in (importer, get_user_model().objects.get(username="vic")):
        client = Client()
        client.force_login(someone)
        assert client.post(reverse(f"games:{answer}", args=[invitation.pk])).status_code == 404
        assert client.get(reverse(f"games:{answer}", args=[invitation.pk])).status_code == 405
    assert NamedInvitation.objects.filter(pk=invitation.pk).exists()
    assert list(restored.memberships.values_list("user__username", flat=True)) == ["ida"]


def test_an_account_made_after_the_import_is_asked_too(bobs_file):
    restored = import_league({**bobs_file, "members": [{"username": "newcomer", "role": "viewer"}]}, UserFactory())
    client = Client()
    client.post(
        reverse("games:signup"),
        {"username": "newcomer", "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"},
    )
    invitation = NamedInvitation.objects.get(league=restored)
    assert f"/invitations/{invitation.pk}/accept/" in client.get(reverse("games:home")).content.decode()


def test_an_organizer_withdraws_an_invitation(bobs_file):
    importer = UserFactory(username="ida")
    restored = import_league(bobs_file, importer)
    invitation = NamedInvitation.objects.get(league=restored, username="vic")
    client = Client()
    client.force_login(importer)

    response = client.post(reverse("games:invitation-withdraw", args=[restored.pk, invitation.pk]))

    assert response.status_code == 302
    assert not NamedInvitation.objects.filter(pk=invitation.pk).exists()
    assert NamedInvitation.objects.filter(league=restored).count() == 2


# The importer learns nothing of the server's accounts ------------------------------------


def _import_as(username: str, document: dict) -> tuple[list, str, str, dict]:
    """What the importer gets back and can read afterwards, with their own name and league's id
    put as placeholders: the redirects, the page they land on, the members page, the export."""
    importer = UserFactory(username=username)
    client = Client()
    client.force_login(importer)
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), "application/json")
    response = client.post(reverse("games:league-import"), {"file": upload}, follow=True)
    league = League.objects.get(owner=importer)

    def neutral(text: str) -> str:
        text = text.replace(username, "IMPORTER").replace(f"/leagues/{league.pk}/", "/leagues/L/")
        # The CSRF tokens differ on every page; the invitations' ids are the database's.
        text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)
        text = re.sub(r"hx-headers=\'[^\']+\'", "", text)
        return re.sub(r"/invitations/\d+/", "/invitations/N/", text)

    chain = [(neutral(url), status) for url, status in response.redirect_chain]
    landing = neutral(response.content.decode())
    members = neutral(client.get(reverse("games:league-members", args=[league.pk])).content.decode())
    exported = json.loads(neutral("".join(export_league_json(league))))
    for entry in exported["activity"]:
        entry["at"] = "AT"
    return [response.status_code, *chain], landing, members, exported


def test_the_imports_replies_are_the_same_for_existing_and_unknown_usernames(bobs_file):
    document = {**bobs_file, "members": [{"username": "zed", "role": "scorer", "player": "Cat"}]}
    # Bob's History line and activity entry name an account, as "zed" will once it exists.
    for line in document["games"][0]["history"]:
        line[1] = "zed"
    document["activity"] = [{**entry, "who": "zed"} for entry in document["activity"]]

    unknown = _import_as("imp1", document)
    UserFactory(username="zed")
    existing = _import_as("imp2", document)

    assert unknown == existing
    assert "(zed)" in unknown[1]  # the page names whom it invited, whoever they are


def test_the_commands_output_is_the_same_for_existing_and_unknown_usernames(bobs_file, tmp_path, capsys):
    path = tmp_path / "league.json"
    path.write_text(json.dumps({**bobs_file, "members": [{"username": "zed", "role": "viewer"}]}), encoding="utf-8")

    def imported_by(importer: str) -> str:
        UserFactory(username=importer)
        call_command("import_league", str(path), "--owner", importer)
        return re.sub(r"league \d+", "league N", capsys.readouterr().out)

    unknown = imported_by("imp1")
    UserFactory(username="zed")
    existing = imported_by("imp2")

    assert unknown == existing
    outputs = [unknown]
    assert "Invited (members once they accept, when they next log in): zed" in outputs[0]


# The downloads ------------------------------------------------------------------------------


def test_an_organizers_download_of_a_restored_league_is_the_file_that_came_in(bobs_file):
    importer = UserFactory(username="olga2")
    document = {**bobs_file, "members": [*bobs_file["members"], {"username": "olga2", "role": "organizer"}]}
    restored = import_league(document, importer)
    again = export_league(restored)
    assert again["members"] == sorted(document["members"], key=lambda member: member["username"])
    # Bob's answer changes none of it: a member is written as his invitation was.
    NamedInvitation.objects.get(league=restored, username="bob").accept(get_user_model().objects.get(username="bob"))
    assert export_league(restored)["members"] == again["members"]
    assert again["members"][0] == {"username": "bob", "role": "scorer", "player": "Ben"}


@pytest.mark.parametrize("role", ["viewer", "scorer"])
def test_a_viewers_or_scorers_download_holds_their_own_activity_and_no_one_elses(role):
    league = LeagueFactory(name="House")
    reader = MembershipFactory(league=league, role=role, user__username="reader").user
    other = MembershipFactory(league=league, role="scorer", user__username="other").user
    ActivityEntry.record(league, reader, ActivityEntry.Kind.GAME_STARTED, game=1)
    ActivityEntry.record(league, other, ActivityEntry.Kind.GAME_STARTED, game=2)
    ActivityEntry.record(league, league.owner, ActivityEntry.Kind.GAME_DELETED, game=2)
    NamedInvitation.objects.create(league=league, username="pending", role="viewer")
    client = Client()
    client.force_login(reader)

    response = client.get(reverse("games:league-export-json", args=[league.pk]))

    document = json.loads(b"".join(response.streaming_content))
    assert [(entry["who"], entry["facts"]) for entry in document["activity"]] == [("reader", {"game": 1})]
    assert "pending" not in {member["username"] for member in document["members"]}
    assert {member["username"] for member in document["members"]} == {"reader", "other", league.owner.username}


def test_an_organizers_download_holds_everyones_activity_and_the_invitations():
    league = LeagueFactory(name="House")
    other = MembershipFactory(league=league, role="scorer", user__username="other").user
    ActivityEntry.record(league, other, ActivityEntry.Kind.GAME_STARTED, game=2)
    ActivityEntry.record(league, league.owner, ActivityEntry.Kind.GAME_DELETED, game=2)
    NamedInvitation.objects.create(league=league, username="pending", role="viewer")
    client = Client()
    client.force_login(league.owner)

    document = json.loads(b"".join(client.get(reverse("games:league-export-json", args=[league.pk])).streaming_content))

    assert [entry["who"] for entry in document["activity"]] == ["other", league.owner.username]
    assert {"username": "pending", "role": "viewer"} in document["members"]


def test_withdrawing_with_htmx_answers_the_invitations_region_without_it(bobs_file):
    importer = UserFactory(username="ida")
    restored = import_league(bobs_file, importer)
    invitation = NamedInvitation.objects.get(league=restored, username="vic")
    client = Client()
    client.force_login(importer)

    response = client.post(
        reverse("games:invitation-withdraw", args=[restored.pk, invitation.pk]), headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    region = response.content.decode()
    assert region.lstrip().startswith('<section id="invites"')
    assert "<strong>bob</strong>" in region
    assert "<strong>vic</strong>" not in region


def test_an_invitation_to_a_league_in_the_trash_is_neither_shown_nor_answered(bobs_file):
    importer = UserFactory(username="ida")
    restored = import_league(bobs_file, importer)
    restored.trash(importer)
    invitation = NamedInvitation.objects.get(league=restored, username="bob")
    bob = Client()
    bob.force_login(get_user_model().objects.get(username="bob"))

    assert 'data-testid="invitations"' not in bob.get(reverse("games:home")).content.decode()
    assert bob.post(reverse("games:invitation-accept", args=[invitation.pk])).status_code == 404
    assert not Membership.objects.filter(league=restored, user__username="bob").exists()
