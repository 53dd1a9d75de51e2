"""A deal recorded, amended or voided, and the steps every write of a deal is made of.

Each write runs in one transaction (``written_once``): the match's row locked
(``select_for_update``: PostgreSQL's row lock; SQLite's IMMEDIATE transaction holds the write lock
already), the acting person's role read from the database under that lock (so a change of the
table's options or of his role can never race the write), the version compared, then the match
replayed through its rule module — and nothing stored when the replay refuses. The new version is
stored compared and swapped over the one claimed (``matches.row_stored``), and the cache told once
(``caches.match_changed``).

A deal appended is the exception to the whole replay: it is folded onto the state its match's
cached sheet keeps after the last deal (``Match.sheet``, small: the rows are apart), and its row is
added as one ``SheetRow``, so that a write costs the same at deal 500 as at deal 10. The fold gives
exactly what the replay gives (``referee.ledger.fold``); where the cached sheet cannot be trusted
for it (made by other rules, stopped at a deal the rules refuse, not made of every stored deal),
the match is replayed and its rows are all written again.

In confirmation mode an amendment or a void is taken at once, makes the deal pending again or is
kept as a proposal (``roles.correction``); the table's own steps are ``services.confirmation``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from referee import roles
from referee.games import find_game
from referee.ledger import Rejected, Violation, _, error, fold
from scorebook import caches
from scorebook.errors import ClientIdReused, DealNotFound, NotAllowed, NotFound, VersionConflict
from scorebook.models import Deal, Match, Member, Revision, SheetRow
from scorebook.selectors import current_head, membership_of, replay_deals, role_of, window_open, wrote
from scorebook.services.matches import MAX_CLIENT_ID, allowed, row_stored, sheet_stored, text_refused
from scorebook.sheets import neutral_rows, neutral_tail, rules_stamp


@dataclasses.dataclass(frozen=True)
class Written:
    """What a deal write did: the deal, the match's new sheet (neutral JSON), its warnings, and
    whether it was a re-sent write answered from the history (nothing new stored). An append also
    carries its row (neutral JSON): the match's sheet is the one before with that row added."""

    deal: Deal
    match: Match
    warnings: tuple[Violation, ...] = ()
    repeated: bool = False
    row: dict[str, Any] | None = None


# Is the write of this revision the write asked for now? (Then the client id is a re-send.)
SameWrite = Callable[[Revision], bool]
# What a write asks of the person's role, once the match it writes is locked (and known as it is).
Operations = Callable[[Match], Sequence[str]]
Answer = TypeVar("Answer")


# ---------------------------------------------------------------- the transaction of a write


def written_once(write: Callable[[Match], Answer], *, match: Match, author: Any, operations: Operations,
                 expected_version: int | None, client_id: str | None, same: SameWrite | None) -> Answer | Written:
    """Run *write* on *match* claimed: locked, the person's role allowing every one of its
    *operations* (read from the database now), its version compared with *expected_version* and
    moved on by one (stored by the write). A write whose client id the history holds already is
    answered from there, and nothing is written.
    :raises NotFound, NotAllowed, VersionConflict, ClientIdReused, Rejected:"""
    check_client_id(client_id)
    try:
        with transaction.atomic():
            claimed = _locked(match)
            for operation in operations(claimed):
                allowed(claimed, author, operation)
            if same is not None and (done := repeated(claimed, client_id, same)) is not None:
                return done
            if expected_version is not None and claimed.version != expected_version:
                raise VersionConflict(claimed)
            claimed.version += 1
            return write(claimed)
    except IntegrityError:
        # Two writes of one client id that raced past each other (the history's constraint): the
        # other's answer is this one's.
        fresh = Match.objects.filter(pk=match.pk).first()
        if fresh is not None and same is not None and (done := repeated(fresh, client_id, same)) is not None:
            return done
        raise


