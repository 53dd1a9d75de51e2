"""How many taps a typical deal of each game takes on a phone, counted while a browser plays it.

A tap is a click, or the focus and typing of one field (a choice from a list is one). Each test
plays one typical deal the fewest-taps way the page offers, checks the scores it gives (worked out
by hand from RULES.md), asserts the count, and writes it to test-results/usability/<game>.json;
`make usability` runs these tests and writes the table of docs/usability.md from those files
(scripts/usability_table.py). Every test also fails on a console error or an uncaught exception on
the page.
"""
import json
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from scorebook import services
from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS

USABILITY = SCREENSHOTS.parent / "usability"


class Taps:
    """Counts what the player does: every tap and every field typed into."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.count += 1

    def choose(self, field: Locator, label: str) -> None:
        """A choice from a list: one field filled, like a field typed into."""
        field.select_option(label=label)
        self.count += 1

    def type(self, field: Locator, text: str) -> None:
        field.fill(text)
        self.count += 1


def record(game: str, deal: str, taps: int, goal: int) -> None:
    USABILITY.mkdir(parents=True, exist_ok=True)
    (USABILITY / f"{game}.json").write_text(json.dumps(
        {"game": game, "deal": deal, "taps": taps, "goal": goal}, ensure_ascii=False))


@pytest.fixture
def console_errors(page: Page) -> Iterator[list[str]]:
    """Every console error and uncaught exception of the page; none is allowed."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield errors
    assert errors == []


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("tapper", password="correct-horse-battery-staple")


def open_match(page: Page, sign_in, live_server, owner, game: str, players: tuple[str, ...]) -> Match:
    match = services.match_create(owner=owner, game=game, players=players)
    sign_in(page, owner)
    page.set_default_timeout(8000)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("#entry-form")).to_be_visible()
    return match


def totals(page: Page, *values: str) -> None:
    expect(page.locator("#sheet .sheet-foot .cell:not(.tail)")).to_have_text(list(values))


def seat(form: Locator, field: str, name: str) -> Locator:
    return form.locator("fieldset").filter(has=form.page.locator(f'input[name="{field}"]')).locator(
        "label").filter(has_text=name).first


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / name)


