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

import pathlib
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets
import traitlets

from .cards import card_str
from .game import WASTE, Game, IllegalMove, Move
from .variants import VARIANTS

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

# For each action, the keys a request may carry besides "id" and "action".
_ACTION_KEYS = {
    "move": {"move", "moves"},
    "moves": {"moves"},
    "undo": set(),
    "redo": set(),
    "restart": set(),
    "new": {"deal"},
    "hint": set(),
    "autoplay": set(),
}

MoveCallback = Callable[["Board", Move], Any]


class Board(anywidget.AnyWidget):
    """A playable board in a notebook: ``Board("maria", deal=5)``.

    ``board.game`` is the engine :class:`Game`; ``play``, ``undo``, ``redo``, ``restart``
    and ``new_game`` change it and update every view at once, and moves made in the
    browser are in ``board.game`` as soon as they are made. Assigning ``board.variant``
    starts a new game of that variant. ``Board(game)`` shows an existing game.

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

    _esm = _STATIC / "widget.js" if (_STATIC / "widget.js").is_file() else _NO_BUNDLE
    _css = _STATIC / "widget.css" if (_STATIC / "widget.css").is_file() else ""

    #: The variant id. Setting it to another variant starts a new game (random deal) of it;
    #: for a new deal of the same variant, call ``new_game``.
    variant = traitlets.Unicode("forty_thieves").tag(sync=True)
    #: After each move made in the browser, play every safe move to the foundations too
    #: (see :meth:`Game.safe_move_home`), as PySolFC's "auto drop" does. Off by default.
    auto_home = traitlets.Bool(False).tag(sync=True)
    #: The public view of the game (Python → browser). See ``public_state``.
    state = traitlets.Dict().tag(sync=True)
    #: The browser's latest request (browser → Python), answered in ``set_state``. ``Any``,
    #: not ``Dict``: a malformed value must reach our checks instead of failing in traitlets.
    #: No echo: the answer is the new ``state``; bouncing each request (however big) back
    #: to every view would only add traffic.
    request = traitlets.Any(None, allow_none=True).tag(sync=True, echo_update=False)

    def __init__(self, variant: str | Game = "forty_thieves", deal: int | None = None, **kwargs: Any):
        if isinstance(variant, Game):
            if deal is not None:
                raise ValueError("give a game or a variant and a deal, not both")
            self._game = variant
        else:
            self._game = Game(variant, deal)
        self._on_move = ipywidgets.CallbackDispatcher()
        self._version = 0
        self._ack = -1
        self._hint: dict | None = None
        super().__init__(variant=self._game.variant.id, **kwargs)
        self._publish()

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
        self._game = game
        self.variant = game.variant.id  # same id as the game's: the observer keeps the game
        self._hint = None
        self._publish()

    def play(self, move: Move | str) -> Move:
        """Play a move (``Move`` or notation like ``"3>f"``); ``IllegalMove`` says why not."""
        move = self._game.play(move)
        self._after_moves([move])
        return move

    def undo(self) -> Move:
        """Take back the last move; ``IndexError`` if there is none."""
        move = self._game.undo()
        self._changed()
        return move

    def redo(self) -> Move:
        """Play the last move taken back again (on-move callbacks see it); ``IndexError`` if none."""
        move = self._game.redo()
        self._after_moves([move])
        return move

    def restart(self) -> None:
        """Back to the deal's opening position; ``redo`` replays the moves."""
        self._game.restart()
        self._changed()

    def new_game(self, variant: str | None = None, deal: int | None = None) -> Game:
        """Start a new game: of ``variant`` (default: this one), deal number ``deal`` (default: random).
        The arguments are ``Game``'s and ``Board``'s, in the same order."""
        game = Game(variant if variant is not None else self._game.variant, deal)
        self._game = game
        self.variant = game.variant.id
        self._changed(f"{game.variant.name}, deal {game.deal}", "info")
        return game

    def autoplay(self) -> list[Move]:
        """Play every safe move to the foundations (see :meth:`Game.safe_move_home`); return them."""
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
        """Ask for a fair hint (the expert's move, from the cards the player sees), show it on the
        board and return it; ``state.hint`` is ``{"move", "reason", "kind"}`` with kind ``"fair"``.

        The expert thinks for about ``time_limit`` seconds (default ``hint_time_limit``).

        Returns the hint (``.move``, ``.reason``, ``.kind``), or ``None`` when no move is legal.
        """
        from .solver import hint  # the solver is heavy; load it only when someone asks

        limit = self.hint_time_limit if time_limit is None else time_limit
        found = hint(self._game.copy(), time_limit=limit)  # a copy: the search can't disturb us
        if found is None:
            self._hint = None
            self._publish("No legal move: there is nothing to hint.", "info")
        else:
            self._hint = {"move": str(found.move), "reason": str(found.reason), "kind": found.kind}
            self._publish(f"Hint: {found.move} — {found.reason}", "info")
        return found

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
        for move in moves:
            self._on_move(self, move)

    def _changed(self, message: str = "", kind: str = "") -> None:
        """The position changed: drop the old hint and publish, saying so if the game ended."""
        self._hint = None
        if not message:
            if self._game.is_won:
                message, kind = "Won! All 104 cards are home.", "info"
            elif self._game.is_stuck:
                message, kind = "No moves left: this game is lost.", "info"
        self._publish(message, kind)

    def _publish(self, message: str = "", kind: str = "") -> None:
        self._version += 1
        state = public_state(self._game)
        history = self._game.history
        state.update(
            version=self._version,
            message=message,
            message_kind=kind,
            last_move=str(history[-1]) if history else None,
            hint=self._hint,
            ack=self._ack,
        )
        self.state = state

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
        if change["new"]:
            self.autoplay()

    @traitlets.observe("variant")
    def _variant_changed(self, change) -> None:
        if change["new"] != self._game.variant.id:
            self.new_game(variant=change["new"])

    def set_state(self, sync_data: dict) -> None:
        """Apply an update from the browser: a ``request`` to answer, a ``variant`` to play,
        ``auto_home`` switched on or off.

        Nothing the browser sends raises into the kernel log: a bad value is refused on the
        board. Each request message is answered once, even one repeating the last
        (traitlets would see no change in it, so it is handled here, not by an observer).
        """
        try:
            super().set_state(sync_data)
        except Exception as error:  # e.g. an unknown variant: traitlets undid the change
            self._refuse(f"refused an update from the browser: {error}"[:300])
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
        if rid <= self._ack:
            return self._refuse(f"refused: request {rid} is stale (request {self._ack} was handled)")
        self._ack = rid  # from here on the request is answered, accepted or not
        action = request.get("action")
        if not isinstance(action, str) or action not in _ACTION_KEYS:
            shown = action[:MAX_TEXT] if isinstance(action, str) else _type_name(action)
            return self._refuse(f"refused: unknown action {shown!r}")
        extra = set(request) - {"id", "action"} - _ACTION_KEYS[action]
        if extra:
            key = sorted(map(str, extra))[0][:MAX_TEXT]
            return self._refuse(f"refused: a {action!r} request has no {key!r} field")
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
            move = self._game.play(text)
        except IllegalMove as error:
            return self._refuse(str(error))
        self._after_player_moves([move])

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
        try:
            self.new_game(deal=deal)
        except ValueError as error:
            self._refuse(str(error)[:200])

    def _request_hint(self, request: dict) -> None:
        try:
            self.hint()
        except ImportError:
            self._refuse("Hints need ft_widget.solver, which is not installed here.")

    def _request_autoplay(self, request: dict) -> None:
        if not self.autoplay():
            self._publish("No card can safely go to the foundations now.", "info")

    def __repr__(self) -> str:
        g = self._game
        deal = f", deal {g.deal}" if g.deal is not None else ""
        return f"<Board {g.variant.id}{deal}: {len(g.history)} moves, {g.cards_home}/104 home>"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


