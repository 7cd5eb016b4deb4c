// The view builds every element itself: words from Python (a variant's name, the status
// line, messages, the end panel's words, the session's names) are shown as text, however
// much they look like markup. The fake document has no HTML parser and throws on innerHTML.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { computeLayout } from "../layout.js";
import { makeState, STATES, UI } from "./helpers.js";

const { createBoard, drawChrome, drawMessage, drawTable, drawWords, mark } = await import("../view.js");

const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
  "</div><svg onload=alert(1)>",
  "<b>bold</b> &amp; ' \" `${x}`",
];
// the tags view.js builds; anything else was made from data
const TAGS = new Set(["div", "span", "button", "input", "form", "label", "h3", "dl", "dt", "dd", "p",
  "b", "strong", "svg", "defs", "marker", "path", "section"]);
const ATTR = /^(class|style|id|role|type|title|tabindex|hidden|disabled|min|step|inputmode|lang|viewbox|refx|refy|markerwidth|markerheight|orient|d|stroke-width|marker-end|width|height|aria-[a-z]+|data-[a-z-]+)$/;

function hostileState(name, k) {
  const base = STATES["maria/mid"];
  return {
    ...base,
    variant_name: name,
    variant: `custom_${k}`,
    variants: [...base.variants, { id: name, name }, { id: `custom_${k}`, name }],
    status_text: `${name} · deal 5 · 12 moves`,
    undo_text: `Back to your ${name} game`,
    end_title: "You won!",
    end_text: name,
    status: "won",
    session: [{ variant: `custom_${k}`, name, played: 2, won: 1, best: 9 },
      { variant: "maria", name: "Maria", played: 1, won: 0, best: null }],
    hint: { move: "1>2", reason: name, kind: "fair", from: name, to: name },
  };
}

function elementsAreOurs(doc) {
  for (const e of doc.created) {
    assert.ok(TAGS.has(e.tagName), `an element <${e.tagName}> was created`);
    for (const a of e.attrs.keys()) assert.match(a, ATTR, `attribute ${a} on <${e.tagName}>`);
  }
}

HOSTILE.forEach((name, k) => {
  test(`a name like ${JSON.stringify(name)} is shown as written and builds nothing`, () => {
    const doc = installDocument();
    const host = doc.createElement("div");
    const refs = createBoard(host);
    const state = hostileState(name, k);
    const layout = computeLayout(state, 900);
    drawTable(refs, state, layout);
    drawChrome(refs, state, {});
    mark(refs, state, {}, [], layout);
    drawMessage(refs, `not saved: ${name}`, "error");
    assert.equal(refs.status.textContent, state.status_text);
    assert.equal(refs.variant.textContent, `${name} \u25BE`);
    const options = refs.variants.querySelectorAll("button");
    assert.deepEqual(options.map((b) => b.textContent), state.variants.map((v) => v.name));
    assert.deepEqual(options.map((b) => b.dataset.variant), state.variants.map((v) => v.id));
    assert.equal(refs.end.querySelector("p").textContent, `You won! ${name}`);
    assert.equal(refs.message.textContent, `not saved: ${name}`);
    assert.ok(refs.score.textContent.includes(`${name}: 1 of 2`));
    assert.equal(refs.root.getAttribute("aria-label"), `${name} solitaire`);
    assert.equal(refs.buttons.find((b) => b.dataset.action === "undo").title, state.undo_text);
    elementsAreOurs(doc);
    assert.equal(refs.table.querySelectorAll(".ft-hint-src").length, 0, "a hint naming no pile marks none");
  });
});

test("a card text that is not a card is drawn as text, not markup", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const evil = HOSTILE[0];
  const state = makeState({ tableau: [["AS", evil], ["KH"], []], waste: [evil] });
  const layout = computeLayout(state, 900);
  drawTable(refs, state, layout);
  const cards = refs.table.querySelectorAll("[data-card]").map((e) => e.dataset.card);
  assert.ok(cards.includes(evil));
  elementsAreOurs(doc);
  // a redraw that replaces only the changed piles builds elements too, never markup
  drawTable(refs, makeState({ tableau: [["AS"], ["KH", evil], []], waste: [evil] }), layout);
  elementsAreOurs(doc);
});

