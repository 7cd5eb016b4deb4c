// Instant moves: what the board draws the moment a player makes a move the state lists as
// legal, before the kernel answers. Pure. This is not judging: the move is already in
// Python's legal list, and this only carries cards the way the notation says — from the
// source pile to the destination (the foundation pile Python named in `home_piles`). What
// needs hidden cards is left for the answer: a card turning face up is drawn face down,
// a deal takes cards off the stock's count and shows nothing new on the waste yet.
// The kernel's answer replaces this state whatever it says.

function pileOf(text) {
  return text === "w" || text === "s" || text === "f" ? text : Number(text) - 1;
}

/**
 * The state drawn at once after legal `move` (notation) in `state`, or null when `move`
 * isn't in `state.legal` (then the board waits for the kernel). The result has no legal
 * moves and no hint: nothing can be played on it until the answer arrives.
 */
export function predict(state, move) {
  if (!state || !state.legal || !state.legal.includes(move)) return null;
  const m = /^(\d+|w|s)>(\d+|w|s|f)(?:x(\d+))?$/.exec(move);
  if (!m) return null;
  const src = pileOf(m[1]);
  const dst = pileOf(m[2]);
  const count = Number(m[3] || 1);
  const next = {
    ...state,
    tableau: state.tableau.map((c) => ({ down: c.down, up: c.up.slice() })),
    foundations: state.foundations.map((p) => p.slice()),
    waste: { count: state.waste.count, top: state.waste.top.slice(),
      ...(Array.isArray(state.waste.seen) ? { seen: state.waste.seen.slice() } : {}) },
    stock: { ...state.stock },
    legal: [], home_piles: {}, hint: null, lift: state.tableau.map(() => 0),
    message: "", message_kind: "", predicted: true,
  };
  if (src === "s") { // a deal: the new cards are hidden until the answer shows them
    next.stock.count = Math.max(0, state.stock.count - (state.stock_deal || 1));
    return next;
  }
  if (dst === "s") { // a redeal: the waste goes back, face down
    next.stock.count = state.waste.count;
    next.waste = { count: 0, top: [], ...(Array.isArray(state.waste.seen) ? { seen: [] } : {}) };
    return next;
  }
  let cards;
  if (src === "w") {
    cards = [next.waste.top.pop()];
    next.waste.count -= 1;
    if (next.waste.seen) next.waste.seen.pop();
    // the card under it is hidden until the answer names it
  } else {
    const col = next.tableau[src];
    cards = col.up.splice(col.up.length - count, count);
    // a face-down card left on top turns up: it stays drawn face down until the answer
  }
  if (cards.some((c) => !c)) return null;
  if (dst === "f") {
    const pile = state.home_piles && state.home_piles[move];
    if (!pile) return null;
    next.foundations[Number(pile.slice(1)) - 1].push(cards[0]);
    next.home = (state.home || 0) + 1;
  } else {
    next.tableau[dst].up.push(...cards);
  }
  next.moves = (state.moves || 0) + 1;
  return next;
}
