"""The referee's Terz checks as a page, ``/referee/terz/``: "compare these declarations" (trumps and
each declaration on the card grid → what each is, who scores what and why) and "what is this
combination?"; the match page's "Check declarations" button posts its entry form to the same
compare view (htmx). And the cards at the table: "who takes this trick?", "may I play this card?"
(the duty in force), "may I swap the trump seven?" and "how many card points?". No match behind
them, nothing stored.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.games import terz
from referee.ledger import Rejected, Violation
from scorebook import selectors, sheets
from scorebook.games.terz import GAME
from scorebook.games.terz.checks import (
    classification,
    comparison,
    play_answer,
    points_answer,
    seat_names,
    seven_answer,
    trick_answer,
)
from scorebook.games.terz.form import RANKS, SUITS, slot_declarations, slot_rows
from scorebook.sheets import violation_json, violation_messages
from scorebook.web.common import Check, CheckPage, picked_card

# What each duty of "may I play this card?" asks (referee.games.terz.DUTIES, seed 000's answer rules).
DUTY_TEXT = {
    "lead": gettext_lazy("lead: any card"),
    "beat": gettext_lazy("beat the card led"),
    "follow_suit": gettext_lazy("follow suit"),
    "trump": gettext_lazy("play a trump"),
    "free": gettext_lazy("any card"),
}
TALON_MAX = terz.TALON_MAX


def _kind_word(kind: str) -> str:
    return _(terz.KIND_TEXT[kind])


def _slot_message(violation: Violation, slots: list[int], names: list[str]) -> str:
    """A violation's message, with the declaration slot it is about."""
    message = violation_json(violation, names)["message"]
    found = re.match(r"declarations\[(\d+)\]", violation.field or "")
    if found and int(found.group(1)) < len(slots):
        return _("Declaration %(n)s: %(message)s") % {"n": slots[int(found.group(1))] + 1, "message": message}
    return message


def _names_for(request: HttpRequest) -> list[str]:
    """From the match page: its players' names (one of the caller's matches, else none)."""
    pk = request.POST.get("match", "")
    if pk.isdigit():
        players = selectors.matches_of(request.user).filter(pk=int(pk)).values_list("players", flat=True).first()
        if players:
            return seat_names(list(players))
    return seat_names()


def blank_page() -> dict[str, Any]:
    players = list(enumerate(seat_names()))
    return {
        "ranks": RANKS, "players": players,
        # Not "suits": the card grid reads that name for its rows.
        "trump_suits": [(s, sheets.SUIT_SYMBOLS[s], sheets.SUIT_NAMES[s]) for s in SUITS],
        "compare_form": {"trump": "", "slots": slot_rows({}, {}, players), "errors": [], "result": None},
        "classify_form": {"trump": "", "cards": [], "errors": [], "result": None},
        "trick_form": {"trump": "", "led_rank": "", "led_suit": "", "answer_rank": "", "answer_suit": ""},
        "play_form": {"trump": "", "led_rank": "", "led_suit": "", "card_rank": "", "card_suit": "", "hand": [],
                      "talon_empty": False},
        "seven_form": {"trump": "", "hand": [], "talon": "", "my_turn": True},
        "points_form": {"trump": "", "cards": [], "last_trick": False},
        "plain_order": [rank.value for rank in terz.PLAIN_ORDER],
        "trump_order": [rank.value for rank in terz.TRUMP_ORDER],
        "talon_max": TALON_MAX,
    }


PAGE = CheckPage(GAME, "scorebook/games/terz/checks.html", (
    # The match page's "Check declarations" button shows this verdict in its entry form: #terz-verdict there too.
    Check("compare", gettext_lazy("Whose declarations count?"), jump=gettext_lazy("Whose declarations count?"),
          submit=gettext_lazy("Compare"), verdict_id="terz-verdict"),
    Check("classify", gettext_lazy("What is this combination?"), jump=gettext_lazy("What is this combination?"),
          submit=gettext_lazy("Name it")),
    Check("trick", gettext_lazy("Who takes this trick?"), jump=gettext_lazy("Who takes the trick"),
          submit=gettext_lazy("Who takes it?")),
    Check("play", gettext_lazy("May I play this card?"), jump=gettext_lazy("May I play this card"),
          submit=gettext_lazy("Check the card")),
    Check("seven", gettext_lazy("May I swap the trump seven?"), jump=gettext_lazy("The trump seven"),
          submit=gettext_lazy("May I swap it?")),
    Check("points", gettext_lazy("How many card points are these?"), jump=gettext_lazy("Card points"),
          submit=gettext_lazy("Count the points")),
), blank=blank_page)


def compare_view(request: HttpRequest) -> HttpResponse:
    """Compare the declarations of a form: this page's, or the match page's entry form."""
    post = request.POST
    names = _names_for(request)
    players = list(enumerate(names))
    declarations, slots = slot_declarations(post)
    values = {key: post.getlist(key) if re.fullmatch(r"decl_\d+", key) else post.get(key) for key in post}
    form: dict[str, Any] = {"trump": post.get("trump", ""), "errors": [], "result": None}
    if not form["trump"]:
        form["errors"] = [_("Pick the trumps first: a marriage and the tie-breaks depend on them.")]
    elif not declarations:
        form["errors"] = [_("Pick the cards of at least one declaration.")]
    else:
        try:
            result = comparison(form["trump"], declarations, names)
        except Rejected as rejected:
            form["errors"] = [_slot_message(v, slots, names) for v in rejected.violations]
        else:
            for item, slot in zip(result["declarations"], slots, strict=True):
                item |= {"slot": slot + 1, "name": names[item["player"]], "kind_text": _kind_word(item["kind"]),
                         "cards_text": [(code[:-1], code[-1]) for code in item["cards"]]}
            best = result["best_player"]
            # The engine's first line says why (who beats whom); one line a declaration follows,
            # which the page shows as the list of declarations instead.
            reasons = result["explanation"][:len(result["explanation"]) - len(result["declarations"])]
            result |= {"best_name": names[best] if best is not None else None, "reasons": reasons,
                       "scores_named": [(names[seat], score) for seat, score in enumerate(result["scores"])]}
            form["result"] = result
    form["slots"] = slot_rows(values, {}, players)
    return PAGE.answer(request, "compare", form, players=players)


