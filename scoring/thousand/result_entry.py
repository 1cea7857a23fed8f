"""Result entry: one :class:`DealResult` per deal (rules/thousand.md §7.4)."""

from __future__ import annotations

from dataclasses import replace

from scoring.errors import RulesError
from scoring.explain import N_
from scoring.thousand.deal_scoring import Outcome, score_deal
from scoring.thousand.events import DealResult
from scoring.thousand.match import FINE, current_seating, is_silenced, minimum_bid, on_barrel, throw_in
from scoring.thousand.rules import TOTAL_POINTS, Seating, rule, tricks_per_deal
from scoring.thousand.state import ThousandState

R74 = rule("§7.4")


def fail(code: str, message: str, section: str = "§7.4", **params: object) -> RulesError:
    return RulesError(code, message, rule=rule(section), **params)


def fix_dealer(state: ThousandState, dealer: int | None) -> ThousandState:
    """The first deal may name its dealer (§3.1: first dealer at random); later ones must agree."""
    if dealer is None:
        return state
    if not 0 <= dealer < state.seats:
        raise fail("no_such_seat", "Dealer %(seat)s is not a seat of this table.", "§3.1", seat=dealer)
    if state.dealer_fixed:
        if dealer != state.dealer:
            raise fail(
                "wrong_dealer",
                "%(name)s deals now, not %(other)s (§3.1).",
                "§3.1",
                dealer=dealer,
                name=state.name(state.dealer),
                other=state.name(dealer),
            )
        return state
    return replace(state, dealer=dealer, dealer_fixed=True)


def throw_in_allowed(state: ThousandState, reason: str) -> None:
    v = state.variants
    allowed, template = {
        "four_nines": (v.four_nines_redeal != "off", N_("This table has no four-nines redeal.")),
        "three_nines": (v.four_nines_redeal == "three_nines", N_("This table has no three-nines redeal.")),
        "low_talon": (v.low_talon_redeal is not None, N_("This table has no low-talon redeal.")),
        "weak_hand": (v.weak_hand_redeal is not None, N_("This table has no weak-hand redeal.")),
        "four_jacks": (v.four_jacks_redeal, N_("This table has no four-jacks redeal.")),
        "misdeal": (True, ""),
        "bottom_card": (v.jack_bottom_recut != "off", N_("This table has no bottom-card re-cut.")),
        "renege_replay": (v.renege_penalty == "replay", N_("This table does not replay a reneged deal.")),
    }[reason]
    if not allowed:
        raise fail_from("redeal_not_allowed", template, "§5.3", reason=reason)


def fail_from(code: str, template: str, section: str, **params: object) -> RulesError:
    """``fail`` with a template from a table (marked with ``N_`` where it is written)."""
    return fail(code, template, section, **params)


def on_step(state: ThousandState, amount: int) -> bool:
    return amount % state.variants.step_at(amount) == 0


def check_contract(state: ThousandState, seat: Seating, declarer: int, contract: int, blind: bool) -> None:
    """A final contract that the table's bidding rules allow (§4.1–§4.7, §9.6)."""
    v = state.variants
    low = minimum_bid(state)
    if contract < low:
        raise fail(
            "bid_below_minimum",
            "The contract %(contract)s is below the minimum %(minimum)s.",
            "§4.1",
            minimum=low,
            contract=contract,
        )
    if not on_step(state, contract):
        step = v.step_at(contract)
        raise fail(
            "bid_off_step",
            "The contract %(contract)s is not a multiple of %(step)s.",
            "§4.2",
            step=step,
            contract=contract,
        )
    cap = None if v.bid_ceiling == "unlimited" else TOTAL_POINTS + 280 + v.four_aces_bonus
    if cap is not None and contract > cap:
        raise fail(
            "bid_above_ceiling",
            "No hand can make %(amount)s: at most %(maximum)s.",
            "§4.3",
            maximum=cap,
            amount=contract,
        )
    if v.lviv and on_barrel(state, declarer) and contract > TOTAL_POINTS:
        raise fail(
            "barrel_bid_limit",
            "At the Lviv barrel marriages are worth nothing: at most %(maximum)s.",
            "§9.6",
            maximum=TOTAL_POINTS,
        )
    if blind:
        if not v.blind_bidding:
            raise fail("blind_not_allowed", "This table does not play blind bids.", "§4.6")
        if v.blind_max_bid is not None and contract > v.blind_max_bid:
            raise fail("blind_bid_too_high", "A blind bid may be at most %(maximum)s.", "§4.6", maximum=v.blind_max_bid)
    if is_silenced(state, declarer) and (contract != low or declarer != _opener(state, seat)):
        raise fail(
            "silenced_player_bid",
            "%(name)s is silenced: only the compulsory %(minimum)s as the opener (§4.5).",
            "§4.5",
            seat=declarer,
            name=state.name(declarer),
            minimum=low,
        )


def _opener(state: ThousandState, seat: Seating) -> int:
    return seat.dealer if state.variants.compulsory_bidder == "dealer_if_all_pass" else seat.first


