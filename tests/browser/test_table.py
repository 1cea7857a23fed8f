"""Several phones at one table, a bad connection, and the service worker."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest

from companion.models import Event, Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def enter_hand(page: Any, points: list[int]) -> None:
    for seat, value in enumerate(points):
        page.fill(f"#pts-{seat}", str(value))
    page.click("#hearts-form [data-submit]")


def totals(page: Any) -> list[str]:
    return list(page.locator("#board tr.totals button.n").all_inner_texts())


def stored(match_id: int, count: int) -> None:
    """Wait until the server holds ``count`` events (the phone's request may still be on its way)."""
    deadline = time.monotonic() + 10
    while Event.objects.filter(match_id=match_id).count() < count:
        assert time.monotonic() < deadline, f"event {count} never arrived"
        time.sleep(0.05)


def join(phone: Any, code: str, seat: int) -> None:
    """The second phone follows the QR code's join link and says which seat is theirs."""
    page = phone.goto(f"/join/{code}/")
    page.click(f"#seat-choice button[data-seat='{seat}']")
    page.wait_for_url("**/m/*/")
    page.wait_for_selector("#hearts-form")


def test_two_phones_see_each_others_entries_within_three_seconds(phones: Any) -> None:
    anna, ben = phones(), phones()
    anna.sign_in_as_guest("Anna")
    match_id = anna.create_match("hearts", PLAYERS)
    code = Match.objects.get(pk=match_id).join_code
    ben.sign_in_as_guest("Ben")
    join(ben, code, 1)

    enter_hand(anna.page, [13, 5, 4, 4])
    stored(match_id, 1)
    # Polling every 2.5 s with ETag/304: the other phone shows the hand within 3 s of its storing.
    ben.page.wait_for_selector("#board tr[data-hand='0']", timeout=3_000)
    enter_hand(ben.page, [0, 0, 13, 13])
    stored(match_id, 2)
    anna.page.wait_for_selector("#board tr[data-hand='1']", timeout=3_000)
    # Ben's own phone shows his hand from its own answer (the 201 carries the summary), not from a
    # later refresh: by the time the other phone has it, his has it too (a state, waited for).
    ben.page.wait_for_selector("#board tr[data-hand='1']", timeout=3_000)
    assert totals(anna.page) == totals(ben.page) == ["13", "5", "17", "17"]
    recorders = list(Event.objects.filter(match_id=match_id).values_list("recorded_by__player__name", flat=True))
    assert recorders == ["Anna", "Ben"]


def test_the_second_phone_to_enter_a_hand_sees_the_conflict_and_the_entry_that_won(phones: Any) -> None:
    anna, ben = phones(), phones()
    anna.sign_in_as_guest("Anna")
    match_id = anna.create_match("hearts", PLAYERS)
    ben.sign_in_as_guest("Ben")
    join(ben, Match.objects.get(pk=match_id).join_code, 1)

    ben.context.set_offline(True)  # Ben's Wi-Fi drops while he types hand 1
    ben.page.wait_for_function("!navigator.onLine")
    enter_hand(ben.page, [0, 0, 26, 0])
    ben.page.wait_for_selector("#outbox[data-count='1']")
    enter_hand(anna.page, [13, 5, 4, 4])  # Anna's phone records hand 1 first
    anna.page.wait_for_selector("#board tr[data-hand='0']")
    ben.context.set_offline(False)

    conflict = ben.page.wait_for_selector("#conflict:not([hidden])")
    text = conflict.inner_text()
    assert "Another phone recorded first" in text
    assert "Anna 13, Ben 5, Cleo 4, Dan 4" in text  # the entry that won
    assert "Cleo 26" in text  # and Ben's own, not recorded
    ben.shot("08-conflict")
    # Never a silent overwrite: only Anna's hand is stored.
    assert list(Event.objects.filter(match_id=match_id).values_list("payload", flat=True)) == [
        {"points": [13, 5, 4, 4]}
    ]
    ben.page.click("#conflict button:has-text('Discard mine')")
    assert Event.objects.filter(match_id=match_id).count() == 1


def test_offline_entries_wait_in_the_outbox_and_are_stored_exactly_once(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", PLAYERS)
    page = phone.page

    phone.context.set_offline(True)
    page.wait_for_function("!navigator.onLine")
    enter_hand(page, [13, 5, 4, 4])
    enter_hand(page, [1, 2, 3, 20])
    outbox = page.wait_for_selector("#outbox[data-count='2']")
    assert "2 entries waiting" in outbox.inner_text()
    assert page.is_visible("#net")
    phone.shot("09-offline-outbox")
    assert Event.objects.filter(match_id=match_id).count() == 0

    phone.context.set_offline(False)
    page.wait_for_selector("#outbox[data-count='0']", state="attached")
    page.wait_for_selector("#board tr[data-hand='1']")
    stored = list(Event.objects.filter(match_id=match_id).order_by("seq").values_list("payload", "client_event_id"))
    assert [p for p, _ in stored] == [{"points": [13, 5, 4, 4]}, {"points": [1, 2, 3, 20]}]

    # The phone never heard the answer to hand 2 and sends it again: it is not applied twice.
    first = stored[1][1]
    replay = page.evaluate(
        """async (id) => {
            const entry = {type: "hand_result", payload: {points: [1, 2, 3, 20]}, client_event_id: id, expected_seq: 2};
            const body = await window.Companion.API.append(window.Companion.S.id, entry);
            return body.created;
        }""",
        str(first),
    )
    assert replay is False
    assert Event.objects.filter(match_id=match_id).count() == 2
    assert totals(page) == ["14", "7", "7", "24"]
    assert isinstance(first, uuid.UUID)


def test_the_service_worker_keeps_the_open_match_readable_offline(phones: Any) -> None:
    phone = phones(service_workers="allow")
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", PLAYERS)
    page = phone.page
    enter_hand(page, [13, 5, 4, 4])
    page.wait_for_selector("#board tr[data-hand='0']")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the worker, which caches the page and its API reads
    page.wait_for_selector("#board tr[data-hand='0']")
    # The worker stores each answer after it is drawn: wait until the page and its summary are cached.
    page.wait_for_function(
        """async (id) => {
            const urls = [];
            for (const name of await caches.keys()) {
                for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
            }
            return urls.includes(`/m/${id}/`) && urls.some((u) => u.startsWith(`/api/v1/matches/${id}/summary`));
        }""",
        arg=match_id,
    )
    phone.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#board tr[data-hand='0']")
    assert totals(page) == ["13", "5", "4", "4"]
    assert f"/m/{match_id}/" in page.url


def test_the_join_link_of_the_qr_code_works_on_a_phone_that_is_not_signed_in(phones: Any) -> None:
    anna, ben = phones(), phones()
    anna.sign_in_as_guest("Anna")
    match_id = anna.create_match("hearts", PLAYERS)
    anna.page.click("[data-tab=share]")
    # the Share tab's module loads when the tab first opens: wait for its link, not for a time
    anna.page.wait_for_selector("#join-code:not(:empty)")
    link = anna.page.get_attribute("#join-link", "href")
    code = Match.objects.get(pk=match_id).join_code
    assert link is not None and link.endswith(f"/join/{code}/")
    assert anna.page.inner_text("#join-code") == code
    ben.page.goto(link)  # as a camera app would open it
    ben.page.fill("#guest-name", "Ben")  # not signed in yet: the start screen first, then back
    ben.page.click("#guest-go")
    ben.page.click("#seat-choice button[data-seat='1']")
    ben.page.wait_for_url(f"**/m/{match_id}/")
    ben.page.wait_for_selector("#hearts-form")
    assert Match.objects.get(pk=match_id).seats.get(seat=1).player.name == "Ben"


def test_a_hand_typed_while_another_phone_records_it_gives_the_conflict(phones: Any) -> None:
    anna, ben = phones(), phones()
    anna.sign_in_as_guest("Anna")
    match_id = anna.create_match("hearts", PLAYERS)
    ben.sign_in_as_guest("Ben")
    join(ben, Match.objects.get(pk=match_id).join_code, 1)
    for seat, value in enumerate([0, 0, 26, 0]):  # Ben starts typing hand 1 …
        ben.page.fill(f"#pts-{seat}", str(value))
    enter_hand(anna.page, [13, 5, 4, 4])  # … while Anna's phone records it
    stored(match_id, 1)
    # Ben's board shows Anna's hand within 3 s, and his half-typed form is kept, with a warning.
    ben.page.wait_for_selector("#board tr[data-hand='0']", timeout=3_000)
    assert ben.page.wait_for_selector("#tab-entry .stale")
    assert ben.page.input_value("#pts-2") == "26"
    ben.page.click("#hearts-form [data-submit]")
    conflict = ben.page.wait_for_selector("#conflict:not([hidden])")
    assert "Anna 13, Ben 5, Cleo 4, Dan 4" in conflict.inner_text()
    # The table decides: Ben's hand was a different one after all, so he records it as well.
    ben.page.click("#conflict button:has-text('Record mine as well')")
    stored(match_id, 2)
    assert list(Event.objects.filter(match_id=match_id).order_by("seq").values_list("payload", flat=True)) == [
        {"points": [13, 5, 4, 4]},
        {"points": [0, 0, 26, 0]},
    ]


def test_the_phones_own_answer_draws_its_entry_on_its_board_at_once(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("hearts", PLAYERS)
    page = phone.page
    page.wait_for_selector("#hearts-form")
    # The summary cannot be read (as if that request were lost): only the append's own answer can
    # move the board, and it does — the new row and the totals (a full answer: no Prefer sent).
    page.route(f"**/api/v1/matches/{match_id}/summary", lambda route: route.abort())
    with page.expect_response(f"**/api/v1/matches/{match_id}/events") as answer:
        enter_hand(page, [13, 5, 4, 4])
    response = answer.value
    assert response.request.headers.get("prefer") is None
    assert response.json()["summary"]["totals"] == [13, 5, 4, 4]
    page.wait_for_selector("#board tr[data-hand='0']")
    assert totals(page) == ["13", "5", "4", "4"]
