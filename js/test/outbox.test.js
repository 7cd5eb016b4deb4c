import { test } from "node:test";
import assert from "node:assert/strict";
import { createOutbox, ID_RESTART, nextId } from "../outbox.js";
import { FakeModel } from "./helpers.js";

test("ids go up: above the last id, the clock and Python's last ack", () => {
  assert.equal(nextId(0, 1000, -1), 1000);
  assert.equal(nextId(1000, 1000, -1), 1001);
  assert.equal(nextId(5, 1000, 4000), 4001);
  assert.equal(nextId(5, 1000, null), 1000);
});

test("past 2^50 ids start again from the clock: a huge id never locks the board", () => {
  assert.equal(nextId(0, 1000, ID_RESTART + 5), 1000);
  assert.equal(nextId(ID_RESTART + 7, 1000, -1), 1000);
  assert.equal(nextId(10, 5, ID_RESTART), 11);
});

test("requests leave in the order made, a later one queued behind a deferred one", () => {
  const model = new FakeModel({});
  const deferred = [];
  const box = createOutbox(model, { now: () => 50, defer: (fn) => deferred.push(fn) });
  const a = box.send({ action: "move", move: "1>2" }, -1, true);
  const b = box.send({ action: "undo" }, -1);
  assert.deepEqual(model.sent, [], "the undo waits behind the move");
  assert.equal(deferred.length, 1);
  deferred[0]();
  assert.deepEqual(model.sent, [{ id: a, action: "move", move: "1>2" }, { id: b, action: "undo" }]);
  assert.ok(b > a);
  const c = box.send({ action: "redo" }, -1);
  assert.deepEqual(model.sent.at(-1), { id: c, action: "redo" }, "with nothing queued a request leaves at once");
});
