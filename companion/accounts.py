"""Accounts with Django's own machinery (issue 25 items 1, 2 and 5): sign-up, password change and
reset, a guest becoming an account, and a person taking their data with them or leaving.

Passwords go through Django's validators (``AUTH_PASSWORD_VALIDATORS``) and hashers; reset links
carry Django's :class:`PasswordResetTokenGenerator` token, which is single-use (it hashes the
password and the last sign-in, so it stops working once used) and expires after
``PASSWORD_RESET_TIMEOUT``. Mail leaves after COMMIT through ``EMAIL_BACKEND`` (the console in the
embedded setup, SMTP from the environment in production: docs/deploy.md).
"""

from __future__ import annotations

import csv
import functools
import io
import json
import logging
import uuid
import zipfile
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from knox.models import AuthToken

from companion import outbox, selectors
from companion.db import writing
from companion.errors import Conflict, Forbidden, Invalid
from companion.models import Match, Membership, PeopleAudit, Player
from companion.services import IssuedToken, player_create, token_issue
from companion.sessions import sessions_end

log = logging.getLogger(__name__)

GUEST_PREFIX = "guest-"


def is_guest(user: User) -> bool:
    """A "Continue as a guest" user: a generated name and no usable password."""
    return user.username.startswith(GUEST_PREFIX) and not user.has_usable_password()


def _password_check(password: str, user: User) -> None:
    try:
        validate_password(password, user)
    except ValidationError as exc:
        messages = [str(m) for m in exc.messages]
        raise Invalid("weak_password", " ".join(messages), fields={"password": messages[0]}, reasons=messages) from None


def _names_check(*, username: str, email: str, user: User | None = None) -> tuple[str, str]:
    """The username (the e-mail when none is given) and the e-mail, both free for this user."""
    username, email = username.strip(), email.strip().lower()
    if not username and not email:
        raise Invalid(
            "username_or_email_required", "Give a user name or an e-mail address.", fields={"username": "required"}
        )
    username = username or email
    if username.startswith(GUEST_PREFIX):
        raise Invalid(
            "username_reserved", "User names starting with “guest-” are reserved.", fields={"username": "reserved"}
        )
    others = User.objects.exclude(pk=user.pk) if user is not None else User.objects.all()
    if others.filter(username__iexact=username).exists():
        raise Conflict("username_taken", "This user name is taken.", fields={"username": "taken"})
    if email and others.filter(Q(email__iexact=email) | Q(username__iexact=email)).exists():
        raise Conflict("email_taken", "An account with this e-mail address exists.", fields={"email": "taken"})
    return username[:150], email


@writing
def account_signup(*, username: str, email: str, password: str, name: str = "") -> tuple[User, Player, IssuedToken]:
    """A new account with a usable password, its player (named ``name`` or the user name) and a token."""
    username, email = _names_check(username=username, email=email)
    user = User(username=username, email=email)
    _password_check(password, user)
    user.set_password(password)
    user.save()
    player = player_create(name=name or username.split("@")[0], user=user)
    return user, player, token_issue(user=user)


@writing
def guest_upgrade(*, user: User, username: str, email: str, password: str) -> tuple[User, IssuedToken]:
    """A guest sets a user name (or e-mail) and a password: the same user, so the same player, matches,
    statistics and rating. The guest's tokens (an expired one included) give way to a fresh one."""
    locked = User.objects.select_for_update().get(pk=user.pk)
    if not is_guest(locked):
        raise Conflict("not_a_guest", "This is an account already: change its password instead.")
    locked.username, locked.email = _names_check(username=username, email=email, user=locked)
    _password_check(password, locked)
    locked.set_password(password)
    locked.save(update_fields=["username", "email", "password"])
    AuthToken.objects.filter(user=locked).delete()
    return locked, token_issue(user=locked)


@writing
def password_change(*, user: User, old_password: str, new_password: str, keep_token: Any = None) -> None:
    """A new password; every other token of the user stops working (the one in use stays)."""
    if not user.check_password(old_password):
        raise Invalid("wrong_password", "The current password is wrong.", fields={"old_password": "wrong"})
    _password_check(new_password, user)
    user.set_password(new_password)
    user.save(update_fields=["password"])
    others = AuthToken.objects.filter(user=user)
    if keep_token is not None:
        others = others.exclude(pk=keep_token.pk)
    others.delete()


def password_reset_request(*, email: str, link_base: str) -> None:
    """Mail a reset link to the account(s) with this e-mail (or user name). Nothing tells an unknown
    address from a known one: the caller answers the same either way, and no mail is the only sign."""
    wanted = email.strip()
    if not wanted:
        return
    users = User.objects.filter(Q(email__iexact=wanted) | Q(username__iexact=wanted), is_active=True)
    for user in users:
        if not user.has_usable_password() or not user.email:
            continue
        uid = urlsafe_base64_encode(force_bytes(user.pk))
        link = f"{link_base}#uid={uid}&token={default_token_generator.make_token(user)}"
        transaction.on_commit(functools.partial(_reset_mail, user, link), robust=True)


def _reset_mail(user: User, link: str) -> None:
    send_mail(
        "Companion: reset your password",
        f"Someone asked to reset the password of {user.username} on Companion.\n\n"
        f"Choose a new one here (the link works once, for a limited time):\n{link}\n\n"
        "If it was not you, ignore this mail: your password stays as it is.",
        None,
        [user.email],
    )


