"""Moves and piles in the project's notation (docs/rules.md): ``3>f``, ``w>7``, ``4>9x3``, ``s>w``.

Everything that names a pile or a move uses these: the engine, the solver, the pictures, the board,
saved games. Nothing here knows a rule; :mod:`ft_widget.rules` does.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import NamedTuple

from .i18n import gettext

#: Columns are named 1 … 13 in notation, so no game has more.
MAX_COLUMNS = 13

# Pile numbers: tableau columns are 0 … 12 (shown as 1 … 13); then these.
WASTE, STOCK, FOUNDATION = 13, 14, 15


class Pile(enum.IntEnum):
    """The piles that are not columns, as ``Move.src`` / ``Move.dst`` hold them.

    Columns are the ints ``0 … 12`` (written ``1 … 13`` in notation)::

        >>> from ft_widget import Game, Pile
        >>> [str(m) for m in Game("maria", deal=5).legal_moves() if m.src == Pile.STOCK]
        ['s>w']
    """

    WASTE = WASTE
    STOCK = STOCK
    FOUNDATION = FOUNDATION


class IllegalMove(ValueError):
    """A move that the rules refuse (or no move at all: see :class:`InvalidMove`). The game is
    unchanged."""


class InvalidMove(IllegalMove):
    """Text or a value that is not a move at all (``"3>>f"``, ``42``), whatever the position: a
    mistake in the notation, where :class:`IllegalMove` is the rules saying no."""


def pile_name(p: int) -> str:
    """A pile's name in notation (and the board's page): ``"3"`` for column 3 (pile 2), ``"w"``,
    ``"s"``, ``"f"``; :class:`InvalidMove` for a number that names no pile."""
    if type(p) is int and 0 <= p < MAX_COLUMNS:
        return str(p + 1)
    name = {WASTE: "w", STOCK: "s", FOUNDATION: "f"}.get(p) if type(p) is int else None
    if name is None:
        raise InvalidMove(f"{p!r:.20} is not a pile: columns are 0 … 12, then WASTE, STOCK, FOUNDATION")
    return name


class _MoveFields(NamedTuple):
    src: int
    dst: int
    count: int = 1


class Move(_MoveFields):
    """A move in docs/rules.md notation: ``3>f``, ``w>7``, ``4>9x3``, ``s>w``, ``w>s``.

    ``src`` and ``dst`` are internal pile numbers (0-based columns, or ``WASTE``,
    ``STOCK``, ``FOUNDATION``); ``count`` is how many cards move as a sequence.
    ``Move("4>9x3")`` (or :meth:`Move.parse`) reads notation, and ``repr`` gives it back:

        >>> Move("4>9x3")
        Move('4>9x3')
        >>> Move("4>9x3") == Move(3, 8, 3) and str(Move(3, 8, 3)) == "4>9x3"
        True
    """

    __slots__ = ()

    def __new__(cls, src: int | str, dst: int | None = None, count: int = 1) -> Move:
        if dst is None:
            if isinstance(src, str):
                return cls.parse(src)
            raise InvalidMove(f"a move is Move(src, dst[, count]) or Move('3>f'), not Move({src!r:.20})")
        return super().__new__(cls, src, dst, count)

    def __str__(self) -> str:
        text = f"{pile_name(self.src)}>{pile_name(self.dst)}"
        return text + (f"x{self.count}" if self.count > 1 else "")

    def __repr__(self) -> str:
        try:
            return f"Move({str(self)!r})"
        except InvalidMove:  # a hand-made Move of no pile still shows itself
            return f"Move({self.src!r:.20}, {self.dst!r:.20}, {self.count!r:.20})"

    @property
    def is_home(self) -> bool:
        """Does the move send a card to the foundations?"""
        return self.dst == FOUNDATION

    @property
    def is_deal(self) -> bool:
        """A deal from the stock (``s>w``)? A redeal is :attr:`is_redeal`, not a deal."""
        return self.src == STOCK

    @property
    def is_redeal(self) -> bool:
        """The waste turned over into the stock (``w>s``)?"""
        return self.dst == STOCK

    @property
    def from_waste(self) -> bool:
        return self.src == WASTE

    @property
    def between_columns(self) -> bool:
        return self.src < WASTE and self.dst < WASTE

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move notation; :class:`InvalidMove` for anything that is not a move."""
        if not isinstance(text, str):
            raise InvalidMove(f"a move is text like '3>f', not {type(text).__name__}")
        m = _MOVE_RE.match(text.strip()) if len(text) <= 16 else None
        if not m:
            shown = text if len(text) <= 16 else text[:16] + "…"
            raise InvalidMove(
                f"{shown!r} is not a move: write moves like 3>f, w>7, 4>9x3, s>w or w>s"
            )
        src, dst, count = _PILES[m.group(1).lower()], _PILES[m.group(2).lower()], m.group(3)
        if src == FOUNDATION:
            raise IllegalMove(gettext("cards never leave the foundations"))
        count = int(count) if count else 1
        if count < 1:
            raise InvalidMove(f"{text.strip()!r}: a move takes at least one card")
        return cls(src, dst, count)


@dataclass(frozen=True)
class Choice:
    """A move and why, the one shape of every answer that picks a move: a policy's
    (``cautious_choice``), the expert's (:class:`ft_widget.expert.ExpertChoice`), a hint
    (:class:`ft_widget.hints.Hint`), a puzzle's verdict. ``reason`` says why in a player's words and
    does not repeat the move: :mod:`ft_widget.words` writes the move itself.

        >>> Choice(Move("3>f"), "the goal is all cards on the foundations")
        Choice(Move('3>f'), 'the goal is all cards on the foundations')
    """

    move: Move
    reason: str

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.move!r}, {self.reason[:60]!r})"


# ASCII only: \d alone took any script's digits ("4>9x٣" was 4>9x3), and int() reads them too
_MOVE_RE = re.compile(r"^(1[0-3]|[1-9]|[wsfWSF])>(1[0-3]|[1-9]|[wsfWSF])(?:x([0-9]{1,3}))?$", re.ASCII)
_PILES = {str(i + 1): i for i in range(MAX_COLUMNS)}
_PILES.update(w=WASTE, s=STOCK, f=FOUNDATION)
