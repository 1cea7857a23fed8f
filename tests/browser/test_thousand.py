"""Thousand result entry on a phone, as fast as a dedicated counter, and its sheet as on paper
(rules/thousand.md §7 scoring, §8.1 Rospisat' and Р, §9 the barrel, §10 bolts)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Event
from scoring.registry import GAME_MODULES

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("thousand" not in GAME_MODULES, reason="the Thousand engine has not landed on this branch"),
]

#: Every tap on a button of the page is counted (typing a number is not a tap).
COUNT_TAPS = """() => { window.__taps = 0; if (window.__counting) return; window.__counting = true;
  document.addEventListener('click', (e) => { if (e.target.closest('button')) window.__taps += 1; }, true); }"""


def taps(page: Any) -> int:
    return int(page.evaluate("window.__taps"))


def start_counting(page: Any) -> None:
    page.evaluate(COUNT_TAPS)


def recorded(page: Any, deals: int) -> None:
    """Wait until the deal is on the board and the phone holds the legal actions after it (one
    event per deal), so the next form is not redrawn while it is being filled."""
    page.wait_for_selector(f"#board tr[data-hand='{deals - 1}']")
    page.wait_for_selector(f"body[data-ready='{deals}']", state="attached")
    page.wait_for_selector(f"#thousand-form h2:has-text('{deals + 1}')")


def declare(page: Any, declarer: int, contract: int | None = None) -> None:
    form = page.locator("#thousand-form")
    form.locator(f"[data-field=declarer] button[data-seat='{declarer}']").click()
    if contract is not None:
        page.fill("#contract", str(contract))


def played(page: Any, declarer: int, contract: int, points: int, other: tuple[int, int], marriages: str = "") -> None:
    """The declarer's card points, one opponent's (``other`` = seat, points; 0 = "no trick"), the
    last opponent filled in; marriages of the declarer."""
    declare(page, declarer, contract)
    page.fill(f"#cp-{declarer}", str(points))
    seat, value = other
    if value == 0:
        page.click(f"#thousand-form [data-notrick='{seat}']")
    else:
        page.fill(f"#cp-{seat}", str(value))
    for suit in marriages:
        page.click(f"#thousand-form button[data-marriage='{suit}'][data-seat='{declarer}']")
    page.click("#thousand-form [data-submit]")


def rospisat(page: Any, declarer: int) -> None:
    page.click("#kind button[data-value='rospisat']")
    page.click(f"#thousand-form [data-field=declarer] button[data-seat='{declarer}']")
    page.click("#thousand-form [data-submit]")


def cell(page: Any, deal: int, seat: int) -> str:
    return str(page.inner_text(f"#board button.n[data-hand='{deal}'][data-seat='{seat}']"))


def test_a_played_deal_in_four_taps_and_a_rospisat_in_three(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.wait_for_selector("#thousand-form")
    start_counting(page)
    # Declarer (1), the 120 chip (2), Anna's 110 typed, Boris's 10 typed, Clara filled, ♠ (3), record (4).
    page.click("#thousand-form [data-field=declarer] button[data-seat='0']")
    page.click("#thousand-form [data-contract='120']")
    page.fill("#cp-0", "110")
    page.fill("#cp-1", "10")
    page.click("#thousand-form button[data-marriage='S'][data-seat='0']")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#thousand-form h2").scroll_into_view_if_needed()
    phone.shot("35-thousand-entry", top=False)
    page.click("#thousand-form [data-submit]")
    recorded(page, 1)
    assert taps(page) == 4 <= 6
    payload = Event.objects.get(match_id=match_id, seq=1).payload
    # 120 − 110 − 10: Clara's card points were filled in; no tricks were asked.
    assert payload["card_points"] == [110, 10, 0] and "tricks" not in payload
    # §7.1: 110 + ♠ 40 = 150 ≥ 120, +120; §7.2: Boris 10; §10: Clara took nothing, a bolt.
    assert [cell(page, 0, s).split("\n")[0] for s in range(3)] == ["+120", "+10", "/"]
    start_counting(page)
    rospisat(page, 1)
    recorded(page, 2)
    assert taps(page) == 3
    # §8.1: Р in Boris's cell, 60 to each opponent.
    assert cell(page, 1, 1).startswith("Р")
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["180", "10", "60"]


def test_the_sheet_writes_r_bolts_the_barrel_and_fines_in_the_cells(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    phone.create_match("thousand", ["Anna", "Boris", "Clara"])
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("#thousand-form")
    # 1: Anna 90 + ♥♦♣ (100 + 80 + 60) = 330 ≥ 300: +300; Boris 30; Clara no trick, bolt 1.
    played(page, 0, 300, 90, (2, 0), "HDC")
    recorded(page, 1)
    # 2: Boris gives up (Р): 0, Anna and Clara +60.
    rospisat(page, 1)
    recorded(page, 2)
    # 3 and 4 as 1: Anna 660, then 960 → on the barrel at 880 (§9.1); Clara's third bolt: −120 (§10).
    for deals in (3, 4):
        played(page, 0, 300, 90, (2, 0), "HDC")
        recorded(page, deals)
    # 5: Boris makes 100; Anna on the barrel scores nothing (§9.3), 2 barrel deals left; Clara 10.
    played(page, 1, 100, 100, (2, 10))
    recorded(page, 5)
    assert page.locator("#board tr.totals button.n").all_inner_texts() == ["880", "190", "-50"]
    assert page.get_attribute("#board button.n[data-hand='1'][data-seat='1'] [data-mark=rospisat]", "title")
    # §10: a bolt is written as a mark, not as a 0; the second one as two strokes.
    assert cell(page, 0, 2).startswith("/")
    assert cell(page, 2, 2).startswith("//")
    # The third bolt's −120 is in the cell that caused it (60 → −60), not 0.
    assert cell(page, 3, 2).startswith("-120///")
    # 660 + 300 = 960 → 880: +220 in the cell, and the barrel mark (↑ on); then 2 deals left.
    assert cell(page, 3, 0).startswith("+220↑")
    assert cell(page, 4, 0).startswith("02")
    barrel = page.get_attribute("#board button.n[data-hand='4'][data-seat='0'] [data-mark=barrel]", "title")
    assert barrel == "Barrel deal 1 of 3 used."
    phone.shot("30-thousand-sheet")
    # "Why" on Clara's fourth cell: her number in that deal, in the game's words.
    page.click("#board button.n[data-hand='3'][data-seat='2']")
    why = page.inner_text("#dialog")
    assert "Deal 4, Clara: −120." in why and "3 bolts: −120." in why and "Total after deal 4: -60." in why
    assert "Declarer took" not in why and "hand" not in why.lower()
    phone.shot("31-thousand-why")


def test_the_thousand_flow_in_russian(phones: Any) -> None:
    phone = phones(language="ru")
    phone.sign_in_as_guest("Анна")
    phone.create_match("thousand", ["Анна", "Борис", "Клара"])
    page = phone.page
    page.wait_for_selector("#thousand-form")
    assert "Раздача 1" in page.inner_text("#thousand-form h2")
    start_counting(page)
    rospisat(page, 0)
    recorded(page, 1)
    assert taps(page) == 3
    assert cell(page, 0, 0).startswith("Р")
    played(page, 1, 100, 110, (0, 10))
    recorded(page, 2)
    page.click("#board button.n[data-hand='1'][data-seat='2']")
    why = page.inner_text("#dialog")
    # Clara took nothing: a bolt, explained in Russian, with the deal named as a deal.
    assert "Раздача 2, Клара: 0." in why and "Итого после раздачи 2: 60." in why
    assert "Болт" in why or "болт" in why
    phone.shot("32-thousand-why-ru")