def _locked(match: Match) -> Match:
    """*match* read again under its row lock, with the number of its last deal stored (what an
    append folds onto). :raises NotFound: gone meanwhile"""
    last = Deal.objects.filter(match=OuterRef("pk")).order_by("-number").values("number")[:1]
    claimed = Match.objects.select_for_update().annotate(last_stored=Subquery(last)).filter(pk=match.pk).first()
    if claimed is None:
        raise NotFound("no such match")
    return claimed


def repeated(claimed: Match, client_id: str | None, same: SameWrite) -> Written | None:
    """The write the history holds under *client_id*, answered again (None: there is none).
    :raises ClientIdReused: the history's write with that id did something else."""
    if not client_id:
        return None
    revision = Revision.objects.filter(match=claimed, client_id=client_id).select_related("deal").first()
    if revision is None:
        return None
    revision.match = claimed  # what *same* reads the entry with
    if not same(revision):
        raise ClientIdReused(claimed, client_id)
    return Written(deal=revision.deal, match=claimed, repeated=True)


def check_client_id(client_id: str | None) -> None:
    if client_id and (problem := text_refused(client_id, MAX_CLIENT_ID, "client_id")) is not None:
        raise Rejected([problem])


def same_entry(match: Match, revision: Revision, kind: str, entry: Any) -> bool:
    """*revision* is a write of *kind* that left the entry *entry* reads as (canonical: "10♥" and
    "10H" are one card)."""
    if revision.kind != kind:
        return False
    try:
        return canonical_entry(match, entry, revision.deal.number) == revision.entry
    except Rejected:
        return False


# ---------------------------------------------------------------- the canonical entry


def canonical_entry(match: Match, entry: Any, number: int) -> dict[str, Any]:
    """*entry* as deal *number* of *match* stores it (read by the game, written back: "10♥" and
    "10H" are one card). :raises Rejected: each violation with the deal's number."""
    return entry_read(match, entry, number)[0]


def entry_read(match: Match, entry: Any, number: int) -> tuple[dict[str, Any], Any]:
    """*entry* as deal *number* of *match* stores it, and as its game reads it: one reading for
    both (the import's). :raises Rejected: each violation with the deal's number."""
    module = find_game(match.game)
    try:
        parsed = module.parse_entry(entry, len(match.players))
        return module.dump_entry(parsed), parsed
    except Rejected as rejected:
        raise Rejected([dataclasses.replace(v, deal=number) for v in rejected.violations]) from None


def entry_operations(entry: Any) -> list[str]:
    """What writing *entry* asks of a role besides the write itself: a penalty is a ruling
    (``roles.PENALTY``), whichever way it comes in (recorded, amended, proposed)."""
    return [roles.PENALTY] if roles.write_operation(entry) == roles.PENALTY else []


# ---------------------------------------------------------------- who wrote it


def author_user(author: Any) -> Any:
    """The account behind a write (a guest has none)."""
    if author is None or isinstance(author, Member) or not getattr(author, "pk", None):
        return None
    return author


def author_guest(author: Any) -> Member | None:
    return author if isinstance(author, Member) else None


def _entered(match: Match, author: Any) -> dict[str, Any]:
    """A new deal's authorship and status: who wrote it, from which seat, pending in confirmation
    mode (the seat is asked for only then: it is what a confirmation is checked against)."""
    membership = membership_of(match, author) if match.confirmation and author is not None else None
    return {"author": author_user(author), "member": author_guest(author),
            "seat": membership.seat if membership is not None else None,
            "status": roles.PENDING if match.confirmation else roles.CONFIRMED}


# ---------------------------------------------------------------- storing a write


def find_deal(deals: Sequence[Deal], number: int) -> Deal:
    for deal in deals:
        if deal.number == number:
            return deal
    raise DealNotFound(number)


def stopped_at(match: Match, deals: Sequence[Deal]) -> int | None:
    """The deal the match's replay stops at before this write (None: every deal fits the rules)."""
    return (current_head(match, deals).get("stopped_at") or {}).get("deal")