@writing
def password_reset_confirm(*, uid: str, token: str, new_password: str) -> User:
    """Set a new password with a reset link's ``uid`` and ``token``; all the user's tokens end."""
    try:
        user = User.objects.select_for_update().get(pk=int(force_str(urlsafe_base64_decode(uid))), is_active=True)
    except (ValueError, TypeError, OverflowError, User.DoesNotExist):
        user = None
    if user is None or not default_token_generator.check_token(user, token):
        raise Invalid(
            "invalid_reset_link",
            "This reset link is wrong, used or expired: ask for a new one.",
            fields={"token": "invalid or expired"},
        )
    _password_check(new_password, user)
    user.set_password(new_password)
    user.save(update_fields=["password"])
    AuthToken.objects.filter(user=user).delete()
    _sessions_end(user)
    return user


def _sessions_end(user: User) -> int:
    """End every browser session of ``user`` (the sessions the user signed in to: companion.sessions)."""
    return sessions_end(user)


# -- each person's own data ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class DataExport:
    filename: str
    content: bytes


_CSV_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text, never runs (OWASP CSV injection)."""
    text = str(value)
    return "'" + text if text.startswith(_CSV_FORMULA) else text


def my_data(*, user: User) -> DataExport:
    """Every match the user's player sat in as a ``companion-record/1`` file, and one CSV row per match."""
    player = selectors.player_for_user(user)
    buffer = io.BytesIO()
    rows = io.StringIO()
    table = csv.writer(rows)
    table.writerow(["match", "game", "created_at", "status", "league", "seat", "name", "total"])
    matches = Match.objects.filter(seats__player=player).distinct().order_by("pk") if player else Match.objects.none()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for match in matches.select_related("league").iterator():
            record = selectors.match_record_get(match=match)
            archive.writestr(f"matches/match-{match.pk}.json", json.dumps(record, ensure_ascii=False, indent=1))
            seat = match.seats.filter(player=player).values_list("seat", flat=True).first()
            totals = selectors.match_totals_get(match=match)
            total = totals[seat] if seat is not None and seat < len(totals) else ""
            league = match.league.name if match.league else ""
            table.writerow(
                [
                    _cell(v)
                    for v in (
                        match.pk,
                        match.game,
                        match.created_at.isoformat(),
                        match.status,
                        league,
                        seat,
                        record["players"][seat] if seat is not None else "",
                        total,
                    )
                ]
            )
        archive.writestr("matches.csv", rows.getvalue())
        archive.writestr("account.json", json.dumps(_account_json(user, player), ensure_ascii=False, indent=1))
    return DataExport(filename=f"companion-data-{user.pk}.zip", content=buffer.getvalue())


def _account_json(user: User, player: Player | None) -> dict[str, Any]:
    leagues = Membership.objects.filter(player=player).select_related("league") if player else []
    return {
        "username": user.username,
        "email": user.email,
        "date_joined": user.date_joined.isoformat(),
        "player": {"id": player.pk, "name": player.name} if player else None,
        "leagues": [{"id": m.league_id, "name": m.league.name, "role": m.role} for m in leagues],
    }


@writing
def account_delete(*, user: User, password: str | None, anonymous_name: str = "") -> str:
    """The account, its tokens and sessions go; its player stays in every recorded match under
    ``anonymous_name`` (or "Former player N") without an account, so totals, standings and the league
    are unchanged. An account with a password must give it. Returns the name the player now has."""
    if user.has_usable_password() and not user.check_password(password or ""):
        raise Invalid("wrong_password", "Give your password to delete your account.", fields={"password": "wrong"})
    if user.is_staff or user.is_superuser:
        raise Forbidden("staff_account", "A staff account is deleted by an administrator.")
    player = Player.objects.select_for_update().filter(user=user).first()
    name = anonymous_name.strip()[:100]
    if player is not None:
        name = name or f"Former player {player.pk}"
        player.name, player.user, player.initials = name, None, ""
        player.save(update_fields=["name", "user", "initials"])
        Membership.objects.filter(player=player, role=Membership.Role.ADMIN).update(role=Membership.Role.MEMBER)
        _seat_names_rename(player, name)
    PeopleAudit.objects.create(action="account_deleted", actor=None, detail={"player": player.pk if player else None})
    _sessions_end(user)
    AuthToken.objects.filter(user=user).delete()
    user.delete()
    return name


def _seat_names_rename(player: Player, name: str) -> None:
    """The engine's seat names of every match the player sat in say ``name`` now. Each match gets a
    new ``uid``: cached states and ETags (keyed by it) that still carry the old name are never read
    again. Finished matches go through the outbox, so the league's rows follow (the points stay)."""
    seats = player.seats.select_related("match").order_by("match_id")
    for seat in seats:
        match = Match.objects.select_for_update().get(pk=seat.match_id)
        names = list(match.player_names)
        if seat.seat < len(names):
            names[seat.seat] = name
        match.player_names, match.uid = names, uuid.uuid4()
        match.save(update_fields=["player_names", "uid"])
        if match.status == Match.Status.FINISHED:
            outbox.publish(match_id=match.pk, seq=match.last_seq)
