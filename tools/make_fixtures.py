"""Write js/test/states.json: public states made by the real engine, for the JS unit tests.

    .venv/bin/python tools/make_fixtures.py

Holds each variant's opening (deal 3) and a mid-game state (60 seeded moves), exactly as
ft_widget.board.public_state publishes them (plus the board's fields the view reads). Also writes
js/test/ui.json: the board's words in English (state.ui), which the hand-made states are given.
"""

from __future__ import annotations

import json
from pathlib import Path

from positions import mid_game

from ft_widget import VARIANTS, Board, Game, i18n
from ft_widget.board.ui_words import ui_words

OUT = Path(__file__).resolve().parents[1] / "js" / "test" / "states.json"
UI = OUT.with_name("ui.json")


def board_state(game: Game) -> dict:
    """The state a Board publishes for ``game`` (the board's own fields included)."""
    return Board(game).state


def main() -> None:
    states = {}
    for vid in VARIANTS:
        states[f"{vid}/open"] = board_state(Game(vid, deal=3))  # (in English: no language is chosen)
        states[f"{vid}/mid"] = board_state(mid_game(Game(vid, deal=3), 60, seed=3))
    OUT.write_text(json.dumps(states, indent=1) + "\n")
    print(f"wrote {len(states)} states to {OUT}")
    with i18n.using("en"):
        UI.write_text(json.dumps(ui_words(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote the board's English words to {UI}")


if __name__ == "__main__":
    main()
