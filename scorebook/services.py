"""The one write path. Every write to a match goes through these functions — the pages, the API
and the admin call them — each in one transaction that claims the match's version first,
replays the whole match through its rule module, and stores nothing when the replay refuses. Each
write also tells the cache (``scorebook.caches.match_changed``; a write of the match's row that
moves nothing else, ``match_row_changed``): the only place a cached version, access, row or
rendered sheet moves.

A deal appended is the exception to the whole replay: it is folded onto the state its match's
cached sheet keeps after the last deal (``Match.sheet``, small: the rows are apart), and its row
is added as one ``SheetRow``, so that a write costs the same at deal 500 as at deal 10. The fold
gives exactly what the replay gives (``referee.ledger.fold``); where the cached sheet cannot be
trusted for it (made by other rules, stopped at a deal the rules refuse, not made of every stored
deal), the match is replayed, and its rows are all written again.

Confirmation mode's own writes (a deal or a change confirmed or rejected, a change proposed, the
table's option) are in ``scorebook.confirmations``, made of the steps here; nothing here imports it."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import secrets
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, connection, connections, transaction
from django.db.models import F, Field, Model
from django.http import Http404
from django.utils import timezone

from referee import roles
from referee.games import GAMES, find_game
from referee.ledger import Rejected, Violation, _, error, fold, replay
from referee.reading import text_problem, text_violation
from scorebook import caches
from scorebook.models import Deal, Match, Member, Player, Revision, Seat, SheetRow
from scorebook.selectors import (
    current_head,
    invited,
    membership_of,
    replay_deals,
    replay_match,
    require,
    role_of,
    window_open,
    wrote,
)
from scorebook.sheets import is_fresh, neutral_rows, neutral_sheet, neutral_tail, rules_stamp, sheet_head

MAX_NAME = 40  # Player.name's column
MAX_MATCH_NAME = 100  # Match.name's column
MAX_CLIENT_ID = 64  # Revision.client_id's column
MAX_REASON = 200  # Revision.reason's column


class VersionConflict(Exception):
    """The match moved on since the client read it (``expected_version`` is stale): HTTP 409."""

    def __init__(self, match: Match):
        super().__init__(f"match {match.pk} is at version {match.version}")
        self.match = match


class DealNotFound(Exception):
    pass


class ClientIdReused(Exception):
    """A write carries the client id of an earlier write that did something else: HTTP 409. (The
    same write sent again is answered from the history instead: ``Written.repeated``.)"""

    message = _("This client id was already used for another write of this match: a new write needs a new one.")

    def __init__(self, match: Match, client_id: str):
        super().__init__(f"client id {client_id!r} was used by another write of match {match.pk}")
        self.match = match
        self.client_id = client_id


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


# ---------------------------------------------------------------- matches


@dataclasses.dataclass(frozen=True)
class NewMatch:
    """A match checked and resolved, not stored yet: its game, names, first dealer, preset, frozen
    options (resolved and dumped) and name."""

    game: str
    players: list[str]
    first_dealer: int
    preset: str
    options: Any  # the game's frozen Options
    name: str

    def unsaved(self, owner: Any = None) -> Match:
        """The match as it will be stored (no id): what the selectors read a match from."""
        module = find_game(self.game)
        return Match(game=self.game, name=self.name, players=self.players, first_dealer=self.first_dealer,
                     preset=self.preset, options=module.dump_options(self.options), owner=owner)


def match_create(*, owner: Any, game: str, players: Sequence[str], first_dealer: int = 0,
                 preset: str | None = None, options: Mapping[str, Any] | None = None,
                 name: str = "", confirmation: bool = False, correction_window: int | None = None) -> Match:
    """Create a match with every option resolved and frozen; *confirmation* and *correction_window*
    are the table's (changeable later: ``confirmations.match_confirmation``). :raises Rejected:"""
    new = match_checked(game=game, players=players, first_dealer=first_dealer, preset=preset, options=options,
                        name=name)
    if (bad := table_options_refused(confirmation, correction_window)) is not None:
        raise Rejected([bad])
    module = find_game(game)
    sheet = replay(module, new.options, len(new.players), first_dealer, [])
    with transaction.atomic():
        match = _match_stored(owner, new, neutral_sheet(module, sheet, []), version=0,
                              confirmation=confirmation, correction_window=correction_window)
        caches.match_changed(match, saved=True)
    return match


MAX_CORRECTION_WINDOW = 24 * 60  # minutes: a day is longer than any evening at the table


def table_options_refused(confirmation: Any, correction_window: Any) -> Violation | None:
    if not isinstance(confirmation, bool):
        return error("bad_type", _("Confirmation is on (true) or off (false)."), "confirmation")
    if correction_window is not None and (
            isinstance(correction_window, bool) or not isinstance(correction_window, int)
            or not 1 <= correction_window <= MAX_CORRECTION_WINDOW):
        return error("bad_correction_window",
                     _("The correction window is %(low)s to %(high)s minutes, or empty: until the next deal is "
                       "confirmed."), "correction_window", low=1, high=MAX_CORRECTION_WINDOW)
    return None


def match_checked(*, game: str, players: Sequence[str], first_dealer: int = 0, preset: str | None = None,
                  options: Mapping[str, Any] | None = None, name: str = "") -> NewMatch:
    """What ``match_create`` checks, with nothing stored. :raises Rejected:"""
    if game not in GAMES:
        raise Rejected([error("unknown_game", _("There is no game called “%(game)s”."), "game", game=str(game))])
    module = find_game(game)
    problems = _check_players(module, players, first_dealer)
    try:
        resolved = module.parse_options(options, preset)
    except Rejected as rejected:
        problems += rejected.violations
        resolved = None
    if resolved is not None:
        problems += module.check_options(resolved, len(players))
    name = unicodedata.normalize("NFC", name.strip())
    if (bad_name := text_refused(name, MAX_MATCH_NAME, "name")) is not None:
        problems.append(bad_name)
    if problems:
        raise Rejected(problems)
    return NewMatch(game, _names(players), first_dealer, preset or module.DEFAULT_PRESET, resolved, name)


def _match_stored(owner: Any, new: NewMatch, sheet: dict[str, Any], version: int, confirmation: bool = False,
                  correction_window: int | None = None) -> Match:
    match = _match_saved(owner, new, sheet, version, confirmation, correction_window)
    _rows_inserted(match, sheet["rows"])  # a new match: no rows to replace
    _seats_stored(owner, match, new.players)
    return match


