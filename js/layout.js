// Geometry of the board: public state + available width -> where every pile and card goes.
// Pure (no DOM), so hit-testing and tests can use the very numbers the view draws with.
//
// Top row: stock, waste, then the eight foundations flush right. Then a strip of column
// numbers (moves and hints name columns by number), then the columns.
// Card width is the largest that fits both rows in `width` (Lucas' 13 columns at 900 px
// give ~62 px cards), capped so the board doesn't sprawl on wide screens. Below
// MIN_CARD_W the board keeps that size and grows wider than `width` (the view scrolls
// sideways): no pile is ever cut off.
// The tableau area is as tall as its deepest column needs (at least ROOM_MIN cards), up
// to ROOM_FOR cards or the height the page offers; a longer column compresses its fan.

export const MAX_CARD_W = 92;
export const MIN_CARD_W = 36;
export const ASPECT = 1.4; // card height / width

// Fan steps as fractions of the card height. The face-up step never drops below the
// corner index (rank and suit) plus a pixel, so a compressed Q never reads as O.
const DOWN_STEP = 0.1;
const DOWN_MIN = 0.05;
const UP_STEP = 0.25;
const ROOM_FOR = 11; // the tableau area holds at most this many face-up cards at full step
const ROOM_MIN = 6; // … and room for at least this many, so the board doesn't jump each move
// The corner index, as fractions of the card width: its top and its font size (line
// height 1). CSS draws it from --ft-idx-top and --ft-idx, which the view sets from these.
export const INDEX_TOP = 0.04;
export const INDEX_SIZE = 0.27;
// Horizontal step between visible waste cards, as a fraction of card width: wide
// enough to show a covered card's rank and suit.
const WASTE_FAN = 0.54;

/** Space between the waste and the foundations, in card widths (less when the waste fans). */
function gutter(stockDeal) {
  return stockDeal > 1 ? 0.1 : 0.5;
}

