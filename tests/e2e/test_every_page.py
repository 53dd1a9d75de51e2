"""Every page at phone size, 390 × 844 in English and 360 × 740 (the narrowest common phone) in
Russian and Ukrainian, in the light and the dark colour scheme: each answers 200, logs no console
error, and is no wider than the screen (nothing scrolls sideways; the print and display pages with
six players too), and axe-core (axe-playwright-python) finds no serious or critical violation on it,
with every <details> opened (the sheet's rows and their why, the panels). The screenshots are saved as pages/<page>-<light|dark>.png (390 px) and
pages/<page>-<light|dark>-360-<language>.png in tests/e2e/screenshots.py's folder (`make screenshots`
copies the kept ones into docs/screenshots/pages/) — look at them after a change of look.

The matches are written straight through the services (the flows of each game have their own
browser tests); the entries are RULES.md's worked shapes. Every page is in the list by its address,
so a page that moved or went missing answers 404 here instead of being left out.
"""
from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, ConsoleMessage

from referee import roles
from referee.games import GAMES as RULES
from scorebook import services
from scorebook.models import Match, Player
from tests.e2e.screenshots import SCREENSHOTS as SHOTS

SCREENSHOTS = SHOTS / "pages"
GAMES = list(RULES)  # every game the referee plays: its rules, new-match, match and checks pages
THREE = ["Аня", "Борис", "Вика"]
SIX = ["Аня", "Борис", "Виктория", "Гена", "Даша", "Константин"]

# A few deals per game: made and failed contracts, a redeal, a write-off, a bolt; a declaration
# and the mountain; a stock-out and a fought draw; a silent circle and two khraps; a joker.
DEALS: dict[str, tuple[list[str], list[dict[str, Any]]]] = {
    "thousand": (THREE, [
        {"type": "play", "declarer": 0, "bid": 100, "contract": 120, "points": [80, 32, 8],
         "marriages": [["H"], [], []]},
        {"type": "play", "declarer": 1, "bid": 110, "contract": 110, "points": [30, 62, 28]},
        {"type": "redeal", "reason": "four_aces"},
        {"type": "write_off", "declarer": 2, "bid": 100, "contract": 100},
        {"type": "play", "declarer": 2, "bid": 100, "contract": 100, "points": [0, 20, 100]},
    ]),
    "terz": (["Аня", "Борис"], [
        {"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0, "declarations": [
            {"player": 0, "cards": ["7H", "8H", "9H"]}, {"player": 1, "cards": ["JS", "JH", "JD", "JC"]},
            {"player": 0, "cards": ["KH", "QH"]}]},
        {"type": "play", "trump": "S", "points": [70, 80], "declarations": []},
        {"type": "false_declaration", "player": 0, "points": 100},
    ]),
    "tongits": (THREE, [
        {"type": "play", "ending": "stock_out", "last_draw": 2, "hands": [
            {"melds": [["7H", "7S", "7D"]], "hand": ["9C"]}, {"melds": [["8H", "8S", "8D"]], "hand": ["10C"]},
            {"melds": [["5H", "5S", "5D"]], "hand": ["KC"]}]},
        {"type": "play", "ending": "draw", "caller": 0, "challengers": [2], "hands": [
            {"melds": [["7H", "7S", "7D"]], "hand": ["2C"]}, {"melds": [], "hand": ["10C", "KD"]},
            {"melds": [["5H", "5S", "5D"]], "hand": ["KC"]}]},
    ]),
    "khrap": (THREE, [
        {"type": "no_khrap"},
        {"type": "play", "khrap": 1, "circle": 2, "tricks": [1, 3, 1]},
        {"type": "play", "khrap": 0, "circle": 1, "tricks": [2, 2, 1]},
    ]),
    "thirteens": (THREE, [
        {"type": "play", "trump": "H", "tricks": [[["KH", "QD", "6S"]], [["2C", "3C", "4D"]], [["9S", "9D", "X1"]]]},
        {"type": "play", "trump": "S", "tricks": [[["AH", "2H", "3H"], ["5C", "5S", "7D"]], [], [["JD", "8D", "KS"]]]},
    ]),
}


# The thirteens deals above are short: a table that deals 3 cards each (RULES.md: cards_each).
OPTIONS: dict[str, dict[str, Any]] = {"thirteens": {"cards_each": 3}}


def seed(owner: Any) -> dict[str, Match]:
    # A new game needs its few deals above: its match page is not left out for want of them.
    assert set(DEALS) == set(GAMES), "a game without deals here: add RULES.md's worked shapes"
    matches = {}
    for game, (players, entries) in DEALS.items():
        match = services.match_create(owner=owner, game=game, players=players, options=OPTIONS.get(game))
        for entry in entries:
            services.deal_record(match=match, entry=entry, author=owner)
        matches[game] = match
    services.deal_void(match=matches["thousand"], number=2, author=owner)
    services.match_share(match=matches["thousand"])
    # An evening of two khrap matches in a row, and an invite to the 1000 match that a guest took.
    services.match_next_game(match=matches["khrap"], owner=owner)
    services.invite_renew(match=matches["thousand"], by=owner, role=roles.PLAYER)
    services.match_join(token=matches["thousand"].invite_token, name="Гость")
    matches["empty"] = services.match_create(owner=owner, game="thousand", players=THREE, name="Friday")
    # Six players: the widest sheet, on the print and display pages too.
    matches["six"] = services.match_create(owner=owner, game="khrap", players=SIX)
    for entry in [{"type": "no_khrap"}, {"type": "play", "khrap": 0, "circle": 2, "tricks": [3, 1, 1, 0, 0, 0]},
                  {"type": "play", "khrap": 3, "circle": 1, "tricks": [0, 1, 0, 2, 1, 1]}]:
        services.deal_record(match=matches["six"], entry=entry, author=owner)
    return matches


