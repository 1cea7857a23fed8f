"""Revealing a dark talon after the deal (rules/thousand.md §16.1, §16.2).

A talon taken without being entered (dark, §5.2, "entered privately and revealed at the end") leaves
the record incomplete: the declarer's dealt hand cannot be rebuilt, so an illegal bid (T-24) cannot
be proven. ``reveal_talon``, recorded right after the deal's last card (before the next deal), gives
the cards. They are checked against what the record knows — no talon card was dealt to a known
hand; a defender can have played a talon card only as the card the declarer passed them — and the
deal is scored again from the state before it with the talon known, so that the end-of-deal bid
proofs can use it. A card passed face down that the reveal identifies (a defender played a talon
card) is filled in. The history entry of the deal then carries ``talon_revealed``.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from scoring.cards import Card
from scoring.explain import Note
from scoring.thousand.bidding import DECK_SET
from scoring.thousand.play import _ceiling, _penalise, finish
from scoring.thousand.proofs import Proof, bid_proofs
from scoring.thousand.result_entry import fail
from scoring.thousand.rules import tricks_per_deal
from scoring.thousand.state import DealState, ThousandState, deal_finding, dealt_of, evolve


def reveal_talon(state: ThousandState, cards: tuple[Card, ...]) -> ThousandState:
    pending = state.reveal
    if pending is None:
        raise fail(
            "no_talon_to_reveal",
            "Only the talon of the deal just finished, if it was never entered, can be revealed.",
            "§16.1",
        )
    deal = pending.deal
    declarer = deal.declarer
    assert declarer is not None
    size = taken_size(state, deal)
    if len(cards) != size or len(set(cards)) != size or not set(cards) <= DECK_SET:
        raise fail("bad_talon", "The talon taken is %(count)s different cards.", "§16.1", count=size)
    given = list(deal.given)
    players_of = {card: seat for _t, seat, card in deal.plays}
    for card in cards:
        for s in deal.active:
            dealt = dealt_of(deal, s)
            if dealt is not None and card in dealt:
                raise fail(
                    "talon_mismatch",
                    "%(card)s was dealt to %(name)s, not to the talon.",
                    "§16.1",
                    card=card.pretty,
                    seat=s,
                    name=state.name(s),
                )
        if card in deal.discards:
            continue  # two players: laid aside by the declarer after taking it
        player = players_of.get(card)
        if player is None or player == declarer:
            continue
        # A defender played a talon card: it must be the card the declarer passed to them.
        index = next((i for i, (to, _c) in enumerate(given) if to == player), None)
        passed = given[index][1] if index is not None else None
        if index is None or (passed is not None and passed != card):
            raise fail(
                "talon_mismatch",
                "%(name)s played %(card)s, which the declarer did not pass to them.",
                "§16.1",
                card=card.pretty,
                seat=player,
                name=state.name(player),
            )
        given[index] = (player, card)
    revealed = evolve(
        deal,
        talon_known=cards,
        talon=cards if size != 2 else deal.talon,
        given=tuple(given),
    )
    before = evolve(pending.before, deal=revealed)
    proofs = []
    if len(revealed.completed) == tricks_per_deal(len(deal.active)):
        ceiling = functools.partial(_ceiling, before)
        proofs = [p for p in bid_proofs(revealed, ceiling, state.players) if (p.seat, 0, p.code) not in deal.proven]
    if proofs and pending.offender is None:
        after = _penalise(before, revealed, proofs)
    else:
        offender = pending.offender
        if proofs:
            # Already decided by a forfeit: the new findings are recorded; the declarer's decides.
            before = _record_only(before, revealed, proofs)
            if any(p.seat == declarer for p in proofs):
                offender = declarer
        after = finish(before, revealed, offender)
    last = after.history[-1]
    note = Note(
        "talon_revealed",
        "Talon revealed after the deal: %(cards)s (§16.1).",
        declarer,
        cards=" ".join(c.pretty for c in cards),
    )
    return replace(after, history=(*after.history[:-1], replace(last, talon=cards, notes=(*last.notes, note))))


def taken_size(state: ThousandState, deal: DealState) -> int:
    """Cards the declarer takes: 3, or with two players one pile of 2 (both piles: 4, §3.3)."""
    if len(deal.active) != 2:
        return 3
    return 4 if state.variants.two_player_talons == "both" else 2


def _record_only(state: ThousandState, deal: DealState, proofs: list[Proof]) -> ThousandState:
    """Findings for proofs that change nothing more (the deal was already forfeited)."""
    at = deal.plays[-1][0] if deal.plays else deal.trick_number
    findings = list(state.findings)
    for p in proofs:
        penalty = Note("contract_forfeit", "contract forfeit: the deal ends here", p.seat)
        findings.append(deal_finding(state.deal_number, p.seat, p.code, p.trick, at, p.note, penalty))
    return evolve(state, findings=tuple(findings))