def check_give_up(state: ThousandState, seat: Seating, kind: str, declarer: int, contract: int) -> None:
    """Whether a give-up kind is available (§7.4 last bullet, §8, §5.2)."""
    v = state.variants
    uncontested = contract == minimum_bid(state) and declarer == _opener(state, seat)
    if kind == "rospisat":
        if not v.rospisat:
            raise fail("rospisat_not_allowed", "This table does not play Rospisat'.", "§8.1")
        count = state.rospisat_counts[declarer]
        limit = {"two_per_game": 2, "one_plus_one_spisat": 1}.get(v.rospisat_limit)
        if limit is not None and count >= limit:
            raise fail(
                "rospisat_limit",
                "%(name)s has used up their Rospisat' (%(limit)s allowed).",
                "§8.1",
                limit=limit,
                seat=declarer,
                name=state.name(declarer),
            )
        if not v.rospisat_on_barrel and on_barrel(state, declarer):
            raise fail("rospisat_on_barrel", "A player on the barrel may not declare Rospisat' here.", "§8.1")
    elif kind == "spisat":
        if v.rospisat_limit != "one_plus_one_spisat":
            raise fail("spisat_not_allowed", "Spisat' exists only with one_plus_one_spisat.", "§8.1")
        if state.spisat_counts[declarer] >= 1:
            raise fail(
                "spisat_limit", "%(name)s has used their Spisat'.", "§8.1", seat=declarer, name=state.name(declarer)
            )
    elif kind == "bomb":
        if not v.bomb:
            raise fail("bomb_not_allowed", "This table does not play bombs.", "§8.2")
        if state.bombs_used[declarer]:
            raise fail("bomb_used", "%(name)s has used their bomb.", "§8.2", seat=declarer, name=state.name(declarer))
        if not uncontested:
            raise fail("bomb_needs_uncontested", "A bomb needs the compulsory bid, uncontested.", "§8.2")
    elif kind == "dark_give_up":
        if v.talon_visibility != "dark_if_uncontested_100" or not v.dark_give_up:
            raise fail("dark_give_up_not_allowed", "This table has no dark-talon give-up.", "§5.2")
        if not uncontested:
            raise fail("dark_give_up_needs_uncontested", "The dark give-up needs an uncontested opening.", "§5.2")


def _per_seat(state: ThousandState, values: tuple[int, ...] | None, name: str) -> tuple[int, ...]:
    points = name == "card_points"
    if values is None:
        raise fail(
            f"{name}_required",
            "A played deal needs card points for each seat." if points else "A played deal needs tricks for each seat.",
        )
    if len(values) != state.seats:
        raise fail(
            f"{name}_per_seat",
            "Give card points for each of the %(seats)s seats, not %(given)s."
            if points
            else "Give tricks for each of the %(seats)s seats, not %(given)s.",
            seats=state.seats,
            given=len(values),
        )
    for s, value in enumerate(values):
        if value < 0:
            raise fail(
                f"negative_{name}",
                "%(name)s cannot have %(value)s card points." if points else "%(name)s cannot have %(value)s tricks.",
                seat=s,
                name=state.name(s),
                value=value,
            )
    return values


def took_tricks(points: tuple[int, ...], tricks: tuple[int, ...] | None) -> tuple[bool, ...]:
    """Who took at least one trick. Tricks are optional: bolts (§10) and the trick checks of §7.4
    need only whether a player took a trick, and a player with card points did. Left out, a player
    without card points counts as trickless; a trick worth nothing (9-9-9) needs the tricks given."""
    return tuple(t > 0 for t in (tricks if tricks is not None else points))


def _played_checks(state: ThousandState, seat: Seating, e: DealResult, forfeit: bool) -> None:
    points = _per_seat(state, e.card_points, "card_points")
    tricks = None if e.tricks is None else _per_seat(state, e.tricks, "tricks")
    if seat.inactive is not None and (points[seat.inactive] or (tricks and tricks[seat.inactive])):
        raise fail(
            "inactive_seat_played",
            "%(name)s sat out this deal.",
            "§3.2",
            seat=seat.inactive,
            name=state.name(seat.inactive),
        )
    if sum(points) != TOTAL_POINTS and not (forfeit and sum(points) <= TOTAL_POINTS):
        raise fail(
            "card_points_must_total_120",
            "Card points in a deal total 120, not %(total)s.",
            "§2.2",
            total=sum(points),
            field="card_points",
        )
    if tricks is not None:
        _trick_checks(state, seat, points, tricks, forfeit)
    _announcement_checks(state, seat, e, took_tricks(points, tricks))


def _trick_checks(
    state: ThousandState, seat: Seating, points: tuple[int, ...], tricks: tuple[int, ...], forfeit: bool
) -> None:
    total_tricks = tricks_per_deal(len(seat.active))
    if sum(tricks) != total_tricks and not (forfeit and sum(tricks) <= total_tricks):
        raise fail(
            f"tricks_must_total_{total_tricks}",
            "Tricks in a deal total %(count)s, not %(total)s.",
            total=sum(tricks),
            count=total_tricks,
            field="tricks",
        )
    for s in seat.active:
        if points[s] and not tricks[s]:
            raise fail(
                "card_points_without_trick",
                "%(name)s took no trick but is given card points.",
                seat=s,
                name=state.name(s),
                field="card_points",
            )


