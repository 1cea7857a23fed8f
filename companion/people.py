"""People, not names (issue 25 items 3, 4, 6; issue 24 item 6): league roles, invite links and roster
imports, name suggestions, merging players (and undoing it), disputed seats, a player's badge.

Membership comes from an invitation (a link, a roster row, an admin's invitation) or an admin, never
from joining a table. A merge moves seats from one player to another in one transaction and writes
one outbox change per finished match it touched, so the league re-derives each of them once, after
COMMIT, through the same path as any correction (``companion.outbox``).
"""

from __future__ import annotations

import csv
import hashlib
import io
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from companion import outbox, selectors
from companion.db import writing
from companion.errors import Conflict, Forbidden, Invalid, NotFound
from companion.models import (
    InviteLink,
    League,
    Match,
    MatchSeat,
    Membership,
    PeopleAudit,
    Player,
    PlayerMerge,
    SeatDispute,
)
from companion.services import player_create, player_for_user_ensure

RECORDING_ROLES = (Membership.Role.ADMIN, Membership.Role.RECORDER)
#: The most rows one roster import takes (a league of a few hundred fits in one).
ROSTER_MAX_ROWS = 500
INVITE_DAYS_DEFAULT = 14
INVITE_DAYS_MAX = 365


def league_role(*, user: Any, league_id: int) -> str | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(league_id=league_id, player__user=user).values_list("role", flat=True).first()


def league_recording_check(*, user: User, league: League) -> None:
    """Only a league's recorders and admins create its matches and import records into it."""
    if user.is_staff or league_role(user=user, league_id=league.pk) in RECORDING_ROLES:
        return
    raise Forbidden(
        "not_a_league_recorder",
        "Only the league's recorders and admins can record its matches.",
        league=league.pk,
    )


def admin_check(*, user: User, league: League) -> None:
    if not selectors.league_is_admin(user=user, league=league):
        raise Forbidden("not_a_league_admin", "Only the league's admins may do this.", league=league.pk)


# -- members and roles -----------------------------------------------------------------------------------
def _role_check(role: str) -> str:
    if role not in Membership.Role.values:
        raise Invalid("invalid_role", f"Role must be one of {Membership.Role.values}.", fields={"role": "invalid"})
    return role


def _last_admin_guard(league: League, membership: Membership) -> None:
    if membership.role != Membership.Role.ADMIN:
        return
    if not Membership.objects.filter(league=league, role=Membership.Role.ADMIN).exclude(pk=membership.pk).exists():
        raise Conflict("last_admin", "A league keeps at least one admin: make someone else admin first.")


@writing
def member_role_set(*, league: League, player_id: int, role: str, user: User) -> Membership:
    admin_check(user=user, league=league)
    membership = Membership.objects.select_for_update().filter(league=league, player_id=player_id).first()
    if membership is None:
        raise NotFound("member_not_found", f"Player {player_id} is not a member of this league.", player=player_id)
    if _role_check(role) != Membership.Role.ADMIN:
        _last_admin_guard(league, membership)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@writing
def member_remove(*, league: League, player_id: int, user: User) -> None:
    """An admin removes a member (or a member leaves: ``player_id`` is their own). Their matches stay."""
    own = Player.objects.filter(user=user, pk=player_id).exists()
    if not own:
        admin_check(user=user, league=league)
    membership = Membership.objects.select_for_update().filter(league=league, player_id=player_id).first()
    if membership is None:
        raise NotFound("member_not_found", f"Player {player_id} is not a member of this league.", player=player_id)
    _last_admin_guard(league, membership)
    membership.delete()


# -- invite links -------------------------------------------------------------------------------------------
def _secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class IssuedLink:
    link: InviteLink
    #: Shown once (in the answer that made it): only its hash is stored.
    secret: str


@writing
def invite_link_create(
    *,
    league: League,
    user: User,
    role: str = Membership.Role.MEMBER,
    days: int = INVITE_DAYS_DEFAULT,
    max_uses: int | None = None,
    player: Player | None = None,
    email: str = "",
) -> IssuedLink:
    admin_check(user=user, league=league)
    if not 1 <= days <= INVITE_DAYS_MAX:
        raise Invalid("invalid", f"An invite link lasts 1 to {INVITE_DAYS_MAX} days.", fields={"days": "1–365"})
    secret = secrets.token_urlsafe(24)  # 192 bits: not guessable, not enumerable
    link = InviteLink.objects.create(
        league=league,
        secret_hash=_secret_hash(secret),
        role=_role_check(role),
        created_by=user,
        expires_at=timezone.now() + timedelta(days=days),
        max_uses=max_uses,
        player=player,
        email=email,
    )
    return IssuedLink(link=link, secret=secret)


