"""The lines the newer Thousand rules write (reverse barrel §11, revealed talon §16.1, blind-bid
proofs §4.6, two talons §3.3) are translated: a summary that uses them, localized to de/fi/ru, keeps
no English line, and a Russian line reads as written in the catalogue."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.i18n import localize
from scoring.thousand import GAME
from tests.scoring.i18n_helpers import translatable as _lines
from tests.scoring.test_thousand_blind_proofs import OPEN_CAP, blind_t24
from tests.scoring.test_thousand_reveal_talon import dark_t24, reveal
from tests.scoring.thousand_helpers import A, enter, played, start

WORD = re.compile(r"[A-Za-z]{3,}")


def _summaries() -> list[dict[str, Any]]:
    on = {"reverse_barrel": True, "misdeal_penalty": "dealer_minus_120_deal_passes"}
    rb = played(start(on, totals=(-850, 0, 0)), A, 100, [50, 40, 30], [4, 2, 2])  # gets on
    rb = played(rb, A, 100, [50, 40, 30], [4, 2, 2])  # stays, deal 1
    lifted = played(start(on, totals=(-880, 0, 0), reverse_barrel=(2, None, None)), 1, 100, [0, 110, 10], [1, 6, 1])
    off = played(start(on, totals=(-880, 0, 0), reverse_barrel=(1, None, None)), 1, 100, [18, 100, 2], [2, 5, 1])
    lost = played(start(on, totals=(-880, 300, 200), reverse_barrel=(1, None, None)), A, 120, [50, 60, 10], [3, 4, 1])
    fined = enter(start(on, totals=(-800, 0, 0), dealer=A), kind="thrown_in", reason="misdeal")
    revealed = reveal(dark_t24({"renege_penalty": "fixed_120"}), "QS 9C TD")
    blind = blind_t24(OPEN_CAP | {"renege_penalty": "fixed_120"})
    return [GAME.summary(s) for s in (rb, lifted, off, lost, fined, revealed, blind)]


@pytest.mark.parametrize("language", ["de", "fi", "ru"])
def test_no_new_line_is_left_in_english(language: str) -> None:
    for summary in _summaries():
        for english, local in zip(_lines(summary), _lines(localize(summary, language)), strict=True):
            if WORD.search(re.sub(r"%\(\w+\)[sdfr]", "", english["template"])):
                key = next(k for k in ("text", "message", "reason", "how") if isinstance(english.get(k), str))
                assert local[key] != english[key], (language, english["template"])


def test_russian_reverse_barrel_lines() -> None:
    summary = GAME.summary(
        played(start({"reverse_barrel": True}, totals=(-850, 0, 0)), A, 100, [50, 40, 30], [4, 2, 2])
    )
    texts = [line["text"] for line in _lines(localize(summary, "ru")) if line.get("code", "").startswith("reverse")]
    # A −850 fails 100: −950 is in the zone and is set to −880 (the totals are plain ints: "-950").
    assert texts == ["-950 — в зоне минусовой бочки: ставится -880 (§11)."]


@pytest.mark.parametrize("language", ["de", "fi", "ru"])
def test_new_errors_are_translated(language: str) -> None:
    state = dark_t24({})
    with pytest.raises(RulesError) as err:
        reveal(state, "QS 9C 9S")
    local = localize(err.value.as_json(), language)
    assert local["message"] != err.value.message
