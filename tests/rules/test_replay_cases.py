"""Hand-built scoresheets in tests/rules/scoresheets, replayed exactly like the shared ones.

Each expected result there was worked out by hand from RULES.md; the
arithmetic is in scoresheets/README.md.
"""

from pathlib import Path

import pytest

from tests.test_conformance import assert_replay_matches, scoresheet_cases

CASES = scoresheet_cases(Path(__file__).resolve().parent / "scoresheets")


def test_there_are_at_least_ten_hand_built_scoresheets_with_results():
    assert len([case for case in CASES if case.expected.is_file()]) >= 10


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_hand_built_scoresheet_replays_to_its_worked_result(case):
    assert_replay_matches(case)
