// DOM drawing. The table is redrawn from the layout on every state (about 110 small
// elements; cheaper than diffing). Selection, cursor, hint and drop targets are classes
// set by mark(). Card identities appear only on face-up cards: a face-down card is an
// empty element with class `face-down`. Every word shown comes from Python's state
// (status line, messages, variant names) or is the board's own (button labels, help).
// Nothing is parsed from markup: elements are built one by one (`h`) and every word from
// Python is a text node or an attribute's value.

import { cardName, isRed, rankLabel, suitSymbol } from "./cards.js";
import { h, SVG } from "./dom.js";
import {
  createTraining, drawPuzzle, drawReview, drawTrainingMenu, hintLabel, reviewArrows, reviewing,
} from "./training.js";
import { pileLabel } from "./words.js";

export { h };

const BUTTONS = [
  ["new", "New deal", "Deal a new game (N); Undo brings this one back"],
  ["restart", "Restart", "Back to the start of this deal; Redo replays"],
  ["undo", "Undo", "Take back a move (U or Z)"],
  ["redo", "Redo", "Play a taken-back move again (R or Y)"],
  ["hint", "Hint", "Show a good move (H)"],
  ["autoplay", "Auto-play", "Play safe moves to the foundations now (A)"],
];
const UNDO_TITLE = BUTTONS.find(([action]) => action === "undo")[2]; // unless Undo brings back a game

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
  const status = h("div", { class: "ft-status", "aria-live": "off" });
  const variant = h("button", {
    type: "button", class: "ft-variant", "aria-haspopup": "true", "aria-expanded": "false",
    "aria-controls": `${uid}-menu`, title: "Play another game of the family, or a chosen deal",
  });
  const variants = h("div", { class: "ft-variants", role: "group", "aria-label": "Game" });
  const dealInput = h("input", {
    type: "number", min: "1", step: "1", inputmode: "numeric", class: "ft-deal-input",
    "aria-label": "Deal number",
  });
  const dealForm = h("form", { class: "ft-deal" }, [
    h("label", {}, ["Deal ", dealInput]),
    h("button", { type: "submit", "data-menu": "deal" }, ["Start"]),
    h("button", { type: "button", "data-menu": "copy", title: "Copy the current deal number" }, ["Copy"]),
  ]);
  // winnable deals by difficulty (state.difficulties) and the review of this game
  const difficulties = h("div", { class: "ft-difficulties", role: "group", "aria-label": "A winnable deal",
    hidden: true });
  const reviewItem = h("button", { type: "button", "data-menu": "review", class: "ft-review-item",
    title: "Step through this game with the expert's moves and marks" }, ["Review this game"]);
  const menu = h("div", {
    class: "ft-menu-list", id: `${uid}-menu`, role: "group", "aria-label": "Games and deals", hidden: true,
  }, [variants, difficulties, dealForm, reviewItem]);
  const buttons = BUTTONS.map(([a, label, title]) =>
    h("button", { type: "button", "data-action": a, title }, [label]));
  const auto = h("input", { type: "checkbox", class: "ft-auto", role: "switch" });
  const helpButton = h("button", {
    type: "button", class: "ft-help-button", "aria-label": "Keyboard help", title: "Keyboard help (?)",
  }, ["?"]);
  const score = h("div", { class: "ft-score", "aria-label": "This session" });
  const table = h("div", { class: "ft-table" });
  const arrow = h("svg", { class: "ft-arrow", "aria-hidden": "true" }, [], SVG);
  // Messages have their own line above the felt, never over the cards.
  const message = h("div", { class: "ft-message", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const dismiss = h("button", {
    type: "button", class: "ft-message-close", "aria-label": "Dismiss the message", title: "Dismiss", hidden: true,
  }, ["\u00D7"]);
  // While Python works a review out (state.reviewing), Stop ends it: every other request waits.
  const stop = h("button", {
    type: "button", class: "ft-review-stop", "data-action": "review_stop", title: "Stop the review", hidden: true,
  }, ["Stop"]);
  const messageBar = h("div", { class: "ft-msgbar" }, [message, stop, dismiss]);
  const { puzzle, review } = createTraining();
  const end = h("div", { class: "ft-end", hidden: true });
  const stage = h("div", { class: "ft-stage" }, [table, arrow, end]);
  const scroll = h("div", { class: "ft-scroll" }, [stage]);
  const help = h("div", { class: "ft-help", role: "dialog", "aria-label": "Keyboard help", hidden: true }, [
    h("h3", {}, ["Keys"]),
    h("dl", {}, HELP.flatMap(([k, what]) => [h("dt", {}, [k]), h("dd", {}, [what])])),
    h("p", {}, ["Drag a card, or click it and then its place; double-click sends it home."]),
    h("button", { type: "button", class: "ft-help-close" }, ["Close"]),
  ]);
  const live = h("div", { class: "ft-sr ft-live", "aria-live": "polite" });
  const root = h("div", {
    class: "ft-board", tabindex: "0", role: "application", "aria-roledescription": "solitaire board",
    "aria-describedby": `${uid}-keys`,
    // Lumino (JupyterLab) skips its keyboard shortcuts for events from inside this.
    "data-lm-suppress-shortcuts": "true",
  }, [
    h("div", { class: "ft-bar" }, [
      status,
      h("div", { class: "ft-buttons" }, [
        h("div", { class: "ft-menu" }, [variant, menu]),
        ...buttons,
        h("label", { class: "ft-switch", title: "After each of your moves, play the safe cards home" },
          [auto, " Auto"]),
        helpButton,
      ]),
    ]),
    score, puzzle, review, messageBar, scroll, help,
    h("div", { class: "ft-sr", id: `${uid}-keys` }, ["Arrow keys move between piles, Enter or Space "
      + "picks up and places cards, Shift+Up and Shift+Down choose how many cards, Escape cancels, "
      + "F sends a card to the foundations, D deals, U undoes, R redoes, H shows a hint, A auto-plays, "
      + "N deals a new game, question mark shows the keys."]),
    live,
  ]);
  el.appendChild(root);
  return {
    uid, root, table, stage, scroll, status, message, stop, dismiss, messageBar, end, arrow, live, buttons,
    variant, menu, variants, dealForm, dealInput, auto, help, helpButton, score,
    puzzle, review, difficulties, reviewItem,
  };
}

function px(n) {
  return `${Math.round(n)}px`;
}

const COURT = { J: "Jack", Q: "Queen", K: "King" };

// A card or pile is first described as plain data (its `key`, to know what changed), then
// built element by element: card text from the state only ever becomes text or an attribute.
function placed(x, y) {
  return `left:${px(x)};top:${px(y)}`;
}

function faceSpec(card, x, y) {
  return ["face", String(card), Math.round(x), Math.round(y)];
}

function backSpec(x, y, extra = "") {
  return ["back", Math.round(x), Math.round(y), extra];
}

function buildCard(spec) {
  if (spec[0] === "back") {
    const [, x, y, extra] = spec;
    return h("div", { class: `ft-card face-down${extra}`, role: "img", "aria-label": "face-down card",
      style: placed(x, y) });
  }
  const [, card, x, y] = spec;
  // "10" is the one two-character rank: condensed so it is no wider than the others
  const rank = () => (card[0] === "T" ? h("span", { class: "ft-ten" }, [rankLabel(card)]) : rankLabel(card));
  const suit = suitSymbol(card) ?? "";
  const index = (cls) => h("span", { class: cls, "aria-hidden": "true" }, [rank(), h("span", {}, [suit])]);
  // Court cards get a framed panel with their letter, so they read at a glance.
  const centre = COURT[card[0]]
    ? h("span", { class: "ft-court", "aria-hidden": "true" }, [h("b", {}, [card[0]]), suit])
    : h("span", { class: "ft-pip", "aria-hidden": "true" }, [suit]);
  return h("div", {
    class: `ft-card ${isRed(card) ? "ft-red" : "ft-black"}`, "data-card": card, role: "img",
    "aria-label": cardName(card), style: placed(x, y),
  }, [index("ft-idx"), centre, index("ft-idx ft-idx2")]);
}

function buildPile(spec, uid) {
  const { id, kind, x, y, w, hh, label, slot, count, cards } = spec;
  const kids = [h("div", { class: "ft-slot", "aria-hidden": "true" }, slot ? [slot] : [])];
  for (const c of cards) kids.push(buildCard(c));
  if (count) kids.push(h("span", { class: "ft-count", "aria-hidden": "true" }, [String(count)]));
  return h("div", {
    class: `ft-pile ${kind}`, "data-pile": id, id: `${uid}-${id}`, role: "group", "aria-label": label,
    style: `${placed(x, y)};width:${px(w)};height:${px(hh)}`,
  }, kids);
}

function buildLabels(labels) {
  return h("div", { class: "ft-labels" }, labels.map((l) => h("div", {
    class: "ft-label", "aria-hidden": "true",
    style: `${placed(l.x, l.y)};width:${px(l.w)};height:${px(l.h)};line-height:${px(l.h)}`,
  }, [String(l.id)])));
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
  const specs = [];
  for (const id of [...layout.order.top, ...layout.order.columns]) {
    const p = layout.piles[id];
    const cards = [];
    let count = 0;
    let slot = SLOT_TEXT[p.kind] || "";
    let kind = `ft-${p.kind}`;
    if (p.kind === "stock") {
      // an empty stock that can be redealt shows a turn-over arrow
      slot = state.legal.includes("w>s") ? "\u21BB" : "";
      if (state.stock.count) {
        cards.push(backSpec(0, 0, " ft-stack"));
        count = Number(state.stock.count);
      }
    } else {
      for (const c of p.cards) {
        cards.push(c.card ? faceSpec(c.card, c.x - p.x, c.y - p.y) : backSpec(c.x - p.x, c.y - p.y));
      }
    }
    // more cards under the visible ones: the slot is drawn as a stack's edge
    if (p.kind === "waste" && state.waste.count > state.waste.top.length) kind += " ft-deep";
    specs.push({ id, kind, x: Math.round(p.x), y: Math.round(p.y), w: Math.round(p.w), hh: Math.round(p.h),
      label: pileLabel(state, id), slot, count, cards });
  }
  const parts = specs.map((s) => JSON.stringify(s));
  const labels = JSON.stringify(layout.labels.map((l) => [l.id, px(l.x), px(l.y), px(l.w), px(l.h)]));
  const kept = refs.drawn;
  const kids = table.children;
  if (!kept || kept.labels !== labels || kept.parts.length !== parts.length || kids.length !== parts.length + 1) {
    table.replaceChildren(...specs.map((s) => buildPile(s, uid)), buildLabels(layout.labels));
  } else {
    parts.forEach((key, k) => {
      if (kept.parts[k] === key) return;
      table.replaceChild(buildPile(specs[k], uid), kids[k]);
    });
    for (const e of table.querySelectorAll(".ft-lifted")) e.classList.remove("ft-lifted");
  }
  refs.drawn = { parts, labels };
}

/** Status line, buttons' enabled state, the game menu, the finished-game panel. */
export function drawChrome(refs, state, ui = {}) {
  // only when it changes: the text node stays, so observers see the kernel's news only.
  // A failed autosave stays said here until a save succeeds (the message goes with the next action).
  const statusText = (state.status_text || "") + (state.saved === false ? " · not saved" : "");
  if (refs.status.textContent !== statusText) refs.status.textContent = statusText;
  refs.status.dataset.status = state.status;
  const thinking = Boolean(ui.thinking);
  const inReview = reviewing(state); // a review shows a past position: moves wait for its end
  const computing = Boolean(state.reviewing); // a review being worked out: only Stop is taken
  refs.stop.hidden = !computing;
  for (const b of refs.buttons) {
    const a = b.dataset.action;
    b.disabled = (a === "undo" && !state.can_undo) || (a === "redo" && !state.can_redo)
      || (a === "restart" && !state.moves)
      || ((a === "hint" || a === "autoplay") && state.status !== "playing")
      || (a === "hint" && thinking)
      || (inReview && a !== "new") || computing;
    if (a === "undo") b.title = state.undo_text || UNDO_TITLE;
    if (a === "hint") {
      const label = hintLabel(state, thinking);
      if (b.textContent !== label) b.textContent = label;
      b.title = label === "Show a clue" ? "Show a clue for this puzzle; clues are counted (H)" : "Show a good move (H)";
      b.classList.toggle("ft-busy", thinking);
      b.setAttribute("aria-busy", String(thinking));
    }
  }
  refs.root.setAttribute("aria-label", `${state.variant_name} solitaire`);
  refs.variant.textContent = `${state.variant_name} \u25BE`;
  const list = (state.variants || []).map(({ id, name }) => [String(id), String(name), id === state.variant]);
  const options = JSON.stringify(list);
  if (refs.drawnOptions !== options) {
    refs.variants.replaceChildren(...list.map(([id, name, pressed]) =>
      h("button", { type: "button", "data-variant": id, "aria-pressed": String(pressed) }, [name])));
    refs.drawnOptions = options;
  }
  if (document.activeElement !== refs.dealInput) refs.dealInput.value = state.deal ?? "";
  refs.auto.checked = Boolean(state.auto_home);
  drawScore(refs, state);
  const parts = [refs.end, refs.puzzle, refs.review];
  const active = document.activeElement;
  const inPart = Boolean(active) && parts.some((part) => part.contains(active));
  drawEnd(refs, state);
  drawPuzzle(refs, state);
  drawReview(refs, state);
  drawTrainingMenu(refs, state);
  // a button that removed itself (×, Play from here, Next puzzle, a mark, Play again) leaves the
  // focus on the board, so the keys go on working, never on the page
  if (inPart && !refs.root.contains(document.activeElement)) refs.root.focus({ preventScroll: true });
}

/** Scroll the felt so pile `id` is in view (the keyboard cursor moved onto it). */
export function revealPile(refs, id) {
  const p = id ? pile(refs, id) : null;
  if (p && p.scrollIntoView) p.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function drawScore(refs, state) {
  // one short line: the session's totals and this game's own variant (board.stats has all)
  // a puzzle board shows the puzzle's score in its panel, not the games'
  const rows = state.puzzle ? [] : state.session || [];
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
  // not over a review: it shows the game's positions, the last one finished
  const kind = (state.status === "won" || state.status === "stuck") && !reviewing(state) ? state.status : "";
  if (end.dataset.kind === kind && end.dataset.version === String(state.moves)) return;
  end.dataset.kind = kind;
  end.dataset.version = String(state.moves);
  if (!kind) {
    end.hidden = true;
    end.replaceChildren();
    return;
  }
  end.hidden = false;
  const words = ` ${state.end_text || ""}`;
  const title = h("strong", {}, [state.end_title || ""]); // Python's words (ft_widget.words.end_title)
  end.replaceChildren(...(kind === "won"
    ? [h("p", {}, [title, words]),
      h("button", { type: "button", "data-end": "new" }, ["Play again"]), reviewButton()]
    : [h("p", {}, [title, words]),
      h("button", { type: "button", "data-end": "undo", disabled: !state.can_undo }, ["Undo"]),
      h("button", { type: "button", "data-end": "new" }, ["New deal"]), reviewButton()]));
}

function reviewButton() {
  return h("button", { type: "button", "data-end": "review", title: "Step through the game with the expert's moves" },
    ["Review"]);
}

function pile(refs, id) {
  // by comparison, not a selector: a pile id from the state is never read as CSS
  return [...refs.table.children].find((e) => e.dataset.pile === id) || null;
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
  refs.arrow.replaceChildren();
  if (hint && hint.from && hint.to) {
    pile(refs, hint.from)?.classList.add("ft-hint-src");
    pile(refs, hint.to)?.classList.add("ft-hint-dst");
    if (layout) drawArrows(refs, layout, [{ from: hint.from, to: hint.to, kind: "hint" }]);
  } else if (layout) {
    drawArrows(refs, layout, reviewArrows(state));
  }
}

/** A pile's rectangle; "f" (a move home, foundation not named) is the foundations' middle. */
function anchor(layout, id) {
  if (layout.piles[id]) return layout.piles[id];
  if (id !== "f") return null;
  const home = Object.values(layout.piles).filter((p) => p.kind === "foundation");
  if (!home.length) return null;
  const x = (Math.min(...home.map((p) => p.x)) + Math.max(...home.map((p) => p.x))) / 2;
  return { x, y: home[0].y, w: home[0].w, h: home[0].h, cards: [] };
}

function topCentre(layout, id, last = true) {
  const p = anchor(layout, id);
  if (!p) return null;
  const c = p.cards.length ? p.cards[last ? p.cards.length - 1 : 0] : { x: p.x, y: p.y };
  return { x: c.x + layout.cardW / 2, y: c.y + Math.min(layout.cardH / 2, layout.cardW * 0.45) };
}

// How much each kind of arrow bows: two arrows between the same piles stay apart.
const BOW = { hint: 1, played: 1, agreed: 1, expert: 1.9 };

/** The stroke width of the arrows at `layout`, and how far an arrow's head reaches past its end. */
export function arrowWidth(layout) {
  return Math.max(3, Math.round(layout.cardW * 0.06));
}
const HEAD_PAST_END = 0.3 * 4; // the marker: refX 7 of 10, 4 stroke widths long

/**
 * An arrow's curve from pile `from` to pile `to`: `{ a, c, b }`, start, control and end points of
 * a quadratic curve, or null. The curve keeps below the top row (foundations, waste, stock), so
 * it never covers their cards' ranks or the foundations' A: an arrow to or from a top-row pile
 * ends just under its card, and the curve bows no higher than that (a quadratic curve stays
 * inside the triangle of its three points).
 */
export function arrowCurve(layout, from, to, kind = "played") {
  const top = layout.order.top.filter((id) => layout.piles[id]);
  const onTop = (id) => top.includes(id) || (id === "f" && top.length > 0);
  const below = top.length ? Math.max(...top.map((id) => layout.piles[id].y + layout.piles[id].h)) : -Infinity;
  const gap = arrowWidth(layout) * HEAD_PAST_END + 3;
  const end = (id) => {
    const p = topCentre(layout, id);
    return p && onTop(id) ? { x: p.x, y: below + gap } : p;
  };
  const a = end(from);
  const b = end(to);
  if (!a || !b) return null;
  const bow = Math.max(20, Math.abs(a.x - b.x) * 0.15) * (BOW[kind] || 1);
  // a gentle curve, bowing up so the line doesn't run along a column's cards; between two
  // top-row piles it bows down, under the row
  const up = Math.min(a.y, b.y) - bow;
  const y = onTop(from) && onTop(to) ? Math.max(a.y, b.y) + bow : Math.max(up, below + gap);
  return { a, c: { x: (a.x + b.x) / 2, y }, b };
}

/**
 * Arrows from a card to where it goes: the hint's, or a review step's move played and the
 * expert's (`kind` hint / played / expert / agreed: each its own colour, dash and head).
 */
function drawArrows(refs, layout, arrows) {
  const svg = refs.arrow;
  svg.setAttribute("width", layout.width);
  svg.setAttribute("height", layout.height);
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
  const w = arrowWidth(layout);
  const kinds = [...new Set(arrows.map((a) => a.kind))];
  const defs = h("defs", {}, kinds.map((kind) => h("marker", {
    id: `${refs.uid}-head-${kind}`, viewBox: "0 0 10 10", refX: "7", refY: "5", markerWidth: "4", markerHeight: "4",
    orient: "auto-start-reverse",
  }, [h("path", { d: "M0,0 L10,5 L0,10 z", class: `ft-arrow-head ft-arrow-head-${kind}` }, [], SVG)], SVG)), SVG);
  const paths = [];
  for (const { from, to, kind } of arrows) {
    const curve = arrowCurve(layout, from, to, kind);
    if (!curve) continue;
    const { a, c, b } = curve;
    paths.push(h("path", {
      class: `ft-arrow-line ft-arrow-${kind}`, "data-arrow": kind, d: `M${a.x},${a.y} Q${c.x},${c.y} ${b.x},${b.y}`,
      "stroke-width": w, "marker-end": `url(#${refs.uid}-head-${kind})`,
    }, [], SVG));
  }
  svg.replaceChildren(...(paths.length ? [defs, ...paths] : []));
}

/**
 * The message area above the felt: `text` (of `kind` "error", "info" or "") until the next
 * action or the × (see messages.js). It has its own place, so it never covers a card.
 * Errors are alerts, other messages polite statuses, for assistive software; the role is
 * set before the words so the new words are read in the right voice.
 */
export function drawMessage(refs, text, kind = "", spoken = "") {
  const m = refs.message;
  const role = kind === "error" ? "alert" : "status";
  if (m.getAttribute("role") !== role) {
    m.setAttribute("role", role);
    m.setAttribute("aria-live", role === "alert" ? "assertive" : "polite");
  }
  // Python's spoken form (cards by name, moves in words) is what a screen reader reads; the
  // symbols are for the eye
  const said = spoken && text && spoken !== text ? String(spoken) : "";
  const key = JSON.stringify([text || "", said]);
  if (m.dataset.drawn !== key) {
    m.dataset.drawn = key;
    if (said) {
      m.replaceChildren(h("span", { "aria-hidden": "true" }, [text]), h("span", { class: "ft-sr" }, [said]));
    } else {
      m.textContent = text || "";
    }
  }
  m.title = text || "";
  m.dataset.kind = text ? kind || "" : "";
  m.classList.toggle("ft-show", Boolean(text));
  refs.dismiss.hidden = !text;
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
