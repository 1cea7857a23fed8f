"""The paper sheet in the summary (scoring/thousand/sheet.py) and deals entered without tricks (§7.4).

Numbers are worked by hand from rules/thousand.md: §7.1–§7.2 (declarer ±bid, defenders rounded to
5), §8.1 (Rospisat': declarer 0 and Р, opponents +60), §9 (barrel at 880, three deals, −120 on
falling off), §10 (a trickless defender gets a bolt, every third costs 120).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.state import ThousandState
from tests.scoring.thousand_helpers import A, B, C, enter, start


def deal(state: ThousandState, points: list[int], **extra: Any) -> ThousandState:
    """A played deal declared by A at 100, entered without tricks (as the phone sends it)."""
    return enter(state, declarer=A, contract=100, card_points=points, **extra)


def cell(state: ThousandState, seat: int, index: int = -1) -> dict[str, Any]:
    cell: dict[str, Any] = GAME.summary(state)["history"][index]["cells"][seat]
    return cell


def marks(state: ThousandState, seat: int, index: int = -1) -> list[object]:
    return [m["mark"] for m in cell(state, seat, index)["marks"]]


def test_played_deal_without_tricks_scores_and_bolts_from_card_points() -> None:
    # A 110 ≥ 100: +100; B 10 → 10; C took nothing: 0 and a bolt (§10).
    state = deal(start(), [110, 10, 0])
    assert state.totals == (100, 10, 0)
    assert state.bolts == (0, 0, 1)
    assert GAME.summary(state)["history"][-1]["tricks"] is None
    assert marks(state, C) == ["bolt"]
    assert marks(state, B) == []


def test_tricks_still_count_when_given_a_trick_worth_nothing() -> None:
    # C took one trick of three nines (0 card points): no bolt, because the tricks say so.
    state = deal(start(), [110, 10, 0], tricks=[6, 1, 1])
    assert state.bolts == (0, 0, 0)


def test_a_marriage_without_card_points_or_tricks_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        deal(start(), [100, 20, 0], marriages=[[], [], ["H"]])
    assert err.value.code == "marriage_without_trick"


def test_a_wrong_trick_total_is_still_refused_when_tricks_are_given() -> None:
    with pytest.raises(RulesError) as err:
        deal(start(), [100, 10, 10], tricks=[6, 1, 0])
    assert err.value.code == "tricks_must_total_8"


def test_third_bolt_penalty_shows_in_its_cell() -> None:
    # C stands at 10 with two bolts; a third trickless deal: 10 − 120 = −110, the cell −120.
    state = deal(start(totals=(0, 0, 10), bolts=(0, 0, 2)), [110, 10, 0])
    assert state.totals == (100, 10, -110)
    c = cell(state, C)
    assert c["score"] == -120
    assert [m["mark"] for m in c["marks"]] == ["bolt", "fine"]
    assert c["marks"][1]["amount"] == -120
    assert GAME.summary(state)["history"][-1]["scores"] == [100, 10, -120]


def test_rospisat_writes_r_in_the_declarers_cell() -> None:
    state = enter(start(), kind="rospisat", declarer=A, contract=100)
    assert state.totals == (0, 60, 60)
    assert marks(state, A) == ["rospisat"]
    assert cell(state, A)["score"] == 0
    assert marks(state, B) == []


def test_third_rospisat_costs_120_in_its_cell() -> None:
    state = enter(start(totals=(200, 0, 0), rospisat_counts=(2, 0, 0)), kind="rospisat", declarer=A, contract=100)
    assert state.totals == (80, 60, 60)
    assert cell(state, A)["score"] == -120
    assert marks(state, A) == ["rospisat", "fine"]


def test_barrel_on_deals_left_and_fall_in_the_cells() -> None:
    # B goes 835 → 845 as a defender, then gets 60 from A's Rospisat': 905 is in the barrel zone,
    # set to 880 (+35 in the cell, §9.1).
    state = deal(start(totals=(0, 835, 0)), [110, 10, 0])
    state = enter(state, kind="rospisat", declarer=A, contract=100)
    assert state.totals == (100, 880, 60)
    assert cell(state, B)["score"] == 35
    assert marks(state, B) == ["barrel_on"]
    # Three deals on the barrel as a defender score nothing (§9.3); after the third: −120, 760.
    for used in (1, 2):
        state = deal(state, [110, 10, 0])
        assert cell(state, B)["score"] == 0
        barrel = cell(state, B)["marks"][0]
        assert (barrel["mark"], barrel["deals_left"]) == ("barrel", 3 - used)
    state = deal(state, [110, 10, 0])
    assert state.totals[B] == 760
    assert cell(state, B)["score"] == -120
    assert marks(state, B) == ["barrel_fell"]


def why(state: ThousandState, seat: int) -> list[object]:
    entry = GAME.summary(state)["history"][-1]
    w = entry["cells"][seat]["why"]
    return [w["title"]["text"], *(entry["explain"][i]["text"] for i in w["lines"]), w["total"]["text"]]


def test_why_explains_only_that_players_number_in_that_deal() -> None:
    state = deal(start(), [110, 10, 0])
    assert why(state, A) == ["Deal 1, A: +100.", "Declarer took 110 ≥ contract 100: +100.", "Total after deal 1: 100."]
    assert why(state, C) == ["Deal 1, C: 0.", "Defender took 0.", "Bolt 1 (§10).", "Total after deal 1: 0."]


def test_marks_point_at_their_explanation_line() -> None:
    state = deal(start(totals=(0, 0, 10), bolts=(0, 0, 2)), [110, 10, 0])
    entry = GAME.summary(state)["history"][-1]
    lines = [entry["explain"][m["line"]]["text"] for m in entry["cells"][C]["marks"]]
    assert lines == ["Bolt 3 (§10).", "3 bolts: −120."]


def test_form_offers_contract_chips_around_the_last_bid_and_optional_tricks() -> None:
    # §4.1 minimum 100, §4.2 step 5: after a deal at 100 the chips are 100…125; after one at 140,
    # the minimum and two steps below it up to two above: 100, 130…150.
    form = GAME.entry_form(deal(start(), [110, 10, 0]))
    assert form is not None
    contract = next(f for f in form["fields"] if f["name"] == "contract")
    assert contract["chips"] == [100, 105, 110, 115, 120, 125]
    later = GAME.entry_form(enter(start(), declarer=A, contract=140, card_points=[120, 0, 0]))
    assert later is not None
    assert next(f for f in later["fields"] if f["name"] == "contract")["chips"] == [100, 130, 135, 140, 145, 150]
    tricks = next(f for f in form["fields"] if f["name"] == "tricks")
    assert (tricks["required"], tricks["main"]) == (False, False)


def test_the_last_trick_and_who_took_it_stay_in_the_deal_summary() -> None:
    # T-22 (test_thousand_cardplay): T1 A♠ 9♠ Q♣ led by A is A's (no trumps yet, the ace is high,
    # §2.1); it stays the last trick while T2 is played, until T2 is complete.
    from tests.scoring.test_thousand_cardplay import plays, t22_state

    state = t22_state({})
    assert GAME.summary(state)["current_deal"]["last_trick"] is None
    state = plays(state, "AS 9S QC KH!")
    last = GAME.summary(state)["current_deal"]["last_trick"]
    assert last == {"leader": A, "cards": ["AS", "9S", "QC"], "seats": [A, B, C], "winner": A}
    # T2 K♥! A♥ J♥: B's ace takes it (hearts are trumps from the marriage, §6.4).
    state = plays(state, "AH JH")
    last = GAME.summary(state)["current_deal"]["last_trick"]
    assert (last["cards"], last["winner"]) == (["KH", "AH", "JH"], B)
