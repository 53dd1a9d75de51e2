"""The schema types every answer: no operation answers a bare object, every refusal names the
shared error components, and real answers (worked cases, one per operation and refusal) are what
their schema says, checked with schemathesis' response_schema_conformance."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest
import requests
import schemathesis
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from schemathesis.core.transport import Response

from scorebook import services
from tests.scorebook.conftest import PLAYERS, play

DOCUMENT = json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))
COMPONENTS = DOCUMENT["components"]["schemas"]
SCHEMA = schemathesis.openapi.from_dict(DOCUMENT)
ERRORS, DETAIL, CONFLICT = ("#/components/schemas/" + name for name in ("Errors", "Detail", "Conflict"))
# Which shared component each refusal answers with: API.md's violations, or DRF's {"detail": ...}.
REFUSALS = {"400": ERRORS, "401": DETAIL, "403": DETAIL, "404": DETAIL, "409": CONFLICT, "413": ERRORS,
            "429": ERRORS}


def answers() -> list[tuple[str, str, str, dict[str, Any]]]:
    return [(path, method, status, response) for path, operations in DOCUMENT["paths"].items()
            for method, operation in operations.items() for status, response in operation["responses"].items()]


def resolved(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def untyped(schema: dict[str, Any]) -> bool:
    """An answer a client can learn nothing from: any JSON, or an object with no named fields."""
    schema = resolved(schema)
    return not schema.get("properties") and not schema.get("oneOf")


def test_every_answer_of_every_operation_is_typed() -> None:
    assert len(answers()) > 100  # the whole API, the referee's checks included
    bare = [(path, method, status) for path, method, status, response in answers()
            if untyped(response.get("content", {}).get("application/json", {}).get("schema", {}))]
    assert len(bare) == 0, bare


def test_every_refusal_answers_with_a_shared_error_component() -> None:
    refusals = [(path, method, status, response["content"]["application/json"]["schema"].get("$ref"))
                for path, method, status, response in answers() if status.startswith("4")]
    assert {status for _, _, status, _ in refusals} == set(REFUSALS)
    assert [refusal for refusal in refusals if refusal[3] != REFUSALS[refusal[2]]] == []
    # The conflict is one of two shapes, the client-id one carrying API.md's violations.
    shapes = [item["$ref"].rsplit("/", 1)[-1] for item in COMPONENTS["Conflict"]["oneOf"]]
    assert shapes == ["Stale", "ClientIdReused"]
    assert COMPONENTS["ClientIdReused"]["properties"]["violations"]["items"] == {"$ref": "#/components/schemas/Violation"}
    assert COMPONENTS["Errors"]["properties"]["violations"]["items"] == {"$ref": "#/components/schemas/Violation"}
    assert set(COMPONENTS["Violation"]["required"]) == {"code", "message", "field", "severity"}


def test_a_scoresheet_types_its_envelope_and_leaves_only_the_games_own_parts_free() -> None:
    sheet = COMPONENTS["Scoresheet"]["properties"]
    assert set(sheet) == {"game", "players", "rows", "totals", "finished", "winner", "next_dealer", "state",
                          "voided", "stopped_at", "pending", "rejected", "proposals", "settled_totals"}
    free = {name for name, field in sheet.items() if field.get("type") == "object" and "properties" not in field}
    assert free == {"state"}
    assert sheet["rows"]["items"] == {"$ref": "#/components/schemas/Row"}


def conforms(answer: Any, method: str, path: str) -> int:
    """*answer* checked against its operation's schema; its status code."""
    operation = SCHEMA.find_operation_by_path(method, path)
    assert operation is not None, (method, path)
    sent = requests.Request(method=method.upper(), url=f"http://testserver{path}").prepare()
    headers = {name: [value] for name, value in answer.headers.items()}
    operation.validate_response(Response(status_code=answer.status_code, headers=headers, content=answer.content,
                                         request=sent, elapsed=0.0, verify=False,
                                         message=http.client.responses.get(answer.status_code, "")))
    return answer.status_code


