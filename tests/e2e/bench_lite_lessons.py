"""Benchmark of the lessons' long calls in the JupyterLite site (not a test): how long 00_start_here's
computations take in the in-browser kernel, which has only the solver's pure-Python path.

    .venv/bin/python tests/e2e/bench_lite_lessons.py [--review] [--out data/lite_lessons.json]

Builds the offline site with ``lite/build.py`` (cached), serves it on 127.0.0.1, opens
``notebooks/00_start_here.ipynb`` in Chromium and runs, in its kernel, the calls of ``CALLS`` one by
one (00_start_here's own: its imports, the fair hint at the board's budget, ``estimate`` of the first
moves), timing each inside the kernel. The same calls run here in CPython, in a fresh process each,
with the solver's pure path and with its compiled core, for scale. ``--review`` adds the review of a
whole game (the game lessons' reviewed game), which takes minutes on the pure path.

The figures go to ``--out``; docs/lite.md's table is made from them
(``python tests/e2e/bench_lite_lessons.py --table data/lite_lessons.json``; tests/test_lite_readme.py
checks it).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.e2e.harness import REPO, launch_chromium  # noqa: E402
from tests.e2e.lite import Site, build_site, open_notebook, run_in_kernel, watch  # noqa: E402

LESSON = "notebooks/00_start_here.ipynb"

#: 00_start_here's first easy deal on a board, as the notebook sets it up (not timed; after the first
#: call, the import, whose time is the wheels' loading)
SETUP = """
from ft_widget import Board, Game, deals
GAME = "forty_thieves"
DEAL = deals(GAME, difficulty="easy")[0]
game = Game(GAME, deal=DEAL)
board = Board(GAME, deal=DEAL)
"""

#: (what the table calls it, the code timed): 00_start_here's long calls, as the notebook makes them
CALLS = [
    ("import ft_widget's lesson helpers (the first import loads the wheels)",
     "import ft_widget.teaching, ft_widget.expert, ft_widget.hints, ft_widget.training.catalogue"),
    ("`hint(game, max_states=...)` at the board's budget (00_start_here)",
     "from ft_widget import hint\nfrom ft_widget.hints import FAIR_STATES_PER_SECOND\n"
     "hint(game, max_states=int(FAIR_STATES_PER_SECOND * board.hint_time_limit))"),
    ("`estimate(game, rng=1)`: the three first moves in 8 worlds (00_start_here)",
     "from ft_widget.expert import estimate\nestimate(game, rng=1)"),
]
#: the game lessons' reviewed game (forty_thieves: the habit player's game of deal 2)
REVIEW = ("`review(game)` of a 144-move game (forty_thieves, deal 2)",
          "from ft_widget import play_policy, review\n"
          "_played = play_policy(Game(GAME, deal=2), 'foundations_first', rng=1)\n"
          "_g = Game(GAME, deal=2)\n"
          "for _m in _played.moves: _g.play(_m)\n"
          "_t0 = _t.perf_counter()\n"  # the replay is not the review: time from here
          "review(_g, rng=1, progress=False)")


#: how long a class waits on one cell, in seconds: beyond it, a lesson's cell must not compute in the
#: site (it shows its saved output and says why)
CLASS_WAIT_S = 60


def timed(code: str) -> str:
    """``code``, then a line printing how long it took, in seconds (``_t0`` may be reset inside)."""
    return f"import time as _t\n_t0 = _t.perf_counter()\n{code}\nprint(_t.perf_counter() - _t0)"


def in_cpython(calls: list[tuple[str, str]], core: str) -> dict[str, float]:
    """The calls in a fresh CPython process, the solver's compiled core hidden when ``core`` is pure."""
    hide = "import sys; sys.modules['ft_widget.solver._core'] = None\n" if core == "pure" else ""
    steps = [timed(code) + "\n" + (SETUP if k == 0 else "") for k, (_, code) in enumerate(calls)]
    script = hide + "\n".join(steps)
    script += "\nimport ft_widget.solver.search as _s; print(_s.COMPILED)\n"
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True,
                         cwd=REPO / "notebooks").stdout.split()
    if out[-1] != str(core == "compiled"):
        raise SystemExit(f"CPython ran the {'compiled' if out[-1] == 'True' else 'pure'} path, not {core}")
    return {name: float(s) for (name, _), s in zip(calls, out[-len(calls) - 1:-1], strict=True)}


def in_the_site(calls: list[tuple[str, str]]) -> tuple[dict[str, float], str]:
    from playwright.sync_api import sync_playwright

    with Site(build_site()) as site, sync_playwright() as p:
        browser = launch_chromium(p)
        context = browser.new_context(viewport={"width": 1300, "height": 1000})
        seen = watch(context)
        page = context.new_page()
        try:
            open_notebook(page, site, LESSON)
            times = {}
            for k, (name, code) in enumerate(calls):
                out = run_in_kernel(page, timed(code), timeout=3_600_000)
                if "ERROR" in out:
                    raise SystemExit(f"{name}: {out}")
                times[name] = float(out.split()[-1])
                print(f"site: {name}: {times[name]:.1f} s", flush=True)
                if k == 0:  # the first call is the import, which loads the wheels: set up after it
                    run_in_kernel(page, SETUP)
            version = browser.version
        finally:
            context.close()
            browser.close()
    if seen["outside"]:
        raise SystemExit(f"requests left this machine: {seen['outside']}")
    return times, version


def measure(review: bool) -> dict:
    calls = CALLS + ([REVIEW] if review else [])
    load = os.getloadavg()[0]
    site, version = in_the_site(calls)
    pure, compiled = in_cpython(calls, "pure"), in_cpython(calls, "compiled")
    # the machine may be shared: the load before and after says how far apart runs can be compared
    loads = sorted([load, os.getloadavg()[0]])
    return {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {loads[0]:.1f}–{loads[1]:.1f}",
        "chromium": version,
        "calls": [name for name, _ in calls],
        "site_s": site,
        "cpython_pure_s": pure,
        "cpython_compiled_s": compiled,
    }


def table(data: dict) -> str:
    """docs/lite.md's table, from the figures (tests/test_lite_readme.py checks the page has it)."""
    rows = [f"| call ({data['machine']}) | the site (wasm, pure path) | CPython, pure path | "
            "CPython, compiled |", "| --- | --- | --- | --- |"]
    for name in data["calls"]:
        rows.append(f"| {name} | {data['site_s'][name]:.1f} s | {data['cpython_pure_s'][name]:.1f} s "
                    f"| {data['cpython_compiled_s'][name]:.1f} s |")
    slow = [f"{name.split(':')[0]} ({data['site_s'][name]:.0f} s)" for name in data["calls"]
            if data["site_s"][name] > CLASS_WAIT_S]
    return "\n".join([*rows, "", f"Every call finished in the site. Over {CLASS_WAIT_S} s there, too long "
                      f"for a class to wait on one cell: {', '.join(slow) if slow else 'none'}."])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--review", action="store_true", help="also time the review of a whole game (minutes)")
    ap.add_argument("--out", type=Path, help="write the figures here (JSON)")
    ap.add_argument("--table", type=Path, help="print docs/lite.md's table for figures already measured")
    args = ap.parse_args()
    if args.table:
        print(table(json.loads(args.table.read_text())))
        return
    data = measure(args.review)
    if args.out:
        args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(table(data))


if __name__ == "__main__":
    main()
