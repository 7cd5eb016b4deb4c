"""This session's scores on a board: games played and won per variant, and the puzzles served.

Kept as running totals, so publishing a move costs the same after five thousand games as after
one: only the games the board still holds (the one on it and those left behind) have an entry.
"""

from __future__ import annotations

from ..game import Game
from ..tables import pandas
from ..variants import VARIANTS


class SessionScores:
    """Games with at least one move, wins and the fewest moves of a win, per variant."""

    def __init__(self) -> None:
        self._rows: dict[str, dict] = {}  # variant id -> its row, in the order first played
        self._entries: dict[int, dict] = {}  # id(game) -> {"played": bool, "won_in": int | None}

    def note(self, game: Game) -> None:
        """Count ``game`` as it is now: played once it has a move, won once it is won."""
        entry = self._entries.setdefault(id(game), {"played": False, "won_in": None})
        if not (entry["played"] or game.history or game.is_won):
            return  # dealt, never played
        v = game.variant
        row = self._rows.setdefault(v.id, {"variant": v.id, "name": v.name, "played": 0, "won": 0,
                                           "best": None})
        if not entry["played"]:
            entry["played"] = True
            row["played"] += 1
        if game.is_won:
            n = game.moves_played
            if entry["won_in"] is None:
                row["won"] += 1
            entry["won_in"] = n if entry["won_in"] is None else min(entry["won_in"], n)
            row["best"] = n if row["best"] is None else min(row["best"], n)

    def keep_only(self, games: list[Game]) -> None:
        """Forget the entries of games no longer held (their counts stay in the totals): an id is
        only ever reused by a new game once the old one is gone."""
        alive = {id(g) for g in games}
        self._entries = {k: v for k, v in self._entries.items() if k in alive}

    def rows(self, shown: bool = False) -> list[dict]:
        """A row per variant played; ``shown``: ``state["session"]``, each game's name in the
        current language (``Board.stats`` keeps the English name)."""
        rows = [dict(row) for row in self._rows.values()]
        if shown:
            for row in rows:
                if row["variant"] in VARIANTS:
                    row["name"] = VARIANTS[row["variant"]].display_name
        return rows


def stats_frame(session: SessionScores, served: list):
    """``Board.stats``: the session's rows with the puzzles' scores summed per variant."""
    pd = pandas("board.stats")
    rows = {row["variant"]: dict(row, puzzles=0, puzzles_solved=0, clues=0, tries=0)
            for row in session.rows()}
    for puzzle in served:
        v = puzzle.start.variant
        row = rows.setdefault(v.id, {"variant": v.id, "name": v.name, "played": 0, "won": 0, "best": None,
                                     "puzzles": 0, "puzzles_solved": 0, "clues": 0, "tries": 0})
        row["puzzles"] += 1
        row["puzzles_solved"] += puzzle.solved
        row["clues"] += puzzle.clues
        row["tries"] += puzzle.tries
    columns = ["variant", "name", "played", "won", "best", "puzzles", "puzzles_solved", "clues", "tries"]
    frame = pd.DataFrame(list(rows.values()), columns=columns)
    return frame.rename(columns={"best": "best_moves"}).astype({"best_moves": "Int64"})


def training_frame(served: list):
    """``Board.training_stats``: every puzzle served, a row each."""
    pd = pandas("board.training_stats")
    rows = [{"title": p.title, "difficulty": p.training.difficulty if p.training else None,
             "solved": p.solved, "clues": p.clues, "tries": p.tries} for p in served]
    return pd.DataFrame(rows, columns=["title", "difficulty", "solved", "clues", "tries"])


class ScoreCommands:
    """The board's scores of this session (a part of :class:`~ft_widget.board.Board`)."""

    @property
    def stats(self):
        """This session's games on this board, per variant: a pandas DataFrame with columns
        ``variant``, ``name``, ``played`` (games with at least one move), ``won`` and
        ``best_moves`` (the fewest moves of a win; missing if none was won), then the puzzles'
        score: ``puzzles`` (served), ``puzzles_solved``, ``clues`` (shown) and ``tries`` (first
        moves judged). Needs pandas (``ft_widget[tables]``); the board's own scoreboard does not."""
        return stats_frame(self._session, self._puzzles.served)

    @property
    def training_stats(self):
        """Every puzzle this board served, a row each: ``title``, ``difficulty``, ``solved``,
        ``clues``, ``tries`` (a pandas DataFrame; ``board.stats`` sums them per variant)."""
        return training_frame(self._puzzles.served)
