// Messages: Python's words about the last request (state.message, state.message_kind) and
// the board's own notes (why a card can't be picked up, a copied deal number), shown in
// the message area above the felt (view.drawMessage) until the player's next action or
// the × — they never fade and never cover a card. The area itself is the live region for
// them (role=status, errors role=alert); the hidden polite region (`say`) announces the
// rest: the move just made, the end of a game, keyboard feedback.
// Explicit state: the message shown, `{ text, kind, pile }` (`pile`: what it is about).

import { drawMessage } from "./view.js";

/**
 * Words for the review step shown: Python's spoken line ("Move 5 of 8: move Four of Spades …. A
 * mistake.", cards by name, the last step said to be the last), in the board's language.
 */
export function reviewWords(state) {
  const r = state && state.review;
  if (!r || !Array.isArray(r.steps)) return "";
  return state.spoken && state.spoken.review ? String(state.spoken.review) : "";
}

/**
 * What a new state does to the message: `{ text, kind, pile }` to show, `null` to clear it,
 * `undefined` to leave it. `answered`: the state answers the board's last request, about
 * `pile`; Python's own news (a move made from code) has no pile.
 */
export function messageFor(before, state, answered, pile) {
  const ended = state.status !== "playing" && state.message_kind !== "error";
  if (ended) return null; // the finished-game panel says it
  if (state.message && (!before || state.version !== before.version)) {
    const spoken = state.spoken && state.spoken.message ? String(state.spoken.message) : "";
    return { text: String(state.message), kind: state.message_kind || "", pile: answered ? pile : null, spoken };
  }
  if (state.moves !== before?.moves || state.variant !== before?.variant) return null;
  return undefined;
}

/** What the hidden live region says for a new state: the move made, a new clue, the end of a game. */
export function announcement(before, now) {
  if (!before) return [];
  const out = [];
  const news = now.message && (now.message !== before.message || now.version !== before.version);
  // a message is read out by the message area itself
  if (!news && !now.review && now.last_move_text && now.version !== before.version) out.push(now.last_move_text);
  // a new puzzle's prompt and a new clue are drawn in the puzzle panel only (not the message
  // area): they are read out here
  const prompt = now.puzzle && !now.puzzle.solved && now.puzzle.prompt;
  const was = before.puzzle || {};
  if (prompt && (prompt !== was.prompt || now.puzzle.title !== was.title || was.solved)) {
    out.push(String(now.spoken?.prompt || prompt));
  }
  const clue = now.puzzle && now.puzzle.clue;
  if (clue && clue !== (before.puzzle && before.puzzle.clue)) out.push(String(now.spoken?.clue || clue));
  const shown = now.show && now.show.spoken ? String(now.show.spoken) : "";
  if (shown && shown !== (before.show && before.show.spoken)) out.push(shown); // Show me's ply, in words
  const review = reviewWords(now);
  if (review && review !== reviewWords(before)) out.push(review);
  else if (now.status !== before.status && now.status !== "playing" && now.end_text && !now.review) out.push(now.end_text);
  return out;
}

/** The message area and the hidden live region of a board (`refs` from view.createBoard). */
export function createMessages(refs, { focusBoard = () => {} } = {}) {
  const shown = { text: "", kind: "", pile: null, spoken: "" };

  function say(text) {
    if (!text) return;
    // Re-setting identical text is not re-announced; a trailing space toggles it.
    refs.live.textContent = refs.live.textContent === text ? `${text} ` : text;
  }

  function show(text, kind = "", pile = null, spoken = "") {
    Object.assign(shown, { text: text || "", kind: text ? kind || "" : "", pile: text ? pile : null,
      spoken: text ? spoken || "" : "" });
    drawMessage(refs, shown.text, shown.kind, shown.spoken);
  }

  const clear = () => show("");

  /** A note of the board's own (it is read out by the message area). */
  function note(text, pile = null) {
    if (text) show(text, "info", pile);
  }

  /** A new state from Python: update the message and say what changed. */
  function onState(before, state, answered, pile) {
    const next = messageFor(before, state, answered, pile);
    if (next === null) clear();
    else if (next) show(next.text, next.kind, next.pile, next.spoken);
    for (const text of announcement(before, state)) say(text);
  }

  /** The player acts (a request leaves): the last message has been answered. */
  const onAction = () => clear();

  function dismiss() {
    clear();
    focusBoard();
  }
  refs.dismiss.addEventListener("click", dismiss);

  return { shown, say, show, clear, note, onState, onAction, dismiss };
}
