// Issue 35, "On the board": what a keyboard and a screen reader get (focus kept on the board,
// the cursor's pile kept in view, spoken forms read out), the review's arrows kept off the
// foundations, the marks its bar lists, and no game score over a puzzle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { STATES, TRAINING } from "./helpers.js";
import { liveBoard } from "./live.js";

const { computeLayout } = await import("../layout.js");
const { arrowCurve, createBoard, drawChrome, drawMessage, drawTable, mark } = await import("../view.js");
const { announcement, messageFor, reviewWords } = await import("../messages.js");
const { markedSteps } = await import("../training.js");

const live = liveBoard; // a board driven through the real controller

const pileEl = (refs, id) => [...refs.table.children].find((e) => e.dataset.pile === id);

// the lowest y any point of a quadratic curve reaches (a quadratic is inside its points' hull,
// but this samples the curve itself, so the test does not lean on that)
function highest({ a, c, b }) {
  let y = Infinity;
  for (let k = 0; k <= 50; k++) {
    const t = k / 50;
    y = Math.min(y, (1 - t) ** 2 * a.y + 2 * (1 - t) * t * c.y + t ** 2 * b.y);
  }
  return y;
}

test("arrows keep below the top row: none covers a foundation's rank or its A placeholder", () => {
  for (const [name, width] of [["maria/mid", 900], ["forty_thieves/open", 900], ["maria/mid", 420]]) {
    const layout = computeLayout(STATES[name], width);
    const top = layout.order.top;
    const bottom = Math.max(...top.map((id) => layout.piles[id].y + layout.piles[id].h));
    const ids = [...top, ...layout.order.columns];
    for (const from of ids) {
      for (const to of ids) {
        if (from === to || from[0] === "f") continue;
        for (const kind of ["played", "expert", "hint"]) {
          const curve = arrowCurve(layout, from, to, kind);
          assert.ok(curve, `${name} ${from}>${to}`);
          assert.ok(highest(curve) > bottom, `${name} at ${width}px: ${from}>${to} (${kind}) reaches the top row`);
        }
      }
    }
    // an arrow home ends just under the foundation, over its middle
    const f = layout.piles.f3;
    const home = arrowCurve(layout, layout.order.columns[0], "f3");
    assert.ok(Math.abs(home.b.x - (f.x + layout.cardW / 2)) < 1 && home.b.y > bottom && home.b.y < bottom + 30);
  }
});

test("the review's arrows are drawn on the position shown, from the step's piles", () => {
  const state = TRAINING["review/mistake"];
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const layout = computeLayout(state, 900);
  drawTable(refs, state, layout);
  mark(refs, state, {}, [], layout);
  const paths = refs.arrow.querySelectorAll("path.ft-arrow-line");
  assert.equal(paths.length, 2);
  const step = state.review.steps[state.review.at - 1];
  const played = arrowCurve(layout, step.from, step.to, "played");
  assert.equal(paths[0].getAttribute("d"), `M${played.a.x},${played.a.y} Q${played.c.x},${played.c.y} ${played.b.x},${played.b.y}`);
});

test("the bar lists the expert's marks the summary counts, and names the losing move as well", () => {
  const base = TRAINING["review/losing"];
  const steps = base.review.steps.map((s, k) => (k === 6 ? { ...s, mark: "losing", fair_mark: "mistake" } : s));
  const state = { ...base, review: { ...base.review, steps } };
  const marks = markedSteps(state);
  assert.deepEqual(marks.map((m) => m.fair), ["inaccuracy", "mistake", "mistake"]);
  assert.deepEqual(marks.map((m) => m.label), ["2 inaccuracy", "5 mistake", "7 mistake, losing move"]);
  // as the summary counts them: the expert's own marks, the losing move's included
  const counted = steps.filter((s) => ["mistake", "inaccuracy"].includes(s.fair_mark ?? s.mark)).length;
  assert.equal(marks.filter((m) => m.fair).length, counted);
  // a losing move the expert did not mark is listed as the losing move alone
  assert.equal(markedSteps(base).at(-1).label, "7 losing move");
});

