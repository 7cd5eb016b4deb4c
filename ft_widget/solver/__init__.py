"""Solve Forty Thieves positions with perfect information (hints are :mod:`ft_widget.hints`).

>>> from ft_widget import Game, solve
>>> solve(Game("lucas", deal=3), max_states=20_000).status   # a budget in states: same on any machine
Outcome.WON
"""

from .search import SolveResult, solve

__all__ = ["SolveResult", "solve"]
