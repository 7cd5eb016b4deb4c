// Card notation (docs/rules.md) in the browser: "QH" -> rank, suit, colour, names.
// The browser only ever sees face-up cards, as notation text; these helpers turn
// that text into what the board draws and what screen readers say.

export const RANKS = "A23456789TJQK";
export const SUITS = "CDHS";
// U+FE0E asks for the text (not emoji) form, so suits keep the card's colour.
export const SUIT_SYMBOLS = ["\u2663\uFE0E", "\u2666\uFE0E", "\u2665\uFE0E", "\u2660\uFE0E"];

/** Rank 1 (Ace) … 13 (King) of a card like "QH"; 0 if the text is not a card. */
export function rankOf(card) {
  return RANKS.indexOf(card[0]) + 1;
}

/** Suit index 0..3 in notation order C D H S; -1 if unknown. */
export function suitOf(card) {
  return SUITS.indexOf(card[1]);
}

/** Diamonds and Hearts are drawn red (the colour of the ink, not a rule). */
export function isRed(card) {
  const s = suitOf(card);
  return s === 1 || s === 2;
}

/** The card's name in the board's language ("Queen of Hearts"): `state.ui.cards`, in notation order. */
export function cardName(state, card) {
  const names = state && state.ui && state.ui.cards;
  const k = suitOf(card) * 13 + rankOf(card) - 1;
  return Array.isArray(names) && rankOf(card) > 0 && suitOf(card) >= 0 ? String(names[k] ?? "") : "";
}

/**
 * Rank as printed on a card, in the board's language: `state.ui.ranks` (Ace to King; French "V",
 * "D", "R" for J, Q, K), else the notation's letter ("10" rather than "T").
 */
export function rankLabel(state, card) {
  const ranks = state && state.ui && state.ui.ranks;
  const k = rankOf(card) - 1;
  if (Array.isArray(ranks) && k >= 0 && typeof ranks[k] === "string") return ranks[k];
  return card[0] === "T" ? "10" : card[0];
}

export function suitSymbol(card) {
  return SUIT_SYMBOLS[suitOf(card)];
}
