"""A league's club nights in its league file: they come back with their rounds, tables and games; a bad one is refused."""

import json

import pytest

from games.league_file import LeagueImportError
from games.league_file.export import export_league, export_league_json
from games.league_file.restore import import_league
from games.models import League, Night, NightRound, NightSeat, NightTable, Player
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


@pytest.fixture
def night(league):
    here = [Player.objects.create(league=league, name=name) for name in NINE]
    night = Night.begin(league, here, "standard", {"time_limit": 40}, 3, league.today(), name="Friday", seed=7)
    night.start_round(1)
    for table in NightTable.objects.filter(round__night=night):
        table.game.declare("abandoned")
    night.next_round(1)
    night.leave(here[0])
    return night


def test_a_night_comes_back_with_who_came_its_rounds_tables_and_games(night, user):
    league = night.league
    first = export_league(league)
    [written] = first["nights"]
    assert written["name"] == "Friday"
    assert written["options"]["time_limit"] == 40
    assert [r["status"] for r in written["played"]] == ["over", "proposed"]
    assert {"name": "Ann", "left": True} in written["players"]
    games = sorted(table["game"] for table in written["played"][0]["tables"])
    assert games == sorted(
        NightTable.objects.filter(round__night=night, round__number=1).values_list("game__number", flat=True)
    )

    text = "".join(export_league_json(league))
    league.discard()
    restored = import_league(json.loads(text), user)
    again = export_league(restored)
    assert again["nights"] == first["nights"]
    copy = Night.objects.get(league=restored)
    table = copy.round_set.get(number=1).tables.get(number=1)
    # The table's game is the restored league's game of that number, with the same players in the same seats.
    assert table.game.league == restored
    assert [seat.player.name for seat in table.game.ordered_seats()] == [
        seat.player.name for seat in table.seats.order_by("position")
    ]


def _first_night(document):
    return document["nights"][0]


MALFORMED = [
    (lambda d: d.update(nights={}), "'nights' must be a list"),
    (lambda d: _first_night(d).update(extra=1), "each night is"),
    (lambda d: _first_night(d).update(rounds=0), "'rounds' must be a whole number from 1 to 20"),
    (lambda d: _first_night(d).update(played_on="2025-02-30"), "'played_on' must be a day"),
    (lambda d: _first_night(d).update(variant="bridge"), "not a game the app knows"),
    (lambda d: _first_night(d)["players"].append({"name": "Zed", "left": False}), "one of the file's 'players'"),
    (lambda d: _first_night(d)["players"].append(dict(_first_night(d)["players"][1])), "is listed twice"),
    (lambda d: _first_night(d)["played"][0]["tables"][0].update(game=99999), "the number of a game in the file"),
    (
        lambda d: _first_night(d)["played"][0]["tables"][1].update(
            game=_first_night(d)["played"][0]["tables"][0]["game"]
        ),
        "is played at two tables",
    ),
    (
        lambda d: _first_night(d)["played"][0]["sit_out"].append(_first_night(d)["played"][0]["tables"][0]["seats"][0]),
        "has two places",
    ),
    (lambda d: _first_night(d)["played"][0].update(status="playing"), "only the latest round may be unfinished"),
    (lambda d: _first_night(d)["played"][1].update(number=5), "numbered 1, 2, 3"),
    (lambda d: _first_night(d)["played"][1]["tables"][0].update(game=1), "a round not started has no games yet"),
    # A table's game is the one the app started for it: its players in its seats, the night's rules.
    (lambda d: _swap_first_seats(_first_night(d)["played"][0]["tables"]), "are not this table's seats, in their order"),
    (
        lambda d: _first_night(d)["played"][0]["tables"][0]["seats"].reverse(),
        "are not this table's seats, in their order",
    ),
    (lambda d: _first_night(d)["options"].update(time_limit=30), "was not played under the night's rules"),
    (lambda d: _first_night(d).update(sizes=[8]), "'sizes' must list table sizes these rules seat (3, 4, 5, 6, 7)"),
    (lambda d: _first_night(d).update(sizes=[5, 4]), "'sizes' must list table sizes"),
    (lambda d: _first_night(d).update(sizes=[4, 4]), "'sizes' must list table sizes"),
    (lambda d: _first_night(d).update(sizes=[True]), "'sizes' must list table sizes"),
    (lambda d: _first_night(d).update(sizes="4"), "'sizes' must list table sizes"),
]


def _swap_first_seats(tables):
    """The first players of tables 1 and 2 trade places, their games left as they were."""
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]


@pytest.mark.parametrize(("change", "message"), MALFORMED)
def test_a_malformed_night_is_refused_before_anything_is_written(night, change, message):
    document = export_league(night.league)
    change(document)
    before = (League.objects.count(), Night.objects.count(), NightRound.objects.count(), NightSeat.objects.count())
    with pytest.raises(LeagueImportError, match=message.replace("(", r"\(").replace(")", r"\)")):
        import_league(document, UserFactory(), as_copy=True)
    assert (
        League.objects.count(),
        Night.objects.count(),
        NightRound.objects.count(),
        NightSeat.objects.count(),
    ) == before


def test_a_ricketts_table_of_five_in_a_file_is_refused(league):
    here = [Player.objects.create(league=league, name=name) for name in NINE]
    Night.begin(league, here, "ricketts", {}, 2, league.today(), seed=1)
    document = export_league(league)
    played = _first_night(document)["played"][0]
    played["tables"][0]["seats"].append(played["sit_out"].pop())
    with pytest.raises(LeagueImportError, match="a table of 5 cannot play these rules"):
        import_league(document, UserFactory(), as_copy=True)


def test_a_night_of_a_more_variants_preset_comes_back(league, user):
    here = [Player.objects.create(league=league, name=name) for name in NINE]
    night = Night.begin(league, here, "black_maria", {}, 2, league.today(), name="Maria", seed=3)
    night.start_round(1)
    first = export_league(league)
    assert first["nights"][0]["variant"] == "black_maria"
    text = "".join(export_league_json(league))
    league.discard()
    restored = import_league(json.loads(text), user)
    assert export_league(restored)["nights"] == first["nights"]


def test_the_table_sizes_an_organizer_allowed_come_back_and_an_older_file_has_the_laws_rule(league, user):
    here = [Player.objects.create(league=league, name=name) for name in NINE]
    night = Night.begin(league, here, "standard", {}, 2, league.today(), name="Fours", seed=3, sizes=[4])
    document = export_league(league)
    assert document["nights"][0]["sizes"] == [4]
    restored = import_league(json.loads(json.dumps(document)), UserFactory(), as_copy=True)
    assert Night.objects.get(league=restored).sizes == [4]
    assert export_league(restored)["nights"] == document["nights"]
    # A file written before nights kept their sizes: the night seats by CLUBNIGHT.md's Tables rule.
    del document["nights"][0]["sizes"]
    older = import_league(document, UserFactory(), as_copy=True)
    assert Night.objects.get(league=older).sizes == []
    assert night.sizes == [4]
