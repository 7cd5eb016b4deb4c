"""The board: an anywidget that shows a :class:`Game` and lets a person play it.

The Python ``Game`` is the only judge. The browser never changes the game itself: it
writes a *request* (``{"id": 7, "action": "move", "move": "3>f"}``) to the synced
``request`` trait; :class:`Board` checks it, asks the engine, and publishes the synced
``state`` trait, the public view of the game that every view of the board draws. The
state holds only what a player at the table may see: face-down tableau cards and the
stock are counts, never cards. The full protocol is in ``docs/widget-protocol.md``.

>>> board = Board("maria", deal=5)
>>> board.play("s>w")
Move('s>w')
>>> board.state["stock"]
{'count': 67}
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import pathlib
import random
import stat
import tempfile
import threading
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets
import traitlets

from . import hints, rules, words
from .cards import card_str, parse_card
from .game import FOUNDATION, WASTE, Game, HintKind, IllegalMove, Move
from .limits import check_count
from .moves import pile_name
from .tables import pandas
from .training import Review, catalogue
from .training import review as review_game
from .training.puzzles import Puzzle, puzzles
from .training.review import SEEING_NOTE
from .variants import VARIANTS, get_variant

_STATIC = pathlib.Path(__file__).parent / "static"
# The bundle is built from js/ and committed. Should a checkout lack it, the board says so
# in the notebook instead of `import ft_widget` failing for engine-only users.
_NO_BUNDLE = (
    "export default { render({ el }) { el.textContent = "
    "'ft_widget: the browser bundle ft_widget/static/widget.js is missing; run npm run build'; } };"
)

#: Requests are refused when a string is longer than this …
MAX_TEXT = 64
#: … or a run shortcut lists more moves than this. Moving a 13-card run through empty
#: columns one card at a time takes far fewer.
MAX_RUN_MOVES = 64
_MAX_ID = 2**53  # the largest integer a browser's JSON numbers hold exactly
# Views make ids from a counter and the clock, far below this (the clock reaches it in the
# year 37,648). An ack above it was pushed there by a sender counting from a huge number:
# ids at or below it are then taken as new again, so no id can lock the board.
_ID_RESTART = 2**50

#: The autosave file's ``format``: the current game's record and the games left behind.
SAVE_FORMAT = "ft_widget.autosave"

# For each action, the keys a request may carry besides "id" and "action".
_ACTION_KEYS = {
    "move": {"move", "moves"},
    "moves": {"moves"},
    "undo": set(),
    "redo": set(),
    "restart": set(),
    "new": {"deal", "difficulty"},
    "hint": set(),
    "autoplay": set(),
    "review": {"step"},
    "review_close": set(),
    "play_from_here": set(),
    "next_puzzle": set(),
}
#: The actions that play or change the game: refused while a review is open.
_PLAYING = {"move", "moves", "undo", "redo", "restart", "hint", "autoplay"}
#: What the board says to a move made while the review is open.
_IN_REVIEW = "You are reviewing the game: leave the review to play, or Play from here."

MoveCallback = Callable[["Board", Move], Any]

# Every board alive in this process, to keep boards that show one Game in step.
_CHANGES = threading.RLock()  # held by any board while it changes (see Board.__init__)
_BOARDS: weakref.WeakSet[Board] = weakref.WeakSet()


class SaveFileInUse(RuntimeError):
    """Another live board (in this process or another) is autosaving to that file."""

    def __init__(self, message: str, board: Board | None = None):
        super().__init__(message)
        #: the live board of this process that holds the file, if it is one of ours
        self.board = board


class Board(anywidget.AnyWidget):
    """A playable board in a notebook: ``Board("maria", deal=5)``.

    ``board.game`` is the engine :class:`Game`; ``play``, ``undo``, ``redo``, ``restart``
    and ``new_game`` change it and update every view at once, and moves made in the
    browser are in ``board.game`` as soon as they are made. Assigning ``board.variant``
    starts a new game of that variant. ``Board(game)`` shows an existing game.
    ``Board("maria", difficulty="easy")`` (and ``new_game(difficulty=...)``) starts a winnable deal
    of that grade picked from the graded catalogue (:func:`ft_widget.deals`), with ``rng`` (a
    ``random.Random`` or a seed) making the picks repeatable.

    ``Board(..., autosave="game.json")`` writes the game's record (``Game.record``, with its
    history) to that file after every change, and ``Board.resume("game.json")`` brings the
    game back, after a kernel restart too, with undo and redo. A board never overwrites an
    existing save: it asks you to resume it.

    >>> board = Board("maria", deal=5)
    >>> @board.on_move
    ... def follow(board, move):
    ...     print(f"{move}: {board.game.cards_home} cards home")
    >>> _ = board.play("8>2")
    8>2: 0 cards home
    >>> board.variant = "lucas"   # a new game of Lucas, Aces already home
    >>> board.game.cards_home
    8
    """

    #: Seconds the solver may think when the board's Hint button is pressed.
    hint_time_limit = 1.0
    #: Options :meth:`review` passes to :func:`ft_widget.review` (budgets, ``rng``); its defaults
    #: otherwise, with ``rng=0``: the same game always gets the same review.
    review_options: dict = {}

    _esm = _STATIC / "widget.js" if (_STATIC / "widget.js").is_file() else _NO_BUNDLE
    _css = _STATIC / "widget.css" if (_STATIC / "widget.css").is_file() else ""

    #: The variant id, a ``str`` (a traitlet the browser's menu sets; ``board.game.variant`` is the
    #: :class:`~ft_widget.variants.Variant` itself). Setting it to another variant starts a new game
    #: (random deal) of it; for a new deal of the same variant, call ``new_game``.
    variant = traitlets.Unicode("forty_thieves").tag(sync=True)
    #: After each move made in the browser, play every safe move to the foundations too
    #: (see :meth:`Game.safe_move_home`), as PySolFC's "auto drop" does. Off by default.
    auto_home = traitlets.Bool(False).tag(sync=True)
    #: Show the column numbers above the columns (moves and hints name columns by number).
    column_numbers = traitlets.Bool(True).tag(sync=True)
    #: The public view of the game (Python → browser). See ``public_state``.
    state = traitlets.Dict().tag(sync=True)
    #: The browser's latest request (browser → Python), answered in ``set_state``. ``Any``,
    #: not ``Dict``: a malformed value must reach our checks instead of failing in traitlets.
    #: No echo: the answer is the new ``state``; bouncing each request (however big) back
    #: to every view would only add traffic.
    request = traitlets.Any(None, allow_none=True).tag(sync=True, echo_update=False)

    def __init__(self, variant: str | Game = "forty_thieves", deal: int | None = None, *,
                 difficulty: str | None = None, rng: random.Random | int | None = None,
                 autosave: str | os.PathLike | None = None, **kwargs: Any):
        unknown = [name for name in kwargs if not self.has_trait(name)]
        if unknown:  # traitlets would take it without a word: a typo like auto_hme=True
            raise TypeError(f"Board() got an unexpected keyword argument {unknown[0]!r:.40}")
        self._autosave: pathlib.Path | None = None
        self._claim: _Claim | None = None
        self._saved_text: str | None = None
        # One change at a time, whichever thread makes it. One lock for every board: a change
        # republishes the boards showing the same Game, so locks of their own could deadlock.
        self._lock = _CHANGES
        # picks graded deals (Board(..., difficulty=...), new_game(difficulty=...)); seeded: repeatable
        self._rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        if isinstance(variant, Game):
            if deal is not None or difficulty is not None:
                raise ValueError("give a game, or a variant and a deal or difficulty, not both")
            self._game = variant
        else:
            self._game = Game(variant, self._graded_deal(variant, deal, difficulty))
        if autosave is not None:
            path = pathlib.Path(autosave)
            _refuse_existing(path)
            claim = _Claim(path)  # SaveFileInUse if another live board saves there
            try:
                _refuse_existing(path)  # (written meanwhile?)
            except FileExistsError:
                claim.release()
                raise
            self._autosave, self._claim = path, claim
        self._on_move = ipywidgets.CallbackDispatcher()
        self._version = 0
        self._ack = -1
        self._hint: dict | None = None
        self._last_public: dict | None = None  # the state last published, to put moves in words
        # The games left behind by new deals and `board.game = …` (with moves, not won),
        # the last one first back: undo at a game's start returns to it. Saved with the game.
        self._previous: list[Game] = []
        self._records: dict[int, tuple[tuple, dict]] = {}  # id(game) -> (its shape, its record)
        self._pending: deque[Move] = deque()  # moves whose on_move callbacks are still due
        self._dispatching = False
        self._changes = 0  # grows with every change of position: a hint knows what it is for
        self._in_step = False  # publishing because a board showing the same Game changed
        self._session: dict[int, dict] = {}  # id(game) -> the game and its best win, this session
        self._words = ""  # words for the next state's change, when the board knows better
        self._last_request: dict | None = None  # the request handled last, to know a repeat
        # The open review (None: none), the position it shows, the game it is of (with its moves),
        # and its steps as the state publishes them (words computed once, when it opened).
        self._review: Review | None = None
        self._review_at = 0
        self._review_of: tuple = ()
        self._review_steps: list[dict] = []
        self._reviewed: tuple = ()  # (the game's key, its review): reopened without a new search
        self._puzzle: Puzzle | None = None  # the puzzle on the board (state["puzzle"]), if any
        self._run: list = []  # a training run's puzzles, easiest first (Board.training)
        self._run_at = 0  # the index of the run's puzzle on the board
        self._puzzle_scores: list[Puzzle] = []  # every puzzle this board served, for the scores
        try:
            super().__init__(variant=self._game.variant.id, **kwargs)
        except BaseException:
            self._release()
            raise
        _BOARDS.add(self)
        self._publish(_graded_words(self._game, difficulty), "info" if difficulty else "")

    # ------------------------------------------------------------------ saved games
    @classmethod
    def resume(cls, path: str | os.PathLike, **kwargs: Any) -> Board:
        """The board of the game saved at ``path`` by ``Board(..., autosave=path)``, with its
        history (undo and redo work as before) and the games left behind (undo at the game's
        start brings them back, last first), saving on to the same file.

        A damaged or edited file raises ``ValueError`` naming the file and the first thing
        wrong in it; the file is only read, never changed. A file another live board is
        saving to raises :class:`SaveFileInUse`: close that board (``board.close()``) first.
        A board of this kernel whose game is saved in full hands the file over instead (a
        notebook cell run again resumes where that board was), and says so: it saves no more."""
        path = pathlib.Path(path)
        try:
            claim = _Claim(path)
        except SaveFileInUse as error:
            if error.board is None or not error.board._hand_over():
                raise
            claim = _Claim(path)
        try:
            game, previous, text = _read_save(path)
            board = cls(game, **kwargs)
        except BaseException:
            claim.release()
            raise
        with board._lock:
            board._autosave, board._claim = path, claim
            board._previous = previous
            board._saved_text = text if text == board._save_text() else None
            board._publish()
        return board

    @property
    def autosave(self) -> pathlib.Path | None:
        """The file the game is saved to after every change (``Board(..., autosave=…)``), or None."""
        return self._autosave

    def close(self) -> None:
        """Close the board's views and let another board autosave to its file."""
        self._release()
        super().close()

    def _release(self) -> None:
        claim, self._claim = getattr(self, "_claim", None), None
        if claim is not None:
            claim.release()

    def _hand_over(self) -> bool:
        """Stop saving so that a board resuming this file takes it over; False (and go on
        saving) when the file does not hold this board's game as it is now: nothing unsaved
        is ever handed over."""
        with self._lock:
            if self._autosave is None or self._save():
                return False
            path, self._autosave = self._autosave, None
            self._release()
            self._publish(f"{path} is now saved by a newer board (Board.resume): this board "
                          "no longer saves its moves", "error")
            return True

    def _record_of(self, game: Game) -> dict:
        """``game.record()``, kept while the game is left behind and does not change."""
        shape = (len(game.history), game.can_redo, game.variant, game.deal)
        kept = self._records.get(id(game))
        if kept is None or kept[0] != shape:
            kept = (shape, game.record())
            self._records[id(game)] = kept
        return kept[1]

    def _save_text(self) -> str:
        """The autosave file's text: this game's record and the games left behind."""
        alive = {id(g) for g in self._previous}
        self._records = {k: v for k, v in self._records.items() if k in alive}
        document = {"format": SAVE_FORMAT, "version": 1, "game": self._game.record(),
                    "previous": [self._record_of(g) for g in reversed(self._previous)]}
        return json.dumps(document, indent=1) + "\n"

    def _save(self) -> str:
        """Write the autosave file if it changed; '' or what went wrong (never raises: the
        game and the state stay as they are, and the next change tries again)."""
        if self._autosave is None:
            return ""
        path = self._autosave
        try:
            text = self._save_text()
            if text == self._saved_text:
                return ""
            _write_new(path, text)
        except Exception as error:  # OSError above all: a read-only folder, a full disk
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            return f"not saved: {path} ({reason[:200]}); the next change tries again."
        self._saved_text = text
        return ""

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The engine game this board shows. Change it through the board's methods; after
        changing it directly (``board.game.play(...)``), call :meth:`refresh`."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"board.game must be a Game, not {type(game).__name__}")
        with self._lock:
            self._leave(game)
            self._game = game
            self.variant = game.variant.id  # same id as the game's: the observer keeps the game
            self._changed()  # says at once if that game is won or stuck

    def _leave(self, new: Game) -> None:
        """Keep the game on the board (unless untouched or won) before ``new`` replaces it."""
        old = self._game
        self._previous = [g for g in self._previous if g is not new]
        if old is not new and old.history and not old.is_won:
            self._previous.append(old)

    def play(self, move: Move | str) -> Move:
        """Play a move (``Move`` or notation like ``"3>f"``); ``IllegalMove`` says why not."""
        with self._lock:
            move = self._game.play(move)
            self._after_moves([move])
        return move

    def undo(self) -> Move:
        """Take back the last move; ``IndexError`` if there is none."""
        with self._lock:
            move = self._game.undo()
            self._changed()
        return move

    def redo(self) -> Move:
        """Play the last move taken back again (on-move callbacks see it); ``IndexError`` if none."""
        with self._lock:
            move = self._game.redo()
            self._after_moves([move])
        return move

    def restart(self) -> None:
        """Back to the deal's opening position; ``redo`` replays the moves."""
        with self._lock:
            self._game.restart()
            self._changed()

    def new_game(self, variant: str | None = None, deal: int | None = None,
                 difficulty: str | None = None) -> Game:
        """Start a new game: of ``variant`` (default: this one), deal number ``deal`` (default: random),
        or a winnable deal of a ``difficulty`` ("easy", "medium", "hard") picked from the graded
        catalogue (:func:`ft_widget.deals`). The arguments are ``Game``'s and ``Board``'s, in the
        same order. A game in progress is kept: undo at the new game's start brings it back."""
        variant = variant if variant is not None else self._game.variant
        game = Game(variant, self._graded_deal(variant, deal, difficulty))
        with self._lock:
            self._leave(game)
            self._game = game
            self.variant = game.variant.id
            text = _graded_words(game, difficulty) or f"{game.variant.name}, deal {game.deal}"
            if self._previous:
                text += f". Undo brings back your {words.game_words(self._previous[-1])}."
            self._changed(text, "info")
        return game

    def _graded_deal(self, variant, deal: int | None, difficulty: str | None) -> int | None:
        """``deal``, or with a ``difficulty`` a catalogued deal of it picked with the board's rng."""
        if difficulty is None:
            return deal
        if deal is not None:
            raise ValueError("give a deal number or a difficulty, not both")
        v = get_variant(variant)
        if VARIANTS.get(v.id) != v:
            raise ValueError(f"difficulty: {v.name} has no graded deals (only the games of "
                             f"ft_widget.VARIANTS have)")
        return catalogue.pick_deal(v.id, difficulty, self._rng)

    def _back(self) -> Game:
        """Return to the game a new deal replaced (what undo does at a new game's start)."""
        with self._lock:
            game = self._previous.pop()
            self._game = game
            self.variant = game.variant.id
            self._changed(f"{words.back_line(game)}.", "info")
        return game

    def autoplay(self) -> list[Move]:
        """Play every safe move to the foundations (see :meth:`Game.safe_move_home`); return them."""
        with self._lock:
            played = self._play_safe_moves()
            if played:
                self._after_moves(played)
        return played

    def _play_safe_moves(self) -> list[Move]:
        played = []
        while (move := self._game.safe_move_home()) is not None:
            self._game.play(move)
            played.append(move)
        return played

    def hint(self, time_limit: float | None = None):
        """Ask for the fair hint (:func:`ft_widget.hint`: the expert's move, from the cards the
        player sees), show it on the board (``words.hint_line``) and return it.

        The expert thinks for about ``time_limit`` seconds (default ``hint_time_limit``).

        Returns the :class:`~ft_widget.hints.Hint` (``.move``, ``.reason``), or ``None`` when no
        move is legal. It thinks on a copy; should the position change meanwhile (another thread
        played), the hint is returned but not shown: it is for a position gone.
        """
        limit = self.hint_time_limit if time_limit is None else time_limit
        self.close_review()  # a hint is for the game played, not for a reviewed position
        with self._lock:
            asked = self._position_mark()
            position = self._game.copy()  # a copy: the search can't disturb us
        found = hints.hint(position, time_limit=limit)
        with self._lock:
            if self._position_mark() != asked:  # a move was played while the hint was found
                self._publish("The position changed while the hint was found: ask again.", "info")
                return found
            self._show_hint(found)
        return found

    def _position_mark(self) -> tuple:
        g = self._game
        return self._changes, id(g), len(g.history), str(g.history[-1]) if g.history else ""

    def _show_hint(self, found) -> None:
        if found is None:
            self._hint = None
            self._publish("No legal move: there is nothing to hint.", "info")
        else:
            self._hint = hint_view(self._game, found)
            self._publish(words.hint_line(self._game, found), "info")

    # ------------------------------------------------------------------ review
    def review(self, **options) -> Review:
        """Review the game so far and open the review on the board at its last position.

        :func:`ft_widget.review` computes it (with :attr:`review_options` and ``options``: budgets,
        ``rng``), saying how far it has got on the board as it goes. While the review is open the
        piles show the position :meth:`review_step` chose, moves are refused in words, and
        :meth:`play_from_here` starts a new line from it; :meth:`close_review` leaves it. Changing
        the game from code (``board.play``, ``new_game``, …) closes it. ``ValueError`` when no move
        has been played. The same game's review is computed once."""
        if "progress" in options:
            raise TypeError("Board.review() shows its own progress on the board: no 'progress' option")
        with self._lock:
            if self._reviewed and self._reviewed[0] == self._review_key() and not options:
                self._open_review(self._reviewed[1])
                return self._reviewed[1]
            self._review = None
            game = self._game
            n = len(game.history)
            if not n:
                raise ValueError("there is no move to review yet: play a move first")
            told = [-1]

            def progress(done: int, total: int) -> None:
                percent = 100 * done // max(total, 1)
                if percent // 5 != told[0]:  # about twenty messages, however long the game
                    told[0] = percent // 5
                    self._publish(words.review_progress(n, percent), "info")

            found = review_game(game, **{"rng": 0, **self.review_options, **options}, progress=progress)
            self._reviewed = (self._review_key(), found)
            self._open_review(found)
        return found

    def review_step(self, k: int) -> None:
        """Show the position after the first ``k`` moves of the open review (0: the start); opens
        the review first if none is open. ``ValueError`` if ``k`` is not a position of the game."""
        with self._lock:
            if self._review is None or self._review_of != self._review_key():
                n = len(self._game.history)
                check_count("Board.review_step", "k", k, 0, n)
                self.review()
            k = check_count("Board.review_step", "k", k, 0, len(self._review.steps))
            self._review_at = k
            self._publish()

    def close_review(self) -> None:
        """Leave the review: the board shows the game as it is again (nothing if none is open)."""
        with self._lock:
            if self._review is not None:
                self._review = None
                self._publish()

    def play_from_here(self) -> Game:
        """Start a new line of play from the position the open review shows: a new game with the
        moves up to there (undo takes them back), the reviewed game kept as New deal keeps a game
        (undo at the new game's start brings it back; autosave saves both)."""
        with self._lock:
            if self._review is None or self._review_of != self._review_key():
                raise RuntimeError("no review is open: board.review() opens one")
            at, original = self._review_at, self._game
            record = original.record()
            game = Game.from_record({**record, "moves": record["moves"][:at], "undone": []})
            self._review = None
            self._previous = [g for g in self._previous if g is not original]
            self._previous.append(original)  # kept even if won: the player chose to branch from it
            self._game = game
            self.variant = game.variant.id
            self._changed(f"A new line from move {at}. Undo at its start brings back your "
                          f"{words.game_words(original)}.", "info")
        return game

    def _review_key(self) -> tuple:
        return id(self._game), tuple(self._game.history)

    def _open_review(self, found: Review) -> None:
        """Show ``found`` on the board at its last position, its steps put in words once."""
        steps = []
        game = found.start.copy()
        for s in found.steps:
            played_from, played_to = move_piles(game, s.move)
            expert_from, expert_to = move_piles(game, s.expert_move) if s.expert_move else (None, None)
            steps.append({
                "index": s.index,
                "played": str(s.move), "played_words": words.move_words(game, s.move),
                "expert": None if s.expert_move is None else str(s.expert_move),
                "expert_words": None if s.expert_move is None else words.move_words(game, s.expert_move),
                "expert_reason": s.expert_reason,
                "estimate_before": s.estimate_before,
                "estimate_played": s.estimate_played, "estimate_best": s.estimate_best,
                "mark": "losing" if s.index == found.losing_move else s.mark,
                "verdict_before": str(s.verdict_before), "verdict_after": str(s.verdict_after),
                "from": played_from, "to": played_to, "expert_from": expert_from, "expert_to": expert_to,
            })
            game.play(s.move)
        self._review, self._review_at = found, len(found.steps)
        self._review_of, self._review_steps = self._review_key(), steps
        self._hint = None
        self._publish(found.summary, "info")

    def _review_state(self) -> dict | None:
        r = self._review
        if r is None:
            return None
        return {"at": self._review_at, "steps": self._review_steps, "losing_move": r.losing_move,
                "alternative": None if r.alternative is None else str(r.alternative),
                "summary": r.summary, "seeing_note": SEEING_NOTE}

    @classmethod
    def puzzle(cls, position, goal: str = "keep_winnable", max_states: int = 20_000):
        """A puzzle on a board: ``position`` is a shipped puzzle (``ft_widget.puzzles(variant)[i]``)
        or a Game, position or record; ``goal`` "keep_winnable" (the first winning move solves
        it) or "win". The prompt stays on the board until solved, the Hint button gives counted
        clues, every first move is judged. Returns the :class:`~ft_widget.puzzle.Puzzle`,
        shown as its board."""
        puzzle = Puzzle(position, goal=goal, max_states=max_states)
        return puzzle.attach(cls(puzzle.start.copy()))

    @classmethod
    def training(cls, variant: str) -> Board:
        """A training run: the shipped puzzles of ``variant`` one after another, easiest first
        (the board's Next button, or :meth:`next_puzzle`); the score is in ``board.stats``."""
        run = puzzles(variant)  # ValueError naming the choices
        if not run:
            raise ValueError(f"Board.training: no puzzles are shipped for {variant!r} yet")
        first = Puzzle(run[0])
        board = cls(first.start.copy())
        board._run, board._run_at = run, 0
        first.attach(board)
        return board

    @property
    def current_puzzle(self) -> Puzzle | None:
        """The puzzle on the board (``None`` outside puzzles)."""
        return self._puzzle

    def next_puzzle(self) -> Puzzle:
        """Serve the training run's next puzzle; ``ValueError`` outside a run or after its last."""
        with self._lock:
            if not self._run:
                raise ValueError("next_puzzle: this board runs no training (Board.training(variant))")
            if self._run_at + 1 >= len(self._run):
                raise ValueError(f"next_puzzle: that was the last of the {len(self._run)} puzzles")
            self._run_at += 1
            puzzle = Puzzle(self._run[self._run_at])
            self._puzzle_start(puzzle.start.copy())
            puzzle.attach(self)
        return puzzle

    def _puzzle_start(self, game: Game) -> None:
        """Show a puzzle's start: the game it replaces is not kept, so Undo stops at the start."""
        with self._lock:
            self._game = game
            self.variant = game.variant.id
            self._hint = None
            self._changes += 1

    def clue(self) -> str:
        """Show the puzzle's next clue on the board (counted) and return its words. The puzzle
        panel shows it (``state["puzzle"]["clue"]``), once: not the message line too."""
        with self._lock:
            if self._puzzle is None:
                raise ValueError("clue: there is no puzzle on this board")
            words = self._puzzle.next_clue()
            self._puzzle_changed()
        return words

    def _set_puzzle(self, puzzle: Puzzle) -> None:
        """``Puzzle.attach`` calls this: the board shows ``puzzle`` from now on."""
        if puzzle.board is not self:
            raise ValueError("a puzzle is set on the board it is attached to")
        self._puzzle = puzzle
        if puzzle not in self._puzzle_scores:
            self._puzzle_scores.append(puzzle)
        self._publish(puzzle.prompt, "info")

    def _puzzle_changed(self) -> None:
        """The puzzle's panel changed (a clue shown): republished, with no message of its own."""
        self._publish()

    def _puzzle_state(self) -> dict | None:
        puzzle = self._puzzle
        if puzzle is None:
            return None
        view = puzzle.view()
        if self._run:
            score = sum(p.solved for p in self._puzzle_scores)
            view["progress"] = f"puzzle {self._run_at + 1} of {len(self._run)} · score {score}"
            view["next"] = puzzle.solved and self._run_at + 1 < len(self._run)
        return view

    def say(self, message: str, kind: str = "info") -> None:
        """Show ``message`` in the board's message line (``kind`` "info" or "error")."""
        self._publish(str(message)[:500], kind)

    def refresh(self) -> None:
        """Republish the state after ``board.game`` was changed directly."""
        self._changed()

    # ------------------------------------------------------------------ callbacks
    def on_move(self, callback: MoveCallback, remove: bool = False) -> MoveCallback:
        """Call ``callback(board, move)`` after each move enters the game: played from
        Python or the browser, by auto-play, or by redo. ``remove=True`` unregisters it.

        Returns the callback, so ``@board.on_move`` works as a decorator. As with
        ipywidgets' ``Button.on_click``, an exception in a callback is shown, not raised.
        """
        self._on_move.register_callback(callback, remove=remove)
        return callback

    # ------------------------------------------------------------------ publishing
    def _after_moves(self, moves: list[Move]) -> None:
        self._changed()
        # A callback may play a move: its callbacks wait in line, so every callback sees
        # the moves in the order they were played.
        self._pending.extend(moves)
        if self._dispatching:
            return
        self._dispatching = True
        try:
            while self._pending:
                self._on_move(self, self._pending.popleft())
        finally:
            self._dispatching = False
            self._pending.clear()

    def _changed(self, message: str = "", kind: str = "") -> None:
        """The position changed: drop the old hint and publish, saying so if the game ended."""
        self._hint = None
        self._changes += 1
        if not message:
            message = words.end_message(self._game)
            kind = "info" if message else kind
        self._publish(message, kind)

    def _publish(self, message: str = "", kind: str = "") -> None:
        with self._lock:
            self._publish_locked(message, kind)
        if not self._in_step:
            self._keep_in_step()

    def _keep_in_step(self) -> None:
        """Republish every other live board that shows this same Game (its old hint goes)."""
        for other in list(_BOARDS):
            if other is self or other._game is not self._game or other.comm is None:
                continue
            other._in_step = True
            try:
                other._hint = None
                other._changes += 1
                other._publish()
            finally:
                other._in_step = False

    def _publish_locked(self, message: str, kind: str) -> None:
        failed = self._save()
        if failed:
            message, kind = f"{message} {failed}".strip(), "error"
        self._version += 1
        if self._review is not None and self._review_of != self._review_key():
            self._review = None  # the game changed under the review (from code): it no longer applies
        state = public_state(self._game)
        history = self._game.history
        before = self._last_public
        said, self._words = self._words, ""
        if not said and before is not None:
            said = _change_words(before, state, history)
        self._note_session()
        if self._previous and not self._game.can_undo:
            state["can_undo"] = True
            undo_text = words.back_line(self._previous[-1])
        else:
            undo_text = None  # Undo takes back a move: the browser's own button title says so
        real, shown, last = state, self._game, str(history[-1]) if history else None
        if self._review is not None:  # the piles show the reviewed position; nothing can be played
            shown = self._review.position(self._review_at)
            state = public_state(shown)
            state.update(legal=[], home_piles={}, can_undo=False, can_redo=False)
            last = str(self._review.steps[self._review_at - 1].move) if self._review_at else None
            said = ""
        state.update(
            review=self._review_state(),
            undo_text=undo_text,
            end_title=words.end_title(shown),
            end_text=words.end_line(shown),
            auto_home=self.auto_home,
            session=self._session_rows(),
            version=self._version,
            message=message,
            message_kind=kind,
            last_move=last,
            last_move_text=said,
            hint=self._hint,
            difficulties=_difficulties(self._game),
            puzzle=self._puzzle_state(),
            ack=self._ack,
            saved=None if self._autosave is None else not failed,
        )
        self._last_public = state if self._review is None else real  # words speak of the game played
        self.state = state

    # ------------------------------------------------------------------ this session's games
    def _note_session(self) -> None:
        game = self._game
        entry = self._session.setdefault(id(game), {"game": game, "won_in": None})
        if game.is_won:
            n = len(game.history)
            entry["won_in"] = n if entry["won_in"] is None else min(entry["won_in"], n)

    def _session_rows(self) -> list[dict]:
        rows: dict[str, dict] = {}
        for entry in self._session.values():
            game = entry["game"]
            if not game.history and entry["won_in"] is None:
                continue  # dealt, never played
            v = game.variant
            row = rows.setdefault(v.id, {"variant": v.id, "name": v.name, "played": 0, "won": 0,
                                         "best": None})
            row["played"] += 1
            if entry["won_in"] is not None:
                row["won"] += 1
                row["best"] = entry["won_in"] if row["best"] is None else min(row["best"], entry["won_in"])
        return list(rows.values())

    @property
    def stats(self):
        """This session's games on this board, per variant: a pandas DataFrame with columns
        ``variant``, ``name``, ``played`` (games with at least one move), ``won`` and
        ``best_moves`` (the fewest moves of a win; missing if none was won), then the puzzles'
        score: ``puzzles`` (served), ``puzzles_solved``, ``clues`` (shown) and ``tries`` (first
        moves judged). Needs pandas (``ft_widget[tables]``); the board's own scoreboard does not."""
        pd = pandas("board.stats")

        rows = {row["variant"]: dict(row, puzzles=0, puzzles_solved=0, clues=0, tries=0)
                for row in self._session_rows()}
        for puzzle in self._puzzle_scores:
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

    @property
    def training_stats(self):
        """Every puzzle this board served, a row each: ``title``, ``difficulty``, ``solved``,
        ``clues``, ``tries`` (a pandas DataFrame; ``board.stats`` sums them per variant)."""
        pd = pandas("board.training_stats")
        rows = [{"title": p.title, "difficulty": p.training.difficulty if p.training else None,
                 "solved": p.solved, "clues": p.clues, "tries": p.tries} for p in self._puzzle_scores]
        return pd.DataFrame(rows, columns=["title", "difficulty", "solved", "clues", "tries"])

    def _refuse(self, message: str) -> None:
        self._publish(message, "error")

    # ------------------------------------------------------------------ the browser
    @traitlets.validate("variant")
    def _check_variant(self, proposal):
        value = proposal["value"]
        if value in VARIANTS or value == self._game.variant.id:
            return value
        raise traitlets.TraitError(
            f"unknown variant {str(value)[:MAX_TEXT]!r}: choose one of {', '.join(VARIANTS)}"
        )

    @traitlets.observe("auto_home")
    def _auto_home_changed(self, change) -> None:
        if not (change["new"] and self.autoplay()):
            self._publish()  # the views' switch follows

    @traitlets.observe("variant")
    def _variant_changed(self, change) -> None:
        if change["new"] != self._game.variant.id:
            self.new_game(variant=change["new"])

    def set_state(self, sync_data: dict) -> None:
        """Apply an update from the browser: a ``request`` to answer, a ``variant`` to play,
        ``auto_home`` switched on or off.

        Nothing the browser sends raises into the kernel log: a bad value (any JSON) is
        refused on the board. Each request message is answered once, even one repeating the
        last (traitlets would see no change in it, so it is handled here, not by an observer).
        """
        with self._lock:
            self._set_state(sync_data)

    def _set_state(self, sync_data: object) -> None:
        if not isinstance(sync_data, dict):
            return self._refuse(
                f"refused: an update from the browser is a JSON object, not {_type_name(sync_data)}")
        try:
            super().set_state(sync_data)
        except Exception as error:  # e.g. an unknown variant: traitlets undid the change
            self._refuse(f"refused an update from the browser: {error}"[:300])
            with contextlib.suppress(Exception):
                self.send_state(["variant", "auto_home"])  # put the views' menu and toggle back
        else:
            if "state" in sync_data:  # the state is Python's to publish: overwrite the browser's
                self._publish()
        if "request" in sync_data:
            try:
                self._handle(sync_data["request"])
            except Exception as error:  # a bug of ours: say so on the board, keep the kernel quiet
                self._refuse(f"internal error handling the request: {type(error).__name__}: {error}"[:300])

    def _handle(self, request: object) -> None:
        if not isinstance(request, dict):
            return self._refuse(f"refused: a request is a JSON object, not {_type_name(request)}")
        rid = request.get("id")
        if not _is_int(rid) or not 0 <= rid <= _MAX_ID:
            return self._refuse("refused: a request needs an integer id")
        if rid == self._ack and request == self._last_request:
            return None  # the same message delivered again (marimo sends each twice): done already
        if rid <= self._ack and not rid <= _ID_RESTART < self._ack:
            return self._refuse(f"refused: request {rid} is stale (request {self._ack} was handled)")
        self._ack = rid  # from here on the request is answered, accepted or not
        self._last_request = request
        action = request.get("action")
        if not isinstance(action, str) or action not in _ACTION_KEYS:
            shown = action[:MAX_TEXT] if isinstance(action, str) else _type_name(action)
            return self._refuse(f"refused: unknown action {shown!r}")
        extra = set(request) - {"id", "action"} - _ACTION_KEYS[action]
        if extra:
            key = sorted(map(str, extra))[0][:MAX_TEXT]
            return self._refuse(f"refused: a {action!r} request has no {key!r} field")
        if self._review is not None and self._review_of != self._review_key():
            self._review = None  # the game changed from code since the review opened
        if action in _PLAYING and self._review is not None:
            return self._refuse(_IN_REVIEW)
        getattr(self, f"_request_{action}")(request)

    def _request_move(self, request: dict) -> None:
        if "moves" in request:
            if "move" in request:
                return self._refuse("refused: send either 'move' or 'moves', not both")
            return self._request_moves(request)
        text = request.get("move")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            return self._refuse(f"refused: 'move' must be notation like '3>f', at most {MAX_TEXT} characters")
        try:
            move = Move.parse(text)
            if move.count > 1 and not self._game.variant.sequences:
                return self._play_run(move)  # a one-card game's run shortcut
            move = self._game.play(move)
        except IllegalMove as error:
            return self._refuse(str(error))
        self._after_player_moves([move])

    def _play_run(self, shortcut: Move) -> None:
        """Play a run shortcut (``3>7x3``) as the engine's single-card moves, all or nothing."""
        steps = self._game.expand(shortcut)  # IllegalMove says why not
        trial = self._game.copy()
        for step in steps:
            trial.play(step)  # the engine checks every step before the real game sees one
        for step in steps:
            self._game.play(step)
        self._words = words.played_words(shortcut, _moved_card(self._last_public, shortcut))
        self._after_player_moves(steps)

    def _after_player_moves(self, moves: list[Move]) -> None:
        """A player's moves are in: add the safe moves home if ``auto_home``, publish once."""
        self._after_moves(moves + (self._play_safe_moves() if self.auto_home else []))

    def _request_moves(self, request: dict) -> None:
        """The run shortcut of one-card games: single-card column moves, all or nothing."""
        texts = request.get("moves")
        if not isinstance(texts, list) or not 1 <= len(texts) <= MAX_RUN_MOVES:
            return self._refuse(f"refused: 'moves' must be a list of 1 to {MAX_RUN_MOVES} moves")
        if not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts):
            return self._refuse(f"refused: each of 'moves' must be notation of at most {MAX_TEXT} characters")
        trial = self._game.copy()  # try the whole run aside, so a refusal changes nothing
        moves = []
        for step, text in enumerate(texts, 1):
            try:
                move = Move.parse(text)
                if move.count != 1 or move.src >= WASTE or move.dst >= WASTE:
                    raise IllegalMove(f"{text} is not a single-card move between columns")
                trial.play(move)
            except IllegalMove as error:
                where = f"move {step} of {len(texts)} ({text[:16]})" if len(texts) > 1 else text[:16]
                return self._refuse(f"{error} — {where}; nothing was moved")
            moves.append(move)
        for move in moves:
            self._game.play(move)
        self._after_player_moves(moves)

    def _request_undo(self, request: dict) -> None:
        if not self._game.can_undo and self._previous:
            self._back()
            return
        try:
            self.undo()
        except IndexError:
            self._refuse("There is no move to undo.")

    def _request_redo(self, request: dict) -> None:
        try:
            self.redo()
        except IndexError:
            self._refuse("There is no move to redo.")

    def _request_restart(self, request: dict) -> None:
        if not self._game.can_undo:
            return self._publish("This is already the opening position.", "info")
        self.restart()

    def _request_new(self, request: dict) -> None:
        deal = request.get("deal")
        difficulty = request.get("difficulty")
        if "difficulty" in request:
            offered = _difficulties(self._game)
            if "deal" in request:
                return self._refuse("refused: ask for a deal number or a difficulty, not both")
            if not offered:
                return self._refuse(f"refused: {self._game.variant.name} has no graded deals")
            if not isinstance(difficulty, str) or difficulty not in offered:
                got = repr(difficulty[:MAX_TEXT]) if isinstance(difficulty, str) else _type_name(difficulty)
                return self._refuse(f"refused: 'difficulty' must be one of {', '.join(offered)}, not {got}")
        try:
            self.new_game(deal=deal, difficulty=difficulty)
        except ValueError as error:
            self._refuse(str(error)[:200])

    def _request_hint(self, request: dict) -> None:
        if self._puzzle is not None and not self._puzzle.solved:
            self.clue()  # in a puzzle the Hint button shows a clue, counted
            return
        try:
            self.hint()
        except ImportError:
            self._refuse("Hints need ft_widget.solver, which is not installed here.")

    def _request_next_puzzle(self, request: dict) -> None:
        try:
            self.next_puzzle()
        except ValueError as error:
            self._refuse(str(error)[:200])

    def _request_autoplay(self, request: dict) -> None:
        if not self.autoplay():
            self._publish("No card can safely go to the foundations now.", "info")

    def _request_review(self, request: dict) -> None:
        n = len(self._review.steps) if self._review is not None else len(self._game.history)
        step = request.get("step", n if self._review is None else self._review_at)
        if not _is_int(step) or not 0 <= step <= n:
            return self._refuse(f"refused: 'step' must be a whole number from 0 to {n}, the positions "
                                "of the game; 0 is the start")
        if n == 0:
            return self._publish("There is no move to review yet.", "info")
        if self._review is None:
            self.review()
        self.review_step(step)

    def _request_review_close(self, request: dict) -> None:
        if self._review is None:
            return self._publish("No review is open.", "info")
        self.close_review()

    def _request_play_from_here(self, request: dict) -> None:
        if self._review is None:
            return self._refuse("No review is open: Review opens one, then Play from here starts "
                                "from the position it shows.")
        self.play_from_here()

    def __repr__(self) -> str:
        g = self._game
        deal = f", deal {g.deal}" if g.deal is not None else ""
        return f"<Board {g.variant.id}{deal}: {len(g.history)} moves, {g.cards_home}/104 home>"


