"""The import replays a file's history in memory and stores it at once; before, it sent every write
through the services. Over random files of every game — records, amendments and voids, good and
bad — both give the same match (its document, sheet, version) or refuse with the same violations."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import event, given, settings
from hypothesis import strategies as st

from referee.games import GAMES, thousand
from referee.ledger import Rejected, Violation, _, error
from scorebook import selectors, services
from scorebook.models import Match, Revision
from scorebook.services import files as exports
from tests.referee.test_snapshots import ENTRIES, OPTIONS
from tests.scorebook.test_export_import import comparable

pytestmark = pytest.mark.django_db

NAMES = ["Аня", "Борис", "Вика", "Гриша", "Даша", "Женя", "Зоя", "Ира"]


@transaction.atomic
def imported_through_the_services(*, owner: Any, document: Any) -> Match:
    """The import as it was: every write of the history through the services, in one transaction."""
    if problems := exports._shape(document):
        raise Rejected(problems)
    writes = exports._writes(document["deals"])
    if len(writes) > exports.MAX_WRITES:
        raise Rejected([error("too_long", _("A match file holds at most %(count)s writes."), "deals",
                              count=exports.MAX_WRITES)])
    match = services.match_create(
        owner=owner, game=document["game"], players=document["players"],
        first_dealer=document.get("first_dealer", 0), preset=document.get("preset"),
        options=document.get("options"), name=document.get("name") or "")
    for write in writes:
        try:
            if write.kind == Revision.RECORDED:
                written = services.deal_record(match=match, entry=write.entry, author=owner)
                if written.deal.number != write.number:
                    raise Rejected([error("bad_order", _("Deal %(number)s is recorded before the deals under it."),
                                          None, number=write.number)])
            elif write.kind == Revision.AMENDED:
                services.deal_replace(match=match, number=write.number, entry=write.entry, author=owner)
            else:
                services.deal_void(match=match, number=write.number, author=owner)
        except Rejected as rejected:
            raise Rejected(exports._at(write.where, rejected.violations)) from None
        except services.DealNotFound:
            raise Rejected([error("bad_order", _("Deal %(number)s is changed before it is recorded."), write.where,
                                  number=write.number)]) from None
    match.refresh_from_db()
    _check_same(match, document["deals"])
    return match


def _check_same(match: Match, deals: list[dict[str, Any]]) -> None:
    module = GAMES[match.game]
    stored = {deal.number: deal for deal in match.deals.all()}
    problems: list[Violation] = []
    for index, deal in enumerate(deals):
        mine = stored.get(index + 1)
        try:
            expected = module.dump_entry(module.parse_entry(deal["entry"], len(match.players)))
        except Rejected as rejected:
            problems += exports._at(f"deals[{index}]", rejected.violations)
            continue
        if mine is None or mine.entry != expected or mine.voided != bool(deal.get("voided", False)):
            problems.append(error("history_mismatch", _("Deal %(number)s: its history does not end in the entry "
                                                        "the file gives."), f"deals[{index}]", number=index + 1))
    if problems:
        raise Rejected(problems)


def outcome(importer: Any, owner: Any, document: dict[str, Any]) -> tuple[Any, ...]:
    try:
        match = importer(owner=owner, document=document)
    except Rejected as refused:
        return ("refused", refused.violations)
    match.refresh_from_db()
    return ("imported", comparable(exports.match_document(match)), match.version, match.finished, match.sheet,
            selectors.sheet_rows(match))


@st.composite
def documents(draw: st.DrawFn, game_name: str) -> dict[str, Any]:
    """A match file of random writes: deals recorded (mostly acceptable where the match stands),
    amended and voided, now and then out of order, undated or not ending where the file says."""
    game = GAMES[game_name]
    options = draw(st.sampled_from(OPTIONS[game_name])) or None
    seats = draw(st.sampled_from([n for n in game.SEATS if n != 4 or game is not thousand]))
    first = draw(st.integers(0, seats - 1))
    parsed = game.parse_options(options)
    state = game.initial_state(parsed, seats, first)
    histories: list[list[dict[str, Any]]] = []
    for version in range(1, draw(st.integers(0, 14)) + 1):
        roll = draw(st.integers(0, 9))
        if roll < 7 or not histories:
            entry = ENTRIES[game_name](draw, state)
            if not any(v.is_error for v in game.validate(state, entry)) and not state.finished:
                state, _outcome = game.apply(state, entry)
            histories.append([{"kind": "recorded", "entry": game.dump_entry(entry), "version": version}])
        elif roll < 9:
            number = draw(st.integers(1, len(histories)))
            entry = ENTRIES[game_name](draw, state)
            histories[number - 1].append({"kind": "amended", "entry": game.dump_entry(entry), "version": version})
        else:
            number = draw(st.integers(1, len(histories)))
            histories[number - 1].append({"kind": "voided", "version": version})
    if histories and draw(st.integers(0, 5)) == 0:  # undated: deal by deal
        for history in histories:
            for write in history:
                write.pop("version")
    if len(histories) > 1 and draw(st.integers(0, 5)) == 0:  # a deal recorded after the one under it
        histories[0][0]["version"], histories[1][0]["version"] = (histories[1][0].get("version"),
                                                                   histories[0][0].get("version"))
    deals = []
    for index, history in enumerate(histories):
        entries = [write["entry"] for write in history if write["kind"] != "voided"]
        voided = history[-1]["kind"] == "voided"
        deals.append({"number": index + 1, "entry": entries[-1], "voided": voided, "history": history})
    if deals and draw(st.integers(0, 7)) == 0:  # the file says otherwise than its history
        deals[-1]["voided"] = not deals[-1]["voided"]
    return {"format": exports.FORMAT, "version": exports.VERSION, "game": game_name, "name": "",
            "players": NAMES[:seats], "first_dealer": first, "preset": None, "options": options, "deals": deals}


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_the_import_in_memory_gives_what_the_services_write_by_write_gave(game_name: str, owner) -> None:
    @settings(max_examples=20)
    @given(documents(game_name))
    def imports(document: dict[str, Any]) -> None:
        imported = outcome(exports.match_import, owner, document)
        event(imported[0])  # both are drawn: imported files and refused ones
        assert imported == outcome(imported_through_the_services, owner, document)

    imports()


def test_the_import_stores_its_match_on_either_database(owner) -> None:
    # One write path (issue [1/6]): the import's match, deals, history and sheet rows stored by the
    # ORM's bulk_create on SQLite, by COPY on PostgreSQL (scorebook/postgresql/bulk.py, where the
    # ORM's arrays of JSON cost the import most of its time: docs/performance.md). CI runs this file
    # on both: the match reads back as the services' writes leave one, either way.
    played = services.match_create(owner=owner, game="thousand", players=NAMES[:3])
    for number in range(1, 31):
        declarer = (number - 1) % 3
        services.deal_record(match=played, author=owner, entry={
            "type": "play", "declarer": declarer, "bid": 100, "contract": 100,
            "points": [20 if seat == declarer else 50 for seat in range(3)]})
    services.deal_void(match=played, number=7, author=owner)
    document = exports.match_document(Match.objects.get(pk=played.pk))
    with CaptureQueriesContext(connection) as captured:
        imported = exports.match_import(owner=owner, document=document)
    statements = [query["sql"].lstrip().upper() for query in captured.captured_queries]
    assert not any(sql.startswith("WITH") for sql in statements)
    inserted = {sql.split()[2].strip('"') for sql in statements if sql.startswith("INSERT INTO")}
    if connection.vendor == "sqlite":
        assert {"SCOREBOOK_MATCH", "SCOREBOOK_DEAL", "SCOREBOOK_REVISION", "SCOREBOOK_SHEETROW"} <= inserted
    assert comparable(exports.match_document(imported)) == comparable(document)
    sheet = selectors.current_sheet(Match.objects.get(pk=imported.pk))
    assert sheet == selectors.current_sheet(Match.objects.get(pk=played.pk)) and sheet["voided"] == [7]
    assert imported.version == 31 and Revision.objects.filter(match=imported).count() == 31
