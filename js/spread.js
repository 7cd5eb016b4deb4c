// The spread waste: every card in the waste, in the order it was dealt, the one you can play
// last. A player saw each of them turn up, so seeing them again is fair (the fair players and
// the judge know them too); Python sends them as `state.waste.seen`. Whether the spread is
// open is the board's own view state (`ui.spread`), like the keyboard cursor.

import { cardName, isRed, rankLabel, suitSymbol } from "./cards.js";
import { h } from "./dom.js";
import { say, sayCount } from "./lang.js";

/** The waste's cards, oldest first, as Python sent them (notation), or []. */
export function wasteSeen(state) {
  const w = state && state.waste;
  return w && Array.isArray(w.seen) ? w.seen.map(String) : [];
}

/** Whether the waste hides cards under the ones drawn: only then is there something to spread. */
export function canSpread(state) {
  const top = state && state.waste && Array.isArray(state.waste.top) ? state.waste.top.length : 0;
  return wasteSeen(state).length > top;
}

/** The spread's button (in the bar) and its panel (above the felt), hidden until wanted. */
export function createSpread(uid) {
  const button = h("button", {
    type: "button", class: "ft-spread-button", "aria-expanded": "false", "aria-controls": `${uid}-spread`,
    "data-say-title": "spread_title", hidden: true,
  });
  const panel = h("section", { class: "ft-spread", id: `${uid}-spread`, "data-say-label": "spread_label",
    hidden: true });
  return { button, panel };
}

/** Draw the button (with the waste's count) and, when `open`, every waste card as text. */
export function drawSpread(refs, state, open) {
  const seen = wasteSeen(state);
  const can = canSpread(state);
  const shown = can && Boolean(open);
  refs.spreadButton.hidden = !can;
  refs.spreadButton.setAttribute("aria-expanded", String(shown));
  const label = sayCount(state, "spread", seen.length);
  if (refs.spreadButton.textContent !== label) refs.spreadButton.textContent = label;
  const key = JSON.stringify([shown, seen, state.ui?.language]);
  if (refs.drawnSpread === key) return;
  refs.drawnSpread = key;
  refs.spread.hidden = !shown;
  if (!shown) {
    refs.spread.replaceChildren();
    return;
  }
  const chips = seen.map((card, i) => {
    const name = cardName(state, card);
    const playable = i === seen.length - 1;
    return h("li", { class: "ft-chip", "data-red": String(isRed(card)), "data-top": String(playable),
      title: name, "aria-label": name }, [`${rankLabel(state, card)}${suitSymbol(card)}`]);
  });
  refs.spread.replaceChildren(
    h("p", { class: "ft-spread-head" }, [say(state, "spread_label")]),
    h("ol", { class: "ft-spread-cards" }, chips),
  );
}