Pages = list[tuple[str, str]]


def pages_of(matches: dict[str, Match]) -> tuple[Pages, Pages, Pages]:
    """The pages of a visitor, of the owner, and of someone else signed in."""
    public = [("landing", "/"), ("signin", "/accounts/login/"), ("signup", "/accounts/signup/"), ("rules", "/rules/")]
    public += [(f"rules-{game}", f"/rules/{game}/") for game in GAMES]
    signed_in = [("home", "/")]
    signed_in += [(f"new-{game}", f"/matches/new/?game={game}") for game in GAMES]
    signed_in += [(f"match-{game}", f"/matches/{matches[game].pk}/") for game in GAMES]
    signed_in += [("match-empty", f"/matches/{matches['empty'].pk}/"),
                  ("edit-thousand", f"/matches/{matches['thousand'].pk}/deals/1/"),
                  ("edit-voided", f"/matches/{matches['thousand'].pk}/deals/2/"),
                  ("edit-khrap", f"/matches/{matches['khrap'].pk}/deals/2/"),
                  ("referee", "/referee/")]
    signed_in += [(f"referee-{game}", f"/referee/{game}/") for game in GAMES]
    first, token = matches["thousand"].pk, matches["thousand"].share_token
    # Аня sits at every game of the seed: her statistics page has a block for each.
    anya = Player.objects.get(owner=matches["thousand"].owner, name="Аня")
    public += [("offline", "/offline/"), ("watch", f"/watch/{token}/"), ("watch-display", f"/watch/{token}/display/")]
    signed_in += [("history", f"/matches/{first}/history/"), ("print", f"/matches/{first}/print/"),
                  ("import", "/matches/import/"), ("players", "/players/"), ("player", f"/players/{anya.pk}/"),
                  ("display", f"/matches/{first}/display/")]
    six = matches["six"].pk
    signed_in += [("match-six", f"/matches/{six}/"), ("print-six", f"/matches/{six}/print/"),
                  ("display-six", f"/matches/{six}/display/")]
    invite = matches["thousand"].invite_token
    public += [("join-guest", f"/join/{invite}/")]
    signed_in += [("evening", f"/evenings/{matches['khrap'].pk}/"),
                  ("members", f"/matches/{first}/?panel=members#members"), ("api-token", "/accounts/token/")]
    newcomer = [("home-empty", "/"), ("join-signed-in", f"/join/{invite}/")]
    return public, signed_in, newcomer


AXE = Axe()
SEVERE = {"serious", "critical"}
OPEN_EVERYTHING = "() => document.querySelectorAll('details').forEach(details => details.open = true)"


def accessibility_problems(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, each with its first nodes."""
    found = AXE.run(page).response["violations"]
    return [f"axe {violation['id']} ({violation['impact']}): {violation['help']} at "
            + ", ".join(" ".join(node["target"]) for node in violation["nodes"][:4])
            for violation in found if violation["impact"] in SEVERE]


PHONES = {390: {"width": 390, "height": 844}, 360: {"width": 360, "height": 740}}
# (colour scheme, width, language): every page in each; axe-core in each language and both schemes
# (the dark English pages have the dark Ukrainian ones' colours: axe is not run on them again).
LOOKS = [("light", 390, "en"), ("dark", 390, "en"), ("light", 360, "ru"), ("dark", 360, "uk")]
AXE_LOOKS = {("light", 390, "en"), ("light", 360, "ru"), ("dark", 360, "uk")}


@pytest.mark.parametrize(("scheme", "width", "language"), LOOKS, ids=["-".join(map(str, look)) for look in LOOKS])
def test_every_page_at_phone_size(browser: Browser, browser_context_args: dict, live_server, sign_in,
                                  scheme: str, width: int, language: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    users = get_user_model().objects
    owner = users.create_user(username=f"anya-{scheme}")
    newcomer = users.create_user(username=f"boris-{scheme}")
    public, signed_in, elsewhere = pages_of(seed(owner))
    base = live_server.url
    suffix = "" if width == 390 else f"-{width}-{language}"
    problems: list[str] = []

    def visit(who: Any, pages: list[tuple[str, str]]) -> None:
        context = browser.new_context(**{**browser_context_args, "viewport": PHONES[width]}, color_scheme=scheme)
        page = context.new_page()
        if who is not None:
            sign_in(page, who)  # in English: it waits for "Sign out"
        context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
        errors: list[str] = []

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error" and not message.location.get("url", "").endswith("/favicon.ico"):
                errors.append(f"{message.text} ({message.location.get('url')})")

        page.on("console", on_console)
        page.on("pageerror", lambda error: errors.append(str(error)))
        for name, url in pages:
            errors.clear()
            response = page.goto(base + url)
            page.wait_for_load_state("load")
            if response is None or response.status != 200:
                problems.append(f"{name} {url}: status {response.status if response else None}")
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 1:
                problems.append(f"{name} {url}: {overflow}px wider than the screen")
            page.screenshot(path=SCREENSHOTS / f"{name}-{scheme}{suffix}.png", full_page=True)
            problems.extend(f"{name} {url}: console: {error}" for error in errors)
            if (scheme, width, language) in AXE_LOOKS:
                page.evaluate(OPEN_EVERYTHING)
                problems.extend(f"{name} {url}: {problem}" for problem in accessibility_problems(page))
        context.close()

    visit(None, public)
    visit(owner, signed_in)
    visit(newcomer, elsewhere)
    assert not problems, "\n".join(problems)
