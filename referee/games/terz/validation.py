"""Терц's ``validate``: every problem with an entry at a point of the match."""

from __future__ import annotations

from referee.games.terz.checks import check_declarations
from referee.games.terz.entries import Entry, FalseDeclaration, Play
from referee.games.terz.rules import CARD_POINTS, LAST_TRICK
from referee.games.terz.state import State
from referee.ledger import Seat, Violation, _, error


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if isinstance(entry, FalseDeclaration):
        return _false_declaration(entry)
    if not isinstance(entry, Play):
        return []  # the other penalties' shape is all there is to check, and parse_entry did
    found: list[Violation] = []
    if (taken := sum(entry.points)) != CARD_POINTS:
        # Seed 000: "Загальна кількість очок 150 ... Другий гравець визначає кількість своїх очок
        # вирахуванням суми першого гравця зі ста п'ятдесяти."
        found.append(error("points_total", _("Card points add up to %(taken)s, not 150."), "points", taken=taken))
    seat = entry.last_trick
    if seat is not None and entry.points[seat] < LAST_TRICK:
        # Seed 000: "Остання хабар - 10 очок": whoever took it has those 10 at least (RULES.md:
        # `last_trick_points`).
        found.append(error("last_trick_points", _("%(player)s took the last trick, worth 10 on its own, but has "
                                                  "only %(points)s card points."), f"points[{seat}]",
                           player=Seat(seat), points=entry.points[seat]))
    found += check_declarations(entry.trump, entry.declarations)
    return found


def _false_declaration(entry: FalseDeclaration) -> list[Violation]:
    """Seed 000: "За неправдиве оголошення гравцеві записується стільки очок, скільки було в хибному
    оголошенні": what declarations can be worth, a sum of 20, 50, 100 and 200 — RULES.md: "a
    multiple of 10, at least 20, never 30" (20a + 50b reaches every multiple of 10 from 40 on)."""
    points = entry.points
    if points % 10 == 0 and points >= 20 and points != 30:
        return []
    return [error("bad_amount", _("%(points)s is no declaration's worth: a sum of 20, 50, 100 and 200 (a multiple "
                                  "of 10, at least 20, never 30)."), "points", points=points)]
