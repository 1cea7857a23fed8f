"""The engine names the field and seat a rules error concerns, so a form shows it beside them."""

from __future__ import annotations

import pytest

from scoring.errors import RulesError
from tests.scoring.thousand_helpers import A, B, played, start


def test_tricks_left_empty_name_the_tricks_field() -> None:
    # Three players, 8 tricks a deal (thousand.md §7.4); nothing typed for tricks totals 0.
    with pytest.raises(RulesError) as err:
        played(start(), A, 100, [100, 10, 10], [0, 0, 0])
    assert err.value.code == "tricks_must_total_8"
    assert err.value.field == "tricks"
    assert err.value.seat is None
    assert err.value.as_json()["field"] == "tricks"
    assert "seat" not in err.value.as_json()


def test_card_points_without_a_trick_name_the_field_and_the_seat() -> None:
    # B is given 10 card points with 0 tricks: the error concerns B's card points.
    with pytest.raises(RulesError) as err:
        played(start(), A, 100, [100, 10, 10], [7, 0, 1])
    assert err.value.code == "card_points_without_trick"
    assert (err.value.field, err.value.seat) == ("card_points", B)
    assert err.value.as_json()["seat"] == B


def test_an_error_without_a_field_names_none() -> None:
    error = RulesError("not_your_turn", "It is %(name)s's turn.", name="Ann", seat=0)
    assert error.field is None
    assert error.seat == 0  # seat 0 is a seat, not "none"
    assert error.as_json()["seat"] == 0
