// DOM drawing. The table is redrawn from the layout on every state (about 110 small
// elements; cheaper than diffing). Selection, cursor, hint and drop targets are classes
// set by mark(). Card identities appear only on face-up cards: a face-down card is an
// empty element with class `face-down`. Every word shown comes from Python's state
// (status line, messages, variant names) or is the board's own (button labels, help).

import { cardName, isRed, rankLabel, suitSymbol } from "./cards.js";
import { pileLabel } from "./words.js";

const BUTTONS = [
  ["new", "New deal", "Deal a new game (N); Undo brings this one back"],
  ["restart", "Restart", "Back to the start of this deal; Redo replays"],
  ["undo", "Undo", "Take back a move (U or Z)"],
  ["redo", "Redo", "Play a taken-back move again (R or Y)"],
  ["hint", "Hint", "Show a good move (H)"],
  ["autoplay", "Auto-play", "Play safe moves to the foundations now (A)"],
];

// The keyboard help overlay (`?`): the board's own keys.
export const HELP = [
  ["← → ↑ ↓", "move between piles"],
  ["Enter, Space", "pick up, put down"],
  ["Shift+↑ / Shift+↓", "more or fewer cards of a run"],
  ["Escape", "cancel; close this help"],
  ["F", "send the card to the foundations"],
  ["D", "deal from the stock"],
  ["U or Z / R or Y", "undo / redo"],
  ["H", "hint"],
  ["A", "auto-play safe cards home"],
  ["N", "new deal"],
  ["?", "this help"],
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
      <div class="ft-status" aria-live="off"></div>
      <div class="ft-buttons">
        <div class="ft-menu">
          <button type="button" class="ft-variant" aria-haspopup="true" aria-expanded="false"
            aria-controls="${uid}-menu" title="Play another game of the family, or a chosen deal"></button>
          <div class="ft-menu-list" id="${uid}-menu" role="group" aria-label="Games and deals" hidden>
            <div class="ft-variants" role="group" aria-label="Game"></div>
            <form class="ft-deal">
              <label>Deal <input type="number" min="1" step="1" inputmode="numeric" class="ft-deal-input"
                aria-label="Deal number"></label>
              <button type="submit" data-menu="deal">Start</button>
              <button type="button" data-menu="copy" title="Copy the current deal number">Copy</button>
            </form>
          </div>
        </div>${BUTTONS.map(([a, label, title]) =>
        `<button type="button" data-action="${a}" title="${title}">${label}</button>`).join("")}
        <label class="ft-switch" title="After each of your moves, play the safe cards home">
          <input type="checkbox" class="ft-auto" role="switch"> Auto</label>
        <button type="button" class="ft-help-button" aria-label="Keyboard help" title="Keyboard help (?)">?</button>
      </div>
    </div>
    <div class="ft-score" aria-label="This session"></div>
    <div class="ft-scroll">
      <div class="ft-stage">
        <div class="ft-table"></div>
        <svg class="ft-arrow" aria-hidden="true"></svg>
        <div class="ft-message" role="status"></div>
        <div class="ft-end" hidden></div>
      </div>
    </div>
    <div class="ft-help" role="dialog" aria-label="Keyboard help" hidden>
      <h3>Keys</h3>
      <dl>${HELP.map(([k, what]) => `<dt>${k}</dt><dd>${what}</dd>`).join("")}</dl>
      <p>Drag a card, or click it and then its place; double-click sends it home.</p>
      <button type="button" class="ft-help-close">Close</button>
    </div>
    <div class="ft-sr" id="${uid}-keys">Arrow keys move between piles, Enter or Space picks up and
      places cards, Shift+Up and Shift+Down choose how many cards, Escape cancels, F sends a card
      to the foundations, D deals, U undoes, R redoes, H shows a hint, A auto-plays, N deals a
      new game, question mark shows the keys.</div>
    <div class="ft-sr ft-live" aria-live="polite"></div>`;
  el.appendChild(root);
  const q = (s) => root.querySelector(s);
  return {
    uid, root, table: q(".ft-table"), stage: q(".ft-stage"), scroll: q(".ft-scroll"),
    status: q(".ft-status"), message: q(".ft-message"), end: q(".ft-end"), arrow: q(".ft-arrow"),
    live: q(".ft-live"), buttons: [...root.querySelectorAll("button[data-action]")],
    variant: q(".ft-variant"), menu: q(".ft-menu-list"), variants: q(".ft-variants"),
    dealForm: q(".ft-deal"), dealInput: q(".ft-deal-input"), auto: q(".ft-auto"),
    help: q(".ft-help"), helpButton: q(".ft-help-button"), score: q(".ft-score"),
  };
}

function px(n) {
  return `${Math.round(n)}px`;
}

const COURT = { J: "Jack", Q: "Queen", K: "King" };

function faceHTML(card, x, y) {
  // "10" is the one two-character rank: condensed so it is no wider than the others
  const rank = card[0] === "T" ? `<span class="ft-ten">${rankLabel(card)}</span>` : rankLabel(card);
  const suit = suitSymbol(card);
  // Court cards get a framed panel with their letter, so they read at a glance.
  const centre = COURT[card[0]]
    ? `<span class="ft-court" aria-hidden="true"><b>${card[0]}</b>${suit}</span>`
    : `<span class="ft-pip" aria-hidden="true">${suit}</span>`;
  return `<div class="ft-card ${isRed(card) ? "ft-red" : "ft-black"}" data-card="${card}" role="img"`
    + ` aria-label="${cardName(card)}" style="left:${px(x)};top:${px(y)}">`
    + `<span class="ft-idx" aria-hidden="true">${rank}<span>${suit}</span></span>${centre}`
    + `<span class="ft-idx ft-idx2" aria-hidden="true">${rank}<span>${suit}</span></span></div>`;
}

function backHTML(x, y, extra = "") {
  return `<div class="ft-card face-down${extra}" role="img" aria-label="face-down card" style="left:${px(x)};top:${px(y)}"></div>`;
}

// What an empty pile's outline shows: foundations start with an Ace.
const SLOT_TEXT = { foundation: "A" };

/**
 * Redraw every pile and card for `state` at `layout`. Only piles whose drawing changed
 * are replaced (a move touches two or three), so the browser lays out little per move.
 */
export function drawTable(refs, state, layout) {
  const { table, stage, uid } = refs;
  stage.style.width = px(layout.width);
  stage.style.height = px(layout.height);
  table.style.setProperty("--ft-w", px(layout.cardW));
  table.style.setProperty("--ft-h", px(layout.cardH));
  table.style.setProperty("--ft-idx", px(layout.index.size));
  table.style.setProperty("--ft-idx-top", px(layout.index.top));
  const parts = [];
  for (const id of [...layout.order.top, ...layout.order.columns]) {
    const p = layout.piles[id];
    let inner = "";
    let slot = SLOT_TEXT[p.kind] || "";
    let kind = `ft-${p.kind}`;
    if (p.kind === "stock") {
      // an empty stock that can be redealt shows a turn-over arrow
      slot = state.legal.includes("w>s") ? "\u21BB" : "";
      if (state.stock.count) {
        inner = backHTML(0, 0, " ft-stack") + `<span class="ft-count" aria-hidden="true">${state.stock.count}</span>`;
      }
    } else {
      for (const c of p.cards) {
        inner += c.card ? faceHTML(c.card, c.x - p.x, c.y - p.y) : backHTML(c.x - p.x, c.y - p.y);
      }
    }
    // more cards under the visible ones: the slot is drawn as a stack's edge
    if (p.kind === "waste" && state.waste.count > state.waste.top.length) kind += " ft-deep";
    parts.push(`<div class="ft-pile ${kind}" data-pile="${id}" id="${uid}-${id}" role="group"`
      + ` aria-label="${pileLabel(state, id)}" style="left:${px(p.x)};top:${px(p.y)};width:${px(p.w)};height:${px(p.h)}">`
      + `<div class="ft-slot" aria-hidden="true">${slot}</div>${inner}</div>`);
  }
  let labels = "";
  for (const l of layout.labels) {
    labels += `<div class="ft-label" aria-hidden="true" style="left:${px(l.x)};top:${px(l.y)};width:${px(l.w)};`
      + `height:${px(l.h)};line-height:${px(l.h)}">${l.id}</div>`;
  }
  const kept = refs.drawn;
  const kids = table.children;
  if (!kept || kept.labels !== labels || kept.parts.length !== parts.length || kids.length !== parts.length + 1) {
    table.innerHTML = parts.join("") + `<div class="ft-labels">${labels}</div>`;
  } else {
    const tpl = document.createElement("template");
    parts.forEach((html, k) => {
      if (kept.parts[k] === html) return;
      tpl.innerHTML = html;
      table.replaceChild(tpl.content.firstChild, kids[k]);
    });
    for (const e of table.querySelectorAll(".ft-lifted")) e.classList.remove("ft-lifted");
  }
  refs.drawn = { parts, labels };
}

