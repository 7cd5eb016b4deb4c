"""Puzzles on the board: the one judge lives in :mod:`ft_widget.training.puzzles`; this module
keeps its old import path.

>>> from ft_widget import Board, puzzles
>>> puzzle = Board.puzzle(puzzles("maria")[0])
>>> puzzle.check(puzzle.answers[0]).verdict, puzzle.check(puzzles("maria")[0].habit).verdict
('winnable', 'lost')

A shipped puzzle (``ft_widget.puzzles(variant)``) is judged from its stored verdicts; any
other position (a Game, a position or a record) by solving each legal move once within
``max_states`` (the solver, which sees every card: the feedback says so).
"""

from __future__ import annotations

from .training.puzzles import GOALS, Puzzle, Verdict

__all__ = ["GOALS", "Puzzle", "Verdict"]
