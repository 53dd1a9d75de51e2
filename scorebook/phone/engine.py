"""The referee in the phone: what the browser's engine (static/js/engine.js, a Web Worker running
Pyodide) asks of ``referee/``. It runs the server's own rule modules, shipped to the browser in one
archive (``scorebook.phone.bundle``), and writes their answers in the page's language with the
server's own catalogues (the compiled .mo files, read by Python's gettext).

Pure Python: it imports the standard library and ``referee`` only, never Django, because it runs
inside Pyodide, where Django is not. Its words are the server's: ``render`` below does what
``scorebook.sheets`` does with Django's gettext (``_fill``, ``with_minus``, ``render_param``, ``violation_json``,
``render_row``, ``capped``, ``echoed``), and the differential test
(tests/scorebook/test_phone_differential.py) holds the two equal, message for message, in every
language, and this module's answers on CPython and on Pyodide equal.

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
"""

from __future__ import annotations

import dataclasses
import gettext as gettext_module
import json
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from referee.cards import Suit
from referee.games import find_game
from referee.ledger import Line, Rejected, Seat, Sheet, Violation, _, error, fold, replay
from referee.results import PLAIN

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

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "A": "A"}
_FACE_IN_TEXT = re.compile(r"(?<!\w)([JQKA])(?=[♥♦♣♠])")
MAX_VIOLATIONS = 50
TOO_MANY = _("More problems not shown: %(count)s.")
LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")
ECHOED = 100


def cards_in_words(text: str) -> str:
    return _FACE_IN_TEXT.sub(lambda found: pgettext("card rank", found[1]), text)


def neutral_param(value: Any) -> Any:
    if type(value) in PLAIN:
        return value
    if isinstance(value, Seat):
        return {"seat": value.index}
    if isinstance(value, Suit):
        return {"suit": value.value}
    if isinstance(value, Line):
        return {"line": neutral_line(value)}
    return value


def neutral_line(item: Line) -> list[Any]:
    return [item.text, {k: neutral_param(v) for k, v in item.params.items()}]


def render_param(value: Any, names: Sequence[str]) -> Any:
    if isinstance(value, dict):
        if "seat" in value:
            index = value["seat"]
            return names[index] if 0 <= index < len(names) else str(index)
        if "suit" in value:
            return Suit(value["suit"]).symbol
        if "line" in value:
            return render_line(value["line"], names)
    if isinstance(value, Seat):
        return names[value.index] if 0 <= value.index < len(names) else str(value.index)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Line):
        return render_line(neutral_line(value), names)
    if isinstance(value, str):
        return cards_in_words(value)
    return value


_CONVERSION = re.compile(r"%\((\w+)\)([-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGs])")


def with_minus(template: str, values: Mapping[str, Any]) -> str:
    """*template* with each number of *values* written in, its minus sign a real one (U+2212)."""

    def written(found: re.Match[str]) -> str:
        value = values.get(found[1])
        if not isinstance(value, (int, float, Decimal)) or isinstance(value, bool):
            return found[0]
        try:
            text = ("%" + found[2]) % value
        except (TypeError, ValueError):
            return found[0]
        return text.replace("-", "−").replace("%", "%%")

    return _CONVERSION.sub(written, template)


def fill(template: str, params: Mapping[str, Any], names: Sequence[str], signs: bool = False) -> str:
    values = {k: render_param(v, names) for k, v in params.items()}
    translated = gettext(template)
    if signs:
        template, translated = with_minus(template, values), with_minus(translated, values)
    try:
        return translated % values
    except (KeyError, TypeError, ValueError):  # a broken translation must not break the sheet
        try:
            return template % values
        except (KeyError, TypeError, ValueError):
            return template


def render_line(item: Sequence[Any], names: Sequence[str]) -> str:
    text, params = item
    return fill(text, params, names, signs=True)


def echoed(text: str, limit: int = ECHOED) -> str:
    shown = LONE_SURROGATE.sub("\ufffd", text[:limit + 1])
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def capped(violations: Sequence[Violation]) -> list[Violation]:
    if len(violations) <= MAX_VIOLATIONS:
        return list(violations)
    return [*violations[:MAX_VIOLATIONS],
            error("too_many_violations", TOO_MANY, None, count=len(violations) - MAX_VIOLATIONS)]


def violation_json(violation: Violation, players: Sequence[str] = ()) -> dict[str, Any]:
    params = {key: echoed(value) if isinstance(value, str) else value for key, value in violation.params.items()}
    out: dict[str, Any] = {
        "code": violation.code,
        "message": fill(violation.message, params, players),
        "field": None if violation.field is None else echoed(violation.field),
        "severity": violation.severity.value,
    }
    if violation.deal is not None:
        out["deal"] = violation.deal
    return out


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
