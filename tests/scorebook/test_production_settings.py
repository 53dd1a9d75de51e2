"""The production settings (DJANGO_DEBUG=0), each read in a fresh Python: no start without a real
secret key, HSTS subdomains and preload only when asked for, no browsable API, a clean
``check --deploy``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEY = "tests-only-4fT9qLx2Wb7Zr8Nc5Hv1Jk6Ms3Yd0Ge9Ua4Wo2Ti7Fl5Xn8Bs"


def settings_of(**env: str) -> subprocess.CompletedProcess[str]:
    """Import scorebook.settings with *env* and print the values the tests look at as JSON."""
    script = ("import json, scorebook.settings as s; print(json.dumps({'renderers': s.REST_FRAMEWORK"
              "['DEFAULT_RENDERER_CLASSES'], 'subdomains': s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
              "'preload': s.SECURE_HSTS_PRELOAD, 'hsts': s.SECURE_HSTS_SECONDS}))")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SCOREBOOK_"))}
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=clean | env, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("key", [
    pytest.param(None, id="unset"),
    pytest.param("", id="empty"),
    pytest.param("django-insecure-dev-only-scorebook-key-never-use-in-production", id="the-development-key"),
    pytest.param("short-key", id="short"),
    pytest.param("a" * 60, id="one-character-repeated"),
])
def test_production_refuses_to_start_without_a_real_secret_key(key: str | None) -> None:
    env = {"DJANGO_DEBUG": "0"} | ({} if key is None else {"DJANGO_SECRET_KEY": key})
    result = settings_of(**env)
    assert result.returncode != 0
    assert "ImproperlyConfigured: DJANGO_DEBUG=0 needs DJANGO_SECRET_KEY" in result.stderr


def test_production_starts_with_a_real_key_hsts_without_subdomains_or_preload_and_json_only() -> None:
    result = settings_of(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=KEY)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"renderers": ["rest_framework.renderers.JSONRenderer"], "subdomains": False,
                                         "preload": False, "hsts": 31536000}


def test_hsts_subdomains_and_preload_are_opt_in() -> None:
    result = settings_of(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=KEY, DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS="1",
                         DJANGO_SECURE_HSTS_PRELOAD="1")
    assert json.loads(result.stdout)["subdomains"] is True and json.loads(result.stdout)["preload"] is True


def test_development_keeps_the_browsable_api() -> None:
    script = "import json, scorebook.settings as s; print(json.dumps(s.REST_FRAMEWORK['DEFAULT_RENDERER_CLASSES']))"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SCOREBOOK_"))}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=clean, capture_output=True, text=True,
                            timeout=60)
    assert json.loads(result.stdout) == ["rest_framework.renderers.JSONRenderer",
                                         "rest_framework.renderers.BrowsableAPIRenderer"]


def test_check_deploy_is_clean() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SCOREBOOK_"))}
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
                            env=clean | {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": KEY}, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
