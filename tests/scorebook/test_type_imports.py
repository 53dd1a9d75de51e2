"""No import circle in scorebook/, not even one that only type checkers follow (issue [1/6]): the
imports under ``if TYPE_CHECKING:`` count here too. (tests/scorebook/test_fences.py checks the
imports that run.) Before, ``scorebook.models`` asked the Django-side registry for ``Match.game``'s
choices while the registry was typed in terms of the models: 25 files in one circle.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULES = {".".join(path.relative_to(ROOT).with_suffix("").parts[:-1] if path.name == "__init__.py"
                    else path.relative_to(ROOT).with_suffix("").parts): path
           for path in sorted((ROOT / "scorebook").rglob("*.py")) if "migrations" not in path.parts}


@cache
def imported(module: str) -> frozenset[str]:
    """Every scorebook module *module* names in an import, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            named = {f"{node.module}.{alias.name}" for alias in node.names} & set(MODULES)
            found |= named or {node.module}
    return frozenset(name for name in found if name in MODULES and name != module)


def circles() -> list[list[str]]:
    """The import circles among the modules: Tarjan's strongly connected components of more than one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in imported(module):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(MODULES):
        if module not in index:
            visit(module)
    return found


def test_no_import_circle_even_for_the_type_checker() -> None:
    assert circles() == []


def test_the_models_import_nothing_of_the_registry() -> None:
    assert not any(name.startswith("scorebook.games") for name in imported("scorebook.models"))


def test_the_circle_finder_sees_a_circle(monkeypatch) -> None:
    fake = {"scorebook.a": frozenset({"scorebook.b"}), "scorebook.b": frozenset({"scorebook.a"})}
    monkeypatch.setitem(globals(), "imported", lambda module: fake.get(module, frozenset()))
    monkeypatch.setitem(globals(), "MODULES", {**MODULES, **dict.fromkeys(fake)})
    assert circles() == [["scorebook.a", "scorebook.b"]]
