"""A match made, restored from its file, played again, renamed or put away, and its cached sheet
stored: the match's own row and its ``SheetRow``s.

A match's sheet is cached as the replay of its deals: ``Match.sheet`` the small rest (where the
match stands after its last deal), each row a ``SheetRow`` (so an append inserts one row instead
of rewriting them all). ``sheet_stored`` writes both, in the caller's transaction.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from referee import roles
from referee.games import GAMES, find_game
from referee.ledger import Rejected, Violation, _, error, replay
from referee.reading import text_problem, text_violation
from scorebook import caches
from scorebook.errors import VersionConflict
from scorebook.models import Deal, Match, Player, Revision, Seat, SheetRow
from scorebook.postgresql import bulk
from scorebook.selectors import replay_match, require
from scorebook.sheets import is_fresh, neutral_sheet, sheet_head

MAX_NAME = 40  # Player.name's column
MAX_MATCH_NAME = 100  # Match.name's column
MAX_CLIENT_ID = 64  # Revision.client_id's column
MAX_REASON = 200  # Revision.reason's column
MAX_CORRECTION_WINDOW = 24 * 60  # minutes: a day is longer than any evening at the table


def allowed(match: Match, person: Any, operation: str) -> None:
    """*person* (a user, or a guest's membership) holds a role at *match* allowing *operation*, as
    the database says now. No person: a write of the site itself (an import of the owner's file, a
    command), not checked. :raises NotFound: no role at this match; NotAllowed: not this."""
    if person is not None:
        require(match, person, operation)


def text_refused(text: str, max_length: int, where: str) -> Violation | None:
    """The referee's one text rule (referee.reading.text_problem) for a text the services keep."""
    problem = text_problem(text, max_length)
    return None if problem is None else text_violation(problem, where, max_length)


def names_of(players: Sequence[str]) -> list[str]:
    # NFC: "é" typed as e + U+0301 and as one character is the same name, at the table and in
    # the statistics (one Player), so names are kept composed.
    return [unicodedata.normalize("NFC", p.strip()) for p in players]


# ---------------------------------------------------------------- a new match


@dataclasses.dataclass(frozen=True)
class NewMatch:
    """A match checked and resolved, not stored yet: its game, names, first dealer, preset, frozen
    options (resolved) and name."""

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
    are the table's (changeable later: ``match_confirmation``). :raises Rejected:"""
    new = match_checked(game=game, players=players, first_dealer=first_dealer, preset=preset, options=options,
                        name=name)
    if (bad := table_options_refused(confirmation, correction_window)) is not None:
        raise Rejected([bad])
    module = find_game(game)
    sheet = replay(module, new.options, len(new.players), first_dealer, [])
    with transaction.atomic():
        match = match_saved(owner, new, neutral_sheet(module, sheet, []), version=0, confirmation=confirmation,
                            correction_window=correction_window)
        seats_stored(owner, match, new.players)
        caches.match_changed(match)
    return match


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
    return NewMatch(game, names_of(players), first_dealer, preset or module.DEFAULT_PRESET, resolved, name)


def _check_players(module: Any, players: Any, first_dealer: Any) -> list[Violation]:
    problems: list[Violation] = []
    seats = module.SEATS
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        return [error("bad_type", _("Players are a list of names."), "players")]
    if not seats.start <= len(players) < seats.stop:
        problems.append(error("player_count", _("This game is played by %(low)s to %(high)s players."), "players",
                              low=seats.start, high=seats.stop - 1))
    names = names_of(players)
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


def match_saved(owner: Any, new: NewMatch, sheet: dict[str, Any], version: int, confirmation: bool = False,
                correction_window: int | None = None) -> Match:
    """The new match's own row, its sheet's head stored (its rows are stored apart: ``SheetRow``)."""
    match = new.unsaved(owner)
    match.sheet, match.finished, match.version = sheet_head(sheet), sheet["finished"], version
    match.confirmation, match.correction_window = confirmation, correction_window
    match.save()
    match.sheet = sheet
    return match


def seats_stored(owner: Any, match: Match, names: Sequence[str]) -> None:
    # The same name at the same owner's table is the same person across matches (statistics). Those
    # known already (nearly always) in one query, not one each.
    known = {player.name: player for player in Player.objects.filter(owner=owner, name__in=names)}
    players = [known.get(name) or Player.objects.get_or_create(owner=owner, name=name)[0] for name in names]
    Seat.objects.bulk_create([Seat(match=match, player=player, index=index) for index, player in enumerate(players)])


# ---------------------------------------------------------------- a match restored from its file


def match_restored(*, owner: Any, new: NewMatch, deals: Sequence[Mapping[str, Any]],
                   history: Sequence[Mapping[str, Any]], sheet: dict[str, Any], confirmation: bool = False,
                   correction_window: int | None = None) -> Match:
    """Store a match whose whole history was checked and replayed already (the import): the match
    with its sheet, its deals and their revisions in one short transaction. *deals*: each deal's
    values by ``Deal``'s field names (its number, entry, voided, and its marks of confirmation mode);
    *history*: the writes in the order they were made, each its ``Revision``'s values (kind, entry,
    reason) and ``"number"``, the number of the deal it wrote. The match's version is the number of
    writes, each revision's the version after it.
    :raises Rejected: the table's options refused (``match_create``'s check)"""
    if (bad := table_options_refused(confirmation, correction_window)) is not None:
        raise Rejected([bad])
    author = owner if owner is not None and owner.pk else None
    with transaction.atomic():
        match = match_saved(owner, new, sheet, len(history), confirmation, correction_window)
        # In bulk: bulk_create, or COPY on PostgreSQL (scorebook/postgresql/bulk.py says why).
        stored = bulk.created(Deal, [Deal(match=match, **deal) for deal in deals], with_ids=True)
        ids = {deal.number: deal.pk for deal in stored}
        bulk.created(Revision, [
            Revision(match=match, deal_id=ids[write["number"]], kind=write["kind"], entry=write["entry"],
                     reason=write.get("reason", ""), version=version, author=author)
            for version, write in enumerate(history, start=1)])
        bulk.created(SheetRow, [SheetRow(match=match, number=row["number"], row=row) for row in sheet["rows"]])
        seats_stored(owner, match, new.players)
        caches.match_changed(match)
    return match


# ---------------------------------------------------------------- the cached sheet


def rows_inserted(match: Match, rows: Sequence[dict[str, Any]]) -> None:
    """*rows* (a replay's neutral rows), new rows of *match*'s cached sheet."""
    SheetRow.objects.bulk_create([SheetRow(match=match, number=row["number"], row=row) for row in rows])


def sheet_stored(match: Match, neutral: dict[str, Any]) -> None:
    """*neutral*, a replay's whole sheet, is *match*'s cached sheet from now on, in the caller's
    transaction: its head on the match's row (stored by the caller with the rest of the row:
    ``match.sheet``), its rows all written again."""
    match.sheet, match.finished = neutral, neutral["finished"]
    SheetRow.objects.filter(match=match).delete()
    rows_inserted(match, neutral["rows"])


def sheet_refresh(*, match: Match) -> bool:
    """Replay *match* and store its sheet, as a write would have, when its cached sheet was made under
    other rules (``sheets.is_fresh``). A cache write: the version stays (nothing a client read has
    changed), and so does ``updated_at``; nothing is stored if a write moved the match meanwhile.
    True when a sheet was stored. :raises Rejected: the deals no longer replay under these rules."""
    if is_fresh(match.game, match.sheet):
        return False
    neutral, _sheet = replay_match(match, list(match.deals.order_by("number")))
    with transaction.atomic():
        # Compared and swapped over the version read: the UPDATE takes the row lock (SQLite's
        # transaction holds the write lock), so no write's sheet can come in between.
        stored = Match.objects.filter(pk=match.pk, version=match.version).update(sheet=sheet_head(neutral),
                                                                                 finished=neutral["finished"])
        if not stored:
            return False
        sheet_stored(match, neutral)
        caches.match_changed(match)
    return True


def row_stored(claimed: Match, **changed: Any) -> None:
    """The claimed match's new version stored with its *changed* columns and the time of this
    write, compared and swapped: only over the version it was claimed at. (.update() skips
    auto_now: the time is set here, so "my matches", newest write first, puts it on top.)
    :raises VersionConflict: the match moved meanwhile (its lock makes that a bug, not a race)"""
    now = timezone.now()
    if "sheet" in changed:
        changed["sheet"] = sheet_head(changed["sheet"])
    stored = Match.objects.filter(pk=claimed.pk, version=claimed.version - 1).update(
        version=claimed.version, updated_at=now, **changed)
    if not stored:
        raise VersionConflict(Match.objects.get(pk=claimed.pk))
    claimed.updated_at = now


# ---------------------------------------------------------------- the next game, a name, the archive


def match_next_game(*, match: Match, owner: Any) -> Match:
    """The same table again: a new match of the same game with the same players in the same seats
    and the same frozen options (not the preset's options of today), the next player dealing
    first. Started now, it joins *match*'s evening (``scorebook.evenings``)."""
    return match_create(owner=owner, game=match.game, players=list(match.players),
                        first_dealer=(match.first_dealer + 1) % len(match.players), preset=match.preset,
                        options=dict(match.options), name=match.name, confirmation=match.confirmation,
                        correction_window=match.correction_window)


# None of these touch the sheet: the version stays, so a phone entering a deal meanwhile is not
# refused for them.


def match_rename(*, match: Match, name: str, by: Any = None) -> Match:
    """Give *match* a new name (empty: none). :raises Rejected:"""
    allowed(match, by, roles.MANAGE)
    name = unicodedata.normalize("NFC", name.strip())
    if (bad_name := text_refused(name, MAX_MATCH_NAME, "name")) is not None:
        raise Rejected([bad_name])
    Match.objects.filter(pk=match.pk).update(name=name)
    match.name = name
    return match


def match_archive(*, match: Match, archived: bool = True, by: Any = None) -> Match:
    """Put *match* away (out of "my matches" unless asked for) or, with ``archived=False``, back.
    Nothing is deleted: its deals and history stay, and it opens as before."""
    allowed(match, by, roles.MANAGE)
    Match.objects.filter(pk=match.pk).update(archived=archived)
    match.archived = archived
    return match
