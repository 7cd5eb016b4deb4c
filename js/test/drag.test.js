import { test } from "node:test";
import assert from "node:assert/strict";
import {
  dropRequest, homePile, homeRequest, isLegalDrop, legalTargets, moveText, pickUp, stockRequest, whyNotPick,
} from "../drag.js";
import { makeState, STATES, VARIANTS, WORDS } from "./helpers.js";

// What Python would send for this position: lift/runs are data, not derived here.
const seqState = () => makeState({
  build: "alternate colour", sequences: true,
  tableau: [["#", "#", "KS", "QH", "JC", "TD"], ["JS"], [], ["9C", "5H"]],
  waste: ["3D", "8C"], stock: 10,
  lift: [4, 1, 0, 1], runs: [4, 1, 0, 1],
  legal: ["1>2", "1>3", "1>3x2", "1>3x3", "1>3x4", "2>3", "4>3", "w>3", "s>w"],
});

test("pickUp: a face-up card up to state.lift cards from the top, the waste's top, never hidden or home cards", () => {
  const s = seqState();
  assert.deepEqual(pickUp(s, "1", 5), { pile: "1", count: 1, cards: ["TD"] });
  assert.deepEqual(pickUp(s, "1", 3), { pile: "1", count: 3, cards: ["QH", "JC", "TD"] });
  assert.deepEqual(pickUp(s, "1", 2).count, 4);
  assert.equal(pickUp(s, "1", 1), null, "face-down");
  assert.equal(pickUp(s, "4", 0), null, "lift is 1 there");
  assert.equal(pickUp({ ...s, lift: [2, 1, 0, 1] }, "1", 3), null, "Python decides how many lift");
  assert.deepEqual(pickUp(s, "w", 1), { pile: "w", count: 1, cards: ["8C"] });
  assert.equal(pickUp(s, "w", 0), null, "only the waste's top card");
  assert.equal(pickUp(s, "s", 9), null);
  assert.equal(pickUp(makeState({ tableau: [["5C"]], foundations: [["AS"]] }), "f1", 0), null);
});

test("drops mean notation; runs carry xN (a one-card game's shortcut too); the source and stock mean nothing", () => {
  const s = seqState();
  const run = pickUp(s, "1", 3);
  assert.deepEqual(dropRequest(s, run, "3"), { action: "move", move: "1>3x3" });
  assert.deepEqual(dropRequest(s, pickUp(s, "1", 5), "f4"), { action: "move", move: "1>f" });
  assert.deepEqual(dropRequest(s, pickUp(s, "w", 1), "2"), { action: "move", move: "w>2" });
  assert.equal(dropRequest(s, run, "1"), null);
  assert.equal(dropRequest(s, run, "s"), null);
  assert.equal(moveText("10", "f3", 1), "10>f");
  assert.equal(moveText("4", "9", 3), "4>9x3");
  const one = makeState({ tableau: [["KS", "QH", "JC"], ["KC"], []], lift: [2, 1, 0], runs: [3, 1, 0],
    legal: ["1>2x2", "1>3", "2>3", "s>w"] });
  const pick = pickUp(one, "1", 1);
  assert.deepEqual(dropRequest(one, pick, "2"), { action: "move", move: "1>2x2" });
  assert.ok(isLegalDrop(one, pick, "2") && !isLegalDrop(one, pick, "3"));
});

test("illegal-looking drops are still sent, so the engine says why; highlighting uses legal", () => {
  const s = seqState();
  const card = pickUp(s, "1", 5); // TD
  assert.deepEqual(dropRequest(s, card, "4"), { action: "move", move: "1>4" });
  assert.ok(!isLegalDrop(s, card, "4"));
  assert.ok(isLegalDrop(s, card, "2"));
  assert.deepEqual(legalTargets(s, card), ["2", "3"]);
  assert.deepEqual(legalTargets(s, pickUp(s, "1", 3)), ["3"]);
});