/** Pile ids in reading order: the top row, then the columns. */
export function pileIds(columns) {
  const top = ["s", "w", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"];
  const cols = Array.from({ length: columns }, (_, i) => String(i + 1));
  return { top, columns: cols };
}

/** Card size and gaps for a board of `columns` columns whose waste fans `stockDeal` cards. */
export function cardSize(width, columns, stockDeal = 1) {
  const gap = Math.max(4, Math.min(10, Math.round(width / 110)));
  // the keyboard cursor's dashed ring reaches 6 px past a card: a pile at the felt's edge shows it
  const pad = Math.max(gap, 8);
  const inner = width - 2 * pad;
  const fan = WASTE_FAN * (Math.max(1, stockDeal) - 1);
  // top row: stock, waste (+ fan), a gutter, 8 foundations; 9 gaps between.
  const byTop = (inner - 9 * gap) / (10 + gutter(stockDeal) + fan);
  const byCols = (inner - (columns - 1) * gap) / columns;
  const cardW = Math.max(MIN_CARD_W, Math.min(MAX_CARD_W, Math.floor(Math.min(byTop, byCols))));
  return { cardW, cardH: Math.round(cardW * ASPECT), gap, pad };
}

/** The corner index of a card `cardW` wide: { top, size, bottom } in px. */
export function indexBox(cardW) {
  const top = Math.max(1, Math.round(INDEX_TOP * cardW));
  const size = Math.round(INDEX_SIZE * cardW);
  return { top, size, bottom: top + size };
}

/** The smallest face-up fan step that still shows a card's whole corner index. */
export function minUpStep(cardW) {
  return indexBox(cardW).bottom + 2;
}

/** Offsets at full steps: how deep a column of `down` + `up` cards reaches. */
function fullNeed(down, up, cardH) {
  return down * DOWN_STEP * cardH + Math.max(0, up - 1) * UP_STEP * cardH;
}

/**
 * Vertical offsets of a column's cards, from its top edge: `down` face-down cards
 * then `up` face-up ones, fitted into `room` pixels (the space below the first card)
 * when possible, face-up steps never below `upMin` px. Returns the offsets (one per card).
 */
export function fanOffsets(down, up, cardH, room, upMin = Math.round(cardH * 0.22)) {
  let downStep = DOWN_STEP * cardH;
  let upStep = Math.max(UP_STEP * cardH, upMin);
  // each face-down card is followed by the next at downStep, each face-up one at upStep
  const upGaps = Math.max(0, up - 1);
  const need = () => down * downStep + upGaps * upStep;
  if (need() > room) {
    downStep = Math.max(DOWN_MIN * cardH, Math.min(downStep, (room - upGaps * upStep) / Math.max(down, 1)));
    if (need() > room && upGaps > 0) {
      upStep = Math.max(upMin, (room - down * downStep) / upGaps);
    }
  }
  const offsets = [];
  let y = 0;
  for (let i = 0; i < down + up; i++) {
    offsets.push(Math.round(y));
    y += i < down ? downStep : upStep;
  }
  return offsets;
}

/**
 * The whole board's geometry for `state` (the protocol's public state) at `width` px.
 * Options: `numbers` (default true) leaves a strip for the column numbers; `maxHeight`
 * (px) is the height the page offers: a tableau taller than that compresses its fans.
 *
 * Returns { width, height, cardW, cardH, gap, tableauTop, piles, labels, index } where
 * `width` is at least the given one (more when the board must scroll sideways), `piles`
 * maps a pile id (DOM `data-pile`) to { id, kind, x, y, w, h, cards }; each card is
 * { x, y, card } in board coordinates, `card` being notation or null when face down,
 * plus `index` (position in its pile from the bottom, as moves count it); `labels` are
 * the column numbers' boxes { id, x, y, w, h }; `index` is the corner index's box.
 */
export function computeLayout(state, width, { numbers = true, maxHeight = Infinity } = {}) {
  const columns = state.columns;
  const stockDeal = state.stock_deal || 1;
  const { cardW, cardH, gap, pad } = cardSize(width, columns, stockDeal);
  const fanX = Math.round(WASTE_FAN * cardW);
  const wasteW = cardW + fanX * (stockDeal - 1);
  const topW = 10 * cardW + 9 * gap + (wasteW - cardW) + Math.round(cardW * gutter(stockDeal));
  const colsW = columns * cardW + (columns - 1) * gap;
  const contentW = Math.max(topW, colsW);
  const boardW = Math.max(width, contentW + 2 * pad);
  const left = Math.max(pad, Math.round((boardW - contentW) / 2));
  const piles = {};
  const add = (id, kind, x, y, w, h, cards) => {
    piles[id] = { id, kind, x, y, w, h, cards };
  };

  // Top row.
  const top = pad;
  const stockCount = state.stock ? state.stock.count : 0;
  add("s", "stock", left, top, cardW, cardH,
    stockCount > 0 ? [{ x: left, y: top, card: null, index: stockCount - 1 }] : []);
  const wx = left + cardW + gap;
  const wasteTop = state.waste ? state.waste.top : [];
  const wasteCount = state.waste ? state.waste.count : 0;
  add("w", "waste", wx, top, wasteW, cardH, wasteTop.map((card, i) => ({
    x: wx + i * fanX, y: top, card, index: wasteCount - wasteTop.length + i,
  })));
  const fRight = left + contentW;
  for (let k = 0; k < 8; k++) {
    const x = fRight - (8 - k) * cardW - (7 - k) * gap;
    const pile = state.foundations[k] || [];
    // Only the top card shows; `index` still counts the cards beneath it.
    const cards = pile.length ? [{ x, y: top, card: pile[pile.length - 1], index: pile.length - 1 }] : [];
    add(`f${k + 1}`, "foundation", x, top, cardW, cardH, cards);
  }

  // Column numbers, then the columns.
  const labelTop = top + cardH + Math.max(gap, Math.round(cardH * 0.08));
  const labelH = numbers ? Math.max(12, Math.round(cardW * 0.2)) : 0;
  const tableauTop = labelTop + labelH + Math.max(gap, Math.round(cardH * 0.08));
  const step = Math.round(UP_STEP * cardH);
  const upMin = minUpStep(cardW);
  const cap = Math.max(ROOM_MIN * step, Math.min((ROOM_FOR - 1) * step, maxHeight - tableauTop - cardH - pad));
  const need = Math.max(0, ...state.tableau.map((c) => fullNeed(c.down, c.up.length, cardH)));
  const room = Math.round(Math.min(cap, Math.max((ROOM_MIN - 1) * step, need)));
  const colsLeft = left + Math.round((contentW - colsW) / 2);
  let deepest = room;
  const fans = state.tableau.map((col) => {
    const offsets = fanOffsets(col.down, col.up.length, cardH, room, upMin);
    if (offsets.length) deepest = Math.max(deepest, offsets[offsets.length - 1]);
    return offsets;
  });
  const tableauH = deepest + cardH;
  const labels = [];
  state.tableau.forEach((col, i) => {
    const x = colsLeft + i * (cardW + gap);
    const cards = fans[i].map((dy, k) => ({
      x, y: tableauTop + dy, card: k < col.down ? null : col.up[k - col.down], index: k,
    }));
    add(String(i + 1), "column", x, tableauTop, cardW, tableauH, cards);
    if (numbers) labels.push({ id: String(i + 1), x, y: labelTop, w: cardW, h: labelH });
  });

  return {
    width: boardW, height: tableauTop + tableauH + pad, cardW, cardH, gap, fanX, tableauTop, piles,
    labels, index: indexBox(cardW), order: pileIds(columns),
  };
}
