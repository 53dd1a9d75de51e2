"""How many taps, keys and swipes a typical deal of each game takes on a 360 px phone, counted as a
person makes them (tests/e2e/taps.py says how: a native list is two taps, every key is counted, a
prefilled field is cleared key by key, a control off the screen costs a swipe).

Each test plays the issue's typical deal the fewest-taps way the page offers, checks the scores it
gives (worked out by hand from RULES.md), asserts the count and the goals, and writes the count to
test-results/usability/<key>.json; `make usability` runs these tests and writes the table of
docs/usability.md from those files (scripts/usability_table.py). Every test also fails on a console
error or an uncaught exception on the page.
"""
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from scorebook import services
from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.taps import Hand, record, watch

pytestmark = pytest.mark.engine  # the referee in the phone runs (tests/e2e/conftest.py)

USABILITY = SCREENSHOTS.parent / "usability"
SWIPES = 1  # at most one swipe per deal at 360 px


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
    """A new match opened on a phone that has never shown it (nothing remembered)."""
    match = services.match_create(owner=owner, game=game, players=players)
    watch(page)
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


def big_and_named(controls: Locator, at_least: int) -> None:
    """Every control a player taps here is at least 44 × 44 CSS px and has a name to be read out."""
    expect(controls.first).to_be_visible()
    boxes = controls.evaluate_all("""(els) => els.filter((el) => el.offsetParent !== null).map((el) => {
        const box = el.getBoundingClientRect();
        const named = el.getAttribute("aria-label") || el.textContent.trim();
        return [el.outerHTML.slice(0, 60), box.width, box.height, !!named]; })""")
    assert len(boxes) >= at_least
    assert [b for b in boxes if b[1] < 44 or b[2] < 44 or not b[3]] == []


# A phone's last step after typing: Android's number keyboard has a "go" key that sends the form;
# an iPhone's number keypad has none, so there "Save" is tapped (the keyboard is still up).
PHONES = ["android", "iphone"]
PHONE_WORDS = {"android": "saved by the keyboard's go key", "iphone": "an iPhone: Save tapped (no go key)"}


def send(hand: Hand, phone: str, save: Locator) -> None:
    if phone == "android":
        hand.go()
    else:
        hand.tap(save)


def done(key: str, game: str, deal: str, hand: Hand, expected: tuple[int, int], taps: int,
         keys: int | None = None) -> None:
    """The count written for docs/usability.md, then held to the taps and keys worked out (*expected*)
    and to the goals."""
    goals = {"taps": taps, "swipes": SWIPES} | ({"keys": keys} if keys is not None else {})
    count = hand.count
    record(USABILITY, key, game, deal, count, goals)
    # Taps and keys are what the page asks for; where the swipes fall depends on the layout above the
    # form (the header, the totals), so only their goal is held.
    assert (count.taps, count.keys) == expected
    assert count.taps <= taps
    assert keys is None or count.keys <= keys
    assert count.swipes <= SWIPES, f"swiped to {hand.swiped_to}"


@pytest.mark.parametrize("phone", PHONES)
def test_a_thousand_deal(page: Page, sign_in, live_server, owner, console_errors, phone: str) -> None:
    # Аня bids 120 and makes it with a ♦ marriage: Борис took 40 card points, Вика 25, so Аня has
    # the rest, 55, + 80 = 135 ≥ 120 → +120. Defenders are rounded to 5: 40 and 25 stay.
    open_match(page, sign_in, live_server, owner, "thousand", ("Аня", "Борис", "Вика"))
    form = page.locator("#entry-form")
    # Борис, on the 100, is preselected; Аня won the bidding.
    expect(form.get_by_role("group", name="Declarer").get_by_role("radio", name="Борис")).to_be_checked()
    hand = Hand(page)
    hand.tap(seat(form, "declarer", "Аня"))
    big_and_named(form.locator(".bid-chips button, .bid-stepper button"), 8)  # 100–150 and − +
    hand.tap(form.get_by_role("button", name="Bid 120"))
    expect(form.locator("#bid")).to_have_value("120")
    hand.tap(form.get_by_role("group", name="Marriages declared by Аня").locator("label").filter(has_text="♦"))
    hand.enter(form.locator("#points_1"), "40")
    hand.next(form.locator("#points_2"))
    hand.keys("25")
    shoot(page, "taps-thousand.png")
    send(hand, phone, form.get_by_role("button", name="Save the deal"))  # Вика's is the form's last field
    totals(page, "120", "40", "25")
    done(f"1000-{phone}", "1000", "declarer (not the one preselected), bid 120 made with a ♦ marriage, defenders "
         f"40 and 25; {PHONE_WORDS[phone]}", hand, (4, 6) if phone == "android" else (5, 5), taps=5, keys=7)


