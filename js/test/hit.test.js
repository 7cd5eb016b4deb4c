import { test } from "node:test";
import assert from "node:assert/strict";
import { computeLayout } from "../layout.js";
import { cardAt, dropArea, dropTarget, pileAt } from "../hit.js";
import { makeState, STATES, VARIANTS } from "./helpers.js";

test("the visible part of every card hits that card", () => {
  for (const v of VARIANTS) {
    const lay = computeLayout(STATES[`${v}/mid`], 900);
    for (const p of Object.values(lay.piles)) {
      p.cards.forEach((c, k) => {
        // a point just inside the card's top-left corner, which the next card never covers
        const hit = cardAt(lay, c.x + 3, c.y + 2);
        assert.deepEqual(hit, { pile: p.id, index: c.index, card: c.card }, `${v} ${p.id} card ${k}`);
      });
      if (p.cards.length) {
        const top = p.cards[p.cards.length - 1];
        const hit = cardAt(lay, top.x + lay.cardW / 2, top.y + lay.cardH - 3);
        assert.equal(hit.index, top.index, `${v} ${p.id}: the top card owns its whole face`);
      }
    }
  }
});

test("pileAt covers a column down to the tableau's bottom; gaps hit nothing", () => {
  const lay = computeLayout(STATES["maria/open"], 900);
  const col = lay.piles["4"];
  assert.equal(pileAt(lay, col.x + 5, col.y + col.h - 2), "4");
  assert.equal(pileAt(lay, col.x - lay.gap / 2, col.y + 10), null);
  assert.equal(pileAt(lay, 1, 1), null);
  assert.equal(cardAt(lay, col.x + 5, col.y + col.h - 2), null, "below the cards: the pile, no card");
  assert.equal(pileAt(lay, lay.piles.f8.x + 1, lay.piles.f8.y + 1), "f8");
});

test("dropTarget: the pile under the pointer, else the most-overlapped pile", () => {
  const lay = computeLayout(STATES["forty_thieves/open"], 900);
  const c3 = lay.piles["3"];
  const c4 = lay.piles["4"];
  const rect = { x: c3.x + lay.cardW * 0.7, y: c3.y + 20, w: lay.cardW, h: lay.cardH };
  // Pointer in the gap between columns 3 and 4: the card overlaps column 4 more.
  const gap = { x: c3.x + lay.cardW + lay.gap / 2, y: c3.y + 30 };
  assert.equal(dropTarget(lay, rect, gap, "1"), "4");
  // Pointer over column 3 wins.
  assert.equal(dropTarget(lay, rect, { x: c3.x + 10, y: c3.y + 30 }, "1"), "3");
  // The source pile never wins by overlap; under the pointer it is returned (a drop back).
  assert.equal(dropTarget(lay, { ...rect, x: c4.x - lay.cardW * 0.3 }, gap, "4"), "3");
  assert.equal(dropTarget(lay, rect, { x: c4.x + 5, y: c4.y + 5 }, "4"), "4");
  // Foundations by overlap.
  const f = lay.piles.f2;
  assert.equal(dropTarget(lay, { x: f.x + 10, y: f.y + 10, w: lay.cardW, h: lay.cardH }, null, "1"), "f2");
  // Far below everything: nothing.
  assert.equal(dropTarget(lay, { x: 0, y: lay.height + 500, w: 10, h: 10 }, { x: 0, y: lay.height + 500 }), null);
});

test("a column's drop area is its cards, or one card when empty", () => {
  const state = makeState({ tableau: [[], ["KS", "QS", "JS"], ["5C"]] });
  const lay = computeLayout(state, 900);
  assert.equal(dropArea(lay, lay.piles["1"]).h, lay.cardH);
  const three = dropArea(lay, lay.piles["2"]);
  assert.equal(three.h, lay.piles["2"].cards[2].y - lay.piles["2"].y + lay.cardH);
});
