"""Shared test setup: the Hypothesis profile and the static files storage."""
import os

import pytest
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