def warnings_for(sheet: Any, number: int) -> tuple[Violation, ...]:
    return tuple(v for v in sheet.violations if not v.is_error and v.deal == number)


def save_replayed(match: Match, deals: Sequence[Deal], changed: Deal, kind: str, author: Any,
                  client_id: str | None, stopped_before: int | None, reason: str = "",
                  always: bool = False) -> Written:
    """*changed*, one of *deals*, stored with its revision of *kind*, and the match replayed and
    stored with its new sheet. :raises Rejected: the replay refuses it (unless *always*)"""
    replayed = replay_deals(match, deals)
    # RULES.md: a write "is refused when the replay would make a later deal invalid". A match
    # whose stored deals the rules refuse now (entered under older rules) must still be mended:
    # a write that lets the replay get further than before is accepted, one that does not is not.
    if not always and replayed.stopped is not None and (stopped_before is None or replayed.stopped <= stopped_before):
        raise Rejected(replayed.errors)
    changed.save()
    Revision.objects.create(match=match, deal=changed, kind=kind, entry=changed.entry, version=match.version,
                            author=author_user(author), member=author_guest(author), client_id=client_id or None,
                            reason=reason)
    sheet_stored(match, replayed.neutral)
    row_stored(match, sheet=replayed.neutral, finished=replayed.neutral["finished"])
    caches.match_changed(match)
    return Written(deal=changed, match=match, warnings=warnings_for(replayed.sheet, changed.number))


def status_written(match: Match, deal: Deal, kind: str, author: Any, client_id: str | None,
                   entry: dict[str, Any] | None = None, reason: str = "") -> None:
    """A write that leaves the sheet as it was (a confirmation, a proposal made or dropped): in the
    history, and every phone sees the new version."""
    Revision.objects.create(match=match, deal=deal, kind=kind, entry=entry if entry is not None else deal.entry,
                            version=match.version, author=author_user(author), member=author_guest(author),
                            client_id=client_id or None, reason=reason)
    row_stored(match)
    caches.match_changed(match)


# ---------------------------------------------------------------- a deal recorded


def deal_record(*, match: Match, entry: Any, expected_version: int | None = None,
                client_id: str | None = None, author: Any = None) -> Written:
    """Append a deal: folded onto the cached sheet's state, or the match replayed when that sheet
    cannot be folded onto. :raises VersionConflict, Rejected, NotAllowed, NotFound:"""

    def write(claimed: Match) -> Written:
        if (appended := _append(claimed, entry, author, client_id)) is not None:
            return appended
        deals = list(claimed.deals.order_by("number"))
        stopped = stopped_at(claimed, deals)
        number = (deals[-1].number if deals else 0) + 1
        new = Deal(match=claimed, number=number, entry=canonical_entry(claimed, entry, number),
                   **_entered(claimed, author))
        return save_replayed(claimed, [*deals, new], new, Revision.RECORDED, author, client_id, stopped)

    return written_once(write, match=match, author=author, operations=lambda claimed: [roles.write_operation(entry)],
                        expected_version=expected_version, client_id=client_id,
                        same=lambda revision: same_entry(revision.match, revision, Revision.RECORDED, entry))


