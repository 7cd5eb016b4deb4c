"""The browser's side of the board: requests checked at the door, each answered once.

The browser never changes the game: it writes a request (``{"id": 7, "action": "move",
"move": "3>f"}``) to the synced ``request`` trait, and the board answers with a new ``state``
whose ``ack`` is that id (``docs/widget-protocol.md``). Everything a request holds is checked
here before the board sees it: a bad value (any JSON) is refused on the board in words, never
raised into the kernel's log.
"""

from __future__ import annotations

import contextlib

from .. import words
from ..game import WASTE, IllegalMove, Move
from ..i18n import N_
from ..i18n import gettext as _
from . import view
from .showing import IN_SHOW, IN_SHOW_REVIEW, NOTHING_TO_SHOW, NOTHING_TO_SHOW_REVIEW

#: Requests are refused when a string is longer than this …
MAX_TEXT = 64
#: … or a run shortcut lists more moves than this. Moving a 13-card run through empty
#: columns one card at a time takes far fewer.
MAX_RUN_MOVES = 64
MAX_ID = 2**53  # the largest integer a browser's JSON numbers hold exactly
# Views make ids from a counter and the clock, far below this (the clock reaches it in the
# year 37,648). An ack above it was pushed there by a sender counting from a huge number:
# ids at or below it are then taken as new again, so no id can lock the board.
ID_RESTART = 2**50

# For each action, the keys a request may carry besides "id" and "action".
ACTION_KEYS = {
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
    "review_stop": set(),
    "play_from_here": set(),
    "next_puzzle": set(),
    "theme": {"theme"},
    "language": {"languages"},
    "show": {"step"},
    "show_close": set(),
}
#: The browser's languages (navigator.languages) a "language" request may list.
MAX_LANGUAGES = 16
#: The actions that play or change the game: refused while a review is open. While one is being
#: worked out, every action but its Stop is refused.
PLAYING = {"move", "moves", "undo", "redo", "restart", "hint", "autoplay"}
#: Refused while a verdict's line is shown ("Show me"): these and opening a review.
NOT_WHILE_SHOWING = PLAYING | {"review", "play_from_here"}
#: What the board says to them then (translated where said).
IN_REVIEW = N_("You are reviewing the game: leave the review to play, or Play from here.")
REVIEW_COMPUTING = N_("The review is being worked out: wait for it, or Stop it to play.")


