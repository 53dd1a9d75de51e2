"""A match out and back in: the JSON document, the CSV sheet, and the import that replays the
history through the services. The round trip export → import → export gives the same document
but for ids, timestamps and authors; a file the referee refuses stores nothing.

1000 deals below (classic, seats Аня 0, Борис 1, Вика 2, first dealer Аня), worked out by hand:
1. Аня bids 100, takes 45 → −100; Борис 67 → 65; Вика 8 → 10.
2. Борис bids 100, takes 100 → +100; Аня 15; Вика 5. Amended later: Борис takes 105 → +100,
   Аня 10, Вика 5.
3. Вика bids 100 and takes 8 → −100; voided afterwards, so it counts for nothing.
4. Аня bids 100 and takes 100 → +100; Борис 15; Вика 5.
Totals: Аня −100 + 10 + 100 = 10; Борис 65 + 100 + 15 = 180; Вика 10 + 5 + 5 = 20.
"""

from __future__ import annotations

import copy
import csv
import gc
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee.ledger import Rejected
from scorebook import services
from scorebook.models import Deal, Match, Revision
from scorebook.services import files as exports
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(owner) -> Match:
    """A 1000 match with an amended deal (2) and a voided one (3)."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница")
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]), author=owner)
    services.deal_record(match=match, entry=play(1, 100, points=[15, 100, 5]), author=owner)
    services.deal_record(match=match, entry=play(2, 100, points=[45, 67, 8]), author=owner)
    services.deal_replace(match=match, number=2, entry=play(1, 100, points=[10, 105, 5]), author=owner)
    services.deal_void(match=match, number=3, author=owner)
    services.deal_record(match=match, entry=play(0, 100, points=[100, 15, 5]), author=None)
    match.refresh_from_db()
    return match


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what a re-import cannot keep: timestamps and authors."""
    document = copy.deepcopy(document)
    for deal in document["deals"]:
        for item in deal["history"]:
            del item["at"], item["author"]
    return document


# ---------------------------------------------------------------- the JSON document


def test_the_document_holds_players_frozen_options_entries_and_history(played: Match, owner) -> None:
    document = exports.match_document(played)
    assert (document["format"], document["version"]) == ("scorebook-match", 1)
    assert (document["game"], document["name"], document["players"], document["first_dealer"], document["preset"]) == (
        "thousand", "Пятница", PLAYERS, 0, "classic")
    assert document["options"] == played.options and document["options"]["barrel_threshold"] == 880
    assert [d["number"] for d in document["deals"]] == [1, 2, 3, 4]
    assert [d["voided"] for d in document["deals"]] == [False, False, True, False]
    assert [[h["kind"] for h in d["history"]] for d in document["deals"]] == [
        ["recorded"], ["recorded", "amended"], ["recorded", "voided"], ["recorded"]]
    amended = document["deals"][1]
    assert amended["history"][0]["entry"]["points"] == [15, 100, 5]  # the earlier text is kept
    assert amended["entry"]["points"] == amended["history"][1]["entry"]["points"] == [10, 105, 5]
    assert document["deals"][0]["history"][0]["author"] == "anya"
    assert document["deals"][3]["history"][0]["author"] is None
    assert "T" in document["deals"][0]["history"][0]["at"]  # ISO 8601
    assert [h["version"] for d in document["deals"] for h in d["history"]] == [1, 2, 4, 3, 5, 6]
    json.dumps(document)  # plain JSON all through


def test_the_json_export_page_and_the_api_give_the_same_document(played: Match, signed_in: Client, api) -> None:
    page = signed_in.get(f"/matches/{played.pk}/export.json")
    assert page.status_code == 200
    assert page["Content-Type"].startswith("application/json")
    assert "attachment" in page["Content-Disposition"]
    assert "Пятница".encode() in page.content  # UTF-8, not \u escapes
    through_api = api.get(f"/api/matches/{played.pk}/export/")
    assert through_api.status_code == 200
    assert json.loads(page.content) == through_api.json() == json.loads(json.dumps(exports.match_document(played)))


def test_another_users_match_is_not_exported(played: Match, stranger) -> None:
    other = Client()
    other.force_login(stranger)
    for url in ("export.json", "export.csv", "history/", "print/"):
        assert other.get(f"/matches/{played.pk}/{url}").status_code == 404
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=stranger).key}")
    assert phone.get(f"/api/matches/{played.pk}/export/").status_code == 404


