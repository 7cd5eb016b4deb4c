// What a pointer or keyboard picks up and what dropping it means, in RULES.md notation.
// Pure functions of the public state. Python judges every move; the browser only uses
// `state.legal` (and the build rule, for one-card run shortcuts) to decide what to offer
// and highlight. A drop on a pile is sent even when it looks illegal, so the player
// hears the engine's reason.

import { builds } from "./cards.js";

// As the engine words them (game.py's _BUILD_WORDS).
const BUILD_WORDS = {
  "same suit": "in the same suit",
  "any suit but its own": "in any suit but the card's own",
  "alternate colour": "in alternate colours",
};

/** Pile id as the DOM names it (`f3`) -> pile as moves name it (`f`). */
export function movePile(id) {
  return id[0] === "f" ? "f" : id;
}

export function isColumn(id) {
  return /^\d+$/.test(id);
}

function column(state, id) {
  return state.tableau[Number(id) - 1];
}

/**
 * How many face-up cards at the top of column `id` form a run under the variant's
 * build rule (each card goes on the one below it). 0 for an empty column.
 */
export function runLength(state, id) {
  const up = column(state, id).up;
  if (!up.length) return 0;
  let n = 1;
  while (n < up.length && builds(up[up.length - n], up[up.length - n - 1], state.build)) n++;
  return n;
}

/**
 * Pick up the card at `index` (from the bottom of pile `id`) and what lies on it.
 * Returns { pile, count, cards } or null if that card can't be taken:
 * - waste: only its top card; stock and foundations: nothing (the stock is clicked);
 * - column: a face-up card with a run above it. In games where sequences move the
 *   run may be any length of the top run; in one-card games a run is offered only if
 *   it can go somewhere as single-card moves through empty columns (RULES.md point 5).
 */
export function pickUp(state, id, index) {
  if (id === "w") {
    const { count, top } = state.waste;
    if (!count || index !== count - 1) return null;
    return { pile: "w", count: 1, cards: [top[top.length - 1]] };
  }
  if (!isColumn(id)) return null;
  const col = column(state, id);
  const size = col.down + col.up.length;
  const count = size - index;
  if (index < col.down || count < 1) return null;
  if (count > runLength(state, id)) return null;
  if (count > 1 && !state.sequences && !runOffered(state, id, count)) return null;
  return { pile: id, count, cards: col.up.slice(col.up.length - count) };
}

/**
 * Why the card at `index` of pile `id` can't be picked up (pickUp gave null), in a
 * player's words; "" when it can be, or when there is nothing to say (empty places).
 */
export function whyNotPick(state, id, index) {
  if (pickUp(state, id, index)) return "";
  if (id === "s") return "";
  if (id[0] === "f") return "Cards never leave the foundations.";
  if (id === "w") return state.waste.count ? "Only the waste's top card can be played." : "";
  const col = column(state, id);
  if (index < col.down) return "Face-down cards turn up when they become the top card.";
  const count = col.down + col.up.length - index;
  if (count > runLength(state, id)) {
    return state.sequences
      ? `Only a run moves together: in ${state.variant_name} you build down ${BUILD_WORDS[state.build] || state.build}.`
      : `In ${state.variant_name} only a column's top card moves.`;
  }
  return `Moving ${count} cards one at a time needs more empty columns.`;
}

/** Notation of moving `count` cards from pile `src` to pile `dst` (DOM ids). */
export function moveText(src, dst, count = 1) {
  return `${movePile(src)}>${movePile(dst)}${count > 1 ? `x${count}` : ""}`;
}

/**
 * What dropping `pick` (from pickUp) on pile `dst` sends: a request body without id,
 * { action: "move", move } or { action: "move", moves } for a one-card run shortcut,
 * or null when the drop means nothing (back on its own pile, or on the stock).
 */
