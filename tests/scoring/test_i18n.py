"""Every engine string is translated: explanation lines, rules errors and house-rule docs (issue 7).

The templates are read from the source by ``scripts/i18n.py``; these tests assert what its ``check``
command lists: each template is a literal, is in every language's catalogue, is translated with the
same placeholders (and the right number of plural forms), and the committed ``.mo`` matches its
``.po``. A summary rendered in Russian then carries no English line.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scoring.explain import Note
from scoring.i18n import DOMAINS, LANGUAGES, domain_of, localize
from tests.scoring.i18n_helpers import translatable

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("companion_i18n_tool", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
EXTRACTION = TOOL.extract()
#: Catalogues still being written (each helper's branch empties its entry); must be empty on main at the end.
PENDING: set[str] = set()


@pytest.mark.parametrize("domain", DOMAINS)
def test_templates_are_literals(domain: str) -> None:
    if domain in PENDING:
        pytest.skip(f"{domain}: catalogue being written")
    problems = [
        p for p in EXTRACTION.problems if domain_of(".".join(Path(p.split(":")[0]).with_suffix("").parts)) == domain
    ]
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("domain", DOMAINS)
def test_catalogue_complete(domain: str, language: str) -> None:
    if domain in PENDING:
        pytest.skip(f"{domain}: catalogue being written")
    only = TOOL.Extraction({d: (m if d == domain else {}) for d, m in EXTRACTION.messages.items()}, [])
    problems = [p for p in TOOL.check(only) if f"/{language}/" in p]
    assert problems == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_russian_plural_rule(domain: str) -> None:
    """1 очко, 2 очка, 5 очков, 11 очков, 21 очко, 22 очка: the header's rule picks the form."""
    if domain in PENDING:
        pytest.skip(f"{domain}: catalogue being written")
    import gettext

    catalogue = gettext.translation(domain, ROOT / "scoring" / "locale", languages=["ru"])

    assert [catalogue.plural(n) for n in (1, 2, 5, 11, 21, 22, 25, 111)] == [0, 1, 2, 2, 0, 1, 2, 2]  # type: ignore[attr-defined]


def test_english_is_the_template_itself() -> None:
    line = Note("bolt", "%(count)s bolt.", 0, plural="%(count)s bolts.", count=1)
    assert line.text == "1 bolt."
    assert localize({"a": [line.as_json()]}, "en")["a"][0]["text"] == "1 bolt."


def test_untranslatable_params_never_break_a_line() -> None:
    """A catalogue entry that does not fit its params falls back to the English text."""
    broken = {"code": "x", "template": "%(name)s took %(n)s.", "params": {"name": "Ann"}, "text": "Ann took ?."}
    assert localize({"explain": [broken]}, "ru")["explain"][0]["text"] == "Ann took ?."


# -- President and The T-Shirt Game: whole summaries rendered in Russian and Finnish -----------------


