"""The Tong Its entry form (``scorebook.games.registry.EntryForm``): POST fields to a tongits entry, and back.

The form only reshapes what was tapped; every rule is checked by the referee through the
services. Field names: ``ending``; ``caller``, ``challengers`` (several) and ``last_draw`` — only
the ones the ending uses are sent (RULES.md: "caller for tongit and draw, challengers (possibly
empty) for draw, last_draw for stock_out"); per seat ``meld_<seat>_<slot>`` (the cards of one
meld, from a card grid), ``concealed_<seat>_<slot>`` (that meld was kept in hand: ``secret``)
and ``hand_<seat>`` (the unmelded cards); or, with ``mode`` "quick" (the quick entry, offered first),
``count_<seat>``, ``burned`` (several), ``winner_aces``, ``winner_fours``; ``player``,
``penalty_sign``, ``penalty_points``, ``penalty_reason`` for the penalty; ``action`` says which entry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from referee.games import tongits
from scorebook.games.forms import Number, Several, Text, number, penalty_entry, penalty_field, read, unsigned

TEMPLATE = "scorebook/games/tongits/form.html"
FIELDS = "scorebook/games/tongits/fields.html"  # the main form's fields, kept rendered when fresh
# Seed 002: "Старшинство карт: Т, 2, 3, … К" — the grid shows a suit low to high, ace first.
RANKS = [rank.value for rank in tongits.ORDER]
# 13 cards make at most four melds (three cards each): laid and concealed together.
MELD_SLOTS = tongits.HAND_LIMIT // 3
ENDINGS = {
    "stock_out": pgettext_lazy("tongits", "The stock ran out"),
    "tongit": pgettext_lazy("tongits", "Tongit"),
    "draw": pgettext_lazy("tongits", "A draw was called"),
}
REASONS = {  # the result's "reason": why the winner won
    "tongit": gettext_lazy("every card melded"),
    "lowest": gettext_lazy("the lowest count"),
    "tie_last_draw": gettext_lazy("a tie, they took the last card"),
    "tie_next_to_draw": gettext_lazy("a tie, they were next to draw"),
    "all_burned": gettext_lazy("everybody is burned: nobody wins"),
    "unchallenged": gettext_lazy("nobody fought the draw"),
    "challengers_burned": gettext_lazy("only burned players fought the draw"),
    "tie_to_challenger": gettext_lazy("a tie goes to the challenger"),
    "tie_first_after_caller": gettext_lazy("a tie, first in turn after the caller"),
}


def _sorted(codes: list[str]) -> list[str]:
    """Cards low to high in Tong Its order (ace low), then by suit: "AH 2H 3H" as on the table."""
    def key(code: str) -> tuple[int, int, str]:
        rank, suit = code[:-1], code[-1:]
        return (0, RANKS.index(rank), suit) if rank in RANKS else (1, 0, code)
    return sorted(dict.fromkeys(codes), key=key)


def _seat_text(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)


# ---------------------------------------------------------------- the form contract


QUICK = "quick"  # the quick entry (``type: "result"``): each player's count, offered first


def initial_values(state: Mapping[str, Any]) -> dict[str, Any]:
    return {"action": "play", "mode": QUICK, "ending": None, "challengers": [], "hands": []}


class QuickForm(forms.Form):
    """The quick entry: each seat's count of unmelded cards, who is burned, the winner's aces and
    fours (blank: none)."""

    burned = Several()
    winner_aces = Number()
    winner_fours = Number()

    def __init__(self, data: QueryDict, seats: int):
        super().__init__(data)
        for seat in range(seats):
            self.fields[f"count_{seat}"] = Number()


class PlayForm(forms.Form):
    """A hand: how it ended and who called, fought or drew last; for each seat the cards of each
    meld slot (and whether that meld was kept in hand) and the cards left in hand."""

    ending = Text()
    caller = Number()
    challengers = Several()
    last_draw = Number()

    def __init__(self, data: QueryDict, seats: int):
        super().__init__(data)
        for seat in range(seats):
            for slot in range(MELD_SLOTS):
                self.fields[f"meld_{seat}_{slot}"] = Several()
                self.fields[f"concealed_{seat}_{slot}"] = Text()
            self.fields[f"hand_{seat}"] = Several()


def _hands(typed: Mapping[str, Any], seats: int) -> list[dict[str, list[Any]]]:
    """Each seat's melds in slot order (empty slots skipped), concealed ones apart, and its hand."""
    hands: list[dict[str, list[Any]]] = []
    for seat in range(seats):
        melds: list[list[str]] = []
        secret: list[list[str]] = []
        for slot in range(MELD_SLOTS):
            cards = _sorted(typed[f"meld_{seat}_{slot}"])
            if cards:
                (secret if typed[f"concealed_{seat}_{slot}"] else melds).append(cards)
        hands.append({"melds": melds, "secret": secret, "hand": _sorted(typed[f"hand_{seat}"])})
    return hands


