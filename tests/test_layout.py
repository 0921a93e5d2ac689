"""The shape of the house (../shared/STYLE.md): what may import what."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imports(path: Path) -> list[tuple[str, bool]]:
    """Each module a file imports, and whether the import sits inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, False) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, False))
    for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.append((node.module, True))
            elif isinstance(node, ast.Import):
                found += [(alias.name, True) for alias in node.names]
    return found


def python_files(folder: str) -> list[Path]:
    return sorted(path for path in (ROOT / folder).rglob("*.py") if "migrations" not in path.parts)


@pytest.mark.parametrize("path", python_files("rules"), ids=lambda path: path.name)
def test_the_engine_imports_no_django(path):
    assert not [module for module, _ in imports(path) if module.split(".")[0] in {"django", "games"}]


def test_the_rating_maths_is_pure():
    assert not [
        module for module, _ in imports(ROOT / "games" / "ratings.py") if module.startswith(("django", "games"))
    ]


@pytest.mark.parametrize("path", python_files("games"), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_of_the_app_imports_its_own_modules_inside_a_function(path):
    # A function-level import of games.* is how an import cycle hides.
    assert not [module for module, inside in imports(path) if inside and module.startswith("games")]


def test_the_statistics_only_read():
    source = (ROOT / "games" / "stats.py").read_text(encoding="utf-8")
    for write in (".save(", ".delete(", ".update(", "bulk_create", "transaction.atomic"):
        assert write not in source
