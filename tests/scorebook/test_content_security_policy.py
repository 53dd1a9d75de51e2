"""The Content-Security-Policy header (scorebook/web/middleware.py): every answer gets exactly what
django-csp would give it (a view's own policy, a nonce, a report-only policy or an exemption
included), but an answer without a body (204, 304), which gets none. (The browser tests check
that the pages keep to it: tests/e2e/test_content_security_policy.py.)"""

from __future__ import annotations

import pytest
from csp.constants import NONCE, SELF
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware
from django.http import HttpResponse
from django.test import RequestFactory

from scorebook.web.middleware import ContentSecurityPolicy as PolicyMiddleware

# The settings' policy's directives (django-csp writes them in an order of its own, one per process).
POLICY = sorted(["default-src 'self'", "script-src 'self'", "style-src 'self'", "style-src-attr 'unsafe-inline'",
                 "img-src 'self' data:", "font-src 'self'", "connect-src 'self'", "manifest-src 'self'",
                 "worker-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
                 "frame-ancestors 'none'"])


def directives(header: str) -> list[str]:
    return sorted(header.split("; "))


def headers(**marks: object) -> list[dict[str, str]]:
    """The headers ours and django-csp's own middleware give an answer carrying *marks* (what its
    view's decorators set), each for a request of its own."""
    out = []
    for middleware in (PolicyMiddleware, CSPMiddleware):
        request = RequestFactory().get("/")
        layer = middleware(lambda request: HttpResponse())
        layer.process_request(request)
        response = HttpResponse("{}", content_type="application/json")
        for name, value in marks.items():
            setattr(response, name, value)
        layer.process_response(request, response)
        out.append(dict(response.headers))
    return out


@pytest.mark.parametrize("marks", [
    {},
    {"_csp_update": {"style-src": ["'unsafe-inline'"]}},
    {"_csp_replace": {"img-src": None}},
    {"_csp_config": {"default-src": ["'none'"]}},
    {"_csp_exempt": True},
], ids=["as-configured", "updated", "replaced", "its-own", "exempt"])
def test_every_answer_gets_what_django_csp_gives_it(marks) -> None:
    ours, theirs = headers(**marks)
    assert ours == theirs
    if not marks:
        assert directives(ours["Content-Security-Policy"]) == POLICY


def test_the_policy_follows_the_settings(settings) -> None:
    assert directives(headers()[0]["Content-Security-Policy"]) == POLICY
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": [SELF], "script-src": [SELF, NONCE]}}
    ours, theirs = headers()
    assert ours == theirs and directives(ours["Content-Security-Policy"]) == ["default-src 'self'", "script-src 'self'"]
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"default-src": [SELF]}}
    ours, theirs = headers()
    assert ours == theirs and ours["Content-Security-Policy-Report-Only"] == "default-src 'self'"


def test_a_nonce_asked_for_is_in_the_header_and_one_asked_for_too_late_is_an_error(settings) -> None:
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": [SELF], "script-src": [SELF, NONCE]}}
    middleware = PolicyMiddleware(lambda request: HttpResponse())
    request = RequestFactory().get("/")
    middleware.process_request(request)
    nonce = str(request.csp_nonce)  # a page's template asked for it
    answer = middleware.process_response(request, HttpResponse("<html>"))
    assert directives(answer["Content-Security-Policy"]) == ["default-src 'self'", f"script-src 'self' 'nonce-{nonce}'"]
    late = RequestFactory().get("/")
    middleware.process_request(late)
    middleware.process_response(late, HttpResponse("<html>"))
    with pytest.raises(CSPNonceError):
        str(late.csp_nonce)


@pytest.mark.django_db
def test_the_api_and_its_docs_answer_with_the_policy(api, match) -> None:
    answer = api.post(f"/api/matches/{match.pk}/deals/", {"entry": {"type": "play", "declarer": 0, "bid": 100,
                                                                    "points": [45, 67, 8]}}, format="json")
    assert answer.status_code == 201 and directives(answer["Content-Security-Policy"]) == POLICY
    docs = api.get("/api/docs/")
    assert "style-src 'self' 'unsafe-inline'" in directives(docs["Content-Security-Policy"])


@pytest.mark.parametrize("status", [204, 304])
def test_an_answer_without_a_body_gets_no_policy(status: int) -> None:
    middleware = PolicyMiddleware(lambda request: HttpResponse())
    request = RequestFactory().get("/")
    middleware.process_request(request)
    answer = middleware.process_response(request, HttpResponse(status=status))
    assert "Content-Security-Policy" not in answer
