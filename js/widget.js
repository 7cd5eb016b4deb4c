// The anywidget entry: wires model <-> view <-> pointer and keyboard input.
// Python's `state` trait is the only truth; this file keeps just local UI state
// (cursor, selection, a drag in progress) and sends requests (see docs/widget-protocol.md).

import { computeLayout } from "./layout.js";
import { cardAt, dropTarget, pileAt } from "./hit.js";
import {
  dropRequest, homeRequest, isLegalDrop, legalTargets, pickUp, stockRequest, whyNotPick,
} from "./drag.js";
import { keyAction, keyCommand } from "./keyboard.js";
import { animateFrom, createBoard, drawChrome, drawTable, mark, snapshot } from "./view.js";
import { cardName } from "./cards.js";

const DRAG_START = 5; // px a pointer must travel before a press becomes a drag
const DOUBLE_CLICK = 400; // ms
const ANSWER_TIMEOUT = 2000; // ms to wait for Python before giving a dragged card back

function render({ model, el }) {
  const refs = createBoard(el);
  const { root, table } = refs;
  let state = model.get("state");
  let layout = null;
  let width = 0;
  // `keys`: the keyboard is in use, so the cursor shows (not after a mouse click)
  let ui = { cursor: null, depth: 1, selected: null, focused: false, keys: false };
  let targets = [];
  let lastId = 0;
  let press = null; // pointer down, maybe becoming a drag
  let drag = null; // { pick, preview, lifted, ox, oy, x, y }: cards following the pointer
  let waiting = null; // { preview, overrides, timer }: a drop sent to Python, preview still shown
  let lastClick = { pile: null, index: -1, time: 0 };

  const ready = () => state && Array.isArray(state.tableau);

  function send(body) {
    const id = Math.max(lastId + 1, Date.now(), ((state && state.ack) ?? -1) + 1);
    lastId = id;
    model.set("request", { id, ...body });
    model.save_changes();
    return id;
  }

  function say(text) {
    if (!text) return;
    // Re-setting identical text is not re-announced; a trailing space toggles it.
    refs.live.textContent = refs.live.textContent === text ? `${text} ` : text;
  }

  // A local note in the message line, until Python's next state replaces it.
  function note(text) {
    if (!text) return;
    refs.message.textContent = text;
    refs.message.dataset.kind = "info";
    say(text);
  }

  function redraw(before = null) {
    if (!ready()) return;
    width = table.clientWidth || root.clientWidth || el.clientWidth || 880;
    layout = computeLayout(state, width);
    drawTable(refs, state, layout);
    drawChrome(refs, state);
    mark(refs, state, ui, targets);
    if (before) animateFrom(table, before);
  }

  function remark() {
    if (ready() && layout) mark(refs, state, ui, targets);
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
    const overrides = clearWaiting();
    const snap = layout ? snapshot(table, overrides || new Map()) : null;
    if (ui.selected) {
      // keep a selection only if exactly those cards can still be picked up there
      const again = pickUp(state, ui.selected.pile, indexOf(ui.selected));
      if (!again || again.cards.join() !== ui.selected.cards.join()) ui = { ...ui, selected: null };
    }
    targets = [];
    redraw(snap);
    announce(before, state);
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
    if (now.status !== before.status && now.status !== "playing") {
      say(now.status === "won" ? "Won! All cards are home." : "No moves left.");
    }
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
    press = { ...p, id: e.pointerId, hit, pile, pick: hit ? pickUp(state, hit.pile, hit.index) : null };
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
      clone.style.left = `${r.left - first.left}px`;
      clone.style.top = `${r.top - first.top}px`;
      preview.appendChild(clone);
      c.classList.add("ft-lifted");
    }
    table.appendChild(preview);
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
    if (request) {
      send(request);
      waiting = {
        preview, overrides,
        timer: setTimeout(() => { const o = clearWaiting(); redraw(snapshot(table, o)); }, ANSWER_TIMEOUT),
      };
    } else {
      preview.remove();
      redraw(snapshot(table, overrides));
    }
  }

  function click() {
    const { hit, pile } = press;
    const index = hit ? hit.index : -1;
    const now = performance.now();
    ui = { ...ui, cursor: pile, depth: 1 };
    if (pile === "s") { // every click deals, however quick
      ui = { ...ui, selected: null };
      send(stockRequest(state));
      return remark();
    }
    const double = lastClick.pile === pile && lastClick.index === index && now - lastClick.time < DOUBLE_CLICK;
    lastClick = double ? { pile: null, index: -1, time: 0 } : { pile, index, time: now };
    if (double && hit) {
      ui = { ...ui, selected: null };
      const req = homeRequest(state, pile);
      if (req) send(req);
      return remark();
    }
    if (ui.selected) {
      const sel = ui.selected;
      if (sel.pile === pile) {
        ui = { ...ui, selected: null };
      } else if (!isLegalDrop(state, sel, pile) && press.pick) {
        ui = { ...ui, selected: press.pick }; // not a place for the selection: pick this instead
        say(`Selected ${press.pick.cards.map(cardName).join(", ")}`);
      } else {
        ui = { ...ui, selected: null };
        const req = dropRequest(state, sel, pile);
        if (req) send(req);
      }
    } else if (press.pick) {
      ui = { ...ui, selected: press.pick };
    } else if (hit) {
      note(whyNotPick(state, hit.pile, hit.index));
    }
    targets = ui.selected ? legalTargets(state, ui.selected) : [];
    remark();
  }

  function onPointerUp(e) {
    if (!press || e.pointerId !== press.id) return;
    if (drag) endDrag(e, false);
    else click();
    press = null;
  }

  function onPointerCancel(e) {
    if (!press || e.pointerId !== press.id) return;
    if (drag) endDrag(e, true);
    press = null;
  }

  // ---------------------------------------------------------------- keyboard
  function onKey(e) {
    // Keys typed on the board are the board's: JupyterLab must not see them.
    e.stopPropagation();
    if (e.type !== "keydown" || !ready() || !layout) return;
    if (e.target !== root && e.key !== "Escape") return; // buttons and the menu keep their keys
    const command = keyCommand(e);
    if (!command) return;
    e.preventDefault();
    const out = keyAction(state, layout, { ...ui, focused: true, keys: true }, command);
    ui = out.ui;
    targets = ui.selected ? legalTargets(state, ui.selected) : [];
    if (out.request) send(out.request);
    say(out.say);
    remark();
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

  function onButton(e) {
    const b = e.target.closest("button[data-action]");
    if (!b || !ready()) return;
    ui = { ...ui, selected: null };
    targets = [];
    send({ action: b.dataset.action });
    remark();
  }

  function onVariant() {
    if (!ready() || refs.variant.value === state.variant) return;
    ui = { ...ui, selected: null };
    targets = [];
    // Python starts a new game of that variant (or refuses and puts the menu back).
    model.set("variant", refs.variant.value);
    model.save_changes();
  }

  const resize = new ResizeObserver(() => {
    const w = table.clientWidth;
    if (w && Math.abs(w - width) > 1) redraw();
  });

  model.on("change:state", onState);
  table.addEventListener("pointerdown", onPointerDown);
  table.addEventListener("pointermove", onPointerMove);
  table.addEventListener("pointerup", onPointerUp);
  table.addEventListener("pointercancel", onPointerCancel);
  for (const t of ["keydown", "keyup", "keypress"]) root.addEventListener(t, onKey);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("click", onButton);
  refs.variant.addEventListener("change", onVariant);
  resize.observe(table);
  redraw();

  return () => {
    model.off("change:state", onState);
    resize.disconnect();
    clearWaiting();
    root.remove();
  };
}

export default { render };
