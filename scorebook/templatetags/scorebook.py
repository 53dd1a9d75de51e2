"""Template helpers: translate the referee's English templates, show marks, suits and game names."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

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
