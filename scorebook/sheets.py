"""Between the referee's values and JSON: the cached, language-neutral sheet, and its rendering
into the words of the request's language (explanations, violation messages, seats as names), with
the words on screen for the referee's codes that more than one game uses (marks, option values,
presets, the suits, the cards). The wording itself, shared with the phone's engine, is
``scorebook.phone.wording``: here it writes with Django's gettext."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from referee.cards import Suit
from referee.games import find_game
from referee.ledger import Line, Seat, Sheet, Violation
from scorebook.phone.wording import Words, capped, neutral_line, neutral_param


def rules_stamp(game: Any) -> str:
    """What a cached sheet records of the rules that made it, ``"<game>/<version>"``: the game and its
    ``RULES_VERSION``, bumped by hand when scoring changes (a comment or a refactoring of the referee
    leaves cached sheets as they are)."""
    return f"{game.NAME}/{game.RULES_VERSION}"


def is_fresh(game_name: str, sheet: Mapping[str, Any] | None) -> bool:
    """Was *sheet*, a match's cached sheet, made under the rules in force? If not, it is replayed."""
    return sheet is not None and bool(sheet) and sheet.get("engine") == rules_stamp(find_game(game_name))


# ---------------------------------------------------------------- words for the codes games share
# What only one game uses is in its record (scorebook/games/<game>/__init__.py).

# Short badges as a scorekeeper writes them on paper.
MARKS = {
    "made": pgettext_lazy("mark", "made"),
    "failed": pgettext_lazy("mark", "failed"),
    "penalty": pgettext_lazy("mark", "penalty"),
    "redeal": pgettext_lazy("mark", "redeal"),
    "dark": pgettext_lazy("mark", "dark"),
    "winner": pgettext_lazy("mark", "winner"),
}

CHOICES = {
    "none": gettext_lazy("no rounding"),
}

PRESETS = {
    "classic": gettext_lazy("Classic"),
}

SUIT_NAMES = {"H": gettext_lazy("hearts"), "D": gettext_lazy("diamonds"), "C": gettext_lazy("clubs"),
              "S": gettext_lazy("spades"), "A": gettext_lazy("aces")}
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "A": "A"}

# The face ranks as the deck of the language prints them: В Д К Т on Russian and Ukrainian cards,
# J Q K A on English ones. The page's card grids write them with {% translate rank context "card rank" %};
# listed here so that makemessages keeps them.
FACE_RANKS = {"J": pgettext_lazy("card rank", "J"), "Q": pgettext_lazy("card rank", "Q"),
              "K": pgettext_lazy("card rank", "K"), "A": pgettext_lazy("card rank", "A")}


# ---------------------------------------------------------------- neutral form (cached on the match)


def neutral_violation(violation: Violation) -> dict[str, Any]:
    """A violation as JSON with its English template and params: kept in a cached sheet, rendered
    in the reader's language by ``render_violation``."""
    return {"code": violation.code, "message": violation.message, "field": violation.field,
            "severity": violation.severity.value, "deal": violation.deal,
            "params": {k: _json_param(v) for k, v in violation.params.items()}}


