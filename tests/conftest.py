"""Shared test setup: the Hypothesis profile, the static files storage, the signed-in owner, and
no silent skips."""
import os

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# deadline=None: the first example pays for imports and database setup, and CI machines vary.
hypothesis_settings.register_profile(
    "ci",
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# A skipped test is a check that did not run while the run still looks green, so a skip fails the
# test instead. Only a skip whose reason contains one of these is let through (none so far).
ALLOWED_SKIPS: tuple[str, ...] = ()


@pytest.fixture(autouse=True)
def plain_static_files(settings):
    """Serve static files under their plain names (gotcha 5).

    With the manifest storage (production), `{% static %}` needs `collectstatic` first and the
    live server 404s hashed names, so htmx never loads. The test that wants the manifest storage
    runs `collectstatic` and overrides STORAGES itself.
    """
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def fresh_cache(settings):
    """Every test starts with empty request counters (the throttles keep them in the cache, which
    lives as long as the process): one test's requests never throttle the next one's. A match's
    cached version lasts the test: the few seconds of a process's own memory are for other
    processes' writes, and a busy machine must not turn a warm cache cold halfway through a test.
    Nothing rendered for another test's match (the same id, in a database rolled back) is read."""
    for alias in settings.CACHES:
        caches[alias].clear()
    settings.SCOREBOOK_LIVE_TTL = 60 * 60


# ---------------------------------------------------------------- who is signed in


@pytest.fixture
def owner(django_user_model):
    """The scorekeeper whose matches the tests look at."""
    # No password: tokens, force_login and session cookies need none, and hashing one costs
    # ~0.25 s a test.
    return django_user_model.objects.create_user(username="anya")


@pytest.fixture
def stranger(django_user_model):
    """Someone else, who must never see the owner's matches."""
    return django_user_model.objects.create_user(username="mallory")


@pytest.fixture
def signed_in(owner) -> Client:
    """The owner's browser, signed in with a session, asking for English pages.

    The one signed-in test client; the browser tests sign in with `sign_in` (tests/e2e/conftest.py)
    and API clients with a token (`api`, tests/scorebook/conftest.py).
    """
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    return client


# ---------------------------------------------------------------- tests that need servers


# Markers of tests that need servers a user's machine may not run: each runs only when ``-m`` names
# it (.ci/run: ``-m "multiserver or redis"``); any other run deselects it, never skips it.
NEEDS_SERVERS = ("multiserver", "redis")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The two-server test (``multiserver``: PostgreSQL and Redis running) and the tests of the
    Redis backend itself (``redis``: the server of CACHE_URL) run only when ``-m`` names them; the
    tests of the PostgreSQL backend (``postgresql``) only against PostgreSQL (.ci/run's second run)."""
    named = config.getoption("markexpr") or ""
    left_out_markers = [marker for marker in NEEDS_SERVERS if marker not in named]
    if connection.vendor != "postgresql":  # tests of scorebook/postgresql: run where DATABASE_URL names one
        left_out_markers.append("postgresql")
    left_out = [item for item in items if any(item.get_closest_marker(m) for m in left_out_markers)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]
    # The browser tests last (a stable sort keeps every other order): Playwright's sync API keeps its
    # event loop running in the main thread for the rest of the session, and asgiref's async_to_sync
    # refuses to start under a running loop — the async tests after it (the live streams, a session
    # awaited) would fail for that alone. The fast tests also answer first.
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None or "e2e/" in item.nodeid)


# ---------------------------------------------------------------- no silent skips


def _skip_fails(report: pytest.TestReport | pytest.CollectReport) -> None:
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    if any(allowed in reason for allowed in ALLOWED_SKIPS):
        return
    report.outcome = "failed"
    report.longrepr = f"{reason}\nA skipped test fails this suite (tests/conftest.py, ALLOWED_SKIPS)."


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    report = yield
    if report.skipped and not hasattr(report, "wasxfail"):
        _skip_fails(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> pytest.CollectReport:
    report = yield
    if report.skipped:
        _skip_fails(report)
    return report
