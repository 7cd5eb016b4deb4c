// Accessible pile names, as the keyboard cursor reads them. Pure. The status line, moves in
// words and refusals come from Python in the state (status_text, last_move_text, words).

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

function topCard(state, p) {
  if (p === "w") return state.waste.top[state.waste.top.length - 1];
  if (isColumn(p)) {
    const up = state.tableau[Number(p) - 1].up;
    return up[up.length - 1];
  }
  return undefined;
}
