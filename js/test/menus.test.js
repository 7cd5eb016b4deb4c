import { test } from "node:test";
import assert from "node:assert/strict";
import { installDocument } from "./fakedom.js";
import { STATES } from "./helpers.js";

const { createBoard, drawChrome } = await import("../view.js");
const { createMenus, dealNumber, menuStep } = await import("../menus.js");

function setup(state = STATES["maria/open"]) {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  drawChrome(refs, state, {});
  const calls = { requests: [], variants: [], notes: [], focused: 0 };
  const menus = createMenus(refs, {
    state: () => state,
    request: (body) => calls.requests.push(body),
    chooseVariant: (id) => calls.variants.push(id),
    note: (text) => calls.notes.push(text),
    focusBoard: () => calls.focused++,
  });
  return { doc, refs, menus, calls, state };
}

test("arrow keys, Home and End walk the list round", () => {
  assert.equal(menuStep("ArrowDown", 2, 3), 0);
  assert.equal(menuStep("ArrowUp", 0, 3), 2);
  assert.equal(menuStep("Home", 2, 3), 0);
  assert.equal(menuStep("End", 0, 3), 2);
  assert.equal(menuStep("x", 0, 3), null);
});

test("a deal number is a whole number from 1 up", () => {
  assert.equal(dealNumber("12"), 12);
  for (const bad of ["", " ", "0", "-3", "1.5", "abc"]) assert.equal(dealNumber(bad), null, bad);
});

test("the menu opens on the game played, and a click on another game starts it", () => {
  const { doc, refs, menus, calls, state } = setup();
  refs.variant.click();
  assert.ok(menus.isOpen());
  assert.equal(refs.variant.getAttribute("aria-expanded"), "true");
  assert.equal(doc.activeElement.dataset.variant, state.variant, "the focus is on the game played");
  refs.variants.querySelector(`[data-variant="${state.variant}"]`).click();
  assert.ok(!menus.isOpen() && calls.variants.length === 0, "the same game: nothing starts");
  refs.variant.click();
  const other = refs.variants.querySelectorAll("button").find((b) => b.dataset.variant !== state.variant);
  other.click();
  assert.deepEqual(calls.variants, [other.dataset.variant]);
  assert.equal(doc.activeElement, refs.variant, "the focus goes back to the menu button");
});

test("a deal number starts that deal; a bad one is refused with words and the menu stays", () => {
  const { refs, menus, calls } = setup();
  menus.open();
  refs.dealInput.value = "0";
  refs.dealForm.dispatchEvent({ type: "submit" });
  assert.deepEqual(calls.requests, []);
  assert.equal(calls.notes.length, 1);
  assert.ok(menus.isOpen());
  refs.dealInput.value = "42";
  refs.dealForm.dispatchEvent({ type: "submit" });
  assert.deepEqual(calls.requests, [{ action: "new", deal: 42 }]);
  assert.ok(!menus.isOpen());
});

test("Escape closes the help first, then the menu", () => {
  const { menus, calls } = setup();
  menus.open();
  menus.openHelp();
  assert.ok(menus.escape() && menus.isOpen() && !menus.helpOpen() && calls.focused === 1);
  assert.ok(menus.escape() && !menus.isOpen());
  assert.equal(menus.escape(), false);
});
