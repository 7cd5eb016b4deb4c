// Test helpers: engine-made states (states.json, from tools/make_fixtures.py) and a
// builder for small hand-made states in the protocol's shape.
import { readFileSync } from "node:fs";

// The board's words in English, as Python publishes them in its `ui` trait (tools/make_fixtures.py);
// the view reads them as state.ui, so the states here carry them.
export const UI = JSON.parse(readFileSync(new URL("./ui.json", import.meta.url), "utf8"));
export const STATES = Object.fromEntries(Object.entries(
  JSON.parse(readFileSync(new URL("./states.json", import.meta.url), "utf8")),
).map(([k, s]) => [k, { ...s, ui: UI }]));
// Stand-ins for the refusal words Python sends (state.words); tests check which is chosen.
export const WORDS = {
  foundation: "words.foundation", waste: "words.waste", face_down: "words.face_down",
  not_run: "words.not_run", no_room: "words.no_room",
};

export const VARIANTS = [...new Set(Object.keys(STATES).map((k) => k.split("/")[0]))];

/**
 * A public state. `tableau` lists columns bottom to top; "#" is a face-down card.
 * Only the fields the frontend reads are filled. What Python computes from the rules
 * (`lift`, `runs`, `home_piles`, `words`) is given by the test, never derived here:
 * `lift` and `runs` default to 1 per non-empty column.
 */
export function makeState({
  tableau, build = "same suit", sequences = false, foundations = [], waste = [], stock = 0,
  legal = [], stock_deal = 1, redeals_left = 0, variant_name = "Test", hint = null,
  lift = null, runs = null, home_piles = {}, words = WORDS, ui = UI,
}) {
  const ones = tableau.map((col) => (col.filter((c) => c !== "#").length ? 1 : 0));
  const f = Array.from({ length: 8 }, (_, k) => foundations[k] || []);
  return {
    version: 1, variant: "test", variant_name, deal: 1, columns: tableau.length, sequences, build,
    stock_deal, redeals_left,
    tableau: tableau.map((col) => ({
      down: col.filter((c) => c === "#").length, up: col.filter((c) => c !== "#"),
    })),
    foundations: f,
    waste: { count: waste.length, top: waste.slice(-stock_deal), seen: waste },
    stock: { count: stock },
    legal, home_piles, lift: lift || ones, runs: runs || lift || ones, words,
    status_text: `${variant_name} · deal 1 · 0 moves`, variants: [{ id: "test", name: variant_name }],
    last_move_text: "", moves: 0, home: f.reduce((n, p) => n + p.length, 0), status: "playing",
    can_undo: false, can_redo: false, message: "", message_kind: "", last_move: null, hint, ack: -1, ui,
  };
}

/** anywidget's model as the board uses it: get / set / save_changes / on / off. `sent` lists requests. */
export class FakeModel {
  constructor(state, extra = {}) {
    this.data = { state, request: null, column_numbers: true, ...extra };
    this.handlers = {};
    this.sent = [];
    this.saved = [];
  }

  get(name) { return this.data[name]; }
  set(name, value) { this.data[name] = value; this.dirty = name; }
  save_changes() {
    this.saved.push({ [this.dirty]: this.data[this.dirty] });
    if (this.dirty === "request") this.sent.push(this.data.request);
  }

  on(event, fn) { (this.handlers[event] ||= []).push(fn); }
  off(event, fn) { this.handlers[event] = (this.handlers[event] || []).filter((f) => f !== fn); }

  /** Python publishes `state` (acknowledging `ack` when given). */
  publish(state) {
    this.data.state = state;
    for (const fn of this.handlers["change:state"] || []) fn();
  }
}

/** Timers and clocks a test runs by hand: `run(ms)` fires the timers set so far for at most `ms`. */
export function fakeEnv(start = 1000) {
  const timers = new Map();
  let next = 1;
  const env = {
    t: start,
    now: () => env.t,
    clock: () => env.t,
    setTimeout: (fn, ms = 0) => { timers.set(next, { fn, ms }); return next++; },
    clearTimeout: (id) => timers.delete(id),
    viewportHeight: () => 900,
    reducedMotion: () => true,
    pending: () => timers.size,
    run(ms = Infinity) {
      const due = [...timers].filter(([, t]) => t.ms <= ms);
      for (const [id] of due) timers.delete(id);
      for (const [, t] of due) t.fn();
    },
  };
  return env;
}

/** Hand-made training states (review, puzzle, graded deals): see training.json's "_about". */
export const TRAINING = Object.fromEntries(Object.entries(
  JSON.parse(readFileSync(new URL("./training.json", import.meta.url), "utf8")),
).map(([k, s]) => [k, s && typeof s === "object" && !Array.isArray(s) && s.tableau ? { ui: UI, ...s } : s]));
