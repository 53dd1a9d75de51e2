"""A form drawn at an older version (another phone saved meanwhile): its save is refused with a
choice — what the other phone wrote, which deal this save would be, "save it anyway" or "discard" —
and nothing is stored until the choice is made.

1000, three players, classic preset, Аня (seat 0) deals first. Worked by hand (RULES.md):
deal 1, entered by Вика's phone: Вика bids 120 with the ♦ marriage (80) and takes 55 → 135 ≥ 120,
made: +120; Аня 40 and Борис 25 on defence (multiples of 5: kept). Totals 40, 25, 120.
deal 2, the stale phone's: Борис bids 100, Аня 10, Вика 5, Борис the rest, 105 → made: +100;
Аня +10, Вика +5. Totals 50, 125, 125.
"""
from __future__ import annotations

import re

import pytest

from scorebook import selectors, services
from scorebook.models import Match, Member
from scorebook.web.history import changes_since
from tests.scorebook.conftest import play

DEAL_1 = play(declarer=2, bid=120, points=[40, 25, 55], marriages=[[], [], ["D"]])
DEAL_1_WORDS = "Вика just entered deal 1: Аня +40, Борис +25, Вика +120"
# Борис's deal as the stale phone typed it: his points left empty, the rest of 120.
STALE_FORM = {"action": "play", "declarer": "1", "bid": "100", "contract": "", "points_0": "10", "points_1": "",
              "points_2": "5", "client_id": "phone-b-1"}


@pytest.fixture
def vika(match: Match) -> Member:
    """Вика's phone: a guest who joined as a scorer."""
    services.invite_renew(match=match, by=match.owner, role="scorer")
    match.refresh_from_db()
    member = services.match_join(token=match.invite_token, name="Вика")
    assert member is not None
    return member


def resend_fields(html: str) -> dict[str, list[str]]:
    """The hidden fields of the choice's "Save it anyway" form."""
    box = html.split("data-stale-choice", 1)[1].split("</form>", 1)[0]
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', box):
        fields.setdefault(name, []).append(value)
    return fields


def test_a_stale_save_is_refused_with_the_choice_and_nothing_stored(signed_in, match, vika) -> None:
    drawn_at = match.version  # phone B opened the form
    services.deal_record(match=match, entry=DEAL_1, author=vika)  # phone A saved meanwhile
    answer = signed_in.post(f"/matches/{match.pk}/deals/", STALE_FORM | {"expected_version": str(drawn_at)})
    assert answer.status_code == 200
    html = answer.content.decode()
    match.refresh_from_db()
    assert match.version == drawn_at + 1 and match.deals.count() == 1  # nothing stored
    assert "Not saved: another phone saved first." in html
    assert DEAL_1_WORDS in html
    assert "Yours would be deal 2: save it anyway, or discard it?" in html
    assert "Save it anyway" in html and "Discard mine" in html
    # "Save it anyway" sends the same save again, at the version now.
    assert resend_fields(html) == {"csrfmiddlewaretoken": resend_fields(html)["csrfmiddlewaretoken"],
                                   "expected_version": [str(drawn_at + 1)], "action": ["play"], "declarer": ["1"],
                                   "bid": ["100"], "contract": [""], "points_0": ["10"], "points_1": [""],
                                   "points_2": ["5"], "client_id": ["phone-b-1"]}
    # What was typed is still in the form below, to change before saving if need be.
    assert re.search(r'name="points_0"[^>]*value="10"', html)


def test_save_it_anyway_stores_the_deal_once(signed_in, match, vika) -> None:
    drawn_at = match.version
    services.deal_record(match=match, entry=DEAL_1, author=vika)
    refused = signed_in.post(f"/matches/{match.pk}/deals/", STALE_FORM | {"expected_version": str(drawn_at)})
    fields = resend_fields(refused.content.decode())
    fields.pop("csrfmiddlewaretoken")
    answer = signed_in.post(f"/matches/{match.pk}/deals/", fields)
    assert answer.status_code == 302
    match.refresh_from_db()
    assert match.deals.count() == 2
    assert selectors.current_sheet(match)["totals"] == [50, 125, 125]
    # Sent again (a double tap): answered from the history, never counted twice.
    signed_in.post(f"/matches/{match.pk}/deals/", fields)
    match.refresh_from_db()
    assert match.deals.count() == 2


