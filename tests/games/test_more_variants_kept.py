"""RULES.md's More variants are scored by `replay` (tests/test_conformance.py), but a league keeps
none of their games yet: the hand form, the stored hands and the pages do not know them (issue 23's
screens). A league file or a scoresheet holding one is refused with a clear line, and nothing is saved."""

import json

import pytest

from games.league_file import LeagueImportError
from games.league_file.export import export_league
from games.league_file.restore import import_league
from games.models import Game, League
from rules import SetupError
from tests.factories import UserFactory
from tests.games.league_seed import hand_worked_league

pytestmark = pytest.mark.django_db

FOUR = ["Ann", "Ben", "Cat", "Dan"]
SHEETS = {
    "turbo": (
        {"variant": "turbo", "players": FOUR, "hands": [{"hearts": {"Ann": 13}, "queen": "Ben", "jack": "Cat", "ten": "Dan"}]},
        "Turbo Hearts",
    ),
    "teams": (
        {"variant": "standard", "options": {"teams": True}, "players": FOUR, "hands": [{"hearts": {"Ann": 13}, "queen": "Ben"}]},
        "Partners",
    ),
    "pink-lady": (
        {"variant": "standard", "options": {"heart_points": {"Q": 13}}, "players": FOUR, "hands": []},
        "Each heart scores",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(SHEETS))
def test_a_league_file_with_a_more_variants_game_is_refused_and_nothing_is_saved(league, user, case):
    sheet, words = SHEETS[case]
    hand_worked_league(league, user)
    document = json.loads(json.dumps(export_league(league)))
    extra = {**document["games"][0], "number": 99, "history": [], "scoresheet": {**sheet, "played_on": "2025-03-01"}}
    document["games"].append(extra)
    leagues = League.objects.count()
    with pytest.raises(LeagueImportError) as refused:
        import_league(document, UserFactory())
    assert str(refused.value) == f"Game 7: A league cannot keep games with {words} yet"
    assert League.objects.count() == leagues


@pytest.mark.parametrize("case", list(SHEETS))
def test_a_more_variants_scoresheet_is_not_imported_as_a_game(league, user, case):
    sheet, words = SHEETS[case]
    games = Game.objects.count()
    with pytest.raises(SetupError, match=f"A league cannot keep games with {words} yet"):
        Game.import_scoresheet(league, sheet, user)
    assert Game.objects.count() == games
    assert league.players.count() == 0
