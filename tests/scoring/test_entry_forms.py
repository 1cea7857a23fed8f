"""The engines describe their result-entry forms (scoring.forms, issue 13): the numbers the phone
checks come from here. Expected values are the rules files' (worked out in the comments)."""

from __future__ import annotations

from typing import Any

from scoring.registry import get_game


def _form(game: str, variants: dict[str, Any], players: int) -> dict[str, Any]:
    engine = get_game(game)
    form = engine.entry_form(engine.start(variants, [f"P{i}" for i in range(players)]))
    assert form is not None
    return form


def _field(form: dict[str, Any], name: str) -> dict[str, Any]:
    return next(f for f in form["fields"] if f["name"] == name)


def test_hearts_points_total_26_for_every_seat() -> None:
    # hearts.md §1.3: 13 hearts at 1 point and the Q♠ at 13 = 26 a hand.
    points = _field(_form("hearts", {}, 4), "points")
    assert (points["kind"], points["seats"], points["total"], points["max"]) == ("per_seat", [0, 1, 2, 3], 26, 26)
    assert points["shortcut"] == {"value": 26}
    # the last player's points follow from the others: 26 - (10 + 3 + 13) = 0, 26 - (5 + 4 + 4) = 13
    assert points["fill_last"] is True


def test_spot_hearts_points_total_117() -> None:
    # hearts.md §3.2: hearts 2 + 3 + … + 14 = 104, plus the Q♠ 13 = 117.
    form = _form("hearts", {"spot_hearts": True, "moon_scoring": "shooter_choice"}, 4)
    points = _field(form, "points")
    assert (points["total"], points["max"], points["shortcut"]) == (117, 117, {"value": 117})
    assert points["total_code"] == "points_must_total_117"  # the phone shows the engine's code on the field
    assert _field(form, "moon_choice")["when"] == {"field": "points", "has": 117}


def test_hearts_asks_for_the_jack_and_no_trick_only_when_the_house_plays_them() -> None:
    plain = _form("hearts", {}, 4)
    assert [f["name"] for f in plain["fields"]] == ["points"]
    rich = _form("hearts", {"jack_of_diamonds": "td_minus_10", "avoid_all_tricks_bonus": -5}, 4)
    assert _field(rich, "jd_taker")["card"] == "TD"
    assert _field(rich, "no_tricks")["kind"] == "seats"


def test_no_hearts_form_while_a_hand_is_played_card_by_card() -> None:
    engine = get_game("hearts")
    state = engine.start({}, ["A", "B", "C", "D"])
    state = engine.apply_json(state, "deal", {})
    assert engine.entry_form(state) is None


def test_thousand_three_players_120_card_points_and_8_tricks() -> None:
    # thousand.md §2.2: 120 card points a deal; §3.1: 24 cards, 3 hands of 7 + talon 3 → 8 tricks.
    form = _form("thousand", {}, 3)
    cards, tricks = _field(form, "card_points"), _field(form, "tricks")
    assert (cards["seats"], cards["total"], tricks["total"]) == ([0, 1, 2], 120, 8)
    assert cards["total_code"] == "card_points_must_total_120"
    contract = _field(form, "contract")
    # §4.1 compulsory 100, §4.2 step 5; the ceiling 120 + marriages 100 + 80 + 60 + 40 = 400.
    assert (contract["min"], contract["step"], contract["max"]) == (100, 5, 400)


def test_thousand_four_players_the_dealer_sits_out() -> None:
    # thousand.md §3.2: with four players the dealer (seat 0 at the start) sits out.
    form = _form("thousand", {}, 4)
    assert _field(form, "card_points")["seats"] == [1, 2, 3]
    assert _field(form, "inactive")["value"] == 0


def test_thousand_offers_only_the_outcomes_the_house_allows() -> None:
    assert _field(_form("thousand", {}, 3), "kind")["choices"] == ["played", "rospisat", "thrown_in"]
    assert "bomb" in _field(_form("thousand", {"bomb": True}, 3), "kind")["choices"]
    assert _field(_form("thousand", {"rospisat": False}, 3), "kind")["choices"] == ["played", "thrown_in"]


def test_bourre_tricks_only_for_who_played() -> None:
    # bourre.md §3.5: five tricks a deal; §4.8: tricks are entered for the players who played.
    form = _form("bourre", {}, 4)
    tricks = _field(form, "tricks")
    assert (tricks["seats_from"], tricks["total"], tricks["total_when"]) == (
        "played",
        5,
        {"field": "played", "min_seats": 2},
    )
    assert _field(form, "played")["seats"] == [0, 1, 2, 3]


def test_games_without_a_description_default_to_none() -> None:
    engine = get_game("tonk")
    assert engine.entry_form(engine.start({}, ["A", "B", "C"])) is None
