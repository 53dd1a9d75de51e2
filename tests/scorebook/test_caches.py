"""What the cache keeps of a match (scorebook/caches.py) moves with every write and nothing else:
after a deal recorded, amended or voided, an import, or a rules version bump, the poll answers
with the change and the cached sheets (the API's JSON, the match page's HTML, the watch page's)
show it. Who may see a match is read from the database, never from the cache.

Run against Redis too: CACHE_URL=redis://127.0.0.1:6379/1 (.ci/run uses DB 15).

1000 deals below (3 players, classic), as tests/scorebook/conftest.py's ``play`` makes them:
- play(): Аня bids 100 and takes 45 → −100; Борис 67 → 65; Вика 8 → 10.
- play(0, 100, points=[100, 15, 5]): Аня makes 100 → +100; Борис 15; Вика 5.
- penalty(1, -20): Борис −20.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core import cache as caches_module
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from referee.games import thousand
from referee.ledger import Rejected
from scorebook import caches, services
from scorebook.models import Match
from scorebook.services import files as exports
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db


def totals_on_page(html: str) -> list[str]:
    """The Σ row of the sheet as the page shows it."""
    foot = html.split('class="sheet-foot"', 1)[1].split("</div>", 1)[0]
    return re.findall(r'class="cell total" role="cell">([^<]*)<', foot)


def match_queries(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured.captured_queries if '"scorebook_match"' in q["sql"]]


class Table:
    """One match seen the three cached ways: the owner's poll, the API's sheet, the pages' sheet."""

    def __init__(self, match: Match, browser: Client, phone: Any):
        self.match, self.browser, self.phone = match, browser, phone

    def version(self) -> int:
        return Match.objects.values_list("version", flat=True).get(pk=self.match.pk)

    def poll(self, since: int) -> int:
        return self.browser.get(f"/matches/{self.match.pk}/sheet/?since={since}").status_code

    def api_totals(self) -> list[int]:
        return self.phone.get(f"/api/matches/{self.match.pk}/scoresheet/").json()["totals"]

    def page_totals(self) -> list[str]:
        return totals_on_page(self.browser.get(f"/matches/{self.match.pk}/").content.decode())

    def warm(self) -> int:
        """Read everything once (so it is cached) and check the poll answers 204 at this version."""
        version = self.version()
        self.api_totals(), self.page_totals()
        assert self.poll(version) == 204
        return version

    def shows(self, before: int, api: list[int], page: list[str]) -> None:
        """The poll at the old version answers with the sheet; the API and the page show *api*, *page*."""
        assert self.poll(before) == 200
        assert self.poll(self.version()) == 204
        assert self.api_totals() == api
        assert self.page_totals() == page


@pytest.fixture
def table(match, signed_in, api) -> Table:
    return Table(match, signed_in, api)


# ---------------------------------------------------------------- every write shows


def test_a_recorded_deal_shows_in_the_poll_and_the_cached_sheets(table: Table) -> None:
    before = table.warm()
    assert table.api_totals() == [0, 0, 0]
    services.deal_record(match=table.match, entry=play())
    table.shows(before, [-100, 65, 10], ["−100", "65", "10"])


def test_an_amended_deal_shows(table: Table) -> None:
    services.deal_record(match=table.match, entry=play())
    before = table.warm()
    services.deal_replace(match=table.match, number=1, entry=play(0, 100, points=[100, 15, 5]))
    table.shows(before, [100, 15, 5], ["100", "15", "5"])


def test_a_voided_deal_shows(table: Table) -> None:
    services.deal_record(match=table.match, entry=play())
    services.deal_record(match=table.match, entry=penalty(1, -20))
    before = table.warm()
    services.deal_void(match=table.match, number=1)
    table.shows(before, [0, -20, 0], ["0", "−20", "0"])


