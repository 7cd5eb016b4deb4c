// The board's controller: the kernel's state in, requests out, and the local UI state in
// between, held in one explicit object `b` (no hidden closure locals) so a test can drive
// a board with a fake model and a fake document and read what it holds:
//   state      the kernel's last word
//   shown      what is drawn: the kernel's state, or a legal move's prediction
//   layout     rectangles of what is drawn (layout.js), width it was computed for
//   ui         { cursor, depth, selected, focused, keys, thinking } (keyboard.js's ui)
//   targets    piles the selected or dragged cards may go to
//   predicted  { id, timer }: a legal move drawn before the kernel's answer
//   waiting    { preview, overrides, timer }: a drop sent to Python, its preview still shown
//   action     { id, pile }: the last request and the pile it was about
//   hintId     the last hint request (the Hint button says "Thinking…" until answered)
//   lastClick  { pile, index, time }: for double-clicks
//   reviewAsked { id, step }: the review step (or Show me's ply) last asked for, until Python answers it
// Pointer input is pointer.js's, the menus menus.js's, the message area messages.js's.

import { computeLayout } from "./layout.js";
import { homeRequest, legalTargets, pickUp, stockRequest, whyNotPick } from "./drag.js";
import { clickAt, keyAction, keyCommand } from "./keyboard.js";
import { predict } from "./optimistic.js";
import { createOutbox } from "./outbox.js";
import { showing, showKey } from "./showme.js";
import { reviewing, reviewStep, trainingRequest } from "./training.js";
import { animateFrom, drawChrome, drawTable, mark, reducedMotion, revealPile, snapshot } from "./view.js";

export const DOUBLE_CLICK = 400; // ms
export const ANSWER_TIMEOUT = 2000; // ms to wait for Python before drawing its state again

const ENV = {
  now: () => Date.now(),
  clock: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (t) => clearTimeout(t),
  viewportHeight: () => (globalThis.window && window.innerHeight) || 900,
  reducedMotion,
};

/**
 * A controller for the board drawn in `refs` (view.createBoard) from `model` (anywidget's
 * get / set / save_changes). `messages` is messages.js's; `env` overrides the clock and
 * timers for tests.
 */
