"""A penalty's reason through the API: a text the referee's rule refuses (``bad_text``) is answered in
API.md's shape, in the client's language, and nothing is stored — a lone surrogate included, which
JSON can carry ("\\ud83d") but UTF-8 cannot."""

from __future__ import annotations

import pytest

from scorebook.models import Match
from tests.scorebook.conftest import penalty

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("body", "language", "message"), [
    pytest.param(b'{"entry": {"type": "penalty", "player": 0, "points": -10, "reason": "late \\ud83d"}}', "en",
                 "This text holds half of a character (a lone surrogate): type it again.", id="lone-surrogate"),
    pytest.param('{"entry": {"type": "penalty", "player": 0, "points": -10, "reason": "late\\u202e"}}'.encode(), "ru",
                 "В тексте скрытый знак направления письма: из-за него текст может читаться не так, как был набран.",
                 id="bidi-override-ru"),
    pytest.param(b'{"entry": {"type": "penalty", "player": 0, "points": -10, "reason": "two\\nlines"}}', "uk",
                 "У тексті керівний символ (табуляція, перехід на новий рядок, NUL…): потрібен один рядок "
                 "звичайного тексту.", id="line-break-uk"),
])
def test_a_bad_reason_is_refused_and_nothing_is_stored(api, match: Match, body: bytes, language: str,
                                                        message: str) -> None:
    answer = api.post(f"/api/matches/{match.pk}/deals/", body, content_type="application/json",
                      HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    assert [(v["code"], v["field"], v["message"]) for v in answer.json()["violations"]] == [
        ("bad_text", "reason", message)]
    answer.content.decode("utf-8")  # the answer is UTF-8 all through
    match.refresh_from_db()
    assert match.version == 0 and not match.deals.exists()


def test_an_emoji_family_is_a_fine_reason(api, match: Match) -> None:
    reason = "phone at the table 👨‍👩‍👧"
    answer = api.post(f"/api/matches/{match.pk}/deals/", {"entry": penalty(0, -10, reason)}, format="json")
    assert answer.status_code == 201
    assert match.deals.get().entry["reason"] == reason
