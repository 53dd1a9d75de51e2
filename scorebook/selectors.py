"""The reads every part shares: the caller's matches and players, one match or a 404, a match
watched through its share link, the sheet of a match (the cached replay, or the replay itself), the
state a deal is entered in, and a deal previewed on top of the match. Nothing here writes; the one
write path is ``scorebook.services``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404

from referee import roles
from referee.games import find_game
from referee.ledger import Rejected, Row, Sheet, Violation, replay
from scorebook import caches
from scorebook.models import Deal, Match, Member, Player, SheetRow
from scorebook.sheets import Rows, capped, is_fresh, neutral_sheet, neutral_stop, with_waiting


def matches_of(person: Any) -> QuerySet[Match]:
    """The matches *person* may read: a user's own and those he joined, a guest's one match. Every
    other match is out of sight (a 404, never a 403)."""
    if isinstance(person, Member):
        return Match.objects.filter(pk=person.match_id, members=person)
    if person is None or not getattr(person, "is_authenticated", False):
        return Match.objects.none()
    joined = Member.objects.filter(user=person).values("match_id")
    return Match.objects.filter(Q(owner=person) | Q(pk__in=joined))


def match_of(person: Any, pk: int) -> Match:
    """One match *person* may read. :raises Http404: no such match, or not his."""
    try:
        if isinstance(person, Member) or not getattr(person, "is_authenticated", False):
            return matches_of(person).get(pk=pk)
        # A user's: the match read by its key alone, then whether he may read it. Building the query
        # of ``matches_of`` (an OR over a subquery) cost more than running it, on every match page.
        match = Match.objects.get(pk=pk)
    except Match.DoesNotExist:
        raise Http404("no such match") from None
    if match.owner_id != person.pk and not _joined(match, person):
        raise Http404("no such match")
    return match


def match_kept(person: Any, pk: int, found: dict[str, Any]) -> Match:
    """``match_of`` for the match page and the poll: with a shared cache, the match's kept row when
    *found* (the entries ``caches.page_read`` or ``caches.poll_read`` read) holds one and says *person* may
    read it (his own, or he joined it: ``may_read_cached``), with no query; else as ``match_of``
    reads it, then kept for the next page. :raises Http404: (as ``match_of``)"""
    match = caches.kept_match(pk, found)
    if match is not None:
        if may_read_cached(caches.Seen.of(match), person, caches.joined_in(pk, found)):
            return match
        return match_of(person, pk)  # the database says whether he may
    match = match_of(person, pk)
    caches.keep_match(match, found)
    return match


def _joined(match: Match, user: Any) -> bool:
    """Whether *user* joined *match* (the shared cache's who joined, else the database's)."""
    joined = caches.members(match.pk)
    if joined is not None:
        return any(m.user_id == user.pk for m in joined)
    return Member.objects.filter(match=match, user=user).exists()


def match_to_write(person: Any, pk: int, found: dict[str, Any]) -> Match:
    """The match *person* writes to, for a write that reads it again locked and checks his role
    there (``services.deal_record``): when the cache alone says he may read it, the match known by
    its id, owner and game only (no query: a second read of the row cost as much as the locked one);
    else as ``match_of`` reads it. *found*: what the caller read of the cache for it
    (``caches.seen_read``). :raises Http404: (as ``match_of``)"""
    seen = caches.seen_in(pk, found)
    if seen is not None and may_read_cached(seen, person, caches.joined_in(pk, found)):
        return Match(pk=pk, owner_id=seen.owner, game=seen.game)
    return match_of(person, pk)


def role_of(match: Match, person: Any, joined: Sequence[Member | caches.Joined] | None = None) -> str | None:
    """*person*'s role at *match* (a user, or a guest's membership): None when he has none. *joined*:
    who joined the match, when the caller already has it from the cache."""
    if isinstance(person, Member):
        return person.role if person.match_id == match.pk and _still_member(person, joined) else None
    if person is None or not getattr(person, "is_authenticated", False):
        return None
    if match.owner_id == person.pk:
        return roles.OWNER
    joined = joined if joined is not None else caches.members(match.pk)
    if joined is not None:
        return next((m.role for m in joined if m.user_id == person.pk), None)
    return Member.objects.filter(match=match, user=person).values_list("role", flat=True).first()


def _still_member(member: Member, joined: Sequence[Member | caches.Joined] | None = None) -> bool:
    # A membership object read earlier (the guest's): removed or changed since, the table decides.
    joined = joined if joined is not None else caches.members(member.match_id)
    if joined is not None:
        current = next((m.role for m in joined if m.pk == member.pk), None)
    else:
        current = Member.objects.filter(pk=member.pk).values_list("role", flat=True).first()
    if current is not None:
        member.role = current
    return current is not None


def require(match: Match, person: Any, operation: str) -> str:
    """*person*'s role at *match* when it allows *operation*. :raises Http404: no role here (the
    same answer as no such match); PermissionDenied: a member whose role does not allow it."""
    role = role_of(match, person)
    if role is None:
        raise Http404("no such match")
    if not roles.may(role, operation):
        raise PermissionDenied("not allowed to %s at this match" % operation)
    return role


def guest_of(pk: int, key: str | None, joined: list[caches.Joined] | None = None) -> Member | None:
    """The guest whose browser holds *key* at match *pk* (None: no such guest, or removed). *joined*:
    who joined it, when the caller already has it from the cache."""
    if not key:
        return None
    if joined is not None:
        return next((m.member() for m in joined if m.guest_key == key and m.user_id is None), None)
    members = caches.members(pk)
    if members is not None:
        return next((m for m in members if m.guest_key == key and m.user_id is None), None)
    return Member.objects.filter(match_id=pk, guest_key=key, user__isnull=True).first()


def membership_of(match: Match, person: Any) -> Member | None:
    """*person*'s membership at *match* (the owner has none)."""
    if isinstance(person, Member):
        return person if person.match_id == match.pk else None
    if person is None or not getattr(person, "is_authenticated", False):
        return None
    return Member.objects.filter(match=match, user=person).first()