def entry_from_post(post: QueryDict, seats: int, state: Mapping[str, Any]) -> dict[str, Any]:
    """The entry the form describes: only the fields the chosen ending uses."""
    if post.get("action") == "penalty":
        return penalty_entry(post)
    typed = read(PlayForm(post, seats))
    entry: dict[str, Any] = {"type": "result" if post.get("mode") == QUICK else "play"}
    ending = typed["ending"] or None
    if ending is not None:
        entry["ending"] = ending
    # The fields of the other endings are hidden on the page: whatever is still ticked there is not
    # part of this hand.
    if ending in ("tongit", "draw"):
        entry["caller"] = typed["caller"]
    if ending == "draw":
        entry["challengers"] = [number(seat) for seat in typed["challengers"]]
    if ending == "stock_out":
        entry["last_draw"] = typed["last_draw"]
    if entry["type"] == "result":
        quick = read(QuickForm(post, seats))
        entry["counts"] = [quick[f"count_{seat}"] for seat in range(seats)]
        caller = entry.get("caller")
        if ending == "tongit" and isinstance(caller, int) and 0 <= caller < seats and entry["counts"][caller] is None:
            # RULES.md: "a tongit caller's count is 0" (every card melded): left empty, it is 0. The
            # losers' counts "may be null": left empty, they stay so.
            entry["counts"][caller] = 0
        entry["burned"] = [number(seat) for seat in quick["burned"]]
        entry["winner_aces"] = 0 if quick["winner_aces"] is None else quick["winner_aces"]
        entry["winner_fours"] = 0 if quick["winner_fours"] is None else quick["winner_fours"]
        return entry
    hands = []
    for hand in _hands(typed, seats):
        item: dict[str, Any] = {"melds": hand["melds"]}
        if hand["secret"]:
            item["secret"] = hand["secret"]
        item["hand"] = hand["hand"]
        hands.append(item)
    entry["hands"] = hands
    return entry


def values_from_entry(entry: dict[str, Any] | None, seats: int) -> dict[str, Any]:
    """Form values that show *entry* again (the edit page). A hand entered in counts (the quick
    entry, ``type: "result"``) has no form of its own yet: it is shown as it is, read-only, so that
    an empty play form can never replace it by mistake."""
    if not entry:
        return initial_values({})
    if entry.get("type") == "result":
        return {"action": "result", "result": dict(entry), "challengers": [], "hands": []}
    if entry.get("type") == "penalty":
        return {"action": "penalty", "player": _seat_text(entry.get("player")),
                **unsigned(entry.get("points")), "penalty_reason": entry.get("reason", ""),
                "challengers": [], "hands": []}
    hands = entry.get("hands") or []
    return {
        "action": "play", "mode": "cards", "ending": entry.get("ending"), "caller": _seat_text(entry.get("caller")),
        "challengers": [str(seat) for seat in entry.get("challengers") or []],
        "last_draw": _seat_text(entry.get("last_draw")),
        "hands": [{"melds": [list(m) for m in hand.get("melds") or []],
                   "secret": [list(m) for m in hand.get("secret") or []],
                   "hand": list(hand.get("hand") or [])} for hand in hands[:seats]],
    }


