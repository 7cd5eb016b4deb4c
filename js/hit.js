// Hit-testing against the layout (board coordinates, as computeLayout returns them). Pure.

function inside(x, y, r, w, h) {
  return x >= r.x && x < r.x + w && y >= r.y && y < r.y + h;
}

/** The pile whose area contains (x, y), or null. Columns reach to the tableau's bottom. */
export function pileAt(layout, x, y) {
  for (const id in layout.piles) {
    const p = layout.piles[id];
    if (inside(x, y, p, p.w, p.h)) return id;
  }
  return null;
}

/**
 * The card under (x, y): { pile, index, card } for the topmost card drawn there
 * (cards later in a pile are drawn above earlier ones), or null.
 */
export function cardAt(layout, x, y) {
  for (const id in layout.piles) {
    const cards = layout.piles[id].cards;
    for (let k = cards.length - 1; k >= 0; k--) {
      const c = cards[k];
      if (inside(x, y, c, layout.cardW, layout.cardH)) return { pile: id, index: c.index, card: c.card };
    }
  }
  return null;
}

function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where a dragged card is dropped: the pile under the pointer if there is one, else the
 * pile the dragged card (rect {x, y, w, h}: its deepest card) overlaps most. A column's
 * drop area is where its cards are (at least one card tall), so a card dropped below a
 * short column still lands on it only if it touches that column's cards.
 * `exclude` (the source pile) never wins by overlap alone, only when pointed at.
 * Returns a pile id or null.
 */
export function dropTarget(layout, rect, point, exclude = null) {
  const under = point ? pileAt(layout, point.x, point.y) : null;
  if (under) return under; // even the source pile: pointing back at it puts the card back
  let best = null;
  let bestArea = 0;
  for (const id in layout.piles) {
    if (id === exclude) continue;
    const p = layout.piles[id];
    const area = overlap(rect, dropArea(layout, p));
    if (area > bestArea) {
      best = id;
      bestArea = area;
    }
  }
  return best;
}

/** The rect that accepts drops for pile `p`: its cards' extent (a column fills down to its last card). */
export function dropArea(layout, p) {
  if (p.kind !== "column" || !p.cards.length) return { x: p.x, y: p.y, w: p.w, h: layout.cardH };
  const last = p.cards[p.cards.length - 1];
  return { x: p.x, y: p.y, w: p.w, h: last.y - p.y + layout.cardH };
}
