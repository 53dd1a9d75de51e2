"""The referee in the phone: what the browser's engine (static/js/engine.js, a Web Worker running
Pyodide) asks of ``referee/``. It runs the server's own rule modules, shipped to the browser in one
archive (``scorebook.phone.bundle``), and writes their answers in the page's language with the
server's own catalogues (the compiled .mo files, read by Python's gettext).

Pure Python: it imports the standard library, ``referee`` and ``scorebook.phone.wording`` only,
never Django, because it runs inside Pyodide, where Django is not. Its words are the server's: the
wording module that ``scorebook.sheets`` binds to Django's gettext, bound here to Python's gettext
over the same catalogues; and the differential test (tests/scorebook/test_phone_differential.py)
holds the two equal, message for message, in every language, and this module's answers on CPython
and on Pyodide equal.

One call, ``answer(request)``, JSON in and JSON out:

    {"game": "<game>", "options": {...} | null, "players": ["Аня", ...], "first_dealer": 0,
     "language": "ru", "deals": [{"number": 1, "entry": {...}, "voided": false}, ...],
     "draft": {"entry": {...}, "number": null}}          # optional: a deal being typed

answers the replay of the match as the server replays it (``selectors.replay_deals``) and, with a
draft, the draft scored where it would go (``selectors.deal_preview``): its row, the totals and the
state (dumped) after it, and every violation (code, field, message, severity) or none.

A page that holds the match's state after its last deal (the scoresheet's ``state``, as the server
dumped it) asks without the deals: ``"state": {...}, "last_deal": n`` instead of ``"deals"``, and
the draft (the next deal) is folded onto that state, as the server folds an appended deal
(``referee.ledger.fold``: the same row as the whole replay). Its answer has no ``sheet``.

A referee check of a game's page (``/referee/<game>/``) asked without a connection::

    {"game": "<game>", "check": "<name>", "post": {"<field>": ["<value>", ...]}, "language": "uk"}

answers ``{"check": {"errors": [...], "verdict": {...} | null}}``, what the server's page answers
(``scorebook.phone.checking``: the game's ``checks.ANSWERS``).
"""

from __future__ import annotations

import dataclasses
import gettext as gettext_module
import json
from collections.abc import Mapping, Sequence
from typing import Any

from referee.games import find_game
from referee.ledger import Rejected, Sheet, Violation, fold, replay
from scorebook.phone import checking
from scorebook.phone.wording import Words, capped, neutral_line

LANGUAGES = ("en", "ru", "uk")
DOMAIN = "django"  # the catalogues are the server's: scorebook/locale/<lang>/LC_MESSAGES/django.mo

_catalogues: dict[str, gettext_module.NullTranslations] = {}
_active: gettext_module.NullTranslations = gettext_module.NullTranslations()


def load_catalogues(locale_dir: str) -> None:
    """Read the server's compiled catalogues from *locale_dir* (English needs none)."""
    _catalogues.clear()
    for language in LANGUAGES:
        _catalogues[language] = gettext_module.translation(DOMAIN, locale_dir, [language], fallback=True)


def activate(language: str) -> None:
    global _active
    _active = _catalogues.get(language) or gettext_module.NullTranslations()


def gettext(text: str) -> str:
    return _active.gettext(text)


def pgettext(context: str, text: str) -> str:
    return _active.pgettext(context, text)


# ---------------------------------------------------------------- as scorebook.sheets renders

# The server's wording (scorebook/phone/wording.py), in the language ``activate`` chose.
WORDS = Words(gettext, pgettext)
render_line = WORDS.render_line
violation_json = WORDS.violation_json


def row_json(row: Any, players: Sequence[str], warnings: Sequence[Violation] = ()) -> dict[str, Any]:
    """A referee's row as the API's scoresheet shows it (``sheets.render_row``), with its warnings."""
    return {
        "number": row.number, "dealer": row.dealer, "type": row.kind,
        "deltas": list(row.outcome.deltas), "totals": list(row.totals),
        "marks": [list(m) for m in row.outcome.marks],
        "explanation": [render_line(neutral_line(item), players) for item in row.outcome.lines],
        "result": json.loads(json.dumps(dict(row.outcome.result))),
        "warnings": [violation_json(v, players) for v in warnings],
    }


# ---------------------------------------------------------------- the replay, as the server's


def _options(game: Any, options: Mapping[str, Any] | None) -> Any:
    return game.parse_options(options, None) if options else game.parse_options(None)


def _read(game: Any, deals: Sequence[Mapping[str, Any]], seats: int,
          skip: int | None = None) -> tuple[list[tuple[int, Any]], list[Violation]]:
    """The counted deals read by the game, up to the first one it cannot read, and why."""
    counted = []
    for deal in deals:
        if deal.get("voided") or deal["number"] == skip:
            continue
        try:
            counted.append((deal["number"], game.parse_entry(deal["entry"], seats)))
        except Rejected as rejected:
            return counted, [dataclasses.replace(v, deal=deal["number"]) for v in rejected.violations]
    return counted, []