def _match_saved(owner: Any, new: NewMatch, sheet: dict[str, Any], version: int, confirmation: bool,
                 correction_window: int | None) -> Match:
    """The new match's own row, its sheet's head stored (its rows are stored apart: ``SheetRow``)."""
    match = new.unsaved(owner)
    match.sheet, match.finished, match.version = sheet_head(sheet), sheet["finished"], version
    match.confirmation, match.correction_window = confirmation, correction_window
    match.save()
    match.sheet = sheet
    return match


def _seats_stored(owner: Any, match: Match, names: Sequence[str]) -> None:
    # The same name at the same owner's table is the same person across matches (statistics). Those
    # known already (nearly always) in one query, not one each.
    known = {player.name: player for player in Player.objects.filter(owner=owner, name__in=names)}
    players = [known.get(name) or Player.objects.get_or_create(owner=owner, name=name)[0] for name in names]
    Seat.objects.bulk_create([Seat(match=match, player=player, index=index) for index, player in enumerate(players)])


def match_restored(*, owner: Any, new: NewMatch, deals: Sequence[Mapping[str, Any]],
                   history: Sequence[Mapping[str, Any]], sheet: dict[str, Any], confirmation: bool = False,
                   correction_window: int | None = None) -> Match:
    """Store a match whose whole history was checked and replayed already (the import): the match
    with its sheet, its deals and their revisions in one short transaction. *deals*: each deal's
    values by ``Deal``'s field names (its number, entry, voided, and its marks of confirmation mode);
    *history*: the writes in the order they were made, each its ``Revision``'s values (kind, entry,
    reason) and ``"number"``, the number of the deal it wrote. The match's version is the number of
    writes, each revision's the version after it. Plain values, not model instances: building 1,000s
    of them cost more than storing them.
    :raises Rejected: the table's options refused (``match_create``'s check)"""
    if (bad := table_options_refused(confirmation, correction_window)) is not None:
        raise Rejected([bad])
    with transaction.atomic():
        match = _match_saved(owner, new, sheet, len(history), confirmation, correction_window)
        writes = [{"number": write["number"], "kind": write["kind"], "entry": write["entry"],
                   "reason": write.get("reason", ""), "version": version}
                  for version, write in enumerate(history, start=1)]
        with _sent_ahead():
            _deals_written(match, deals, writes, author_id=owner.pk if owner is not None and owner.pk else None)
            # Written as JSON while the database stores the deals (~8 ms of 1,000 rows), not after.
            rows = _rows_json(sheet["rows"])
        _rows_inserted(match, sheet["rows"], rows)
        _seats_stored(owner, match, new.players)
        caches.match_changed(match, saved=True)
    return match


@contextlib.contextmanager
def _sent_ahead() -> Iterator[None]:
    """On PostgreSQL, the statements run inside are sent without waiting for their answers
    (psycopg's pipeline mode): Python works on while the database runs them. Their errors are
    raised at the end of the block; a statement inside must not need its answer."""
    if connection.vendor == "postgresql":
        from psycopg import Pipeline  # here: SQLite needs no psycopg

        if Pipeline.is_supported():  # libpq 14 on (psycopg[binary] brings its own)
            connection.ensure_connection()
            with connection.wrap_database_errors, connection.connection.pipeline():
                yield
            return
    yield


def _deals_written(match: Match, deals: Sequence[Mapping[str, Any]], writes: Sequence[dict[str, Any]],
                   author_id: int | None) -> None:
    """*match*'s *deals* and their *writes* (``Revision``'s values, and the number of the deal each
    wrote), new. On PostgreSQL in one statement: the writes read their deal's id from the deals it
    inserts, and the entry too where a write holds the very entry its deal ends with (a deal recorded
    and never changed: most writes of a file), so that JSON is sent and parsed once, not twice."""
    if connection.vendor != "postgresql":
        ids = dict(zip([deal["number"] for deal in deals], _inserted(Deal, deals, match_id=match.pk), strict=True))
        for write in writes:
            write["deal_id"] = ids[write.pop("number")]
        _inserted(Revision, writes, match_id=match.pk, author_id=author_id)
        return
    ends = {deal["number"]: deal["entry"] for deal in deals}
    for write in writes:
        # The same object, not an equal one: {"bid": 1} == {"bid": True} in Python, not in JSON.
        if write["entry"] is ends[write["number"]]:
            del write["entry"]
    deal_sql, deal_params = _items_statement(Deal, deals, _values(Deal(match_id=match.pk)),
                                             returning="id, number, entry")
    write_sql, write_params = _items_statement(
        Revision, writes, _values(Revision(match_id=match.pk, author_id=author_id)),
        {"deal_id": "deal.id", "entry": "COALESCE(item -> 'entry', deal.entry)"},
        joined="JOIN new_deal AS deal ON deal.number = (item ->> 'number')::integer")
    with connection.cursor() as cursor:
        cursor.execute(f"WITH new_deal AS ({deal_sql}) {write_sql}", [*deal_params, *write_params])


def _inserted(model: type[Model], items: Sequence[Mapping[str, Any]], **common: Any) -> list[int]:
    """Store one new *model* row per item, as ``bulk_create`` does: a field an item holds (by
    attname) takes its value, any other *common*'s, else its default (an ``auto_now`` one: now).
    Their ids, in order. On PostgreSQL as one JSON array the database splits (``_items_statement``):
    bulk_create sends each column as an array psycopg quotes value by value in Python, ~60 ms for
    the 1,000 deals of an import (~15 this way)."""
    if not items:
        return []
    if connection.vendor != "postgresql":
        objects = model._default_manager.bulk_create([model(**{**common, **item}) for item in items])
        return [obj.pk for obj in objects]
    template = model(**common)  # every field's default, as a new instance has it
    sql, params = _items_statement(model, items, _values(template))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [pk for (pk,) in cursor.fetchall()]


def _values(obj: Model) -> dict[str, Any]:
    """*obj*'s values by attname, as a save would store them: an ``auto_now`` field stamped now."""
    _stamped(obj)
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def _stamped(obj: Model) -> None:
    """*obj*'s ``auto_now`` fields stamped now, as a save stamps them."""
    now = timezone.now()
    for attname in _auto_now(type(obj)):
        setattr(obj, attname, now)


@functools.cache
def _auto_now(model: type[Model]) -> tuple[str, ...]:
    return tuple(field.attname for field in model._meta.concrete_fields
                 if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False))