export function dropRequest(state, pick, dst) {
  if (!pick || !dst || dst === pick.pile || dst === "s") return null;
  if (pick.count > 1 && !state.sequences && isColumn(dst)) {
    const moves = decompose(state, pick.pile, pick.count, dst);
    if (moves) return { action: "move", moves };
  }
  return { action: "move", move: moveText(pick.pile, dst, pick.count) };
}

/** Would the engine accept dropping `pick` on `dst`? (For highlighting only.) */
export function isLegalDrop(state, pick, dst) {
  const req = dropRequest(state, pick, dst);
  if (!req) return false;
  if (req.moves) return true; // decompose() checked every step
  return state.legal.includes(req.move);
}

/** The piles where `pick` may legally be dropped (DOM ids). */
export function legalTargets(state, pick) {
  const ids = ["w", "s", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"];
  for (let i = 1; i <= state.columns; i++) ids.push(String(i));
  return ids.filter((id) => isLegalDrop(state, pick, id));
}

/** The foundation move for a double-click on pile `id` (`3>f`, `w>f`), or null. */
export function homeRequest(state, id) {
  if (id === "w" ? !state.waste.count : !isColumn(id) || !column(state, id).up.length) return null;
  return { action: "move", move: `${id}>f` };
}

/** Clicking the stock: deal (`s>w`), or redeal (`w>s`) when it is empty and redeals remain. */
export function stockRequest(state) {
  const redeal = state.stock.count === 0 && state.redeals_left > 0 && state.waste.count > 0;
  return { action: "move", move: redeal ? "w>s" : "s>w" };
}

/**
 * The foundation pile (`f1`…`f8`) that would take `card`: the first that accepts it,
 * as the engine chooses (RULES.md point 8). null if none.
 */
export function foundationFor(state, card) {
  const ranks = "A23456789TJQK";
  const r = ranks.indexOf(card[0]);
  for (let k = 0; k < 8; k++) {
    const pile = state.foundations[k];
    if (!pile.length ? r === 0 : pile[pile.length - 1][1] === card[1] && ranks.indexOf(pile[pile.length - 1][0]) === r - 1) {
      return `f${k + 1}`;
    }
  }
  return null;
}

/**
 * A run of `count` cards from column `src` to column `dst` as legal single-card moves,
 * parking sub-runs in empty columns (with k empty columns up to 2^k cards move), or
 * null if it can't be done. Every step is checked against the build rule on a copy of
 * the tableau, so a returned list is one the engine will accept move by move.
 */
export function decompose(state, src, count, dst) {
  if (src === dst || !isColumn(src) || !isColumn(dst)) return null;
  const up = state.tableau.map((c) => c.up.slice());
  const down = state.tableau.map((c) => c.down);
  const s = Number(src) - 1;
  if (count < 1 || count > runLength(state, src)) return null;
  const free = [];
  state.tableau.forEach((c, i) => {
    if (i !== s && i !== Number(dst) - 1 && c.down + c.up.length === 0) free.push(i);
  });
  if (count > 2 ** free.length) return null;
  const moves = [];
  const plan = (from, to, n, spare) => {
    if (n === 1) {
      moves.push([from, to]);
      return;
    }
    const [park, ...rest] = spare;
    const m = Math.min(n - 1, 2 ** rest.length); // the top m cards wait in `park`
    plan(from, park, m, rest);
    plan(from, to, n - m, rest);
    plan(park, to, m, rest);
  };
  plan(s, Number(dst) - 1, count, free);
  // Replay on the copy: every step must be legal single-card play.
  for (const [from, to] of moves) {
    const card = up[from].pop();
    if (card === undefined) return null;
    const target = up[to];
    if (target.length ? !builds(card, target[target.length - 1], state.build) : down[to] > 0) return null;
    target.push(card);
  }
  return moves.map(([from, to]) => `${from + 1}>${to + 1}`);
}

/** Is a run of `count` from column `src` movable somewhere as single-card moves? */
export function runOffered(state, src, count) {
  for (let i = 1; i <= state.columns; i++) {
    if (String(i) !== src && decompose(state, src, count, String(i))) return true;
  }
  return false;
}
