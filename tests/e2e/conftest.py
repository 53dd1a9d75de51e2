"""Browser tests: Playwright driving Debian's chromium, headless, on a phone-sized screen.

Every test in this folder is marked `e2e`; use the `page` and `live_server` fixtures, and
`sign_in` for a user who is already signed up. Screenshots go to tests/e2e/screenshots.py's folder.
"""
import os
import shutil
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import ConsoleMessage, Page, expect

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


# The referee in the phone (static/js/phone.js) boots Pyodide in a worker on every page with an entry
# form: megabytes fetched and compiled per new browser context, seconds of CPU that the browser, the
# server and the test share on a 2-core machine. A browser test runs as a phone without WebAssembly
# (where the page keeps its server-only behaviour, which it must work with anyway) unless it is
# marked `engine`: the engine's own tests, the offline queue, and the tap counts (whose layout
# includes the engine's verdict under Save) run it.
NO_WEBASSEMBLY = "delete window.WebAssembly;"


@pytest.fixture(autouse=True)
def engine_where_marked(request: pytest.FixtureRequest, browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("engine"):
        return
    new_context = browser.new_context

    def without_webassembly(*args: Any, **kwargs: Any) -> Any:
        context = new_context(*args, **kwargs)
        context.add_init_script(NO_WEBASSEMBLY)
        return context

    monkeypatch.setattr(browser, "new_context", without_webassembly)


# A refused save or an address a role may not open answers 4xx on purpose; the browser logs each
# such answer as a console error of its own ("Failed to load resource"), which is not a fault.
EXPECTED_STATUS_NOTE = "Failed to load resource: the server responded with a status of 4"


@pytest.fixture
def allowed_console() -> list[str]:
    """What a test that breaks something on purpose (the network, say) expects the browser to log:
    it adds the beginnings of those console lines here."""
    return [EXPECTED_STATUS_NOTE]


@pytest.fixture
def page(page: Page, allowed_console: list[str]) -> Any:
    """pytest-playwright's page, failing the test on any script error or console error it logged."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and not any(message.text.startswith(note) for note in allowed_console):
            errors.append(f"console: {message.text} ({message.location.get('url')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    yield page
    assert not errors, "the browser logged errors:\n" + "\n".join(errors)


@pytest.fixture
def sign_in(live_server) -> Callable[[Page, Any], None]:
    """Sign a user in on a page's browser and open the home page, where the sign-in form lands.

    The session cookie comes from Django's test client (no password, no form): the sign-in form
    has its own tests (tests/scorebook/test_accounts.py) and its page is visited by test_every_page.
    Every page of the same browser context is signed in too.
    """
    def sign_in(page: Page, user: Any) -> None:
        client = Client()
        client.force_login(user)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
        page.goto(f"{live_server.url}/")
        expect(page.get_by_role("button", name="Sign out")).to_be_visible()

    return sign_in
