// Keyboard play, as a pure reducer: (state, layout, ui, command) -> what to do.
// `ui` is the board's local selection state: { cursor: pile id, depth, selected },
// where `depth` is how many cards the cursor covers in a column (Shift+Up/Down)
// and `selected` is a pick from drag.js (the cards picked up, waiting for a place).

import { cardName } from "./cards.js";
import { dropRequest, homeRequest, isColumn, pickUp, stockRequest } from "./drag.js";
import { say, sayCount } from "./lang.js";
import { pileSummary } from "./words.js";

const KEYS = {
  ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  Enter: "select", " ": "select", Escape: "cancel",
  u: "undo", z: "undo", r: "redo", y: "redo", h: "hint", d: "deal", f: "home", a: "autoplay",
  n: "new", w: "spread", "?": "help",
};

/** The command a keydown means, or null (modifier shortcuts are left to the page). */
export function keyCommand(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.shiftKey && event.key === "ArrowUp") return "more";
  if (event.shiftKey && event.key === "ArrowDown") return "fewer";
  const key = event.key && event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return KEYS[key] || null;
}

function centre(p) {
  return p.x + p.w / 2;
}

function nearest(layout, ids, x) {
  let best = ids[0];
  for (const id of ids) {
    if (Math.abs(centre(layout.piles[id]) - x) < Math.abs(centre(layout.piles[best]) - x)) best = id;
  }
  return best;
}

/** The pile the cursor reaches from `from` going `dir` (left/right/up/down). */
export function moveCursor(layout, from, dir) {
  const { top, columns } = layout.order;
  const row = top.includes(from) ? top : columns;
  const i = row.indexOf(from);
  if (i < 0) return columns[0];
  if (dir === "left") return row[Math.max(0, i - 1)];
  if (dir === "right") return row[Math.min(row.length - 1, i + 1)];
  if (dir === "up" && row === columns) return nearest(layout, top, centre(layout.piles[from]));
  if (dir === "down" && row === top) return nearest(layout, columns, centre(layout.piles[from]));
  return from;
}

function pileSize(state, id) {
  if (isColumn(id)) {
    const c = state.tableau[Number(id) - 1];
    return c.down + c.up.length;
  }
  if (id === "w") return state.waste.count;
  return 0;
}

/** Pick up `depth` cards at the top of pile `id` (1 = just the top card). */
export function pickTop(state, id, depth = 1) {
  return pickUp(state, id, pileSize(state, id) - depth);
}

function pickWords(state, pick) {
  const n = pick.cards.length;
  const card = cardName(state, pick.cards[0]);
  return n > 1 ? sayCount(state, "cards_from", n, { card }) : card;
}

/**
 * Place the selection on pile `dst`, or pick up there when nothing is selected.
 * Shared by keyboard (Enter) and click-to-move. Returns { ui, request, say }.
 */
export function selectOrPlace(state, ui, dst, depth = 1) {
  if (ui.selected) {
    if (ui.selected.pile === dst) return { ui: { ...ui, selected: null }, say: say(state, "cancelled") };
    const request = dropRequest(state, ui.selected, dst);
    return { ui: { ...ui, selected: null }, request };
  }
  if (dst === "s") return { ui, request: stockRequest(state) };
  const pick = pickTop(state, dst, depth);
  if (!pick) return { ui, say: say(state, pileSize(state, dst) ? "not_together" : "nothing_here") };
  return { ui: { ...ui, selected: pick }, say: say(state, "picked_up", { cards: pickWords(state, pick) }) };
}

/**
 * A click on pile `dst`, where `pick` is what a press there picks up (or null).
 * With cards selected, the click asks to put them there — also where they don't go, so
 * the engine says why; the clicked card (if it can be picked up) is then selected
 * instead. Without a selection it selects `pick`. Returns { ui, request?, say? }.
 */
export function clickAt(state, ui, dst, pick) {
  const sel = ui.selected;
  if (sel) {
    if (sel.pile === dst) return { ui: { ...ui, selected: null }, say: say(state, "cancelled") };
    const request = dropRequest(state, sel, dst);
    const legal = request && state.legal.includes(request.move);
    const next = !legal && pick ? pick : null;
    return { ui: { ...ui, selected: next }, request,
      say: next ? say(state, "selected", { cards: pickWords(state, next) }) : undefined };
  }
  if (pick) return { ui: { ...ui, selected: pick }, say: say(state, "selected", { cards: pickWords(state, pick) }) };
  return { ui };
}

/**
 * Apply a keyboard `command` (from keyCommand). Returns { ui, request?, say? }:
 * the new local state, an optional request body (without id) and optional words
 * for the live region.
 */
export function keyAction(state, layout, ui, command) {
  const cursor = ui.cursor && layout.piles[ui.cursor] ? ui.cursor : layout.order.columns[0];
  switch (command) {
    case "left": case "right": case "up": case "down": {
      const to = moveCursor(layout, cursor, command);
      return { ui: { ...ui, cursor: to, depth: 1 }, say: pileSummary(state, to) };
    }
    case "more": case "fewer": {
      const depth = Math.max(1, (ui.depth || 1) + (command === "more" ? 1 : -1));
      // Only grow over cards that can move together.
      if (command === "more" && !pickTop(state, cursor, depth)) return { ui, say: say(state, "no_longer_run") };
      return { ui: { ...ui, cursor, depth } };
    }
    case "select": {
      const out = selectOrPlace(state, { ...ui, cursor }, cursor, ui.depth || 1);
      return { ...out, ui: { ...out.ui, depth: 1 } };
    }
    case "cancel":
      return { ui: { ...ui, cursor, selected: null, depth: 1 }, say: ui.selected ? say(state, "cancelled") : undefined };
    case "home": {
      const request = homeRequest(state, ui.selected ? ui.selected.pile : cursor);
      return { ui: { ...ui, cursor, selected: null }, request };
    }
    case "deal":
      return { ui: { ...ui, cursor }, request: stockRequest(state) };
    case "undo": case "redo": case "hint": case "autoplay": case "new":
      return { ui: { ...ui, cursor, selected: null }, request: { action: command } };
    default:
      return { ui };
  }
}
