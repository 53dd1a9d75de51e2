"""A person's hand on a phone, counted the way a person makes it (tests/e2e/test_taps_per_deal.py).

- a **tap** is one touch: a button, a toggle, a seat, a field tapped to type into it; a choice from a
  native list is two (the list opened, the choice picked);
- a **key** is one key of the on-screen keyboard: every digit, every backspace that clears what a
  field held already (a "100" costs three), the keyboard's "next" key that moves to the next field,
  and its "go" key on the last one, which sends the form;
- a **swipe** is one scroll to bring the next control into reach: counted whenever the control to
  tap is not on the screen (or is under the sticky bars), however far it is.

Counting cannot be skipped: the page counts for itself what the browser delivers — every touch
(``pointerdown``), every key (``keydown``), a list's choice (``change`` of a ``select``), and
typing that came with no key at all (``input`` with no ``keydown``: Playwright's ``fill()``) — and
every step of :class:`Hand` compares the page's counts with its own, so a click, a ``fill()`` or a
``select_option()`` made past the hand fails the test.

The on-screen keyboard is drawn as the bottom ``KEYBOARD`` pixels of the screen, there while a
text field has the focus: a control under it costs a swipe; the field the keyboard's "next" key
moves to is brought above it by the browser, which costs nothing.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from playwright.sync_api import Locator, Page

PHONE = {"width": 360, "height": 740}  # the narrowest phone of the issue
# The on-screen keyboard (a numeric keypad, its bar included) covers this much of the screen's
# bottom while a text field has it: a control under it is out of reach.
KEYBOARD = 260

TYPING = """
() => { const el = document.activeElement;
  return !!el && (el.tagName === "TEXTAREA" ||
    (el.tagName === "INPUT" && /^(text|number|search|tel|email|url|password)$/.test(el.type))); }
