// The board's words come from Python (state.ui, the board's `ui` trait): placeholders filled,
// the plural form picked by Python's table, and a board drawn in the language of its model's `ui`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { FakeModel, fakeEnv, STATES, UI } from "./helpers.js";

const { say, sayCount, sayList } = await import("../lang.js");
const { createBoard } = await import("../view.js");
const { createController } = await import("../controller.js");
const { createMessages } = await import("../messages.js");

// Lithuanian's three forms, as Python sends them (the form of each count from its own rule)
const LT = {
  ...UI, language: "lt", undo: "Atšaukti",
  pile_cards: ["{pile}, {n} korta", "{pile}, {n} kortos", "{pile}, {n} kortų"],
  plural: Array.from({ length: 200 }, (_, n) => (n % 10 === 1 && n % 100 !== 11 ? 0
    : n % 10 >= 2 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2)),
};

test("placeholders are filled by name, and a missing phrase is empty, never English of its own", () => {
  assert.equal(say({ ui: UI }, "deal_copied", { deal: 7 }), "Deal 7 copied.");
  assert.equal(say({ ui: UI }, "no_such_phrase"), "");
  assert.equal(say({}, "undo"), "");
  assert.equal(sayList({ ui: UI }, "help_keys").length, 13);
});

test("the plural form is the one Python's table gives each count, past the table by n % 100", () => {
  const state = { ui: LT };
  const said = [0, 1, 2, 5, 11, 21, 112, 1021].map((n) => sayCount(state, "pile_cards", n, { pile: "Malka" }));
  assert.deepEqual(said, ["Malka, 0 kortų", "Malka, 1 korta", "Malka, 2 kortos", "Malka, 5 kortos",
    "Malka, 11 kortų", "Malka, 21 korta", "Malka, 112 kortų", "Malka, 1021 korta"]);
  assert.equal(sayCount({ ui: UI }, "pile_cards", 1, { pile: "Stock" }), "Stock, 1 card");
});

test("a board draws the words of its model's ui trait, which is not a part of the state", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  refs.scroll.clientWidth = 900;
  const { ui: _words, ...state } = STATES["maria/open"]; // Python's state carries no words: the trait does
  const model = new FakeModel(state, { ui: LT });
  const ctrl = createController({ model, refs, messages: createMessages(refs), env: fakeEnv() });
  model.on("change:state", () => ctrl.onState());
  ctrl.redraw();
  assert.equal(refs.buttons[2].textContent, "Atšaukti");
  assert.equal(refs.root.getAttribute("lang"), "lt");
  model.data.ui = UI; // the language changes: the new words come before the state that follows
  model.publish({ ...state, version: state.version + 1 });
  assert.equal(refs.buttons[2].textContent, "Undo");
});
