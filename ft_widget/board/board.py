"""The board: an anywidget that shows a :class:`Game` and lets a person play it.

The Python ``Game`` is the only judge. The browser never changes the game itself: it
writes a *request* (``{"id": 7, "action": "move", "move": "3>f"}``) to the synced
``request`` trait, which :mod:`.protocol` checks; :class:`Board` asks the engine and publishes
the synced ``state`` trait, the public view of the game (:mod:`.view`) that every view of the
board draws. The full protocol is in ``docs/widget-protocol.md``.

The board's parts, each with one job: :mod:`.protocol` (requests), :mod:`.saving` (the
autosave file, ``Board.resume``), :mod:`.reviewing` (review mode), :mod:`.puzzle_runs` (puzzles and
training runs), :mod:`.scores` (this session's games), :mod:`.ui_words` (the board's words and
language). The board holds the game on it and the games left behind (at most
:data:`MAX_LEFT_BEHIND`; Undo at a game's start goes back to the last one).

>>> board = Board("maria", deal=5)
>>> board.play("s>w")
Move('s>w')
>>> board.state["stock"]
{'count': 67}
"""

from __future__ import annotations

import os
import pathlib
import random
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .. import hints, i18n, words
from ..game import Game, Move
from ..i18n import gettext as _
from ..limits import check_rng
from ..render import Picture, svg_board, text_board
from ..training import catalogue
from ..variants import VARIANTS
from ..words import status_line
from . import shared, view
from .callbacks import MoveCallbacks
from .games import LeftBehind
from .protocol import MAX_TEXT, Protocol
from .puzzle_runs import PuzzleCommands, PuzzleRun
from .reviewing import ReviewCommands, ReviewMode
from .saving import Autosave, SaveCommands
from .scores import ScoreCommands, SessionScores
from .showing import IN_SHOW, ShowCommands, ShowMode
from .ui_words import LanguageCommands, speaking, ui_words

_STATIC = pathlib.Path(__file__).parent.parent / "static"
# The bundle is built from js/ and committed. Should a checkout lack it, the board says so
# in the notebook instead of `import ft_widget` failing for engine-only users.
_NO_BUNDLE = (
    "export default { render({ el }) { el.textContent = "
    "'ft_widget: the browser bundle ft_widget/static/widget.js is missing; run npm run build'; } };"
)
#: Games left behind (new deals, the next puzzle, Play from here) that a board keeps, in memory and
#: in its save; an older one is let go, and the board says so.
MAX_LEFT_BEHIND = 20

MoveCallback = Callable[["Board", Move], Any]


#: The longest message the board shows: a puzzle's verdict with its fair figures, the real cards'
#: verdict and the idea runs to about 800 characters in Lithuanian; a message past this is a bug.
MESSAGE_LIMIT = 1500


