"""Worked examples of rules/bourre.md §6.1 and §6.4–§6.5 by result entry (expected values from the spec)."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.bourre import GAME, BourreVariants, Session
from scoring.bourre.settlement import settle
from scoring.errors import EventFormatError, RulesError
from tests.scoring.bourre_helpers import start, step

A, B, C, D, E, F, G = range(7)


def tricks(n: int, **by_seat: int) -> list[int]:
    row = [0] * n
    for name, count in by_seat.items():
        row["ABCDEFGH".index(name)] = count
    return row


def test_between_deals_the_pot_is_shown_with_the_next_deals_antes() -> None:
    """§6.1 as the table sees the middle: 0 + 7 antes = 7 before deal 1; 7 carried + 6 antes (C
    exempt, bourré) = 13 before deal 2; 26 + 4 (A, F tied, E bourré) = 30 before deal 3."""
    s = start("ABCDEFG")
    assert (GAME.summary(s)["pot"], GAME.summary(s)["pot_with_antes"]) == (0, 7)
    s = step(s, "deal_result", antes=[A, B, C, D, E, F, G], played=[B, C, E, G], tricks=tricks(7, E=3, B=1, G=1))
    assert (GAME.summary(s)["pot"], GAME.summary(s)["pot_with_antes"]) == (7, 13)
    s = step(s, "deal_result", antes=[A, B, D, E, F, G], played=[A, B, E, F], tricks=tricks(7, A=2, F=2, B=1))
    assert (GAME.summary(s)["pot"], GAME.summary(s)["pot_with_antes"]) == (26, 30)
    # During a deal the antes are in the pot already: nothing more to add.
    s = step(s, "deal", up_card="7S", antes=[B, C, D, G])
    assert (GAME.summary(s)["pot"], GAME.summary(s)["pot_with_antes"]) == (30, None)


def test_six_one_seven_player_sequence() -> None:
    """§6.1: pot 7 → 13 → 30 → 65 with each payment of the table."""
    s = start("ABCDEFG")
    # Deal 1: everyone antes (7); B C E G play; E3 B1 G1 C0; E wins 7, C pays 7.
    s = step(s, "deal_result", antes=[A, B, C, D, E, F, G], played=[B, C, E, G], tricks=tricks(7, E=3, B=1, G=1))
    d1 = GAME.summary(s)["history"][0]
    assert d1["pot_at_play"] == 7
    assert d1["taken"] == [{"seat": E, "chips": 7}]
    assert d1["payments"] == [{"seat": C, "chips": 7, "code": "bourre"}]
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
    assert d2["payments"] == [{"seat": E, "chips": 13, "code": "bourre"}]
    assert d2["exempt_next"] == [A, E, F]
    # Deal 3: antes B C D G (4) → 30; D5 C0 E0; D takes 30; C and E pay 30 each → 60.
    s = step(s, "deal_result", antes=[B, C, D, G], played=[C, D, E], tricks=tricks(7, D=5))
    d3 = GAME.summary(s)["history"][2]
    assert (d3["pot_before"], d3["pot_at_play"], d3["pot_after"]) == (26, 30, 60)
    assert d3["taken"] == [{"seat": D, "chips": 30}]
    assert d3["payments"] == [
        {"seat": C, "chips": 30, "code": "bourre"},
        {"seat": E, "chips": 30, "code": "bourre"},
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


def test_p2_split_pot_with_a_bourre() -> None:
    """§6.4 P2: 5 seated, B = 10; A2 B2 C1 D0 → split; D pays 10; next 10 + 10 + antes C, E = 22."""
    s = _carry(start("ABCDE"), 5)
    s = step(s, "deal_result", played=[A, B, C, D], tricks=[2, 2, 1, 0, 0])
    last = GAME.summary(s)["history"][-1]
    assert last["pot_at_play"] == 10 and last["tied"] == [A, B]
    assert last["payments"] == [{"seat": D, "chips": 10, "code": "bourre"}]
    s = step(s, "deal", up_card="2C", antes=[C, E])
    assert GAME.summary(s)["pot"] == 22


def test_p4_pot_limit() -> None:
    """§6.4 P4: §6.1 with limit 20: deal 3 B = 30 → D takes 20, C and E pay 20; next 10 + 40 + 5 = 55."""
    s = start("ABCDEFG", pot_limit=20)
    s = step(s, "deal_result", played=[B, C, E, G], tricks=tricks(7, E=3, B=1, G=1))
    s = step(s, "deal_result", played=[A, B, E, F], tricks=tricks(7, A=2, F=2, B=1))
    s = step(s, "deal_result", played=[C, D, E], tricks=tricks(7, D=5))
    d3 = GAME.summary(s)["history"][-1]
    assert d3["pot_at_play"] == 30 and d3["taken"] == [{"seat": D, "chips": 20}]
    assert [p["chips"] for p in d3["payments"]] == [20, 20]
    s = step(s, "deal", up_card="2C")
    assert GAME.summary(s)["pot"] == 55


@pytest.mark.parametrize(
    ("trick_row", "variants", "c_pays", "next_pot"),
    [
        # R2: A3 B1 C1, C's renege stood: A wins 8, C pays 8 and skips the ante → 12.
        ([3, 1, 1, 0, 0], {}, 8, 12),
        # R3: C also took no trick: pays once (8) → 12; stacked: 16 → 20.
        ([3, 2, 0, 0, 0], {}, 8, 12),
        ([3, 2, 0, 0, 0], {"renege_and_bourre_stack": True}, 16, 20),
        # Variants of §7 (hand calculations): double_pot 16 → 0 + 16 + 4 = 20; retraction_only: C pays 0 and
        # antes → 0 + 0 + 5 = 5.
        ([3, 1, 1, 0, 0], {"renege_uncorrected_penalty": "double_pot"}, 16, 20),
        ([3, 1, 1, 0, 0], {"renege_uncorrected_penalty": "retraction_only"}, 0, 5),
    ],
)
def test_r2_r3_uncorrected_renege_by_result_entry(
    trick_row: list[int], variants: dict[str, object], c_pays: int, next_pot: int
) -> None:
    s = _carry(start("ABCDE", **variants), 3)
    s = step(s, "deal_result", played=[A, B, C], tricks=trick_row, reneges=[C])
    last = GAME.summary(s)["history"][-1]
    assert last["pot_at_play"] == 8
    assert last["taken"] == [{"seat": A, "chips": 8}]
    assert sum(p["chips"] for p in last["payments"] if p["seat"] == C) == c_pays
    (finding,) = GAME.summary(s)["findings"]
    assert (finding["seat"], finding["source"]) == (C, "table")
    s = step(s, "deal", up_card="2C")
    assert GAME.summary(s)["pot"] == next_pot


def test_share_equally_fixed_bourre_and_dealer_for_all() -> None:
    # Hand calculation: 5 antes = 5; A2 B2 C1 D0; share_equally: A and B take 5 // 2 = 2 each, 1 stays;
    # fixed bourré 3: D pays 3; pot after = 5 − 4 + 3 = 4; no tie exemption (they took shares): D exempt only.
    s = start("ABCDE", split_pot_handling="share_equally", bourre_payment="fixed", bourre_fixed_amount=3)
    s = step(s, "deal_result", played=[A, B, C, D], tricks=[2, 2, 1, 0, 0])
    last = GAME.summary(s)["history"][-1]
    assert last["taken"] == [{"seat": A, "chips": 2}, {"seat": B, "chips": 2}]
    assert last["pot_after"] == 4 and last["exempt_next"] == [D]
    # dealer_for_all: the next dealer (B, seat 1) pays the 4 counted antes alone.
    s = start("ABCDE", ante_payer="dealer_for_all")
    s = step(s, "deal_result", played=[A, B], tricks=[5, 0, 0, 0, 0])  # A deals; B bourré pays 5
    ledger_before = GAME.summary(s)["totals"]
    s = step(s, "deal", up_card="2C", antes=[A, C, D, E])
    after = GAME.summary(s)
    assert after["deal"]["dealer"] == B
    assert [x - y for x, y in zip(after["totals"], ledger_before, strict=True)] == [0, -4, 0, 0, 0]


def test_leaving_joining_and_premature_signal() -> None:
    s = start("ABCD")
    s = step(s, "premature_signal", seat=B)  # §3.1.6: B loses the next turn to deal
    s = step(s, "deal_result", played=[A, C], tricks=[3, 0, 2, 0])  # A deals deal 1
    assert GAME.summary(s)["next_dealer"] == C  # B skipped (§5.5)
    s = step(s, "leave", seat=C)
    assert GAME.summary(s)["next_dealer"] == D  # C left: the next seated player deals (§2.3)
    s = step(s, "deal_result", played=[A, B], tricks=[3, 2, 0, 0])
    s = step(s, "join", seat=C)
    s = step(s, "deal", up_card="2C", antes=[A, B, C, D])
    assert GAME.summary(s)["deal"]["dealer"] == A
    assert GAME.summary(s)["chips_conserved"]


def test_nobody_played_carry_over() -> None:
    s = start("ABCD", all_pass_policy="carry_over")
    s = step(s, "deal_result", played=[], dealer=A)
    last = GAME.summary(s)["history"][-1]
    assert last["taken"] == [] and last["payments"] == [] and last["pot_after"] == 4
    s = step(s, "deal", up_card="2C", antes=[A, B, C, D])
    assert GAME.summary(s)["pot"] == 8


def test_summary_explains_every_number() -> None:
    s = start("ABCDEFG")
    s = step(s, "deal_result", played=[B, C, E, G], tricks=tricks(7, E=3, B=1, G=1))
    entry = GAME.summary(s)["history"][0]
    codes = [line["code"] for line in entry["explain"]]
    assert codes == ["antes", "pot_at_play", "wins_pot", "bourre", "pot_after", "exempt_next_ante"]
    assert all({"code", "seat", "text", "template", "params"} <= set(line) for line in entry["explain"])
    s = step(s, "end_session")
    result = GAME.result(s)
    assert result is not None and result.winners == (E,)


@pytest.mark.parametrize(
    ("variants", "entry", "next_antes", "next_pot"),
    [
        # Hand calculations, 5 seated A–E, 5 antes (B = 5) unless said otherwise.
        # tied_players_skip_ante=false: A2 B2 C1 → split, nobody bourré; all 5 ante → 5 + 5 = 10.
        ({"tied_players_skip_ante": False}, {"played": [A, B, C], "tricks": [2, 2, 1, 0, 0]}, [A, B, C, D, E], 10),
        # Default: the tied A and B skip the ante → 5 + 3 = 8.
        ({}, {"played": [A, B, C], "tricks": [2, 2, 1, 0, 0]}, [C, D, E], 8),
        # uncorrected_renege_forfeits_pot=false: A3 (renege) B2 → A still takes 5 and pays 5 → 5 + 4 = 9.
        (
            {"uncorrected_renege_forfeits_pot": False},
            {"played": [A, B], "tricks": [3, 2, 0, 0, 0], "reneges": [A]},
            [B, C, D, E],
            9,
        ),
        # Default: A cannot win (carry over) and pays 5 → 5 + 5 + 4 = 14.
        ({}, {"played": [A, B], "tricks": [3, 2, 0, 0, 0], "reneges": [A]}, [B, C, D, E], 14),
        # ante_amount 2: antes 10, A takes 10; C bourré pays 10; next antes A B D E × 2 = 8 → 18.
        ({"ante_amount": 2}, {"played": [A, C], "tricks": [5, 0, 0, 0, 0]}, [A, B, D, E], 18),
    ],
)
def test_variant_effects(
    variants: dict[str, object], entry: dict[str, object], next_antes: list[int], next_pot: int
) -> None:
    s = step(start("ABCDE", **variants), "deal_result", **entry)
    s = step(s, "deal", up_card="2C", antes=next_antes)
    assert GAME.summary(s)["pot"] == next_pot


def test_forfeit_variants() -> None:
    # uncorrected_renege_forfeits_deal: A deals deal 1 and reneges; B, C, D, E deal deals 2–5; A's
    # next turn (deal 6) is forfeited, so B deals it (§5.5).
    s = start("ABCDE", uncorrected_renege_forfeits_deal=True)
    s = step(s, "deal_result", played=[A, B], tricks=[3, 2, 0, 0, 0], reneges=[A])
    for _ in range(4):  # deals 2–5 by B, C, D, E: nobody plays
        s = step(s, "deal_result", played=[])
    assert GAME.summary(s)["next_dealer"] == B
    s = start("ABCDE", premature_signal_penalty="none")
    s = step(s, "premature_signal", seat=B)
    s = step(s, "deal_result", played=[])
    assert GAME.summary(s)["next_dealer"] == B
    s = start("ABCDE", dealer_must_play_on_ace=False)
    s = step(s, "deal_result", dealer=A, up_card="AS", played=[B, C], tricks=[0, 3, 2, 0, 0])
    assert GAME.summary(s)["history"][0]["winner"] == B


def test_player_count_variant_and_lone_renege() -> None:
    # docs/games/bourre.md §7.1, docs/api-errors.md: wrong_player_count is the same input error (400) in every game.
    with pytest.raises(EventFormatError) as bad:
        start("ABCDEFGH", player_count="2-7")
    assert bad.value.code == "wrong_player_count"
    s = start("ABCDE")
    with pytest.raises(RulesError) as err:
        step(s, "deal_result", played=[A], reneges=[A])
    assert err.value.code == "renege_without_play"


@pytest.mark.parametrize(
    ("variants", "tricks_by_seat", "recalled", "winner", "tied", "taken", "exempt"),
    [
        # §5.4 carry_over, tie with an offender: ordinary split; the tie exemption goes to B only.
        ({}, {A: 2, B: 2, C: 1}, [A], None, (A, B), (), {B}),
        # share_equally: P = 10, k = 2 → 5 each; A's share stays; B takes 5 and gets no tie exemption.
        ({"split_pot_handling": "share_equally"}, {A: 2, B: 2, C: 1}, [A], None, (A, B), ((B, 5),), set()),
        # next_best_eligible: A (offender, 3) is ignored; B2 C0 → B takes 10; C bourré pays.
        ({"forfeited_pot_policy": "next_best_eligible"}, {A: 3, B: 2, C: 0}, [A], B, (), ((B, 10),), {C}),
        # next_best_eligible, tie among non-offenders B1 C1: split, tie exemption for B and C.
        ({"forfeited_pot_policy": "next_best_eligible"}, {A: 3, B: 1, C: 1}, [A], None, (B, C), (), {B, C}),
        # next_best_eligible, no non-offender took a trick: carry over; B and C are bourré (exempt).
        ({"forfeited_pot_policy": "next_best_eligible"}, {A: 5, B: 0, C: 0}, [A], None, (), (), {B, C}),
    ],
)
def test_section_5_4_ties_and_forfeits(
    variants: dict[str, object],
    tricks_by_seat: dict[int, int],
    recalled: list[int],
    winner: int | None,
    tied: tuple[int, ...],
    taken: tuple[tuple[int, int], ...],
    exempt: set[int],
) -> None:
    v = BourreVariants.from_json(variants)
    out = settle(v, "ABCDE", 10, tricks_by_seat, recalled=recalled)
    assert (out.winner, out.tied, out.taken, set(out.exempt_next)) == (winner, tied, taken, exempt)
    assert out.forfeits == tuple(recalled)  # a recalled renege loses the next turn to deal (§5.2)