def post_values(post: QueryDict, seats: int) -> dict[str, Any]:
    """What was tapped, to show the form again after a refusal: the melds close up, so that
    "hands[1].melds[0]" is the first meld shown for that player."""
    return {"action": post.get("action", "play"), "ending": post.get("ending"), "caller": post.get("caller"),
            "challengers": post.getlist("challengers"), "last_draw": post.get("last_draw"),
            "player": post.get("player"), "penalty_points": post.get("penalty_points"),
            "penalty_sign": post.get("penalty_sign"), "mode": post.get("mode"), "burned": post.getlist("burned"),
            "winner_aces": post.get("winner_aces"), "winner_fours": post.get("winner_fours"),
            **{f"count_{seat}": post.get(f"count_{seat}") for seat in range(seats)},
            "penalty_reason": post.get("penalty_reason", ""), "hands": _hands(read(PlayForm(post, seats)), seats)}


def field_name(api_field: str | None, action: str = "play") -> str:
    """An entry's field path as the form's error key: "hands[1].melds[0][2]" → "hands_1_melds_0",
    "hands[1].hand[3]" → "hands_1_hand", "hands[1].melds" → "hands_1", "challengers[0]" →
    "challengers"; a penalty's "points" → "penalty_points"."""
    if not api_field:
        return "__all__"
    if action == "penalty":
        return penalty_field(api_field)
    found = re.match(r"hands\[(\d+)\](?:\.(melds|secret|hand)(?:\[(\d+)\])?)?", api_field)
    if found:
        seat, part, index = found.groups()
        if part == "hand":
            return f"hands_{seat}_hand"
        if part and index is not None:
            return f"hands_{seat}_{part}_{index}"
        return f"hands_{seat}"
    found = re.match(r"counts\[(\d+)\]", api_field)
    if found:
        return f"count_{found.group(1)}"
    name = re.match(r"[a-z_]+", api_field)
    if name and name.group(0) in ("ending", "caller", "challengers", "last_draw", "counts", "burned",
                                  "winner_aces", "winner_fours"):
        return name.group(0)
    return "__all__"


