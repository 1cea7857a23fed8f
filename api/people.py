"""Accounts, league roles and invitations, name suggestions, merges, disputes, badges and a person's
own data (issue 25; issue 24 item 6). Thin, like ``api.views``: a serializer validates, one service acts."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login, logout
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import people_serializers as ps
from api import serializers as s
from api.schema import errors
from api.views import _open_session, _token_json, _user
from companion import accounts, people, selectors
from companion.authentication import ExpiredGuestTokenAuthentication
from companion.models import InviteLink, Membership, Player, PlayerMerge
from companion.sessions import session_record
from companion.throttles import THROTTLES


def _valid(serializer: type[Any], request: Request) -> dict[str, Any]:
    data = serializer(data=request.data)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


# -- accounts -----------------------------------------------------------------------------------------------
class SignupView(APIView):
    """A new account: a user name or an e-mail (or both) and a password Django's validators accept."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = THROTTLES
    throttle_scope = "signup"

    @extend_schema(request=ps.SignupInput, responses={201: ps.SignupOutput, **errors(400, 409, 413, 429)})
    def post(self, request: Request) -> Response:
        user, player, token = accounts.account_signup(**_valid(ps.SignupInput, request))
        _open_session(request, user, token)
        body = {**_token_json(user, token), "player": s.PlayerOutput(player).data}
        return Response(body, status=status.HTTP_201_CREATED)


class UpgradeView(APIView):
    """A guest becomes an account (the same user and player), even with an expired guest token."""

    authentication_classes = [ExpiredGuestTokenAuthentication]
    throttle_classes = THROTTLES
    throttle_scope = "signup"

    @extend_schema(request=ps.UpgradeInput, responses={200: s.TokenOutput, **errors(400, 401, 409, 413, 429)})
    def post(self, request: Request) -> Response:
        user, token = accounts.guest_upgrade(user=_user(request), **_valid(ps.UpgradeInput, request))
        _open_session(request, user, token)
        return Response(_token_json(user, token))


class AccountView(APIView):
    """``GET``: who you are (``is_guest``: the phone offers to keep your matches with an account).
    ``DELETE``: delete your account; your player stays in recorded matches under another name."""

    @extend_schema(responses={200: ps.AccountOutput, **errors(401)})
    def get(self, request: Request) -> Response:
        user = _user(request)
        player = selectors.player_for_user(user)
        body = {
            "username": user.username,
            "email": user.email,
            "is_guest": accounts.is_guest(user),
            "player": player.pk if player else None,
        }
        return Response(body)

    @extend_schema(request=ps.AccountDeleteInput, responses={200: ps.DeletedOutput, **errors(400, 401, 403, 413)})
    def delete(self, request: Request) -> Response:
        values = _valid(ps.AccountDeleteInput, request)
        name = accounts.account_delete(user=_user(request), password=values["password"], anonymous_name=values["name"])
        logout(request._request)
        return Response({"name": name})


class PasswordChangeView(APIView):
    throttle_classes = THROTTLES
    throttle_scope = "signin"

    @extend_schema(request=ps.PasswordChangeInput, responses={204: None, **errors(400, 401, 413, 429)})
    def post(self, request: Request) -> Response:
        values = _valid(ps.PasswordChangeInput, request)
        accounts.password_change(user=_user(request), keep_token=request.auth, **values)
        # the session's hash changed with the password: a new one, bound to the token in use
        login(request._request, _user(request), backend="django.contrib.auth.backends.ModelBackend")
        session_record(request._request, _user(request), str(getattr(request.auth, "token_key", "") or ""))
        return Response(status=status.HTTP_204_NO_CONTENT)


RESET_SENT = "If an account has this address, a reset link is on its way."


