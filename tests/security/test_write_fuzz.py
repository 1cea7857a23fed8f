"""Issue 24 item 3: arbitrary Unicode and JSON types thrown at every write endpoint. No answer is a
5xx, and a refused write stores nothing (every table a write touches is counted before and after).

Bodies are JSON text written by ``json.dumps``, so lone surrogates (``\\ud800``) and NULs arrive
as an attacker's client sends them. Each field of an endpoint is either plausible (a real id, a
real seq) or anything at all: a string of any code points, a boolean, a huge or negative number,
a float, null, a list, an object; extra keys and non-object bodies too.

This module runs on the default database (SQLite) with a few examples per endpoint; the same
checks run on PostgreSQL with more examples in ``tests/integration/test_write_fuzz.py``
(``scripts/test.py --integration``), where NULs and out-of-range numbers meet a real server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Person

HOSTILE_TEXT = ["\ud800", "a\udfffb", "\u0000", "nul\u0000", "=HYPERLINK(1)", "", " ", "\u202e", "😀" * 50]
TEXT = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(st.characters(exclude_categories=()), max_size=30))
#: A name as a seat or a record's player: short, never empty, often hostile
NAME = st.one_of(
    st.sampled_from(HOSTILE_TEXT[:4]), st.text(st.characters(exclude_categories=()), min_size=1, max_size=12)
)
NUMBER = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, -1, 2**63 - 1, 2**63, 32767, 32768]),
    st.floats(allow_nan=False, allow_infinity=False),
)
SCALAR = st.one_of(st.none(), NUMBER, TEXT)
ANY_JSON = st.recursive(
    SCALAR, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4), max_leaves=12
)


def _field(plausible: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly plausible (a write must get far enough to reach the database), else anything."""
    return st.one_of(plausible, plausible, ANY_JSON)


