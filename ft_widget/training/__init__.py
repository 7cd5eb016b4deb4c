"""Training: review a played game, graded deals, puzzles (each part fair, or labelled as seeing)."""

from .review import Review, review

__all__ = ["Review", "review"]
