"""The sheet rows' migration (0009) moves the cached sheet's rows out of ``Match.sheet`` into one
``SheetRow`` each, as they are (not replayed), and back when it is unapplied."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from scorebook import selectors, services
from scorebook.models import Match, SheetRow
from tests.scorebook.conftest import PLAYERS, penalty, play


def before_the_sheet_rows() -> list[tuple[str, str]]:
    """The migrations the sheet rows' migration comes after (found by its name: renumbered when
    another lands first, this test stays as it is)."""
    graph = MigrationLoader(connection).graph
    key = next(key for key in graph.nodes if key[0] == "scorebook" and key[1].endswith("_sheet_rows"))
    return [parent.key for parent in graph.node_map[key].parents if parent.key[0] == "scorebook"]


def migrated(target: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor


@pytest.mark.django_db(transaction=True)
def test_the_rows_move_out_of_the_sheet_and_back(owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    empty = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    # [−100, 65, 10] (seat 0 fails 100 with 45), then a −20 penalty on seat 1: [−100, 45, 10].
    services.deal_record(match=match, entry=play(0, 100, points=(45, 67, 8)))
    services.deal_record(match=match, entry=penalty(1, -20, "late"))
    match.refresh_from_db()
    whole = selectors.current_sheet(match)
    assert whole["totals"] == [-100, 45, 10] and len(whole["rows"]) == 2
    try:
        before = before_the_sheet_rows()
        executor = migrated(before)
        # Unapplied: the sheet holds its rows again, as before the migration.
        old = executor.loader.project_state(before).apps.get_model("scorebook", "Match")
        assert old.objects.get(pk=match.pk).sheet == whole
        assert old.objects.get(pk=empty.pk).sheet["rows"] == []
        # A sheet stored by the old code with a row the replay would not give (proof it is copied).
        changed = {**whole, "rows": [{**whole["rows"][0], "totals": [1, 2, 3]}, whole["rows"][1]]}
        old.objects.filter(pk=match.pk).update(sheet=changed)
    finally:
        executor = migrated(MigrationExecutor(connection).loader.graph.leaf_nodes())
    match.refresh_from_db()
    assert match.sheet == {key: value for key, value in whole.items() if key != "rows"}
    assert [row.row for row in SheetRow.objects.filter(match=match).order_by("number")] == changed["rows"]
    assert [row.number for row in SheetRow.objects.filter(match=match).order_by("number")] == [1, 2]
    assert "rows" not in Match.objects.get(pk=empty.pk).sheet
    assert not SheetRow.objects.filter(match=empty).exists()
    # The next deal is folded onto it: seat 1 fails 100 with 67 → [45, −100, 10] more.
    services.deal_record(match=match, entry=play(1, 100, points=(45, 67, 8)))
    match.refresh_from_db()
    assert match.sheet["totals"] == [-55, -55, 20] and match.sheet["last_deal"] == 3
    assert [row["number"] for row in selectors.sheet_rows(match)] == [1, 2, 3]