/** Status line, buttons' enabled state, the game menu, the finished-game panel. */
export function drawChrome(refs, state, ui = {}) {
  // only when it changes: the text node stays, so observers see the kernel's news only
  if (refs.status.textContent !== (state.status_text || "")) refs.status.textContent = state.status_text || "";
  refs.status.dataset.status = state.status;
  const thinking = Boolean(ui.thinking);
  for (const b of refs.buttons) {
    const a = b.dataset.action;
    b.disabled = (a === "undo" && !state.can_undo) || (a === "redo" && !state.can_redo)
      || (a === "restart" && !state.moves)
      || ((a === "hint" || a === "autoplay") && state.status !== "playing")
      || (a === "hint" && thinking);
    if (a === "undo") b.title = state.undo_text || "Take back a move (U or Z)";
    if (a === "hint") {
      b.textContent = thinking ? "Thinking…" : "Hint";
      b.classList.toggle("ft-busy", thinking);
      b.setAttribute("aria-busy", String(thinking));
    }
  }
  refs.root.setAttribute("aria-label", `${state.variant_name} solitaire`);
  refs.variant.textContent = `${state.variant_name} \u25BE`;
  const options = (state.variants || []).map(({ id, name }) =>
    `<button type="button" data-variant="${id}" aria-pressed="${id === state.variant}">${name}</button>`).join("");
  if (refs.variants.dataset.options !== options) {
    refs.variants.innerHTML = options;
    refs.variants.dataset.options = options;
  }
  if (document.activeElement !== refs.dealInput) refs.dealInput.value = state.deal ?? "";
  refs.auto.checked = Boolean(state.auto_home);
  drawScore(refs, state);
  drawEnd(refs, state);
}