# ---------------------------------------------------------------- CSV


def test_the_csv_is_the_sheet_with_a_bom_and_a_row_per_counted_deal(played: Match, signed_in: Client) -> None:
    answer = signed_in.get(f"/matches/{played.pk}/export.csv")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in answer["Content-Disposition"]
    assert answer.content.startswith(b"\xef\xbb\xbf")  # the BOM: spreadsheet apps then read UTF-8
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    header, *deals = rows
    assert len(header) == 3 + 2 * len(PLAYERS)
    assert all(name in " ".join(header) for name in PLAYERS)
    # deal 3 is voided: not a row. Number, type, dealer, then (delta, total) per player.
    assert deals == [
        ["1", "play", "Аня", "-100", "-100", "65", "65", "10", "10"],
        ["2", "play", "Борис", "10", "-90", "100", "165", "5", "15"],
        ["4", "play", "Вика", "100", "10", "15", "180", "5", "20"],
    ]


def test_an_empty_match_exports_just_the_header(match: Match, signed_in: Client) -> None:
    rows = list(csv.reader(io.StringIO(signed_in.get(f"/matches/{match.pk}/export.csv").content.decode("utf-8-sig"))))
    assert len(rows) == 1


# ---------------------------------------------------------------- import: the round trip


def test_a_thousand_match_comes_back_identical(played: Match, stranger) -> None:
    document = exports.match_document(played)
    copy_ = exports.match_import(owner=stranger, document=json.loads(json.dumps(document)))
    assert copy_.pk != played.pk and copy_.owner == stranger
    again = exports.match_document(copy_)
    assert comparable(again) == comparable(document)
    assert (copy_.version, copy_.sheet["totals"], copy_.finished) == (played.version, played.sheet["totals"], False)
    assert copy_.sheet["totals"] == [10, 180, 20]
    assert list(copy_.deals.order_by("number").values_list("number", "voided")) == [
        (1, False), (2, False), (3, True), (4, False)]
    # The writes were made by the importing user, through the services, in the original order.
    revisions = Revision.objects.filter(match=copy_).order_by("id")
    assert list(revisions.values_list("deal__number", "kind", "version")) == [
        (1, "recorded", 1), (2, "recorded", 2), (3, "recorded", 3), (2, "amended", 4), (3, "voided", 5),
        (4, "recorded", 6)]
    assert {r.author for r in revisions} == {stranger}
    assert [s.player.name for s in copy_.seats.order_by("index")] == PLAYERS  # the importer's players


def test_an_import_stores_the_deals_writes_and_sheet_rows_the_services_stored(played: Match, stranger) -> None:
    # Stored at once from plain values (services.match_restored), column by column as the services
    # stored them write by write: the sheet's rows with their warnings and explanations, each deal
    # with its marks, each write with its entry. What the file does not carry is empty: no proposal
    # (SQL NULL, not a JSON null), no client id, no guest.
    copy_ = exports.match_import(owner=stranger, document=exports.match_document(played))
    deal_columns = ("number", "entry", "voided", "status", "seat", "reason", "proposal", "confirmed_at")
    write_columns = ("deal__number", "kind", "entry", "version", "reason", "client_id", "member")
    for columns, of in ((deal_columns, lambda match: match.deals.order_by("number")),
                        (write_columns, lambda match: Revision.objects.filter(match=match).order_by("id")),
                        (("number", "row"), lambda match: match.sheet_rows.order_by("number"))):
        assert list(of(copy_).values_list(*columns)) == list(of(played).values_list(*columns))
    assert [row["number"] for row in copy_.sheet_rows.values_list("row", flat=True)] == [1, 2, 4]
    assert Match.objects.get(pk=copy_.pk).sheet == Match.objects.get(pk=played.pk).sheet
    assert Deal.objects.filter(match=copy_, proposal__isnull=True).count() == 4
    assert not Revision.objects.filter(match=copy_).exclude(client_id=None).exists()
    assert not Revision.objects.filter(match=copy_, created_at=None).exists()
    assert not Deal.objects.filter(match=copy_, created_at=None).exists()


