import { test } from "node:test";
import assert from "node:assert/strict";
import { cardSize, computeLayout, fanOffsets, MAX_CARD_W, MIN_CARD_W, minUpStep } from "../layout.js";
import { makeState, STATES, VARIANTS } from "./helpers.js";

function boxes(layout) {
  return Object.values(layout.piles).map((p) => ({ id: p.id, x: p.x, y: p.y, w: p.w, h: p.h }));
}

function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

for (const width of [900, 700, 1400]) {
  test(`all nine layouts fit ${width} px without overlapping piles`, () => {
    for (const v of VARIANTS) {
      for (const phase of ["open", "mid"]) {
        const state = STATES[`${v}/${phase}`];
        const lay = computeLayout(state, width);
        assert.equal(lay.width, width, `${v} needs no sideways scroll at ${width} px`);
        const all = boxes(lay);
        assert.equal(all.length, 10 + state.columns, v);
        for (const b of all) {
          assert.ok(b.x >= 0 && b.x + b.w <= width, `${v} ${b.id} inside ${width}px: x=${b.x} w=${b.w}`);
        }
        for (let i = 0; i < all.length; i++) {
          for (let j = i + 1; j < all.length; j++) {
            assert.ok(!overlaps(all[i], all[j]), `${v}: ${all[i].id} overlaps ${all[j].id}`);
          }
        }
        for (const p of Object.values(lay.piles)) {
          for (const c of p.cards) {
            assert.ok(c.x >= p.x && c.x + lay.cardW <= p.x + p.w, `${v} card inside pile ${p.id}`);
            assert.ok(c.y + lay.cardH <= lay.height, `${v} card above the board's bottom`);
          }
        }
      }
    }
  });
}

test("Lucas' 13 columns at 900 px still get readable cards", () => {
  const lay = computeLayout(STATES["lucas/open"], 900);
  assert.ok(lay.cardW >= 55, `card width ${lay.cardW}`);
  assert.equal(lay.cardH, Math.round(lay.cardW * 1.4));
  const ten = computeLayout(STATES["forty_thieves/open"], 900);
  assert.ok(ten.cardW > lay.cardW, "fewer columns, bigger cards");
});

test("cards are capped on wide screens and the board is centred", () => {
  const lay = computeLayout(STATES["maria/open"], 2000);
  assert.equal(lay.cardW, MAX_CARD_W);
  const xs = Object.values(lay.piles).map((p) => [p.x, p.x + p.w]).flat();
  const left = Math.min(...xs);
  const right = 2000 - Math.max(...xs);
  assert.ok(Math.abs(left - right) <= 2, `margins ${left} and ${right}`);
});

test("the waste widens for Little Forty's three-card deal, and still fits", () => {
  const one = cardSize(900, 10, 1);
  const three = cardSize(900, 10, 3);
  assert.ok(three.cardW <= one.cardW);
  const lay = computeLayout(STATES["little_forty/mid"], 900);
  assert.ok(lay.piles.w.w > lay.cardW);
  const shown = STATES["little_forty/mid"].waste.top.length;
  assert.equal(lay.piles.w.cards.length, shown);
  if (shown > 1) assert.ok(lay.piles.w.cards[1].x > lay.piles.w.cards[0].x, "waste cards fan to the right");
});

test("fan: short columns use full steps, long columns compress but stay readable", () => {
  const h = 100;
  const short = fanOffsets(2, 3, h, 1000, 16);
  assert.deepEqual(short, [0, 10, 20, 45, 70]);
  const room = 300; // 16 cards at the full 25 px step need 375
  const long = fanOffsets(0, 16, h, room, 16);
  assert.equal(long.length, 16);
  assert.ok(long[15] <= room + 1, `last card at ${long[15]} within ${room}`);
  for (let i = 1; i < long.length; i++) {
    const step = long[i] - long[i - 1];
    assert.ok(step >= 16 && step < 25, `compressed step ${step}, corner still visible`);
  }
  // Too long to fit even at the smallest step: it keeps the minimum and grows.
  const huge = fanOffsets(3, 20, h, 100, 16);
  assert.ok(huge[huge.length - 1] > 100);
  assert.ok(huge[4] - huge[3] >= 16);
});

