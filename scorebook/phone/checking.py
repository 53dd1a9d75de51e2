"""A referee check asked on a page, answered the same on the server and in the phone.

Each game's ``scorebook.games.<game>.checks`` answers its page's checks (``ANSWERS``: a check's
name → a function of the posted form and the ``Words``) with the verdict as data: what it says,
part by part, every text already in the page's language. The server renders it with one template
(templates/scorebook/referee/_verdict.html), the phone draws it with one script
(static/js/referee_offline.js) from the engine's answer, so a check answered without a connection
says what the server says.

Pure Python, like the engine: the standard library, ``referee`` and the wording only, never Django
(the browser runs it in Pyodide; ``scorebook.phone.bundle`` ships it with the games' checks).

A verdict::

    {"tone": "yes" | "no" | "", "css": "<more classes>", "parts": [part, ...]}

and a part one of::

    {"kind": "p", "css": "verdict-answer", "spans": [span, ...]}
    {"kind": "facts", "css": "verdict-facts", "rows": [{"term": "...", "css": "", "spans": [...]}]}
    {"kind": "list", "css": "verdict-why", "ordered": false, "items": [{"css": "", "spans": [...]}]}

a span ``{"text": "...", "css": ""}`` (a class: drawn as a ``<span>``; none: the bare text), a card
drawn as a span also ``"code": "KH"``, its ``data-code`` (what a game's scripts and tests find it by).
A check answers ``{"errors": ["...", ...], "verdict": None}`` or ``{"errors": [], "verdict": {...}}``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Union

from referee.ledger import Violation
from scorebook.phone.wording import Words, capped

# A form as posted: every value of each name, in order (Django's ``QueryDict.lists()``).
Post = Mapping[str, Sequence[str]]
Answer = dict[str, Any]
Span = Union[str, Mapping[str, str]]
CheckFunction = Callable[[Post, Words], Answer]


# ---------------------------------------------------------------- reading the posted form


def value(post: Post, name: str) -> str:
    """The value of *name*, its last one if sent twice (as ``QueryDict.get``); "" if not sent."""
    sent = post.get(name) or [""]
    return sent[-1]


def values(post: Post, name: str) -> list[str]:
    """Every value of *name* (as ``QueryDict.getlist``)."""
    return list(post.get(name) or [])


def ticked(post: Post, name: str) -> bool:
    """A checkbox ticked: the browser sends "on"."""
    return value(post, name) == "on"


def number(text: str | None) -> Any:
    """A typed number as an int; anything else is passed on as typed for the referee to refuse."""
    if text is None:
        return None
    cleaned = text.strip().replace("−", "-")
    if cleaned == "":
        return None
    if re.fullmatch(r"-?[0-9]{1,6}", cleaned):
        return int(cleaned)
    return cleaned


def picked_card(post: Post, prefix: str) -> str | None:
    """A card picked as a rank and a suit ("led_rank", "led_suit"): its code, or None if half-picked."""
    rank, suit = value(post, f"{prefix}_rank"), value(post, f"{prefix}_suit")
    return rank + suit if rank and suit else None


# ---------------------------------------------------------------- the verdict


def span(text: Any, css: str = "", code: str = "", inner: Iterable[Span] = ()) -> dict[str, Any]:
    """A span of a verdict; *code*: the card it draws (its ``data-code``); *inner*: the spans it
    holds instead of its text (one level: a declaration's cards, each in its suit's colour)."""
    drawn: dict[str, Any] = {"text": str(text), "css": css}
    if code:  # only a card's span has one: every other span stays {"text", "css"}
        drawn["code"] = code
    held = [dict(part) if isinstance(part, Mapping) else {"text": str(part), "css": ""} for part in inner]
    if held:
        drawn["inner"] = held
    return drawn


def _spans(given: Iterable[Span]) -> list[dict[str, str]]:
    return [dict(item) if isinstance(item, Mapping) else span(item) for item in given]


def para(*spans: Span, css: str = "") -> dict[str, Any]:
    return {"kind": "p", "css": css, "spans": _spans(spans)}


def fact(term: str, *spans: Span, css: str = "") -> dict[str, Any]:
    return {"term": term, "css": css, "spans": _spans(spans)}


def facts(*rows: dict[str, Any], css: str = "verdict-facts") -> dict[str, Any]:
    return {"kind": "facts", "css": css, "rows": list(rows)}


def item(*spans: Span, css: str = "") -> dict[str, Any]:
    return {"css": css, "spans": _spans(spans)}


def items(given: Iterable[dict[str, Any] | str], css: str = "verdict-why", ordered: bool = False) -> dict[str, Any]:
    """A list; a plain text is an item of that text alone."""
    return {"kind": "list", "css": css, "ordered": ordered,
            "items": [entry if isinstance(entry, dict) else item(entry) for entry in given]}


def verdict(*parts: dict[str, Any] | None, tone: str = "", css: str = "") -> Answer:
    """A check's verdict (parts given as None are left out)."""
    return {"errors": [], "verdict": {"tone": tone, "css": css, "parts": [p for p in parts if p is not None]}}


def refused(messages: Iterable[str]) -> Answer:
    return {"errors": list(messages), "verdict": None}


def messages(words: Words, violations: Iterable[Violation], players: Sequence[str] = ()) -> list[str]:
    """The violations' messages in the page's language, as a page shows them under a refused form."""
    return [words.violation_json(v, players)["message"] for v in capped(list(violations))]


# ---------------------------------------------------------------- a check asked


def answer(game: str, check: str, post: Post, words: Words) -> Answer:
    """The check *check* of *game* asked with the form *post*. :raises LookupError: no such check."""
    if not re.fullmatch(r"[a-z]+", game):
        raise LookupError(game)
    try:
        module = importlib.import_module(f"scorebook.games.{game}.checks")
    except ImportError:
        raise LookupError(game) from None
    answers: Mapping[str, CheckFunction] = module.ANSWERS
    return answers[check](post, words)