@writing
def invite_link_revoke(*, league: League, link_id: int, user: User) -> InviteLink:
    admin_check(user=user, league=league)
    link = InviteLink.objects.select_for_update().filter(league=league, pk=link_id).first()
    if link is None:
        raise NotFound("invite_not_found", f"This league has no invite link {link_id}.", invite=link_id)
    if link.revoked_at is None:
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
    return link


def _link_usable(link: InviteLink | None) -> InviteLink:
    """The link if it still works; one answer for a wrong, revoked, expired or used-up secret."""
    live = link is not None and link.revoked_at is None and link.expires_at > timezone.now()
    if live and link is not None and (link.max_uses is None or link.uses < link.max_uses):
        return link
    raise NotFound("invite_invalid", "This invite link is wrong, revoked, expired or used up: ask for a new one.")


def invite_link_get(*, secret: str) -> InviteLink:
    """The link a secret opens (for the page that asks "join Friday league?")."""
    found = InviteLink.objects.select_related("league", "player").filter(secret_hash=_secret_hash(secret)).first()
    return _link_usable(found)


@writing
def invite_link_accept(*, secret: str, user: User) -> Membership:
    """Join the league with the link's role. A roster row's link also makes the person that row's
    player (its seats join theirs, as a confirmed claim would)."""
    found = InviteLink.objects.select_for_update().filter(secret_hash=_secret_hash(secret)).first()
    link = _link_usable(found)
    player = player_for_user_ensure(user=user)
    existing = Membership.objects.filter(league_id=link.league_id, player=player).first()
    if existing is not None:
        return existing
    link.uses += 1
    link.save(update_fields=["uses"])
    if link.player is not None and link.player.user_id is None and link.player.pk != player.pk:
        merge = PlayerMerge.objects.create(
            kind=PlayerMerge.Kind.CLAIM, source=link.player, target=player, league_id=link.league_id, requested_by=user
        )
        _merge_apply(merge, actor=user)
    membership, _ = Membership.objects.update_or_create(
        league_id=link.league_id, player=player, defaults={"role": link.role}
    )
    return membership


# -- roster import --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RosterRow:
    player: Player
    email: str
    invite: IssuedLink


def _roster_rows(text: str) -> list[tuple[str, str]]:
    rows = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    if rows and [c.strip().lower() for c in rows[0]][:1] == ["name"]:
        rows = rows[1:]  # a header row
    if not rows:
        raise Invalid("empty_roster", "The roster has no rows: one name (and optional e-mail) per line.")
    if len(rows) > ROSTER_MAX_ROWS:
        raise Invalid("roster_too_long", f"A roster holds at most {ROSTER_MAX_ROWS} rows.", rows=len(rows))
    parsed = []
    for number, row in enumerate(rows, start=1):
        name = row[0].strip()[:100]
        email = row[1].strip().lower() if len(row) > 1 else ""
        if not name:
            raise Invalid("roster_row_invalid", f"Row {number} has no name.", row=number)
        if email:
            try:
                validate_email(email)
            except ValidationError:
                raise Invalid(
                    "roster_row_invalid", f"Row {number}: {email!r} is not an e-mail address.", row=number
                ) from None
        parsed.append((name, email))
    return parsed


@writing
def roster_import(*, league: League, user: User, text: str, link_base: str) -> list[RosterRow]:
    """One name-only member and one single-use invite link per row (all rows, or none); a row with an
    e-mail gets its link by mail after COMMIT. Whoever opens their link becomes that player."""
    admin_check(user=user, league=league)
    made = []
    for name, email in _roster_rows(text):
        player = player_create(name=name, created_by=user)
        Membership.objects.create(league=league, player=player, role=Membership.Role.MEMBER)
        invite = invite_link_create(league=league, user=user, days=30, max_uses=1, player=player, email=email)
        made.append(RosterRow(player=player, email=email, invite=invite))
        if email:
            link = f"{link_base}{invite.secret}/"
            transaction.on_commit(_invite_mail_later(league.name, name, email, link), robust=True)
    return made


