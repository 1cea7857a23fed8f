"""Issue 23 item 2 on real phone pages: an entry costs one request (the writer's) whatever the
number of phones on the table, and a lost, doubled or out-of-order push never shows a wrong number."""

from __future__ import annotations

import time
from typing import Any

import pytest

from companion.models import Match
from tests.browser.test_table import PLAYERS, enter_hand, join, stored, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _count_api_requests(page: Any, log: list[str]) -> None:
    """Every API request but the stream itself (its reconnections are the transport's business)."""

    def seen(request: Any) -> None:
        if "/api/v1/" in request.url and not request.url.rstrip("/").endswith("/live"):
            log.append(f"{request.method} {request.url}")

    page.on("request", seen)


def _ready(phone: Any, seq: int) -> None:
    phone.page.wait_for_selector(f"body[data-ready='{seq}']", state="attached")


def test_four_phones_one_request_per_entry_drawn_from_the_pushes(phones: Any) -> None:
    table = [phones() for _ in range(4)]
    table[0].sign_in_as_guest("Anna")
    match_id = table[0].create_match("hearts", PLAYERS)
    code = Match.objects.get(pk=match_id).join_code
    for seat, phone in enumerate(table[1:], start=1):
        phone.sign_in_as_guest(PLAYERS[seat])
        join(phone, code, seat)
    for phone in table:
        phone.page.wait_for_selector("body[data-live='on']", state="attached")
    logs: list[list[str]] = [[] for _ in table]
    for phone, log in zip(table, logs, strict=True):
        _count_api_requests(phone.page, log)
    # two hands, each from another phone: 13 5 4 4, then 0 0 13 13 → totals 13 5 17 17
    enter_hand(table[0].page, [13, 5, 4, 4])
    stored(match_id, 1)
    for phone in table:
        _ready(phone, 1)
    enter_hand(table[2].page, [0, 0, 13, 13])
    stored(match_id, 2)
    for phone in table:
        _ready(phone, 2)
        phone.page.wait_for_selector("#board tr[data-hand='1']")
    time.sleep(1)  # anything the pushes set off would be on its way by now
    for phone in table:
        assert totals(phone.page) == ["13", "5", "17", "17"]
    requests = [r for log in logs for r in log]
    # one POST per entry, nothing else (a poll every 15 s while live may fall in the window: allowed)
    posts = [r for r in requests if r.startswith("POST")]
    others = [r for r in requests if not r.startswith("POST") and "/summary" not in r]
    assert len(posts) == 2 and others == [], requests
    assert len(requests) <= 2 * 1.1 + 1, requests


def _push(page: Any, message: dict[str, Any]) -> None:
    page.evaluate("(m) => window.Companion.onPush(m)", message)


def test_lost_doubled_or_out_of_order_pushes_never_show_a_wrong_number(phones: Any) -> None:
    anna, ben = phones(), phones()
    anna.sign_in_as_guest("Anna")
    match_id = anna.create_match("hearts", PLAYERS)
    ben.sign_in_as_guest("Ben")
    join(ben, Match.objects.get(pk=match_id).join_code, 1)
    ben.page.wait_for_selector("body[data-live='on']", state="attached")
    ben.context.route("**/api/v1/matches/*/live", lambda route: route.abort())  # his next streams fail
    enter_hand(anna.page, [13, 5, 4, 4])
    stored(match_id, 1)
    _ready(ben, 1)
    assert totals(ben.page) == ["13", "5", "4", "4"]
    version = ben.page.evaluate("window.Companion.S.version")
    uid = version.rsplit("-", 1)[0]
    # A push twice (its seq held already) with numbers that would be wrong: ignored.
    _push(ben.page, {"seq": 1, "version": version, "base": f"{uid}-0", "ops": [[["totals"], [99, 0, 0, 0]]]})
    # A push after a lost one (seq 3 while 2 never came), and one on a version not held: the phone
    # fetches the summary (the server's record: 1 entry) and shows its numbers, never the push's.
    _push(ben.page, {"seq": 3, "version": f"{uid}-3", "base": f"{uid}-2", "ops": [[["totals"], [7, 7, 7, 7]]]})
    _push(ben.page, {"seq": 2, "version": f"{uid}-2", "base": "elsewhere-1", "ops": [[["totals"], [8, 8, 8, 8]]]})
    time.sleep(1)
    assert totals(ben.page) == ["13", "5", "4", "4"]
    # The real second hand arrives by a poll (his stream is cut): the right numbers, 13 5 17 17.
    enter_hand(anna.page, [0, 0, 13, 13])
    stored(match_id, 2)
    _ready(ben, 2)
    ben.page.wait_for_selector("#board tr[data-hand='1']")
    assert totals(ben.page) == ["13", "5", "17", "17"]
    # …and the late push of hand 1 after it changes nothing.
    _push(ben.page, {"seq": 1, "version": version, "base": f"{uid}-0", "ops": [[["totals"], [1, 1, 1, 1]]]})
    time.sleep(0.3)
    assert totals(ben.page) == ["13", "5", "17", "17"]
