"""The referee's words as the scoresheet writes them: explanation lines and violation messages in a
language, seats as names, suits as symbols, face cards as the language's deck prints them, negative
numbers with a real minus. One copy for both sides: ``scorebook.sheets`` binds it to Django's
gettext (the request's language), ``scorebook.phone.engine`` to Python's gettext over the same .mo
files (the page's language), and the differential test holds the two equal.

Pure Python, like the engine: the standard library and ``referee`` only, never Django, because the
browser runs it in Pyodide, where Django is not (``scorebook.phone.bundle`` puts it in the archive).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee.cards import Suit
from referee.ledger import Line, Seat, Violation, _, error
from referee.results import PLAIN

# A face card as the referee writes it in its words, "J♥" in "J♥ Q♥ K♥ is not a meld".
_FACE_IN_TEXT = re.compile(r"(?<!\w)([JQKA])(?=[♥♦♣♠])")

# A named conversion of a %-template: "%(score)+d", "%(points)s".
_CONVERSION = re.compile(r"%\((\w+)\)([-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGs])")

# An entry of 60,000 copies of one card has 60,000 problems; listed in full, a 2 MB request made
# a 40 MB answer. The first few dozen say what is wrong; one more says how many are left out.
MAX_VIOLATIONS = 50
TOO_MANY = _("More problems not shown: %(count)s.")

# A refusal may name what the client sent: an unknown option or key, in its message and its field
# ("options.<name>"). A lone surrogate there cannot be written as UTF-8 (the answer failed: a 500
# instead of the refusal), and a megabyte of key came back whole. Shown cleaned and cut short.
LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")  # a str holds a pair as one character: any is alone
ECHOED = 100


# ---------------------------------------------------------------- neutral form (no language yet)


def neutral_param(value: Any) -> Any:
    # JSON as they are: most of a line's params (asked first: 12,000 of them in a 1,000-deal import).
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


def with_minus(template: str, values: Mapping[str, Any]) -> str:
    """*template* with each number of *values* written in, its minus sign a real one (U+2212), as
    the sheet writes its figures ("%(score)+d" of −120 is "−120", not "-120"). The other
    conversions stay for ``%`` to fill."""

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


def capped(violations: Sequence[Violation]) -> list[Violation]:
    """At most MAX_VIOLATIONS of *violations*, then one ``too_many_violations`` counting the rest."""
    if len(violations) <= MAX_VIOLATIONS:
        return list(violations)
    return [*violations[:MAX_VIOLATIONS],
            error("too_many_violations", TOO_MANY, None, count=len(violations) - MAX_VIOLATIONS)]


def echoed(text: str, limit: int = ECHOED) -> str:
    """*text*, from a client, as a refusal shows it: each lone surrogate as U+FFFD (the replacement
    character), and at most *limit* characters, the cut marked with "…"."""
    shown = LONE_SURROGATE.sub("\ufffd", text[:limit + 1])
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


# ---------------------------------------------------------------- in a language


# Slots: a 1,000-deal sheet renders some 12,000 params through these methods, and reading the two
# functions from slots kept its rendering as fast as the module functions it replaced (from a
# __dict__, some 10% slower).
@dataclass(frozen=True, slots=True)
class Words:
    """The words in the language that *gettext* and *pgettext* translate into (each side passes its
    own: both read the active language when called, so one ``Words`` serves every request)."""

    gettext: Callable[[str], str]
    pgettext: Callable[[str, str], str]

    def cards_in_words(self, text: str) -> str:
        """The referee's words with every face card written as the deck of the language prints it
        ("J♥ Q♥ K♥" is "В♥ Д♥ К♥" in Russian). Codes the player typed ("JH") stay as typed."""
        return _FACE_IN_TEXT.sub(lambda found: self.pgettext("card rank", found[1]), text)

    def card_text(self, code: str) -> str:
        """A card as a page shows it, from its code: "JH" is J♥ in English, В♥ in Russian and
        Ukrainian (a code that is no card is shown as it came)."""
        rank, suit = code[:-1], code[-1:]
        try:
            symbol = Suit(suit).symbol
        except ValueError:
            symbol = suit
        return self.pgettext("card rank", rank) + symbol

    def render_param(self, value: Any, names: Sequence[str]) -> Any:
        if isinstance(value, dict):
            if "seat" in value:
                index = value["seat"]
                return names[index] if 0 <= index < len(names) else str(index)
            if "suit" in value:
                return Suit(value["suit"]).symbol
            if "line" in value:
                return self.render_line(value["line"], names)
        if isinstance(value, Seat):
            return names[value.index] if 0 <= value.index < len(names) else str(value.index)
        if isinstance(value, Suit):
            return value.symbol
        if isinstance(value, Line):
            return self.render_line(neutral_line(value), names)
        if isinstance(value, str):
            return self.cards_in_words(value)
        return value

    def fill(self, template: str, params: Mapping[str, Any], names: Sequence[str], signs: bool = False) -> str:
        """*template* translated with *params* as words; *signs*: numbers with a real minus."""
        render = self.render_param  # looked up once: a sheet fills thousands of params
        values = {k: render(v, names) for k, v in params.items()}
        translated = self.gettext(template)
        if signs:
            template, translated = with_minus(template, values), with_minus(translated, values)
        try:
            return translated % values
        except (KeyError, TypeError, ValueError):  # a broken translation must not break the sheet
            try:
                return template % values
            except (KeyError, TypeError, ValueError):
                return template

    def render_line(self, item: Sequence[Any], names: Sequence[str]) -> str:
        """One line of the referee's explanation (neutral: ``neutral_line``), its negative numbers
        with a real minus as on the sheet."""
        text, params = item
        return self.fill(text, params, names, signs=True)

    def render_lines(self, lines: Iterable[Line], names: Sequence[str] = ()) -> list[str]:
        """The referee's explanation lines in the language (seats as *names*, suits as symbols)."""
        return [self.render_line(neutral_line(item), names) for item in lines]

    def violation_json(self, violation: Violation, players: Sequence[str] = ()) -> dict[str, Any]:
        """A violation in API.md's shape, its message in words, what the client sent ``echoed``."""
        params = {key: echoed(value) if isinstance(value, str) else value for key, value in violation.params.items()}
        out: dict[str, Any] = {
            "code": violation.code,
            "message": self.fill(violation.message, params, players),
            "field": None if violation.field is None else echoed(violation.field),
            "severity": violation.severity.value,
        }
        if violation.deal is not None:
            out["deal"] = violation.deal
        return out
