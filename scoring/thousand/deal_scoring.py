"""The end-of-deal algorithm (rules/thousand.md §13), shared by result entry and card play.

A deal is reduced to an :class:`Outcome` (who declared what, card points, tricks and announcements
per seat, or the give-up kind); :func:`score_deal` then runs §13 steps 2–10 in order: raw entries,
multipliers, barrel overrides, bolts and Р, totals, barrel entry and collisions, the barrel clock,
samosval, the win check. Every number gets an explanation line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scoring.cards import ACE, Card, Suit
from scoring.explain import N_, Note
from scoring.thousand.match import after_deal
from scoring.thousand.reverse_barrel import reverse_barrel_steps
from scoring.thousand.rules import marriage_value, note, pairs_in, points_of, round_to, round_up
from scoring.thousand.state import DealRecord, ThousandState
from scoring.thousand.variants import ThousandVariants

GIVE_UPS = ("rospisat", "spisat", "bomb", "dark_give_up")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one deal produced, before any scoring rule is applied."""

    kind: str  # played | rospisat | spisat | bomb | dark_give_up
    declarer: int
    contract: int
    active: tuple[int, ...]
    inactive: int | None = None
    blind: bool = False
    card_points: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    marriages: tuple[tuple[Suit, ...], ...] = ()
    four_aces: int | None = None
    talon: tuple[Card, ...] | None = None
    offender: int | None = None  # §16.4 contract_forfeit
    fines: tuple[tuple[int, int, str], ...] = ()  # (seat, amount, why), never multiplied
    mode: str = "result"
    took: tuple[bool, ...] = ()  # who took a trick, when the entry gave no tricks (§7.4)

    def trickless(self, seat: int) -> bool:
        return self.tricks[seat] == 0 if self.tricks else not self.took[seat]


