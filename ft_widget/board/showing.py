"""Show me: a verdict's line stepped through on the board, its facts' cards marked.

After a puzzle move is judged, the verdict carries the facts its words are made from and the line
they speak of (:mod:`ft_widget.training.facts`). Show me puts on the board, one at a time, the
position before the judged move (ply 0), after it (ply 1) and after each move of the line up to
the last ply a fact names; at each ply the cards the facts of that ply name are marked. The
positions are the engine's, replayed on copies (reading never writes: the game, the puzzle and
its records are untouched), and each is published as the public state of any game is
(:func:`~ft_widget.board.view.public_state`: face-down cards and the stock as counts only).

At a review step (the review open, a move shown), Show me steps through the step's line the same
way (:attr:`~ft_widget.training.review.Step.shown`): the move played and the cards it changed, or
at the losing move the solver's better move and its line; Back to the review ends it and the
review is where it was.

While a puzzle is open (not solved), and for a review's solver line, the line stops before its
first deal from the stock: the solver's line was played with the real cards, and a deal would turn
up a card the player may not have seen. While a line is shown the board takes no move; Back to the
puzzle (or to the review; or a change of the game) ends it and the board shows the game as it was.
"""

from __future__ import annotations

from .. import words
from ..cards import card_str
from ..game import Game, Move
from ..i18n import N_
from ..i18n import gettext as _
from ..training.facts import Fact
from .view import move_piles

#: What the board says to a move (or Undo, Hint, …) while a line is shown (over a review: to a step).
IN_SHOW = N_("You are looking at a line: go back to the puzzle to play.")
IN_SHOW_REVIEW = N_("You are looking at a line: go back to the review first.")
#: … and to Show me with no verdict to show.
NOTHING_TO_SHOW = N_("There is nothing to show yet: Show me follows a verdict on a move.")
NOTHING_TO_SHOW_REVIEW = N_("There is nothing to show at the start: step to a move of the review first.")


class ShownLine:
    """The positions of a verdict's line and the marks of each: ``position(k)`` is the game after
    ``k`` moves of the judged move and the line (0: before the judged move), ``marks[k]`` the facts
    of ply ``k``, placed. ``before`` (the position the move was played in, a game of the line's
    own, with its history) is stepped along the line with the engine's play and undo."""

    def __init__(self, before: Game, verdict, solved: bool) -> None:
        facts = tuple(verdict.facts)
        moves = [Move(str(verdict.move)), *(Move(str(m)) for m in verdict.line)]
        last = max([1, *(f.ply for f in facts)])
        moves = moves[:last]
        if not solved:  # no card the player has not seen: stop before the line's first deal
            first_deal = next((k for k, m in enumerate(moves) if k and m.is_deal), None)
            if first_deal is not None:
                moves = moves[:first_deal]
        self.game, self.moves, self._at = before, moves, 0
        self.facts = tuple(f for f in facts if f.ply <= len(moves))
        self.arrows: list[tuple[str, str]] = []
        self.marks = [[]]
        for k, move in enumerate(moves, 1):
            self.arrows.append(move_piles(before, move))
            before.play(move)  # the engine replays the line: IllegalMove if it is not legal here
            self.marks.append([m for f in self.facts if f.ply == k and (m := place(before, f)) is not None])
        self._at = len(moves)

    @property
    def count(self) -> int:
        """The moves shown (the judged move and the line's moves after it)."""
        return len(self.moves)

    def position(self, k: int) -> Game:
        """The line's game after ``k`` of its moves (played or taken back to there)."""
        while self._at > k:
            self.game.undo()
            self._at -= 1
        while self._at < k:
            self.game.play(self.moves[self._at])
            self._at += 1
        return self.game


def place(game: Game, fact: Fact) -> dict | None:
    """Where ``fact``'s card is in ``game`` as the board draws it: ``{"kind", "card", "pile" (the
    pile's DOM id: "1"…"13", "w", "f1"…"f8"), "index" (from the bottom of that pile, as the board's
    layout counts)}``; None when the card is not face up there (a fact is never drawn on a hidden
    card). A fact with no card (``empties``) marks its pile (``card`` and ``index`` None)."""
    if fact.card is None:
        return {"kind": fact.kind, "card": None, "pile": fact.pile, "index": None}
    if fact.pile == "f":
        for k, pile in enumerate(game.foundations):
            if pile and card_str(pile[-1]) == fact.card:
                return {"kind": fact.kind, "card": fact.card, "pile": f"f{k + 1}", "index": len(pile) - 1}
        return None
    if fact.pile == "w":
        cards, down = game.waste, 0
    else:
        i = int(fact.pile) - 1
        if not 0 <= i < len(game.tableau):
            return None
        cards, down = game.tableau[i], game.face_down_counts[i]
    for k in range(len(cards) - 1, down - 1, -1):  # the nearest the top: the one the line moved
        if card_str(cards[k]) == fact.card:
            return {"kind": fact.kind, "card": fact.card, "pile": fact.pile, "index": k}
    return None


