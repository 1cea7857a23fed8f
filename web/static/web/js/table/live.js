// Live updates: the table listens to /matches/<id>/live (Server-Sent Events, read with fetch so the
// token travels in a header, never in a URL a log could keep) and hears each new seq the moment an
// entry is committed. The page then fetches what it lacks, as a poll would. The poll stays: slow
// while the stream is up, at its usual pace as soon as the stream drops (docs/phone-ui.md).

// The seqs of the complete events in `text`, their messages (what changed: table/push.js), and what
// is left of an event still arriving.
export function parseEvents(text) {
  const blocks = text.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop();
  const seqs = [];
  const messages = [];
  for (const block of blocks) {
    const data = block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).join("\n");
    if (!data) continue; // a keep-alive comment, or the reconnection hint
    try {
      const message = JSON.parse(data);
      if (Number.isInteger(message.seq)) { seqs.push(message.seq); messages.push(message); }
    } catch (e) { /* not ours: ignore */ }
  }
  return { seqs, messages, rest };
}

// Listen until `stop()`: `onSeq(seq)` for every event (or `onMessage(message)`, the whole message,
// when given), `onState(up)` when the stream opens or drops.
// A stream silent for `quietMs` (the server pings every 15 s) is taken for dead and reopened.
export function listen({ url, headers, onSeq, onMessage, onState, fetch = globalThis.fetch, quietMs = 40_000, retryMs = 1_000, unavailableMs = 60_000 }) {
  let stopped = false;
  let controller = null;
  let watchdog = null;
  let wake = null;
  const sleep = (ms) => new Promise((resolve) => { wake = setTimeout(resolve, ms); });
  async function once() {
    controller = new AbortController();
    const fresh = () => { clearTimeout(watchdog); watchdog = setTimeout(() => controller.abort(), quietMs); };
    fresh();
    try {
      const response = await fetch(url, { headers, cache: "no-store", credentials: "omit", signal: controller.signal });
      // 503: this server does not stream (the phone polls); 401/404: no stream for this phone
      if (!response.ok || !response.body) return response.status === 503 ? unavailableMs : response.status >= 400 && response.status < 500 ? null : retryMs;
      onState(true);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        fresh();
        const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        if (onMessage) parsed.messages.forEach(onMessage); else parsed.seqs.forEach(onSeq);
      }
      return retryMs;
    } catch (e) {
      return retryMs;
    } finally {
      clearTimeout(watchdog);
      onState(false);
    }
  }
  (async () => {
    let failures = 0;
    while (!stopped) {
      const opened = Date.now();
      const pause = await once();
      if (pause === null || stopped) break;
      // a stream that lived a while ended normally (the server recycles them): reopen at once
      failures = Date.now() - opened > 10_000 ? 0 : failures + 1;
      await sleep(pause >= unavailableMs ? pause : Math.min(pause * 2 ** Math.max(0, failures - 1), 30_000));
    }
  })();
  return { stop() { stopped = true; clearTimeout(watchdog); clearTimeout(wake); if (controller) controller.abort(); } };
}
