"""The referee's checks without a connection, in Chromium: each game's page of checks, opened once
online (the engine starts, the service worker keeps the page and the engine's files), then asked
offline: the referee in the phone answers with the words the server answered online for the same
form, refuses a bad form as the server does, and the page reloaded offline still answers. Tong Its
here (seed 002: 7♥ 7♠ 7♦ is a set; the caller and a challenger tie at 12: the challenger wins);
each game adds its own rows below.
"""
from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_referee_page import tap

pytestmark = pytest.mark.engine  # the referee in the phone runs (tests/e2e/conftest.py)

START = 180_000  # ms: Pyodide's first start on a busy 2-core machine
LOCAL = "No connection: answered on this phone by the same referee."


def section(page: Page, title: str) -> Locator:
    return page.locator("section").filter(has=page.get_by_role("heading", name=title))


def opened_online(page: Page, base: str, game: str) -> None:
    """The game's checks opened with a connection, until the phone keeps everything it needs."""
    page.goto(f"{base}/referee/{game}/")
    expect(page.locator("#works-offline")).to_have_text("works offline ✓", timeout=START)
    # Opened again, now through the service worker: it keeps this page and its scripts too.
    page.reload()
    expect(page.locator("#works-offline")).to_have_text("works offline ✓", timeout=START)


def asked_both_ways(page: Page, verdict_id: str, fill: Callable[[], None], ask: Callable[[], None]) -> str:
    """The verdict's words online, then the same form asked offline: the same words, said to be the
    phone's. Returns the words. The slot is emptied before each ask, so that an earlier verdict
    still in it is never taken for the new one."""
    verdict = page.locator(f"#{verdict_id}")
    fill()
    verdict.evaluate("slot => slot.replaceChildren()")
    ask()
    expect(verdict.locator(".verdict, .violations")).to_have_count(1)
    online = verdict.inner_text()
    page.context.set_offline(True)
    try:
        verdict.evaluate("slot => slot.replaceChildren()")
        ask()
        expect(verdict.locator(".referee-local")).to_have_text(LOCAL)
        offline = verdict.inner_text()
    finally:
        page.context.set_offline(False)
    assert offline.replace(LOCAL, "").strip() == online.strip()
    return online


def test_tong_its_checks_answer_offline_as_online(page: Page, live_server, owner, sign_in) -> None:
    sign_in(page, owner)
    opened_online(page, live_server.url, "tongits")

    meld = section(page, "Is this a meld? A tongit?")
    said = asked_both_ways(page, "meld-verdict", lambda: tap(page, "section >> nth=0", "7♥", "7♠", "7♦"),
                           lambda: meld.get_by_role("button", name="Check").click())
    assert "Yes: a meld (a set)." in said and "Tongit: every card melds." in said

    draw = section(page, "Who wins this draw fight?")

    def fill_draw() -> None:
        draw.locator("fieldset").nth(0).locator("label").filter(has_text="Player 1").click()
        draw.locator("fieldset").nth(1).locator("label").filter(has_text="Player 2").click()
        for seat, count in enumerate(("12", "12", "3")):
            draw.locator(f"#count_{seat}").fill(count)

    said = asked_both_ways(page, "draw-verdict", fill_draw, lambda: draw.get_by_role("button", name="Who wins?").click())
    assert "Player 2 wins." in said

    # A count that is no number: refused offline with the server's words.
    draw.locator("#count_0").fill("x")
    said = asked_both_ways(page, "draw-verdict", lambda: None,
                           lambda: draw.get_by_role("button", name="Who wins?").click())
    assert "Type each player's count as a whole number, like 12." in said

    # Reloaded without a connection: the kept page, the engine from the kept files, answering.
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("html[data-engine=ready], html[data-engine=offline]")).to_have_count(1, timeout=START)
        count = section(page, "How much is this hand?")
        tap(page, "section >> nth=1", "A♥", "K♠", "7♦")
        count.get_by_role("button", name="Count").click()
        expect(page.locator("#count-verdict .verdict-answer")).to_have_text("Count: 18")
        expect(page.locator("#count-verdict .referee-local")).to_have_text(LOCAL)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#count-verdict").scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS / "referee-tongits-offline.png")
    finally:
        page.context.set_offline(False)


