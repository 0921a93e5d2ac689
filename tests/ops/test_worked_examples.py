"""docs/WORKED_EXAMPLES.md stays true: every step's file exists and holds every name the step cites.

A step is a list item whose first code span is a path; every later code span
that reads as a name (letters, digits, underscores, dots, or a quoted string
inside a call) must be found in that file's text, so renaming or moving what
the page cites fails here instead of misleading the next newcomer.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "WORKED_EXAMPLES.md"
CODE = re.compile(r"`([^`]+)`")
NAME = re.compile(r"^[A-Za-z_][\w.]*$")


def steps() -> list[tuple[str, list[str]]]:
    """(file, names) for each list item of the page, the item's wrapped lines joined."""
    items: list[str] = []
    for line in PAGE.read_text().splitlines():
        if line.startswith("- "):
            items.append(line[2:])
        elif line.startswith("  ") and items:
            items[-1] += " " + line.strip()
    found = []
    for item in items:
        spans = CODE.findall(item)
        if spans and "/" in spans[0]:
            found.append((spans[0], [span for span in spans[1:] if NAME.match(span)]))
    return found


def test_the_page_has_both_examples_and_cites_files_in_each():
    text = PAGE.read_text()
    assert "## Adding a statistic" in text
    assert "## Adding a page" in text
    assert len(steps()) >= 9


def missing(path: str, names: list[str]) -> list[str]:
    """The names the file does not hold (a dotted name by its last part)."""
    text = (ROOT / path).read_text()
    return [name for name in names if name.rsplit(".", 1)[-1] not in text]


@pytest.mark.parametrize(("path", "names"), steps(), ids=[path for path, _ in steps()])
def test_each_step_names_a_file_that_holds_what_it_cites(path, names):
    assert (ROOT / path).is_file(), f"{path} is named by docs/WORKED_EXAMPLES.md but does not exist"
    assert not missing(path, names), f"{path} no longer holds {missing(path, names)} (docs/WORKED_EXAMPLES.md)"


def test_a_name_the_file_does_not_hold_is_caught():
    # The check itself can fail: a renamed column is reported, a kept one is not.
    assert missing("games/stats.py", ["COLUMNS", "NoSuchColumnAnywhere", "models.RenamedAway"]) == [
        "NoSuchColumnAnywhere",
        "models.RenamedAway",
    ]
