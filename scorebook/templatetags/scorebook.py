"""Template helpers: translate the referee's English templates, show marks, suits and game names."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django import template
from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from scorebook import caches as kept
from scorebook import sheets
from scorebook.games import GAMES, game_ui

register = template.Library()


@register.filter
def translate_text(text: str) -> str:
    """Translate an English string marked with ``_()`` in ``referee/`` (option labels and such)."""
    return gettext(text) if text else ""


@register.filter
def mark_label(code: str, game: str) -> str:
    """A mark on the sheet in words: ``{{ mark|mark_label:match.game }}``."""
    return str(game_ui(game).marks.get(code) or sheets.MARKS.get(code, code))


@register.filter
def mark_style(code: str, game: str) -> str:
    """A mark's CSS class (some are drawn like another: a fall like a failure)."""
    return game_ui(game).mark_styles.get(code, code)


@register.filter
def suit_symbol(code: str) -> str:
    return sheets.SUIT_SYMBOLS.get(code, code)


@register.filter
def game_name(code: str) -> str:
    return str(game_ui(code).display_name)


@register.inclusion_tag("scorebook/_game_styles.html")
def game_styles() -> dict[str, Any]:
    """``{% game_styles %}`` in every page's head, after app.css: every game's own stylesheets. A game's
    marks, status and statistics show on shared pages too (a watched sheet, a player's statistics, an
    evening of several games), so every page has them all: small files, cached once."""
    return {"styles": [path for game in GAMES.values() for path in game.styles]}


@register.inclusion_tag("scorebook/_game_scripts.html")
def game_scripts(code: str) -> dict[str, Any]:
    """``{% game_scripts match.game %}`` in a page's head: the scripts of the game's entry form and
    checks, as its record names them (the installable app keeps the same for offline use)."""
    return {"scripts": game_ui(code).scripts}


@register.filter
def signed(value: Any) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        return "" if value is None else str(value)
    return f"+{value}" if value > 0 else ("−" + str(-value) if value < 0 else "0")


@register.filter
def minus(value: Any) -> str:
    """A number with a real minus sign, as on paper."""
    if isinstance(value, int) and value < 0:
        return "−" + str(-value)
    return "" if value is None else str(value)


@register.filter
def index(sequence: Any, i: int) -> Any:
    try:
        return sequence[i]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def last_tail(rows: Any) -> Any:
    """The last counted row's tail figure (the pot after the latest deal)."""
    for row in reversed(list(rows or [])):
        if not row.get("voided") and row.get("tail") is not None:
            return row["tail"]
    return ""


ROW_TEMPLATE = "scorebook/_sheet_row.html"


@register.simple_tag(takes_context=True)
def sheet_rows(context: Any) -> SafeString:
    """The sheet's rows (scorebook/_sheet_row.html), each kept rendered under a digest of what it
    shows: the row itself (its figures, marks, words, status) and what the row template reads
    besides it (the match, its game, the language, the rules, whether the reader may correct a
    deal). A new deal, once the sheet's version is rendered anew, renders its own row and reads the
    others kept: rendering every row cost a match page's part as long as the match (O(deals) per
    write). A sheet stopped by the rules is rendered whole: its stopped row holds a form."""
    rows = list(context["rows"])
    row_template = context.template.engine.get_template(ROW_TEMPLATE)

    def rendered(row: dict[str, Any]) -> str:
        with context.push(row=row):
            return str(row_template.render(context))

    if context.get("stopped"):
        return mark_safe("".join(rendered(row) for row in rows))  # escaped by the row template
    match = context["match"]
    shown = [match.pk, match.game, get_language(), context.get("rules_stamp"), context.get("tail_label") or "",
             bool(context.get("read_only")), bool((context.get("can") or {}).get("correct"))]
    # A counted row is keyed by what it is made of (its "source": the referee's row, whether a change
    # of it is proposed, the players' names), so the kept ones are never put in words; the others
    # (voided, rejected) are small and keyed by themselves.
    keys = [f"sheet-row:{match.pk}:" + hashlib.blake2b(json.dumps([shown, row.get("source", row)], sort_keys=True,
                                                                  default=str).encode(), digest_size=16).hexdigest()
            for row in rows]
    store = caches[kept.RENDERED]
    found = store.get_many(keys)
    missing = {key: rendered(row) for key, row in zip(keys, rows, strict=True) if key not in found}
    if missing:
        store.set_many(missing, kept.RENDERED_TTL)
    return mark_safe("".join(found.get(key) or missing[key] for key in keys))  # escaped by the row template
