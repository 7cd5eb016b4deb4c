// The anywidget entry: builds the board and wires model, controller, pointer, keys and
// menus together. Python's `state` trait is the only truth; the local UI state lives in
// controller.js (`ctrl.b`), pointer.js, messages.js and menus.js, each explicit and each
// tested under node --test (see docs/widget-protocol.md for the requests).

import { createController } from "./controller.js";
import { createMenus } from "./menus.js";
import { createMessages } from "./messages.js";
import { attachPointer } from "./pointer.js";
import { createBoard } from "./view.js";

function render({ model, el }) {
  const refs = createBoard(el);
  const { root } = refs;
  const messages = createMessages(refs, { focusBoard: () => root.focus({ preventScroll: true }) });
  const ctrl = createController({ model, refs, messages, el });
  const menus = createMenus(refs, {
    state: () => (ctrl.ready() ? ctrl.b.state : null),
    request: (body) => ctrl.request(body),
    chooseVariant: (id) => ctrl.chooseVariant(id),
    note: (text) => messages.note(text),
    focusBoard: () => root.focus({ preventScroll: true }),
  });
  attachPointer(ctrl, refs);

  function onKey(e) {
    // Keys typed on the board are the board's: JupyterLab must not see them.
    e.stopPropagation();
    if (e.type !== "keydown" || !ctrl.ready() || !ctrl.b.layout) return;
    if (e.key === "Escape" && menus.escape()) return;
    // ←/→ step through a review or Show me's line, from the board or from their bars' buttons
    if ((refs.review.contains(e.target) || refs.show.contains(e.target)) && ctrl.reviewKey(e)) return;
    if (e.target !== root && e.key !== "Escape") return; // buttons and the menu keep their keys
    if (ctrl.key(e) === "help") menus.openHelp();
  }

  function onButton(e) {
    const end = e.target.closest("button[data-end]");
    const button = e.target.closest("button[data-action]");
    ctrl.button(end ? end.dataset.end : button && button.dataset.action);
  }

  // The training parts (puzzle panel, review bar, the menu's graded deals and Review)
  const onTraining = (e) => {
    if (ctrl.trainingClick(e.target) && refs.menu.contains(e.target)) menus.close(true);
  };

  const onFocusIn = (e) => ctrl.focus(e.target === root, root.matches(":focus-visible"));
  const onFocusOut = () => ctrl.focus(false);
  const onAuto = () => {
    model.set("auto_home", refs.auto.checked);
    model.save_changes();
  };
  const onState = () => ctrl.onState();
  const onColumnNumbers = () => ctrl.redraw();
  const resize = new ResizeObserver(() => {
    const w = refs.scroll.clientWidth;
    if (w && Math.abs(w - ctrl.b.width) > 1) ctrl.redraw();
  });

  model.on("change:state", onState);
  model.on("change:column_numbers", onColumnNumbers);
  for (const t of ["keydown", "keyup", "keypress"]) root.addEventListener(t, onKey);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  root.querySelector(".ft-buttons").addEventListener("click", onButton);
  refs.stop.addEventListener("click", onButton);
  refs.end.addEventListener("click", onButton);
  for (const part of [refs.puzzle, refs.show, refs.review, refs.menu]) part.addEventListener("click", onTraining);
  refs.auto.addEventListener("change", onAuto);
  refs.spreadButton.addEventListener("click", () => ctrl.toggleSpread());
  resize.observe(refs.scroll);
  ctrl.redraw();
  // once: the browser's languages, so a board given none speaks the reader's when it can
  const nav = globalThis.navigator || {};
  const languages = (nav.languages && nav.languages.length ? [...nav.languages] : [nav.language])
    .filter((t) => typeof t === "string" && t).slice(0, 16);
  if (languages.length) ctrl.tell({ action: "language", languages });

  return () => {
    model.off("change:state", onState);
    model.off("change:column_numbers", onColumnNumbers);
    resize.disconnect();
    ctrl.destroy();
    root.remove();
  };
}

export default { render };
