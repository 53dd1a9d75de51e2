"""Храп: every problem with an entry at a point of the match (``validate``)."""

from __future__ import annotations

from referee.games.khrap.entries import Entry, Play, Renonce
from referee.games.khrap.rules import TRICKS
from referee.games.khrap.state import State
from referee.ledger import Seat, Violation, _, error
from referee.penalty import Penalty


def validate(state: State, entry: Entry) -> list[Violation]:
    """Every problem with *entry* at this point of the match, not just the first."""
    found: list[Violation] = []
    if isinstance(entry, Play):
        _check_seat(state, entry.khrap, "khrap", found)
        if len(entry.tricks) != state.seats:
            found.append(error("bad_type", _("Expected %(seats)s items, one per player, not %(count)s."),
                               "tricks", seats=state.seats, count=len(entry.tricks)))
        elif (taken := sum(entry.tricks)) != TRICKS:
            # Seed 003: five cards each, "Делают ход всегда с одной карты" — five tricks.
            found.append(error("tricks_total", _("Tricks add up to %(taken)s, not 5."), "tricks", taken=taken))
        if entry.circle == 2 and state.circle == 1:
            # Seed 003: a new trump and a second chance to khrap come only "Если никто не отважился
            # сделать заявку на «храп»" — a silent first circle, recorded as no_khrap.
            found.append(error("no_silent_first_circle", _("A khrap in the second circle needs a first circle "
                                                           "with no khrap: record it first."), "circle"))
        elif entry.circle == 1 and state.circle == 2:
            found.append(error("wrong_circle", _("The first circle was recorded with no khrap: this khrap was "
                                                 "called in the second circle."), "circle"))
        for index, seat in enumerate(entry.renonce):
            _check_seat(state, seat, f"renonce[{index}]", found)
            if seat in entry.renonce[:index]:
                found.append(error("renonce_twice", _("%(player)s is listed twice."), f"renonce[{index}]",
                                   player=Seat(seat)))
    elif isinstance(entry, Renonce):
        _check_seat(state, entry.player, "player", found)
    elif isinstance(entry, Penalty):
        _check_seat(state, entry.player, "player", found)
        # RULES.md: a penalty "need not be a multiple of `stake`: it corrects whatever the table
        # agreed" (API.md: "an arbitrary, explained adjustment"); only the pot bounds a bonus.
        if entry.points > state.pot:
            found.append(error("pot_too_small", _("Only %(pot)s lies in the pot: nobody can take %(points)s "
                                                  "out of it."), "points", pot=state.pot, points=entry.points))
    return found


def _check_seat(state: State, seat: int, where: str, found: list[Violation]) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        found.append(error("bad_seat", _("There is no seat %(seat)s at this table (seats 0 to %(last)s)."),
                           where, seat=seat, last=state.seats - 1))