test("the board's own parts are built without markup and found by the widget's selectors", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  assert.equal(refs.buttons.map((b) => b.dataset.action).join(" "), "new restart undo redo hint autoplay");
  // no words until the first state brings the board's own (state.ui)
  assert.equal(refs.root.querySelector(".ft-help-close").textContent, "");
  drawWords(refs, { ui: UI });
  assert.equal(refs.root.querySelector(".ft-help-close").textContent, "Close");
  assert.equal(refs.buttons[2].textContent, "Undo");
  assert.equal(refs.buttons[2].getAttribute("title"), "Take back a move (U or Z)");
  assert.equal(refs.helpButton.getAttribute("aria-label"), "Keyboard help");
  assert.equal(refs.root.getAttribute("aria-roledescription"), "solitaire board");
  assert.ok(refs.menu.hidden && refs.help.hidden && refs.end.hidden);
  assert.equal(refs.help.querySelectorAll("dt").length, 13);
  elementsAreOurs(doc);
});

test("the board's words are drawn in the language of state.ui, and again when it changes", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const french = { ...UI, language: "fr", undo: "Annuler", undo_title: "Annuler un coup (U ou Z)", close: "Fermer",
    help_keys: [["F", "envoyer la carte aux fondations"]] };
  drawWords(refs, { ui: UI });
  drawWords(refs, { ui: french });
  assert.equal(refs.buttons[2].textContent, "Annuler");
  assert.equal(refs.root.querySelector(".ft-help-close").textContent, "Fermer");
  assert.equal(refs.help.querySelectorAll("dd")[0].textContent, "envoyer la carte aux fondations");
  assert.equal(refs.root.getAttribute("lang"), "fr");
});

test("a card's corner and court panel show the rank letters of state.ui, and again when they change", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const shown = (ui) => {
    const state = makeState({ tableau: [["QH"], ["TS"], ["JC"]], ui });
    drawTable(refs, state, computeLayout(state, 900));
    return refs.table.querySelectorAll("[data-card]").map((e) => e.textContent);
  };
  const english = shown(UI);
  assert.ok(english[0].startsWith("Q") && english[1].startsWith("10") && english[2].startsWith("J"), english);
  const french = shown({ ...UI, language: "fr", ranks: "A 2 3 4 5 6 7 8 9 10 V D R".split(" ") });
  assert.ok(french[0].startsWith("D") && french[1].startsWith("10") && french[2].startsWith("V"), french);
  assert.ok(!french[0].includes("Q") && !french[2].includes("J"), french);  // the court panel too
});

test("a failed autosave stays said in the status line until a save succeeds", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const state = makeState({ tableau: [["AS"], ["KH"]] });
  drawChrome(refs, { ...state, saved: false }, {});
  assert.equal(refs.status.textContent, `${state.status_text} · not saved`);
  drawChrome(refs, { ...state, saved: true }, {});
  assert.equal(refs.status.textContent, state.status_text);
  drawChrome(refs, { ...state, saved: null }, {});
  assert.equal(refs.status.textContent, state.status_text);
});

test("while a review is worked out only Stop is offered, and it goes when the review is done", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const state = makeState({ tableau: [["AS"], ["KH"]] });
  drawChrome(refs, { ...state, moves: 3, reviewing: { percent: 45 } }, {});
  assert.equal(refs.stop.hidden, false);
  assert.equal(refs.stop.dataset.action, "review_stop");
  assert.ok(refs.buttons.every((b) => b.disabled), "every other button waits for the review");
  drawChrome(refs, { ...state, moves: 3, reviewing: null }, {});
  assert.equal(refs.stop.hidden, true);
  assert.ok(refs.buttons.some((b) => !b.disabled));
});
