// The game menu (games of the family, a deal by number, copy the deal number) and the
// keyboard help. Explicit state: whether each is open, which lives in the DOM's `hidden`
// (the one place a test or a screen reader reads it). What a choice does is the caller's:
// `actions` = { state(), request(body), chooseVariant(id), note(text), focusBoard() }.

import { say } from "./lang.js";

/** The item the arrow keys, Home and End move the focus to in a list of `n` (from `k`). */
export function menuStep(key, k, n) {
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  if (key === "ArrowDown") return (k + 1) % n;
  if (key === "ArrowUp") return (k - 1 + n) % n;
  return null;
}

/** A deal number typed in the menu: a whole number from 1 up, or null. */
export function dealNumber(text) {
  const deal = Number(text);
  return String(text).trim() !== "" && Number.isInteger(deal) && deal >= 1 ? deal : null;
}

export function createMenus(refs, actions) {
  const { menu, variant, variants } = refs;
  const isOpen = () => !menu.hidden;

  function open() {
    menu.hidden = false;
    variant.setAttribute("aria-expanded", "true");
    (variants.querySelector('[aria-pressed="true"]') || menu.querySelector("button"))?.focus();
  }

  function close(refocus = false) {
    menu.hidden = true;
    variant.setAttribute("aria-expanded", "false");
    if (refocus) variant.focus();
  }

  const toggle = () => (isOpen() ? close() : open());

  // The menu closes when the focus goes elsewhere.
  function onFocusOut(e) {
    const holder = variant.parentElement;
    if (isOpen() && !(e.relatedTarget && holder.contains(e.relatedTarget))) close();
  }

  // Only a deliberate choice (a click, Enter or Space on a game) starts a game: moving
  // through the list with the arrow keys just moves the focus.
  function onVariantChoice(e) {
    const b = e.target.closest("button[data-variant]");
    const state = actions.state();
    if (!b || !state) return;
    close(true);
    if (b.dataset.variant === state.variant) return;
    actions.chooseVariant(b.dataset.variant);
  }

  function onKey(e) {
    const items = [...menu.querySelectorAll("button[data-variant], button[data-difficulty], button.ft-review-item")]
      .filter((b) => !b.disabled);
    const k = items.indexOf(document.activeElement);
    const next = k < 0 ? null : menuStep(e.key, k, items.length);
    if (next === null) return;
    e.preventDefault();
    items[next].focus();
  }

  function onDealSubmit(e) {
    e.preventDefault();
    const deal = dealNumber(refs.dealInput.value);
    if (deal === null) return actions.note(say(actions.state(), "deal_bad"));
    close(true);
    actions.request({ action: "new", deal });
  }

  function onClick(e) {
    const b = e.target.closest("button[data-menu]");
    const state = actions.state();
    if (!b || !state) return;
    if (b.dataset.menu === "copy" && state.deal != null) {
      const text = String(state.deal);
      const clip = globalThis.navigator && navigator.clipboard;
      if (clip && clip.writeText) {
        clip.writeText(text).then(() => actions.note(say(state, "deal_copied", { deal: text })),
          () => actions.note(say(state, "deal_is", { deal: text })));
      } else {
        actions.note(say(state, "deal_is", { deal: text }));
      }
    }
  }

  const helpOpen = () => !refs.help.hidden;
  function openHelp() {
    refs.help.hidden = false;
    refs.help.querySelector(".ft-help-close").focus();
  }
  function closeHelp() {
    refs.help.hidden = true;
    actions.focusBoard();
  }

  /** Escape closes the help, then the menu; true when it did. */
  function escape() {
    if (helpOpen()) return closeHelp(), true;
    if (isOpen()) return close(true), true;
    return false;
  }

  variant.addEventListener("click", toggle);
  variants.addEventListener("click", onVariantChoice);
  menu.addEventListener("keydown", onKey);
  variant.parentElement.addEventListener("focusout", onFocusOut);
  menu.addEventListener("click", onClick);
  refs.dealForm.addEventListener("submit", onDealSubmit);
  refs.helpButton.addEventListener("click", openHelp);
  refs.help.querySelector(".ft-help-close").addEventListener("click", closeHelp);

  return { isOpen, open, close, toggle, openHelp, closeHelp, helpOpen, escape };
}