def test_terz_checks_answer_offline_as_online(page: Page, live_server, owner, sign_in) -> None:
    # Seed 000: in trumps "7, 8, Д, К, 10, Т, 9, В" (the nine above the ace); once the talon is
    # empty "необхідно перебивати карту суперника" (of K♠ A♠ 7♠ only the ace beats the ten).
    from tests.e2e.test_terz_referee_page import pick

    sign_in(page, owner)
    opened_online(page, live_server.url, "terz")

    trick = section(page, "Who takes this trick?")

    def fill_trick() -> None:
        pick(trick, "Trumps", "♥")
        pick(trick, "Card led: rank", "A")
        pick(trick, "Card led: suit", "♥")
        pick(trick, "Answer: rank", "9")
        pick(trick, "Answer: suit", "♥")

    said = asked_both_ways(page, "trick-verdict", fill_trick,
                           lambda: trick.get_by_role("button", name="Who takes it?").click())
    assert "9♥ takes the trick." in said and "trumps: 7 8 Q K 10 A 9 J" in said

    play = section(page, "May I play this card?")

    def fill_play() -> None:
        pick(play, "Trumps", "♥")
        play.locator("label.toggle").filter(has_text="The talon is empty").tap()
        pick(play, "Card led: suit", "♠")
        pick(play, "Card led: rank", "10")
        pick(play, "The card I want to play: rank", "7")
        pick(play, "The card I want to play: suit", "♠")
        tap(page, "section >> nth=3", "K♠", "A♠")

    said = asked_both_ways(page, "play-verdict", fill_play,
                           lambda: play.get_by_role("button", name="Check the card").click())
    assert "No: 7♠ may not be played." in said and "beat the card led" in said
    expect(page.locator("#play-verdict .terz-allowed")).to_have_text("A♠")

    # The talon not said: refused offline with the server's words.
    seven = section(page, "May I swap the trump seven?")
    said = asked_both_ways(page, "seven-verdict", lambda: pick(seven, "Trumps", "♦"),
                           lambda: seven.get_by_role("button", name="May I swap it?").click())
    assert "Say how many cards are left face down in the talon: 0 to 13." in said
def test_thirteens_checks_answer_offline_as_online(page: Page, live_server, owner, sign_in) -> None:
    sign_in(page, owner)
    opened_online(page, live_server.url, "thirteens")

    # Seed 004: K-Q-6 is a thirteen (4 + 3 + 6), worth 3; 5 5 a pair, worth 1: 4 points.
    trick = section(page, "Score this trick")
    said = asked_both_ways(page, "trick-verdict", lambda: tap(page, "section >> nth=0", "K♥", "Q♦", "6♠", "5♣", "5♦"),
                           lambda: trick.get_by_role("button", name="Score the trick").click())
    assert "Points: 4" in said and "thirteen +3" in said and "pair +1" in said

    # Tapped in play order 2♠ 10♥ K♥, no trumps picked yet: refused offline with the server's words.
    winner = section(page, "Who takes this trick?")
    said = asked_both_ways(page, "winner-verdict", lambda: tap(page, "section >> nth=1", "2♠", "10♥", "K♥"),
                           lambda: winner.get_by_role("button", name="Who takes it?").click())
    assert "Pick the trumps (or no trumps)." in said

    # Hearts trumps: 2♠ led, K♥ the highest trump takes it, the third card played.
    def pick_hearts() -> None:
        winner.locator(".trump-picker label").filter(has=page.locator("input[value='H']")).click()

    said = asked_both_ways(page, "winner-verdict", pick_hearts,
                           lambda: winner.get_by_role("button", name="Who takes it?").click())
    assert "Card 3 takes it:" in said and "K♥ is the highest trump (♥) in the trick." in said
    expect(page.locator("#winner-verdict .winning .card-face")).to_have_text("K♥")


