// The offline outbox: every entry is stored first (IndexedDB on the phone), with its
// client_event_id and the expected_seq the phone believed in, then sent in order. The server
// applies a client_event_id at most once, so sending an entry again is harmless.

export function idbBackend(indexedDB, name = "companion") {
  let opening = null;
  const open = () => (opening = opening || new Promise((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      const os = req.result.createObjectStore("outbox", { keyPath: "client_event_id" });
      os.createIndex("match", "match_id");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => { opening = null; reject(req.error); };
  }));
  async function tx(mode, fn) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const t = db.transaction("outbox", mode);
      const result = fn(t.objectStore("outbox"));
      t.oncomplete = () => resolve(result && "result" in result ? result.result : result);
      t.onerror = () => reject(t.error);
    });
  }
  return {
    put: (entry) => tx("readwrite", (os) => os.put(entry)),
    remove: (id) => tx("readwrite", (os) => os.delete(id)),
    byMatch: (matchId) => tx("readonly", (os) => os.index("match").getAll(String(matchId))),
  };
}

// The same contract in memory (tests, and a browser without IndexedDB).
export function memoryBackend() {
  const rows = new Map();
  const copy = (x) => JSON.parse(JSON.stringify(x));
  return {
    put: async (entry) => { rows.set(entry.client_event_id, copy(entry)); },
    remove: async (id) => { rows.delete(id); },
    byMatch: async (matchId) => [...rows.values()].filter((e) => e.match_id === String(matchId)).map(copy),
  };
}

// The seq an entry typed against `base` takes: after `base` and after this phone's entries still waiting.
export const nextExpectedSeq = (base, waiting) => Math.max(base, ...waiting.map((e) => e.expected_seq)) + 1;

export function createOutbox(backend, { uuid = () => globalThis.crypto.randomUUID(), now = () => Date.now() } = {}) {
  const forMatch = async (matchId) => ((await backend.byMatch(matchId)) || []).sort((a, b) => a.created - b.created);

  // Store a new entry; it is sent by the next `flush`.
  async function add(matchId, type, payload, { base, endpoint } = {}) {
    const waiting = await forMatch(matchId);
    const entry = { client_event_id: uuid(), match_id: String(matchId), type, payload, expected_seq: nextExpectedSeq(base, waiting), created: now() };
    if (endpoint) entry.endpoint = endpoint;
    await backend.put(entry);
    return entry;
  }

  // Send the waiting entries in order with `send(entry)`. Offline or a server error (status 0 or
  // 5xx) stops the pass, the entry stays; a refusal removes it: `onConflict` for 409 stale_seq,
  // else `onRefused`, and the later entries step back one seq (the refused one never takes its).
  // `onSent(entry, result)` for each success. Returns whether anything was sent or refused.
  async function flush(matchId, { send, onSent = () => {}, onConflict = () => {}, onRefused = () => {} }) {
    let worked = false;
    for (const id of (await forMatch(matchId)).map((e) => e.client_event_id)) {
      // Read again: a refusal before it may have stepped its seq back.
      const entry = (await forMatch(matchId)).find((e) => e.client_event_id === id);
      if (!entry || entry.conflict) continue;
      let result;
      try {
        result = await send(entry);
      } catch (e) {
        if (!e || !e.status || e.status >= 500) break;
        worked = true;
        await backend.remove(entry.client_event_id);
        if (e.status === 409 && e.code === "stale_seq") {
          await onConflict(entry, e);
        } else {
          await onRefused(entry, e);
          for (const later of await forMatch(matchId)) {
            if (later.created > entry.created) { later.expected_seq -= 1; await backend.put(later); }
          }
        }
        continue;
      }
      worked = true;
      await backend.remove(entry.client_event_id);
      await onSent(entry, result);
    }
    return worked;
  }

  return { add, flush, forMatch, put: backend.put, remove: backend.remove };
}