function drawScore(refs, state) {
  // one short line: the session's totals and this game's own variant (board.stats has all)
  const rows = state.session || [];
  const played = rows.reduce((n, r) => n + r.played, 0);
  const won = rows.reduce((n, r) => n + r.won, 0);
  const here = rows.find((r) => r.variant === state.variant);
  let text = played ? `This session: ${won} of ${played} game${played === 1 ? "" : "s"} won` : "";
  if (here && here.played !== played) text += ` · ${here.name}: ${here.won} of ${here.played}`;
  if (here && here.best) text += ` · best ${here.best} move${here.best === 1 ? "" : "s"}`;
  if (refs.score.textContent !== text) refs.score.textContent = text;
}

/** The panel over a finished game: a won game celebrates, a stuck one offers a way on. */
function drawEnd(refs, state) {
  const end = refs.end;
  const kind = state.status === "won" || state.status === "stuck" ? state.status : "";
  if (end.dataset.kind === kind && end.dataset.version === String(state.moves)) return;
  end.dataset.kind = kind;
  end.dataset.version = String(state.moves);
  if (!kind) {
    end.hidden = true;
    end.innerHTML = "";
    return;
  }
  end.hidden = false;
  end.innerHTML = kind === "won"
    ? `<p><strong>You won!</strong> ${state.end_text || ""}</p>
       <button type="button" data-end="new">Play again</button>`
    : `<p><strong>No moves left.</strong> ${state.end_text || ""}</p>
       <button type="button" data-end="undo"${state.can_undo ? "" : " disabled"}>Undo</button>
       <button type="button" data-end="new">New deal</button>`;
}

