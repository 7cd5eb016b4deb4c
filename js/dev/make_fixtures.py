"""Write js/test/states.json: public states made by the real engine, for the JS unit tests.

    .venv/bin/python js/dev/make_fixtures.py

Holds each variant's opening (deal 3) and a mid-game state (60 seeded moves), exactly as
ft_widget.widget.public_state publishes them (plus the board's fields the view reads).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ft_widget import VARIANTS, Board, Game

OUT = Path(__file__).resolve().parents[1] / "test" / "states.json"


def board_state(game: Game) -> dict:
    """The state a Board publishes for ``game`` (the board's own fields included)."""
    return Board(game).state


def mid_game(game: Game, moves: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        home = [m for m in legal if str(m).endswith(">f")]
        plays = [m for m in legal if str(m)[0] != "s" and ">s" not in str(m)]
        game.play(rng.choice(home or plays) if (home or plays) and rng.random() < 0.8 else legal[-1])
    return game


def main() -> None:
    states = {}
    for vid in VARIANTS:
        states[f"{vid}/open"] = board_state(Game(vid, deal=3))
        states[f"{vid}/mid"] = board_state(mid_game(Game(vid, deal=3), 60, seed=3))
    OUT.write_text(json.dumps(states, indent=1) + "\n")
    print(f"wrote {len(states)} states to {OUT}")


if __name__ == "__main__":
    main()
