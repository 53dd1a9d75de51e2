"""The referee tests need no Django: shadow the project-wide autouse fixture that needs pytest-django."""

import pytest


@pytest.fixture(autouse=True)
def plain_static_files():
    """No static files here: referee/ is pure Python (STYLE.md 2.1)."""
