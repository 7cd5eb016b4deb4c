// The spread waste: every card Python says the waste holds, oldest first, drawn as text, opened
// and closed by its button and by W, with no request to Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { makeState } from "./helpers.js";
import { liveBoard } from "./live.js";

const { createBoard, drawChrome } = await import("../view.js");
const { canSpread, wasteSeen } = await import("../spread.js");

const WASTE = ["2H", "9C", "TD", "<b>x</b>", "KS"];

function drawn(state, ui = {}) {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  drawChrome(refs, state, ui);
  return refs;
}

test("a waste with cards under its top offers the spread; a short one does not", () => {
  const state = makeState({ tableau: [["AS"]], waste: WASTE });
  assert.deepEqual(wasteSeen(state), WASTE);
  assert.ok(canSpread(state));
  const refs = drawn(state);
  assert.ok(!refs.spreadButton.hidden);
  assert.equal(refs.spreadButton.textContent, "Waste: 5 cards");
  assert.equal(refs.spreadButton.getAttribute("aria-expanded"), "false");
  assert.ok(refs.spread.hidden, "closed until asked");
  const short = drawn(makeState({ tableau: [["AS"]], waste: ["KS"] }));
  assert.ok(short.spreadButton.hidden, "nothing under the top card: nothing to spread");
  assert.ok(!canSpread({ waste: { count: 3, top: ["KS"] } }), "an old state without seen: no spread");
});

test("open, every card in order as text, the playable one last and marked", () => {
  const refs = drawn(makeState({ tableau: [["AS"]], waste: WASTE }), { spread: true });
  assert.ok(!refs.spread.hidden);
  assert.equal(refs.spreadButton.getAttribute("aria-expanded"), "true");
  const chips = refs.spread.querySelectorAll(".ft-chip");
  assert.equal(chips.length, WASTE.length);
  assert.equal(chips[0].textContent, "2\u2665\uFE0E");
  assert.equal(chips[0].dataset.red, "true");
  assert.equal(chips[2].textContent, "10\u2666\uFE0E");
  assert.equal(chips[4].dataset.top, "true");
  assert.equal(chips[0].dataset.top, "false");
  assert.equal(chips[3].querySelector("b"), null, "a strange card text stays text");
  assert.equal(chips[0].getAttribute("aria-label"), "Two of Hearts");
});

test("the button and W open and close it, and nothing is sent to Python", () => {
  const state = makeState({ tableau: [["AS"], []], waste: WASTE, legal: ["w>2"] });
  const { refs, model, ctrl } = liveBoard(state);
  ctrl.redraw();
  ctrl.toggleSpread();
  assert.ok(!refs.spread.hidden, "opened");
  const used = ctrl.key({ key: "w", preventDefault() {}, shiftKey: false });
  assert.equal(used, true);
  assert.ok(refs.spread.hidden, "W closed it");
  assert.deepEqual(model.sent, [], "the board's own view: no request");
});