# ---------------------------------------------------------------------- the public view
def public_state(game: Game) -> dict:
    """What a player at the table sees, as JSON: the ``state`` trait without the
    board's own fields (version, message, ack, …).

    Face-down tableau cards and the stock are counts only, and the waste shows only its
    top cards (up to one deal's worth), so the browser never learns what the player may not.
    """
    v = game.variant
    down = game.face_down_counts
    tableau = [
        {"down": d, "up": [card_str(c) for c in col[d:]]} for col, d in zip(game.tableau, down, strict=True)
    ]
    waste = game.waste
    top = waste[-v.stock_deal:] if waste else []
    if game.is_won:
        status = "won"
    elif game.is_stuck:
        status = "stuck"
    else:
        status = "playing"
    return {
        "variant": v.id,
        "variant_name": v.name,
        "deal": game.deal,
        "columns": len(tableau),
        "sequences": v.sequences,
        "build": str(v.build),
        "stock_deal": v.stock_deal,
        "redeals_left": game.redeals_left,
        "tableau": tableau,
        "foundations": [[card_str(c) for c in pile] for pile in game.foundations],
        "waste": {"count": len(waste), "top": [card_str(c) for c in top]},
        "stock": {"count": len(game.stock)},
        "legal": [str(m) for m in game.legal_moves()],
        "moves": len(game.history),
        "home": game.cards_home,
        "status": status,
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
    }


__all__ = ["Board", "public_state"]
