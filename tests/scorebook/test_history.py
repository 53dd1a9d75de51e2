"""History: "My matches" with filters, search and pages; a match's full history (amended and
voided deals, who changed what, when, the earlier text); the printable sheet. Only the owner
sees any of it. Query counts are pinned: the same for 3 as for 30 matches or deals.

Pages are read in English (the default language); no test depends on ru/uk text.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.utils import timezone

from referee.games import thousand
from scorebook import services
from scorebook.models import Deal, Match, Member, Player
from tests.scorebook.conftest import PLAYERS, SESSION_QUERIES, play

pytestmark = pytest.mark.django_db


def listed(answer) -> list[int]:
    """The match ids the home page lists, in order."""
    page = answer.content.decode()
    return [int(pk) for pk in re.findall(r'class="panel match-item">\s*<a href="/matches/(\d+)/"', page)]


def on(match: Match, day: str) -> Match:
    """Date a match (test setup only: created_at is set by the database)."""
    when = timezone.make_aware(datetime.datetime.fromisoformat(day + "T20:00"))
    Match.objects.filter(pk=match.pk).update(created_at=when)
    return match


@pytest.fixture
def evenings(owner, stranger) -> dict[str, Match]:
    """Four matches of the owner's and one of a stranger's."""
    return {
        "friday": on(services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница"),
                     "2025-03-07"),
        "terz": on(services.match_create(owner=owner, game="terz", players=["Аня", "Глеб"]), "2025-03-08"),
        "khrap": on(services.match_create(owner=owner, game="khrap", players=["Дина", "Борис", "Глеб"]), "2025-03-15"),
        "done": on(services.match_create(owner=owner, game="thousand", players=["Дина", "Ева", "Глеб"],
                                         name="Summer cup"), "2025-04-01"),
        "theirs": services.match_create(owner=stranger, game="thousand", players=PLAYERS, name="Пятница"),
    }


# ---------------------------------------------------------------- my matches


def test_my_matches_lists_only_mine(signed_in: Client, evenings: dict[str, Match]) -> None:
    answer = signed_in.get("/")
    assert answer.status_code == 200
    assert sorted(listed(answer)) == sorted(m.pk for k, m in evenings.items() if k != "theirs")


@pytest.mark.parametrize(("query", "expected"), [
    pytest.param({"game": "thousand"}, {"friday", "done"}, id="game"),
    pytest.param({"game": "terz"}, {"terz"}, id="another-game"),
    pytest.param({"date_from": "2025-03-08"}, {"terz", "khrap", "done"}, id="from"),
    pytest.param({"date_to": "2025-03-08"}, {"friday", "terz"}, id="to-includes-the-day"),
    pytest.param({"date_from": "2025-03-08", "date_to": "2025-03-15"}, {"terz", "khrap"}, id="from-to"),
    pytest.param({"finished": "yes"}, {"done"}, id="finished"),
    pytest.param({"finished": "no"}, {"friday", "terz", "khrap"}, id="in-play"),
    pytest.param({"q": "пятн"}, {"friday"}, id="match-name-any-case-cyrillic"),
    pytest.param({"q": "SUMMER"}, {"done"}, id="match-name-any-case"),
    pytest.param({"q": "глеб"}, {"terz", "khrap", "done"}, id="player-name-any-case"),
    pytest.param({"q": "дина", "game": "khrap"}, {"khrap"}, id="search-and-game"),
    pytest.param({"q": "nobody"}, set(), id="search-finds-nothing"),
    pytest.param({"date_from": "not a date", "game": "terz"}, {"terz"}, id="a-bad-date-is-ignored"),
    pytest.param({"game": "poker"}, {"friday", "terz", "khrap", "done"}, id="an-unknown-game-is-ignored"),
])
def test_the_filters(signed_in: Client, evenings: dict[str, Match], query: dict[str, str], expected: set[str]) -> None:
    Match.objects.filter(pk=evenings["done"].pk).update(finished=True)
    answer = signed_in.get("/", query)
    assert answer.status_code == 200
    assert set(listed(answer)) == {evenings[k].pk for k in expected}


def test_the_player_filter_is_a_recurring_player(signed_in: Client, evenings: dict[str, Match], owner) -> None:
    gleb = Player.objects.get(owner=owner, name="Глеб")
    answer = signed_in.get("/", {"player": gleb.pk})
    assert set(listed(answer)) == {evenings["terz"].pk, evenings["khrap"].pk, evenings["done"].pk}
    assert f'<option value="{gleb.pk}" selected>Глеб</option>' in answer.content.decode()
    # Another owner's player (the stranger's Аня) is not a choice: the filter is ignored.
    theirs = Player.objects.get(owner=evenings["theirs"].owner, name="Аня")
    assert len(listed(signed_in.get("/", {"player": theirs.pk}))) == 4


def test_twenty_matches_a_page_and_the_filters_stay_on_the_next_page(signed_in: Client, owner) -> None:
    for number in range(45):
        services.match_create(owner=owner, game="thousand", players=PLAYERS, name=f"evening {number}")
    services.match_create(owner=owner, game="terz", players=["Аня", "Борис"], name="evening terz")
    first = signed_in.get("/", {"game": "thousand", "q": "evening"})
    assert len(listed(first)) == 20
    page = first.content.decode()
    assert "45 matches" in page
    assert 'href="?game=thousand&amp;q=evening&amp;page=2"' in page
    third = signed_in.get("/", {"game": "thousand", "q": "evening", "page": 3})
    assert len(listed(third)) == 5
    assert "Page 3 of 3" in third.content.decode()
    assert len(listed(signed_in.get("/", {"page": "999"}))) == 6  # past the end: the last page


def test_the_empty_states(signed_in: Client, owner) -> None:
    nothing_yet = signed_in.get("/").content.decode()
    assert "No matches yet." in nothing_yet and 'href="/matches/new/"' in nothing_yet
    services.match_create(owner=owner, game="thousand", players=PLAYERS)
    no_fit = signed_in.get("/", {"game": "terz"}).content.decode()
    assert "No match fits these filters." in no_fit
    assert "No matches yet." not in no_fit


@pytest.mark.parametrize("matches", [3, 30])
def test_the_filtered_home_page_costs_the_same_queries_for_any_number_of_matches(
        signed_in: Client, owner, matches: int, django_assert_num_queries) -> None:
    for number in range(matches):
        services.match_create(owner=owner, game="thousand", players=PLAYERS, name=f"Пятница {number}")
    player = Player.objects.get(owner=owner, name="Борис")
    query = {"game": "thousand", "player": player.pk, "date_from": "2000-01-01", "date_to": "2100-01-01",
             "finished": "no", "q": "пятница"}
    # session (none from the cache), user, the players (choices), the search's names, the count, the page
    with django_assert_num_queries(SESSION_QUERIES + 5):
        answer = signed_in.get("/", query)
    assert len(listed(answer)) == min(matches, 20)


# ---------------------------------------------------------------- a match's history


@pytest.fixture
def amended(owner, django_user_model) -> Match:
    """Deal 1 recorded; deal 2 recorded by anya and amended by boris (the table's scorer); deal 3
    recorded, then voided."""
    boris = django_user_model.objects.create_user(username="boris")
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    Member.objects.create(match=match, user=boris, name="boris", role="scorer")
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]), author=owner)
    services.deal_record(match=match, entry=play(1, 100, points=[45, 67, 8]), author=owner)
    services.deal_replace(match=match, number=2, entry=play(1, 100, points=[42, 70, 8]), author=boris)
    services.deal_record(match=match, entry=play(2, 100, points=[45, 67, 8]), author=owner)
    services.deal_void(match=match, number=3, author=boris)
    return match


def test_the_history_shows_every_deal_with_its_writes(signed_in: Client, amended: Match) -> None:
    answer = signed_in.get(f"/matches/{amended.pk}/history/")
    assert answer.status_code == 200
    page = answer.content.decode()
    # Every deal, in number order, voided ones included.
    assert [int(n) for n in re.findall(r'id="deal-(\d+)"', page)] == [1, 2, 3]
    deal_2 = page[page.index('id="deal-2"'):page.index('id="deal-3"')]
    deal_3 = page[page.index('id="deal-3"'):]
    # who changed what, when: the amendment by boris, points from the earlier text to the new one
    assert "boris" in deal_2 and "anya" in deal_2
    # the change in words, player by player (the unchanged Вика is not listed)
    assert "<li>Аня&#x27;s points: 45 → 42</li>" in deal_2
    assert "<li>Борис&#x27;s points: 67 → 70</li>" in deal_2
    assert "Вика&#x27;s points" not in deal_2
    assert "<time datetime=" in deal_2
    # the explanation of the version in force, in words (the sheet's own lines)
    why = deal_2[deal_2.index('class="history-why"'):deal_2.index("</ul>")]
    assert why.count("<li>") == 3 and "Борис" in why and "70" in why
    assert re.search(r'"who">Борис</span> <strong>−100</strong>', deal_2)
    # the raw texts, the earlier one included, folded away in a <details>
    raw = deal_2[deal_2.index('<details class="raw-entries">'):]
    assert "&quot;points&quot;: [45, 67, 8]" in raw and "&quot;points&quot;: [42, 70, 8]" in raw
    assert "Voided" in deal_3 and "boris" in deal_3
    assert "counts for nothing" in deal_3


def test_a_deal_saved_back_after_a_void_says_so(signed_in: Client, amended: Match) -> None:
    services.deal_replace(match=amended, number=3, entry=play(2, 100, points=[45, 67, 8]))
    page = signed_in.get(f"/matches/{amended.pk}/history/").content.decode()
    assert "Counted again, as it was." in page[page.index('id="deal-3"'):]


def test_the_history_of_a_match_without_deals_says_what_will_show(signed_in: Client, match: Match) -> None:
    page = signed_in.get(f"/matches/{match.pk}/history/").content.decode()
    assert "No deals yet." in page


def cycle(number: int) -> dict:
    declarer = (number - 1) % 3
    return play(declarer, 100, points=[20 if seat == declarer else 50 for seat in range(3)])


@pytest.mark.parametrize("deals", [3, 30])
def test_the_history_page_costs_the_same_queries_for_any_number_of_deals(
        signed_in: Client, owner, deals: int, django_assert_num_queries) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    Deal.objects.bulk_create(Deal(match=match, number=n, entry=thousand.dump_entry(thousand.parse_entry(cycle(n), 3)))
                             for n in range(1, deals))
    services.deal_record(match=match, entry=cycle(deals), author=owner)
    services.deal_replace(match=match, number=1, entry=cycle(1), author=owner)
    # session (none from the cache), user, the match, its deals, the rows of its cached sheet, their
    # revisions with authors, the players with an account
    with django_assert_num_queries(SESSION_QUERIES + 6):
        answer = signed_in.get(f"/matches/{match.pk}/history/")
    assert answer.content.decode().count('class="panel history-deal') == deals


# ---------------------------------------------------------------- the printable sheet


def test_the_printable_sheet_has_every_deal_the_totals_marks_and_rules(signed_in: Client, amended: Match) -> None:
    answer = signed_in.get(f"/matches/{amended.pk}/print/")
    assert answer.status_code == 200
    page = answer.content.decode()
    table = page[page.index('<table class="print-sheet">'):page.index("</table>")]
    assert [int(n) for n in re.findall(r'<th scope="row" class="n">(\d+)</th>', table)] == [1, 2, 3]
    assert 'class="voided"' in table
    # totals after deal 2 (amended: Борис takes 70 of his 100 → −100, Аня 42 → 40, Вика 8 → 10):
    # −100 + 40 = −60, 65 − 100 = −35, 10 + 10 = 20
    foot = table[table.index("<tfoot>"):]
    assert re.findall(r'<td class="total">([^<]*)</td>', foot) == ["−60", "−35", "20"]
    assert '<span class="marks">failed</span>' in table  # marks, as short text
    rules = page[page.index('class="print-rules"'):]
    assert "Classic" in rules and "880" in rules  # the preset and the barrel threshold in force
    assert "css/history.css" in page


def test_the_print_css_hides_the_navigation_and_the_forms() -> None:
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "history.css").read_text()
    printing = css[css.index("@media print"):]
    assert ".site-header" in printing and "form" in printing and "display: none" in printing


def test_the_match_page_links_to_its_history_exports_and_printable_sheet(signed_in: Client, match: Match) -> None:
    page = signed_in.get(f"/matches/{match.pk}/").content.decode()
    for url in ("history/", "print/", "export.json", "export.csv"):
        assert f'href="/matches/{match.pk}/{url}"' in page


# ---------------------------------------------------------------- only the owner


@pytest.mark.parametrize("url", ["history/", "print/", "export.json", "export.csv"])
def test_another_users_match_is_a_404(amended: Match, stranger, url: str) -> None:
    other = Client()
    other.force_login(stranger)
    assert other.get(f"/matches/{amended.pk}/{url}").status_code == 404


@pytest.mark.parametrize("url", ["history/", "print/", "export.json", "export.csv"])
def test_signed_out_is_sent_to_sign_in(client: Client, amended: Match, url: str) -> None:
    answer = client.get(f"/matches/{amended.pk}/{url}")
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_my_matches_put_the_last_written_first(signed_in: Client, owner) -> None:
    # Friday's match was last touched on the 7th, Saturday's on the 8th: Saturday's comes first,
    # until a deal is entered at Friday's table (every write moves updated_at, not only a save()).
    old = timezone.make_aware(datetime.datetime(2025, 3, 7, 20))
    friday = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Пятница")
    saturday = services.match_create(owner=owner, game="thousand", players=PLAYERS, name="Суббота")
    Match.objects.filter(pk=friday.pk).update(updated_at=old)
    Match.objects.filter(pk=saturday.pk).update(updated_at=old + datetime.timedelta(days=1))
    assert listed(signed_in.get("/")) == [saturday.pk, friday.pk]
    services.deal_record(match=friday, entry=play())
    friday.refresh_from_db()
    assert friday.updated_at > old + datetime.timedelta(days=1)
    assert listed(signed_in.get("/")) == [friday.pk, saturday.pk]
