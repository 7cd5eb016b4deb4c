// The training pieces drawn from hand-made states (training.json): the puzzle panel, the
// review bar and its arrows, the menu's graded deals, and the requests they send.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { TRAINING } from "./helpers.js";
import { liveBoard } from "./live.js";

const { computeLayout } = await import("../layout.js");
const { createBoard, drawChrome, drawTable, mark } = await import("../view.js");
const { createMenus } = await import("../menus.js");
const { hintLabel, markedSteps, reviewArrows, reviewStep, trainingRequest } = await import("../training.js");

function draw(state) {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const layout = computeLayout(state, 900);
  drawTable(refs, state, layout);
  drawChrome(refs, state, {});
  mark(refs, state, {}, [], layout);
  return { doc, refs, layout };
}

function live(state) {
  const { doc, refs, model, ctrl } = liveBoard(state);
  const menus = createMenus(refs, {
    state: () => ctrl.b.state, request: (b) => ctrl.request(b), chooseVariant: () => {}, note: () => {},
    focusBoard: () => {},
  });
  for (const part of [refs.puzzle, refs.review, refs.menu, refs.end]) {
    part.addEventListener("click", (e) => ctrl.trainingClick(e.target));
  }
  ctrl.redraw();
  return { doc, refs, model, ctrl, menus };
}

const hintButton = (refs) => refs.buttons.find((b) => b.dataset.action === "hint");

test("a puzzle: its prompt shows until solved, the Hint button reads Show a clue", () => {
  const { refs } = draw(TRAINING["puzzle/fresh"]);
  assert.ok(!refs.puzzle.hidden);
  assert.equal(refs.puzzle.querySelector(".ft-puzzle-prompt").textContent, TRAINING["puzzle/fresh"].puzzle.prompt);
  assert.equal(refs.puzzle.querySelector(".ft-puzzle-title").textContent, "Maria puzzle 2 · medium");
  assert.equal(refs.puzzle.querySelector(".ft-puzzle-progress").textContent, "puzzle 2 of 5 · score 1");
  assert.equal(refs.puzzle.querySelector(".ft-puzzle-clue"), null, "no clue shown yet");
  assert.equal(hintButton(refs).textContent, "Show a clue");
  assert.ok(!refs.scroll.contains(refs.puzzle), "never over the cards");
});

test("a clue shown: its count and its words; solved: the prompt goes, Next puzzle comes", () => {
  const { refs } = draw(TRAINING["puzzle/clue"]);
  assert.equal(refs.puzzle.querySelector(".ft-puzzle-clues").textContent, "1 clue shown");
  assert.equal(refs.puzzle.querySelector(".ft-puzzle-clue-words").textContent, TRAINING["puzzle/clue"].puzzle.clue);
  assert.equal(refs.puzzle.querySelector("button[data-puzzle]"), null);
  const solved = draw(TRAINING["puzzle/solved"]).refs;
  assert.equal(solved.puzzle.querySelector(".ft-puzzle-prompt"), null);
  assert.equal(solved.puzzle.querySelector(".ft-puzzle-solved").textContent, "Solved!");
  assert.equal(solved.puzzle.querySelector('button[data-puzzle="next"]').textContent, "Next puzzle");
  assert.equal(hintButton(solved).textContent, "Hint");
  assert.equal(hintLabel(TRAINING["puzzle/clue"], true), "Thinking…");
  assert.equal(hintLabel({ puzzle: null, ui: TRAINING["puzzle/clue"].ui }), "Hint");
});

test("Show a clue sends a hint; Next puzzle sends next_puzzle", () => {
  const { model, ctrl, refs } = live(TRAINING["puzzle/clue"]);
  ctrl.button("hint");
  assert.deepEqual({ ...model.sent.at(-1), id: 0 }, { id: 0, action: "hint" });
  model.publish({ ...TRAINING["puzzle/solved"], ack: model.sent.at(-1).id, version: 99 });
  refs.puzzle.querySelector('button[data-puzzle="next"]').click();
  assert.equal(model.sent.at(-1).action, "next_puzzle");
  assert.deepEqual(Object.keys(model.sent.at(-1)).sort(), ["action", "id"]);
});

