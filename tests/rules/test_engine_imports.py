"""The engine's modules import one another one way: no cycle, not even one for type hints only."""

import ast
from pathlib import Path

from tests.test_layout import cycle_from

RULES = Path(__file__).resolve().parents[2] / "rules"


def engine_imports() -> dict[str, set[str]]:
    """Each module of rules/ and the modules of rules/ it imports, wherever the import sits."""
    modules = {f"rules.{path.stem}": path for path in RULES.glob("*.py") if path.stem != "__init__"}
    found: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
        found[name] = imported & set(modules)
    return found


def test_a_made_up_cycle_is_found():
    assert cycle_from("rules.a", {"rules.a": {"rules.b"}, "rules.b": {"rules.a"}}) == ["rules.a", "rules.b", "rules.a"]


def test_no_module_of_the_engine_imports_one_that_imports_it_back():
    graph = engine_imports()
    assert graph["rules.variants"] >= {"rules.cards"}  # the walk does see imports
    assert {module: cycle for module in graph if (cycle := cycle_from(module, graph))} == {}