def members_of(match: Match) -> QuerySet[Member]:
    return match.members.select_related("user").order_by("joined_at", "id")


def invited(token: str) -> Match:
    """The match an invite link opens. :raises Http404: unknown or revoked invite."""
    try:
        return Match.objects.get(invite_token=token)
    except Match.DoesNotExist:
        raise Http404("no such invite") from None


def players_of(user: Any) -> QuerySet[Player]:
    """The people the caller has seated at his table (another owner's are out of sight)."""
    return Player.objects.filter(owner=user)


def watched(token: str) -> QuerySet[Match]:
    """The match a share link opens (none for an unknown or revoked token)."""
    return Match.objects.filter(share_token=token)


def watched_match(token: str) -> Match:
    """:raises Http404: no match is shared under *token*."""
    try:
        return watched(token).get()
    except Match.DoesNotExist:
        raise Http404("no such share link") from None


def version_of(matches: QuerySet[Match], pk: int | None = None) -> int:
    """A match's version alone (the polls' one query). :raises Http404:"""
    if pk is not None:
        matches = matches.filter(pk=pk)
    version = matches.values_list("version", flat=True).first()
    if version is None:
        raise Http404("no such match")
    return version


def my_version(user: Any, pk: int, read: tuple[caches.Seen | None, list[caches.Joined] | None] | None = None) -> int:
    """The version of one of the caller's matches for a poll: the cache's, with no query on the match,
    when the caller owns it or (a shared cache) joined it; else as ``version_of`` reads it. *read*:
    the match's entry and who joined it, when the caller already has them (``caches.seen_and_members``).
    :raises Http404: (as ``match_of``)"""
    seen, joined = read if read is not None else caches.seen_and_members(pk)[:2]  # one round trip to the cache
    if seen is not None and may_read_cached(seen, user, joined):
        return seen.version
    return version_of(matches_of(user), pk)


