// Elements built one by one, never parsed from markup (see view.js).

export const SVG = "http://www.w3.org/2000/svg";

/**
 * An element built in the DOM, never parsed from markup: `attrs` become attributes
 * (`class`, `style`, `aria-*`, `data-*` …; a boolean true is the bare attribute, false or
 * null leaves it out), `kids` are elements or strings, and a string is always a text node.
 * Every word that reaches the page from Python goes through here or `textContent`, so a
 * variant named `<img onerror=…>` is shown as those characters and runs nothing.
 */
export function h(tag, attrs = {}, kids = [], ns = null) {
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids) e.appendChild(typeof kid === "string" ? document.createTextNode(kid) : kid);
  return e;
}
