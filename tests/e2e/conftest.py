"""Browser tests: Playwright driving Debian's chromium, headless, on a phone-sized screen.

Every test in this folder is marked `e2e`; use the `page` and `live_server` fixtures.
"""
import os
import shutil

import pytest

# Playwright's sync API runs an event loop in this thread, so every ORM call would raise
# SynchronousOnlyOperation (gotcha 6). Set here only, for the browser tests.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

E2E_DIR = os.path.dirname(__file__)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if str(item.path).startswith(E2E_DIR + os.sep):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Debian's chromium, found on PATH: Playwright downloads no browser of its own."""
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is not installed: run `make system-deps`")
    return {
        **browser_type_launch_args,
        "executable_path": chromium,
        "headless": True,
        "args": [
            "--headless=new",
            "--no-sandbox",  # we run as root
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A phone: 390 x 844 CSS pixels with touch, English."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "locale": "en-US",
    }