def may_read_cached(seen: caches.Seen, person: Any, joined: Sequence[Member | caches.Joined] | None = None) -> bool:
    """Whether the cache alone says *person* may read the match (False: ask the database). *joined*:
    who joined it, when the caller already has it from the cache (else read from it here if needed)."""
    if isinstance(person, Member):  # a guest, as ``guest_of`` found him (from the same entry)
        joined = joined if joined is not None else caches.members(seen.pk)
        return joined is not None and any(m.pk == person.pk for m in joined)
    user_pk = getattr(person, "pk", None)
    if user_pk is None or not getattr(person, "is_authenticated", False):
        return False
    if seen.owner == user_pk:
        return True
    joined = joined if joined is not None else caches.members(seen.pk)
    return joined is not None and any(m.user_id == user_pk for m in joined)


def watched_version(token: str) -> int:
    """The version of the match shared under *token*, from the cache. :raises Http404:"""
    seen = caches.seen_by_token(token)
    if seen is None:
        raise Http404("no such share link")
    return seen.version


def last_counted_deal(match: Match) -> int | None:
    """The number of the match's last deal not voided (what "undo" voids), or None."""
    return (match.deals.filter(voided=False).exclude(status=roles.REJECTED).order_by("-number")
            .values_list("number", flat=True).first())


def counts(deal: Deal) -> bool:
    """Whether *deal* is replayed: not voided, and not rejected (a pending one counts provisionally)."""
    return not deal.voided and deal.status != roles.REJECTED


# ---------------------------------------------------------------- confirmation mode


def window_open(match: Match, deals: Sequence[Deal], deal: Deal, now: datetime) -> bool:
    """Whether confirmed *deal* may still be corrected directly: until a later deal is confirmed, or
    for ``match.correction_window`` minutes after it was confirmed."""
    if deal.status != roles.CONFIRMED:
        return False
    if match.correction_window is not None:
        return deal.confirmed_at is not None and now < deal.confirmed_at + timedelta(minutes=match.correction_window)
    return not any(d.number > deal.number and d.status == roles.CONFIRMED for d in deals)


def wrote(deal: Deal, person: Any, membership: Member | None) -> bool:
    """Whether *person* (with their *membership* at the match) wrote *deal*'s entry in force."""
    if isinstance(person, Member):
        return deal.member_id == person.pk
    return (deal.author_id is not None and deal.author_id == getattr(person, "pk", None)) or (
        membership is not None and deal.member_id == membership.pk)


def proposed_by(proposal: Mapping[str, Any], person: Any, membership: Member | None) -> bool:
    """Whether *person* made *proposal* (``Deal.proposal``)."""
    if isinstance(person, Member):
        return proposal.get("member") == person.pk
    return (proposal.get("user") is not None and proposal.get("user") == getattr(person, "pk", None)) or (
        membership is not None and proposal.get("member") == membership.pk)


@dataclasses.dataclass(frozen=True)
class Waiting:
    """What waits at a match in confirmation mode, read at once from its deals (never kept in the
    cached sheet): the pending deals, the rejected ones with their reasons, the deals with a
    proposal (True: a void), and the seat each came from (None: someone without a seat)."""

    pending: tuple[int, ...] = ()
    rejected: Mapping[int, str] = dataclasses.field(default_factory=dict)
    proposals: Mapping[int, bool] = dataclasses.field(default_factory=dict)
    seats: Mapping[int, int | None] = dataclasses.field(default_factory=dict)


NOTHING_WAITS = Waiting()


def waiting(match: Match) -> Waiting:
    """The deals waiting for another seat at *match* (one query; none without confirmation mode)."""
    if not match.confirmation:
        return NOTHING_WAITS
    rows = (Deal.objects.filter(match=match).filter(~Q(status=roles.CONFIRMED) | Q(proposal__isnull=False))
            .order_by("number").values_list("number", "status", "reason", "proposal", "seat"))
    pending, rejected, proposals, seats = [], {}, {}, {}
    for number, status, reason, proposal, seat in rows:
        if status == roles.PENDING:
            pending.append(number)
            seats[number] = seat
        elif status == roles.REJECTED:
            rejected[number] = reason
        if proposal is not None:
            proposals[number] = proposal.get("entry") is None
            seats[number] = proposal.get("seat")
    return Waiting(tuple(pending), rejected, proposals, seats)


# ---------------------------------------------------------------- the sheet


