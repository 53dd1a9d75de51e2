"""The rules summaries (/rules/<game>/) say what the referee's newer rules are, as RULES.md reads them:
Terz's last trick and false-declaration amounts; Tong Its' quick entry, laying off, pay_fold and the
pot in the settlement; Khrap's odd units, the revoke in its deal and closing the evening; Thirteens'
cards_each and the turned joker; 1000's finish from the barrel and the golden deal below the ban.
In English, Russian and Ukrainian."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def summary(game: str, language: str = "en") -> str:
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/rules/{game}/").content.decode()
    article = page.split('id="summary"')[1].split("</article>")[0]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article)).split())


NEW_RULES = [
    # RULES.md, terz: "a last_trick seat with fewer than 10 points is last_trick_points"; a false
    # declaration's amount: "a sum of 20, 50, 100, 200 — so a multiple of 10, at least 20, never 30".
    ("terz", ["The last trick is worth 10, and its taker has those 10 points",
              "20, 50, 100, 200 or a sum of them — so a multiple of 10, at least 20, and never 30"]),
    ("tongits", ["Quick entry", "each player's count of unmelded cards",
                 "paid exactly as for a hand entered card by card",
                 "Laying off (sapaw)", "never against the receiver's 13",
                 "pay_fold", "folds a fought draw",
                 "what is left in the pot, which belongs to nobody yet"]),
    ("khrap", ["Odd units", "rounded down", "five kept tricks take the whole amount",
               "A revoke belongs to its deal", "even if they took tricks",
               "Closing the evening", "the settlement then shows every player's money and the pot"]),
    ("thirteens", ["⌊53 / players⌋", "17, 13, 10 or 8 for 3 to 6 players", "exactly that many tricks",
                   "A turned joker means no trumps", "the tricks hold one joker at most"]),
    ("thousand", ["Finishing from the barrel", "the winner is not knocked off",
                  "the ban never applies to a golden deal"]),
]


@pytest.mark.parametrize(("game", "phrases"), NEW_RULES, ids=[game for game, _ in NEW_RULES])
def test_the_summary_describes_the_new_rules(game: str, phrases: list[str]) -> None:
    text = summary(game)
    for phrase in phrases:
        assert phrase in text, phrase


def test_terz_no_longer_says_a_false_declaration_is_always_100() -> None:
    assert "A false declaration: 100 goes" not in summary("terz")


@pytest.mark.parametrize("language", ["ru", "uk"])
@pytest.mark.parametrize("game", ["terz", "tongits", "khrap", "thirteens", "thousand"])
def test_the_new_rules_are_translated(game: str, language: str) -> None:
    english = summary(game)
    translated = summary(game, language)
    for phrase in dict(NEW_RULES)[game]:
        if phrase in ("pay_fold", "⌊53 / players⌋", "17, 13, 10 or 8 for 3 to 6 players"):
            continue  # an option's name, a formula and figures read alike
        assert phrase not in translated, (language, phrase)
    assert len(translated) > len(english) / 2
