"""A match exported as a Scorebook match file, and imported back.

The import replays the file's history through the services (``exports.match_import``); whatever
it refuses answers 400 in API.md's shape through ``scorebook.api.errors.exception_handler``.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scorebook import exports
from scorebook.api.common import NOT_FOUND, THROTTLED, TOO_LARGE, UNAUTHENTICATED, VIOLATIONS, MatchScoped, match_json

DOCUMENT = OpenApiResponse(OpenApiTypes.OBJECT, description='{"format": "scorebook-match", "version": 1, "game", '
                           '"name", "players", "first_dealer", "preset", "options", "deals": [{"number", "entry", '
                           '"voided", "history": [{"kind", "entry", "author", "at", "version"}]}]}')


class MatchExport(MatchScoped):
    @extend_schema(responses={200: DOCUMENT, 404: NOT_FOUND}, operation_id="matches_export",
                   summary="The match as a Scorebook match file: players, frozen options, every entry and its history")
    def get(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        return Response(exports.match_document(match))


class MatchImport(APIView):
    throttle_scope = "import"  # a file replays up to 1,000 writes: settings.SCOREBOOK_RATES["import"]

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: OpenApiTypes.OBJECT, 400: VIOLATIONS,
                                                           401: UNAUTHENTICATED, 413: TOO_LARGE, 429: THROTTLED},
                   operation_id="matches_import",
                   summary="Recreate a match from a Scorebook match file, replaying its history")
    def post(self, request: Request) -> Response:
        match = exports.match_import(owner=request.user, document=request.data)
        return Response(match_json(match), status=status.HTTP_201_CREATED)

