"""The new-game and preset forms offer RULES.md's More variants: the five presets, every new option
with its words, the engine's refusals on their own field, and partners who sit opposite."""

import pytest
from django.urls import reverse
from django.utils import translation

from games.forms.house_rules import RulesForm
from games.models import Game, LeaguePreset

pytestmark = pytest.mark.django_db

FOUR = ("Ann", "Ben", "Cat", "Dan")


def url(league):
    return reverse("games:game-new", args=[league.pk])


def start(variant="standard", seats=FOUR, **changed):
    """The form as the phone posts it for a variant's defaults (a box left unticked is not sent)."""
    data = {}
    for key, value in RulesForm.rules_initial(variant).items():
        if value is True:
            data[key] = "on"
        elif value is not False:
            data[key] = value
    data.update(seat=list(seats), first_dealer=seats[0], start="1")
    for key, value in changed.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def errors_of(response, field):
    assert response.status_code == 422
    return response.context_data["form"].errors[field]


def test_the_variant_menu_offers_the_five_new_presets(scorer, league):
    page = scorer.get(url(league)).content.decode()
    for key, name in [
        ("spot", "Spot Hearts (3-7 players)"),
        ("black_maria", "Black Maria (3-6 players)"),
        ("domino", "Domino Hearts (2-7 players)"),
        ("cancellation", "Cancellation Hearts (5-11 players)"),
        ("turbo", "Turbo Hearts (4 players)"),
    ]:
        assert f'<option value="{key}">{name}</option>' in page


def test_every_new_option_is_on_the_form_with_its_words(scorer, league):
    page = scorer.get(url(league)).content.decode()
    for field in ("heart_points", "queen_points", "plus_card", "jack_points", "first_lead", "teams", "team_moon"):
        assert f'name="{field}"' in page
    assert "like Q 13 for Pink Lady" in page
    assert "Partners sit opposite and score as one" in page
    assert "partners shoot together; the other team takes the hand&#x27;s points" in page


def test_turbo_offers_its_hands_and_charging_and_nothing_else(scorer, league):
    response = scorer.get(url(league), {"variant": "turbo"})
    form = response.context_data["form"]
    assert set(form.fields) >= {"hands_per_game", "charging"}
    assert "target" not in form.fields
    assert "teams" not in form.fields
    assert form["hands_per_game"].value() == 4


@pytest.mark.parametrize("variant", ["spot", "black_maria", "domino", "turbo"])
def test_each_new_preset_starts_from_the_form(scorer, league, variant):
    response = scorer.post(url(league), start(variant))
    assert response.status_code == 302
    assert Game.objects.get().variant == variant


def test_cancellation_starts_from_the_form_with_five_players(scorer, league):
    response = scorer.post(url(league), start("cancellation", seats=(*FOUR, "Eve")))
    assert response.status_code == 302
    assert Game.objects.get().variant == "cancellation"


