"""bourre.md §6.1, the seven-player sequence, recorded through the API: pots 7 → 13 → 30 → 65."""

from __future__ import annotations

from typing import Any

from tests.conftest import Person

SEATS = "ABCDEFG"


def seats(*names: str) -> list[int]:
    return [SEATS.index(n) for n in names]


def tricks(**taken: int) -> list[int]:
    return [taken.get(name, 0) for name in SEATS]


DEALS: list[dict[str, Any]] = [
    # deal 1: B C E G play; E3 B1 G1 C0 → E takes 7, C is bourré and pays 7.
    {"played": seats("B", "C", "E", "G"), "tricks": tricks(E=3, B=1, G=1)},
    # deal 2: A B E F play; A2 F2 B1 E0 → split A/F (pot stays), E is bourré and pays 13.
    {"played": seats("A", "B", "E", "F"), "tricks": tricks(A=2, F=2, B=1)},
    # deal 3: C D E play; D5 → D takes 30, C and E are bourré and pay 30 each.
    {"played": seats("C", "D", "E"), "tricks": tricks(D=5)},
    # deal 4 (not in the source): A and B play, A3 B2 → A takes the 65.
    {"played": seats("A", "B"), "tricks": tricks(A=3, B=2)},
]


def test_the_seven_player_sequence_gives_the_tables_pots_and_payments(alice: Person) -> None:
    match = alice.create_match(list(SEATS), game="bourre")
    summaries = []
    for seq, payload in enumerate(DEALS, start=1):
        response = alice.append(match["id"], "deal_result", payload, expected_seq=seq)
        assert response.status_code == 201, response.json()
        summaries.append(response.json()["summary"])
    history = alice.get(f"/api/v1/matches/{match['id']}/history").json()["rows"]

    # B at play: 7, 13, 30, then 60 carried + 5 antes = 65.
    assert [deal["pot_at_play"] for deal in history] == [7, 13, 30, 65]
    # Antes: all seven; C exempt (paid bourré); A, F tied and E paid bourré; C, E paid bourré.
    assert [sorted(a["seat"] for a in deal["antes"]) for deal in history] == [
        seats(*SEATS),
        seats("A", "B", "D", "E", "F", "G"),
        seats("B", "C", "D", "G"),
        seats("A", "B", "D", "F", "G"),
    ]
    # Pot-equal payments: C 7; E 13; C 30 and E 30.
    paid = [{(p["seat"], p["chips"]) for p in deal["payments"]} for deal in history[:3]]
    assert paid == [{(2, 7)}, {(4, 13)}, {(2, 30), (4, 30)}]
    assert [deal["pot_after"] for deal in history[:3]] == [7, 26, 60]

    # Net chips through the antes for deal 4 (the rules file's table): A −3, B −4, C −39, D +26,
    # E −38, F −3, G −4 (sum −65 = the pot). Deal 4 then gives A the 65: A −3 + 65 = 62.
    assert summaries[-1]["totals"] == [62, -4, -39, 26, -38, -3, -4]
    assert summaries[-1]["pot"] == 0
    assert sum(summaries[-1]["totals"]) + summaries[-1]["pot"] == 0
