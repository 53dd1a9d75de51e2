"""The Terz entry form (``scorebook.games.registry.EntryForm``): POST fields to a terz entry, and back.

The form only reshapes what was typed; every rule is checked by the referee through the
services. Field names (``action`` says which entry):

- a play: ``trump`` (a suit), ``counter`` (the seat who counted his card points), ``counted`` (his
  points), ``other`` (the other player's points; blank: the rest of 150), ``last_trick`` (a seat),
  and the declarations in the order announced as numbered slots: ``decl_<k>_player`` (a seat) and
  ``decl_<k>`` (the picked cards, several values); a slot without cards is no declaration;
- ``false_declaration`` and ``wrong_recording``: ``player``, ``penalty_points``;
- ``forfeit``: ``player``, ``reason``;
- ``penalty``: ``player``, ``penalty_points``, ``penalty_reason``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from referee.games import terz
from scorebook import sheets
from scorebook.games.forms import Number, Text, number, penalty_entry, read, unsigned
from scorebook.games.terz import checks

CARD_POINTS = terz.CARD_POINTS
TEMPLATE = "scorebook/games/terz/form.html"
FIELDS = "scorebook/games/terz/fields.html"  # the main form's fields, kept rendered when fresh
SLOTS = checks.SLOTS
RANKS = [rank.value for rank in terz.SEQUENCE]  # seed 000: "Кількість карт в колоді: 32", 7 to ace
SUITS = ("H", "D", "C", "S")
PENALTY_ACTIONS = ("false_declaration", "wrong_recording", "forfeit", "penalty")
# A false declaration costs what the false combination was worth: each value one can have, low to high.
FALSE_DECLARATION_VALUES = terz.DECLARATION_VALUES
# Why a player loses the match at once (seed 000: "чужий підйом", "зайва карта").
FORFEIT_REASONS = {
    "out_of_turn": gettext_lazy("a card taken out of turn"),
    "extra_card": gettext_lazy("an extra card in hand"),
}


# ---------------------------------------------------------------- declarations (also the referee page)


def slot_declarations(post: QueryDict) -> tuple[list[dict[str, Any]], list[int]]:
    """The filled declaration slots in order: the entry's ``declarations`` and, for each, its slot
    (read as the referee page's checks read them: ``checks.slot_declarations``)."""
    return checks.slot_declarations(dict(post.lists()))


def slot_rows(values: dict[str, Any], errors: dict[str, list[str]], players: list[tuple[int, str]]
              ) -> list[dict[str, Any]]:
    """What the slots template shows: each slot's player, cards, errors, and whether it is open."""
    rows = []
    for slot in range(SLOTS):
        cards = [str(c) for c in values.get(f"decl_{slot}") or []]
        player = values.get(f"decl_{slot}_player")
        slot_errors = errors.get(f"decl_{slot}", [])
        rows.append({"index": slot, "number": slot + 1, "name": f"decl_{slot}", "cards": cards,
                     "player": "" if player is None else str(player), "errors": slot_errors,
                     "filled": bool(cards) or bool(slot_errors)})
    return rows


def slot_errors(errors: dict[str, list[str]], slots: list[int]) -> dict[str, list[str]]:
    """Move "declarations_<i>" (the i-th declaration sent) to "decl_<slot>" (the slot on screen)."""
    moved: dict[str, list[str]] = {}
    for name, messages in errors.items():
        match = re.fullmatch(r"declarations_(\d+)", name)
        if match and int(match.group(1)) < len(slots):
            name = f"decl_{slots[int(match.group(1))]}"
        moved.setdefault(name, []).extend(messages)
    return moved


# ---------------------------------------------------------------- the compact picker


def _card_text(rank: str, suit: str) -> str:
    """A card as the deck of the language writes it: В♥ in Russian and Ukrainian, J♥ in English."""
    return sheets.card_text(rank + suit)


def quick_declarations() -> list[dict[str, Any]]:
    """The compact picker: every combination the referee knows, by its kind and top card ("terz to
    J♥", "four jacks"), grouped by kind and length; each choice carries its cards, which the page
    ticks on the slot's card grid (still there for checking), and its face on the tap grid (its top
    card, a rank, a suit). The kinds and the ranks in sequence are the referee's (``SEQUENCES``,
    ``SEQUENCE``, ``FOURS``, ``MARRIAGE``)."""
    groups: list[dict[str, Any]] = []
    shortest: dict[str, int] = {}  # a hundred of 5 is "hundred to K♥"; longer ones say their length
    for length, (kind, points) in sorted(terz.SEQUENCES.items()):
        shortest.setdefault(kind, length)
        choices = []
        for suit in SUITS:
            for top in range(length - 1, len(RANKS)):
                ranks = RANKS[top - length + 1:top + 1]
                words = {"kind": _(terz.KIND_TEXT[kind]), "card": _card_text(ranks[-1], suit), "n": length}
                label = (_("%(kind)s to %(card)s") if length == shortest[kind]
                         else _("%(kind)s of %(n)s to %(card)s")) % words
                choices.append({"cards": " ".join(rank + suit for rank in ranks), "label": label,
                                "face": _card_text(ranks[-1], suit), "suit": suit})
        groups.append({"label": _("%(kind)s (%(points)s), %(n)s cards") % {
            "kind": _(terz.KIND_TEXT[kind]), "points": points, "n": length}, "choices": choices,
            "kind": kind, "length": length, "columns": len(RANKS) - length + 1})
    fours = [{"cards": " ".join(rank.value + suit for suit in SUITS),
              "label": "%s (%s)" % (_(terz.KIND_TEXT[kind]), points),
              "face": pgettext("card rank", rank.value), "suit": ""}
             for rank, (kind, points) in sorted(terz.FOURS.items(), key=lambda item: RANKS.index(item[0].value))]
    groups.append({"label": _("Four of a kind"), "choices": fours, "kind": "four", "length": None,
                   "columns": len(fours)})
    kind, points = terz.MARRIAGE
    groups.append({"label": "%s (%s)" % (_(terz.KIND_TEXT[kind]), points), "choices": [
        {"cards": f"K{suit} Q{suit}", "label": _("%(kind)s %(suit)s") % {
            "kind": _(terz.KIND_TEXT[kind]), "suit": sheets.SUIT_SYMBOLS[suit]},
         "face": sheets.SUIT_SYMBOLS[suit], "suit": suit} for suit in SUITS],
        "kind": kind, "length": None, "columns": len(SUITS)})
    return groups


# The tap grid's kinds, in the order of their value; a hundred has a panel for each length.
QUICK_KINDS = (
    ("terz", gettext_lazy("terz"), gettext_lazy("terz")),
    ("fifty", gettext_lazy("fifty"), gettext_lazy("fifty")),
    ("hundred", gettext_lazy("hundred"), gettext_lazy("hundred")),
    ("four", pgettext_lazy("a Terz declaration, short", "four"), gettext_lazy("Four of a kind")),
    ("marriage", None, gettext_lazy("marriage")),  # shown as the deck writes K+Q
)


def quick_kinds() -> list[dict[str, Any]]:
    """The tap grid: for each kind (a button per player) its panels of top cards, one per length."""
    groups = quick_declarations()
    marriage = pgettext("card rank", "K") + "+" + pgettext("card rank", "Q")
    return [{"code": code, "short": short or marriage, "name": name,
             "panels": [group for group in groups if group["kind"] == code]} for code, short, name in QUICK_KINDS]


# ---------------------------------------------------------------- the contract


def initial_values(state: Mapping[str, Any]) -> dict[str, Any]:
    """The next deal: nothing picked yet."""
    return {"action": "play"}


class PlayForm(forms.Form):
    """A played deal (its declarations apart): the trumps, who counted his card points, his points
    and the other's, who took the last trick."""

    trump = Text()
    counter = Number()
    counted = Number()
    other = Number()
    last_trick = Number()


class MountainForm(forms.Form):
    """A false declaration, a wrong recording or a forfeit: the player, the points, the reason."""

    player = Number()
    penalty_points = Number()
    reason = Text()


def entry_from_post(post: QueryDict, seats: int, state: Mapping[str, Any]) -> dict[str, Any]:
    """The entry the Terz form describes. A blank ``other`` is "the rest of 150"."""
    action = post.get("action", "play")
    if action == "penalty":
        return penalty_entry(post)
    if action in ("false_declaration", "wrong_recording", "forfeit"):
        typed = read(MountainForm(post))
        if action == "forfeit":
            return {"type": "forfeit", "player": typed["player"], "reason": typed["reason"] or None}
        return {"type": action, "player": typed["player"], "points": typed["penalty_points"]}
    typed = read(PlayForm(post))
    entry: dict[str, Any] = {"type": "play"}
    if typed["trump"]:
        entry["trump"] = typed["trump"]
    counter = typed["counter"]
    if counter in range(seats):
        counted, other = typed["counted"], typed["other"]
        if other is None and isinstance(counted, int):
            # Seed 000: "Другий гравець визначає кількість своїх очок вирахуванням суми першого
            # гравця зі ста п'ятдесяти."
            other = CARD_POINTS - counted
        points: list[Any] = [other] * seats
        points[counter] = counted
        entry["points"] = points
    if typed["last_trick"] is not None:
        entry["last_trick"] = typed["last_trick"]
    entry["declarations"] = slot_declarations(post)[0]
    return entry


def values_from_entry(entry: dict[str, Any] | None, seats: int) -> dict[str, Any]:
    """Form values that show *entry* again (the edit page): the counter is seat 0, both typed."""
    if not entry:
        return {}
    kind = entry.get("type", "play")
    values: dict[str, Any] = {"action": kind}
    if kind in PENALTY_ACTIONS:
        values |= {"player": entry.get("player"), "penalty_points": entry.get("points"),
                   "reason": entry.get("reason") if kind == "forfeit" else None,
                   "penalty_reason": entry.get("reason", "") if kind == "penalty" else ""}
        if kind == "penalty":
            values |= unsigned(entry.get("points"))
        return values
    points = entry.get("points") or [None] * seats
    values |= {"trump": entry.get("trump"), "counter": 0, "counted": points[0], "other": points[1],
               "last_trick": entry.get("last_trick")}
    for slot, declaration in enumerate((entry.get("declarations") or [])[:SLOTS]):
        values[f"decl_{slot}_player"] = declaration.get("player")
        values[f"decl_{slot}"] = list(declaration.get("cards") or [])
    return values


def post_values(post: QueryDict, seats: int) -> dict[str, Any]:
    """What was typed, to show the form again after a refusal."""
    values: dict[str, Any] = {key: post.get(key) for key in post}
    for slot in range(SLOTS):
        values[f"decl_{slot}"] = post.getlist(f"decl_{slot}")
    return values


def field_name(api_field: str | None, action: str = "play") -> str:
    """An entry's field path ("points[1]", "declarations[2].cards[1]") as the form field it came from;
    ``clean_errors`` then puts points and declarations where they were typed."""
    if not api_field:
        return "__all__"
    if action in PENALTY_ACTIONS:
        if api_field == "points":
            return "penalty_points"
        if api_field == "reason":
            return "reason" if action == "forfeit" else "penalty_reason"
        return api_field if api_field == "player" else "__all__"
    match = re.match(r"([a-z_]+)(?:\[(\d+)\])?", api_field)
    if not match:
        return "__all__"
    name, index = match.groups()
    if name == "points":
        return "counted" if index is None else f"points_{index}"
    if name == "declarations":
        return "__all__" if index is None else f"declarations_{index}"
    if name in ("trump", "last_trick"):
        return name
    return "__all__"


def clean_errors(errors: dict[str, list[str]], post: QueryDict) -> dict[str, list[str]]:
    """Points next to the field they were typed in; declarations next to their slot."""
    if post.get("action", "play") != "play":
        return errors
    counter = number(post.get("counter"))
    moved: dict[str, list[str]] = {}
    for name, messages in errors.items():
        if name.startswith("points_"):
            name = "counted" if name == f"points_{counter}" else "other"
        moved.setdefault(name, [])
        moved[name] += [m for m in messages if m not in moved[name]]
    if counter not in (0, 1):
        # No seat picked: the missing points are his to type.
        moved.pop("counted", None)
        moved["counter"] = [_("Pick who counted their card points.")]
    elif not (post.get("other") or "").strip() and "counted" in moved:
        # Left blank, the other player's points are the rest: the counted field's error says it all.
        moved.pop("other", None)
    return slot_errors(moved, slot_declarations(post)[1])


def form_context(match: Any, state: Mapping[str, Any], values: dict[str, Any], errors: dict[str, list[str]],
                 seat_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The seats, the suits, the declaration slots and the penalty choices."""
    players = [(seat["index"], seat["name"]) for seat in seat_rows]
    action = values.get("action") or "play"
    return {
        "action": action,
        "players": players,
        "str": {key: "" if values.get(key) is None else str(values.get(key))
                for key in ("trump", "counter", "last_trick", "player", "penalty_points", "reason")},
        "suits": [(s, sheets.SUIT_SYMBOLS[s], sheets.SUIT_NAMES[s]) for s in SUITS],
        "slots": slot_rows(values, errors, players),
        "quick_kinds": quick_kinds(),
        "ranks": RANKS,
        "false_values": [str(v) for v in FALSE_DECLARATION_VALUES],
        "forfeit_reasons": list(FORFEIT_REASONS.items()),
        "general_errors": errors.get("__all__", []) + errors.get("type", []),
    }