class Board(ReviewCommands, ShowCommands, PuzzleCommands, SaveCommands, ScoreCommands, LanguageCommands,
            anywidget.AnyWidget):
    """A playable board in a notebook: ``Board("maria", deal=5)``.

    ``board.game`` is the engine :class:`Game`; ``play``, ``undo``, ``redo``, ``restart``
    and ``new_game`` change it and update every view at once (they do what the board's buttons
    and keys do), and moves made in the browser are in ``board.game`` as soon as they are made.
    Assigning ``board.variant`` starts a new game of that variant. ``Board(game)`` shows an
    existing game. ``Board("maria", difficulty="easy")`` (and ``new_game(difficulty=...)``)
    starts a winnable deal of that grade picked from the graded catalogue (:func:`ft_widget.deals`),
    with ``rng`` (a ``random.Random`` or a seed) making the picks repeatable.

    ``Board(..., autosave="game.json")`` writes the game's record (``Game.record``, with its
    history) and the games left behind to that file after every change, and
    ``Board.resume("game.json")`` brings them back, after a kernel restart too. A board never
    overwrites an existing save: it asks you to resume it.

    ``Board(..., language="lt")`` speaks Lithuanian (``fr``, ``lt``, ``sk``, ``ka`` or ``en``);
    without it, the board speaks ``ft_widget.set_language``'s language, else its browser's when
    it is one of those, else English (see :attr:`language`).

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

    #: Seconds the expert may think when the board's Hint button is pressed.
    hint_time_limit = 1.0
    #: Options :meth:`review` passes to :func:`ft_widget.review` (budgets, ``rng``); its defaults
    #: otherwise, with ``rng=0`` (the same game always gets the same review) and a time budget of
    #: :data:`~ft_widget.training.review.TIME_BUDGET` seconds.
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
    #: The public view of the game (Python → browser). See :func:`~ft_widget.board.view.public_state`.
    state = traitlets.Dict().tag(sync=True)
    #: The browser's latest request (browser → Python), answered in ``set_state``. ``Any``,
    #: not ``Dict``: a malformed value must reach our checks instead of failing in traitlets.
    #: No echo: the answer is the new ``state``.
    request = traitlets.Any(None, allow_none=True).tag(sync=True, echo_update=False)
    #: The board's words for the browser (buttons, menus, keyboard help, names read aloud, card names)
    #: in its language (:mod:`~ft_widget.board.ui_words`). A trait of its own, not a part of ``state``:
    #: it is sent when the language changes, not with every move (it is most of the state's size).
    ui = traitlets.Dict().tag(sync=True)

    def __init__(self, variant: str | Game = "forty_thieves", deal: int | None = None, *,
                 difficulty: str | None = None, rng: random.Random | int | None = None,
                 autosave: str | os.PathLike | None = None, language: str | None = None, **kwargs: Any):
        unknown = [name for name in kwargs if not self.has_trait(name)]
        if unknown:  # traitlets would take it without a word: a typo like auto_hme=True
            raise TypeError(f"Board() got an unexpected keyword argument {unknown[0]!r:.40}")
        self._lock = shared.CHANGES  # the lock every board changes under (see .shared)
        # the board's own language (Board(language=...)), else the session's, else its browser's
        self._language = None if language is None else i18n.resolve(language)
        self._browser_language: str | None = None
        self._saving: Autosave | None = None
        self._not_saving: pathlib.Path | None = None  # the file handed over to a newer board
        # picks graded deals (Board(..., difficulty=...), new_game(difficulty=...)); seeded: repeatable
        rng = check_rng("Board", rng)
        self._rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        if isinstance(variant, Game):
            if deal is not None or difficulty is not None:
                raise ValueError("give a game, or a variant and a deal or difficulty, not both")
            self._game = variant
        else:
            self._game = Game(variant, catalogue.graded_deal(variant, deal, difficulty, self._rng))
        if autosave is not None:
            self._saving = Autosave.new(autosave)
            self._saving.held_by(self)
        self._callbacks = MoveCallbacks()
        self._version = 0
        self._hint: dict | None = None
        self._last_public: dict | None = None  # the state last published, to put moves in words
        self._left = LeftBehind(MAX_LEFT_BEHIND)
        self._changes = 0  # grows with every change of position: a hint knows what it is for
        self._in_step = False  # publishing because a board showing the same Game changed
        self._words = ""  # words for the next state's change, when the board knows better
        self._protocol = Protocol()
        self._reviews = ReviewMode()
        self._shows = ShowMode()  # a verdict's line shown ("Show me")
        self._puzzles = PuzzleRun()
        self._session = SessionScores()
        try:
            super().__init__(variant=self._game.variant.id, **kwargs)
        except BaseException:
            self._release()
            raise
        shared.register(self)
        with i18n.using(self.language):
            self._publish(view.graded_words(self._game, difficulty), "info" if difficulty else "")

    def close(self) -> None:
        """Stop a review being worked out, close the board's views and let another board autosave
        to its file."""
        if hasattr(self, "_reviews"):  # (not when __init__ failed)
            self.cancel()
        self._release()
        super().close()

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
            self._show(game, keep=True)
            self._changed(self._left.words('', game))  # says at once if that game is won or stuck

    def _show(self, game: Game, keep: bool) -> None:
        """Put ``game`` on the board; with ``keep``, the game it replaces is left behind (see .games)."""
        old = self._game
        self._left.take(game)
        if keep and old is not game:
            self._left.keep(old)
        self._game = game
        self.variant = game.variant.id  # same id as the game's: the observer keeps the game
        held = [game, *self._left.games]
        self._session.keep_only(held)
        self._puzzles.keep_only(held)

    def play(self, move: Move | str) -> Move:
        """Play a move (``Move`` or notation like ``"3>f"``); ``IllegalMove`` says why not."""
        with self._lock:
            move = self._game.play(move)
            self._after_moves([move])
        return move

    def undo(self) -> Move | None:
        """Take back the last move, as the Undo button does: at a game's start, go back to the game
        left behind (``None`` is returned then). ``IndexError`` when neither can be done."""
        with self._lock:
            if not self._game.can_undo and self._left.games:
                game = self._left.pop()
                self._show(game, keep=False)
                self._changed(f"{words.back_line(game)}.", "info")
                return None
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
        game = Game(variant, catalogue.graded_deal(variant, deal, difficulty, self._rng))
        with self._lock:
            self._show(game, keep=True)
            text = view.graded_words(game, difficulty) or f"{game.variant.name}, deal {game.deal}"
            self._changed(self._left.words(text, game), "info")
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

    def _play_moves(self, moves: list[Move], said: Move | None = None) -> None:
        """A player's moves from the browser, all or nothing (``IllegalMove`` before any is
        played), then the safe moves home if ``auto_home``; published once. ``said``: the run
        shortcut the moves stand for, put in words as one move."""
        trial = self._game.copy()
        for move in moves:
            trial.play(move)  # the engine checks every step before the real game sees one
        if said is not None:
            self._words = words.played_words(said, view.moved_card(self._last_public, said))
        for move in moves:
            self._game.play(move)
        self._after_moves(moves + (self._play_safe_moves() if self.auto_home else []))

    def hint(self, time_limit: float | None = None):
        """Ask for the fair hint (:func:`ft_widget.hint`: the expert's move, from the cards the
        player sees), show it on the board (``words.hint_line``) and return it.

        The expert thinks for about ``time_limit`` seconds (default ``hint_time_limit``), on a
        copy and outside the lock the boards share; should the position change meanwhile, the hint
        is returned but not shown: it is for a position gone. ``None`` when no move is legal."""
        limit = self.hint_time_limit if time_limit is None else time_limit
        self.close_review()  # a hint is for the game played, not for a reviewed position
        with self._lock:
            asked = self._position_mark()
            position = self._game.copy()
            puzzle = self.current_puzzle  # after its verdict "keeps a win", the hint follows that line
            found = None if puzzle is None else puzzle.line_hint(self._game)
        if found is None:
            found = hints.hint(position, time_limit=limit)
        with self._lock:
            if self._position_mark() != asked:  # a move was played while the hint was found
                self._publish(_("The position changed while the hint was found: ask again."), "info")
                return found
            self._hint = None if found is None else view.hint_view(self._game, found)
            self._publish(_("No legal move: there is nothing to hint.") if found is None
                          else words.hint_message(self._game, found), "info")
        return found

    def _position_mark(self) -> tuple:
        g = self._game
        return self._changes, id(g), g.moves_played, str(g.last_move)

    def say(self, message: str, kind: str = "info") -> None:
        """Show ``message`` in the board's message line (``kind`` "info" or "error"); past
        :data:`MESSAGE_LIMIT` characters it is cut, and ends in "…" to say so."""
        message = str(message)
        if len(message) > MESSAGE_LIMIT:
            message = message[:MESSAGE_LIMIT - 1] + "…"
        self._publish(message, kind)

    def refresh(self) -> None:
        """Republish the state after ``board.game`` was changed directly (or a puzzle's panel)."""
        self._changed()

    # ------------------------------------------------------------------ callbacks
    def on_move(self, callback: MoveCallback, remove: bool = False) -> MoveCallback:
        """Call ``callback(board, move)`` after each move enters the game: played from
        Python or the browser, by auto-play, or by redo. ``remove=True`` unregisters it.

        Returns the callback, so ``@board.on_move`` works as a decorator. As with
        ipywidgets' ``Button.on_click``, an exception in a callback is shown, not raised.
        """
        self._callbacks.register(callback, remove=remove)
        return callback

    def _after_moves(self, moves: list[Move]) -> None:
        self._changed()
        self._callbacks.dispatch(self, moves)
        # the moves entered the Game, whichever board they were made on: a board showing it too
        # hears them (a puzzle started there is judged, its solve recorded)
        for other in shared.showing(self.game, but=self):
            other._callbacks.dispatch(other, moves)

    # ------------------------------------------------------------------ publishing
    def _changed(self, message: str = "", kind: str = "") -> None:
        """The position changed: drop the old hint and publish, saying so if the game ended."""
        self._hint = None
        self._changes += 1
        if not message:
            message = words.end_message(self._game)
            kind = "info" if message else kind
        self._publish(message, kind)

    def _refuse(self, message: str) -> None:
        self._publish(message, "error")

    def _publish(self, message: str = "", kind: str = "") -> None:
        with self._lock, i18n.using(self.language):
            self._publish_locked(message, kind)
            if not self._in_step:
                shared.keep_in_step(self)

    def _publish_locked(self, message: str, kind: str) -> None:
        failed = self._saving.save(self._game, self._left.games) if self._saving is not None else ""
        if failed:
            message, kind = f"{message} {failed}".strip(), "error"
        self._version += 1
        self._follow_review()
        self._shows.follow(self._game)
        self._session.note(self._game)
        state, self._last_public = self._protocol.state(self, message, kind, failed)
        self.ui = ui_words()  # the same table while the language stays: traitlets sends nothing
        self.state = state

    # ------------------------------------------------------------------ the browser
    @traitlets.validate("variant")
    def _check_variant(self, proposal):
        value = proposal["value"]
        if value in VARIANTS or value == self._game.variant.id:
            return value
        raise traitlets.TraitError(
            f"unknown variant {str(value)[:MAX_TEXT]!r}: choose one of {', '.join(VARIANTS)}")

    @traitlets.observe("auto_home")
    def _auto_home_changed(self, change) -> None:
        if change["new"] and self.showing:
            self.auto_home = False  # refused like any move while a line is shown
            self._refuse(_(IN_SHOW))
        elif change["new"] and (self.review_computing or self.review_open):
            self.auto_home = False  # refused like any move during a review: the switch goes back
            self._refuse(_("Stop the review to switch on auto-home: it plays moves.") if self.review_computing
                         else _("Leave the review to switch on auto-home: it plays moves."))
        elif not (change["new"] and self.autoplay()):
            self._publish()  # the views' switch follows

    @traitlets.observe("variant")
    def _variant_changed(self, change) -> None:
        if change["new"] != self._game.variant.id and not self._switch_training(change["new"]):
            self.new_game(variant=change["new"])  # (a training board trains the new game instead)

    def set_state(self, sync_data: dict) -> None:
        """Apply an update from the browser: a ``request`` to answer, a ``variant`` to play,
        ``auto_home`` switched on or off.

        Nothing the browser sends raises into the kernel log: a bad value (any JSON) is
        refused on the board. Each request message is answered once, even one repeating the
        last (traitlets would see no change in it, so it is handled here, not by an observer).
        """
        with self._lock:
            self._protocol.update(self, sync_data, lambda data: super(Board, self).set_state(data))

    def _repr_mimebundle_(self, **kwargs: Any):
        """The widget view and ``text/plain`` (anywidget's), and a ``text/html`` picture of the
        position shown (``_picture``).

        A notebook saves the bundle. Where no kernel runs (GitHub, nbviewer, the docs site, an
        unrun notebook, which JupyterLab opens untrusted and then renders only safe types) the
        widget view draws nothing and the picture shows instead; a running notebook's board is
        trusted output, shown as the widget alone.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/html"] = self._picture().img()
        return bundle

    def _picture(self) -> Picture:
        """The position on the board as a still picture (an SVG for an ``<img>``), in the board's
        language: a puzzle's captioned with its title (a lesson's step with the lesson's); the status
        line is its alt text."""
        with i18n.using(self.language):
            game, puzzle, step = self._game, self.current_puzzle, self.lesson_step
            status = status_line(game)
            caption = None if puzzle is None else step.progress if step is not None else puzzle.title
            alt = status if caption is None else f"{caption}: {status}"
            # scale 0.8, as teaching.picture's: the size on the page, not in bytes (image=True is that)
            return Picture(svg_board(game, caption=caption, scale=0.8, image=True), text_board(game), alt)

    def __repr__(self) -> str:  # English, like every repr
        g = self._game
        deal = f", deal {g.deal}" if g.deal is not None else ""
        return f"<Board {g.variant.id}{deal}: {g.moves_played} moves, {g.cards_home}/104 home>"



# Every command that puts words on the board (the browser's requests come through set_state).
for _name in ("play", "undo", "redo", "restart", "new_game", "autoplay", "hint", "set_state", "review",
              "review_step", "close_review", "play_from_here", "next_puzzle", "show_puzzle", "clue",
              "show_me", "show_step", "close_show"):
    setattr(Board, _name, speaking(getattr(Board, _name)))
del _name