def rospisat_award(contract: int, variants: ThousandVariants) -> int:
    """§8.1: 60, or half the contract rounded up to 5 or 10.

    >>> v = ThousandVariants.from_json({"rospisat_award": "half_bid_up_5"})
    >>> [rospisat_award(b, v) for b in (100, 105, 120, 145, 150, 155)]
    [50, 55, 60, 75, 75, 80]
    """
    if variants.rospisat_award == "fixed_60":
        return 60
    step = 5 if variants.rospisat_award == "half_bid_up_5" else 10
    return round_up(-(-contract // 2), step)


def inactive_bonus(talon: tuple[Card, ...], variants: ThousandVariants, seat: int | None = None) -> tuple[int, Note]:
    """§3.2 the sitting-out player's score from the talon, with its explanation.

    >>> from scoring.cards import parse_cards
    >>> value, why = inactive_bonus(parse_cards("AS KH QH"), ThousandVariants(four_player_inactive_bonus="aces_and_pair"))
    >>> value, why.text
    (140, 'Sitting out: 1 ace × 40 + pair 100 = 140 (§3.2).')
    """
    pair = sum(marriage_value(s, variants) for s in pairs_in(talon))
    if variants.four_player_inactive_bonus == "aces_and_pair":
        aces = sum(1 for c in talon if c.rank == ACE)
        value = 40 * aces + pair
        return value, Note(
            "inactive_bonus",
            "Sitting out: %(count)s ace × 40 + pair %(pair)s = %(value)s (§3.2).",
            seat,
            plural="Sitting out: %(count)s aces × 40 + pair %(pair)s = %(value)s (§3.2).",
            count=aces,
            pair=pair,
            value=value,
        )
    cards = points_of(talon)
    value = round_to(cards, variants.defender_rounding_step) + pair
    return value, Note(
        "inactive_bonus",
        "Sitting out: talon card points %(points)s rounded + pair %(pair)s = %(value)s (§3.2).",
        seat,
        points=cards,
        pair=pair,
        value=value,
    )


#: The explanation of a give-up (§5.2, §8) for the declarer, and for each opponent.
GIVE_UP_NOTES = {
    "rospisat": (
        N_("Rospisat' (Р) at %(contract)s: declarer %(entry)s."),
        N_("Opponent of the Rospisat' (Р): +%(award)s."),
    ),
    "spisat": (N_("Spisat' at %(contract)s: declarer %(entry)s."), N_("Opponent of the Spisat': +%(award)s.")),
    "bomb": (N_("Bomb at %(contract)s: declarer %(entry)s."), N_("Opponent of the Bomb: +%(award)s.")),
    "dark_give_up": (
        N_("Dark-talon give-up at %(contract)s: declarer %(entry)s."),
        N_("Opponent of the Dark-talon give-up: +%(award)s."),
    ),
}
#: A fine outside the §13 multipliers (§16.4 ``fixed_120``), by what it punishes.
FINE_NOTES = {
    "renege": N_("Renege: −%(amount)s."),
    "must_follow_suit": N_("Did not follow suit, proven: −%(amount)s."),
    "must_trump": N_("Did not trump, proven: −%(amount)s."),
    "must_head_trick": N_("Did not beat the best card, proven: −%(amount)s."),
    "illegal_marriage": N_("Illegal marriage, proven: −%(amount)s."),
    "illegal_four_aces": N_("Illegal four aces, proven: −%(amount)s."),
    "illegal_bid": N_("Illegal bid, proven: −%(amount)s."),
    "illegal_blind_bid": N_("Illegal blind bid, proven: −%(amount)s."),
    "illegal_raise": N_("Illegal raise, proven: −%(amount)s."),
}


def score_deal(state: ThousandState, o: Outcome) -> ThousandState:
    """§13 steps 2–10 for one deal that reached a result."""
    v = state.variants
    n = state.seats
    level = v.effective_barrel_level
    win = v.win_total
    start = state.totals
    notes: list[Note] = []
    on_barrel = [not v.lviv and state.barrel[s] is not None for s in range(n)]
    at_lviv = [v.lviv and level <= start[s] < win for s in range(n)]
    decl, bid = o.declarer, o.contract
    defenders = [s for s in o.active if s != decl]
    played = o.kind == "played"

    # step 2: raw entries
    bonus = [0] * n
    if played:
        for s in o.active:
            for suit in o.marriages[s] if o.marriages else ():
                value = marriage_value(suit, v)
                if at_lviv[s]:
                    notes.append(
                        Note("lviv_marriage_void", "Marriage %(suit)s is worth 0 at the barrel.", s, suit=suit.symbol)
                    )
                    continue
                bonus[s] += value
                notes.append(Note("marriage", "Marriage %(suit)s: +%(value)s.", s, suit=suit.symbol, value=value))
        if o.four_aces is not None:
            if at_lviv[o.four_aces]:
                notes.append(Note("lviv_marriage_void", "Four aces are worth 0 at the barrel.", o.four_aces))
            else:
                bonus[o.four_aces] += v.four_aces_bonus
                notes.append(Note("four_aces", "Four aces: +%(value)s.", o.four_aces, value=v.four_aces_bonus))
    raw = [0] * n
    made = False
    if played:
        total = o.card_points[decl] + bonus[decl]
        compared = round_to(total, 5) if v.declarer_rounding else total
        if o.offender is not None:
            made = o.offender != decl
            if made:
                notes.append(
                    Note(
                        "forfeit",
                        "Contract counted as made: %(name)s reneged (§16.4).",
                        decl,
                        name=state.name(o.offender),
                    )
                )
            else:
                notes.append(Note("forfeit", "Contract counted as failed: the declarer reneged (§16.4).", decl))
        else:
            made = compared >= bid
            if made and compared != total:
                line = N_("Declarer took %(points)s rounded to %(rounded)s ≥ contract %(contract)s: +%(contract)s.")
            elif made:
                line = N_("Declarer took %(points)s ≥ contract %(contract)s: +%(contract)s.")
            elif compared != total:
                line = N_("Declarer took %(points)s rounded to %(rounded)s < contract %(contract)s: −%(contract)s.")
            else:
                line = N_("Declarer took %(points)s < contract %(contract)s: −%(contract)s.")
            code = "declarer_made" if made else "declarer_failed"
            notes.append(note(code, line, decl, points=total, rounded=compared, contract=bid))
        raw[decl] = bid if made else -bid
        for d in defenders:
            if o.offender == d:
                notes.append(Note("forfeit_offender", "Reneged: entry 0 (§16.4).", d))
                continue
            step = 1 if at_lviv[d] and v.barrel_defender_rounding == "exact" else v.defender_rounding_step
            value = o.card_points[d] + bonus[d]
            raw[d] = round_to(value, step)
            notes.append(
                Note(
                    "defender_points",
                    "Defender took %(points)s, rounded to %(rounded)s."
                    if raw[d] != value
                    else "Defender took %(points)s.",
                    d,
                    points=value,
                    rounded=raw[d],
                )
            )
    else:
        award = {"rospisat": rospisat_award(bid, v), "spisat": 0, "bomb": 60, "dark_give_up": 50}[o.kind]
        raw[decl] = -bid if o.kind in ("spisat", "dark_give_up") else 0
        declarer_line, opponent_line = GIVE_UP_NOTES[o.kind]
        notes.append(note(o.kind, declarer_line, decl, contract=bid, entry=raw[decl]))
        for d in defenders:
            raw[d] = award
            notes.append(note(f"{o.kind}_award", opponent_line, d, award=award))
    if o.inactive is not None and v.four_player_inactive_bonus != "none" and o.talon is not None:
        value, why = inactive_bonus(o.talon, v, o.inactive)
        if on_barrel[o.inactive] or at_lviv[o.inactive]:
            notes.append(Note("inactive_on_barrel", "Sitting out on the barrel: no talon bonus (§3.2).", o.inactive))
        else:
            raw[o.inactive] = value
            notes.append(why)

    # step 3: multipliers (§4.6, §4.7)
    m_decl = (2 if state.gold_active else 1) * (2 if o.blind else 1)
    m_other = (2 if state.gold_active else 1) * (2 if o.blind and v.blind_multiplier_applies_to == "all" else 1)
    entries = [raw[s] * (m_decl if s == decl else m_other) for s in range(n)]
    if m_decl > 1 or m_other > 1:
        if state.gold_active and o.blind:
            line = N_("Gold set and blind: declarer ×%(declarer)s, others ×%(others)s.")
        else:
            line = (
                N_("Gold set: declarer ×%(declarer)s, others ×%(others)s.")
                if state.gold_active
                else N_("Blind: declarer ×%(declarer)s, others ×%(others)s.")
            )
        notes.append(note("multiplier", line, None, declarer=m_decl, others=m_other))

    # step 4: barrel overrides (standard)
    for s in range(n):
        if not on_barrel[s]:
            continue
        if s == decl:
            if entries[s] > 0 and level + entries[s] < win:
                notes.append(
                    Note(
                        "barrel_stay",
                        "On the barrel: made %(entry)s but not a win; stays %(level)s.",
                        s,
                        entry=entries[s],
                        level=level,
                    )
                )
                entries[s] = 0
            elif entries[s] > 0:
                notes.append(
                    Note("barrel_win", "On the barrel: %(level)s + %(entry)s wins.", s, level=level, entry=entries[s])
                )
            elif entries[s] < 0:
                notes.append(
                    Note("barrel_off", "On the barrel: %(entry)s, off the barrel (§9.3).", s, entry=entries[s])
                )
        elif entries[s]:
            notes.append(Note("barrel_no_defence", "On the barrel: %(entry)s not scored (§9.3).", s, entry=entries[s]))
            entries[s] = 0

    # step 5: counters and penalties
    penalties = [0] * n
    bolts, r_counts = list(state.bolts), list(state.rospisat_counts)
    spisat, bombs = list(state.spisat_counts), list(state.bombs_used)
    if played and o.offender is None:
        for s in o.active:
            trickless = o.trickless(s)
            if s == decl:
                bolt = trickless and v.declarer_can_bolt
            else:
                bolt = trickless or (v.bolt_trigger == "zero_score" and raw[s] == 0)
            if bolt and on_barrel[s]:
                notes.append(Note("barrel_no_bolt", "No bolt while on the barrel (§10).", s))
            elif bolt:
                bolts[s] += 1
                notes.append(Note("bolt", "Bolt %(number)s (§10).", s, number=bolts[s]))
                if bolts[s] >= v.bolts_per_penalty:
                    penalties[s] -= v.bolt_penalty
                    bolts[s] = 0
                    notes.append(
                        Note(
                            "bolt_penalty",
                            "%(count)s bolt: −%(penalty)s.",
                            s,
                            plural="%(count)s bolts: −%(penalty)s.",
                            count=v.bolts_per_penalty,
                            penalty=v.bolt_penalty,
                        )
                    )
            elif v.bolts_consecutive_only and not trickless and bolts[s]:
                bolts[s] = 0
                notes.append(Note("bolt_reset", "Took a trick: bolt count back to 0.", s))
    elif o.kind == "rospisat":
        r_counts[decl] += 1
        notes.append(Note("rospisat_count", "Р number %(number)s.", decl, number=r_counts[decl]))
        every = v.rospisat_penalty_every
        if v.rospisat_limit == "every_third_penalised" and r_counts[decl] % every == 0:
            penalties[decl] -= v.rospisat_penalty
            notes.append(
                Note(
                    "rospisat_penalty",
                    "Every %(every)sth Р: −%(penalty)s.",
                    decl,
                    every=every,
                    penalty=v.rospisat_penalty,
                )
            )
    elif o.kind == "spisat":
        spisat[decl] += 1
    elif o.kind == "bomb":
        bombs[decl] += 1
    for seat, amount, code in o.fines:
        penalties[seat] -= amount
        notes.append(note("fine", FINE_NOTES[code], seat, amount=amount))

    # step 6: add
    totals = [start[s] + entries[s] + penalties[s] for s in range(n)]
    barrel = list(state.barrel)
    falls = list(state.barrel_falls)
    if not v.lviv:
        _barrel_steps(v, o, on_barrel, totals, barrel, falls, notes, penalties, state.players)
    reverse, lifts = list(state.reverse_barrel), list(state.reverse_lifts)
    if v.reverse_barrel:
        was_on = [r is not None for r in state.reverse_barrel]
        reverse_barrel_steps(v, was_on, totals, reverse, lifts, notes, penalties, declarer=decl)
    _samosval(v, totals, notes)
    new = replace(
        state,
        totals=tuple(totals),
        barrel=tuple(barrel),
        barrel_falls=tuple(falls),
        reverse_barrel=tuple(reverse),
        reverse_lifts=tuple(lifts),
        bolts=tuple(bolts),
        rospisat_counts=tuple(r_counts),
        spisat_counts=tuple(spisat),
        bombs_used=tuple(bombs),
    )
    record = DealRecord(
        number=state.deal_number,
        dealer=state.dealer,
        kind="played" if played else o.kind,
        mode=o.mode,
        declarer=decl,
        contract=bid,
        blind=o.blind,
        gold=state.gold_active,
        inactive=o.inactive,
        card_points=o.card_points if played else None,
        tricks=o.tricks if played and o.tricks else None,
        bonus=tuple(bonus) if played else None,
        raw=tuple(raw),
        entries=tuple(entries),
        penalties=tuple(penalties),
        totals=tuple(totals),
        notes=tuple(notes),
    )
    return after_deal(new, record, made_contract=played and raw[decl] > 0)


def _barrel_steps(
    v: ThousandVariants,
    o: Outcome,
    on_barrel: list[bool],
    totals: list[int],
    barrel: list[int | None],
    falls: list[int],
    notes: list[Note],
    penalties: list[int],
    players: tuple[str, ...],
) -> None:
    """§13 steps 7 and 8 (standard barrel): entry, collisions, clock and falls."""
    level, win, fine = v.effective_barrel_level, v.win_total, v.barrel_fine
    n = len(totals)
    for s in range(n):
        if on_barrel[s] and (totals[s] >= win or totals[s] < level):
            barrel[s] = None
            if totals[s] < level:
                notes.append(Note("barrel_left", "Below %(level)s: off the barrel.", s, level=level))
    jumpers = [s for s in range(n) if not on_barrel[s] and level <= totals[s] < win]
    for s in jumpers:
        if totals[s] != level:
            notes.append(
                Note(
                    "barrel_clamp",
                    "%(total)s is in the barrel zone: set to %(level)s (§9.1).",
                    s,
                    total=totals[s],
                    level=level,
                )
            )
        else:
            notes.append(Note("barrel_on", "Reached %(level)s: on the barrel (§9.1).", s, level=level))
        totals[s] = level
        barrel[s] = 0
    collision = v.barrel_collision
    if len(jumpers) >= 2 and collision in ("fine_all_jumpers", "bump_previous"):
        for s in jumpers:
            totals[s] = level - fine
            penalties[s] -= fine
            barrel[s] = None
            notes.append(
                Note("barrel_collision", "Several reached the barrel together: −%(fine)s (§9.4).", s, fine=fine)
            )
    elif len(jumpers) == 1 and collision == "bump_previous":
        for s in range(n):
            if on_barrel[s] and barrel[s] is not None:
                totals[s] = level - fine
                penalties[s] -= fine
                barrel[s] = None
                notes.append(
                    Note(
                        "barrel_bumped",
                        "Bumped off the barrel by %(name)s: −%(fine)s.",
                        s,
                        name=players[jumpers[0]],
                        fine=fine,
                    )
                )
    limit = v.effective_barrel_deals
    for s in range(n):
        used = barrel[s]
        if not on_barrel[s] or used is None:
            continue
        if v.barrel_attempts_count == "own_contracts" and s != o.declarer:
            continue
        used += 1
        if limit is not None and used >= limit:
            falls[s] += 1
            barrel[s] = None
            if v.barrel_third_fall_reset and falls[s] % 3 == 0:
                penalties[s] -= totals[s]
                totals[s] = 0
                notes.append(Note("barrel_fall_reset", "Third fall off the barrel: total 0 (§9.5).", s))
            else:
                totals[s] -= fine
                penalties[s] -= fine
                notes.append(
                    Note(
                        "barrel_fall",
                        "%(count)s barrel deal without winning: −%(fine)s (§9.3).",
                        s,
                        plural="%(count)s barrel deals without winning: −%(fine)s (§9.3).",
                        count=limit,
                        fine=fine,
                    )
                )
        else:
            barrel[s] = used
            notes.append(
                Note("barrel_deal", "Barrel deal %(used)s of %(limit)s used.", s, used=used, limit=limit or "∞")
            )


def _samosval(v: ThousandVariants, totals: list[int], notes: list[Note]) -> None:
    """§11 step 9: a total of exactly 555 (or ±555) is wiped to 0."""
    if v.dump_truck == "off":
        return
    for s, total in enumerate(totals):
        if total == v.dump_truck_value or (v.dump_truck == "both_signs" and total == -v.dump_truck_value):
            totals[s] = 0
            notes.append(Note("samosval", "Exactly %(total)s: samosval, total 0 (§11).", s, total=total))
