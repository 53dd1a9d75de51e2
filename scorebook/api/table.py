"""The people at a match's table through the API: the invite (read, renew, revoke), joining from
its token (signed in, or as a guest with a name), who is at the table, a member's role changed or
the member removed, a seat claimed, guests' places taken over by an account.
Who may do each is the services' (and the selectors') to say: no role at the match is a 404, a
role that does not allow it a 403."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee import roles
from scorebook import limits, selectors, services
from scorebook.api.authentication import is_guest, signed_in
from scorebook.api.common import NOT_FOUND, Choice, Detail, MatchScoped, StrictSerializer, read_input, refusals
from scorebook.models import Match, Member

FORBIDDEN = OpenApiResponse(Detail, description="your role at this match does not allow it (or, from a browser "
                            "session, no CSRF token)")
# What the invite's URL route reads (a slug: secrets.token_urlsafe's alphabet).
TOKEN = OpenApiParameter("token", str, OpenApiParameter.PATH, required=True, pattern=r"^[-a-zA-Z0-9_]+$",
                         description="the invite's token, from its link")
NO_INVITE = OpenApiResponse(Detail, description="no such invite (unknown, renewed or revoked)")


class InviteInput(StrictSerializer):
    role = Choice(choices=list(roles.GRANTABLE), required=False, allow_null=True)
    expires_in_hours = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=services.INVITE_LONGEST.days * 24,
        help_text="the new link stops working this many hours from now; null or absent: never")


class InviteOutput(serializers.Serializer):
    token = serializers.CharField(allow_null=True, help_text="null: no invite (revoked, or never made)")
    role = serializers.ChoiceField(choices=list(roles.GRANTABLE), help_text="the role whoever joins gets")
    url = serializers.CharField(allow_null=True, help_text="the join page the QR code opens")
    expires = serializers.DateTimeField(allow_null=True, help_text="when the link stops working (joining answers "
                                        "404 after it, as a revoked one); null: never")


class JoinInput(StrictSerializer):
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class MemberOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True, help_text="null: a guest")
    role = serializers.ChoiceField(choices=list(roles.GRANTABLE))
    seat = serializers.IntegerField(allow_null=True, help_text="the seat they claimed (null: none)")


class JoinOutput(serializers.Serializer):
    match = serializers.IntegerField()
    role = serializers.ChoiceField(choices=list(roles.ROLES))
    member = MemberOutput(allow_null=True, help_text="null: the owner, who is not a member")
    guest_key = serializers.CharField(required=False, help_text="only to a guest who just joined: the key to act "
                                      "with (Authorization: Guest <key>), given once")


class AttachInput(StrictSerializer):
    keys = serializers.ListField(child=serializers.CharField(max_length=64), max_length=50)
    merge = serializers.BooleanField(required=False, default=False,
                                     help_text="where you already sit at another seat of that table: keep your "
                                     "seat and free the guest's (refused with two_seats otherwise)")


class AttachOutput(serializers.Serializer):
    matches = serializers.ListField(child=serializers.IntegerField(),
                                    help_text="the matches of the keys given: you are at their tables now")


class MembersOutput(serializers.Serializer):
    owner = serializers.CharField()
    members = MemberOutput(many=True)


class RoleInput(StrictSerializer):
    role = Choice(choices=list(roles.GRANTABLE))


class SeatInput(StrictSerializer):
    seat = serializers.IntegerField(allow_null=True, min_value=0, max_value=9)


def member_json(member: Member) -> dict[str, Any]:
    return {"id": member.pk, "name": member.name, "username": member.user.get_username() if member.user else None,
            "role": member.role, "seat": member.seat}


def members_json(match: Match) -> dict[str, Any]:
    return {"owner": match.owner.get_username(), "members": [member_json(m) for m in selectors.members_of(match)]}


def invite_json(request: Request, match: Match) -> dict[str, Any]:
    url = request.build_absolute_uri(f"/join/{match.invite_token}/") if match.invite_token else None
    return {"token": match.invite_token, "role": match.invite_role, "url": url, "expires": match.invite_expires}


class Invite(MatchScoped):
    @extend_schema(responses=refusals({200: InviteOutput, 403: FORBIDDEN, 404: NOT_FOUND}),
                   summary="The match's invite (the owner's)", operation_id="matches_invite_read")
    def get(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        selectors.require(match, request.user, roles.MANAGE)
        return Response(InviteOutput(invite_json(request, match)).data)

    @extend_schema(request=InviteInput,
                   responses=refusals({200: InviteOutput, 403: FORBIDDEN, 404: NOT_FOUND}, body=True),
                   summary="A new invite token (the old one stops working), granting the role given, for the hours "
                           "given (none: until renewed or revoked)",
                   operation_id="matches_invite_renew")
    def post(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        data = read_input(InviteInput, request)
        hours = data["expires_in_hours"]
        services.invite_renew(match=match, by=request.user, role=data.get("role"),
                              expires_in=None if hours is None else timedelta(hours=hours))
        return Response(InviteOutput(invite_json(request, match)).data)

    @extend_schema(request=None, responses=refusals({200: InviteOutput, 403: FORBIDDEN, 404: NOT_FOUND}),
                   summary="Revoke the invite: its token answers 404 from now on; who joined stays",
                   operation_id="matches_invite_revoke")
    def delete(self, request: Request, pk: int) -> Response:
        match = services.invite_revoke(match=self.get_match(request, pk), by=request.user)
        return Response(InviteOutput(invite_json(request, match)).data)


class Join(APIView):
    # Anyone with the token: a signed-in user joins as himself; anyone else joins as a guest with
    # a name and gets the key he acts with from then on (``Authorization: Guest <key>``).
    permission_classes = [AllowAny]
    guests_welcome = True

    @extend_schema(request=JoinInput,
                   responses=refusals({201: JoinOutput, 200: JoinOutput, 404: NO_INVITE}, body=True),
                   parameters=[TOKEN],
                   summary="Join the match of an invite token with its role: signed in as yourself, or as a "
                           "guest with a name (the answer's guest_key is then your key; someone already at "
                           "the table keeps their role)", operation_id="join")
    def post(self, request: Request, token: str) -> Response:
        data = read_input(JoinInput, request)
        match = selectors.invited(token)
        person: Any = request.user if is_guest(request) or signed_in(request) else None
        if person is not None and selectors.role_of(match, person) is not None:
            member = selectors.membership_of(match, person)
            return Response(JoinOutput(join_json(match, person, member)).data, status=status.HTTP_200_OK)
        if is_guest(request):
            raise PermissionDenied(_("A guest key belongs to one table: join this one without it, or sign in."))
        # Counted per address when someone is about to join (the page's joins too).
        rate = limits.Joins()
        if not rate.allow_request(request, self):
            self.throttled(request, rate.wait())
        member = services.match_join(token=token, user=person, name=data["name"])
        body = join_json(match, person or member, member)
        if person is None and member is not None:
            body["guest_key"] = member.guest_key
        return Response(JoinOutput(body).data, status=status.HTTP_201_CREATED)


def join_json(match: Match, person: Any, member: Member | None) -> dict[str, Any]:
    return {"match": match.pk, "role": selectors.role_of(match, person),
            "member": member_json(member) if member is not None else None}


class GuestsAttach(APIView):
    @extend_schema(request=AttachInput, responses=refusals({200: AttachOutput}, body=True),
                   summary="The guests whose keys are given become you: your places at those tables and what you "
                           "wrote there kept under your account (where you already sit or own the match, the "
                           "guest's place goes; where you sit at another seat, only with merge)",
                   operation_id="guests_attach")
    def post(self, request: Request) -> Response:
        data = read_input(AttachInput, request)
        matches = services.guests_attach(user=request.user, keys=data["keys"], merge=data["merge"])
        return Response(AttachOutput({"matches": matches}).data)


class Members(MatchScoped):
    @extend_schema(responses=refusals({200: MembersOutput, 404: NOT_FOUND}),
                   summary="Who is at the table: the owner and every member with their role and seat",
                   operation_id="matches_members_list")
    def get(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        return Response(MembersOutput(members_json(match)).data)


class MemberDetail(MatchScoped):
    @extend_schema(request=RoleInput,
                   responses=refusals({200: MemberOutput, 403: FORBIDDEN, 404: NOT_FOUND}, body=True),
                   summary="Give a member another role (the owner's)", operation_id="matches_members_role")
    def patch(self, request: Request, pk: int, member: int) -> Response:
        match = self.get_match(request, pk)
        data = read_input(RoleInput, request)
        changed = services.member_role(match=match, member=member, role=data["role"], by=request.user)
        return Response(MemberOutput(member_json(changed)).data)

    @extend_schema(request=None, responses=refusals({200: MembersOutput, 403: FORBIDDEN, 404: NOT_FOUND}),
                   summary="Remove a member: the match is out of their sight from now on; answers who is left",
                   operation_id="matches_members_remove")
    def delete(self, request: Request, pk: int, member: int) -> Response:
        match = self.get_match(request, pk)
        services.member_remove(match=match, member=member, by=request.user)
        return Response(MembersOutput(members_json(match)).data)


class Seat(MatchScoped):
    @extend_schema(request=SeatInput,
                   responses=refusals({200: MemberOutput, 403: FORBIDDEN, 404: NOT_FOUND}, body=True),
                   summary="Claim a seat at the table (null: leave it)", operation_id="matches_seat_claim")
    def post(self, request: Request, pk: int) -> Response:
        match = self.get_match(request, pk)
        data = read_input(SeatInput, request)
        member = services.seat_claim(match=match, by=request.user, seat=data["seat"])
        return Response(MemberOutput(member_json(member)).data)
