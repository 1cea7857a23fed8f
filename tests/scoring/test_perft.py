"""One golden-count (perft) harness for all six games (../shared/STYLE.md, python-chess's perft).

``perft(game, state, depth)`` counts the sequences of ``legal_events`` of length ``depth`` from a
recorded position; a sequence that reaches a chance point (a deal, a draw) or the end stops there
and counts once. Each expected number is worked out by hand in the comment above it, from the
rules in docs/games/<game>.md; any change in move generation changes a number.
"""

from __future__ import annotations

from typing import Any

from scoring.protocol import Game
from scoring.registry import get_game
from tests.scoring import bourre_helpers as bourre
from tests.scoring.hearts_support import hands_of, known_position, new_game
from tests.scoring.president_helpers import deal4, position
from tests.scoring.test_hearts_examples import H3


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    events = game.legal_events(state)
    if not events:
        return 1
    return sum(perft(game, game.apply(state, event), depth - 1) for event in events)


# -- Hearts (docs/games/hearts.md §8.3: follow suit; hearts broken; the first trick) ---------------
HEARTS = get_game("hearts")


def test_hearts_last_two_tricks() -> None:
    # docs/games/hearts.md §8.3. Seat 0 leads trick 12, hearts broken. 2S lead: seat 1 follows
    # 4S/5S (2), seats 2 and 3 are void (2 × 2): 8; seat 1 wins and the last trick is forced.
    # 3D lead: seat 1 void (2), seat 2 must play 6D (1), seat 3 void (2): 4. Total 12;
    # depth 1 = 2, depth 2 = 2 + 2.
    state = known_position(["2S 3D", "4S 5S", "6D 7H", "8H 9H"], leader=0, trick_number=12, hearts_broken=True)
    assert [perft(HEARTS, state, d) for d in (1, 2, 8)] == [2, 4, 12]


def test_hearts_follow_and_discard() -> None:
    # docs/games/hearts.md §8.3. Seat 2 leads: AH → seat 3 KH (1), seat 0 void (2), seat 1 hearts (2) = 4;
    # 2C → seat 3 3C (1), seats 0 and 1 void (2 × 2) = 4. Total 8.
    state = known_position(["QS 4D", "5H 6H", "AH 2C", "KH 3C"], leader=2, trick_number=12, hearts_broken=True)
    assert perft(HEARTS, state, 8) == 8


def test_hearts_unbroken_hearts_lead() -> None:
    # docs/games/hearts.md §8.3 must_break_hearts: seat 0 holds 2H 3C and must lead 3C (1); seat 1 follows 4C (1);
    # seat 2 void: 2; seat 3 void: 2 → 4. With must_break_hearts off, 2H may also be led:
    # 2H lead → seat 1 5H (1), seats 2 and 3 void (2 × 2) = 4; total 8.
    hands = ["2H 3C", "4C 5H", "7S 7D", "8S 9D"]
    assert perft(HEARTS, known_position(hands, leader=0, trick_number=12, hearts_broken=False), 8) == 4
    loose = known_position(hands, leader=0, trick_number=12, hearts_broken=False, variants={"must_break_hearts": False})
    assert perft(HEARTS, loose, 8) == 8


def test_hearts_first_trick() -> None:
    # docs/games/hearts.md §8.3 the opening lead: seat 3 leads 2C (1); seat 0 holds 3 clubs (QC AC 8C), seat 1 four
    # (6C JC 3C KC), seat 2 one (4C): 1 × 3 × 4 × 1 = 12 ways to play trick 1.
    state = HEARTS.apply_json(new_game({"pass_count": 0}), "deal", {"hands": hands_of(H3)})
    assert perft(HEARTS, state, 4) == 12


# -- Bourré (docs/games/bourre.md §7.4 follow and head, §7.5 the cinch) ----------------------------
BOURRE = get_game("bourre")


