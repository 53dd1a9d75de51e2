"""The 1000 entry form (``scorebook.games.registry.EntryForm``): POST fields to a thousand entry, and back.

The form only reshapes what was typed; every rule is checked by the referee through the
services. Field names: ``declarer``, ``bid``, ``contract``, ``points_<seat>``,
``marriages_<seat>`` (several suit values), ``tricks_<seat>``, ``dark``, ``talon_points``,
``talon_marriage``, ``reason``, ``player``, ``penalty_points``; ``action`` says which entry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.games import thousand
from scorebook import sheets
from scorebook.games.forms import Flag, Number, Several, Text, penalty_entry, penalty_values, read, the_rest

CARD_POINTS = thousand.CARD_POINTS
TEMPLATE = "scorebook/games/thousand/form.html"
FIELDS = "scorebook/games/thousand/fields.html"  # the main form's fields, kept rendered when fresh
# Seed 001: the dealer who exposes a card is fined (RULES.md `redeal_penalty`) and the deal passes on.
EXPOSED_CARD = _("an exposed card (dealer −%(penalty)s, next dealer)")


def initial_values(state: Mapping[str, Any]) -> dict[str, Any]:
    """The next deal: the obligatory declarer if there is one, else the player on the 100."""
    obliged = state.get("obligatory_declarer")
    return {"declarer": obliged if obliged is not None else state.get("on_the_hundred"), "bid": 100}


class PlayForm(forms.Form):
    """A played deal or a write-off: the declarer, the bid and contract, the dark, the talon (with
    4 players), and for each seat its card points, marriages declared, tricks and marriages held."""

    declarer = Number()
    bid = Number()
    contract = Number()
    dark = Flag()
    talon_points = Number()
    talon_marriage = Text()

    def __init__(self, data: QueryDict, seats: int):
        super().__init__(data)
        for seat in range(seats):
            self.fields[f"points_{seat}"] = Number()
            self.fields[f"tricks_{seat}"] = Number()
            self.fields[f"marriages_{seat}"] = Several()
            self.fields[f"held_{seat}"] = Several()


class RedealForm(forms.Form):
    reason = Text()


def entry_from_post(post: QueryDict, seats: int, state: Mapping[str, Any]) -> dict[str, Any]:
    """The entry the thousand form describes, for a deal entered in *state* (who sits out is the
    referee's word: ``sitting_out``). One blank card-points field is "the rest of 120"."""
    action = post.get("action", "play")
    if action == "redeal":
        return {"type": "redeal", "reason": read(RedealForm(post))["reason"] or "other"}
    if action == "penalty":
        return penalty_entry(post)
    typed = read(PlayForm(post, seats))
    declarer, bid, contract = typed["declarer"], typed["bid"], typed["contract"]
    if contract is None:
        contract = bid
    held = [sorted(set(typed[f"held_{seat}"])) for seat in range(seats)]
    if action == "write_off":
        entry: dict[str, Any] = {"type": "write_off", "declarer": declarer, "bid": bid, "contract": contract}
        if any(held):
            entry["marriages_held"] = held
        return entry
    sitting_out = state.get("sitting_out")
    active = [s for s in range(seats) if s != sitting_out]
    # "the rest of 120": the one field left empty takes whatever the others did not.
    played = iter(the_rest([typed[f"points_{s}"] for s in active], CARD_POINTS))
    points: list[Any] = [None if s == sitting_out else next(played) for s in range(seats)]
    entry = {"type": "play", "declarer": declarer, "bid": bid, "contract": contract, "points": points,
             "marriages": [[] if s == sitting_out else sorted(set(typed[f"marriages_{s}"])) for s in range(seats)],
             "dark": typed["dark"]}
    tricks = [None if s == sitting_out else typed[f"tricks_{s}"] for s in range(seats)]
    if any(t is not None for t in tricks):
        entry["tricks"] = tricks
    if any(held):
        entry["marriages_held"] = held
    if sitting_out is not None:  # the talon is credited to the player who sits out
        talon = typed["talon_points"]
        entry["talon_points"] = talon if talon is not None else 0
        if typed["talon_marriage"]:
            entry["talon_marriage"] = typed["talon_marriage"]
    return entry


def values_from_entry(entry: dict[str, Any] | None, seats: int) -> dict[str, Any]:
    """Form values that show *entry* again (the edit page)."""
    if not entry:
        return {}
    if entry.get("type") == "penalty":
        return penalty_values(entry)  # its "points" are one number, not one per seat
    values: dict[str, Any] = {"action": entry.get("type", "play")}
    for key in ("declarer", "bid", "contract", "talon_points", "talon_marriage", "reason"):
        if key in entry:
            values[key] = entry[key]
    values["dark"] = bool(entry.get("dark"))
    for seat in range(seats):
        points = entry.get("points") or [None] * seats
        tricks = entry.get("tricks") or [None] * seats
        marriages = entry.get("marriages") or [[]] * seats
        held = entry.get("marriages_held") or [[]] * seats
        values[f"points_{seat}"] = points[seat]
        values[f"tricks_{seat}"] = tricks[seat]
        values[f"marriages_{seat}"] = marriages[seat] or []
        values[f"held_{seat}"] = held[seat] or []
    _rest_left_empty(values, entry, seats)
    return values


def _rest_left_empty(values: dict[str, Any], entry: Mapping[str, Any], seats: int) -> None:
    """The edit page keeps "the rest of 120" computed as the entry form does: the declarer's card
    points are left empty when the points of those who played make 120, so correcting one
    defender's points changes one field, and the declarer's follow."""
    points = entry.get("points")
    declarer = entry.get("declarer")
    if entry.get("type") != "play" or not isinstance(points, list) or len(points) != seats:
        return
    played = [p for p in points if p is not None]
    if (not isinstance(declarer, int) or not 0 <= declarer < seats or points[declarer] is None
            or not all(isinstance(p, int) for p in played) or sum(played) != CARD_POINTS):
        return
    values[f"points_{declarer}"] = None


def post_values(post: QueryDict, seats: int) -> dict[str, Any]:
    """What was typed, to show the form again after a refusal."""
    values: dict[str, Any] = {key: post.get(key) for key in post}
    values["dark"] = post.get("dark") == "on"
    for seat in range(seats):
        values[f"marriages_{seat}"] = post.getlist(f"marriages_{seat}")
        values[f"held_{seat}"] = post.getlist(f"held_{seat}")
    return values


def field_name(api_field: str | None, action: str = "play") -> str:
    """An entry's field path ("points[1]", "marriages[0][1]") as the form field it came from."""
    if action == "penalty" and api_field == "points":
        return "penalty_points"
    if not api_field:
        return "__all__"
    match = re.match(r"([a-z_]+)(?:\[(\d+)\])?", api_field)
    if not match:
        return "__all__"
    name, seat = match.groups()
    if name == "points" and seat is None:
        return "points"
    if name == "player":
        return "player"
    if name == "points" and seat is not None:
        return f"points_{seat}"
    if seat is not None and name in ("marriages", "tricks", "marriages_held"):
        return f"{'held' if name == 'marriages_held' else name}_{seat}"
    return name


def clean_errors(errors: dict[str, list[str]], post: QueryDict) -> dict[str, list[str]]:
    if not (post.get("contract") or "").strip():
        # Left blank, the contract is the bid: the bid's own error says it all.
        errors.pop("contract", None)
    return errors


def form_context(match: Any, state: Mapping[str, Any], values: dict[str, Any], errors: dict[str, list[str]],
                 seat_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The seats with what was typed for each (and who sits this deal out), the suits, the redeal
    reasons."""
    options = match.options
    sitting_out = state.get("sitting_out")
    players = [{
        "index": seat["index"], "name": seat["name"], "sits_out": seat["index"] == sitting_out,
        "declarer": str(values.get("declarer")) == str(seat["index"]),
        "points": values.get(f"points_{seat['index']}"), "tricks": values.get(f"tricks_{seat['index']}"),
        "marriages": [str(m) for m in values.get(f"marriages_{seat['index']}") or []],
        "held": [str(m) for m in values.get(f"held_{seat['index']}") or []],
        "errors": errors.get(f"points_{seat['index']}", []) + errors.get(f"marriages_{seat['index']}", [])
        + errors.get(f"tricks_{seat['index']}", []) + errors.get(f"held_{seat['index']}", []),
    } for seat in seat_rows]
    return {
        "players": players, "penalty_player": str(values.get("player", "")),
        "general_errors": errors.get("__all__", []) + errors.get("type", []) + errors.get("points", []),
        "suits": [(s, sheets.SUIT_SYMBOLS[s]) for s in ("H", "D", "C", "S")]
        + ([("A", sheets.SUIT_SYMBOLS["A"])] if options.get("ace_marriage") else []),
        "redeal_reasons": _redeal_reasons(options),
        "four_players": sitting_out is not None, "options": options,
        "bid_step": options["bid_step"], "bid_chips": bid_chips(options["bid_step"]),
    }


def bid_chips(step: int) -> list[int]:
    """The usual bids, one tap each (100 to 150 in tens, in the match's step): a bid field never
    needs clearing; the − and + beside it move by the step from there."""
    return [bid for bid in range(100, 151, 10) if bid % step == 0]


def _redeal_reasons(options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each reason for a redeal in the referee's words; an exposed card says what it costs here."""
    return [(code, EXPOSED_CARD % {"penalty": options["redeal_penalty"]} if code == "exposed_card"
             else gettext(thousand.REDEAL_TEXT[code])) for code in thousand.REDEAL_REASONS]
