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


@dataclass(slots=True)
class _Sheet:
    """The working sheet of one deal's scoring (§13): what each step reads and writes, in order.

    Local to :func:`score_deal`: the steps fill its lists one after another, like a scorer's pad.
    """

    state: ThousandState
    o: Outcome
    notes: list[Note]
    on_barrel: list[bool]  # standard barrel at the start of the deal (§9)
    at_lviv: list[bool]  # Lviv: in the barrel zone at the start of the deal (§9.6)
    bonus: list[int]
    raw: list[int]
    entries: list[int]
    penalties: list[int]

    @property
    def v(self) -> ThousandVariants:
        return self.state.variants

    @property
    def played(self) -> bool:
        return self.o.kind == "played"

    @property
    def defenders(self) -> list[int]:
        return [s for s in self.o.active if s != self.o.declarer]


def score_deal(state: ThousandState, o: Outcome) -> ThousandState:
    """§13 steps 2–10 for one deal that reached a result."""
    v, n = state.variants, state.seats
    level, win = v.effective_barrel_level, v.win_total
    sheet = _Sheet(
        state=state,
        o=o,
        notes=[],
        on_barrel=[not v.lviv and state.barrel[s] is not None for s in range(n)],
        at_lviv=[v.lviv and level <= state.totals[s] < win for s in range(n)],
        bonus=[0] * n,
        raw=[0] * n,
        entries=[0] * n,
        penalties=[0] * n,
    )
    if sheet.played:  # step 2: raw entries
        _announcements(sheet)
        _declarer_entry(sheet)
        _defender_entries(sheet)
    else:
        _give_up_entries(sheet)
    _inactive_entry(sheet)
    _multipliers(sheet)  # step 3
    _barrel_overrides(sheet)  # step 4
    counters = _counters(sheet)  # step 5
    return _add_up(sheet, counters)  # steps 6–10


def _announcements(sheet: _Sheet) -> None:
    """§7–§8: marriages and four aces announced, worth 0 at the Lviv barrel (§9.6)."""
    o, v = sheet.o, sheet.v
    for s in o.active:
        for suit in o.marriages[s] if o.marriages else ():
            if sheet.at_lviv[s]:
                sheet.notes.append(
                    Note("lviv_marriage_void", "Marriage %(suit)s is worth 0 at the barrel.", s, suit=suit.symbol)
                )
                continue
            value = marriage_value(suit, v)
            sheet.bonus[s] += value
            if s == o.declarer:  # counted toward the contract, not added on top of it (§7.1)
                note = Note(
                    "marriage", "Marriage %(suit)s: %(value)s toward the contract.", s, suit=suit.symbol, value=value
                )
            else:
                note = Note("marriage", "Marriage %(suit)s: +%(value)s.", s, suit=suit.symbol, value=value)
            sheet.notes.append(note)
    if o.four_aces is None:
        return
    if sheet.at_lviv[o.four_aces]:
        sheet.notes.append(Note("lviv_marriage_void", "Four aces are worth 0 at the barrel.", o.four_aces))
    else:
        sheet.bonus[o.four_aces] += v.four_aces_bonus
        sheet.notes.append(Note("four_aces", "Four aces: +%(value)s.", o.four_aces, value=v.four_aces_bonus))


def _declarer_entry(sheet: _Sheet) -> None:
    """§13 step 2: the contract won or lost (or forfeited by a renege, §16.4)."""
    o, decl, bid = sheet.o, sheet.o.declarer, sheet.o.contract
    total = o.card_points[decl] + sheet.bonus[decl]
    compared = round_to(total, 5) if sheet.v.declarer_rounding else total
    if o.offender is not None:
        made = o.offender != decl
        if made:
            name = sheet.state.name(o.offender)
            sheet.notes.append(Note("forfeit", "Contract counted as made: %(name)s reneged (§16.4).", decl, name=name))
        else:
            sheet.notes.append(Note("forfeit", "Contract counted as failed: the declarer reneged (§16.4).", decl))
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
        sheet.notes.append(note(code, line, decl, points=total, rounded=compared, contract=bid))
    sheet.raw[decl] = bid if made else -bid


