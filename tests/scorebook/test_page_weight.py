"""The match page's first load is at most 150 KB as production sends it, for every game and the
largest table it seats: the HTML as the server sends it, and every file the page asks for (its
stylesheets, scripts, icons and manifest) as WhiteNoise serves them to a browser that accepts gzip,
under the manifest storage after `collectstatic` (tests/scorebook/test_production_static.py).

The card grids of Tong Its (a 52-card grid per meld slot and hand, three players) once made its
page 166 KB, 128 KB of it HTML: its empty grids are drawn once now. Terz's declaration slots keep
their own grids (without JavaScript they are the only way to enter a declaration): 141 KB.
"""
from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scorebook import services
from tests.e2e.test_every_page import DEALS, OPTIONS
from tests.scorebook.test_production_static import production_static  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

BUDGET = 150 * 1024
NAMES = ["Аня", "Борис", "Виктория", "Гена", "Даша", "Константин"]
# The most players each game seats: the longest forms.
MOST = {"thousand": 4, "terz": 2, "tongits": 3, "khrap": 6, "thirteens": 6}


class Asked(HTMLParser):
    """What a browser fetches on its own for a page: stylesheets, scripts, icons, the manifest, images."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        rel = (found.get("rel") or "").split()
        # A browser other than Safari never fetches an apple-touch-icon; Safari only when the page is added to the home screen.
        if tag == "link" and {"stylesheet", "icon", "manifest"} & set(rel):
            self.urls.append(found["href"] or "")
        elif tag in {"script", "img"} and found.get("src"):
            self.urls.append(found["src"] or "")


def first_load(client: Client, url: str) -> dict[str, int]:
    page = client.get(url)
    assert page.status_code == 200
    sizes = {url: len(page.content)}
    asked = Asked()
    asked.feed(page.content.decode())
    for address in dict.fromkeys(asked.urls):
        if address.startswith("data:"):
            continue
        answer = client.get(address, HTTP_ACCEPT_ENCODING="gzip")
        assert answer.status_code == 200, address
        body = b"".join(answer.streaming_content) if answer.streaming else answer.content
        sizes[address] = len(body)
    return sizes


@pytest.mark.parametrize("game", list(DEALS))
def test_the_match_page_weighs_at_most_150_kb(production_static, game: str) -> None:  # noqa: F811
    owner = get_user_model().objects.create_user(username="anya")
    players = NAMES[:MOST[game]] if game != "terz" else DEALS[game][0]
    match = services.match_create(owner=owner, game=game, players=players, options=OPTIONS.get(game))
    if len(players) == len(DEALS[game][0]):
        for entry in DEALS[game][1]:
            services.deal_record(match=match, entry=entry, author=owner)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    sizes = first_load(client, f"/matches/{match.pk}/")
    report = "\n".join(f"{size:>8} {url}" for url, size in sorted(sizes.items(), key=lambda item: -item[1]))
    assert sum(sizes.values()) <= BUDGET, f"{sum(sizes.values())} bytes:\n{report}"
