// Pointer input on the table: a press that becomes a click or a drag, and the bare
// `click` switch access and voice control send. Its own state, explicit in `p`:
//   press         pointer down, maybe becoming a drag: { x, y, id, hit, pile, pick }
//   drag          cards following the pointer: { pick, preview, lifted, ox, oy, x, y }
//   pointerClick  the next click event comes from a press handled already
// The board's state and what a click or a drop means are the controller's.

import { cardAt, dropTarget, pileAt } from "./hit.js";
import { dropRequest, legalTargets, pickUp } from "./drag.js";
import { predict } from "./optimistic.js";
import { ANSWER_TIMEOUT } from "./controller.js";
import { snapshot } from "./view.js";

export const DRAG_START = 5; // px a pointer must travel before a press becomes a drag

export function attachPointer(ctrl, refs) {
  const { root, table } = refs;
  const { b } = ctrl;
  const p = { press: null, drag: null, pointerClick: false };

  function point(e) {
    const r = table.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  function onPointerDown(e) {
    if (!ctrl.ready() || !b.layout || e.button > 0 || b.waiting) return;
    const at = point(e);
    const hit = cardAt(b.layout, at.x, at.y);
    const pile = hit ? hit.pile : pileAt(b.layout, at.x, at.y);
    if (!pile) return ctrl.clickTable();
    root.focus({ preventScroll: true });
    ctrl.setUi({ keys: false });
    // picks read what is drawn: while a move awaits its answer nothing on it can be lifted
    p.press = { ...at, id: e.pointerId, hit, pile, pick: hit ? pickUp(b.shown, hit.pile, hit.index) : null };
    table.setPointerCapture?.(e.pointerId);
    e.preventDefault(); // no text selection, no emulated mouse events after touch
  }

  function startDrag(e) {
    const { pick } = p.press;
    const pileEl = [...table.children].find((x) => x.dataset.pile === pick.pile);
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
    p.drag = { pick, preview, lifted: cards, ox: first.left - tr.left - p.press.x, oy: first.top - tr.top - p.press.y };
    ctrl.setUi({ selected: null }, legalTargets(b.state, pick));
    ctrl.remark();
    moveDrag(e);
  }

  function dropAt(at) {
    const { drag } = p;
    return dropTarget(b.layout, { x: drag.x, y: drag.y, w: b.layout.cardW, h: b.layout.cardH }, at, drag.pick.pile);
  }

  function moveDrag(e) {
    const at = point(e);
    p.drag.x = at.x + p.drag.ox;
    p.drag.y = at.y + p.drag.oy;
    p.drag.preview.style.transform = `translate(${p.drag.x}px, ${p.drag.y}px)`;
    const over = dropAt(at);
    for (const t of table.querySelectorAll(".ft-over")) t.classList.remove("ft-over");
    if (over && b.targets.includes(over)) [...table.children].find((x) => x.dataset.pile === over)?.classList.add("ft-over");
  }

  function onPointerMove(e) {
    if (!p.press || e.pointerId !== p.press.id) return;
    if (p.drag) return moveDrag(e);
    const at = point(e);
    if (p.press.pick && Math.hypot(at.x - p.press.x, at.y - p.press.y) > DRAG_START) startDrag(e);
  }

  function endDrag(e, cancelled) {
    const at = point(e);
    const { pick, preview, lifted } = p.drag;
    const target = cancelled ? null : dropAt(at);
    const request = target ? dropRequest(b.state, pick, target) : null;
    // The dragged cards' place on screen now: the next redraw slides them from here,
    // onto their new pile or (refused) back home.
    const overrides = new Map();
    [...preview.children].forEach((c, k) => overrides.set(lifted[k], c.getBoundingClientRect()));
    p.drag = null;
    b.targets = [];
    if (request && b.state.legal.includes(request.move)) {
      preview.remove();
      // drawn at once from where the card was let go
      const snap = snapshot(table, overrides);
      const id = ctrl.send(request, target, true);
      ctrl.drawAhead(id, predict(b.state, request.move) || b.state, snap);
    } else if (request) {
      ctrl.send(request, target);
      b.waiting = {
        preview, overrides,
        timer: setTimeout(() => { const o = ctrl.clearWaiting(); ctrl.redraw(snapshot(table, o)); }, ANSWER_TIMEOUT),
      };
    } else {
      preview.remove();
      ctrl.redraw(snapshot(table, overrides));
    }
  }

  function onPointerUp(e) {
    if (!p.press || e.pointerId !== p.press.id) return;
    if (p.drag) endDrag(e, false);
    else ctrl.clickOn(p.press.pile, p.press.hit);
    p.press = null;
    p.pointerClick = true; // the click event that follows is this press's
    setTimeout(() => { p.pointerClick = false; }, 0);
  }

  function onPointerCancel(e) {
    if (!p.press || e.pointerId !== p.press.id) return;
    if (p.drag) endDrag(e, true);
    p.press = null;
  }

  // Switch access and voice control send a bare `click` on an element, with no pointer
  // events before it: find the pile and card from the element itself.
  function onTableClick(e) {
    if (p.pointerClick) {
      p.pointerClick = false;
      return;
    }
    if (!ctrl.ready() || !b.layout || b.waiting) return;
    const pileEl = e.target.closest && e.target.closest("[data-pile]");
    if (!pileEl || !table.contains(pileEl)) return;
    const pile = pileEl.dataset.pile;
    const cardEl = e.target.closest(".ft-card");
    let hit = null;
    if (cardEl && pileEl.contains(cardEl)) {
      const k = [...pileEl.querySelectorAll(".ft-card")].indexOf(cardEl);
      const c = b.layout.piles[pile].cards[k];
      if (c) hit = { pile, index: c.index, card: c.card };
    }
    ctrl.clickOn(pile, hit);
  }

  const handlers = {
    pointerdown: onPointerDown, pointermove: onPointerMove, pointerup: onPointerUp,
    pointercancel: onPointerCancel, click: onTableClick,
  };
  for (const [type, fn] of Object.entries(handlers)) table.addEventListener(type, fn);
  return p;
}