def _write_new(path: pathlib.Path, text: str) -> None:
    """Replace ``path`` by a whole new file holding ``text``: written to a temporary file of a
    random name, created exclusively (never a file or symlink already there), then renamed,
    so a crash never leaves half a save and no planted link redirects it."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        # mkstemp makes the file private (0600): keep the saved file's own mode, else 0644
        try:
            old = os.stat(path, follow_symlinks=False)
            mode = stat.S_IMODE(old.st_mode) if stat.S_ISREG(old.st_mode) else 0o644
        except FileNotFoundError:
            mode = 0o644
        if hasattr(os, "fchmod"):  # not on Windows
            os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _refuse_existing(path: pathlib.Path) -> None:
    if path.exists() or path.is_symlink():
        raise FileExistsError(
            f"{path} already holds a saved game: Board.resume({str(path)!r}) "
            f"continues it; to start afresh, delete it or choose another file")


def _read_save(path: pathlib.Path) -> tuple[Game, list[Game], str]:
    """The game saved at ``path``, the games left behind (the next one back last) and the
    file's text. Reads the autosave document, or a bare game record (older saves)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(f"there is no saved game at {path}") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"{path} can't be resumed: it is not a text file ({error.reason})") from None
    try:
        document = json.loads(text)
    except ValueError as error:
        raise ValueError(f"{path} can't be resumed: the game record is not valid JSON: {error}") from None
    except RecursionError:
        raise ValueError(f"{path} can't be resumed: the game record is nested too deeply") from None
    try:
        if isinstance(document, dict) and document.get("format") == SAVE_FORMAT:
            if document.get("version") != 1:
                version = str(document.get("version"))[:20]
                raise ValueError(f"save version {version!r} is not known here (1 is)")
            known = {"format", "version", "game", "previous"}
            unknown = sorted(str(k)[:30] for k in document if k not in known)
            if unknown:
                raise ValueError(f"the save has an unknown field {unknown[0]!r}")
            previous = document.get("previous", [])
            if not isinstance(previous, list):
                raise ValueError("the save's 'previous' must be a list of game records")
            game = Game.from_record(document.get("game"))
            left = []
            for k, record in enumerate(previous, 1):
                try:
                    left.append(Game.from_record(record))
                except ValueError as error:
                    raise ValueError(f"previous game {k}: {error}") from None
            return game, left[::-1], text
        return Game.from_record(document), [], text
    except ValueError as error:
        raise ValueError(f"{path} can't be resumed: {str(error)[:500]}") from None


