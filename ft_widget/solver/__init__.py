"""Solve Forty Thieves positions with perfect information, and give hints.

>>> from ft_widget import Game, solve
>>> solve(Game("lucas", deal=3), time_limit=5).status in ("won", "lost", "unknown")
True
"""

from .hint import Hint, hint
from .search import SolveResult, solve

__all__ = ["Hint", "SolveResult", "hint", "solve"]