def test_discard_draws_the_form_anew(signed_in, match, vika) -> None:
    drawn_at = match.version
    services.deal_record(match=match, entry=DEAL_1, author=vika)
    refused = signed_in.post(f"/matches/{match.pk}/deals/", STALE_FORM | {"expected_version": str(drawn_at)})
    discard = re.search(r'<a class="button button-secondary" href="([^"]+)">Discard mine</a>', refused.content.decode())
    assert discard is not None and discard.group(1) == f"/matches/{match.pk}/"
    html = signed_in.get(discard.group(1)).content.decode()
    assert "data-stale-choice" not in html
    match.refresh_from_db()
    assert match.deals.count() == 1
    assert f'name="expected_version" value="{match.version}"' in html
    # Deal 2 is Борис's deal: Вика, on his left, is on the 100 and the form names her.
    assert re.findall(r'name="declarer" value="(\d)" checked', html) == ["2"]
    assert re.search(r'name="points_0"[^>]*value=""', html)


def test_a_stale_edit_says_which_deal_it_changes(signed_in, match, vika) -> None:
    services.deal_record(match=match, entry=DEAL_1, author=vika)
    match.refresh_from_db()
    drawn_at = match.version  # phone B opens deal 1's edit page; Вика voids deal 1 meanwhile
    services.deal_void(match=match, number=1, author=vika)
    form = {"action": "play", "declarer": "2", "bid": "120", "contract": "", "points_0": "45", "points_1": "20",
            "points_2": "", "marriages_2": "D", "expected_version": str(drawn_at)}
    html = signed_in.post(f"/matches/{match.pk}/deals/1/", form).content.decode()
    assert "Вика just voided deal 1" in html
    assert "Yours changes deal 1: save it anyway, or discard it?" in html
    assert f'href="/matches/{match.pk}/deals/1/">Discard mine</a>' in html
    match.refresh_from_db()
    assert match.deals.get(number=1).voided


@pytest.mark.parametrize(("writes", "since", "expected"), [
    pytest.param(["record"], 0, [DEAL_1_WORDS], id="one-deal"),
    # Deal 1 amended: Аня 45, Борис 20 → Аня +45, Борис +20, Вика still +120.
    pytest.param(["record", "amend"], 1, ["Вика just changed deal 1: Аня +45, Борис +20, Вика +120"], id="amended"),
    pytest.param(["record", "void"], 1, ["Вика just voided deal 1"], id="voided"),
    pytest.param(["record", "void"], 0, ["Вика just entered deal 1", "Вика just voided deal 1"],
                 id="entered-then-voided: a voided deal scores nothing"),
    pytest.param(["record"], 1, [], id="nothing since"),
])
def test_what_changed_since_a_version(match, vika, writes: list[str], since: int, expected: list[str]) -> None:
    base = match.version
    for write in writes:
        if write == "record":
            services.deal_record(match=match, entry=DEAL_1, author=vika)
        elif write == "amend":
            services.deal_replace(match=match, number=1, entry=DEAL_1 | {"points": [45, 20, 55]}, author=vika)
        else:
            services.deal_void(match=match, number=1, author=vika)
        match.refresh_from_db()
    rows = selectors.sheet_waiting(match)["rows"]
    assert changes_since(match, base + since, rows) == expected




@pytest.mark.parametrize(("language", "words"), [
    pytest.param("ru", ["Не сохранено: другой телефон сохранил раньше.",
                        "Вика только что записал(а) сдачу 1: Аня +40, Борис +25, Вика +120",
                        "Ваша будет сдачей 2: всё равно сохранить или отбросить?", "Всё равно сохранить",
                        "Отбросить мою"], id="ru"),
    pytest.param("uk", ["Не збережено: інший телефон зберіг раніше.",
                        "Вика щойно записав(ла) роздачу 1: Аня +40, Борис +25, Вика +120",
                        "Ваша буде роздачею 2: все одно зберегти чи відкинути?", "Все одно зберегти",
                        "Відкинути мою"], id="uk"),
])
def test_the_choice_in_the_readers_language(signed_in, match, vika, language: str, words: list[str]) -> None:
    drawn_at = match.version
    services.deal_record(match=match, entry=DEAL_1, author=vika)
    html = signed_in.post(f"/matches/{match.pk}/deals/", STALE_FORM | {"expected_version": str(drawn_at)},
                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for text in words:
        assert text in html