def _items_statement(model: type[Model], items: Sequence[Mapping[str, Any]], common: Mapping[str, Any],
                     given: Mapping[str, str] | None = None, joined: str = "",
                     returning: str = "id") -> tuple[str, list[Any]]:
    """The INSERT (PostgreSQL) of one new row per item from one JSON array, returning their ids in
    order (as bulk_create relies on). A column any item holds (by attname: plain JSON values) is
    read from the items, None or a key left out as NULL (as Django stores None, also in a JSON
    column); any other is *common*'s value, the same for every row, sent once. *given*: columns (by
    attname) whose value is an SQL expression instead, reading what *joined* joins to the items;
    *returning*: the new rows' columns answered, in the items' order."""
    sql, commons = _items_shape(model, frozenset().union(*items), tuple((given or {}).items()), joined, returning)
    params = [field.get_db_prep_save(common.get(field.attname), connection) for field in commons]
    return sql, [*params, _json(items)]


@functools.cache
def _items_shape(model: type[Model], held: frozenset[str], given: tuple[tuple[str, str], ...], joined: str,
                 returning: str) -> tuple[str, list[Field[Any, Any]]]:
    """What ``_items_statement`` writes the same for every INSERT of *model* from items holding the
    columns *held* (*given*, *joined*, *returning*: its own): its SQL, and the fields whose value is
    a parameter (common to every row), in order. Made once per process: building it cost an append
    more than its fold."""
    expressions = dict(given)
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    selected, commons = [], []
    for field in fields:
        kind = field.db_type(connection)
        if field.attname in expressions:
            selected.append(expressions[field.attname])
        elif field.attname in held and field.get_internal_type() == "JSONField":
            selected.append(f"NULLIF(item -> '{field.attname}', 'null')")
        elif field.attname in held:
            selected.append(f"(item ->> '{field.attname}')::{kind}")
        else:
            selected.append(f"%s::{kind}")
            commons.append(field)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    return (f"INSERT INTO {model._meta.db_table} ({columns}) SELECT {', '.join(selected)} "
            f"FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS items(item, position) {joined} "
            f"ORDER BY position RETURNING {returning}"), commons


# Made once: one made per call (as json.dumps with arguments does) cost ~1 µs. Without the check
# for cycles: what is stored is a tree of plain values (entries, sheet rows), and the check was a
# third of its time on the rows of an import.
_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def _json(value: Any) -> str:
    """*value* as compact JSON text."""
    return _ENCODER.encode(value)


def _insert_statement(model: type[Model], obj: Model, given: Mapping[str, str] | None = None,
                      returning: str = "id") -> tuple[str, list[Any]]:
    """The INSERT (PostgreSQL) of *obj*, new, returning its id (or the columns *returning* names):
    one row of VALUES, every value a parameter. *given*: columns (by attname) whose value is an SQL
    expression instead."""
    sql, fields = _insert_shape(model, tuple((given or {}).items()), returning)
    _stamped(obj)
    db = connections[connection.alias]  # the connection itself, not its proxy: read once, not per field
    return sql, [field.get_db_prep_save(getattr(obj, field.attname), db) for field in fields]


@functools.cache
def _insert_shape(model: type[Model], given: tuple[tuple[str, str], ...],
                  returning: str) -> tuple[str, list[Field[Any, Any]]]:
    """``_insert_statement``'s SQL for *model* and *given*, and the fields whose value is a parameter,
    in order. One row of VALUES, not ``_items_statement``'s
    array of one item: the database planned and ran that (a set-returning function, a sort) in a
    fifth of what the whole append cost it."""
    expressions = dict(given)
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    values = [expressions.get(field.attname, f"%s::{field.db_type(connection)}") for field in fields]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    return (f"INSERT INTO {model._meta.db_table} ({columns}) VALUES ({', '.join(values)}) RETURNING {returning}",
            [field for field in fields if field.attname not in expressions])


def _stored_as(obj: Model, pk: int) -> None:
    """*obj* is stored now, under *pk*."""
    obj.pk = pk
    obj._state.adding, obj._state.db = False, connection.alias


def _check_players(module: Any, players: Any, first_dealer: Any) -> list[Violation]:
    problems: list[Violation] = []
    seats = module.SEATS
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        return [error("bad_type", _("Players are a list of names."), "players")]
    if not seats.start <= len(players) < seats.stop:
        problems.append(error("player_count", _("This game is played by %(low)s to %(high)s players."), "players",
                              low=seats.start, high=seats.stop - 1))
    names = _names(players)
    for index, name in enumerate(names):
        if not name or len(name) > MAX_NAME:
            problems.append(error("bad_name", _("A player's name has 1 to %(high)s characters."),
                                  f"players[{index}]", high=MAX_NAME))
        elif (bad_text := text_refused(name, MAX_NAME, f"players[{index}]")) is not None:
            problems.append(bad_text)
    if len({n.casefold() for n in names}) != len(names):
        problems.append(error("duplicate_player", _("Two players have the same name."), "players"))
    seated = isinstance(first_dealer, int) and not isinstance(first_dealer, bool)
    if not seated or not 0 <= first_dealer < max(len(names), 1):
        problems.append(error("bad_seat", _("The first dealer must be one of the players."), "first_dealer"))
    return problems


def text_refused(text: str, max_length: int, where: str) -> Violation | None:
    """The referee's one text rule (referee.reading.text_problem) for a text the services keep."""
    problem = text_problem(text, max_length)
    return None if problem is None else text_violation(problem, where, max_length)


def _names(players: Sequence[str]) -> list[str]:
    # NFC: "é" typed as e + U+0301 and as one character is the same name, at the table and in
    # the statistics (one Player), so names are kept composed.
    return [unicodedata.normalize("NFC", p.strip()) for p in players]


# ---------------------------------------------------------------- the canonical entry


def canonical_entry(match: Match, entry: Any, number: int) -> dict[str, Any]:
    """*entry* as deal *number* of *match* stores it (read by the game, written back: "10♥" and
    "10H" are one card). :raises Rejected: each violation with the deal's number."""
    return _canonical(match, entry, number)


def entry_read(match: Match, entry: Any, number: int) -> tuple[dict[str, Any], Any]:
    """*entry* as deal *number* of *match* stores it, and as its game reads it: one reading for
    both (the import's). :raises Rejected: each violation with the deal's number."""
    module = find_game(match.game)
    try:
        parsed = module.parse_entry(entry, len(match.players))
        return module.dump_entry(parsed), parsed
    except Rejected as rejected:
        raise Rejected([dataclasses.replace(v, deal=number) for v in rejected.violations]) from None


def _canonical(match: Match, entry: Any, number: int) -> dict[str, Any]:
    return entry_read(match, entry, number)[0]


# ---------------------------------------------------------------- who may write


