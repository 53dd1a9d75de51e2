"""A cache that cannot outlive a deploy (issue [1/6]): every rendered part is kept under the build
id (scorebook/settings.py ``SCOREBOOK_BUILD_ID``, in the "rendered" cache's key prefix), a hash of
the templates, the static files, the compiled translations and the code made at start-up. A deploy
that changes any of them has another id, and serves pages and sheets rendered anew.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.utils import translation

from referee.games import thousand
from scorebook import caches as kept
from scorebook import services
from scorebook import settings as project_settings
from scorebook.models import Match
from scorebook.sheets import rules_stamp
from tests.scorebook.conftest import PLAYERS, play

OLD = "<p>rendered by the build before</p>"


def another_build(settings, build: str) -> None:
    settings.CACHES = {**settings.CACHES,
                       "rendered": {**settings.CACHES["rendered"], "KEY_PREFIX": f"scorebook:{build}"}}


def test_the_rendered_parts_are_kept_under_the_build(settings) -> None:
    assert settings.SCOREBOOK_BUILD_ID and settings.CACHES["rendered"]["KEY_PREFIX"].endswith(
        settings.SCOREBOOK_BUILD_ID)
    assert "KEY_PREFIX" not in settings.CACHES["default"] or settings.SCOREBOOK_BUILD_ID not in (
        settings.CACHES["default"]["KEY_PREFIX"])  # the sessions and version entries outlive a deploy


@pytest.mark.django_db
def test_a_new_build_serves_the_page_and_the_sheet_rendered_anew(settings, signed_in, api, owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=play(), author=owner)  # −100, 65, 10
    match = Match.objects.get(pk=match.pk)
    # What the build before kept for this version: its sheet's part and its JSON.
    key = make_template_fragment_key("sheet", [match.pk, match.version, rules_stamp(thousand), "en", "owner"])
    caches["rendered"].set(key, OLD)
    # Kept in English, the language of the requests below (not whatever an earlier test left active).
    with translation.override("en"):
        kept.keep_rendered("json", match, (b'{"game":"thousand","rows":[],"totals":[1,2,3]}', b""))
    assert OLD in signed_in.get(f"/matches/{match.pk}/").content.decode()  # kept: served as it is
    assert api.get(f"/api/matches/{match.pk}/scoresheet/").json()["totals"] == [1, 2, 3]
    another_build(settings, "the-next-build")
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert OLD not in page and 'id="deal-1"' in page
    assert api.get(f"/api/matches/{match.pk}/scoresheet/").json()["totals"] == [-100, 65, 10]


def test_the_build_id_moves_with_a_template_a_static_file_a_translation_or_the_code(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    root = Path(project_settings.BASE_DIR)
    tree = tmp_path / "tree"
    for folder in ("templates", "static", "referee"):
        shutil.copytree(root / folder, tree / folder)
    shutil.copytree(root / "scorebook", tree / "scorebook", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(project_settings, "BASE_DIR", tree)
    monkeypatch.delenv("SCOREBOOK_BUILD_ID", raising=False)
    seen = {project_settings.build_id()}
    assert project_settings.build_id() in seen  # the same tree, the same id
    for changed in ("templates/base.html", "static/css/app.css", "scorebook/sheets.py", "referee/cards.py"):
        with (tree / changed).open("a", encoding="utf-8") as edited:
            edited.write("\n")
        seen.add(project_settings.build_id())
        assert len(seen) == 1 + ["templates/base.html", "static/css/app.css", "scorebook/sheets.py",
                                 "referee/cards.py"].index(changed) + 1, changed
    catalogue = tree / "scorebook" / "locale" / "ru" / "LC_MESSAGES" / "django.mo"
    catalogue.parent.mkdir(parents=True, exist_ok=True)
    catalogue.write_bytes(catalogue.read_bytes() + b"\0" if catalogue.exists() else b"\0")
    assert project_settings.build_id() not in seen
    monkeypatch.setenv("SCOREBOOK_BUILD_ID", "release-2026-11-28")
    assert project_settings.build_id() == "release-2026-11-28"
