"""Puzzles on the board: the one judge lives in :mod:`ft_widget.training.puzzles`; this module
keeps its old import path.

>>> from ft_widget import Board, Game
>>> puzzle = Board.puzzle(Game("lucas", deal=3), max_states=20_000)   # every legal move judged
>>> puzzle.check(puzzle.answers[0]).verdict
Judgement.WINNABLE

A shipped puzzle (``ft_widget.puzzles(variant)``) is judged from its stored verdicts; any
other position (a Game, a position or a record) by solving each legal move once within
``max_states`` (the solver, which sees every card: the feedback says so).
"""

from __future__ import annotations

from .training.puzzles import GOALS, Judgement, Puzzle, Verdict

__all__ = ["GOALS", "Judgement", "Puzzle", "Verdict"]
