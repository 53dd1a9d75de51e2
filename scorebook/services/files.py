"""A match out of Scorebook and back in: the JSON document (players, frozen options, every entry
and its history), the sheet as CSV, and the import that replays a document's history.

The import replays the document's history write by write in the order the writes were made, in
memory, checking each write as ``services.deal_record`` / ``deal_replace`` / ``deal_void`` check
it: a deal recorded is folded onto the state after the last deal, a deal amended or voided replays
the match from it. So the same numbers, voided deals, history kinds and refusals come out as from
the services, in time linear in the file (but for its changes), and nothing is stored until the
whole file stands; then ``services.match_restored`` stores it in one short transaction.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext

from referee import roles
from referee.games import GAMES, find_game
from referee.ledger import Rejected, Sheet, Violation, _, error, fold
from scorebook import selectors, services
from scorebook.games import game_ui
from scorebook.models import Deal, Match, Revision
from scorebook.sheets import neutral_sheet

FORMAT = "scorebook-match"
VERSION = 1
# The keys of version 1. Anything else is refused by name, as API.md refuses unknown fields. A match
# in confirmation mode adds its table's options, each deal its status (and the reason it was
# rejected, the seat it came from, a change proposed for it) and the history its table's steps:
# a file without them is a match whose every deal is confirmed.
KEYS = {"format", "version", "game", "name", "players", "first_dealer", "preset", "options", "deals",
        "confirmation", "correction_window"}
DEAL_KEYS = {"number", "entry", "voided", "history", "status", "reason", "seat", "proposal"}
WRITE_KEYS = {"kind", "entry", "author", "at", "version", "reason"}
PROPOSAL_KEYS = {"entry", "seat"}
# What one file may cost: each write is folded or replays from the deal it changes.
MAX_WRITES = 1000
# The kinds of write a deal's history holds.
KINDS = frozenset(kind for kind, _label in Revision.KINDS)
# The steps of confirmation mode in a deal's history: they change what counts (a rejection) or
# nothing the sheet shows (the others), never an entry. A match without the mode may hold them: they
# were made while it was on (the owner turns it off once nothing waits), and a file always imports back.
TABLE_STEPS = (Revision.CONFIRMED, Revision.REJECTED, Revision.PROPOSED, Revision.PROPOSED_VOID, Revision.APPLIED,
               Revision.DROPPED)


# ---------------------------------------------------------------- export


def deals_with_history(match: Match) -> list[Deal]:
    """The match's deals in number order, each with its revisions and their authors: two queries."""
    revisions = Revision.objects.select_related("author", "member").order_by("id")
    return list(match.deals.order_by("number").prefetch_related(Prefetch("revisions", queryset=revisions)))


def match_document(match: Match, deals: Sequence[Deal] | None = None) -> dict[str, Any]:
    """The match as ``FORMAT`` version 1: everything needed to recreate it, history included."""
    if deals is None:
        deals = deals_with_history(match)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game,
        "name": match.name,
        "players": list(match.players),
        "first_dealer": match.first_dealer,
        "preset": match.preset,
        "options": match.options,
        "deals": [_deal_document(deal) for deal in deals],
    }
    if match.confirmation:
        document |= {"confirmation": True, "correction_window": match.correction_window}
    return document


def _deal_document(deal: Deal) -> dict[str, Any]:
    document = {
        "number": deal.number,
        "entry": deal.entry,
        "voided": deal.voided,
        "history": [{
            "kind": revision.kind,
            "entry": revision.entry,
            "author": revision.author.get_username() if revision.author else None,
            "at": revision.created_at.isoformat(),
            # The match's version after this write: the order the writes were made in.
            "version": revision.version,
            **({"reason": revision.reason} if revision.reason else {}),
        } for revision in deal.revisions.all()],
    }
    # Confirmation mode's marks, only where they say something (a confirmed deal from no seat has none).
    if deal.status != roles.CONFIRMED:
        document["status"] = deal.status
    if deal.reason:
        document["reason"] = deal.reason
    if deal.seat is not None:
        document["seat"] = deal.seat
    if deal.proposal is not None:
        document["proposal"] = {"entry": deal.proposal.get("entry"), "seat": deal.proposal.get("seat")}
    return document


