"""A refusal never echoes what was sent (finding 8 of the second security pass). DRF's ChoiceField
wrote the bad choice into its message ('"\\ud800" is not a valid choice.'), and the JSON renderer,
which writes UTF-8, failed on the lone surrogate: a 500 instead of a 400. A megabyte of text would
have come back whole. Every value refused is answered 400 in API.md's shape, in UTF-8, short, in the
client's language, and nothing is stored.

JSON carries a lone surrogate as an escape ("\\ud800"), so the bodies here are sent as ASCII JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import get_resolver
from rest_framework import serializers
from rest_framework.test import APIClient

from referee import roles
from scorebook import services
from scorebook.api.common import Choice, StrictSerializer
from scorebook.models import Match, Member
from tests.scorebook.conftest import PLAYERS, play

pytestmark = pytest.mark.django_db

# Strings a client may send where a choice is expected, none of them a choice.
NASTY = [
    pytest.param("\ud800", id="lone-high-surrogate"),
    pytest.param("\udfff", id="lone-low-surrogate"),
    pytest.param("player\udc00", id="choice-then-low-surrogate"),
    pytest.param("\udc00\ud800", id="surrogates-the-wrong-way-round"),
    pytest.param("\x00", id="nul"),
    pytest.param("player\x00", id="choice-then-nul"),
    pytest.param("x" * 1_000_000, id="a-megabyte"),
    pytest.param("\ud800" * 100_000, id="a-hundred-thousand-surrogates"),
    pytest.param("игрок", id="cyrillic"),
    pytest.param("PLAYER", id="capitals"),
    pytest.param("", id="empty"),
]
# A refusal is a sentence, not a copy of the request.
SHORT = 1_000


def send(client: APIClient, method: str, url: str, body: Any, language: str = "en") -> Any:
    return getattr(client, method)(url, json.dumps(body), content_type="application/json",
                                   HTTP_ACCEPT_LANGUAGE=language)


def refused(answer: Any) -> list[tuple[str, str | None]]:
    assert answer.status_code == 400, answer.content[:300]
    assert len(answer.content) < SHORT
    answer.content.decode("utf-8")  # UTF-8 all through
    return [(v["code"], v["field"]) for v in answer.json()["violations"]]


@pytest.fixture
def table(owner) -> Match:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    return services.invite_renew(match=match, by=owner, role=roles.WATCHER)


@pytest.fixture
def boris(table, django_user_model) -> Member:
    user = django_user_model.objects.create_user(username="boris")
    services.match_join(token=table.invite_token, user=user)
    return Member.objects.get(match=table, user=user)


@pytest.mark.parametrize("text", NASTY)
def test_an_invite_for_a_role_that_is_no_role_is_refused(api, table, text: str) -> None:
    token = table.invite_token
    answer = send(api, "post", f"/api/matches/{table.pk}/invite/", {"role": text})
    assert refused(answer) == [("bad_type", "role")]
    table.refresh_from_db()
    assert (table.invite_token, table.invite_role) == (token, roles.WATCHER)


@pytest.mark.parametrize("text", NASTY)
def test_a_member_given_a_role_that_is_no_role_is_refused(api, table, boris, text: str) -> None:
    answer = send(api, "patch", f"/api/matches/{table.pk}/members/{boris.pk}/", {"role": text})
    assert refused(answer) == [("bad_type", "role")]
    boris.refresh_from_db()
    assert boris.role == roles.WATCHER


@pytest.mark.parametrize(("language", "message"), [
    ("en", "Not one of the choices: scorer, player, watcher, referee."),
    ("ru", "Нет среди допустимых значений: scorer, player, watcher, referee."),
    ("uk", "Немає серед допустимих значень: scorer, player, watcher, referee."),
])
def test_the_refusal_names_the_choices_in_the_clients_language(api, table, language: str, message: str) -> None:
    answer = send(api, "post", f"/api/matches/{table.pk}/invite/", {"role": "\ud800"}, language)
    assert [v["message"] for v in answer.json()["violations"]] == [message]


@pytest.mark.parametrize("text", NASTY[:8])
def test_a_key_that_is_no_field_is_refused_without_echoing_it(api, table, text: str) -> None:
    answer = send(api, "post", f"/api/matches/{table.pk}/invite/", {"role": "player", text: 1})
    [(code, field)] = refused(answer)
    assert code == "unknown_field" and field is not None
    table.refresh_from_db()
    assert table.invite_role == roles.WATCHER


# Every other place a client's text may come back in a refusal: a game's entry and options, which
# the referee reads (an unknown type or option is named in its message), and a check API's choice.
ELSEWHERE = [
    pytest.param("post", "/api/matches/", lambda text: {"game": "thousand", "players": PLAYERS, "options": {text: 1}},
                 id="an-option-name"),
    pytest.param("post", "/api/matches/", lambda text: {"game": text, "players": PLAYERS}, id="a-game"),
    pytest.param("post", "/api/matches/", lambda text: {"game": "thousand", "players": PLAYERS, "preset": text},
                 id="a-preset"),
    pytest.param("post", "/api/matches/{pk}/deals/", lambda text: {"entry": {"type": text}}, id="an-entry-type"),
    pytest.param("post", "/api/matches/{pk}/deals/", lambda text: {"entry": play() | {text: 1}}, id="an-entry-key"),
    pytest.param("post", "/api/matches/{pk}/deals/", lambda text: {"entry": play(marriages=[[text], [], []])},
                 id="a-suit"),
]


@pytest.mark.parametrize(("method", "url", "body"), ELSEWHERE)
@pytest.mark.parametrize("text", NASTY[:8])
def test_nothing_a_client_sent_breaks_a_refusal(api, table, method: str, url: str, body: Any, text: str) -> None:
    answer = send(api, method, url.format(pk=table.pk), body(text))
    assert refused(answer)
    assert Match.objects.count() == 1 and not table.deals.exists()


def test_a_choice_is_still_taken(api, table, boris) -> None:
    assert send(api, "post", f"/api/matches/{table.pk}/invite/", {"role": "player"}).json()["role"] == "player"
    answer = send(api, "patch", f"/api/matches/{table.pk}/members/{boris.pk}/", {"role": "referee"})
    assert answer.status_code == 200 and answer.json()["role"] == "referee"


def fields_of(serializer: serializers.Serializer) -> Iterator[tuple[str, serializers.Field]]:
    for name, field in serializer.fields.items():
        yield name, field
        for inner in (getattr(field, "child", None), getattr(field, "child_relation", None)):
            if isinstance(inner, serializers.Serializer):
                yield from fields_of(inner)
            elif inner is not None:
                yield f"{name}[]", inner
        if isinstance(field, serializers.Serializer):
            yield from fields_of(field)


def subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)


def test_no_input_field_quotes_what_was_sent() -> None:
    get_resolver().url_patterns  # every API module, the games' check APIs included, is imported
    inputs = list(subclasses(StrictSerializer))
    assert len(inputs) > 10
    quoting = [f"{serializer.__name__}.{name}" for serializer in inputs for name, field in fields_of(serializer())
               if isinstance(field, (serializers.ChoiceField, serializers.RelatedField, serializers.ManyRelatedField))
               and not isinstance(field, Choice)]
    assert quoting == []
