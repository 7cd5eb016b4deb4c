"""The facts a verdict rests on: what becomes true on the table along a line of moves.

A verdict's words are made from facts, never the other way round, and every fact can be checked
on the position: it becomes true after ``ply`` moves of the line (the judged move is ply 1) and
was not true before the line began. A fact names a ``card`` in position notation ("9H"; None
where no card is meant) and a ``pile`` in move notation ("1"…"13" a column, "w" the waste, "f"
the foundations). The kinds (:data:`KINDS`):

* ``home``: the card goes to a foundation (pile "f").
* ``frees``: the card becomes the top of its pile (a column, or the waste) because the card
  above it moved away; it was not that pile's top when the line began.
* ``turns_up``: a face-down card of the column is turned face up (it becomes its top).
* ``buries``: the card was its pile's top and is covered (a card built onto it, or a deal over
  the waste's top card).
* ``empties``: the column is left empty (card None); it was not empty when the line began.
* ``fills``: an empty column gets the card.
* ``moves``: the card goes onto the column ``pile`` (a card freed earlier can be followed to
  where it goes; a card never goes back to the waste).

Two more say what a move costs (:func:`costs`; a losing move's verdict carries them):

* ``last_empty``: the card fills the only empty column (the one place that took any card).
* ``stranded``: the card is the top of its pile before and after the move; before it, another
  legal move could send it home or build it onto a card, and after it no legal move moves it:
  the move took its last place.
* ``buried_for_good``: the face-up card is covered, and no line of legal moves from the position
  after the move ever uncovers it again. A search of every reachable position proves it, so it is
  claimed only where that search ends (``training.puzzles.buried_for_good``).

:func:`facts_along` replays the line on a copy (reading never writes) and lists every fact in the
order the moves make them. ``tests/test_facts.py`` checks each fact of every shipped puzzle's
lines against the replayed positions with a reference of its own.

>>> from ft_widget import Game
>>> game = Game("maria", deal=5)
>>> [str(f) for f in facts_along(game, ["8>2"])]    # 5♦ onto 6♠: the other 6♠ comes free
['buries 6S 2 @1', 'moves 5D 2 @1', 'frees 6S 8 @1']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import card_str
from ..game import FOUNDATION, WASTE, Game
from ..moves import Move

KINDS = ("home", "frees", "turns_up", "buries", "empties", "fills", "moves", "last_empty", "stranded",
         "buried_for_good")


@dataclass(frozen=True)
class Fact:
    """One thing that becomes true on the table ``ply`` moves into a line (the module's words)."""

    kind: str
    card: str | None
    pile: str
    ply: int

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"Fact: kind must be one of {', '.join(KINDS)}, not {self.kind!r}")

    def __str__(self) -> str:
        return f"{self.kind} {self.card or '-'} {self.pile} @{self.ply}"


@dataclass(frozen=True)
class FactLine:
    """A move, the moves after it that its facts speak of, and those facts (each true ``ply`` moves
    into ``[move, *line]``): what a review step's better move rests on, and what the board's "Show
    me" steps through (a puzzle's :class:`~ft_widget.training.puzzles.Verdict` and a review's
    :class:`~ft_widget.training.review.Step` carry the same three fields)."""

    move: str
    facts: tuple[Fact, ...] = ()
    line: tuple[str, ...] = ()


def pile_name(pile: int) -> str:
    """A pile index as move notation: "1"… for columns, "w" the waste, "f" the foundations."""
    if pile == WASTE:
        return "w"
    if pile == FOUNDATION:
        return "f"
    return str(pile + 1)


def _top(game: Game, pile: int) -> int | None:
    if pile == WASTE:
        return game.waste[-1] if game.waste else None
    column = game.tableau[pile]
    return column[-1] if len(column) > game.face_down_counts[pile] else None


