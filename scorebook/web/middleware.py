"""Two middlewares of the site's edge (scorebook/settings.py's MIDDLEWARE).

``ContentSecurityPolicy``: django-csp's, except on an answer without a body (a poll's 204, a 304),
which loads nothing for a policy to govern.

``DomainErrors``: what the write path and the reads refuse (scorebook/errors.py) as Django's own
404 and 403, so the pages answer them in the site's frame. (The API answers them itself:
scorebook/api/errors.py.)
"""

from __future__ import annotations

from collections.abc import Callable

from csp.middleware import CSPMiddleware
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase

from scorebook.errors import NotAllowed, NotFound

# Answers that carry no body: a policy governs what a page loads, and these load nothing.
NO_BODY = (204, 304)


class ContentSecurityPolicy(CSPMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.status_code in NO_BODY:
            return response
        return super().process_response(request, response)


class DomainErrors:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> None:
        if isinstance(exception, NotFound):
            raise Http404(str(exception)) from exception
        if isinstance(exception, NotAllowed):
            raise PermissionDenied(str(exception)) from exception
