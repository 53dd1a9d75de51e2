"""The match page (the sheet and the entry form), its poll, entering or editing a deal, and the
entry form's preview.

Views only read forms and render; every write is a call to ``scorebook.services``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from referee.ledger import Rejected
from scorebook import caches, selectors, services
from scorebook.games import game_ui
from scorebook.games.forms import number as typed_number
from scorebook.models import Deal, Match
from scorebook.phone.wording import capped
from scorebook.sheets import on_deal, violation_json
from scorebook.web.common import HtmxHttpRequest
from scorebook.web.confirming import waiting_context
from scorebook.web.contexts import form_context, match_context, role_context, sheet_context
from scorebook.web.history import changes_since, deal_history
from scorebook.web.people import member_poll, member_required


@member_required
def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    return render(request, "scorebook/match.html", match_context(request, match))


@member_poll
def match_sheet(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The poll: 204 (htmx keeps what it shows) until the match's version moves (read from the cache:
    no query on the match), then the sheet, its parts as the page keeps them for that version."""
    match = selectors.match_of(request.person, pk)
    role = selectors.role_of(match, request.person)
    sheet = sheet_context(match)
    context = sheet | waiting_context(request, match, role) | role_context(match, role)
    fresh = request.GET.get("entry") == "fresh"
    # Every phone at the table asks at once: one renders the version's kept parts, the others read them.
    with caches.rendered_once("match-sheet", match, role):
        # The entry form drawn anew for this version when the page says its own is untouched
        # (static/js/page.js: ``entry=fresh``; a form with something typed keeps its version).
        return HttpResponse(_poll_answer(context, form_context(match, sheet) if fresh else None, request))


def _poll_answer(context: dict[str, Any], form: dict[str, Any] | None, request: HtmxHttpRequest | None = None) -> str:
    """The sheet, then what moves on with it as out-of-band swaps (another phone wrote): undo, the
    chart, the totals and, given, the entry *form*. With no *request*, nobody's token in it."""
    return (render_to_string("scorebook/match.html#sheet", context, request)
            + render_to_string("scorebook/live/_poll_oob.html", context | {"form": form}, request))


# The parts a stream sends are read only by the phones hearing the write, within a second or two (a
# stream that reconnects later is sent the version alone, and its page fetches): kept a minute.
STREAMED_TTL = 60


def shared_parts(seen: caches.Seen | None, role: str | None, language: str,
                 frame: Callable[[str], Any]) -> tuple[int, Any] | None:
    """What the poll answers for the version *seen* names (the match's entry in the cache, read with
    the reader's right: not read again here) — the sheet, undo, the entry form drawn anew, the
    chart, the totals — as every reader of *role* sees it in *language*, for the live streams
    to send with the version (``scorebook.web.streams``): the other phones then need not ask for it.
    Nothing of one reader's own is in it: no CSRF token and no client id (static/js/page.js puts the
    page's in). None when part of it would be a reader's own: in confirmation mode (what waits, and
    who may confirm it, depends on his seat) and on a sheet stopped at a deal (its banner holds a
    form); the page then fetches it. Rendered once per version, role and language, and kept as
    *frame* makes it (the stream's data lines): every phone that hears the version reads it ready."""
    if seen is None:
        return None
    with translation.override(language):
        kind = f"streamed:{role}"
        kept = caches.rendered_get(kind, seen)
        if kept is None:
            # The phones at the table hear the write at once: one renders, the others read it kept.
            with caches.rendered_once(kind, seen):
                kept = caches.rendered_get(kind, seen)
                if kept is None:
                    match = Match.objects.filter(pk=seen.pk).first()
                    if match is None:
                        return None
                    html = _shared_html(match, role, language)
                    kept = caches.keep_rendered(kind, match, frame(html) if html else "", STREAMED_TTL)
                    return (match.version, kept) if kept else None
        return (seen.version, kept) if kept else None


def _shared_html(match: Match, role: str | None, language: str) -> str:
    """The parts, or "" when some would be one reader's own (``shared_parts``)."""
    if match.confirmation:
        return ""
    sheet = sheet_context(match)
    if sheet["stopped"]:
        return ""
    # Rendered with no request: no reader's CSRF token (each ``{% csrf_token %}`` renders nothing; under
    # DEBUG Django warns once that the context had none) and none of his context processors' values:
    # the language is the one they would give.
    context = sheet | {"waiting": []} | role_context(match, role) | {"LANGUAGE_CODE": language}
    return _poll_answer(context, form_context(match, sheet) | {"client_id": ""})


def _errors_from(rejected: Rejected, form: Any, players: list[str], action: str,
                 number: int | None) -> dict[str, list[str]]:
    """The refusal by form field. A violation of a deal before *number* (the one written) cannot
    come from this form — it is a stored deal the rules refuse now — so it goes above the form,
    saying which deal; one of a later deal this write would make invalid says which deal it would
    break, beside the field that changed it (above the form for a void, which has no field)."""
    errors: dict[str, list[str]] = defaultdict(list)
    for v in capped(rejected.violations):
        earlier = v.deal is not None and number is not None and v.deal < number
        later = v.deal is not None and number is not None and v.deal > number
        # The client id is the write's, not the entry's: its refusal goes above the form too. A void
        # has no field: what it would break goes above the form.
        above = earlier or v.field == "client_id" or (later and action == "void")
        name = "__all__" if above else form.field_name(v.field, action)
        message = violation_json(v, players)["message"]
        if later:
            message = _("Deal %(number)s would no longer be valid: %(message)s") % {
                "number": v.deal, "message": message}
        elif v.deal is not None and name == "__all__":
            message = on_deal(v.deal, message)
        errors[name].append(message)
    return dict(errors)


