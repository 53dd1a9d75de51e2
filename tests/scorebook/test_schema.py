"""The OpenAPI schema at /api/schema/, and schemathesis fuzzing the API against it in process.

Gotchas (STYLE.md, section 3): 7, the in-process requests fire request_started/finished, whose
close_old_connections would close the test's connection (it is inside the test's transaction),
so those receivers are disconnected while these tests run; 8, DRF turns 0 into "0" and the like,
so negative_data_rejection (and positive_data_acceptance: a well-typed but unknown game is a
400 by design) are not checked. What is checked: no 5xx, every status code declared, every
answer a JSON body of the declared media type, and that body what the answer's schema says
(response_schema_conformance; tests/scorebook/test_schema_types.py checks that the schema types
every answer, so this is more than "some JSON object").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import schemathesis
import yaml
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import CHECKS, load_all_checks, not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from scorebook import services
from scorebook.wsgi import application
from tests.scorebook.conftest import PLAYERS, play

# /api/token/ is ours (scorebook/api/token.py): JSON only, its 400 and 429 declared, so it is fuzzed too.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# Every answer gets schemathesis' default checks but these (gotcha 8; ignored_auth: we do sign in).
NOT_CHECKED = [negative_data_rejection, positive_data_acceptance, ignored_auth]


@pytest.fixture(autouse=True)
def keep_the_test_connection() -> Iterator[None]:
    """Gotcha 7: "Cannot operate on a closed database" otherwise."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
def test_the_schema_is_served_and_valid(client) -> None:
    answer = client.get("/api/schema/")
    assert answer.status_code == 200
    document = yaml.safe_load(answer.content)
    validate_schema(document)  # against the OpenAPI 3 JSON Schema, as `spectacular --validate` does
    paths = document["paths"]
    assert {"/api/matches/", "/api/matches/{id}/", "/api/matches/{id}/scoresheet/", "/api/matches/{id}/deals/",
            "/api/matches/{id}/deals/{number}/"} <= set(paths)
    # every refusal API.md names is declared, so a client (and schemathesis) expects it
    assert {"400", "404", "409"} <= set(paths["/api/matches/{id}/deals/"]["post"]["responses"])
    assert {"400", "404", "409"} <= set(paths["/api/matches/{id}/deals/{number}/"]["put"]["responses"])
    assert {"400", "404", "409"} <= set(paths["/api/matches/{id}/deals/{number}/"]["delete"]["responses"])
    assert "400" in paths["/api/matches/"]["post"]["responses"]


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says(case, owner) -> None:
    # A match of the caller's, with one deal, so that half the generated ids and deal numbers
    # reach the real code instead of a 404 (ids are even → the match, deal numbers odd → deal 1).
    match = services.match_create(owner=owner, game="thousand", players=PLAYERS)
    services.deal_record(match=match, entry=play(0, 100, points=[45, 67, 8]))
    token = Token.objects.get_or_create(user=owner)[0].key
    parameters = case.path_parameters or {}
    for name in ("id", "number", "member"):
        if name not in parameters:
            continue
        value = parameters.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            # A path segment that is not digits ("null,null", "-150") never reaches the API:
            # Django's <int:> route refuses it with its own HTML 404. Fuzz the API, not the router.
            parameters[name] = 0
    token = parameters.get("token")
    if token is not None and not re.fullmatch(r"[-a-zA-Z0-9_]+", str(token)):
        parameters["token"] = "0"  # likewise: Django's <slug:> route refuses anything else with its HTML 404
    if parameters.get("id", 1) % 2 == 0:
        parameters["id"] = match.pk
    if parameters.get("number", 0) % 2 == 1:
        parameters["number"] = 1
    # ignored_auth: we do sign in (the token), so whatever cookie schemathesis makes up is ignored.
    answer = case.call_and_validate(headers={"Authorization": f"Token {token}"}, excluded_checks=NOT_CHECKED)
    assert answer.status_code < 500


def test_the_fuzzing_checks_each_answer_against_its_schema() -> None:
    load_all_checks()
    checked = [check for check in CHECKS.get_all() if check not in NOT_CHECKED]
    assert {not_a_server_error, status_code_conformance, content_type_conformance,
            response_schema_conformance} <= set(checked)
