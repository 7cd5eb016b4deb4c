"""How loading a saved game grows with its moves: ``Game.from_record`` (and ``record()``) on records
of 1,000 to 16,000 moves, CPU time, best of 7. Linear when the time a move stays flat.

    .venv/bin/python tools/bench_records.py

Records of a built-in game (a deal, a quarter of the moves undone) and of a custom variant with a
start position (the record's other path). The games are random legal play, so they are long.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace

from ft_widget import VARIANTS, Game

SIZES = (1000, 2000, 4000, 8000, 16000)


def long_game(variant, n: int, seed: int, from_position: bool = False) -> Game:
    """A game of at least ``n`` random legal moves (the first deal that lasts that long)."""
    rng = random.Random(seed)
    for deal in range(1, 200):
        game = Game(variant, deal)
        if from_position:
            game = Game.from_position(game.position() | {"variant": game.variant.id}, game.variant)
        while len(game.history) < n and (moves := game.legal_moves()):
            game.play(rng.choice(moves))
        if len(game.history) >= n:
            return game
    raise SystemExit(f"no deal of {variant} lasted {n} random moves")


def best_of(fn, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def main() -> None:
    wide = replace(VARIANTS["number_ten"], id="wide_ten", name="Wide Ten", columns=12, cards_per_column=3)
    for label, variant, from_position in (("number_ten, a deal", "number_ten", False),
                                          ("a custom variant and a start", wide, True)):
        print(label)
        for n in SIZES:
            game = long_game(variant, n, seed=1, from_position=from_position)
            for _ in range(n // 4):
                game.undo()
            text = json.dumps(game.record())
            load, save = best_of(lambda text=text: Game.from_record(text)), best_of(game.record)
            print(f"  {n:6,} moves: from_record {load * 1e3:6.1f} ms ({load / n * 1e6:4.1f} µs a move), "
                  f"record() {save * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
