"""Every page and the service worker as production serves them: DEBUG off, `collectstatic` run into
a fresh STATIC_ROOT, WhiteNoise's compressed manifest storage (hashed names). The other tests serve
plain names (tests/conftest.py, gotcha 5), under which `/sw.js` answered 200 while production
answered 500: `static('')` has no entry in the manifest, and the installable app never registered.

The pages are the browser test's list (tests/e2e/test_every_page.py: its seed and its `pages_of`),
read here with the test client, so a page added there is checked here too.
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.e2e.test_every_page import pages_of, seed

pytestmark = pytest.mark.django_db

MANIFEST_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"


@pytest.fixture
def production_static(settings, tmp_path):
    """Overrides tests/conftest.py's plain storage: the manifest storage over a collectstatic of its
    own (a temporary STATIC_ROOT, never the tracked tree), DEBUG off."""
    settings.DEBUG = False
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": MANIFEST_STORAGE}}
    call_command("collectstatic", interactive=False, verbosity=0)
    return settings.STATIC_ROOT


def browser(user=None) -> Client:
    """A fresh client, made after collectstatic: WhiteNoise reads STATIC_ROOT when it starts."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def test_the_service_worker_names_the_hashed_shell_and_every_file_of_it_is_served(production_static) -> None:
    answer = browser().get("/sw.js")
    assert answer.status_code == 200, answer.content[:500]
    script = answer.content.decode()
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script).group(1))
    static_files = [url for url in shell if url.startswith("/static/")]
    # Every static file of the shell under its hashed name (app.1a2b3c4d5e6f.css), none plain.
    assert static_files and all(re.search(r"\.[0-9a-f]{12}\.[a-z0-9]+$", url) for url in static_files), static_files
    assert "/static/css/app.css" not in shell
    assert json.loads(re.search(r"const STATIC_PREFIX = (\".*?\");", script).group(1)) == "/static/"
    # The worker's install adds the whole shell at once: one address missing and nothing installs.
    files = browser()
    assert {url: files.get(url).status_code for url in shell} == dict.fromkeys(shell, 200)


def test_every_page_answers_under_the_manifest_storage(production_static) -> None:
    users = get_user_model().objects
    owner, newcomer = users.create_user(username="anya"), users.create_user(username="boris")
    public, signed_in, elsewhere = pages_of(seed(owner))
    app_files = [("service-worker", "/sw.js"), ("manifest", "/manifest.webmanifest")]
    statuses = {}
    for who, pages in [(None, public + app_files), (owner, signed_in + app_files), (newcomer, elsewhere)]:
        client = browser(who)
        statuses |= {(getattr(who, "username", "visitor"), name): client.get(url).status_code for name, url in pages}
    assert statuses == dict.fromkeys(statuses, 200)
    # The favicon sends the browser on to the hashed icon.
    favicon = browser().get("/favicon.ico")
    assert favicon.status_code == 301 and re.search(r"^/static/icons/favicon\.[0-9a-f]{12}\.ico$", favicon["Location"])
