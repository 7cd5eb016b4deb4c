// What a pointer or keyboard picks up and what dropping it means, in docs/rules.md notation.
// Pure functions of the public state. The browser holds no rules: what may be lifted
// (`state.lift`, `state.runs`), which moves are legal (`state.legal`, with the one-card
// games' run shortcuts such as `3>7x3`, which Python expands), the foundation pile a card
// goes to (`state.home_piles`) and the words of a refusal (`state.words`) all come from
// Python. A drop on a pile is sent even when it isn't in the legal list, so the player
// hears the engine's reason.

/** Pile id as the DOM names it (`f3`) -> pile as moves name it (`f`). */
export function movePile(id) {
  return id[0] === "f" ? "f" : id;
}

export function isColumn(id) {
  return /^\d+$/.test(id);
}

function column(state, id) {
  return state.tableau[Number(id) - 1];
}

/**
 * Pick up the card at `index` (from the bottom of pile `id`) and what lies on it.
 * Returns { pile, count, cards } or null if that card can't be taken:
 * - waste: only its top card; stock and foundations: nothing (the stock is clicked);
 * - column: a face-up card with at most `state.lift[column]` cards from it to the top.
 */
export function pickUp(state, id, index) {
  if (state.predicted) return null; // a move awaits the kernel's answer: nothing to lift yet
  if (id === "w") {
    const { count, top } = state.waste;
    if (!count || index !== count - 1) return null;
    return { pile: "w", count: 1, cards: [top[top.length - 1]] };
  }
  if (!isColumn(id)) return null;
  const col = column(state, id);
  const size = col.down + col.up.length;
  const count = size - index;
  if (index < col.down || count < 1 || count > state.lift[Number(id) - 1]) return null;
  return { pile: id, count, cards: col.up.slice(col.up.length - count) };
}

/**
 * Why the card at `index` of pile `id` can't be picked up (pickUp gave null), in the
 * words Python sent; "" when it can be, or when there is nothing to say (empty places).
 */
export function whyNotPick(state, id, index) {
  if (pickUp(state, id, index)) return "";
  if (id === "s") return "";
  const words = state.words || {};
  if (id[0] === "f") return words.foundation || "";
  if (id === "w") return state.waste.count ? words.waste || "" : "";
  const col = column(state, id);
  if (index < col.down) return words.face_down || "";
  const count = col.down + col.up.length - index;
  return (count > state.runs[Number(id) - 1] ? words.not_run : words.no_room) || "";
}

/** Notation of moving `count` cards from pile `src` to pile `dst` (DOM ids). */
export function moveText(src, dst, count = 1) {
  return `${movePile(src)}>${movePile(dst)}${count > 1 ? `x${count}` : ""}`;
}

/**
 * What dropping `pick` (from pickUp) on pile `dst` sends: a request body without id,
 * { action: "move", move }, or null when the drop means nothing (back on its own pile,
 * or on the stock). A run in a one-card game is sent as its shortcut (`3>7x3`).
 */
export function dropRequest(state, pick, dst) {
  if (!pick || !dst || dst === pick.pile || dst === "s") return null;
  return { action: "move", move: moveText(pick.pile, dst, pick.count) };
}

/** Would the engine accept dropping `pick` on `dst`? (For highlighting only.) */
export function isLegalDrop(state, pick, dst) {
  const req = dropRequest(state, pick, dst);
  return Boolean(req) && state.legal.includes(req.move);
}

/**
 * The piles to mark where `pick` may legally be dropped (DOM ids). A drop on any
 * foundation pile means "home"; only the pile the card would land on is marked.
 */
export function legalTargets(state, pick) {
  const ids = [];
  for (let i = 1; i <= state.columns; i++) ids.push(String(i));
  const out = ids.filter((id) => isLegalDrop(state, pick, id));
  const home = homePile(state, moveText(pick.pile, "f", pick.count));
  return home ? [home, ...out] : out;
}

/** The foundation move for a double-click on pile `id` (`3>f`, `w>f`), or null. */
export function homeRequest(state, id) {
  if (id === "w" ? !state.waste.count : !isColumn(id) || !column(state, id).up.length) return null;
  return { action: "move", move: `${id}>f` };
}

/** Clicking the stock: redeal (`w>s`) when that is the legal move, else deal (`s>w`). */
export function stockRequest(state) {
  return { action: "move", move: state.legal.includes("w>s") ? "w>s" : "s>w" };
}

/** The foundation pile (`f1`…`f8`) the legal move `move` (`3>f`) puts its card on, or null. */
export function homePile(state, move) {
  return (state.home_piles && state.home_piles[move]) || null;
}
