// DOM drawing. The table is redrawn from the layout on every state (about 110 small
// elements; cheaper than diffing). Selection, cursor, hint and drop targets are classes
// set by mark(). Card identities appear only on face-up cards: a face-down card is an
// empty element with class `face-down`. Every word shown comes from Python's state: the status
// line, messages, variant names, and the board's own labels in the board's language (state.ui,
// lang.js; elements built before the first state carry a `data-say*` key that drawWords fills).
// Nothing is parsed from markup: elements are built one by one (`h`) and every word from
// Python is a text node or an attribute's value.

import { cardName, isRed, RANKS, rankLabel, SUITS, suitSymbol } from "./cards.js";
import { h, SVG } from "./dom.js";
import { say, sayCount, sayList } from "./lang.js";
import {
  createTraining, drawPuzzle, drawReview, drawTrainingMenu, hintKind, hintLabel, reviewArrows, reviewing,
} from "./training.js";
import { createShow, drawShow, factCards, showArrows, showing } from "./showme.js";
import { createSpread, drawSpread } from "./spread.js";
import { pileLabel } from "./words.js";

export { h };

// The bar's buttons: each action's label and title are state.ui[action] and state.ui[`${action}_title`].
const BUTTONS = ["new", "restart", "undo", "redo", "hint", "autoplay"];

let boards = 0;


