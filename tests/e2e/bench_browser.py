"""Browser benchmark of the board (not a test): move latency, first render, bundle size, in JupyterLab.

    .venv/bin/python tests/e2e/bench_browser.py [--moves 30] [--renders 10] [--delay 250] [--json out.json]

* **Move → drawn**: from the pointer's release (a click on the stock, or the drop that
  ends a drag) to the board's table showing the move. A move in the state's legal list is
  drawn at once, before the kernel answers (issue 10), so this holds no round trip.
  Measured twice: as the kernel is, and with ``--delay`` ms added to each of the kernel's
  answers (``Board.set_state`` sleeps first: a remote JupyterHub or Colab kernel).
* **Move → confirmed**: to the status line showing the kernel's answer (the whole round trip:
  page → JupyterLab server → kernel → page → redraw). After each answer the board must draw
  exactly the kernel's position; the count of moves where it did not is reported (must be 0).
* **First render**: running a cell that shows a new ``Board``: from the widget's
  ``comm_open`` reaching the page (the model is created, the anywidget module loaded,
  ``render`` runs) until its cards are drawn; also from the message with the view, and
  from the cell's run command. The page's first board (module not loaded yet) is
  reported apart from new boards after it.

Targets (issue 10): drawn ≤ 17 ms median with the delay, first render ≤ 150 ms, bundle
≤ 80 kB JavaScript + CSS minified.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from harness import DOM_PILES, REPO, Kernel, Lab, Notebook, expected_piles, launch_chromium  # noqa: E402

NOTEBOOK = "bench.ipynb"

# Page-side clocks. A capturing listener sees the pointer's release before the board does;
# the kernel connection's anyMessage signal notes when the new state arrives; a MutationObserver
# on the status line notes when the board shows it (drawTable runs just before).
INSTRUMENT = """() => {
    const ft = window.__ft = { t0: 0, tdraw: 0, tmsg: 0, drawn: [], moves: [], arrivals: [], frames: [] };
    const start = () => { ft.t0 = performance.now(); ft.tdraw = 0; ft.tmsg = 0; };
    document.addEventListener('pointerup', start, true);
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    // anyMessage fires as a message comes off the websocket, before it is handled
    kernel.anyMessage.connect((_, { msg, direction }) => {
        const data = direction === 'recv' && msg.header.msg_type === 'comm_msg' && msg.content.data;
        if (ft.t0 && !ft.tmsg && data && data.method === 'update' && data.state && data.state.state) {
            ft.tmsg = performance.now();
        }
    });
    const board = document.querySelector('.ft-board');
    // the table is redrawn: the move is drawn (at once if predicted, else with the answer)
    new MutationObserver(() => {
        if (!ft.t0 || ft.tdraw) return;
        ft.tdraw = performance.now();
        ft.drawn.push(ft.tdraw - ft.t0);
        const t0 = ft.t0;
        requestAnimationFrame(() => setTimeout(() => ft.frames.push(performance.now() - t0), 0));
    }).observe(board.querySelector('.ft-table'), { childList: true });
    // the status line shows the kernel's answer
    new MutationObserver(() => {
        if (!ft.t0) return;
        const t0 = ft.t0, t1 = performance.now();
        ft.t0 = 0;
        ft.moves.push(t1 - t0);
        ft.arrivals.push(ft.tmsg ? ft.tmsg - t0 : NaN);
    }).observe(board.querySelector('.ft-status'), { childList: true, characterData: true, subtree: true });
}"""

# Added to the kernel for the delayed run: every message from the browser waits first.
DELAY = """
import time as _time
from ft_widget import Board as _Board
if not hasattr(_Board, "_bench_set_state"):
    _Board._bench_set_state = _Board.set_state
def _delayed(self, sync_data):
    _time.sleep({seconds})
    return _Board._bench_set_state(self, sync_data)
