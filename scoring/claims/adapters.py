"""From an engine's state to a claim :class:`~scoring.claims.position.Position`.

Each trick-taking engine exposes ``play_position(state)`` (``scoring.<game>.play``). Hearts returns
a mapping in the JSON form of :func:`~scoring.claims.position.position_to_json` (missing keys take
their defaults; an optional ``"seats"`` gives the table seat of each play seat); Thousand and Bourré
return their own ``PlayPosition`` dataclasses, translated here (play seats = their ``active`` seats:
Bourré leaves out players who passed, four-handed Thousand the seat sitting out). A
:class:`Position` is passed through. ``claimant`` is a *table* seat.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.claims.games import marriage_value
from scoring.claims.position import BourrePlay, GameName, Position, ThousandPlay, position_from_json
from scoring.errors import ScoringError

_DEFAULTS: dict[str, Any] = {
    "trick": [],
    "trump": None,
    "played": [],
    "tricks_won": [],
    "points_won": [],
    "bonus": [],
    "announced": [],
    "hearts_broken": False,
    "first_trick": False,
    "hand_sizes": [],
    "unseen": [],
    "voids": [],
    "known_out": [],
    "rules": {},
}


@dataclass(frozen=True, slots=True)
class ClaimSetup:
    """A position for the claim checker, the claimant's play seat, and the table seat of each play seat."""

    position: Position
    claimant: int
    seats: tuple[int, ...]
    contract: int | None = None  # Thousand: the declarer's bid, for a "contract" claim


def _play_position_fn(game_name: str) -> Callable[[Any], Any] | None:
    for module_name in (f"scoring.{game_name}.play", f"scoring.{game_name}", f"scoring.{game_name}.engine"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        fn = getattr(module, "play_position", None)
        if callable(fn):
            return fn  # type: ignore[no-any-return]
    return None


def claim_position_from_state(game_name: str, state: Any, claimant: int) -> ClaimSetup:
    """The claim position of ``state`` (an engine state of ``game_name``) for table seat ``claimant``.

    Raises ``ValueError`` when the game is not a claim game, its engine has no ``play_position``, no
    hand is in play, or the claimant takes no part in the play.
    """
    game = GameName(game_name)
    fn = _play_position_fn(str(game))
    if fn is None:
        raise ValueError(f"the {game} engine does not expose play_position(state)")
    try:
        raw = fn(state)
    except ScoringError as exc:
        raise ValueError(exc.message) from exc
    if raw is None:
        raise ValueError("no hand is in its play phase")
    seats: tuple[int, ...] | None = None
    contract: int | None = None
    if isinstance(raw, Position):
        pos = raw
    elif isinstance(raw, Mapping):
        data = {**_DEFAULTS, **raw, "game": str(game)}
        if data.get("seats") is not None:
            seats = tuple(int(s) for s in data["seats"])
        if data.get("leader") is None:
            raise ValueError("the opening leader is not known yet")
        pos = _from_mapping(data)
    elif game is GameName.THOUSAND:
        pos, seats, contract = _from_thousand(state, raw)
    elif game is GameName.BOURRE:
        pos, seats = _from_bourre(state, raw)
    else:
        raise ValueError(f"play_position returned {type(raw).__name__}, not a Position or a mapping")
    if seats is None:
        seats = tuple(range(pos.seats))
    if claimant not in seats:
        raise ValueError(f"seat {claimant} takes no part in this hand's play")
    return ClaimSetup(pos, seats.index(claimant), seats, contract)


def _from_thousand(state: Any, pp: Any) -> tuple[Position, tuple[int, ...], int | None]:
    """scoring.thousand.play.PlayPosition → Position (play seats = the active seats in order)."""
    v = state.variants
    if getattr(v, "trump_change_timing", "immediate") != "immediate" and pp.next_trump not in (None, pp.trump):
        raise ValueError("a trump change is pending (trump_change_timing = next_trick): not modelled")
    rules = ThousandPlay(
        must_trump_when_void=v.must_trump_when_void,
        must_head_trick=v.must_head_trick,
        must_overtrump=getattr(v, "must_overtrump", False),
        marriage_requires_won_trick=v.marriage_requires_won_trick,
        spades_marriage_value=v.spades_marriage_value,
    )
    active = tuple(pp.active)
    if any(pp.hands[s] is None for s in active):
        raise ValueError("the hands of this deal were not recorded")
    bonus = [0] * len(active)
    for seat, suit in pp.marriages:
        if seat in active:
            bonus[active.index(seat)] += marriage_value(rules, suit)
    pos = Position(
        GameName.THOUSAND,
        rules,
        tuple(tuple(pp.hands[s]) for s in active),
        active.index(pp.trick_leader),
        trick=tuple(pp.trick_cards),
        trump=pp.trump,
        tricks_won=tuple(pp.tricks_won[s] for s in active),
        points_won=tuple(pp.points[s] for s in active),
        bonus=tuple(bonus),
        announced=frozenset(suit for _, suit in pp.marriages),
    )
    return pos, active, pp.contract


def _from_bourre(state: Any, pp: Any) -> tuple[Position, tuple[int, ...]]:
    """scoring.bourre.play.PlayPosition → Position (play seats = the active seats in order)."""
    r = pp.rules
    if r.cinch_rules not in ("pagat", "none") or getattr(r, "must_lead_trump_when_others_void", False):
        raise ValueError("these Bourré play variants are not modelled by the claim checker")
    rules = BourrePlay(
        head_trick_required=r.head_trick_required,
        must_beat_mode=r.must_beat_mode,
        trump_when_cannot_overtrump=r.trump_when_cannot_overtrump,
        cinch_rules=r.cinch_rules,
        cinch_equivalent_trumps=r.cinch_equivalent_trumps,
    )
    active = tuple(pp.active)
    if any(pp.hands[s] is None for s in active):
        # the stock and the discards hide where the unseen cards are: no finite set of deals
        raise ValueError("the other hands are not known (Bourré claims need every hand)")
    trick = tuple(pp.trick)
    pos = Position(
        GameName.BOURRE,
        rules,
        tuple(tuple(sorted(pp.hands[s], key=str)) for s in active),
        active.index(pp.leader),
        trick=trick,
        trump=pp.trump,
        played=frozenset(pp.played) - set(trick),
        tricks_won=tuple(pp.won),
        known_out=tuple(frozenset(pp.known_out[s]) for s in active),
    )
    return pos, active


def _from_mapping(data: Mapping[str, Any]) -> Position:
    n = len(data["hands"])
    filled = dict(data)
    for key in ("tricks_won", "points_won", "bonus"):
        if not filled[key]:
            filled[key] = [0] * n
    if not filled["voids"]:
        filled["voids"] = [[] for _ in range(n)]
    if not filled["known_out"]:
        filled["known_out"] = [[] for _ in range(n)]
    if not filled["hand_sizes"]:
        filled["hand_sizes"] = [len(h) if h is not None else 0 for h in data["hands"]]
    return position_from_json(filled)