def _defender_entries(sheet: _Sheet) -> None:
    """§13 step 2: each defender's card points and announcements, rounded (exact at the Lviv barrel)."""
    o, v = sheet.o, sheet.v
    for d in sheet.defenders:
        if o.offender == d:
            sheet.notes.append(Note("forfeit_offender", "Reneged: entry 0 (§16.4).", d))
            continue
        step = 1 if sheet.at_lviv[d] and v.barrel_defender_rounding == "exact" else v.defender_rounding_step
        value = o.card_points[d] + sheet.bonus[d]
        sheet.raw[d] = round_to(value, step)
        line = (
            N_("Defender took %(points)s, rounded to %(rounded)s.")
            if sheet.raw[d] != value
            else N_("Defender took %(points)s.")
        )
        sheet.notes.append(note("defender_points", line, d, points=value, rounded=sheet.raw[d]))


def _give_up_entries(sheet: _Sheet) -> None:
    """§5.2, §8: a give-up's entry for the declarer and the award to each opponent."""
    o, decl = sheet.o, sheet.o.declarer
    award = {"rospisat": rospisat_award(o.contract, sheet.v), "spisat": 0, "bomb": 60, "dark_give_up": 50}[o.kind]
    sheet.raw[decl] = -o.contract if o.kind in ("spisat", "dark_give_up") else 0
    declarer_line, opponent_line = GIVE_UP_NOTES[o.kind]
    sheet.notes.append(note(o.kind, declarer_line, decl, contract=o.contract, entry=sheet.raw[decl]))
    for d in sheet.defenders:
        sheet.raw[d] = award
        sheet.notes.append(note(f"{o.kind}_award", opponent_line, d, award=award))


def _inactive_entry(sheet: _Sheet) -> None:
    """§3.2: the four-player sitting-out seat scores from the talon, but not on the barrel."""
    o, v = sheet.o, sheet.v
    if o.inactive is None or v.four_player_inactive_bonus == "none" or o.talon is None:
        return
    value, why = inactive_bonus(o.talon, v, o.inactive)
    if sheet.on_barrel[o.inactive] or sheet.at_lviv[o.inactive]:
        sheet.notes.append(Note("inactive_on_barrel", "Sitting out on the barrel: no talon bonus (§3.2).", o.inactive))
    else:
        sheet.raw[o.inactive] = value
        sheet.notes.append(why)


def _multipliers(sheet: _Sheet) -> None:
    """§13 step 3: the gold set doubles everyone (§4.7), a blind bid the declarer or all (§4.6)."""
    gold, o, v = sheet.state.gold_active, sheet.o, sheet.v
    m_decl = (2 if gold else 1) * (2 if o.blind else 1)
    m_other = (2 if gold else 1) * (2 if o.blind and v.blind_multiplier_applies_to == "all" else 1)
    sheet.entries[:] = [raw * (m_decl if s == o.declarer else m_other) for s, raw in enumerate(sheet.raw)]
    if m_decl == 1 and m_other == 1:
        return
    if gold and o.blind:
        line = N_("Gold set and blind: declarer ×%(declarer)s, others ×%(others)s.")
    elif gold:
        line = N_("Gold set: declarer ×%(declarer)s, others ×%(others)s.")
    else:
        line = N_("Blind: declarer ×%(declarer)s, others ×%(others)s.")
    sheet.notes.append(note("multiplier", line, None, declarer=m_decl, others=m_other))


def _barrel_overrides(sheet: _Sheet) -> None:
    """§13 step 4 (§9.3): on the barrel only a winning contract counts; defence scores nothing."""
    level, win, entries, notes = sheet.v.effective_barrel_level, sheet.v.win_total, sheet.entries, sheet.notes
    for s, on in enumerate(sheet.on_barrel):
        entry = entries[s]
        if not on:
            continue
        if s != sheet.o.declarer:
            if entry:
                notes.append(Note("barrel_no_defence", "On the barrel: %(entry)s not scored (§9.3).", s, entry=entry))
                entries[s] = 0
        elif entry > 0 and level + entry < win:
            line = N_("On the barrel: made %(entry)s but not a win; stays %(level)s.")
            notes.append(note("barrel_stay", line, s, entry=entry, level=level))
            entries[s] = 0
        elif entry > 0:
            notes.append(Note("barrel_win", "On the barrel: %(level)s + %(entry)s wins.", s, level=level, entry=entry))
        elif entry < 0:
            notes.append(Note("barrel_off", "On the barrel: %(entry)s, off the barrel (§9.3).", s, entry=entry))