def sheet_rows(match: Match) -> list[list[Any]]:
    """The sheet as a table: a header with the names, then one row per counted deal."""
    neutral = selectors.current_sheet(match)
    names = list(match.players)
    game = game_ui(match.game)
    header: list[Any] = [gettext("Deal"), gettext("Type"), gettext("Dealer")]
    for name in names:
        header += [gettext("%(name)s: deal") % {"name": name}, gettext("%(name)s: total") % {"name": name}]
    if game.tail_label:  # the column after the players on the sheet (the pot)
        header.append(str(game.tail_label))
    rows: list[list[Any]] = [header]
    for row in neutral["rows"]:
        dealer = row.get("dealer")
        line: list[Any] = [row["number"], row["type"],
                           names[dealer] if isinstance(dealer, int) and 0 <= dealer < len(names) else ""]
        for delta, total in zip(row["deltas"], row["totals"], strict=True):
            line += [delta, total]
        if game.tail_label:
            line.append(game.row_extras(row, len(names))["tail"])
        rows.append(line)
    return rows


# A spreadsheet runs a cell starting with one of these as a formula: a player named
# =HYPERLINK(…) would be a live link in the export (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """*value* as a cell no spreadsheet runs: text that could start a formula gets a leading '.
    Numbers are numbers (a −100 stays a number)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def sheet_csv(match: Match) -> str:
    """The sheet as CSV text starting with a BOM, so spreadsheet apps read the names as UTF-8."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([csv_cell(cell) for cell in row] for row in sheet_rows(match))
    return "\ufeff" + out.getvalue()


def export_filename(match: Match, extension: str) -> str:
    return f"scorebook-{match.game}-{match.pk}.{extension}"


# ---------------------------------------------------------------- import


@dataclasses.dataclass(frozen=True)
class _Write:
    """One write of the history, to be replayed: which deal, what kind, the text it wrote."""

    kind: str
    number: int
    entry: Any
    where: str  # the document path, for violations: "deals[2].history[1]"
    reason: str = ""


def _shape(document: Any) -> list[Violation]:
    """Every problem with the document's shape (not its rules: the services check those)."""
    if not isinstance(document, dict):
        return [error("bad_type", _("The file is not a Scorebook match (a JSON object is expected)."), None)]
    problems: list[Violation] = []
    if document.get("format") != FORMAT:
        problems.append(error("unknown_format", _("This is not a Scorebook match file (format “%(format)s”)."),
                              "format", format=str(document.get("format"))[:40]))
        return problems  # nothing else can be read from a file of another kind
    version = document.get("version")
    if isinstance(version, bool) or version != VERSION:
        problems.append(error("unknown_version", _("Version %(version)s of the match file is not known here."),
                              "version", version=str(version)[:20]))
        return problems
    problems += _unknown(document, KEYS, "")
    if document.get("game") not in GAMES:
        problems.append(error("unknown_game", _("There is no game called “%(game)s”."), "game",
                              game=str(document.get("game"))[:40]))
    for name, kinds, message in (
            ("name", (str,), _("The match name is text.")),
            ("preset", (str, type(None)), _("The preset is a name.")),
            ("options", (dict, type(None)), _("The options are an object of names and values.")),
    ):
        if name in document and not isinstance(document[name], kinds):
            problems.append(error("bad_type", message, name))
    if not isinstance(document.get("players"), list):
        problems.append(error("bad_type", _("Players are a list of names."), "players"))
    first_dealer = document.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        problems.append(error("bad_type", _("The first dealer must be one of the players."), "first_dealer"))
    if (bad := services.table_options_refused(document.get("confirmation", False),
                                              document.get("correction_window"))) is not None:
        problems.append(bad)
    deals = document.get("deals")
    if not isinstance(deals, list):
        problems.append(error("bad_type", _("The deals are a list."), "deals"))
        return problems
    seats = len(document["players"]) if isinstance(document.get("players"), list) else 0
    for index, deal in enumerate(deals):
        problems += _deal_shape(deal, index, seats, bool(document.get("confirmation", False)))
    return problems


