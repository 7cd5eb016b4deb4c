"""Mid-game positions for pictures and fixtures: seeded, so the same on every run."""

from __future__ import annotations

import random

from ft_widget import Game


def mid_game(game: Game, moves: int, seed: int) -> Game:
    """Play up to ``moves`` legal moves on ``game`` (in place), preferring moves home and between
    piles over deals four times in five, so the columns look like a game in progress."""
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        home = [m for m in legal if m.is_home]
        plays = [m for m in legal if not (m.is_deal or m.is_redeal)]
        game.play(rng.choice(home or plays) if (home or plays) and rng.random() < 0.8 else legal[-1])
    return game
