// The board's words, in the board's language: Python's `state.ui` table
// (ft_widget/board/ui_words.py). The browser holds no sentence of its own; it only fills in
// the named placeholders ("{n}", "{card}") and picks a plural form by the table `ui.plural`
// (the form each count takes, computed in Python from the catalogue's own rule).

/** The phrase `key` of `state.ui` with `vars` filled in; "" when the table lacks it. */
export function say(state, key, vars = {}) {
  const text = state && state.ui ? state.ui[key] : undefined;
  return typeof text === "string" ? fill(text, vars) : "";
}

/** The counted phrase `key` in the form its language uses after `n`, `{n}` and `vars` filled in. */
export function sayCount(state, key, n, vars = {}) {
  const ui = state && state.ui;
  const forms = ui ? ui[key] : undefined;
  if (!Array.isArray(forms) || !forms.length) return "";
  const plural = Array.isArray(ui.plural) ? ui.plural : [];
  // past the table every language here chooses by n % 100 (see PLURAL_TABLE)
  const k = plural.length ? plural[n < plural.length ? n : 100 + (n % 100)] : 0;
  return fill(forms[Math.min(k ?? 0, forms.length - 1)], { n, ...vars });
}

/** A list of the table (`help_keys`), or []. */
export function sayList(state, key) {
  const list = state && state.ui ? state.ui[key] : undefined;
  return Array.isArray(list) ? list : [];
}

function fill(text, vars) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}