def test_a_partners_game_starts_with_partners_sitting_opposite(scorer, league):
    response = scorer.post(url(league), start(teams="on", team_moon="opponents", target="200"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.options["teams"], game.options["team_moon"], game.options["target"]) == (True, "opponents", 200)
    assert game.setup().team_names == ("Ann+Cat", "Ben+Dan")


def test_a_turbo_game_of_eight_hands_keeps_its_length(scorer, league):
    response = scorer.post(url(league), start("turbo", hands_per_game="8", charging="blind"))
    assert response.status_code == 302
    assert Game.objects.get().options["hands_per_game"] == 8


def test_hearts_by_rank_and_a_queen_worth_nothing_start(scorer, league):
    response = scorer.post(url(league), start(heart_points="Q 13", queen_points="0"))
    assert response.status_code == 302
    options = Game.objects.get().options
    assert (options["heart_points"], options["queen_points"]) == ({"Q": 13}, 0)


def test_a_dutch_table_types_its_hearts_ranks_with_its_own_letters(scorer, league):
    """V is the Dutch queen, H the king (heer); QH and 10 as ever."""
    response = scorer.post(url(league), start(heart_points="V 13, H 5, 10h 2, A 1"), headers={"Accept-Language": "nl"})
    assert response.status_code == 302
    assert Game.objects.get().options["heart_points"] == {"Q": 13, "K": 5, "10": 2, "A": 1}


def test_face_value_hearts_typed_in_a_standard_game_start(scorer, league):
    response = scorer.post(url(league), start(heart_points="face"))
    assert response.status_code == 302
    assert Game.objects.get().options["heart_points"] == "face"


def test_a_ten_of_diamonds_worth_minus_forty_starts(scorer, league):
    response = scorer.post(url(league), start(jack_of_diamonds="on", plus_card="10♦", jack_points="-40"))
    assert response.status_code == 302
    options = Game.objects.get().options
    assert (options["plus_card"], options["jack_points"]) == ("10♦", -40)


HEART_POINTS_REFUSED = (
    '“Each heart scores” must be a whole number from 1 to 100, "face", or a map from ranks such as "Q" to their points'
)


# Each refusal is the engine's (RULES.md, More variants), shown on the field it is about in the
# option's words; nothing is saved.
@pytest.mark.parametrize(
    ("seats", "changed", "field", "message"),
    [
        (FOUR, {"heart_points": "Z 3"}, "heart_points", "Write each heart's rank with its points, like Q 13; not Z 3"),
        (FOUR, {"heart_points": "101"}, "heart_points", HEART_POINTS_REFUSED),
        (FOUR, {"heart_points": "0"}, "heart_points", HEART_POINTS_REFUSED),
        (FOUR, {"heart_points": "2 0, 3 0, 4 0, 5 0, 6 0, 7 0, 8 0, 9 0, 10 0, J 0, Q 0, K 0, A 0"}, "heart_points",
         "“Each heart scores” must leave some heart worth more than 0"),
        (FOUR, {"queen_points": "-1"}, "queen_points", "“Q♠ scores” must be a whole number from 0 to 100"),
        (FOUR, {"plus_card": "10♦"}, "plus_card", "“Plus card” needs the plus card to score (“J♦ counts −10”)"),
        (FOUR, {"jack_points": "-40"}, "jack_points", "“Plus card scores” needs the plus card to score (“J♦ counts −10”)"),
        (FOUR, {"jack_of_diamonds": "on", "jack_points": "5"}, "jack_points",
         "“Plus card scores” must be a whole number from -100 to -1"),
        (FOUR, {"team_moon": "player"}, "team_moon", "“Moon in a team game” needs partners (“Partners”)"),
        ((*FOUR, "Eve"), {"teams": "on"}, "teams", None),
    ],
)  # fmt: skip
def test_each_new_option_is_refused_on_its_own_field(scorer, league, seats, changed, field, message):
    response = scorer.post(url(league), start(seats=seats, **changed))
    errors = errors_of(response, field)
    assert len(errors) == 1
    if message is not None:
        assert errors == [message]
    assert Game.objects.count() == 0
    assert league.players.count() == 0


def test_turbo_hands_out_of_bounds_are_refused_on_their_field(scorer, league):
    response = scorer.post(url(league), start("turbo", hands_per_game="0"))
    assert errors_of(response, "hands_per_game") == ["“Hands in a game” must be a whole number from 1 to 100"]
    assert Game.objects.count() == 0


def test_ticking_partners_shows_who_partners_whom_beside_the_seats(scorer, league):
    data = start(teams="on")
    data.pop("start")
    response = scorer.post(url(league), data, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="seats"' in page
    assert "<strong>Ann+Cat</strong> · <strong>Ben+Dan</strong>" in page


def test_moving_a_player_changes_the_partners(scorer, league):
    data = start(teams="on")
    data.pop("start")
    data["down"] = "1"  # Ben and Cat change seats: Ann now partners Ben
    page = scorer.post(url(league), data, headers={"HX-Request": "true"}).content.decode()
    assert "<strong>Ann+Ben</strong> · <strong>Cat+Dan</strong>" in page


def test_without_partners_no_pairs_are_shown(scorer, league):
    data = start()
    data.pop("start")
    page = scorer.post(url(league), data, headers={"HX-Request": "true"}).content.decode()
    assert 'data-testid="partners"' not in page


def test_the_new_words_go_through_gettext(scorer, league, monkeypatch):
    """The catalogs are filled by the lead after the merge: here a stand-in translation shows the
    new labels, help texts and choices are looked up rather than written in English."""
    translation.gettext("")  # Django's translation module is loaded, so it can be stood in for
    monkeypatch.setattr(translation._trans, "gettext", lambda message: f"[{message}]")
    page = scorer.get(url(league)).content.decode()
    assert "[Partners sit opposite and score as one:" in page
    assert "[Moon with partners]" in page
    # The choice's words and the preset's name (an engine Message, also through gettext) both.
    assert "[[Hearts] (3-7 players)]" in page
    assert "[Partners, sitting opposite:]" not in page  # no partners ticked yet


class TestPresets:
    def url(self, league):
        return reverse("games:preset-new", args=[league.pk])

    def test_a_league_saves_a_turbo_preset(self, scorer, league):
        data = {**start("turbo", hands_per_game="8"), "name": "Long Turbo", "save": "1"}
        response = scorer.post(self.url(league), data)
        assert response.status_code == 302
        preset = LeaguePreset.objects.get()
        assert (preset.variant, preset.options["hands_per_game"]) == ("turbo", 8)

    def test_a_league_saves_a_pink_lady_preset_and_the_form_shows_it_again(self, scorer, league):
        data = {**start(heart_points="Q 13"), "name": "Pink Lady", "save": "1"}
        assert scorer.post(self.url(league), data).status_code == 302
        preset = LeaguePreset.objects.get()
        assert preset.options["heart_points"] == {"Q": 13}
        form = RulesForm(initial=RulesForm.rules_initial(preset.variant, preset.options))
        assert form["heart_points"].value() == "Q 13"

    def test_a_preset_refuses_an_option_on_its_field(self, scorer, league):
        data = {**start(team_moon="player"), "name": "Odd", "save": "1"}
        response = scorer.post(self.url(league), data)
        assert errors_of(response, "team_moon") == ["“Moon in a team game” needs partners (“Partners”)"]
        assert LeaguePreset.objects.count() == 0