def test_bourre_two_players() -> None:
    # Trump ♠ (Bob's up-card 2♠). Ann: A♠ K♥ Q♥ 3♦ 4♣; Bob: 2♠ A♥ 5♦ 6♦ 7♣. Ann leads.
    # Depth 1: one trump (no cinch): any of 5 leads. Depth 2 (docs/games/bourre.md §7.4): A♠ → 2♠; K♥ → A♥; Q♥ → A♥;
    # 3♦ → 5♦ or 6♦; 4♣ → 7♣: 1 + 1 + 1 + 2 + 1 = 6.
    s = bourre.start("AB")
    hands = [["AS", "KH", "QH", "3D", "4C"], ["2S", "AH", "5D", "6D", "7C"]]
    s = bourre.decide(bourre.step(s, "deal", dealer=1, up_card="2S", hands=hands), "0:+0 1:+0")
    assert [perft(BOURRE, s, d) for d in (1, 2)] == [5, 6]


def test_bourre_three_player_first_trick() -> None:
    # Trump ♥ (P3's up-card 8♥). P1: A♠ 2♠ 3♥ 9♦ 4♣; P2: K♠ 5♥ 6♥ 2♦ 3♣; P3: Q♠ 7♠ 8♦ T♦ 8♥.
    # A♠: P2 K♠; P3 Q♠ or 7♠ (cannot beat A♠) → 2.   2♠: P2 must head with K♠; P3 Q♠/7♠ → 2.
    # 3♥: P2 5♥ or 6♥ (both beat); P3 must beat with 8♥ → 2.   9♦: P2 2♦; P3 must head with T♦ → 1.
    # 4♣: P2 3♣; P3 void in ♣ must trump 8♥ → 1.   Total 2 + 2 + 2 + 1 + 1 = 8.
    s = bourre.start(3)
    hands = [["AS", "2S", "3H", "9D", "4C"], ["KS", "5H", "6H", "2D", "3C"], ["QS", "7S", "8D", "TD", "8H"]]
    s = bourre.decide(bourre.step(s, "deal", dealer=2, up_card="8H", hands=hands), "0:+0 1:+0 2:+0")
    assert [perft(BOURRE, s, d) for d in (1, 3)] == [5, 8]


def test_bourre_cinch_leads() -> None:
    # docs/games/bourre.md §7.5 (rules §3.6 C1): trump ♦ (Bob's up-card 2♦); Ann A♦ K♦ Q♦ 7♣ 4♠ has a cinch (Sure 3) and must lead
    # her highest trump or an equivalent one. Leads: sequence A♦ K♦ Q♦ (3), adjacent_only A♦ K♦
    # (2), strict A♦ (1); Bob must follow with his only trump 2♦ each time (1 reply).
    hands = [["AD", "KD", "QD", "7C", "4S"], ["2D", "5C", "6C", "7S", "8S"]]
    counts = {}
    for mode in ("sequence", "adjacent_only", "strict"):
        s = bourre.start("AB", cinch_equivalent_trumps=mode)
        s = bourre.decide(bourre.step(s, "deal", dealer=1, up_card="2D", hands=hands), "0:+0 1:+0")
        counts[mode] = (perft(BOURRE, s, 1), perft(BOURRE, s, 2))
    assert counts == {"sequence": (3, 3), "adjacent_only": (2, 2), "strict": (1, 1)}


# -- President (docs/games/president.md §8.3: beat the top set or pass) -----------------------------
PRESIDENT = get_game("president")


def test_president_default_rules() -> None:
    # 3 players, P1 to lead: P1 {5♣ 5♦ 9♠}, P2 {6♣ 6♦ K♠}, P3 {2♥ 4♠}.
    # Depth 1: leads 5♣, 5♦, 5♣5♦, 9♠ = 4.
    # Depth 2: on a single 5 P2 has 6♣, 6♦, K♠ or pass (4, twice); on 5♣5♦: 6♣6♦ or pass (2);
    #          on 9♠: K♠ or pass (2) → 4 + 4 + 2 + 2 = 12.
    # Depth 3: P3 holds 2♥ 4♠: on any single 5–K the 2♥ or a pass (2 each; 4♠ never beats):
    #          single 5 lines 4 × 2 × 2 = 16; pair lines: P3 has no pair → pass only, 2 × 1 = 2;
    #          9♠ lines: 2 × 2 = 4 → 22.
    state = position(deal4({}, n=3), {0: "5C 5D 9S", 1: "6C 6D KS", 2: "2H 4S"}, 0, [None] * 3)
    assert [perft(PRESIDENT, state, d) for d in (1, 2, 3)] == [4, 12, 22]


