"""The reverse barrel (rules/thousand.md §11, §15 ``reverse_barrel``; off by default).

§11 names it only: "at −880, three deals to reach −1000 or be lifted to −760" [U]. The service
builds it as the mirror image of the standard barrel (§9.1–§9.3, §13 steps 7–8) [D]:

- **Getting on**: a player not on it whose total after a deal lies in the zone
  (−1000, −880] is set to exactly −880 and is on the reverse barrel (the zone's edges are minus
  ``barrel_level`` and minus the winning total, so −1000 itself loses; under ``exceed_1000`` the
  zone is [−1000, −880] and only less than −1000 loses).
- **Losing**: a total at or below −1000 (``losing_total``) loses the game at once, whether the
  player was on the reverse barrel or jumped over it; the game ends after that deal and the
  highest total among the others wins (§12's tie rules apply among them).
- **On it**: the total stays exactly −880 while the player is in the zone; whatever would move it
  within the zone (a failed 100 → −980) is not scored and the deal uses one of the
  ``barrel_deals`` (3). Anything that takes the total above −880 (a made contract, defence
  points, Rospisat' awards) takes the player off at once, with no lift and no deal used.
- **Lifted**: after the third deal on it without losing, the player is lifted by ``barrel_fine``
  (120) to −760 and is off. ``barrel_attempts_count = own_contracts`` counts only deals the player
  declared, as on the standard barrel; with ``barrel_deals`` empty nobody is ever lifted.
- Nothing else changes: bolts, Р counts and their penalties count as usual (a third bolt on −880
  reaches −1000 and loses); thrown-in deals use no deal, but a fine they carry is applied.

>>> from scoring.thousand.variants import ThousandVariants
>>> v = ThousandVariants(reverse_barrel=True)
>>> totals, rb, lifts, notes, pen = [-980, -900, 20], [0, None, None], [0, 0, 0], [], [0, 0, 0]
>>> reverse_barrel_steps(v, [True, False, False], totals, rb, lifts, notes, pen, declarer=0)
>>> totals, rb
([-880, -880, 20], [1, 0, None])
"""

from __future__ import annotations

from scoring.explain import Note
from scoring.thousand.variants import ThousandVariants


def reverse_barrel_steps(
    v: ThousandVariants,
    was_on: list[bool],
    totals: list[int],
    reverse: list[int | None],
    lifts: list[int],
    notes: list[Note],
    penalties: list[int],
    *,
    declarer: int | None,
    counts: bool = True,
) -> None:
    """§11 after a deal's totals are added (§13 steps 7–8 mirrored); ``counts`` is False for a
    thrown-in deal, which uses no reverse-barrel deal."""
    level, lose, lift = v.reverse_level, v.losing_total, v.barrel_fine
    limit = v.effective_barrel_deals
    for s, total in enumerate(totals):
        if total <= lose:
            reverse[s] = None
            notes.append(
                Note(
                    "reverse_barrel_lost",
                    "%(total)s: %(lose)s reached, the game is lost (§11).",
                    s,
                    total=total,
                    lose=lose,
                )
            )
            continue
        if not was_on[s]:
            if total <= level:
                notes.append(
                    Note(
                        "reverse_barrel_on",
                        "Reached %(level)s: on the reverse barrel (§11)."
                        if total == level
                        else "%(total)s is in the reverse-barrel zone: set to %(level)s (§11).",
                        s,
                        total=total,
                        level=level,
                    )
                )
                totals[s] = level
                reverse[s] = 0
            continue
        if total > level:
            reverse[s] = None
            notes.append(Note("reverse_barrel_off", "Above %(level)s: off the reverse barrel (§11).", s, level=level))
            continue
        if total != level:
            notes.append(
                Note(
                    "reverse_barrel_stay",
                    "On the reverse barrel: %(total)s does not reach %(lose)s; stays %(level)s (§11).",
                    s,
                    total=total,
                    lose=lose,
                    level=level,
                )
            )
            totals[s] = level
        used = reverse[s]
        if not counts or used is None or (v.barrel_attempts_count == "own_contracts" and s != declarer):
            continue
        used += 1
        if limit is not None and used >= limit:
            reverse[s] = None
            lifts[s] += 1
            totals[s] += lift
            penalties[s] += lift
            notes.append(
                Note(
                    "reverse_barrel_lift",
                    "%(count)s reverse-barrel deal without reaching %(lose)s: lifted +%(lift)s (§11).",
                    s,
                    plural="%(count)s reverse-barrel deals without reaching %(lose)s: lifted +%(lift)s (§11).",
                    count=limit,
                    lose=lose,
                    lift=lift,
                )
            )
        else:
            reverse[s] = used
            notes.append(
                Note(
                    "reverse_barrel_deal",
                    "Reverse-barrel deal %(used)s of %(limit)s used (§11).",
                    s,
                    used=used,
                    limit=limit,
                )
                if limit is not None
                else Note("reverse_barrel_deal", "Reverse-barrel deal %(used)s used (§11).", s, used=used)
            )


def losers(v: ThousandVariants, totals: tuple[int, ...]) -> list[int]:
    """Seats whose total loses the game under the reverse barrel (§11); none when it is off."""
    if not v.reverse_barrel:
        return []
    return [s for s, total in enumerate(totals) if total <= v.losing_total]
