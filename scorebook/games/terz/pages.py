"""The referee's Terz checks as a page, ``/referee/terz/``: "compare these declarations" (trumps and
each declaration on the card grid → what each is, who scores what and why) and "what is this
combination?"; the match page's "Check declarations" button posts its entry form to the same
compare view (htmx). And the cards at the table: "who takes this trick?", "may I play this card?"
(the duty in force), "may I swap the trump seven?" and "how many card points?". No match behind
them, nothing stored. The answers are ``scorebook.games.terz.checks``'s, which the phone's engine
gives too when there is no connection.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from referee.games import terz
from scorebook import selectors, sheets
from scorebook.games.terz import GAME, checks
from scorebook.games.terz.form import RANKS, SUITS, slot_rows
from scorebook.sheets import WORDS
from scorebook.web.common import Check, CheckPage


def _names_for(request: HttpRequest) -> list[str]:
    """From the match page: its players' names (one of the caller's matches, else none)."""
    pk = request.POST.get("match", "")
    if pk.isdigit():
        players = selectors.matches_of(request.user).filter(pk=int(pk)).values_list("players", flat=True).first()
        if players:
            return checks.seat_names(WORDS, list(players))
    return checks.seat_names(WORDS)


def blank_page() -> dict[str, Any]:
    players = list(enumerate(checks.seat_names(WORDS)))
    return {
        "ranks": RANKS, "players": players,
        # Not "suits": the card grid reads that name for its rows.
        "trump_suits": [(s, sheets.SUIT_SYMBOLS[s], sheets.SUIT_NAMES[s]) for s in SUITS],
        "compare_form": {"trump": "", "slots": slot_rows({}, {}, players)},
        "classify_form": {"trump": "", "cards": []},
        "trick_form": {"trump": "", "led_rank": "", "led_suit": "", "answer_rank": "", "answer_suit": ""},
        "play_form": {"trump": "", "led_rank": "", "led_suit": "", "card_rank": "", "card_suit": "", "hand": [],
                      "talon_empty": False},
        "seven_form": {"trump": "", "hand": [], "talon": "", "my_turn": True},
        "points_form": {"trump": "", "cards": [], "last_trick": False},
        "plain_order": [rank.value for rank in terz.PLAIN_ORDER],
        "trump_order": [rank.value for rank in terz.TRUMP_ORDER],
        "talon_max": checks.TALON_MAX,
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
), blank=blank_page, answers=checks.ANSWERS)


def _fields(post: Any, *names: str) -> dict[str, str]:
    return {name: post.get(name, "") for name in names}


def compare_view(request: HttpRequest) -> HttpResponse:
    """Compare the declarations of a form: this page's, or the match page's entry form. Not
    ``PAGE.ask``: the match page's verdict names its players, looked up here, on the server (the
    phone's engine, asked on this page only, says "Player 1" and "Player 2" as this page does)."""
    post = request.POST
    names = _names_for(request)
    players = list(enumerate(names))
    typed = {key: post.getlist(key) if re.fullmatch(r"decl_\d+", key) else post.get(key) for key in post}
    form = {"trump": post.get("trump", ""), "slots": slot_rows(typed, {}, players)}
    asked = checks.compare_check(dict(post.lists()), WORDS, names)
    return PAGE.answer(request, "compare", form | asked, players=players)


def classify_view(request: HttpRequest) -> HttpResponse:
    post = request.POST
    return PAGE.ask(request, "classify", {"trump": post.get("trump", ""), "cards": post.getlist("cards")})


# ---------------------------------------------------------------- the cards at the table


def trick_view(request: HttpRequest) -> HttpResponse:
    """Who takes the trick: the card led and the answer, each picked as a rank and a suit."""
    return PAGE.ask(request, "trick", _fields(request.POST, "trump", "led_rank", "led_suit", "answer_rank",
                                              "answer_suit"))


def play_view(request: HttpRequest) -> HttpResponse:
    """May I play this card: the trumps, the card on the table (or "I lead"), whether the talon is
    empty, the card and the rest of the hand (a card grid)."""
    post = request.POST
    return PAGE.ask(request, "play", _fields(post, "trump", "led_rank", "led_suit", "card_rank", "card_suit")
                    | {"hand": post.getlist("hand"), "talon_empty": post.get("talon_empty") == "on"})


def seven_view(request: HttpRequest) -> HttpResponse:
    """May I swap the trump seven: the trumps, the hand, the cards left in the talon, whose turn."""
    post = request.POST
    return PAGE.ask(request, "seven", _fields(post, "trump", "talon")
                    | {"hand": post.getlist("hand"), "my_turn": post.get("my_turn") == "on"})


def points_view(request: HttpRequest) -> HttpResponse:
    """How many card points: the trumps, the taken cards (a card grid), the last trick or not."""
    post = request.POST
    return PAGE.ask(request, "points", _fields(post, "trump")
                    | {"cards": post.getlist("cards"), "last_trick": post.get("last_trick") == "on"})


urlpatterns = PAGE.urls(compare=compare_view, classify=classify_view, trick=trick_view, play=play_view,
                        seven=seven_view, points=points_view)