def test_a_terz_deal_with_two_declarations(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # Trumps ♠: Остап counted 72, Марко has the rest, 78, and took the last trick. Остап's terz
    # 7♥ 8♥ 9♥ (20) loses to Марко's fifty 10♣ J♣ Q♣ K♣ (50): only Марко's counts.
    # Остап 72 → 70; Марко 78 + 50 = 128 → 130.
    open_match(page, sign_in, live_server, owner, "terz", ("Остап", "Марко"))
    form = page.locator("#entry-form")
    hand = Hand(page)
    hand.tap(form.locator(".trump-picker label").filter(has_text="♠"))
    hand.tap(seat(form, "counter", "Остап"))  # his points field takes the keyboard at once
    expect(form.locator("#counted")).to_be_focused()
    hand.keys("72")
    hand.tap(seat(form, "last_trick", "Марко"))
    grid = form.locator("[data-terz-quick]")
    hand.tap(grid.get_by_role("button", name="Остап: terz"))
    big_and_named(grid.locator(".quick-kinds button, .quick-tops:not([hidden]) button"), 2 * 5 + 24)
    hand.tap(grid.get_by_role("button", name="terz to 9♥"))
    hand.tap(grid.get_by_role("button", name="Марко: fifty"))
    hand.tap(grid.get_by_role("button", name="fifty to K♣"))
    # Their cards are ticked on the slots' card grids, to check; each slot's line says them.
    for slot, player, seat_index, cards in ((0, "Остап", 0, "7H 8H 9H"), (1, "Марко", 1, "10C JC QC KC")):
        box = form.locator(f"#decl-slot-{slot}")
        faces = " ".join(card.replace("H", "♥").replace("C", "♣") for card in cards.split())
        expect(box.locator("summary")).to_contain_text(f"{player}: {faces}")
        expect(box.locator(f'input[type="radio"][value="{seat_index}"]')).to_be_checked()
        expect(box.locator("input[type=checkbox]:checked")).to_have_count(len(cards.split()))
        for card in cards.split():
            expect(box.locator(f'input[value="{card}"]')).to_be_checked()
    shoot(page, "taps-terz.png")
    hand.tap(form.get_by_role("button", name="Save the deal"))
    totals(page, "70", "130")
    done("terz", "Терц", "trumps, 72 and the rest, the last trick, a terz against a fifty (each by kind and "
         "top card on a tap grid)", hand, (8, 2), taps=8)


def test_a_tongits_stock_out_and_a_tongit(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # Hand 1: the stock runs out. Аня counts 12, Борис 9 (with one ace in his melds), Вика laid no
    # meld: burned, 29. Борис wins with the lowest count (no tie: who drew last does not matter).
    # Antes 2 each, pot 6; Аня pays 1 + 1 (Борис's ace) = 2, Вика 1 + 1 + 1 (burned) = 3: −4, 3, −5.
    open_match(page, sign_in, live_server, owner, "tongits", ("Аня", "Борис", "Вика"))
    form = page.locator("#entry-form")
    expect(form.get_by_role("radio", name="The counts only")).to_be_checked()  # the quick entry first
    hand = Hand(page)
    hand.tap(form.locator("#ending label").filter(has_text="The stock ran out"))  # the first count takes the keyboard
    expect(form.locator("#count_0")).to_be_focused()
    hand.keys("12")
    hand.next(form.locator("#count_1"))
    hand.keys("9")
    hand.next(form.locator("#count_2"))
    hand.keys("29")
    hand.tap(form.locator("#burned label").filter(has_text="Вика"))
    big_and_named(form.locator("#winner_aces label span, #winner_fours label span"), 5 + 4)
    hand.tap(form.locator("#winner_aces label").filter(has_text="1"))
    shoot(page, "taps-tongits.png")
    hand.tap(form.get_by_role("button", name="Save the hand"))
    totals(page, "−4", "3", "−5")
    done("tongits-stock-out", "Tong Its", "the quick entry of a stock-out: the ending, three counts, who is "
         "burned, the winner's aces", hand, (4, 7), taps=8)
    # Hand 2: Аня goes tongit (her count 0); the losers' counts change nothing and are left out. Antes 2 each;
    # Борис and Вика pay 3 each: Аня −2 + 6 = +4, Борис −5, Вика −5 → 0, −2, −10.
    form = page.locator("#entry-form")
    hand = Hand(page)
    hand.tap(form.locator("#ending label").filter(has_text="Tongit"))
    hand.tap(form.locator("#caller label").filter(has_text="Аня"))  # her count takes the keyboard
    expect(form.locator("#count_0")).to_be_focused()
    hand.keys("0")  # a tongit caller's count, 0, asked for today
    hand.tap(form.get_by_role("button", name="Save the hand"))
    totals(page, "0", "−2", "−10")
    done("tongits-tongit", "Tong Its", "the quick entry of a tongit: the ending, who called it, her count 0",
         hand, (3, 1), taps=8)


def test_a_khrap_deal_at_a_table_of_six(page: Page, sign_in, live_server, owner, console_errors) -> None:
    # Аня khraps in circle 1 and takes 3 of the 5 tricks, Борис and Вика whist and take 1 each; the
    # three others, left untouched, took none.
    match = open_match(page, sign_in, live_server, owner, "khrap", ("Аня", "Борис", "Вика", "Гена", "Даша", "Ева"))
    form = page.locator("#entry-form")
    hand = Hand(page)
    hand.tap(form.locator("#khrap-field label").filter(has_text="Аня"))  # her tricks take the keyboard
    expect(form.locator("#tricks_0")).to_be_focused()
    hand.keys("3")
    hand.next(form.locator("#tricks_1"))
    hand.keys("1")
    hand.next(form.locator("#tricks_2"))
    hand.keys("1")
    shoot(page, "taps-khrap.png")
    hand.tap(form.get_by_role("button", name="Save the deal"))
    expect(page.locator("#sheet .sheet-row")).to_have_count(1)
    assert match.deals.get().entry["tricks"] == [3, 1, 1, 0, 0, 0]
    done("khrap", "Храп", "6 players: the khraper 3, two whisters 1 each", hand,
         (2, 5), taps=5)


@pytest.mark.parametrize("phone", PHONES)
def test_a_thirteens_deal_in_points_on_a_new_phone(page: Page, sign_in, live_server, owner,
                                                    console_errors, phone: str) -> None:
    # A first deal on a phone that never entered one: trumps ♠, points counted by hand 6, 4, −2, 3.
    open_match(page, sign_in, live_server, owner, "thirteens", ("Аня", "Борис", "Вика", "Гена"))
    form = page.locator("#entry-form")
    hand = Hand(page)
    hand.tap(form.locator(".trump-picker label").filter(has_text="♠"))
    hand.tap(form.locator(".mode-picker label").filter(has_text="Points counted by hand"))
    expect(form.locator("#points_0")).to_be_focused()  # the first points take the keyboard
    hand.keys("6")
    hand.next(form.locator("#points_1"))
    hand.keys("4")
    hand.next(form.locator("#points_2"))
    hand.keys("2")
    hand.tap(form.get_by_role("button", name="Minus or plus for Вика"))
    expect(form.locator("#points_2")).to_have_value("−2")
    hand.enter(form.locator("#points_3"), "3")
    shoot(page, "taps-thirteens.png")
    send(hand, phone, form.get_by_role("button", name="Save the deal"))
    totals(page, "6", "4", "−2", "3")
    done(f"thirteens-{phone}", "По тринадцати", "4 players on a new phone: trumps, points counted by hand 6, 4, "
         f"−2, 3; {PHONE_WORDS[phone]}", hand, (4, 7) if phone == "android" else (5, 6), taps=7)


@pytest.mark.parametrize("skip", ["a click", "a fill", "keys pressed", "a list's choice"])
def test_nothing_is_done_past_the_count(page: Page, sign_in, live_server, owner, console_errors, skip: str) -> None:
    """A test that taps, types or picks without its hand fails at the hand's next step."""
    open_match(page, sign_in, live_server, owner, "thousand", ("Аня", "Борис", "Вика"))
    form = page.locator("#entry-form")
    hand = Hand(page)
    hand.tap(page.locator("details.explanation > summary").filter(has_text="Redeal"))
    if skip == "a click":
        seat(form, "declarer", "Аня").click()
    elif skip == "a fill":
        form.locator("#points_1").fill("40")
    elif skip == "keys pressed":
        form.locator("#points_1").press_sequentially("40")
    else:
        page.locator("#reason").select_option(index=1)
    with pytest.raises(AssertionError):
        hand.check()


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