def test_a_terz_match_comes_back_identical(owner, stranger) -> None:
    match = services.match_create(owner=owner, game="terz", players=["Аня", "Борис"], preset="classic")
    services.deal_record(match=match, entry={"type": "play", "trump": "H", "points": [108, 42], "declarations": []})
    services.deal_record(match=match, entry={"type": "play", "trump": "S", "points": [65, 85], "declarations": []})
    services.deal_replace(match=match, number=1,
                          entry={"type": "play", "trump": "H", "points": [100, 50], "declarations": []})
    services.deal_record(match=match, entry={"type": "false_declaration", "player": 0, "points": 100})
    services.deal_void(match=match, number=2)
    match.refresh_from_db()
    document = exports.match_document(match)
    copy_ = exports.match_import(owner=stranger, document=document)
    assert comparable(exports.match_document(copy_)) == comparable(document)
    assert copy_.sheet["totals"] == match.sheet["totals"]
    assert copy_.sheet["state"] == match.sheet["state"]


def test_a_khrap_match_comes_back_identical_through_the_api(owner, api) -> None:
    match = services.match_create(owner=owner, game="khrap", players=PLAYERS)
    for entry in ({"type": "play", "khrap": 0, "circle": 1, "dark": False, "tricks": [3, 1, 1]},
                  {"type": "no_khrap"}, {"type": "renonce", "player": 2}):
        services.deal_record(match=match, entry=entry, author=owner)
    services.deal_void(match=match, number=2, author=owner)
    match.refresh_from_db()
    document = api.get(f"/api/matches/{match.pk}/export/").json()
    answer = api.post("/api/matches/import/", document, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["id"] != match.pk and body["totals"] == match.sheet["totals"] and body["version"] == match.version
    again = api.get(f"/api/matches/{body['id']}/export/").json()
    assert comparable(again) == comparable(document)


def test_a_match_without_deals_comes_back(match: Match, stranger) -> None:
    copy_ = exports.match_import(owner=stranger, document=exports.match_document(match))
    assert comparable(exports.match_document(copy_)) == comparable(exports.match_document(match))


def test_an_import_leaves_the_garbage_collector_alone(played: Match, stranger, monkeypatch) -> None:
    # The collector is the process's, not a request's: an import never turns it off (issue [1/6]).
    document = exports.match_document(played)
    collecting_while_stored = []
    restored = services.match_restored

    def watched(**kwargs: Any) -> Match:
        collecting_while_stored.append(gc.isenabled())
        return restored(**kwargs)

    monkeypatch.setattr(services, "match_restored", watched)
    assert gc.isenabled()
    exports.match_import(owner=stranger, document=document)
    assert collecting_while_stored == [True]
    assert gc.isenabled()
    assert Match.objects.filter(owner=stranger).count() == 1


def test_deals_written_without_a_history_are_recorded_as_they_stand(played: Match, stranger) -> None:
    document = exports.match_document(played)
    for deal in document["deals"]:
        deal["history"] = []
    copy_ = exports.match_import(owner=stranger, document=document)
    assert copy_.sheet["totals"] == [10, 180, 20]
    assert list(copy_.deals.order_by("number").values_list("voided", flat=True)) == [False, False, True, False]


def test_the_import_page_takes_an_uploaded_file(played: Match, signed_in: Client, owner) -> None:
    assert signed_in.get("/matches/import/").status_code == 200
    content = signed_in.get(f"/matches/{played.pk}/export.json").content
    answer = signed_in.post("/matches/import/", {"file": SimpleUploadedFile("match.json", content)})
    assert answer.status_code == 302
    copy_ = Match.objects.filter(owner=owner).exclude(pk=played.pk).get()
    assert answer["Location"] == f"/matches/{copy_.pk}/"
    assert comparable(exports.match_document(copy_)) == comparable(exports.match_document(played))


# ---------------------------------------------------------------- import: refusals store nothing


def changed(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change to a document: set the value at *path* ("deals.3.entry.bid")."""

    def change(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[int(last) if isinstance(target, list) else last] = value

    return change


def both(*changes: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        for one in changes:
            one(document)

    return change


@pytest.mark.parametrize(("change", "code"), [
    pytest.param(changed("format", "something-else"), "unknown_format", id="unknown-format"),
    pytest.param(changed("version", 2), "unknown_version", id="unknown-version"),
    pytest.param(changed("version", True), "unknown_version", id="version-true"),
    pytest.param(changed("game", "poker"), "unknown_game", id="unknown-game"),
    pytest.param(changed("comment", "hi"), "unknown_field", id="unknown-key"),
    pytest.param(changed("deals.0.history.0.by", "me"), "unknown_field", id="unknown-key-in-the-history"),
    pytest.param(changed("deals", {"1": {}}), "bad_type", id="deals-not-a-list"),
    pytest.param(changed("players", [*PLAYERS, "Глеб", "Дина"]), "player_count", id="too-many-players"),
    pytest.param(changed("options.jokers", 2), "unknown_option", id="unknown-option"),
    pytest.param(both(changed("deals.3.history.0.entry.bid", 103), changed("deals.3.entry.bid", 103)), "bid_step",
                 id="a-bid-off-the-step"),
    pytest.param(changed("deals.1.entry.points", [15, 100, 5]), "history_mismatch",
                 id="the-history-not-ending-in-the-entry"),
    pytest.param(changed("deals.0.history.0.kind", "amended"), "bad_kind", id="a-history-not-starting-recorded"),
    pytest.param(changed("deals.2.number", 7), "bad_number", id="numbers-out-of-order"),
])
def test_a_bad_file_is_refused_with_its_violations_and_nothing_is_stored(played: Match, api, change, code: str) -> None:
    document = exports.match_document(played)
    change(document)
    before = (Match.objects.count(), Deal.objects.count(), Revision.objects.count())
    answer = api.post("/api/matches/import/", document, format="json")
    assert answer.status_code == 400
    violations = answer.json()["violations"]
    assert code in [v["code"] for v in violations], violations
    assert all(v["message"] and v["severity"] == "error" for v in violations)
    assert (Match.objects.count(), Deal.objects.count(), Revision.objects.count()) == before


@pytest.mark.parametrize(("path", "value", "field"), [
    # Python calls false == 0 and 100.0 == 100; the referee reads neither as a whole number, so a
    # deal's entry like its history's but for these is read on its own, and refused.
    pytest.param("deals.3.entry.declarer", False, "deals[3].entry.declarer", id="false-for-seat-0"),
    pytest.param("deals.3.entry.bid", 100.0, "deals[3].entry.bid", id="100.0-for-100"),
])
def test_an_entry_equal_in_python_but_not_in_json_is_read_and_refused(played: Match, path: str, value: Any,
                                                                      field: str) -> None:
    document = json.loads(json.dumps(exports.match_document(played)))
    assert document["deals"][3]["entry"] == document["deals"][3]["history"][0]["entry"]
    changed(path, value)(document)
    assert document["deals"][3]["entry"] == document["deals"][3]["history"][0]["entry"]  # still, to Python
    with pytest.raises(Rejected) as refused:
        exports.match_import(owner=played.owner, document=document)
    assert [(v.code, v.field) for v in refused.value.violations] == [("bad_type", field)]


def test_a_file_that_is_not_an_object_is_refused(api) -> None:
    answer = api.post("/api/matches/import/", [1, 2], format="json")
    assert answer.status_code == 400
    assert [v["code"] for v in answer.json()["violations"]] == ["bad_type"]


def test_a_refused_deal_names_where_it_is_in_the_file(played: Match, api) -> None:
    document = exports.match_document(played)
    document["deals"][3]["history"][0]["entry"]["bid"] = 103
    document["deals"][3]["entry"]["bid"] = 103
    violation = next(v for v in api.post("/api/matches/import/", document, format="json").json()["violations"]
                     if v["code"] == "bid_step")
    assert violation["field"] == "deals[3].history[0].entry.bid"
    assert violation["deal"] == 4


def test_the_import_page_refuses_a_bad_file_with_400(signed_in: Client, owner) -> None:
    for content in (b"{not json", b'{"format": "other"}', "\ufeff[]".encode()):
        answer = signed_in.post("/matches/import/", {"file": SimpleUploadedFile("match.json", content)})
        assert answer.status_code == 400
        assert b'class="violations"' in answer.content
    assert signed_in.post("/matches/import/", {}).status_code == 400
    assert not Match.objects.filter(owner=owner).exists()


def test_import_needs_a_signed_in_user(client, played: Match) -> None:
    assert client.get("/matches/import/").status_code == 302
    assert client.post("/api/matches/import/", {}, content_type="application/json").status_code in (401, 403)