def _merge(fields: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    return {**extra, **fields}


def _body(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """An object with the endpoint's fields (each plausible or anything), sometimes some left out,
    an extra key, and now and then not an object at all."""
    full = st.fixed_dictionaries({k: _field(v) for k, v in fields.items()})
    partial = st.fixed_dictionaries({}, optional={k: _field(v) for k, v in fields.items()})
    objects = st.builds(_merge, st.one_of(full, full, partial), st.dictionaries(TEXT, ANY_JSON, max_size=2))
    return st.one_of(objects, objects, objects, ANY_JSON)


def _uuid() -> st.SearchStrategy[str]:
    return st.uuids().map(str)


def _hand_points() -> st.SearchStrategy[Any]:
    return st.lists(st.integers(min_value=-2, max_value=30), min_size=3, max_size=5)


def endpoints(world: dict[str, Any]) -> dict[str, tuple[str, st.SearchStrategy[Any]]]:
    """Every write endpoint: its URL (in the world made by :func:`make_world`) and its body strategy."""
    m, league, seq = world["match"], world["league"], st.integers(min_value=0, max_value=4)
    seat, ids = st.integers(min_value=0, max_value=4), st.integers(min_value=0, max_value=world["max_id"])
    player = st.one_of(NAME, NAME, NAME, ids)  # ids of others' players are refused (consent) before names
    event = {"type": st.sampled_from(["hand_result", "deal", "play_card", "void"]), "payload": ANY_JSON}
    record = _body(
        format=st.just("companion-record/1"),
        game=st.sampled_from(["hearts", "tonk", "thousand"]),
        variants=st.just({}),
        players=st.lists(NAME, min_size=4, max_size=4),
        events=st.lists(
            _body(seq=st.just(1), type=st.just("hand_result"), payload=st.just({"points": [26, 0, 0, 0]})), max_size=2
        ),
    )
    return {
        "guest": ("/api/v1/auth/guest", _body(name=NAME)),
        "token": ("/api/v1/auth/token", _body(username=st.sampled_from(["alice", "bob"]) | TEXT, password=TEXT)),
        "session": ("/api/v1/auth/session", _body()),
        "player": ("/api/v1/players/", _body(name=NAME)),
        "league": ("/api/v1/leagues/", _body(name=NAME, default_variants=ANY_JSON)),
        "member": (f"/api/v1/leagues/{league}/members/", _body(player=ids, role=st.sampled_from(["member", "admin"]))),
        "accept_invite": ("/api/v1/invitations/1/accept", _body()),
        "match": (
            "/api/v1/matches/",
            _body(
                game=st.sampled_from(["hearts", "tonk"]),
                players=st.lists(player, min_size=3, max_size=4),
                league=st.sampled_from([None, league]),
            ),
        ),
        "join": ("/api/v1/matches/join", _body(code=st.just(world["join_code"]) | TEXT, seat=seat)),
        "rematch": (f"/api/v1/matches/{m}/rematch", _body()),
        "event": (
            f"/api/v1/matches/{m}/events/",
            _body(**event, client_event_id=_uuid(), expected_seq=st.integers(min_value=1, max_value=3)),
        ),
        "void": (f"/api/v1/matches/{m}/events/1/void", _body(client_event_id=_uuid(), expected_seq=seq, reason=TEXT)),
        "amend": (
            f"/api/v1/matches/{m}/events/1/amend",
            _body(**event, client_event_id=_uuid(), expected_seq=seq, reason=TEXT),
        ),
        "claim": (
            f"/api/v1/matches/{m}/claims/",
            _body(
                seat=seat,
                kind=st.sampled_from(["all_tricks", "at_least", "contract"]),
                tricks=seq,
                laid_down=st.lists(TEXT | st.sampled_from(["AS", "2C"])),
                client_event_id=_uuid(),
                expected_seq=seq,
            ),
        ),
        "claim_accept": ("/api/v1/claims/1/accept", _body(seat=seat)),
        "import": ("/api/v1/records/import", record),
        "import_many": ("/api/v1/records/import-many", _body(records=st.lists(record, max_size=2), league=ids)),
    }


def make_world(alice: Person, bob: Person, charlie: Person, dave: Person) -> dict[str, Any]:
    """A Hearts match with one hand recorded, a league alice runs, bob in it; throttles off."""
    from companion.models import Player

    match = alice.create_match([alice.player.pk, "Bo", "Cy", "Di"])
    first = alice.append(match["id"], "hand_result", {"points": [26, 0, 0, 0]}, 1)
    assert first.status_code == 201, first.json()
    league = alice.post("/api/v1/leagues/", {"name": "Friday"}).json()["id"]
    return {
        "match": match["id"],
        "join_code": match["join_code"],
        "league": league,
        "max_id": max(Player.objects.values_list("pk", flat=True)) + 2,
    }


def stored() -> dict[str, int]:
    """How many rows every table a write may touch holds."""
    from django.contrib.auth.models import User
    from knox.models import AuthToken

    from companion.models import ClaimCheck, Event, League, LeagueInvitation, Match, MatchSeat, Membership, Player
    from league.models import ImportedRecord

    tables = [User, AuthToken, Player, League, Membership, LeagueInvitation, Match, MatchSeat, Event, ClaimCheck]
    return {model.__name__: model.objects.count() for model in [*tables, ImportedRecord]}


def send(client: Any, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


def check_one(client: Any, url: str, body: Any) -> None:
    before = stored()
    response = send(client, url, body)
    assert response.status_code < 500, (url, body, response.content[:500])
    if response.status_code >= 400:
        answer = response.json()
        assert {"code", "message", "params"} <= set(answer), answer
        assert stored() == before, (url, body, answer)


def fuzz(world: dict[str, Any], client: Any, name: str, examples: int) -> None:
    url, bodies = endpoints(world)[name]
    run: Callable[..., None] = given(body=bodies)(lambda body: check_one(client, url, body))
    settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )(run)()


NAMES = list(endpoints({"match": 1, "league": 1, "join_code": "x", "max_id": 1}))


@pytest.fixture
def world(alice: Person, bob: Person, charlie: Person, dave: Person, settings: Any) -> dict[str, Any]:
    settings.THROTTLE_RATES = {}
    return {**make_world(alice, bob, charlie, dave), "client": alice.client}


@pytest.mark.parametrize("name", NAMES)
def test_no_write_endpoint_answers_a_5xx_or_stores_on_refusal(world: dict[str, Any], name: str) -> None:
    fuzz(world, world["client"], name, examples=25)