def classify_view(request: HttpRequest) -> HttpResponse:
    post = request.POST
    form: dict[str, Any] = {"trump": post.get("trump", ""), "cards": post.getlist("cards"), "errors": [],
                            "result": None}
    if not form["trump"]:
        form["errors"] = [_("Pick the trumps first: a marriage and the tie-breaks depend on them.")]
    elif not form["cards"]:
        form["errors"] = [_("Pick the cards of the combination.")]
    else:
        try:
            result = classification(form["cards"], form["trump"])
        except Rejected as rejected:
            form["errors"] = [violation_json(v)["message"] for v in rejected.violations]
        else:
            form["result"] = result | {"kind_text": _kind_word(result["kind"])}
    return PAGE.answer(request, "classify", form)


# ---------------------------------------------------------------- the cards at the table


card_label = sheets.card_text


def _fields(post: Any, *names: str) -> dict[str, Any]:
    return {name: post.get(name, "") for name in names} | {"errors": [], "result": None}


def trick_view(request: HttpRequest) -> HttpResponse:
    """Who takes the trick: the card led and the answer, each picked as a rank and a suit."""
    post = request.POST
    form = _fields(post, "trump", "led_rank", "led_suit", "answer_rank", "answer_suit")
    led, answer = picked_card(post, "led"), picked_card(post, "answer")
    if not form["trump"]:
        form["errors"].append(_("Pick the trump suit."))
    if led is None:
        form["errors"].append(_("Pick the card that was led: its rank and its suit."))
    if answer is None:
        form["errors"].append(_("Pick the answer: its rank and its suit."))
    if not form["errors"]:
        try:
            result = trick_answer(form["trump"], [led, answer])
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
        else:
            form["result"] = result | {"card_text": card_label(result["card"]), "suit": result["card"][-1]}
    return PAGE.answer(request, "trick", form)


def play_view(request: HttpRequest) -> HttpResponse:
    """May I play this card: the trumps, the card on the table (or "I lead"), whether the talon is
    empty, the card and the rest of the hand (a card grid)."""
    post = request.POST
    form = _fields(post, "trump", "led_rank", "led_suit", "card_rank", "card_suit")
    form |= {"hand": post.getlist("hand"), "talon_empty": post.get("talon_empty") == "on"}
    card = picked_card(post, "card")
    leads = form["led_suit"] == "lead"  # "I lead this trick": nothing on the table yet
    led = None if leads else picked_card(post, "led")
    if not form["trump"]:
        form["errors"].append(_("Pick the trump suit."))
    if not leads and led is None:
        form["errors"].append(_("Pick the card that was led, or “I lead”."))
    if card is None:
        form["errors"].append(_("Pick the card to play: its rank and its suit."))
    if not form["errors"]:
        # The card to play ticked among the other cards too is the same card, not a second one.
        hand = [code for code in form["hand"] if code != card]
        try:
            result = play_answer(hand, form["trump"], led, form["talon_empty"], card)
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
        else:
            form["result"] = result | {"card_text": card_label(result["card"]), "suit": result["card"][-1],
                                       "duty_text": DUTY_TEXT[result["duty"]],
                                       "allowed_text": [(card_label(c), c[-1]) for c in result["allowed"]]}
    return PAGE.answer(request, "play", form)


def seven_view(request: HttpRequest) -> HttpResponse:
    """May I swap the trump seven: the trumps, the hand, the cards left in the talon, whose turn."""
    post = request.POST
    form = _fields(post, "trump", "talon") | {"hand": post.getlist("hand"), "my_turn": post.get("my_turn") == "on"}
    if not form["trump"]:
        form["errors"].append(_("Pick the trump suit."))
    talon = form["talon"].strip()
    if not talon.isascii() or not talon.isdigit():
        form["errors"].append(_("Say how many cards are left face down in the talon: 0 to %(high)s.")
                              % {"high": TALON_MAX})
    if not form["errors"]:
        try:
            result = seven_answer(form["hand"], form["trump"], int(talon), form["my_turn"])
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
        else:
            form["result"] = result | {"seven_text": card_label(result["seven"]), "suit": result["seven"][-1]}
    return PAGE.answer(request, "seven", form)


def points_view(request: HttpRequest) -> HttpResponse:
    """How many card points: the trumps, the taken cards (a card grid), the last trick or not."""
    post = request.POST
    form = _fields(post, "trump") | {"cards": post.getlist("cards"), "last_trick": post.get("last_trick") == "on"}
    if not form["trump"]:
        form["errors"].append(_("Pick the trump suit."))
    elif not form["cards"] and not form["last_trick"]:
        form["errors"].append(_("Pick the cards taken."))
    if not form["errors"]:
        try:
            form["result"] = points_answer(form["cards"], form["trump"], form["last_trick"])
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
    return PAGE.answer(request, "points", form)


urlpatterns = PAGE.urls(compare=compare_view, classify=classify_view, trick=trick_view, play=play_view,
                        seven=seven_view, points=points_view)
