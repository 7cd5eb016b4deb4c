"""Training: deals graded by difficulty (and, from the other helpers, reviews and puzzles)."""

from .catalogue import DIFFICULTIES, deals  # noqa: F401
