// Show me (issue 43): a verdict's line stepped through, drawn from the state Python publishes
// (state.show); the requests its bar, the puzzle panel and the keys send.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { makeState } from "./helpers.js";
import { liveBoard } from "./live.js";

const { computeLayout } = await import("../layout.js");
const { createBoard, drawChrome, drawTable, mark } = await import("../view.js");
const { factCards, showArrows, showing, showKey, showMarks, showRequest, showStep } = await import("../showme.js");

// a ply of a line: 6♠ went from the waste into empty column 1, freeing 9♣ under it in the waste
function shownState(at = 1, count = 3, marks = null) {
  const state = makeState({ tableau: [["6S"], ["#", "9H", "8H"], []], waste: ["9C"], stock: 5 });
  return {
    ...state,
    legal: [],
    puzzle: { prompt: "Find it", solved: false, clues: 0, clue: null, title: "Puzzle 1", show: true },
    show: {
      at, count, where: at ? `Move ${at} of ${count}` : "Before your move", move: at ? "w>1" : null,
      move_words: at ? "6♠ from the waste into empty column 1" : "", from: at ? "w" : null, to: at ? "1" : null,
      marks: marks ?? [{ kind: "fills", card: "6S", pile: "1", index: 0 },
        { kind: "frees", card: "9C", pile: "w", index: 0 }, { kind: "empties", card: null, pile: "3", index: null }],
      spoken: "Move 1 of 3: Six of Spades from the waste into empty column 1",
    },
  };
}

test("the pure logic: steps within the line, its arrow and its checked marks", () => {
  const s = shownState(1, 3);
  assert.equal(showing(s), true);
  assert.equal(showing({ ...s, show: null }), false);
  assert.deepEqual(showStep(s, { delta: 1 }), { action: "show", step: 2 });
  assert.deepEqual(showStep(s, { delta: -1 }), { action: "show", step: 0 });
  assert.equal(showStep(shownState(0), { delta: -1 }), null, "nothing before the judged move");
  assert.equal(showStep(shownState(3), { delta: 1 }), null, "nothing past the line's end");
  assert.deepEqual(showStep(s, { delta: 1, from: 2 }), { action: "show", step: 3 }, "from the ply asked for");
  assert.deepEqual(showArrows(s), [{ from: "w", to: "1", kind: "played" }]);
  assert.deepEqual(showArrows(shownState(0)), []);
  const bad = shownState(1, 3, [{ kind: "<b>", card: "6S", pile: "1", index: 0 }, null, { kind: "home", pile: 3 },
    { kind: "home", card: "AS", pile: "f1", index: 0 }]);
  assert.deepEqual(showMarks(bad), [{ kind: "home", card: "AS", pile: "f1", index: 0 }]);
  // the kinds are Python's: one it adds (what a losing move costs) is drawn without a change here
  const costs = shownState(1, 3, [{ kind: "stranded", card: "8H", pile: "2", index: 2 }, { kind: 7, pile: "2" }]);
  assert.deepEqual(showMarks(costs), [{ kind: "stranded", card: "8H", pile: "2", index: 2 }]);
});

test("the marks are placed on the cards drawn, or on their pile when the card is not drawn", () => {
  const s = shownState();
  const layout = computeLayout(s, 900);
  assert.deepEqual(factCards(s, layout), [
    { pile: "1", child: 0, kind: "fills" }, { pile: "w", child: 0, kind: "frees" },
    { pile: "3", child: null, kind: "empties" },
  ]);
  const under = shownState(1, 3, [{ kind: "buries", card: "8H", pile: "w", index: 0 }]);
  assert.deepEqual(factCards(under, computeLayout(under, 900)), [{ pile: "w", child: null, kind: "buries" }],
    "a card the board does not draw there: its pile");
});

test("keys: ← and → step, Escape goes back to the puzzle, modifiers are the page's", () => {
  const s = shownState(1, 3);
  assert.deepEqual(showKey(s, { key: "ArrowRight" }), { action: "show", step: 2 });
  assert.deepEqual(showKey(s, { key: "ArrowLeft" }), { action: "show", step: 0 });
  assert.deepEqual(showKey(s, { key: "Escape" }), { action: "show_close" });
  assert.equal(showKey(shownState(3), { key: "ArrowRight" }), "none", "at the end the key is used, nothing sent");
  assert.equal(showKey(s, { key: "ArrowRight", ctrlKey: true }), null);
  assert.equal(showKey(s, { key: "u" }), null);
  assert.equal(showKey({ ...s, show: null }, { key: "ArrowRight" }), null);
  const button = (data) => ({ dataset: data });
  assert.deepEqual(showRequest(s, button({ puzzle: "show" })), { action: "show" });
  assert.deepEqual(showRequest(s, button({ show: "next" })), { action: "show", step: 2 });
  assert.deepEqual(showRequest(s, button({ show: "close" })), { action: "show_close" });
});