def _json_param(value: Any) -> Any:
    if isinstance(value, (Seat, Suit, Line)):
        return neutral_param(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(getattr(value, "value", value))  # an enum (a rank…) as its code


def neutral_stop(number: int, violations: Sequence[Violation], not_counted: Sequence[int]) -> dict[str, Any]:
    """Where the replay stopped: the first deal the rules refuse now (an entry stored under older
    rules), why, and every deal from there on that is not counted."""
    return {"deal": number, "violations": [neutral_violation(v) for v in violations],
            "not_counted": list(not_counted)}


def neutral_sheet(game: Any, sheet: Sheet, voided: Sequence[int], stopped_at: dict[str, Any] | None = None,
                  last_deal: int = 0) -> dict[str, Any]:
    """The replay as JSON with untranslated lines: what a match caches (``Match.sheet`` the rest,
    ``SheetRow`` the rows: ``sheet_head``). *stopped_at*
    (``neutral_stop``): the replay ended at a deal the rules refuse, so the sheet is the replay
    up to it. *last_deal*: the number of the match's last stored deal (counted or not), so that a
    deal appended is folded onto this sheet only when it is the sheet of every deal before it."""
    return {
        "engine": rules_stamp(game),
        "rows": neutral_rows(sheet),
        **neutral_tail(game, sheet.state, last_deal, sheet.rows[-1].number if sheet.rows else None),
        "voided": sorted(voided),
        "stopped_at": stopped_at,
    }


def sheet_head(neutral: Mapping[str, Any]) -> dict[str, Any]:
    """A neutral sheet without its rows: what ``Match.sheet`` stores (each row is a ``SheetRow``)."""
    return {key: value for key, value in neutral.items() if key != "rows"}


def neutral_rows(sheet: Sheet) -> list[dict[str, Any]]:
    """The sheet's rows as JSON, each with what the referee warned of when its deal was saved."""
    warnings: dict[int, list[dict[str, Any]]] = {}
    for violation in sheet.violations:
        if not violation.is_error and violation.deal is not None:
            warnings.setdefault(violation.deal, []).append(neutral_violation(violation))
    return [{
        "number": row.number, "dealer": row.dealer, "type": row.kind,
        "deltas": list(row.outcome.deltas), "totals": list(row.totals),
        "marks": [list(m) for m in row.outcome.marks],
        "lines": [neutral_line(item) for item in row.outcome.lines],
        "result": dict(row.outcome.result),
        "warnings": warnings.get(row.number, []),
    } for row in sheet.rows]


def neutral_tail(game: Any, state: Any, last_deal: int, last_row: int | None) -> dict[str, Any]:
    """The keys of a neutral sheet that say where the match stands after its last deal: what a
    deal appended changes besides adding its row. *last_row*: the deal of its last row, the last one
    counted or waiting for a confirmation (what "undo" voids; None: no row)."""
    return {
        "totals": list(state.totals),
        "finished": state.finished,
        "winner": state.winner,
        "next_dealer": state.dealer,
        "state": game.dump_state(state),
        "last_deal": last_deal,
        "last_row": last_row,
    }


# ---------------------------------------------------------------- what waits for confirmation


Item = TypeVar("Item")


class Rows(Sequence[Item]):
    """Rows (the sheet's, the rules', a sheet row's lines in words), built when first read: the
    match page keeps their HTML rendered (``{% cache %}``, each row by what it shows), and building
    the sheet's rows (every explanation in words), even reading the cached sheet's rows, then cost
    more than the rest of the page."""

    def __init__(self, build: Callable[[], list[Item]]):
        self._build: Callable[[], list[Item]] | None = build
        self._rows: list[Item] = []

    def _built(self) -> list[Item]:
        if self._build is not None:
            self._rows, self._build = self._build(), None
        return self._rows

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> list[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | list[Item]:
        return self._built()[index]

    def __len__(self) -> int:
        return len(self._built())

    def __iter__(self) -> Iterator[Item]:
        return iter(self._built())


def with_waiting(neutral: Mapping[str, Any], pending: Sequence[int], rejected: Mapping[int, str],
                 proposals: Mapping[int, bool], start: Sequence[int] = ()) -> dict[str, Any]:
    """*neutral* with each row's status (pending or confirmed) and whether it is provisional (at or
    after the first pending deal), the pending and rejected deals, the proposals waiting (True: a
    void), and the settled totals: the totals before the first pending deal (*start*: the totals
    before any deal, needed when no counted row comes before it). A copy: the cached sheet is
    shared by every reader. Rows not read yet (``Rows``) are marked when first read."""
    first = pending[0] if pending else None
    waiting = set(pending)
    source = neutral["rows"]

    def marked() -> list[dict[str, Any]]:
        return [row | {"status": "pending" if row["number"] in waiting else "confirmed",
                       "provisional": first is not None and row["number"] >= first} for row in source]

    rows: Sequence[dict[str, Any]] = Rows(marked) if isinstance(source, Rows) else marked()  # lazy stays lazy
    settled = list(neutral["totals"])
    if first is not None:
        before = [row for row in neutral["rows"] if row["number"] < first]
        settled = list(before[-1]["totals"]) if before else list(start)
    return {**neutral, "rows": rows, "pending": list(pending),
            "rejected": [{"deal": number, "reason": reason} for number, reason in sorted(rejected.items())],
            "proposals": [{"deal": number, "void": void} for number, void in sorted(proposals.items())],
            "settled_totals": settled}


# ---------------------------------------------------------------- rendering in the active language

# The wording the phone's engine shares (scorebook/phone/wording.py), in the request's language.
WORDS = Words(gettext, pgettext)
card_text = WORDS.card_text
cards_in_words = WORDS.cards_in_words
render_line = WORDS.render_line
violation_json = WORDS.violation_json
render_lines = WORDS.render_lines


def render_sheet(game_name: str, players: Sequence[str], neutral: dict[str, Any]) -> dict[str, Any]:
    """API.md's scoresheet, explanations in the active language."""
    return {
        "game": game_name,
        "players": list(players),
        "rows": [render_row(row, players) for row in neutral["rows"]],
        "totals": neutral["totals"],
        "finished": neutral["finished"],
        "winner": neutral["winner"],
        "next_dealer": neutral["next_dealer"],
        "state": neutral["state"],
        "voided": neutral["voided"],
        "stopped_at": render_stop(neutral.get("stopped_at"), players),
        # Confirmation mode (``with_waiting``); a sheet without it: nothing waits, all settled.
        "pending": list(neutral.get("pending", [])),
        "rejected": list(neutral.get("rejected", [])),
        "proposals": list(neutral.get("proposals", [])),
        "settled_totals": list(neutral.get("settled_totals", neutral["totals"])),
    }


def render_stop(stopped_at: dict[str, Any] | None, players: Sequence[str]) -> dict[str, Any] | None:
    """Where the replay stopped, its violations in API.md's shape and the request's language."""
    if not stopped_at:
        return None
    return {"deal": stopped_at["deal"], "not_counted": list(stopped_at.get("not_counted") or []),
            "violations": [render_violation(v, players) for v in stopped_at.get("violations") or []]}


def render_violation(item: dict[str, Any], players: Sequence[str] = ()) -> dict[str, Any]:
    """A violation kept in a sheet (``neutral_violation``) as ``violation_json`` writes one."""
    message = WORDS.fill(item["message"], item.get("params") or {}, players)
    out: dict[str, Any] = {"code": item["code"], "message": message,
                           "field": item.get("field"), "severity": item.get("severity", "error")}
    if item.get("deal") is not None:
        out["deal"] = item["deal"]
    return out


def render_row(row: dict[str, Any], players: Sequence[str]) -> dict[str, Any]:
    return {
        "number": row["number"], "dealer": row["dealer"], "type": row["type"],
        "deltas": row["deltas"], "totals": row["totals"], "marks": row["marks"],
        "explanation": [render_line(item, players) for item in row["lines"]],
        "result": row["result"],
        "status": row.get("status", "confirmed"), "provisional": row.get("provisional", False),
    }


def on_deal(number: int, message: str) -> str:
    """A message about another deal than the one on screen, saying which: "Deal 3: …"."""
    return gettext("Deal %(number)s: %(message)s") % {"number": number, "message": message}


def violation_messages(violations: Iterable[Violation], players: Sequence[str] = ()) -> list[str]:
    """Just the messages, in the active language: what a page shows under a refused form."""
    return [violation_json(v, players)["message"] for v in capped(list(violations))]