function pile(refs, id) {
  return refs.table.querySelector(`[data-pile="${id}"]`);
}

/**
 * Local marks over the drawn table: keyboard cursor, the selected cards, legal targets,
 * the hint's source, destination and arrow.
 */
export function mark(refs, state, ui, targets = [], layout = null) {
  const t = refs.table;
  for (const cls of ["ft-cursor", "ft-target", "ft-hint-src", "ft-hint-dst", "ft-selected", "ft-over"]) {
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
  refs.arrow.innerHTML = "";
  if (hint && hint.from && hint.to) {
    pile(refs, hint.from)?.classList.add("ft-hint-src");
    pile(refs, hint.to)?.classList.add("ft-hint-dst");
    if (layout) drawArrow(refs, layout, hint);
  }
}

function topCentre(layout, id, last = true) {
  const p = layout.piles[id];
  if (!p) return null;
  const c = p.cards.length ? p.cards[last ? p.cards.length - 1 : 0] : { x: p.x, y: p.y };
  return { x: c.x + layout.cardW / 2, y: c.y + Math.min(layout.cardH / 2, layout.cardW * 0.45) };
}

/** An arrow from the hinted card to where it goes. */
function drawArrow(refs, layout, hint) {
  const a = topCentre(layout, hint.from);
  const b = topCentre(layout, hint.to);
  if (!a || !b) return;
  const svg = refs.arrow;
  svg.setAttribute("width", layout.width);
  svg.setAttribute("height", layout.height);
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
  // a gentle curve, bowing up, so the line doesn't run along a column's cards
  const mx = (a.x + b.x) / 2;
  const my = Math.min(a.y, b.y) - Math.max(20, Math.abs(a.x - b.x) * 0.15);
  const w = Math.max(3, Math.round(layout.cardW * 0.06));
  svg.innerHTML = `<defs><marker id="${refs.uid}-head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4"
      markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="ft-arrow-head"/></marker></defs>
    <path class="ft-arrow-line" d="M${a.x},${a.y} Q${mx},${my} ${b.x},${b.y}" stroke-width="${w}"
      marker-end="url(#${refs.uid}-head)"/>`;
}

/**
 * Show `text` as a short note near `anchor` (a rect in board coordinates, or null for the
 * top of the table) that fades after `ms`. Returns nothing; a new note replaces the last.
 */
export function showMessage(refs, layout, text, kind, anchor = null, ms = 4500) {
  const m = refs.message;
  clearTimeout(m._fade);
  m.textContent = text || "";
  m.title = text || "";
  m.dataset.kind = kind || "";
  if (!text) {
    m.classList.remove("ft-show");
    return;
  }
  // within the part of the felt in view (it may scroll sideways)
  const viewL = refs.scroll.scrollLeft || 0;
  const width = Math.min(layout ? layout.width : 600, refs.scroll.clientWidth || Infinity);
  const maxW = Math.min(420, width - 16);
  m.style.maxWidth = px(maxW);
  let x = viewL + 8;
  let y = 8;
  if (anchor && layout) {
    x = Math.max(viewL + 8, Math.min(viewL + width - maxW - 8, anchor.x + anchor.w / 2 - maxW / 2));
    // below the pile's top card, or above it when that would leave the board
    y = anchor.y + Math.min(anchor.h, layout.cardH) + 6;
    if (y + 48 > layout.height) y = Math.max(4, anchor.y - 52);
  } else if (layout) {
    x = viewL + Math.max(8, Math.round((width - maxW) / 2));
    y = layout.tableauTop;
  }
  m.style.left = px(x);
  m.style.top = px(y);
  m.classList.add("ft-show");
  m._fade = setTimeout(() => m.classList.remove("ft-show"), ms);
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

export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * FLIP: cards that now sit elsewhere than in `before` slide from there (≤ 150 ms).
 * A copy that stayed put keeps its place; the other copy is the one that moved.
 * Skipped when the player asks for reduced motion, and for wholesale changes (new deal).
 */
export function animateFrom(table, before, limit = 16) {
  if (!before || !before.size || !table.animate || reducedMotion()) return;
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