test("drawn: the bar's counter and words as text, the marked cards, no Show me button while showing", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const s = shownState(1, 3);
  const layout = computeLayout(s, 900);
  drawTable(refs, s, layout);
  drawChrome(refs, s, {});
  mark(refs, s, {}, [], layout);
  assert.equal(refs.show.hidden, false);
  assert.equal(refs.show.querySelector(".ft-show-step").textContent, "Move 1 of 3");
  assert.match(refs.show.textContent, /6♠ from the waste into empty column 1/);
  const marked = [...refs.table.querySelectorAll(".ft-fact")].map((e) => e.dataset.card);
  assert.deepEqual(marked.sort(), ["6S", "9C"]);
  assert.deepEqual([...refs.table.querySelectorAll(".ft-fact-pile")].map((e) => e.dataset.pile), ["3"]);
  assert.equal(refs.puzzle.querySelector('button[data-puzzle="show"]'), null);
  for (const b of refs.buttons) if (b.dataset.action !== "new") assert.equal(b.disabled, true, b.dataset.action);
  // back at the puzzle: the bar goes, the panel offers Show me again, nothing is marked
  const back = { ...s, show: null };
  drawChrome(refs, back, {});
  mark(refs, back, {}, [], layout);
  assert.equal(refs.show.hidden, true);
  assert.ok(refs.puzzle.querySelector('button[data-puzzle="show"]'));
  assert.equal(refs.table.querySelectorAll(".ft-fact").length, 0);
});

test("live: Show me, → by the bar and the keys, Escape, each a request; no move is drawn ahead", () => {
  const start = { ...shownState(), show: null, ack: 0, version: 1 };
  const { refs, model, ctrl } = liveBoard(start);
  refs.puzzle.addEventListener("click", (e) => ctrl.trainingClick(e.target));
  refs.show.addEventListener("click", (e) => ctrl.trainingClick(e.target));
  refs.puzzle.querySelector('button[data-puzzle="show"]').click();
  assert.deepEqual({ ...model.sent.at(-1), id: 0 }, { id: 0, action: "show" });
  model.publish({ ...shownState(1, 3), ack: model.sent.at(-1).id, version: 2 });
  refs.show.querySelector('button[data-show="next"]').click();
  assert.deepEqual([model.sent.at(-1).action, model.sent.at(-1).step], ["show", 2]);
  ctrl.key({ key: "ArrowRight", preventDefault() {} }); // before Python answers: from the ply asked for
  assert.equal(model.sent.at(-1).step, 3);
  model.publish({ ...shownState(3, 3), ack: model.sent.at(-1).id, version: 3 });
  const sent = model.sent.length;
  ctrl.key({ key: "ArrowRight", preventDefault() {} });
  assert.equal(model.sent.length, sent, "past the end: nothing asked");
  ctrl.sendMove({ action: "move", move: "1>3" });
  assert.equal(ctrl.b.predicted, null, "a move is not drawn ahead while a line is shown");
  ctrl.key({ key: "Escape", preventDefault() {} });
  assert.equal(model.sent.at(-1).action, "show_close");
});

test("a screen reader hears each ply shown: Python's spoken line, once", async () => {
  const { announcement } = await import("../messages.js");
  const one = { ...shownState(1, 3), version: 2 };
  const two = { ...shownState(2, 3), version: 3 };
  two.show = { ...two.show, spoken: "Move 2 of 3: Ten of Hearts from column 4 onto Jack of Hearts" };
  assert.ok(announcement(one, two).includes(two.show.spoken));
  assert.ok(!announcement(two, { ...two, version: 4 }).includes(two.show.spoken), "not again for the same ply");
});

test("at a review step: the review bar offers Show me, its bar returns to the review", async () => {
  const { TRAINING } = await import("./helpers.js");
  const { trainingRequest } = await import("../training.js");
  const review = structuredClone(TRAINING["review/mistake"]);
  const at = review.review.at;
  const draw = (state) => {
    const doc = installDocument();
    const refs = createBoard(doc.createElement("div"));
    drawChrome(refs, state, {});
    return refs;
  };
  assert.equal(draw(review).review.querySelector('button[data-show="open"]'), null, "only where Python says so");
  review.review.steps[at - 1] = { ...review.review.steps[at - 1], show: true, show_better: false };
  const refs = draw(review);
  const open = refs.review.querySelector('button[data-show="open"]');
  assert.equal(open.textContent, "Show me");
  assert.equal(open.title, review.ui.show_me_step_title);
  assert.deepEqual(trainingRequest(review, open), { action: "show" });
  review.review.steps[at - 1].show_better = true; // the losing move: the solver's better line
  assert.equal(draw(review).review.querySelector('button[data-show="open"]').title, review.ui.show_me_better_title);
  // the line shown over the review: its bar goes back to the review, the review's bar waits
  const shown = { ...shownState(1, 3), review: null, puzzle: null };
  shown.show = { ...shown.show, back: "review" };
  const over = draw(shown);
  const close = over.show.querySelector('button[data-show="close"]');
  assert.equal(close.textContent, "Back to the review");
  assert.equal(close.title, shown.ui.show_return_review_title);
  assert.equal(over.review.hidden, true);
  assert.equal(draw(shownState(1, 3)).show.querySelector('button[data-show="close"]').textContent,
    "Back to the puzzle");
});
