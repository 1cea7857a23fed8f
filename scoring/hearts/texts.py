"""The texts of Hearts' renege evidence (rules/hearts.md §6): one kind of evidence, four sentences.

A play by a seat whose hand the record does not show relies on the seat *not* holding some cards
(a :class:`~scoring.knowledge.Exclusion` of the shared card-knowledge model). Each kind of evidence
is told in three ways, each a whole translatable template: the proof once the seat plays such a
card, the suspicion while it has not, and the rejection when the record already shows such a card
in the hand.

Params: ``name`` (the seat the evidence is against), ``card`` (the card played), ``suit`` (led
suit), ``leader``/``opening`` (``any_club``: who led and the opening card); the proof adds
``played`` (the card that proves it), ``at`` (trick of the proof) and ``trick`` (trick of the
evidence); the rejection adds ``cards`` (the cards held) and ``rule``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.errors import RulesError
from scoring.explain import N_, Note, ParamValue

PROOF = 0
SUSPECT = 1
REJECT = 2

#: kind → (proof, suspicion, rejection)
TEXTS: dict[str, tuple[str, str, str]] = {
    "follow": (
        N_(
            "%(name)s played %(card)s on a %(suit)s lead on trick %(trick)s. On trick %(at)s they played "
            "%(played)s, so they held it then: no card enters a hand after the pass (§6)."
        ),
        N_(
            "%(name)s played %(card)s on a %(suit)s lead on trick %(trick)s. Unproven: the renege is proven "
            "if they later play a %(suit)s card that is still unseen."
        ),
        N_("%(name)s played %(card)s on a %(suit)s lead. Not allowed: they hold %(cards)s (%(rule)s)."),
    ),
    "first_trick": (
        N_(
            "%(name)s discarded %(card)s on the first trick. On trick %(at)s they played %(played)s, so they "
            "held a card without points then: no card enters a hand after the pass (§6)."
        ),
        N_(
            "%(name)s discarded %(card)s on the first trick. Unproven: the renege is proven if they later "
            "play a card without points, other than a club, that is still unseen."
        ),
        N_("%(name)s discarded %(card)s on the first trick. Not allowed: they hold %(cards)s (%(rule)s)."),
    ),
    "first_trick_queen": (
        N_(
            "%(name)s discarded the Q♠ on the first trick (a heart comes first). On trick %(at)s they played "
            "%(played)s, so they held a heart then: no card enters a hand after the pass (§6)."
        ),
        N_(
            "%(name)s discarded the Q♠ on the first trick (a heart comes first). Unproven: the renege is "
            "proven if they later play a heart that is still unseen."
        ),
        N_(
            "%(name)s discarded the Q♠ on the first trick (a heart comes first). Not allowed: they hold "
            "%(cards)s (%(rule)s)."
        ),
    ),
    "heart_lead": (
        N_(
            "%(name)s led %(card)s before hearts were broken, on trick %(trick)s. On trick %(at)s they played "
            "%(played)s, so they held a card other than a heart then: no card enters a hand after the pass (§6)."
        ),
        N_(
            "%(name)s led %(card)s before hearts were broken, on trick %(trick)s. Unproven: the renege is "
            "proven if they later play a card other than a heart that is still unseen."
        ),
        N_("%(name)s led %(card)s before hearts were broken. Not allowed: they hold %(cards)s (%(rule)s)."),
    ),
    "pass_lead": (
        N_(
            "%(name)s passed the lead holding only hearts on trick %(trick)s. On trick %(at)s they played "
            "%(played)s, so they held it then: no card enters a hand after the pass (§6)."
        ),
        N_(
            "%(name)s passed the lead holding only hearts on trick %(trick)s. Unproven: the renege is proven "
            "if they later play a card other than a heart that is still unseen."
        ),
        N_("%(name)s may not pass the lead: they hold %(cards)s, not only hearts (%(rule)s)."),
    ),
    "any_club": (
        N_(
            "%(leader)s led %(card)s, so %(leader)s held %(opening)s. On trick %(at)s %(name)s played "
            "%(played)s, so %(name)s held it and was to lead it: no card enters a hand after the pass (§6)."
        ),
        N_(
            "%(leader)s led %(card)s, so %(leader)s held %(opening)s. Unproven: the renege is proven if "
            "%(name)s later plays %(opening)s."
        ),
        N_(
            "%(leader)s led %(card)s, so %(leader)s held %(opening)s. Not allowed: %(name)s holds %(cards)s (%(rule)s)."
        ),
    ),
    "lowest_club": (
        N_(
            "%(card)s opened the hand, so no player held a lower club (§1.4). On trick %(at)s %(name)s played "
            "%(played)s, so %(name)s held it and was to lead it: no card enters a hand after the pass (§6)."
        ),
        N_(
            "%(card)s opened the hand, so no player held a lower club (§1.4). Unproven: the renege is proven "
            "if %(name)s later plays a lower club that is still unseen."
        ),
        N_(
            "%(card)s opened the hand, so no player held a lower club (§1.4). Not allowed: %(name)s holds "
            "%(cards)s (%(rule)s)."
        ),
    ),
}


def _note(code: str, template: str, seat: int | None, params: Mapping[str, ParamValue]) -> Note:
    fields: dict[str, Any] = dict(params)
    return Note(code, template, seat, **fields)


def evidence_note(
    form: int, code: str, kind: str, seat: int, params: Mapping[str, ParamValue], **extra: ParamValue
) -> Note:
    """The proof (``PROOF``) or suspicion (``SUSPECT``) of ``kind`` against ``seat``."""
    return _note(code, TEXTS[kind][form], seat, {**params, **extra})


def _error(code: str, template: str, rule: str, params: Mapping[str, object]) -> RulesError:
    return RulesError(code, template, rule=rule, **params)


def rejection(code: str, kind: str, rule: str, params: Mapping[str, object]) -> RulesError:
    """The error for a play the record already shows to be illegal (``params`` include ``cards``)."""
    return _error(code, TEXTS[kind][REJECT], rule, params)
