import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { STATES } from "./helpers.js";

const { createBoard } = await import("../view.js");
const { announcement, createMessages, messageFor } = await import("../messages.js");

const base = { ...STATES["maria/mid"], message: "", message_kind: "", status: "playing" };

test("a new message goes next to the pile of the request it answers, Python's own news at the top", () => {
  const s = { ...base, version: base.version + 1, message: "no room", message_kind: "error" };
  assert.deepEqual(messageFor(base, s, true, "3"), { text: "no room", kind: "error", pile: "3" });
  assert.deepEqual(messageFor(base, s, false, "3"), { text: "no room", kind: "error", pile: null });
});

test("a finished game clears the message; a move clears an old one; nothing new leaves it", () => {
  assert.equal(messageFor(base, { ...base, status: "won" }, true, null), null);
  assert.equal(messageFor(base, { ...base, moves: base.moves + 1, version: base.version + 1 }, true, null), null);
  assert.equal(messageFor(base, { ...base }, true, null), undefined);
});

test("the live region says the message, else the move made, and the end of a game", () => {
  const moved = { ...base, version: base.version + 1, last_move_text: "3♠ onto 4♥" };
  assert.deepEqual(announcement(base, moved), ["3♠ onto 4♥"]);
  assert.deepEqual(announcement(base, { ...moved, message: "Hint: 1>2" }), ["Hint: 1>2"]);
  assert.deepEqual(announcement(base, { ...moved, status: "won", end_text: "in 90 moves" }),
    ["3♠ onto 4♥", "in 90 moves"]);
  assert.deepEqual(announcement(null, moved), []);
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
