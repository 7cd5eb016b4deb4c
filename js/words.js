// What the board says: the status line, accessible pile names, spoken moves. Pure.

import { cardName } from "./cards.js";
import { isColumn } from "./drag.js";

function cards(n) {
  return `${n} card${n === 1 ? "" : "s"}`;
}

/** "Column 3, 5 cards", "Foundation 2, 4 cards", "Waste, 3 cards", "Stock, 40 cards". */
export function pileLabel(state, id) {
  if (isColumn(id)) {
    const c = state.tableau[Number(id) - 1];
    return `Column ${id}, ${cards(c.down + c.up.length)}`;
  }
  if (id[0] === "f") return `Foundation ${id.slice(1)}, ${cards(state.foundations[Number(id.slice(1)) - 1].length)}`;
  if (id === "w") return `Waste, ${cards(state.waste.count)}`;
  let text = `Stock, ${cards(state.stock.count)}`;
  if (state.redeals_left > 0) text += `, ${state.redeals_left} redeal${state.redeals_left === 1 ? "" : "s"} left`;
  return text;
}

/** A pile as the keyboard cursor reaches it: "Column 3, 5 cards, Queen of Hearts on top". */
export function pileSummary(state, id) {
  const top = id === "s" ? undefined : id[0] === "f"
    ? state.foundations[Number(id.slice(1)) - 1].slice(-1)[0] : topCard(state, id);
  return top ? `${pileLabel(state, id)}, ${cardName(top)} on top` : pileLabel(state, id);
}

/** "Maria · deal 5 · 12 moves · 20/104 home · won". */
export function statusText(state) {
  const parts = [state.variant_name];
  if (state.deal !== null && state.deal !== undefined) parts.push(`deal ${state.deal}`);
  parts.push(`${state.moves} move${state.moves === 1 ? "" : "s"}`, `${state.home}/104 home`);
  if (state.redeals_left > 0) parts.push(`${state.redeals_left} redeal${state.redeals_left === 1 ? "" : "s"} left`);
  if (state.status === "won") parts.push("won");
  else if (state.status === "stuck") parts.push("no moves left");
  return parts.join(" · ");
}

function pileWords(p) {
  if (p === "f") return "the foundations";
  if (p === "w") return "the waste";
  return `column ${p}`;
}

function topCard(state, p) {
  if (p === "w") return state.waste.top[state.waste.top.length - 1];
  if (isColumn(p)) {
    const up = state.tableau[Number(p) - 1].up;
    return up[up.length - 1];
  }
  return undefined;
}

/**
 * Words for `move` (notation) played from `before` (the state it was played in):
 * "Queen of Hearts from column 3 to column 7". Falls back to the notation.
 */
export function describeMove(before, move) {
  const m = /^(\d+|w|s)>(\d+|w|s|f)(?:x(\d+))?$/.exec(move || "");
  if (!m) return move || "";
  const [, src, dst, n] = m;
  if (src === "s") return "Dealt from the stock";
  if (dst === "s") return "Turned the waste over: redeal";
  const count = Number(n || 1);
  let card;
  if (count > 1 && isColumn(src)) {
    const up = before.tableau[Number(src) - 1].up;
    card = up[up.length - count];
  } else {
    card = topCard(before, src);
  }
  const what = card ? cardName(card) : "A card";
  const extra = count > 1 ? ` and ${count - 1} more` : "";
  return `${what}${extra} from ${pileWords(src)} to ${pileWords(dst)}`;
}