def _allowed(match: Match, author: Any, operation: str) -> None:
    """The acting person (a user, or a guest's membership) holds a role allowing *operation*.
    No person: a write of the site itself (an import of the owner's file, a command), not checked.
    :raises Http404: he has no role at this match; PermissionDenied: his role does not allow it."""
    if author is not None:
        require(match, author, operation)


# ---------------------------------------------------------------- writes


def _claim(match: Match, expected_version: int | None) -> Match:
    _bump(match, expected_version)
    return Match.objects.get(pk=match.pk)


def _bump(match: Match, expected_version: int | None) -> None:
    # Bump the version before reading the deals. On PostgreSQL the UPDATE takes the row lock, so a
    # second writer waits here and then finds the version moved; on SQLite the IMMEDIATE
    # transaction already holds the write lock. (select_for_update() does nothing on SQLite.)
    rows = Match.objects.filter(pk=match.pk)
    if expected_version is not None:
        rows = rows.filter(version=expected_version)
    if not rows.update(version=F("version") + 1):
        raise VersionConflict(Match.objects.get(pk=match.pk))


# Is the write of this revision the write asked for now? (Then the client id is a re-send.)
SameWrite = Callable[[Revision], bool]


def _repeated(match: Match, client_id: str | None, same: SameWrite) -> Written | None:
    """A write whose client id is already in the history was done: answer it, store nothing.
    :raises ClientIdReused: the history's write with that id did something else."""
    if not client_id:
        return None
    revision = Revision.objects.filter(match=match, client_id=client_id).select_related("deal").first()
    if revision is None:
        return None
    fresh = Match.objects.get(pk=match.pk)
    revision.match = fresh  # what *same* reads the entry with (the caller's match may be known by its id only)
    if not same(revision):
        raise ClientIdReused(fresh, client_id)
    return Written(deal=revision.deal, match=fresh, repeated=True)


def _same_entry(match: Match, revision: Revision, kind: str, entry: Any) -> bool:
    """*revision* is a write of *kind* that left the entry *entry* reads as (canonical: "10♥" and
    "10H" are one card)."""
    if revision.kind != kind:
        return False
    try:
        return _canonical(match, entry, revision.deal.number) == revision.entry
    except Rejected:
        return False


def _check_client_id(client_id: str | None) -> None:
    if client_id and (problem := text_refused(client_id, MAX_CLIENT_ID, "client_id")) is not None:
        raise Rejected([problem])


def _warnings_for(sheet: Any, number: int) -> tuple[Violation, ...]:
    return tuple(v for v in sheet.violations if not v.is_error and v.deal == number)


def _stopped_at(match: Match, deals: Sequence[Deal]) -> int | None:
    """The deal the match's replay stops at before this write (None: every deal fits the rules)."""
    return (current_head(match, deals).get("stopped_at") or {}).get("deal")


def _save(match: Match, deals: Sequence[Deal], changed: Deal, kind: str, author: Any,
          client_id: str | None, stopped_before: int | None, reason: str = "", always: bool = False) -> Written:
    replayed = replay_deals(match, deals)
    # RULES.md: a write "is refused when the replay would make a later deal invalid". A match
    # whose stored deals the rules refuse now (entered under older rules) must still be mended:
    # a write that lets the replay get further than before is accepted, one that does not is not.
    if not always and replayed.stopped is not None and (stopped_before is None or replayed.stopped <= stopped_before):
        raise Rejected(replayed.errors)
    neutral, sheet = replayed.neutral, replayed.sheet
    changed.save()
    Revision.objects.create(match=match, deal=changed, kind=kind, entry=changed.entry,
                            version=match.version, author=_user(author), member=_guest(author),
                            client_id=client_id or None, reason=reason)
    # .update() skips auto_now: the time of this write is set here, so "my matches" (newest write
    # first) puts the match that was just played on top.
    now = timezone.now()
    Match.objects.filter(pk=match.pk).update(sheet=sheet_head(neutral), finished=neutral["finished"], updated_at=now)
    _rows_replaced(match, neutral["rows"])
    match.sheet, match.finished, match.updated_at = neutral, neutral["finished"], now
    caches.match_changed(match)
    return Written(deal=changed, match=match, warnings=_warnings_for(sheet, changed.number))


def _rows_replaced(match: Match, rows: Sequence[dict[str, Any]]) -> None:
    """*rows*, a replay's, are *match*'s cached rows from now on (a replay rewrites them all)."""
    SheetRow.objects.filter(match=match).delete()
    _rows_inserted(match, rows)


def _rows_inserted(match: Match, rows: Sequence[dict[str, Any]], texts: Sequence[str] | None = None) -> None:
    """*rows* (a replay's neutral rows), new rows of *match*'s cached sheet; *texts*: each row as
    JSON already (``_rows_json``). On PostgreSQL through COPY: each row's JSON is parsed by itself,
    where from one JSON array (``_inserted``) the database built the whole array first and then took
    it apart, ~10 ms more of its time for 1,000 rows (and bulk_create took ~250 ms). Nothing reads a
    row by its id: none comes back."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        _inserted(SheetRow, [{"number": row["number"], "row": row} for row in rows], match_id=match.pk)
        return
    if texts is None:
        texts = [_json(row) for row in rows]
    column = {field.name: field.column for field in SheetRow._meta.concrete_fields}
    columns = ", ".join(connection.ops.quote_name(column[name]) for name in ("match", "number", "row"))
    with (connection.wrap_database_errors, connection.cursor() as cursor,
          cursor.copy(f"COPY {SheetRow._meta.db_table} ({columns}) FROM STDIN") as copy):
        for row, text in zip(rows, texts, strict=True):
            copy.write_row((match.pk, row["number"], text))


def _rows_json(rows: Sequence[dict[str, Any]]) -> list[str] | None:
    """Each of *rows* as JSON text, as ``_rows_inserted`` stores it on PostgreSQL (None elsewhere)."""
    return [_json(row) for row in rows] if connection.vendor == "postgresql" else None


class _AlreadyWritten(Exception):
    """Raised inside the write's transaction to roll back its version bump: the write was done."""


def _check_not_repeated(claimed: Match, client_id: str | None, same: SameWrite) -> None:
    # Seen only now, after waiting for the lock: the same write committed meanwhile (a retry racing
    # its original). Returning from inside the transaction would commit the version bump of a
    # write that stores nothing, so raise and let _written_once answer from the history.
    if _repeated(claimed, client_id, same) is not None:
        raise _AlreadyWritten