test("no game scoreboard on a puzzle board: the puzzle panel has the puzzle's score", () => {
  const state = TRAINING["puzzle/fresh"];
  assert.ok(state.session.length && state.session[0].played === 1);
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  drawChrome(refs, state, {});
  assert.equal(refs.score.textContent, "");
  drawChrome(refs, { ...state, puzzle: null }, {});
  assert.equal(refs.score.textContent, "This session: 0 of 1 game won");
});

test("Enter on the review's × or Play from here leaves the focus on the board, and keys work on", () => {
  for (const which of ["close", "play"]) {
    const state = TRAINING["review/mistake"];
    const { refs, model, ctrl } = live(state);
    const button = refs.review.querySelector(`button[data-review="${which}"]`);
    button.focus();
    assert.equal(document.activeElement, button);
    // the review closes: the bar and its buttons go
    model.publish({ ...state, review: null, version: state.version + 1 });
    assert.ok(refs.review.hidden && !refs.root.contains(button));
    assert.equal(document.activeElement, refs.root, which);
    ctrl.key({ key: "d", preventDefault() {} });
    assert.ok(ctrl.b.ui.cursor, "a key on the board is the board's");
  }
});

test("a mark's button and Next puzzle hand the focus to the board when they go", () => {
  const state = TRAINING["review/losing"];
  const { refs, model } = live(state);
  const mark5 = refs.review.querySelector('button[data-review-step="5"]');
  mark5.focus();
  model.publish({ ...state, review: { ...state.review, at: 5 }, version: state.version + 1 });
  assert.equal(document.activeElement, refs.root);
  const solved = TRAINING["puzzle/solved"];
  const p = live({ ...solved, puzzle: { ...solved.puzzle, next: true } });
  const next = p.refs.puzzle.querySelector('button[data-puzzle="next"]');
  assert.ok(next);
  next.focus();
  p.model.publish({ ...TRAINING["puzzle/fresh"], version: solved.version + 5 });
  assert.equal(document.activeElement, p.refs.root);
});

test("the cursor's pile is scrolled into view when the keys move it, nearest edge only", () => {
  const { refs, ctrl } = live(STATES["maria/open"]);
  const asked = [];
  // every scroll asked for, in order: [pile, "pile" or the card, options]
  for (const p of refs.table.children) {
    p.scrollIntoView = (how) => asked.push([p.dataset.pile, "pile", how]);
    for (const c of p.querySelectorAll(".ft-card")) c.scrollIntoView = (how) => asked.push([p.dataset.pile, c.dataset.card, how]);
  }
  const nearest = { block: "nearest", inline: "nearest" };
  const key = (k, shiftKey = false) => ctrl.key({ key: k, shiftKey, preventDefault() {} });
  ctrl.focus(true, true);
  // the pile, then its top card (a deep column can be taller than the view: the cursor's card wins)
  assert.deepEqual(asked, [["1", "pile", nearest], ["1", "9H", nearest]], "tabbing in shows the cursor");
  for (let k = 0; k < 8; k++) key("ArrowRight");
  assert.equal(ctrl.b.ui.cursor, "9");
  assert.deepEqual(asked.slice(-2), [["9", "pile", nearest], ["9", "AS", nearest]]);
  const before = asked.length;
  key("u");
  assert.equal(asked.length, before, "only a cursor move scrolls");
  assert.ok(pileEl(refs, "9").classList.contains("ft-cursor"));
});

