// Training on the board, drawn from the state Python publishes (issue 22): the puzzle
// panel, the review bar with its two arrows and marks, and the menu's winnable deals by
// difficulty. The browser gets data, not rules: every word here is Python's (prompt, clue,
// the moves' words, estimates, and the labels of its table state.ui, see lang.js). Pure functions
// (`hintLabel`, `reviewArrows`, `reviewStep`, ...) and DOM drawers that build elements
// one by one (`h`), never from markup.

import { h } from "./dom.js";
import { say, sayCount } from "./lang.js";
import { showing, showRequest } from "./showme.js";

/** The review's marks (each named by state.ui under its own key). */
export const MARKS = new Set(["inaccuracy", "mistake", "losing", "turning"]);
const VERDICT = { won: "winnable_verdict", lost: "lost_verdict", unknown: "unknown_verdict" };

/** Whether the Hint button shows a clue (a puzzle is on) or a hint. */
export function hintKind(state) {
  return state && state.puzzle && !state.puzzle.solved ? "clue" : "hint";
}

/** The Hint button's words: a clue while a puzzle is on. */
export function hintLabel(state, thinking = false) {
  return say(state, thinking ? "thinking" : hintKind(state));
}

export const reviewing = (state) => Boolean(state && state.review && Array.isArray(state.review.steps));

/** The step shown (`steps[at-1]`: the move that led here), or null at the start. */
export function reviewStepShown(state) {
  if (!reviewing(state)) return null;
  const { at, steps } = state.review;
  return at > 0 && at <= steps.length ? steps[at - 1] : null;
}

/**
 * The review request for going `delta` steps (or to `step`), or null past either end. `from`:
 * the step last asked for, while Python has not answered it (quick keys count from there).
 */
export function reviewStep(state, { delta = 0, step = null, from = null } = {}) {
  if (!reviewing(state)) return null;
  const n = state.review.steps.length;
  const at = from ?? state.review.at;
  const k = step === null ? at + delta : step;
  if (!Number.isInteger(k) || k < 0 || k > n || k === at) return null;
  return { action: "review", step: k };
}

/**
 * The arrows of the step shown: the move played and the expert's, between the piles the
 * step names. Kinds "played" and "expert"; the same move twice is drawn once, as agreed.
 */
export function reviewArrows(state) {
  const s = reviewStepShown(state);
  if (!s) return [];
  const out = [];
  if (s.from && s.to) out.push({ from: String(s.from), to: String(s.to), kind: "played" });
  if (s.expert && s.expert_from && s.expert_to) {
    const same = s.expert === s.played;
    out.push({ from: String(s.expert_from), to: String(s.expert_to), kind: same ? "agreed" : "expert" });
    if (same) out.shift();
  }
  return out;
}

/** A step's mark: the review's losing move is "losing" whatever the fair mark says. */
export function markOf(review, step) {
  if (!step) return null;
  if (review && review.losing_move !== null && review.losing_move !== undefined && step.index === review.losing_move) {
    return "losing";
  }
  if (review && review.turning_point !== null && review.turning_point !== undefined
      && step.index === review.turning_point) {
    return "turning"; // where the fair chances fell most (the review judged it again)
  }
  return MARKS.has(step.mark) ? step.mark : null;
}

/** The expert's own mark of a step (what the review's summary counts), losing move or not. */
export function fairMark(step) {
  const m = step && ("fair_mark" in step ? step.fair_mark : step.mark);
  return m && m !== "losing" && m !== "turning" && MARKS.has(m) ? m : null;
}

/**
 * Steps carrying a mark, for the review bar's list: [{ at, mark, fair, label, words }]. The list
 * counts the marks the summary counts (the expert's: `fair`), and names the losing move too.
 */
export function markedSteps(state) {
  if (!reviewing(state)) return [];
  const r = state.review;
  return r.steps.flatMap((s, k) => {
    const mark = markOf(r, s);
    if (!mark) return [];
    const fair = fairMark(s);
    const turning = r.turning_point === s.index ? "turning" : null;
    const names = [fair, turning, mark === "losing" ? "losing" : null].filter(Boolean)
      .map((m) => say(state, m).toLocaleLowerCase(state.ui?.language || undefined));
    return [{ at: k + 1, mark, fair, label: `${k + 1} ${[...new Set(names)].join(", ")}`, words: s.played_words }];
  });
}

function text(v) {
  return v === null || v === undefined ? "" : String(v);
}

/** Build the fixed training parts: the puzzle panel and the review bar (both hidden; named by
 * view.drawWords, from data-say-label). */
export function createTraining() {
  const puzzle = h("section", { class: "ft-puzzle", "data-say-label": "puzzle", hidden: true });
  const review = h("section", { class: "ft-review", "data-say-label": "review_of_game", hidden: true });
  return { puzzle, review };
}

/** A lesson step's rule as the panel shows it ({ heading, role, words }), or null. */
export function lessonOf(p) {
  const l = p && p.lesson;
  if (!l || typeof l !== "object") return null;
  return { heading: text(l.heading), role: l.role === "bend" ? "bend" : "rule", words: text(l.words) };
}

