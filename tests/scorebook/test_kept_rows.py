"""The scoresheet's rows are kept rendered one by one, each under a digest of what it shows
(the ``sheet_rows`` tag, scorebook/templatetags/scorebook.py): a new deal renders its own row, not the
match's every row; a change of an earlier deal renders the rows whose figures it moved; and a row
kept for one reader's role or language is never shown to another.

1000, three players: every deal here is Аня's bid of 100 made with 100 card points, Борис 12 and
Вика 8 (rounded to 10 each, RULES.md): +100, +10, +10 a deal.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.test import Client
from django.utils import translation

from referee import roles
from scorebook import services
from scorebook.models import Match, Member
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db

ROW = "scorebook/_sheet_row.html"
EDIT_LINK = 'class="edit-link"'


def _match(owner, deals: int) -> Match:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    for _n in range(deals):
        services.deal_record(match=match, entry=play(points=(100, 12, 8)))
    return Match.objects.get(pk=match.pk)


def _browser(user, language: str = "en") -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(user)
    return browser


def _rows_rendered(response) -> int:
    return [t.name for t in response.templates].count(ROW)


def _sheet(page: str) -> str:
    """The sheet's grid, its rows and its totals (no form, no token)."""
    return page[page.index('class="sheet-grid"'):page.index('class="sheet-foot')]


def _totals(page: str) -> list[str]:
    foot = page[page.index('class="sheet-foot'):]
    return re.findall(r'<span class="cell total" role="cell">([^<]*)</span>', foot)[:3]


def test_a_new_deal_renders_its_own_row_only(owner) -> None:
    match = _match(owner, 5)
    browser = _browser(owner)
    first = browser.get(f"/matches/{match.pk}/")
    assert _rows_rendered(first) == 5
    services.deal_record(match=match, entry=play(points=(100, 12, 8)))
    after = browser.get(f"/matches/{match.pk}/")
    assert _rows_rendered(after) == 1  # deal 6; deals 1–5 read kept
    page = after.content.decode()
    assert _totals(page) == ["600", "60", "60"]
    assert page.count('class="sheet-row') == 6
    # The same version again: the whole sheet is kept, no row is rendered.
    assert _rows_rendered(browser.get(f"/matches/{match.pk}/")) == 0


def test_voiding_an_earlier_deal_renders_the_rows_it_moved_and_the_sheet_is_as_if_rendered_anew(owner) -> None:
    match = _match(owner, 6)
    browser = _browser(owner)
    browser.get(f"/matches/{match.pk}/")
    services.deal_void(match=match, number=2)
    after = browser.get(f"/matches/{match.pk}/")
    # Deal 2 now voided, deals 3–6 one deal's points lower (deal 3 totals 200, 20, 20); deal 1 kept.
    assert _rows_rendered(after) == 5
    page = after.content.decode()
    assert _totals(page) == ["500", "50", "50"]
    assert re.search(r'id="deal-3".*?<span class="total">200</span>', page, re.S)
    caches["rendered"].clear()
    anew = browser.get(f"/matches/{match.pk}/")
    assert _rows_rendered(anew) == 6
    assert _sheet(anew.content.decode()) == _sheet(page)


def test_a_row_kept_for_one_role_is_not_shown_to_another(owner, django_user_model) -> None:
    match = _match(owner, 3)
    watcher = django_user_model.objects.create_user(username="watcher")
    Member.objects.create(match=match, user=watcher, name="watcher", role=roles.WATCHER)
    owners_page = _browser(owner).get(f"/matches/{match.pk}/").content.decode()
    assert _sheet(owners_page).count(EDIT_LINK) == 3
    services.deal_record(match=match, entry=play(points=(100, 12, 8)))  # a new version: the sheet renders anew
    watchers = _browser(watcher).get(f"/matches/{match.pk}/")
    assert EDIT_LINK not in _sheet(watchers.content.decode())
    assert _rows_rendered(watchers) == 4  # none of the owner's rows: they carry his edit links
    assert _sheet(_browser(owner).get(f"/matches/{match.pk}/").content.decode()).count(EDIT_LINK) == 4


def test_a_row_kept_in_one_language_is_not_shown_in_another(owner) -> None:
    match = _match(owner, 2)
    english = _browser(owner, "en").get(f"/matches/{match.pk}/").content.decode()
    services.deal_record(match=match, entry=play(points=(100, 12, 8)))
    russian = _browser(owner, "ru").get(f"/matches/{match.pk}/")
    assert _rows_rendered(russian) == 3
    with translation.override("ru"):
        edit = translation.gettext("Edit deal %(n)s") % {"n": 1}
    assert edit != "Edit deal 1"
    assert f'title="{edit}"' in russian.content.decode()
    assert 'title="Edit deal 1"' in english
