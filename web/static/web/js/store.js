// The one place the phone keeps mutable state.
//
// - `createStore(initial)`: a state object changed only through `set(patch)` / `update(fn)`;
//   subscribers hear every change (the table re-renders from them).
// - `saved`: what the phone remembers between visits (localStorage, JSON, "companion." keys).
// - `table`: the table page's store (match, summary, record, legal actions, outbox view …).

export function createStore(initial) {
  const state = { ...initial };
  const listeners = new Set();
  const notify = (changed) => { for (const fn of [...listeners]) fn(state, changed); };
  return {
    state,
    get: (key) => state[key],
    set(patch) {
      const changed = Object.keys(patch).filter((k) => state[k] !== patch[k]);
      Object.assign(state, patch);
      if (changed.length) notify(changed);
      return state;
    },
    // For nested values (a map of handlers, a set of checks): `fn` returns the patch.
    update(fn) { return this.set(fn(state)); },
    subscribe(fn) { listeners.add(fn); return () => listeners.delete(fn); },
  };
}

export function createSaved(storage, prefix = "companion.") {
  return {
    get(key, fallback) {
      try { const v = storage.getItem(prefix + key); return v === null ? fallback : JSON.parse(v); } catch (e) { return fallback; }
    },
    set(key, value) { try { storage.setItem(prefix + key, JSON.stringify(value)); } catch (e) { /* private mode */ } },
    del(key) { try { storage.removeItem(prefix + key); } catch (e) { /* ignore */ } },
    keys() { try { return Object.keys(storage).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)); } catch (e) { return []; } },
  };
}

const memory = () => {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k) };
};

export const saved = createSaved(globalThis.localStorage || memory());

export const TABLE_INITIAL = {
  id: null, match: null, game: null, form: null, players: [], summary: null, etag: null, events: [], legal: [],
  seq: 0, readySeq: null, formSeq: null, pending: [], sending: false, tab: "entry", lastKey: null, ticket: 0, claims: [],
  claimForm: null, checking: {}, errorHandlers: {}, amending: null, view: null, tabs: {}, entry: null, rec: null,
  // the summary's version (live pushes name the one they follow) and the history rows held (page.js)
  version: null, history: null,
  // the claim being typed (claims.js): open or not, who, what, how many, the cards laid down — so a
  // push that draws the cards tab again brings it back as it was
  claimDraft: null,
};

export const table = createStore(TABLE_INITIAL);
