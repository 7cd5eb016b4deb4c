// Messages: Python's words about the last request (state.message, state.message_kind), the
// board's own notes (why a card can't be picked up, a copied deal number), and what the
// polite live region announces. Explicit state: the message shown, `{ text, kind, pile }`.

import { showMessage } from "./view.js";

/**
 * What a new state does to the message: `{ text, kind, pile }` to show, `null` to clear it,
 * `undefined` to leave it. `answered`: the state answers the board's last request, about
 * `pile` (then the message goes next to that pile; Python's own news, such as a move made
 * from code, goes at the top).
 */
export function messageFor(before, state, answered, pile) {
  const ended = state.status !== "playing" && state.message_kind !== "error";
  if (ended) return null; // the finished-game panel says it
  if (state.message && (!before || state.version !== before.version)) {
    return { text: String(state.message), kind: state.message_kind || "", pile: answered ? pile : null };
  }
  if (state.moves !== before?.moves || state.variant !== before?.variant) return null;
  return undefined;
}

/** What the live region says for a new state: its message, or the move just made, or "". */
export function announcement(before, now) {
  if (!before) return [];
  const out = [];
  if (now.message && (now.message !== before.message || now.version !== before.version)) out.push(now.message);
  else if (now.last_move_text && now.version !== before.version) out.push(now.last_move_text);
  if (now.status !== before.status && now.status !== "playing" && now.end_text) out.push(now.end_text);
  return out;
}

/** The message area and the live region of a board (`refs` from view.createBoard). */
export function createMessages(refs, { layout = () => null } = {}) {
  const shown = { text: "", kind: "", pile: null };

  function anchorOf(pile) {
    const l = layout();
    return pile && l && l.piles[pile] ? l.piles[pile] : null;
  }

  function say(text) {
    if (!text) return;
    // Re-setting identical text is not re-announced; a trailing space toggles it.
    refs.live.textContent = refs.live.textContent === text ? `${text} ` : text;
  }

  function show(text, kind = "", pile = null) {
    Object.assign(shown, { text: text || "", kind: text ? kind || "" : "", pile: text ? pile : null });
    showMessage(refs, layout(), shown.text, shown.kind, anchorOf(shown.pile));
  }

  const clear = () => show("");

  /** A note of the board's own near `pile`, said aloud too. */
  function note(text, pile = null) {
    if (!text) return;
    show(text, "info", pile);
    say(text);
  }

  /** A new state from Python: update the message and say what changed. */
  function onState(before, state, answered, pile) {
    const next = messageFor(before, state, answered, pile);
    if (next === null) clear();
    else if (next) show(next.text, next.kind, next.pile);
    for (const text of announcement(before, state)) say(text);
  }

  return { shown, say, show, clear, note, onState };
}