_Board.set_state = _delayed
"""

# Re-run cell `index` (it shows a new Board) and time it: from the kernel's message with the
# widget's view (execute_result or display_data) to the board's cards in the page, and from
# the run command to the same moment.
RENDER_ONCE = """async (index) => {
    const app = window.jupyterapp;
    const panel = app.shell.currentWidget;
    const kernel = panel.sessionContext.session.kernel;
    const cellNode = panel.content.widgets[index].node;
    const old = cellNode.querySelector('.ft-board');  // the last run's board, about to go
    const result = {};
    const onMsg = (_, { msg, direction }) => {
        const kind = direction === 'recv' && msg.header.msg_type;
        if (kind === 'comm_open' && !result.opened) result.opened = performance.now();
        if ((kind === 'execute_result' || kind === 'display_data')
            && msg.content.data['application/vnd.jupyter.widget-view+json']) result.shown = performance.now();
    };
    kernel.anyMessage.connect(onMsg);
    const seen = new Promise((resolve) => {
        const obs = new MutationObserver(() => {
            const board = [...cellNode.querySelectorAll('.ft-board')].find((e) => e !== old);
            if (board && board.querySelector('[data-card]')) {
                result.drawn = performance.now();
                obs.disconnect();
                resolve();
            }
        });
        obs.observe(cellNode, { childList: true, subtree: true });
    });
    panel.content.activeCellIndex = index;
    result.start = performance.now();
    app.commands.execute('notebook:run-cell');
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('no board in 30 s')), 30000));
    try {
        await Promise.race([seen, late]);
    } finally {
        kernel.anyMessage.disconnect(onMsg);
    }
    return {
        render: result.drawn - result.shown, opened: result.drawn - result.opened,
        total: result.drawn - result.start,
    };
}"""


def center(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).last.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def top_of(page, pile: str) -> tuple[float, float]:
    board = '.ft-board >> nth=0'
    cards = page.locator(f'{board} >> [data-pile="{pile}"] .ft-card')
    if cards.count():
        return center(page, f'{board} >> [data-pile="{pile}"] .ft-card')
    box = page.locator(f'{board} >> [data-pile="{pile}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + 40


def act(page, kernel: Kernel, rng: random.Random) -> str:
    """One move by mouse: a drag when a card can go to a column, else a click."""
    legal = kernel.json('board.state["legal"]')
    time.sleep(0.3)  # our question kept the kernel busy: let it settle before the clock starts
    drops = [m for m in legal if re.fullmatch(r"(\d+|w)>\d+", m)]
    if drops and rng.random() < 0.7:
        src, dst = rng.choice(drops).split(">")
        x, y = top_of(page, src)
        tx, ty = top_of(page, dst)
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(tx, ty, steps=8)
        page.mouse.up()
        return "drop"
    if "s>w" in legal:
        page.mouse.click(*top_of(page, "s"))
    else:
        page.locator('.ft-board >> nth=0').locator('button[data-action="undo"]').click()
        return "undo"  # not drawn ahead: undoing a deal needs the hidden card back
    return "click"


def summary(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    q = statistics.quantiles(samples, n=10) if len(samples) > 1 else samples
    return (f"median {statistics.median(samples):6.1f} ms   p90 {q[-1]:6.1f} ms   "
            f"min {min(samples):6.1f}   max {max(samples):6.1f}   (n={len(samples)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--renders", type=int, default=10)
    ap.add_argument("--delay", type=int, default=250, help="ms added to each kernel answer in the second run")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    # A SIGTERM (a timeout, CI cancelling) unwinds the `with` blocks: the server is stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    from playwright.sync_api import sync_playwright

    rng = random.Random(1)
    figures: dict = {}
    with Lab() as lab, sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1000})
            nb = Notebook(page, lab, NOTEBOOK).open()
            nb.set_notebook_width(900)
            # the notebook's first board: the page loads the widget's module (cold) …
            cold = page.evaluate(RENDER_ONCE, 1)
            kernel = Kernel(lab, NOTEBOOK)
            # … then new boards, the module already loaded
            renders = [page.evaluate(RENDER_ONCE, 2) for _ in range(args.renders)]
            figures["render_cold_ms"] = cold["render"]
            figures["render_cold_open_ms"] = cold["opened"]
            figures["render_open_ms"] = [r["opened"] for r in renders]
            figures["render_cold_total_ms"] = cold["total"]
            figures["render_ms"] = [r["render"] for r in renders]
            figures["render_total_ms"] = [r["total"] for r in renders]
            page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex = 0")

            page.evaluate(INSTRUMENT)
            for delay in (0, args.delay):
                kernel.run(DELAY.format(seconds=delay / 1000))
                page.evaluate("() => { const f = window.__ft; f.drawn = []; f.moves = []; f.arrivals = [];"
                              " f.frames = []; }")
                kinds: list[str] = []
                wrong = 0
                for _ in range(args.moves):
                    before = page.evaluate("() => window.__ft.moves.length")
                    kinds.append(act(page, kernel, rng))
                    page.wait_for_function(f"() => window.__ft.moves.length > {before}", timeout=15_000)
                    time.sleep(0.3)  # a player's pace: the kernel and page are idle when the next move starts
                    # once the answer is in, the board draws the kernel's position and nothing else
                    k = kernel.json('{"p": board.game.position(), "d": board.game.variant.stock_deal}')
                    drawn = page.evaluate(DOM_PILES, page.locator(".ft-board").first.element_handle())
                    wrong += drawn != expected_piles(k["p"], k["d"])
                tag = f"delay{delay}"
                for key in ("drawn", "moves", "arrivals", "frames"):
                    figures[f"{tag}_{key}_ms"] = page.evaluate(f"() => window.__ft.{key}")
                figures[f"{tag}_kinds"] = kinds
                figures[f"{tag}_wrong_after_answer"] = wrong
            kernel.close()
        finally:
            browser.close()

    static = REPO / "ft_widget" / "static"
    sizes = {f.name: (f.stat().st_size, len(gzip.compress(f.read_bytes(), 9)))
             for f in sorted(static.iterdir())}
    figures["bundle_bytes"] = {name: raw for name, (raw, _) in sizes.items()}

    print("Board in JupyterLab 4, headless Chromium, this machine")
    for delay in (0, args.delay):
        tag = f"delay{delay}"
        drawn, moves, kinds = figures[f"{tag}_drawn_ms"], figures[f"{tag}_moves_ms"], figures[f"{tag}_kinds"]
        arrivals = figures[f"{tag}_arrivals_ms"]
        print(f"  kernel delay added: {delay} ms")
        print(f"    move → drawn           {summary(drawn)}   target ≤ 17 ms with the delay")
        for kind in ("drop", "click", "undo"):
            some = [t for t, k in zip(drawn, kinds, strict=False) if k == kind]
            print(f"      {kind + 's':<20} {summary(some)}")
        print(f"    move → next frame      {summary(figures[f'{tag}_frames_ms'])}")
        print(f"    move → confirmed       {summary(moves)}   (the kernel's answer drawn)")
        back = [a for a in arrivals if a == a]  # a == a: not NaN
        print(f"      of which: state back {summary(back)}   (page → kernel → page)")
        wrong = figures[f"{tag}_wrong_after_answer"]
        print(f"    boards not showing the kernel's position after its answer: {wrong}"
              f" of {len(moves)}")
    print("  first render, cold (the page's first board: the module is loaded)")
    print(f"    comm_open → drawn      {figures['render_cold_open_ms']:6.1f} ms   (model, module, render)")
    print(f"    view message → drawn   {figures['render_cold_ms']:6.1f} ms")
    cold_total = figures['render_cold_total_ms']
    print(f"    cell run → drawn       {cold_total:6.1f} ms   (includes the kernel's imports)")
    print("  first render of a new board")
    print(f"    comm_open → drawn      {summary(figures['render_open_ms'])}   target ≤ 150 ms")
    print(f"    view message → drawn   {summary(figures['render_ms'])}")
    print(f"    cell run → drawn       {summary(figures['render_total_ms'])}")
    for name, (raw, gz) in sizes.items():
        print(f"  {name:<22}  {raw:6d} bytes minified, {gz:6d} gzipped")
    total = sum(raw for raw, _ in sizes.values())
    print(f"  bundle, JavaScript + CSS  {total:6d} bytes minified   target ≤ 80 kB")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
