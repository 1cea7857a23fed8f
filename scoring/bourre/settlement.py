"""Settling the pot after a deal (rules/bourre.md §4) with the renege penalties of §5.

Pure arithmetic on B (the pot at play), the trick counts and the offenders; :func:`settle` says who
takes what, who pays what and why, who is exempt from the next ante and who forfeits a deal.

>>> v = BourreVariants()
>>> out = settle(v, ("A", "B", "C"), 7, {0: 3, 1: 1, 2: 1})
>>> out.winner, out.taken, out.payments
(0, ((0, 7),), ())
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from scoring.bourre.variants import BourreVariants
from scoring.explain import Note


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int | None
    tied: tuple[int, ...]
    taken: tuple[tuple[int, int], ...]
    payments: tuple[tuple[int, int, str], ...]
    exempt_next: frozenset[int]
    forfeits: tuple[int, ...]
    notes: tuple[Note, ...]

    @property
    def total_taken(self) -> int:
        return sum(c for _, c in self.taken)

    @property
    def total_paid(self) -> int:
        return sum(c for _, c, _ in self.payments)


def _leaders(tricks: Mapping[int, int], seats: Collection[int]) -> tuple[int, ...]:
    pool = [s for s in seats if s in tricks]
    if not pool:
        return ()
    top = max(tricks[s] for s in pool)
    return tuple(s for s in pool if tricks[s] == top)


def settle(
    v: BourreVariants,
    names: Sequence[str],
    pot: int,
    tricks: Mapping[int, int],
    *,
    lone: bool = False,
    recalled: Collection[int] = (),
    uncorrected: Collection[int] = (),
) -> Outcome:
    """Settle a deal whose pot at play is ``pot`` (B). ``tricks`` maps every active seat to its
    tricks (a lone player: ``{seat: 5}`` with ``lone=True``; nobody played: ``{}``)."""
    notes: list[Note] = [Note("pot_at_play", "B = %(pot)s chips in the pot when play ended (§4).", pot=pot)]
    active = sorted(tricks)
    if not active:
        notes.append(Note("nobody_played", "Nobody played: the pot stays, nobody pays, nobody is exempt (§3.1.5)."))
        return Outcome(None, (), (), (), frozenset(), (), tuple(notes))
    offenders = set(recalled) | set(uncorrected)
    forfeiting = set(recalled) | (set(uncorrected) if v.uncorrected_renege_forfeits_pot else set())
    share = v.cap(pot)
    winner, tied, taken = _winner(v, names, tricks, share, lone, forfeiting, offenders, notes)
    payments, payers = _payments(v, names, pot, tricks, lone, recalled, uncorrected, notes)
    exempt: set[int] = set()
    if v.exemptions_apply:
        exempt |= payers
        if tied and not taken and v.tied_players_skip_ante:
            exempt |= {s for s in tied if s not in offenders}
    elif payers or tied:
        notes.append(Note("no_exemptions", "Double ante: nobody is exempt from the next ante (§7)."))
    forfeits = sorted(set(recalled) | (set(uncorrected) if v.uncorrected_renege_forfeits_deal else set()))
    for seat in forfeits:
        notes.append(
            Note(
                "deal_forfeit",
                "%(name)s reneged: loses their next turn to deal (§5.2, §5.5).",
                seat,
                name=names[seat],
            )
        )
    return Outcome(winner, tied, taken, payments, frozenset(exempt), tuple(forfeits), tuple(notes))


def _winner(
    v: BourreVariants,
    names: Sequence[str],
    tricks: Mapping[int, int],
    share: int,
    lone: bool,
    forfeiting: set[int],
    offenders: set[int],
    notes: list[Note],
) -> tuple[int | None, tuple[int, ...], tuple[tuple[int, int], ...]]:
    if lone:
        (seat,) = tricks
        notes.append(
            Note(
                "lone_player",
                "%(name)s played alone and takes %(chips)s (§3.1.5).",
                seat,
                name=names[seat],
                chips=share,
            )
        )
        return seat, (), ((seat, share),)
    if v.forfeited_pot_policy == "next_best_eligible":
        eligible = [s for s in tricks if s not in forfeiting and tricks[s] > 0]
        leaders = _leaders(tricks, eligible)
        if not leaders:
            notes.append(Note("pot_forfeited", "No player who may win took a trick: the pot carries over (§5.4)."))
            return None, (), ()
    else:
        leaders = _leaders(tricks, tricks)
        if len(leaders) == 1 and leaders[0] in forfeiting:
            seat = leaders[0]
            notes.append(
                Note(
                    "pot_forfeited",
                    "%(name)s took most tricks but reneged: the pot carries over (§5.4).",
                    seat,
                    name=names[seat],
                )
            )
            return None, (), ()
    if len(leaders) == 1:
        seat = leaders[0]
        notes.append(
            Note(
                "wins_pot",
                "%(name)s took most tricks (%(tricks)s) and takes %(chips)s (§4.1).",
                seat,
                name=names[seat],
                tricks=tricks[seat],
                chips=share,
            )
        )
        return seat, (), ((seat, share),)
    who = ", ".join(names[s] for s in leaders)
    if v.split_pot_handling == "share_equally":
        each = share // len(leaders)
        takers = tuple((s, each) for s in leaders if s not in forfeiting)
        notes.append(
            Note(
                "split_shared",
                "%(names)s tied with %(tricks)s tricks: each takes %(chips)s (§4.2).",
                names=who,
                tricks=tricks[leaders[0]],
                chips=each,
            )
        )
        return None, tuple(leaders), takers
    notes.append(
        Note(
            "split_pot",
            "%(names)s tied with %(tricks)s tricks: split pot, it carries over (§4.2).",
            names=who,
            tricks=tricks[leaders[0]],
        )
    )
    return None, tuple(leaders), ()


def _payments(
    v: BourreVariants,
    names: Sequence[str],
    pot: int,
    tricks: Mapping[int, int],
    lone: bool,
    recalled: Collection[int],
    uncorrected: Collection[int],
    notes: list[Note],
) -> tuple[tuple[tuple[int, int, str], ...], set[int]]:
    payments: list[tuple[int, int, str]] = []
    payers: set[int] = set()
    bourre_amount = v.cap(pot if v.bourre_payment == "match_pot" else v.bourre_fixed_amount or 0)
    renege_amount = {"match_pot": v.cap(pot), "double_pot": v.cap(2 * pot), "retraction_only": 0}[v.renege_penalty]
    for seat in sorted(tricks):
        bourre = not lone and tricks[seat] == 0
        renege = seat in uncorrected and renege_amount > 0
        if seat in uncorrected and renege_amount == 0:
            notes.append(Note("renege_retraction_only", "%(name)s reneged: no chips (§7).", seat, name=names[seat]))
        if bourre and renege and not v.renege_and_bourre_stack:
            amount = max(bourre_amount, renege_amount)
            payments.append((seat, amount, "bourre_and_renege"))
            notes.append(
                Note(
                    "bourre_and_renege",
                    "%(name)s reneged and took no trick: pays %(chips)s once (§5.3).",
                    seat,
                    name=names[seat],
                    chips=amount,
                )
            )
        else:
            if bourre:
                payments.append((seat, bourre_amount, "bourre"))
                notes.append(
                    Note(
                        "bourre",
                        "%(name)s took no trick: bourré, pays %(chips)s (§4.3).",
                        seat,
                        name=names[seat],
                        chips=bourre_amount,
                    )
                )
            if renege:
                payments.append((seat, renege_amount, "renege"))
                notes.append(
                    Note(
                        "renege_payment",
                        "%(name)s's renege stood: pays %(chips)s (§5.3).",
                        seat,
                        name=names[seat],
                        chips=renege_amount,
                    )
                )
        if bourre or renege:
            payers.add(seat)
        if seat in recalled and not bourre:
            notes.append(
                Note(
                    "renege_recalled",
                    "%(name)s recalled a renege: cannot win, pays nothing (§5.2).",
                    seat,
                    name=names[seat],
                )
            )
    return tuple(payments), {s for s, c, _ in payments if c > 0}
