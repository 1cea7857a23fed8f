"""Ranks, sets and what beats what (rules/president.md §1.3, §2.4).

Every card has a *key*: its natural rank (2–14), :data:`JOKER_KEY` for a joker under
``jokers = high``, and under ``rank_order = red_threes_high`` :data:`RED_THREE` for 3♥/3♦ (3 stays
the key of the black threes). Wild cards (jokers under ``jokers = wild``, 2s under
``red_threes_high``) have no key of their own: they take the key of the set they join.

>>> from scoring.cards import parse_cards
>>> from scoring.president.variants import PresidentVariants
>>> v = PresidentVariants()
>>> analyse(parse_cards("7S 7H"), v)
Combo(key=7, count=2, wilds=0)
>>> analyse(parse_cards("4S 5H"), v) is None
True
>>> strength(2, v, False) > strength(14, v, False)
True
>>> analyse(parse_cards("JS JK"), PresidentVariants(jokers="wild"))
Combo(key=11, count=2, wilds=1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.cards import JOKER_RANK, Card, Suit
from scoring.explain import Note
from scoring.president.variants import PresidentVariants

JOKER_KEY = JOKER_RANK  # 15
RED_THREE = 16
FACE_RANKS = frozenset({11, 12, 13})

_LADDERS: dict[str, tuple[int, ...]] = {
    # §1.3, low to high; jokers and red threes sit above every ladder.
    "three_low_two_high": (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2),
    "twos_low": (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
    "red_threes_high": (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
}


@dataclass(frozen=True, slots=True)
class Combo:
    """A set: ``count`` cards standing for ``key`` (``wilds`` of them wild)."""

    key: int
    count: int
    wilds: int


def is_wild(card: Card, v: PresidentVariants) -> bool:
    if card.is_joker:
        return v.jokers == "wild"
    return v.rank_order == "red_threes_high" and card.rank == 2


def natural_key(card: Card, v: PresidentVariants) -> int:
    """The key of a card that is not wild."""
    if card.is_joker:
        return JOKER_KEY
    if v.rank_order == "red_threes_high" and card.rank == 3 and card.suit in (Suit.HEARTS, Suit.DIAMONDS):
        return RED_THREE
    return card.rank


def strength(key: int, v: PresidentVariants, revolution: bool) -> int:
    """Position of a key in the round's order (higher beats lower).

    A revolution (§2.4) reverses the ladder; jokers and red threes stay on top.

    >>> v = PresidentVariants()
    >>> strength(3, v, False), strength(2, v, False), strength(2, v, True), strength(15, v, True)
    (0, 12, 0, 13)
    """
    if key == JOKER_KEY:
        return 13
    if key == RED_THREE:
        return 14
    ladder = _LADDERS[v.rank_order]
    index = ladder.index(key)
    return len(ladder) - 1 - index if revolution else index


def exchange_value(card: Card, v: PresidentVariants) -> int:
    """How good a card is for "best cards" in the exchange (§1.3, §2.2): its single-card strength,
    wild cards counting as the best cards below a red three."""
    if is_wild(card, v):
        return 13 if card.is_joker else 12
    return strength(natural_key(card, v), v, False)


def card_value(card: Card, v: PresidentVariants) -> int:
    """The value counted under ``round_end = count_values`` (§2.6): the card's position in the
    rank order, the lowest card worth 1 (our scale; the source gives none)."""
    return exchange_value(card, v) + 1


def analyse(cards: Sequence[Card], v: PresidentVariants) -> Combo | None:
    """The set these cards form, or ``None`` when they are not one rank (wild cards fill in)."""
    if not cards:
        return None
    naturals = {natural_key(c, v) for c in cards if not is_wild(c, v)}
    wilds = sum(1 for c in cards if is_wild(c, v))
    if len(naturals) > 1:
        return None
    if naturals:
        key = naturals.pop()
    elif any(c.is_joker for c in cards):
        key = JOKER_KEY  # §2.4: a lone joker or only jokers rank above the 2s
    else:
        key = 3  # red-three set-up: 2s on their own stand in as black 3s (§1.3)
    return Combo(key, len(cards), wilds)


def is_four_of_a_kind(combo: Combo) -> bool:
    """Bombs and revolutions: a set of four (or more, with two decks) cards (§2.4)."""
    return combo.count >= 4


def is_twos(combo: Combo) -> bool:
    return combo.key == 2


def rank_copies(key: int, v: PresidentVariants) -> int:
    """How many natural cards of a key the pack holds."""
    if key == JOKER_KEY:
        return 2 * v.decks
    if v.rank_order == "red_threes_high" and key in (3, RED_THREE):
        return 2 * v.decks
    return 4 * v.decks


def naturals_of(cards: Iterable[Card], key: int, v: PresidentVariants) -> int:
    return sum(1 for c in cards if not is_wild(c, v) and natural_key(c, v) == key)


def key_name(key: int) -> str:
    if key == JOKER_KEY:
        return "joker"
    if key == RED_THREE:
        return "red 3"
    return {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(key, str(key))


def set_label(combo: Combo) -> Note:
    """Words for a set, as a translatable label.

    >>> set_label(Combo(7, 2, 0)).text, set_label(Combo(15, 1, 0)).text, set_label(Combo(13, 3, 1)).text
    ('a pair of 7s', 'a single joker', '3 × K')
    """
    n = combo.count
    if combo.key == JOKER_KEY:
        if n == 1:
            return Note("set", "a single joker")
        if n == 2:
            return Note("set", "a pair of jokers")
        return Note("set", "%(count)s jokers", count=n)
    if combo.key == RED_THREE:
        if n == 1:
            return Note("set", "a single red 3")
        if n == 2:
            return Note("set", "a pair of red 3s")
        return Note("set", "%(count)s red 3s", count=n)
    rank = key_name(combo.key)
    if n == 1:
        return Note("set", "a single %(rank)s", rank=rank)
    if n == 2:
        return Note("set", "a pair of %(rank)ss", rank=rank)
    return Note("set", "%(count)s × %(rank)s", count=n, rank=rank)


def response_kind(top: Combo, play: Combo, v: PresidentVariants, revolution: bool) -> str:
    """How ``play`` may go on ``top`` (§2.4), or an error code.

    Kinds: ``beat``, ``equal``, ``bomb``, ``single_two``, ``twos_one_larger``. Error codes:
    ``wrong_count``, ``does_not_beat``, ``equal_rank_not_allowed``.

    >>> from scoring.president.variants import PresidentVariants as V
    >>> response_kind(Combo(7, 2, 0), Combo(9, 2, 0), V(), False)
    'beat'
    >>> response_kind(Combo(7, 2, 0), Combo(13, 1, 0), V(), False)
    'wrong_count'
    >>> response_kind(Combo(7, 2, 0), Combo(7, 2, 0), V(), False)
    'equal_rank_not_allowed'
    """
    s_top, s_play = strength(top.key, v, revolution), strength(play.key, v, revolution)
    if v.bombs == "four_of_a_kind" and is_four_of_a_kind(play):
        return "bomb"
    if play.count == top.count:
        if s_play > s_top:
            return "beat"
        if s_play == s_top:
            return "equal_rank_not_allowed" if v.equal_play == "not_allowed" else "equal"
        return "does_not_beat"
    if v.single_two_beats_any and play.count == 1 and is_twos(play) and s_play > s_top:
        return "single_two"
    if v.twos_beat_one_larger and is_twos(play) and play.count + 1 == top.count and s_play > s_top:
        return "twos_one_larger"
    return "wrong_count"
