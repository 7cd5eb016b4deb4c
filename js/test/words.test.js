import { test } from "node:test";
import assert from "node:assert/strict";
import { pileLabel, pileSummary } from "../words.js";
import { makeState } from "./helpers.js";

test("piles have accessible names with their card counts", () => {
  const s = makeState({
    tableau: [["#", "#", "5H", "4S", "3H"], ["KS"], []], foundations: [[], ["AS", "2S", "3S", "4S"]],
    waste: ["2C", "3C", "4C"], stock: 40,
  });
  assert.equal(pileLabel(s, "1"), "Column 1, 5 cards");
  assert.equal(pileLabel(s, "2"), "Column 2, 1 card");
  assert.equal(pileLabel(s, "3"), "Column 3, 0 cards");
  assert.equal(pileLabel(s, "f2"), "Foundation 2, 4 cards");
  assert.equal(pileLabel(s, "w"), "Waste, 3 cards");
  assert.equal(pileLabel(s, "s"), "Stock, 40 cards");
  assert.equal(pileLabel({ ...s, redeals_left: 2 }, "s"), "Stock, 40 cards, 2 redeals left");
  assert.equal(pileSummary(s, "1"), "Column 1, 5 cards, Three of Hearts on top");
  assert.equal(pileSummary(s, "f2"), "Foundation 2, 4 cards, Four of Spades on top");
  assert.equal(pileSummary(s, "w"), "Waste, 3 cards, Four of Clubs on top");
  assert.equal(pileSummary(s, "3"), "Column 3, 0 cards");
  assert.equal(pileSummary(s, "s"), "Stock, 40 cards", "the stock's top card is never named");
});