test("the menu offers a winnable deal by difficulty from state.difficulties", () => {
  const { refs, model, menus } = live(TRAINING["deals/menu"]);
  menus.open();
  const items = refs.difficulties.querySelectorAll("button[data-difficulty]");
  assert.deepEqual(items.map((b) => b.textContent), ["easy", "medium", "hard"]);
  assert.equal(refs.difficulties.querySelector(".ft-difficulty-label").textContent, "A winnable deal:");
  items[0].click();
  const sent = model.sent.at(-1);
  assert.deepEqual({ action: sent.action, difficulty: sent.difficulty }, { action: "new", difficulty: "easy" });
  assert.deepEqual(Object.keys(sent).sort(), ["action", "difficulty", "id"]);
  const none = draw(TRAINING["deals/none"]).refs;
  assert.ok(none.difficulties.hidden, "no catalogue for the game: no graded deals offered");
});

test("Review: from the menu at any time and from a stuck game's panel, at step 0", () => {
  const { refs, model } = live(TRAINING["stuck/end"]);
  const review = refs.end.querySelector('button[data-end="review"]');
  assert.equal(review.textContent, "Review");
  review.click();
  assert.equal(model.sent.at(-1).action, "review");
  assert.equal(model.sent.at(-1).step, 0);
  refs.menu.querySelector('button[data-menu="review"]').click();
  assert.equal(model.sent.length, 2);
  assert.equal(trainingRequest(TRAINING["deals/menu"], refs.reviewItem).step, 0);
});

test("a review step: counter, mark, the two moves in words, the solver's verdict labelled", () => {
  const s = TRAINING["review/mistake"];
  const { refs } = draw(s);
  assert.ok(!refs.review.hidden && refs.end.hidden);
  assert.equal(refs.review.querySelector(".ft-review-step").textContent, "Move 5 of 8");
  assert.equal(refs.review.querySelector(".ft-mark").textContent, "Mistake");
  assert.equal(refs.review.querySelector(".ft-mark").dataset.mark, "mistake");
  const played = refs.review.querySelector(".ft-review-played").textContent;
  assert.equal(played, "Played: move 4♠ from column 4 onto 5♥ in column 1 — a win in 1 of 6 worlds");
  assert.equal(refs.review.querySelector(".ft-review-expert").textContent,
    "Expert: move 7♣ from column 3 onto 8♥ in column 7 — a win in 4 of 6 worlds");
  const solver = refs.review.querySelector(".ft-review-solver");
  assert.ok(solver.textContent.startsWith("Solver, which sees every card: winnable before, not known after"));
  assert.equal(solver.title, s.review.seeing_note);
  const marks = refs.review.querySelector(".ft-review-marks").querySelectorAll("button");
  assert.deepEqual(marks.map((b) => b.textContent), ["2 inaccuracy", "5 mistake", "7 losing move"]);
  assert.equal(marks[1].getAttribute("aria-current"), "step");
  // moves wait for the end of the review
  for (const b of refs.buttons) assert.equal(b.disabled, b.dataset.action !== "new", b.dataset.action);
});

test("the played move and the expert's are two arrows told apart; the same move is one", () => {
  const s = TRAINING["review/mistake"];
  assert.deepEqual(reviewArrows(s), [
    { from: "4", to: "1", kind: "played" }, { from: "3", to: "7", kind: "expert" }]);
  const { refs } = draw(s);
  const paths = refs.arrow.querySelectorAll("path.ft-arrow-line");
  assert.deepEqual(paths.map((p) => p.dataset.arrow), ["played", "expert"]);
  assert.notEqual(paths[0].getAttribute("marker-end"), paths[1].getAttribute("marker-end"));
  const agreed = { ...s, review: { ...s.review, at: 3 } }; // 9>1, the expert's too
  assert.deepEqual(reviewArrows(agreed), [{ from: "9", to: "1", kind: "agreed" }]);
  // a move home names "f": drawn to the foundations
  const home = { ...s, review: { ...s.review, at: 2 } };
  const homeRefs = draw(home).refs;
  assert.equal(homeRefs.arrow.querySelectorAll("path.ft-arrow-line").length, 2);
  assert.deepEqual(reviewArrows(TRAINING["review/start"]), []);
  assert.equal(draw(TRAINING["review/start"]).refs.arrow.querySelectorAll("path").length, 0);
});

