"""The Thirteens entry form (``scorebook.games.registry.EntryForm``): POST fields to a thirteens entry, and back.

The form only reshapes what was tapped; every rule (one card per player in a trick, each card once)
is checked by the referee through the services. Field names:

- ``trump``: ``S`` ``H`` ``D`` ``C``, or ``none`` when a joker was turned;
- ``mode``: ``cards`` (each player's tricks, card by card) or ``points`` (counted by hand);
- ``trick_<seat>``: one value per trick taken, its card codes separated by spaces ("KH QD 6S");
- ``pick`` and ``pick_seat``: the trick being built in the card grid and who took it. Cards still
  picked there when the form is saved count as one more trick of that player (so nothing tapped
  is lost when "Add the trick" was forgotten, or without JavaScript);
- ``points_<seat>``; for a penalty ``player``, ``penalty_points``, ``penalty_reason``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import ngettext

from referee.cards import CardParseError, Joker, Rank, parse_card
from referee.games import thirteens
from scorebook import sheets
from scorebook.games.forms import Number, Several, Text, penalty_entry, penalty_field, penalty_values, read
from scorebook.games.thirteens.checks import NO_TRUMP, card_face

TEMPLATE = "scorebook/games/thirteens/form.html"
FIELDS = "scorebook/games/thirteens/fields.html"  # the main form's fields, kept rendered when fresh
RANKS = [rank.value for rank in Rank]  # 2 … A: the 52-card deck of seed 004
JOKERS = [joker.value for joker in Joker]
TRUMPS = ("S", "H", "D", "C")


def initial_values(state: Mapping[str, Any]) -> dict[str, Any]:
    return {"mode": "cards", "pick_seat": 0}


class PlayForm(forms.Form):
    """A played deal: the trumps; the tricks card by card (each taken trick as one text, and the
    trick still in the grid with who took it) or each seat's points counted by hand."""

    trump = Text()
    mode = Text()
    pick = Several()
    pick_seat = Number()

    def __init__(self, data: QueryDict, seats: int):
        super().__init__(data)
        for seat in range(seats):
            self.fields[f"trick_{seat}"] = Several()
            self.fields[f"points_{seat}"] = Number()


def _tricks(typed: Mapping[str, Any], seats: int) -> list[list[list[str]]]:
    """Each seat's tricks as lists of card texts, with the trick still in the grid added to its taker."""
    tricks = [[trick.split() for trick in typed[f"trick_{seat}"] if trick.split()] for seat in range(seats)]
    picked = [code for code in typed["pick"] if code.strip()]
    if picked:
        seat = typed["pick_seat"]
        tricks[seat if isinstance(seat, int) and 0 <= seat < seats else 0].append(picked)
    return tricks


def entry_from_post(post: QueryDict, seats: int, state: Mapping[str, Any]) -> dict[str, Any]:
    """The entry the form describes: a penalty, or a play with tricks or hand-counted points."""
    if post.get("action") == "penalty":
        return penalty_entry(post)
    typed = read(PlayForm(post, seats))
    entry: dict[str, Any] = {"type": "play"}
    trump = typed["trump"] or ""
    if trump == NO_TRUMP:
        entry["trump"] = None  # seed 004: a turned joker means no trumps
    elif trump:
        entry["trump"] = trump
    if typed["mode"] == "points":
        entry["points"] = [typed[f"points_{seat}"] for seat in range(seats)]
    else:
        entry["tricks"] = _tricks(typed, seats)
    return entry


def values_from_entry(entry: dict[str, Any] | None, seats: int) -> dict[str, Any]:
    """Form values that show *entry* again (the edit page)."""
    if not entry:
        return {}
    if entry.get("type") == "penalty":
        return penalty_values(entry)
    values: dict[str, Any] = {"action": "play", "pick_seat": 0}
    if "trump" in entry:
        values["trump"] = entry["trump"] if entry["trump"] is not None else NO_TRUMP
    if entry.get("points") is not None:
        values["mode"] = "points"
        for seat, points in enumerate(entry["points"]):
            values[f"points_{seat}"] = points
        values["tricks"] = [[] for _seat in range(seats)]
    else:
        values["mode"] = "cards"
        values["tricks"] = [list(seat) for seat in entry.get("tricks") or [[] for _seat in range(seats)]]
    return values


def post_values(post: QueryDict, seats: int) -> dict[str, Any]:
    """What was tapped and typed, to show the form again after a refusal (the grid's trick included)."""
    values: dict[str, Any] = {key: post.get(key) for key in post}
    values["tricks"] = _tricks(read(PlayForm(post, seats)), seats)
    values.pop("pick", None)
    return values


def field_name(api_field: str | None, action: str = "play") -> str:
    """An entry's field path as the form field shown beside it: "tricks[1][0][2]" → "trick_1_0"."""
    if not api_field:
        return "__all__"
    if action == "penalty":
        return penalty_field(api_field)
    match = re.match(r"([a-z_]+)(?:\[(\d+)\])?(?:\[(\d+)\])?", api_field)
    if not match:
        return "__all__"
    name, seat, trick = match.groups()
    if name == "tricks" and trick is not None:
        return f"trick_{seat}_{trick}"
    if name in ("tricks", "points") and seat is not None:
        return f"{name}_{seat}"
    if name in ("tricks", "points", "trump"):
        return name
    return "__all__"


def clean_errors(errors: dict[str, list[str]], post: QueryDict) -> dict[str, list[str]]:
    return errors  # each error is shown where field_name puts it


def _trick_score(cards: list[str], options: thirteens.Options) -> int | None:
    try:
        read = [parse_card(code) for code in cards]
    except CardParseError:
        return None
    if len(set(read)) != len(read):
        return None
    return thirteens.score_trick(read, options).points


def _options(match: Any) -> thirteens.Options:
    return thirteens.parse_options(match.options, None)


def form_context(match: Any, state: Mapping[str, Any], values: dict[str, Any], errors: dict[str, list[str]],
                 seat_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The seats with their tricks (each card drawn, each trick's score), the suits, the deck."""
    options = _options(match)
    seats = len(seat_rows)
    tricks = values.get("tricks") or [[] for _seat in range(seats)]
    players = []
    for seat in seat_rows:
        index = seat["index"]
        taken = tricks[index] if index < len(tricks) else []
        rows = [{"text": " ".join(cards), "cards": [card_face(code) for code in cards],
                 "score": _trick_score(cards, options), "errors": errors.get(f"trick_{index}_{k}", [])}
                for k, cards in enumerate(taken)]
        players.append({"index": index, "name": seat["name"], "tricks": rows,
                        "count": ngettext("%(count)s trick", "%(count)s tricks", len(rows)) % {"count": len(rows)},
                        "points": values.get(f"points_{index}"),
                        "errors": errors.get(f"tricks_{index}", []) + errors.get(f"points_{index}", [])})
    used = [code for seat in tricks for trick in seat for code in trick]
    return {
        "players": players, "ranks": RANKS, "jokers": JOKERS, "used": used,
        "mode": "points" if values.get("mode") == "points" else "cards",
        "trump": values.get("trump") or "", "pick_seat": str(values.get("pick_seat", 0)),
        "trumps": [(suit, sheets.SUIT_SYMBOLS[suit], sheets.SUIT_NAMES[suit]) for suit in TRUMPS],
        "penalty_player": str(values.get("player", "")),
        "general_errors": errors.get("__all__", []) + errors.get("type", []) + errors.get("tricks", [])
        + errors.get("points", []),
        "seat_count": seats, "options": options,
    }