def facts_along(game: Game, moves, limit: int | None = None) -> list[Fact]:
    """The facts ``moves`` (notation or Moves, the first the judged move) make true from ``game``'s
    position, in order; ``limit`` stops after that many moves. ``game`` is left as it is."""
    trial = game.copy()
    columns = range(len(trial.tableau))
    # what was true when the line began: a fact must not be
    first_tops = {(p, _top(trial, p)) for p in [*columns, WASTE]}
    first_empty = {p for p in columns if not trial.tableau[p]}
    out: list[Fact] = []
    for ply, raw in enumerate(moves, 1):
        if limit is not None and ply > limit:
            break
        move = Move(str(raw))
        before_down = list(trial.face_down_counts)
        src, dst = move.src, move.dst
        covered = None
        if move.is_deal:
            covered = (WASTE, _top(trial, WASTE))
        elif dst < WASTE and trial.tableau[dst]:
            covered = (dst, _top(trial, dst))
        filled = dst < WASTE and not move.is_deal and not move.is_redeal and not trial.tableau[dst]
        moved = [] if move.is_deal or move.is_redeal else (
            [trial.waste[-1]] if src == WASTE else list(trial.tableau[src][-move.count:]))
        trial.play(move)
        if covered is not None and covered[1] is not None:
            out.append(Fact("buries", card_str(covered[1]), pile_name(covered[0]), ply))
        for card in moved:
            if dst == FOUNDATION:
                out.append(Fact("home", card_str(card), "f", ply))
            elif filled and card == moved[0]:
                out.append(Fact("fills", card_str(card), pile_name(dst), ply))
            else:
                out.append(Fact("moves", card_str(card), pile_name(dst), ply))
        if move.is_deal or move.is_redeal or src == FOUNDATION:
            continue
        if src < WASTE and not trial.tableau[src]:
            if src not in first_empty:
                out.append(Fact("empties", None, pile_name(src), ply))
            continue
        top = _top(trial, src)
        if top is None:
            continue
        if src < WASTE and trial.face_down_counts[src] < before_down[src]:
            out.append(Fact("turns_up", card_str(top), pile_name(src), ply))
        elif (src, top) not in first_tops:
            out.append(Fact("frees", card_str(top), pile_name(src), ply))
    return out


def stranded(game: Game, move) -> list[Fact]:
    """The ``stranded`` facts of ``move`` in ``game``: each top card (of a column, or the waste)
    that another legal move could send home or build onto a card before it (an empty column takes
    any card: losing one is the ``last_empty`` fact, not a card's), and that no legal move moves
    at all after it."""
    move = Move(str(move))
    placed = {m.src for m in game.legal_moves() if m != move and not m.is_deal and not m.is_redeal
              and (m.dst == FOUNDATION or m.dst < WASTE and game.tableau[m.dst])}
    after = game.copy()
    after.play(move)
    still = {m.src for m in after.legal_moves() if not m.is_deal and not m.is_redeal}
    out = []
    for pile in sorted(placed - still - {move.src}):
        if pile > WASTE:  # the stock and the foundations: no card of theirs is stranded
            continue
        card = _top(game, pile)
        if card is not None and _top(after, pile) == card:
            out.append(Fact("stranded", card_str(card), pile_name(pile), 1))
    return out


def last_empty(game: Game, move) -> list[Fact]:
    """The ``last_empty`` fact of ``move`` in ``game``, if it puts a card into the only empty column."""
    move = Move(str(move))
    if move.is_deal or move.is_redeal or move.dst >= WASTE or game.tableau[move.dst]:
        return []
    if sum(not column for column in game.tableau) != 1:
        return []
    card = game.waste[-1] if move.src == WASTE else game.tableau[move.src][-move.count]
    return [Fact("last_empty", card_str(card), pile_name(move.dst), 1)]


def costs(game: Game, move) -> list[Fact]:
    """What ``move`` costs on the table, as facts of its first ply: the last empty column filled,
    then each card it strands (:func:`stranded`). (A card buried for good needs a search: the
    puzzle judge adds that fact where its search proves it.)"""
    return last_empty(game, move) + stranded(game, move)


__all__ = ["KINDS", "Fact", "FactLine", "costs", "facts_along", "last_empty", "pile_name", "stranded"]