def _written_once(write: Callable[[SameWrite], Written], match: Match, client_id: str | None,
                  same: SameWrite) -> Written:
    """Run *write* unless its client id was already seen (before or, in a race, during it).
    :raises ClientIdReused: the id was seen with another write."""
    _check_client_id(client_id)
    if (done := _repeated(match, client_id, same)) is not None:
        return done
    try:
        with transaction.atomic():
            return write(same)
    except (IntegrityError, _AlreadyWritten, VersionConflict):
        # A retry that raced its original finds the version moved by that very write: answer it.
        if (done := _repeated(match, client_id, same)) is not None:
            return done
        raise


def deal_record(*, match: Match, entry: Any, expected_version: int | None = None,
                client_id: str | None = None, author: Any = None) -> Written:
    """Append a deal: folded onto the cached sheet's state, or the match replayed when that sheet
    cannot be folded onto. :raises VersionConflict, Rejected, PermissionDenied, Http404:"""
    _allowed(match, author, roles.write_operation(entry))

    def write(same: SameWrite) -> Written:
        claimed = _claim_tail(match, expected_version)
        _check_not_repeated(claimed, client_id, same)
        if (appended := _append(claimed, entry, author, client_id)) is not None:
            return appended
        Match.objects.filter(pk=claimed.pk).update(version=claimed.version)
        deals = list(claimed.deals.order_by("number"))
        stopped = _stopped_at(claimed, deals)
        number = (deals[-1].number if deals else 0) + 1
        new = Deal(match=claimed, number=number, entry=_canonical(claimed, entry, number),
                   **_entered(claimed, author))
        return _save(claimed, [*deals, new], new, Revision.RECORDED, author, client_id, stopped)

    return _written_once(write, match, client_id,
                         lambda revision: _same_entry(revision.match, revision, Revision.RECORDED, entry))


def _user(author: Any) -> Any:
    """The account behind a write (a guest has none)."""
    if author is None or isinstance(author, Member) or not getattr(author, "pk", None):
        return None
    return author


def _guest(author: Any) -> Member | None:
    return author if isinstance(author, Member) else None


def _entered(match: Match, author: Any) -> dict[str, Any]:
    """A new deal's authorship and status: who wrote it, from which seat, pending in confirmation
    mode (the seat is asked for only then: it is what a confirmation is checked against)."""
    membership = membership_of(match, author) if match.confirmation and author is not None else None
    return {"author": _user(author), "member": _guest(author),
            "seat": membership.seat if membership is not None else None,
            "status": roles.PENDING if match.confirmation else roles.CONFIRMED}


_MATCHES, _DEALS = f'"{Match._meta.db_table}"', f'"{Deal._meta.db_table}"'
# ``_claim_tail``'s query, as the ORM wrote it (%s: the lock clause): the match's columns named in
# the model's order of fields (the values come back in that order: no column names to read).
_MATCH_COLUMNS = ", ".join(f'{_MATCHES}."{field.column}"' for field in Match._meta.concrete_fields)
_CLAIM_TAIL = (f'SELECT {_MATCH_COLUMNS}, (SELECT {_DEALS}."number" FROM {_DEALS} WHERE {_DEALS}."match_id" = '
               f'{_MATCHES}."id" ORDER BY {_DEALS}."number" DESC LIMIT 1) AS "last_stored" '
               f'FROM {_MATCHES} WHERE {_MATCHES}."id" = %%s %s')


def _claim_tail(match: Match, expected_version: int | None) -> Match:
    """``_claim`` for an append, in one query: the match locked (its row lock on PostgreSQL, which a
    second writer waits for and then reads the version it moved to; SQLite's IMMEDIATE transaction
    holds the write lock already), with its cached sheet without the rows (what the fold needs) and
    the number of its last deal stored. The version is claimed on this object only: the append
    stores it in the one UPDATE that stores its sheet, the replay first (``deal_record``).
    (A writer that waited for the lock on PostgreSQL reads the match row as the other left it but
    the last deal as it was when it started waiting: the numbers differ, and it replays. Slower
    for that one write, never wrong.)"""
    # Written out: the ORM built this query (select_for_update, a Subquery) in as much time as the
    # database took to answer it, on every append.
    lock = connection.ops.for_update_sql() if connection.features.has_select_for_update else ""
    with connection.cursor() as cursor:
        cursor.execute(_CLAIM_TAIL % lock, [match.pk])
        row = cursor.fetchone()
    if row is None:  # gone since the caller read it (or the cache told him of it)
        raise Http404("no such match")
    claimed = _match_from(row)
    if expected_version is not None and claimed.version != expected_version:
        raise VersionConflict(claimed)
    claimed.version += 1
    return claimed


def _match_from(row: Sequence[Any]) -> Match:
    """The match in *row* (``_CLAIM_TAIL``'s: its columns in the model's order of fields, then
    ``last_stored``) as the ORM builds it from a query: each value converted as its field's are
    (``_match_converters``). The ORM's own ``Match.objects.raw`` took ~0.4 ms more of every append
    to build the same object."""
    db = connections[connection.alias]  # the connection itself, not its proxy: read once, not per value
    values = []
    for value, (column, converters) in zip(row, _match_converters(), strict=False):
        for convert in converters:
            value = convert(value, column, db)
        values.append(value)
    match = Match.from_db(db.alias, _MATCH_FIELDS, values)
    match.last_stored = row[-1]  # type: ignore[attr-defined]
    return match


@functools.cache
def _match_converters() -> list[tuple[Any, list[Callable[..., Any]]]]:
    """Each column of a match, in the model's order of fields, with what turns its value into the
    field's, as a query's compiler does (the database backend's converters, then the field's own:
    a JSON column decoded…)."""
    out = []
    for field in Match._meta.concrete_fields:
        column = field.get_col(Match._meta.db_table)
        out.append((column, [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]))
    return out


_MATCH_FIELDS = [field.attname for field in Match._meta.concrete_fields]