def _announcement_checks(state: ThousandState, seat: Seating, e: DealResult, took: tuple[bool, ...]) -> None:
    v = state.variants
    marriages = e.marriages
    if marriages and len(marriages) != state.seats:
        raise fail("marriages_per_seat", "Give marriages for each of the %(seats)s seats.", seats=state.seats)
    seen: set[object] = set()
    announcements = [0] * state.seats
    for s, suits in enumerate(marriages):
        if suits and s not in seat.active:
            raise fail("inactive_seat_played", "%(name)s sat out this deal.", "§3.2", seat=s, name=state.name(s))
        for suit in suits:
            if suit in seen:
                raise fail("marriage_suit_claimed_twice", "The %(suit)s marriage is credited twice.", suit=suit.symbol)
            seen.add(suit)
            announcements[s] += 1
    if e.four_aces is not None:
        if not v.four_aces_bonus:
            raise fail("four_aces_not_allowed", "This table does not score four aces.", "§6.5")
        if e.four_aces not in seat.active:
            raise fail(
                "declarer_not_active",
                "%(name)s is not active in this deal.",
                seat=e.four_aces,
                name=state.name(e.four_aces),
            )
        announcements[e.four_aces] += 1
    for s in seat.active:
        if announcements[s] and not took[s]:
            first_lead = not v.marriage_requires_won_trick and s == e.declarer and announcements[s] == 1
            if not first_lead:
                raise fail(
                    "marriage_without_trick",
                    "%(name)s took no trick and so could not announce (§6.4).",
                    "§6.4",
                    seat=s,
                    name=state.name(s),
                )


def apply_deal_result(state: ThousandState, e: DealResult) -> ThousandState:
    v = state.variants
    state = fix_dealer(state, e.dealer)
    seat = current_seating(state)
    if e.kind == "thrown_in":
        if e.reason is None:
            raise fail("reason_required", "A thrown-in deal needs its reason (§5.3).")
        throw_in_allowed(state, e.reason)
        return throw_in(state, e.reason, None, "result")
    if e.reason is not None:
        raise fail("reason_not_allowed", "Only a thrown-in deal has a reason.")
    if e.declarer is None or e.contract is None:
        raise fail("declarer_required", "Give the declarer and the final contract.")
    if e.declarer not in seat.active:
        raise fail(
            "declarer_not_active",
            "%(name)s is not active in this deal.",
            seat=e.declarer,
            name=state.name(e.declarer),
        )
    if state.seats == 4 and e.inactive is not None and e.inactive != seat.inactive:
        raise fail(
            "wrong_inactive_seat",
            "%(name)s sits out this deal, not %(other)s.",
            "§3.2",
            seat=e.inactive,
            name=state.name(seat.inactive),
            other=state.name(e.inactive),
        )
    if state.seats != 4 and e.inactive is not None:
        raise fail("no_inactive_seat", "Only a four-player table has a seat that sits out.", "§3.2")
    check_contract(state, seat, e.declarer, e.contract, e.blind)
    talon = None
    if state.seats == 4 and v.four_player_inactive_bonus != "none":
        if e.talon is None or len(e.talon) != 3 or len(set(e.talon)) != 3:
            raise fail("talon_required", "Give the three talon cards for the sitting-out player's bonus.", "§3.2")
        talon = e.talon
    fines: tuple[tuple[int, int, str], ...] = ()
    offender = None
    if e.renege_by is not None:
        if e.renege_by not in seat.active:
            raise fail(
                "no_such_seat",
                "%(name)s did not play this deal.",
                "§16.4",
                seat=e.renege_by,
                name=state.name(e.renege_by),
            )
        if e.kind != "played":
            raise fail("renege_needs_play", "A renege needs a played deal.", "§16.4")
        if v.renege_penalty == "replay":
            raise fail("renege_replay", "This table replays a reneged deal: enter it as thrown in.", "§16.4")
        if v.renege_penalty == "fixed_120":
            fines = ((e.renege_by, FINE, "renege"),)
        else:
            offender = e.renege_by
    if e.kind == "played":
        _played_checks(state, seat, e, forfeit=offender is not None)
        outcome = Outcome(
            "played",
            e.declarer,
            e.contract,
            seat.active,
            seat.inactive,
            e.blind,
            e.card_points or (),
            e.tricks or (),
            e.marriages or ((),) * state.seats,
            e.four_aces,
            talon,
            offender,
            fines,
            took=took_tricks(e.card_points or (), e.tricks),
        )
    else:
        if e.card_points is not None or e.tricks is not None or e.marriages or e.four_aces is not None:
            raise fail("give_up_has_no_play", "A deal given up before the first lead has no card points.", "§8")
        check_give_up(state, seat, e.kind, e.declarer, e.contract)
        outcome = Outcome(e.kind, e.declarer, e.contract, seat.active, seat.inactive, e.blind, talon=talon)
    return score_deal(state, outcome)
