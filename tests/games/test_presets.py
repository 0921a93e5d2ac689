"""A league's own preset: house rules saved under a name, their cheat-sheet, new games from them."""

from html import unescape
from unittest import mock

import pytest
from django.urls import reverse

from games.forms import PresetForm
from games.models import Game, LeaguePreset
from tests.conftest import HTMX
from tests.factories import STANDARD_RULES_FORM, LeagueFactory, LeaguePresetFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def form(name="Thursday rules", variant="standard", **options):
    """The preset form as the organizer's phone posts it: standard Hearts' defaults, changed by options."""
    return {**STANDARD_RULES_FORM, "name": name, "variant": variant, "options_for": variant, "save": "1", **options}


def page_of(response) -> str:
    """The page as a person reads it (an apostrophe, not &#x27;)."""
    return unescape(response.content.decode())


def new_url(league):
    return reverse("games:preset-new", args=[league.pk])


def test_an_organizer_saves_house_rules_with_every_option_of_the_variant(scorer, league):
    response = scorer.post(new_url(league), form(target="50", moon="add", jack_of_diamonds="on"))

    assert response.status_code == 302
    assert response["Location"] == league.get_absolute_url()
    preset = LeaguePreset.objects.get(league=league)
    assert preset.name == "Thursday rules"
    assert preset.variant == "standard"
    # The overrides, and standard Hearts' own defaults for the rest (RULES.md's table).
    assert preset.options == {
        "target": 50,
        "end": "at_least",
        "moon": "add",
        "jack_of_diamonds": True,
        "moon_needs_jack": False,
        "wraps": [],
        "ties": "play_on",
        "sixty_nine": False,
        "deal": "remove",
        "kitty_to": "first_trick",
    }


def test_a_name_the_league_already_uses_in_any_case_is_refused(scorer, league):
    LeaguePresetFactory(league=league, name="Thursday rules")
    response = scorer.post(new_url(league), form(name="THURSDAY RULES"))
    assert response.status_code == 422
    assert "already has house rules named THURSDAY RULES" in page_of(response)
    assert LeaguePreset.objects.count() == 1


def test_two_organizers_saving_one_name_at_once_get_one_saved_and_a_422(scorer, league):
    # The other organizer's preset was saved after this form checked the name, before it was stored:
    # the database's unique name refuses the second, and the form says so.
    real_clean_name = PresetForm.clean_name

    def checked_before_the_other_saved(form):
        name = real_clean_name(form)
        LeaguePresetFactory(league=league, name="Thursday Rules")
        return name

    with mock.patch.object(PresetForm, "clean_name", checked_before_the_other_saved):
        response = scorer.post(new_url(league), form(name="Thursday rules"))
    assert response.status_code == 422
    assert "already has house rules named Thursday rules. Pick another name." in page_of(response)
    assert list(LeaguePreset.objects.values_list("name", flat=True)) == ["Thursday Rules"]


def test_an_edit_keeps_the_preset_it_edits(scorer, league):
    preset = LeaguePresetFactory(league=league, name="Thursday rules")
    response = scorer.post(reverse("games:preset-edit", args=[league.pk, preset.pk]), form(name="Friday rules"))
    assert response.status_code == 302
    assert list(LeaguePreset.objects.values_list("pk", "name")) == [(preset.pk, "Friday rules")]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "This field is required."),
        ("\u200b", "The house rules' name cannot contain control characters (a tab, a line break) or hidden ones"),
    ],
)
def test_a_blank_or_invisible_name_is_refused(scorer, league, name, message):
    response = scorer.post(new_url(league), form(name=name))
    assert response.status_code == 422
    assert response.context_data["form"].errors["name"] == [message]
    assert not LeaguePreset.objects.exists()


def test_an_option_the_engine_refuses_is_explained_on_its_form_and_nothing_is_saved(scorer, league):
    response = scorer.post(new_url(league), form(target="0"))
    assert response.status_code == 422
    assert "“Game ends at” must be a whole number from 1 to 10,000" in page_of(response)
    assert not LeaguePreset.objects.exists()


def test_moon_needs_jack_without_the_jack_is_refused(scorer, league):
    response = scorer.post(new_url(league), form(moon_needs_jack="on"))
    assert response.status_code == 422
    assert "“Moon needs the J♦” needs “J♦ counts −10” on" in page_of(response)


def test_changing_the_variant_shows_its_house_rules_and_saves_nothing(scorer, league):
    data = form(name="Caltech", variant="ricketts")
    data.pop("save")
    data["options_for"] = "standard"
    response = scorer.post(new_url(league), data, headers=HTMX)
    assert response.status_code == 200
    assert response.template_name.endswith("#options")
    fields = response.context_data["form"]
    assert fields["wraps"].value() == "104, 126"
    assert fields["moon"].value() == "ricketts"
    assert not LeaguePreset.objects.exists()


def test_saving_with_another_variants_options_asks_to_check_them_first(scorer, league):
    response = scorer.post(new_url(league), {**form(variant="ricketts"), "options_for": "standard"})
    assert response.status_code == 422
    assert "These are the new variant's house rules: check them, then save" in page_of(response)
    assert not LeaguePreset.objects.exists()