def _append(claimed: Match, entry: Any, author: Any, client_id: str | None) -> Written | None:
    """The deal folded onto the state the cached sheet keeps after the last deal, its row added to
    that sheet's rows. None when the sheet cannot be folded onto: the caller replays the match.
    :raises Rejected: what the replay would refuse (the fold is the replay's own step)."""
    module = find_game(claimed.game)
    # Annotated by ``_claim_tail`` (the stubs know no annotation on a plain ``Match``).
    last = getattr(claimed, "last_stored", None) or 0
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
    deal = Deal(match=claimed, number=number, entry=canonical, **_entered(claimed, author))
    revision = Revision(match=claimed, deal=deal, kind=Revision.RECORDED, entry=canonical, version=claimed.version,
                        author=_user(author), member=_guest(author), client_id=client_id or None)
    row = neutral_rows(sheet)[0]
    now = timezone.now()
    finished = sheet.state.finished
    head = {**head, **neutral_tail(module, sheet.state, number)}
    _append_stored(claimed, deal, revision, SheetRow(match=claimed, number=number, row=row),
                   {"version": claimed.version, "sheet": head, "finished": finished, "updated_at": now})
    # The rows are read when the whole sheet is asked for (the API's answer).
    claimed.sheet, claimed.finished, claimed.updated_at = head, finished, now
    caches.match_changed(claimed, appended=True)
    return Written(deal=deal, match=claimed, warnings=_warnings_for(sheet, number), row=row)


