import { test } from "node:test";
import assert from "node:assert/strict";
import { cardName, isRed, rankLabel, rankOf, suitOf } from "../cards.js";
import { UI } from "./helpers.js";

test("notation reads rank and suit", () => {
  assert.equal(rankOf("AS"), 1);
  assert.equal(rankOf("TD"), 10);
  assert.equal(rankOf("KH"), 13);
  assert.equal(suitOf("QC"), 0);
  assert.equal(suitOf("QS"), 3);
  assert.equal(rankLabel(null, "TD"), "10");
  assert.equal(rankLabel(null, "7C"), "7");
  assert.equal(rankLabel({ ui: { ranks: "A 2 3 4 5 6 7 8 9 10 V D R".split(" ") } }, "QH"), "D");
  assert.equal(rankLabel({ ui: { ranks: "A 2 3 4 5 6 7 8 9 10 V D R".split(" ") } }, "TS"), "10");
});

test("names and colours", () => {
  // the names are Python's, in the board's language (state.ui.cards, in notation order)
  const state = { ui: UI };
  assert.equal(cardName(state, "QH"), "Queen of Hearts");
  assert.equal(cardName(state, "TD"), "Ten of Diamonds");
  assert.equal(cardName(state, "AS"), "Ace of Spades");
  assert.equal(cardName({ ui: { ...UI, cards: UI.cards.map((n, k) => (k === 37 ? "Širdžių dama" : n)) } }, "QH"),
    "Širdžių dama");
  assert.equal(cardName({}, "QH"), "", "no table, no English of its own");
  assert.ok(isRed("QH") && isRed("2D"));
  assert.ok(!isRed("QS") && !isRed("2C"));
});
