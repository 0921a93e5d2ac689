"""Random and malformed forms posted to the screens that change games: never a 5xx, never a bad row.

Each example posts what a broken phone, a tampered request or a careless
paste might send; afterwards every stored game must still replay through
the engine with its cached totals matching. Each example is rolled back,
so all start from the same league (tests/ops/conftest.py's table).
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.league_file.export import export_league
from games.models import Game, League
from tests.conftest import HTMX
from tests.fuzzing import examples
from tests.ops.conftest import stored_rows
from tests.ops.routes import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("table_made_once")]

fuzz = settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# What arrives in a form field: numbers as text, odd numbers, odd text.
scalars = st.one_of(
    st.sampled_from(
        [
            "",
            "0",
            "1",
            "2",
            "3",
            "-1",
            "13",
            "26",
            "99999999999999999999",
            "1e3",
            "0x10",
            "NaN",
            " 3 ",
            "３",
            "None",
            "add",
            "subtract",
            "revoke",
            "cards",
        ]
    ),
    st.integers(-(10**6), 10**6).map(str),
    st.text(max_size=45),
)
values = st.one_of(scalars, st.lists(scalars, min_size=2, max_size=4))


def form(known_fields):
    """A form with some of the real field names (and the odd unknown one) holding random values."""
    return st.dictionaries(
        st.one_of(st.sampled_from(known_fields), st.text(max_size=8)), values, max_size=len(known_fields) + 2
    )


HAND_FIELDS = ["number", "action", "moon", "queen", "jack", "revoke", *[f"hearts_{seat}" for seat in range(8)]]
GAME_FIELDS = [
    "variant", "options_for", "seat", "first_dealer", "start", "target", "end", "moon", "ties", "deal",
    "kitty_to", "wraps", "jack_of_diamonds", "moon_needs_jack", "sixty_nine", "warren", "add_player",
    "new_name", "up", "down", "remove", "refresh",
]  # fmt: skip

# Hands that nearly make sense, so that some get past the form to the engine.
near_hands = st.fixed_dictionaries(
    {
        "number": st.sampled_from(["2", "3", "4"]),
        "queen": st.sampled_from(["0", "1", "2", "3", "4", ""]),
        **{f"hearts_{seat}": st.integers(-1, 14).map(str) for seat in range(4)},
    },
    optional={
        "action": st.sampled_from(["cards", "revoke", "x"]),
        "revoke": st.sampled_from(["0", "3", "9"]),
        "moon": st.sampled_from(["add", "subtract", "up"]),
    },
)
names = st.one_of(
    st.text(min_size=1, max_size=45),
    st.sampled_from(["Ann", "ann", " Ann ", "<b>Ben</b>", "Cat\x00", "Dan", "Eve\u0007", "x" * 41]),
)
near_games = st.fixed_dictionaries(
    {
        "variant": st.sampled_from(["standard", "omnibus", "ricketts", "3d", "spades", ""]),
        "options_for": st.sampled_from(["standard", "omnibus", "ricketts", "3d", ""]),
        "seat": st.lists(names, max_size=9),
        "first_dealer": st.one_of(names, st.just("random")),
        "start": st.just("1"),
    },
    optional={"target": scalars, "wraps": scalars, "moon": scalars, "end": scalars, "new_name": names},
)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-100, 100), st.text(max_size=10)),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
scoresheets = st.one_of(
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"variant": st.sampled_from(["standard", "omnibus", "3d", "x"]), "players": st.lists(names, max_size=8)},
        optional={
            "hands": st.lists(
                st.dictionaries(st.sampled_from(["hearts", "queen", "jack", "moon", "revoke", "x"]), json_values),
                max_size=4,
            ),
            "options": st.dictionaries(st.sampled_from(["target", "moon", "wraps", "x"]), json_values),
            "first_dealer": json_values,
        },
    ).map(json.dumps),
    st.text(max_size=60),
)


def every_game_replays():
    for game in Game.objects.prefetch_related("seats__player", "hands"):
        state = game.state()
        assert game.hand_count == len(state.hands)
        assert [seat.total for seat in game.ordered_seats()] == list(state.totals), game


def post_and_check(client, url, data, htmx):
    with transaction.atomic():
        response = client.post(url, data, headers=HTMX if htmx else {})
        assert response.status_code < 500
        every_game_replays()
        transaction.set_rollback(True)


@fuzz
@given(data=st.one_of(form(HAND_FIELDS), near_hands), htmx=st.booleans())
def test_hand_entry_survives_anything(table, data, htmx):
    post_and_check(table.client("scorer"), table.game.get_absolute_url() + "hands/new/", data, htmx)


@fuzz
@given(number=st.integers(0, 3), data=st.one_of(form(HAND_FIELDS), near_hands), htmx=st.booleans())
def test_hand_edits_survive_anything(table, number, data, htmx):
    url = table.game.get_absolute_url() + f"hands/{number}/edit/"
    post_and_check(table.client("scorer"), url, data, htmx)


@fuzz
@given(data=st.one_of(form(GAME_FIELDS), near_games), htmx=st.booleans())
def test_starting_a_game_survives_anything(table, data, htmx):
    post_and_check(table.client("scorer"), f"/leagues/{table.league.pk}/games/new/", data, htmx)


@fuzz
@given(text=scoresheets)
def test_importing_survives_anything(table, text):
    post_and_check(table.client("scorer"), f"/leagues/{table.league.pk}/games/import/", {"text": text}, False)


@pytest.mark.parametrize("name", ["Cat\x00", "Ca\x07t", "x" * 41])
def test_a_new_game_with_an_impossible_name_is_refused_and_creates_no_player(table, name):
    data = {**new_game(table), "seat": ["Eve", "Fay", "Gus", name], "first_dealer": "Eve"}
    before = stored_rows()
    response = table.client("scorer").post(f"/leagues/{table.league.pk}/games/new/", data)
    assert response.status_code == 422
    assert stored_rows() == before


def test_an_imported_game_with_a_nul_in_a_name_is_refused_and_creates_no_player(table):
    sheet = {"variant": "standard", "players": ["Eve", "Fay", "Gus\x00"]}
    before = stored_rows()
    response = table.client("scorer").post(f"/leagues/{table.league.pk}/games/import/", {"text": json.dumps(sheet)})
    assert response.status_code == 422
    assert "control characters" in response.content.decode()
    assert stored_rows() == before


def league_files(table):
    """The table's league as exported, with random parts replaced by random JSON."""
    document = export_league(table.league)
    paths = st.sampled_from(
        [("league", "name"), ("players", 0), ("players", 3), ("games", 0, "scoresheet", "players", 1),
         ("games", 0, "scoresheet", "hands", 0), ("games", 1, "declared"), ("games", 0, "created_at"), ("version",)]
    )  # fmt: skip

    def replaced(changes):
        changed = json.loads(json.dumps(document))
        for path, value in changes:
            place = changed
            for key in path[:-1]:
                place = place[key]
            place[path[-1]] = value
        return changed

    return st.lists(st.tuples(paths, st.one_of(names, json_values)), max_size=3).map(replaced)


@fuzz
@given(data=st.data())
def test_importing_a_league_survives_anything(table, data):
    document = data.draw(st.one_of(league_files(table), json_values))
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), content_type="application/json")
    leagues = League.objects.count()
    with transaction.atomic():
        response = table.client("scorer").post(reverse("games:league-import"), {"file": upload})
        # 409: the file's games are already one of the scorer's leagues (imported again only as a copy).
        assert response.status_code in (302, 409, 422)
        every_game_replays()
        # A refused file leaves no half-made league behind.
        assert League.objects.count() == leagues + (response.status_code == 302)
        transaction.set_rollback(True)


@pytest.mark.parametrize("name", ["Bad\x00house", "Bad\x07house"])
def test_a_league_file_whose_name_has_control_characters_is_refused(table, name):
    document = export_league(table.league)
    document["league"]["name"] = name
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), content_type="application/json")
    before = League.objects.count()
    response = table.client("scorer").post(reverse("games:league-import"), {"file": upload})
    assert response.status_code == 422
    assert "control characters" in response.content.decode()
    assert League.objects.count() == before