def _append_stored(match: Match, deal: Deal, revision: Revision, row: SheetRow, changed: dict[str, Any]) -> None:
    """Store an append: *deal*, its *revision* and its sheet *row*, new, and the *changed* columns of
    *match*. On PostgreSQL in one statement (each write a round trip of its own cost more than the
    rest of the append); elsewhere (SQLite: no round trips) one query each."""
    if connection.vendor != "postgresql":
        deal.save()
        revision.deal = deal
        revision.save()
        row.save()
        Match.objects.filter(pk=match.pk).update(**changed)
        return
    # The revision's entry is the deal's (the same object): sent and parsed once, not twice.
    assert revision.entry is deal.entry
    deal_sql, deal_params = _insert_statement(Deal, deal, returning="id, entry")
    revision_sql, revision_params = _insert_statement(
        Revision, revision, {"deal_id": "(SELECT id FROM new_deal)", "entry": "(SELECT entry FROM new_deal)"})
    row_sql, row_params = _insert_statement(SheetRow, row)
    fields = [field for field in Match._meta.concrete_fields if field.name in changed]
    assignments = ", ".join(f"{connection.ops.quote_name(field.column)} = %s" for field in fields)
    values = [field.get_db_prep_save(changed[field.name], connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(f"WITH new_deal AS ({deal_sql}), new_revision AS ({revision_sql}), new_row AS ({row_sql}) "
                       f"UPDATE {Match._meta.db_table} SET {assignments} WHERE id = %s "
                       "RETURNING (SELECT id FROM new_deal), (SELECT id FROM new_revision), (SELECT id FROM new_row)",
                       [*deal_params, *revision_params, *row_params, *values, match.pk])
        found = cursor.fetchone()
    assert found is not None, "the match is locked by this transaction: it is there"
    deal_id, revision_id, row_id = found
    _stored_as(deal, deal_id)
    revision.deal = deal
    _stored_as(revision, revision_id)
    _stored_as(row, row_id)


def already_voided(number: int) -> Violation:
    return error("already_voided", _("Deal %(number)s is already voided."), None, number=number)


def _find(deals: Sequence[Deal], number: int) -> Deal:
    for deal in deals:
        if deal.number == number:
            return deal
    raise DealNotFound(number)


def deal_replace(*, match: Match, number: int, entry: Any, expected_version: int | None = None,
                 client_id: str | None = None, author: Any = None) -> Written:
    """Replace deal *number*'s entry (a voided deal counts again) and replay the whole match. In
    confirmation mode the deal is pending again, or the amendment is a proposal
    (``roles.correction``): ``Written.deal.proposal`` then holds it.

    :raises DealNotFound, VersionConflict, Rejected: (a later deal made invalid included)
    """
    _allowed(match, author, roles.READ if match.confirmation else roles.AMEND)

    def write(same: SameWrite) -> Written:
        claimed = _claim(match, expected_version)
        _check_not_repeated(claimed, client_id, same)
        deals = list(claimed.deals.order_by("number"))
        deal = _find(deals, number)
        canonical = _canonical(claimed, entry, number)
        how = _correction(claimed, deals, deal, author)
        if how == roles.PROPOSAL:
            return _propose(claimed, deals, deal, canonical, author, client_id)
        stopped = _stopped_at(claimed, deals)
        deal.entry = canonical
        deal.voided = False
        _corrected(claimed, deal, how, author)
        return _save(claimed, deals, deal, Revision.AMENDED, author, client_id, stopped)

    def same(revision: Revision) -> bool:
        return revision.deal.number == number and any(
            _same_entry(match, revision, kind, entry) for kind in (Revision.AMENDED, Revision.PROPOSED))

    return _written_once(write, match, client_id, same)


def deal_void(*, match: Match, number: int, expected_version: int | None = None,
              client_id: str | None = None, author: Any = None) -> Written:
    """Void deal *number*: it stays in the history, counts for nothing (in confirmation mode: pending
    again, or a proposal, as ``deal_replace``). :raises DealNotFound, VersionConflict, Rejected:
    (already voided, or a later deal made invalid)"""
    _allowed(match, author, roles.READ if match.confirmation else roles.VOID)

    def write(same: SameWrite) -> Written:
        claimed = _claim(match, expected_version)
        _check_not_repeated(claimed, client_id, same)
        deals = list(claimed.deals.order_by("number"))
        deal = _find(deals, number)
        if deal.voided:
            raise Rejected([already_voided(number)])
        how = _correction(claimed, deals, deal, author)
        if how == roles.PROPOSAL:
            return _propose(claimed, deals, deal, None, author, client_id)
        stopped = _stopped_at(claimed, deals)
        deal.voided = True
        _corrected(claimed, deal, how, author)
        return _save(claimed, deals, deal, Revision.VOIDED, author, client_id, stopped)

    return _written_once(write, match, client_id, lambda revision: revision.deal.number == number
                         and revision.kind in (Revision.VOIDED, Revision.PROPOSED_VOID))


# ---------------------------------------------------------------- confirmation mode


# How an amendment or a void is taken in confirmation mode, and the steps it shares with the table's
# own writes (confirm, reject, propose, the option: ``scorebook.confirmations``, built on these).


def _correction(match: Match, deals: Sequence[Deal], deal: Deal, author: Any) -> str:
    """How *author*'s amendment or void of *deal* is taken (``roles.correction``): at once without
    confirmation mode or for the site itself. :raises PermissionDenied:"""
    if not match.confirmation or author is None:
        return roles.AT_ONCE
    role = role_of(match, author)
    how = roles.correction(role, deal.status, window_open(match, deals, deal, timezone.now()),
                           wrote(deal, author, membership_of(match, author)))
    if how is None:
        raise PermissionDenied("not allowed to correct this deal")
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
    deal.author, deal.member = _user(author), _guest(author)
    deal.seat = membership.seat if membership is not None else None


def _propose(match: Match, deals: Sequence[Deal], deal: Deal, entry: dict[str, Any] | None, author: Any,
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
                     "user": getattr(_user(author), "pk", None), "member": membership.pk if membership else None}
    deal.save(update_fields=["proposal", "updated_at"])
    kind = Revision.PROPOSED if entry is not None else Revision.PROPOSED_VOID
    _status_written(match, deal, kind, author, client_id, entry=entry)
    return Written(deal=deal, match=match)


def _replayed_with(match: Match, deals: Sequence[Deal], deal: Deal, entry: dict[str, Any] | None) -> None:
    """What the replay says of *deal* with *entry* (None: voided) in force, nothing stored.
    :raises Rejected: as ``_save`` would refuse that write."""
    changed = Deal(pk=deal.pk, match=match, number=deal.number, entry=entry or deal.entry, voided=entry is None,
                   status=deal.status)
    stopped = _stopped_at(match, deals)
    replayed = replay_deals(match, [changed if d.number == deal.number else d for d in deals])
    if replayed.stopped is not None and (stopped is None or replayed.stopped <= stopped):
        raise Rejected(replayed.errors)


def _status_written(match: Match, deal: Deal, kind: str, author: Any, client_id: str | None,
                    entry: dict[str, Any] | None = None, reason: str = "") -> None:
    """A write that leaves the sheet as it was (a confirmation, a proposal made or dropped): in the
    history, and every phone sees the new version at its next poll."""
    Revision.objects.create(match=match, deal=deal, kind=kind, entry=entry if entry is not None else deal.entry,
                            version=match.version, author=_user(author), member=_guest(author),
                            client_id=client_id or None, reason=reason)
    now = timezone.now()
    Match.objects.filter(pk=match.pk).update(updated_at=now)
    match.updated_at = now
    caches.match_changed(match)


def sheet_refresh(*, match: Match) -> bool:
    """Replay *match* and store its sheet, as a write would have, when its cached sheet was made under
    other rules (``sheets.is_fresh``). A cache write: the version stays (nothing a client read has
    changed), and so does ``updated_at``; nothing is stored if a write moved the match meanwhile.
    True when a sheet was stored. :raises Rejected: the deals no longer replay under these rules."""
    if is_fresh(match.game, match.sheet):
        return False
    neutral, _sheet = replay_match(match, list(match.deals.order_by("number")))
    with transaction.atomic():
        stored = Match.objects.filter(pk=match.pk, version=match.version).update(sheet=sheet_head(neutral),
                                                                                 finished=neutral["finished"])
        if stored:
            _rows_replaced(match, neutral["rows"])
    if stored:
        match.sheet, match.finished = neutral, neutral["finished"]
        caches.match_changed(match)
    return bool(stored)


# ---------------------------------------------------------------- the next game


def match_next_game(*, match: Match, owner: Any) -> Match:
    """The same table again: a new match of the same game with the same players in the same seats
    and the same frozen options (not the preset's options of today), the next player dealing
    first. Started now, it joins *match*'s evening (``scorebook.evenings``)."""
    return match_create(owner=owner, game=match.game, players=list(match.players),
                        first_dealer=(match.first_dealer + 1) % len(match.players), preset=match.preset,
                        options=dict(match.options), name=match.name, confirmation=match.confirmation,
                        correction_window=match.correction_window)


# ---------------------------------------------------------------- a match's name, archive, rematch


# None of these touch the sheet: the version stays, so a phone entering a deal meanwhile is not
# refused for them. The match's kept row goes with each (``_row_updated``).


def _row_updated(match: Match, **changed: Any) -> None:
    """The *changed* columns of *match*'s row stored, and its kept row gone with them, in one
    transaction (``caches.match_row_changed``)."""
    with transaction.atomic():
        Match.objects.filter(pk=match.pk).update(**changed)
        caches.match_row_changed(match.pk)


def match_rename(*, match: Match, name: str, by: Any = None) -> Match:
    """Give *match* a new name (empty: none). :raises Rejected:"""
    _allowed(match, by, roles.MANAGE)
    name = unicodedata.normalize("NFC", name.strip())
    if (bad_name := text_refused(name, MAX_MATCH_NAME, "name")) is not None:
        raise Rejected([bad_name])
    _row_updated(match, name=name)
    match.name = name
    return match


def match_archive(*, match: Match, archived: bool = True, by: Any = None) -> Match:
    """Put *match* away (out of "my matches" unless asked for) or, with ``archived=False``, back.
    Nothing is deleted: its deals and history stay, and it opens as before."""
    _allowed(match, by, roles.MANAGE)
    _row_updated(match, archived=archived)
    match.archived = archived
    return match


# ---------------------------------------------------------------- recurring players


def player_rename(*, player: Player, name: str) -> Player:
    """Rename a recurring player. The matches keep the names as they were written at the table;
    the statistics and the filters use the new one. :raises Rejected: (the name is taken)"""
    name = _names([name])[0]
    if not name or len(name) > MAX_NAME:
        raise Rejected([error("bad_name", _("A player's name has 1 to %(high)s characters."), "name",
                              high=MAX_NAME)])
    if (bad_text := text_refused(name, MAX_NAME, "name")) is not None:
        raise Rejected([bad_text])
    # Compared in Python: SQLite's iexact folds the case of ASCII letters only ("аня", "Аня").
    others = Player.objects.filter(owner_id=player.owner_id).exclude(pk=player.pk).values_list("name", flat=True)
    if any(other.casefold() == name.casefold() for other in others):
        raise Rejected([error("player_name_taken",
                              _("There is already a player called “%(name)s”: merge the two instead."),
                              "name", name=name)])
    Player.objects.filter(pk=player.pk).update(name=name)
    player.name = name
    return player


def player_merge(*, source: Player, target: Player) -> Player:
    """*source* and *target* are one person: *source*'s seats (and so his statistics) move to
    *target*, and *source* is gone. :raises Rejected: (another owner's, the same player, or the
    two sat at the same match: one seat would count twice)"""
    if source.owner_id != target.owner_id or source.pk == target.pk:
        raise Rejected([error("bad_merge", _("Pick two different players of yours to merge."), "target")])
    with transaction.atomic():
        shared = Seat.objects.filter(player=source, match__seats__player=target).exists()
        if shared:
            raise Rejected([error("merge_same_match",
                                  _("%(source)s and %(target)s played in the same match: they are two people."),
                                  "target", source=source.name, target=target.name)])
        Seat.objects.filter(player=source).update(player=target)
        if target.user_id is None and source.user_id is not None:
            Player.objects.filter(pk=target.pk).update(user_id=source.user_id)
            target.user_id = source.user_id
        source.delete()
    return target


# ---------------------------------------------------------------- share links


# Anyone holding a match's token may watch it read-only. The token is not part of the sheet, so
# sharing neither claims nor bumps the match's version: a phone that is entering a deal meanwhile
# is not refused for it.


def match_share(*, match: Match, by: Any = None) -> Match:
    """Give *match* a share link; a match already shared keeps its link (tapping twice is harmless)."""
    _allowed(match, by, roles.MANAGE)
    with transaction.atomic():
        if not match.share_token:
            # 16 random bytes, 22 URL-safe characters: not guessable, and short enough to read out.
            token = secrets.token_urlsafe(16)
            # Only where no token was set meanwhile (another phone of the owner sharing at the same time).
            Match.objects.filter(pk=match.pk, share_token__isnull=True).update(share_token=token)
        match.share_token = _link_changed(match).share_token
    return match


def match_unshare(*, match: Match, by: Any = None) -> Match:
    """Revoke the share link: the old address answers 404 from now on."""
    _allowed(match, by, roles.MANAGE)
    with transaction.atomic():
        Match.objects.filter(pk=match.pk).update(share_token=None)
        _link_changed(match)
    caches.link_revoked(match.share_token)
    match.share_token = None
    return match


def _link_changed(match: Match) -> Match:
    """Tell the cache who may watch *match* now, read under the match's row lock (the write lock on
    SQLite) as a write's version is: no write's entry can come in between and be overwritten."""
    fresh = Match.objects.select_for_update().only("version", "owner", "share_token", "game").get(pk=match.pk)
    caches.match_changed(fresh)
    return fresh


# ---------------------------------------------------------------- the people at the table


# Like sharing, none of these is part of the sheet: they never claim nor bump the match's version.


def invite_renew(*, match: Match, by: Any = None, role: str | None = None) -> Match:
    """A new invite link (the old one stops working), granting *role* (None: the invite's role as
    it was). :raises Rejected: a role an invite cannot grant (the owner's)."""
    _allowed(match, by, roles.MANAGE)
    role = match.invite_role if role is None else role
    if role not in roles.GRANTABLE:
        raise Rejected([error("bad_role", _("An invite grants one of the roles scorer, player, watcher or referee."),
                              "role")])
    # 24 random bytes, 32 URL-safe characters: not guessable, and the column's length.
    match.invite_token, match.invite_role = secrets.token_urlsafe(24), role
    _row_updated(match, invite_token=match.invite_token, invite_role=role)
    return match


def invite_revoke(*, match: Match, by: Any = None) -> Match:
    """Turn the invite link off: it answers 404 from now on; who joined stays."""
    _allowed(match, by, roles.MANAGE)
    _row_updated(match, invite_token=None)
    match.invite_token = None
    return match


def match_join(*, token: str, user: Any = None, name: str = "") -> Member | None:
    """Join the match invited to under *token*, with the invite's role: a signed-in *user*, or a
    guest with just a *name* (his key comes back in ``guest_key``). Someone already at the table
    keeps the role he has (an invite never changes it); the owner stays the owner (None).
    :raises Http404: no such invite; Rejected: a guest's name refused."""
    match = invited(token)
    if user is not None and getattr(user, "is_authenticated", False):
        if match.owner_id == user.pk:
            return None
        member, _created = Member.objects.get_or_create(
            match=match, user=user, defaults={"role": match.invite_role, "name": user.get_username()[:MAX_NAME]})
        return member
    name = unicodedata.normalize("NFC", (name or "").strip())
    if not name:
        raise Rejected([error("bad_name", _("A player's name has 1 to %(high)s characters."), "name",
                              high=MAX_NAME)])
    if (bad := text_refused(name, MAX_NAME, "name")) is not None:
        raise Rejected([bad])
    return Member.objects.create(match=match, guest_key=secrets.token_urlsafe(32), name=name, role=match.invite_role)


def seat_claim(*, match: Match, by: Any, seat: int | None) -> Member:  # by: a user, or a guest's membership
    """*by* sits at *seat* (None: he leaves his seat). :raises Rejected: no such seat, or taken."""
    _allowed(match, by, roles.SEAT)
    member = by if isinstance(by, Member) else Member.objects.get(match=match, user=by)
    if seat is not None and not 0 <= seat < len(match.players):
        raise Rejected([error("bad_seat", _("There is no such seat at this table."), "seat")])
    try:
        with transaction.atomic():
            Member.objects.filter(pk=member.pk).update(seat=seat)
            caches.members_changed(match.pk)
    except IntegrityError:
        raise Rejected([error("seat_taken", _("Someone else already sits at this seat."), "seat")]) from None
    member.seat = seat
    return member


def _member(match: Match, pk: int) -> Member:
    member = Member.objects.filter(match=match, pk=pk).first()
    if member is None:
        raise Http404("no such member")
    return member


def member_role(*, match: Match, member: int, role: str, by: Any = None) -> Member:
    """Give member *member* (his id) another role; a role without a seat leaves his seat.
    :raises Http404: no such member here; Rejected: the owner's role."""
    _allowed(match, by, roles.MANAGE)
    found = _member(match, member)
    if role not in roles.GRANTABLE:
        raise Rejected([error("bad_role", _("A member is a scorer, a player, a watcher or a referee."), "role")])
    found.role = role
    if not roles.may(role, roles.SEAT):
        found.seat = None
    Member.objects.filter(pk=found.pk).update(role=role, seat=found.seat)
    caches.members_changed(match.pk)
    return found


def member_remove(*, match: Match, member: int, by: Any = None) -> None:
    """Send member *member* away: the match is out of his sight from now on (his deals stay)."""
    _allowed(match, by, roles.MANAGE)
    _member(match, member).delete()


def guests_attach(*, user: Any, keys: Sequence[str]) -> list[int]:
    """The guests whose keys a browser held become *user*: where he already sits at that table (or
    owns it), the guest's place goes and his own stays. Answers the matches of those guests."""
    guests = list(Member.objects.filter(guest_key__in=list(keys), user__isnull=True).select_related("match"))
    for guest in guests:
        if guest.match.owner_id == user.pk or Member.objects.filter(match=guest.match, user=user).exists():
            guest.delete()
        else:
            Member.objects.filter(pk=guest.pk).update(user=user, guest_key=None)
            caches.members_changed(guest.match_id)
    return sorted(guest.match_id for guest in guests)