class Protocol:
    """One board's request handling: the last id answered (``ack``) and the request it was.
    ``board`` is the :class:`~ft_widget.board.Board` the requests are for."""

    def __init__(self) -> None:
        self.ack = -1
        self._last: dict | None = None  # the request handled last, to know a repeat

    def update(self, board, sync_data: object, apply) -> None:
        """An update from the browser: a ``request`` to answer, a ``variant`` to play, ``auto_home``
        switched; ``apply`` sets the traits (traitlets' own ``set_state``)."""
        if not isinstance(sync_data, dict):
            return board._refuse(f"refused: an update from the browser is a JSON object, "
                                 f"not {type_name(sync_data)}")
        if board.review_computing and "variant" in sync_data:
            board._refuse(_(REVIEW_COMPUTING))
            with contextlib.suppress(Exception):
                board.send_state(["variant"])
            sync_data = {k: v for k, v in sync_data.items() if k != "variant"}
        try:
            apply(sync_data)
        except Exception as error:  # e.g. an unknown variant: traitlets undid the change
            board._refuse(f"refused an update from the browser: {error}"[:300])
            with contextlib.suppress(Exception):
                # put the views' menu and toggle back, and the words if a view wrote them
                board.send_state(["variant", "auto_home", *(["ui"] if "ui" in sync_data else [])])
        else:
            if {"state", "ui"} & sync_data.keys():  # Python's to publish: overwrite the browser's
                board._publish()
        if "request" in sync_data:
            try:
                self.handle(board, sync_data["request"])
            except Exception as error:  # a bug of ours: say so on the board, keep the kernel quiet
                board._refuse(f"internal error handling the request: {type(error).__name__}: "
                              f"{error}"[:300])

    def handle(self, board, request: object) -> None:
        if not isinstance(request, dict):
            return board._refuse(f"refused: a request is a JSON object, not {type_name(request)}")
        rid = request.get("id")
        if not is_int(rid) or not 0 <= rid <= MAX_ID:
            return board._refuse("refused: a request needs an integer id")
        if rid == self.ack and request == self._last:
            return None  # the same message delivered again (marimo sends each twice): done already
        if rid <= self.ack and not rid <= ID_RESTART < self.ack:
            return board._refuse(f"refused: request {rid} is stale (request {self.ack} was handled)")
        self.ack = rid  # from here on the request is answered, accepted or not
        self._last = request
        action = request.get("action")
        if not isinstance(action, str) or action not in ACTION_KEYS:
            shown = action[:MAX_TEXT] if isinstance(action, str) else type_name(action)
            return board._refuse(f"refused: unknown action {shown!r}")
        extra = set(request) - {"id", "action"} - ACTION_KEYS[action]
        if extra:
            key = sorted(map(str, extra))[0][:MAX_TEXT]
            return board._refuse(f"refused: a {action!r} request has no {key!r} field")
        board._follow_review()
        board._shows.follow(board.game)
        if board.review_computing and action not in ("review_stop", "language"):
            return board._refuse(_(REVIEW_COMPUTING))
        if action in PLAYING and board.review_open:
            return board._refuse(_(IN_REVIEW))
        if action in NOT_WHILE_SHOWING and board._shows.is_open():
            # (the message chosen first: a literal inside _() would be extracted as a message)
            said = IN_SHOW_REVIEW if board._shows.back == "review" else IN_SHOW
            return board._refuse(_(said))
        getattr(self, f"_{action}")(board, request)

    def state(self, board, message: str, kind: str, failed: str) -> tuple[dict, dict]:
        """The ``state`` to publish (the public view of the game, or of the reviewed position, and
        the board's fields), and the game's own public view (what the next move is put in words
        against). ``failed``: what went wrong saving, if anything."""
        game = board.game
        last_move = game.last_move
        state = real = view.public_state(game)
        said, board._words = board._words, ""
        if not said and board._last_public is not None:
            said = view.change_words(board._last_public, state, last_move)
        undo_text = None  # Undo takes back a move: the browser's own button title says so
        if board._left.games and not game.can_undo:
            state["can_undo"] = True
            undo_text = words.back_line(board._left.games[-1])
        reviews, shows = board._reviews, board._shows
        shown, last = game, None if last_move is None else str(last_move)
        hint = board._hint
        if shows.is_open():  # the piles show a position of the verdict's line; nothing can be played
            shown = shows.position()
            state = view.public_state(shown)
            state.update(legal=[], home_piles={}, can_undo=False, can_redo=False)
            last, said, hint = shows.last_move(), "", None
        elif reviews.is_open():  # the piles show the reviewed position; nothing can be played
            shown = reviews.position()
            state = view.public_state(shown)
            state.update(legal=[], home_piles={}, can_undo=False, can_redo=False)
            last, said = reviews.last_move(), ""
        saved = None if board._saving is None and board._not_saving is None else \
            board._saving is not None and not failed
        puzzle = board._puzzles.state(board.current_puzzle)
        state.update(
            # a line shown over a review hides the review's bar until Back to the review
            review=None if shows.is_open() else reviews.state(), reviewing=reviews.progress_state(),
            undo_text=undo_text, end_title=words.end_title(shown), end_text=words.end_line(shown),
            auto_home=board.auto_home, session=board._session.rows(shown=True), version=board._version,
            message=message, message_kind=kind, last_move=last, last_move_text=said, hint=hint,
            show=shows.state(),
            difficulties=view.difficulties(game), puzzle=puzzle, ack=self.ack, saved=saved,
            spoken={"message": words.spoken(message), "clue": words.spoken((puzzle or {}).get("clue")),
                    "prompt": words.spoken((puzzle or {}).get("prompt")),
                    "review": None if shows.is_open() else reviews.spoken()},
        )
        return state, real

    # ------------------------------------------------------------------ the actions
    def _move(self, board, request: dict) -> None:
        if "moves" in request:
            if "move" in request:
                return board._refuse("refused: send either 'move' or 'moves', not both")
            return self._moves(board, request)
        text = request.get("move")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            return board._refuse(f"refused: 'move' must be notation like '3>f', at most {MAX_TEXT} "
                                 "characters")
        try:
            move = Move.parse(text)
            if move.count > 1 and not board.game.variant.sequences:
                return self._run(board, move)  # a one-card game's run shortcut
            board._play_moves([move])
        except IllegalMove as error:
            board._refuse(str(error))

    def _run(self, board, shortcut: Move) -> None:
        """Play a run shortcut (``3>7x3``) as the engine's single-card moves, all or nothing."""
        steps = board.game.expand(shortcut)  # IllegalMove says why not
        board._play_moves(steps, said=shortcut)

    def _moves(self, board, request: dict) -> None:
        """The run shortcut of one-card games: single-card column moves, all or nothing."""
        texts = request.get("moves")
        if not isinstance(texts, list) or not 1 <= len(texts) <= MAX_RUN_MOVES:
            return board._refuse(f"refused: 'moves' must be a list of 1 to {MAX_RUN_MOVES} moves")
        if not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts):
            return board._refuse(f"refused: each of 'moves' must be notation of at most {MAX_TEXT} "
                                 "characters")
        trial = board.game.copy()  # try the whole run aside, so a refusal changes nothing
        moves = []
        for step, text in enumerate(texts, 1):
            try:
                move = Move.parse(text)
                if move.count != 1 or move.src >= WASTE or move.dst >= WASTE:
                    raise IllegalMove(f"{text} is not a single-card move between columns")
                trial.play(move)
            except IllegalMove as error:
                where = text[:16] if len(texts) == 1 else _("move {step} of {steps} ({move})").format(
                    step=step, steps=len(texts), move=text[:16])
                return board._refuse(_("{why} — {where}; nothing was moved").format(why=error, where=where))
            moves.append(move)
        board._play_moves(moves)

    def _undo(self, board, request: dict) -> None:
        _take_a_step(board, board.undo, _("There is no move to undo."))

    def _redo(self, board, request: dict) -> None:
        _take_a_step(board, board.redo, _("There is no move to redo."))

    def _restart(self, board, request: dict) -> None:
        if not board.game.can_undo:
            return board.say(_("This is already the opening position."))
        board.restart()

    def _new(self, board, request: dict) -> None:
        deal = request.get("deal")
        difficulty = request.get("difficulty")
        if "difficulty" in request:
            offered = view.difficulties(board.game)
            if "deal" in request:
                return board._refuse("refused: ask for a deal number or a difficulty, not both")
            if not offered:
                return board._refuse(f"refused: {board.game.variant.name} has no graded deals")
            if not isinstance(difficulty, str) or difficulty not in offered:
                got = repr(difficulty[:MAX_TEXT]) if isinstance(difficulty, str) else type_name(difficulty)
                return board._refuse(f"refused: 'difficulty' must be one of {', '.join(offered)}, not {got}")
        try:
            board.new_game(deal=deal, difficulty=difficulty)
        except ValueError as error:
            board._refuse(str(error)[:200])

    def _hint(self, board, request: dict) -> None:
        puzzle = board.current_puzzle
        if puzzle is not None and not puzzle.solved:
            board.clue()  # in a puzzle the Hint button shows a clue, counted
            return
        try:
            board.hint()
        except ImportError:
            board._refuse(_("Hints need ft_widget.solver, which is not installed here."))

    def _language(self, board, request: dict) -> None:
        """The browser's languages, most preferred first: the board speaks the first it has words for."""
        tags = request.get("languages")
        if not (isinstance(tags, list) and 1 <= len(tags) <= MAX_LANGUAGES
                and all(isinstance(t, str) and 0 < len(t) <= MAX_TEXT for t in tags)):
            return board._refuse(f"refused: 'languages' must be a list of 1 to {MAX_LANGUAGES} language tags "
                                 f"like 'lt-LT', each at most {MAX_TEXT} characters")
        board._browser_speaks(tags)

    def _next_puzzle(self, board, request: dict) -> None:
        try:
            board.next_puzzle()
        except ValueError as error:
            board._refuse(str(error)[:200])

    def _theme(self, board, request: dict) -> None:
        theme = request.get("theme")
        if theme is not None and not isinstance(theme, str):
            return board._refuse(f"refused: 'theme' must be a theme's name or null, not {type_name(theme)}")
        try:
            board.train_theme(theme)
        except ValueError as error:
            board._refuse(str(error)[:300])

    def _autoplay(self, board, request: dict) -> None:
        if not board.autoplay():
            board.say(_("No card can safely go to the foundations now."))

    def _review(self, board, request: dict) -> None:
        review = board._reviews.review
        n = len(review.steps) if review is not None else board.game.moves_played
        step = request.get("step", n if review is None else board._reviews.at)
        if not is_int(step) or not 0 <= step <= n:
            return board._refuse(f"refused: 'step' must be a whole number from 0 to {n}, the positions "
                                 "of the game; 0 is the start")
        if n == 0:
            return board.say(_("There is no move to review yet."))
        if review is None:
            board._reviews.in_background(board, step)
        else:
            board.review_step(step)

    def _review_close(self, board, request: dict) -> None:
        if not board.review_open:
            return board.say(_("No review is open."))
        board.close_review()

    def _show(self, board, request: dict) -> None:
        """Show me: open the line of the puzzle's last verdict (at the judged move), or step it."""
        shows = board._shows
        if "step" not in request and shows.is_open():
            return board._publish()  # shown already: the state again (it answers the request)
        if not shows.is_open():
            puzzle = board.current_puzzle
            if board.review_open and board._reviews.shown_line() is None:
                return board._refuse(_(NOTHING_TO_SHOW_REVIEW))
            if not board.review_open and (puzzle is None or not puzzle.can_show):
                return board._refuse(_(NOTHING_TO_SHOW))
            if "step" in request:
                return board._refuse("refused: 'step' steps a line shown; Show me (no 'step') opens one")
            board.show_me()
            return None
        n = shows.line.count
        step = request["step"]
        if not is_int(step) or not 0 <= step <= n:
            return board._refuse(f"refused: 'step' must be a whole number from 0 to {n}, the moves of the "
                                 "line shown; 0 is the position before the judged move")
        board.show_step(step)
        return None

    def _show_close(self, board, request: dict) -> None:
        if not board._shows.is_open():
            return board._refuse("refused: no line is shown (Show me shows one)")
        board.close_show()
        return None

    def _review_stop(self, board, request: dict) -> None:
        if not board.cancel():
            board.say(_("No review is being worked out."))

    def _play_from_here(self, board, request: dict) -> None:
        if not board.review_open:
            return board._refuse(_("No review is open: Review opens one, then Play from here starts "
                                   "from the position it shows."))
        board.play_from_here()


def _take_a_step(board, step, nothing: str) -> None:
    try:
        step()
    except IndexError:
        board._refuse(nothing)


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__