def test_a_deal_entered_on_the_page_and_through_the_api_shows(table: Table) -> None:
    before = table.warm()
    answer = table.phone.post(f"/api/matches/{table.match.pk}/deals/", {"entry": penalty(1, -20)}, format="json")
    assert answer.status_code == 201
    table.shows(before, [0, -20, 0], ["0", "−20", "0"])
    before = table.warm()
    form = {"expected_version": str(before), "client_id": "page-1", "action": "play", "declarer": "0",
            "bid": "100", "points_0": "45", "points_1": "67", "points_2": ""}
    assert table.browser.post(f"/matches/{table.match.pk}/deals/", form).status_code == 302
    table.shows(before, [-100, 45, 10], ["−100", "45", "10"])


@pytest.mark.parametrize("kept", [True, False], ids=["rows-before-kept", "rows-before-gone"])
def test_an_append_answers_the_whole_sheet_whether_the_version_befores_was_kept(table: Table, kept: bool) -> None:
    # The append's answer is the version before's kept rows with its row added; when those are gone
    # (expired, another build), it renders its sheet from the database: the same sheet either way.
    path = f"/api/matches/{table.match.pk}/deals/"
    assert table.phone.post(path, {"entry": play()}, format="json").status_code == 201
    assert table.phone.post(path, {"entry": penalty(1, -20)}, format="json").status_code == 201
    if not kept:
        caches_module.caches[caches.RENDERED].clear()
    answer = table.phone.post(path, {"entry": penalty(2, -20)}, format="json")
    assert answer.status_code == 201
    sheet = answer.json()["scoresheet"]
    # play(): −100, 65, 10; Борис −20; Вика −20 → −100, 45, −10.
    assert [row["number"] for row in sheet["rows"]] == [1, 2, 3] and sheet["totals"] == [-100, 45, -10]
    caches_module.caches[caches.RENDERED].clear()
    assert sheet == table.phone.get(f"/api/matches/{table.match.pk}/scoresheet/").json()


def test_an_imported_match_is_cached_at_its_last_version(owner, signed_in, api, match) -> None:
    services.deal_record(match=match, entry=play())
    services.deal_record(match=match, entry=penalty(1, -20))
    services.deal_void(match=match, number=2)
    document = json.loads(json.dumps(exports.match_document(Match.objects.get(pk=match.pk))))
    imported = exports.match_import(owner=owner, document=document)
    assert imported.version == 3
    assert caches.seen(imported.pk).version == 3  # set by the import's last write, not refilled
    table = Table(imported, signed_in, api)
    table.shows(0, [-100, 65, 10], ["−100", "65", "10"])


def test_a_refused_import_leaves_nothing_a_new_match_could_inherit(owner, signed_in) -> None:
    # The import's writes set the cache, then the whole import is rolled back; on SQLite the next
    # match may even get the same id. A match's creation sets its entry anew.
    document = {"game": "thousand", "players": PLAYERS, "deals": [
        {"number": 1, "entry": play(), "voided": False, "history": [{"kind": "recorded", "entry": play()}]},
        {"number": 2, "entry": play(), "voided": False, "history": [{"kind": "recorded", "entry": play(5)}]}]}
    with pytest.raises(Rejected):
        exports.match_import(owner=owner, document=document)
    assert not Match.objects.exists()
    fresh = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    assert caches.seen(fresh.pk).version == 0
    assert signed_in.get(f"/matches/{fresh.pk}/sheet/?since=0").status_code == 204


def test_a_rules_version_bump_renders_the_sheets_anew(table: Table, monkeypatch) -> None:
    services.deal_record(match=table.match, entry=play())
    # A cached sheet no replay gives, stamped with the rules in force: read as it is, and cached.
    Match.objects.filter(pk=table.match.pk).update(
        sheet={**Match.objects.get(pk=table.match.pk).sheet, "totals": [9, 9, 9]})
    before = table.warm()
    assert table.api_totals() == [9, 9, 9] and table.page_totals() == ["9", "9", "9"]
    monkeypatch.setattr(thousand, "RULES_VERSION", thousand.RULES_VERSION + 1)
    # The rendered sheets carry the rules they were made under: the new rules replay the deals.
    assert table.api_totals() == [-100, 65, 10]
    assert table.page_totals() == ["−100", "65", "10"]
    # Stored by the rebuild after a deploy: the version stays, so the poll stays quiet.
    assert services.sheet_refresh(match=Match.objects.get(pk=table.match.pk))
    assert table.poll(before) == 204
    assert table.api_totals() == [-100, 65, 10]


