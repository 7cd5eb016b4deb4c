"""The games a board left behind: new deals, the next puzzle and Play from here keep the game
they replace, and Undo at a game's start brings the last one back.

At most a fixed number are kept (in memory and in the save); the oldest is then let go, and the
board says so. Keeping every game made each move slower the longer a session ran.
"""

from __future__ import annotations

from .. import words
from ..game import Game
from ..i18n import gettext as _


class LeftBehind:
    """The games left behind, the next one back last; at most ``limit`` of them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.games: list[Game] = []
        self._dropped: list[Game] = []  # let go since the board last said so

    def keep(self, game: Game, always: bool = False) -> None:
        """Keep ``game`` (unless untouched or won, but ``always`` keeps it anyway) as the next one back."""
        if always or game.history and not game.is_won:
            self.take(game)
            self.games.append(game)
            self._dropped += self.games[:-self.limit]
            self.games = self.games[-self.limit:]

    def take(self, game: Game) -> None:
        """``game`` is on the board again: no longer left behind."""
        self.games = [g for g in self.games if g is not game]

    def pop(self) -> Game:
        return self.games.pop()

    def restore(self, games: list[Game]) -> None:
        """The games a save held (the next one back last)."""
        self.games = list(games[-self.limit:])

    def words(self, text: str, game: Game) -> str:
        """``text``, then what Undo brings back at the start of ``game``, and the game let go, if any."""
        if self.games and not game.can_undo:
            text = f"{text.rstrip('.')}. " if text else ""
            text += _("Undo brings back your {game}.").format(game=words.game_words(self.games[-1]))
        dropped, self._dropped = self._dropped, []
        if dropped:
            text += " " + words.let_go_line(dropped[0], self.limit)
        return text.strip()
