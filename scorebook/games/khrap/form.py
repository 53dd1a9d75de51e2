"""The Khrap entry form (``scorebook.games.registry.EntryForm``): POST fields to a khrap entry, and back.

The form only reshapes what was typed; every rule is checked by the referee through the
services. Field names: ``khrap`` (a seat, or ``none``: nobody khrapped, a ``no_khrap`` circle),
``circle`` (1 or 2), ``dark``, ``tricks_<seat>``, ``renonce`` (a tick per player who revoked in the
deal: the play's ``renonce``), ``renonce_player`` (a revoke entered on its own, kept for matches
stored before), ``player``, ``penalty_points``, ``penalty_reason``; ``action`` says which entry
(``play``, ``no_khrap``, ``renonce``, ``penalty``, ``close``: the evening ends).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from referee.games import khrap
from scorebook.games.forms import (
    Flag,
    Number,
    Several,
    Text,
    number,
    penalty_entry,
    penalty_field,
    penalty_values,
    read,
)

TEMPLATE = "scorebook/games/khrap/form.html"
FIELDS = "scorebook/games/khrap/fields.html"  # the main form's fields, kept rendered when fresh
NOBODY = "none"  # the khraper picker's "nobody": the circle passed in silence (no_khrap)
TRICKS = khrap.TRICKS
# What the close does with the pot, by ``pot_at_close`` (RULES.md, "Closing the evening"): said
# before the table confirms it.
CLOSE_TEXT = {
    "split": _("What is left in the pot, %(pot)s, goes back in equal shares; the odd units stay written as the "
               "pot."),
    "stays": _("What is left in the pot, %(pot)s, stays there, nobody's."),
}


def initial_values(state: Mapping[str, Any]) -> dict[str, Any]:
    """The next deal: the circle the next khrap would be called in (2 after a silent circle 1)."""
    return {"action": "play", "circle": state.get("circle", 1), "khrap": None, "dark": False}


class PlayForm(forms.Form):
    """A played deal: the khraper (a seat, or "none"), the circle, the dark, each seat's tricks."""

    khrap = Text()
    circle = Number()
    dark = Flag()
    renonce = Several()

    def __init__(self, data: QueryDict, seats: int):
        super().__init__(data)
        for seat in range(seats):
            self.fields[f"tricks_{seat}"] = Number()


class RenonceForm(forms.Form):
    renonce_player = Number()


def entry_from_post(post: QueryDict, seats: int, state: Mapping[str, Any]) -> dict[str, Any]:
    """The entry the Khrap form describes. Empty tricks fields took none, but for the one that gets
    "the rest of 5" (``tricks_taken``)."""
    action = post.get("action", "play")
    if action == "penalty":
        return penalty_entry(post)
    if action == "renonce":
        return {"type": "renonce", "player": read(RenonceForm(post))["renonce_player"]}
    if action == "close":
        # RULES.md: "{"type": "close"} ends the match"; the page asks to confirm before it posts.
        return {"type": "close"}
    typed = read(PlayForm(post, seats))
    if action == "no_khrap" or typed["khrap"] == NOBODY:
        # Seed 003: "Если никто не отважился сделать заявку на «храп»" — a silent circle.
        return {"type": "no_khrap"}
    khraper = number(typed["khrap"])
    tricks = tricks_taken([typed[f"tricks_{seat}"] for seat in range(seats)], khraper)
    entry: dict[str, Any] = {"type": "play", "khrap": khraper, "circle": typed["circle"],
                             "dark": typed["dark"], "tricks": tricks}
    revoked = [number(seat) for seat in typed["renonce"]]
    if revoked:
        # RULES.md: "A revoke belongs to its deal: the play entry's renonce: [seat, …]"; a deal
        # without one is stored as it always was.
        entry["renonce"] = revoked
    return entry


def tricks_taken(typed: list[Any], khraper: Any) -> list[Any]:
    """Each seat's tricks from the fields as typed (None: left empty). At a table of 6 most take
    nothing: an empty field is a player who took none, 0. One field gets "the rest of 5" — what the
    typed ones leave, never below 0 (typed tricks over 5 are then refused as "add up to 6, not 5",
    which names the field and the arithmetic) —: the one empty field, or with several the
    khraper's, when it is among them. Nothing typed at all is nobody's 5: every field is 0, and the
    referee says they add up to 0. Anything typed that is no number is passed on as typed."""
    blank = [seat for seat, value in enumerate(typed) if value is None]
    numbers = [value for value in typed if isinstance(value, int)]
    if not blank:
        return typed
    if not numbers or len(numbers) + len(blank) != len(typed):
        return [0 if value is None else value for value in typed]
    rest = max(TRICKS - sum(numbers), 0)
    taker = blank[0] if len(blank) == 1 else (khraper if khraper in blank else None)
    return [(rest if seat == taker else 0) if value is None else value for seat, value in enumerate(typed)]


