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


@pytest.mark.parametrize("module", ["stats.py", "kept_figures.py"])
def test_the_statistics_only_read(module):
    source = (ROOT / "games" / module).read_text(encoding="utf-8")
    for write in (".save(", ".delete(", ".update(", "bulk_create", "transaction.atomic"):
        assert write not in source


# The shape issue 21 gave the app ----------------------------------------------------------

APP = ("games", "rules", "scorekeeper")
MOST_LINES = 800


def app_modules() -> dict[str, Path]:
    """Every module of the app by its dotted name (a package by its own name), migrations aside."""
    found = {}
    for folder in APP:
        for path in python_files(folder):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def runtime_imports(path: Path, modules: set[str]) -> set[str]:
    """The app's modules a file imports as it loads or runs: a name imported from a module is that
    module (or the submodule of that name). Imports for type hints only (under TYPE_CHECKING) are
    left out: the models name one another in annotations both ways, and never load each other so."""
    found = set()

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                for alias in child.names:
                    submodule = f"{child.module}.{alias.name}"
                    found.add(submodule if submodule in modules else child.module)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            walk(child)

    walk(ast.parse(path.read_text(encoding="utf-8")))
    return found & modules


def import_graph() -> dict[str, set[str]]:
    modules = app_modules()
    graph = {}
    for name, path in modules.items():
        # Python loads a package before its modules: a module importing its own package is no edge.
        graph[name] = {module for module in runtime_imports(path, set(modules)) if not name.startswith(f"{module}.")}
        graph[name].discard(name)
    return graph


def cycle_from(start: str, graph: dict[str, set[str]]) -> list[str]:
    """A path of imports from start back to start, or [] when there is none."""
    paths = [[start]]
    seen = set()
    while paths:
        path = paths.pop()
        for module in sorted(graph[path[-1]]):
            if module == start:
                return [*path, start]
            if module not in seen:
                seen.add(module)
                paths.append([*path, module])
    return []


def test_a_made_up_cycle_between_two_modules_of_the_app_is_found():
    graph = {"games.a": {"games.b"}, "games.b": {"games.c"}, "games.c": {"games.a"}}
    assert cycle_from("games.a", graph) == ["games.a", "games.b", "games.c", "games.a"]


def test_no_module_of_the_app_imports_one_that_imports_it_back():
    graph = import_graph()
    assert graph["games.models.game"] >= {"games.models.league", "games.models.seats"}  # the walk does see imports
    assert graph["games.views.backups"] >= {"games.league_file.restore", "games.csv_export"}
    assert {module: cycle for module in graph if (cycle := cycle_from(module, graph))} == {}


@pytest.mark.parametrize("path", [path for folder in APP for path in python_files(folder)], ids=str)
def test_no_module_of_the_app_is_over_800_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by what it does"


def partial_names(path: Path) -> list[str]:
    """The template names with a #partial that a file writes: "page.html#region", f"{PAGE}#region",
    template + "#region" (a colour such as "#fff" on its own is no partial)."""
    found = []

    def hashed(node: ast.AST) -> list[str]:
        return [
            part.value
            for part in ast.walk(node)
            if isinstance(part, ast.Constant) and isinstance(part.value, str) and part.value.startswith("#")
        ]

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and ".html#" in node.value:
            found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            found += hashed(node)
        elif isinstance(node, ast.AugAssign | ast.BinOp) and isinstance(getattr(node, "op", None), ast.Add):
            found += hashed(node.value if isinstance(node, ast.AugAssign) else node.right)
    return found


def test_a_partial_name_is_found_however_it_is_written(tmp_path):
    view = tmp_path / "view.py"
    view.write_text(
        'a = "games/page.html#entry"\nb = f"{PAGE}#poll"\nc += "#options" if x else "#seats"\n'
        'd = PAGE + "#moon"\ne = "#fff"\n'
    )
    assert sorted(partial_names(view)) == ["#moon", "#options", "#poll", "#seats", "games/page.html#entry"]


@pytest.mark.parametrize("path", python_files("games/views"), ids=lambda path: path.name)
def test_every_page_or_partial_goes_through_render_page(path):
    # games.views.pages.render_page / render_partial are the one place a partial's name is put to a template.
    if path.name != "pages.py":
        assert partial_names(path) == []


@pytest.mark.parametrize("path", python_files("games"), ids=lambda path: str(path.relative_to(ROOT)))
def test_the_app_asks_the_league_what_day_it_is(path):
    # The server's day is not the table's: League.today() is in the league's time zone.
    assert "date.today()" not in path.read_text(encoding="utf-8")