def current_sheet(match: Match, deals: Sequence[Deal] | None = None) -> dict[str, Any]:
    """The match's sheet (neutral JSON): the cache when it was made under the game's rules version in
    force (``Match.sheet`` with its ``SheetRow``s: one query for the rows), else a replay.

    Never raises for the deals stored: when the rules refuse one of them now (it was entered under
    older rules), the sheet is the replay up to that deal and says so (``stopped_at``)."""
    if match.sheet is not None and is_fresh(match.game, match.sheet):
        if "rows" not in match.sheet:  # as stored: its rows are read once, kept on this object
            match.sheet = {**match.sheet, "rows": sheet_rows(match)}
        return match.sheet
    if deals is None:
        deals = list(match.deals.order_by("number"))
    # Kept on this object (not saved: a read never writes), so one request replays at most once.
    match.sheet = replay_deals(match, deals).neutral
    return match.sheet


def lazy_sheet(match: Match) -> dict[str, Any]:
    """``current_sheet`` whose cached rows are read when first used (``Rows``): a page whose parts are
    kept rendered per version needs none of them. Only for rendering: a ``Rows`` is no JSON."""
    if match.sheet is not None and is_fresh(match.game, match.sheet) and "rows" not in match.sheet:
        return {**match.sheet, "rows": Rows(lambda: current_sheet(match)["rows"])}
    return current_sheet(match)


def current_head(match: Match, deals: Sequence[Deal] | None = None) -> dict[str, Any]:
    """Where the match stands after its last deal (its totals, the referee's state, the winner,
    where the replay stopped…): ``current_sheet`` without reading the cached rows."""
    if match.sheet is not None and is_fresh(match.game, match.sheet):
        return match.sheet
    return current_sheet(match, deals)


def sheet_rows(match: Match) -> list[dict[str, Any]]:
    """The rows of *match*'s cached sheet, in order."""
    return list(SheetRow.objects.filter(match=match).order_by("number").values_list("row", flat=True))


def with_rows(matches: Sequence[Match]) -> None:
    """Read the rows of every fresh cached sheet among *matches* at once (one query), so that
    ``current_sheet`` reads none for them."""
    fresh = {m.pk: m for m in matches if m.sheet is not None and "rows" not in m.sheet and is_fresh(m.game, m.sheet)}
    if not fresh:
        return
    rows: dict[int, list[dict[str, Any]]] = {pk: [] for pk in fresh}
    for pk, row in (SheetRow.objects.filter(match_id__in=list(fresh)).order_by("match_id", "number")
                    .values_list("match_id", "row")):
        rows[pk].append(row)
    for pk, match in fresh.items():
        match.sheet = {**(match.sheet or {}), "rows": rows[pk]}


def counted_entries(match: Match, deals: Sequence[Deal]) -> list[tuple[int, Any]]:
    """The counted deals (voided ones skipped) read by the game. :raises Rejected: each with its deal."""
    counted, refused = _read_entries(match, deals)
    if refused:
        raise Rejected(refused)
    return counted


def _read_entries(match: Match, deals: Sequence[Deal]) -> tuple[list[tuple[int, Any]], list[Violation]]:
    """The counted deals read by the game, up to the first one it cannot read, and why it cannot."""
    module = find_game(match.game)
    counted = []
    for deal in deals:
        if not counts(deal):
            continue
        try:
            counted.append((deal.number, module.parse_entry(deal.entry, len(match.players))))
        except Rejected as rejected:
            return counted, [dataclasses.replace(v, deal=deal.number) for v in rejected.violations]
    return counted, []


def match_options(match: Match) -> Any:
    """The match's frozen options, read by its game."""
    module = find_game(match.game)
    return module.parse_options(match.options, None) if match.options else module.parse_options(None)


@dataclasses.dataclass(frozen=True)
class Replayed:
    """The replay of a match's deals: its sheet (neutral JSON and the referee's), and the deal it
    stopped at with every error found there (None and none when every counted deal fits)."""

    neutral: dict[str, Any]
    sheet: Sheet
    stopped: int | None
    errors: tuple[Violation, ...]