def _pairs(english: Any, localized: Any) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Every translatable dict of a JSON document beside its localized copy."""
    if isinstance(english, list):
        for e, t in zip(english, localized, strict=True):
            yield from _pairs(e, t)
    elif isinstance(english, dict):
        if "template" in english:
            yield english, localized
        for key, value in english.items():
            yield from _pairs(value, localized[key])


def _has_words(template: str) -> bool:
    """``"%(name)s: %(before)s → %(total)s."`` reads the same in every language; most lines do not."""
    return re.search(r"[A-Za-z]{2,}", re.sub(r"%\(\w+\)[sdfr]", "", template)) is not None


def _assert_no_english_line(summary: dict[str, Any], language: str) -> list[str]:
    localized = localize(summary, language)
    pairs = list(_pairs(summary, localized))
    assert pairs, "the summary carries translatable lines"
    for english, translated in pairs:
        key = next(k for k in ("text", "message", "reason", "how") if k in english)
        if _has_words(english["template"]):
            assert translated[key] != english[key], f"{language}: still English: {english[key]!r}"
    return [t.get("text", "") for _, t in pairs]


def test_a_president_evening_reads_in_russian_and_finnish() -> None:
    from scoring.president import GAME

    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    state = GAME.start({}, players)
    # Round 1: Cat, Ann, Eve, Bob, Dan go out in that order: Ann is 2nd of 5, Vice-President (§2.7);
    # Dan (Scum) hands Cat (President) his 2 best cards under the standard exchange (§2.2).
    state = GAME.apply_json(state, "round_result", {"order": [2, 0, 4, 1, 3], "dealer": 4})
    state = GAME.apply_json(state, "round_result", {"order": [0, 1, 2, 3, 4]})
    state = GAME.apply_json(state, "end_evening", {})
    summary = GAME.summary(state)

    russian = _assert_no_english_line(summary, "ru")
    finnish = _assert_no_english_line(summary, "fi")

    assert "Ann: 2-е место из 5 — Вице-президент (president.md §2.7)." in russian
    assert (
        "Обмен перед следующим кругом: Dan (Чмо) отдаёт игроку Cat (Президент) 2 лучшие карты (president.md §2.2)."
        in russian
    )
    assert "стол закрыл вечер после круга 2" in russian  # how the evening ended (result.explain)
    assert (
        "Seuraavan kierroksen vaihto: Dan (Peruna) antaa pelaajalle Cat (Presidentti) 2 parasta korttiaan "
        "(president.md §2.2)." in finnish
    )
    assert localize(summary, "ru")["title_labels"][3]["text"] == "Вице-чмо"  # Dan, 4th of 5 in round 2


def test_a_president_round_in_play_and_its_errors_read_in_finnish_and_russian() -> None:
    from scoring.errors import RulesError
    from scoring.president import GAME

    state = GAME.start({"first_round_lead": "left_of_dealer"}, ["Ann", "Bob", "Cat"])
    state = GAME.apply_json(state, "deal", {"dealer": 0})
    state = GAME.apply_json(state, "play", {"seat": 1, "cards": ["7S", "7H"]})  # Bob, left of Ann, leads
    summary = GAME.summary(state)
    _assert_no_english_line(summary, "fi")
    top = localize(summary, "fi")["current_round"]["trick"]["top"]
    assert top["set"]["text"] == "7-pari"

    with pytest.raises(RulesError) as error:
        GAME.apply_json(state, "play", {"seat": 0, "cards": ["9S", "9H"]})  # Cat is to act, not Ann
    body = localize(error.value.as_json(), "ru")
    assert body["message"] == "Сейчас ходит Cat, а не Ann (president.md §2.4)."
    assert body["params"]["seat"] == 0


def test_a_tshirt_game_reads_in_russian_and_finnish() -> None:
    from scoring.errors import RulesError
    from scoring.tshirt import GAME, StartGame

    state = GAME.apply(GAME.start({"target_points": 1000}, ["Ann", "Ben", "Cat", "Dan"]), StartGame(0))
    rounds = [
        {"round": 1, "judge": 0, "winner": 1, "value": 400},
        # BOO YAH!: Cat takes Ben's 400 from round 1 and keeps her own 300.
        {
            "round": 2,
            "judge": 1,
            "winner": 2,
            "value": 300,
            "boo_yah": True,
            "stolen_from": 1,
            "stolen_round": 1,
            "stolen_value": 400,
        },
        {"round": 3, "judge": 2, "winner": 3, "value": 100, "boo_yah": True},
        # Cat: 300 + 400 + 500 = 1200 ≥ 1000: the game ends at once.
        {"round": 4, "judge": 3, "winner": 2, "value": 500},
    ]
    with pytest.raises(RulesError) as error:
        GAME.apply_json(state, "round_result", {"round": 1, "judge": 1, "winner": 2, "value": 100})
    assert localize(error.value.as_json(), "fi")["message"] == (
        "Kierroksen 1 tuomari on Ann (ensin nuorin, sitten aina yksi paikka vasemmalle), ei Ben."
    )
    for payload in rounds:
        state = GAME.apply_json(state, "round_result", payload)
    summary = GAME.summary(state)

    russian = _assert_no_english_line(summary, "ru")
    finnish = _assert_no_english_line(summary, "fi")

    assert "BOO YAH!: Cat забирает у игрока Ben карту из круга 1 (значение 400); Ben её теряет." in russian
    assert "BOO YAH!: карту не забрали." in russian
    assert "первым набрал 1000" in russian
    assert "Cat saavutti 1200 ≥ 1000: peli päättyy heti." in finnish


def _translatable(data: Any) -> list[dict[str, Any]]:
    return list(translatable(data))


def _text(item: dict[str, Any]) -> str:
    return next(item[k] for k in ("text", "message", "reason", "how") if isinstance(item.get(k), str))


def test_tonk_summary_in_russian() -> None:
    """A card-by-card hand with a side bet and a finding, then a result-entry hand: every line in Russian."""
    from scoring.tonk import GAME

    hands = [["8H", "KC", "QD", "JS", "9D"], ["5H", "6H", "7H", "2S", "3C"], ["KH", "KD", "4C", "9S", "TS"]]
    state = GAME.start({"spades_side_bet": True}, ("Ann", "Bob", "Cid"))
    for event_type, payload in [
        ("deal", {"dealer": 0, "upcard": "2D", "hands": hands}),
        # Bob shows 2♠, Cid 10♠; Ann shows none though she holds J♠ (a finding, tonk.md §3.3).
        ("side_bet", {"players": [0, 1, 2], "amount": 3, "spades": [None, "2S", "TS"]}),
        # Bob drops with 5+6+7+2+3 = 23 against Ann's 47 and Cid's 43: strictly lowest, single (§3.1).
        ("drop", {"seat": 1}),
        # Ann drops with 9 for a stake of 2, Bob has 7 ≤ 9: caught (pagat, §3.2).
        ("hand_result", {"end": "drop", "by": 0, "counts": [9, 7, 12], "stake": 2}),
    ]:
        state = GAME.apply_json(state, event_type, payload)
    summary = GAME.summary(state)
    english = _translatable(summary)
    russian = _translatable(localize(summary, "ru"))
    assert len(english) == len(russian) > 20
    left = [_text(en) for en, ru in zip(english, russian, strict=True) if _text(en) == _text(ru)]
    assert left == []
    assert all(any("а" <= ch <= "я" for ch in _text(ru).lower()) for ru in russian)
    lines = [line["text"] for hand in localize(summary, "ru")["history"] for line in hand["explain"]]
    # Hand 1: Ann and Cid each pay Bob 1 stake of 1.
    assert "Ann платит игроку Bob 1 ставку (1): стук с суммой 23, строго наименьшей, одинарно." in lines
    assert "Ann: выплачена 1 ставка; итог -1 × ставка 1 = -1." in lines
    # Hand 2: Ann pays Bob 2 (caught) + 1 (Bob's lowest 7), Cid pays Bob 1: Ann 3 stakes × 2, Bob 4 × 2.
    assert "Ann платит игроку Bob 2 ставки (4): стук пойман, сумма 7 ≤ 9 у постучавшего." in lines
    assert "Ann: выплачены 3 ставки; итог -3 × ставка 2 = -6." in lines
    assert "Bob: получены 4 ставки; итог +4 × ставка 2 = +8." in lines


def test_claim_verdict_in_german() -> None:
    from scoring.cards import parse_cards
    from scoring.claims import Claim, ClaimKind, Position, check_claim

    hands = [parse_cards("AS KS"), parse_cards("2S 3S"), parse_cards("4S 5S"), parse_cards("6S 7S")]
    pos = Position.hearts(hands, leader=0, hearts_broken=True)
    fails = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, claimant=1)).as_json()
    assert fails["reason"] == "The others can beat it."
    assert localize(fails, "de")["reason"] == "Die Gegner können den Claim schlagen."
    holds = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)).as_json()
    assert localize(holds, "de")["reason"] == "Der Claim geht gegen jede Verteidigung durch."


def test_core_error_in_finnish() -> None:
    from scoring.cards import parse_card
    from scoring.errors import EventFormatError

    with pytest.raises(EventFormatError) as info:
        parse_card("XZ")
    body = info.value.as_json()
    assert body["message"] == "'XZ' is not a card (write it like QS, 10H or Q♠)."
    assert localize(body, "fi")["message"] == "'XZ' ei ole kortti (kirjoita esimerkiksi QS, 10H tai Q♠)."
    assert localize(body, "fi")["params"] == {"card": "XZ"}


@pytest.mark.parametrize(
    ("language", "bourre_line"),
    [
        ("de", "Dan hat keinen Stich gemacht: Bourré, zahlt 4 (§4.3)."),
        ("ru", "Dan без взяток: бурре, платит 4 (§4.3)."),
    ],
)
def test_bourre_summary_localized(language: str, bourre_line: str) -> None:
    """A Bourré session with a split pot carried over, a bourré and a renege reads wholly in German/Russian."""
    from scoring.bourre import GAME

    s = GAME.start({}, ["Ann", "Bob", "Cleo", "Dan"])
    # Deal 1: 4 antes → B = 4 (§4); Ann 2, Bob 2 tie: split pot carries over (§4.2); Dan took no trick:
    # bourré, pays B = 4 (§4.3, match_pot); pot 4 + 4 = 8.
    s = GAME.apply_json(
        s, "deal_result", {"dealer": 0, "up_card": "2S", "played": [0, 1, 2, 3], "tricks": [2, 2, 1, 0]}
    )
    # Deal 2: Ann, Bob (tied), Dan (paid) skip the ante (§4.5): Cleo antes 1 → B = 9; Bob takes 9; Cleo's
    # renege stood and pays 9 (§5.3).
    s = GAME.apply_json(s, "deal_result", {"played": [1, 2], "tricks": [0, 3, 2, 0], "reneges": [2]})
    summary = GAME.summary(s)
    assert summary["history"][0]["pot_after"] == 8 and summary["history"][1]["pot_at_play"] == 9

    english = _translatable(summary)
    local = _translatable(localize(summary, language))
    assert len(english) == len(local) >= 12
    for en, tr in zip(english, local, strict=True):
        key = "text" if "text" in en else "message"
        assert tr[key] != en[key], en[key]
    assert bourre_line in [line["text"] for line in local]
    assert local[-1]["text"] != english[-1]["text"]  # the finding's penalty too


def test_thousand_summary_in_russian() -> None:
    """Three deals of Thousand (rules/thousand.md): marriages, a bolt, then the barrel; no English line left."""
    from scoring.thousand import GAME

    state = GAME.start({}, ("Anna", "Boris", "Vera"))
    # Each deal Anna declares 300 with the ♥ ♦ ♣ marriages (100 + 80 + 60 = 240) and 100 card points:
    # 340 ≥ 300, so +300 (§7.1). Boris takes 20 in 1 trick; Vera takes no trick: a bolt each deal (§10).
    deal = {
        "declarer": 0,
        "contract": 300,
        "card_points": [100, 20, 0],
        "tricks": [7, 1, 0],
        "marriages": [["H", "D", "C"], [], []],
    }
    for _ in range(3):
        state = GAME.apply_json(state, "deal_result", deal)
    # 300 + 300 + 300 = 900 lies in the barrel zone 880-999: Anna is set to 880 and sits on the barrel (§9.1).
    # Boris 20 × 3 = 60. Vera's third bolt costs 120 (§10: every 3 bolts, −120): 0 − 120 = −120.
    assert state.totals == (880, 60, -120)
    summary = GAME.summary(state)
    english = _translatable(summary)
    assert {"marriage", "bolt", "bolt_penalty", "barrel_clamp", "declarer_made"} <= {
        str(line.get("code")) for line in english
    }

    russian = _translatable(localize(summary, "ru"))

    assert len(russian) == len(english)
    for en, ru in zip(english, russian, strict=True):
        assert ru["text"] != en["text"] and any("а" <= ch <= "я" for ch in str(ru["text"]).lower()), en["text"]
    first_deal = localize(summary, "ru")["history"][0]["explain"]
    assert "Заказчик набрал 340 ≥ заказ 300: +300." in [line["text"] for line in first_deal]
    assert "Болт №1 (§10)." in [line["text"] for line in first_deal]
    third_deal = [line["text"] for line in localize(summary, "ru")["history"][2]["explain"]]
    assert "3 болта: −120." in third_deal and "900 в зоне бочки: ставится 880 (§9.1)." in third_deal