/** Build the board's fixed parts inside `el`; returns references to them. */
export function createBoard(el) {
  const uid = `ft${++boards}`;
  const status = h("div", { class: "ft-status", "aria-live": "off" });
  const variant = h("button", {
    type: "button", class: "ft-variant", "aria-haspopup": "true", "aria-expanded": "false",
    "aria-controls": `${uid}-menu`, "data-say-title": "variant_title",
  });
  const variants = h("div", { class: "ft-variants", role: "group", "data-say-label": "games" });
  const dealInput = h("input", {
    type: "number", min: "1", step: "1", inputmode: "numeric", class: "ft-deal-input",
    "data-say-label": "deal_number",
  });
  const dealForm = h("form", { class: "ft-deal" }, [
    h("label", {}, [h("span", { "data-say": "deal" }), " ", dealInput]),
    h("button", { type: "submit", "data-menu": "deal", "data-say": "start" }),
    h("button", { type: "button", "data-menu": "copy", "data-say-title": "copy_title", "data-say": "copy" }),
  ]);
  // winnable deals by difficulty (state.difficulties) and the review of this game
  const difficulties = h("div", { class: "ft-difficulties", role: "group", "data-say-label": "winnable",
    hidden: true });
  const reviewItem = h("button", { type: "button", "data-menu": "review", class: "ft-review-item",
    "data-say-title": "review_item_title", "data-say": "review_item" });
  const menu = h("div", {
    class: "ft-menu-list", id: `${uid}-menu`, role: "group", "data-say-label": "menu", hidden: true,
  }, [variants, difficulties, dealForm, reviewItem]);
  // the hint button's words change with the state (a clue in a puzzle): drawChrome says them
  const buttons = BUTTONS.map((a) => h("button", a === "hint" ? { type: "button", "data-action": a }
    : { type: "button", "data-action": a, "data-say": a, "data-say-title": `${a}_title` }));
  const auto = h("input", { type: "checkbox", class: "ft-auto", role: "switch" });
  const helpButton = h("button", {
    type: "button", class: "ft-help-button", "data-say-label": "help_button", "data-say-title": "help_button_title",
  }, ["?"]);
  const score = h("div", { class: "ft-score", "data-say-label": "session" });
  const table = h("div", { class: "ft-table" });
  const arrow = h("svg", { class: "ft-arrow", "aria-hidden": "true" }, [], SVG);
  // Messages have their own line above the felt, never over the cards.
  const message = h("div", { class: "ft-message", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const dismiss = h("button", {
    type: "button", class: "ft-message-close", "data-say-label": "dismiss", "data-say-title": "dismiss_title",
    hidden: true,
  }, ["\u00D7"]);
  // While Python works a review out (state.reviewing), Stop ends it: every other request waits.
  const stop = h("button", {
    type: "button", class: "ft-review-stop", "data-action": "review_stop", "data-say-title": "stop_title",
    "data-say": "stop", hidden: true,
  });
  const messageBar = h("div", { class: "ft-msgbar" }, [message, stop, dismiss]);
  const { puzzle, review } = createTraining();
  const show = createShow();
  const { button: spreadButton, panel: spread } = createSpread(uid);
  const end = h("div", { class: "ft-end", hidden: true });
  const stage = h("div", { class: "ft-stage" }, [table, arrow, end]);
  const scroll = h("div", { class: "ft-scroll" }, [stage]);
  const helpKeys = h("dl", {}); // the keys and what they do: drawWords
  const help = h("div", { class: "ft-help", role: "dialog", "data-say-label": "help_button", hidden: true }, [
    h("h3", { "data-say": "help_title" }),
    helpKeys,
    h("p", { "data-say": "help_drag" }),
    h("button", { type: "button", class: "ft-help-close", "data-say": "close" }),
  ]);
  const live = h("div", { class: "ft-sr ft-live", "aria-live": "polite" });
  const root = h("div", {
    class: "ft-board", tabindex: "0", role: "application", "data-say-roledescription": "board",
    "aria-describedby": `${uid}-keys`,
    // Lumino (JupyterLab) skips its keyboard shortcuts for events from inside this.
    "data-lm-suppress-shortcuts": "true",
  }, [
    h("div", { class: "ft-bar" }, [
      status,
      h("div", { class: "ft-buttons" }, [
        h("div", { class: "ft-menu" }, [variant, menu]),
        ...buttons,
        h("label", { class: "ft-switch", "data-say-title": "auto_title" },
          [auto, " ", h("span", { "data-say": "auto" })]),
        spreadButton,
        helpButton,
      ]),
    ]),
    score, puzzle, show, review, messageBar, spread, scroll, help,
    h("div", { class: "ft-sr", id: `${uid}-keys`, "data-say": "keys_said" }),
    live,
  ]);
  el.appendChild(root);
  return {
    uid, root, table, stage, scroll, status, message, stop, dismiss, messageBar, end, arrow, live, buttons,
    variant, menu, variants, dealForm, dealInput, auto, help, helpButton, helpKeys, score,
    puzzle, show, review, difficulties, reviewItem, spreadButton, spread,
  };
}

function px(n) {
  return `${Math.round(n)}px`;
}

const COURT = new Set(["J", "Q", "K"]);

// What each data-say* attribute fills in: the text, or an attribute.
const SAID = [["data-say", null], ["data-say-title", "title"], ["data-say-label", "aria-label"],
  ["data-say-roledescription", "aria-roledescription"]];

/**
 * The board's fixed words in the board's language (state.ui): every element of createBoard
 * that carries a `data-say*` key, and the keyboard help's list. Only when the language changes.
 */
export function drawWords(refs, state) {
  const lang = state.ui && state.ui.language;
  if (!lang || refs.drawnLanguage === lang) return;
  refs.drawnLanguage = lang;
  refs.root.setAttribute("lang", lang);
  for (const [attr, target] of SAID) {
    for (const e of [refs.root, ...refs.root.querySelectorAll(`[${attr}]`)]) {
      const key = e.getAttribute(attr);
      if (!key) continue;
      if (target) e.setAttribute(target, say(state, key));
      else e.textContent = say(state, key);
    }
  }
  refs.helpKeys.replaceChildren(...sayList(state, "help_keys").flatMap(([keys, what]) =>
    [h("dt", {}, [String(keys)]), h("dd", {}, [String(what)])]));
}

// A card or pile is first described as plain data (its `key`, to know what changed), then
// built element by element: card text from the state only ever becomes text or an attribute.
function placed(x, y) {
  return `left:${px(x)};top:${px(y)}`;
}

// (a card's name and rank letter are in its spec: a new language redraws the pile)
function faceSpec(state, card, x, y) {
  return ["face", String(card), Math.round(x), Math.round(y), cardName(state, String(card)),
    rankLabel(state, String(card))];
}

function backSpec(state, x, y, extra = "") {
  return ["back", Math.round(x), Math.round(y), extra, say(state, "face_down")];
}

function buildCard(spec) {
  if (spec[0] === "back") {
    const [, x, y, extra, name] = spec;
    return h("div", { class: `ft-card face-down${extra}`, role: "img", "aria-label": name,
      style: placed(x, y) });
  }
  const [, card, x, y, name, label] = spec;
  // "10" is the one two-character rank: condensed so it is no wider than the others
  const rank = () => (label.length > 1 ? h("span", { class: "ft-ten" }, [label]) : label);
  const suit = suitSymbol(card) ?? "";
  const index = (cls) => h("span", { class: cls, "aria-hidden": "true" }, [rank(), h("span", {}, [suit])]);
  // Court cards get a framed panel with their letter, so they read at a glance.
  const centre = COURT.has(card[0])
    ? h("span", { class: "ft-court", "aria-hidden": "true" }, [h("b", {}, [label]), suit])
    : h("span", { class: "ft-pip", "aria-hidden": "true" }, [suit]);
  return h("div", {
    class: `ft-card ${isRed(card) ? "ft-red" : "ft-black"}`, "data-card": card, role: "img",
    "aria-label": name, style: placed(x, y),
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

// What an empty pile's outline shows: foundations start with an Ace (its letter in the board's language).
const ACE = `${RANKS[0]}${SUITS[0]}`;
const slotText = (state, kind) => (kind === "foundation" ? rankLabel(state, ACE) : "");

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
    let slot = slotText(state, p.kind);
    let kind = `ft-${p.kind}`;
    if (p.kind === "stock") {
      // an empty stock that can be redealt shows a turn-over arrow
      slot = state.legal.includes("w>s") ? "\u21BB" : "";
      if (state.stock.count) {
        cards.push(backSpec(state, 0, 0, " ft-stack"));
        count = Number(state.stock.count);
      }
    } else {
      for (const c of p.cards) {
        cards.push(c.card ? faceSpec(state, c.card, c.x - p.x, c.y - p.y) : backSpec(state, c.x - p.x, c.y - p.y));
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
  drawWords(refs, state);
  const statusText = (state.status_text || "") + (state.saved === false ? ` · ${say(state, "not_saved")}` : "");
  if (refs.status.textContent !== statusText) refs.status.textContent = statusText;
  refs.status.dataset.status = state.status;
  const thinking = Boolean(ui.thinking);
  // a review shows a past position, Show me a verdict's line: moves wait for their end
  const inReview = reviewing(state) || showing(state);
  const computing = Boolean(state.reviewing); // a review being worked out: only Stop is taken
  refs.stop.hidden = !computing;
  for (const b of refs.buttons) {
    const a = b.dataset.action;
    b.disabled = (a === "undo" && !state.can_undo) || (a === "redo" && !state.can_redo)
      || (a === "restart" && !state.moves)
      || ((a === "hint" || a === "autoplay") && state.status !== "playing")
      || (a === "hint" && thinking)
      || (inReview && a !== "new") || computing;
    if (a === "undo") b.title = state.undo_text || say(state, "undo_title"); // unless Undo brings back a game
    if (a === "hint") {
      const label = hintLabel(state, thinking);
      if (b.textContent !== label) b.textContent = label;
      b.title = say(state, `${hintKind(state)}_title`);
      b.classList.toggle("ft-busy", thinking);
      b.setAttribute("aria-busy", String(thinking));
    }
  }
  refs.root.setAttribute("aria-label", say(state, "board_label", { variant: state.variant_name }));
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
  const parts = [refs.end, refs.puzzle, refs.show, refs.review];
  const active = document.activeElement;
  const inPart = Boolean(active) && parts.some((part) => part.contains(active));
  drawEnd(refs, state);
  drawPuzzle(refs, state);
  drawReview(refs, state);
  drawShow(refs, state);
  drawSpread(refs, state, ui.spread);
  drawTrainingMenu(refs, state);
  // a button that removed itself (×, Play from here, Next puzzle, a mark, Play again) leaves the
  // focus on the board, so the keys go on working, never on the page
  if (inPart && !refs.root.contains(document.activeElement)) refs.root.focus({ preventScroll: true });
}

/**
 * Scroll the felt, and the page's scroller around it, so the keyboard cursor on pile `id`
 * (covering its top `depth` cards) is in view; each only as far as its nearest edge.
 */
export function revealPile(refs, id, depth = 1) {
  const p = id ? pile(refs, id) : null;
  if (!p) return;
  const how = { block: "nearest", inline: "nearest" };
  p.scrollIntoView?.(how);
  // A deep column can be taller than a zoomed page's view: then the cards the cursor covers
  // win, the top card (where its ring is drawn) last.
  const cards = p.querySelectorAll(".ft-card");
  if (!cards.length) return;
  const top = cards[cards.length - 1];
  const first = cards[Math.max(0, cards.length - Math.max(1, depth))];
  for (const e of first === top ? [top] : [first, top]) e.scrollIntoView?.(how);
}

function drawScore(refs, state) {
  // one short line: the session's totals and this game's own variant (board.stats has all)
  // a puzzle board shows the puzzle's score in its panel, not the games'
  const rows = state.puzzle ? [] : state.session || [];
  const played = rows.reduce((n, r) => n + r.played, 0);
  const won = rows.reduce((n, r) => n + r.won, 0);
  const here = rows.find((r) => r.variant === state.variant);
  let text = played ? sayCount(state, "session_line", played, { won }) : "";
  if (here && here.played !== played) {
    text += ` · ${say(state, "score_variant", { name: here.name, won: here.won, played: here.played })}`;
  }
  if (here && here.best) text += ` · ${sayCount(state, "best", here.best)}`;
  if (refs.score.textContent !== text) refs.score.textContent = text;
}

/** The panel over a finished game: a won game celebrates, a stuck one offers a way on. */
function drawEnd(refs, state) {
  const end = refs.end;
  // not over a review: it shows the game's positions, the last one finished
  const kind = (state.status === "won" || state.status === "stuck") && !reviewing(state) && !showing(state)
    ? state.status : "";
  const version = `${state.moves} ${state.ui?.language}`;
  if (end.dataset.kind === kind && end.dataset.version === version) return;
  end.dataset.kind = kind;
  end.dataset.version = version;
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
      h("button", { type: "button", "data-end": "new" }, [say(state, "play_again")]), reviewButton(state)]
    : [h("p", {}, [title, words]),
      h("button", { type: "button", "data-end": "undo", disabled: !state.can_undo }, [say(state, "undo")]),
      h("button", { type: "button", "data-end": "new" }, [say(state, "new")]), reviewButton(state)]));
}

function reviewButton(state) {
  return h("button", { type: "button", "data-end": "review", title: say(state, "review_title") },
    [say(state, "review")]);
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
  for (const cls of ["ft-cursor", "ft-target", "ft-hint-src", "ft-hint-dst", "ft-selected", "ft-over", "ft-fact",
    "ft-fact-pile"]) {
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
    drawArrows(refs, layout, showing(state) ? showArrows(state) : reviewArrows(state));
  }
  // Show me: the cards the verdict's facts name at the ply shown
  for (const f of factCards(state, layout)) {
    const p = pile(refs, f.pile);
    const card = p && f.child !== null ? p.querySelectorAll(".ft-card")[f.child] : null;
    if (card) card.classList.add("ft-fact");
    else p?.classList.add("ft-fact-pile");
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
