"""No private attribute of a library is read anywhere in scorebook/ (STYLE.md, rule 12): Django,
DRF, redis-py and django-csp are used as documented, so an upstream rename never silently changes
what the app does. Read from the sources with ``ast``, nothing imported.

A private name is one starting with ``_`` (not a dunder). Our own are allowed: every such name
scorebook/ or referee/ defines itself (a function, a class, an attribute it assigns). Any other
``obj._name``, ``from library import _name`` or ``getattr(obj, "_name")`` is a library's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OURS = [ROOT / "scorebook", ROOT / "referee"]
# Documented public, underscore and all: Django's Model _meta API
# (https://docs.djangoproject.com/en/5.2/ref/models/meta/).
PUBLIC = {"_meta"}
SOURCES = sorted(path for folder in OURS for path in folder.rglob("*.py"))
# What the Django side read of its libraries' private state before [1/6]: each must stay gone.
ONCE_READ = ("_client", "_cache", "_class", "_serializer", "_csp_nonce", "_csp_nonce_post_response", "_request",
             "_state", "_default_manager", "_session_cache", "_kept_parts")


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) and name not in PUBLIC


def _defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: its functions, classes, the names and attributes it
    assigns, and its parameters."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Name):
                        found.add(part.id)
                    elif isinstance(part, ast.Attribute):
                        found.add(part.attr)
    return {name for name in found if private(name)}


def own_names() -> set[str]:
    names: set[str] = set()
    for path in SOURCES:
        names |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    return names


def library_privates(source: str, own: set[str]) -> list[str]:
    """Every private name of a library *source* reads: attributes, imports, getattr's strings."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in own:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and not (node.module or "").startswith(("scorebook", "referee")):
            found += [f"{node.lineno}: import {alias.name}" for alias in node.names if private(alias.name)]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr", "setattr", "delattr") and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and private(node.args[1].value) and node.args[1].value not in own):
            found.append(f"{node.lineno}: {node.func.id}(…, {node.args[1].value!r})")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("_csp"):
            found.append(f"{node.lineno}: {node.value!r}")  # django-csp's private marks, by name
    return found


OWN = own_names()


@pytest.mark.parametrize("path", [p for p in SOURCES if p.is_relative_to(ROOT / "scorebook")],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_attribute_of_a_library_is_read(path: Path) -> None:
    assert library_privates(path.read_text(encoding="utf-8"), OWN) == []


def test_what_was_once_read_is_no_name_of_ours() -> None:
    # Were one of these defined by us, the fence above would let the library's through.
    assert set(ONCE_READ) & OWN == set()


@pytest.mark.parametrize("source", [
    "request._request",
    "backend._cache.get_client()",
    "from django.core.cache.backends.redis import _RedisCacheClient",
    "getattr(request, '_csp_nonce', None)",
    "any(name.startswith('_csp_') for name in vars(response))",
    "obj._state.adding = False",
])
def test_the_fence_sees_a_private_read(source: str) -> None:
    assert library_privates(source, OWN) != []


def test_the_fence_lets_our_own_and_the_public_through() -> None:
    assert library_privates("self._built()\nMatch._meta_like = 1\nrequest.session.get('x')\n", OWN | {"_meta_like"}) == []
