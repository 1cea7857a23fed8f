// Live updates: the table listens to /matches/<id>/live (Server-Sent Events, read with fetch so the
// ticket travels in a header, never in a URL a log could keep) and hears each new seq the moment an
// entry is committed. The page then fetches what it lacks, as a poll would. The poll stays: slow
// while the table is live, at its fast pace whenever it is not (docs/phone-ui.md).
//
// "Live" is honest: the phone is live only while it hears the publishers' heartbeat (an `event:
// heartbeat` the live server passes on from Redis every couple of seconds). An open stream that
// stops hearing it (Redis down, the relay stuck) says "not live" after `liveMs`, and the page polls
// fast until the heartbeat comes back. A stream is opened with a short-lived ticket from the API
// (`ticket()`), so the live server never asks the database who the phone is.

// The seqs and heartbeats of the complete events in `text`, and what is left of an event still arriving.
export function parseEvents(text) {
  const blocks = text.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop();
  const seqs = [];
  let beats = 0;
  for (const block of blocks) {
    const lines = block.split("\n");
    const type = lines.filter((l) => l.startsWith("event:")).map((l) => l.slice(6).trim()).pop() || "message";
    if (type === "heartbeat") { beats += 1; continue; }
    const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).join("\n");
    if (!data) continue; // a keep-alive comment, or the reconnection hint
    try {
      const seq = JSON.parse(data).seq;
      if (Number.isInteger(seq)) seqs.push(seq);
    } catch (e) { /* not ours: ignore */ }
  }
  return { seqs, beats, rest };
}

// What to do when the ticket could not be had: stop (this phone has no stream), wait long (the
// server does not stream) or retry soon.
function ticketPause(error, retryMs, unavailableMs) {
  const status = (error && error.status) || 0;
  if (status === 503) return unavailableMs;
  return status >= 400 && status < 500 ? null : retryMs;
}

// Listen until `stop()`: `onSeq(seq)` for every event, `onState(live)` when the table becomes live
// (a heartbeat heard) or stops being live (none for `liveMs`, or the stream dropped). A stream silent
// for `quietMs` (the server writes at least every 15 s) is taken for dead and reopened. The page
// going away (pagehide) closes the stream at once; coming back from the back/forward cache reopens it.
export function listen({
  url, headers = {}, ticket = null, onSeq, onState, fetch = globalThis.fetch, page = globalThis,
  quietMs = 40_000, liveMs = 6_000, retryMs = 1_000, unavailableMs = 60_000,
}) {
  let stopped = false;
  let hidden = false;
  let running = false;
  let live = false;
  let controller = null;
  let watchdog = null;
  let beat = null;
  let wake = () => {};
  const setLive = (up) => { if (up !== live) { live = up; onState(up); } };
  const heard = () => { clearTimeout(beat); setLive(true); beat = setTimeout(() => setLive(false), liveMs); };
  const sleep = (ms) => new Promise((resolve) => { const t = setTimeout(resolve, ms); wake = () => { clearTimeout(t); resolve(); }; });

  async function open() {
    let auth = {};
    if (ticket) {
      try { auth = { Authorization: "Ticket " + (await ticket()) }; } catch (e) { return ticketPause(e, retryMs, unavailableMs); }
      if (stopped || hidden) return retryMs;
    }
    controller = new AbortController();
    const fresh = () => { clearTimeout(watchdog); watchdog = setTimeout(() => controller.abort(), quietMs); };
    fresh();
    try {
      const response = await fetch(url, { headers: { ...headers, ...auth }, cache: "no-store", credentials: "omit", signal: controller.signal });
      // 503: this server does not stream (the phone polls); 401/403/404: no stream for this phone
      if (!response.ok || !response.body) return response.status === 503 ? unavailableMs : response.status >= 400 && response.status < 500 ? null : retryMs;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        fresh();
        const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        if (parsed.beats) heard();
        parsed.seqs.forEach(onSeq);
      }
      return retryMs;
    } catch (e) {
      return retryMs;
    } finally {
      clearTimeout(watchdog);
      clearTimeout(beat);
      setLive(false);
    }
  }

  async function run() {
    running = true;
    let failures = 0;
    while (!stopped && !hidden) {
      const opened = Date.now();
      const pause = await open();
      if (pause === null || stopped || hidden) break;
      // a stream that lived a while ended normally (the server recycles them): reopen at once
      failures = Date.now() - opened > 10_000 ? 0 : failures + 1;
      await sleep(pause >= unavailableMs ? pause : Math.min(pause * 2 ** Math.max(0, failures - 1), 30_000));
    }
    running = false;
  }

  // Close the connection now (the browser frees it for the next page) and wake any pause.
  function halt() {
    clearTimeout(watchdog);
    clearTimeout(beat);
    if (controller) controller.abort();
    wake();
    setLive(false);
  }
  const onHide = () => { hidden = true; halt(); };
  const onShow = () => { if (hidden && !stopped) { hidden = false; if (!running) run(); } };
  if (page && page.addEventListener) {
    page.addEventListener("pagehide", onHide);
    page.addEventListener("pageshow", onShow);
  }
  run();
  return {
    stop() {
      stopped = true;
      halt();
      if (page && page.removeEventListener) {
        page.removeEventListener("pagehide", onHide);
        page.removeEventListener("pageshow", onShow);
      }
    },
  };
}
