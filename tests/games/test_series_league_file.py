"""A league's series of nights in its league file: they come back with their nights and final; a bad one is refused."""

import json

import pytest

from games.league_file import LeagueImportError
from games.league_file.export import export_league, export_league_json
from games.league_file.restore import import_league
from games.models import League, Night, NightSeries
from tests.factories import UserFactory, make_game
from tests.games.test_series import played_night, two_nights

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(league):
    """October: two nights over and its final of four seated; Spare: a series of no night, no final."""
    october = two_nights(league)
    october.seat_final(seed=5)
    NightSeries.add(league, "Spare")
    played_night(league, {"Ann": 7, "Ben": 3, "Cat": 2, "Dan": 1}, "Ann", None, "Alone")
    return october


def test_series_their_nights_and_final_come_back(series, user):
    league = series.league
    first = export_league(league)
    assert first["series"] == [
        {"name": "October", "final_size": 4, "final": series.final.number},
        {"name": "Spare", "final_size": None, "final": None},
    ]
    assert [night["series"] for night in first["nights"]] == ["October", "October", None]
    text = "".join(export_league_json(league))
    league.discard()
    restored = import_league(json.loads(text), user)
    again = export_league(restored)
    assert again["series"] == first["series"]
    assert again["nights"] == first["nights"]
    copy = NightSeries.objects.get(league=restored, name="October")
    assert copy.final.league == restored
    assert sorted(night.name for night in copy.nights.all()) == ["First", "Second"]
    assert [line.player for line in copy.standings()] == ["Ben", "Cat", "Ann", "Dan", "Eve"]


def test_an_older_file_without_series_restores_as_before(series, user):
    document = export_league(series.league)
    del document["series"]
    for night in document["nights"]:
        del night["series"]
    restored = import_league(document, UserFactory(), as_copy=True)
    assert not NightSeries.objects.filter(league=restored).exists()
    assert Night.objects.filter(league=restored, series=None).count() == 3


def _october(document):
    return document["series"][0]


def _night_games(document):
    return [table["game"] for night in document["nights"] for r in night["played"] for table in r["tables"]]


MALFORMED = [
    (lambda d: d.update(series={}), "'series' must be a list"),
    (lambda d: _october(d).update(extra=1), "Series 1: each series is"),
    (lambda d: _october(d).update(name=" October"), "not written as the app writes names"),
    (lambda d: _october(d).update(name=""), "Series 1"),
    (lambda d: d["series"][1].update(name="OCTOBER"), "is listed twice"),
    (lambda d: _october(d).update(final_size=9), "'final_size' must be null or a table size from 3 to 8"),
    (lambda d: _october(d).update(final_size=True), "'final_size' must be null"),
    (lambda d: _october(d).update(final=99999), "'final' must be null or the number of a game in the file"),
    (lambda d: _october(d).update(final="1"), "'final' must be null or the number of a game"),
    (lambda d: _october(d).update(final_size=None), "a series without a final table has no 'final'"),
    (lambda d: _october(d).update(final=_night_games(d)[0]), "is played at a night's table or as another final"),
    (lambda d: _october(d).update(final_size=3), "is not a final table this series could seat"),
    (lambda d: d["series"][1].update(final_size=4, final=_october(d)["final"]), "as another final"),
    (lambda d: d["series"][1].update(final_size=4, final=d["games"][0]["number"]), "at a night's table"),
    (lambda d: d["nights"][2].update(series="Winter"), "Club night 3: its series 'Winter' is not one of"),
    (lambda d: d["nights"][0].update(series=7), "'series' must be null or the name of one of the file's series"),
    (lambda d: d.update(series=[]), "is not one of the file's 'series'"),
]


@pytest.mark.parametrize(("change", "message"), MALFORMED)
def test_a_malformed_series_is_refused_before_anything_is_written(series, change, message):
    document = export_league(series.league)
    change(document)
    before = (League.all_objects.count(), Night.all_objects.count(), NightSeries.objects.count())
    with pytest.raises(LeagueImportError, match=message.replace("(", r"\(").replace(")", r"\)")):
        import_league(document, UserFactory(), as_copy=True)
    assert (League.all_objects.count(), Night.all_objects.count(), NightSeries.objects.count()) == before


def test_a_final_of_a_player_who_never_came_to_the_series_is_refused(series, league):
    # Zed plays no night of October; a game of the league's rules with Ann, Ben and Cat is no final of it.
    stranger = make_game(league, "standard", ["Ann", "Ben", "Cat", "Zed"])
    document = export_league(league)
    _october(document)["final"] = stranger.number
    with pytest.raises(LeagueImportError, match="is not a final table this series could seat"):
        import_league(document, UserFactory(), as_copy=True)
    _october(document)["final"] = make_game(league, "standard", ["Ann", "Ben", "Cat", "Dan"]).number
    document = export_league(league) | {"series": document["series"]}
    # The same players as the seated final, in a game of its own: a final the app could have seated.
    assert import_league(document, UserFactory(), as_copy=True).night_series.get(name="October").final is not None
