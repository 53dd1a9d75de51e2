"""A match's full history, its printable sheet, its export (JSON, CSV) and the import of a match
file.

Pages only read; the import writes through ``exports.match_import``, which replays the file
through the services. Every match is looked up among the caller's own: anyone else's is a 404.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_http_methods

from referee.ledger import Rejected, error
from scorebook import exports, limits, selectors
from scorebook.games import game_ui
from scorebook.models import Deal, Match, Revision
from scorebook.sheets import capped, render_line, violation_json
from scorebook.web.common import HtmxHttpRequest
from scorebook.web.contexts import option_rows, preset_label, sheet_context
from scorebook.web.people import member_required

# ---------------------------------------------------------------- a match's history


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, str]]:
    """What an amendment changed, field by field, in the order of the new text."""
    keys = list(after) + [key for key in before if key not in after]
    return [{"field": key, "before": _compact(before[key]) if key in before else "",
             "after": _compact(after[key]) if key in after else ""}
            for key in keys if before.get(key, ...) != after.get(key, ...)]


def _revision_rows(deal: Deal) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    previous: Revision | None = None
    for revision in deal.revisions.all():
        changes: list[dict[str, str]] = []
        note = ""
        if revision.kind == Revision.AMENDED and previous is not None:
            changes = _changes(previous.entry, revision.entry)
            if not changes:
                note = (gettext("Counted again, as it was.") if previous.kind == Revision.VOIDED
                        else gettext("Saved again without a change."))
        elif revision.kind == Revision.VOIDED:
            note = gettext("From here on it counts for nothing.")
        rows.append({"kind": revision.kind, "label": revision.get_kind_display(), "version": revision.version,
                     "author": revision.author.get_username() if revision.author else None,
                     "at": revision.created_at, "changes": changes, "note": note,
                     "entry": _compact(revision.entry)})
        previous = revision
    return rows


def history_context(match: Match) -> dict[str, Any]:
    """Every deal in number order, voided ones too, each with its explanation and its writes.
    Queries: the deals, their revisions with authors (the sheet is the match's cached replay)."""
    deals = exports.deals_with_history(match)
    neutral = selectors.current_sheet(match, deals)
    rows = {row["number"]: row for row in neutral["rows"]}
    names = match.players
    items = []
    for deal in deals:
        row = rows.get(deal.number)
        revisions = _revision_rows(deal)
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


# ---------------------------------------------------------------- the printable sheet


@member_required
def match_print(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    game = game_ui(match.game)
    rules = option_rows(game, selectors.match_options(match))
    context = sheet_context(match) | {"rules": rules,
                                            "preset_label": preset_label(game, match.preset)}
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