test("◀ ▶, ←/→ and a marked move step the review; the ends stop it; Play from here and ×", () => {
  const { refs, model, ctrl } = live(TRAINING["review/mistake"]);
  refs.review.querySelector('button[data-review="next"]').click();
  assert.deepEqual([model.sent.at(-1).action, model.sent.at(-1).step], ["review", 6]);
  refs.review.querySelector('button[data-review="prev"]').click();
  assert.equal(model.sent.at(-1).step, 5, "from the step asked for (6), not yet answered");
  model.publish({ ...TRAINING["review/mistake"], ack: model.sent.at(-1).id, version: 60 }); // at 5
  ctrl.key({ key: "ArrowRight", preventDefault() {} });
  assert.equal(model.sent.at(-1).step, 6);
  model.publish({ ...TRAINING["review/mistake"], ack: model.sent.at(-1).id, version: 61 }); // still 5
  ctrl.key({ key: "ArrowLeft", preventDefault() {} });
  assert.equal(model.sent.at(-1).step, 4);
  refs.review.querySelector('button[data-review-step="7"]').click();
  assert.equal(model.sent.at(-1).step, 7);
  refs.review.querySelector('button[data-review="play"]').click();
  assert.equal(model.sent.at(-1).action, "play_from_here");
  refs.review.querySelector('button[data-review="close"]').click();
  assert.equal(model.sent.at(-1).action, "review_close");
  const n = model.sent.length;
  model.publish({ ...TRAINING["review/start"], ack: model.sent.at(-1).id, version: 50 });
  assert.ok(refs.review.querySelector('button[data-review="prev"]').disabled);
  ctrl.key({ key: "ArrowLeft", preventDefault() {} });
  assert.equal(model.sent.length, n, "nothing before the start");
  assert.equal(reviewStep(TRAINING["review/mistake"], { delta: 4 }), null, "nothing past the end");
  assert.deepEqual(reviewStep(TRAINING["review/mistake"], { delta: 3 }), { action: "review", step: 8 });
  assert.deepEqual(markedSteps(TRAINING["review/mistake"]).map((m) => m.at), [2, 5, 7]);
});

test("no review, no puzzle: none of it is drawn and the board is as before", () => {
  const { refs } = draw({ ...TRAINING["review/mistake"], review: null });
  assert.ok(refs.review.hidden && refs.puzzle.hidden);
  assert.equal(refs.arrow.querySelectorAll("path").length, 0);
  assert.equal(hintButton(refs).textContent, "Hint");
});

test("words in training states are text, never markup", () => {
  const evil = '<img src=x onerror="window.__pwned=1">';
  const s = TRAINING["review/mistake"];
  const steps = s.review.steps.map((x) => ({ ...x, played_words: evil, expert_words: evil, estimate_best: evil }));
  const { doc, refs } = draw({ ...s, review: { ...s.review, steps, summary: evil, seeing_note: evil },
    puzzle: { ...TRAINING["puzzle/clue"].puzzle, title: evil, prompt: evil, clue: evil, progress: evil },
    difficulties: [evil] });
  assert.ok(refs.review.textContent.includes(evil));
  assert.ok(refs.puzzle.textContent.includes(evil));
  assert.equal(refs.difficulties.querySelector("button[data-difficulty]").dataset.difficulty, evil);
  for (const e of doc.created) assert.ok(!["img", "script"].includes(e.tagName));
});

test("the focus stays on the review button used across redraws", () => {
  const { refs, model, doc } = live(TRAINING["review/mistake"]);
  const next = refs.review.querySelector('button[data-review="next"]');
  next.focus();
  next.click();
  model.publish({ ...TRAINING["review/mistake"], review: { ...TRAINING["review/mistake"].review, at: 6 },
    ack: model.sent.at(-1).id, version: 70 });
  assert.equal(doc.activeElement.dataset.review, "next");
  assert.notEqual(doc.activeElement, next, "a new button, focused again");
  model.publish({ ...TRAINING["review/mistake"], review: { ...TRAINING["review/mistake"].review, at: 8 },
    ack: model.sent.at(-1).id, version: 71 });
  assert.equal(doc.activeElement.dataset.review, "prev", "at the end ▶ is disabled: ◀ has it");
});

test("the losing move is marked losing even when its fair mark is a mistake", () => {
  const s = TRAINING["review/losing"];
  const steps = s.review.steps.map((x) => (x.index === 6 ? { ...x, mark: "mistake" } : x));
  const state = { ...s, review: { ...s.review, steps } };
  assert.equal(draw(state).refs.review.querySelector(".ft-mark").dataset.mark, "losing");
  assert.deepEqual(markedSteps(state).map((m) => m.mark), ["inaccuracy", "mistake", "losing"]);
});

