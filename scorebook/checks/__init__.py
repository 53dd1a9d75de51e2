"""Each game's referee checks beyond 1000's: ``scorebook/checks/<game>.py``, discovered.

A module exports ``page_urlpatterns`` (mounted at ``/referee/<game>/``) and ``api_urlpatterns``
(mounted at ``/api/referee/<game>/``), and optionally ``TITLE`` (a lazy translated name of its
page for the referee index).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from referee.games import GAMES


def check_modules() -> dict[str, ModuleType]:
    found = {}
    for game in GAMES:
        if importlib.util.find_spec(f"scorebook.checks.{game}") is not None:
            found[game] = importlib.import_module(f"scorebook.checks.{game}")
    return found