def _invite_mail_later(league: str, name: str, email: str, link: str) -> Callable[[], None]:
    return lambda: _invite_mail(league, name, email, link)


def _invite_mail(league: str, name: str, email: str, link: str) -> None:
    send_mail(
        f"Companion: you are invited to {league}",
        f"Hello {name},\n\nyou are on the roster of {league} on Companion. Join with this link "
        f"(it works once, for 30 days):\n{link}\n",
        None,
        [email],
    )


# -- suggestions ----------------------------------------------------------------------------------------------
def name_suggestions(*, user: User, q: str, limit: int = 8) -> list[dict[str, Any]]:
    """The players whose name starts with ``q`` that the recorder may seat: members of their leagues
    first ("Bea — Friday league"), then the people they played with and the names they typed."""
    q = q.strip()
    if not q:
        return []
    leagues = Membership.objects.filter(player__user=user).values("league_id")
    members = (
        Membership.objects.filter(league_id__in=leagues, player__name__istartswith=q, player__merged_into=None)
        .exclude(player__user=user)
        .select_related("player", "league")
        .order_by("player__name", "league__name")
    )
    found: dict[int, dict[str, Any]] = {}
    for m in members[: limit * 3]:
        found.setdefault(m.player_id, _suggestion(m.player, m.league.name))
    # then the names this recorder typed (at the tables they played at): the others they sat with
    # have accounts, and an account holder is seated by joining (consent), not by a suggestion
    played = (
        Player.objects.filter(created_by=user, name__istartswith=q, merged_into=None)
        .exclude(user=user)
        .distinct()
        .order_by("name", "-id")
    )
    for player in played[: limit * 3]:
        found.setdefault(player.pk, _suggestion(player, None))
    return list(found.values())[:limit]


def _suggestion(player: Player, league: str | None) -> dict[str, Any]:
    label = f"{player.name} — {league}" if league else player.name
    return {
        "player": player.pk,
        "name": player.name,
        "league": league,
        "text": label,
        "has_account": player.user_id is not None,
        **player_badge(player),
    }


# -- merges ---------------------------------------------------------------------------------------------------
def _merge_apply(merge: PlayerMerge, *, actor: User) -> PlayerMerge:
    """Move every seat and membership of ``merge.source`` to ``merge.target`` (caller's transaction)."""
    source, target = merge.source, merge.target
    seats = list(MatchSeat.objects.select_for_update().filter(player=source).order_by("match_id", "seat"))
    clash = MatchSeat.objects.filter(player=target, match_id__in=[s.match_id for s in seats]).values_list(
        "match_id", flat=True
    )
    if clash:
        raise Conflict(
            "same_table",
            f"Both players sat at match {clash[0]}: one person cannot hold two seats.",
            match=clash[0],
        )
    MatchSeat.objects.filter(pk__in=[s.pk for s in seats]).update(player=target)
    moved_memberships = []
    for membership in Membership.objects.filter(player=source):
        if not Membership.objects.filter(league_id=membership.league_id, player=target).exists():
            moved_memberships.append(membership.league_id)
            Membership.objects.filter(pk=membership.pk).update(player=target)
    merge.seats, merge.memberships, merge.status = [s.pk for s in seats], moved_memberships, PlayerMerge.Status.DONE
    merge.save(update_fields=["seats", "memberships", "status"])
    Player.objects.filter(pk=source.pk).update(merged_into=target)
    _rederive({s.match_id for s in seats})
    PeopleAudit.objects.create(action=f"{merge.kind}_done", actor=actor, merge=merge, detail={"seats": merge.seats})
    return merge


def _rederive(match_ids: set[int]) -> None:
    """One outbox change per finished match whose seats changed: the league re-derives each once."""
    finished = Match.objects.filter(pk__in=match_ids, status=Match.Status.FINISHED).order_by("pk")
    for match_id, seq in finished.values_list("pk", "last_seq"):
        outbox.publish(match_id=match_id, seq=seq)


def _players_for_merge(source_id: int, target_id: int) -> tuple[Player, Player]:
    if source_id == target_id:
        raise Invalid("merge_into_itself", "A player cannot be merged into itself.", fields={"into": "same player"})
    players = Player.objects.select_for_update().in_bulk([source_id, target_id])
    if source_id not in players or target_id not in players:
        missing = source_id if source_id not in players else target_id
        raise NotFound("player_not_found", f"There is no player {missing}.", player=missing)
    return players[source_id], players[target_id]


