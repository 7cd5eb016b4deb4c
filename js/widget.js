// The anywidget entry: wires model <-> view <-> pointer and keyboard input.
// Python's `state` trait is the only truth; this file keeps just local UI state
// (cursor, selection, a drag in progress, a move drawn before its answer) and sends
// requests (see docs/widget-protocol.md).

import { computeLayout } from "./layout.js";
import { cardAt, dropTarget, pileAt } from "./hit.js";
import { dropRequest, homeRequest, legalTargets, pickUp, stockRequest, whyNotPick } from "./drag.js";
import { clickAt, keyAction, keyCommand } from "./keyboard.js";
import { predict } from "./optimistic.js";
import {
  animateFrom, createBoard, drawChrome, drawTable, mark, reducedMotion, showMessage, snapshot,
} from "./view.js";

const DRAG_START = 5; // px a pointer must travel before a press becomes a drag
const DOUBLE_CLICK = 400; // ms
const ANSWER_TIMEOUT = 2000; // ms to wait for Python before giving a dragged card back
const ID_RESTART = 1125899906842624; // 2^50, request ids: see docs/widget-protocol.md, "ack"

function render({ model, el }) {
  const refs = createBoard(el);
  const { root, table } = refs;
  let state = model.get("state"); // the kernel's last word
  let shown = state; // what is drawn: the kernel's state, or a move's prediction
  let layout = null;
  let width = 0;
  // `keys`: the keyboard is in use, so the cursor shows (not after a mouse click)
  let ui = { cursor: null, depth: 1, selected: null, focused: false, keys: false, thinking: false };
  let targets = [];
  let lastId = 0;
  let press = null; // pointer down, maybe becoming a drag
  let drag = null; // { pick, preview, lifted, ox, oy, x, y }: cards following the pointer
  let waiting = null; // { preview, overrides, timer }: a drop sent to Python, preview still shown
  let predicted = null; // { id, timer }: a legal move drawn before the kernel's answer
  let lastClick = { pile: null, index: -1, time: 0 };
  let action = { id: -1, pile: null }; // the last request and the pile it was about
  let hintId = -1;
  let pointerClick = false; // the next click event comes from a press we handled already

  const ready = () => state && Array.isArray(state.tableau);

  // `later`: the move is drawn already; sending waits for the next task, so the drawing's
  // frame isn't held up by the comm message. Requests always leave in the order made: one
  // made while an earlier one waits queues behind it (else Python would see it as stale).
  const outbox = [];
  let flushing = null;
  function flush() {
    flushing = null;
    while (outbox.length) {
      model.set("request", outbox.shift());
      model.save_changes();
    }
  }
  function send(body, pile = null, later = false) {
    let id = Math.max(lastId + 1, Date.now(), ((state && state.ack) ?? -1) + 1);
    // Past ID_RESTART (only a sender counting from a huge number gets there) ids start
    // again from the clock, which Python then accepts: a huge id never locks the board.
    if (id > ID_RESTART) id = Math.max(Date.now(), lastId < ID_RESTART ? lastId + 1 : 0);
    lastId = id;
    action = { id, pile };
    outbox.push({ id, ...body });
    if (later || flushing) flushing = flushing || setTimeout(flush, 0);
    else flush();
    return id;
  }

  /** Send a move; when Python listed it as legal, draw it at once. */
  function sendMove(body, pile) {
    const next = body.move && !predicted ? predict(state, body.move) : null;
    const id = send(body, pile, Boolean(next));
    if (next) {
      const snap = layout ? snapshot(table) : null;
      shown = next;
      clearTimeout(predicted?.timer);
      // no answer in time: draw the kernel's state again (the prediction is not the truth)
      predicted = { id, timer: setTimeout(() => { predicted = null; shown = state; redraw(); }, ANSWER_TIMEOUT) };
      redraw(snap);
    }
    return id;
  }

  function say(text) {
    if (!text) return;
    // Re-setting identical text is not re-announced; a trailing space toggles it.
    refs.live.textContent = refs.live.textContent === text ? `${text} ` : text;
  }

  function anchorOf(pile) {
    return pile && layout && layout.piles[pile] ? layout.piles[pile] : null;
  }

  // A local note near `pile`, fading like Python's messages.
  function note(text, pile = null) {
    if (!text) return;
    showMessage(refs, layout, text, "info", anchorOf(pile));
    say(text);
  }

  function maxHeight() {
    return Math.max(440, (window.innerHeight || 900) - 120);
  }

  function redraw(before = null) {
    if (!ready()) return;
    width = refs.scroll.clientWidth || root.clientWidth || el.clientWidth || 880;
    layout = computeLayout(shown, width, { numbers: model.get("column_numbers") !== false, maxHeight: maxHeight() });
    drawTable(refs, shown, layout);
    drawChrome(refs, shown, ui);
    mark(refs, shown, ui, targets, layout);
    if (before) animateFrom(table, before);
  }

  function remark() {
    if (ready() && layout) {
      mark(refs, shown, ui, targets, layout);
      drawChrome(refs, shown, ui);
    }
  }

  function clearWaiting() {
    if (!waiting) return null;
    clearTimeout(waiting.timer);
    const overrides = waiting.overrides;
    waiting.preview.remove();
    waiting = null;
    return overrides;
  }

  function onState() {
    const before = state;
    state = model.get("state");
    if (!ready()) return;
    const answered = state.ack >= action.id;
    if (predicted && state.ack >= predicted.id) {
      clearTimeout(predicted.timer);
      predicted = null;
    }
    if (!predicted) shown = state;
    if (state.ack >= hintId) ui = { ...ui, thinking: false };
    if (state.status !== "won") refs.stage.classList.remove("ft-celebrate");
    const overrides = clearWaiting();
    const snap = layout ? snapshot(table, overrides || new Map()) : null;
    if (ui.selected) {
      // keep a selection only if exactly those cards can still be picked up there
      const again = pickUp(state, ui.selected.pile, indexOf(ui.selected));
      if (!again || again.cards.join() !== ui.selected.cards.join()) ui = { ...ui, selected: null };
    }
    targets = [];
    redraw(snap);
    const ended = state.status !== "playing" && state.message_kind !== "error";
    if (ended) {
      showMessage(refs, layout, "", ""); // the finished-game panel says it
    } else if (state.message && (!before || state.version !== before.version)) {
      // next to the action it answers; Python's own news (a move from code) at the top
      showMessage(refs, layout, state.message, state.message_kind, answered ? anchorOf(action.pile) : null);
    } else if (state.moves !== before?.moves || state.variant !== before?.variant) {
      showMessage(refs, layout, "", "");
    }
    announce(before, state);
    if (before && before.status !== "won" && state.status === "won") celebrate();
  }

  function indexOf(pick) {
    if (pick.pile === "w") return state.waste.count - 1;
    const c = state.tableau[Number(pick.pile) - 1];
    return c ? c.down + c.up.length - pick.count : -1;
  }

  function announce(before, now) {
    if (!before || !ready()) return;
    if (now.message && (now.message !== before.message || now.version !== before.version)) {
      say(now.message);
    } else if (now.last_move_text && now.version !== before.version) {
      say(now.last_move_text);
    }
    if (now.status !== before.status && now.status !== "playing" && now.end_text) say(now.end_text);
  }

  // A won game: the foundations' Kings take a bow, one after another. Not under reduced motion.
  function celebrate() {
    if (reducedMotion()) return;
    refs.stage.classList.remove("ft-celebrate");
    void refs.stage.offsetWidth; // restart the animation
    refs.stage.classList.add("ft-celebrate");
    setTimeout(() => refs.stage.classList.remove("ft-celebrate"), 2400);
  }

  // ---------------------------------------------------------------- pointer
  function point(e) {
    const r = table.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  function onPointerDown(e) {
    if (!ready() || !layout || e.button > 0 || waiting) return;
    const p = point(e);
    const hit = cardAt(layout, p.x, p.y);
    const pile = hit ? hit.pile : pileAt(layout, p.x, p.y);
    if (!pile) {
      if (ui.selected) { // a click on the bare table drops the selection
        ui = { ...ui, selected: null };
        targets = [];
        remark();
      }
      return;
    }
    root.focus({ preventScroll: true });
    ui = { ...ui, keys: false };
    // picks read what is drawn: while a move awaits its answer nothing on it can be lifted
    press = { ...p, id: e.pointerId, hit, pile, pick: hit ? pickUp(shown, hit.pile, hit.index) : null };
    table.setPointerCapture?.(e.pointerId);
    e.preventDefault(); // no text selection, no emulated mouse events after touch
  }

  function startDrag(e) {
    const { pick } = press;
    const pileEl = table.querySelector(`[data-pile="${pick.pile}"]`);
    const cards = [...pileEl.querySelectorAll(".ft-card")].slice(-pick.count);
    const tr = table.getBoundingClientRect();
    const first = cards[0].getBoundingClientRect();
    const preview = document.createElement("div");
    preview.className = "ft-drag";
    preview.setAttribute("aria-hidden", "true");
    for (const c of cards) {
      const r = c.getBoundingClientRect();
      const clone = c.cloneNode(true);
      clone.removeAttribute("data-card"); // the DOM contract's cards are the real ones
      clone.classList.remove("ft-selected", "ft-cursor");
      clone.style.left = `${r.left - first.left}px`;
      clone.style.top = `${r.top - first.top}px`;
      preview.appendChild(clone);
      c.classList.add("ft-lifted");
    }
    refs.stage.appendChild(preview); // beside the table: redraws leave it alone
    drag = { pick, preview, lifted: cards, ox: first.left - tr.left - press.x, oy: first.top - tr.top - press.y };
    ui = { ...ui, selected: null };
    targets = legalTargets(state, pick);
    remark();
    moveDrag(e);
  }

  function moveDrag(e) {
    const p = point(e);
    drag.x = p.x + drag.ox;
    drag.y = p.y + drag.oy;
    drag.preview.style.transform = `translate(${drag.x}px, ${drag.y}px)`;
    const over = dropTarget(layout, { x: drag.x, y: drag.y, w: layout.cardW, h: layout.cardH }, p, drag.pick.pile);
    for (const t of table.querySelectorAll(".ft-over")) t.classList.remove("ft-over");
    if (over && targets.includes(over)) table.querySelector(`[data-pile="${over}"]`)?.classList.add("ft-over");
  }

  function onPointerMove(e) {
    if (!press || e.pointerId !== press.id) return;
    if (drag) return moveDrag(e);
    const p = point(e);
    if (press.pick && Math.hypot(p.x - press.x, p.y - press.y) > DRAG_START) startDrag(e);
  }

  function endDrag(e, cancelled) {
    const p = point(e);
    const { pick, preview, lifted } = drag;
    const target = cancelled ? null : dropTarget(layout, { x: drag.x, y: drag.y, w: layout.cardW, h: layout.cardH }, p, pick.pile);
    const request = target ? dropRequest(state, pick, target) : null;
    // The dragged cards' place on screen now: the next redraw slides them from here,
    // onto their new pile or (refused) back home.
    const overrides = new Map();
    [...preview.children].forEach((c, k) => overrides.set(lifted[k], c.getBoundingClientRect()));
    drag = null;
    targets = [];
    if (request && state.legal.includes(request.move)) {
      preview.remove();
      // drawn at once from where the card was let go
      const snap = snapshot(table, overrides);
      const id = send(request, target, true);
      shown = predict(state, request.move) || state;
      clearTimeout(predicted?.timer);
      predicted = { id, timer: setTimeout(() => { predicted = null; shown = state; redraw(); }, ANSWER_TIMEOUT) };
      redraw(snap);
    } else if (request) {
      send(request, target);
      waiting = {
        preview, overrides,
        timer: setTimeout(() => { const o = clearWaiting(); redraw(snapshot(table, o)); }, ANSWER_TIMEOUT),
      };
    } else {
      preview.remove();
      redraw(snapshot(table, overrides));
    }
  }

  /** A click (pointer, touch tap or a scripted element.click()) on `pile`, maybe on card `hit`. */
  function clickOn(pile, hit) {
    const index = hit ? hit.index : -1;
    const now = performance.now();
    ui = { ...ui, cursor: pile, depth: 1 };
    if (pile === "s") { // every click deals, however quick
      ui = { ...ui, selected: null };
      targets = [];
      sendMove(stockRequest(shown), "s");
      return remark();
    }
    const double = lastClick.pile === pile && lastClick.index === index && now - lastClick.time < DOUBLE_CLICK;
    lastClick = double ? { pile: null, index: -1, time: 0 } : { pile, index, time: now };
    if (double && hit) {
      ui = { ...ui, selected: null };
      targets = [];
      const req = homeRequest(shown, pile);
      if (req) sendMove(req, pile);
      return remark();
    }
    const pick = hit ? pickUp(shown, hit.pile, hit.index) : null;
    const out = clickAt(shown, ui, pile, pick);
    ui = out.ui;
    targets = ui.selected ? legalTargets(shown, ui.selected) : [];
    if (out.request) sendMove(out.request, pile);
    else if (hit && !pick && !out.ui.selected && !shown.predicted) note(whyNotPick(shown, hit.pile, hit.index), pile);
    if (out.say) say(out.say);
    remark();
  }

  function onPointerUp(e) {
    if (!press || e.pointerId !== press.id) return;
    if (drag) endDrag(e, false);
    else clickOn(press.pile, press.hit);
    press = null;
    pointerClick = true; // the click event that follows is this press's
    setTimeout(() => { pointerClick = false; }, 0);
  }

  function onPointerCancel(e) {
    if (!press || e.pointerId !== press.id) return;
    if (drag) endDrag(e, true);
    press = null;
  }

  // Switch access and voice control send a bare `click` on an element, with no pointer
  // events before it: find the pile and card from the element itself.
  function onTableClick(e) {
    if (pointerClick) {
      pointerClick = false;
      return;
    }
    if (!ready() || !layout || waiting) return;
    const pileEl = e.target.closest && e.target.closest("[data-pile]");
    if (!pileEl || !table.contains(pileEl)) return;
    const pile = pileEl.dataset.pile;
    const cardEl = e.target.closest(".ft-card");
    let hit = null;
    if (cardEl && pileEl.contains(cardEl)) {
      const k = [...pileEl.querySelectorAll(".ft-card")].indexOf(cardEl);
      const c = layout.piles[pile].cards[k];
      if (c) hit = { pile, index: c.index, card: c.card };
    }
    clickOn(pile, hit);
  }

  // ---------------------------------------------------------------- keyboard
  function onKey(e) {
    // Keys typed on the board are the board's: JupyterLab must not see them.
    e.stopPropagation();
    if (e.type !== "keydown" || !ready() || !layout) return;
    if (e.key === "Escape" && !refs.help.hidden) return closeHelp();
    if (e.key === "Escape" && !refs.menu.hidden) return closeMenu(true);
    if (e.target !== root && e.key !== "Escape") return; // buttons and the menu keep their keys
    const command = keyCommand(e);
    if (!command) return;
    e.preventDefault();
    if (command === "help") return openHelp();
    const out = keyAction(shown, layout, { ...ui, focused: true, keys: true }, command);
    ui = out.ui;
    targets = ui.selected ? legalTargets(shown, ui.selected) : [];
    if (out.request) request(out.request, ui.cursor);
    say(out.say);
    remark();
  }

  function request(body, pile = null) {
    if (body.action === "move") return sendMove(body, pile);
    const id = send(body, pile);
    if (body.action === "hint") {
      hintId = id;
      ui = { ...ui, thinking: true };
    }
    return id;
  }

  function onFocus(focused) {
    // Tabbing in shows the cursor at once; a click's focus doesn't.
    ui = { ...ui, focused, keys: focused && (ui.keys || root.matches(":focus-visible")) };
    if (focused && !ui.cursor && layout) ui.cursor = layout.order.columns[0];
    if (!focused) root.removeAttribute("aria-activedescendant");
    remark();
  }
  const onFocusIn = (e) => onFocus(e.target === root);
  const onFocusOut = () => onFocus(false);

  // ---------------------------------------------------------------- buttons and menus
  function onButton(e) {
    if (!ready()) return;
    const end = e.target.closest("button[data-end]");
    const b = e.target.closest("button[data-action]");
    const a = end ? end.dataset.end : b && b.dataset.action;
    if (!a) return;
    ui = { ...ui, selected: null };
    targets = [];
    request({ action: a });
    remark();
  }

  function openMenu() {
    refs.menu.hidden = false;
    refs.variant.setAttribute("aria-expanded", "true");
    (refs.variants.querySelector('[aria-pressed="true"]') || refs.variants.querySelector("button"))?.focus();
  }

  function closeMenu(refocus = false) {
    refs.menu.hidden = true;
    refs.variant.setAttribute("aria-expanded", "false");
    if (refocus) refs.variant.focus();
  }

  // The menu closes when the focus or a press goes elsewhere.
  function onMenuFocusOut(e) {
    const menu = refs.variant.parentElement;
    if (!refs.menu.hidden && !(e.relatedTarget && menu.contains(e.relatedTarget))) closeMenu();
  }

  function onMenuButton() {
    if (refs.menu.hidden) openMenu();
    else closeMenu();
  }

  // Only a deliberate choice (a click, Enter or Space on a game) starts a game: moving
  // through the list with the arrow keys just moves the focus.
  function onVariantChoice(e) {
    const b = e.target.closest("button[data-variant]");
    if (!b || !ready()) return;
    closeMenu(true);
    if (b.dataset.variant === state.variant) return;
    ui = { ...ui, selected: null };
    targets = [];
    // Python starts a new game of that variant (Undo brings this one back), or refuses.
    model.set("variant", b.dataset.variant);
    model.save_changes();
  }

  function onMenuKey(e) {
    if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(e.key)) return;
    const items = [...refs.variants.querySelectorAll("button")];
    const k = items.indexOf(document.activeElement);
    if (k < 0) return;
    e.preventDefault();
    const next = e.key === "Home" ? 0 : e.key === "End" ? items.length - 1
      : (k + (e.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
    items[next].focus();
  }

  function onDealSubmit(e) {
    e.preventDefault();
    const deal = Number(refs.dealInput.value);
    if (!Number.isInteger(deal) || deal < 1) {
      note("A deal number is a whole number from 1 up.", null);
      return;
    }
    closeMenu(true);
    request({ action: "new", deal });
  }

  function onMenuClick(e) {
    const b = e.target.closest("button[data-menu]");
    if (b && b.dataset.menu === "copy" && state.deal != null) {
      const text = String(state.deal);
      const done = () => note(`Deal ${text} copied.`);
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, () => note(`The deal number is ${text}.`));
      } else {
        note(`The deal number is ${text}.`);
      }
    }
  }

  function onAuto() {
    model.set("auto_home", refs.auto.checked);
    model.save_changes();
  }

  function openHelp() {
    refs.help.hidden = false;
    refs.help.querySelector(".ft-help-close").focus();
  }

  function closeHelp() {
    refs.help.hidden = true;
    root.focus({ preventScroll: true });
  }

  const resize = new ResizeObserver(() => {
    const w = refs.scroll.clientWidth;
    if (w && Math.abs(w - width) > 1) redraw();
  });

  const onColumnNumbers = () => redraw();

  model.on("change:state", onState);
  model.on("change:column_numbers", onColumnNumbers);
  table.addEventListener("pointerdown", onPointerDown);
  table.addEventListener("pointermove", onPointerMove);
  table.addEventListener("pointerup", onPointerUp);
  table.addEventListener("pointercancel", onPointerCancel);
  table.addEventListener("click", onTableClick);
  for (const t of ["keydown", "keyup", "keypress"]) root.addEventListener(t, onKey);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  root.querySelector(".ft-buttons").addEventListener("click", onButton);
  refs.end.addEventListener("click", onButton);
  refs.variant.addEventListener("click", onMenuButton);
  refs.variants.addEventListener("click", onVariantChoice);
  refs.menu.addEventListener("keydown", onMenuKey);
  refs.variant.parentElement.addEventListener("focusout", onMenuFocusOut);
  refs.menu.addEventListener("click", onMenuClick);
  refs.dealForm.addEventListener("submit", onDealSubmit);
  refs.auto.addEventListener("change", onAuto);
  refs.helpButton.addEventListener("click", openHelp);
  refs.help.querySelector(".ft-help-close").addEventListener("click", closeHelp);
  resize.observe(refs.scroll);
  redraw();

  return () => {
    model.off("change:state", onState);
    model.off("change:column_numbers", onColumnNumbers);
    resize.disconnect();
    clearWaiting();
    clearTimeout(predicted?.timer);
    if (flushing) flush();
    root.remove();
  };
}

export default { render };
