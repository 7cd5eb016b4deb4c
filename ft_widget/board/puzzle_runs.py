"""The puzzles a board serves: one puzzle (``Board.puzzle``) or a training run (``Board.training``).

A puzzle belongs to the game it was started on: the board shows it while that game is on the
board. A new deal, the game menu or the next puzzle leave the puzzle's game behind like any
other (Undo at the new game's start brings it back, with its puzzle), so no prompt, clue or
score of a puzzle is ever shown over another game.
"""

from __future__ import annotations

from ..game import Game
from ..training.puzzles import Puzzle, puzzles


class PuzzleRun:
    """A board's puzzles: the run's list and place in it, and every puzzle served (the score)."""

    def __init__(self) -> None:
        self.run: list = []  # a training run's puzzles, easiest first
        self.at = 0  # the index of the run's puzzle served last
        self.served: list[Puzzle] = []  # every puzzle this board served, for the scores
        self._by_game: dict[int, Puzzle] = {}  # id(game) -> the puzzle started on that game

    def attach(self, puzzle: Puzzle, game: Game) -> None:
        """``puzzle`` is played on ``game`` from now on."""
        self._by_game[id(game)] = puzzle
        if puzzle not in self.served:
            self.served.append(puzzle)

    def on(self, game: Game) -> Puzzle | None:
        """The puzzle played on ``game``, if it is one."""
        puzzle = self._by_game.get(id(game))
        return puzzle if puzzle is not None and puzzle.game is game else None

    def keep_only(self, games: list[Game]) -> None:
        """Forget the puzzles of games the board no longer holds."""
        alive = {id(g) for g in games}
        self._by_game = {k: p for k, p in self._by_game.items() if k in alive}

    def next(self) -> Puzzle:
        """The run's next puzzle (not yet attached); ``ValueError`` outside a run or after its last."""
        if not self.run:
            raise ValueError("next_puzzle: this board runs no training (Board.training(variant))")
        if self.at + 1 >= len(self.run):
            raise ValueError(f"next_puzzle: that was the last of the {len(self.run)} puzzles")
        self.at += 1
        return Puzzle(self.run[self.at])

    def state(self, puzzle: Puzzle | None) -> dict | None:
        """``state["puzzle"]``: the panel of the puzzle on the board, with the run's place and score."""
        if puzzle is None:
            return None
        view = puzzle.view()
        if self.run and puzzle in self.served:
            score = sum(p.solved for p in self.served)
            view["progress"] = f"puzzle {self.at + 1} of {len(self.run)} · score {score}"
            view["next"] = puzzle.solved and self.at + 1 < len(self.run)
        return view


class PuzzleCommands:
    """The board's puzzle commands (a part of :class:`~ft_widget.board.Board`): single puzzles,
    training runs and the interface :class:`~ft_widget.training.puzzles.Puzzle` uses
    (``show_puzzle``, ``moves_waiting``, ``say``, ``refresh``). The board's ``_puzzles`` is its
    :class:`PuzzleRun`."""

    @classmethod
    def puzzle(cls, position, goal: str = "keep_winnable", max_states: int = 20_000) -> Puzzle:
        """A puzzle on a board: ``position`` is a shipped puzzle (``ft_widget.puzzles(variant)[i]``)
        or a Game, position or record; ``goal`` "keep_winnable" (the first winning move solves
        it) or "win". The prompt stays on the board until solved, the Hint button gives counted
        clues, every first move is judged. Returns the :class:`~ft_widget.training.puzzles.Puzzle`,
        shown as its board."""
        puzzle = Puzzle(position, goal=goal, max_states=max_states)
        return puzzle.attach(cls(puzzle.start.copy()))

    @classmethod
    def training(cls, variant: str):
        """A training run: the shipped puzzles of ``variant`` one after another, easiest first
        (the board's Next button, or :meth:`next_puzzle`); the score is in ``board.stats``."""
        run = puzzles(variant)  # ValueError naming the choices
        if not run:
            raise ValueError(f"Board.training: no puzzles are shipped for {variant!r} yet")
        first = Puzzle(run[0])
        board = cls(first.start.copy())
        board._puzzles.run = run
        first.attach(board)
        return board

    @property
    def current_puzzle(self) -> Puzzle | None:
        """The puzzle on the board: the one started on the game shown (``None`` outside puzzles)."""
        return self._puzzles.on(self._game)

    def next_puzzle(self) -> Puzzle:
        """Serve the training run's next puzzle (the game on the board is kept, as by a new deal);
        ``ValueError`` outside a run or after its last."""
        with self._lock:
            puzzle = self._puzzles.next()
            self._show(puzzle.start.copy(), keep=True)
            self._hint = None
            self._changes += 1
            puzzle.attach(self)
        return puzzle

    def show_puzzle(self, puzzle: Puzzle) -> None:
        """Play ``puzzle`` on the game shown (``Puzzle.attach`` calls this), its prompt on the board."""
        if puzzle.board is not self or puzzle.game is not self._game:
            raise ValueError("a puzzle is shown on the board it is attached to, on the game shown")
        with self._lock:
            self._puzzles.attach(puzzle, self._game)
            self._publish(self._left.words(puzzle.prompt, self._game), "info")

    @property
    def moves_waiting(self) -> int:
        """Moves in the game already whose ``on_move`` callbacks are still due (auto-play's safe
        moves home after a player's move): a callback's move is ``history[-1 - moves_waiting]``."""
        return self._callbacks.waiting

    def clue(self) -> str:
        """Show the puzzle's next clue on the board (counted) and return its words. The puzzle
        panel shows it (``state["puzzle"]["clue"]``), once: not the message line too."""
        with self._lock:
            puzzle = self.current_puzzle
            if puzzle is None:
                raise ValueError("clue: there is no puzzle on this board")
            text = puzzle.next_clue()
            self._publish()
        return text
