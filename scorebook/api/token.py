"""/api/token/: a user name and password traded for an API token, django-axes counting the
failures (scorebook/api/authentication.py says how long a token lives)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scorebook import accounts, limits
from scorebook.api import answers
from scorebook.api.common import StrictSerializer, refusals


class TokenInput(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class ObtainToken(APIView):
    """The caller's token for a user name and password: the one in force, or a new one when there
    is none or it expired. Failures count towards a lockout (django-axes) and the address's failed
    sign-ins (``limits.FailedSignIns``); every request towards the "token" rate."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_scope = "token"

    @extend_schema(request=TokenInput, responses=refusals({200: answers.Token}, body=True, signed_in=False),
                   summary="A token for a user name and password", operation_id="token_create")
    def post(self, request: Request) -> HttpResponseBase:
        data = TokenInput(data=request.data)
        data.is_valid(raise_exception=True)
        # django-axes counts the failure and marks the request it is given when the sign-in is locked
        # out, and so does the limit of failed sign-ins per address (before any password is hashed);
        # their middlewares look at the Django request, not at DRF's, so the answer is given here.
        user = authenticate(request, username=data.validated_data["username"],
                            password=data.validated_data["password"])
        if (refused := limits.refused_sign_in(request)) is not None:
            return refused
        if getattr(request, "axes_locked_out", False):
            return limits.locked_out(request)
        if user is None:
            raise serializers.ValidationError(
                {"non_field_errors": [serializers.ErrorDetail(_("The user name or the password is wrong."),
                                                              code="bad_credentials")]})
        token = Token.objects.filter(user=user).first()
        if token is None or accounts.token_expired(token):
            token = accounts.token_renew(user=user)
        return Response({"token": token.key, "expires": accounts.token_expires(token).isoformat()})
