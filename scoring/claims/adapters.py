"""From an engine's state to a claim :class:`~scoring.claims.position.Position`.

Each trick-taking engine answers :meth:`~scoring.protocol.Game.claim_position` with a mapping in
the JSON form of :func:`~scoring.claims.position.position_to_json` (missing keys take their
defaults; an optional ``"seats"`` gives the table seat of each play seat: Bourré leaves out players
who passed, four-handed Thousand the seat sitting out). A :class:`Position` is passed through.
``claimant`` is a *table* seat. The engine is passed in, so this package imports no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.claims.position import GameName, Position, position_from_json
from scoring.errors import ScoringError
from scoring.protocol import Game

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


def claim_position_from_state(engine: Game[Any, Any], state: Any, claimant: int) -> ClaimSetup:
    """The claim position of ``state`` (a state of ``engine``, read through its
    :meth:`~scoring.protocol.Game.claim_position` hook) for table seat ``claimant``.

    Raises ``ValueError`` when the game is not a claim game, no hand is in play, or the claimant
    takes no part in the play.
    """
    try:
        raw = engine.claim_position(state)
    except ScoringError as exc:
        raise ValueError(exc.message) from exc
    return claim_setup_of(engine.name, raw, claimant)


def claim_setup_of(game_name: str, raw: Position | Mapping[str, Any] | None, claimant: int) -> ClaimSetup:
    """The checker's setup of an engine's claim position (``raw``: the JSON form, or a
    :class:`Position`) for table seat ``claimant``; ``ValueError`` as above."""
    game = GameName(game_name)
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
        raise ValueError(f"the {game} engine gives no claim position ({type(raw).__name__})")
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
