// A small DOM for node --test: enough of `document` for view.js to build and redraw a
// board. It has no HTML parser on purpose: setting innerHTML, outerHTML or
// insertAdjacentHTML throws, so a test passing here proves the view built every element
// itself, and `created` lists every element made, to check none came from data.

const kebab = (k) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

class Node {
  constructor() {
    this.parentNode = null;
  }

  get parentElement() {
    return this.parentNode;
  }
}

class Text extends Node {
  constructor(text) {
    super();
    this.data = String(text);
  }

  get textContent() {
    return this.data;
  }
}

function parseSelector(sel) {
  // tag, .class, [attr] and [attr="value"], compounded: enough for view.js and widget.js
  const m = /^([a-z0-9]*)((?:\.[\w-]+|\[[\w-]+(?:="[^"]*")?\])*)$/i.exec(sel.trim());
  if (!m) throw new Error(`fakedom: selector ${sel} is not supported`);
  const parts = [...m[2].matchAll(/\.([\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]/g)];
  return (e) => (!m[1] || e.tagName === m[1].toLowerCase()) && parts.every(([, cls, attr, value]) =>
    cls ? e.classList.contains(cls) : e.hasAttribute(attr) && (value === undefined || e.getAttribute(attr) === value));
}

export class Element extends Node {
  constructor(tag, ns = null, created = []) {
    super();
    this.tagName = tag.toLowerCase();
    this.namespaceURI = ns;
    this.attrs = new Map();
    this.childNodes = [];
    this.style = { setProperty(k, v) { this[k] = v; } };
    this.value = "";
    this.checked = false;
    created.push(this);
    const el = this;
    this.dataset = new Proxy({}, {
      get: (_, k) => el.getAttribute(`data-${kebab(String(k))}`) ?? undefined,
      set: (_, k, v) => { el.setAttribute(`data-${kebab(String(k))}`, v); return true; },
    });
    this.classList = {
      list: () => (el.getAttribute("class") || "").split(/\s+/).filter(Boolean),
      contains: (c) => el.classList.list().includes(c),
      add: (...cs) => el.setAttribute("class", [...new Set([...el.classList.list(), ...cs])].join(" ")),
      remove: (...cs) => el.setAttribute("class", el.classList.list().filter((c) => !cs.includes(c)).join(" ")),
      toggle: (c, on = !el.classList.contains(c)) => (on ? el.classList.add(c) : el.classList.remove(c), on),
    };
  }

  setAttribute(k, v) { this.attrs.set(String(k).toLowerCase(), String(v)); }
  getAttribute(k) { return this.attrs.has(k) ? this.attrs.get(k) : null; }
  hasAttribute(k) { return this.attrs.has(k); }
  removeAttribute(k) { this.attrs.delete(k); }

  get id() { return this.getAttribute("id") || ""; }
  get title() { return this.getAttribute("title") || ""; }
  set title(v) { this.setAttribute("title", v); }
  get hidden() { return this.hasAttribute("hidden"); }
  set hidden(v) { if (v) this.setAttribute("hidden", ""); else this.removeAttribute("hidden"); }
  get disabled() { return this.hasAttribute("disabled"); }
  set disabled(v) { if (v) this.setAttribute("disabled", ""); else this.removeAttribute("disabled"); }

  get children() { return this.childNodes.filter((n) => n instanceof Element); }

  appendChild(n) {
    if (n.parentNode) n.parentNode.childNodes.splice(n.parentNode.childNodes.indexOf(n), 1);
    n.parentNode = this;
    this.childNodes.push(n);
    return n;
  }

  replaceChildren(...nodes) {
    for (const n of this.childNodes) n.parentNode = null;
    this.childNodes = [];
    for (const n of nodes) this.appendChild(typeof n === "string" ? new Text(n) : n);
  }

  replaceChild(n, old) {
    const k = this.childNodes.indexOf(old);
    if (k < 0) throw new Error("fakedom: replaceChild of a node that is not a child");
    if (n.parentNode) n.parentNode.childNodes.splice(n.parentNode.childNodes.indexOf(n), 1);
    this.childNodes[this.childNodes.indexOf(old)] = n;
    n.parentNode = this;
    old.parentNode = null;
    return old;
  }

  get textContent() { return this.childNodes.map((n) => n.textContent).join(""); }
  set textContent(v) { this.replaceChildren(); if (v !== "" && v != null) this.appendChild(new Text(v)); }

  set innerHTML(v) { throw new Error(`fakedom: markup parsed (innerHTML = ${String(v).slice(0, 80)})`); }
  set outerHTML(v) { throw new Error(`fakedom: markup parsed (outerHTML = ${String(v).slice(0, 80)})`); }
  insertAdjacentHTML() { throw new Error("fakedom: markup parsed (insertAdjacentHTML)"); }

  * descendants() {
    for (const c of this.children) {
      yield c;
      yield* c.descendants();
    }
  }

  querySelectorAll(sel) {
    const tests = sel.split(",").map(parseSelector);
    return [...this.descendants()].filter((e) => tests.some((t) => t(e)));
  }

  querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }

  closest(sel) {
    const t = parseSelector(sel);
    for (let e = this; e; e = e.parentNode) if (t(e)) return e;
    return null;
  }

  getBoundingClientRect() { return { left: 0, top: 0, width: 0, height: 0 }; }

  get clientWidth() { return this._clientWidth || 0; }
  set clientWidth(v) { this._clientWidth = v; }

  contains(n) {
    for (let e = n; e; e = e.parentNode) if (e === this) return true;
    return false;
  }

  matches(sel) { return sel.startsWith(":") ? false : parseSelector(sel)(this); }

  remove() {
    if (this.parentNode) this.parentNode.childNodes.splice(this.parentNode.childNodes.indexOf(this), 1);
    this.parentNode = null;
  }

  focus() { if (globalThis.document) globalThis.document.activeElement = this; }

  addEventListener(type, fn) { ((this.listeners ||= {})[type] ||= []).push(fn); }
  removeEventListener(type, fn) {
    if (this.listeners?.[type]) this.listeners[type] = this.listeners[type].filter((f) => f !== fn);
  }

  /** Dispatch `event` ({ type, ... }) here, bubbling up through the parents like the DOM. */
  dispatchEvent(event) {
    const e = Object.assign(event, {
      target: event.target || this, defaultPrevented: false, stopped: false,
      preventDefault() { this.defaultPrevented = true; }, stopPropagation() { this.stopped = true; },
    });
    for (let n = this; n && !e.stopped; n = n.parentNode) {
      for (const fn of n.listeners?.[e.type] || []) fn(e);
    }
    return !e.defaultPrevented;
  }

  /** A click, as a user's on this element. */
  click() { return this.dispatchEvent({ type: "click" }); }
}

/** Install a fresh fake `document` as a global; returns it, with `created` (every element). */
export function installDocument() {
  const created = [];
  const document = {
    created,
    activeElement: null,
    createElement: (tag) => new Element(tag, null, created),
    createElementNS: (ns, tag) => new Element(tag, ns, created),
    createTextNode: (text) => new Text(text),
  };
  globalThis.document = document;
  return document;
}
