"""STYLE.md 2.1: ``referee/`` is pure Python, fenced off by this test."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REFEREE = Path(__file__).resolve().parents[2] / "referee"
FORBIDDEN = {"django", "rest_framework", "scorebook"}
SOURCES = sorted(REFEREE.rglob("*.py"))


def imported_modules(tree: ast.AST) -> list[str]:
    """Every module name an ``import``, ``from … import`` or ``import_module("…")`` names."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in {"import_module", "__import__"} and isinstance(node.args[0].value, str):
                found.append(node.args[0].value)
    return found


def test_the_referee_has_sources() -> None:
    assert REFEREE / "ledger.py" in SOURCES
    assert REFEREE / "games" / "thousand" / "scoring.py" in SOURCES  # a game may be a package


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REFEREE)))
def test_referee_imports_no_django(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [name for name in imported_modules(tree) if name.split(".")[0] in FORBIDDEN]
    assert bad == [], f"{path} imports {bad}: referee/ must stay pure Python"


@pytest.mark.parametrize(("source", "expected"), [
    pytest.param("import django", ["django"], id="import"),
    pytest.param("from django.db import models", ["django.db"], id="from-import"),
    pytest.param("import rest_framework.views as v", ["rest_framework.views"], id="import-as"),
    pytest.param("importlib.import_module('scorebook.models')", ["scorebook.models"], id="import_module"),
    pytest.param("from . import cards", [], id="relative-is-inside"),
])
def test_the_fence_sees_every_kind_of_import(source: str, expected: list[str]) -> None:
    assert imported_modules(ast.parse(source)) == expected
