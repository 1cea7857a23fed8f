"""Titles, league points and the next round's obligations, all from a finishing order
(rules/president.md §2.2, §2.3, §2.7, §3).

Places are 1-based; ``places[seat]`` is that seat's finishing place.

>>> titles_for(5)
('President', 'Vice-President', 'Neutral', 'Vice-Scum', 'Scum')
>>> from scoring.president.variants import PresidentVariants
>>> round_points(5, PresidentVariants())
(2, 1, 0, -1, -2)
>>> [(t.giver_place, t.receiver_place, t.count, t.kind) for t in transfers(4, PresidentVariants())]
[(4, 1, 2, 'best'), (1, 4, 2, 'choice'), (3, 2, 1, 'best'), (2, 3, 1, 'choice')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.explain import N_, NP_, Note
from scoring.president.variants import PresidentVariants

PRESIDENT, VICE_PRESIDENT, NEUTRAL, VICE_SCUM, SCUM = "President", "Vice-President", "Neutral", "Vice-Scum", "Scum"


def titles_for(n: int) -> tuple[str, ...]:
    """Title by place (§2.7): 3 players have no vices."""
    if n == 3:
        return (PRESIDENT, NEUTRAL, SCUM)
    return (PRESIDENT, VICE_PRESIDENT) + (NEUTRAL,) * (n - 4) + (VICE_SCUM, SCUM)


def round_points(n: int, v: PresidentVariants) -> tuple[int, ...]:
    """League points by place under ``scoring_scheme`` (§3)."""
    titles = titles_for(n)
    scheme = v.scoring_scheme
    if scheme == "title_points":
        table = {PRESIDENT: 2, VICE_PRESIDENT: 1, NEUTRAL: 0, VICE_SCUM: -1, SCUM: -2}
        return tuple(table[t] for t in titles)
    if scheme == "top_two":
        return tuple(2 if p == 1 else 1 if p == 2 else 0 for p in range(1, n + 1))
    if scheme == "place_points":
        return tuple(n - p for p in range(1, n + 1))
    # zdnet_4p: P 5, VP 4, Neutral 3, Vice-Scum 2, Scum 1 (3 players: 5, 3, 1).
    table = {PRESIDENT: 5, VICE_PRESIDENT: 4, NEUTRAL: 3, VICE_SCUM: 2, SCUM: 1}
    return tuple(table[t] for t in titles)


@dataclass(frozen=True, slots=True)
class Transfer:
    """One hand-over of the exchange: by place, then resolved to seats."""

    giver_place: int
    receiver_place: int
    count: int
    kind: str  # best | choice | requested
    giver: int = -1
    receiver: int = -1

    def as_json(self, titles: Sequence[str] = ()) -> dict[str, object]:
        data: dict[str, object] = {
            "giver": self.giver,
            "receiver": self.receiver,
            "count": self.count,
            "kind": self.kind,
        }
        if titles:
            data["giver_title"] = titles[self.giver_place - 1]
            data["receiver_title"] = titles[self.receiver_place - 1]
        return data


def pair_counts(n: int, v: PresidentVariants) -> tuple[int, ...]:
    """Cards owed per pair, top pair (Scum ↔ President) first (§2.2)."""
    scheme = v.exchange_scheme
    if scheme == "none":
        return ()
    if scheme == "graded":
        pairs = min(3, n // 2)
        return tuple(pairs - i for i in range(pairs))
    return (1,) if n == 3 else (2, 1)


def transfers(n: int, v: PresidentVariants) -> tuple[Transfer, ...]:
    """Every hand-over in the order it is made: pair by pair from the top, each pair completing
    both directions (§2.2 [our default])."""
    out: list[Transfer] = []
    lower_kind = "requested" if v.exchange_scheme == "president_picks" else "best"
    for i, count in enumerate(pair_counts(n, v)):
        upper, lower = i + 1, n - i
        up = Transfer(lower, upper, count, lower_kind)
        down = Transfer(upper, lower, count, "choice")
        out.extend((up, down) if v.exchange_order == "lower_first" else (down, up))
    return tuple(out)


def seat_transfers(order: Sequence[int], v: PresidentVariants) -> tuple[Transfer, ...]:
    """The transfers with seats filled in from a finishing order (seat of place p is order[p-1])."""
    return tuple(
        Transfer(
            t.giver_place, t.receiver_place, t.count, t.kind, order[t.giver_place - 1], order[t.receiver_place - 1]
        )
        for t in transfers(len(order), v)
    )


def next_dealer(order: Sequence[int], v: PresidentVariants) -> int:
    """Rounds 2+: the Scum deals, or the President (§1.4)."""
    return order[0] if v.dealer == "president" else order[-1]


def next_seating(order: Sequence[int], seating: Sequence[int], v: PresidentVariants) -> tuple[int, ...]:
    """Under ``reseat_by_title`` players sit clockwise in title order from the President (§2.7)."""
    return tuple(order) if v.reseat_by_title else tuple(seating)


def left_of(seat: int, seating: Sequence[int]) -> int:
    return seating[(seating.index(seat) + 1) % len(seating)]


def later_leader(order: Sequence[int], dealer: int, seating: Sequence[int], v: PresidentVariants) -> int:
    """Who leads rounds 2+ after the exchange (§2.3)."""
    if v.later_round_lead == "president":
        return order[0]
    if v.later_round_lead == "scum":
        return order[-1]
    return left_of(dealer, seating)


_TITLE_LABELS = {
    PRESIDENT: N_("President"),
    VICE_PRESIDENT: N_("Vice-President"),
    NEUTRAL: N_("Neutral"),
    VICE_SCUM: N_("Vice-Scum"),
    SCUM: N_("Scum"),
}


def title_label(title: str) -> dict[str, object]:
    """A title as a translatable label for the summary (the English title itself stays the key)."""
    return {"template": _TITLE_LABELS[title], "params": {}, "text": title}


#: Why a seat holds its title (§2.7), one line per title so that the title is translated with it.
_TITLE_LINES = {
    PRESIDENT: N_("%(name)s finished in place %(place)s of %(seats)s: President (president.md §2.7)."),
    VICE_PRESIDENT: N_("%(name)s finished in place %(place)s of %(seats)s: Vice-President (president.md §2.7)."),
    NEUTRAL: N_("%(name)s finished in place %(place)s of %(seats)s: Neutral (president.md §2.7)."),
    VICE_SCUM: N_("%(name)s finished in place %(place)s of %(seats)s: Vice-Scum (president.md §2.7)."),
    SCUM: N_("%(name)s finished in place %(place)s of %(seats)s: Scum (president.md §2.7)."),
}

#: A seat's league points for the round (§3), per title.
_POINTS_LINES = {
    PRESIDENT: N_(
        "%(name)s: President (place %(place)s) scores %(points)s under %(scheme)s (president.md §3); "
        "standing %(total)s."
    ),
    VICE_PRESIDENT: N_(
        "%(name)s: Vice-President (place %(place)s) scores %(points)s under %(scheme)s (president.md §3); "
        "standing %(total)s."
    ),
    NEUTRAL: N_(
        "%(name)s: Neutral (place %(place)s) scores %(points)s under %(scheme)s (president.md §3); standing %(total)s."
    ),
    VICE_SCUM: N_(
        "%(name)s: Vice-Scum (place %(place)s) scores %(points)s under %(scheme)s (president.md §3); "
        "standing %(total)s."
    ),
    SCUM: N_(
        "%(name)s: Scum (place %(place)s) scores %(points)s under %(scheme)s (president.md §3); standing %(total)s."
    ),
}

#: One hand-over of the next round's exchange (§2.2) by its kind and the giver's title. The pairs are
#: Scum/President, Vice-Scum/Vice-President and, under ``graded`` with six or more players, two
#: Neutrals; the lower title gives its best (or the named) cards, the upper any cards.
_EXCHANGE_LINES: dict[tuple[str, str], tuple[str, str]] = {
    ("choice", PRESIDENT): NP_(
        "Next round's exchange: %(giver)s (President) gives %(receiver)s (Scum) any card of their choice "
        "(president.md §2.2).",
        "Next round's exchange: %(giver)s (President) gives %(receiver)s (Scum) any %(count)s cards "
        "of their choice (president.md §2.2).",
    ),
    ("choice", VICE_PRESIDENT): NP_(
        "Next round's exchange: %(giver)s (Vice-President) gives %(receiver)s (Vice-Scum) any card of their "
        "choice (president.md §2.2).",
        "Next round's exchange: %(giver)s (Vice-President) gives %(receiver)s (Vice-Scum) any "
        "%(count)s cards of their choice (president.md §2.2).",
    ),
    ("choice", NEUTRAL): NP_(
        "Next round's exchange: %(giver)s (Neutral) gives %(receiver)s (Neutral) any card of their choice "
        "(president.md §2.2).",
        "Next round's exchange: %(giver)s (Neutral) gives %(receiver)s (Neutral) any %(count)s cards "
        "of their choice (president.md §2.2).",
    ),
    ("requested", SCUM): NP_(
        "Next round's exchange: %(giver)s (Scum) gives %(receiver)s (President) the card %(receiver)s names, "
        "if held (president.md §2.2).",
        "Next round's exchange: %(giver)s (Scum) gives %(receiver)s (President) the %(count)s cards "
        "%(receiver)s names, if held (president.md §2.2).",
    ),
    ("requested", VICE_SCUM): NP_(
        "Next round's exchange: %(giver)s (Vice-Scum) gives %(receiver)s (Vice-President) the card "
        "%(receiver)s names, if held (president.md §2.2).",
        "Next round's exchange: %(giver)s (Vice-Scum) gives %(receiver)s (Vice-President) the "
        "%(count)s cards %(receiver)s names, if held (president.md §2.2).",
    ),
    ("requested", NEUTRAL): NP_(
        "Next round's exchange: %(giver)s (Neutral) gives %(receiver)s (Neutral) the card %(receiver)s names, "
        "if held (president.md §2.2).",
        "Next round's exchange: %(giver)s (Neutral) gives %(receiver)s (Neutral) the %(count)s cards "
        "%(receiver)s names, if held (president.md §2.2).",
    ),
    ("best", SCUM): NP_(
        "Next round's exchange: %(giver)s (Scum) gives %(receiver)s (President) their best card (president.md §2.2).",
        "Next round's exchange: %(giver)s (Scum) gives %(receiver)s (President) their %(count)s best "
        "cards (president.md §2.2).",
    ),
    ("best", VICE_SCUM): NP_(
        "Next round's exchange: %(giver)s (Vice-Scum) gives %(receiver)s (Vice-President) their best card "
        "(president.md §2.2).",
        "Next round's exchange: %(giver)s (Vice-Scum) gives %(receiver)s (Vice-President) their "
        "%(count)s best cards (president.md §2.2).",
    ),
    ("best", NEUTRAL): NP_(
        "Next round's exchange: %(giver)s (Neutral) gives %(receiver)s (Neutral) their best card (president.md §2.2).",
        "Next round's exchange: %(giver)s (Neutral) gives %(receiver)s (Neutral) their %(count)s best cards "
        "(president.md §2.2).",
    ),
}


def title_note(title: str, seat: int, name: str, place: int, seats: int) -> Note:
    """Why a seat holds its title (§2.7)."""
    return _line("title", _TITLE_LINES[title], seat, name=name, place=place, seats=seats)


def points_note(title: str, seat: int, name: str, place: int, points: str, scheme: str, total: int) -> Note:
    """A seat's league points for the round (§3): ``points`` signed, ``scheme`` the ``scoring_scheme``."""
    return _line(
        "points", _POINTS_LINES[title], seat, name=name, place=place, points=points, scheme=scheme, total=total
    )


def exchange_note(giver_title: str, t: Transfer, giver: str, receiver: str) -> Note:
    """One hand-over of the next round's exchange (§2.2), with both players' titles."""
    kind = t.kind if t.kind in ("choice", "requested") else "best"
    known = {title for k, title in _EXCHANGE_LINES if k == kind}
    template, plural = _EXCHANGE_LINES[(kind, giver_title if giver_title in known else NEUTRAL)]
    return _line("exchange", template, t.giver, plural=plural, giver=giver, receiver=receiver, count=t.count)


def _line(code: str, template: str, seat: int, plural: str | None = None, **params: str | int) -> Note:
    """A line from one of the tables above (their templates are extracted where they are marked)."""
    return Note(code, template, seat, plural=plural, **params)
