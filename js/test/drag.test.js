import { test } from "node:test";
import assert from "node:assert/strict";
import {
  decompose, dropRequest, foundationFor, homeRequest, isLegalDrop, legalTargets, moveText, pickUp,
  runLength, runOffered, stockRequest, whyNotPick,
} from "../drag.js";
import { makeState, STATES, VARIANTS } from "./helpers.js";

const seqState = () => makeState({
  build: "alternate colour", sequences: true,
  tableau: [["#", "#", "KS", "QH", "JC", "TD"], ["JS"], [], ["9C", "5H"]],
  waste: ["3D", "8C"], stock: 10,
  legal: ["1>2", "1>3", "1>3x2", "1>3x3", "1>3x4", "2>3", "4>3", "w>3", "s>w"],
});

test("runLength follows the build rule over face-up cards only", () => {
  const s = seqState();
  assert.equal(runLength(s, "1"), 4);
  assert.equal(runLength(s, "2"), 1);
  assert.equal(runLength(s, "3"), 0);
  assert.equal(runLength(s, "4"), 1);
});

test("pickUp: a face-up card and its run, the waste's top, never hidden or home cards", () => {
  const s = seqState();
  assert.deepEqual(pickUp(s, "1", 5), { pile: "1", count: 1, cards: ["TD"] });
  assert.deepEqual(pickUp(s, "1", 3), { pile: "1", count: 3, cards: ["QH", "JC", "TD"] });
  assert.deepEqual(pickUp(s, "1", 2).count, 4);
  assert.equal(pickUp(s, "1", 1), null, "face-down");
  assert.equal(pickUp(s, "4", 0), null, "9C is under 5H, not a run");
  assert.deepEqual(pickUp(s, "w", 1), { pile: "w", count: 1, cards: ["8C"] });
  assert.equal(pickUp(s, "w", 0), null, "only the waste's top card");
  assert.equal(pickUp(s, "s", 9), null);
  assert.equal(pickUp(makeState({ tableau: [["5C"]], foundations: [["AS"]] }), "f1", 0), null);
});

