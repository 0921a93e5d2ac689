"""No app function over 60 lines (make lint): a reader holds a function in their head, whole.

ruff checks complexity (C901) and statements (PLR0915) but has no rule for length, so
this counts each function's lines, from its `def` to its last line, docstring, comments
and blank lines included, as a reader scrolls them. Tests, migrations and benchmarks are
not app code and are left out.

    python tools/function_length.py [--most N] [folder ...]

prints each function over the limit as path:line: name (lines) and exits 1 if any.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

MOST_LINES = 60
APP_FOLDERS = ("games", "rules", "scorekeeper", "tools")
LEFT_OUT = ("migrations",)


def function_lengths(path: Path) -> Iterator[tuple[int, str, int]]:
    """Each function and method in the file: its line, its name and how many lines it spans."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node.lineno, node.name, (node.end_lineno or node.lineno) - node.lineno + 1


def too_long(folders: list[Path], most: int = MOST_LINES) -> list[str]:
    """path:line: name (lines) for every function in the folders' Python files longer than `most` lines."""
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            if any(part in LEFT_OUT for part in path.parts):
                continue
            for line, name, lines in function_lengths(path):
                if lines > most:
                    found.append(f"{path}:{line}: {name} ({lines} lines, most {most})")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=MOST_LINES, help="the most lines a function may span")
    parser.add_argument("folders", nargs="*", type=Path, default=[Path(name) for name in APP_FOLDERS])
    arguments = parser.parse_args()
    found = too_long(arguments.folders, arguments.most)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