@writing
def players_merge(*, league: League, source_id: int, target_id: int, user: User) -> PlayerMerge:
    """A league admin merges two name-only players of the league (the source's seats go to the target)."""
    admin_check(user=user, league=league)
    source, target = _players_for_merge(source_id, target_id)
    for player in (source, target):
        if player.user_id is not None:
            raise Forbidden(
                "account_not_consenting",
                f"{player.name} has an account: only they can claim a player (“that was me”), an admin cannot merge them.",
                player=player.pk,
            )
        if player.merged_into_id is not None:
            raise Conflict("already_merged", f"Player {player.pk} is merged already.", player=player.pk)
    in_league = Player.objects.filter(
        Q(memberships__league=league) | Q(seats__match__league=league), pk__in=[source.pk, target.pk]
    ).distinct()
    if in_league.count() != 2:
        raise NotFound("player_not_found", "Both players must be members of, or have played in, this league.")
    merge = PlayerMerge.objects.create(
        kind=PlayerMerge.Kind.MERGE, source=source, target=target, league=league, requested_by=user
    )
    return _merge_apply(merge, actor=user)


@writing
def player_claim(*, user: User, player_id: int) -> PlayerMerge:
    """ "That Bea was me": an account holder asks for a name-only player's seats. Pending until the
    recorder of those matches or an admin of their league confirms."""
    mine = player_for_user_ensure(user=user)
    source, target = _players_for_merge(player_id, mine.pk)
    if not selectors.player_list_for_user(user=user).filter(pk=source.pk).exists():
        raise NotFound("player_not_found", f"There is no player {player_id}.", player=player_id)
    if source.user_id is not None:
        raise Forbidden("account_not_consenting", "This player has an account of their own.", player=source.pk)
    if source.merged_into_id is not None:
        raise Conflict("already_merged", f"Player {source.pk} is merged already.", player=source.pk)
    pending = PlayerMerge.objects.filter(source=source, target=target, status=PlayerMerge.Status.PENDING).first()
    if pending is not None:
        return pending
    merge = PlayerMerge.objects.create(kind=PlayerMerge.Kind.CLAIM, source=source, target=target, requested_by=user)
    PeopleAudit.objects.create(action="claim_asked", actor=user, merge=merge)
    return merge


def _may_confirm(user: User, merge: PlayerMerge) -> bool:
    """The recorder of the source's matches (who typed the name or created a match it sat in), or an
    admin of a league the source is in or played in."""
    source = merge.source
    if user.is_staff or source.created_by_id == user.pk:
        return True
    if Match.objects.filter(seats__player=source, created_by=user).exists():
        return True
    leagues = set(Membership.objects.filter(player=source).values_list("league_id", flat=True))
    leagues |= set(Match.objects.filter(seats__player=source).exclude(league=None).values_list("league_id", flat=True))
    return Membership.objects.filter(league_id__in=leagues, player__user=user, role=Membership.Role.ADMIN).exists()


def merges_to_confirm(*, user: User) -> list[PlayerMerge]:
    pending = PlayerMerge.objects.filter(status=PlayerMerge.Status.PENDING).select_related("source", "target")
    return [m for m in pending.order_by("created_at")[:200] if m.requested_by_id != user.pk and _may_confirm(user, m)]


@writing
def claim_answer(*, merge_id: int, user: User, confirm: bool) -> PlayerMerge:
    merge = PlayerMerge.objects.select_for_update().select_related("source", "target").filter(pk=merge_id).first()
    if merge is None or merge.kind != PlayerMerge.Kind.CLAIM or not _may_confirm(user, merge):
        raise NotFound("merge_not_found", f"There is no claim {merge_id} for you to answer.", merge=merge_id)
    if merge.requested_by_id == user.pk and not user.is_staff:
        raise Forbidden("own_claim", "Someone else (the recorder or a league admin) confirms your claim.")
    if merge.status != PlayerMerge.Status.PENDING:
        raise Conflict("merge_not_pending", f"Claim {merge_id} is {merge.status} already.", merge=merge_id)
    if not confirm:
        merge.status = PlayerMerge.Status.REFUSED
        merge.save(update_fields=["status"])
        PeopleAudit.objects.create(action="claim_refused", actor=user, merge=merge)
        return merge
    _players_for_merge(merge.source_id, merge.target_id)  # lock both
    return _merge_apply(merge, actor=user)


