"""What a request may cost: JSON nested deeper than any entry needs, a body over the upload limit
and an entry with thousands of problems are all refused in API.md's shape, with an answer of a
few kilobytes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from scorebook import services
from scorebook.limits import MAX_DEPTH
from scorebook.models import Match
from scorebook.phone.wording import MAX_VIOLATIONS
from scorebook.services import files as exports
from tests.scorebook.conftest import play

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000  # 1,000 levels: the parser's own recursion limit
JUST_TOO_DEEP = "[" * MAX_DEPTH + "]" * MAX_DEPTH  # inside {"entry": …}: one level more than allowed


def codes(answer: Any) -> list[str]:
    return [v["code"] for v in answer.json()["violations"]]


def send(client: Any, url: str, text: str, method: str = "post") -> Any:
    return getattr(client, method)(url, text, content_type="application/json")


@pytest.mark.parametrize("nested", [pytest.param(DEEP, id="1000-levels"), pytest.param(JUST_TOO_DEEP, id="one-too-many")])
@pytest.mark.parametrize("method, url", [
    ("post", "/api/matches/"),
    ("post", "/api/matches/{pk}/deals/"),
    ("put", "/api/matches/{pk}/deals/1/"),
    ("delete", "/api/matches/{pk}/deals/1/"),
    ("post", "/api/matches/import/"),
    ("post", "/api/referee/thousand/bid/"),
])
def test_json_nested_too_deep_is_400_too_deep(api: APIClient, match: Match, nested: str, method: str, url: str) -> None:
    services.deal_record(match=match, entry=play())
    answer = send(api, url.format(pk=match.pk), '{"entry": %s}' % nested, method)
    assert answer.status_code == 400
    assert codes(answer) == ["too_deep"]
    assert match.deals.count() == 1 and Match.objects.count() == 1


def test_json_nested_too_deep_is_400_on_the_token_endpoint(client: Client) -> None:
    answer = send(client, "/api/token/", '{"username": %s}' % DEEP)
    assert answer.status_code == 400
    assert codes(answer) == ["too_deep"]


def test_json_as_deep_as_allowed_reaches_the_view(api: APIClient, match: Match) -> None:
    # {"entry": [[…]]}: the object is one level, the lists MAX_DEPTH − 1 more: exactly the limit.
    inner = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    answer = send(api, f"/api/matches/{match.pk}/deals/", '{"entry": %s}' % inner)
    assert answer.status_code == 400
    assert codes(answer) == ["bad_type"]  # the serializer's: an entry is an object


@pytest.mark.parametrize("nested", [DEEP, JUST_TOO_DEEP])
def test_an_import_file_nested_too_deep_is_refused_on_the_page(signed_in: Client, nested: str) -> None:
    upload = SimpleUploadedFile("match.json", ('{"deals": %s}' % nested).encode())
    answer = signed_in.post("/matches/import/", {"file": upload})
    assert answer.status_code == 400
    assert "nested too deeply" in answer.content.decode()
    assert not Match.objects.exists()


def test_a_body_over_the_upload_limit_is_413_in_the_api_shape(api: APIClient, match: Match, settings) -> None:
    body = json.dumps({"entry": {"type": "penalty", "player": 0, "points": 1, "reason": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE}})
    answer = send(api, f"/api/matches/{match.pk}/deals/", body)
    assert answer.status_code == 413
    assert answer["Content-Type"] == "application/json"
    assert codes(answer) == ["too_large"]
    assert not match.deals.exists()


def test_an_entry_with_thousands_of_problems_answers_a_capped_list(api: APIClient, owner) -> None:
    # Thirteens, 3 players dealt 13 cards each: 60,000 copies of one card in a trick, every copy
    # after the first a problem of its own, and the trick's size another.
    match = services.match_create(owner=owner, game="thirteens", players=["Аня", "Борис", "Вика"])
    tricks = [[["KH"] * 60_000], [], []]
    answer = api.post(f"/api/matches/{match.pk}/deals/", {"entry": {"type": "play", "trump": "H", "tricks": tricks}},
                      format="json")
    assert answer.status_code == 400
    found = answer.json()["violations"]
    assert len(found) == MAX_VIOLATIONS + 1
    assert found[-1]["code"] == "too_many_violations"
    assert found[-1]["message"].startswith("More problems not shown: ")
    assert len(answer.content) < 20_000
    assert not match.deals.exists()


def test_the_pages_show_a_capped_list_too(signed_in: Client, match: Match, monkeypatch) -> None:
    import scorebook.web.deals as deals_page
    many = [services.error("bad_type", "Problem %(n)s.", None, n=n) for n in range(500)]

    def refuse(**kwargs: Any) -> Any:
        raise services.Rejected(many)

    monkeypatch.setattr(deals_page.services, "deal_record", refuse)
    answer = signed_in.post(f"/matches/{match.pk}/deals/", {"action": "play", "declarer": "0", "bid": "100"})
    page = answer.content.decode()
    assert "Problem 49." in page and "Problem 50." not in page
    assert "More problems not shown: 450." in page


def test_a_thousand_write_match_file_fits_under_the_upload_limit(owner, settings) -> None:
    # Thirteens has the largest entries: 13 tricks of 3 cards, here taken 5, 4 and 4. Every deal
    # is recorded once, with its history: the 1,000 writes a file may hold (exports.MAX_WRITES),
    # written as the export page writes them (indented).
    match = services.match_create(owner=owner, game="thirteens", players=["Аня", "Борис", "Вика"])
    trick = ["10H", "QD", "KS"]
    entry = {"type": "play", "trump": "H", "tricks": [[trick] * 5, [trick] * 4, [trick] * 4]}
    document = exports.match_document(match) | {"deals": [
        {"number": number, "entry": entry, "voided": False,
         "history": [{"kind": "recorded", "entry": entry, "author": "a-player-with-a-long-name",
                      "at": "2026-11-24T11:09:00.000000+00:00", "version": number}]}
        for number in range(1, exports.MAX_WRITES + 1)]}
    assert len(json.dumps(document, ensure_ascii=False, indent=1).encode()) < settings.DATA_UPLOAD_MAX_MEMORY_SIZE
