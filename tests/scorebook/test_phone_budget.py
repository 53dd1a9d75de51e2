"""The referee in the phone, within its budget (issue [6/6]): the engine and referee/ together at
most 6 MB as the browser fetches them (compressed as WhiteNoise serves them: gzip, a .zip as it
is), and nothing of it on the match page's way to its first paint: the page names no engine file
in a tag that loads before the page is interactive (static/js/offline.js fetches static/js/phone.js
after the load event, when the browser is idle)."""

from __future__ import annotations

import ast
import gzip
import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from referee.games import GAMES
from scorebook import services
from scorebook.phone import bundle

BUDGET = 6_000_000  # bytes


def served_size(path: str) -> int:
    """What the browser downloads for a static file: gzip's size, a zip archive's own."""
    found = finders.find(path)
    assert found is not None, path
    with open(found, "rb") as file:
        content = file.read()
    return len(content) if path.endswith(".zip") else len(gzip.compress(content, compresslevel=9))


def test_the_engine_and_the_referee_weigh_at_most_6_mb_compressed() -> None:
    folder = bundle.pyodide_folder()
    fetched = [f"{folder}/{name}" for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm",
                                               "python_stdlib.zip", "pyodide-lock.json")]
    fetched += [bundle.archive_name(), "js/engine.js", "js/phone.js"]
    sizes = {path: served_size(path) for path in fetched}
    print("\n".join(f"{size:>10,} {path}" for path, size in sizes.items()), f"\n{sum(sizes.values()):>10,} in all")
    assert sum(sizes.values()) <= BUDGET


def test_the_archive_is_the_source_trees_referee_named_by_its_content() -> None:
    names = [name for name, _path in bundle.archive_members()]
    assert "referee/games/thousand/__init__.py" in names and "phone_engine.py" in names
    assert "scorebook/phone/wording.py" in names  # the engine's words, the server's own
    assert "locale/ru/LC_MESSAGES/django.mo" in names and "locale/uk/LC_MESSAGES/django.mo" in names
    assert bundle.archive_bytes() == bundle.archive_bytes()  # the same sources, the same bytes
    assert re.fullmatch(r"engine/referee-[0-9a-f]{16}\.zip", bundle.archive_name())


@pytest.mark.django_db
def test_the_match_page_loads_nothing_of_the_engine_before_it_is_interactive(owner, client) -> None:
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    client.force_login(owner)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    sources = re.findall(r'<(?:script|link)[^>]+(?:src|href)="([^"]+)"', html)
    assert sources and not [url for url in sources if "engine" in url or "phone.js" in url or "pyodide" in url]
    # The two addresses offline.js needs later ride on its own tag, as data.
    assert 'data-phone="/static/js/phone.js"' in html and 'data-engine="/engine.js"' in html


def imported(source: bytes) -> set[str]:
    """Every module an ``import`` or ``from … import`` of *source* names (none is relative here)."""
    tree = ast.parse(source.decode("utf-8"))
    found = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    return found | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}


def as_module(name: str) -> str:
    """An archive member's module name: "scorebook/phone/wording.py" is scorebook.phone.wording."""
    return name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


# The archive's Python outside referee/ (tests/referee/test_boundary.py fences referee/ itself).
SHIPPED = ["phone_engine.py", *bundle.SHARED, *(name for name, _content in bundle.archive_members()
                                                if re.fullmatch(r"scorebook/games/\w+/checks\.py", name))]


@pytest.mark.parametrize("name", SHIPPED)
def test_the_phones_python_imports_only_the_standard_library_the_referee_and_the_archive(name: str) -> None:
    # It runs in Pyodide, where there is no Django and nothing else of scorebook.
    archived = {as_module(member) for member, _path in bundle.archive_members() if member.endswith(".py")}
    names = imported(dict(bundle.archive_members())[name])
    outside = {module for module in names if module.split(".")[0] not in {"referee", "__future__"}
               and module.split(".")[0] not in sys.stdlib_module_names and module not in archived}
    assert outside == set()


def test_the_phones_engine_imports_the_referee_and_the_shared_wording() -> None:
    names = imported((bundle.ROOT / "scorebook" / "phone" / "engine.py").read_bytes())
    assert "referee" in {name.split(".")[0] for name in names} and "scorebook.phone.wording" in names


def test_the_phones_engine_runs_with_no_django() -> None:
    # The check above reads the sources; this one imports the engine in a fresh interpreter, as
    # Pyodide does: nothing of Django or DRF is loaded, nothing of scorebook the archive lacks.
    code = "import sys, scorebook.phone.engine; print(' '.join(sorted(sys.modules)))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=bundle.ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    loaded = run.stdout.split()
    assert [name for name in loaded if name.split(".")[0] in {"django", "rest_framework"}] == []
    ours = {name for name in loaded if name.split(".")[0] == "scorebook"}
    assert ours == {"scorebook", "scorebook.phone", "scorebook.phone.engine", "scorebook.phone.wording",
                    "scorebook.phone.checking"}


def test_the_archive_imports_every_games_checks_with_no_django(tmp_path: Path) -> None:
    # As the browser's engine does: the archive unpacked, nothing else on the path; each game's
    # checks (their packages empty in the archive) import, and answer a check.
    with zipfile.ZipFile(io.BytesIO(bundle.archive_bytes())) as archive:
        archive.extractall(tmp_path)
    games = sorted(path.parent.name for path in (bundle.ROOT / "scorebook" / "games").glob("*/checks.py"))
    assert games == sorted(GAMES)  # every game's checks answer in the phone
    code = ("import sys; sys.path[:0] = ['.']; import phone_engine, importlib\n"
            f"for game in {games!r}: assert importlib.import_module(f'scorebook.games.{{game}}.checks').ANSWERS\n"
            "print(' '.join(sorted(sys.modules)))")
    run = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert run.returncode == 0, run.stderr
    assert [name for name in run.stdout.split() if name.split(".")[0] in {"django", "rest_framework"}] == []