/** The puzzle panel: title, progress, a lesson's rule, prompt until solved, clues shown, Next. */
export function drawPuzzle(refs, state) {
  const p = state.puzzle;
  const key = p ? JSON.stringify([p.title, p.prompt, p.solved, p.clues, p.clue, p.progress, p.next, p.themes, p.theme,
    p.lesson, p.show, showing(state), state.ui?.language]) : "";
  if (refs.drawnPuzzle === key) return;
  refs.drawnPuzzle = key;
  const panel = refs.puzzle;
  if (!p) {
    panel.hidden = true;
    panel.replaceChildren();
    return;
  }
  panel.hidden = false;
  panel.dataset.solved = String(Boolean(p.solved));
  const head = h("div", { class: "ft-puzzle-head" }, [
    h("strong", { class: "ft-puzzle-title" }, [text(p.title) || say(state, "puzzle")]),
    ...(p.progress ? [h("span", { class: "ft-puzzle-progress" }, [text(p.progress)])] : []),
  ]);
  const kids = [head];
  const lesson = lessonOf(p);
  if (lesson) { // a lesson's step: its rule, or the case where it bends, above the task
    kids.push(h("p", { class: "ft-puzzle-lesson", "data-role": lesson.role }, [
      h("strong", {}, [lesson.heading]), " ", lesson.words,
    ]));
  }
  if (p.solved) {
    kids.push(h("p", { class: "ft-puzzle-solved" }, [say(state, "solved")]));
  } else {
    kids.push(h("p", { class: "ft-puzzle-prompt" }, [text(p.prompt)]));
  }
  const clues = Number(p.clues) || 0;
  if (clues || p.clue) {
    kids.push(h("p", { class: "ft-puzzle-clue" }, [
      h("span", { class: "ft-puzzle-clues" }, [sayCount(state, "clues_shown", clues)]),
      ...(p.clue ? [": ", h("span", { class: "ft-puzzle-clue-words" }, [text(p.clue)])] : []),
    ]));
  }
  if (p.show === true && !showing(state)) { // Show me: the line the last verdict speaks of, on the board
    kids.push(h("button", { type: "button", "data-puzzle": "show", title: say(state, "show_me_title") },
      [say(state, "show_me")]));
  }
  if (p.solved && p.next) {
    kids.push(h("button", { type: "button", "data-puzzle": "next" }, [say(state, lesson ? "next_step" : "next_puzzle")]));
  }
  const themes = Array.isArray(p.themes) ? p.themes.filter((t) => Array.isArray(t) && t.length === 3) : [];
  if (themes.length > 1) { // a training run: train one theme, or every theme (the kernel checks the choice)
    const choice = (theme, words) => h("button", {
      type: "button", "data-theme": theme, "aria-pressed": String((p.theme ?? "") === theme),
    }, [words]);
    kids.push(h("div", { class: "ft-puzzle-themes", role: "group", "aria-label": say(state, "train_themes") }, [
      h("span", {}, [say(state, "train_themes")]), " ",
      choice("", say(state, "every_theme")),
      ...themes.map(([theme, name, n]) => choice(text(theme), `${text(name)} (${Number(n) || 0})`)),
    ]));
  }
  panel.replaceChildren(...kids);
}

function verdictWords(state, v) {
  return VERDICT[v] ? say(state, VERDICT[v]) : text(v);
}

