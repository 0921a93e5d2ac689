"""`manage.py seat_night`: CLUBNIGHT.md's seating contract, JSON in and the plan out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter

import pytest
from django.core.management import call_command

from tests.test_conformance import PROJECT_DIR, assert_one_clean_error_line

# The law's example request.
EXAMPLE = {
    "players": ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"],
    "rounds": 3,
    "played": [[["Ann", "Ben", "Cat", "Dan"], ["Eve", "Fay", "Gus", "Hal", "Ivy"]]],
    "sizes": [4, 5],
    "seed": 1,
}


def seat(stdin: str) -> tuple[int, str, str]:
    """Run the command in-process with stdin, as `manage.py seat_night < file` would."""
    stdout, stderr = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    code = 0
    try:
        call_command("seat_night", stdout=stdout, stderr=stderr)
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    finally:
        sys.stdin = old_stdin
    return code, stdout.getvalue(), stderr.getvalue()


def test_the_laws_example_is_seated_for_three_more_rounds():
    code, out, err = seat(json.dumps(EXAMPLE))
    assert (code, err) == (0, "")
    plan = json.loads(out)
    assert set(plan) == {"rounds", "sit_out"}
    assert len(plan["rounds"]) == len(plan["sit_out"]) == 3
    for tables, sitting in zip(plan["rounds"], plan["sit_out"], strict=True):
        assert sorted(map(len, tables)) == [4, 5]
        assert sitting == []
        assert sorted(name for table in tables for name in table) == sorted(EXAMPLE["players"])
    # Eve, Fay, Gus, Hal and Ivy sat at the 5 in round 1: the 5 goes to Ann, Ben, Cat and Dan next.
    five = next(table for table in plan["rounds"][0] if len(table) == 5)
    assert {"Ann", "Ben", "Cat", "Dan"} < set(five)
    # Ann and Eve dealt first in round 1.
    assert not {table[0] for table in plan["rounds"][0]} & {"Ann", "Eve"}


def test_the_same_request_gives_the_same_plan():
    request = json.dumps({"players": [f"P{i}" for i in range(9)], "rounds": 2, "seed": 77})
    assert seat(request) == seat(request)


def test_played_sizes_and_seed_are_optional_and_leavers_may_appear_in_played():
    request = {
        "players": ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"],
        "rounds": 2,
        "played": [[["Ann", "Ben", "Cat", "Zed"], ["Dan", "Eve", "Fay", "Gus"]]],
    }
    code, out, err = seat(json.dumps(request))
    assert (code, err) == (0, "")
    plan = json.loads(out)
    # Seven players: a table of 4 and one of 3, as the law's Tables rule says.
    assert [sorted(map(len, tables)) for tables in plan["rounds"]] == [[3, 4], [3, 4]]
    assert all("Zed" not in table for tables in plan["rounds"] for table in tables)
    code, out, err = seat(json.dumps({"players": ["Ann", "Ben", "Cat"], "rounds": 1}))
    plan = json.loads(out)
    assert [sorted(table) for table in plan["rounds"][0]] == [["Ann", "Ben", "Cat"]]
    assert plan["sit_out"] == [[]]


def test_names_are_tidied_by_the_apps_name_rule():
    code, out, _ = seat(json.dumps({"players": ["  Ann ", "Ben  Bo", "Cat", "Dan"], "rounds": 1}))
    assert code == 0
    assert sorted(json.loads(out)["rounds"][0][0]) == ["Ann", "Ben Bo", "Cat", "Dan"]


def test_four_only_tables_sit_out_the_rest_and_say_who():
    code, out, _ = seat(json.dumps({"players": [f"P{i}" for i in range(10)], "rounds": 5, "sizes": [4]}))
    assert code == 0
    plan = json.loads(out)
    assert all(len(sitting) == 2 for sitting in plan["sit_out"])
    assert Counter(name for sitting in plan["sit_out"] for name in sitting) == Counter(f"P{i}" for i in range(10))


NINE = [f"P{i}" for i in range(9)]


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        ("not json", "cannot read it: not valid JSON"),
        ("", "cannot read it"),
        ('["Ann"]', "must be a JSON object"),
        (json.dumps({"rounds": 1}), "no 'players'"),
        (json.dumps({"players": NINE}), "no 'rounds'"),
        (json.dumps({"players": "Ann, Ben, Cat", "rounds": 1}), "'players' must be a list of names"),
        (json.dumps({"players": ["Ann", 7, "Cat"], "rounds": 1}), "A player's name must be text"),
        (json.dumps({"players": ["Ann", "", "Cat"], "rounds": 1}), "A player's name cannot be empty"),
        (json.dumps({"players": ["Ann", "Ben\nBo", "Cat"], "rounds": 1}), "control characters"),
        (json.dumps({"players": ["Ann", "Ben"], "rounds": 1}), "at least 3 players; 2 are here"),
        (json.dumps({"players": [f"P{i}" for i in range(65)], "rounds": 1}), "at most 64 players; 65 are here"),
        (json.dumps({"players": ["Ann", "Ben", "ANN "], "rounds": 1}), "Ann and ANN are the same player"),
        (json.dumps({"players": NINE, "rounds": 0}), "from 1 to 20 rounds"),
        (json.dumps({"players": NINE, "rounds": 21}), "from 1 to 20 rounds"),
        (json.dumps({"players": NINE, "rounds": "3"}), "'rounds' must be a whole number from 1 to 20"),
        (json.dumps({"players": NINE, "rounds": True}), "'rounds' must be a whole number"),
        (json.dumps({"players": NINE, "rounds": 2.5}), "'rounds' must be a whole number"),
        (json.dumps({"players": NINE, "rounds": 1, "played": [["P1", "P2"]]}), "'played' must be a list of rounds"),
        (json.dumps({"players": NINE, "rounds": 1, "played": [[[]]]}), "'played' must be a list of rounds"),
        (
            json.dumps({"players": NINE, "rounds": 1, "played": [[["P1", "P2", "P3"], ["p1", "P4", "P5"]]]}),
            "p1 sits twice",
        ),
        (json.dumps({"players": NINE, "rounds": 1, "played": [[["P1", "P2", "P1", "P3"]]]}), "P1 sits twice"),
        (
            json.dumps({"players": NINE, "rounds": 1, "played": [[["P1", "P2", "P3", "P4"], ["P5"]]]}),
            "Played round 1 has a table of 1: a table seats from 3 to 8 players",
        ),
        (
            json.dumps({"players": NINE, "rounds": 1, "played": [[NINE[:4]], [NINE[:4], ["P4", "P5"]]]}),
            "Played round 2 has a table of 2",
        ),
        (json.dumps({"players": NINE, "rounds": 1, "played": [NINE]}), "'played' must be a list of rounds"),
        (json.dumps({"players": NINE, "rounds": 1, "played": [[NINE]]}), "Played round 1 has a table of 9"),
        (json.dumps({"players": NINE, "rounds": 1, "played": [[NINE[:4]], []]}), "Played round 2 has no tables"),
        (json.dumps({"players": NINE, "rounds": 1, "played": [[NINE[:4], []]]}), "'played' must be a list of rounds"),
        (json.dumps({"players": NINE, "rounds": 1, "played": {"1": []}}), "'played' must be a list of rounds"),
        (json.dumps({"players": NINE, "rounds": 1, "sizes": [0]}), "A table seats from 3 to 8 players"),
        (json.dumps({"players": NINE, "rounds": 1, "sizes": [4, 9]}), "A table seats from 3 to 8 players"),
        (json.dumps({"players": NINE, "rounds": 1, "sizes": 4}), "'sizes' must be a list of table sizes"),
        (json.dumps({"players": NINE, "rounds": 1, "sizes": [4.0]}), "A table seats from 3 to 8 players"),
        (json.dumps({"players": NINE, "rounds": 1, "seed": 1.5}), "'seed' must be a whole number"),
        (json.dumps({"players": NINE, "rounds": 1, "sizes": []}), "'sizes' must be a list of table sizes"),
        (json.dumps({"players": NINE, "rounds": 1, "sizes": [2]}), "A table seats from 3 to 8 players"),
        (json.dumps({"players": NINE, "rounds": 1, "sizes": ["4"]}), "A table seats from 3 to 8 players"),
        (
            json.dumps({"players": NINE[:5], "rounds": 1, "sizes": [6, 8]}),
            "5 players cannot be seated at tables of 6, 8",
        ),
        (json.dumps({"players": NINE, "rounds": 1, "seed": "x"}), "'seed' must be a whole number"),
        (json.dumps({"players": NINE, "rounds": 1, "round": 2}), "Unknown field 'round'"),
        ('{"players": ["\\ud800", "B", "C"], "rounds": 1}', "broken character"),
    ],
)
def test_bad_input_exits_with_status_two_and_one_line(stdin, words):
    code, out, err = seat(stdin)
    line = assert_one_clean_error_line(code, out, err)
    assert line.startswith("seat_night: ")
    assert words in line


def test_manage_py_seat_night_reads_standard_input_and_fails_cleanly():
    def run(stdin: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "manage.py", "seat_night"],
            cwd=PROJECT_DIR,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )

    finished = run(json.dumps(EXAMPLE))
    assert finished.returncode == 0, finished.stderr
    assert len(json.loads(finished.stdout)["rounds"]) == 3
    failed = run(json.dumps({"players": ["Ann", "Ben"], "rounds": 1}))
    line = assert_one_clean_error_line(failed.returncode, failed.stdout, failed.stderr)
    assert "at least 3 players" in line
