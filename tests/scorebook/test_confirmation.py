"""Confirmation mode (issue 16): a deal entered from one seat is pending until another seat confirms
it; rejected with a reason it counts for nothing until its author amends it; after its correction
window an amendment or a void is a proposal that needs confirming too. Asked of the services and
the selectors themselves, with the totals worked out from the rules of 1000 (classic: a declarer
who makes the contract scores the bid, one who fails loses it; a defender's card points are
rounded to the nearest 5)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from referee.ledger import Rejected
from scorebook import caches, selectors, services
from scorebook.errors import NotAllowed, NotFound
from scorebook.models import Deal, Match, Member, Revision
from scorebook.services import files as exports
from scorebook.sheets import Rows, with_waiting
from tests.scorebook.conftest import PLAYERS, play
from tests.scorebook.test_schema_types import COMPONENTS, conforms

pytestmark = pytest.mark.django_db

# Deal 1 as seat 1 (Борис, a player) enters it: Аня declares 100 and makes it with 100 card points
# (+100); Борис's 12 and Вика's 8 are rounded to 10 each.
FIRST = play(0, 100, points=(100, 12, 8))
FIRST_TOTALS = [100, 10, 10]
# The same deal with Борис's points corrected to 7 (rounded to 5) and Аня's to 105.
AMENDED = play(0, 100, points=(105, 7, 8))
AMENDED_TOTALS = [100, 5, 10]
# Deal 2: Борис declares 120 and fails with 90 (-120); Аня's 20 and Вика's 10 stay as they are.
SECOND = play(1, 120, points=(20, 90, 10))


@pytest.fixture
def people(owner, django_user_model) -> dict[str, Any]:
    """A 1000 match in confirmation mode: the scorer sits at seat 0, Борис (a player) at seat 1, a
    guest player at seat 2; a watcher, a referee, a player without a seat, and a stranger."""
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS, confirmation=True)
    found: dict[str, Any] = {"match": match, "owner": owner}
    for role, seat in (("scorer", 0), ("player", 1), ("watcher", None), ("referee", None)):
        user = django_user_model.objects.create_user(username=role)
        Member.objects.create(match=match, user=user, name=role, role=role, seat=seat)
        found[role] = user
    found["guest"] = Member.objects.create(match=match, guest_key="g" * 40, name="Вика", role="player", seat=2)
    seatless = django_user_model.objects.create_user(username="seatless")
    Member.objects.create(match=match, user=seatless, name="seatless", role="player")
    found["seatless"] = seatless
    found["stranger"] = django_user_model.objects.create_user(username="stranger")
    return found


def _match(people: dict[str, Any]) -> Match:
    return Match.objects.get(pk=people["match"].pk)


def _deal(people: dict[str, Any], number: int = 1) -> Deal:
    return Deal.objects.get(match=people["match"], number=number)


def _sheet(people: dict[str, Any]) -> dict[str, Any]:
    return selectors.sheet_waiting(_match(people))


# ---------------------------------------------------------------- deal 1 in each state


def _pending(people: dict[str, Any]) -> None:
    services.deal_record(match=_match(people), entry=FIRST, author=people["player"])


def _open(people: dict[str, Any]) -> None:
    _pending(people)
    services.deal_confirm(match=_match(people), number=1, author=people["guest"])


def _closed(people: dict[str, Any]) -> None:
    # Deal 1's window closes when a later deal is confirmed.
    _open(people)
    services.deal_record(match=_match(people), entry=SECOND, author=people["player"])
    services.deal_confirm(match=_match(people), number=2, author=people["scorer"])


def _rejected(people: dict[str, Any]) -> None:
    _pending(people)
    services.deal_reject(match=_match(people), number=1, reason="wrong points", author=people["guest"])


STATES: dict[str, Callable[[dict[str, Any]], None]] = {
    "pending": _pending, "confirmed, window open": _open, "confirmed, window closed": _closed, "rejected": _rejected,
}

OPERATIONS: dict[str, Callable[[Match, Any], Any]] = {
    "confirm": lambda m, p: services.deal_confirm(match=m, number=1, author=p),
    "reject": lambda m, p: services.deal_reject(match=m, number=1, reason="not so", author=p),
    "amend": lambda m, p: services.deal_replace(match=m, number=1, entry=AMENDED, author=p),
    "void": lambda m, p: services.deal_void(match=m, number=1, author=p),
    "propose": lambda m, p: services.deal_propose(match=m, number=1, entry=AMENDED, author=p),
}

# What becomes of deal 1: its status after the operation ("confirmed" for a correction that counts
# at once), "proposal" (the change waits beside it), "refused" (a rule: nothing to confirm, not
# confirmed yet), 403, 404.
CONFIRMED, PENDING, REJECTED, PROPOSAL, REFUSED = "confirmed", "pending", "rejected", "proposal", "refused"
FORBIDDEN, NOT_FOUND = 403, 404

# Who: the owner (no seat: never confirms, corrects at once), the scorer (seat 0), Борис the player
# who entered deal 1 (seat 1), the guest player (seat 2), a player without a seat, the watcher, the
# referee (corrects at once, confirms nothing), a stranger.
WHO = ("owner", "scorer", "player", "guest", "seatless", "watcher", "referee", "stranger")
_ = None  # a cell filled below from the rows that are the same for every state
TABLE: dict[tuple[str, str], tuple[Any, ...]] = {
    # (operation, state):       owner      scorer     player     guest      seatless   watcher    referee    stranger
    ("confirm", "pending"): (FORBIDDEN, CONFIRMED, FORBIDDEN, CONFIRMED, FORBIDDEN, FORBIDDEN, FORBIDDEN, NOT_FOUND),
    ("reject", "pending"): (FORBIDDEN, REJECTED, FORBIDDEN, REJECTED, FORBIDDEN, FORBIDDEN, FORBIDDEN, NOT_FOUND),
    ("amend", "pending"): (CONFIRMED, PENDING, PENDING, FORBIDDEN, FORBIDDEN, FORBIDDEN, CONFIRMED, NOT_FOUND),
    ("void", "pending"): (CONFIRMED, PENDING, PENDING, FORBIDDEN, FORBIDDEN, FORBIDDEN, CONFIRMED, NOT_FOUND),
    ("propose", "pending"): (FORBIDDEN, REFUSED, REFUSED, REFUSED, REFUSED, FORBIDDEN, FORBIDDEN, NOT_FOUND),
    ("amend", "confirmed, window open"): (CONFIRMED, PENDING, PROPOSAL, PROPOSAL, PROPOSAL, FORBIDDEN, CONFIRMED,
                                          NOT_FOUND),
    ("amend", "confirmed, window closed"): (CONFIRMED, PROPOSAL, PROPOSAL, PROPOSAL, PROPOSAL, FORBIDDEN,
                                            CONFIRMED, NOT_FOUND),
    ("amend", "rejected"): (CONFIRMED, PENDING, PENDING, FORBIDDEN, FORBIDDEN, FORBIDDEN, CONFIRMED, NOT_FOUND),
    ("void", "rejected"): (CONFIRMED, PENDING, PENDING, FORBIDDEN, FORBIDDEN, FORBIDDEN, CONFIRMED, NOT_FOUND),
}
for state in ("confirmed, window open", "confirmed, window closed", "rejected"):
    # Nothing waits at a confirmed or a rejected deal: nothing to confirm or reject.
    for operation in ("confirm", "reject"):
        TABLE[(operation, state)] = (FORBIDDEN, REFUSED, REFUSED, REFUSED, REFUSED, FORBIDDEN, FORBIDDEN, NOT_FOUND)
for state in ("confirmed, window open", "confirmed, window closed"):
    TABLE[("void", state)] = TABLE[("amend", state)]
    TABLE[("propose", state)] = (FORBIDDEN, PROPOSAL, PROPOSAL, PROPOSAL, PROPOSAL, FORBIDDEN, FORBIDDEN, NOT_FOUND)
TABLE[("propose", "rejected")] = TABLE[("propose", "pending")]

CASES = [(operation, state, who, TABLE[(operation, state)][WHO.index(who)])
         for operation, state in TABLE for who in WHO]


def test_every_operation_and_state_has_a_row() -> None:
    assert set(TABLE) == {(operation, state) for operation in OPERATIONS for state in STATES}


def _outcome(deal: Deal) -> str:
    return PROPOSAL if deal.proposal is not None else deal.status


@pytest.mark.parametrize(("operation", "state", "who", "expected"), CASES,
                         ids=[f"{o}-{s}-{w}" for o, s, w, _e in CASES])
def test_who_may_do_what_to_a_deal_in_each_state(people, operation: str, state: str, who: str,
                                                  expected: Any) -> None:
    STATES[state](people)
    before = list(Deal.objects.filter(match=people["match"]).values_list("number", "entry", "voided", "status",
                                                                         "proposal"))
    version = _match(people).version
    if expected in (CONFIRMED, PENDING, REJECTED, PROPOSAL):
        OPERATIONS[operation](_match(people), people[who])
        assert _outcome(_deal(people)) == expected
        assert _match(people).version == version + 1
        return
    raised = {FORBIDDEN: NotAllowed, NOT_FOUND: NotFound, REFUSED: Rejected}[expected]
    with pytest.raises(raised):
        OPERATIONS[operation](_match(people), people[who])
    # Refused: nothing stored, the version stays.
    assert list(Deal.objects.filter(match=people["match"]).values_list("number", "entry", "voided", "status",
                                                                       "proposal")) == before
    assert _match(people).version == version


# ---------------------------------------------------------------- worked examples


def test_a_deal_pending_rejected_amended_and_confirmed(people) -> None:
    services.deal_record(match=_match(people), entry=FIRST, author=people["player"])
    sheet = _sheet(people)
    # Counted provisionally: in the totals, not in the settled ones.
    assert sheet["totals"] == FIRST_TOTALS
    assert sheet["pending"] == [1] and sheet["settled_totals"] == [0, 0, 0]
    assert [(r["number"], r["status"], r["provisional"]) for r in sheet["rows"]] == [(1, "pending", True)]
    assert _deal(people).seat == 1

    services.deal_reject(match=_match(people), number=1, reason="Борис had 7, not 12", author=people["guest"])
    sheet = _sheet(people)
    # Not counted, like a voided deal; back to its author with the reason.
    assert sheet["totals"] == [0, 0, 0] and sheet["rows"] == []
    assert sheet["rejected"] == [{"deal": 1, "reason": "Борис had 7, not 12"}] and sheet["pending"] == []

    services.deal_replace(match=_match(people), number=1, entry=AMENDED, author=people["player"])
    sheet = _sheet(people)
    assert sheet["totals"] == AMENDED_TOTALS and sheet["pending"] == [1] and sheet["rejected"] == []
    assert sheet["settled_totals"] == [0, 0, 0]

    services.deal_confirm(match=_match(people), number=1, author=people["scorer"])
    sheet = _sheet(people)
    assert sheet["pending"] == [] and sheet["settled_totals"] == sheet["totals"] == AMENDED_TOTALS
    assert [(r["status"], r["provisional"]) for r in sheet["rows"]] == [("confirmed", False)]

    services.deal_record(match=_match(people), entry=SECOND, author=people["player"])
    sheet = _sheet(people)
    # 100 + 20, 5 - 120, 10 + 10; settled: as after deal 1.
    assert sheet["totals"] == [120, -115, 20] and sheet["settled_totals"] == AMENDED_TOTALS
    assert [(r["status"], r["provisional"]) for r in sheet["rows"]] == [("confirmed", False), ("pending", True)]

    history = [(r.kind, r.author.username if r.author else r.member.name, r.reason)
               for r in Revision.objects.filter(deal=_deal(people)).order_by("id")]
    assert history == [("recorded", "player", ""), ("rejected", "Вика", "Борис had 7, not 12"),
                       ("amended", "player", ""), ("confirmed", "scorer", "")]


def test_the_settled_totals_stop_at_the_first_pending_deal(people) -> None:
    services.deal_record(match=_match(people), entry=FIRST, author=people["player"])
    services.deal_record(match=_match(people), entry=SECOND, author=people["guest"])
    # Deal 2 confirmed, deal 1 still pending: nothing is settled yet.
    services.deal_confirm(match=_match(people), number=2, author=people["scorer"])
    sheet = _sheet(people)
    assert sheet["totals"] == [120, -110, 20] and sheet["settled_totals"] == [0, 0, 0]
    assert [(r["status"], r["provisional"]) for r in sheet["rows"]] == [("pending", True), ("confirmed", True)]


def test_the_cached_sheet_on_the_match_holds_no_status(people) -> None:
    services.deal_record(match=_match(people), entry=FIRST, author=people["player"])
    services.deal_record(match=_match(people), entry=SECOND, author=people["player"])
    services.deal_confirm(match=_match(people), number=1, author=people["guest"])
    match = _match(people)
    stored, rows = match.sheet, selectors.sheet_rows(match)  # the rows are kept apart (SheetRow)
    assert "pending" not in stored and "settled_totals" not in stored
    assert len(rows) == 2 and all("status" not in row and "provisional" not in row for row in rows)


def test_a_proposal_after_the_window_is_confirmed_and_applied(people) -> None:
    _closed(people)
    version = _match(people).version
    written = services.deal_replace(match=_match(people), number=1, entry=AMENDED, author=people["player"])
    assert written.deal.proposal is not None
    # The entry in force still counts: 100 + 20, 10 - 120, 10 + 10.
    sheet = _sheet(people)
    assert sheet["totals"] == [120, -110, 20] and sheet["proposals"] == [{"deal": 1, "void": False}]
    assert _match(people).version == version + 1
    # Its proposer may not confirm it, nor anyone at the seat it came from.
    with pytest.raises(NotAllowed):
        services.deal_confirm(match=_match(people), number=1, author=people["player"])
    services.deal_confirm(match=_match(people), number=1, author=people["guest"])
    sheet = _sheet(people)
    # Replayed with the amendment: 100 + 20, 5 - 120, 10 + 10.
    assert sheet["totals"] == [120, -115, 20] and sheet["proposals"] == []
    deal = _deal(people)
    assert deal.entry["points"] == [105, 7, 8] and deal.status == "confirmed" and deal.proposal is None
    kinds = list(Revision.objects.filter(deal=deal).order_by("id").values_list("kind", flat=True))
    assert kinds == ["recorded", "confirmed", "proposed", "applied", "amended"]


def test_a_proposed_void_rejected_is_dropped_with_its_reason(people) -> None:
    _closed(people)
    services.deal_void(match=_match(people), number=1, author=people["scorer"])
    assert _sheet(people)["proposals"] == [{"deal": 1, "void": True}]
    services.deal_reject(match=_match(people), number=1, reason="it was played", author=people["player"])
    deal = _deal(people)
    assert not deal.voided and deal.proposal is None and deal.status == "confirmed"
    assert _sheet(people)["totals"] == [120, -110, 20]
    dropped = Revision.objects.filter(deal=deal).order_by("-id").first()
    assert (dropped.kind, dropped.reason, dropped.author) == ("dropped", "it was played", people["player"])


def test_the_owner_corrects_after_the_window_at_once(people) -> None:
    _closed(people)
    services.deal_replace(match=_match(people), number=1, entry=AMENDED, author=people["owner"])
    deal = _deal(people)
    assert deal.status == "confirmed" and deal.proposal is None
    assert _sheet(people)["totals"] == [120, -115, 20] and _sheet(people)["pending"] == []


def test_a_window_of_minutes(people) -> None:
    services.match_confirmation(match=_match(people), confirmation=True, correction_window=10, by=people["owner"])
    _open(people)
    # Confirmed 9 minutes ago: the scorer still corrects directly, and the deal is pending again.
    Deal.objects.filter(match=people["match"], number=1).update(
        confirmed_at=_deal(people).confirmed_at - timedelta(minutes=9))
    services.deal_replace(match=_match(people), number=1, entry=AMENDED, author=people["scorer"])
    assert _deal(people).status == "pending" and _deal(people).seat == 0
    services.deal_confirm(match=_match(people), number=1, author=people["player"])
    # Confirmed 11 minutes ago: a proposal.
    Deal.objects.filter(match=people["match"], number=1).update(
        confirmed_at=_deal(people).confirmed_at - timedelta(minutes=11))
    services.deal_replace(match=_match(people), number=1, entry=FIRST, author=people["scorer"])
    assert _deal(people).proposal is not None and _deal(people).entry["points"] == [105, 7, 8]


def test_every_step_bumps_the_version_and_the_cache_sees_it(people) -> None:
    services.deal_record(match=_match(people), entry=FIRST, author=people["player"])
    before = _match(people).version
    services.deal_confirm(match=_match(people), number=1, author=people["guest"])
    assert _match(people).version == before + 1
    assert caches.seen(people["match"].pk).version == before + 1


def test_a_resent_write_is_answered_from_the_history(people) -> None:
    first = services.deal_record(match=_match(people), entry=FIRST, author=people["guest"], client_id="phone-1")
    again = services.deal_record(match=_match(people), entry=FIRST, author=people["guest"], client_id="phone-1")
    assert again.repeated and again.deal.pk == first.deal.pk and Deal.objects.filter(match=people["match"]).count() == 1
    assert _deal(people).status == "pending"
    services.deal_confirm(match=_match(people), number=1, author=people["player"], client_id="phone-2")
    version = _match(people).version
    again = services.deal_confirm(match=_match(people), number=1, author=people["player"], client_id="phone-2")
    assert again.repeated and _match(people).version == version


@pytest.mark.parametrize(("reason", "code"), [("", "reason_needed"), ("   ", "reason_needed"),
                                              ("x" * 201, "bad_text"), ("a\x00b", "bad_text")])
def test_a_rejection_needs_a_reason(people, reason: str, code: str) -> None:
    _pending(people)
    version = _match(people).version
    with pytest.raises(Rejected) as refused:
        services.deal_reject(match=_match(people), number=1, reason=reason, author=people["guest"])
    assert [v.code for v in refused.value.violations] == [code]
    assert _deal(people).status == "pending" and _match(people).version == version


def test_the_owner_sets_the_option(people) -> None:
    match = _match(people)
    with pytest.raises(NotAllowed):
        services.match_confirmation(match=match, confirmation=False, by=people["scorer"])
    with pytest.raises(Rejected) as refused:
        services.match_confirmation(match=match, confirmation=True, correction_window=0, by=people["owner"])
    assert [v.code for v in refused.value.violations] == ["bad_correction_window"]
    _pending(people)
    # A pending deal would wait for ever: settle it first.
    with pytest.raises(Rejected) as refused:
        services.match_confirmation(match=_match(people), confirmation=False, by=people["owner"])
    assert [v.code for v in refused.value.violations] == ["confirmation_waiting"]
    services.deal_confirm(match=_match(people), number=1, author=people["scorer"])
    services.match_confirmation(match=_match(people), confirmation=False, by=people["owner"])
    assert not _match(people).confirmation
    # Without confirmation mode a new deal counts at once and nothing waits.
    services.deal_record(match=_match(people), entry=SECOND, author=people["player"])
    assert _deal(people, 2).status == "confirmed" and _sheet(people)["pending"] == []


def test_the_next_game_keeps_the_table_options(people) -> None:
    services.match_confirmation(match=_match(people), confirmation=True, correction_window=5, by=people["owner"])
    nxt = services.match_next_game(match=_match(people), owner=people["owner"])
    assert (nxt.confirmation, nxt.correction_window) == (True, 5)


def test_a_rejected_deal_leaves_the_later_ones_counted(people) -> None:
    # Without deal 1 (Аня +100), deal 2 stands as it is: the rejection replays and keeps deal 2.
    _pending(people)
    services.deal_record(match=_match(people), entry=SECOND, author=people["guest"])
    services.deal_reject(match=_match(people), number=1, reason="not played", author=people["guest"])
    sheet = _sheet(people)
    assert sheet["totals"] == [20, -120, 10] and sheet["pending"] == [2]
    assert sheet["settled_totals"] == [0, 0, 0]


# ---------------------------------------------------------------- a match file keeps it all

# Deal 3: Вика declares 100 and makes it (+100); Аня's 10 and Борис's 10 stand.
THIRD = play(2, 100, points=(10, 10, 100))
# Deal 4, rejected: it counts for nothing.
FOURTH = play(0, 100, points=(100, 15, 5))


def _every_state(people: dict[str, Any]) -> None:
    """Deal 1 rejected, amended and confirmed, then a change proposed for it after its window; deal 2
    confirmed; deal 3 pending; deal 4 rejected."""
    services.deal_record(match=_match(people), entry=FIRST, author=people["player"])
    services.deal_reject(match=_match(people), number=1, reason="Борис had 7", author=people["guest"])
    services.deal_replace(match=_match(people), number=1, entry=AMENDED, author=people["player"])
    services.deal_confirm(match=_match(people), number=1, author=people["scorer"])
    services.deal_record(match=_match(people), entry=SECOND, author=people["player"])
    services.deal_confirm(match=_match(people), number=2, author=people["guest"])
    services.deal_propose(match=_match(people), number=1, entry=FIRST, author=people["player"])
    services.deal_record(match=_match(people), entry=THIRD, author=people["guest"])
    services.deal_record(match=_match(people), entry=FOURTH, author=people["scorer"])
    services.deal_reject(match=_match(people), number=4, reason="no such deal", author=people["player"])


def _waiting(match: Match) -> tuple[Any, ...]:
    sheet = selectors.sheet_waiting(match)
    return (sheet["totals"], sheet["settled_totals"], sheet["pending"], sheet["rejected"], sheet["proposals"],
            [(row["number"], row["status"], row["provisional"]) for row in sheet["rows"]])


def test_a_match_file_keeps_every_deal_s_status_and_the_table_s_steps(people) -> None:
    _every_state(people)
    original = _match(people)
    # 100 + 20 + 10, 5 - 120 + 10, 10 + 10 + 100; settled: as after deal 2 (deal 3 is pending).
    expected = ([130, -105, 120], [120, -115, 20], [3], [{"deal": 4, "reason": "no such deal"}],
                [{"deal": 1, "void": False}], [(1, "confirmed", False), (2, "confirmed", False), (3, "pending", True)])
    assert _waiting(original) == expected
    document = exports.match_document(original)
    assert document["confirmation"] is True and document["correction_window"] is None
    assert [(d.get("status"), d.get("seat"), d.get("reason")) for d in document["deals"]] == [
        (None, 1, None), (None, 1, None), ("pending", 2, None), ("rejected", 0, "no such deal")]
    assert document["deals"][0]["proposal"] == {"entry": services.canonical_entry(original, FIRST, 1), "seat": 1}
    assert [(h["kind"], h.get("reason")) for h in document["deals"][0]["history"]] == [
        ("recorded", None), ("rejected", "Борис had 7"), ("amended", None), ("confirmed", None), ("proposed", None)]

    copy_ = exports.match_import(owner=people["stranger"], document=document)
    assert (copy_.confirmation, copy_.correction_window) == (True, None)
    assert _waiting(copy_) == expected
    again = exports.match_document(copy_)
    for deal in (*document["deals"], *again["deals"]):
        for item in deal["history"]:
            del item["at"], item["author"], item["version"]
    assert again == document
    # The copy goes on as a match in confirmation mode: its owner corrects deal 3 at once.
    services.deal_replace(match=copy_, number=3, entry=THIRD, author=people["stranger"])
    assert selectors.sheet_waiting(Match.objects.get(pk=copy_.pk))["settled_totals"] == [130, -105, 120]


@pytest.mark.parametrize(("change", "field", "code"), [
    pytest.param(lambda d: d.pop("confirmation"), "deals[2].status", "no_confirmation", id="pending-without-mode"),
    pytest.param(lambda d: d["deals"][2].update(status="waiting"), "deals[2].status", "bad_status", id="bad-status"),
    pytest.param(lambda d: d["deals"][2].update(seat=3), "deals[2].seat", "bad_seat", id="no-such-seat"),
    pytest.param(lambda d: d["deals"][2].update(proposal={"entry": None, "seat": 0}), "deals[2].proposal",
                 "no_confirmation", id="proposal-on-a-pending-deal"),
    pytest.param(lambda d: d["deals"][3].update(reason=5), "deals[3].reason", "bad_type", id="reason-not-text"),
    pytest.param(lambda d: d.update(correction_window=0), "correction_window", "bad_correction_window",
                 id="window-of-0-minutes"),
    pytest.param(lambda d: d["deals"][3].pop("status"), "deals[3]", "history_mismatch",
                 id="rejected-in-the-history-not-in-the-deal"),
])
def test_a_match_file_with_confirmation_marks_that_do_not_hold_is_refused(people, change, field, code) -> None:
    _every_state(people)
    document = exports.match_document(_match(people))
    change(document)
    count = Match.objects.count()
    with pytest.raises(Rejected) as refused:
        exports.match_import(owner=people["stranger"], document=document)
    assert (field, code) in [(v.field, v.code) for v in refused.value.violations]
    assert Match.objects.count() == count


def test_a_match_file_imports_back_after_confirmation_mode_was_turned_off(people, api) -> None:
    """Finding 10 of the second security pass: the table's steps are history, made while the mode
    was on; a match that left the mode still comes back through its file, its sheet and history the
    same (the import refused it as no_confirmation)."""
    # Deal 1 pending, rejected, amended, confirmed; deal 2 confirmed; a change of deal 1 proposed
    # and applied; voiding deal 2 proposed and dropped. Then nothing waits, and the owner turns it off.
    services.deal_record(match=_match(people), entry=FIRST, author=people["player"])
    services.deal_reject(match=_match(people), number=1, reason="Борис had 7", author=people["guest"])
    services.deal_replace(match=_match(people), number=1, entry=AMENDED, author=people["player"])
    services.deal_confirm(match=_match(people), number=1, author=people["scorer"])
    services.deal_record(match=_match(people), entry=SECOND, author=people["player"])
    services.deal_confirm(match=_match(people), number=2, author=people["guest"])
    services.deal_propose(match=_match(people), number=1, entry=FIRST, author=people["player"])
    services.deal_confirm(match=_match(people), number=1, author=people["guest"])
    services.deal_propose(match=_match(people), number=2, void=True, author=people["player"])
    services.deal_reject(match=_match(people), number=2, reason="it was played", author=people["scorer"])
    services.match_confirmation(match=_match(people), confirmation=False, by=people["owner"])
    original = _match(people)

    exported = api.get(f"/api/matches/{original.pk}/export/")
    assert conforms(exported, "get", f"/api/matches/{original.pk}/export/") == 200  # every kind in the schema
    document = exported.json()
    assert "confirmation" not in document
    assert [[h["kind"] for h in deal["history"]] for deal in document["deals"]] == [
        ["recorded", "rejected", "amended", "confirmed", "proposed", "applied", "amended"],
        ["recorded", "confirmed", "proposed_void", "dropped"]]
    imported = api.post("/api/matches/import/", document, format="json")
    assert imported.status_code == 201, imported.json()
    copy_ = Match.objects.get(pk=imported.json()["id"])
    assert (copy_.confirmation, copy_.correction_window) == (False, None)
    assert _waiting(copy_) == _waiting(original)
    sheet = api.get(f"/api/matches/{original.pk}/scoresheet/").json()
    assert api.get(f"/api/matches/{copy_.pk}/scoresheet/").json() == sheet and sheet["totals"] == [120, -110, 20]
    again = api.get(f"/api/matches/{copy_.pk}/export/").json()
    for deal in (*document["deals"], *again["deals"]):
        for item in deal["history"]:
            del item["at"], item["author"], item["version"]
    assert again == document


def test_the_schema_lists_every_kind_of_history_step_in_the_file_and_the_answers() -> None:
    kinds = [kind for kind, _label in Revision.KINDS]
    for component in ("WriteInFile", "Revision"):
        kind = COMPONENTS[component]["properties"]["kind"]
        assert COMPONENTS[kind["$ref"].rsplit("/", 1)[1]]["enum"] == kinds
    # The marks of confirmation mode a file carries are named too.
    assert {"status", "reason", "seat", "proposal"} <= set(COMPONENTS["DealInFile"]["properties"])
    assert {"confirmation", "correction_window"} <= set(COMPONENTS["MatchDocument"]["properties"])
    assert "reason" in COMPONENTS["WriteInFile"]["properties"]


@pytest.mark.parametrize("lazy", [False, True])
def test_what_waits_is_overlaid_on_rows_read_now_or_later(lazy: bool) -> None:
    # Deal 2 of two waits: deal 1 is settled, deal 2 pending and provisional; the settled totals are
    # those after deal 1. Rows not read yet (the match page's) are read only when first used.
    stored = [{"number": 1, "totals": [10, -10]}, {"number": 2, "totals": [30, -30]}]
    reads: list[int] = []

    def read() -> list[dict[str, Any]]:
        reads.append(1)
        return stored

    neutral = {"totals": [30, -30], "rows": Rows(read) if lazy else stored}
    nothing = with_waiting(neutral, pending=[], rejected={}, proposals={})
    assert nothing["settled_totals"] == [30, -30] and nothing["pending"] == []
    assert reads == [] and isinstance(nothing["rows"], Rows) is lazy  # nothing waits: not read yet
    assert [r["status"] for r in nothing["rows"]] == ["confirmed", "confirmed"]
    assert len(reads) == (1 if lazy else 0)
    sheet = with_waiting(neutral, pending=[2], rejected={}, proposals={})
    assert sheet["settled_totals"] == [10, -10] and sheet["pending"] == [2]
    assert [(r["number"], r["status"], r["provisional"]) for r in sheet["rows"]] == [
        (1, "confirmed", False), (2, "pending", True)]
    assert len(reads) == (1 if lazy else 0)  # read once
