"""`manage.py runserver` alone serves translated pages (issue 28, item 15): started in DEBUG, it
compiles the catalogues whose .mo is missing or older than the .po; otherwise (tests, production,
any other command) nothing is compiled at start-up. Each test compiles a copy of the Russian
catalogue in a folder of its own: no tracked file (and no .mo of the worktree) is written."""

from __future__ import annotations

import gettext
import os
import shutil
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

from scorebook.apps import compile_catalogues

RUSSIAN = Path(settings.BASE_DIR) / "scorebook" / "locale" / "ru" / "LC_MESSAGES" / "django.po"


@pytest.fixture
def catalogue(tmp_path: Path, settings) -> Path:
    """A copy of the Russian catalogue, not compiled, as LOCALE_PATHS' only folder."""
    folder = tmp_path / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(RUSSIAN, folder / "django.po")
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    return folder / "django.mo"


def _started(monkeypatch: pytest.MonkeyPatch, *argv: str) -> None:
    monkeypatch.setattr(sys, "argv", ["manage.py", *argv])
    apps.get_app_config("scorebook").ready()


def test_runserver_in_debug_compiles_the_catalogues(catalogue: Path, settings, monkeypatch) -> None:
    settings.DEBUG = True
    _started(monkeypatch, "runserver", "127.0.0.1:8100")
    assert catalogue.exists()
    with catalogue.open("rb") as compiled:
        assert gettext.GNUTranslations(compiled).gettext("Next deal") == "Следующая сдача"


def test_an_up_to_date_catalogue_is_left_as_it_is(catalogue: Path, settings, monkeypatch) -> None:
    settings.DEBUG = True
    _started(monkeypatch, "runserver")
    compiled_at = catalogue.stat().st_mtime_ns
    os.utime(catalogue, ns=(compiled_at + 10**9, compiled_at + 10**9))  # newer than its .po
    _started(monkeypatch, "runserver")
    assert catalogue.stat().st_mtime_ns == compiled_at + 10**9


@pytest.mark.parametrize(("debug", "argv"), [
    pytest.param(False, ["runserver"], id="production-settings"),
    pytest.param(True, ["migrate"], id="another-command"),
    pytest.param(True, [], id="no-command"),
])
def test_nothing_is_compiled_otherwise(catalogue: Path, settings, monkeypatch, debug: bool, argv: list[str]) -> None:
    settings.DEBUG = debug
    _started(monkeypatch, *argv)
    assert not catalogue.exists()


def test_without_msgfmt_it_says_how(catalogue: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PATH", str(catalogue.parent))  # no msgfmt there
    compile_catalogues()
    assert not catalogue.exists()
    said = capsys.readouterr().err
    assert said.startswith("The translations were not compiled (Can't find msgfmt.") and "run `make messages`" in said
