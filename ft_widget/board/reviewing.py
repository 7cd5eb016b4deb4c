"""The board's review mode: a review being computed, then shown one position at a time.

A review is long work (a minute for a long game), so it never runs under the lock the boards
share: the board takes a copy of the game under the lock, the review runs on the copy (in a
thread of its own when the browser asked for it, so the Stop button's request gets through),
and the result is shown only if the game is still the one reviewed. While a review is being
computed or open, every request that would play is refused alike.

The states: *idle* → ``begin`` → *computing* (``stop`` ends it early) → ``open`` → *open*
(``at`` is the position shown; ``close``, or any change of the game, goes back to *idle*).
"""

from __future__ import annotations

import contextlib
import threading

from .. import i18n, words
from ..game import Game
from ..i18n import gettext as _
from ..limits import check_count
from ..training import Review, ReviewStopped
from ..training import review as review_game
from ..training.review import SEEING_NOTE, TIME_BUDGET
from .view import move_piles


class ReviewMode:
    """What the board knows of its review: the one computing, the one open, the last computed."""

    def __init__(self) -> None:
        self.review: Review | None = None  # the open review
        self.at = 0  # the step it shows (0: the start): the position before move ``at`` (see ``shown``)
        self.of: tuple = ()  # the key of the game it is of (see ``key``)
        self.steps: list[dict] = []  # its steps as the state publishes them (words made once)
        self._last: tuple = ()  # (key, review): the same game is reopened without a new search
        self._stop: threading.Event | None = None  # set while a review is computed
        self.percent = 0  # how far the review being computed has got
        self.thread: threading.Thread | None = None  # the thread computing a browser's review

    @staticmethod
    def key(game: Game) -> tuple:
        """What a review is of: this game object with these moves."""
        return id(game), tuple(game.history)

    # ------------------------------------------------------------------ computing
    @property
    def computing(self) -> bool:
        return self._stop is not None

    def begin(self) -> threading.Event:
        """A review starts computing; the event it returns stops it."""
        if self._stop is not None:
            raise RuntimeError("a review is being computed already: board.cancel() stops it")
        self.review, self.percent = None, 0
        self._stop = threading.Event()
        return self._stop

    def end(self) -> None:
        self._stop = None

    def cancel(self) -> bool:
        """Ask the review being computed to stop; False when none is."""
        if self._stop is None:
            return False
        self._stop.set()
        return True

    def cached(self, key: tuple) -> Review | None:
        return self._last[1] if self._last and self._last[0] == key else None

    def run(self, board, options: dict) -> Review:
        """``Board.review``: open the game's review, working it out first if it must."""
        for name in ("progress", "stop"):
            if name in options:
                raise TypeError(f"Board.review() gives its own {name!r}: the board shows and stops it")
        begun = self.begin_for(board, fresh=bool(options))
        return begun if isinstance(begun, Review) else self.compute(board, *begun, options)

    def step(self, board, k: int) -> None:
        """``Board.review_step``: show step ``k`` (the position before its move), opening the review
        first."""
        with board._lock:
            board._follow_review()
            if self.review is None:
                check_count("Board.review_step", "k", k, 0, len(board.game.history))
        if not board.review_open:
            self.run(board, {})
        with board._lock:
            self.at = check_count("Board.review_step", "k", k, 0, len(self.steps))
            board._publish()

    def line_from_here(self, board) -> Game:
        """``Board.play_from_here``: a new game with the moves up to the position shown (before the
        step's move); the review closes."""
        if not board.review_open:
            raise RuntimeError("no review is open: board.review() opens one")
        record = board.game.record()
        self.review = None
        return Game.from_record({**record, "moves": record["moves"][:self.shown], "undone": []})

    def begin_for(self, board, fresh: bool) -> Review | tuple:
        """Open the game's review computed before (unless ``fresh``), or start computing one: the
        game's key, a copy of it with its moves, and the event that stops the review."""
        with board._lock:
            key = self.key(board.game)
            cached = None if fresh else self.cached(key)
            if cached is not None:
                self.show(board, cached, key)
                return cached
            n = len(board.game.history)
            if not n:
                raise ValueError("there is no move to review yet: play a move first")
            stop = self.begin()
            board._publish(words.review_progress(n, 0), "info")
            return key, Game.from_record(board.game.record()), stop

    def compute(self, board, key: tuple, game: Game, stop: threading.Event, options: dict) -> Review:
        """Work the review out on ``game`` (outside the lock), then show it if the game is still
        the one reviewed."""
        n = len(game.history)
        told = [0]

        def progress(done: int, total: int) -> None:
            percent = 100 * done // max(total, 1)
            if percent // 5 != told[0] // 5:  # about twenty messages, however long the game
                told[0] = percent
                with board._lock:
                    self.percent = percent
                    board._publish(words.review_progress(n, percent), "info")

        settings = {"rng": 0, "time_budget": TIME_BUDGET, **board.review_options, **options}
        try:
            found = review_game(game, **settings, progress=progress, stop=stop)
            progress(1, 1)  # the last progress message is 100 %, whatever the review reported last
        except BaseException as error:
            with board._lock:
                self.end()
                stopped = isinstance(error, ReviewStopped | KeyboardInterrupt)
                board._publish(_("Review stopped.") if stopped else "", "info")
            raise
        with board._lock:
            self.end()
            if self.key(board.game) != key:
                board._publish(_("The game changed while it was reviewed: Review again to see it."), "info")
            else:
                self.show(board, found, key)
        return found

    def show(self, board, found: Review, key: tuple) -> None:
        board._shows.close()  # a line shown ("Show me") gives way to the review
        self.open(found, key)
        board._hint = None
        board._publish(found.summary, "info")

    def in_background(self, board, step: int) -> None:
        """The browser's Review: worked out in a thread of its own, so that Stop gets through."""
        begun = self.begin_for(board, False)
        if isinstance(begun, Review):  # (a review cut short by its budget has fewer steps than moves)
            return board.review_step(min(step, len(begun.steps)))

        def work() -> None:  # (a thread starts with no language of its own: the board's)
            with contextlib.suppress(ReviewStopped), i18n.using(board.language):
                found = self.compute(board, *begun, {})
                with board._lock:
                    if self.review is found and step < len(found.steps):
                        board.review_step(step)

        self.thread = threading.Thread(target=work, name="ft_widget review", daemon=True)
        self.thread.start()

    def wait(self, timeout: float | None) -> bool:
        """Wait for the review computing in the background; False if it is still going."""
        if self.thread is not None:
            self.thread.join(timeout)
        return not self.computing

    # ------------------------------------------------------------------ showing
    def open(self, found: Review, key: tuple) -> None:
        """Show ``found`` at its last position, its steps put in words once."""
        steps = []
        turn = None if found.turning_point is None else found.turning_point.index
        game = found.start.copy()
        for s in found.steps:
            played_from, played_to = move_piles(game, s.move)
            expert_from, expert_to = move_piles(game, s.expert_move) if s.expert_move else (None, None)
            steps.append({
                "index": s.index,
                "played": str(s.move), "played_words": words.played_move_words(game, s.move),
                "expert": None if s.expert_move is None else str(s.expert_move),
                "expert_words": None if s.expert_move is None else words.move_words(game, s.expert_move),
                "expert_reason": s.expert_reason,
                "estimate_before": s.estimate_before,
                "estimate_played": s.estimate_played, "estimate_best": s.estimate_best,
                # the solver's losing move first, then the fair turning point, then the expert's mark
                "mark": ("losing" if s.index == found.losing_move else "turning" if turn == s.index
                         else s.mark),
                "fair_mark": s.mark,  # what the summary counts: the expert's mark, losing or not
                "played_spoken": words.spoken(words.played_move_words(game, s.move)),
                "verdict_before": str(s.verdict_before), "verdict_after": str(s.verdict_after),
                "show": True,  # Show me steps through the step's line (Step.shown)
                "show_better": s.better is not None,  # … the solver's better line, at the losing move
                "from": played_from, "to": played_to, "expert_from": expert_from, "expert_to": expert_to,
            })
            game.play(s.move)
        self.review, self.at, self.of, self.steps = found, len(found.steps), key, steps
        self._last = (key, found)

    def close(self) -> bool:
        """Leave the review; False when none was open."""
        was, self.review = self.review is not None, None
        return was

    def is_open(self) -> bool:
        return self.review is not None

    def follow(self, game: Game) -> None:
        """The board shows ``game``: a review of another game, or of this one before it changed
        (from code), no longer applies."""
        if self.review is not None and self.of != self.key(game):
            self.review = None

    @property
    def shown(self) -> int:
        """The moves played in the position shown: step ``at`` shows the position *before* its
        move, where the move played and the expert's are drawn as arrows (the start for 0 and 1)."""
        return max(self.at - 1, 0)

    def position(self) -> Game:
        return self.review.position(self.shown)

    def shown_line(self) -> tuple | None:
        """What Show me steps through at the step shown: its line
        (:attr:`~ft_widget.training.review.Step.shown`) and the position before its move (a game of
        its own, replayed from the start); None at the start, where no move is shown."""
        if self.review is None or not self.at:
            return None
        step = self.review.steps[self.at - 1]
        return step.shown, self.review.position(step.index)

    def last_move(self) -> str | None:
        return str(self.review.steps[self.shown - 1].move) if self.shown else None

    def spoken(self) -> str | None:
        """What a screen reader says of the step shown (``None`` when no review is open)."""
        if self.review is None:
            return None
        step = self.steps[self.at - 1] if self.at else {}
        return words.review_step_spoken(self.at, len(self.steps), step.get("played_spoken"), step.get("mark"))

    def state(self) -> dict | None:
        """``state["review"]``: the open review's steps and where it is."""
        r = self.review
        if r is None:
            return None
        turn = r.turning_point
        return {"at": self.at, "steps": self.steps, "losing_move": r.losing_move,
                "turning_point": None if turn is None else turn.index,
                "alternative": None if r.alternative is None else str(r.alternative),
                "summary": r.summary, "seeing_note": _(SEEING_NOTE),
                "strength": r.strength}  # the fair expert's, which the summary names in words

    def progress_state(self) -> dict | None:
        """``state["reviewing"]``: while a review is computed, how far it has got (the Stop button)."""
        return {"percent": self.percent} if self.computing else None


