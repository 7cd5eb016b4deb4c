// "Show me" (issue 43): a puzzle verdict's line stepped through on the board, drawn from the
// state Python publishes (state.show: the ply shown `at`, the moves in all `count`, the words
// `where` and `move_words`, the arrow `from`/`to` of the move that led here, and `marks`: the
// cards the verdict's facts name at this ply, each { kind, card, pile, index }). The browser
// gets data, not rules: which cards are marked and every word are Python's. Pure functions
// (`showing`, `showStep`, `showArrows`, `showMarks`, `showKey`, `factCards`) and the bar's
// drawer, which builds its elements one by one (`h`), never from markup.

import { h } from "./dom.js";
import { say } from "./lang.js";

// A fact's kind is Python's (ft_widget/training/facts.py owns the list): the browser checks only
// that it is a plain name.
const KIND = /^[a-z_]{1,24}$/;

/** Whether the board shows a verdict's line. */
export function showing(state) {
  const s = state && state.show;
  return Boolean(s && Number.isInteger(s.at) && Number.isInteger(s.count));
}

/**
 * The request for going `delta` plies (or to `step`), or null past either end. `from`: the ply
 * last asked for, while Python has not answered (quick keys count from there).
 */
export function showStep(state, { delta = 0, step = null, from = null } = {}) {
  if (!showing(state)) return null;
  const { at, count } = state.show;
  const now = from ?? at;
  const k = step === null ? now + delta : step;
  if (!Number.isInteger(k) || k < 0 || k > count || k === now) return null;
  return { action: "show", step: k };
}

/** The arrow of the move that led to the ply shown (none before the judged move). */
export function showArrows(state) {
  if (!showing(state)) return [];
  const { at, from, to } = state.show;
  return at > 0 && from && to ? [{ from: String(from), to: String(to), kind: "played" }] : [];
}

/** The marks of the ply shown, checked: [{ kind, card, pile, index }] (index null: the pile). */
export function showMarks(state) {
  if (!showing(state) || !Array.isArray(state.show.marks)) return [];
  return state.show.marks.flatMap((m) => {
    if (!m || typeof m.pile !== "string" || typeof m.kind !== "string" || !KIND.test(m.kind)) return [];
    const index = Number.isInteger(m.index) && m.index >= 0 ? m.index : null;
    const card = typeof m.card === "string" ? m.card : null;
    return [{ kind: m.kind, card, pile: m.pile, index: card === null ? null : index }];
  });
}

/**
 * Where each mark is drawn at `layout`: { pile, child, kind }, `child` the position of its card
 * among the pile's drawn cards (its `layout.piles[pile].cards`), or null to mark the pile (a card
 * not drawn, as one under the waste's top, or a fact with no card, as a column emptied).
 */
export function factCards(state, layout) {
  if (!layout) return [];
  return showMarks(state).flatMap((m) => {
    const p = layout.piles[m.pile];
    if (!p) return [];
    const child = m.index === null ? -1 : p.cards.findIndex((c) => c.index === m.index && c.card === m.card);
    return [{ pile: m.pile, child: child >= 0 ? child : null, kind: m.kind }];
  });
}

/** What a key does while a line is shown: ← back, → forward, Escape back to the puzzle; or null. */
export function showKey(state, event, from = null) {
  if (!showing(state) || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  if (event.key === "Escape") return { action: "show_close" };
  const delta = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (!delta) return null;
  return showStep(state, { delta, from }) || "none"; // at an end: the key is used, nothing is asked
}

/** The request a click in the show bar (or the panel's Show me) makes, or null. */
export function showRequest(state, button, from = null) {
  const d = button.dataset;
  if (d.puzzle === "show" || d.show === "open") return { action: "show" }; // the puzzle panel's, a review step's
  if (d.show === "prev") return showStep(state, { delta: -1, from });
  if (d.show === "next") return showStep(state, { delta: 1, from });
  if (d.show === "close") return { action: "show_close" };
  return null;
}

function text(v) {
  return v === null || v === undefined ? "" : String(v);
}

/** The show bar (hidden): named by view.drawWords, from data-say-label. */
export function createShow() {
  return h("section", { class: "ft-show", "data-say-label": "show_label", hidden: true });
}

/** The show bar: Back, the ply, Forward, Back to the puzzle; the move that led here in words. */
export function drawShow(refs, state) {
  const s = showing(state) ? state.show : null;
  const key = s ? JSON.stringify([s.at, s.count, s.where, s.move_words, s.back, state.ui?.language]) : "";
  if (refs.drawnShow === key) return;
  refs.drawnShow = key;
  const bar = refs.show;
  if (!s) {
    bar.hidden = true;
    bar.replaceChildren();
    return;
  }
  bar.hidden = false;
  const back = say(state, "show_back");
  const forward = say(state, "show_forward");
  const kids = [h("div", { class: "ft-show-nav" }, [
    h("button", { type: "button", "data-show": "prev", title: say(state, "show_back_title"),
      disabled: s.at <= 0 }, [`\u25C0 ${back}`]),
    h("span", { class: "ft-show-step", "aria-live": "polite" }, [text(s.where)]),
    h("button", { type: "button", "data-show": "next", title: say(state, "show_forward_title"),
      disabled: s.at >= s.count }, [`${forward} \u25B6`]),
    h("span", { class: "ft-review-gap" }),
    // back to what it was opened from: the puzzle, or the review at its step
    h("button", { type: "button", "data-show": "close",
      title: say(state, s.back === "review" ? "show_return_review_title" : "show_return_title") },
      [say(state, s.back === "review" ? "show_return_review" : "show_return")]),
  ])];
  kids.push(h("p", { class: "ft-show-move" }, [
    text(s.move_words),
    ...(Array.isArray(s.marks) && s.marks.length
      ? [h("span", { class: "ft-show-legend" }, [h("span", { class: "ft-fact-swatch", "aria-hidden": "true" }),
        say(state, "show_marked")])] : []),
  ]));
  // the focus stays on the button used (◀ at the start, ▶ at the end give it to the other)
  const active = document.activeElement;
  const kept = active && bar.contains(active) ? active.dataset.show || null : null;
  bar.replaceChildren(...kids);
  if (kept) {
    const other = { prev: "next", next: "prev" }[kept];
    const again = [kept, other].map((k) => k && bar.querySelector(`button[data-show="${k}"]`)).find((b) => b && !b.disabled);
    (again || refs.root).focus({ preventScroll: true });
  }
}
