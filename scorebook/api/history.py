"""A match exported as a Scorebook match file, and imported back.

The import replays the file's history as the services would (``exports.match_import``); whatever
it refuses answers 400 in API.md's shape through ``scorebook.api.errors.exception_handler``.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scorebook.api import answers
from scorebook.api.common import NOT_FOUND, MatchScoped, match_json, refusals
from scorebook.services import files as exports


class MatchExport(MatchScoped):
    @extend_schema(responses=refusals({200: answers.MatchDocument, 404: NOT_FOUND}), operation_id="matches_export",
                   summary="The match as a Scorebook match file: players, frozen options, every entry and its history")
    def get(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        return Response(exports.match_document(match))


class MatchImport(APIView):
    throttle_scope = "import"  # a file replays up to 1,000 writes: settings.SCOREBOOK_RATES["import"]

    @extend_schema(request=OpenApiTypes.OBJECT, responses=refusals({201: answers.Match}, body=True),
                   operation_id="matches_import",
                   summary="Recreate a match from a Scorebook match file, replaying its history")
    def post(self, request: Request) -> Response:
        match = exports.match_import(owner=request.user, document=request.data)
        return Response(match_json(match), status=status.HTTP_201_CREATED)

