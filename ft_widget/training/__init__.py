"""Training: review a played game, graded deals, puzzles (each part fair, or labelled as seeing), the
fair judge of a position's moves over the cards a player cannot see (:func:`judge`), and
the learner's progress kept (``ft_widget.progress()`` reads it: the function is exported from
``ft_widget``, not here, where ``progress`` is its module)."""

from .catalogue import DIFFICULTIES, deals
from .fair import FairVerdict, judge
from .lessons import lesson_rules, lesson_steps
from .progress import Progress, progress_chart
from .puzzles import TrainingPuzzle, puzzles
from .review import Review, ReviewStopped, review

__all__ = ["DIFFICULTIES", "FairVerdict", "Progress", "Review", "ReviewStopped", "TrainingPuzzle", "deals",
           "judge", "lesson_rules", "lesson_steps", "progress_chart", "puzzles", "review"]
