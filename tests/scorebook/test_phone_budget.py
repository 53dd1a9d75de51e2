"""The referee in the phone, within its budget (issue [6/6]): the engine and referee/ together at
most 6 MB as the browser fetches them (compressed as WhiteNoise serves them: gzip, a .zip as it
is), and nothing of it on the match page's way to its first paint: the page names no engine file
in a tag that loads before the page is interactive (static/js/offline.js fetches static/js/phone.js
after the load event, when the browser is idle)."""

from __future__ import annotations

import ast
import gzip
import re
import sys

import pytest
from django.contrib.staticfiles import finders

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


def test_the_phones_engine_imports_only_the_standard_library_and_the_referee() -> None:
    # It runs in Pyodide, where there is no Django and nothing else of scorebook.
    tree = ast.parse(open(bundle.ROOT / "scorebook" / "phone" / "engine.py", encoding="utf-8").read())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    tops = {name.split(".")[0] for name in imported}
    assert tops - {"referee", "__future__"} <= set(sys.stdlib_module_names), tops
    assert "referee" in tops