@dataclass(slots=True)
class _Counters:
    """§13 step 5: bolts, Р, spisat' and bombs per seat, after this deal."""

    bolts: list[int]
    rospisat: list[int]
    spisat: list[int]
    bombs: list[int]


def _counters(sheet: _Sheet) -> _Counters:
    """§13 step 5: counters and their penalties, then fines outside the multipliers (§16.4)."""
    state, o = sheet.state, sheet.o
    c = _Counters(list(state.bolts), list(state.rospisat_counts), list(state.spisat_counts), list(state.bombs_used))
    if sheet.played and o.offender is None:
        for s in o.active:
            _bolt(sheet, c, s)
    elif o.kind == "rospisat":
        _rospisat(sheet, c)
    elif o.kind == "spisat":
        c.spisat[o.declarer] += 1
    elif o.kind == "bomb":
        c.bombs[o.declarer] += 1
    for seat, amount, code in o.fines:
        sheet.penalties[seat] -= amount
        sheet.notes.append(note("fine", FINE_NOTES[code], seat, amount=amount))
    return c


def _bolt(sheet: _Sheet, c: _Counters, s: int) -> None:
    """§10: a bolt for a seat without a trick (or a zero score), a penalty every ``bolts_per_penalty``."""
    v, notes = sheet.v, sheet.notes
    trickless = sheet.o.trickless(s)
    if s == sheet.o.declarer:
        bolt = trickless and v.declarer_can_bolt
    else:
        bolt = trickless or (v.bolt_trigger == "zero_score" and sheet.raw[s] == 0)
    if bolt and sheet.on_barrel[s]:
        notes.append(Note("barrel_no_bolt", "No bolt while on the barrel (§10).", s))
    elif bolt:
        c.bolts[s] += 1
        notes.append(Note("bolt", "Bolt %(number)s (§10).", s, number=c.bolts[s]))
        if c.bolts[s] >= v.bolts_per_penalty:
            sheet.penalties[s] -= v.bolt_penalty
            c.bolts[s] = 0
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
    elif v.bolts_consecutive_only and not trickless and c.bolts[s]:
        c.bolts[s] = 0
        notes.append(Note("bolt_reset", "Took a trick: bolt count back to 0.", s))


def _rospisat(sheet: _Sheet, c: _Counters) -> None:
    """§8.2: Р are counted; under every_third_penalised every n-th one costs a penalty."""
    v, decl = sheet.v, sheet.o.declarer
    c.rospisat[decl] += 1
    sheet.notes.append(Note("rospisat_count", "Р number %(number)s.", decl, number=c.rospisat[decl]))
    every = v.rospisat_penalty_every
    if v.rospisat_limit == "every_third_penalised" and c.rospisat[decl] % every == 0:
        sheet.penalties[decl] -= v.rospisat_penalty
        line = N_("Every %(every)sth Р: −%(penalty)s.")
        sheet.notes.append(note("rospisat_penalty", line, decl, every=every, penalty=v.rospisat_penalty))


def _add_up(sheet: _Sheet, c: _Counters) -> ThousandState:
    """§13 steps 6–10: add, the barrel and reverse barrel, samosval, then the record and the win check."""
    state, o, v = sheet.state, sheet.o, sheet.v
    totals = [t + e + p for t, e, p in zip(state.totals, sheet.entries, sheet.penalties, strict=True)]
    barrel, falls = list(state.barrel), list(state.barrel_falls)
    if not v.lviv:
        _barrel_steps(v, o, sheet.on_barrel, totals, barrel, falls, sheet.notes, sheet.penalties, state.players)
    reverse, lifts = list(state.reverse_barrel), list(state.reverse_lifts)
    if v.reverse_barrel:
        was_on = [r is not None for r in state.reverse_barrel]
        reverse_barrel_steps(v, was_on, totals, reverse, lifts, sheet.notes, sheet.penalties, declarer=o.declarer)
    _samosval(v, totals, sheet.notes)
    new = replace(
        state,
        totals=tuple(totals),
        barrel=tuple(barrel),
        barrel_falls=tuple(falls),
        reverse_barrel=tuple(reverse),
        reverse_lifts=tuple(lifts),
        bolts=tuple(c.bolts),
        rospisat_counts=tuple(c.rospisat),
        spisat_counts=tuple(c.spisat),
        bombs_used=tuple(c.bombs),
    )
    return after_deal(new, _record(sheet, totals), made_contract=sheet.played and sheet.raw[o.declarer] > 0)


