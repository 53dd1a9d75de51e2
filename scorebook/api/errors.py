"""REST_FRAMEWORK["EXCEPTION_HANDLER"]: every refused request answers in API.md's shape."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from referee.ledger import Rejected
from scorebook.api.common import match_payload_sheet, players_of
from scorebook.errors import ClientIdReused, DealNotFound, NotAllowed, NotFound, VersionConflict
from scorebook.limits import MAX_DEPTH, retry_after, too_many_message, upload_megabytes
from scorebook.phone.wording import MAX_VIOLATIONS, TOO_MANY, capped, echoed
from scorebook.sheets import violation_json

# DRF's own codes for shape errors, as the stable codes of RULES.md.
DRF_CODES = {"required": "missing_field", "null": "bad_type", "invalid": "bad_type", "not_a_list": "bad_type",
             "not_a_dict": "bad_type", "blank": "bad_type", "max_length": "out_of_range",
             "min_value": "out_of_range", "max_value": "out_of_range", "invalid_choice": "bad_type",
             "max_string_length": "out_of_range", "min_length": "out_of_range", "empty": "bad_type",
             "unknown_field": "unknown_field",
             # DRF's CharField refuses these two itself: the text rule's code (referee.reading.text_problem)
             "surrogate_characters_not_allowed": "bad_text", "null_characters_not_allowed": "bad_text"}


# DRF's messages are sentences of our choosing or its own (scorebook.api.common.Choice echoes no
# choice); cleaned all the same, so no field of tomorrow that quotes its input can break an answer.
MESSAGE_LENGTH = 500


def violation(code: str, message: str, field: str | None) -> dict[str, Any]:
    """One refusal in API.md's shape; the field's path is made of the keys the client sent."""
    return {"code": code, "message": echoed(message, MESSAGE_LENGTH), "field": None if field is None else echoed(field),
            "severity": "error"}


def violations_from_drf(detail: Any, prefix: str = "") -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == "non_field_errors":
                name = prefix
            elif isinstance(key, int):  # a list's item (ListField): "players[1]", as the referee writes it
                name = f"{prefix}[{key}]"
            else:
                name = f"{prefix}.{key}" if prefix else str(key)
            out += violations_from_drf(value, name)
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            if isinstance(value, (dict, list)):
                out += violations_from_drf(value, f"{prefix}[{index}]")
            else:
                out += violations_from_drf(value, prefix)
    else:
        # DRF gives every validation error a code; its type allows none.
        code = detail.code if isinstance(detail, exceptions.ErrorDetail) and detail.code is not None else "invalid"
        out.append(violation(DRF_CODES.get(code, code), str(detail), prefix or None))
    return out


def capped_json(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``wording.capped`` for violations already made JSON (DRF's shape errors)."""
    if len(found) <= MAX_VIOLATIONS:
        return found
    more = violation("too_many_violations", _(TOO_MANY) % {"count": len(found) - MAX_VIOLATIONS}, None)
    return [*found[:MAX_VIOLATIONS], more]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Rejected):
        names = players_of(context)
        return Response({"violations": [violation_json(v, names) for v in capped(exc.violations)]}, status=400)
    if isinstance(exc, VersionConflict):
        return Response({"version": exc.match.version, "scoresheet": match_payload_sheet(exc.match)},
                        status=409)
    if isinstance(exc, ClientIdReused):  # the write is not the one the id was first used for
        return Response({"violations": [violation("client_id_reused", _(exc.message), "client_id")],
                         "version": exc.match.version}, status=409)
    if isinstance(exc, (NotAllowed, PermissionDenied)):  # a member whose role at the match does not allow it
        return Response({"detail": _("Your role at this match does not allow this.")}, status=403)
    if isinstance(exc, DealNotFound):
        return Response({"detail": _("No such deal.")}, status=404)
    if isinstance(exc, NotFound):  # DRF's own words for a 404, as for Django's Http404
        return drf_exception_handler(exceptions.NotFound(), context)
    if isinstance(exc, exceptions.ParseError) and exc.get_codes() == "too_deep":
        return Response({"violations": [violation("too_deep", _("The JSON is nested too deeply (at most %(depth)s "
                                                                "levels).") % {"depth": MAX_DEPTH}, None)]}, status=400)
    if isinstance(exc, exceptions.ParseError):
        return Response({"violations": [violation("malformed_json", _("The request body is not valid JSON."),
                                                  None)]}, status=400)
    if isinstance(exc, RequestDataTooBig):  # over DATA_UPLOAD_MAX_MEMORY_SIZE: Django's own HTML 400 otherwise
        return Response({"violations": [violation("too_large", _("The request body is larger than %(size)s MB.")
                                                  % {"size": upload_megabytes()}, None)]}, status=413)
    if isinstance(exc, exceptions.Throttled):  # over a rate of settings.SCOREBOOK_RATES
        wait = retry_after(exc.wait)  # type: ignore[attr-defined]  # set in Throttled.__init__; the stubs leave it out
        return Response({"violations": [violation("throttled", too_many_message("throttled", wait), None)]},
                        status=429, headers={"Retry-After": str(wait)})
    if isinstance(exc, exceptions.ValidationError):
        return Response({"violations": capped_json(violations_from_drf(exc.detail))}, status=400)
    return drf_exception_handler(exc, context)
