"""Live updates on the phones of one table: pushed by the server, the poll as the fallback."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Match
from tests.browser.test_table import PLAYERS, enter_hand, join, stored, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_entry_is_pushed_to_the_other_phones_and_polled_where_the_stream_is_blocked(phones: Any) -> None:
    anna, ben, cleo = phones(), phones(), phones()
    anna.sign_in_as_guest("Anna")
    match_id = anna.create_match("hearts", PLAYERS)
    code = Match.objects.get(pk=match_id).join_code
    ben.sign_in_as_guest("Ben")
    join(ben, code, 1)
    cleo.sign_in_as_guest("Cleo")
    cleo.context.route("**/api/v1/matches/*/live", lambda route: route.abort())  # a proxy that cuts streams
    join(cleo, code, 2)
    for phone in (anna, ben):
        phone.page.wait_for_selector("body[data-live='on']", state="attached")
    cleo.page.wait_for_selector("body[data-live='off']", state="attached")

    enter_hand(anna.page, [13, 5, 4, 4])
    stored(match_id, 1)
    # Ben's phone heard seq 1 on its stream (not from a poll) and shows the hand.
    ben.page.wait_for_selector("body[data-live-seq='1']", state="attached")
    ben.page.wait_for_selector("#board tr[data-hand='0']")
    # Cleo's stream never opens: her phone polls every 2.5 s and shows it all the same.
    cleo.page.wait_for_selector("#board tr[data-hand='0']")
    assert cleo.page.evaluate("document.body.dataset.liveSeq") is None
    assert totals(ben.page) == totals(cleo.page) == ["13", "5", "4", "4"]

    enter_hand(ben.page, [0, 0, 13, 13])
    stored(match_id, 2)
    anna.page.wait_for_selector("body[data-live-seq='2']", state="attached")
    anna.page.wait_for_selector("#board tr[data-hand='1']")
    cleo.page.wait_for_selector("#board tr[data-hand='1']")
    assert totals(anna.page) == totals(cleo.page) == ["13", "5", "17", "17"]
    # Cleo's phone says it is not live (quietly, in the header); the live ones say nothing
    cleo.page.wait_for_selector("#not-live:not([hidden])")
    assert cleo.page.inner_text("#not-live") == "Not live"
    assert anna.page.locator("#not-live").is_hidden()


def test_twelve_tables_and_back_in_one_browser_with_the_service_worker_on(phones: Any) -> None:
    """Issue 23: the worker once put the stream into its cache, reading it for ever, until the
    browser's six connections to the host were used up and the 9th table stayed on "Loading…"."""
    phone = phones(service_workers="allow")
    phone.sign_in_as_guest("Anna")
    first = phone.create_match("hearts", PLAYERS)
    page = phone.page
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    others = page.evaluate(
        """async (players) => {  // one after the other: the test database is SQLite
            const ids = [];
            for (let i = 0; i < 11; i++) ids.push((await window.Companion.API.createMatch({ game: "hearts", players })).id);
            return ids;
        }""",
        PLAYERS,
    )
    tables = [first, *others]
    for match_id in tables:
        phone.goto(f"/m/{match_id}/")
        page.wait_for_selector("#board table")
        page.wait_for_selector("body[data-live='on']", state="attached")  # its stream is open and live
    for match_id in reversed(tables[-3:-1]):  # back to two of them
        page.go_back()
        page.wait_for_url(f"**/m/{match_id}/")
        page.wait_for_selector("#board table")
        page.wait_for_selector("body[data-live='on']", state="attached")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    enter_hand(page, [13, 5, 4, 4])  # and the table still records
    stored(tables[-3], 1)
    page.wait_for_selector("#board tr[data-hand='0']")
