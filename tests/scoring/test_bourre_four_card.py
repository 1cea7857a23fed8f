"""§7 hand_size = 4: Indiana four-card Bourré (ownerless trump card; staying costs a chip before
and after the draw; discard at most 3; a renege costs twice the pot). Expected chips are hand
calculations written in the comments."""

from __future__ import annotations

import pytest

from scoring.bourre import GAME
from scoring.errors import RulesError, VariantError
from tests.scoring.bourre_helpers import play, start, step

FOUR = {"hand_size": 4, "trump_source": "separate_card_no_owner"}
HANDS = [["AS", "KS", "2C", "3D"], ["QS", "JS", "4C", "5D"], ["2H", "3H", "4H", "5H"]]


def test_needs_an_ownerless_trump_card() -> None:
    with pytest.raises(VariantError) as err:
        GAME.start({"hand_size": 4}, ["A", "B", "C"])
    assert err.value.code == "variant_conflict"


def test_card_by_card_deal() -> None:
    s = start(3, **FOUR)
    s = step(s, "deal", dealer=2, up_card="9S", hands=HANDS)  # trump ♠, nobody's card
    assert GAME.summary(s)["deal"]["stock"] == 52 - 12 - 1
    s = step(s, "declare", seat=0, play=True)  # stays with trumps: pays 1
    with pytest.raises(RulesError) as err:
        step(s, "draw", seat=0, count=4)
    assert err.value.code == "too_many_discards"  # never all four
    s = step(s, "draw", seat=0, count=0)
    s = step(s, "declare", seat=1, play=True)
    s = step(s, "draw", seat=1, count=0)
    with pytest.raises(RulesError) as err:
        step(s, "declare", seat=2, play=True)  # only hearts and no club: may not stay
    assert err.value.code == "cannot_stay"
    s = step(s, "declare", seat=2, play=False)
    # Second chance after the draw: both stay and add a chip each.
    s = step(s, "declare", seat=0, play=True)
    s = step(s, "declare", seat=1, play=True)
    assert GAME.summary(s)["pot"] == 3 + 2 + 2
    # A♠ > Q♠ (A); K♠ > J♠ (A); A leads 2♣, B heads with 4♣ (B); B leads 5♦, A 3♦ (B): 2-2, split.
    s = play(s, "AS QS KS JS 2C 4C 5D 3D")
    last = GAME.summary(s)["history"][-1]
    assert last["tricks"] == [2, 2, 0] and last["tied"] == [0, 1] and last["taken"] == []
    assert last["pot_at_play"] == 7


def test_second_chance_fold_leaves_a_lone_player() -> None:
    # Antes 3; A stays (1), B stays (1), C passes; after the draw A stays (1), B folds:
    # A is alone and takes 3 + 1 + 1 + 1 = 6; B pays nothing more.
    s = start(3, **FOUR)
    s = step(s, "deal", dealer=2, up_card="9S")
    for seat in (0, 1):
        s = step(s, "declare", seat=seat, play=True)
        s = step(s, "draw", seat=seat, count=1)
    s = step(s, "declare", seat=2, play=False)
    s = step(s, "declare", seat=0, play=True)
    s = step(s, "declare", seat=1, play=False)
    last = GAME.summary(s)["history"][-1]
    assert last["taken"] == [{"seat": 0, "chips": 6}]
    assert GAME.summary(s)["totals"] == [6 - 3, -2, -1]


def test_result_entry_four_tricks_and_double_renege() -> None:
    s = start("ABCD", **FOUR)
    with pytest.raises(RulesError) as err:
        step(s, "deal_result", played=[0, 1], tricks=[3, 2, 0, 0])
    assert err.value.code == "tricks_must_total_4"
    # Antes 4; A and B stay and stay again (2 each), C stayed then folded after the draw (1):
    # B = 4 + 4 + 1 = 9. A 3 tricks, B 1 with a renege that stood: A takes 9; B pays twice the
    # pot (18, §7 Indiana) → next pot 18 + antes A C D = 21.
    s = step(s, "deal_result", played=[0, 1], tricks=[3, 1, 0, 0], folded_after_draw=[2], reneges=[1])
    last = GAME.summary(s)["history"][-1]
    assert last["pot_at_play"] == 9
    assert last["taken"] == [{"seat": 0, "chips": 9}]
    assert last["payments"] == [{"seat": 1, "chips": 18, "code": "renege"}]
    s = step(s, "deal", up_card="2C", antes=[0, 2, 3])
    assert GAME.summary(s)["pot"] == 21
