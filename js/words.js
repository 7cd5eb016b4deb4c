// Accessible pile names, as the keyboard cursor reads them. Pure. The status line, moves in
// words and refusals come from Python in the state (status_text, last_move_text, words), and
// the phrases here from its table of the board's words (state.ui, see lang.js).

import { cardName } from "./cards.js";
import { isColumn } from "./drag.js";
import { say, sayCount } from "./lang.js";

/** "Column 3, 5 cards", "Foundation 2, 4 cards", "Waste, 3 cards", "Stock, 40 cards". */
export function pileLabel(state, id) {
  const counted = (pile, n) => sayCount(state, "pile_cards", n, { pile });
  if (isColumn(id)) {
    const c = state.tableau[Number(id) - 1];
    return counted(say(state, "column", { column: id }), c.down + c.up.length);
  }
  if (id[0] === "f") {
    return counted(say(state, "foundation", { pile: id.slice(1) }), state.foundations[Number(id.slice(1)) - 1].length);
  }
  if (id === "w") return counted(say(state, "waste"), state.waste.count);
  let text = counted(say(state, "stock"), state.stock.count);
  if (state.redeals_left > 0) text += `, ${sayCount(state, "redeals_left", state.redeals_left)}`;
  return text;
}

/** A pile as the keyboard cursor reaches it: "Column 3, 5 cards, Queen of Hearts on top". */
export function pileSummary(state, id) {
  const top = id === "s" ? undefined : id[0] === "f"
    ? state.foundations[Number(id.slice(1)) - 1].slice(-1)[0] : topCard(state, id);
  return top ? say(state, "pile_top", { pile: pileLabel(state, id), card: cardName(state, top) }) : pileLabel(state, id);
}

function topCard(state, p) {
  if (p === "w") return state.waste.top[state.waste.top.length - 1];
  if (isColumn(p)) {
    const up = state.tableau[Number(p) - 1].up;
    return up[up.length - 1];
  }
  return undefined;
}
