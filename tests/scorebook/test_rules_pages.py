"""The in-app rules summaries: /rules/ and /rules/<game>/ are public, list every house-rule option
of the game with its default, sum up the special rules, and are linked from the match page and
the new-match page.

Expected defaults are read off RULES.md's option tables, never from the code; the generic check
only makes sure no option of a game's Options is left off its page.
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from referee.games import GAMES as RULES
from referee.games import find_game
from referee.reading import option_fields
from scorebook import services
from scorebook.games import game_ui

pytestmark = pytest.mark.django_db

GAMES = list(RULES)  # every game the referee plays, a new one included


@pytest.fixture
def client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def shown_options(page: str) -> dict[str, str]:
    """option name → the default as shown, tags stripped and spaces collapsed."""
    found = re.findall(r'<dd data-option="([a-z_]+)">(.*?)</dd>', page, flags=re.DOTALL)
    return {name: " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split()) for name, text in found}


def test_the_index_lists_every_game_without_signing_in(client: Client) -> None:
    response = client.get("/rules/")
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    for game in GAMES:
        assert f'href="/rules/{game}/"' in page
        with translation.override("en"):
            assert str(game_ui(game).display_name) in page, game  # "Thousand (1000)", "Tong Its"…


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_the_game_is_listed_with_its_default(client: Client, game: str) -> None:
    response = client.get(f"/rules/{game}/")
    assert response.status_code == 200
    shown = shown_options(response.content.decode())
    assert list(shown) == [spec.name for spec in option_fields(find_game(game).Options)]
    assert all(shown.values())


# (game, option, the default as RULES.md's table gives it, in the words of the new-match page; a real
# minus sign, as on the sheet)
DEFAULTS = [
    ("thousand", "target", "1000"),
    ("thousand", "bid_step", "5"),
    ("thousand", "marriage_values", "♥ 100, ♦ 80, ♣ 60, ♠ 40"),
    ("thousand", "defender_rounding", "to the nearest 5"),
    ("thousand", "bolt_limit", "3"),
    ("thousand", "bolt_penalty", "120"),
    ("thousand", "bolts_consecutive", "no"),
    ("thousand", "barrel", "yes"),
    ("thousand", "barrel_threshold", "880"),
    ("thousand", "barrel_deals", "3"),
    ("thousand", "barrel_finish_min_contract", "125"),
    ("thousand", "barrel_conflict", "the first falls"),
    ("thousand", "samosval", "yes"),
    ("thousand", "write_off", "declarer −contract, opponents +half each"),
    ("thousand", "write_off_limit", "none"),
    ("thousand", "dark_min_score", "240"),
    ("thousand", "golden_round", "no"),
    ("thousand", "golden_round_max_circles", "3"),
    ("thousand", "bid_ban_below", "−120"),
    ("terz", "target", "501"),
    ("terz", "rounding", "to the nearest 10, a final 5 down"),
    ("tongits", "ante", "2"),
    ("tongits", "pay_tongit", "3"),
    ("tongits", "pay_per_four", "3"),
    ("tongits", "pot_streak", "2"),
    ("tongits", "runs", "yes"),
    ("khrap", "stake", "5"),
    ("khrap", "pot_mode", "fifths of the pot per trick"),
    ("khrap", "dark_fail", "5"),
    ("thirteens", "target", "50"),
    ("thirteens", "thirteen_points", "3"),
    ("thirteens", "joker_points", "−4"),
    ("thirteens", "no_trick_points", "−3"),
    ("thirteens", "trick_point_rule", "only a trick without melds"),
]


@pytest.mark.parametrize(("game", "option", "default"), DEFAULTS)
def test_defaults_as_in_rules_md(client: Client, game: str, option: str, default: str) -> None:
    assert shown_options(client.get(f"/rules/{game}/").content.decode())[option] == default


SPECIAL_RULES = {
    "thousand": ["The barrel", "Bolts", "Samosval", "Write-off", "Dark game", "Golden round", "880", "555"],
    "terz": ["Declarations", "mountain", "601", "four jacks 200", "150"],
    "tongits": ["Tongit", "Draw", "Stock runs out", "burned", "Payments", "The pot"],
    "khrap": ["Stakes", "Fifths", "Remizes", "one fifth", "5 × the pot"],
    "thirteens": ["Thirteen", "Pair", "Run", "joker", "−4", "trick by trick"],
}


@pytest.mark.parametrize("game", GAMES)
def test_the_summary_names_the_special_rules(client: Client, game: str) -> None:
    summary = client.get(f"/rules/{game}/").content.decode().split('id="summary"')[1].split("</article>")[0]
    for words in SPECIAL_RULES[game]:
        assert words in html.unescape(summary), words


def test_every_game_has_its_defaults_and_special_rules_here() -> None:
    # A new game's rows are added from RULES.md's tables: none is left out unchecked.
    assert {game for game, _option, _default in DEFAULTS} == set(GAMES)
    assert set(SPECIAL_RULES) == set(GAMES)


def test_presets_show_what_they_change(client: Client) -> None:
    page = html.unescape(client.get("/rules/thousand/").content.decode())
    presets = page.split('id="presets"')[1]
    assert "Strict" in presets and "Only bolts in a row count: yes" in presets
    assert "Barrel at 900" in presets and "Barrel at: 900" in presets


def test_an_unknown_game_has_no_rules_page(client: Client) -> None:
    assert client.get("/rules/poker/").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_the_match_page_links_its_game_s_rules(client: Client, owner, game: str) -> None:
    players = ["Аня", "Борис"] if game == "terz" else ["Аня", "Борис", "Вика"]
    match = services.match_create(owner=owner, game=game, players=players)
    client.force_login(owner)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    rules_box = page.split("Rules of this match")[1].split("</details>")[0]
    assert f'href="/rules/{game}/"' in rules_box and "How this game is scored" in rules_box


def test_the_new_match_page_links_the_chosen_game_s_rules(client: Client, owner) -> None:
    client.force_login(owner)
    assert 'href="/rules/thousand/"' in client.get("/matches/new/").content.decode()
    assert 'href="/rules/khrap/"' in client.get("/matches/new/?game=khrap").content.decode()
