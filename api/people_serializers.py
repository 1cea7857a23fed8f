"""Input and output shapes of the account, membership, invitation and merge endpoints (issue 25)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from companion.limits import DB_INT_MAX, SMALL_INT_MAX
from companion.models import Membership


def _password() -> serializers.CharField:
    return serializers.CharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


# -- input ---------------------------------------------------------------------------------------------
class SignupInput(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150, required=False, allow_blank=True, default="")
    email = serializers.EmailField(max_length=254, required=False, allow_blank=True, default="")
    password = _password()
    #: The name shown at tables (the user name's part before any "@" when left out).
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class UpgradeInput(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150, required=False, allow_blank=True, default="")
    email = serializers.EmailField(max_length=254, required=False, allow_blank=True, default="")
    password = _password()


class PasswordChangeInput(serializers.Serializer[Any]):
    old_password = _password()
    new_password = _password()


class ResetRequestInput(serializers.Serializer[Any]):
    #: The account's e-mail address (or its user name).
    email = serializers.CharField(max_length=254)


class ResetConfirmInput(serializers.Serializer[Any]):
    uid = serializers.CharField(max_length=64)
    token = serializers.CharField(max_length=128)
    new_password = _password()


class AccountDeleteInput(serializers.Serializer[Any]):
    password = serializers.CharField(
        max_length=128, trim_whitespace=False, required=False, allow_blank=True, default=""
    )
    #: The name the player keeps in recorded matches ("Former player N" when left out).
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class RoleInput(serializers.Serializer[Any]):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class InviteLinkInput(serializers.Serializer[Any]):
    role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    days = serializers.IntegerField(min_value=1, max_value=365, default=14)
    max_uses = serializers.IntegerField(min_value=1, max_value=100000, required=False, allow_null=True, default=None)


class RosterInput(serializers.Serializer[Any]):
    #: CSV: one ``name[,email]`` per line, an optional ``name,email`` header.
    csv = serializers.CharField(max_length=100_000, trim_whitespace=False)


class MergeInput(serializers.Serializer[Any]):
    #: The name-only player merged away: its seats go to ``into``.
    player = serializers.IntegerField(min_value=1, max_value=DB_INT_MAX)
    into = serializers.IntegerField(min_value=1, max_value=DB_INT_MAX)


class ClaimPlayerInput(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, max_value=DB_INT_MAX)


class DisputeInput(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=0, max_value=SMALL_INT_MAX)
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class BadgeInput(serializers.Serializer[Any]):
    colour = serializers.CharField(max_length=7, required=False, allow_blank=True, default="")
    initials = serializers.CharField(max_length=3, required=False, allow_blank=True, default="")


# -- output --------------------------------------------------------------------------------------------
class AccountOutput(serializers.Serializer[Any]):
    username = serializers.CharField()
    email = serializers.CharField(allow_blank=True)
    is_guest = serializers.BooleanField()
    player = serializers.IntegerField(allow_null=True)


class SignupOutput(serializers.Serializer[Any]):
    token = serializers.CharField()
    expiry = serializers.DateTimeField(allow_null=True)
    username = serializers.CharField()
    player = serializers.DictField()


class DetailOutput(serializers.Serializer[Any]):
    detail = serializers.CharField()


class DeletedOutput(serializers.Serializer[Any]):
    #: The name the player now has in the recorded matches.
    name = serializers.CharField()


class MemberOutput(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.CharField()
    has_account = serializers.BooleanField()
    colour = serializers.CharField()
    initials = serializers.CharField()


class InviteLinkOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    role = serializers.CharField()
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    max_uses = serializers.IntegerField(allow_null=True)
    uses = serializers.IntegerField()
    revoked = serializers.BooleanField()
    player = serializers.IntegerField(allow_null=True)
    email = serializers.CharField(allow_blank=True)


class InviteLinkIssuedOutput(InviteLinkOutput):
    #: The link to share (and to show as a QR code): shown only in this answer.
    url = serializers.CharField()
    secret = serializers.CharField()


class InvitePreviewOutput(serializers.Serializer[Any]):
    league = serializers.DictField()
    role = serializers.CharField()
    expires_at = serializers.DateTimeField()
    #: The roster name accepting makes you (``null``: a link for anyone).
    player_name = serializers.CharField(allow_null=True)


class RosterOutput(serializers.Serializer[Any]):
    rows = InviteLinkIssuedOutput(many=True)


class SuggestionOutput(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    league = serializers.CharField(allow_null=True)
    #: What the form shows: "Bea — Friday league".
    text = serializers.CharField()
    has_account = serializers.BooleanField()
    colour = serializers.CharField()
    initials = serializers.CharField()


class MergeOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField()
    #: The player whose seats moved (merged away) and the one they moved to.
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    into = serializers.IntegerField()
    into_name = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField())
    created_at = serializers.DateTimeField()


class DisputeOutput(serializers.Serializer[Any]):
    match = serializers.IntegerField()
    seat = serializers.IntegerField()
    name = serializers.CharField()


class BadgeOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    colour = serializers.CharField()
    initials = serializers.CharField()