def test_thousand_checks_answer_offline_as_online(page: Page, live_server, owner, sign_in) -> None:
    # Seed 001: K♥ Q♥ A♠ 10♠ 9♦ holds 4 + 3 + 11 + 10 + 0 = 28 card points and the ♥ marriage, so
    # the highest bid is 120 + 100 = 220 and 135 may be bid.
    sign_in(page, owner)
    opened_online(page, live_server.url, "thousand")

    bid = section(page, "May I bid this much?")

    def fill_bid() -> None:
        tap(page, "section >> nth=0", "K♥", "Q♥", "A♠", "10♠", "9♦")
        bid.get_by_label("Bid (optional)").fill("135")

    said = asked_both_ways(page, "bid-verdict", fill_bid, lambda: bid.get_by_role("button", name="Check the bid").click())
    assert "Yes: 135 may be bid." in said and "Highest bid: 120 + 100 = 220." in said
    expect(page.locator("#bid-verdict .verdict-facts dd")).to_have_text(["220", "♥", "28"])
    expect(page.locator("#bid-verdict .verdict-facts .suit-H")).to_have_text("♥")

    # A bid in full-width digits: refused offline with the server's words.
    bid.get_by_label("Bid (optional)").fill("１３５")
    said = asked_both_ways(page, "bid-verdict", lambda: None,
                           lambda: bid.get_by_role("button", name="Check the bid").click())
    assert "Type the bid as a whole number, like 135." in said

    # Seed 001: a marriage is declared only by a player who has taken a trick; ♦ is worth 80.
    marriage = section(page, "May I declare this marriage now?")
    marriage.locator(".seat-picker label").filter(has_text="♦").first.tap()
    said = asked_both_ways(page, "marriage-verdict", lambda: None,
                           lambda: marriage.get_by_role("button", name="Check the marriage").click())
    assert "No: not now." in said
    assert "No trick taken yet: a marriage is declared only by a player who has taken one." in said
    marriage.locator("label.toggle").filter(has_text="I have taken a trick").tap()
    said = asked_both_ways(page, "marriage-verdict", lambda: None,
                           lambda: marriage.get_by_role("button", name="Check the marriage").click())
    assert "Yes: declare it, +80." in said and "♦ becomes trump." in said

    # Card points offline: A 11 + 10 10 + K 4 = 25, the rest of the deck's 120 holds 95.
    points = section(page, "How many card points are these?")
    for face in ("A♥", "10♥", "K♠"):
        points.locator("label.card-pick").filter(has_text=face).tap()
    said = asked_both_ways(page, "points-verdict", lambda: None,
                           lambda: points.get_by_role("button", name="Count the points").click())
    assert "Card points: 25" in said and "The rest of the deck holds 95." in said


def test_khrap_checks_answer_offline_as_online(page: Page, live_server, owner, sign_in) -> None:
    # Seed 003: the highest trump takes the trick; an answer follows the suit led, else trumps,
    # else any card.
    sign_in(page, owner)
    opened_online(page, live_server.url, "khrap")

    def pick(where: Locator, fieldset: int, text: str) -> None:
        where.locator("fieldset").nth(fieldset).locator("label").filter(has_text=re.compile(f"^{text}$")).click()

    trick = section(page, "Who takes this trick?")

    def fill_trick() -> None:
        pick(trick, 0, "♠")  # trump
        pick(trick, 1, "K")  # led: rank
        pick(trick, 2, "♥")  # led: suit
        tap(page, "section >> nth=0", "A♥", "6♠")

    said = asked_both_ways(page, "trick-verdict", fill_trick,
                           lambda: trick.get_by_role("button", name="Who takes it?").click())
    assert "6♠ takes the trick." in said
    assert "6♠ takes it: the highest trump (♠) beats the suit led (♥)" in said

    legal = section(page, "May I play this card?")

    def fill_legal() -> None:
        pick(legal, 0, "♠")  # trump
        pick(legal, 1, "♥")  # led: suit
        pick(legal, 2, "K")  # led: rank
        pick(legal, 3, "6")  # my card: rank
        pick(legal, 4, "♠")  # my card: suit
        tap(page, "section >> nth=1", "7♥", "A♦")

    said = asked_both_ways(page, "legal-verdict", fill_legal,
                           lambda: legal.get_by_role("button", name="Check the card").click())
    assert "No: 6♠ may not be played." in said and "must follow suit: ♥ was led" in said

    # The same card when I lead the trick: any card may be led.
    pick(legal, 1, "I lead")
    said = asked_both_ways(page, "legal-verdict", lambda: None,
                           lambda: legal.get_by_role("button", name="Check the card").click())
    assert "Yes: 6♠ may be played." in said and "any card may be led" in said