def replay_deals(match: Match, deals: Sequence[Deal]) -> Replayed:
    """Replay *deals* (voided ones skipped) up to the first deal the rules refuse, if any."""
    module = find_game(match.game)
    counted, refused = _read_entries(match, deals)
    sheet = replay(module, match_options(match), len(match.players), match.first_dealer, counted)
    # The replay stops at its first error; a deal that cannot even be read comes after the last
    # one read, so an error of the replay is always the earlier stop.
    errors = tuple(sheet.errors or refused)
    stopped = errors[0].deal if errors else None
    voided = [d.number for d in deals if d.voided]
    stop = None
    if stopped is not None:
        not_counted = [d.number for d in deals if counts(d) and d.number >= stopped]
        stop = neutral_stop(stopped, [v for v in errors if v.deal == stopped], not_counted)
    last_deal = max((d.number for d in deals), default=0)
    return Replayed(neutral_sheet(module, sheet, voided, stop, last_deal), sheet, stopped, errors)


def replay_match(match: Match, deals: Sequence[Deal]) -> tuple[dict[str, Any], Sheet]:
    """Replay *deals* (voided ones skipped). :raises Rejected: every error, each with its deal."""
    replayed = replay_deals(match, deals)
    if replayed.errors:
        raise Rejected(replayed.errors)
    return replayed.neutral, replayed.sheet


def state_before(match: Match, number: int) -> dict[str, Any]:
    """The referee's state (dumped) in which deal *number* is entered: the replay of the counted
    deals before it (who deals, who sits out, what lies in the pot…) — as far as they replay."""
    module = find_game(match.game)
    earlier = match.deals.filter(number__lt=number).order_by("number")
    sheet = replay(module, match_options(match), len(match.players), match.first_dealer,
                   _read_entries(match, list(earlier))[0])
    return module.dump_state(sheet.state)


# ---------------------------------------------------------------- a deal previewed


@dataclasses.dataclass(frozen=True)
class Preview:
    """A deal scored on top of the match with nothing written: the referee's row for it, or every
    error the replay finds (each with its deal)."""

    number: int  # the deal previewed: the next one, or the earlier one being edited
    entry: Mapping[str, Any]  # as the form sent it
    parsed: Any  # as the game read it (None when it cannot be read)
    row: Row | None  # None when refused
    errors: tuple[Violation, ...] = ()


def deal_preview(match: Match, entry: Mapping[str, Any], number: int | None = None) -> Preview:
    """*entry* scored as deal *number* (None: the next deal) among the match's other counted deals,
    as the services would replay it, and nothing stored. :raises Http404: no deal *number*."""
    module = find_game(match.game)
    deals = list(match.deals.order_by("number"))
    if number is None:
        number = (deals[-1].number if deals else 0) + 1
    elif all(deal.number != number for deal in deals):
        raise Http404("no such deal")
    try:
        parsed = module.parse_entry(entry, len(match.players))
        others = counted_entries(match, [deal for deal in deals if deal.number != number])
    except Rejected as rejected:
        return Preview(number, entry, None, None, tuple(capped(rejected.violations)))
    counted = sorted([*others, (number, parsed)], key=lambda pair: pair[0])
    sheet = replay(module, match_options(match), len(match.players), match.first_dealer, counted)
    if sheet.errors:
        return Preview(number, entry, parsed, None, tuple(capped(sheet.errors)))
    return Preview(number, entry, parsed, next(row for row in sheet.rows if row.number == number))


def waiting_deals(match: Match) -> list[Deal]:
    """The deals of *match* that wait for another seat or for their author: pending, rejected, or
    with a proposal (none without confirmation mode)."""
    if not match.confirmation:
        return []
    return list(Deal.objects.filter(match=match).filter(~Q(status=roles.CONFIRMED) | Q(proposal__isnull=False))
                .order_by("number"))


def sheet_waiting(match: Match, neutral: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The match's sheet (neutral JSON) with what waits overlaid at read time (``sheets.with_waiting``):
    the cached sheet on the match never holds a deal's status."""
    if neutral is None:
        neutral = current_sheet(match)
    found = waiting(match)
    start: Sequence[int] = ()
    if found.pending and not any(row["number"] < found.pending[0] for row in neutral["rows"]):
        module = find_game(match.game)
        start = module.initial_state(match_options(match), len(match.players), match.first_dealer).totals
    return with_waiting(neutral, found.pending, found.rejected, found.proposals, start)
