"""A Hearts summary in the players' language: every explanation line, finding and penalty of the
``hearts`` catalogue is rendered from its template (scoring.i18n.localize)."""

from __future__ import annotations

from scoring.errors import RulesError
from scoring.hearts import GAME
from scoring.hearts.state import HeartsState
from scoring.i18n import localize
from tests.scoring.hearts_support import deal_for, ev, hands_of, new_game, play_script
from tests.scoring.i18n_helpers import translatable as _lines
from tests.scoring.test_hearts_examples import H3, MOON_3


def _match() -> HeartsState:
    state = new_game({"pass_count": 0})
    # Hand 1 (H-3): [3, 18, 0, 5]; hand 2: Di (seat 3) shoots the moon: +26 to the others.
    state = play_script(deal_for(state, hands_of(H3)), H3)
    state = play_script(deal_for(state, hands_of(MOON_3)), MOON_3)
    # Hand 3 (H-14): Cy (seat 2) shows out of clubs on trick 4 and plays 10♣ on trick 9: proven.
    state = ev(state, "deal")
    state = play_script(
        state,
        [
            (0, "2C 3C 4C 5C"),
            (3, "5D 2D 3D 4D"),
            (3, "9D 6D 7D 8D"),
            (3, "8C 6C 7C 9H"),
            (3, "TD JD QD KD"),
            (2, "AD 2S 3S 4S"),
            (2, "5S 6S 7S 8S"),
            (1, "9S TS JS QS"),
            (0, "KS AS TC"),
        ],
    )
    # Hand 4 in play: Bob (seat 1) shows out of clubs on trick 1, still unproven.
    state = ev(state, "deal")
    return play_script(state, [(0, "2C 2D 3C 4C")])


def test_summary_in_russian_has_no_english_line() -> None:
    state = _match()
    # 26-point hands: [3, 18, 0, 5] + [26, 26, 26, 0] + [0, 0, 26, 0] = [29, 44, 52, 5]
    assert state.totals == (29, 44, 52, 5)
    english = GAME.summary(state)
    russian = localize(english, "ru")
    before = list(_lines(english))
    after = list(_lines(russian))
    codes = {line["code"] for line in before}
    assert {"took_points", "moon_add_to_others", "must_follow_suit", "renege_abandon_26"} <= codes
    assert any(line.get("status") == "suspected" for line in before)
    assert len(before) == len(after) > 10
    for old, new in zip(before, after, strict=True):
        assert new["text"] != old["text"], old["text"]
        assert "%(" not in new["text"]


def test_a_german_line() -> None:
    german = localize(GAME.summary(_match()), "de")
    moon = german["history"][1]["explain"][-1]
    assert moon["text"] == "Di hat den Mond geschossen: alle anderen +26."
    took = german["history"][0]["explain"][2]
    assert took["text"] == "Cy machte 1 Stich: keine Strafkarten."  # singular: 1 Stich
    proof = german["history"][2]["explain"][0]
    assert proof["text"].startswith("Cy spielte im 4. Stich 9♥ auf ♣. Im 9. Stich spielte Cy 10♣,")


def test_a_russian_plural_and_proof() -> None:
    russian = localize(GAME.summary(_match()), "ru")
    finding = next(f for f in russian["findings"] if f["status"] == "proven")
    assert finding["text"].startswith("Игрок Cy во взятке 4 положил 9♥ на заход ♣.")
    assert finding["penalty"]["text"] == "раздача прервана: игроку Cy начислено 26, всем остальным 0 (§3.5)"
    # Hand 2: Di won 12 tricks → "12 взяток" (5–20 take the genitive plural).
    di = russian["history"][1]["explain"][3]
    assert di["text"].startswith("Di: 12 взяток: ")


def test_rules_error_in_german() -> None:
    state = play_script(ev(new_game({"pass_count": 0}), "deal"), [(0, "2C")])
    try:
        ev(state, "play_card", seat=2, card="3C")
    except RulesError as err:
        body = localize(err.as_json(), "de")
    else:  # pragma: no cover
        raise AssertionError("Cy played out of turn")
    assert body["params"]["seat"] == 2 and body["params"]["expected"] == [1]
    assert body["message"] == (
        "Cy kann jetzt nicht spielen: Bob ist dran "
        "(gespielt wird im Uhrzeigersinn, wer den Stich macht, spielt als Nächstes aus)."
    )


def test_spot_hearts_doc_in_finnish() -> None:
    rows = localize(GAME.catalogue(), "fi")["variants"]
    doc = next(row["doc"] for row in rows if row["key"] == "spot_hearts")
    assert doc == "Silmähertat: jokainen hertta on silmäarvonsa (J 11, Q 12, K 13, A 14); 117 pistettä jaossa."


def test_every_evidence_text_renders_in_every_language() -> None:
    """Each kind of renege evidence gets exactly the params its three templates use, in every
    language (a missing param would break the engine, a wrong one the translation)."""
    from scoring.explain import fill
    from scoring.hearts.texts import TEXTS
    from scoring.i18n import translations

    base = {"name": "Ann", "card": "9♥", "suit": "♣", "leader": "Bob", "opening": "2♣"}
    extra = ({"trick": 4, "at": 9, "played": "10♣"}, {"trick": 4}, {"cards": "3♣", "rule": "hearts.md §2.3 B.1"})
    for kind, templates in TEXTS.items():
        for template, more in zip(templates, extra, strict=True):
            params = {**base, **more}
            english = fill(template, params)
            for language in ("de", "fi", "ru"):
                text = fill(translations(language).gettext(template), params)
                assert text != english and "%(" not in text, (kind, language)