"""

# What the page counts for itself, installed before any of its scripts runs.
COUNTER = """
(() => {
  if (window.__hand) { return; }
  const hand = window.__hand = {touches: 0, keys: 0, picks: 0, unkeyed: 0};
  const typed = (el) => el && (el.tagName === "TEXTAREA" ||
    (el.tagName === "INPUT" && /^(text|number|search|tel|email|url|password)$/.test(el.type)));
  let keyDown = false;
  addEventListener("pointerdown", (e) => { if (e.isTrusted) { hand.touches++; } }, true);
  addEventListener("keydown", (e) => { if (e.isTrusted) { hand.keys++; keyDown = true; } }, true);
  addEventListener("keyup", () => { keyDown = false; }, true);
  addEventListener("input", (e) => {
    if (e.isTrusted && typed(e.target) && !keyDown) { hand.unkeyed++; }
  }, true);
  addEventListener("change", (e) => { if (e.target && e.target.tagName === "SELECT") { hand.picks++; } }, true);
  // When the page last moved (typing, a request of htmx, its answer): see Hand.still().
  const busy = () => { hand.busy = performance.now(); };
  hand.inflight = 0;
  busy();
  ["input", "change", "htmx:afterSwap", "htmx:afterSettle"].forEach((name) => addEventListener(name, busy, true));
  addEventListener("htmx:beforeRequest", () => { hand.inflight++; busy(); }, true);
  addEventListener("htmx:afterRequest", () => { hand.inflight = Math.max(0, hand.inflight - 1); busy(); }, true);
})();
"""

# Whether a control is in reach: its middle is on the screen and a tap there lands on it (not on
# the sticky header or totals bar over it).
IN_REACH = """
([el, keyboard]) => {
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const bottom = innerHeight - keyboard;
  if (box.width === 0 || x < 0 || y < 0 || x > innerWidth || y > bottom) { return false; }
  const hit = document.elementFromPoint(x, y);
  return !!hit && (el === hit || el.contains(hit) || hit.contains(el) ||
                   (el.control !== undefined && el.control === hit));
}
"""

# The keyboard's "next" key: Chrome moves to the next field of the form that takes typing or a
# choice (text fields and lists, not tick boxes or buttons), in the order of the page. On the last
# such field the key is "go", which sends the form.
NEXT_FIELD = """
(move) => {
  const here = document.activeElement;
  if (!here || !here.form) { return "no field has the keyboard"; }
  const fields = Array.from(here.form.elements).filter((el) =>
    (el.tagName === "SELECT" || el.tagName === "TEXTAREA" ||
     (el.tagName === "INPUT" && /^(text|number|search|tel|email|url|password)$/.test(el.type))) &&
    !el.disabled && el.checkVisibility());
  const next = fields[fields.indexOf(here) + 1];
  if (!next) { return "no next field"; }
  if (move) { next.focus(); }
  return next.id;
}
"""


@dataclass
class Count:
    taps: int = 0
    keys: int = 0
    swipes: int = 0


class Hand:
    """The one way a test touches the page. Call :func:`watch` before the page opens."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = Count()
        self.picks = 0  # choices from native lists (two taps each, no touch the page sees)
        self.nexts = 0  # "next" keys (the keyboard's own: no keydown the page sees)
        self.swiped_to: list[str] = []  # what each swipe was for, to say so when a count is off
        self.before = self.seen()  # what was done before the deal (setting up) is not its count
        assert self.before["unkeyed"] == 0, "text typed with no key (a fill()?)"

    def in_reach(self, target: Locator) -> bool:
        keyboard = KEYBOARD if self.page.evaluate(TYPING) else 0
        return bool(target.evaluate("(el, keyboard) => (" + IN_REACH + ")([el, keyboard])", keyboard))

    def reach(self, target: Locator) -> None:
        """A swipe when *target* is out of reach (off the screen, under a sticky bar or under the
        keyboard): the page scrolled to bring it to the middle of what is left of the screen."""
        target.wait_for(state="visible")
        if not self.in_reach(target):
            self.count.swipes += 1
            self.swiped_to.append(str(target))
            self.show(target)
            for _ in range(50):  # a preview that arrives meanwhile may move it: the same swipe, corrected
                if self.in_reach(target):
                    break
                self.page.wait_for_timeout(100)
                self.show(target)
            assert self.in_reach(target), f"{target} still out of reach after a swipe: " + str(target.evaluate(
                "(el) => [JSON.stringify(el.getBoundingClientRect()), scrollY, document.documentElement.scrollHeight,"
                " document.activeElement && document.activeElement.id]"))

    def show(self, target: Locator) -> None:
        keyboard = KEYBOARD if self.page.evaluate(TYPING) else 0
        target.evaluate("""(el, keyboard) => {
            const box = el.getBoundingClientRect();
            scrollBy(0, box.top + box.height / 2 - (innerHeight - keyboard) / 2);
        }""", keyboard)

    def tap(self, target: Locator) -> None:
        # A person taps a page that has stopped moving: a preview still on its way would move the
        # control under the finger (and Playwright would tap again).
        self.still()
        self.reach(target)
        target.tap()
        self.count.taps += 1
        self.check()

    def keys(self, text: str) -> None:
        """Keys typed into the field that has the keyboard (digits, a minus)."""
        assert self.page.evaluate(TYPING), "no field has the keyboard"
        field = self.page.locator("*:focus")
        if not self.in_reach(field):
            self.show(field)  # the browser keeps the field typed into above the keyboard
        self.page.keyboard.type(text)
        self.count.keys += len(text)
        self.check()

    def enter(self, field: Locator, text: str) -> None:
        """A field tapped, whatever it held cleared with backspaces, then *text* typed."""
        self.tap(field)
        held = field.evaluate("(el) => { el.setSelectionRange(el.value.length, el.value.length); "
                              "return el.value.length; }")
        for _ in range(held):
            self.page.keyboard.press("Backspace")
        self.count.keys += held
        self.check()
        self.keys(text)

    def next(self, field: Locator) -> None:
        """The keyboard's "next" key, which must land on *field*."""
        landed = self.page.evaluate(NEXT_FIELD, True)
        assert landed == field.get_attribute("id"), f"next went to {landed!r}"
        if not self.in_reach(field):
            self.show(field)  # the browser keeps the field it moved to above the keyboard
        self.count.keys += 1
        self.nexts += 1
        self.check()

    def go(self) -> None:
        """The keyboard's "go" key on the form's last field: the form is sent, as by its first
        submit button."""
        after = self.page.evaluate(NEXT_FIELD, False)
        assert after == "no next field", f"not the last field ({after} follows): the key is next"
        self.page.keyboard.press("Enter")
        self.count.keys += 1
        self.check()

    def choose(self, field: Locator, label: str) -> None:
        """A native list: opened (a tap) and a choice picked (a tap)."""
        self.reach(field)
        field.select_option(label=label)
        self.count.taps += 2
        self.picks += 1
        self.check()

    def still(self) -> None:
        """Until no request of the page is on its way and nothing moved for a while (a preview
        waits 500 ms after the last key before it asks)."""
        # A wait, not a goal: on a loaded machine the page's polls and its engine's start can keep it
        # moving for longer than the default 8 s.
        self.page.wait_for_function("() => window.__hand.inflight === 0 && performance.now() - window.__hand.busy > 700",
                                    timeout=30_000)

    def seen(self) -> dict[str, int]:
        seen = self.page.evaluate("() => window.__hand || null")
        assert seen is not None, "the page does not count: watch(page) before it opens"
        return {key: seen[key] for key in ("touches", "keys", "picks", "unkeyed")}

    def check(self) -> None:
        """The page's own counts agree with the hand's: nothing was done past it."""
        now = self.seen()
        seen = {key: now[key] - self.before[key] for key in now}
        assert seen["unkeyed"] == 0, "text typed with no key (a fill()?)"
        assert seen["touches"] == self.count.taps - 2 * self.picks, f"touches {seen} vs {self.count}"
        assert seen["keys"] == self.count.keys - self.nexts, f"keys {seen} vs {self.count}"
        assert seen["picks"] == self.picks, f"list choices {seen} vs {self.picks}"


def watch(page: Page) -> None:
    """The page counts its touches and keys from its first script on, and is a 360 px phone."""
    page.set_viewport_size(PHONE)
    page.add_init_script(COUNTER)


def record(folder: Any, key: str, game: str, deal: str, count: Count, goals: dict[str, int]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{key}.json").write_text(json.dumps(
        {"game": game, "deal": deal, **asdict(count), "goals": goals}, ensure_ascii=False))