test("a compressed column never covers a card's corner index (Q stays Q, J stays J)", () => {
  const run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS".split(" ");
  for (const width of [1400, 900, 600, 400]) {
    const long = makeState({ tableau: [["#", "#", "QD", ...run, ...run], ...Array.from({ length: 9 }, () => ["KS"])] });
    const lay = computeLayout(long, width, { maxHeight: 500 });
    const cards = lay.piles["1"].cards;
    for (let k = 3; k < cards.length; k++) {
      const shown = cards[k].y - cards[k - 1].y;
      assert.ok(shown >= lay.index.bottom + 1, `${width}px: ${shown}px shown of card ${k}, index ends at ${lay.index.bottom}`);
    }
    assert.ok(minUpStep(lay.cardW) > lay.index.bottom);
  }
});

test("the board is as tall as its columns need, within the page's height", () => {
  const short = computeLayout(STATES["maria/open"], 900);
  const lowest = Math.max(...Object.values(short.piles).flatMap((p) => p.cards.map((c) => c.y + short.cardH)));
  const empty = short.height - lowest;
  assert.ok(empty <= 3 * short.cardH, `${empty}px empty under the columns of an opening deal`);
  const run = "KS QS JS TS 9S 8S 7S 6S 5S 4S".split(" ");
  const long = makeState({ tableau: [["#", "#", ...run], ...Array.from({ length: 9 }, () => ["KS"])] });
  const tall = computeLayout(long, 900);
  assert.ok(tall.height > short.height, "a long column makes room for itself");
  const capped = computeLayout(long, 900, { maxHeight: 500 });
  assert.ok(capped.height < tall.height, `${capped.height}px: the fan compresses to fit a 500px page`);
  assert.equal(capped.piles["1"].cards.length, 12);
  assert.equal(capped.piles["1"].cards[11].card, "4S");
});

test("narrow pages: cards shrink to the minimum, then the board scrolls sideways; no pile is hidden", () => {
  for (const v of VARIANTS) {
    const state = STATES[`${v}/mid`];
    for (const width of [640, 480, 320]) {
      const lay = computeLayout(state, width);
      assert.ok(lay.cardW >= MIN_CARD_W, `${v} ${width}px: card ${lay.cardW}`);
      assert.ok(lay.width >= width);
      for (const b of boxes(lay)) {
        assert.ok(b.x >= 0 && b.x + b.w <= lay.width, `${v} ${width}px: ${b.id} inside the ${lay.width}px board`);
      }
      if (lay.width > width) assert.equal(lay.cardW, MIN_CARD_W, "scroll only once the cards are at their smallest");
    }
  }
  assert.ok(computeLayout(STATES["lucas/open"], 480).width > 480, "Lucas' 13 columns scroll at 480 px");
});

test("column numbers sit above the columns, and can be left out", () => {
  const lay = computeLayout(STATES["lucas/open"], 900);
  assert.deepEqual(lay.labels.map((l) => l.id), lay.order.columns);
  for (const l of lay.labels) {
    const col = lay.piles[l.id];
    assert.equal(l.x, col.x);
    assert.ok(l.y + l.h <= col.y && l.y >= lay.piles.s.y + lay.cardH, `label ${l.id} between the rows`);
  }
  const bare = computeLayout(STATES["lucas/open"], 900, { numbers: false });
  assert.deepEqual(bare.labels, []);
  assert.ok(bare.height < lay.height);
});

test("layout follows the state: counts, tops and hidden cards", () => {
  const state = STATES["rank_and_file/open"];
  const lay = computeLayout(state, 900);
  const col = lay.piles["1"].cards;
  assert.equal(col.length, 4);
  assert.deepEqual(col.map((c) => c.card), [null, null, null, state.tableau[0].up[0]]);
  assert.deepEqual(col.map((c) => c.index), [0, 1, 2, 3]);
  assert.equal(lay.piles.s.cards.length, 1);
  assert.equal(lay.piles.s.cards[0].card, null, "the stock is drawn face down");
  assert.equal(lay.piles.f1.cards.length, 0);
  const lucas = computeLayout(STATES["lucas/open"], 900);
  assert.equal(lucas.piles.f1.cards[0].card[0], "A", "Lucas' Aces start home");
  assert.deepEqual(lucas.order.columns, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13"]);
});
