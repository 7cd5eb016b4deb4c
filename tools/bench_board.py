"""How a board's cost grows with a long session: ``python tools/bench_board.py [--actions 5000]``.

Two runs, each timed in blocks of 500 actions (CPU time, milliseconds an action):

* **new deals**: a board that autosaves plays a move, then deals a new game, ``--actions`` times:
  every game left behind used to be kept and saved, so each action grew slower;
* **a puzzle's waiting move**: on a training board, a move that can be taken back and the move
  that takes it back are played in turn, ``--actions`` moves: the game's history grows by one each
  time, and each move used to replay the whole history.

Writes ``data/board_bench.json`` (the figures and the command) and prints a table. The figures of
the first and last blocks should be alike: the cost of an action does not depend on how long the
session has run.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ft_widget import Board  # noqa: E402 (the checkout's package, not an installed one)

BLOCK = 500


def blocks(step, actions: int) -> list[float]:
    """Milliseconds of CPU an action, averaged over each block of ``BLOCK`` actions."""
    out, began = [], time.process_time()
    for k in range(1, actions + 1):
        step(k)
        if k % BLOCK == 0:
            now = time.process_time()
            out.append(round(1000 * (now - began) / BLOCK, 3))
            began = now
    return out


def new_deals(actions: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        board = Board("maria", deal=1, autosave=pathlib.Path(folder) / "game.json")

        def step(k: int) -> None:
            board.play("s>w")
            board.new_game(deal=k % 1000 + 1)

        try:
            return blocks(step, actions)
        finally:
            board.close()


def waiting_moves(actions: int) -> list[float]:
    board = Board.training("forty_thieves")
    start = board.game.position_key()
    pairs = []
    for move in board.game.legal_moves():
        after = board.game.copy()
        after.play(move)
        back = [b for b in after.legal_moves() if _back_to(after, b, start)]
        if back:
            pairs.append((move, back[0]))
    move, back = pairs[0]

    def step(k: int) -> None:
        board.play(move if k % 2 else back)

    return blocks(step, actions)


def _back_to(game, move, key) -> bool:
    trial = game.copy()
    trial.play(move)
    return trial.position_key() == key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=5000)
    args = parser.parse_args()
    runs = {"new_deals": new_deals(args.actions), "waiting_moves": waiting_moves(args.actions)}
    result = {"command": f"python tools/bench_board.py --actions {args.actions}", "block": BLOCK,
              "machine": f"{platform.python_implementation()} {platform.python_version()}, "
                         f"{os.cpu_count()} cores", "ms_per_action": runs}
    (ROOT / "data" / "board_bench.json").write_text(json.dumps(result, indent=1) + "\n")
    print(f"ms of CPU an action, in blocks of {BLOCK} actions")
    for name, figures in runs.items():
        print(f"{name:14} " + " ".join(f"{f:7.2f}" for f in figures))


if __name__ == "__main__":
    main()