def test_a_thousand_deal(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # Аня bids 100 (the default bid) and takes 45 → −100; Борис 67 → 65; Вика the rest, 8 → 10.
    open_match(page, sign_in, live_server, owner, "thousand", ("Аня", "Борис", "Вика"))
    form, taps = page.locator("#entry-form"), Taps()
    taps.tap(seat(form, "declarer", "Аня"))
    expect(form.locator("#bid")).to_have_value("100")  # the usual bid is there already
    taps.type(form.locator("#points_0"), "45")
    taps.type(form.locator("#points_1"), "67")
    shoot(page, "taps-thousand.png")
    taps.tap(form.get_by_role("button", name="Save the deal"))
    totals(page, "−100", "65", "10")
    record("1000", "declarer, points of two players (the third has the rest), the usual bid", taps.count, 5)
    assert taps.count == 4


def test_a_terz_deal_with_two_declarations(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # Trumps ♥: Марко counted 42, Остап has the rest, 108; Остап took the last trick. Остап's terz
    # 7♥ 8♥ 9♥ (20) loses to Марко's four jacks (200). Остап 108 → 110; Марко 242 → 240.
    open_match(page, sign_in, live_server, owner, "terz", ("Остап", "Марко"))
    form, taps = page.locator("#entry-form"), Taps()
    taps.tap(form.locator(".trump-picker label").filter(has_text="♥"))
    taps.tap(seat(form, "counter", "Марко"))
    taps.type(form.locator("#counted"), "42")
    taps.tap(seat(form, "last_trick", "Остап"))
    # The compact picker: a declaration by its kind and top card, one choice each.
    taps.choose(form.get_by_label("Остап declared"), "terz to 9♥")
    taps.choose(form.get_by_label("Марко declared"), "four jacks (200)")
    # Their cards are ticked on the slots' card grids, to check.
    for slot, player, cards in ((0, "Остап", "7♥ 8♥ 9♥"), (1, "Марко", "J♠ J♥ J♦ J♣")):
        box = form.locator(f"#decl-slot-{slot}")
        expect(box.get_by_role("radio", name=player)).to_be_checked()
        for card in cards.split():
            expect(box.get_by_role("checkbox", name=card)).to_be_checked()
        expect(box.locator("[data-card-count]")).to_have_text(str(len(cards.split())))
    form.locator("[data-terz-quick]").evaluate("picker => picker.scrollIntoView({block: 'start'})")
    shoot(page, "taps-terz.png")
    taps.tap(form.get_by_role("button", name="Save the deal"))
    totals(page, "110", "240")
    record("Терц", "trumps, who counted and their points, the last trick, two declarations picked by kind "
           "and top card", taps.count, 8)
    assert taps.count == 7


def test_a_tongits_hand(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # The stock runs out, Вика took the last card. Аня counts 12, Борис 9 (with one ace in his melds),
    # Вика laid no meld: burned, 29. Борис wins with the lowest count. Antes 2 each, pot 6; Аня pays
    # 1 + 1 (Борис's ace) = 2, Вика 1 + 1 + 1 (burned) = 3: −4, 3, −5.
    open_match(page, sign_in, live_server, owner, "tongits", ("Аня", "Борис", "Вика"))
    form, taps = page.locator("#entry-form"), Taps()
    # The quick entry is offered first; card by card is one tap away.
    expect(form.get_by_role("radio", name="The counts only")).to_be_checked()
    expect(form.locator("#seat-0")).to_be_hidden()
    form.locator(".mode-picker label").filter(has_text="Card by card").click()
    expect(form.locator("#seat-0")).to_be_visible()
    expect(form.locator("#count_0")).to_be_hidden()
    form.locator(".mode-picker label").filter(has_text="The counts only").click()
    taps.tap(form.locator("#ending label").filter(has_text="The stock ran out"))
    taps.tap(form.locator("#last_draw label").filter(has_text="Вика"))
    for index, count in enumerate(("12", "9", "29")):
        taps.type(form.locator(f"#count_{index}"), count)
    taps.tap(form.locator("#burned label").filter(has_text="Вика"))
    taps.type(form.locator("#winner_aces"), "1")
    shoot(page, "taps-tongits.png")
    taps.tap(form.get_by_role("button", name="Save the hand"))
    totals(page, "−4", "3", "−5")
    record("Tong Its", "the quick entry: the ending, who drew last, three counts, who is burned, the winner's "
           "aces", taps.count, 10)
    assert taps.count == 8


def test_a_thirteens_deal_in_points(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # Deal 1 switches to points counted by hand: 2, 5, 4 (trumps ♠). Deal 2 opens in points again
    # (the mode is remembered for the match): 3, 1, 7. Totals: 5, 6, 11.
    open_match(page, sign_in, live_server, owner, "thirteens", ("Аня", "Борис", "Вика"))
    form = page.locator("#entry-form")
    form.locator(".trump-picker label").filter(has_text="♠").click()
    form.locator(".mode-picker label").filter(has_text="Points counted by hand").click()
    for index, points in enumerate(("2", "5", "4")):
        form.locator(f"#points_{index}").fill(points)
    form.get_by_role("button", name="Save the deal").click()
    totals(page, "2", "5", "4")
    form, taps = page.locator("#entry-form"), Taps()
    expect(form.get_by_role("radio", name="Points counted by hand")).to_be_checked()
    taps.tap(form.locator(".trump-picker label").filter(has_text="♥"))
    for index, points in enumerate(("3", "1", "7")):
        taps.type(form.locator(f"#points_{index}"), points)
    shoot(page, "taps-thirteens.png")
    taps.tap(form.get_by_role("button", name="Save the deal"))
    totals(page, "5", "6", "11")
    record("По тринадцати", "trumps and each player's points, the points mode remembered", taps.count, 7)
    assert taps.count == 5


def test_a_khrap_deal_at_a_table_of_six(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # Аня khraps in circle 1 and takes 3 of the 5 tricks, Борис and Вика 1 each; the three others,
    # left untouched, took none.
    match = open_match(page, sign_in, live_server, owner, "khrap", ("Аня", "Борис", "Вика", "Гена", "Даша", "Ева"))
    form, taps = page.locator("#entry-form"), Taps()
    taps.tap(form.locator("#khrap-field label").filter(has_text="Аня"))
    taps.type(form.locator("#tricks_0"), "3")
    taps.type(form.locator("#tricks_1"), "1")
    taps.type(form.locator("#tricks_2"), "1")
    shoot(page, "taps-khrap.png")
    taps.tap(form.get_by_role("button", name="Save the deal"))
    expect(page.locator("#sheet .sheet-row")).to_have_count(1)
    assert match.deals.get().entry["tricks"] == [3, 1, 1, 0, 0, 0]
    record("Храп", "6 players: the khraper, the tricks of those who took any", taps.count, 5)
    assert taps.count == 5


def test_a_fine_is_entered_the_way_a_phone_types_it(page: Page, sign_in, live_server, owner,
                                                   console_errors) -> None:
    """The numeric keypad of a phone has no minus: the fine is a tap, the amount unsigned."""
    match = open_match(page, sign_in, live_server, owner, "thousand", ("Аня", "Борис", "Вика"))
    page.locator("details.explanation > summary").filter(has_text="Penalty").click()
    penalty = page.locator("form").filter(has=page.locator("#penalty_points"))
    expect(penalty.locator("#penalty_points")).to_have_attribute("inputmode", "numeric")
    penalty.locator(".seat-picker label").filter(has_text="Борис").first.click()
    expect(penalty.get_by_role("radio", name="Fine (−)")).to_be_checked()  # a fine unless a bonus is tapped
    penalty.locator("#penalty_points").focus()
    page.keyboard.type("120")  # digits only, as on the keypad
    page.locator("#penalty_reason").fill("exposed a card")
    penalty.get_by_role("button", name="Record the penalty").click()
    totals(page, "0", "−120", "0")
    assert match.deals.get().entry["points"] == -120
    # A bonus is the other tap: +50 for Вика.
    page.locator("details.explanation > summary").filter(has_text="Penalty").click()
    penalty = page.locator("form").filter(has=page.locator("#penalty_points"))
    penalty.locator(".seat-picker label").filter(has_text="Вика").first.click()
    penalty.locator(".sign-picker label").filter(has_text="Bonus").click()
    penalty.locator("#penalty_points").focus()
    page.keyboard.type("50")
    penalty.get_by_role("button", name="Record the penalty").click()
    totals(page, "0", "−120", "50")
    assert [deal.entry["points"] for deal in match.deals.order_by("number")] == [-120, 50]
    shoot(page, "penalty-fine-or-bonus.png")



def test_a_minus_in_points_counted_by_hand_is_a_tap(page: Page, sign_in, live_server, owner,
                                                     console_errors) -> None:
    """По тринадцати: Вика's −3 typed as 3 on the numeric keypad, then ± (the keypad has no minus)."""
    match = open_match(page, sign_in, live_server, owner, "thirteens", ("Аня", "Борис", "Вика"))
    form = page.locator("#entry-form")
    form.locator(".trump-picker label").filter(has_text="♠").click()
    form.locator(".mode-picker label").filter(has_text="Points counted by hand").click()
    form.locator("#points_0").fill("2")
    form.locator("#points_1").fill("5")
    form.locator("#points_2").focus()
    page.keyboard.type("3")
    flip = form.get_by_role("button", name="Minus or plus for Вика")
    flip.click()
    expect(form.locator("#points_2")).to_have_value("−3")
    flip.click()
    expect(form.locator("#points_2")).to_have_value("3")  # and back
    flip.click()
    shoot(page, "thirteens-minus.png")
    form.get_by_role("button", name="Save the deal").click()
    totals(page, "2", "5", "−3")
    assert match.deals.get().entry["points"] == [2, 5, -3]
