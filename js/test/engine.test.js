// The real engine judges the one-card run shortcut: decompose() runs on random
// engine-made positions, and ft_widget's Game replays every list it returns.
// Needs the project's Python (FT_PYTHON, else .venv/bin/python, else python3).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { decompose, pickUp, runLength } from "../drag.js";

const root = new URL("../../", import.meta.url).pathname;
const python = process.env.FT_PYTHON
  || (existsSync(`${root}.venv/bin/python`) ? `${root}.venv/bin/python` : "python3");
const script = new URL("./engine_check.py", import.meta.url).pathname;

function engine(args, input) {
  return JSON.parse(execFileSync(python, [script, ...args], { input, cwd: root, maxBuffer: 64 << 20 }));
}

test("every run shortcut decompose() offers is legal single-card play in the engine", () => {
  const cases = engine(["positions", "7", "150"]);
  const replays = [];
  let refused = 0;
  for (const { position, state } of cases) {
    for (let i = 1; i <= state.columns; i++) {
      const src = String(i);
      for (let n = 2; n <= runLength(state, src); n++) {
        let offered = false;
        for (let j = 1; j <= state.columns; j++) {
          const moves = decompose(state, src, n, String(j));
          if (!moves) {
            refused++;
            continue;
          }
          offered = true;
          const up = state.tableau[i - 1].up;
          replays.push({ position, moves, dst: String(j), run: up.slice(up.length - n) });
        }
        // pickUp offers the run exactly when it can go somewhere
        const col = state.tableau[i - 1];
        assert.equal(Boolean(pickUp(state, src, col.down + col.up.length - n)), offered);
      }
    }
  }
  assert.ok(replays.length >= 50, `only ${replays.length} shortcuts generated: the check would be weak`);
  assert.ok(refused > 0);
  const verdicts = engine(["replay"], JSON.stringify(replays));
  verdicts.forEach((v, k) => assert.ok(v.ok, `${JSON.stringify(replays[k].moves)}: ${v.why}`));
});
