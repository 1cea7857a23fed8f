// The words of the phone's own checks of an engine form (the numbers are the engine's).
import { _, fmt } from "../i18n.js";
import { label } from "../format.js";

const TOTALS = {
  points: () => _("Penalty points must total %(expected)s; these total %(total)s."),
  card_points: () => _("Card points must total %(expected)s; these total %(total)s."),
  tricks: () => _("Tricks must total %(expected)s; these total %(total)s."),
};

export function checkText(err) {
  const p = err.params || {};
  if (err.code === "required") return fmt(_("%(field)s: please choose."), { field: label(err.field) });
  return fmt((TOTALS[err.field] || (() => _("These must total %(expected)s; they total %(total)s.")))(), p);
}

// The check's error in the shape fieldError shows (its text given, its field named).
export const asFieldError = (err) => ({ code: err.code, field: err.field, params: {}, text: checkText(err) });