test("Shift+Up: the cards the cursor covers are scrolled into view, the top card last", () => {
  const state = STATES["number_ten/mid"]; // column 8 holds a run of 4 that can move as one
  const { refs, ctrl } = live(state);
  const asked = [];
  for (const p of refs.table.children) {
    for (const c of p.querySelectorAll(".ft-card")) c.scrollIntoView = () => asked.push([p.dataset.pile, c.dataset.card]);
  }
  const key = (k, shiftKey = false) => ctrl.key({ key: k, shiftKey, preventDefault() {} });
  ctrl.focus(true, true);
  for (let k = 0; k < 7; k++) key("ArrowRight");
  assert.equal(ctrl.b.ui.cursor, "8");
  key("ArrowUp", true);
  key("ArrowUp", true);
  assert.equal(ctrl.b.ui.depth, 3);
  const [third, , top] = state.tableau[7].up.slice(-3);
  assert.deepEqual(asked.slice(-2), [["8", third], ["8", top]]);
});

test("the message area shows symbols and reads Python's spoken form; the same words stay plain", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  drawMessage(refs, "K♣ can't go on 6♠", "error", "King of Clubs can't go on Six of Spades");
  const [shown, said] = refs.message.childNodes;
  assert.equal(shown.getAttribute("aria-hidden"), "true");
  assert.equal(shown.textContent, "K♣ can't go on 6♠");
  assert.ok(said.classList.contains("ft-sr"));
  assert.equal(said.textContent, "King of Clubs can't go on Six of Spades");
  drawMessage(refs, "No review is open.", "info", "No review is open.");
  assert.equal(refs.message.textContent, "No review is open.");
  assert.equal(refs.message.childNodes.length, 1);
  const base = { ...STATES["maria/mid"], message: "", status: "playing" };
  const next = { ...base, version: base.version + 1, message: "6>5: no", spoken: { message: "the move from column 6 to column 5: no" } };
  assert.equal(messageFor(base, next, true, "6").spoken, "the move from column 6 to column 5: no");
});

test("the live region says Python's spoken clue and review step, the last step as the last", () => {
  const fresh = TRAINING["puzzle/fresh"];
  const clued = {
    ...fresh, version: fresh.version + 1, puzzle: { ...fresh.puzzle, clues: 1, clue: "Clue: 5♥ waits." },
    spoken: { message: "", clue: "Clue: Five of Hearts waits.", review: null },
  };
  assert.deepEqual(announcement(fresh, clued), ["Clue: Five of Hearts waits."]);
  const review = TRAINING["review/mistake"];
  const said = "Move 8 of 8, the last move: deal from the stock.";
  const last = { ...review, version: review.version + 1, review: { ...review.review, at: 8 }, spoken: { review: said } };
  assert.equal(reviewWords(last), said);
  assert.deepEqual(announcement(review, last), [said]);
});

test("on a narrow page every pile keeps room at the felt's edges for the cursor's ring", () => {
  for (const width of [300, 360, 420, 600, 900]) {
    for (const name of ["maria/open", "forty_thieves/open"]) {
      const layout = computeLayout(STATES[name], width);
      for (const p of Object.values(layout.piles)) {
        // the ring: a 3 px dashed outline 3 px out from the card
        assert.ok(p.x >= 6 && p.x + p.w <= layout.width - 6, `${name} at ${width}px: pile ${p.id} at the edge`);
      }
    }
  }
});

test("a new puzzle's prompt is read out once by the live region (the message line no longer has it)", () => {
  const fresh = TRAINING["puzzle/fresh"];
  const solved = TRAINING["puzzle/solved"];
  const spoken = { message: "", clue: "", prompt: "Only one move here keeps the deal winnable. Find it.", review: null };
  const next = { ...fresh, version: solved.version + 1, spoken };
  assert.deepEqual(announcement(solved, next), [spoken.prompt]);
  assert.deepEqual(announcement(next, { ...next, version: next.version + 1 }), [], "the same puzzle: said once");
  const other = { ...next, version: next.version + 2, puzzle: { ...next.puzzle, title: "Maria puzzle 3 · hard" } };
  assert.deepEqual(announcement(next, other), [spoken.prompt], "the next puzzle, even with the same prompt");
});