def _record(sheet: _Sheet, totals: list[int]) -> DealRecord:
    state, o, played = sheet.state, sheet.o, sheet.played
    return DealRecord(
        number=state.deal_number,
        dealer=state.dealer,
        kind="played" if played else o.kind,
        mode=o.mode,
        declarer=o.declarer,
        contract=o.contract,
        blind=o.blind,
        gold=state.gold_active,
        inactive=o.inactive,
        card_points=o.card_points if played else None,
        tricks=o.tricks if played and o.tricks else None,
        bonus=tuple(sheet.bonus) if played else None,
        raw=tuple(sheet.raw),
        entries=tuple(sheet.entries),
        penalties=tuple(sheet.penalties),
        totals=tuple(totals),
        notes=tuple(sheet.notes),
    )


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
    jumpers = _barrel_entries(v, on_barrel, totals, barrel, notes)
    _barrel_collisions(v, jumpers, on_barrel, totals, barrel, notes, penalties, players)
    _barrel_clock(v, o, on_barrel, totals, barrel, falls, notes, penalties)


def _barrel_entries(
    v: ThousandVariants, on_barrel: list[bool], totals: list[int], barrel: list[int | None], notes: list[Note]
) -> list[int]:
    """§9.1: off the barrel when winning or falling below it; a total in the zone is set to the level."""
    level, win = v.effective_barrel_level, v.win_total
    for s, on in enumerate(on_barrel):
        if on and (totals[s] >= win or totals[s] < level):
            barrel[s] = None
            if totals[s] < level:
                notes.append(Note("barrel_left", "Below %(level)s: off the barrel.", s, level=level))
    jumpers = [s for s, on in enumerate(on_barrel) if not on and level <= totals[s] < win]
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
    return jumpers


def _barrel_collisions(
    v: ThousandVariants,
    jumpers: list[int],
    on_barrel: list[bool],
    totals: list[int],
    barrel: list[int | None],
    notes: list[Note],
    penalties: list[int],
    players: tuple[str, ...],
) -> None:
    """§9.4: several reaching the barrel together, or one bumping the player already on it."""
    level, fine, collision = v.effective_barrel_level, v.barrel_fine, v.barrel_collision
    if len(jumpers) >= 2 and collision in ("fine_all_jumpers", "bump_previous"):
        for s in jumpers:
            totals[s] = level - fine
            penalties[s] -= fine
            barrel[s] = None
            notes.append(
                Note("barrel_collision", "Several reached the barrel together: −%(fine)s (§9.4).", s, fine=fine)
            )
    elif len(jumpers) == 1 and collision == "bump_previous":
        for s, on in enumerate(on_barrel):
            if on and barrel[s] is not None:
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


def _barrel_clock(
    v: ThousandVariants,
    o: Outcome,
    on_barrel: list[bool],
    totals: list[int],
    barrel: list[int | None],
    falls: list[int],
    notes: list[Note],
    penalties: list[int],
) -> None:
    """§9.3, §9.5: a barrel deal used; the last one without winning is a fall."""
    limit, fine = v.effective_barrel_deals, v.barrel_fine
    for s, on in enumerate(on_barrel):
        used = barrel[s]
        if not on or used is None or (v.barrel_attempts_count == "own_contracts" and s != o.declarer):
            continue
        used += 1
        if limit is None or used < limit:
            barrel[s] = used
            notes.append(
                Note("barrel_deal", "Barrel deal %(used)s of %(limit)s used.", s, used=used, limit=limit or "∞")
            )
            continue
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


def _samosval(v: ThousandVariants, totals: list[int], notes: list[Note]) -> None:
    """§11 step 9: a total of exactly 555 (or ±555) is wiped to 0."""
    if v.dump_truck == "off":
        return
    for s, total in enumerate(totals):
        if total == v.dump_truck_value or (v.dump_truck == "both_signs" and total == -v.dump_truck_value):
            totals[s] = 0
            notes.append(Note("samosval", "Exactly %(total)s: samosval, total 0 (§11).", s, total=total))
