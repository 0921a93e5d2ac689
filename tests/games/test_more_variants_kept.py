"""A league keeps RULES.md's More variants like any game: Game.start_named starts them, a scoresheet
of one imports as a game, and a league file holding them goes out and comes back as it was."""

import json

import pytest

from games.league_file.export import export_league_json
from games.league_file.restore import import_league
from games.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FOUR = ["Ann", "Ben", "Cat", "Dan"]
# ../shared/examples/variants/turbo-four-hands.json: its expected file gives money
# N 46, E -18, S 78, W -106 and totals 11, 27, 3, 49 (S wins: lowest total, most money).
TURBO = {
    "variant": "turbo",
    "players": FOUR,
    "hands": [
        {"hearts": {"Ann": 5, "Ben": 8}, "queen": "Ben", "jack": "Dan", "ten": "Cat"},
        {"hearts": {"Cat": 13}, "queen": "Dan", "jack": "Ann", "ten": "Ben", "charged": ["J♦"]},
        {"revoke": "Dan", "charged": ["A♥"]},
        {"hearts": {"Ben": 6, "Dan": 7}, "queen": "Ann", "jack": "Cat", "ten": "Ann"},
    ],
    "played_on": "2025-03-01",
}
# Partners Ann+Cat against Ben+Dan, to 30. Hand 1: Ben's 13 hearts, Cat's Q♠: 13 each. Hand 2: Ann 6,
# Ben 7 and Dan the Q♠: Ann+Cat 13 + 6 = 19, Ben+Dan 13 + 7 + 13 = 33, past 30: Ann+Cat win.
TEAMS = {
    "variant": "standard",
    "options": {"teams": True, "target": 30},
    "players": FOUR,
    "hands": [{"hearts": {"Ben": 13}, "queen": "Cat"}, {"hearts": {"Ann": 6, "Ben": 7}, "queen": "Dan"}],
    "played_on": "2025-03-02",
}
PINK_LADY = {
    "variant": "standard",
    "options": {"heart_points": {"Q": 13}},
    "players": FOUR,
    "hands": [{"hearts": {"Ann": ["Q", "2"], "Ben": ["3", "4", "5", "6", "7", "8", "9", "10", "J", "K", "A"]}, "queen": "Cat"}],
    "played_on": "2025-03-03",
}  # fmt: skip


@pytest.mark.parametrize("variant", ["spot", "black_maria", "domino", "turbo"])
def test_each_new_preset_starts_as_a_league_game(league, variant):
    game = Game.start_named(league, variant, FOUR)
    assert game.variant == variant
    assert list(game.seats.order_by("position").values_list("player__name", flat=True)) == FOUR


def test_cancellation_starts_with_five_players(league):
    game = Game.start_named(league, "cancellation", [*FOUR, "Eve"])
    assert game.seats.count() == 5


def test_a_partners_game_starts_with_its_option_kept(league):
    game = Game.start_named(league, "standard", FOUR, {"teams": True, "team_moon": "player"})
    assert game.setup().team_names == ("Ann+Cat", "Ben+Dan")


def test_a_turbo_scoresheet_imports_as_a_finished_game_with_its_money(league, user):
    game = Game.import_scoresheet(league, TURBO, user)
    assert game.status == Game.Status.OVER
    seats = {seat.player.name: (seat.total, seat.won) for seat in game.seats.select_related("player")}
    assert seats == {"Ann": (11, False), "Ben": (27, False), "Cat": (3, True), "Dan": (49, False)}


def test_a_team_scoresheet_imports_and_both_partners_win(league, user):
    game = Game.import_scoresheet(league, TEAMS, user)
    assert game.status == Game.Status.OVER
    seats = {seat.player.name: (seat.total, seat.won) for seat in game.seats.select_related("player")}
    # Each partner carries the team's total (worked out above TEAMS).
    assert seats == {"Ann": (19, True), "Ben": (33, False), "Cat": (19, True), "Dan": (33, False)}


def test_a_pink_lady_scoresheet_imports(league, user):
    game = Game.import_scoresheet(league, PINK_LADY, user)
    # Ann: the Q♥ 13 and the 2♥ 1; Ben the other eleven hearts at 1; Cat the Q♠ 13.
    assert list(game.seats.order_by("position").values_list("total", flat=True)) == [14, 11, 13, 0]


def test_a_league_with_turbo_and_team_games_comes_back_from_its_file_as_it_was(league, user):
    for sheet in (TURBO, TEAMS, PINK_LADY):
        Game.import_scoresheet(league, sheet, user)
    first = "".join(export_league_json(league))
    restored = import_league(json.loads(first), UserFactory())
    second = json.loads("".join(export_league_json(restored)))
    document = json.loads(first)
    assert [game["scoresheet"] for game in second["games"]] == [game["scoresheet"] for game in document["games"]]
    games = list(restored.games.order_by("number"))
    assert [game.variant for game in games] == ["turbo", "standard", "standard"]
    assert (games[1].options["teams"], games[1].options["target"]) == (True, 30)
    assert games[2].options["heart_points"] == {"Q": 13}
    winners = sorted(restored.games.get(variant="turbo").seats.filter(won=True).values_list("player__name", flat=True))
    assert winners == ["Cat"]


def test_a_turbo_games_money_is_kept_hand_by_hand_and_per_seat(league, user):
    from games.models import Hand

    game = Game.import_scoresheet(league, TURBO, user)
    # Hand 1: Ann 5 hearts; Ben 8 hearts and the Q♠, 21; Dan the J♦, −10; Cat the 10♣, doubling 0.
    # The four scores sum to 16, and each wins 16 − 4 × own: Ann −4, Ben −68, Cat +16, Dan +56.
    first = Hand.objects.get(game=game, number=1).result
    assert first["money"] == [-4, -68, 16, 56]
    money = [hand.result["money"] for hand in Hand.objects.filter(game=game).order_by("number")]
    assert all(sum(hand) == 0 for hand in money)
    seats = dict(game.seats.values_list("player__name", "money"))
    assert seats == {"Ann": 46, "Ben": -18, "Cat": 78, "Dan": -106}
    assert seats == {name: sum(hand[i] for hand in money) for i, name in enumerate(FOUR)}


def test_a_team_games_seats_know_their_team_and_other_games_pay_no_money(league, user):
    game = Game.import_scoresheet(league, TEAMS, user)
    assert list(game.seats.order_by("position").values_list("team", "money")) == [(0, 0), (1, 0), (0, 0), (1, 0)]
    assert "money" not in game.hands.get(number=1).result