def _unknown(found: dict[str, Any], known: set[str], prefix: str) -> list[Violation]:
    if found.keys() <= known:  # as nearly always: asked of every deal and every write of a file
        return []
    return [error("unknown_field", _("Unknown field “%(name)s”."), f"{prefix}{name}", name=str(name)[:40])
            for name in sorted(set(found) - known, key=str)]


def _deal_shape(deal: Any, index: int, seats: int, confirmation: bool) -> list[Violation]:
    where = f"deals[{index}]"
    if not isinstance(deal, dict):
        return [error("bad_type", _("Each deal is an object."), where)]
    problems = _unknown(deal, DEAL_KEYS, f"{where}.")
    number = deal.get("number")
    if isinstance(number, bool) or number != index + 1:
        problems.append(error("bad_number", _("Deals are numbered 1, 2, 3… in order: deal %(index)s has number "
                                              "%(number)s."), f"{where}.number", index=index + 1,
                              number=str(number)[:20]))
    if not isinstance(deal.get("entry"), dict):
        problems.append(error("bad_type", _("A deal's entry is an object."), f"{where}.entry"))
    if not isinstance(deal.get("voided", False), bool):
        problems.append(error("bad_type", _("“voided” is true or false."), f"{where}.voided"))
    problems += _marks_shape(deal, where, seats, confirmation)
    history = deal.get("history", [])
    if not isinstance(history, list):
        return [*problems, error("bad_type", _("A deal's history is a list."), f"{where}.history")]
    for position, item in enumerate(history):
        at = f"{where}.history[{position}]"
        if not isinstance(item, dict):
            problems.append(error("bad_type", _("Each write of the history is an object."), at))
            continue
        problems += _unknown(item, WRITE_KEYS, f"{at}.")
        if item.get("kind") not in KINDS:
            problems.append(error("bad_kind", _("A write is “recorded”, “amended” or “voided” (or a step of "
                                                "confirmation mode: “%(kinds)s”)."), f"{at}.kind",
                                  kinds="”, “".join(TABLE_STEPS)))
        elif (position == 0) != (item["kind"] == Revision.RECORDED):
            problems.append(error("bad_kind", _("A deal's history starts with “recorded”, and only once."),
                                  f"{at}.kind"))
        if item.get("kind") != Revision.VOIDED and not isinstance(item.get("entry"), dict):
            problems.append(error("bad_type", _("A deal's entry is an object."), f"{at}.entry"))
        version = item.get("version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            problems.append(error("bad_type", _("A write's version is a whole number."), f"{at}.version"))
        problems += _reason_shape(item, f"{at}.reason")
    return problems


def _marks_shape(deal: dict[str, Any], where: str, seats: int, confirmation: bool) -> list[Violation]:
    """A deal's marks of confirmation mode: its status, why it was rejected, its seat, a proposal."""
    problems = _reason_shape(deal, f"{where}.reason")
    status = deal.get("status", roles.CONFIRMED)
    if status not in roles.STATUSES:
        problems.append(error("bad_status", _("A deal's status is “confirmed”, “pending” or “rejected”."),
                              f"{where}.status"))
    elif status != roles.CONFIRMED and not confirmation:
        problems.append(error("no_confirmation", _("A deal waits for confirmation in a match without it."),
                              f"{where}.status"))
    problems += _seat_shape(deal.get("seat"), f"{where}.seat", seats)
    proposal = deal.get("proposal")
    if proposal is None:
        return problems
    if not isinstance(proposal, dict):
        return [*problems, error("bad_type", _("A proposal is an object: its entry (null: a void) and its seat."),
                                 f"{where}.proposal")]
    problems += _unknown(proposal, PROPOSAL_KEYS, f"{where}.proposal.")
    if not confirmation or status != roles.CONFIRMED:
        problems.append(error("no_confirmation", _("Only a confirmed deal of a match in confirmation mode has a "
                                                   "change proposed."), f"{where}.proposal"))
    if proposal.get("entry") is not None and not isinstance(proposal["entry"], dict):
        problems.append(error("bad_type", _("A deal's entry is an object."), f"{where}.proposal.entry"))
    return problems + _seat_shape(proposal.get("seat"), f"{where}.proposal.seat", seats)


def _seat_shape(seat: Any, where: str, seats: int) -> list[Violation]:
    if seat is None or (not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < seats):
        return []
    return [error("bad_seat", _("A seat is one of the players' (0 to %(high)s), or null."), where,
                  high=max(seats - 1, 0))]


def _reason_shape(found: dict[str, Any], where: str) -> list[Violation]:
    reason = found.get("reason", "")
    if reason == "":  # no reason, as nearly always
        return []
    if not isinstance(reason, str):
        return [error("bad_type", _("A reason is text."), where)]
    bad = services.text_refused(reason, services.MAX_REASON, where)
    return [] if bad is None else [bad]


def _writes(deals: list[dict[str, Any]]) -> list[_Write]:
    """The document's writes in the order they were made: by the match version each one left,
    when every write carries it; otherwise deal by deal. A deal without a history was written
    straight in: it is recorded (and voided) as it stands."""
    timeline: list[tuple[Any, _Write]] = []
    dated = True
    for index, deal in enumerate(deals):
        history = deal.get("history") or [
            {"kind": Revision.RECORDED, "entry": deal["entry"]},
            *([{"kind": Revision.VOIDED}] if deal.get("voided") else []),
        ]
        for position, item in enumerate(history):
            dated = dated and isinstance(item.get("version"), int)
            write = _Write(item["kind"], index + 1, item.get("entry"), f"deals[{index}].history[{position}]",
                           item.get("reason", ""))
            timeline.append((item.get("version"), write))
    if dated:
        timeline.sort(key=lambda pair: pair[0])  # stable: ties keep the document's order
    return [write for _version, write in timeline]


def _at(where: str, violations: Iterable[Violation]) -> list[Violation]:
    """The replay's violations, each pointing at the write of the document that caused it."""
    return [dataclasses.replace(v, field=f"{where}.entry.{v.field}" if v.field else where)
            for v in violations]


class _Replaying:
    """The imported match in memory, as the services would store it write by write: its deals
    (each ``Deal``'s values by field name, as ``services.match_restored`` stores them), the state
    each deal is entered in, the state after the last deal, and the writes made (each its
    ``Revision``'s values and its deal's number, in order). Each write is checked as the services
    check it; a refusal raises what they raise."""

    def __init__(self, new: services.NewMatch):
        self.match = new.unsaved()
        self.module = find_game(new.game)
        self.seats = len(new.players)
        self.deals: list[dict[str, Any]] = []
        self.parsed: list[Any] = []
        self.read: list[Any] = []  # each deal's entry as the file wrote it, for _check_same
        self.before: list[Any] = []
        self.folded: list[Sheet | None] = []  # each deal's fold (its row, its warnings); None: voided
        self.state = self.module.initial_state(new.options, self.seats, new.first_dealer)
        self.history: list[dict[str, Any]] = []
        self.rejected: set[int] = set()  # confirmation mode: the deals rejected, counted for nothing

    def record(self, entry: Any) -> int:
        """Deal appended, folded onto the state after the last deal: its number."""
        number = len(self.deals) + 1
        canonical, parsed = services.entry_read(self.match, entry, number)
        deal = {"number": number, "entry": canonical, "voided": False}
        folded = self._folded(self.state, number, parsed)
        self.deals.append(deal)
        self.parsed.append(parsed)
        self.read.append(entry)
        self.before.append(self.state)
        self.folded.append(folded)
        self.state = folded.state
        self._written(deal, Revision.RECORDED)
        return number

    def amend(self, number: int, entry: Any) -> None:
        deal = self._find(number)
        deal["entry"], self.parsed[number - 1] = services.entry_read(self.match, entry, number)
        deal["voided"], self.read[number - 1] = False, entry
        self.rejected.discard(number)  # a rejected deal amended counts again (pending or confirmed)
        self._replayed_from(number)
        self._written(deal, Revision.AMENDED)

    def void(self, number: int) -> None:
        deal = self._find(number)
        if deal["voided"]:
            raise Rejected([services.already_voided(number)])
        deal["voided"] = True
        self.rejected.discard(number)
        self._replayed_from(number)
        self._written(deal, Revision.VOIDED)

    def reject(self, number: int, reason: str) -> None:
        """Confirmation mode: deal *number* rejected, counted for nothing until it is amended."""
        deal = self._find(number)
        if number in self.rejected:
            raise Rejected([error("bad_kind", _("Deal %(number)s is rejected twice."), None, number=number)])
        self.rejected.add(number)
        self._replayed_from(number)
        self._written(deal, Revision.REJECTED, reason=reason)

    def step(self, kind: str, number: int, entry: Any, reason: str) -> None:
        """Confirmation mode: a step that changes no entry and nothing counted (a confirmation, a
        proposal made, applied or dropped), kept in the history with the entry it names."""
        deal = self._find(number)
        named = services.canonical_entry(self.match, entry, number) if isinstance(entry, dict) else deal["entry"]
        self.history.append({"number": number, "kind": kind, "entry": named, "reason": reason})

    def _find(self, number: int) -> dict[str, Any]:
        if not 1 <= number <= len(self.deals):
            raise services.DealNotFound(number)
        return self.deals[number - 1]

    def _replayed_from(self, number: int) -> None:
        """Replay the deals from *number* on, from the state it is entered in (the deals before it
        replayed already: the replay of the whole match finds its first error at or after it)."""
        state = self.before[number - 1]
        for index in range(number - 1, len(self.deals)):
            self.before[index] = state
            counted = not self.deals[index]["voided"] and index + 1 not in self.rejected
            folded = self._folded(state, index + 1, self.parsed[index]) if counted else None
            self.folded[index] = folded
            state = state if folded is None else folded.state
        self.state = state

    def _folded(self, state: Any, number: int, parsed: Any) -> Sheet:
        sheet = fold(self.module, state, [(number, parsed)])
        if sheet.errors:
            raise Rejected(sheet.errors)
        return sheet

    def neutral(self) -> dict[str, Any]:
        """The match's sheet as the replay of its deals gives it (``selectors.replay_deals``): the
        folds of its counted deals end to end, each the replay's own step, so the import replays
        its deals once, not twice."""
        counted = [folded for folded in self.folded if folded is not None]
        sheet = Sheet(tuple(row for folded in counted for row in folded.rows), self.state,
                      tuple(v for folded in counted for v in folded.violations))
        return neutral_sheet(self.module, sheet, [deal["number"] for deal in self.deals if deal["voided"]],
                             last_deal=len(self.deals))

    def _written(self, deal: dict[str, Any], kind: str, reason: str = "") -> None:
        self.history.append({"number": deal["number"], "kind": kind, "entry": deal["entry"], "reason": reason})


def match_import(*, owner: Any, document: Any) -> Match:
    """Recreate the match *document* describes, owned by *owner*: its history replayed in memory
    and checked write by write, then stored at once. A refusal anywhere stores nothing. :raises
    Rejected:"""
    if problems := _shape(document):
        raise Rejected(problems)
    writes = _writes(document["deals"])
    if len(writes) > MAX_WRITES:
        raise Rejected([error("too_long", _("A match file holds at most %(count)s writes."), "deals",
                              count=MAX_WRITES)])
    new = services.match_checked(
        game=document["game"], players=document["players"], first_dealer=document.get("first_dealer", 0),
        preset=document.get("preset"), options=document.get("options"), name=document.get("name") or "")
    replaying = _Replaying(new)
    for write in writes:
        try:
            if write.kind == Revision.RECORDED:
                if replaying.record(write.entry) != write.number:
                    raise Rejected([error("bad_order", _("Deal %(number)s is recorded before the deals under it."),
                                          None, number=write.number)])
            elif write.kind == Revision.AMENDED:
                replaying.amend(write.number, write.entry)
            elif write.kind == Revision.VOIDED:
                replaying.void(write.number)
            elif write.kind == Revision.REJECTED:
                replaying.reject(write.number, write.reason)
            else:
                replaying.step(write.kind, write.number, write.entry, write.reason)
        except Rejected as rejected:
            raise Rejected(_at(write.where, rejected.violations)) from None
        except services.DealNotFound:
            raise Rejected([error("bad_order", _("Deal %(number)s is changed before it is recorded."), write.where,
                                  number=write.number)]) from None
    _check_same(replaying, document["deals"])
    _marked(replaying, document["deals"])
    sheet = replaying.neutral()
    return services.match_restored(owner=owner, new=new, deals=replaying.deals, history=replaying.history,
                                   sheet=sheet, confirmation=document.get("confirmation", False),
                                   correction_window=document.get("correction_window"))


def _marked(replaying: _Replaying, deals: list[dict[str, Any]]) -> None:
    """Each deal's marks of confirmation mode as the file gives them. The time a deal was confirmed
    is not in the file: a window of minutes is closed for every imported deal."""
    for deal, given in zip(replaying.deals, deals, strict=True):
        deal |= {"status": given.get("status", roles.CONFIRMED), "reason": given.get("reason", ""),
                 "seat": given.get("seat"), "proposal": None}
        proposal = given.get("proposal")
        if proposal is not None:
            entry = proposal.get("entry")
            number = deal["number"]
            try:
                entry = services.canonical_entry(replaying.match, entry, number) if entry is not None else None
            except Rejected as rejected:
                raise Rejected(_at(f"deals[{number - 1}].proposal", rejected.violations)) from None
            deal["proposal"] = {"entry": entry, "seat": proposal.get("seat"), "user": None, "member": None}


def _check_same(replaying: _Replaying, deals: list[dict[str, Any]]) -> None:
    """The replayed history must end where the document says each deal stands."""
    module, seats = replaying.module, replaying.seats
    stored = {deal["number"]: deal for deal in replaying.deals}
    problems: list[Violation] = []
    for index, deal in enumerate(deals):
        mine = stored.get(index + 1)
        try:
            expected = mine["entry"] if mine is not None and _same_text(deal["entry"], replaying.read[index]) \
                else module.dump_entry(module.parse_entry(deal["entry"], seats))
        except Rejected as rejected:
            problems += _at(f"deals[{index}]", rejected.violations)
            continue
        said_rejected = deal.get("status") == roles.REJECTED
        if (mine is None or mine["entry"] != expected or mine["voided"] != bool(deal.get("voided", False))
                or (mine["number"] in replaying.rejected) != said_rejected):
            problems.append(error("history_mismatch", _("Deal %(number)s: its history does not end in the entry "
                                                        "the file gives."), f"deals[{index}]", number=index + 1))
    if problems:
        raise Rejected(problems)


def _same_text(one: Any, other: Any) -> bool:
    """The same JSON, so the same entry once read: the replay's reading stands for the file's. As
    text, since 1 == True == 1.0 in Python but not to the referee."""
    return one is other or json.dumps(one) == json.dumps(other)
