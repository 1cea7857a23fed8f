"""Worked examples of rules/bourre.md §6.1 and §6.4–§6.5 by result entry (expected values from the spec)."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.bourre import GAME, Session
from scoring.errors import RulesError
from tests.scoring.bourre_helpers import start, step

A, B, C, D, E, F, G = range(7)


def tricks(n: int, **by_seat: int) -> list[int]:
    row = [0] * n
    for name, count in by_seat.items():
        row["ABCDEFGH".index(name)] = count
    return row


def test_six_one_seven_player_sequence() -> None:
    """§6.1: pot 7 → 13 → 30 → 65 with each payment of the table."""
    s = start("ABCDEFG")
    # Deal 1: everyone antes (7); B C E G play; E3 B1 G1 C0; E wins 7, C pays 7.
    s = step(s, "deal_result", antes=[A, B, C, D, E, F, G], played=[B, C, E, G], tricks=tricks(7, E=3, B=1, G=1))
    d1 = GAME.summary(s)["history"][0]
    assert d1["pot_at_play"] == 7
    assert d1["taken"] == [{"seat": E, "chips": 7}]
    assert d1["payments"] == [{"seat": C, "chips": 7, "reason": "bourre"}]
    assert d1["pot_after"] == 7
    assert d1["exempt_next"] == [C]
    # Deal 2: C exempt; antes A B D E F G (6) → 13; A2 F2 B1 E0: split, E pays 13 → 26.
    with pytest.raises(RulesError) as err:
        step(s, "deal_result", antes=[A, B, C, D, E, F, G], played=[A, B, E, F], tricks=tricks(7, A=2, F=2, B=1))
    assert err.value.code == "ante_from_exempt_player"
    s = step(s, "deal_result", antes=[A, B, D, E, F, G], played=[A, B, E, F], tricks=tricks(7, A=2, F=2, B=1))
    d2 = GAME.summary(s)["history"][1]
    assert (d2["pot_before"], d2["pot_at_play"], d2["pot_after"]) == (7, 13, 26)
    assert d2["winner"] is None and d2["tied"] == [A, F] and d2["taken"] == []
    assert d2["payments"] == [{"seat": E, "chips": 13, "reason": "bourre"}]
    assert d2["exempt_next"] == [A, E, F]
    # Deal 3: antes B C D G (4) → 30; D5 C0 E0; D takes 30; C and E pay 30 each → 60.
    s = step(s, "deal_result", antes=[B, C, D, G], played=[C, D, E], tricks=tricks(7, D=5))
    d3 = GAME.summary(s)["history"][2]
    assert (d3["pot_before"], d3["pot_at_play"], d3["pot_after"]) == (26, 30, 60)
    assert d3["taken"] == [{"seat": D, "chips": 30}]
    assert d3["payments"] == [
        {"seat": C, "chips": 30, "reason": "bourre"},
        {"seat": E, "chips": 30, "reason": "bourre"},
    ]
    # Deal 4 starts: antes A B D F G (5) → 65.
    s = step(s, "deal", up_card="7S", antes=[A, B, D, F, G])
    summary = GAME.summary(s)
    assert summary["pot"] == 65
    # Net chips from the first ante through the antes for deal 4 (§6.1 second table).
    assert summary["totals"] == [-3, -4, -39, 26, -38, -3, -4]
    assert sum(summary["totals"]) == -65


@pytest.mark.parametrize(
    ("players", "pot_in", "played", "trick_row", "variants", "expect_take", "expect_pay", "next_pot"),
    [
        # P1: 6 seated, B = 6; A B C D E play; A2 B1 C1 D1 E0 → A wins 6, E pays 6; next 6 + 5 antes = 11.
        ("ABCDEF", 0, [A, B, C, D, E], {"A": 2, "B": 1, "C": 1, "D": 1}, {}, {A: 6}, {E: 6}, 11),
        # P3: 7 seated, B = 9 (2 carried); A–E play, 1 each → split, nobody bourré; next 9 + F, G antes = 11.
        ("ABCDEFG", 2, [A, B, C, D, E], {"A": 1, "B": 1, "C": 1, "D": 1, "E": 1}, {}, {}, {}, 11),
    ],
)
def test_six_four_pot_settlement(
    players: str,
    pot_in: int,
    played: list[int],
    trick_row: dict[str, int],
    variants: dict[str, object],
    expect_take: dict[int, int],
    expect_pay: dict[int, int],
    next_pot: int,
) -> None:
    s = start(players, **variants)
    s = _carry(s, pot_in)
    s = step(s, "deal_result", played=played, tricks=tricks(len(players), **trick_row))
    last = GAME.summary(s)["history"][-1]
    assert {t["seat"]: t["chips"] for t in last["taken"]} == expect_take
    assert {p["seat"]: p["chips"] for p in last["payments"]} == expect_pay
    s = step(s, "deal", up_card="2C")
    assert GAME.summary(s)["pot"] == next_pot


def _carry(s: Session, chips: int) -> Session:
    """Test set-up: ``chips`` already carried in the pot (paid by seat 0), as after earlier deals."""
    return dataclasses.replace(s, pot=s.pot + chips, ledger=(s.ledger[0] - chips, *s.ledger[1:]))