@writing
def merge_undo(*, merge_id: int, user: User) -> PlayerMerge:
    """An admin undoes a mistaken merge: exactly the seats and memberships it moved go back."""
    merge = PlayerMerge.objects.select_for_update().select_related("source", "target").filter(pk=merge_id).first()
    if merge is None or not _may_undo(user, merge):
        raise NotFound("merge_not_found", f"There is no merge {merge_id} you can undo.", merge=merge_id)
    if merge.status != PlayerMerge.Status.DONE:
        raise Conflict("merge_not_done", f"Merge {merge_id} is {merge.status}: only a done merge can be undone.")
    seats = MatchSeat.objects.select_for_update().filter(pk__in=merge.seats, player=merge.target)
    match_ids = set(seats.values_list("match_id", flat=True))
    seats.update(player=merge.source)
    Membership.objects.filter(league_id__in=merge.memberships, player=merge.target).update(player=merge.source)
    Player.objects.filter(pk=merge.source_id).update(merged_into=None)
    merge.status = PlayerMerge.Status.UNDONE
    merge.save(update_fields=["status"])
    _rederive(match_ids)
    PeopleAudit.objects.create(action="merge_undone", actor=user, merge=merge, detail={"seats": sorted(merge.seats)})
    return merge


def _may_undo(user: User, merge: PlayerMerge) -> bool:
    if user.is_staff:
        return True
    leagues = (
        [merge.league_id]
        if merge.league_id
        else list(
            Membership.objects.filter(player__in=[merge.source_id, merge.target_id]).values_list("league_id", flat=True)
        )
    )
    return Membership.objects.filter(league_id__in=leagues, player__user=user, role=Membership.Role.ADMIN).exists()


# -- seats a recorder filled -------------------------------------------------------------------------------
@writing
def seat_dispute(*, match_id: int, seat: int, user: User, reason: str = "") -> SeatDispute:
    """ "That was not me": a member seated by someone else in a match leaves the seat, which goes back
    to a name-only player of the same name (the recorder's); the match's totals stay, the league
    re-derives it when finished."""
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    target = MatchSeat.objects.select_related("player").filter(match_id=match_id, seat=seat).first()
    if match is None or target is None or target.player.user_id != user.pk:
        raise NotFound("seat_not_found", f"You do not hold seat {seat} of match {match_id}.", match=match_id)
    if target.seated_by_id == user.pk or match.created_by_id == user.pk:
        raise Conflict("seat_not_disputable", "You took this seat yourself: nothing to dispute.")
    name_only = player_create(name=target.player.name, created_by=match.created_by)
    dispute = SeatDispute.objects.create(
        match=match, seat=seat, player=target.player, recorded_by=match.created_by, reason=reason[:500]
    )
    target.player, target.seated_by = name_only, match.created_by
    target.save(update_fields=["player", "seated_by"])
    _rederive({match.pk})
    PeopleAudit.objects.create(action="seat_disputed", actor=user, detail={"match": match.pk, "seat": seat})
    return dispute


# -- badges --------------------------------------------------------------------------------------------------
#: Colours that keep white initials readable (WCAG AA, 4.5:1 on each) and differ at a glance.
BADGE_COLOURS = ("#1f6feb", "#b3261e", "#1e7b34", "#8250df", "#9a4f00", "#00727d", "#bf3989", "#57606a")


def initials_of(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[-1][0]).upper()


def player_badge(player: Player) -> dict[str, str]:
    """The player's colour and initials: chosen ones, else derived (the colour from the id, stable)."""
    colour = player.colour or BADGE_COLOURS[player.pk % len(BADGE_COLOURS)]
    return {"colour": colour, "initials": player.initials or initials_of(player.name)}


@writing
def badge_set(*, user: User, colour: str, initials: str) -> Player:
    player = player_for_user_ensure(user=user)
    if colour and (len(colour) != 7 or colour[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in colour[1:])):
        raise Invalid("invalid_colour", "A colour is #rrggbb, e.g. #1f6feb.", fields={"colour": "#rrggbb"})
    player.colour, player.initials = colour.lower(), initials.strip()[:3]
    player.save(update_fields=["colour", "initials"])
    return player
