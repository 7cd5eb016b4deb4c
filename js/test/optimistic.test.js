import { test } from "node:test";
import assert from "node:assert/strict";
import { predict } from "../optimistic.js";
import { makeState, STATES, VARIANTS } from "./helpers.js";

const base = () => makeState({
  tableau: [["#", "KS", "QH"], ["KD"], ["#", "5C"], []], waste: ["7C", "2H"], stock: 12,
  foundations: [["AC"], ["AH"]],
  legal: ["1>2", "1>4", "w>4", "3>4", "s>w", "3>f", "w>f", "1>4x2"],
  home_piles: { "w>f": "f2" },
});

test("a legal move is drawn at once: cards go where the notation says", () => {
  const s = base();
  const n = predict(s, "1>2");
  assert.deepEqual(n.tableau[0].up, ["KS"]);
  assert.deepEqual(n.tableau[1].up, ["KD", "QH"]);
  assert.equal(n.moves, s.moves + 1);
  assert.deepEqual(predict(s, "1>4x2").tableau[3].up, ["KS", "QH"]);
  assert.deepEqual(s.tableau[0].up, ["KS", "QH"], "the kernel's state is not touched");
});

test("nothing can be played on a drawn-ahead state", () => {
  const n = predict(base(), "1>2");
  assert.deepEqual(n.legal, []);
  assert.ok(n.predicted && n.hint === null);
  assert.ok(n.lift.every((k) => k === 0));
});

test("what needs hidden cards waits for the answer", () => {
  const s = base();
  // column 3's face-down card would turn up: it stays face down until the kernel names it
  const up = predict(s, "3>4");
  assert.deepEqual(up.tableau[2], { down: 1, up: [] });
  // a deal takes a card off the stock's count and shows no new card yet
  const dealt = predict(s, "s>w");
  assert.equal(dealt.stock.count, 11);
  assert.deepEqual(dealt.waste, s.waste);
  // the waste's next card is unknown once its top is played
  const played = predict(s, "w>4");
  assert.equal(played.waste.count, 1);
  assert.deepEqual(played.waste.top, []);
});

test("home goes to the pile Python named; without one the board waits", () => {
  const s = base();
  assert.deepEqual(predict(s, "w>f").foundations[1], ["AH", "2H"]);
  assert.equal(predict(s, "3>f"), null, "no home pile in the state: no guess");
});

test("a move not in the legal list is not drawn ahead", () => {
  assert.equal(predict(base(), "2>1"), null);
  assert.equal(predict(base(), "nonsense"), null);
});

test("engine states: every legal card move drawn ahead moves exactly its cards", () => {
  for (const v of VARIANTS) {
    for (const phase of ["open", "mid"]) {
      const s = STATES[`${v}/${phase}`];
      const count = (st) => st.tableau.reduce((n, c) => n + c.down + c.up.length, 0)
        + st.foundations.reduce((n, p) => n + p.length, 0) + st.waste.count + st.stock.count;
      for (const m of s.legal) {
        const n = predict(s, m);
        if (!n) {
          assert.ok(/>f$/.test(m) && !s.home_piles[m], `${v}: ${m} should be drawn ahead`);
          continue;
        }
        if (!m.startsWith("s>")) assert.equal(count(n), count(s), `${v}/${phase}: ${m} keeps every card`);
      }
    }
  }
});
