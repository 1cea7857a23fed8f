// Translations: Django's JavaScript catalogue (/jsi18n/, loaded before the modules) defines
// gettext/ngettext/pgettext/interpolate on the page; without it (Node tests) the English stays.
const g = globalThis;

export const _ = (s) => (g.gettext ? g.gettext(s) : s);
export const pgettext = (c, s) => (g.pgettext ? g.pgettext(c, s) : s);
export const ngettext = (s, p, n) => (g.ngettext ? g.ngettext(s, p, n) : n === 1 ? s : p);
export const fmt = (s, obj) => (g.interpolate ? g.interpolate(s, obj, true) : s.replace(/%\((\w+)\)s/g, (m, k) => obj[k]));
