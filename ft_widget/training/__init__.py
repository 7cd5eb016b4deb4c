"""Training: review a played game, graded deals, puzzles (each part fair, or labelled as seeing), and
the learner's progress kept (``ft_widget.progress()`` reads it: the function is exported from
``ft_widget``, not here, where ``progress`` is its module)."""

from .catalogue import DIFFICULTIES, deals
from .progress import Progress, progress_chart
from .puzzles import TrainingPuzzle, puzzles
from .review import Review, ReviewStopped, review

__all__ = ["DIFFICULTIES", "Progress", "Review", "ReviewStopped", "TrainingPuzzle", "deals", "progress_chart",
           "puzzles", "review"]