test("stock: the legal list says deal or redeal", () => {
  assert.equal(stockRequest(makeState({ tableau: [[]], stock: 5, legal: ["s>w"] })).move, "s>w");
  assert.equal(stockRequest(makeState({ tableau: [[]], waste: ["2C"], legal: ["w>s", "w>1"] })).move, "w>s");
  assert.equal(stockRequest(makeState({ tableau: [[]], waste: ["2C"], legal: [] })).move, "s>w",
    "nothing legal: ask anyway, the engine says why");
});

test("double-click sends the top card home; the pile it lands on is the one Python named", () => {
  const s = makeState({ tableau: [["4S"], []], waste: ["2H"], foundations: [["AC"], ["AH"], ["AS", "2S", "3S"]],
    legal: ["1>f", "w>f", "1>2"], home_piles: { "1>f": "f3", "w>f": "f2" } });
  assert.deepEqual(homeRequest(s, "1"), { action: "move", move: "1>f" });
  assert.deepEqual(homeRequest(s, "w"), { action: "move", move: "w>f" });
  assert.equal(homeRequest(s, "2"), null, "empty column");
  assert.equal(homeRequest(s, "f1"), null);
  assert.equal(homePile(s, "1>f"), "f3");
  assert.equal(homePile(s, "1>2"), null);
  assert.deepEqual(legalTargets(s, pickUp(s, "1", 0)), ["f3", "2"], "only the landing foundation is marked");
});

test("engine states: every pick's legal targets agree with the engine's legal list, and back", () => {
  for (const v of VARIANTS) {
    for (const phase of ["open", "mid"]) {
      const s = STATES[`${v}/${phase}`];
      const sent = new Set();
      const offer = (pick) => {
        for (const dst of legalTargets(s, pick)) {
          const req = dropRequest(s, pick, dst);
          assert.ok(s.legal.includes(req.move), `${v}: ${req.move} is legal`);
          sent.add(req.move);
        }
      };
      s.tableau.forEach((col, i) => {
        for (let k = col.down; k < col.down + col.up.length; k++) {
          const pick = pickUp(s, String(i + 1), k);
          if (pick) offer(pick);
        }
      });
      if (s.waste.count) offer(pickUp(s, "w", s.waste.count - 1));
      for (const m of s.legal) {
        if (m.startsWith("s>") || m.endsWith(">s")) continue;
        assert.ok(sent.has(m), `${v}/${phase}: legal ${m} is offered by a drag`);
      }
    }
  }
});

test("a card that can't be picked up says why, in the words Python sent", () => {
  const s = seqState();
  assert.equal(whyNotPick(s, "1", 5), "");
  assert.equal(whyNotPick(s, "1", 0), WORDS.face_down);
  assert.equal(whyNotPick(s, "4", 0), WORDS.not_run, "more cards than the run");
  assert.equal(whyNotPick(s, "w", 0), WORDS.waste);
  assert.equal(whyNotPick(makeState({ tableau: [[]], foundations: [["AS"]] }), "f1", 0), WORDS.foundation);
  const one = makeState({ tableau: [["KS", "QH", "JC"], ["KC"]], lift: [1, 1], runs: [3, 1] });
  assert.equal(whyNotPick(one, "1", 1), WORDS.no_room, "a run that has nowhere to travel");
});

test("drag.js holds no rule: no build rule, foundation choice or run length in the source", async () => {
  const { readFileSync } = await import("node:fs");
  for (const f of ["cards.js", "drag.js", "keyboard.js", "view.js", "widget.js", "words.js", "layout.js", "hit.js"]) {
    const src = readFileSync(new URL(`../${f}`, import.meta.url), "utf8");
    for (const rule of ["same suit", "any suit but its own", "alternate colour", "Forty Thieves", "2 **"]) {
      assert.ok(!src.includes(rule), `${f} mentions ${JSON.stringify(rule)}`);
    }
  }
});
