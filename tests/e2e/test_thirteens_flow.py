"""A По тринадцати deal on a phone: sign up, start a 3-player match, enter one deal card by card.

Worked by hand from RULES.md ("thirteens", classic: seed values A 1, J 2, Q 3, K 4; thirteen 3,
pair 1, run 1, a trick with no meld and no joker 1, joker −4, no trick −3). The table deals 4
cards each (the house rule cards_each), so a deal has 4 tricks. Trumps ♥.
  Аня:   K♥ Q♦ 6♠ — a thirteen, 4 + 3 + 6 = 13: 3;  5♠ 5♥ 9♣ — a pair: 1          → 4
  Борис: 7♣ 8♦ 9♥ — a run: 1;  Joker 2♣ A♦ — the joker −4 (2 + 1 = 3, no meld)   → −3
  Вика:  no trick                                                               → −3
The totals on screen use a real minus sign (U+2212), as on paper.
"""
import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from scorebook.models import Match
from tests.e2e.screenshots import SCREENSHOTS
from tests.e2e.test_thousand_flow import expect_chart

PLAYERS = ("Аня", "Борис", "Вика")
PASSWORD = "correct-horse-battery-staple"


def sign_up(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Username").fill("tanya")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def card(form: Locator, code: str) -> Locator:
    return form.locator(f"label.card-pick:has(input[value='{code}'])")


def add_trick(form: Locator, player: str, *codes: str) -> None:
    """Pick who took the trick, tap its cards on the grid, press "Add the trick"."""
    form.locator(".trick-builder .seat-picker label").filter(has_text=player).tap()
    for code in codes:
        card(form, code).tap()
        expect(card(form, code).locator("input")).to_be_checked()
    form.get_by_role("button", name="Add the trick").tap()
    for code in codes:  # a card taken once cannot be picked again
        expect(card(form, code).locator("input")).to_be_disabled()


def test_a_thirteens_deal_is_entered_card_by_card(page: Page, live_server) -> None:
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sign_up(page, base)

    page.goto(f"{base}/matches/new/")
    page.get_by_label("Game", exact=True).select_option("thirteens")
    expect(page.get_by_label("Game", exact=True)).to_have_value("thirteens")
    expect(page.locator("#player_0")).to_be_visible()
    # Wait for htmx to swap the thirteens form in: typed before the swap, a name would be lost.
    expect(page.locator("#new-match .rules-link a")).to_have_attribute("href", re.compile(r"/rules/thirteens/$"))
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#player_{seat}").fill(name)
    page.locator("#new-match details.explanation > summary").click()
    page.locator("#opt_cards_each").fill("4")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner__username="tanya")
    assert (match.game, match.players, match.options["cards_each"]) == ("thirteens", list(PLAYERS), 4)

    form = page.locator("#entry-form")
    form.locator(".trump-picker label").filter(has=page.locator("input[value='H']")).tap()
    add_trick(form, "Аня", "KH", "QD", "6S")
    add_trick(form, "Аня", "5S", "5H", "9C")
    add_trick(form, "Борис", "7C", "8D", "9H")
    add_trick(form, "Борис", "X1", "2C", "AD")
    expect(form.locator(".player-tricks[data-seat='0'] .trick")).to_have_count(2)
    expect(form.locator(".player-tricks[data-seat='1'] .trick")).to_have_count(2)
    expect(form.locator(".player-tricks[data-seat='2'] [data-no-tricks]")).to_be_visible()

    # removing a trick frees its cards again
    add_trick(form, "Вика", "2H", "3H", "4H")
    form.locator(".player-tricks[data-seat='2'] .remove-trick").tap()
    expect(card(form, "2H").locator("input")).to_be_enabled()

    # the preview scores the deal before it is saved: 4, −3, −3
    preview = page.locator("#deal-preview")
    expect(preview.locator(".preview-points")).to_have_text(["+4", "−3", "−3"])
    expect(preview.locator(".meld-thirteen")).to_have_count(1)
    # Вика's trick half picked: the cards already in a trick are struck out on the grid
    form.locator(".trick-builder .seat-picker label").filter(has_text="Вика").tap()
    card(form, "10D").tap()
    card(form, "3C").tap()
    expect(form.locator(".trick-builder [data-card-count]")).to_have_text("2")
    form.locator(".trick-builder").evaluate("box => box.scrollIntoView({block: 'start'})")
    page.screenshot(path=SCREENSHOTS / "thirteens-entry.png")
    card(form, "10D").tap()
    card(form, "3C").tap()

    form.get_by_role("button", name="Save the deal").tap()
    expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(["4", "−3", "−3"])
    expect(page.locator("#deal-1 .cell").nth(1).locator(".mark-failed")).to_have_text("joker")
    expect(page.locator("#deal-1 .cell").nth(2).locator(".mark-bolt")).to_have_text("no trick")
    expect(page.locator("#deal-1 .cell .extra")).to_have_text(["2 tricks", "2 tricks"])
    page.locator("#deal-1 > summary").tap()
    expect(page.locator("#deal-1 .why")).to_contain_text("K♥ Q♦ 6♠")
    expect(page.locator("#deal-1 .why")).to_contain_text("♥")
    match.refresh_from_db()
    assert match.deals.get().entry["tricks"][1] == [["7C", "8D", "9H"], ["X1", "2C", "AD"]]
    # the new form is empty again: every card free
    expect(page.locator("#entry-form input[name=pick]:disabled")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / "thirteens-sheet.png")
    expect_chart(page, PLAYERS, ("4", "−3", "−3"), deals=1)

    # ---- deal 2, counted at the table: Аня 2, Борис 5, Вика −3. Totals: 4 + 2 = 6, −3 + 5 = 2,
    # −3 − 3 = −6.
    form = page.locator("#entry-form")
    form.locator(".mode-picker label").filter(has_text="Points counted by hand").tap()
    for seat, points in enumerate(("2", "5", "-3")):  # typed with the keyboard's hyphen-minus
        form.locator(f"#points_{seat}").fill(points)
    form.get_by_role("button", name="Save the deal").tap()
    expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(["6", "2", "−6"])
    expect_chart(page, PLAYERS, ("6", "2", "−6"), deals=2)

    # ---- edit deal 1 through its row: the pair trick 5♠ 5♥ 9♣ was Вика's, not Аня's. Deal 1 now:
    # Аня K♥ Q♦ 6♠ a thirteen, 3; Борис the run 1 and the joker −4, −3 as before; Вика the pair, 1
    # (she has a trick now: no −3). Totals with deal 2: 3 + 2 = 5, −3 + 5 = 2, 1 − 3 = −2.
    page.locator("#deal-1 > summary").tap()
    page.locator("#deal-1").get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", name="Deal 1")).to_be_visible()
    form = page.locator("#entry-form")
    anya = form.locator(".player-tricks[data-seat='0'] .trick")
    expect(anya).to_have_count(2)
    expect(card(form, "5S").locator("input")).to_be_disabled()  # already in one of Аня's tricks
    anya.nth(1).locator(".remove-trick").tap()
    expect(anya).to_have_count(1)
    add_trick(form, "Вика", "5S", "5H", "9C")
    expect(form.locator(".player-tricks[data-seat='2'] .trick")).to_have_count(1)
    expect(page.locator("#deal-preview .preview-points")).to_have_text(["+3", "−3", "+1"])
    form.get_by_role("button", name="Save the deal").tap()
    expect(page).to_have_url(re.compile(r"/matches/\d+/#deal-1$"))
    expect(page.locator("#sheet .sheet-foot .cell")).to_have_text(["5", "2", "−2"])
    expect(page.locator("#deal-1 .cell .total")).to_have_text(["3", "−3", "1"])
    expect(page.locator("#deal-1 .cell .extra")).to_have_text(["1 trick", "2 tricks", "1 trick"])
    expect(page.locator("#deal-1 .mark-bolt")).to_have_count(0)  # no "no trick" any more
    expect_chart(page, PLAYERS, ("5", "2", "−2"), deals=2)
    match.refresh_from_db()
    assert match.deals.get(number=1).entry["tricks"][2] == [["5S", "5H", "9C"]]