export function createController({ model, refs, messages, el = null, env: given = {} }) {
  const env = { ...ENV, ...given };
  const { root, table } = refs;
  // Python's state with the board's words: its own `ui` trait, sent only when the language changes
  const kernelState = () => {
    const state = model.get("state");
    const ui = model.get("ui");
    return state && ui && Object.keys(ui).length ? { ...state, ui } : state;
  };
  const b = {
    state: kernelState(), shown: null, layout: null, width: 0,
    // `keys`: the keyboard is in use, so the cursor shows (not after a mouse click)
    ui: { cursor: null, depth: 1, selected: null, focused: false, keys: false, thinking: false },
    targets: [], predicted: null, waiting: null, action: { id: -1, pile: null }, hintId: -1,
    lastClick: { pile: null, index: -1, time: 0 }, reviewAsked: null,
  };
  b.shown = b.state;
  const outbox = createOutbox(model, { now: env.now, defer: (fn) => env.setTimeout(fn, 0) });

  const ready = () => Boolean(b.state && Array.isArray(b.state.tableau));

  function send(body, pile = null, later = false) {
    const id = outbox.send(body, b.state && b.state.ack, later);
    b.action = { id, pile };
    messages.onAction(); // a message lasts until the next action
    return id;
  }

  /** A request that is no player's action (the browser's languages): no message is cleared. */
  function tell(body) {
    return outbox.send(body, b.state && b.state.ack);
  }

    /** Draw `next` (a prediction of the move sent as `id`) until the kernel answers. */
  function drawAhead(id, next, snap) {
    b.shown = next;
    env.clearTimeout(b.predicted?.timer);
    // no answer in time: draw the kernel's state again (the prediction is not the truth)
    b.predicted = {
      id, timer: env.setTimeout(() => { b.predicted = null; b.shown = b.state; redraw(); }, ANSWER_TIMEOUT),
    };
    redraw(snap);
  }

  /** Send a move; when Python listed it as legal, draw it at once. */
  function sendMove(body, pile, snap = undefined) {
    // a review shows a past position: Python refuses moves there, so none is drawn ahead
    // (nor while Show me shows a verdict's line)
    const next = body.move && !b.predicted && !reviewing(b.state) && !showing(b.state) ? predict(b.state, body.move) : null;
    const id = send(body, pile, Boolean(next));
    if (next) drawAhead(id, next, snap !== undefined ? snap : b.layout ? snapshot(table) : null);
    return id;
  }

  function maxHeight() {
    return Math.max(440, env.viewportHeight() - 120);
  }

  function redraw(before = null) {
    if (!ready()) return;
    b.width = refs.scroll.clientWidth || root.clientWidth || el?.clientWidth || 880;
    b.layout = computeLayout(b.shown, b.width, { numbers: model.get("column_numbers") !== false, maxHeight: maxHeight() });
    drawTable(refs, b.shown, b.layout);
    drawChrome(refs, b.shown, b.ui);
    mark(refs, b.shown, b.ui, b.targets, b.layout);
    if (before) animateFrom(table, before);
  }

  function remark() {
    if (ready() && b.layout) {
      mark(refs, b.shown, b.ui, b.targets, b.layout);
      drawChrome(refs, b.shown, b.ui);
    }
  }

  function setUi(patch, targets = undefined) {
    b.ui = { ...b.ui, ...patch };
    if (targets !== undefined) b.targets = targets;
  }

  function clearWaiting() {
    if (!b.waiting) return null;
    env.clearTimeout(b.waiting.timer);
    const overrides = b.waiting.overrides;
    b.waiting.preview.remove();
    b.waiting = null;
    return overrides;
  }

  function indexOf(pick) {
    if (pick.pile === "w") return b.state.waste.count - 1;
    const c = b.state.tableau[Number(pick.pile) - 1];
    return c ? c.down + c.up.length - pick.count : -1;
  }

  function onState() {
    const before = b.state;
    b.state = kernelState();
    if (!ready()) return;
    const { state } = b;
    const answered = state.ack >= b.action.id;
    if (b.predicted && state.ack >= b.predicted.id) {
      env.clearTimeout(b.predicted.timer);
      b.predicted = null;
    }
    if (!b.predicted) b.shown = state;
    if (state.ack >= b.hintId) setUi({ thinking: false });
    if (state.status !== "won") refs.stage.classList.remove("ft-celebrate");
    const overrides = clearWaiting();
    const snap = b.layout ? snapshot(table, overrides || new Map()) : null;
    if (b.ui.selected) {
      // keep a selection only if exactly those cards can still be picked up there
      const again = pickUp(state, b.ui.selected.pile, indexOf(b.ui.selected));
      if (!again || again.cards.join() !== b.ui.selected.cards.join()) setUi({ selected: null });
    }
    b.targets = [];
    redraw(snap);
    messages.onState(before, state, answered, b.action.pile);
    if (before && before.status !== "won" && state.status === "won") celebrate();
  }

  // A won game: the foundations' Kings take a bow, one after another. Not under reduced motion.
  function celebrate() {
    if (env.reducedMotion()) return;
    refs.stage.classList.remove("ft-celebrate");
    void refs.stage.offsetWidth; // restart the animation
    refs.stage.classList.add("ft-celebrate");
    env.setTimeout(() => refs.stage.classList.remove("ft-celebrate"), 2400);
  }

  /** A click (pointer, touch tap or a scripted element.click()) on `pile`, maybe on card `hit`. */
  function clickOn(pile, hit) {
    const index = hit ? hit.index : -1;
    const now = env.clock();
    setUi({ cursor: pile, depth: 1 });
    if (pile === "s") { // every click deals, however quick
      setUi({ selected: null }, []);
      sendMove(stockRequest(b.shown), "s");
      return remark();
    }
    const { lastClick } = b;
    const double = lastClick.pile === pile && lastClick.index === index && now - lastClick.time < DOUBLE_CLICK;
    b.lastClick = double ? { pile: null, index: -1, time: 0 } : { pile, index, time: now };
    if (double && hit) {
      setUi({ selected: null }, []);
      const req = homeRequest(b.shown, pile);
      if (req) sendMove(req, pile);
      return remark();
    }
    const pick = hit ? pickUp(b.shown, hit.pile, hit.index) : null;
    const out = clickAt(b.shown, b.ui, pile, pick);
    b.ui = out.ui;
    b.targets = b.ui.selected ? legalTargets(b.shown, b.ui.selected) : [];
    if (out.request) sendMove(out.request, pile);
    else if (hit && !pick && !out.ui.selected && !b.shown.predicted) {
      messages.note(whyNotPick(b.shown, hit.pile, hit.index), pile);
    }
    if (out.say) messages.say(out.say);
    remark();
  }

  /** A click on the bare table: it drops the selection. */
  function clickTable() {
    if (!b.ui.selected) return;
    setUi({ selected: null }, []);
    remark();
  }

  function request(body, pile = null) {
    if (body.action === "move") return sendMove(body, pile);
    const id = send(body, pile);
    if (body.action === "hint") {
      b.hintId = id;
      setUi({ thinking: true });
    }
    return id;
  }

  /** The review step asked for and not answered yet (keys pressed quickly count from it), or null. */
  function reviewFrom() {
    const asked = b.reviewAsked;
    return asked && !(b.state.ack >= asked.id) ? asked.step : null;
  }

  function sendReview(body) {
    const id = request(body);
    const stepping = body.action === "review" || body.action === "show";
    b.reviewAsked = stepping && Number.isInteger(body.step) ? { id, step: body.step } : null;
  }

  /** ←/→ during a review (or Show me) step through it, Escape leaves Show me; true when the key was used. */
  function reviewKey(e) {
    if (showing(b.state)) {
      const body = showKey(b.state, e, reviewFrom());
      if (!body) return false;
      e.preventDefault();
      if (body !== "none") sendReview(body);
      return true;
    }
    if (!reviewing(b.state) || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
    const delta = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (!delta) return false;
    e.preventDefault();
    const body = reviewStep(b.state, { delta, from: reviewFrom() });
    if (body) sendReview(body);
    return true;
  }

  /** A click in the puzzle panel, the review bar, the menu or the end panel's Review. */
  function trainingClick(target) {
    if (!ready()) return false;
    const body = trainingRequest(b.state, target, reviewFrom());
    if (!body) return false;
    setUi({ selected: null }, []);
    sendReview(body);
    remark();
    return true;
  }

  /** A board key (not one typed into a button or the menu); true when it was used. */
  function key(e) {
    if (!ready() || !b.layout) return false;
    if (reviewKey(e)) return true;
    const command = keyCommand(e);
    if (!command) return false;
    e.preventDefault();
    if (command === "help") return "help";
    if (command === "spread") return toggleSpread(), true;
    const out = keyAction(b.shown, b.layout, { ...b.ui, focused: true, keys: true }, command);
    b.ui = out.ui;
    b.targets = b.ui.selected ? legalTargets(b.shown, b.ui.selected) : [];
    if (out.request) request(out.request, b.ui.cursor);
    messages.say(out.say);
    remark();
    // the cursor's pile stays in view on a narrow page, where the felt scrolls sideways
    if (["left", "right", "up", "down", "more", "fewer"].includes(command)) revealPile(refs, b.ui.cursor, cursorDepth());
    return true;
  }

  /** Open or close the spread waste (the board's own view: no request). */
  function toggleSpread() {
    setUi({ spread: !b.ui.spread });
    remark();
  }

  /** A button of the bar or the finished-game panel: `action` is its request. */
  function button(action) {
    if (!ready() || !action) return;
    setUi({ selected: null }, []);
    request(action === "review" ? { action, step: 0 } : { action });
    remark();
  }

  /** How many of its pile's cards the cursor covers (as mark draws it: one while cards are held). */
  function cursorDepth() {
    return b.ui.selected ? 1 : b.ui.depth || 1;
  }

  function focus(focused, visible = false) {
    // Tabbing in shows the cursor at once; a click's focus doesn't.
    setUi({ focused, keys: focused && (b.ui.keys || visible) });
    if (focused && !b.ui.cursor && b.layout) setUi({ cursor: b.layout.order.columns[0] });
    if (!focused) root.removeAttribute("aria-activedescendant");
    remark();
    if (focused && b.ui.keys) revealPile(refs, b.ui.cursor, cursorDepth());
  }

  /** A new game chosen in the menu: Python starts it (Undo brings this one back), or refuses. */
  function chooseVariant(id) {
    setUi({ selected: null }, []);
    model.set("variant", id);
    model.save_changes();
  }

  function destroy() {
    clearWaiting();
    env.clearTimeout(b.predicted?.timer);
    if (outbox.box.flushing) outbox.flush();
  }

  return {
    b, ready, send, tell, sendMove, drawAhead, redraw, remark, setUi, clearWaiting, onState, clickOn, clickTable,
    request, key, reviewKey, trainingClick, button, focus, chooseVariant, toggleSpread, destroy,
  };
}
