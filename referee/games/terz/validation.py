"""Терц's ``validate``: every problem with an entry at a point of the match."""

from __future__ import annotations

from referee.games.terz.checks import check_declarations
from referee.games.terz.entries import Entry, Play
from referee.games.terz.rules import CARD_POINTS
from referee.games.terz.state import State
from referee.ledger import Violation, _, error


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    if not isinstance(entry, Play):
        return []  # the penalties' shape is all there is to check, and parse_entry did
    found: list[Violation] = []
    if (taken := sum(entry.points)) != CARD_POINTS:
        # Seed 000: "Загальна кількість очок 150 ... Другий гравець визначає кількість своїх очок
        # вирахуванням суми першого гравця зі ста п'ятдесяти."
        found.append(error("points_total", _("Card points add up to %(taken)s, not 150."), "points", taken=taken))
    found += check_declarations(entry.trump, entry.declarations)
    return found
