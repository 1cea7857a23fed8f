// The engine's description of the next result-entry form (scoring/forms.py: fields, the seats
// asked, totals and ranges) read as plain data: which fields show, which seats are asked, the
// value a last empty seat gets, the totals to check and the payload to send. Pure; tested under Node.

export const fieldOf = (form, name) => ((form && form.fields) || []).find((f) => f.name === name) || null;

// Whether a field shows, given the other fields' current values.
export function visible(field, values) {
  const w = field.when;
  if (!w) return true;
  const v = values[w.field];
  if (w.in) return w.in.includes(v);
  if (w.has !== undefined) return Array.isArray(v) && v.includes(w.has);
  return true;
}

// The seats a per-seat field asks: its own list, or the seats chosen in another field.
export const askedSeats = (field, values) => (field.seats_from ? [...(values[field.seats_from] || [])] : field.seats || []);

// Whether the field's total holds now (Bourré: only when two or more played).
export function totalApplies(field, values) {
  if (typeof field.total !== "number") return false;
  const w = field.total_when;
  return !w || (values[w.field] || []).length >= w.min_seats;
}

// `raw[seat]` as typed ("" when empty): the one asked seat nobody typed in gets what is left of
// the total. Returns { seat, value } or null.
export function fillLast(field, raw, typed, values) {
  if (!field.fill_last || !totalApplies(field, values)) return null;
  const asked = askedSeats(field, values);
  const open = asked.filter((s) => !typed.has(s));
  if (open.length !== 1) return null;
  const rest = asked.filter((s) => s !== open[0]).reduce((acc, s) => acc + (parseInt(raw[s], 10) || 0), 0);
  return { seat: open[0], value: Math.max(0, field.total - rest) };
}

// One number per seat: the asked seats' typed values (empty = 0), every other seat `fill`.
export function perSeatValues(field, raw, values, players) {
  const asked = new Set(askedSeats(field, values));
  return Array.from({ length: players }, (_x, s) => (asked.has(s) ? parseInt(raw[s], 10) || 0 : field.fill ?? 0));
}

export const sumOf = (field, list, values) => askedSeats(field, values).reduce((acc, s) => acc + (list[s] || 0), 0);

// The first broken total among the shown fields, or a required field left empty, as an error the
// form shows next to its field: { code, field, params: { total, expected } } (the engine's own
// error code), or null. Ranges (min/max) bound the controls; a value out of range typed anyway is
// left to the engine, whose error names the player in the phone's language.
export function check(form, values) {
  for (const field of form.fields || []) {
    if (field.kind !== "per_seat" || !visible(field, values) || !Array.isArray(values[field.name])) continue;
    const list = values[field.name];
    if (totalApplies(field, values) && sumOf(field, list, values) !== field.total) {
      return { code: field.total_code || "wrong_total", field: field.name, params: { total: sumOf(field, list, values), expected: field.total } };
    }
  }
  for (const field of form.fields || []) {
    if (field.required && visible(field, values) && (values[field.name] === null || values[field.name] === undefined)) {
      return { code: "required", field: field.name, params: {} };
    }
  }
  return null;
}

// What is sent: the shown fields' values; a per-seat field whose total does not hold yet (nobody
// or one player) and empty optional values are left out.
export function payloadOf(form, values) {
  const payload = {};
  for (const field of form.fields || []) {
    if (!visible(field, values)) continue;
    const v = field.kind === "fixed" ? field.value : values[field.name];
    if (field.kind === "per_seat" && field.total_when && !totalApplies(field, values)) continue;
    if (v === null || v === undefined) continue;
    if (Array.isArray(v) && !v.length && !field.required) continue;
    payload[field.name] = v;
  }
  return payload;
}