def test_the_watch_page_and_its_poll_follow_the_writes(match, client) -> None:
    token = services.match_share(match=match).share_token
    assert client.get(f"/watch/{token}/sheet/?since=0").status_code == 204
    assert totals_on_page(client.get(f"/watch/{token}/").content.decode()) == ["0", "0", "0"]
    services.deal_record(match=match, entry=play())
    answer = client.get(f"/watch/{token}/sheet/?since=0")
    assert answer.status_code == 200 and totals_on_page(answer.content.decode()) == ["−100", "65", "10"]
    assert client.get(f"/watch/{token}/sheet/?since=1").status_code == 204
    assert totals_on_page(client.get(f"/watch/{token}/").content.decode()) == ["−100", "65", "10"]


def test_each_language_has_its_own_rendered_sheet(match, owner) -> None:
    services.deal_record(match=match, entry=play())
    english, russian = Client(HTTP_ACCEPT_LANGUAGE="en"), Client(HTTP_ACCEPT_LANGUAGE="ru")
    for browser in (english, russian):
        browser.force_login(owner)
        browser.get(f"/matches/{match.pk}/")  # rendered and cached
    assert "Scoresheet" in english.get(f"/matches/{match.pk}/").content.decode()
    assert "Scoresheet" not in russian.get(f"/matches/{match.pk}/").content.decode()


# ---------------------------------------------------------------- who may see a match


@pytest.mark.parametrize("path", ["sheet", "display/panel"])
def test_a_stranger_gets_404_from_a_warm_cache_as_from_a_cold_one(match, signed_in, stranger, path) -> None:
    other = Client()
    other.force_login(stranger)
    cache.clear()
    assert other.get(f"/matches/{match.pk}/{path}/?since=0").status_code == 404  # cold
    assert signed_in.get(f"/matches/{match.pk}/{path}/?since=0").status_code == 204  # the owner warms it
    assert other.get(f"/matches/{match.pk}/{path}/?since=0").status_code == 404  # warm
    assert other.get(f"/matches/{match.pk + 1}/{path}/?since=0").status_code == 404  # no such match
    assert other.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 404


def test_a_stranger_never_gets_the_owners_cached_sheet(match, signed_in, stranger) -> None:
    phone = Client()
    phone.force_login(stranger)
    assert signed_in.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 200  # cached now
    assert phone.get(f"/api/matches/{match.pk}/scoresheet/").status_code == 404


def test_a_revoked_link_is_404_at_once_though_its_poll_was_cached(match, client) -> None:
    token = services.match_share(match=match).share_token
    assert client.get(f"/watch/{token}/sheet/?since=0").status_code == 204
    services.match_unshare(match=match)
    assert client.get(f"/watch/{token}/sheet/?since=0").status_code == 404
    assert client.get(f"/watch/{token}/display/panel/?since=0").status_code == 404
    again = services.match_share(match=match).share_token
    assert client.get(f"/watch/{again}/sheet/?since=0").status_code == 204
    assert client.get(f"/watch/{token}/sheet/?since=0").status_code == 404


# ---------------------------------------------------------------- no query on the match


def test_a_warm_poll_reads_nothing_of_the_match(match, signed_in) -> None:
    assert signed_in.get(f"/matches/{match.pk}/sheet/?since=0").status_code == 204
    with CaptureQueriesContext(connection) as captured:
        assert signed_in.get(f"/matches/{match.pk}/sheet/?since=0").status_code == 204
    assert match_queries(captured) == []


def test_a_cold_poll_reads_the_match_once_and_refills(match, signed_in) -> None:
    cache.clear()
    signed_in.get("/healthz/")
    with CaptureQueriesContext(connection) as captured:
        assert signed_in.get(f"/matches/{match.pk}/sheet/?since=0").status_code == 204
    assert len(match_queries(captured)) == 1
    with CaptureQueriesContext(connection) as captured:
        assert signed_in.get(f"/matches/{match.pk}/sheet/?since=0").status_code == 204
    assert match_queries(captured) == []
