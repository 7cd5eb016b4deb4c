"""ft_widget: play, teach and study the Forty Thieves family of solitaire games.

>>> from ft_widget import Game
>>> game = Game("maria", deal=5)
>>> move = game.legal_moves()[0]
>>> _ = game.play(move)
"""

from . import (
    render,  # noqa: F401 (loaded for its pictures: str(game), a game in a notebook)
    rules,
)
from .board import Board
from .cards import Card, card_name, card_str, card_symbol, parse_card
from .game import FOUNDATION, STOCK, WASTE, Choice, Game, IllegalMove, InvalidMove, Move, Outcome, Pile
from .hints import Hint, hint
from .i18n import set_language
from .policies import POLICIES, play_policy
from .rules import Build
from .solver import SolveResult, solve
from .training import ReviewStopped, deals, lesson_rules, lesson_steps, puzzles, review
from .training.progress import progress, progress_chart
from .variants import VARIANTS, Variant

__all__ = [
    "Board", "Build", "Card", "Choice", "FOUNDATION", "Game", "IllegalMove", "InvalidMove", "Move", "Outcome",
    "Pile",
    "STOCK", "VARIANTS", "Variant", "WASTE", "card_name", "card_str", "card_symbol", "parse_card",
    "POLICIES", "Hint", "ReviewStopped", "SolveResult", "deals", "hint", "lesson_rules", "lesson_steps",
    "play_policy", "progress",
    "progress_chart", "puzzles", "review",
    "rules", "set_language", "solve",
    "study",
]
__version__ = "0.1.0"


def __getattr__(name: str):
    # study() is loaded on first use: it brings pandas, and importing ft_widget.studies here
    # would make `python -m ft_widget.studies` warn that the module was imported twice.
    if name == "study":
        from .studies import study

        return study
    raise AttributeError(f"module 'ft_widget' has no attribute {name!r}")
