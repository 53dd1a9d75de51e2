"""Every page under the Content-Security-Policy (django-csp, scorebook/settings.py): loaded in
Chromium with the policy on, not one violation — no inline script, no inline event handler, no
<style> element, no eval — and htmx still works: a game picked redraws the new match's form, a
deal saved through htmx lands on the sheet, the language switch sends its form.

Violations are caught twice: the browser's console line, and a ``securitypolicyviolation``
listener added before any page script runs.
"""
from __future__ import annotations

import re
from typing import Any

from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from scorebook.models import Match
from tests.e2e.test_every_page import pages_of, seed

LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__csp.push(event.violatedDirective + " " + (event.blockedURI || "inline") + " " + event.sourceFile + ":" + event.lineNumber);
});
"""


def watch(page: Page) -> list[str]:
    found: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            found.append(message.text)

    page.add_init_script(LISTEN)
    page.on("console", on_console)
    return found


def violations(page: Page, console: list[str]) -> list[str]:
    return [*console, *page.evaluate("window.__csp || []")]


def test_every_page_keeps_to_the_policy(browser: Browser, browser_context_args: dict, live_server, sign_in) -> None:
    users = get_user_model().objects
    owner = users.create_user(username="anya-csp")
    newcomer = users.create_user(username="boris-csp")
    users.create_superuser(username="boss-csp", password="boss-password-for-the-admin")
    public, signed_in, elsewhere = pages_of(seed(owner))
    public += [("api-docs", "/api/docs/"), ("admin-login", "/admin/login/")]
    base = live_server.url
    problems: list[str] = []

    def visit(who: Any, pages: list[tuple[str, str]]) -> None:
        context = browser.new_context(**browser_context_args)
        page = context.new_page()
        console = watch(page)
        if who is not None:
            sign_in(page, who)
        for name, url in pages:
            console.clear()
            response = page.goto(base + url)
            page.wait_for_load_state("load")
            assert response is not None
            if "content-security-policy" not in response.headers:
                problems.append(f"{name} {url}: no Content-Security-Policy header")
            if url != "/api/docs/" and page.evaluate("document.querySelectorAll('head style, body style').length"):
                problems.append(f"{name} {url}: a <style> element")
            problems.extend(f"{name} {url}: {line}" for line in violations(page, console))
        context.close()

    visit(None, public)
    visit(owner, signed_in)
    visit(newcomer, elsewhere)
    assert not problems, "\n".join(problems)


def test_htmx_works_under_the_policy(browser: Browser, browser_context_args: dict, live_server, sign_in) -> None:
    owner = get_user_model().objects.create_user(username="boris-csp")
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    console = watch(page)
    sign_in(page, owner)
    base = live_server.url

    # hx-post on the game's <select>: the form is drawn again for Khrap (3 to 6 players)
    page.goto(f"{base}/matches/new/")
    page.get_by_label("Game", exact=True).select_option("khrap")
    expect(page.locator("#player_5")).to_be_attached()
    # the first-dealer list follows the names (static/js/match_new.js)
    page.locator("#player_0").fill("Аня")
    expect(page.locator("#first_dealer option[value='0']")).to_have_text("Аня")
    page.get_by_label("Game", exact=True).select_option("thousand")
    expect(page.locator("#player_3")).to_be_attached()
    for seat, name in enumerate(["Аня", "Борис", "Вика"]):
        page.locator(f"#player_{seat}").fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(owner=owner)

    # a penalty saved through htmx (hx-post, the #main swap): on the sheet without a reload
    page.locator("summary", has_text="Penalty").click()
    penalty = page.locator("form:has(#penalty_points)")
    penalty.locator("label", has_text="Аня").click()
    penalty.locator("#penalty_points").fill("-50")
    penalty.locator("#penalty_reason").fill("late")
    penalty.get_by_role("button", name="Record the penalty").click()
    expect(page.locator("#sheet .sheet-foot .cell").first).to_have_text(re.compile("[−-]50"))
    assert match.deals.count() == 1

    # the language switch sends its form (static/js/page.js: data-autosubmit)
    page.locator("#language-select").select_option("ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    assert violations(page, console) == []
    context.close()
