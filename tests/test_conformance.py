"""The shared conformance files, run through the real `manage.py replay`.

The folder and its subfolders (house-rules/, ...) are read at test time, so
files added to them later are tested without touching this module; so is
shared/examples/variants/, the worked examples of RULES.md's More variants
(SCORESHEET_VARIANTS_DIR overrides where it is). Each NAME.json comes with NAME.expected.json
(the result, compared as JSON) or NAME.error (a word the one error line must
contain). See shared/SCORESHEET.md.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.management import call_command

PROJECT_DIR = Path(__file__).resolve().parents[1]
DEFAULT_CONFORMANCE_DIR = PROJECT_DIR.parent / "shared" / "conformance"
DEFAULT_VARIANTS_DIR = PROJECT_DIR.parent / "shared" / "examples" / "variants"


@dataclass(frozen=True)
class Replayed:
    exit_code: int
    stdout: str
    stderr: str


@dataclass(frozen=True)
class ScoresheetCase:
    """One NAME.json with its NAME.expected.json or NAME.error."""

    sheet: Path
    folder: Path | None = None

    @property
    def name(self) -> str:
        return self.sheet.name.removesuffix(".json")

    @property
    def test_id(self) -> str:
        """The name with its subfolder, e.g. house-rules/house-sun-doubles."""
        relative = self.sheet.relative_to(self.folder) if self.folder else Path(self.sheet.name)
        return str(relative.with_name(self.name).as_posix())

    @property
    def expected(self) -> Path:
        return self.sheet.with_name(f"{self.name}.expected.json")

    @property
    def error(self) -> Path:
        return self.sheet.with_name(f"{self.name}.error")


def conformance_dir() -> Path:
    return Path(os.environ.get("SCORESHEET_CONFORMANCE_DIR") or DEFAULT_CONFORMANCE_DIR)


def variants_dir() -> Path:
    return Path(os.environ.get("SCORESHEET_VARIANTS_DIR") or DEFAULT_VARIANTS_DIR)


def scoresheet_cases(folder: Path) -> list[ScoresheetCase]:
    """Every NAME.json in folder and its subfolders (not NAME.expected.json), sorted by path.

    A missing or empty folder gives no cases; the callers turn that into a
    failure, because a conformance run that checks nothing must not pass.
    """
    if not folder.is_dir():
        return []
    sheets = sorted(path for path in folder.rglob("*.json") if not path.name.endswith(".expected.json"))
    return [ScoresheetCase(sheet, folder) for sheet in sheets]


def run_replay(path: str, stdin: str | None = None) -> Replayed:
    """Call the replay command in-process, as `manage.py replay path` would run it."""
    stdout, stderr = io.StringIO(), io.StringIO()
    exit_code = 0
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command("replay", path, stdout=stdout, stderr=stderr)
    except SystemExit as exit:
        exit_code = exit.code if isinstance(exit.code, int) else 1
    finally:
        sys.stdin = old_stdin
    return Replayed(exit_code, stdout.getvalue(), stderr.getvalue())


def assert_one_clean_error_line(exit_code: int, stdout: str, stderr: str) -> str:
    """SCORESHEET.md: status 2, nothing on stdout, one line on stderr, no traceback."""
    assert exit_code == 2, f"exit code {exit_code}, stderr: {stderr!r}"
    assert stdout == ""
    assert "Traceback" not in stderr
    lines = stderr.strip("\n").split("\n")
    assert len(lines) == 1, f"expected one error line, got {stderr!r}"
    assert lines[0].strip(), f"expected an error message, got {stderr!r}"
    return lines[0]


def assert_replay_matches(case: ScoresheetCase) -> None:
    has_expected, has_error = case.expected.is_file(), case.error.is_file()
    assert has_expected != has_error, f"{case.name} needs exactly one of .expected.json and .error"
    replayed = run_replay(str(case.sheet))
    if has_error:
        word = case.error.read_text(encoding="utf-8").strip()
        assert word, f"{case.error} is empty"
        line = assert_one_clean_error_line(replayed.exit_code, replayed.stdout, replayed.stderr)
        assert word in line
    else:
        assert replayed.exit_code == 0, replayed.stderr
        assert replayed.stderr == ""
        expected = json.loads(case.expected.read_text(encoding="utf-8"))
        assert json.loads(replayed.stdout) == expected


CASES = scoresheet_cases(conformance_dir())
VARIANT_CASES = scoresheet_cases(variants_dir())


def test_the_conformance_folder_exists_and_has_scoresheets():
    folder = conformance_dir()
    assert folder.is_dir(), f"conformance folder {folder} is missing (set SCORESHEET_CONFORMANCE_DIR)"
    assert CASES, f"conformance folder {folder} holds no scoresheets"


# An empty parameter list would be a skip; a missing folder must be a failure.
@pytest.mark.parametrize(
    "case", [pytest.param(case, id=case.test_id) for case in CASES] or [pytest.param(None, id="no-scoresheets")]
)
def test_replay_gives_the_expected_result(case):
    assert case is not None, f"no scoresheets found in {conformance_dir()}"
    assert_replay_matches(case)


def test_the_variants_examples_folder_exists_and_has_scoresheets():
    folder = variants_dir()
    assert folder.is_dir(), f"examples folder {folder} is missing (set SCORESHEET_VARIANTS_DIR)"
    assert VARIANT_CASES, f"examples folder {folder} holds no scoresheets"


@pytest.mark.parametrize(
    "case",
    [pytest.param(case, id=case.test_id) for case in VARIANT_CASES] or [pytest.param(None, id="no-scoresheets")],
)
def test_replay_gives_the_worked_examples_result(case):
    assert case is not None, f"no scoresheets found in {variants_dir()}"
    assert_replay_matches(case)


def _manage_replay(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "replay", *args],
        cwd=PROJECT_DIR,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_manage_py_replay_reads_a_file_and_standard_input(tmp_path):
    sheet = {
        "variant": "standard",
        "players": ["Ann", "Ben", "Cat", "Dan"],
        "hands": [{"hearts": {"Ann": 3, "Cat": 10}, "queen": "Ben"}],
    }
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    from_file = _manage_replay(str(path))
    from_stdin = _manage_replay("-", stdin=json.dumps(sheet))
    for finished in (from_file, from_stdin):
        assert finished.returncode == 0, finished.stderr
        assert finished.stderr == ""
        assert json.loads(finished.stdout)["totals"] == {"Ann": 3, "Ben": 13, "Cat": 10, "Dan": 0}


@pytest.mark.parametrize(
    ("args", "stdin", "word"),
    [
        (("-",), '{"variant": "standard",', "JSON"),
        (("{tmp}/broken.json",), "", "JSON"),
        (("{tmp}/missing.json",), "", "missing.json"),
        (("-",), '["standard"]', "object"),
        (("-",), '"standard"', "object"),
        (("{tmp}/list.json",), "", "object"),
        (("-",), "[" * 100_000, "JSON"),
        (("-",), '{"variant": "standard", "target": ' + "9" * 4_400 + "}", "more than 20 digits"),
        (("-",), '{"variant": "standard", "players": ["\\ud800"]}', "broken character"),
        (("{tmp}/latin1.json",), "", "UTF-8"),
        (("{tmp}",), "", "cannot read"),
        (
            ("-",),
            json.dumps(
                {
                    "variant": "standard",
                    "players": ["Ann", "Ben", "Cat"],
                    "hands": [{"hearts": {"Ann": 13}, "queen": "Zed\nAnn"}],
                }
            ),
            "Zed",
        ),
    ],
    ids=[
        "bad-json-on-stdin",
        "bad-json-in-a-file",
        "missing-file",
        "list-on-stdin",
        "string-on-stdin",
        "list-in-a-file",
        "json-nested-too-deep",
        "a-number-of-4400-digits",
        "a-lone-surrogate",
        "file-not-utf8",
        "a-folder-not-a-file",
        "a-name-with-a-line-break",
    ],
)
def test_manage_py_replay_fails_with_status_two_and_no_traceback(tmp_path, args, stdin, word):
    (tmp_path / "broken.json").write_text('{"variant": ', encoding="utf-8")
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "latin1.json").write_bytes('{"players": ["Zoë"]}'.encode("latin-1"))
    finished = _manage_replay(*(arg.format(tmp=tmp_path) for arg in args), stdin=stdin)
    line = assert_one_clean_error_line(finished.returncode, finished.stdout, finished.stderr)
    assert word in line