class PasswordResetView(APIView):
    """Always the same 202, whether or not an account has the address (nothing to enumerate)."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = THROTTLES
    throttle_scope = "reset"

    @extend_schema(request=ps.ResetRequestInput, responses={202: ps.DetailOutput, **errors(400, 413, 429)})
    def post(self, request: Request) -> Response:
        values = _valid(ps.ResetRequestInput, request)
        accounts.password_reset_request(email=values["email"], link_base=request.build_absolute_uri("/account/reset/"))
        return Response({"detail": RESET_SENT}, status=status.HTTP_202_ACCEPTED)


class PasswordResetConfirmView(APIView):
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = THROTTLES
    throttle_scope = "reset"

    @extend_schema(request=ps.ResetConfirmInput, responses={204: None, **errors(400, 413, 429)})
    def post(self, request: Request) -> Response:
        accounts.password_reset_confirm(**_valid(ps.ResetConfirmInput, request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class MyDataView(APIView):
    """A zip: every match you sat in as a ``companion-record/1`` file, ``matches.csv``, ``account.json``."""

    @extend_schema(responses={(200, "application/zip"): OpenApiTypes.BINARY, **errors(401)})
    def get(self, request: Request) -> HttpResponse:
        export = accounts.my_data(user=_user(request))
        response = HttpResponse(export.content, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
        return response


class BadgeView(APIView):
    """Your colour and initials on the sheet, the board and the league (empty: derived)."""

    @extend_schema(request=ps.BadgeInput, responses={200: ps.BadgeOutput, **errors(400, 401, 413)})
    def post(self, request: Request) -> Response:
        player = people.badge_set(user=_user(request), **_valid(ps.BadgeInput, request))
        return Response({"id": player.pk, "name": player.name, **people.player_badge(player)})


# -- league members, roles and invite links --------------------------------------------------------------
def _member_json(membership: Membership) -> dict[str, Any]:
    player = membership.player
    return {
        "player": player.pk,
        "name": player.name,
        "role": membership.role,
        "has_account": player.user_id is not None,
        **people.player_badge(player),
    }


class MemberView(APIView):
    """An admin changes a member's role (``PATCH``) or removes them (``DELETE``; a member may leave)."""

    @extend_schema(request=ps.RoleInput, responses={200: ps.MemberOutput, **errors(400, 401, 403, 404, 409, 413)})
    def patch(self, request: Request, league_id: int, player_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        role = _valid(ps.RoleInput, request)["role"]
        membership = people.member_role_set(league=league, player_id=player_id, role=role, user=_user(request))
        return Response(_member_json(membership))

    @extend_schema(request=None, responses={204: None, **errors(401, 403, 404, 409)})
    def delete(self, request: Request, league_id: int, player_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        people.member_remove(league=league, player_id=player_id, user=_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class RosterView(APIView):
    """``GET``: every member with their role and badge. ``POST`` (admins): a CSV roster import."""

    @extend_schema(responses={200: ps.MemberOutput(many=True), **errors(401, 404)})
    def get(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        # a player merged into another is not listed (its membership stays for an unmerge)
        members = (
            Membership.objects.filter(league=league, player__merged_into=None)
            .select_related("player")
            .order_by("player__name", "pk")
        )
        return Response([_member_json(m) for m in members])

    @extend_schema(request=ps.RosterInput, responses={201: ps.RosterOutput, **errors(400, 401, 403, 404, 413)})
    def post(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        text = _valid(ps.RosterInput, request)["csv"]
        rows = people.roster_import(league=league, user=_user(request), text=text, link_base=_invite_base(request))
        return Response({"rows": [_issued_json(request, r.invite) for r in rows]}, status=status.HTTP_201_CREATED)


def _invite_base(request: Request) -> str:
    return request.build_absolute_uri("/i/")


def _link_json(link: InviteLink) -> dict[str, Any]:
    return {
        "id": link.pk,
        "role": link.role,
        "created_at": link.created_at,
        "expires_at": link.expires_at,
        "max_uses": link.max_uses,
        "uses": link.uses,
        "revoked": link.revoked_at is not None,
        "player": link.player_id,
        "email": link.email,
    }


def _issued_json(request: Request, issued: people.IssuedLink) -> dict[str, Any]:
    url = f"{_invite_base(request)}{issued.secret}/"
    return {**_link_json(issued.link), "url": url, "secret": issued.secret}


class InviteLinkListView(APIView):
    """An admin's invite links: ``POST`` makes one (its URL is shown only in that answer)."""

    @extend_schema(responses={200: ps.InviteLinkOutput(many=True), **errors(401, 403, 404)})
    def get(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        people.admin_check(user=_user(request), league=league)
        return Response([_link_json(link) for link in InviteLink.objects.filter(league=league)[:500]])

    @extend_schema(
        request=ps.InviteLinkInput, responses={201: ps.InviteLinkIssuedOutput, **errors(400, 401, 403, 404, 413)}
    )
    def post(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        issued = people.invite_link_create(league=league, user=_user(request), **_valid(ps.InviteLinkInput, request))
        return Response(_issued_json(request, issued), status=status.HTTP_201_CREATED)


class InviteLinkDetailView(APIView):
    @extend_schema(request=None, responses={204: None, **errors(401, 403, 404)})
    def delete(self, request: Request, league_id: int, link_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        people.invite_link_revoke(league=league, link_id=link_id, user=_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class InviteView(APIView):
    """``GET``: which league a link opens (anyone with the link). ``POST``: join it."""

    throttle_classes = THROTTLES
    throttle_scope = "invites"

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method == "GET" else list(super().get_permissions())

    @extend_schema(responses={200: ps.InvitePreviewOutput, **errors(404)})
    def get(self, request: Request, secret: str) -> Response:
        link = people.invite_link_get(secret=secret)
        body = {
            "league": {"id": link.league_id, "name": link.league.name},
            "role": link.role,
            "expires_at": link.expires_at,
            "player_name": link.player.name if link.player else None,
        }
        return Response(body)

    @extend_schema(request=None, responses={201: s.MembershipOutput, **errors(401, 404, 409, 429)})
    def post(self, request: Request, secret: str) -> Response:
        membership = people.invite_link_accept(secret=secret, user=_user(request))
        return Response(s.MembershipOutput(membership).data, status=status.HTTP_201_CREATED)


# -- one player per person ----------------------------------------------------------------------------------
class SuggestView(APIView):
    """Names starting with ``q`` you may seat: your leagues' members first, then those you played with."""

    @extend_schema(
        parameters=[OpenApiParameter("q", str, required=True, description="the name typed so far")],
        responses={200: ps.SuggestionOutput(many=True), **errors(401)},
    )
    def get(self, request: Request) -> Response:
        q = str(request.query_params.get("q", ""))[:100]
        return Response(people.name_suggestions(user=_user(request), q=q))


def _merge_json(merge: PlayerMerge) -> dict[str, Any]:
    return {
        "id": merge.pk,
        "kind": merge.kind,
        "status": merge.status,
        "player": merge.source_id,
        "player_name": merge.source.name,
        "into": merge.target_id,
        "into_name": merge.target.name,
        "seats": list(merge.seats),
        "created_at": merge.created_at,
    }


class LeagueMergeView(APIView):
    """``POST``: a league admin merges two name-only players (``player``'s seats go to ``into``).
    ``GET`` (admins): the league's merges, newest first (an unmerge is ``POST merges/{id}/undo``)."""

    @extend_schema(responses={200: ps.MergeOutput(many=True), **errors(401, 403, 404)})
    def get(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        people.admin_check(user=_user(request), league=league)
        merges = PlayerMerge.objects.filter(league=league).select_related("source", "target")[:200]
        return Response([_merge_json(m) for m in merges])

    @extend_schema(request=ps.MergeInput, responses={201: ps.MergeOutput, **errors(400, 401, 403, 404, 409, 413)})
    def post(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get_for_user(user=request.user, league_id=league_id)
        values = _valid(ps.MergeInput, request)
        merge = people.players_merge(
            league=league, source_id=values["player"], target_id=values["into"], user=_user(request)
        )
        return Response(_merge_json(merge), status=status.HTTP_201_CREATED)


class MergeListView(APIView):
    """``GET``: claims waiting for you to confirm. ``POST``: claim a name-only player ("that was me")."""

    @extend_schema(responses={200: ps.MergeOutput(many=True), **errors(401)})
    def get(self, request: Request) -> Response:
        return Response([_merge_json(m) for m in people.merges_to_confirm(user=_user(request))])

    @extend_schema(request=ps.ClaimPlayerInput, responses={201: ps.MergeOutput, **errors(400, 401, 403, 404, 409)})
    def post(self, request: Request) -> Response:
        merge = people.player_claim(user=_user(request), player_id=_valid(ps.ClaimPlayerInput, request)["player"])
        return Response(_merge_json(merge), status=status.HTTP_201_CREATED)


class MergeActionView(APIView):
    """``confirm``/``refuse`` a claim (its recorder or a league admin); ``undo`` a merge (an admin)."""

    action = "confirm"

    @extend_schema(request=None, responses={200: ps.MergeOutput, **errors(401, 403, 404, 409)})
    def post(self, request: Request, merge_id: int) -> Response:
        user = _user(request)
        if self.action == "undo":
            merge = people.merge_undo(merge_id=merge_id, user=user)
        else:
            merge = people.claim_answer(merge_id=merge_id, user=user, confirm=self.action == "confirm")
        return Response(_merge_json(merge))


class DisputeView(APIView):
    """ "That was not me": leave a seat a recorder put you in (the seat goes back to a name)."""

    @extend_schema(request=ps.DisputeInput, responses={201: ps.DisputeOutput, **errors(400, 401, 404, 409, 413)})
    def post(self, request: Request, match_id: int) -> Response:
        values = _valid(ps.DisputeInput, request)
        dispute = people.seat_dispute(match_id=match_id, user=_user(request), **values)
        name = Player.objects.filter(seats__match_id=match_id, seats__seat=dispute.seat).values_list("name", flat=True)
        return Response({"match": match_id, "seat": dispute.seat, "name": name.first() or ""}, status=201)