test("keys pressed before Python answers count from the step asked for, not the one shown", () => {
  const { model, ctrl } = live(TRAINING["review/mistake"]); // at 5
  const right = () => ctrl.key({ key: "ArrowRight", preventDefault() {} });
  right();
  right(); // no answer yet: 7, not 6 again
  assert.deepEqual(model.sent.map((r) => r.step), [6, 7]);
  model.publish({ ...TRAINING["review/mistake"], review: { ...TRAINING["review/mistake"].review, at: 7 },
    ack: model.sent.at(-1).id, version: 80 });
  right();
  assert.equal(model.sent.at(-1).step, 8);
  right(); // asked 8 = the end: nothing more
  assert.equal(model.sent.length, 3);
});

test("a training run offers its game's themes: one click trains one, another every theme", () => {
  const fresh = TRAINING["puzzle/fresh"];
  const state = { ...fresh, puzzle: { ...fresh.puzzle, theme: null,
    themes: [["keep_an_empty_column", "Keep an empty column", 12], ["deal_on", "Deal on", 3]] } };
  const { refs, model } = live(state);
  const row = refs.puzzle.querySelector(".ft-puzzle-themes");
  assert.ok(row, "the themes are offered in the puzzle panel");
  const buttons = row.querySelectorAll("button[data-theme]");
  assert.deepEqual(buttons.map((b) => b.textContent), ["every theme", "Keep an empty column (12)", "Deal on (3)"]);
  assert.deepEqual(buttons.map((b) => b.getAttribute("aria-pressed")), ["true", "false", "false"]);
  buttons[1].click();
  const sent = model.sent.at(-1);
  assert.deepEqual({ action: sent.action, theme: sent.theme }, { action: "theme", theme: "keep_an_empty_column" });
  buttons[0].click();
  assert.deepEqual({ action: model.sent.at(-1).action, theme: model.sent.at(-1).theme }, { action: "theme", theme: null });
  const one = { ...state, puzzle: { ...state.puzzle, themes: [["deal_on", "Deal on", 3]] } };
  assert.equal(draw(one).refs.puzzle.querySelector(".ft-puzzle-themes"), null, "one theme: nothing to choose");
  const plain = draw(fresh).refs;
  assert.equal(plain.puzzle.querySelector(".ft-puzzle-themes"), null, "a puzzle outside a run: no themes");
});

test("the review's turning point is marked in the list, with the expert's mark beside it", () => {
  const base = TRAINING["review/mistake"];
  const state = { ...base, review: { ...base.review, turning_point: 4 } };
  const marks = markedSteps(state);
  const turning = marks.find((m) => m.at === 5);
  assert.equal(turning.mark, "turning");
  assert.equal(turning.fair, "mistake", "the summary's count keeps the expert's mark");
  assert.equal(turning.label, "5 mistake, turning point");
  assert.ok(marks.some((m) => m.at === 7 && m.mark === "losing"), "the losing move keeps its own mark");
  const same = { ...base, review: { ...base.review, turning_point: 6 } };
  assert.equal(markedSteps(same).find((m) => m.at === 7).label, "7 turning point, losing move");
  const { refs } = draw(state);
  const buttons = refs.review.querySelectorAll("button[data-review-step]");
  assert.ok(buttons.some((b) => b.dataset.mark === "turning"), "a button for it in the marks list");
});

test("a lesson's step: its rule (or bend) above the task, as text; solved, Next step comes", () => {
  const base = TRAINING["puzzle/fresh"];
  const lesson = { heading: "Rule 2 of 4: Keep an empty column · When it bends", role: "bend",
    words: "Fill it when <b>the card</b> frees another." };
  const { refs } = draw({ ...base, puzzle: { ...base.puzzle, lesson } });
  const shown = refs.puzzle.querySelector(".ft-puzzle-lesson");
  assert.ok(shown, "the rule is drawn");
  assert.equal(shown.dataset.role, "bend");
  assert.equal(shown.querySelector("strong").textContent, lesson.heading);
  assert.ok(shown.textContent.endsWith(lesson.words), "the words as text, markup and all");
  assert.equal(shown.querySelector("b"), null, "never as markup");
  const solved = TRAINING["puzzle/solved"];
  const done = draw({ ...solved, puzzle: { ...solved.puzzle, lesson } }).refs;
  assert.equal(done.puzzle.querySelector('button[data-puzzle="next"]').textContent, "Next step");
  assert.equal(draw(base).refs.puzzle.querySelector(".ft-puzzle-lesson"), null, "no lesson: no rule line");
});
