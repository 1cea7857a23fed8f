// What the table shows of entries not yet recorded, and when a form may be drawn again. Pure
// (tested under Node): the page passes the outbox's entries, the form and the players in.

// The result entries (hands, deals, rounds) still waiting in the outbox, oldest first; claims and
// corrections wait there too but are not hands of their own.
export const waitingResults = (pending, resultTypes) =>
  (pending || []).filter((e) => !e.endpoint && !e.conflict && (resultTypes || []).includes(e.type))
    .sort((a, b) => a.created - b.created);

// The engine's next form numbers the hand after the last recorded one: entries still waiting
// come first, so the next form counts them.
export const nextNumber = (form, waiting) => ({ ...form, number: (form.number || 1) + waiting.length });

// One waiting entry as a scoreboard row: its hand number and, when the payload holds a number per
// player under a score key (Hearts' points), those numbers; else null (the row says "waiting").
export function waitingRow(entry, index, firstNumber, players) {
  const p = entry.payload || {};
  const perSeat = ["points", "scores"].map((k) => p[k]).find((v) => Array.isArray(v) && v.length === players && v.every((x) => typeof x === "number"));
  return { id: entry.client_event_id, number: firstNumber + index, values: perSeat || null };
}

// Whether a form on the screen is drawn again when the record changes: an untouched form is
// ("render"); a form someone is typing in is kept, as it is ("keep"), with a warning when another
// phone recorded since it was started ("stale"). A late reply to this phone's own entry moves
// the form's seq along (see record.js), so it never resets what is being typed.
export function formFate({ dirty, baseSeq, seq }) {
  if (!dirty) return "render";
  return baseSeq === seq ? "keep" : "stale";
}

// A message that leaves by itself after `ms`, and at the user's next action (a tap, a key).
export function createToaster(el, { setTimer = setTimeout, clearTimer = clearTimeout } = {}) {
  let timer = null;
  let shownAt = 0;
  const hide = () => { el.hidden = true; el.textContent = ""; if (timer !== null) clearTimer(timer); timer = null; };
  return {
    show(text, ms = 4000, now = Date.now()) {
      el.textContent = text;
      el.hidden = false;
      shownAt = now;
      if (timer !== null) clearTimer(timer);
      timer = setTimer(hide, ms);
    },
    hide,
    // The next action clears it; the tap that caused it (within `grace` ms) does not.
    action(now = Date.now(), grace = 400) { if (!el.hidden && now - shownAt > grace) hide(); },
  };
}