class ReviewCommands:
    """The board's review commands (a part of :class:`~ft_widget.board.Board`): review mode as a
    player and code drive it. The board's ``_reviews`` is its :class:`ReviewMode`."""

    @property
    def review_open(self) -> bool:
        """Whether the board shows a review (moves are refused until it is left)."""
        return self.current_review is not None

    @property
    def current_review(self) -> Review | None:
        """The review the board shows (``None`` when none is open)."""
        with self._lock:
            self._follow_review()
            return self._reviews.review

    @property
    def review_computing(self) -> bool:
        """Whether a review is being worked out (every request but its Stop is refused)."""
        return self._reviews.computing

    def review(self, **options) -> Review:
        """Review the game so far and open the review on the board at its last position.

        :func:`ft_widget.review` computes it on a copy of the game, outside the lock the boards
        share (with :attr:`review_options` and ``options``: budgets, ``rng``, ``time_budget``),
        saying on the board how far it has got; :meth:`cancel` (or the board's Stop button) ends
        it early with :class:`~ft_widget.training.ReviewStopped`. Should the game change meanwhile,
        the review is returned but not shown. While the review is open the piles show the position
        :meth:`review_step` chose, moves are refused in words, and :meth:`play_from_here` starts a
        new line from it; :meth:`close_review` leaves it. Changing the game from code closes it.
        ``ValueError`` when no move has been played. The same game's review is computed once."""
        return self._reviews.run(self, options)

    def wait_for_review(self, timeout: float | None = None) -> bool:
        """Wait for a review the browser asked for to be worked out; False if still going."""
        return self._reviews.wait(timeout)

    def cancel(self) -> bool:
        """Stop the review being worked out (what the board's Stop button does); False if none is."""
        return self._reviews.cancel()

    def review_step(self, k: int) -> None:
        """Show step ``k`` of the open review: the position before its ``k``-th move, with the move
        played and the expert's drawn as arrows (0: the start, without arrows); opens the review
        first if none is open. ``ValueError`` if ``k`` is not a step of the game."""
        self._reviews.step(self, k)

    def close_review(self) -> None:
        """Leave the review: the board shows the game as it is again (nothing if none is open)."""
        with self._lock:
            if self._shows.back == "review":
                self._shows.close()  # a line shown over the review goes with it
            if self._reviews.close():
                self._publish()

    def play_from_here(self) -> Game:
        """Start a new line of play from the position the open review shows: a new game with the
        moves up to there (undo takes them back), the reviewed game kept as New deal keeps a game
        (undo at the new game's start brings it back; autosave saves both)."""
        with self._lock:
            at, original = self._reviews.shown + 1, self._game  # the move the new line plays first
            game = self._reviews.line_from_here(self)
            self._show(game, keep=False)
            self._left.keep(original, always=True)  # kept even if won: the player chose to branch from it
            self._changed(_("A new line from move {at}. Undo at its start brings back your {game}.").format(
                at=at, game=words.game_words(original)), "info")
        return game

    def _follow_review(self) -> None:
        self._reviews.follow(self._game)
