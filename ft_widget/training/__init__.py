"""Training: review a played game, graded deals, puzzles (each part fair, or labelled as seeing)."""

from .catalogue import DIFFICULTIES, deals
from .puzzles import TrainingPuzzle, puzzles
from .review import Review, ReviewStopped, review

__all__ = ["DIFFICULTIES", "Review", "ReviewStopped", "TrainingPuzzle", "deals", "puzzles", "review"]
