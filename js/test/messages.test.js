import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { STATES, TRAINING } from "./helpers.js";

const { createBoard } = await import("../view.js");
const { announcement, createMessages, messageFor } = await import("../messages.js");

const base = { ...STATES["maria/mid"], message: "", message_kind: "", status: "playing" };

test("a new message goes next to the pile of the request it answers, Python's own news at the top", () => {
  const s = { ...base, version: base.version + 1, message: "no room", message_kind: "error" };
  assert.deepEqual(messageFor(base, s, true, "3"), { text: "no room", kind: "error", pile: "3", spoken: "" });
  assert.deepEqual(messageFor(base, s, false, "3"), { text: "no room", kind: "error", pile: null, spoken: "" });
});

test("a finished game clears the message; a move clears an old one; nothing new leaves it", () => {
  assert.equal(messageFor(base, { ...base, status: "won" }, true, null), null);
  assert.equal(messageFor(base, { ...base, moves: base.moves + 1, version: base.version + 1 }, true, null), null);
  assert.equal(messageFor(base, { ...base }, true, null), undefined);
});

test("the hidden live region says the move made and the end of a game, not a message (the area reads it)", () => {
  const moved = { ...base, version: base.version + 1, last_move_text: "3♠ onto 4♥" };
  assert.deepEqual(announcement(base, moved), ["3♠ onto 4♥"]);
  assert.deepEqual(announcement(base, { ...moved, message: "Hint: 1>2" }), []);
  assert.deepEqual(announcement(base, { ...moved, status: "won", end_text: "in 90 moves" }),
    ["3♠ onto 4♥", "in 90 moves"]);
  assert.deepEqual(announcement(null, moved), []);
});

test("a new clue is read out by the hidden live region (the puzzle panel draws it, not the message area)", () => {
  const puzzle = { title: "Maria puzzle 1 (easy)", prompt: "Find it.", solved: false, clues: 0, clue: null };
  const before = { ...base, puzzle };
  const clued = { ...base, version: base.version + 1, puzzle: { ...puzzle, clues: 1, clue: "One decision here can't be taken back: which?" } };
  assert.equal(messageFor(before, clued, true, null), undefined, "no message of its own");
  assert.deepEqual(announcement(before, clued), ["One decision here can't be taken back: which?"]);
  assert.deepEqual(announcement(clued, { ...clued, version: clued.version + 1 }), [], "the same clue: nothing new");
});

test("the same words said twice are announced twice", () => {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  const m = createMessages(refs);
  m.say("Deal 5 copied.");
  const first = refs.live.textContent;
  m.say("Deal 5 copied.");
  assert.notEqual(refs.live.textContent, first);
  assert.equal(refs.live.textContent.trim(), "Deal 5 copied.");
});

function area() {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  let focused = 0;
  const m = createMessages(refs, { focusBoard: () => focused++ });
  return { doc, refs, m, focused: () => focused };
}

test("a message stays until the next action: no timer takes it away", () => {
  const { refs, m } = area();
  const s = { ...base, version: base.version + 1, message: "9♠ can't go on 10♥", message_kind: "error" };
  m.onState(base, s, true, "3");
  assert.equal(refs.message.textContent, "9♠ can't go on 10♥");
  assert.ok(refs.message.classList.contains("ft-show") && !refs.dismiss.hidden);
  m.onState(s, { ...s }, true, "3"); // the same state again (another view's echo): it stays
  assert.equal(refs.message.textContent, "9♠ can't go on 10♥");
  m.onAction();
  assert.equal(refs.message.textContent, "");
  assert.ok(!refs.message.classList.contains("ft-show") && refs.dismiss.hidden);
});

test("the × dismisses a message and gives the focus back to the board", () => {
  const { refs, m, focused } = area();
  m.note("Deal 5 copied.");
  assert.equal(refs.message.textContent, "Deal 5 copied.");
  refs.dismiss.click();
  assert.equal(refs.message.textContent, "");
  assert.equal(focused(), 1);
});

test("errors are alerts, other messages polite statuses; the area sits outside the felt", () => {
  const { refs, m } = area();
  m.show("No room there.", "error");
  assert.equal(refs.message.getAttribute("role"), "alert");
  assert.equal(refs.message.getAttribute("aria-live"), "assertive");
  assert.equal(refs.message.dataset.kind, "error");
  m.show("Hint: 3♠ onto 4♥", "info");
  assert.equal(refs.message.getAttribute("role"), "status");
  assert.equal(refs.message.getAttribute("aria-live"), "polite");
  assert.ok(!refs.scroll.contains(refs.message), "not on the felt: it can never cover a card");
  assert.ok(refs.root.contains(refs.messageBar));
  const kids = refs.root.children;
  assert.ok(kids.indexOf(refs.messageBar) < kids.indexOf(refs.scroll), "above the felt");
});

test("words from Python are text, never markup", () => {
  const { doc, refs, m } = area();
  const evil = '<img src=x onerror="window.__pwned=1">';
  const before = doc.created.length;
  m.show(evil, "error");
  assert.equal(refs.message.textContent, evil);
  assert.equal(doc.created.length, before, "no element was made from the words");
});

test("a review step is said aloud with its move and mark", () => {
  // Python's spoken line (ft_widget.words.review_step_spoken), in the board's language
  const said = "Move 5 of 8: move Four of Spades from column 4 onto Five of Hearts in column 1. A mistake.";
  const s = { ...TRAINING["review/mistake"], spoken: { review: said } };
  const before = { ...s, review: { ...s.review, at: 4 }, spoken: { review: "Move 4 of 8: …" } };
  assert.deepEqual(announcement(before, s), [said]);
  const start = { ...TRAINING["review/start"], spoken: { review: "Review: the start, 8 moves." } };
  assert.deepEqual(announcement(s, start), ["Review: the start, 8 moves."]);
  assert.deepEqual(announcement(s, { ...s }), [], "the same step: nothing new");
});