_HELD: set[str] = set()  # where flock is missing (Windows): the lock files claimed here


class _Claim:
    """A live board's exclusive claim on its autosave file: an ``flock`` on ``.NAME.lock``
    beside it, holding the process id. The system lets go of it when the process ends, so
    a claim left by a kernel that died never blocks; ``release`` (``Board.close``) lets go
    of it sooner. Boards in this process are told apart too: each opens the lock anew.
    Without ``fcntl`` (Windows) only the boards of this process are told apart."""

    def __init__(self, path: pathlib.Path):
        self.path = path.with_name(f".{path.name}.lock")
        self._finalizer = weakref.finalize(self, lambda: None)
        try:
            import fcntl
        except ImportError:
            key = os.path.abspath(self.path)
            if key in _HELD:
                mine = _holders(self.path)
                raise SaveFileInUse(_in_use(path, "a board in this process"),
                                    mine[0] if mine else None) from None
            _HELD.add(key)
            self._finalizer = weakref.finalize(self, _HELD.discard, key)
            return
        flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
        while True:
            try:
                fd = os.open(self.path, flags, 0o600)
            except OSError as error:
                if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                    # A folder no one may write to (a shared course folder): the game can be
                    # resumed and played, but no board can save there, so none overwrites another.
                    return
                raise OSError(error.errno, f"can't autosave to {path}: {error.strerror}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
                os.close(fd)
                mine = _holders(self.path)
                if holder == str(os.getpid()):
                    who = f"{mine[0]!r} in this process" if mine else "a board in this process"
                else:
                    who = f"process {holder}" if holder.isdigit() else "another process"
                raise SaveFileInUse(_in_use(path, who), mine[0] if mine and holder == str(os.getpid())
                                    else None) from None
            # a board letting go removes the lock file: make sure ours is still the one there
            try:
                now = os.stat(self.path, follow_symlinks=False)
            except FileNotFoundError:
                now = None
            held = os.fstat(fd)
            if now is not None and (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _let_go, fd, self.path)

    def release(self) -> None:
        self._finalizer()


def _holders(lock: pathlib.Path) -> list[Board]:
    """The live boards of this process that hold the lock file ``lock``."""
    where = os.path.abspath(lock)
    return [b for b in list(_BOARDS) if b._claim is not None and os.path.abspath(b._claim.path) == where]


def _in_use(path: pathlib.Path, who: str) -> str:
    return (f"{path} is being saved to by another live board ({who}): two boards saving to one "
            "file would overwrite each other's moves. Close that board (board.close()) or its "
            "kernel first, or save this game to another file.")


def _let_go(fd: int, path: pathlib.Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)  # while still held, so no one can lock the old file meanwhile
    with contextlib.suppress(OSError):
        os.close(fd)


def _difficulties(game: Game) -> list[str]:
    """The difficulties the graded catalogue offers for this game's variant ([] for a custom one)."""
    v = game.variant
    return catalogue.difficulties(v.id) if VARIANTS.get(v.id) == v else []


def _graded_words(game: Game, difficulty: str | None) -> str:
    """What the board says when it starts a graded deal ("" for any other deal)."""
    if difficulty is None:
        return ""
    entry = next(d for d in catalogue.catalogue(game.variant.id) if d.deal == game.deal)
    return words.graded_line(game, difficulty, entry.expert_wins, entry.runs)


def _moved_card(before: dict | None, move: Move) -> int | None:
    """The face-up card ``move`` took (the deepest of a run), read from the state published before
    it; ``None`` when that state does not show it."""
    if before is None or move.src >= len(before["tableau"]) and move.src != WASTE:
        return None
    if move.src == WASTE:
        top = before["waste"]["top"]
        return parse_card(top[-1]) if top else None
    up = before["tableau"][move.src]["up"]
    return parse_card(up[-move.count]) if len(up) >= move.count else None


def _change_words(before: dict, state: dict, history: list[Move]) -> str:
    """What changed since the state ``before``: the move played, how many, or what was taken back."""
    grown = state["moves"] - before["moves"]
    if grown == 1 and history:
        return words.played_words(history[-1], _moved_card(before, history[-1]))
    return words.change_words(grown, state["moves"])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


# ---------------------------------------------------------------------- the public view
#: ``state["status"]`` while the game goes on (else the game's :class:`Outcome`: "won", "stuck")
PLAYING = "playing"

def public_state(game: Game) -> dict:
    """What a player at the table sees, as JSON: the ``state`` trait without the
    board's own fields (version, message, ack, …).

    Face-down tableau cards and the stock are counts only, and the waste shows only its
    top cards (up to one deal's worth), so the browser never learns what the player may not.
    """
    legal = game.legal_moves()
    shortcuts = game.run_moves()
    return {**_public_rules(game), **_public_piles(game), **_public_moves(game, legal, shortcuts),
            **_public_progress(game)}


def _public_rules(game: Game) -> dict:
    """The game being played and the others the menu offers."""
    v = game.variant
    return {
        "variant": v.id,
        "variant_name": v.name,
        "variants": [{"id": vid, "name": var.name} for vid, var in VARIANTS.items()]
        + ([] if v.id in VARIANTS else [{"id": v.id, "name": v.name}]),
        "deal": game.deal,
        "columns": len(game.tableau),
        "sequences": v.sequences,
        "build": str(v.build),
        "stock_deal": v.stock_deal,
        "redeals_left": game.redeals_left,
    }


def _public_piles(game: Game) -> dict:
    """The cards a player sees: face-up cards, counts of the face-down ones and of the stock."""
    down = game.face_down_counts
    waste = game.waste
    top = waste[-game.variant.stock_deal:] if waste else []
    return {
        "tableau": [{"down": d, "up": [card_str(c) for c in col[d:]]}
                    for col, d in zip(game.tableau, down, strict=True)],
        "foundations": [[card_str(c) for c in pile] for pile in game.foundations],
        "waste": {"count": len(waste), "top": [card_str(c) for c in top]},
        "stock": {"count": len(game.stock)},
    }


def _public_moves(game: Game, legal: list[Move], shortcuts: list[Move]) -> dict:
    """What may move: the legal moves (with the one-card games' run shortcuts), where a move home
    lands, each column's run and how many cards a press lifts, and the words for a refused press."""
    runs = [_run_length(game, i) for i in range(len(game.tableau))]
    lift = []
    for i, col in enumerate(game.tableau):
        if not col:
            lift.append(0)
        elif game.variant.sequences:
            lift.append(runs[i])
        else:  # one-card games: a run is lifted only where a shortcut can take it
            lift.append(max([1] + [m.count for m in shortcuts if m.src == i]))
    return {
        "legal": [str(m) for m in legal] + [str(m) for m in shortcuts],
        "home_piles": _home_piles(game, legal),
        "runs": runs,
        "lift": lift,
        "words": words.refusal_words(game),
    }


def _public_progress(game: Game) -> dict:
    """How far the game is: moves, cards home, its status (an :class:`Outcome`'s string or
    "playing") and the status line, and whether undo and redo can go."""
    outcome = game.outcome  # Outcome.WON, Outcome.STUCK, or None while the game goes on
    return {
        "moves": len(game.history),
        "home": game.cards_home,
        "status": outcome.value if outcome is not None else PLAYING,
        "status_text": words.status_line(game),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
    }


def _home_piles(game: Game, legal: list[Move]) -> dict[str, str]:
    """For each legal move home, the foundation pile (``f1``…``f8``) it lands on: the one
    :func:`ft_widget.rules.foundation_for` names, as the engine chooses it."""
    out = {}
    for move in legal:
        if move.dst == FOUNDATION:
            card = game.waste[-1] if move.src == WASTE else game.tableau[move.src][-1]
            out[str(move)] = f"f{rules.foundation_for(game.foundations, card) + 1}"
    return out


def hint_view(game: Game, found) -> dict:
    """The solver's hint as the board shows it: the move, its reason, whether it was found
    fairly (only what the player sees) or by peeking at hidden cards, and the piles (DOM ids)
    to draw the arrow between."""
    move = found.move if isinstance(found.move, Move) else Move.parse(str(found.move))
    src, dst = move_piles(game, move)
    # A hint that does not say how it was found is shown as a peek: never call it fair unasked.
    kind = str(getattr(found, "kind", HintKind.PEEK))
    return {"move": str(move), "reason": str(found.reason), "kind": kind, "from": src, "to": dst}


def move_piles(game: Game, move: Move) -> tuple[str, str]:
    """The piles (DOM ids) an arrow for ``move`` joins in ``game``: a move home ends on the
    foundation pile the engine would choose (``f1``…``f8``)."""
    dst = pile_name(move.dst)
    if move.dst == FOUNDATION:
        dst = _home_piles(game, [move]).get(str(move), "f1")
    return pile_name(move.src), dst


def _run_length(game: Game, i: int) -> int:
    """Face-up cards at the top of column ``i`` that form a run by the variant's build rule
    (whether or not the variant moves runs as a unit): what ``words.not_run`` is about."""
    return rules.run_length(game.tableau[i], game.face_down_counts[i], game.variant.build, sequences=True)


__all__ = ["Board", "SaveFileInUse", "public_state"]
