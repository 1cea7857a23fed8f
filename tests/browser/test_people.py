"""Issue 25 on the phone (390×844): sign up, keep a guest's matches, join a league by its invite
link, the league's people, "recorded by …" with a dispute, and the account page; taps counted.

A tap is a click or a tap on a button, link or summary; typing into a field is not one."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from companion.models import League, Membership, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GOOD = "correct horse battery staple"
#: The issue's phone (the suite's default is 360×640).
VIEWPORT = {"width": 390, "height": 844}


@pytest.fixture
def phones(phones: Any) -> Any:
    def make(**kwargs: Any) -> Any:
        phone = phones(**kwargs)
        phone.page.set_viewport_size(VIEWPORT)
        return phone

    return make


def _admin_with_league() -> tuple[Any, League]:
    user = get_user_model().objects.create_user(username="vera", password=GOOD)
    player = Player.objects.create(name="Vera", user=user)
    league = League.objects.create(name="Friday")
    Membership.objects.create(league=league, player=player, role="admin")
    return user, league


def test_sign_up_takes_two_taps(phones: Any) -> None:
    phone = phones()
    page = phone.goto("/")
    page.click("#signup summary")  # tap 1
    page.fill("#signup-user", "bea")
    page.fill("#signup-pass", "zz")
    page.click("#signup-go")  # a weak password is explained in place
    assert page.wait_for_selector("[data-error-for='signup']:has-text('too short')")
    page.fill("#signup-pass", GOOD)
    page.click("#signup-go")  # tap 2
    page.wait_for_selector("#start:not([hidden])")
    assert page.inner_text("#me") == "bea"
    assert get_user_model().objects.get(username="bea").check_password(GOOD)
    assert page.is_hidden("#keep")  # an account is not offered the upgrade


def test_a_guest_keeps_their_matches_with_an_account(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Ann")
    page = phone.page
    page.wait_for_selector("#keep:not([hidden])")
    page.click("#keep a")
    page.fill("#upgrade-user", "ann")
    page.fill("#upgrade-pass", GOOD)
    page.click("#upgrade-go")
    page.wait_for_selector("#start:not([hidden])")
    user = get_user_model().objects.get(username="ann")
    assert user.player.name == "Ann" and user.check_password(GOOD)
    assert page.is_hidden("#keep")


def test_joining_a_league_by_its_invite_link_takes_one_tap(phones: Any, live_server: Any) -> None:
    from companion import people

    admin, league = _admin_with_league()
    secret = people.invite_link_create(league=league, user=admin).secret
    phone = phones()
    phone.sign_in_as_guest("Ann")
    page = phone.goto(f"/i/{secret}/")
    assert page.wait_for_selector("#invite-league:has-text('Friday')")
    page.click("#invite-go")  # tap 1
    page.wait_for_url(f"**/leagues/{league.pk}/")
    assert Membership.objects.filter(league=league, player__name="Ann", role="member").exists()


def test_an_admin_makes_an_invite_link_with_its_qr_and_sets_roles(phones: Any) -> None:
    admin, league = _admin_with_league()
    Membership.objects.create(league=league, player=Player.objects.create(name="Cal", created_by=admin))
    phone = phones()
    page = phone.goto("/")
    page.click("#signin details summary")
    page.fill("#login-user", "vera")
    page.fill("#login-pass", GOOD)
    page.click("#login-form button")
    page.wait_for_selector("#start:not([hidden])")
    page = phone.goto(f"/leagues/{league.pk}/people/")
    page.wait_for_selector("#admin:not([hidden])")
    page.click("#link-go")
    assert "/i/" in page.wait_for_selector("#invite-url").inner_text()
    assert page.wait_for_selector("#invite-qr svg")
    page.select_option("#members li:has-text('Cal') select", "recorder")
    page.wait_for_selector("#toast:has-text('Saved.')")
    assert Membership.objects.get(league=league, player__name="Cal").role == "recorder"
    page.fill("#roster-csv", "Dora,dora@example.org\nEd")
    page.click("#roster-form button")
    page.wait_for_selector("#members li:has-text('Dora')")
    page.wait_for_selector("#links li:nth-child(3)")  # the link made above and one per roster row
    assert page.locator("#links li").count() == 3
    page.select_option("#merge-from", label="Ed")
    page.select_option("#merge-into", label="Dora")
    page.click("#merge-form button:has-text('Merge')")
    page.click("#merges li:has-text('Ed → Dora') button:has-text('Undo')")
    page.wait_for_selector("#merges li:has-text('Ed → Dora'):has-text('undone')")
    assert Player.objects.get(name="Ed").merged_into_id is None
    phone.shot("40-league-people")


def test_a_member_sees_who_seated_them_and_disputes(phones: Any) -> None:
    from companion import services

    admin, league = _admin_with_league()
    user = get_user_model().objects.create_user(username="walt", password=GOOD)
    walt = Player.objects.create(name="Walt", user=user)
    Membership.objects.create(league=league, player=walt)
    match = services.match_create(
        game="hearts", players=[admin.player.pk, walt.pk, "C", "D"], created_by=admin, league=league
    )
    phone = phones()
    page = phone.goto("/")
    page.click("#signin details summary")
    page.fill("#login-user", "walt")
    page.fill("#login-pass", GOOD)
    page.click("#login-form button")
    assert page.wait_for_selector("#matches .recorded-by:has-text('Recorded by Vera.')")
    page.click("#matches .recorded-by button")
    page.click("#dialog-ok")
    page.wait_for_selector("#matches .recorded-by:has-text('You left this seat.')")
    assert match.seats.get(seat=1).player.user_id is None


def _sign_in(phone: Any, username: str) -> Any:
    page = phone.goto("/")
    page.click("#signin details summary")
    page.fill("#login-user", username)
    page.fill("#login-pass", GOOD)
    page.click("#login-form button")
    page.wait_for_selector("#start:not([hidden])")
    return page


def test_typing_a_name_suggests_the_league_member_and_seats_them(phones: Any) -> None:
    from companion.models import Match

    admin, league = _admin_with_league()
    bea = Player.objects.create(name="Bea", created_by=admin)
    Membership.objects.create(league=league, player=bea)
    phone = phones()
    _sign_in(phone, "vera")
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-game="hearts"][aria-pressed="true"]')
    page.select_option("#league", str(league.pk))
    inputs = page.locator("input[name=player]")
    inputs.nth(1).fill("Be")
    page.click(".suggest button:has-text('Bea — Friday')")  # one tap: the member, by id
    for i, name in ((2, "Cal"), (3, "Dan")):
        inputs.nth(i).fill(name)
    page.click("#create")
    page.wait_for_url("**/m/*/")
    match = Match.objects.latest("pk")
    assert match.seats.get(seat=1).player_id == bea.pk
    # the board's header: each seat's initials on its colour (issue 25 item 6)
    page.wait_for_selector("#board th .badge")
    assert page.locator("#board th .badge").all_inner_texts() == ["VE", "BE", "CA", "DA"]


def test_an_account_holder_claims_a_name_and_the_recorder_confirms(phones: Any) -> None:
    from companion import services

    admin, league = _admin_with_league()
    user = get_user_model().objects.create_user(username="walt", password=GOOD)
    walt = Player.objects.create(name="Walt", user=user)
    Membership.objects.create(league=league, player=walt)
    match = services.match_create(
        game="hearts", players=[admin.player.pk, "Wally", "C", "D"], created_by=admin, league=league
    )
    wally = match.seats.get(seat=1).player
    phone = phones()
    _sign_in(phone, "walt")
    page = phone.goto("/account/")
    page.wait_for_selector("#claims:not([hidden])")
    page.select_option("#claim-player", str(wally.pk))
    page.click("#claim-form button")
    page.wait_for_selector("#toast:has-text('Asked.')")
    recorder = phones()
    _sign_in(recorder, "vera")
    page = recorder.goto("/account/")
    page.click("#to-confirm li:has-text('Wally → Walt') button:has-text('Confirm')")
    page.wait_for_selector("#toast:has-text('Saved.')")
    assert match.seats.get(seat=1).player_id == walt.pk


def test_a_stranger_joins_by_invite_link_in_three_taps(phones: Any) -> None:
    from companion import people

    admin, league = _admin_with_league()
    secret = people.invite_link_create(league=league, user=admin, role="recorder").secret
    phone = phones()
    page = phone.goto(f"/i/{secret}/")
    assert page.wait_for_selector("#invite-league:has-text('Friday')")
    page.click("#invite-go:has-text('Sign in to join')")  # tap 1
    page.fill("#guest-name", "Zoe")
    page.click("#guest-go")  # tap 2: back at the invitation, signed in
    page.wait_for_url(f"**/i/{secret}/")
    page.click("#invite-go:has-text('Join the league')")  # tap 3
    page.wait_for_url(f"**/leagues/{league.pk}/")
    assert Membership.objects.get(league=league, player__name="Zoe").role == "recorder"
