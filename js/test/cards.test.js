import { test } from "node:test";
import assert from "node:assert/strict";
import { cardName, isRed, rankLabel, rankOf, suitOf } from "../cards.js";

test("notation reads rank and suit", () => {
  assert.equal(rankOf("AS"), 1);
  assert.equal(rankOf("TD"), 10);
  assert.equal(rankOf("KH"), 13);
  assert.equal(suitOf("QC"), 0);
  assert.equal(suitOf("QS"), 3);
  assert.equal(rankLabel("TD"), "10");
  assert.equal(rankLabel("7C"), "7");
});

test("names and colours", () => {
  assert.equal(cardName("QH"), "Queen of Hearts");
  assert.equal(cardName("TD"), "Ten of Diamonds");
  assert.equal(cardName("AS"), "Ace of Spades");
  assert.ok(isRed("QH") && isRed("2D"));
  assert.ok(!isRed("QS") && !isRed("2C"));
});
