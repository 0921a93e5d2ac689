"""How close each printed sheet is to a second page, in every language (issue 25).

    .venv/bin/python benchmarks/print_fill.py            # or: make print-fill

Runs tests/browser/test_print_languages.py (Chromium prints every cheat-sheet,
the score pad and the night sheet on A4 and Letter in each language, and
measures each sheet's fill: its last content's bottom over the printable
height, 1.0 being a full page) and prints, per language and paper, the
fullest sheet, then every sheet's figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
TEST = "tests/browser/test_print_languages.py"
LANGUAGES = ("en", "nl", "de", "fr", "es")
PAPERS = ("A4", "Letter")


def main() -> int:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", TEST],
        cwd=ROOT,
        env={**os.environ, "CI": "true"},
        check=False,
    )
    figures = {language: json.loads((ARTIFACTS / f"print-fill-{language}.json").read_text()) for language in LANGUAGES}
    print("\nThe fullest sheet per language (fill: last content / printable height; above 1.0 is a second page)")
    print(f"{'language':<9} {'paper':<7} {'fill':>6}  sheet")
    for language in LANGUAGES:
        for paper in PAPERS:
            name = max(figures[language], key=lambda sheet: figures[language][sheet][paper])
            print(f"{language:<9} {paper:<7} {figures[language][name][paper]:>6.3f}  {name}")
    print("\nEvery sheet, A4 / Letter")
    names = list(figures["en"])
    width = max(len(name) for name in names)
    print(f"{'sheet':<{width}}  " + "  ".join(f"{language:>11}" for language in LANGUAGES))
    for name in names:
        cells = [
            f"{figures[language][name]['A4']:.2f} / {figures[language][name]['Letter']:.2f}"
            if name in figures[language]
            else "-"
            for language in LANGUAGES
        ]
        print(f"{name:<{width}}  " + "  ".join(f"{cell:>11}" for cell in cells))
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
