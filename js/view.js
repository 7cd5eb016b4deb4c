// DOM drawing. The table is redrawn from the layout on every state (about 110 small
// elements; cheaper than diffing). Selection, cursor, hint and drop targets are classes
// set by mark(). Card identities appear only on face-up cards: a face-down card is an
// empty element with class `face-down`.

import { cardName, isRed, rankLabel, suitSymbol } from "./cards.js";
import { pileLabel } from "./words.js";

const BUTTONS = [
  ["new", "New deal", "Deal a new game"],
  ["restart", "Restart", "Back to the start of this deal"],
  ["undo", "Undo", "Take back a move (U or Z)"],
  ["redo", "Redo", "Play a taken-back move again (R or Y)"],
  ["hint", "Hint", "Show a good move (H)"],
  ["autoplay", "Auto-play", "Play safe moves to the foundations (A)"],
];

let boards = 0;

/** Build the board's fixed parts inside `el`; returns references to them. */
export function createBoard(el) {
  const uid = `ft${++boards}`;
  const root = document.createElement("div");
  root.className = "ft-board";
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-roledescription", "solitaire board");
  root.setAttribute("aria-describedby", `${uid}-keys`);
  // Lumino (JupyterLab) skips its keyboard shortcuts for events from inside this.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.innerHTML = `
    <div class="ft-bar">
      <div class="ft-status"></div>
      <div class="ft-buttons">
        <select class="ft-variant" aria-label="Game" title="Play another game of the family"></select>${BUTTONS.map(([a, label, title]) =>
        `<button type="button" data-action="${a}" title="${title}">${label}</button>`).join("")}</div>
    </div>
    <div class="ft-message"></div>
    <div class="ft-table"></div>
    <div class="ft-sr" id="${uid}-keys">Arrow keys move between piles, Enter or Space picks up and
      places cards, Shift+Up and Shift+Down choose how many cards, Escape cancels, F sends a card
      to the foundations, D deals, U undoes, R redoes, H shows a hint, A auto-plays.</div>
    <div class="ft-sr ft-live" aria-live="polite"></div>`;
  el.appendChild(root);
  const q = (s) => root.querySelector(s);
  return {
    uid, root, table: q(".ft-table"), status: q(".ft-status"), message: q(".ft-message"),
    live: q(".ft-live"), buttons: [...root.querySelectorAll("button")], variant: q(".ft-variant"),
  };
}

function px(n) {
  return `${Math.round(n)}px`;
}

function faceHTML(card, x, y) {
  // "10" is the one two-character rank: condensed so it is no wider than the others
  const rank = card[0] === "T" ? `<span class="ft-ten">${rankLabel(card)}</span>` : rankLabel(card);
  const suit = suitSymbol(card);
  return `<div class="ft-card ${isRed(card) ? "ft-red" : "ft-black"}" data-card="${card}" role="img"`
    + ` aria-label="${cardName(card)}" style="left:${px(x)};top:${px(y)}">`
    + `<span class="ft-idx" aria-hidden="true">${rank}<span>${suit}</span></span>`
    + `<span class="ft-pip" aria-hidden="true">${suit}</span>`
    + `<span class="ft-idx ft-idx2" aria-hidden="true">${rank}<span>${suit}</span></span></div>`;
}

function backHTML(x, y, extra = "") {
  return `<div class="ft-card face-down${extra}" role="img" aria-label="face-down card" style="left:${px(x)};top:${px(y)}"></div>`;
}

// What an empty pile's outline shows: foundations start with an Ace.
const SLOT_TEXT = { foundation: "A" };

/** Redraw every pile and card for `state` at `layout`. */
export function drawTable(refs, state, layout) {
  const { table, uid } = refs;
  table.style.height = px(layout.height);
  table.style.setProperty("--ft-w", px(layout.cardW));
  table.style.setProperty("--ft-h", px(layout.cardH));
  let html = "";
  for (const id of [...layout.order.top, ...layout.order.columns]) {
    const p = layout.piles[id];
    let inner = "";
    let slot = SLOT_TEXT[p.kind] || "";
    let kind = `ft-${p.kind}`;
    if (p.kind === "stock") {
      // an empty stock that can be redealt shows a turn-over arrow
      slot = state.redeals_left > 0 && state.waste.count > 0 ? "\u21BB" : "";
      if (state.stock.count) {
        inner = backHTML(0, 0, " ft-stack") + `<span class="ft-count" aria-hidden="true">${state.stock.count}</span>`;
      }
    } else {
      for (const c of p.cards) {
        inner += c.card ? faceHTML(c.card, c.x - p.x, c.y - p.y) : backHTML(c.x - p.x, c.y - p.y);
      }
    }
    // more cards under the visible ones: drawn as a stack's edge
    if (p.kind === "waste" && state.waste.count > state.waste.top.length) kind += " ft-deep";
    html += `<div class="ft-pile ${kind}" data-pile="${id}" id="${uid}-${id}" role="group"`
      + ` aria-label="${pileLabel(state, id)}" style="left:${px(p.x)};top:${px(p.y)};width:${px(p.w)};height:${px(p.h)}">`
      + `<div class="ft-slot" aria-hidden="true">${slot}</div>${inner}</div>`;
  }
  table.innerHTML = html;
}

/** Status line, message, buttons' enabled state. */
export function drawChrome(refs, state) {
  refs.status.textContent = state.status_text || "";
  refs.status.dataset.status = state.status;
  refs.message.textContent = state.message || "";
  refs.message.title = state.message || ""; // the line may be cut short on narrow boards
  refs.message.dataset.kind = state.message_kind || "";
  for (const b of refs.buttons) {
    const a = b.dataset.action;
    b.disabled = (a === "undo" && !state.can_undo) || (a === "redo" && !state.can_redo)
      || (a === "restart" && !state.can_undo && !state.moves)
      || ((a === "hint" || a === "autoplay") && state.status !== "playing");
  }
  refs.root.setAttribute("aria-label", `${state.variant_name} solitaire`);
  const options = (state.variants || []).map(({ id, name }) => `<option value="${id}">${name}</option>`).join("");
  if (refs.variant.dataset.options !== options) {
    refs.variant.innerHTML = options;
    refs.variant.dataset.options = options;
  }
  refs.variant.value = state.variant;
}

function pile(refs, id) {
  return refs.table.querySelector(`[data-pile="${id}"]`);
}

/**
 * Local marks over the drawn table: keyboard cursor, the selected cards, legal targets,
 * the hint's source and destination.
 */
export function mark(refs, state, ui, targets = []) {
  const t = refs.table;
  for (const cls of ["ft-cursor", "ft-target", "ft-hint-src", "ft-hint-dst", "ft-selected"]) {
    for (const e of t.querySelectorAll(`.${cls}`)) e.classList.remove(cls);
  }
  refs.root.removeAttribute("aria-activedescendant");
  if (ui.cursor && ui.focused && ui.keys) {
    const p = pile(refs, ui.cursor);
    if (p) {
      p.classList.add("ft-cursor");
      refs.root.setAttribute("aria-activedescendant", p.id);
      const depth = ui.selected ? 0 : ui.depth || 1;
      const cards = p.querySelectorAll(".ft-card");
      if (depth > 1) for (let k = cards.length - depth; k < cards.length; k++) cards[k]?.classList.add("ft-cursor");
    }
  }
  if (ui.selected) {
    const cards = pile(refs, ui.selected.pile)?.querySelectorAll(".ft-card") || [];
    for (let k = cards.length - ui.selected.count; k < cards.length; k++) cards[k]?.classList.add("ft-selected");
  }
  for (const id of targets) pile(refs, id)?.classList.add("ft-target");
  const hint = state.hint;
  if (hint && hint.from && hint.to) {
    pile(refs, hint.from)?.classList.add("ft-hint-src");
    pile(refs, hint.to)?.classList.add("ft-hint-dst");
  }
}

/**
 * Where each drawn card is now: card -> list of screen rects (two decks: up to two each).
 * `overrides` maps an element to the rect to remember instead (a dragged card's preview).
 */
export function snapshot(table, overrides = new Map()) {
  const rects = new Map();
  for (const e of table.querySelectorAll("[data-card]")) {
    const list = rects.get(e.dataset.card) || [];
    list.push(overrides.get(e) || e.getBoundingClientRect());
    rects.set(e.dataset.card, list);
  }
  return rects;
}

const near = (a, b) => Math.abs(a.left - b.left) + Math.abs(a.top - b.top) <= 2;

/**
 * FLIP: cards that now sit elsewhere than in `before` slide from there (≤ 150 ms).
 * A copy that stayed put keeps its place; the other copy is the one that moved.
 * Skipped when the player asks for reduced motion, and for wholesale changes (new deal).
 */
export function animateFrom(table, before, limit = 16) {
  if (!before || !before.size || !table.animate) return;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const left = new Map([...before].map(([c, list]) => [c, list.slice()]));
  const pending = [];
  for (const e of table.querySelectorAll("[data-card]")) {
    const list = left.get(e.dataset.card);
    if (!list) continue;
    const now = e.getBoundingClientRect();
    const k = list.findIndex((r) => near(r, now));
    if (k >= 0) list.splice(k, 1);
    else pending.push([e, now]);
  }
  const moved = [];
  for (const [e, now] of pending) {
    const was = left.get(e.dataset.card).shift();
    if (was) moved.push([e, was.left - now.left, was.top - now.top]);
  }
  if (!moved.length || moved.length > limit) return;
  for (const [e, dx, dy] of moved) {
    const p = e.parentElement;
    p.classList.add("ft-moving");
    const anim = e.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 130, easing: "ease-out" });
    anim.onfinish = anim.oncancel = () => p.classList.remove("ft-moving");
  }
}
