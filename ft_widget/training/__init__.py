"""Training: review of a game, graded deals, puzzles (issue 22); each module re-exported here."""

from .puzzles import TrainingPuzzle, puzzles  # noqa: F401  (helper "puzzles")
