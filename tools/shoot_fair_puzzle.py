"""Screenshots of a mid-game puzzle's feedback on the real board: ``maria/2-152`` (17 stock cards
left) in a training run of its theme, the habit move played (the wrong try's words) and the answer
played (the solved words), each drawn by the built bundle from the real ``Board``'s state, in the
development harness (no Jupyter kernel: tools/serve.py's API answers the page's requests).

    .venv/bin/python tools/shoot_fair_puzzle.py [out_dir] [--puzzle ID] [--moves M,M]

``--puzzle`` names another shipped puzzle (``number_ten/14-122``: a losing move the real cards
forgive) and ``--moves`` the moves to play (default: its habit move, then its first answer).
``--lesson`` shows it as a step of its game's board lesson (``rank_and_file/432-144``, a lesson
position: ``Board.lesson``), not in a training run.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import serve
from browser import launch_chromium
from playwright.sync_api import sync_playwright

from ft_widget import Board
from ft_widget.training.puzzles import shipped_puzzle

PUZZLE = "maria/2-152"


def training_board(pid: str = PUZZLE, lesson: bool = False) -> Board:
    """A training run of the puzzle's theme (with ``lesson``, its game's board lesson), on the
    puzzle."""
    p = shipped_puzzle(pid)
    board = (Board.lesson(p.variant, progress=False) if lesson
             else Board.training(p.variant, progress=False, theme=p.theme))
    while board.current_puzzle.training.id != pid:
        board.next_puzzle()
    return board


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default="screenshots")
    ap.add_argument("--puzzle", default=PUZZLE)
    ap.add_argument("--moves", default=None, help="moves to play, comma-separated")
    ap.add_argument("--lesson", action="store_true", help="the puzzle as a step of its board lesson")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    made: list[Board] = []
    serve.Board = lambda *args, **kwargs: made.append(training_board(a.puzzle, a.lesson)) or made[-1]
    plain = serve.Handler._json
    # the page's words come in the board's ui trait, which the harness API does not send: add it
    def with_words(self, data):
        if isinstance(data, dict) and "ack" in data and made:
            data = {**data, "ui": made[-1].ui}
        return plain(self, data)

    serve.Handler._json = with_words
    server, base = serve.start()
    p = shipped_puzzle(a.puzzle)
    moves = a.moves.split(",") if a.moves else [p.habit, p.answers[0]]
    tag = "midgame" if a.puzzle == PUZZLE else a.puzzle.replace("/", "-")
    tag += "-lesson" if a.lesson else ""
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_page(viewport={"width": 940, "height": 1100})
        for move in moves:
            name = "solved" if move in p.answers else "wrong" if move == p.habit else move.replace(">", "-")
            page.goto(f"{base}/js/dev/harness.html?variant={p.variant}&theme=light&width=900")
            page.wait_for_function("window.harnessReady === true")
            page.evaluate("""(m) => { window.model.set("request", {id: Date.now() * 1000, action: "move",
                              move: m}); return window.model.save_changes(); }""", move)
            time.sleep(1.0)
            path = out / f"puzzle-fair-{name}-{tag}.png"
            page.locator(".ft-board").screenshot(path=str(path))
            print(path)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