def _append(claimed: Match, entry: Any, author: Any, client_id: str | None) -> Written | None:
    """The deal folded onto the state the cached sheet keeps after the last deal, its row added to
    that sheet's rows. None when the sheet cannot be folded onto: the caller replays the match.
    :raises Rejected: what the replay would refuse (the fold is the replay's own step)."""
    module = find_game(claimed.game)
    last = getattr(claimed, "last_stored", None) or 0  # annotated by ``_locked``
    head = claimed.sheet
    if not isinstance(head, dict) or "rows" in head:  # no sheet cached, or not one this code stored
        return None
    if head.get("engine") != rules_stamp(module) or head.get("stopped_at") is not None or head.get("last_deal") != last:
        return None
    number = last + 1
    # Read once: the entry as stored and as the game reads it (each game's entries round-trip).
    canonical, parsed = entry_read(claimed, entry, number)
    try:
        state = module.load_state(head["state"])
    except (KeyError, TypeError, ValueError):  # a sheet this code did not write: replay
        return None
    sheet = fold(module, state, [(number, parsed)])
    if sheet.errors:
        raise Rejected(sheet.errors)
    deal = Deal.objects.create(match=claimed, number=number, entry=canonical, **_entered(claimed, author))
    Revision.objects.create(match=claimed, deal=deal, kind=Revision.RECORDED, entry=canonical,
                            version=claimed.version, author=author_user(author), member=author_guest(author),
                            client_id=client_id or None)
    row = neutral_rows(sheet)[0]
    SheetRow.objects.create(match=claimed, number=number, row=row)
    head = {**head, **neutral_tail(module, sheet.state, number, number)}
    row_stored(claimed, sheet=head, finished=sheet.state.finished)
    # The rows are read when the whole sheet is asked for (the API's answer).
    claimed.sheet, claimed.finished = head, sheet.state.finished
    caches.match_changed(claimed)
    return Written(deal=deal, match=claimed, warnings=warnings_for(sheet, number), row=row)


# ---------------------------------------------------------------- a deal amended or voided


def already_voided(number: int) -> Violation:
    return error("already_voided", _("Deal %(number)s is already voided."), None, number=number)


def deal_replace(*, match: Match, number: int, entry: Any, expected_version: int | None = None,
                 client_id: str | None = None, author: Any = None) -> Written:
    """Replace deal *number*'s entry (a voided deal counts again) and replay the whole match. In
    confirmation mode the deal is pending again, or the amendment is a proposal
    (``roles.correction``): ``Written.deal.proposal`` then holds it.

    :raises DealNotFound, VersionConflict, Rejected, NotAllowed, NotFound: (a later deal made
    invalid included)
    """

    def operations(claimed: Match) -> list[str]:
        return [roles.READ if claimed.confirmation else roles.AMEND, *entry_operations(entry)]

    def write(claimed: Match) -> Written:
        deals = list(claimed.deals.order_by("number"))
        deal = find_deal(deals, number)
        canonical = canonical_entry(claimed, entry, number)
        how = _correction(claimed, deals, deal, author)
        if how == roles.PROPOSAL:
            return propose(claimed, deals, deal, canonical, author, client_id)
        stopped = stopped_at(claimed, deals)
        deal.entry = canonical
        deal.voided = False
        _corrected(claimed, deal, how, author)
        return save_replayed(claimed, deals, deal, Revision.AMENDED, author, client_id, stopped)

    def same(revision: Revision) -> bool:
        return revision.deal.number == number and any(
            same_entry(revision.match, revision, kind, entry) for kind in (Revision.AMENDED, Revision.PROPOSED))

    return written_once(write, match=match, author=author, operations=operations, expected_version=expected_version,
                        client_id=client_id, same=same)


def deal_void(*, match: Match, number: int, expected_version: int | None = None,
              client_id: str | None = None, author: Any = None) -> Written:
    """Void deal *number*: it stays in the history, counts for nothing (in confirmation mode: pending
    again, or a proposal, as ``deal_replace``). :raises DealNotFound, VersionConflict, Rejected:
    (already voided, or a later deal made invalid), NotAllowed, NotFound"""

    def write(claimed: Match) -> Written:
        deals = list(claimed.deals.order_by("number"))
        deal = find_deal(deals, number)
        if deal.voided:
            raise Rejected([already_voided(number)])
        how = _correction(claimed, deals, deal, author)
        if how == roles.PROPOSAL:
            return propose(claimed, deals, deal, None, author, client_id)
        stopped = stopped_at(claimed, deals)
        deal.voided = True
        _corrected(claimed, deal, how, author)
        return save_replayed(claimed, deals, deal, Revision.VOIDED, author, client_id, stopped)

    return written_once(write, match=match, author=author,
                        operations=lambda claimed: [roles.READ if claimed.confirmation else roles.VOID],
                        expected_version=expected_version, client_id=client_id,
                        same=lambda revision: revision.deal.number == number
                        and revision.kind in (Revision.VOIDED, Revision.PROPOSED_VOID))


