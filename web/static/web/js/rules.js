// The house rules of a match as the Share tab lists them: only those that differ from the
// game's defaults, each with its label and value in the reader's language (the catalogue's
// `label` and `choice_labels` arrive translated by the API). Pure, tested under Node.
import { _ } from "./i18n.js";

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// The value as the new-match form offers it: a choice by its label, on/off, a list, a number.
export function ruleValue(v, value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? _("on") : _("off");
  if (Array.isArray(value)) return value.map((x) => ruleValue({ ...v, choices: v.item_choices, choice_labels: v.item_choice_labels }, x)).join(", ");
  const i = (v.choices || []).indexOf(value);
  if (i >= 0 && v.choice_labels && v.choice_labels[i] !== undefined) return v.choice_labels[i];
  return String(value);
}

// [{ key, label, value, doc }] for the catalogue's rules whose value in `variants` is not the default.
export function changedRules(variants, catalogue) {
  return (catalogue || []).filter((v) => variants && v.key in variants && !same(variants[v.key], v.default))
    .map((v) => ({ key: v.key, label: v.label || v.key, value: ruleValue(v, variants[v.key]), doc: v.doc || "" }));
}