class ShowMode:
    """What the board knows of the line it shows: the line, the ply shown, the game it is of."""

    def __init__(self) -> None:
        self.line: ShownLine | None = None
        self.at = 0
        self.of: tuple = ()  # the game shown under it (see key): a change of it ends the showing
        self.back = "puzzle"  # what Back returns to: "puzzle", or "review" (the step it was opened at)

    @staticmethod
    def key(game: Game) -> tuple:
        return id(game), tuple(game.history)

    def is_open(self) -> bool:
        return self.line is not None

    def open(self, line: ShownLine, game: Game, back: str = "puzzle") -> None:
        self.line, self.at, self.of, self.back = line, min(1, line.count), self.key(game), back

    def close(self) -> bool:
        was, self.line = self.line is not None, None
        return was

    def follow(self, game: Game) -> None:
        """The board shows ``game``: a line shown over another game, or over this one before it
        changed, ends."""
        if self.line is not None and self.of != self.key(game):
            self.line = None

    def position(self) -> Game:
        return self.line.position(self.at)

    def last_move(self) -> str | None:
        return str(self.line.moves[self.at - 1]) if self.at else None

    def state(self) -> dict | None:
        """``state["show"]``: the ply shown, the moves in all, the words for them, the arrow of the
        move that led here and the cards marked (see :func:`place`)."""
        line = self.line
        if line is None:
            return None
        k, n = self.at, line.count
        if k == 0:
            where, said = _("Before your move"), ""
        else:
            where = _("Move {at} of {n}").format(at=k, n=n)
            said = words.played_move_words(line.position(k - 1), line.moves[k - 1])
            line.position(k)  # (the game shown stays at the ply shown)
        src, dst = line.arrows[k - 1] if k else (None, None)
        return {"at": k, "count": n, "where": where, "move": self.last_move(), "move_words": said,
                "back": self.back, "from": src, "to": dst, "marks": line.marks[k],
                "spoken": words.spoken(f"{where}: {said}" if said else where)}


__all__ = ["IN_SHOW", "IN_SHOW_REVIEW", "NOTHING_TO_SHOW", "NOTHING_TO_SHOW_REVIEW", "ShowMode", "ShownLine",
           "place"]



class ShowCommands:
    """The board's Show me commands (a part of :class:`~ft_widget.board.Board`). The board's
    ``_shows`` is its :class:`ShowMode`."""

    @property
    def showing(self) -> bool:
        """Whether the board shows a verdict's line (moves are refused until Back to the puzzle)."""
        with self._lock:
            self._shows.follow(self._game)
            return self._shows.is_open()

    def show_me(self) -> ShownLine:
        """Show a line on the board: with a review open, the step shown's
        (:attr:`~ft_widget.training.review.Step.shown`: the move played and its facts, or at the
        losing move the solver's better line), else the line of the last verdict on the board's
        puzzle that has facts. The position before the move, then after it and after each move of
        the line its facts speak of, the facts' cards marked; :meth:`show_step` steps,
        :meth:`close_show` goes back to the puzzle or the review as it was. ``ValueError`` with
        nothing to show (a review at its start, or no verdict)."""
        with self._lock:
            self._follow_review()
            if self._reviews.is_open():
                judged = self._reviews.shown_line()
                if judged is None:
                    raise ValueError(_(NOTHING_TO_SHOW_REVIEW))
                shown, before = judged
                # the move played was seen; a solver's line stops before a deal the player may not have seen
                line = ShownLine(before, shown, solved=shown.line == ())
                self._shows.open(line, self._game, back="review")
                self._publish()
                return line
            puzzle = self.current_puzzle
            judged = None if puzzle is None else puzzle.shown_verdict()
            if judged is None:
                raise ValueError(_(NOTHING_TO_SHOW))
            verdict, before = judged
            line = ShownLine(before, verdict, solved=puzzle.solved)
            self._shows.open(line, self._game)
            self._publish()
        return line

    def show_step(self, k: int) -> None:
        """Show ply ``k`` of the line shown (0: before the judged move; 1: after it; up to
        ``count``). ``ValueError`` when no line is shown or ``k`` is not one of its plies."""
        with self._lock:
            self._shows.follow(self._game)
            line = self._shows.line
            if line is None:
                raise ValueError("show_step: no line is shown (board.show_me() shows one)")
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= line.count:
                raise ValueError(f"show_step: k must be a whole number from 0 to {line.count}, not {k!r:.40}")
            self._shows.at = k
            self._publish()

    def close_show(self) -> None:
        """Back to the puzzle (the board shows the game as it is) or to the review at the step it
        showed; nothing if no line is shown."""
        with self._lock:
            if self._shows.close():
                self._publish()