def test_president_wild_jokers_and_equal_play() -> None:
    # 3 players, jokers wild: P1 {5♣ JK}, P2 {5♦ 7♠}, P3 {8♠ 8♦}.
    # Depth 1: 5♣, JK (a lone joker ranks above 2s), 5♣+JK (a pair of 5s) = 3.
    # Depth 2: on 5♣: 7♠ or pass (2); on JK: pass (1); on the pair: P2 has no pair, pass (1) → 4.
    # Depth 3: after 5♣ 7♠ and after 5♣ pass: 8♠, 8♦ or pass (3 + 3); JK lines: pass (1);
    #          pair lines: 8♠8♦ or pass (2) → 9.
    hands = {0: "5C JK", 1: "5D 7S", 2: "8S 8D"}
    state = position(deal4({}, n=3, jokers="wild"), hands, 0, [None] * 3)
    assert [perft(PRESIDENT, state, d) for d in (1, 2, 3)] == [3, 4, 9]
    # equal_play = allowed: P2 may also lay 5♦ on 5♣ (+1 at depth 2), after which P3 has 8♠, 8♦
    # or pass (+3 at depth 3).
    state = position(deal4({}, n=3, jokers="wild", equal_play="allowed"), hands, 0, [None] * 3)
    assert [perft(PRESIDENT, state, d) for d in (1, 2, 3)] == [3, 5, 12]


# -- Thousand (docs/games/thousand.md §7.3: the auction) ----------------------------------------------
THOUSAND = get_game("thousand")


def test_thousand_opening_auction() -> None:
    # docs/games/thousand.md §7.3. Three players, dealer A (seat 0); B opens (compulsory 100: B may not pass). Neither B
    # nor C holds a K-Q pair, so under bid_ceiling = marriage_required neither may bid above 120
    # (§4.3). B's bids: 100, 105, 110, 115, 120 → 5. C answers a bid b with b+5 … 120 or a pass:
    # after 100: 4 + 1; 105: 3 + 1; 110: 2 + 1; 115: 1 + 1; 120: 1 → 5 + 4 + 3 + 2 + 1 = 15.
    hands = [
        ["KH", "QH", "KD", "QD", "AS", "TS", "9S"],
        ["AH", "TH", "JH", "9H", "AD", "TD", "JD"],
        ["9D", "JS", "KS", "9C", "JC", "KC", "AC"],
    ]
    state = THOUSAND.start({}, ["A", "B", "C"])
    state = THOUSAND.apply_json(state, "deal", {"hands": hands, "talon": ["QS", "QC", "TC"]})
    assert [perft(THOUSAND, state, d) for d in (1, 2)] == [5, 15]


# -- Tonk (docs/games/tonk.md §5.3: a turn starts with a drop or a draw) -----------------------------
TONK = get_game("tonk")


def test_tonk_first_turn() -> None:
    # docs/games/tonk.md §5.1–§5.3. Two players, five cards each, the up-card 9♠ starts the discard pile. Counts 21 and
    # 23: no automatic win (§2.2). Seat 1 (left of the dealer) opens: drop (1), take the 9♠ (1), or
    # draw from the stock, whose card may be any of 52 − 10 − 1 = 41 unseen cards → 43.
    # After taking the 9♠: no book or run among 2♠ 3♥ 4♣ 6♦ 8♥ 9♠, no spread to hit, and the
    # taken card may not be discarded again (rediscard_taken_card off): 5 discards.
    hands = [["2C", "3D", "4H", "5S", "7C"], ["2S", "3H", "4C", "6D", "8H"]]
    state = TONK.apply_json(TONK.start({}, ["A", "B"]), "deal", {"dealer": 0, "hands": hands, "upcard": "9S"})
    assert perft(TONK, state, 1) == 43
    taken = TONK.apply_json(state, "draw", {"seat": 1, "source": "discard", "card": "9S"})
    assert perft(TONK, taken, 1) == 5


# -- The T-Shirt Game (docs/games/tshirt.md §4.2: seating, then one slogan from each non-judge) --------
TSHIRT = get_game("tshirt")


def test_tshirt_seating_and_slogans() -> None:
    # Three players: any seat may be the first judge (3); then the two others play a slogan in
    # either order (2 × 1), after which the round's result is the cards' (a chance point).
    state = TSHIRT.start({}, ["A", "B", "C"])
    assert [perft(TSHIRT, state, d) for d in (1, 2, 3, 4)] == [3, 6, 6, 6]
