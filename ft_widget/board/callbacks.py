"""The board's ``on_move`` callbacks: called after each move enters the game, in the order played.

A callback may play a move itself: its callbacks then wait in line, so every callback sees the
moves in the order they were played (and ``waiting`` says how many are still due).
"""

from __future__ import annotations

from collections import deque

import ipywidgets

from ..game import Move


class MoveCallbacks:
    def __init__(self) -> None:
        self._callbacks = ipywidgets.CallbackDispatcher()  # shows a callback's error, as on_click does
        self._pending: deque[Move] = deque()  # moves whose callbacks are still due
        self._dispatching = False

    def register(self, callback, remove: bool = False) -> None:
        self._callbacks.register_callback(callback, remove=remove)

    @property
    def waiting(self) -> int:
        """Moves in the game already whose callbacks are still due."""
        return len(self._pending)

    def dispatch(self, board, moves: list[Move]) -> None:
        self._pending.extend(moves)
        if self._dispatching:
            return
        self._dispatching = True
        try:
            while self._pending:
                self._callbacks(board, self._pending.popleft())
        finally:
            self._dispatching = False
            self._pending.clear()