def quick_entry(entry: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    """A stored quick entry in words, for the edit page: the ending, who called, fought or drew
    last, each player's count and whether he was burned, the winner's aces and fours."""
    def name(seat: Any) -> str | None:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None

    counts = entry.get("counts") or []
    burned = entry.get("burned") or []
    return {
        "ending": ENDINGS.get(entry.get("ending", ""), entry.get("ending", "")),
        "caller": name(entry.get("caller")),
        "challengers": [n for n in (name(seat) for seat in entry.get("challengers") or []) if n],
        "fought": entry.get("ending") == "draw",
        "last_draw": name(entry.get("last_draw")),
        "players": [{"name": player, "count": counts[seat] if seat < len(counts) else None,
                     "burned": seat in burned} for seat, player in enumerate(names)],
        "winner_aces": entry.get("winner_aces", 0), "winner_fours": entry.get("winner_fours", 0),
    }


_PLACE = re.compile(r"hands\[(\d+)\]\.(melds|secret|hand)(?:\[(\d+)\])?(?:\[\d+\])?")


def readable_places(message: str) -> str:
    """card_twice names the other place as an API path ("hands[0].melds[1][2]"): say it in words."""
    def words(found: re.Match[str]) -> str:
        seat, part, index = found.groups()
        params = {"n": int(seat) + 1, "k": int(index or 0) + 1}
        if part == "hand":
            return _("player %(n)s's hand") % params
        if part == "secret":
            return _("player %(n)s's concealed meld %(k)s") % params
        return _("player %(n)s's meld %(k)s") % params
    return _PLACE.sub(words, message)


def clean_errors(errors: dict[str, list[str]], post: QueryDict) -> dict[str, list[str]]:
    return {key: [readable_places(m) for m in messages] for key, messages in errors.items()}


COUNT_NEEDED = gettext_lazy("%(player)s's count is needed: a stock-out or a draw is won by the lowest count.")


def _counts_named(errors: dict[str, list[str]], values: Mapping[str, Any],
                  players: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The errors, a count left empty saying whose it is (the referee's "a value is needed for every
    player" names nobody, and the summary above the form shows one message once): each player's
    count errors beside his field (``count_errors``) and in the summary."""
    named = dict(errors)
    for player in players:
        key = f"count_{player['index']}"
        if named.get(key) and values.get(key) in (None, ""):
            named[key] = [str(COUNT_NEEDED) % {"player": player["name"]}]
        player["count_errors"] = named.get(key, [])
    return named


def form_context(match: Any, state: Mapping[str, Any], values: dict[str, Any], errors: dict[str, list[str]],
                 seat_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Each seat with its meld slots (laid melds first, then concealed ones, then empty slots), its
    hand, and the errors next to each; whatever error has no place of its own goes on top."""
    used = {"ending", "caller", "challengers", "last_draw", "player", "penalty_points", "penalty_sign",
            "penalty_reason", "counts", "burned", "winner_aces", "winner_fours"}
    burned = {str(seat) for seat in values.get("burned") or []}
    hands = values.get("hands") or []
    players = []
    for seat in seat_rows:
        index = seat["index"]
        held = hands[index] if index < len(hands) else {}
        filled = [(cards, False, f"hands_{index}_melds_{k}") for k, cards in enumerate(held.get("melds") or [])]
        filled += [(cards, True, f"hands_{index}_secret_{k}") for k, cards in enumerate(held.get("secret") or [])]
        slots = []
        for slot in range(max(MELD_SLOTS, len(filled))):
            cards, concealed, key = filled[slot] if slot < len(filled) else ([], False, None)
            used.add(key or "")
            slots.append({"index": slot, "number": slot + 1, "name": f"meld_{index}_{slot}",
                          "concealed_name": f"concealed_{index}_{slot}", "cards": cards, "concealed": concealed,
                          "errors": errors.get(key, []) if key else []})
        used |= {f"hands_{index}", f"hands_{index}_hand", f"count_{index}"}
        players.append({"index": index, "name": seat["name"], "dealer": seat.get("dealer"), "slots": slots,
                        "count": values.get(f"count_{index}"),
                        "burned": str(index) in burned,
                        "hand": held.get("hand") or [], "hand_name": f"hand_{index}",
                        "errors": errors.get(f"hands_{index}", []),
                        "hand_errors": errors.get(f"hands_{index}_hand", [])})
    general = [m for key, messages in errors.items() if key not in used for m in messages]
    quick = values.get("result")
    return {
        "errors": _counts_named(errors, values, players),
        "quick_entry": quick_entry(quick, [seat["name"] for seat in seat_rows]) if quick else None,
        "players": players, "ranks": RANKS, "endings": list(ENDINGS.items()),
        "mode": "cards" if values.get("mode") == "cards" or (values.get("mode") is None and hands) else QUICK,
        "winner_aces": values.get("winner_aces"), "winner_fours": values.get("winner_fours"),
        "ending": values.get("ending"), "caller": _seat_text(values.get("caller")),
        "challengers": [str(s) for s in values.get("challengers") or []],
        "last_draw": _seat_text(values.get("last_draw")),
        "penalty_player": _seat_text(values.get("player")) or "",
        "general_errors": general, "options": match.options,
        "preview_url": reverse("web:deal-preview", args=[match.pk]),
    }
