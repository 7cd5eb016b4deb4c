"""Playing policies: strategies a learner can read, run and compare with the solver.

A policy is any function ``policy(game, rng) -> Move | None``: it looks at a :class:`Game` (it
sees what a player sees, and more if it peeks at ``game.stock``; the policies here do not) and
returns one of ``game.legal_moves()``, or ``None`` to give up. ``rng`` is a ``random.Random`` for
tie-breaks, so a run is repeatable. Writing your own takes three lines::

    def home_or_deal(game, rng):
        moves = game.legal_moves()
        return next((m for m in moves if m.is_home), moves[-1] if moves else None)

    play_policy(Game("maria", deal=7), home_or_deal).status

:func:`play_policy` plays one to the end; ``ft_widget.study(..., policy=...)`` runs one on many deals.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable
from dataclasses import dataclass, field

from . import rules
from .cards import card_symbol
from .expert import Expert
from .game import WASTE, Choice, Game, Move, Outcome
from .i18n import gettext as _
from .limits import check_count, shown

Policy = Callable[[Game, _random.Random], "Move | None"]


def random_policy(game: Game, rng: _random.Random) -> Move | None:
    """Any legal move, chosen at random: the baseline every strategy should beat."""
    moves = game.legal_moves()
    return rng.choice(moves) if moves else None


def foundations_first(game: Game, rng: _random.Random) -> Move | None:
    """Home whenever possible; else play the waste; else uncover a card; else deal; else give up."""
    moves = game.legal_moves()
    if not moves:
        return None
    home = [m for m in moves if m.is_home]
    if home:
        return home[0]
    from_waste = [m for m in moves if m.from_waste and m.dst < WASTE]
    if from_waste:
        return rng.choice(from_waste)
    uncover = [m for m in moves if m.between_columns and uncovers(game, m)]
    if uncover:
        return rng.choice(uncover)
    deal = [m for m in moves if m.is_deal or m.is_redeal]
    return deal[0] if deal else None


def cautious(game: Game, rng: _random.Random) -> Move | None:
    """Like a careful player: keep empty columns for emergencies and never bury a needed card.

    In order: a move home that can never spoil the game (:func:`ft_widget.rules.safe_home`); any
    other move home; a move that empties
    a column or turns up a face-down card; a move that takes a card off one it is not built on;
    a card from the waste onto a column; a deal; and only then a card into an empty column.
    """
    choice = cautious_choice(game, rng)
    return choice.move if choice else None


def cautious_choice(game: Game, rng: _random.Random | None = None) -> Choice | None:
    """The cautious policy's move and its reason (a :class:`Choice`; the board's Hint falls back on it)."""
    moves = game.legal_moves()
    if not moves:
        return None
    rng = rng or _random.Random(0)
    tab, down, waste = game.tableau, game.face_down_counts, game.waste

    def card(m: Move) -> int:
        return waste[-1] if m.src == WASTE else tab[m.src][-m.count]

    home = [m for m in moves if m.is_home]
    safe = game.safe_move_home()
    if safe is not None:
        needed = card_symbol(card(safe))
        return Choice(safe, _("a safe move home: no card still in play will ever need {card}").format(
            card=needed))
    if home:
        return Choice(home[0], _("the goal is all cards on the foundations"))
    to_column = [m for m in moves if m.between_columns and tab[m.dst]]
    for m in to_column:
        left = len(tab[m.src]) - m.count
        if left == 0:
            return Choice(m, _("it empties column {column}, which then takes any card").format(
                column=m.src + 1))
        if left == down[m.src]:
            return Choice(m, _("it turns up the face-down card in column {column}").format(column=m.src + 1))
    unbuilt = [m for m in to_column if uncovers(game, m)]
    if unbuilt:
        m = rng.choice(unbuilt)
        under = tab[m.src][-m.count - 1]
        return Choice(m, _("it frees {card} beneath it").format(card=card_symbol(under)))
    from_waste = [m for m in moves if m.from_waste and m.dst < WASTE and tab[m.dst]]
    if from_waste:
        return Choice(from_waste[0], _("it brings a card out of the waste into play"))
    deal = [m for m in moves if m.is_deal or m.is_redeal]
    if deal:
        return Choice(deal[0], _("nothing useful on the table: new cards from the stock"))
    into_empty = [m for m in moves if m.dst < WASTE and not tab[m.dst]]
    if into_empty:
        return Choice(into_empty[0], _("nothing else is left to play"))
    return None


def uncovers(game: Game, move: Move) -> bool:
    """Does the column move take the moved cards off a card they are not built on?"""
    col = game.tableau[move.src]
    if len(col) <= move.count:
        return True
    return not rules.can_build(col[-move.count], col[-move.count - 1], game.variant.build)


#: The fair expert with its default budget (:mod:`ft_widget.expert`); when no sampled world is won
#: it plays its no-win choice: the cautious policy's choice, or in Maria the progress plan.
expert = Expert(fallback=cautious_choice)
#: The deep expert (``Expert(strength="deep")``, issue 34): slower, for tables, grades and ratings.
deep_expert = Expert(strength="deep", fallback=cautious_choice)

#: The named policies, for ``study(policy="cautious")`` and the command line.
POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "foundations_first": foundations_first,
    "cautious": cautious,
    "expert": expert,
    "deep_expert": deep_expert,
}


def quick(policy: Policy | str) -> bool:
    """Does ``policy`` (a policy, or the name of one in :data:`POLICIES`) play a whole game in
    seconds? Every policy here does but an expert at the deep strength (``Expert(strength="deep")``,
    the policy ``"deep_expert"``), which issue 34 allows up to 15 s a game on average, for tables
    and grades (``data/deep_expert.md`` measures it): a notebook's comparison or a quick test plays
    whole games of the quick ones only. A policy of yours is taken to be quick.

    >>> [name for name in POLICIES if not quick(name)]
    ['deep_expert']
    """
    if isinstance(policy, str):
        policy = policy_named(policy, "quick")
    # an expert's strength says what its games cost; a policy without one has nothing to say otherwise
    return getattr(policy, "strength", "default") != "deep"


@dataclass
class PlayResult:
    """How a policy's game ended: ``status`` is ``Outcome.WON``, ``Outcome.STUCK`` (no legal move
    was left: the game's own ``outcome``) or ``Outcome.LOST`` (the policy stopped with moves left:
    it gave up, came back to a position, or ran out of moves allowed); strings, so ``== "won"``
    works. ``moves`` the :class:`Move` values it played; ``why`` says how it stopped."""

    status: Outcome
    moves: list[Move] = field(default_factory=list)
    cards_home: int = 0
    why: str = ""
    game: Game | None = field(default=None, repr=False)
    #: each move's reason, when the policy gives them (one with a ``choose`` method, like the expert)
    reasons: list[str] = field(default_factory=list)

    def __repr__(self) -> str:  # short: the moves and their reasons are in .moves and .reasons
        n = len(self.moves)
        return (f"<PlayResult {self.status} after {n} move{'' if n == 1 else 's'}, "
                f"{self.cards_home}/104 home: {self.why[:60]}>")


def policy_named(name: str, where: str) -> Policy:
    """The policy of ``POLICIES`` called ``name``; a ``ValueError`` saying ``where`` and the
    choices otherwise (the one message for an unknown name, wherever it is given)."""
    if name not in POLICIES:
        raise ValueError(f"{where}: unknown policy {shown(name, 40)}: choose one of {', '.join(POLICIES)}")
    return POLICIES[name]


def play_policy(game: Game, policy: Policy | str, rng: _random.Random | int | None = None,
                max_moves: int = 2000) -> PlayResult:
    """Play ``policy`` from ``game``'s position (on a copy) until it wins, is stuck or gives up.

    The game is stuck when no legal move is left (``status`` "stuck", as ``Game.outcome`` says), and
    lost when the policy returns ``None`` with moves left, when it returns to a position it has
    already played through (it would go round in circles), or after ``max_moves`` moves. A policy
    may return a run shortcut (``Game.run_moves``): it is played, and recorded, as its single-card
    moves (``Game.expand``), and the position is checked once it has all been played.
    """
    max_moves = check_count("play_policy", "max_moves", max_moves, 0)
    if isinstance(policy, str):
        policy = policy_named(policy, "play_policy")
    if not isinstance(rng, _random.Random):
        rng = _random.Random(rng)
    g = game.copy()
    seen = {g.position_key()}
    played: list[Move] = []
    reasons: list[str] = []
    why = ""
    while not g.is_won:
        if len(played) >= max_moves:
            why = f"no win within {max_moves} moves"
            break
        choose = getattr(policy, "choose", None)
        if choose is not None:
            choice = choose(g, rng)
            move = choice.move if choice is not None else None
            if choice is not None:
                reasons.append(choice.reason)
        else:
            move = policy(g, rng)
        if move is None:
            why = "no legal move left" if not g.legal_moves() else "the policy gave up"
            break
        if isinstance(move, Move) and move.count > 1 and not g.variant.sequences:
            played += [g.play(m) for m in g.expand(move)]  # a run shortcut (or an illegal move: refused)
        else:
            played.append(g.play(move))
        k = g.position_key()
        if k in seen:
            why = "it came back to a position it had already played through"
            break
        seen.add(k)
    # the game's own word where it has one (won, stuck); else the policy stopped: lost
    return PlayResult(g.outcome or Outcome.LOST, played, g.cards_home, why or "won", g, reasons)

