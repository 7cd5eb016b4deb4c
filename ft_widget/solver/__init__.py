"""Solve Forty Thieves positions with perfect information, and give hints.

>>> from ft_widget import Game, solve
>>> solve(Game("lucas", deal=3), max_states=20_000).status   # a budget in states: same on any machine
Outcome.WON
"""

from .hint import Hint, hint
from .search import SolveResult, solve

__all__ = ["Hint", "SolveResult", "hint", "solve"]