/** The review bar: ◀ ▶ and the step, the mark, the two moves in words, Play from here, ×. */
export function drawReview(refs, state) {
  const r = reviewing(state) ? state.review : null;
  const key = r ? JSON.stringify([r.at, r.steps.length, reviewStepShown(state), r.summary, r.losing_move, r.turning_point,
    state.ui?.language]) : "";
  if (refs.drawnReview === key) return;
  refs.drawnReview = key;
  const bar = refs.review;
  if (!r) {
    bar.hidden = true;
    bar.replaceChildren();
    return;
  }
  bar.hidden = false;
  const n = r.steps.length;
  const step = reviewStepShown(state);
  const where = r.at === 0 ? sayCount(state, "review_start", n) : say(state, "review_move", { at: r.at, n });
  const prev = say(state, "previous_move");
  const next = say(state, "next_move");
  const nav = h("div", { class: "ft-review-nav" }, [
    h("button", { type: "button", "data-review": "prev", "aria-label": prev, title: prev,
      disabled: r.at <= 0 }, ["\u25C0"]),
    h("span", { class: "ft-review-step" }, [where]), // said by the live region (messages.js)
    h("button", { type: "button", "data-review": "next", "aria-label": next, title: next,
      disabled: r.at >= n }, ["\u25B6"]),
    ...(markOf(r, step) ? [h("span", { class: "ft-mark", "data-mark": markOf(r, step) }, [say(state, markOf(r, step))])] : []),
    h("span", { class: "ft-review-gap" }),
    // Show me: the step's line on the board (the move played, or at the losing move the solver's better line)
    ...(step && step.show === true ? [h("button", { type: "button", "data-show": "open",
      title: say(state, step.show_better === true ? "show_me_better_title" : "show_me_step_title") },
    [say(state, "show_me")])] : []),
    h("button", { type: "button", "data-review": "play", title: say(state, "play_from_here_title") },
      [say(state, "play_from_here")]),
    h("button", { type: "button", "data-review": "close", "aria-label": say(state, "close_review"),
      title: say(state, "close_review") }, ["\u00D7"]),
  ]);
  const kids = [nav];
  if (step) {
    const agreed = step.expert && step.expert === step.played;
    kids.push(h("p", { class: "ft-review-played" }, [
      h("span", { class: `ft-swatch ft-swatch-${agreed ? "agreed" : "played"}`, "aria-hidden": "true" }),
      h("b", {}, [say(state, "played")]), " ", text(step.played_words || step.played),
      ...(step.estimate_played ? [` — ${text(step.estimate_played)}`] : []),
    ]));
    if (agreed) {
      kids.push(h("p", { class: "ft-review-expert" }, [say(state, "expert_same")]));
    } else if (step.expert) {
      kids.push(h("p", { class: "ft-review-expert" }, [
        h("span", { class: "ft-swatch ft-swatch-expert", "aria-hidden": "true" }),
        h("b", {}, [say(state, "expert")]), " ", text(step.expert_words || step.expert),
        ...(step.estimate_best ? [` — ${text(step.estimate_best)}`] : []),
      ]));
    }
    if (step.verdict_before || step.verdict_after) {
      kids.push(h("p", { class: "ft-review-solver", title: text(r.seeing_note) }, [
        say(state, "solver_says", { before: verdictWords(state, step.verdict_before),
          after: verdictWords(state, step.verdict_after) }),
        ...(r.losing_move === step.index ? [` — ${say(state, "the_losing_move")}`] : []),
      ]));
    }
  } else if (r.summary) {
    kids.push(h("p", { class: "ft-review-summary" }, [text(r.summary)]));
  }
  const marks = markedSteps(state);
  if (marks.length) {
    kids.push(h("div", { class: "ft-review-marks", role: "group", "aria-label": say(state, "marked_moves") }, [
      h("span", {}, [say(state, "marked")]), " ",
      ...marks.map((m) => h("button", {
        type: "button", "data-review-step": String(m.at), "data-mark": m.mark, title: text(m.words),
        "aria-current": m.at === r.at ? "step" : null,
      }, [m.label])),
    ]));
  }
  // A redraw replaces the buttons: the focus stays on the one used (◀ at the start, ▶ at the
  // end give it to the other), so keys and a screen reader keep their place.
  const active = document.activeElement;
  const kept = active && bar.contains(active) ? active.dataset.review || null : null;
  bar.replaceChildren(...kids);
  if (kept) {
    const other = { prev: "next", next: "prev" }[kept];
    const again = [kept, other].map((k) => k && bar.querySelector(`button[data-review="${k}"]`)).find((b) => b && !b.disabled);
    (again || refs.root).focus({ preventScroll: true });
  }
}

/** The menu's winnable deals by difficulty (state.difficulties), and its Review button. */
export function drawTrainingMenu(refs, state) {
  const list = Array.isArray(state.difficulties) ? state.difficulties.map(String) : [];
  const key = JSON.stringify([list, state.ui?.language]);
  if (refs.drawnDifficulties !== key) {
    refs.drawnDifficulties = key;
    refs.difficulties.hidden = !list.length;
    refs.difficulties.replaceChildren(
      h("span", { class: "ft-difficulty-label" }, [say(state, "winnable_label")]),
      ...list.map((d) => h("button", { type: "button", "data-difficulty": d,
        title: say(state, `${d}_title`) }, [say(state, d) || d])),
    );
  }
  refs.reviewItem.disabled = !state.moves && !reviewing(state);
}

/** The request a click in the training parts makes, or null (`from`: as for reviewStep). */
export function trainingRequest(state, target, from = null) {
  const b = target.closest && target.closest("button");
  if (!b || b.disabled) return null;
  const d = b.dataset;
  if (d.puzzle === "show" || d.show) return showRequest(state, b, from);
  if (d.puzzle === "next") return { action: "next_puzzle" };
  if (d.theme !== undefined) return { action: "theme", theme: d.theme || null };
  if (d.difficulty) return { action: "new", difficulty: d.difficulty };
  if (d.review === "prev") return reviewStep(state, { delta: -1, from });
  if (d.review === "next") return reviewStep(state, { delta: 1, from });
  if (d.review === "play") return { action: "play_from_here" };
  if (d.review === "close") return { action: "review_close" };
  if (d.reviewStep) return reviewStep(state, { step: Number(d.reviewStep), from });
  if (d.menu === "review" || d.end === "review") return { action: "review", step: 0 };
  return null;
}