def _write(request: HtmxHttpRequest, match: Match, number: int | None) -> tuple[Any, dict[str, Any]]:
    """Run the write the form asks for; return (written or None, form context overrides)."""
    form = game_ui(match.game).form
    seats = len(match.players)
    action = request.POST.get("action", "play")
    expected = typed_number(request.POST.get("expected_version"))
    client_id = request.POST.get("client_id") or None
    common: dict[str, Any] = {"match": match, "author": request.person, "client_id": client_id,
                              "expected_version": expected if isinstance(expected, int) else None}
    try:
        if action == "void" and number is not None:
            written = services.deal_void(number=number, **common)
        else:
            # The state the deal is entered in: today's for the next deal, its own for an earlier one.
            state = (selectors.current_head(match)["state"] if number is None
                     else selectors.state_before(match, number))
            entry = form.entry_from_post(request.POST, seats, state)
            written = (services.deal_record(entry=entry, **common) if number is None
                       else services.deal_replace(number=number, entry=entry, **common))
    except Rejected as rejected:
        written_number = number if number is not None else _next_number(match)
        errors = form.clean_errors(_errors_from(rejected, form, match.players, action, written_number), request.POST)
        return None, {"values": form.post_values(request.POST, seats), "errors": errors}
    except services.VersionConflict:
        return None, {"values": form.post_values(request.POST, seats),
                      "stale": _stale(request, match, expected if isinstance(expected, int) else None, number)}
    except services.ClientIdReused as reused:
        return None, {"values": form.post_values(request.POST, seats), "errors": {"__all__": [_(reused.message)]}}
    warnings = [violation_json(w, match.players)["message"] for w in written.warnings]
    if written.deal.proposal is not None:
        messages.info(request, _("Your change of deal %(number)s is proposed: it counts once a player of another "
                                 "seat confirms it.") % {"number": written.deal.number})
    return written, {"warnings": warnings}


def _stale(request: HtmxHttpRequest, match: Match, expected: int | None, number: int | None) -> dict[str, Any]:
    """A save drawn at an older version (another phone wrote meanwhile): nothing stored, and the
    choice the page offers. What changed since, in words; the deal the save would be (or change);
    and the save itself, to send again as it was at the version now ("save it anyway")."""
    match.refresh_from_db()
    rows = selectors.sheet_waiting(match, selectors.lazy_sheet(match))["rows"]
    resend = [(key, value) for key in request.POST for value in request.POST.getlist(key)
              if key not in ("csrfmiddlewaretoken", "expected_version")]
    return {"changes": changes_since(match, expected, rows) if expected is not None else [],
            "yours": number if number is not None else _next_number(match), "editing": number is not None,
            "resend": resend}


def _next_number(match: Match) -> int:
    last = match.deals.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


@member_required
@require_POST
def deal_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    written, form = _write(request, match, None)
    if written is not None and not form.get("warnings") and not request.htmx:
        return redirect("web:match", pk=match.pk)  # the page is not built twice: the browser asks for it
    match.refresh_from_db()
    context = match_context(request, match, **form)
    if request.htmx:
        response = render(request, "scorebook/match.html#main", context)
        if written is None:  # refused: bring the form and its errors into view
            response["HX-Reswap"] = "outerHTML show:#entry-title:top"
        return response
    return render(request, "scorebook/match.html", context)


@member_required
@require_http_methods(["GET", "POST"])
def deal_edit(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    match = selectors.match_of(request.person, pk)
    deal = get_object_or_404(Deal.objects.filter(match=match), number=number)
    if request.method == "POST":
        written, form = _write(request, match, number)
        if written is not None:
            return redirect(reverse("web:match", args=[match.pk]) + f"#deal-{number}")
        match.refresh_from_db()
    else:
        form = {"values": game_ui(match.game).form.values_from_entry(deal.entry, len(match.players))}
    sheet = sheet_context(match)
    # A reader whose role corrects no deal (a watcher) reads the deal and its history, with no form.
    reader = role_context(match, selectors.role_of(match, request.person))
    context = sheet | reader | {"form": form_context(match, sheet, number=number, **form), "deal": deal,
                                "history": deal_history(match, deal)}
    return render(request, "scorebook/deal_edit.html", context)


@member_required
@require_POST
def deal_preview(request: HtmxHttpRequest, pk: int, game: str | None = None) -> HttpResponse:
    """The entry form's preview: the deal it describes scored on top of the match (in place of deal
    ``number`` when editing one), nothing written; each game shows it its own way. Another owner's
    match, a game without a preview (or not *game*, on the old address) is a 404; what the referee
    refuses is shown in the preview (the page of its own answers 400)."""
    match = selectors.match_of(request.person, pk)
    record = game_ui(match.game)
    if record.preview is None or record.preview_template is None or game not in (None, match.game):
        raise Http404("no preview for this match")
    number = typed_number(request.POST.get("number"))
    number = number if isinstance(number, int) else None
    state = selectors.current_head(match)["state"] if number is None else selectors.state_before(match, number)
    entry = record.form.entry_from_post(request.POST, len(match.players), state)
    preview = selectors.deal_preview(match, entry, number)
    context = {"match": match, "preview_template": record.preview_template} | record.preview(match, preview)
    # htmx swaps the game's preview into the form, a refusal too: its words are the answer, not an
    # error of the page (a 4xx is logged as one in the console). Without JavaScript, a page of its own.
    if request.htmx:
        return render(request, record.preview_template, context)
    return render(request, "scorebook/preview_page.html", context, status=400 if preview.errors else 200)