def test_the_referee_scores_a_trick_and_says_who_takes_it(page: Page, live_server, tmp_path: Path) -> None:
    sign_up(page, live_server.url)
    page.goto(f"{live_server.url}/referee/thirteens/")
    # K♥ Q♦ 6♠ a thirteen (3), 5♣ 5♦ a pair (1), the joker −4: 0 points
    trick = page.locator("form[action$='/trick/']")
    for code in ("KH", "QD", "6S", "5C", "5D", "X1"):
        card(trick, code).tap()
    trick.get_by_role("button", name="Score the trick").tap()
    verdict = page.locator("#trick-verdict")
    expect(verdict.locator(".verdict-answer")).to_have_text("Points: 0")
    expect(verdict.locator(".meld-thirteen .card-face")).to_have_text(["K♥", "6♠", "Q♦"])  # grid order: ♥ ♠ ♦ ♣
    expect(verdict.locator(".meld-pair .card-face")).to_have_text(["5♦", "5♣"])
    page.screenshot(path=tmp_path / "referee-trick.png")

    # tapped in play order 2♠, 10♥, K♥ with hearts trumps: K♥ is the highest trump → card 3
    winner = page.locator("form[data-play-order]")
    winner.locator(".trump-picker label").filter(has=page.locator("input[value='H']")).tap()
    for code in ("2S", "10H", "KH"):
        card(winner, code).tap()
    expect(winner.locator("[data-order-list] .card-face")).to_have_text(["2♠", "10♥", "K♥"])
    winner.get_by_role("button", name="Who takes it?").tap()
    expect(page.locator("#winner-verdict .winning .card-face")).to_have_text("K♥")
    page.screenshot(path=tmp_path / "referee-thirteens-winner.png")
    page.locator("#trick-title").scroll_into_view_if_needed()
    page.screenshot(path=tmp_path / "referee-thirteens-trick.png")
