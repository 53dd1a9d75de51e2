"""The Content-Security-Policy (django-csp; the policy is in scorebook/settings.py)."""

from __future__ import annotations

from typing import Any

from csp.constants import HEADER
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest
from django.http.response import HttpResponseBase

# Answers that carry no body: a policy governs what a page loads, and these load nothing.
NO_BODY = (204, 304)
# What django-csp leaves without a policy while DEBUG is on (Django's debug pages).
DEBUG_PAGES = (404, 500)

# The header of the policy as the settings give it (None: not built yet in this process).
_configured: list[str | None] = [None]


@receiver(setting_changed)
def _policy_changed(setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _configured[0] = None


def configured_policy() -> str:
    """``build_policy()`` of the settings' policy, built once (it cost an API answer ~50 µs)."""
    policy = _configured[0]
    if policy is None:
        policy = _configured[0] = build_policy()
    return policy


class PolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, which leaves the answers without a body alone (building the policy
    cost a poll's 204 about as much as one round trip to the cache), and gives every answer that
    has the settings' policy as it is the same header, built once per process: what django-csp
    builds anew for each, with no nonce asked for, no view's own policy (``csp_update``…,
    ``csp_exempt``), no report-only policy and no path left out. Any other goes through django-csp."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.status_code in NO_BODY:
            return response
        if not _as_configured(request, response):
            return super().process_response(request, response)
        if HEADER not in response and (policy := configured_policy()):
            response[HEADER] = policy
        # As django-csp: a nonce asked for once the header is written is an error, never a nonce
        # missing from the policy.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


def _as_configured(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Whether *response* gets the settings' policy as it is (``PolicyMiddleware``)."""
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", None) or {}
    return (getattr(request, "_csp_nonce", None) is None
            and not any(name.startswith("_csp_") for name in vars(response))
            and not getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
            and not policy.get("EXCLUDE_URL_PREFIXES")
            and not (settings.DEBUG and response.status_code in DEBUG_PAGES))
