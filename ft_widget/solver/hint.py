"""A hint: one good move now, with a reason a player can read."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game, Move
from .search import LOST, WON, solve


@dataclass(frozen=True)
class Hint:
    """``move`` is one of ``game.legal_moves()``; ``reason`` says why in a sentence."""

    move: Move
    reason: str
    #: "solver" when the move starts a winning line the solver found, else "heuristic"
    source: str = "heuristic"

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def hint(game: Game, time_limit: float = 1.0) -> Hint | None:
    """A move for the player in ``game``'s position, within about ``time_limit`` seconds.

    If the solver finds a win in time, the hint is the first move of that line. Otherwise it is
    the cautious policy's move (:func:`ft_widget.policies.cautious_choice`), and the reason says
    whether the solver proved that no win is left. ``None`` when there is no legal move.
    The game is not changed.
    """
    from ..policies import cautious_choice

    if game.is_won or not game.legal_moves():
        return None
    result = solve(game, time_limit=time_limit)
    if result.status == WON and result.moves:
        return Hint(result.moves[0], f"this starts a win in {len(result.moves)} moves",
                    "solver")
    choice = cautious_choice(game)
    if choice is None:  # only moves that change nothing for the better are left
        choice = game.legal_moves()[0], "no move makes progress here; this one keeps the game going"
    move, reason = choice
    if result.status == LOST:
        reason += " (no win is left from here: the solver searched every line)"
    return Hint(move, reason)