def values_from_entry(entry: dict[str, Any] | None, seats: int) -> dict[str, Any]:
    """Form values that show *entry* again (the edit page), for every entry type."""
    if not entry:
        return {}
    kind = entry.get("type", "play")
    if kind == "penalty":
        return penalty_values(entry)
    if kind == "renonce":
        return {"action": "renonce", "renonce_player": entry.get("player")}
    if kind == "close":
        return {"action": "close"}
    if kind == "no_khrap":
        # The play form with "nobody" picked: picking a khraper turns it into a played deal.
        return {"action": "play", "khrap": NOBODY, "circle": None, "dark": False}
    values: dict[str, Any] = {"action": "play", "khrap": entry.get("khrap"), "circle": entry.get("circle"),
                              "dark": bool(entry.get("dark"))}
    if entry.get("renonce"):
        values["renonce"] = [str(seat) for seat in entry["renonce"]]
    tricks = entry.get("tricks") or [None] * seats
    for seat in range(seats):
        values[f"tricks_{seat}"] = tricks[seat] if seat < len(tricks) else None
    return values


def post_values(post: QueryDict, seats: int) -> dict[str, Any]:
    """What was typed, to show the form again after a refusal."""
    values: dict[str, Any] = {key: post.get(key) for key in post}
    values["dark"] = post.get("dark") == "on"
    values["renonce"] = post.getlist("renonce")
    if values.get("action") == "no_khrap":
        values["action"] = "play"
    return values


def field_name(api_field: str | None, action: str = "play") -> str:
    """An entry's field path ("tricks[1]", "circle") as the form field shown beside it."""
    if not api_field:
        return "__all__"
    match = re.match(r"([a-z_]+)(?:\[(\d+)\])?", api_field)
    if not match:
        return "__all__"
    name = match.group(1)
    if action == "penalty":
        return penalty_field(name)
    if action == "renonce":
        return "renonce_player" if name == "player" else "__all__"
    if name in ("tricks", "khrap", "circle", "dark", "renonce"):
        return name  # every tricks[i] (renonce[i]) problem is shown once, under the tricks (the ticks)
    return "__all__"


def clean_errors(errors: dict[str, list[str]], post: QueryDict) -> dict[str, list[str]]:
    """The same message for several players' tricks ("a value is needed…") once."""
    return {name: list(dict.fromkeys(messages)) for name, messages in errors.items()}


def form_context(match: Any, state: Mapping[str, Any], values: dict[str, Any], errors: dict[str, list[str]],
                 seat_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The seats with what was typed for each, the circles, the pot the deal plays for."""
    options = khrap.parse_options(match.options or None)
    chosen = "" if values.get("khrap") is None else str(values.get("khrap"))
    revoked = {str(seat) for seat in values.get("renonce") or []}
    players = [{"index": seat["index"], "name": seat["name"], "dealer": seat.get("dealer", False),
                "khraper": chosen == str(seat["index"]), "tricks": values.get(f"tricks_{seat['index']}"),
                "revoked": str(seat["index"]) in revoked}
               for seat in seat_rows]
    return {
        "players": players, "nobody": chosen == NOBODY, "khrap_chosen": chosen,
        "circle": str(values.get("circle") or ""), "circles": list(khrap.CIRCLES), "tricks_total": TRICKS,
        "penalty_player": str(values.get("player", "")), "renonce_player": str(values.get("renonce_player", "")),
        "general_errors": errors.get("__all__", []),
        "options": options, "pot": state.get("pot", 0),
        # The referee's state says what each player antes with the next deal (0: the pot is not empty).
        "antes_next": state.get("antes", 0) > 0, "antes_total": state.get("antes", 0) * len(seat_rows),
        "close_text": str(CLOSE_TEXT.get(options.pot_at_close, "")) % {"pot": state.get("pot", 0)},
    }
