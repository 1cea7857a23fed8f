"""From an engine's state to a claim :class:`~scoring.claims.position.Position`.

Each trick-taking engine exposes ``play_position(state)`` (``scoring.<game>.play``). Hearts returns
a mapping in the JSON form of :func:`~scoring.claims.position.position_to_json` (missing keys take
their defaults; an optional ``"seats"`` gives the table seat of each play seat); Thousand and Bourré
expose the same JSON form from ``scoring.<game>.claims.play_position`` (play seats = their active
seats: Bourré leaves out players who passed, four-handed Thousand the seat sitting out). A
:class:`Position` is passed through. ``claimant`` is a *table* seat.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.claims.position import GameName, Position, position_from_json
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
    # ``scoring.<game>.claims`` is the engine's own hook in the JSON form (with unseen cards and the
    # voids shown); ``scoring.<game>.play`` is the fallback for an engine without one.
    for module_name in (f"scoring.{game_name}.claims", f"scoring.{game_name}.play", f"scoring.{game_name}"):
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
        contract = data.get("contract")
        pos = _from_mapping(data)
    else:
        raise ValueError(f"play_position returned {type(raw).__name__}, not a Position or a mapping")
    if seats is None:
        seats = tuple(range(pos.seats))
    if claimant not in seats:
        raise ValueError(f"seat {claimant} takes no part in this hand's play")
    return ClaimSetup(pos, seats.index(claimant), seats, contract)


def position_of_json(raw: Mapping[str, Any]) -> Position:
    """The :class:`Position` of an engine's claim position JSON, missing keys at their defaults."""
    return _from_mapping({**_DEFAULTS, **raw})


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
