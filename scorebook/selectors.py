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

from django.db.models import Q, QuerySet
from django.utils import timezone

from referee import roles
from referee.games import find_game
from referee.ledger import Rejected, Sheet, Violation, replay
from scorebook import caches
from scorebook.errors import InviteExpired, NotAllowed, NotFound
from scorebook.games.registry import Preview
from scorebook.models import Deal, Match, Member, Player, SheetRow
from scorebook.phone.wording import capped
from scorebook.sheets import Rows, is_fresh, neutral_sheet, neutral_stop, with_waiting


def matches_of(person: Any) -> QuerySet[Match]:
    """The matches *person* may read: a user's own and those he joined, a guest's one match. Every
    other match is out of sight (not found, never forbidden)."""
    if isinstance(person, Member):
        return Match.objects.filter(pk=person.match_id, members=person)
    if person is None or not getattr(person, "is_authenticated", False):
        return Match.objects.none()
    joined = Member.objects.filter(user=person).values("match_id")
    return Match.objects.filter(Q(owner=person) | Q(pk__in=joined))


def match_of(person: Any, pk: int) -> Match:
    """One match *person* may read. :raises NotFound: no such match, or not his."""
    try:
        if isinstance(person, Member) or not getattr(person, "is_authenticated", False):
            return matches_of(person).get(pk=pk)
        match = Match.objects.get(pk=pk)
    except Match.DoesNotExist:
        raise NotFound("no such match") from None
    if match.owner_id != person.pk and not Member.objects.filter(match=match, user=person).exists():
        raise NotFound("no such match")
    return match


def role_of(match: Match, person: Any) -> str | None:
    """*person*'s role at *match* (a user, or a guest's membership), read from the database: None
    when he has none. A guest's membership is read again: removed or changed since, the table
    decides. (A membership is read by its keys alone, ``order_by``: Member's own ordering would join
    the match only to sort one row.)"""
    if isinstance(person, Member):
        if person.match_id != match.pk:
            return None
        role = Member.objects.filter(pk=person.pk, match_id=match.pk).values_list("role", flat=True).order_by().first()
        if role is not None:
            person.role = role
        return role
    if person is None or not getattr(person, "is_authenticated", False):
        return None
    if match.owner_id == person.pk:
        return roles.OWNER
    return Member.objects.filter(match=match, user=person).values_list("role", flat=True).order_by("pk").first()


def require(match: Match, person: Any, operation: str) -> str:
    """*person*'s role at *match* when it allows *operation*. :raises NotFound: no role here (the
    same answer as no such match); NotAllowed: a member whose role does not allow it."""
    role = role_of(match, person)
    if role is None:
        raise NotFound("no such match")
    if not roles.may(role, operation):
        raise NotAllowed("not allowed to %s at this match" % operation)
    return role


def guest_of(pk: int, member: int | None) -> Member | None:
    """The guest at match *pk* whose membership is *member* (the one his browser's session holds;
    None: no such guest, or removed)."""
    if member is None:
        return None
    return Member.objects.filter(pk=member, match_id=pk, user__isnull=True).order_by("pk").first()


def guest_by_key(key: str) -> Member | None:
    """The guest whose key is *key*, with his match (None: no such guest, or removed). The database
    keeps the key's digest only (``models.KeyDigestField``)."""
    return Member.objects.filter(guest_key=key, user__isnull=True).select_related("match").order_by("pk").first()


def membership_of(match: Match, person: Any) -> Member | None:
    """*person*'s membership at *match* (the owner has none)."""
    if isinstance(person, Member):
        return person if person.match_id == match.pk else None
    if person is None or not getattr(person, "is_authenticated", False):
        return None
    return Member.objects.filter(match=match, user=person).order_by("pk").first()


def members_of(match: Match) -> QuerySet[Member]:
    return match.members.select_related("user").order_by("joined_at", "id")


def invited(token: str) -> Match:
    """The match an invite link opens. :raises NotFound: unknown or revoked invite; InviteExpired:
    past the end its owner gave it."""
    try:
        match = Match.objects.get(invite_key=token)  # its digest, looked up (models.KeyDigestField)
    except Match.DoesNotExist:
        raise NotFound("no such invite") from None
    if match.invite_expires is not None and match.invite_expires <= timezone.now():
        raise InviteExpired(f"the invite to match {match.pk} ended at {match.invite_expires.isoformat()}")
    return match


def players_of(user: Any) -> QuerySet[Player]:
    """The people the caller has seated at his table (another owner's are out of sight)."""
    return Player.objects.filter(owner=user)


def watched(token: str) -> QuerySet[Match]:
    """The match a share link opens (none for an unknown or revoked token)."""
    return Match.objects.filter(share_token=token)


def watched_match(token: str) -> Match:
    """:raises NotFound: no match is shared under *token*."""
    try:
        return watched(token).get()
    except Match.DoesNotExist:
        raise NotFound("no such share link") from None


def version_of(matches: QuerySet[Match], pk: int | None = None) -> int:
    """A match's version alone. :raises NotFound:"""
    if pk is not None:
        matches = matches.filter(pk=pk)
    version = matches.values_list("version", flat=True).first()
    if version is None:
        raise NotFound("no such match")
    return version


def poll_version(person: Any, pk: int) -> int:
    """The version of match *pk* for a poll of *person* (``readable_seen``). :raises NotFound:"""
    return readable_seen(person, pk).version


def readable_seen(person: Any, pk: int) -> caches.Seen:
    """Match *pk*'s version entry in the cache (no query on the match), once the database says
    *person* may read it: the owner (who never changes) by the entry, a member by his membership.
    :raises NotFound: (as ``match_of``)"""
    seen = caches.seen(pk)
    if seen is None:
        raise NotFound("no such match")
    if isinstance(person, Member):
        allowed = person.match_id == pk  # read from the database in this request (``guest_of``)
    elif person is None or not getattr(person, "is_authenticated", False):
        allowed = False
    else:
        allowed = seen.owner == person.pk or Member.objects.filter(match_id=pk, user=person).exists()
    if not allowed:
        raise NotFound("no such match")
    return seen


def watched_version(token: str) -> int:
    """The version of the match shared under *token*, from the cache. :raises NotFound:"""
    seen = caches.seen_by_link(token)
    if seen is None:
        raise NotFound("no such share link")
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


def deal_preview(match: Match, entry: Mapping[str, Any], number: int | None = None) -> Preview:
    """*entry* scored as deal *number* (None: the next deal) among the match's other counted deals,
    as the services would replay it, and nothing stored. :raises NotFound: no deal *number*."""
    module = find_game(match.game)
    deals = list(match.deals.order_by("number"))
    if number is None:
        number = (deals[-1].number if deals else 0) + 1
    elif all(deal.number != number for deal in deals):
        raise NotFound("no such deal")
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
