"""Puzzles on the board: a position, a goal, and every move the learner makes checked.

>>> from ft_widget import Board, Game
>>> game = Game("lucas", deal=3)
>>> puzzle = Board.puzzle(game, goal="keep_winnable", max_states=20_000)
>>> puzzle.check("s>w").verdict
Judgement.WINNABLE

The engine judges whether a move is legal (an illegal one is refused by the board as always);
the solver judges what the move leaves. The solver sees every card, the stock's order too, so
the feedback says "the solver, which sees every card, …": it is a judge for a puzzle, not a
fair player's advice. Its budget is ``max_states`` positions, so a verdict is the same on any
machine; when the budget runs out the verdict is "unknown", and the puzzle says so.

Goals:

* ``"win"``: play the position out to a win. Each move is told whether the deal is still
  winnable after it; a move that makes the game lost is said so at once (undo and try again).
* ``"keep_winnable"``: find one move that keeps the deal winnable (in positions where
  plausible moves lose). The first move that does solves the puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Choice, Game, IllegalMove, Move, Outcome, Term
from .limits import check_count, shown
from .position import read_json
from .solver import solve

GOALS = ("win", "keep_winnable")


class Judgement(Term):
    """A puzzle's word on one move: the outcomes of :class:`~ft_widget.game.Outcome` it shares
    (``WON``, ``LOST``, ``UNKNOWN``, equal to them) and two of its own. A plain string too."""

    WON = Outcome.WON.value
    WINNABLE = "winnable"
    LOST = Outcome.LOST.value
    UNKNOWN = Outcome.UNKNOWN.value
    ILLEGAL = "illegal"


@dataclass(frozen=True, repr=False)
class Verdict(Choice):
    """What the judge says of one move, a :class:`~ft_widget.moves.Choice` whose ``reason`` is the
    message in a player's words (``message`` too); ``verdict`` is a :class:`Judgement`
    ("winnable", "lost", "unknown", "won" (the game is won) or "illegal"). ``move`` is the move's
    notation (an illegal one may be no move at all)."""

    move: str
    verdict: Judgement = Judgement.UNKNOWN
    solved: bool = False

    @property
    def message(self) -> str:
        return self.reason


class Puzzle:
    """A position to solve on a board (see the module's docstring). ``Board.puzzle(...)`` makes
    one with its board; ``Puzzle(...)`` alone is the judge (``check``, ``answer``).

    ``position`` is a :class:`Game` (its current position; it is copied), a position dict or
    JSON (docs/rules.md), or a game record. The start must be winnable within ``max_states``,
    else ``ValueError``: a puzzle whose answer nobody can show is not a fair one.
    """

    def __init__(self, position, goal: str = "win", max_states: int = 20_000):
        if goal not in GOALS:
            raise ValueError(f"Puzzle: unknown goal {shown(goal, 40)}: choose one of {', '.join(GOALS)}")
        max_states = check_count("Puzzle", "max_states", max_states, 1)
        self.goal, self.max_states = goal, max_states
        self.start = _start_game(position)
        self._answer = self._solve(self.start)
        if self._answer is None:
            raise ValueError(f"the solver finds no win from this position within {max_states} states: "
                             "not a fair puzzle")
        self.solved = False
        self.verdicts: list[Verdict] = []
        self.board = None

    def attach(self, board) -> Puzzle:
        """Judge the moves played on ``board`` (a :class:`~ft_widget.Board` showing the start);
        ``Board.puzzle`` does this. The puzzle module never imports the board: no cycle."""
        self.board = board
        board.on_move(self._on_move)
        board.say(self.prompt(), "info")
        return self

    # ------------------------------------------------------------------ the judge
    def _solve(self, game: Game) -> list[Move] | None:
        """The solver's winning line from ``game`` within the budget; None if none was found;
        [] for a won game. Raises nothing; ``_verdict`` tells lost from unknown."""
        if game.is_won:
            return []
        result = solve(game.copy(), time_limit=600, max_states=self.max_states)
        self._last_status = result.status
        return list(result.moves) if result.status == Outcome.WON else None

    def prompt(self) -> str:
        if self.goal == "win":
            return "Puzzle: win from here. Each move is checked by the solver (it sees every card)."
        return ("Puzzle: find a move that keeps this deal winnable "
                "(the solver, which sees every card, checks it).")

    def check(self, move: Move | str, game: Game | None = None) -> Verdict:
        """Judge ``move`` played in ``game`` (default: the puzzle's start), without changing it."""
        trial = (game or self.start).copy()
        try:
            played = trial.play(move)
        except IllegalMove as error:
            return Verdict(str(move), str(error), Judgement.ILLEGAL, False)
        return self._verdict(played, trial)

    def _verdict(self, move: Move, after: Game) -> Verdict:
        if after.is_won:
            return Verdict(str(move), "Solved: all 104 cards are home!", Judgement.WON, True)
        line = self._solve(after)
        if line is not None:
            solved = self.goal == "keep_winnable"
            head = "Solved: " if solved else "Good: "
            return Verdict(str(move), f"{head}{move} keeps the deal winnable (the solver wins from here in "
                                      f"{len(line)} moves).", Judgement.WINNABLE, solved)
        if self._last_status == Outcome.LOST:
            return Verdict(str(move),
                           f"{move} loses: the solver proved no win is left. Undo (u) and try another move.",
                           Judgement.LOST, False)
        return Verdict(str(move), f"{move}: the solver cannot tell within {self.max_states} states "
                                  "whether a win is left.", Judgement.UNKNOWN, False)

    # ------------------------------------------------------------------ the board
    def _on_move(self, board, move: Move) -> None:
        if self.solved:
            return
        verdict = self._verdict(move, board.game)
        self.verdicts.append(verdict)
        self.solved = verdict.solved
        board.say(verdict.message, "error" if verdict.verdict == Judgement.LOST else "info")

    def answer(self) -> list[Move]:
        """The solver's winning line from the puzzle's start (its first move answers a
        "keep_winnable" puzzle)."""
        return list(self._answer)

    def show_answer(self) -> list[Move]:
        """Say the answer in the board's message and return it."""
        line = self.answer()
        if self.board is None:
            raise RuntimeError("this puzzle has no board: make it with Board.puzzle(...)")
        if self.goal == "keep_winnable":
            text = f"Answer: {line[0]} keeps the deal winnable."
        else:
            moves = " ".join(map(str, line[:12])) + (" …" if len(line) > 12 else "")
            text = f"Answer ({len(line)} moves): {moves}"
        self.board.say(text, "info")
        return line

    def reset(self) -> None:
        """Back to the puzzle's start."""
        if self.board is None:
            raise RuntimeError("this puzzle has no board: make it with Board.puzzle(...)")
        self.board.game = self.start.copy()
        self.solved = False
        self.verdicts.clear()
        self.board.say(self.prompt(), "info")

    def _repr_mimebundle_(self, **kwargs):
        return self.board._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"Puzzle({self.start.variant.id}, goal={self.goal!r}, max_states={self.max_states})"


def _start_game(position) -> Game:
    if isinstance(position, Game):  # its current position, as a fresh game: restart comes back here
        return Game.from_position(position.position(), variant=position.variant)
    if isinstance(position, str):
        position = read_json(position, "a puzzle's position (a Game, a position or a record)")
    if isinstance(position, dict) and position.get("format") == "ft_widget.record":
        return _start_game(Game.from_record(position))
    if isinstance(position, dict):
        return Game.from_position(position)
    raise ValueError(f"a puzzle's position must be a Game, a position or a record, "
                     f"not {type(position).__name__}")
