"""The Content-Security-Policy (django-csp; the policy is in scorebook/settings.py)."""

from __future__ import annotations

from csp.middleware import CSPMiddleware
from django.http import HttpRequest
from django.http.response import HttpResponseBase

# Answers that carry no body: a policy governs what a page loads, and these load nothing.
NO_BODY = (204, 304)


class PolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, which leaves the answers without a body alone: building the policy
    cost a poll's 204 about as much as one round trip to the cache."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.status_code in NO_BODY:
            return response
        return super().process_response(request, response)
