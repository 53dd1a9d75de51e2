"""Khrap's referee checks as a page, ``/referee/khrap/``: "who takes this trick?" and "may I play
this card?". The judging is ``referee.games.khrap``'s; refused cards are shown under the form.
Nothing is stored.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.cards import Card, Suit
from referee.games import khrap
from referee.ledger import Line, Rejected
from scorebook import sheets
from scorebook.games.khrap import GAME
from scorebook.sheets import render_lines, violation_messages
from scorebook.web.common import Check, CheckPage, picked_card

RANKS = [rank.value for rank in khrap.ORDER]  # the 36-card deck, 6 to ace
SUITS = [(suit, Suit(suit).symbol) for suit in ("H", "S", "D", "C")]


def reason(item: Line) -> str:
    """An explanation line in the request's language, suits as symbols."""
    return render_lines([item])[0]


def card_label(card: Card) -> str:
    """A card as the page writes it: the rank as on the deck of the language, then the suit."""
    return sheets.card_text(card.code)


def blank_page() -> dict[str, Any]:
    return {
        "ranks": RANKS, "suit_choices": SUITS,
        "trick_form": {"led_rank": "", "led_suit": "", "trump": "", "played": []},
        "legal_form": {"card_rank": "", "card_suit": "", "led_rank": "", "led_suit": "", "trump": "", "hand": []},
    }


PAGE = CheckPage(GAME, "scorebook/games/khrap/checks.html", (
    Check("trick", gettext_lazy("Who takes this trick?"), jump=gettext_lazy("Who takes the trick"),
          submit=gettext_lazy("Who takes it?")),
    Check("legal", gettext_lazy("May I play this card?"), jump=gettext_lazy("May I play this card"),
          submit=gettext_lazy("Check the card")),
), blank=blank_page)


def khrap_trick(request: HttpRequest) -> HttpResponse:
    post = request.POST
    form: dict[str, Any] = {"led_rank": post.get("led_rank", ""), "led_suit": post.get("led_suit", ""),
                            "trump": post.get("trump", ""), "played": post.getlist("played"), "errors": [],
                            "result": None}
    led = picked_card(post, "led")
    if led is None:
        form["errors"].append(_("Pick the card that was led: its rank and its suit."))
    if not form["trump"]:
        form["errors"].append(_("Pick the trump suit."))
    if not form["errors"]:
        # The led card ticked among the cards played too is the same card, not a second one.
        played = [code for code in form["played"] if code != led]
        try:
            led_card, trump, cards = khrap.read_trick(led, form["trump"], played)
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
        else:
            winner, why = khrap.trick_check(led_card, trump, cards)
            card = [led_card, *cards][winner]
            form["result"] = {"card": card_label(card), "suit": card.suit.value, "led": winner == 0,
                              "reason": reason(why), "count": len(cards) + 1}
    return PAGE.answer(request, "trick", form)


def khrap_legal(request: HttpRequest) -> HttpResponse:
    post = request.POST
    form: dict[str, Any] = {key: post.get(key, "") for key in ("card_rank", "card_suit", "led_rank", "led_suit",
                                                                "trump")}
    form |= {"hand": post.getlist("hand"), "errors": [], "result": None}
    card = picked_card(post, "card")
    leads = form["led_suit"] == "lead"  # "I lead this trick": no card led yet
    led = None if leads else picked_card(post, "led")
    if card is None:
        form["errors"].append(_("Pick the card to play: its rank and its suit."))
    if not leads and led is None:
        form["errors"].append(_("Pick the card that was led, or “I lead”."))
    if not form["trump"]:
        form["errors"].append(_("Pick the trump suit."))
    if not form["errors"]:
        try:
            played, hand, led_card, trump = khrap.read_play(card, form["hand"], led, form["trump"])
        except Rejected as rejected:
            form["errors"] = violation_messages(rejected.violations)
        else:
            legal, why = khrap.legal_play(played, hand, led_card, trump)
            form["result"] = {"legal": legal, "card": card_label(played), "suit": played.suit.value,
                              "reason": reason(why)}
    return PAGE.answer(request, "legal", form)


urlpatterns = PAGE.urls(trick=khrap_trick, legal=khrap_legal)
