"""The reverse barrel (rules/thousand.md §11, §15 ``reverse_barrel``), as docs/games/thousand.md
decides it: the mirror of the standard barrel at −880, three deals to reach −1000 (and lose) or be
lifted by 120 to −760. Every number below is worked out in the comments."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import VariantError
from scoring.thousand import GAME
from scoring.thousand.variants import ThousandVariants
from tests.scoring.thousand_helpers import A, B, C, codes, enter, played, start

ON = {"reverse_barrel": True}


def test_default_off_and_negative_totals_have_no_effect() -> None:
    # §11: without the variant negative totals are plain numbers. A −850 fails 100: −950.
    state = played(start(totals=(-850, 0, 0)), A, 100, [50, 40, 30], [4, 2, 2])
    assert state.totals == (-950, 40, 30)
    assert state.reverse_barrel == (None, None, None)
    assert GAME.summary(state)["reverse_barrel"]["enabled"] is False


def test_getting_on_sets_the_total_to_minus_880() -> None:
    # A −850 fails 100: −850 − 100 = −950, in (−1000, −880] → set to −880, on with 0 of 3 used.
    # B 40 → +40; C 30 → +30.
    state = played(start(ON, totals=(-850, 0, 0)), A, 100, [50, 40, 30], [4, 2, 2])
    assert state.totals == (-880, 40, 30)
    assert state.reverse_barrel == (0, None, None)
    assert "reverse_barrel_on" in codes(state)
    rb = GAME.summary(state)["reverse_barrel"]
    assert (rb["level"], rb["losing_total"]) == (-880, -1000)
    assert rb["seats"][A] == {"seat": A, "on": True, "deals_used": 0, "deals_left": 3, "lifts": 0}


def test_exactly_minus_880_gets_on() -> None:
    # A −780 fails 100: −880 exactly → on, no clamp needed.
    state = played(start(ON, totals=(-780, 0, 0)), A, 100, [50, 40, 30], [4, 2, 2])
    assert state.totals[A] == -880 and state.reverse_barrel[A] == 0


def test_a_loss_within_the_zone_is_not_scored_and_uses_a_deal() -> None:
    # A on the reverse barrel (−880, 0 used) fails 100: −980 does not reach −1000 → stays −880,
    # deal 1 of 3 used.
    state = played(start(ON, totals=(-880, 0, 0), reverse_barrel=(0, None, None)), A, 100, [50, 40, 30], [4, 2, 2])
    assert state.totals == (-880, 40, 30)
    assert state.reverse_barrel == (1, None, None)
    assert {"reverse_barrel_stay", "reverse_barrel_deal"} <= set(codes(state))
    assert GAME.summary(state)["reverse_barrel"]["seats"][A]["deals_left"] == 2


def test_climbing_above_minus_880_takes_the_player_off() -> None:
    # A on it (1 used) defends: B makes 100 with 100; A took 18 card points → 20 → −860 > −880
    # → off, no lift; C 2 → 0.
    state = start(ON, totals=(-880, 0, 0), reverse_barrel=(1, None, None))
    state = played(state, B, 100, [18, 100, 2], [2, 5, 1])
    assert state.totals == (-860, 100, 0)
    assert state.reverse_barrel == (None, None, None)
    assert state.reverse_lifts == (0, 0, 0)
    assert "reverse_barrel_off" in codes(state)


def test_third_deal_lifts_to_minus_760() -> None:
    # A on it with 2 deals used; B makes 100; A takes one trick of three nines (0 points → entry 0):
    # −880 stays in the zone, the third deal is used → lifted +120 → −760, off, 1 lift.
    state = start(ON, totals=(-880, 0, 0), reverse_barrel=(2, None, None))
    state = played(state, B, 100, [0, 110, 10], [1, 6, 1])
    assert state.totals == (-760, 100, 10)
    assert state.reverse_barrel == (None, None, None)
    assert state.reverse_lifts == (1, 0, 0)
    assert state.history[-1].penalties[A] == 120
    assert "reverse_barrel_lift" in codes(state)


def test_reaching_minus_1000_loses_the_game() -> None:
    # A on it fails 120: −880 − 120 = −1000 → A loses; the game ends. B 60 → 60 + 300 = 360,
    # C 10 → 10 + 200 = 210: B has the highest other total and wins, C second, A last.
    state = start(ON, totals=(-880, 300, 200), reverse_barrel=(1, None, None))
    state = played(state, A, 120, [50, 60, 10], [3, 4, 1])
    assert state.totals == (-1000, 360, 210)
    assert state.result is not None
    assert state.result.winners == (B,)
    assert state.result.places == (3, 1, 2)
    assert "reverse_barrel_lost" in codes(state)
    assert GAME.legal_actions(state) == []


def test_jumping_over_the_reverse_barrel_loses_at_once() -> None:
    # A −850 (not on it) fails 150: −1000 → loses without touching −880. B and C tie on 40 + 0:
    # B 40, C 30 + 10 = 40 → equal highest totals share the win.
    state = played(start(ON, totals=(-850, 0, 10)), A, 150, [50, 40, 30], [4, 2, 2], [["S"], [], []])
    assert state.totals == (-1000, 40, 40)
    assert state.result is not None and state.result.winners == (B, C)


def test_exceed_1000_keeps_minus_1000_in_the_zone() -> None:
    # Under exceed_1000 the winning total is above 1000, so the losing total is below −1000:
    # A on it fails 120 → −1000 is still in the zone → stays −880, deal used; no loss.
    v = ON | {"win_threshold": "exceed_1000"}
    state = played(start(v, totals=(-880, 0, 0), reverse_barrel=(0, None, None)), A, 120, [50, 60, 10], [3, 4, 1])
    assert state.totals == (-880, 60, 10)
    assert state.result is None and state.reverse_barrel == (1, None, None)


def test_own_contracts_counts_only_the_players_own_deals() -> None:
    # barrel_attempts_count = own_contracts: A defends (entry 0 with a zero-point trick) → no deal used.
    v = ON | {"barrel_attempts_count": "own_contracts"}
    state = played(start(v, totals=(-880, 0, 0), reverse_barrel=(2, None, None)), B, 100, [0, 110, 10], [1, 6, 1])
    assert state.totals[A] == -880 and state.reverse_barrel[A] == 2


def test_third_bolt_on_the_reverse_barrel_loses() -> None:
    # A on it with two bolts defends without a trick: bolt 3 → −120 → −1000 → loses (§10 penalties
    # count as usual).
    state = start(ON, totals=(-880, 500, 0), reverse_barrel=(0, None, None), bolts=(2, 0, 0))
    state = played(state, B, 100, [0, 110, 10], [0, 7, 1])
    assert state.totals == (-1000, 600, 10)
    assert state.result is not None and state.result.winners == (B,)


def test_thrown_in_fine_puts_on_but_uses_no_deal() -> None:
    # misdeal_penalty: dealer A −800 − 120 = −920 → set to −880, on (0 used: thrown-in deals count
    # no deal); a second misdeal by A (now dealing again? no: the deal passes to B) — B deals.
    v = ON | {"misdeal_penalty": "dealer_minus_120_deal_passes"}
    state = enter(start(v, totals=(-800, 0, 0), dealer=A), kind="thrown_in", reason="misdeal")
    assert state.totals == (-880, 0, 0) and state.reverse_barrel == (0, None, None)
    assert state.dealer == B


def test_thrown_in_fine_can_lose() -> None:
    # Dealer A on it at −880 misdeals: −1000 → A loses; B 50 beats C 20.
    v = ON | {"misdeal_penalty": "dealer_minus_120_deal_passes"}
    state = start(v, totals=(-880, 50, 20), reverse_barrel=(1, None, None), dealer=A)
    state = enter(state, kind="thrown_in", reason="misdeal")
    assert state.totals == (-1000, 50, 20)
    assert state.result is not None and state.result.winners == (B,)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"reverse_barrel": "sometimes"}, "invalid_variant_type"),
        ({"reverse_barrel": True, "barrel_mode": "lviv"}, "variant_conflict"),
    ],
)
def test_validation(raw: dict[str, Any], code: str) -> None:
    with pytest.raises(VariantError) as err:
        ThousandVariants.from_json(raw)
    assert err.value.code == code


def test_catalogue_lists_both_values() -> None:
    (row,) = [r for r in GAME.catalogue()["variants"] if r["key"] == "reverse_barrel"]
    assert row["default"] is False
    assert ThousandVariants.from_json({"reverse_barrel": True}).reverse_barrel is True
