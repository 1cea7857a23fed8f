"""Claims, the pure part: a claim's position from the engine's hook, its checks against the record,
the checker's verdict with table seats, and the lines that settle a hand (companion/claims.py writes).

Errors are the service's 4xx errors (``companion.errors``); nothing here touches the database except
counting a match's seats.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import Invalid, Unprocessable
from companion.models import Match
from scoring.cards import Card, parse_cards
from scoring.claims import REASON_CARDS_UNKNOWN, Claim, ClaimKind, Position, Verdict, check_claim
from scoring.claims.adapters import ClaimSetup
from scoring.claims.games import apply_play, claim_score, claim_target, is_over, legal_plays
from scoring.claims.position import Play, position_from_json
from scoring.errors import ScoringError
from scoring.registry import all_games, get_game

KINDS = tuple(str(k) for k in ClaimKind)
HOLDS, FAILS, UNDETERMINED = "holds", "fails", "undetermined"
#: Nodes the cooperative search may visit when an accepted claim that does not hold is played out.
COOPERATIVE_NODES = 10_000


# -- the position --------------------------------------------------------------------------------------
def claim_setup(game: str, state: Any, seat: int) -> tuple[dict[str, Any], ClaimSetup]:
    """The game's play position (the engine's ``Game.claim_position``) and the checker's setup for
    ``seat``. The position also gives the unseen cards and the voids shown, so a claimant can lay
    down a hand the record did not know."""
    try:
        raw = get_game(game).claim_position(state)
    except ScoringError:
        raise _no_play() from None
    except ValueError as exc:  # a house rule the checker does not model
        raise Unprocessable("claims_not_supported", f"This hand cannot be checked: {exc}.") from None
    if raw is None or raw.get("leader") is None:
        raise _no_play()
    active = [int(x) for x in raw.get("seats", range(len(raw["hands"])))]
    if seat not in active:
        raise Unprocessable("not_an_active_seat", f"Seat {seat} takes no part in this hand's play.", seat=seat)
    try:
        pos = position_from_json({"announced": [], "bonus": [0] * len(active), **raw, "game": game})
    except (ValueError, KeyError, TypeError) as exc:  # a position the checker cannot take: no 500
        raise Unprocessable("no_play_in_progress", f"This hand's play cannot be checked: {exc}.") from None
    return dict(raw), ClaimSetup(pos, active.index(seat), tuple(active))


def claim_games() -> list[str]:
    """The games whose engines take claims (a non-empty ``Game.claim_kinds``)."""
    return [engine.name for engine in all_games() if engine.claim_kinds]


def _check_kind(game: str, kind: str) -> None:
    """The game takes claims, and this kind of claim (the engine's ``claim_kinds``)."""
    kinds = get_game(game).claim_kinds
    if not kinds:
        names = ", ".join(get_game(name).title for name in claim_games())
        raise Unprocessable("claims_not_supported", f"{game} has no claims: only {names} do.", game=game)
    if kind not in KINDS:
        raise Invalid("invalid", f"kind must be one of {', '.join(KINDS)}.", fields={"kind": "invalid"})
    if kind not in kinds:
        raise Unprocessable(
            "claim_kind_not_valid", f"{get_game(game).title} takes no {kind} claim: {', '.join(kinds)}.", kind=kind
        )


def _no_play() -> Unprocessable:
    return Unprocessable(
        "no_play_in_progress",
        "A claim is made during the card-by-card play of a hand; no hand is being played now.",
    )


@dataclass(frozen=True)
class Judged:
    """A claim ready for the checker: the position (claimant's laid-down cards in), the claim."""

    setup: ClaimSetup
    claim: Claim
    kind: str
    laid_down: tuple[str, ...]

    @property
    def position(self) -> Position:
        return self.setup.position


def claim_prepare(
    *, match: Match, state: Any, seat: int, kind: str, tricks: int | None, laid_down: Sequence[str]
) -> Judged:
    """Check a claim against the record and build its position; raise a 4xx error when it is not valid."""
    game = match.game
    _check_kind(game, kind)
    seats = match.seats.count()
    if not 0 <= seat < seats:
        raise Invalid("no_such_seat", f"This table has no seat {seat}.", fields={"seat": "no such seat"}, seat=seat)
    if match.status == Match.Status.FINISHED:
        raise _no_play()
    raw, setup = claim_setup(game, state, seat)
    pos = setup.position
    if pos.remaining_tricks == 0:
        raise _no_play()
    c = setup.claimant
    bid = 0
    if kind == ClaimKind.CONTRACT:
        if raw.get("declarer") != seat:
            raise Unprocessable(
                "claim_kind_not_valid", "Only the declarer claims to make the contract (thousand.md §7).", kind=kind
            )
        bid = int(raw["contract"])
    if kind == ClaimKind.AT_LEAST:
        if tricks is None or not 1 <= tricks <= pos.remaining_tricks:
            raise Unprocessable(
                "tricks_out_of_range",
                f"An at-least claim names 1 to {pos.remaining_tricks} of the remaining tricks, not {tricks}.",
                tricks=tricks,
                remaining=pos.remaining_tricks,
            )
    elif tricks is not None:
        raise Invalid("invalid", "Only an at_least claim names a number of tricks.", fields={"tricks": "not allowed"})
    cards = _laid_down(pos, c, laid_down)
    if cards is not None:
        pos = _with_claimant_hand(pos, c, cards)
    elif pos.hands[c] is None:
        raise Unprocessable(
            "claimant_hand_unknown",
            "The record does not show the claimant's cards: lay them down (laid_down) with the claim.",
        )
    claim = Claim(ClaimKind(kind), c, tricks or 0, bid)
    return Judged(replace(setup, position=pos), claim, kind, tuple(str(x) for x in cards or ()))


def _contradiction(message: str, **params: Any) -> Unprocessable:
    return Unprocessable("laid_down_contradicts_record", message, **params)


def _laid_down(pos: Position, c: int, laid_down: Sequence[str]) -> tuple[Card, ...] | None:
    """The claimant's cards as laid down, checked against the record (``None``: nothing laid down)."""
    if not laid_down:
        return None
    try:
        cards = parse_cards(list(laid_down))
    except ScoringError as exc:
        raise Invalid(exc.code, exc.message, fields={"laid_down": "invalid card"}) from None
    if len(set(cards)) != len(cards):
        raise _contradiction("A card is laid down twice.")
    known = pos.hands[c]
    if known is not None:
        extra = sorted(str(x) for x in set(cards) - set(known))
        if extra:
            raise _contradiction(f"The record puts {', '.join(extra)} elsewhere, not in the claimant's hand.")
        return tuple(cards)
    size = pos.hand_sizes[c]
    if len(cards) != size:
        raise _contradiction(f"The claimant holds {size} cards, not {len(cards)}: lay down the whole hand.")
    gone = sorted(str(x) for x in set(cards) - set(pos.unseen))
    if gone:
        raise _contradiction(f"The record shows {', '.join(gone)} already played or in another hand.")
    shown = sorted(str(x) for x in cards if x.suit in pos.voids[c])
    if shown:
        raise _contradiction(f"The claimant has shown out of the suit of {', '.join(shown)}.")
    return tuple(cards)


def _with_claimant_hand(pos: Position, c: int, cards: tuple[Card, ...]) -> Position:
    """The claimant's hand laid down; when one unknown hand remains and the unseen cards fill it
    exactly, those are its cards."""
    if pos.hands[c] is not None:
        return pos
    hands = list(pos.hands)
    hands[c] = cards
    unseen = tuple(x for x in pos.unseen if x not in set(cards))
    unknown = [s for s, h in enumerate(hands) if h is None]
    if len(unknown) == 1 and pos.hand_sizes[unknown[0]] == len(unseen):
        hands[unknown[0]] = unseen
        unseen = ()
    return replace(pos, hands=tuple(hands), unseen=unseen)


# -- the verdict -------------------------------------------------------------------------------------------
def run_check(judged: Judged, budget_s: float) -> Verdict | dict[str, Any]:
    """The checker's verdict, or a JSON verdict ``undetermined`` when it cannot search the position."""
    try:
        return check_claim(judged.position, judged.claim, budget_s=budget_s)
    except ValueError as exc:  # e.g. the unseen cards do not fill the unknown hands (Bourré's stock)
        return {
            "status": UNDETERMINED,
            "reason": REASON_CARDS_UNKNOWN,
            "template": REASON_CARDS_UNKNOWN,
            "params": {},
            "detail": str(exc),
            "elapsed_ms": 0.0,
            "positions": 0,
            "counter_line": [],
        }


def timed_out(verdict: Verdict | dict[str, Any], budget_s: float) -> bool:
    return isinstance(verdict, Verdict) and verdict.status == UNDETERMINED and "time budget" in verdict.reason


def verdict_json(judged: Judged, verdict: Verdict | dict[str, Any]) -> dict[str, Any]:
    """The verdict with table seats (the checker counts play seats: Bourré leaves out who passed)."""
    seats = judged.setup.seats
    data: dict[str, Any] = verdict.as_json() if isinstance(verdict, Verdict) else dict(verdict)
    claim: dict[str, Any] = {"kind": judged.kind, "seat": seats[judged.claim.claimant], "tricks": judged.claim.tricks}
    if judged.claim.bid:
        claim["bid"] = judged.claim.bid
    data["claim"] = claim
    line: list[dict[str, Any]] = list(data.get("counter_line") or [])
    data["counter_line"] = [{**p, "seat": seats[p["seat"]]} for p in line]
    data["all_known"] = judged.position.all_known
    data["play_seats"] = list(seats)
    return data


# -- settling: the remaining plays of a line that makes the claim ------------------------------------------
def _claim_now(pos: Position, claim: Claim, target: int) -> Claim | None:
    """The same claim from a later position (``None``: already made whatever happens)."""
    if claim.kind is ClaimKind.AT_LEAST:
        need = target - pos.tricks_won[claim.claimant]
        return None if need <= 0 else replace(claim, tricks=need)
    return claim


def holding_line(
    pos: Position, claim: Claim, budget_s: float, clock: Callable[[], float] = time.perf_counter
) -> list[Play] | None:
    """Plays to the end of the hand along which the claim holds: the claimant picks a move after which
    the solver still says ``holds``; the others play their first legal card. ``None`` when no such
    line is found within ``budget_s`` in all."""
    target = claim_target(pos, claim)
    line: list[Play] = []
    deadline = clock() + budget_s
    while not is_over(pos):
        moves = legal_plays(pos)
        choice = moves[0] if moves else None
        if pos.to_act == claim.claimant:
            choice = None
            for move in moves:
                after = apply_play(pos, move, check=False)
                later = _claim_now(after, claim, target)
                left = deadline - clock()
                if left <= 0:
                    return None
                if later is None or is_over(after) or check_claim(after, later, budget_s=left).status == HOLDS:
                    choice = move
                    break
        if choice is None:
            return None
        pos = apply_play(pos, choice, check=False)
        line.append(choice)
    return line if claim_score(pos, claim) >= target else None


def _lost(pos: Position, claim: Claim, target: int) -> bool:
    """The claim can no longer be made, however the rest is played."""
    if claim.kind is ClaimKind.NO_MORE_POINTS:
        return claim_score(pos, claim) < target
    if claim.kind in (ClaimKind.ALL_TRICKS, ClaimKind.AT_LEAST):
        return pos.tricks_won[claim.claimant] + pos.remaining_tricks < target
    return False


def cooperative_line(pos: Position, claim: Claim, max_nodes: int = COOPERATIVE_NODES) -> list[Play] | None:
    """A line in which everybody helps the claimant make the claim (an accepted claim that the others
    could have beaten): depth-first, at most ``max_nodes`` positions."""
    target = claim_target(pos, claim)
    nodes = 0

    def search(p: Position) -> list[Play] | None:
        nonlocal nodes
        nodes += 1
        if is_over(p):
            return [] if claim_score(p, claim) >= target else None
        if nodes > max_nodes or _lost(p, claim, target):
            return None
        for move in legal_plays(p):
            rest = search(apply_play(p, move, check=False))
            if rest is not None:
                return [move, *rest]
        return None

    return search(pos)
