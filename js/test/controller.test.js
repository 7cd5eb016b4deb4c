// The controller drives a board drawn in the fake document from a fake model, with timers
// run by hand: what it sends, what it draws ahead of the kernel, and what it keeps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { FakeModel, fakeEnv, makeState, STATES } from "./helpers.js";

const { createBoard } = await import("../view.js");
const { createController, ANSWER_TIMEOUT } = await import("../controller.js");
const { createMessages } = await import("../messages.js");
const { predict } = await import("../optimistic.js");

export function board(state, env = fakeEnv()) {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  refs.scroll.clientWidth = 900;
  const model = new FakeModel(state);
  const messages = createMessages(refs);
  const ctrl = createController({ model, refs, messages, env });
  model.on("change:state", () => ctrl.onState());
  ctrl.redraw();
  return { doc, refs, model, ctrl, env, messages };
}

const cards = (refs, pile) => [...refs.table.children].find((e) => e.dataset.pile === pile)
  .querySelectorAll("[data-card]").map((e) => e.dataset.card);

test("a legal move by click and click is sent and drawn at once, before the answer", () => {
  const s = STATES["maria/open"];
  const { refs, model, ctrl, env } = board(s);
  const top = s.tableau[1].up.at(-1);
  ctrl.clickOn("2", { pile: "2", index: s.tableau[1].up.length - 1, card: top });
  assert.equal(ctrl.b.ui.selected.pile, "2");
  assert.ok(ctrl.b.targets.includes("1"));
  ctrl.clickOn("1", null);
  env.run(0); // the deferred send
  assert.equal(model.sent.length, 1);
  assert.equal(model.sent[0].move, "2>1");
  assert.equal(cards(refs, "1").at(-1), top, "drawn on column 1 before Python answers");
  assert.ok(ctrl.b.shown.predicted && ctrl.b.predicted);
});

test("the kernel's answer replaces the prediction; no answer in time draws the kernel's state again", () => {
  const s = STATES["maria/open"];
  const { refs, model, ctrl, env } = board(s);
  const id = ctrl.sendMove({ action: "move", move: "2>1" }, "1");
  assert.ok(ctrl.b.predicted);
  // no answer: the timer gives the kernel's state back
  env.run();
  env.run();
  assert.equal(ctrl.b.predicted, null);
  assert.deepEqual(cards(refs, "1"), s.tableau[0].up);
  // an answer
  const id2 = ctrl.sendMove({ action: "move", move: "2>1" }, "1");
  assert.ok(id2 > id);
  const answer = { ...predict(s, "2>1"), predicted: undefined, legal: [], ack: id2, version: 2, moves: 1 };
  model.publish(answer);
  assert.equal(ctrl.b.predicted, null);
  assert.equal(ctrl.b.shown, answer);
  assert.ok(ANSWER_TIMEOUT > 0);
});

test("the Hint button reads Thinking… until Python answers the hint", () => {
  const s = STATES["maria/mid"];
  const { refs, model, ctrl } = board(s);
  ctrl.button("hint");
  const hint = refs.buttons.find((b) => b.dataset.action === "hint");
  assert.equal(hint.textContent, "Thinking…");
  assert.ok(hint.disabled);
  model.publish({ ...s, ack: model.sent.at(-1).id, version: s.version + 1 });
  assert.equal(hint.textContent, "Hint");
  assert.equal(ctrl.b.ui.thinking, false);
});

test("a selection stays only while exactly those cards can still be picked up", () => {
  const s = makeState({ tableau: [["9S"], ["KH"], []], legal: ["1>3", "2>3"] });
  const { model, ctrl } = board(s);
  ctrl.clickOn("1", { pile: "1", index: 0, card: "9S" });
  assert.equal(ctrl.b.ui.selected.pile, "1");
  model.publish({ ...s, version: 2 });
  assert.equal(ctrl.b.ui.selected.pile, "1", "same cards: kept");
  model.publish({ ...makeState({ tableau: [["8D"], ["KH"], []] }), version: 3 });
  assert.equal(ctrl.b.ui.selected, null);
});

test("keys: arrows move the cursor, D deals, ? asks for the help", () => {
  const s = STATES["maria/open"];
  const { model, ctrl, env } = board(s);
  ctrl.focus(true, true);
  assert.equal(ctrl.b.ui.cursor, "1");
  const press = (key) => ctrl.key({ key, preventDefault() {} });
  press("ArrowRight");
  assert.equal(ctrl.b.ui.cursor, "2");
  press("d");
  env.run(0);
  assert.equal(model.sent.at(-1).move, "s>w");
  assert.equal(press("?"), "help");
  assert.equal(press("q"), false);
});

test("a click on a card that can't be picked up says why in the message area", () => {
  const s = makeState({ tableau: [["#", "9S"], ["KH"]], lift: [0, 1], words: { face_down: "no: face down" } });
  const { refs, ctrl, messages } = board(s);
  ctrl.clickOn("1", { pile: "1", index: 0, card: null });
  assert.equal(messages.shown.pile, "1");
  assert.ok(refs.message.textContent.length > 0);
  assert.equal(refs.message.getAttribute("role"), "status");
});

test("a message lasts until the player's next request", () => {
  const s = { ...STATES["maria/mid"], message: "", message_kind: "" };
  const { refs, model, ctrl } = board(s);
  model.publish({ ...s, version: s.version + 1, message: "No room there.", message_kind: "error" });
  assert.equal(refs.message.textContent, "No room there.");
  ctrl.clickTable(); // a click on the bare felt is no request: it stays
  assert.equal(refs.message.textContent, "No room there.");
  ctrl.button("undo");
  assert.equal(refs.message.textContent, "");
});