# ---------------------------------------------------------------- corrections in confirmation mode


def _correction(match: Match, deals: Sequence[Deal], deal: Deal, author: Any) -> str:
    """How *author*'s amendment or void of *deal* is taken (``roles.correction``): at once without
    confirmation mode or for the site itself. :raises NotAllowed:"""
    if not match.confirmation or author is None:
        return roles.AT_ONCE
    how = roles.correction(role_of(match, author), deal.status, window_open(match, deals, deal, timezone.now()),
                           wrote(deal, author, membership_of(match, author)))
    if how is None:
        raise NotAllowed("not allowed to correct this deal")
    return how


def _corrected(match: Match, deal: Deal, how: str, author: Any) -> None:
    """*deal* corrected directly: it counts at once (confirmed), or is pending again as *author*'s
    entry. Any proposal waiting for it is dropped (it was made for the entry before)."""
    deal.proposal, deal.reason = None, ""
    if how == roles.AT_ONCE:
        if deal.status != roles.CONFIRMED:
            deal.status, deal.confirmed_at = roles.CONFIRMED, timezone.now()
        return
    membership = membership_of(match, author)
    deal.status, deal.confirmed_at = roles.PENDING, None
    deal.author, deal.member = author_user(author), author_guest(author)
    deal.seat = membership.seat if membership is not None else None


def propose(match: Match, deals: Sequence[Deal], deal: Deal, entry: dict[str, Any] | None, author: Any,
            client_id: str | None) -> Written:
    """Keep *entry* (None: a void) beside confirmed *deal* as *author*'s proposal: the entry in force
    counts until another seat confirms it. Refused when the replay would refuse it.
    :raises Rejected:"""
    if deal.status != roles.CONFIRMED:
        raise Rejected([error("not_confirmed", _("Deal %(number)s is not confirmed yet: confirm or reject it."),
                              None, number=deal.number)])
    if deal.proposal is not None:
        raise Rejected([error("proposal_waiting",
                              _("A change of deal %(number)s is already proposed: confirm or reject it first."),
                              None, number=deal.number)])
    if entry is None and deal.voided:
        raise Rejected([already_voided(deal.number)])
    _replayed_with(match, deals, deal, entry)
    membership = membership_of(match, author) if author is not None else None
    deal.proposal = {"entry": entry, "seat": membership.seat if membership is not None else None,
                     "user": getattr(author_user(author), "pk", None), "member": membership.pk if membership else None}
    deal.save(update_fields=["proposal", "updated_at"])
    kind = Revision.PROPOSED if entry is not None else Revision.PROPOSED_VOID
    status_written(match, deal, kind, author, client_id, entry=entry)
    return Written(deal=deal, match=match)


def _replayed_with(match: Match, deals: Sequence[Deal], deal: Deal, entry: dict[str, Any] | None) -> None:
    """What the replay says of *deal* with *entry* (None: voided) in force, nothing stored.
    :raises Rejected: as ``save_replayed`` would refuse that write."""
    changed = Deal(pk=deal.pk, match=match, number=deal.number, entry=entry or deal.entry, voided=entry is None,
                   status=deal.status)
    stopped = stopped_at(match, deals)
    replayed = replay_deals(match, [changed if d.number == deal.number else d for d in deals])
    if replayed.stopped is not None and (stopped is None or replayed.stopped <= stopped):
        raise Rejected(replayed.errors)