def _sheet_json(game: Any, sheet: Sheet, players: Sequence[str], deals: Sequence[Mapping[str, Any]],
                refused: Sequence[Violation]) -> dict[str, Any]:
    errors = tuple(sheet.errors or refused)
    stopped = errors[0].deal if errors else None
    stop = None
    if stopped is not None:
        stop = {"deal": stopped,
                "not_counted": [d["number"] for d in deals if not d.get("voided") and d["number"] >= stopped],
                "violations": [violation_json(v, players) for v in errors if v.deal == stopped]}
    warnings: dict[int, list[Violation]] = {}
    for violation in sheet.violations:
        if not violation.is_error and violation.deal is not None:
            warnings.setdefault(violation.deal, []).append(violation)
    state = sheet.state
    return {
        "rows": [row_json(row, players, warnings.get(row.number, ())) for row in sheet.rows],
        "totals": list(state.totals), "finished": state.finished, "winner": state.winner,
        "next_dealer": state.dealer, "state": json.loads(json.dumps(game.dump_state(state))),
        "voided": sorted(d["number"] for d in deals if d.get("voided")),
        "stopped_at": stop,
    }


def _draft_json(game: Any, options: Any, players: Sequence[str], first_dealer: int,
                deals: Sequence[Mapping[str, Any]], draft: Mapping[str, Any]) -> dict[str, Any]:
    """The draft scored as deal *number* (None: the next) among the other counted deals."""
    seats = len(players)
    number = draft.get("number")
    if number is None:
        number = (max(d["number"] for d in deals) if deals else 0) + 1
    nothing: dict[str, Any] = {"number": number, "row": None, "totals": None, "state": None}
    try:
        parsed = game.parse_entry(draft["entry"], seats)
    except Rejected as rejected:
        return {**nothing, "violations": [violation_json(v, players) for v in capped(rejected.violations)]}
    others, refused = _read(game, deals, seats, skip=number)
    if refused:
        return {**nothing, "violations": [violation_json(v, players) for v in capped(refused)]}
    counted = sorted([*others, (number, parsed)], key=lambda pair: pair[0])
    sheet = replay(game, options, seats, first_dealer, counted)
    if sheet.errors:
        return {**nothing, "violations": [violation_json(v, players) for v in capped(sheet.errors)]}
    row = next(row for row in sheet.rows if row.number == number)
    mine = [v for v in sheet.violations if v.deal == number]
    return {"number": number, "row": row_json(row, players, mine), "totals": list(sheet.state.totals),
            "state": _dumped(game, sheet.state), "violations": [violation_json(v, players) for v in mine]}


def _dumped(game: Any, state: Any) -> Any:
    return json.loads(json.dumps(game.dump_state(state)))


def _folded_draft(game: Any, request: Mapping[str, Any]) -> dict[str, Any]:
    """The draft as the next deal, folded onto the state the request carries."""
    players = list(request["players"])
    number = int(request.get("last_deal") or 0) + 1
    nothing: dict[str, Any] = {"number": number, "row": None, "totals": None, "state": None}
    try:
        parsed = game.parse_entry(request["draft"]["entry"], len(players))
    except Rejected as rejected:
        return {**nothing, "violations": [violation_json(v, players) for v in capped(rejected.violations)]}
    sheet = fold(game, game.load_state(request["state"]), [(number, parsed)])
    if sheet.errors:
        return {**nothing, "violations": [violation_json(v, players) for v in capped(sheet.errors)]}
    mine = list(sheet.violations)
    return {"number": number, "row": row_json(sheet.rows[0], players, mine), "totals": list(sheet.state.totals),
            "state": _dumped(game, sheet.state), "violations": [violation_json(v, players) for v in mine]}


def answer(request: Mapping[str, Any]) -> dict[str, Any]:
    """The match replayed (and the draft scored) in the request's language: see the module's doc."""
    activate(request.get("language") or "en")
    if "check" in request:
        return {"check": checking.answer(request["game"], request["check"], request["post"], WORDS)}
    game = find_game(request["game"])
    if "state" in request:
        return {"draft": _folded_draft(game, request)}
    players = list(request["players"])
    seats = len(players)
    deals = sorted(request.get("deals") or [], key=lambda deal: deal["number"])
    options = _options(game, request.get("options"))
    counted, refused = _read(game, deals, seats)
    sheet = replay(game, options, seats, request["first_dealer"], counted)
    out: dict[str, Any] = {"sheet": _sheet_json(game, sheet, players, deals, refused)}
    if request.get("draft"):
        out["draft"] = _draft_json(game, options, players, request["first_dealer"], deals, request["draft"])
    return out


def answer_json(request: str) -> str:
    """``answer`` over JSON text: what the worker calls."""
    return json.dumps(answer(json.loads(request)), ensure_ascii=False)
