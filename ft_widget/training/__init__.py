"""Training: review a played game, graded deals, puzzles (each part fair, or labelled as seeing)."""

from .catalogue import DIFFICULTIES, deals
from .puzzles import TrainingPuzzle, puzzles
from .review import Review, review

__all__ = ["DIFFICULTIES", "Review", "TrainingPuzzle", "deals", "puzzles", "review"]