test("drops mean notation; run moves carry xN; the source and stock mean nothing", () => {
  const s = seqState();
  const run = pickUp(s, "1", 3);
  assert.deepEqual(dropRequest(s, run, "3"), { action: "move", move: "1>3x3" });
  assert.deepEqual(dropRequest(s, pickUp(s, "1", 5), "f4"), { action: "move", move: "1>f" });
  assert.deepEqual(dropRequest(s, pickUp(s, "w", 1), "2"), { action: "move", move: "w>2" });
  assert.equal(dropRequest(s, run, "1"), null);
  assert.equal(dropRequest(s, run, "s"), null);
  assert.equal(moveText("10", "f3", 1), "10>f");
  assert.equal(moveText("4", "9", 3), "4>9x3");
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

test("stock: deal, redeal when empty with redeals left, else deal (and let the engine refuse)", () => {
  assert.equal(stockRequest(makeState({ tableau: [[]], stock: 5 })).move, "s>w");
  assert.equal(stockRequest(makeState({ tableau: [[]], stock: 0, waste: ["2C"], redeals_left: 2 })).move, "w>s");
  assert.equal(stockRequest(makeState({ tableau: [[]], stock: 0, waste: ["2C"], redeals_left: 0 })).move, "s>w");
  assert.equal(stockRequest(makeState({ tableau: [[]], stock: 0, waste: [], redeals_left: 2 })).move, "s>w");
});

test("double-click sends the top card home; the foundation it lands on is the first that fits", () => {
  const s = makeState({ tableau: [["4S"], []], waste: ["2H"], foundations: [["AC"], ["AH"], ["AS", "2S", "3S"]] });
  assert.deepEqual(homeRequest(s, "1"), { action: "move", move: "1>f" });
  assert.deepEqual(homeRequest(s, "w"), { action: "move", move: "w>f" });
  assert.equal(homeRequest(s, "2"), null, "empty column");
  assert.equal(homeRequest(s, "f1"), null);
  assert.equal(foundationFor(s, "4S"), "f3");
  assert.equal(foundationFor(s, "2H"), "f2");
  assert.equal(foundationFor(s, "AD"), "f4", "an Ace takes the first empty pile");
  assert.equal(foundationFor(s, "5S"), null);
});

// One-card games: runs only as single-card moves through empty columns.
const oneCard = (tableau) => makeState({ build: "alternate colour", sequences: false, tableau });

/** Replays single-card moves by the rules, independently of drag.js. */
function replay(state, moves) {
  const cols = state.tableau.map((c) => [...c.up]);
  const red = (c) => "DH".includes(c[1]);
  const rank = (c) => "A23456789TJQK".indexOf(c[0]);
  for (const m of moves) {
    const [a, b] = m.split(">").map((x) => Number(x) - 1);
    const card = cols[a].pop();
    assert.ok(card, `${m}: source empty`);
    const onto = cols[b][cols[b].length - 1];
    if (onto) assert.ok(rank(onto) === rank(card) + 1 && red(onto) !== red(card), `${m}: ${card} on ${onto}`);
    cols[b].push(card);
  }
  return cols;
}

test("decompose: with k empty columns a run of up to 2^k cards moves, card by card", () => {
  const run = ["KS", "QH", "JC", "TD", "9S"];
  for (let empties = 0; empties <= 3; empties++) {
    for (let n = 2; n <= 5; n++) {
      const tab = [run, ["KD"], ...Array.from({ length: empties }, () => [])];
      // move the top n cards of column 1 onto a card that takes the run's deepest card
      const deepest = run[run.length - n];
      const target = { KS: null, QH: "KS", JC: "QD", TD: "JS", "9S": "TH" }[deepest];
      if (!target) continue;
      tab[1] = [target];
      const s = oneCard(tab);
      const moves = decompose(s, "1", n, "2");
      if (n <= 2 ** empties) {
        assert.ok(moves, `${n} cards with ${empties} empty columns`);
        assert.ok(moves.every((m) => /^\d+>\d+$/.test(m)), "single-card column moves only");
        const after = replay(s, moves);
        assert.deepEqual(after[1], [target, ...run.slice(run.length - n)], "the run arrives in order");
        assert.deepEqual(after[0], run.slice(0, run.length - n));
        for (let e = 2; e < after.length; e++) assert.deepEqual(after[e], [], "parking columns end empty");
      } else {
        assert.equal(moves, null, `${n} cards can't move with ${empties} empty columns`);
      }
    }
  }
});

test("decompose: known sequences, an empty destination, and refusals", () => {
  const s = oneCard([["KS", "QH", "JC"], ["KC"], []]);
  assert.deepEqual(decompose(s, "1", 2, "2"), ["1>3", "1>2", "3>2"]);
  assert.deepEqual(decompose(oneCard([["KS", "QH", "JC"], [], []]), "1", 2, "2"), ["1>3", "1>2", "3>2"]);
  assert.equal(decompose(s, "1", 2, "3"), null, "the only empty column is the destination");
  assert.equal(decompose(oneCard([["KS", "QH", "JC"], ["KD"], []]), "1", 2, "2"), null, "QH can't go on KD");
  assert.equal(decompose(oneCard([["KS", "QS", "JC"], ["KD"], [], []]), "1", 3, "2"), null, "not a run");
  assert.equal(decompose(s, "1", 1, "1"), null);
});

test("one-card games offer a run only where it decomposes, and send the single moves", () => {
  const s = oneCard([["KS", "QH", "JC"], ["KC"], []]);
  const pick = pickUp(s, "1", 1);
  assert.deepEqual(pick, { pile: "1", count: 2, cards: ["QH", "JC"] });
  assert.deepEqual(dropRequest(s, pick, "2"), { action: "move", moves: ["1>3", "1>2", "3>2"] });
  assert.ok(isLegalDrop(s, pick, "2"));
  // Into the only empty column there's no spare column to park in.
  assert.ok(!isLegalDrop(s, pick, "3"));
  assert.deepEqual(dropRequest(s, pick, "3"), { action: "move", move: "1>3x2" });
  // No empty column: the run is not offered at all.
  const full = oneCard([["KS", "QH", "JC"], ["KC"], ["5C"]]);
  assert.equal(pickUp(full, "1", 1), null);
  assert.ok(!runOffered(full, "1", 2));
  // Dropped where it doesn't decompose: sent as a run, which the engine refuses with its reason.
  assert.deepEqual(dropRequest(s, pick, "f1"), { action: "move", move: "1>fx2" });
});

test("engine states: every pick's legal targets agree with the engine's legal list", () => {
  for (const v of VARIANTS) {
    for (const phase of ["open", "mid"]) {
      const s = STATES[`${v}/${phase}`];
      const sent = new Set();
      s.tableau.forEach((col, i) => {
        for (let k = col.down; k < col.down + col.up.length; k++) {
          const pick = pickUp(s, String(i + 1), k);
          if (!pick) continue;
          for (const dst of legalTargets(s, pick)) {
            const req = dropRequest(s, pick, dst);
            if (req.move) {
              assert.ok(s.legal.includes(req.move), `${v}: ${req.move} is legal`);
              sent.add(req.move);
            } else {
              assert.ok(!s.sequences && req.moves.length >= 3, `${v}: run shortcut only in one-card games`);
            }
          }
        }
      });
      if (s.waste.count) {
        for (const dst of legalTargets(s, pickUp(s, "w", s.waste.count - 1))) sent.add(dropRequest(s, pickUp(s, "w", s.waste.count - 1), dst).move);
      }
      // Conversely, every legal card move is reachable by some drag.
      for (const m of s.legal) {
        if (m.startsWith("s>") || m.endsWith(">s")) continue;
        assert.ok(sent.has(m), `${v}/${phase}: legal ${m} is offered by a drag`);
      }
    }
  }
});

test("a card that can't be picked up says why", () => {
  const s = { ...seqState(), variant_name: "Number Ten" };
  assert.equal(whyNotPick(s, "1", 5), "");
  assert.match(whyNotPick(s, "1", 0), /Face-down/);
  assert.match(whyNotPick(s, "4", 0), /Only a run moves together: in Number Ten you build down in alternate colours/);
  assert.match(whyNotPick(s, "w", 0), /waste's top card/);
  assert.match(whyNotPick(makeState({ tableau: [[]], foundations: [["AS"]] }), "f1", 0), /never leave/);
  const maria = { ...oneCard([["KS", "QH", "JC"], ["KC"], ["5C", "9D"]]), variant_name: "Maria" };
  assert.match(whyNotPick(maria, "3", 0), /In Maria only a column's top card moves/);
  assert.match(whyNotPick(maria, "1", 1), /needs more empty columns/);
});
