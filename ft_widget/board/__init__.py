"""The board: a Jupyter widget (anywidget) that shows a game and lets a person play it.

:class:`Board` is the widget; its parts each have one job: :mod:`.protocol` (the browser's
requests), :mod:`.view` (what a player at the table sees), :mod:`.saving` (the autosave file,
its lock, the handover), :mod:`.reviewing` (review mode), :mod:`.puzzle_runs` (puzzles and
training runs), :mod:`.scores` (this session's games) and :mod:`.ui_words` (the board's words
and language).
"""

from .board import MAX_LEFT_BEHIND, Board
from .saving import SAVE_FORMAT, SaveFileInUse
from .view import public_state

__all__ = ["Board", "MAX_LEFT_BEHIND", "SAVE_FORMAT", "SaveFileInUse", "public_state"]
