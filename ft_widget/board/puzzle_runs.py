"""The puzzles a board serves: one puzzle (``Board.puzzle``) or a training run (``Board.training``).

A puzzle belongs to the game it was started on: the board shows it while that game is on the
board. A new deal, the game menu or the next puzzle leave the puzzle's game behind like any
other (Undo at the new game's start brings it back, with its puzzle), so no prompt, clue or
score of a puzzle is ever shown over another game.

A training run keeps the learner's progress (``ft_widget.training.progress``) unless told not
to: each puzzle served is recorded once, when solved or when left for the next one, and the
next puzzle is chosen by that module's rule (near the learner's rating, missed ones back later)
instead of the next in the list. Recording never waits under the lock the boards share: a try is
written at once if the file is free, else kept in line (:class:`TryWriter`) and written by a
thread of its own as soon as the file is, and the panel says how many wait.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime

from ..game import Game
from ..i18n import gettext as _
from ..i18n import ngettext, number
from ..limits import shown
from ..training.lessons import LessonStep, lesson_steps
from ..training.progress import (
    FIRST_TRY,
    SOLVED,
    Clock,
    Progress,
    ProgressBusy,
    Standing,
    kept_by_default,
    start_rating,
    try_of,
)
from ..training.puzzles import Puzzle, easiest_first, puzzles
from ..training.themes import THEMES, theme_name
from ..variants import VARIANTS


def training_run(variant: str, theme: str | None = None) -> list:
    """The puzzles a training run of ``variant`` serves: its fair decisions (the verdict a learner
    gets must hold over the cards they cannot see), of ``theme`` only if given, easiest first, every
    round mixed; a ValueError says why there are none."""
    shipped = puzzles(variant)  # ValueError naming the choices
    run = easiest_first([p for p in shipped if p.fair_decision])
    if not shipped:
        raise ValueError(f"Board.training: no puzzles are shipped for {variant!r} yet")
    if not run:
        raise ValueError(f"Board.training: none of the {len(shipped)} puzzles shipped for {variant!r} is "
                         "a fair decision yet (ft_widget.puzzles lists them, each with its figures)")
    if theme is not None:
        has = sorted({p.theme for p in run})
        if not isinstance(theme, str) or theme not in THEMES:
            raise ValueError(f"Board.training: theme must be one of {', '.join(THEMES)}, "
                             f"not {shown(theme, 40)}")
        if theme not in has:
            raise ValueError(f"Board.training: no {variant!r} puzzle trains {theme_name(theme)!r} ({theme}); "
                             f"its puzzles train {', '.join(has)}")
        run = [p for p in run if p.theme == theme]
    return run


def _progress_of(where: str, progress) -> Progress | None:
    """Where a run keeps its tries: ``None`` the user's progress file (none where
    ``FT_WIDGET_PROGRESS`` is "off"), a path that file, ``False`` nowhere."""
    if progress is None:
        return Progress() if kept_by_default() else None
    if progress is False:
        return None
    if isinstance(progress, str | os.PathLike):
        return Progress(progress)
    raise ValueError(f"{where}: progress must be a file path, None (the user's progress "
                     f"file) or False (keep none), not {type(progress).__name__}")


class PuzzleRun:
    """A board's puzzles: the run's list and place in it, and every puzzle served (the score)."""

    def __init__(self) -> None:
        self.run: list = []  # a training run's puzzles, easiest first
        self.at = 0  # the index of the run's puzzle served last
        self.served: list[Puzzle] = []  # every puzzle this board served, for the scores
        self._by_game: dict[int, Puzzle] = {}  # id(game) -> the puzzle started on that game
        self.progress: Progress | None = None  # where the run's tries are kept (None: nowhere)
        self.standing: Standing | None = None  # the run's game as the file had it, kept up with each try
        self.writer: TryWriter | None = None
        self.current: Puzzle | None = None  # the run's puzzle served last
        self.count = 0  # the run's puzzles served so far
        self.rating: float | None = None  # the learner's rating in the run's game, as last recorded
        self.change: float | None = None  # what the last puzzle recorded moved it by
        self.rated: float | None = None  # the rating of the puzzle served last, when it was served
        self.theme: str | None = None  # the theme the run trains (None: every theme)
        self.themes: list[tuple[str, int]] = []  # (theme, fair puzzles) the run's game offers: the panel
        self.steps: list[LessonStep] = []  # a lesson's steps, in order (a lesson is a run in that order)
        self._clock = Clock()
        self._recorded: set[Puzzle] = set()

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

    def start(self, run: list, progress: Progress | None, theme: str | None = None) -> Puzzle:
        """Begin a training run of ``run`` (of ``theme`` only, when given): its first puzzle (not
        yet attached), chosen by the progress kept if any, else the easiest."""
        self.run, self.progress, self.theme, self.steps = run, progress, theme, []
        offered = training_run(run[0].variant)
        self.themes = [(t, n) for t in THEMES if (n := sum(p.theme == t for p in offered))]
        self.count, self.change = 0, None  # a run of its own: its count and rating from its start
        if progress is None:
            self.standing = None
            return self._serve(run[0])
        if self.writer is None or self.writer.progress is not progress:  # one line of tries a file
            self.writer = TryWriter(progress)
        self.standing = progress.standing(run[0].variant)
        self.rating = self.standing.learner.rating
        return self._serve(self.standing.choose(run))

    def start_lesson(self, steps: list[LessonStep], progress: Progress | None) -> Puzzle:
        """Begin ``steps`` (a game's lesson): its first step the progress kept has not seen solved
        (the first step when none is kept, or when every step is solved: the lesson again)."""
        self.steps, self.run, self.progress = steps, [s.puzzle for s in steps], progress
        self.theme, self.themes = None, []
        self.count, self.change = 0, None
        if progress is None:
            self.standing = None
            return self._serve(self.run[0])
        if self.writer is None or self.writer.progress is not progress:
            self.writer = TryWriter(progress)
        self.standing = progress.standing(steps[0].variant)
        self.rating = self.standing.learner.rating
        solved = {pid for pid, outcome in self.standing.history if outcome in (FIRST_TRY, SOLVED)}
        return self._serve(next((p for p in self.run if p.id not in solved), self.run[0]))

    @property
    def step(self) -> LessonStep | None:
        """The lesson's step served last (None outside a lesson)."""
        return self.steps[self.at] if self.steps else None

    def _serve(self, shipped) -> Puzzle:
        self.at = next(i for i, p in enumerate(self.run) if p is shipped)
        self.current, self.count, self._clock = Puzzle(shipped), self.count + 1, Clock()
        if self.standing is not None:  # its rating as served: the panel keeps it while it is played
            self.rated = (self.standing.puzzles.get(shipped.id) or start_rating(shipped)).rating
        return self.current

    def next(self) -> Puzzle:
        """The run's next puzzle (not yet attached); ``ValueError`` outside a run or after its
        last. With progress kept, the puzzle left is recorded first (a puzzle not solved counts
        as given up) and the next is chosen by the progress rule: such a run has no last."""
        if not self.run:
            raise ValueError("next_puzzle: this board runs no training (Board.training(variant))")
        if self.steps:  # a lesson keeps its order, progress or not
            if self.at + 1 >= len(self.run):
                raise ValueError(f"next_puzzle: that was the last of the lesson's {len(self.run)} steps")
            self.record(self.current)
            return self._serve(self.run[self.at + 1])
        if self.progress is None:
            if self.at + 1 >= len(self.run):
                raise ValueError(f"next_puzzle: that was the last of the {len(self.run)} puzzles")
            return self._serve(self.run[self.at + 1])
        self.record(self.current)
        return self._serve(self.standing.choose(self.run))

    def record(self, puzzle: Puzzle | None) -> None:
        """Record ``puzzle``'s try (once) where progress is kept: the run's standing moves at once,
        the file gets it now or, while busy, from the writer's line."""
        if self.progress is None or puzzle is None or puzzle in self._recorded:
            return
        fields = try_of(puzzle, self._clock.seconds, datetime.now(UTC))
        self._recorded.add(puzzle)
        self.standing.note(fields["puzzle"], fields["outcome"], fields["start"])
        self.change = self.standing.learner.rating - self.rating
        self.rating = self.standing.learner.rating
        self.writer.add(fields)

    def solved(self, puzzle: Puzzle | None) -> bool:
        """Record ``puzzle`` if it is the run's and was just solved; did it?"""
        if puzzle is None or puzzle is not self.current or not puzzle.solved or puzzle in self._recorded:
            return False
        self.record(puzzle)
        return self.progress is not None

    def state(self, puzzle: Puzzle | None) -> dict | None:
        """``state["puzzle"]``: the panel of the puzzle on the board, with the run's place and score."""
        if puzzle is None:
            return None
        view = puzzle.view()
        if self.steps and puzzle in self.served:
            step = self.steps[self.at] if puzzle is self.current else next(
                (s for s in self.steps if s.puzzle is puzzle.training), None)
            if step is not None:
                view["title"] = step.progress
                view["lesson"] = {"heading": step.heading, "role": step.role,
                                  "words": step.rule.says if step.role == "rule" else step.rule.bends}
                view["next"] = puzzle.solved and puzzle is self.current and self.at + 1 < len(self.run)
                if self.progress is not None:
                    view["progress"] = _("your {variant} rating {rating}").format(
                        variant=VARIANTS[step.variant].display_name, rating=f"{self.rating:.0f}")
            return view
        if self.run and puzzle in self.served:
            view["themes"] = [[t, theme_name(t), n] for t, n in self.themes]  # named in the language now
            view["theme"] = self.theme
            if self.progress is not None:
                name = VARIANTS[self.run[0].variant].display_name
                rated = self.rated if puzzle is self.current else None
                view["progress"] = (
                    _("puzzle {number}, rated {puzzle_rating} · your {variant} rating {rating}")
                    if rated is not None else _("puzzle {number} · your {variant} rating {rating}")).format(
                    number=self.count, variant=name, rating=f"{self.rating:.0f}",
                    puzzle_rating=f"{rated:.0f}" if rated is not None else "")
                if self.change is not None and round(self.change):
                    view["progress"] += " " + _("({change} after the last puzzle)").format(
                        change=f"{round(self.change):+d}")
                waiting = self.writer.waiting
                if waiting:
                    view["progress"] += " · " + ngettext(
                        "{n} try waits to be recorded", "{n} tries wait to be recorded", waiting).format(
                        n=number(waiting))
                view["next"] = puzzle.solved and len(self.run) > 1
            else:
                score = sum(p.score for p in self.served)  # points: more for no clue, no wrong try
                view["progress"] = _("puzzle {number} of {puzzles} · score {score}").format(
                    number=self.at + 1, puzzles=len(self.run), score=score)
                view["next"] = puzzle.solved and self.at + 1 < len(self.run)
        return view


class TryWriter:
    """A run's tries on their way to the progress file, in order. :meth:`add` writes at once when
    the file is free (no wait: it runs under the boards' lock); a try that finds the file held
    by another program (or kernel) waits in line, and a thread writes the line, oldest first, as
    soon as the file is free, then calls ``notify`` (the board republishes). A failure that
    waiting will not mend (a full disk, a file that cannot be written) is said through
    ``notify(message, "error")``; the try stays in line and the next :meth:`add` tries again.
    Tries still in line when the kernel stops are lost (the file could not take them)."""

    #: pause between two tries of a busy file (each itself waits up to the busy timeout)
    RETRY_SECONDS = 0.5

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.notify: Callable[..., None] = lambda message="", kind="": None
        self._line: deque[dict] = deque()
        self._lock = threading.Lock()  # the line's own: never held while writing
        self._thread: threading.Thread | None = None

    @property
    def waiting(self) -> int:
        return len(self._line)

    def add(self, fields: dict) -> None:
        with self._lock:
            self._line.append(fields)
            if self._thread is not None:
                return  # the thread writes it after those before it
        if self._write_line(wait=0.0) == "busy":
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._later, name="ft_widget-progress",
                                                    daemon=True)
                    self._thread.start()

    def flush(self, timeout: float = 60.0) -> bool:
        """Wait (outside any board lock) until the line is written or ``timeout`` seconds pass;
        is the line empty?"""
        deadline = time.monotonic() + timeout
        while self._line and time.monotonic() < deadline:
            thread = self._thread
            if thread is None:
                self._write_line(wait=max(deadline - time.monotonic(), 0.0))
            else:
                thread.join(min(self.RETRY_SECONDS, max(deadline - time.monotonic(), 0.0)))
        return not self._line

    def _write_line(self, wait: float) -> str:
        """Write the line's tries in order: "done", "busy" (the file is held) or "failed"."""
        while self._line:
            try:
                self.progress.record(**self._line[0], wait=wait)
            except ProgressBusy:
                return "busy"
            except ValueError as error:
                self.notify(_("Your try was not recorded: {why}").format(why=error), "error")
                return "failed"
            with self._lock:
                self._line.popleft()
        return "done"

    def _later(self) -> None:
        try:
            while True:
                time.sleep(self.RETRY_SECONDS)
                outcome = self._write_line(wait=None)
                with self._lock:
                    if outcome != "busy" or not self._line:
                        self._thread = None
                        break
            if outcome == "done":
                self.notify()  # the panel's count of tries waiting goes
        except Exception as error:  # pragma: no cover - a thread's error would vanish: say it
            with self._lock:
                self._thread = None
            self.notify(f"Progress: {type(error).__name__}: {error}", "error")


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
    def training(cls, variant: str, progress=None, theme: str | None = None):
        """A training run of the shipped puzzles of ``variant`` that are fair decisions
        (:attr:`~ft_widget.training.puzzles.TrainingPuzzle.fair_decision`).

        ``progress`` says where the learner's results are kept: ``None`` (default) the user's
        progress file (``ft_widget.progress()`` reads it; none where the environment variable
        ``FT_WIDGET_PROGRESS`` is "off"), a path that file, ``False`` nowhere. With progress, each
        puzzle is recorded when solved or left, the next is chosen near the learner's rating
        (missed ones come back later) and the panel shows the rating; without, the puzzles come
        one after another, easiest first, to the last. ``theme`` (a key of
        :data:`~ft_widget.training.themes.THEMES`, as ``"keep_an_empty_column"``) trains that theme
        alone. The board's Next button, or
        :meth:`next_puzzle`, serves the next; the score is in ``board.stats``. A progress file
        that is not ours is refused (``ValueError`` naming it) and left untouched."""
        run = training_run(variant, theme)
        progress = _progress_of("Board.training", progress)
        runs = PuzzleRun()
        first = runs.start(run, progress, theme)
        board = cls(first.start.copy())
        board._puzzles = runs
        first.attach(board)
        if progress is not None:
            runs.writer.notify = board._publish
            board.on_move(board._record_solved)  # after the puzzle's judge: it sees the verdict
        return board

    @classmethod
    def lesson(cls, variant: str, progress=None):
        """``variant``'s lesson on a board: its rules of thumb as steps
        (:func:`~ft_widget.training.lessons.lesson_steps`), each a real position where the rule, or
        the case where it bends, decides; the learner's move is judged by the fair judge, the board
        says why, and Next (button or :meth:`next_puzzle`) serves the next step. ``progress`` as
        :meth:`training`'s: each step is recorded with the puzzle progress, and a lesson begun again
        starts at its first step not yet solved. ``ValueError`` where the game's fair puzzles show
        no rule yet."""
        steps = lesson_steps(variant)  # ValueError naming the games
        if not steps:
            raise ValueError(f"Board.lesson: none of the fair puzzles of {variant!r} shows one of its rules "
                             "yet (ft_widget.lesson_rules states them; ft_widget.puzzles lists the puzzles)")
        runs = PuzzleRun()
        first = runs.start_lesson(steps, _progress_of("Board.lesson", progress))
        board = cls(first.start.copy())
        board._puzzles = runs
        first.attach(board)
        if runs.progress is not None:
            runs.writer.notify = board._publish
            board.on_move(board._record_solved)
        return board

    @property
    def lesson_step(self) -> LessonStep | None:
        """The lesson's step on the board (None outside a lesson, or on another game)."""
        runs = self._puzzles
        return runs.step if runs.steps and self.current_puzzle is runs.current else None

    @property
    def current_puzzle(self) -> Puzzle | None:
        """The puzzle on the board: the one started on the game shown (``None`` outside puzzles)."""
        return self._puzzles.on(self._game)

    def _switch_training(self, variant: str) -> bool:
        """The game menu on a training board: a training run of ``variant`` takes over, with the
        same progress (the puzzle left is recorded first, as Next records it). False when the
        board runs no training; where ``variant`` has no fair puzzle, a game of it is dealt and the
        board says why."""
        runs = self._puzzles
        if not runs.run or runs.current is None or self.current_puzzle is not runs.current:
            return False
        if runs.steps:  # a lesson: the other game's lesson, where it has one
            steps = lesson_steps(variant)
            with self._lock:
                runs.record(runs.current)
                if steps:
                    self._serve_puzzle(runs.start_lesson(steps, runs.progress))
                    return True
            game = self.new_game(variant=variant)
            said = _("No {variant} position shows a rule of its lesson yet: here is a game of it, deal "
                     "{deal}.")
            self.say(said.format(variant=VARIANTS[variant].display_name, deal=game.deal))
            return True
        try:
            run = training_run(variant)
        except ValueError:  # a game of it instead, and the reason
            runs.record(runs.current)
            game = self.new_game(variant=variant)
            said = _("No {variant} puzzle is a fair decision yet: here is a game of it, deal {deal}.")
            self.say(said.format(variant=VARIANTS[variant].display_name, deal=game.deal))
            return True
        self._train(run, None)
        return True

    def train_theme(self, theme: str | None = None) -> Puzzle:
        """On a training board: train ``theme`` alone (a key of
        :data:`~ft_widget.training.themes.THEMES`), or every theme again (None), in the same game
        and with the same progress; the puzzle left is recorded first, as Next records it. The
        panel offers the game's themes (``state["puzzle"]["themes"]``). ``ValueError`` outside a
        training run or for a theme the game's fair puzzles do not train."""
        runs = self._puzzles
        if not runs.run:
            raise ValueError("train_theme: this board runs no training (Board.training(variant))")
        run = training_run(runs.run[0].variant, theme)
        return self._train(run, theme)

    def _train(self, run: list, theme: str | None) -> Puzzle:
        with self._lock:
            runs = self._puzzles
            runs.record(runs.current)  # the puzzle left counts as Next would count it
            return self._serve_puzzle(runs.start(run, runs.progress, theme))

    def next_puzzle(self) -> Puzzle:
        """Serve the training run's next puzzle (the game on the board is kept, as by a new deal);
        ``ValueError`` outside a run or after its last."""
        with self._lock:
            return self._serve_puzzle(self._puzzles.next())

    def _serve_puzzle(self, puzzle: Puzzle) -> Puzzle:
        """Show a training run's ``puzzle`` on the board (under its lock; the game shown is kept)."""
        self._show(puzzle.start.copy(), keep=True)
        self._hint = None
        self._changes += 1
        puzzle.attach(self)
        if self._puzzles.progress is not None:  # again after the new puzzle's judge, so it sees the verdict
            self.on_move(self._record_solved, remove=True)
            self.on_move(self._record_solved)
        return puzzle

    def _record_solved(self, board, move) -> None:
        """A run with progress records a solve at once (a kernel stopped later loses nothing) and
        shows the new rating, the judge's message and the move's words kept."""
        if self._puzzles.solved(self.current_puzzle):
            state = self.state
            self._words = state.get("last_move_text") or ""
            self._publish(state["message"], state["message_kind"])

    def show_puzzle(self, puzzle: Puzzle) -> None:
        """Play ``puzzle`` on the game shown (``Puzzle.attach`` calls this), its prompt on the board."""
        if puzzle.board is not self or puzzle.game is not self._game:
            raise ValueError("a puzzle is shown on the board it is attached to, on the game shown")
        with self._lock:
            self._puzzles.attach(puzzle, self._game)
            self._publish(self._left.words("", self._game), "info")  # the panel shows the prompt

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
