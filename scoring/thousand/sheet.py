"""The score sheet as players keep it on paper (rules/thousand.md §8.1, §9, §10).

Each deal of the summary's history gets one ``cells`` entry per seat:

- ``score``: how much the seat's total changed in that deal, fines and barrel steps included, so
  the cells of a column add up to the total (a bolt penalty that takes 10 to −110 shows −120);
- ``marks``: what a paper sheet writes in the cell besides the number — Р for a Rospisat' (§8.1),
  a bolt (§10), the barrel (on, a deal used with the deals left, fell off or left, §9) and each fine
  with its amount. Each mark names its kind (``mark``) and its explanation line (``line``, an index
  into the deal's ``explain``), whose text says it in the reader's language;
- ``why``: that seat's number explained in the game's words: a heading naming the deal (``title``),
  the indices of the deal's lines about that seat or the whole deal (``lines``), and the total after
  it (``total``).
"""

from __future__ import annotations

from scoring.explain import Note
from scoring.thousand.state import DealRecord, ThousandState

#: Which explanation lines are marks in the cell, by their code.
MARKS = {
    "rospisat": "rospisat",
    "bolt": "bolt",
    "bolt_penalty": "fine",
    "rospisat_penalty": "fine",
    "fine": "fine",
    "misdeal_fine": "fine",
    "four_nines_fine": "fine",
    "recut_fine": "fine",
    "barrel_on": "barrel_on",
    "barrel_clamp": "barrel_on",
    "barrel_deal": "barrel",
    "barrel_stay": "barrel",
    "barrel_fall": "barrel_fell",
    "barrel_fall_reset": "barrel_fell",
    "barrel_collision": "barrel_fell",
    "barrel_bumped": "barrel_fell",
    "barrel_off": "barrel_off",
    "barrel_left": "barrel_off",
    "barrel_win": "barrel_win",
    "samosval": "samosval",
}


def _mark(index: int, record: DealRecord, limit: int | None) -> dict[str, object]:
    note = record.notes[index]
    mark: dict[str, object] = {"mark": MARKS[note.code], "line": index}
    if note.code == "barrel_deal" and limit is not None:
        mark["deals_left"] = limit - int(note.params["used"])
    if mark["mark"] == "fine" and note.seat is not None:
        mark["amount"] = record.penalties[note.seat]
    return mark


def _why(record: DealRecord, seat: int, name: str, score: int) -> dict[str, object]:
    signed = f"{score:+d}".replace("-", "−") if score else "0"
    head = Note("sheet_deal", "Deal %(deal)s, %(name)s: %(score)s.", seat, deal=record.number, name=name, score=signed)
    own = [i for i, n in enumerate(record.notes) if n.seat == seat or n.seat is None]
    total = Note(
        "sheet_total",
        "Total after deal %(deal)s: %(total)s.",
        seat,
        deal=record.number,
        total=record.totals[seat],
    )
    return {"title": head.as_json(), "lines": own, "total": total.as_json()}


def cells(state: ThousandState) -> list[list[dict[str, object]]]:
    """One list of cells (one per seat) for each deal of the history."""
    return [cell_row(state, i) for i in range(len(state.history))]


def cell_row(state: ThousandState, index: int) -> list[dict[str, object]]:
    """The cells (one per seat) of deal ``index`` of the history: its score is its total less the
    deal before's (a row costs the same at any length of the match)."""
    limit = state.variants.effective_barrel_deals
    record = state.history[index]
    if index:
        before = state.history[index - 1].totals
    else:
        # A match starts at 0; a state built mid-game (tests, replays from a position) starts where the
        # first deal's entries and penalties say it did.
        before = tuple(t - e - p for t, e, p in zip(record.totals, record.entries, record.penalties, strict=True))
    row = []
    for seat in range(state.seats):
        score = record.totals[seat] - before[seat]
        marks = [_mark(i, record, limit) for i, n in enumerate(record.notes) if n.seat == seat and n.code in MARKS]
        row.append({"score": score, "marks": marks, "why": _why(record, seat, state.name(seat), score)})
    return row
