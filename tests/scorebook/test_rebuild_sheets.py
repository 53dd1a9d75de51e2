"""A cached sheet is fresh while its game's ``RULES_VERSION`` stands (bumped by hand when scoring
changes), whatever else changes in referee/; ``manage.py rebuild_sheets`` replays and stores the
stale ones after a deploy and lists those whose deals no longer replay."""

from __future__ import annotations

from io import StringIO
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from referee.games import khrap, thousand
from scorebook import selectors, services, sheets
from scorebook.models import Deal, Match
from tests.scorebook.conftest import PLAYERS, penalty, play

pytestmark = pytest.mark.django_db


def test_a_sheet_records_its_games_rules_version(match: Match) -> None:
    assert match.sheet["engine"] == f"thousand/{thousand.RULES_VERSION}"
    assert sheets.is_fresh("thousand", match.sheet)


def test_freshness_reads_the_rules_version_and_nothing_else() -> None:
    # The stamp is the game's name and RULES_VERSION: the source of referee/ (a comment, a renamed
    # helper) has no say in it, unlike the hash of every byte it replaces.
    same = SimpleNamespace(NAME="thousand", RULES_VERSION=thousand.RULES_VERSION, __file__="elsewhere.py")
    assert sheets.rules_stamp(same) == sheets.rules_stamp(thousand) == f"thousand/{thousand.RULES_VERSION}"
    assert not sheets.is_fresh("thousand", None) and not sheets.is_fresh("thousand", {})


def test_a_cached_sheet_is_read_as_it_is_while_the_version_stands(match: Match, django_assert_num_queries) -> None:
    services.deal_record(match=match, entry=play())
    match.refresh_from_db()
    cached = {**match.sheet, "totals": [1, 2, 3]}  # not what a replay gives: proof it is not replayed
    match.sheet = cached
    with django_assert_num_queries(1) as captured:  # its rows, kept apart
        sheet = selectors.current_sheet(match)
    assert "scorebook_sheetrow" in captured.captured_queries[0]["sql"]
    assert sheet == {**cached, "rows": selectors.sheet_rows(match)} and len(sheet["rows"]) == 1
    with django_assert_num_queries(0):  # read once: kept on the match
        assert selectors.current_sheet(match) is sheet


def test_a_version_bump_replays_the_cached_sheet(match: Match, monkeypatch, django_assert_num_queries) -> None:
    services.deal_record(match=match, entry=play())  # 45 + 67 + 8: seat 0 fails 100
    match.refresh_from_db()
    monkeypatch.setattr(thousand, "RULES_VERSION", thousand.RULES_VERSION + 1)
    assert not sheets.is_fresh("thousand", match.sheet)
    match.sheet = {**match.sheet, "totals": [1, 2, 3]}
    with django_assert_num_queries(1):  # the deals
        sheet = selectors.current_sheet(match)
    # 45 < 100: seat 0 −100; the defenders 67 → 65, 8 → 10
    assert sheet["totals"] == [-100, 65, 10] and sheet["engine"] == f"thousand/{thousand.RULES_VERSION}"


def stale(match: Match) -> None:
    """A cached sheet made under other rules, with totals no replay gives."""
    Match.objects.filter(pk=match.pk).update(sheet={**match.sheet, "engine": "older", "totals": [9, 9, 9]})


def test_rebuild_sheets_stores_the_stale_sheets_and_leaves_the_fresh_ones(owner, django_assert_num_queries) -> None:
    fresh = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=fresh, entry=play())
    old = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=old, entry=penalty(1, -20, "late"))
    pot = services.match_create(owner=owner, game="khrap", players=PLAYERS)
    services.deal_record(match=pot, entry={"type": "no_khrap"})  # antes 15 and a stake more each: pot 30
    broken = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=broken, entry=penalty(0, -10))
    # Stored before the text rule: a reason with a right-to-left override, which the referee now refuses
    # (bad_text). (A NUL could not have been stored on PostgreSQL: jsonb refuses \u0000.)
    Deal.objects.filter(match=broken).update(entry={**penalty(0, -10), "reason": "late\u202e"})
    for match in (old, pot, broken):
        match.refresh_from_db()
        stale(match)
    before = {m.pk: (m.version, m.updated_at, m.sheet) for m in Match.objects.all()}
    out = StringIO()
    # the matches; then for each stale match its deals, and the sheet stored (a savepoint, the match,
    # its old rows deleted, its rows inserted, the release); the broken one's deals, nothing stored
    with django_assert_num_queries(1 + 2 * 6 + 1):
        call_command("rebuild_sheets", stdout=out)
    assert out.getvalue().splitlines() == [
        "2 rebuilt, 1 already fresh, 0 written meanwhile, 1 do not replay",
        f"  match {broken.pk} (thousand): deal 1: bad_text",
    ]
    after = {m.pk: m for m in Match.objects.all()}
    assert after[fresh.pk].sheet == before[fresh.pk][2]  # left alone
    assert after[old.pk].sheet["totals"] == [0, -20, 0] and sheets.is_fresh("thousand", after[old.pk].sheet)
    assert after[pot.pk].sheet["totals"] == [-10, -10, -10] and after[pot.pk].sheet["state"]["pot"] == 30
    assert sheets.is_fresh(khrap.NAME, after[pot.pk].sheet)
    assert after[broken.pk].sheet["engine"] == "older"  # listed, not changed
    # A cache write: no version claimed, and "my matches" keeps its order.
    assert all((m.version, m.updated_at) == before[m.pk][:2] for m in after.values())
    # Run again: nothing is stale but the broken match, which is listed again.
    out = StringIO()
    with django_assert_num_queries(1 + 1):
        call_command("rebuild_sheets", stdout=out)
    assert out.getvalue().splitlines()[0] == "0 rebuilt, 3 already fresh, 0 written meanwhile, 1 do not replay"


def test_a_sheet_refresh_stores_nothing_when_a_write_moved_the_match(match: Match) -> None:
    services.deal_record(match=match, entry=play())
    match.refresh_from_db()
    stale(match)
    match.refresh_from_db()
    Match.objects.filter(pk=match.pk).update(version=match.version + 1)  # another phone wrote meanwhile
    assert services.sheet_refresh(match=match) is False
    assert Match.objects.get(pk=match.pk).sheet["engine"] == "older"
