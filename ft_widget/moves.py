"""Moves and piles in the project's notation (docs/rules.md): ``3>f``, ``w>7``, ``4>9x3``, ``s>w``.

Everything that names a pile or a move uses these: the engine, the solver, the pictures, the board,
saved games. Nothing here knows a rule; :mod:`ft_widget.rules` does.
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

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
    """A move that the rules refuse, or text that is not a move. The game is unchanged."""


def _pile_name(p: int) -> str:
    return str(p + 1) if p < WASTE else {WASTE: "w", STOCK: "s", FOUNDATION: "f"}[p]


class Move(NamedTuple):
    """A move in docs/rules.md notation: ``3>f``, ``w>7``, ``4>9x3``, ``s>w``, ``w>s``.

    ``src`` and ``dst`` are internal pile numbers (0-based columns, or ``WASTE``,
    ``STOCK``, ``FOUNDATION``); ``count`` is how many cards move as a sequence.
    Build one from text with :meth:`Move.parse`, or compare with ``str(move)``.
    """

    src: int
    dst: int
    count: int = 1

    def __str__(self) -> str:
        text = f"{_pile_name(self.src)}>{_pile_name(self.dst)}"
        return text + (f"x{self.count}" if self.count > 1 else "")

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @property
    def is_home(self) -> bool:
        """Does the move send a card to the foundations?"""
        return self.dst == FOUNDATION

    @property
    def is_deal(self) -> bool:
        """A deal from the stock (``s>w``) or a redeal (``w>s``)?"""
        return self.src == STOCK or self.dst == STOCK

    @property
    def from_waste(self) -> bool:
        return self.src == WASTE

    @property
    def between_columns(self) -> bool:
        return self.src < WASTE and self.dst < WASTE

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move notation; ``IllegalMove`` for anything that is not a move."""
        if not isinstance(text, str):
            raise IllegalMove(f"a move is text like '3>f', not {type(text).__name__}")
        m = _MOVE_RE.match(text.strip()) if len(text) <= 16 else None
        if not m:
            shown = text if len(text) <= 16 else text[:16] + "…"
            raise IllegalMove(
                f"{shown!r} is not a move: write moves like 3>f, w>7, 4>9x3, s>w or w>s"
            )
        src, dst, count = _PILES[m.group(1).lower()], _PILES[m.group(2).lower()], m.group(3)
        if src == FOUNDATION:
            raise IllegalMove("cards never leave the foundations")
        count = int(count) if count else 1
        if count < 1:
            raise IllegalMove(f"{text.strip()!r}: a move takes at least one card")
        return cls(src, dst, count)


_MOVE_RE = re.compile(r"^(1[0-3]|[1-9]|[wsfWSF])>(1[0-3]|[1-9]|[wsfWSF])(?:x(\d{1,3}))?$")
_PILES = {str(i + 1): i for i in range(MAX_COLUMNS)}
_PILES.update(w=WASTE, s=STOCK, f=FOUNDATION)
