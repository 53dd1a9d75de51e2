"""A match's full history, its printable sheet, its export (JSON, CSV) and the import of a match
file.

Pages only read; the import writes through ``exports.match_import``, which replays the file
in memory as the services would, then stores it through them. Every match is looked up among the
caller's own: anyone else's is a 404.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch, prefetch_related_objects
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_http_methods

from referee.ledger import Rejected, error
from scorebook import limits, selectors
from scorebook.games import game_ui
from scorebook.games.registry import GameUI
from scorebook.models import Deal, Match, Player, Revision
from scorebook.phone.wording import capped
from scorebook.services import files as exports
from scorebook.sheets import render_line, violation_json
from scorebook.web.common import HtmxHttpRequest
from scorebook.web.contexts import option_rows, preset_label, sheet_context
from scorebook.web.people import member_required

# ---------------------------------------------------------------- a match's history


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _word(value: Any, kind: str, names: list[str]) -> str:
    """One value of an entry in words: a seat as the player's name, a list as its items."""
    if value is None or value == []:
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if kind == "seat" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    if kind == "seats" and isinstance(value, list):
        return ", ".join(_word(item, "seat", names) for item in value)
    if isinstance(value, list) and all(isinstance(item, (str, int)) and not isinstance(item, bool) for item in value):
        return ", ".join(str(item) for item in value)
    return value if isinstance(value, str) else _compact(value)


def _changes(before: dict[str, Any], after: dict[str, Any], game: GameUI, names: list[str]) -> list[str]:
    """What an amendment changed, in words, in the order of the new text: "Борис's points: 45 → 55"
    for one player's value, "bid: 100 → 110" for the deal's."""
    keys = list(after) + [key for key in before if key not in after]
    lines = []
    for key in keys:
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        label, kind = game.entry_fields.get(key, (key.replace("_", " "), "value"))
        label = str(label)
        if kind == "per_seat" and isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
            for seat, (was, now) in enumerate(zip(old, new, strict=True)):
                if was != now:
                    lines.append(gettext("%(player)s's %(field)s: %(before)s → %(after)s") % {
                        "player": names[seat] if seat < len(names) else seat + 1, "field": label,
                        "before": _word(was, "value", names), "after": _word(now, "value", names)})
        else:
            lines.append(gettext("%(field)s: %(before)s → %(after)s") % {
                "field": label, "before": _word(old, kind, names), "after": _word(new, kind, names)})
    return lines


def author_name(user: Any, players: dict[int, str]) -> str | None:
    """Who wrote, as the table knows them: their player's name at the owner's table, else their
    full name, else their login name."""
    if user is None:
        return None
    return players.get(user.pk) or user.get_full_name() or user.get_username()


