import { test } from "node:test";
import assert from "node:assert/strict";
import { computeLayout } from "../layout.js";
import { keyAction, keyCommand, moveCursor, selectOrPlace } from "../keyboard.js";
import { makeState, STATES } from "./helpers.js";

test("keys map to commands; modified keys are left alone", () => {
  const k = (key, mods = {}) => keyCommand({ key, ...mods });
  assert.equal(k("ArrowLeft"), "left");
  assert.equal(k("ArrowDown"), "down");
  assert.equal(k("Enter"), "select");
  assert.equal(k(" "), "select");
  assert.equal(k("Escape"), "cancel");
  assert.equal(k("u"), "undo");
  assert.equal(k("Z"), "undo");
  assert.equal(k("r"), "redo");
  assert.equal(k("y"), "redo");
  assert.equal(k("h"), "hint");
  assert.equal(k("d"), "deal");
  assert.equal(k("ArrowUp", { shiftKey: true }), "more");
  assert.equal(k("ArrowDown", { shiftKey: true }), "fewer");
  assert.equal(k("z", { ctrlKey: true }), null);
  assert.equal(k("s", { metaKey: true }), null);
  assert.equal(k("q"), null);
  assert.equal(k("Tab"), null);
});

test("the cursor walks rows and jumps between them by position", () => {
  const lay = computeLayout(STATES["maria/open"], 900);
  assert.equal(moveCursor(lay, "1", "left"), "1");
  assert.equal(moveCursor(lay, "1", "right"), "2");
  assert.equal(moveCursor(lay, "9", "right"), "9");
  const above = moveCursor(lay, "1", "up");
  assert.ok(lay.order.top.includes(above));
  const centre = (id) => lay.piles[id].x + lay.piles[id].w / 2;
  for (const id of lay.order.top) {
    assert.ok(Math.abs(centre(above) - centre("1")) <= Math.abs(centre(id) - centre("1")), "the nearest pile above");
  }
  assert.equal(moveCursor(lay, "s", "right"), "w");
  assert.equal(moveCursor(lay, "f8", "right"), "f8");
  assert.equal(moveCursor(lay, "f8", "down"), "9");
  assert.equal(moveCursor(lay, "s", "down"), "1");
  assert.equal(moveCursor(lay, "s", "up"), "s");
  assert.equal(moveCursor(lay, "5", "down"), "5");
});

const seq = () => makeState({
  build: "alternate colour", sequences: true,
  tableau: [["#", "KS", "QH", "JC"], ["KD"], [], ["4C"]],
  waste: ["3H"], stock: 3, legal: ["1>3", "1>3x2", "2>3", "4>3", "w>3", "w>4", "s>w"], lift: [3, 1, 0, 1],
});

test("Enter picks up at the cursor, Enter elsewhere places: the move is sent", () => {
  const s = seq();
  const lay = computeLayout(s, 900);
  let ui = { cursor: "1", depth: 1, selected: null };
  let out = keyAction(s, lay, ui, "select");
  assert.deepEqual(out.ui.selected, { pile: "1", count: 1, cards: ["JC"] });
  assert.match(out.say, /Jack of Clubs/);
  ui = keyAction(s, lay, out.ui, "right").ui;
  const moved = keyAction(s, lay, ui, "right");
  ui = moved.ui;
  assert.equal(ui.cursor, "3");
  assert.equal(moved.say, "Column 3, 0 cards", "the cursor's pile is announced");
  out = keyAction(s, lay, ui, "select");
  assert.deepEqual(out.request, { action: "move", move: "1>3" });
  assert.equal(out.ui.selected, null);
});

test("Shift+Up grows the pick over a run only; Escape cancels", () => {
  const s = seq();
  const lay = computeLayout(s, 900);
  let ui = { cursor: "1", depth: 1, selected: null };
  ui = keyAction(s, lay, ui, "more").ui;
  assert.equal(ui.depth, 2);
  ui = keyAction(s, lay, ui, "more").ui;
  assert.equal(ui.depth, 3, "KS, QH, JC is a run");
  const stuck = keyAction(s, lay, ui, "more");
  assert.equal(stuck.ui.depth, 3, "the card under KS is face down");
  assert.match(stuck.say, /No longer run/);
  const out = keyAction(s, lay, { ...ui, depth: 2 }, "select");
  assert.equal(out.ui.selected.count, 2);
  const placed = keyAction(s, lay, { ...out.ui, cursor: "3" }, "select");
  assert.deepEqual(placed.request, { action: "move", move: "1>3x2" });
  const cancelled = keyAction(s, lay, out.ui, "cancel");
  assert.equal(cancelled.ui.selected, null);
  assert.equal(cancelled.say, "Cancelled");
  assert.equal(keyAction(s, lay, { ...ui, depth: 1 }, "fewer").ui.depth, 1);
});

test("stock, foundations, undo and friends by key", () => {
  const s = seq();
  const lay = computeLayout(s, 900);
  const ui = { cursor: "s", depth: 1, selected: null };
  assert.deepEqual(keyAction(s, lay, ui, "select").request, { action: "move", move: "s>w" });
  assert.deepEqual(keyAction(s, lay, ui, "deal").request, { action: "move", move: "s>w" });
  assert.deepEqual(keyAction(s, lay, { ...ui, cursor: "4" }, "home").request, { action: "move", move: "4>f" });
  assert.deepEqual(keyAction(s, lay, ui, "undo").request, { action: "undo" });
  assert.deepEqual(keyAction(s, lay, ui, "redo").request, { action: "redo" });
  assert.deepEqual(keyAction(s, lay, ui, "hint").request, { action: "hint" });
  // An empty column has nothing to pick up.
  const empty = keyAction(s, lay, { ...ui, cursor: "3" }, "select");
  assert.equal(empty.request, undefined);
  assert.equal(empty.ui.selected, null);
  assert.equal(empty.say, "Nothing to pick up here");
  // A face-down card can't be taken.
  assert.equal(keyAction(s, lay, { cursor: "1", depth: 4, selected: null }, "select").ui.selected, null);
});

test("click-to-move shares the same rules: the same pile again cancels", () => {
  const s = seq();
  let out = selectOrPlace(s, { selected: null }, "w");
  assert.deepEqual(out.ui.selected, { pile: "w", count: 1, cards: ["3H"] });
  assert.equal(selectOrPlace(s, out.ui, "w").ui.selected, null);
  out = selectOrPlace(s, out.ui, "4");
  assert.deepEqual(out.request, { action: "move", move: "w>4" });
});