THOUSAND = {"game": "thousand", "players": PLAYERS}
MATCHES = [  # a new match of each game and a first deal, as API.md spells them
    ("thousand", PLAYERS, play(0, 100, points=[45, 67, 8], marriages=[["H"], [], []])),
    ("terz", ["Аня", "Борис"], {"type": "play", "trump": "H", "points": [108, 42], "last_trick": 0,
                                "declarations": [{"player": 0, "cards": ["7H", "8H", "9H"]}]}),
    ("tongits", PLAYERS, {"type": "result", "ending": "stock_out", "last_draw": 1, "counts": [14, 3, 22],
                          "burned": [], "winner_aces": 0, "winner_fours": 0}),
    ("khrap", ["Аня", "Борис", "Вика", "Гена"], {"type": "no_khrap"}),
    ("thirteens", PLAYERS, {"type": "play", "trump": "H", "points": [20, 10, 5]}),
]
CHECKS = [  # one worked question to each referee check, and one it refuses
    ("/api/referee/thousand/bid/", {"cards": ["AH", "KH", "QH", "10S"], "bid": 120}),
    ("/api/referee/thousand/points/", {"cards": ["AH", "10H"]}),
    ("/api/referee/thousand/marriage/", {"suit": "H", "took_trick": True, "declared": [], "cards": ["KH", "QH"]}),
    ("/api/referee/terz/compare/", {"trump": "H", "declarations": [{"player": 0, "cards": ["7H", "8H", "9H"]},
                                                                   {"player": 1, "cards": ["KH", "QH"]}]}),
    ("/api/referee/terz/classify/", {"cards": ["7S", "8S", "9S"], "trump": "H"}),
    ("/api/referee/terz/trick/", {"trump": "H", "cards": ["10S", "AS"]}),
    ("/api/referee/terz/play/", {"hand": ["7S", "8H"], "trump": "H", "led": "AS", "talon_empty": True,
                                 "card": "7S"}),
    ("/api/referee/terz/seven/", {"hand": ["7H", "8S"], "trump": "H", "talon": 6, "my_turn": True}),
    ("/api/referee/terz/points/", {"cards": ["AS", "10S"], "trump": "H", "last_trick": True}),
    ("/api/referee/tongits/meld/", {"cards": ["7H", "7S", "7D"]}),
    ("/api/referee/tongits/tongit/", {"cards": ["7H", "7S", "7D"]}),
    ("/api/referee/tongits/count/", {"cards": ["KH", "2S"]}),
    ("/api/referee/tongits/draw/", {"caller": 0, "challengers": [1], "counts": [10, 12, 30]}),
    ("/api/referee/khrap/trick/", {"led": "9H", "trump": "S", "played": ["AH", "7S"]}),
    ("/api/referee/khrap/legal/", {"card": "7S", "hand": ["7S", "8H"], "led": "9H", "trump": "S"}),
    ("/api/referee/thirteens/trick/", {"cards": ["KH", "KS", "X1"]}),
    ("/api/referee/thirteens/winner/", {"cards": ["KH", "AH", "2S"], "trump": "S"}),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "players", "entry"), MATCHES, ids=[game for game, _, _ in MATCHES])
def test_a_match_of_each_game_answers_as_its_schema_says(api, game, players, entry) -> None:
    created = api.post("/api/matches/", {"game": game, "players": players}, format="json")
    assert conforms(created, "post", "/api/matches/") == 201
    match = created.json()["id"]
    deals = f"/api/matches/{match}/deals/"
    assert conforms(api.post(deals, {"entry": entry, "client_id": "a"}, format="json"), "post", deals) == 201
    assert conforms(api.post(deals, {"entry": entry, "client_id": "a"}, format="json"), "post", deals) == 200
    for path in (f"/api/matches/{match}/", f"/api/matches/{match}/scoresheet/", deals, f"{deals}1/",
                 f"/api/matches/{match}/export/", "/api/matches/", "/api/games/"):
        assert conforms(api.get(path), "get", path) == 200
    assert conforms(api.put(f"{deals}1/", {"entry": entry, "expected_version": 1}, format="json"),
                    "put", f"{deals}1/") == 200
    assert conforms(api.delete(f"{deals}1/"), "delete", f"{deals}1/") == 200
    document = api.get(f"/api/matches/{match}/export/").json()
    assert conforms(api.post("/api/matches/import/", document, format="json"), "post", "/api/matches/import/") == 201


@pytest.mark.django_db
def test_the_refusals_answer_as_their_schema_says(api, owner, stranger) -> None:
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]), client_id="first")
    deals = f"/api/matches/{match.pk}/deals/"
    cases = [
        (api.post("/api/matches/", {**THOUSAND, "game": "chess"}, format="json"), "post", "/api/matches/", 400),
        (api.post(deals, {"entry": play(0, 103)}, format="json"), "post", deals, 400),
        (api.post(deals, {"entry": play(), "expected_version": 0}, format="json"), "post", deals, 409),
        (api.post(deals, {"entry": play(1), "client_id": "first"}, format="json"), "post", deals, 409),
        (api.put(f"{deals}7/", {"entry": play()}, format="json"), "put", f"{deals}7/", 404),
        (api.get(f"{deals}7/"), "get", f"{deals}7/", 404),
        (api.delete(f"{deals}1/", {"expected_version": 0}, format="json"), "delete", f"{deals}1/", 409),
        (api.post(deals, "{not json", content_type="application/json"), "post", deals, 400),
        (APIClient().get("/api/matches/"), "get", "/api/matches/", 401),
        (APIClient().post("/api/token/", {"username": owner.username, "password": "wrong"}, format="json"),
         "post", "/api/token/", 400),
        (api.post("/api/referee/thousand/bid/", {"cards": ["1Z"]}, format="json"), "post",
         "/api/referee/thousand/bid/", 400),
    ]
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=stranger).key}")
    cases.append((other.get(f"/api/matches/{match.pk}/scoresheet/"), "get",
                  f"/api/matches/{match.pk}/scoresheet/", 404))
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    cases.append((browser.post(deals, {"entry": play()}, content_type="application/json"), "post", deals, 403))
    assert [conforms(answer, method, path) for answer, method, path, _ in cases] == [code for *_, code in cases]


@pytest.mark.django_db
def test_a_token_answers_as_its_schema_says(owner) -> None:
    owner.set_password("a long enough secret")
    owner.save()
    answer = APIClient().post("/api/token/", {"username": owner.username, "password": "a long enough secret"},
                              format="json")
    assert conforms(answer, "post", "/api/token/") == 200


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "question"), CHECKS, ids=[path.split("/", 3)[3] for path, _ in CHECKS])
def test_each_referee_check_answers_as_its_schema_says(api, path, question) -> None:
    assert conforms(api.post(path, question, format="json"), "post", path) == 200
    assert conforms(api.post(path, {**question, "surplus": 1}, format="json"), "post", path) == 400
