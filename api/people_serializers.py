"""Input and output shapes of the account, membership, invitation and merge endpoints (issue 25)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from companion.fields import StrictIntegerField, TextField
from companion.limits import DB_INT_MAX, SMALL_INT_MAX
from companion.models import Membership


def _password() -> TextField:
    return TextField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


# -- input ---------------------------------------------------------------------------------------------
class SignupInput(serializers.Serializer[Any]):
    username = TextField(max_length=150, required=False, allow_blank=True, default="")
    email = serializers.EmailField(max_length=254, required=False, allow_blank=True, default="")
    password = _password()
    #: The name shown at tables (the user name's part before any "@" when left out).
    name = TextField(max_length=100, required=False, allow_blank=True, default="")


class UpgradeInput(serializers.Serializer[Any]):
    username = TextField(max_length=150, required=False, allow_blank=True, default="")
    email = serializers.EmailField(max_length=254, required=False, allow_blank=True, default="")
    password = _password()


class PasswordChangeInput(serializers.Serializer[Any]):
    old_password = _password()
    new_password = _password()


class ResetRequestInput(serializers.Serializer[Any]):
    #: The account's e-mail address (or its user name).
    email = TextField(max_length=254)


class ResetConfirmInput(serializers.Serializer[Any]):
    uid = TextField(max_length=64)
    token = TextField(max_length=128)
    new_password = _password()


class AccountDeleteInput(serializers.Serializer[Any]):
    password = TextField(max_length=128, trim_whitespace=False, required=False, allow_blank=True, default="")
    #: The name the player keeps in recorded matches ("Former player N" when left out).
    name = TextField(max_length=100, required=False, allow_blank=True, default="")


class RoleInput(serializers.Serializer[Any]):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class InviteLinkInput(serializers.Serializer[Any]):
    role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    days = StrictIntegerField(min_value=1, max_value=365, default=14)
    max_uses = StrictIntegerField(min_value=1, max_value=100000, required=False, allow_null=True, default=None)


class RosterInput(serializers.Serializer[Any]):
    #: CSV: one ``name[,email]`` per line, an optional ``name,email`` header.
    csv = TextField(max_length=100_000, trim_whitespace=False)


class MergeInput(serializers.Serializer[Any]):
    #: The name-only player merged away: its seats go to ``into``.
    player = StrictIntegerField(min_value=1, max_value=DB_INT_MAX)
    into = StrictIntegerField(min_value=1, max_value=DB_INT_MAX)


class ClaimPlayerInput(serializers.Serializer[Any]):
    player = StrictIntegerField(min_value=1, max_value=DB_INT_MAX)


class DisputeInput(serializers.Serializer[Any]):
    seat = StrictIntegerField(min_value=0, max_value=SMALL_INT_MAX)
    reason = TextField(max_length=500, required=False, allow_blank=True, default="")


class BadgeInput(serializers.Serializer[Any]):
    colour = TextField(max_length=7, required=False, allow_blank=True, default="")
    initials = TextField(max_length=3, required=False, allow_blank=True, default="")


# -- output --------------------------------------------------------------------------------------------
class AccountOutput(serializers.Serializer[Any]):
    username = TextField()
    email = TextField(allow_blank=True)
    is_guest = serializers.BooleanField()
    player = serializers.IntegerField(allow_null=True)


class SignupOutput(serializers.Serializer[Any]):
    token = TextField()
    expiry = serializers.DateTimeField(allow_null=True)
    username = TextField()
    player = serializers.DictField()


class DetailOutput(serializers.Serializer[Any]):
    detail = TextField()


class DeletedOutput(serializers.Serializer[Any]):
    #: The name the player now has in the recorded matches.
    name = TextField()


class MemberOutput(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = TextField()
    role = TextField()
    has_account = serializers.BooleanField()
    colour = TextField()
    initials = TextField()


class InviteLinkOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    role = TextField()
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    max_uses = serializers.IntegerField(allow_null=True)
    uses = serializers.IntegerField()
    revoked = serializers.BooleanField()
    player = serializers.IntegerField(allow_null=True)
    email = TextField(allow_blank=True)


class InviteLinkIssuedOutput(InviteLinkOutput):
    #: The link to share (and to show as a QR code): shown only in this answer.
    url = TextField()
    secret = TextField()


class InvitePreviewOutput(serializers.Serializer[Any]):
    league = serializers.DictField()
    role = TextField()
    expires_at = serializers.DateTimeField()
    #: The roster name accepting makes you (``null``: a link for anyone).
    player_name = TextField(allow_null=True)


class RosterOutput(serializers.Serializer[Any]):
    rows = InviteLinkIssuedOutput(many=True)


class SuggestionOutput(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = TextField()
    league = TextField(allow_null=True)
    #: What the form shows: "Bea — Friday league".
    text = TextField()
    has_account = serializers.BooleanField()
    colour = TextField()
    initials = TextField()


class MergeOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = TextField()
    status = TextField()
    #: The player whose seats moved (merged away) and the one they moved to.
    player = serializers.IntegerField()
    player_name = TextField()
    into = serializers.IntegerField()
    into_name = TextField()
    seats = serializers.ListField(child=serializers.IntegerField())
    created_at = serializers.DateTimeField()


class DisputeOutput(serializers.Serializer[Any]):
    match = serializers.IntegerField()
    seat = serializers.IntegerField()
    name = TextField()


class BadgeOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = TextField()
    colour = TextField()
    initials = TextField()
