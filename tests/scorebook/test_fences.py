"""docs/architecture.md, fenced: what each part of scorebook/ may import, read from the sources with
``ast`` (no import is run), and where a game may be named.

- No import cycle, and no import hidden in a function: every import is at the top of its module
  (or under ``if TYPE_CHECKING:``, read by type checkers only).
- ``scorebook/games/<game>/`` imports of the pages and the API only their shared helpers
  (``scorebook.web.common``, ``scorebook.api.common``); the pages, the API and every shared module
  never import a game's package, only the registry listing (``scorebook.games``).
- The models, the registry and what a record imports at once import no views, services or
  selectors (``scorebook.models`` reads the games' names from the records); a game's entry form is
  built from ``scorebook.games.forms``.
- The services (confirmation mode's too) and the selectors import nothing of the pages or the API.
- A game's code name appears only in its own folders, the registry listing and the migrations.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from referee.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorebook"
GAME_NAMES = tuple(GAMES)  # the referee's: a new game is fenced in as soon as it plays
SOURCES = sorted(path for path in PACKAGE.rglob("*.py") if "migrations" not in path.parts)


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_of(path): path for path in SOURCES}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(module: str, names: list[str]) -> list[str]:
    """``from scorebook.games import khrap`` names the module scorebook.games.khrap when it is one."""
    found = [f"{module}.{name}" for name in names if f"{module}.{name}" in MODULES]
    return found or [module]


@cache
def imports(module: str) -> tuple[list[str], list[int]]:
    """The scorebook modules *module* imports when it runs, and the lines of imports inside
    functions or classes (not at the top of the module)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: list[str] = []
    hidden: list[int] = []

    def visit(nodes: list[ast.stmt], top: bool) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _type_checking(node):
                continue
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = _resolve(node.module, [alias.name for alias in node.names])
            else:
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.stmt):
                        visit([child], top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                          ast.ClassDef)))
                continue
            ours = [name for name in names if name.split(".")[0] == "scorebook"]
            found.extend(ours)
            if ours and not top:
                hidden.append(node.lineno)

    visit(tree.body, top=True)
    return found, hidden


def closure(module: str) -> set[str]:
    """Every scorebook module importing *module* brings in, itself aside."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        for name in imports(todo.pop())[0]:
            if name in MODULES and name not in seen:
                seen.add(name)
                todo.append(name)
    seen.discard(module)
    return seen


def game_of(module: str) -> str | None:
    """The game whose own package *module* is in (scorebook.games.<game>…), else None."""
    parts = module.split(".")
    in_games = len(parts) >= 3 and parts[:2] == ["scorebook", "games"] and parts[2] in GAME_NAMES
    return parts[2] if in_games else None


def test_the_fence_reads_the_layout() -> None:
    assert "scorebook.models" in MODULES and "scorebook.games.thousand.form" in MODULES
    assert "scorebook.web.matches" in imports("scorebook.web.urls")[0]
    assert "scorebook.games.thousand" in imports("scorebook.games")[0]  # "from scorebook.games import thousand"


# Django's way to connect receivers: in AppConfig.ready(), once the models are loaded.
IMPORTS_IN_READY = {"scorebook.apps"}


@pytest.mark.parametrize("module", sorted(set(MODULES) - IMPORTS_IN_READY))
def test_every_import_is_at_the_top_of_its_module(module: str) -> None:
    assert imports(module)[1] == [], f"{module} imports inside a function: move it up, and mind the cycles"


def test_no_import_cycle() -> None:
    cycles = [module for module in MODULES if module in closure(module)]
    assert cycles == []


@pytest.mark.parametrize("module", [m for m in sorted(MODULES) if game_of(m)])
def test_a_game_uses_only_the_shared_helpers_of_the_pages_and_the_api(module: str) -> None:
    outside = [name for name in imports(module)[0]
               if name.startswith(("scorebook.web", "scorebook.api")) and name not in
               ("scorebook.web.common", "scorebook.api.common")]
    others = [name for name in imports(module)[0] if game_of(name) not in (None, game_of(module))]
    assert (outside, others) == ([], [])


@pytest.mark.parametrize("module", [m for m in sorted(MODULES) if not game_of(m)])
def test_shared_code_asks_the_registry_never_a_game(module: str) -> None:
    games = [name for name in imports(module)[0] if game_of(name)]
    # The listing itself imports each game's record: that is what it is for.
    assert games == [] or module == "scorebook.games"


@pytest.mark.parametrize("module", ["scorebook.models", "scorebook.games.registry", "scorebook.games",
                                    "scorebook.web.common", "scorebook.api.common"])
def test_the_models_and_the_records_import_no_views(module: str) -> None:
    views = [name for name in closure(module)
             if name.startswith(("scorebook.web", "scorebook.api")) and not name.endswith(".common")
             or name.endswith((".pages", ".api", ".urls"))]
    assert views == []


def test_the_records_are_light() -> None:
    # scorebook.models imports the listing: nothing it brings in may need the models back, and a
    # record's form is built from scorebook.games.forms, not from the pages.
    brought = closure("scorebook.games")
    heavy = {"scorebook.models", "scorebook.services", "scorebook.services.confirmation", "scorebook.selectors"}
    assert heavy & brought == set()
    assert [name for name in brought if name.startswith(("scorebook.web", "scorebook.api"))] == []


@pytest.mark.parametrize("module", ["scorebook.services", "scorebook.services.confirmation", "scorebook.selectors",
                                    "scorebook.sheets", "scorebook.caches", "scorebook.services.files", "scorebook.admin"])
def test_the_write_path_and_the_reads_import_no_pages_or_api(module: str) -> None:
    assert [name for name in closure(module) if name.startswith(("scorebook.web", "scorebook.api"))] == []


# ---------------------------------------------------------------- a game is named in its own places


NAMED = re.compile(r"\b(" + "|".join(GAME_NAMES) + r")\b")


def allowed(path: Path) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    own = [f"scorebook/games/{game}/" for game in GAME_NAMES] + [f"templates/scorebook/games/{game}/"
                                                                for game in GAME_NAMES]
    return relative.startswith((*own, "scorebook/migrations/")) or relative == "scorebook/games/__init__.py"


def test_a_game_is_named_only_in_its_own_folders() -> None:
    files = [*PACKAGE.rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in files if not allowed(path)
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if NAMED.search(line)]
    assert found == []


def test_the_name_fence_sees_a_name() -> None:
    assert NAMED.search('if match.game == "khrap":') and not NAMED.search("Thousand (1000)")
    assert allowed(ROOT / "scorebook/games/terz/form.py") and not allowed(ROOT / "scorebook/web/deals.py")


# ---------------------------------------------------------------- a shape a newcomer reads in one sitting


def test_the_top_of_scorebook_holds_at_most_15_modules() -> None:
    # Django's own files included; the rest lives in its package (games/, services/, web/, api/…).
    assert len(sorted(PACKAGE.glob("*.py"))) <= 15, sorted(path.name for path in PACKAGE.glob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_is_longer_than_600_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 600
