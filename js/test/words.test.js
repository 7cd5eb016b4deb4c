import { test } from "node:test";
import assert from "node:assert/strict";
import { describeMove, pileLabel, pileSummary, statusText } from "../words.js";
import { makeState, STATES } from "./helpers.js";

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

test("the status line: variant, deal, moves, cards home, won / no moves left", () => {
  const s = STATES["maria/open"];
  assert.equal(statusText(s), `Maria · deal 3 · 0 moves · 0/104 home`);
  assert.equal(statusText({ ...s, moves: 1, home: 104, status: "won" }), "Maria · deal 3 · 1 move · 104/104 home · won");
  assert.match(statusText({ ...s, status: "stuck" }), /no moves left$/);
  assert.equal(statusText({ ...STATES["little_forty/open"], redeals_left: 1 }),
    "Little Forty · deal 3 · 0 moves · 0/104 home · 1 redeal left");
});

test("moves are told in words, from the position before them", () => {
  const s = makeState({ tableau: [["KS", "QH", "JC"], ["QD"]], waste: ["7D"] });
  assert.equal(describeMove(s, "1>2"), "Jack of Clubs from column 1 to column 2");
  assert.equal(describeMove(s, "1>2x2"), "Queen of Hearts and 1 more from column 1 to column 2");
  assert.equal(describeMove(s, "w>f"), "Seven of Diamonds from the waste to the foundations");
  assert.equal(describeMove(s, "s>w"), "Dealt from the stock");
  assert.equal(describeMove(s, "w>s"), "Turned the waste over: redeal");
  assert.equal(describeMove(s, "nonsense"), "nonsense");
});
