"""A hint: one good move now, with a reason a player can read.

Two kinds, and every hint says which it is (``Hint.kind`` and the end of its reason):

* ``"fair"`` (the default, and the board's Hint button): the fair expert's move
  (:mod:`ft_widget.expert`). It sees only what the player sees, so it never gives away the stock or
  a face-down card: swapping unseen cards among the hidden places never changes it.
* ``"peek"`` (``hint(game, peek=True)``): the perfect-information solver's move. It knows the stock's
  order and the face-down cards ("deal now" because it knows what comes); the reason says so.

>>> from ft_widget import Game, hint
>>> game = Game("lucas", deal=3)
>>> fair = hint(game, max_states=6_000)       # a budget in states: the same hint on any machine
>>> fair.kind, fair.kind == "fair", fair.move in game.legal_moves()
(HintKind.FAIR, True, True)
>>> hint(game, peek=True, max_states=6_000).kind
HintKind.PEEK
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from .expert import Expert, ProgressChoice
from .game import Choice, Game, HintKind, HintSource
from .i18n import gettext as _
from .i18n import ngettext
from .limits import check_count, check_time_limit
from .policies import cautious_choice
from .solver.search import LOST, WON, solve
from .words import fair_hint_sentence

#: A fair hint's solver budget is ``FAIR_STATES_PER_SECOND * time_limit`` states, shared among its
#: sampled worlds: a fixed number (not measured at run time), so a hint is the same on any machine.
#: Each world gets the expert's own per-world budget (20,000 states) for a one-second hint; on this
#: project's machine such a hint takes well under the second (``python -m ft_widget.bench expert``).
FAIR_STATES_PER_SECOND = 120_000
#: Worlds a fair hint samples and solves.
FAIR_WORLDS = 6

__all__ = ["FAIR_WORLDS", "FAIR_STATES_PER_SECOND", "Hint", "HintKind", "HintSource", "hint"]


@dataclass(frozen=True, repr=False)
class Hint(Choice):
    """A :class:`~ft_widget.moves.Choice`: ``move`` is one of ``game.legal_moves()``; ``reason``
    says why (``ft_widget.words.hint_line`` puts the move in words in front of it).

    ``kind`` is a :class:`HintKind` (``"fair"``: from what the player sees, or ``"peek"``: the
    solver saw every card); ``source`` a :class:`HintSource` (``"expert"``, ``"solver"`` or
    ``"heuristic"``).

    ``sentence`` is the reason as a player reads it (``ft_widget.words.hint_message``), with no
    budget or count; those stay here for code and notebooks (``reason`` says them too, as the
    expert wrote it). For a fair hint: ``worlds`` sampled worlds were solved, each with at most
    ``world_states`` solver states, ``states`` in all; ``worlds_won`` of them were won, ``starts``
    by a line starting with the move. When none was won and the expert's short searches chose
    (Maria's progress plan), ``progress_worlds`` worlds were searched with ``progress_states``
    states each and put ``cards_home`` cards home on average after the move, the most of
    ``moves_compared`` moves. Zero (``None``) where it does not apply.
    """

    source: HintSource = HintSource.HEURISTIC
    kind: HintKind = HintKind.FAIR
    sentence: str = ""
    worlds: int = 0
    worlds_won: int = 0
    starts: int = 0
    states: int = 0
    world_states: int = 0
    progress_worlds: int = 0
    progress_states: int = 0
    cards_home: float | None = None
    moves_compared: int = 0
    #: the fair expert's strength behind a fair hint (``ft_widget.expert.STRENGTHS``: hints use the
    #: default); "" for a peek or the heuristic's last resort
    strength: str = ""


def hint(game: Game, time_limit: float = 1.0, *, peek: bool = False,
         max_states: int | None = None) -> Hint | None:
    """A move for the player in ``game``'s position, within about ``time_limit`` seconds.

    By default the hint is fair: the expert samples the unseen cards into the hidden places,
    solves each sample with a share of ``FAIR_STATES_PER_SECOND * time_limit`` solver states, and
    gives the move that starts a win in most of them (else the expert's no-win choice for the game,
    as in play: the cautious policy's move, or in Maria the progress plan's); the reason
    says in how many sampled worlds it starts a win (``ft_widget.words.hint_line`` puts the move
    itself in words in front of it). The clock stops the
    search at ``time_limit`` on a busy machine (the hint then depends on the machine's speed, never
    on a hidden card); with ``max_states`` (solver states in all) the clock is not consulted and the
    hint is the same on any machine.

    ``peek=True`` asks the solver, which sees every card: the first move of a winning line if it
    finds one in ``time_limit`` seconds (or within ``max_states`` states, then the same on any
    machine), else the cautious policy's move, and the reason says whether the solver proved that
    no win is left. ``None`` when there is no legal move.
    The game is not changed.
    """
    time_limit = check_time_limit("hint", "time_limit", time_limit)
    max_states = check_count("hint", "max_states", max_states, 1, optional=True)
    if game.is_won or not game.legal_moves():
        return None
    if not peek:
        return _fair_hint(game, time_limit, max_states)
    return _peek_hint(game, time_limit, max_states)


def _fair_hint(game: Game, time_limit: float, max_states: int | None) -> Hint:
    if max_states is None:  # (capped: a time limit of 1e305 s would make an infinite budget)
        total = int(min(FAIR_STATES_PER_SECOND * time_limit, sys.maxsize))
    else:
        total = max_states
    expert = Expert(worlds=FAIR_WORLDS, max_states=max(500, total // FAIR_WORLDS),
                    give_up=FAIR_WORLDS, time_limit=time_limit if max_states is None else None,
                    fallback=cautious_choice)
    choice = expert.choose(game, 0)  # a fixed seed: the same position always gets the same hint
    if choice is None:  # the expert gives up only on moves that lead back: say so, still a move
        move = game.legal_moves()[0]
        said = _("no move makes progress here; this one keeps the game going (fair)")
        return Hint(move, said, HintSource.HEURISTIC, HintKind.FAIR, sentence=said)
    source = HintSource.EXPERT if choice.worlds_won else HintSource.HEURISTIC
    facts = _facts(choice)
    why = facts.pop("why")
    sentence = fair_hint_sentence(worlds=choice.worlds, starts=facts["starts"], why=why,
                                  progress="cards_home" in facts)
    return Hint(choice.move, _("{reason} (fair: from the cards you can see)").format(reason=choice.reason),
                source, HintKind.FAIR,
                sentence=sentence, worlds=choice.worlds, worlds_won=choice.worlds_won, states=choice.states,
                world_states=expert.max_states, strength=choice.strength, **facts)


def _facts(choice) -> dict:
    """What the fair expert's choice rests on, as the Hint keeps it: ``starts`` (sampled worlds whose
    won line starts with the move), ``why`` (the plain reason of a choice made without a won world,
    "" when the progress search chose) and the progress search's figures when it ran."""
    if choice.starts and choice.searched:
        return {"starts": choice.starts, "why": ""}
    no_win = choice.no_win
    if no_win is None or not choice.searched:  # a plan followed, or a wait for more cards to show
        return {"starts": 0, "why": choice.reason}
    if not isinstance(no_win, ProgressChoice):
        return {"starts": 0, "why": no_win.reason}
    facts = {"starts": 0, "why": "", "progress_states": no_win.progress_states,
             "progress_worlds": no_win.progress_worlds}
    if no_win.cards_home is None:  # the fallback's move: no other move's searches got clearly further
        facts["why"] = no_win.fallback_reason
    else:
        facts.update(cards_home=no_win.cards_home, moves_compared=no_win.moves_compared)
    return facts


def _peek_hint(game: Game, time_limit: float, max_states: int | None) -> Hint:
    note = " " + _("(peek: the solver saw the stock and the face-down cards)")
    result = solve(game, time_limit=time_limit, max_states=max_states)
    if result.status == WON and result.moves:
        said = ngettext("this starts a win in {n} move", "this starts a win in {n} moves",
                        len(result.moves)).format(n=len(result.moves)) + note
        return Hint(result.moves[0], said, HintSource.SOLVER, HintKind.PEEK, sentence=said,
                    states=result.states)
    choice = cautious_choice(game)
    if choice is None:  # only moves that change nothing for the better are left
        choice = Choice(game.legal_moves()[0],
                        _("no move makes progress here; this one keeps the game going"))
    reason = choice.reason
    if result.status == LOST:
        reason += " " + _("(no win is left from here: the solver searched every line)")
    return Hint(choice.move, reason + note, HintSource.HEURISTIC, HintKind.PEEK, sentence=reason + note,
                states=result.states)
