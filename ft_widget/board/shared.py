"""What the boards of one kernel share: the lock under which any of them changes, and the list of
live boards, so that boards showing one ``Game`` stay in step.

One lock for every board: a change republishes the boards showing the same Game, so locks of
their own could deadlock. Only short work is done under it: reviews and hints think on copies,
outside it.
"""

from __future__ import annotations

import threading
import weakref

CHANGES = threading.RLock()
_BOARDS: weakref.WeakSet = weakref.WeakSet()


def register(board) -> None:
    _BOARDS.add(board)


def showing(game, but=None) -> list:
    """The live boards (other than ``but``) showing ``game``."""
    return [b for b in list(_BOARDS) if b is not but and b.game is game]


def keep_in_step(board) -> None:
    """Republish every other live board that shows ``board``'s Game (its old hint goes)."""
    for other in list(_BOARDS):
        if other is board or other.game is not board.game or other.comm is None:
            continue
        other._in_step = True
        try:
            other._hint = None
            other._changes += 1
            other._publish()
        finally:
            other._in_step = False