def _revision_rows(deal: Deal, game: GameUI, names: list[str], players: dict[int, str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    previous: Revision | None = None  # the last write of the entry (not a confirmation's step)
    for revision in deal.revisions.all():
        changes: list[str] = []
        note = ""
        if revision.kind in (Revision.AMENDED, Revision.PROPOSED) and previous is not None:
            changes = _changes(previous.entry, revision.entry, game, names)
            if not changes and revision.kind == Revision.AMENDED:
                note = (gettext("Counted again, as it was.") if previous.kind == Revision.VOIDED
                        else gettext("Saved again without a change."))
        elif revision.kind == Revision.VOIDED:
            note = gettext("From here on it counts for nothing.")
        if revision.kind in (Revision.PROPOSED, Revision.PROPOSED_VOID):
            note = gettext("It counts once a player of another seat confirms it.")
        elif revision.kind == Revision.CONFIRMED:
            note = gettext("Confirmed by another seat: it counts.")
        elif revision.kind == Revision.APPLIED:
            note = gettext("Confirmed by another seat: the change counts from here on.")
        elif revision.kind in (Revision.REJECTED, Revision.DROPPED):
            note = gettext("Why: %(reason)s") % {"reason": revision.reason}
        author = author_name(revision.author, players) or (revision.member.name if revision.member else None)
        rows.append({"kind": revision.kind, "label": revision.get_kind_display(), "version": revision.version,
                     "author": author, "reason": revision.reason,
                     "at": revision.created_at, "changes": changes, "note": note,
                     "entry": _compact(revision.entry)})
        if revision.kind in Revision.WRITES:
            previous = revision
    return rows


def _authors(match: Match) -> dict[int, str]:
    """The owner's players who have an account: an author is named as the table knows them."""
    return dict(Player.objects.filter(owner_id=match.owner_id, user__isnull=False).values_list("user_id", "name"))


def deal_history(match: Match, deal: Deal) -> list[dict[str, Any]]:
    """One deal's writes in words (the edit page's "History of this deal")."""
    prefetch_related_objects([deal], Prefetch("revisions", queryset=Revision.objects.select_related("author", "member")
                                              .order_by("id")))
    return _revision_rows(deal, game_ui(match.game), match.players, _authors(match))


def history_context(match: Match) -> dict[str, Any]:
    """Every deal in number order, voided ones too, each with its explanation and its writes.
    Queries: the deals, their revisions with authors (the sheet is the match's cached replay)."""
    deals = exports.deals_with_history(match)
    neutral = selectors.current_sheet(match, deals)
    rows = {row["number"]: row for row in neutral["rows"]}
    names = match.players
    game = game_ui(match.game)
    players = _authors(match)
    items = []
    for deal in deals:
        row = rows.get(deal.number)
        revisions = _revision_rows(deal, game, names, players)
        items.append({
            "number": deal.number, "type": deal.entry.get("type", ""), "voided": deal.voided,
            "amended": any(r["kind"] == Revision.AMENDED for r in revisions),
            "dealer": names[row["dealer"]] if row and isinstance(row.get("dealer"), int) else None,
            "explanation": [render_line(line, names) for line in row["lines"]] if row else [],
            "deltas": list(zip(names, row["deltas"], strict=True)) if row else [],
            "revisions": revisions,
        })
    return {"match": match, "deals": items}


@member_required
def match_history(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    return render(request, "scorebook/history/history.html", history_context(match))


# What moved while a form was open: a stale save's notice (the match page, the edit page).
CHANGED = {
    Revision.RECORDED: gettext_noop("%(author)s just entered deal %(number)s"),
    Revision.AMENDED: gettext_noop("%(author)s just changed deal %(number)s"),
    Revision.VOIDED: gettext_noop("%(author)s just voided deal %(number)s"),
    Revision.CONFIRMED: gettext_noop("%(author)s just confirmed deal %(number)s"),
    Revision.REJECTED: gettext_noop("%(author)s just rejected deal %(number)s"),
    Revision.PROPOSED: gettext_noop("%(author)s just proposed a change of deal %(number)s"),
    Revision.PROPOSED_VOID: gettext_noop("%(author)s just proposed to void deal %(number)s"),
    Revision.APPLIED: gettext_noop("%(author)s just confirmed the change of deal %(number)s"),
    Revision.DROPPED: gettext_noop("%(author)s just rejected the change of deal %(number)s"),
}


def _signed(value: Any) -> str:
    """A change of a total as on the sheet: +40, −25 (a real minus), 0."""
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    return f"+{value}" if value > 0 else ("\u2212" + str(-value) if value < 0 else "0")


def changes_since(match: Match, version: int, rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every write to *match*'s deals after *version*, in words, oldest first: who wrote and what,
    with what the deal scored when it counts ("Вика just entered deal 7: Аня +40, Борис +25,
    Вика +120"). Writes that are no deal's (a rename, the table's options) leave no line."""
    names = match.players
    players = _authors(match)
    scored = {row["number"]: row.get("deltas") or [] for row in rows}
    lines = []
    for revision in (Revision.objects.filter(match=match, version__gt=version)
                     .select_related("author", "member", "deal").order_by("id")):
        number = revision.deal.number
        author = (author_name(revision.author, players) or (revision.member.name if revision.member else None)
                  or gettext("Someone"))
        line = gettext(CHANGED.get(revision.kind, CHANGED[Revision.AMENDED])) % {"author": author, "number": number}
        deltas = scored.get(number) if revision.kind in (Revision.RECORDED, Revision.AMENDED) else None
        if deltas:
            line = gettext("%(change)s: %(scores)s") % {"change": line, "scores": ", ".join(
                f"{names[seat]} {_signed(delta)}" for seat, delta in enumerate(deltas) if seat < len(names))}
        lines.append(line)
    return lines


# ---------------------------------------------------------------- the printable sheet


@member_required
def match_print(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    game = game_ui(match.game)
    rules = option_rows(game, selectors.match_options(match))
    sheet = sheet_context(match)
    # The game's note on each counted row (1000: the bid and the contract), as on a paper sheet.
    notes = ([game.print_note(row["result"], match.players) if row.get("result") else "" for row in sheet["rows"]]
             if game.print_note else [])
    context = sheet | {"rules": rules, "preset_label": preset_label(game, match.preset), "notes": notes}
    return render(request, "scorebook/history/print.html", context)


# ---------------------------------------------------------------- export


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@member_required
def match_export_json(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    response = JsonResponse(exports.match_document(match), json_dumps_params={"ensure_ascii": False, "indent": 1})
    return _attachment(response, exports.export_filename(match, "json"))


@member_required
def match_export_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    response = HttpResponse(exports.sheet_csv(match).encode("utf-8"), content_type="text/csv; charset=utf-8")
    return _attachment(response, exports.export_filename(match, "csv"))


# ---------------------------------------------------------------- import


def _read_upload(upload: Any) -> Any:
    """The uploaded file as JSON. :raises Rejected: not a file, too big, not UTF-8 JSON."""
    if upload is None:
        raise Rejected([error("missing_field", gettext_noop("Choose a match file to import."), "file")])
    if upload.size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:  # as large as a request body may be
        raise Rejected([error("too_long", gettext_noop("The file is larger than %(size)s MB."), "file",
                              size=limits.upload_megabytes())])
    try:
        return limits.loads(upload.read().decode("utf-8-sig"))
    except limits.TooDeep:
        raise Rejected([error("too_deep", gettext_noop("The file is nested too deeply (at most %(depth)s levels)."),
                              "file", depth=limits.MAX_DEPTH)]) from None
    except (UnicodeDecodeError, ValueError):
        raise Rejected([error("malformed_json", gettext_noop("The file is not valid JSON."), "file")]) from None


@login_required
@require_http_methods(["GET", "POST"])
def match_import_page(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        try:
            match = exports.match_import(owner=request.user, document=_read_upload(request.FILES.get("file")))
        except Rejected as rejected:
            problems = [violation_json(v) for v in capped(rejected.violations)]
            return render(request, "scorebook/history/import.html", {"violations": problems}, status=400)
        messages.success(request, gettext("The match is imported, with its whole history."))
        return redirect("web:match", pk=match.pk)
    return render(request, "scorebook/history/import.html", {"violations": []})