def test_a_league_keeps_at_most_fifty_presets(scorer, league):
    LeaguePresetFactory.create_batch(LeaguePreset.MOST_PER_LEAGUE, league=league)
    response = scorer.post(new_url(league), form(name="One more"))
    assert response.status_code == 422
    assert "A league keeps at most 50 sets of house rules." in page_of(response)


def test_a_new_game_starts_from_the_presets_options(scorer, league):
    preset = LeaguePresetFactory(league=league, name="Thursday rules")
    response = scorer.get(reverse("games:game-new", args=[league.pk]), {"preset": preset.pk})
    assert response.status_code == 200
    fields = response.context_data["form"]
    assert fields["target"].value() == 50
    assert fields["moon"].value() == "add"
    assert "(Thursday rules unless changed)" in page_of(response)


@pytest.mark.parametrize("preset", ["abc", "99999", ""])
def test_a_preset_that_is_not_the_leagues_is_a_404_on_the_new_game_page(scorer, league, preset):
    response = scorer.get(reverse("games:game-new", args=[league.pk]), {"preset": preset})
    assert response.status_code == 404


def test_another_leagues_preset_is_a_404(scorer, league):
    other = LeaguePresetFactory(league=LeagueFactory())
    assert scorer.get(reverse("games:game-new", args=[league.pk]), {"preset": other.pk}).status_code == 404
    assert scorer.get(reverse("games:preset-rules", args=[league.pk, other.pk])).status_code == 404
    assert scorer.get(reverse("games:preset-edit", args=[league.pk, other.pk])).status_code == 404


def test_changing_a_preset_never_changes_a_game_already_played_by_it(scorer, league):
    preset = LeaguePresetFactory(league=league)
    start = {
        **form(target="50", moon="add"),
        "seat": ["Ann", "Ben", "Cat", "Dan"],
        "first_dealer": "Ann",
        "start": "1",
    }
    assert scorer.post(reverse("games:game-new", args=[league.pk]), start).status_code == 302
    game = Game.objects.get(league=league)

    edit = reverse("games:preset-edit", args=[league.pk, preset.pk])
    assert scorer.post(edit, form(name=preset.name, target="75", moon="subtract")).status_code == 302
    preset.refresh_from_db()
    assert (preset.options["target"], preset.options["moon"]) == (75, "subtract")
    game.refresh_from_db()
    assert (game.options["target"], game.options["moon"]) == (50, "add")

    scorer.post(reverse("games:preset-delete", args=[league.pk, preset.pk]))
    assert not LeaguePreset.objects.exists()
    game.refresh_from_db()
    assert game.options["target"] == 50


def test_the_edit_form_shows_the_saved_rules(scorer, league):
    preset = LeaguePresetFactory(league=league, name="Thursday rules")
    response = scorer.get(reverse("games:preset-edit", args=[league.pk, preset.pk]))
    fields = response.context_data["form"]
    assert (fields["name"].value(), fields["target"].value(), fields["moon"].value()) == ("Thursday rules", 50, "add")


def test_deleting_asks_first_without_javascript(scorer, league):
    preset = LeaguePresetFactory(league=league, name="Thursday rules")
    response = scorer.get(reverse("games:preset-delete", args=[league.pk, preset.pk]))
    assert response.status_code == 200
    assert "Delete Thursday rules?" in page_of(response)
    assert LeaguePreset.objects.exists()


def test_the_cheat_sheet_is_titled_by_the_preset_and_states_its_house_rules(client, league):
    viewer = MembershipFactory(league=league, role="viewer").user
    client.force_login(viewer)
    preset = LeaguePresetFactory(league=league, name="Thursday rules")
    response = client.get(reverse("games:preset-rules", args=[league.pk, preset.pk]))
    page = page_of(response)
    assert response.status_code == 200
    assert '<h1 id="sheet-title" class="sheet-title">Thursday rules</h1>' in page
    assert f"{league.name}'s house rules for Hearts (3-7 players)." in page
    assert "Game ends at: 50; Shooting the moon: everyone else takes P." in page


def test_members_see_the_presets_on_the_league_page_and_only_organizers_may_change_them(client, league):
    preset = LeaguePresetFactory(league=league, name="Thursday rules")
    viewer = MembershipFactory(league=league, role="viewer").user
    client.force_login(viewer)
    page = page_of(client.get(league.get_absolute_url()))
    assert preset.get_absolute_url() in page
    assert reverse("games:preset-edit", args=[league.pk, preset.pk]) not in page
    assert reverse("games:preset-new", args=[league.pk]) not in page

    client.force_login(league.owner)
    page = page_of(client.get(league.get_absolute_url()))
    assert reverse("games:preset-edit", args=[league.pk, preset.pk]) in page
    assert f"{reverse('games:game-new', args=[league.pk])}?preset={preset.pk}" in page


def test_the_rules_index_lists_the_members_leagues_presets_beside_the_four(client, league):
    mine = LeaguePresetFactory(league=league, name="Thursday rules")
    theirs = LeaguePresetFactory(league=LeagueFactory(), name="Other house rules")
    client.force_login(league.owner)
    page = page_of(client.get(reverse("games:rules-index")))
    assert mine.get_absolute_url() in page
    assert "Hearts: Game ends at: 50; Shooting the moon: everyone else takes P" in page
    assert theirs.name not in page
    client.logout()
    assert mine.name not in page_of(client.get(reverse("games:rules-index")))
