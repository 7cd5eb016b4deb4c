"""Review a played game move by move, as a chess site's computer analysis does.

Two parts, kept apart because only one of them is fair:

* **The fair part** comes from the fair expert (:mod:`ft_widget.expert`), which sees only what the
  player saw. Before each move played, ``worlds`` worlds are dealt from the cards the player could
  not see (:meth:`~ft_widget.expert.PlayerView.sample`); the expert searches them for its own move
  (``Expert.choose``: the worlds it won from the position are the *before* estimate), and
  :func:`~ft_widget.expert.estimate` plays the move played and the expert's move in those same
  worlds (``worlds_won_played``, ``worlds_won_best``): "a win in k of n", like compared with like.
  Worlds the solver could not settle within the budget (``worlds_unsettled_played``,
  ``worlds_unsettled_best``) are no loss, and the words say how many there were: early in a game
  they are most of them (issue 42's measure, ``data/world_reach.md``).
  A move is marked when it wins in fewer of the worlds than the expert's move, by at least
  :data:`INACCURACY` of them ("inaccuracy") or :data:`MISTAKE` of them ("mistake"), with every
  world it left unsettled counted as a win for it (as the fair judge counts an unknown world
  against the answer): a mark never rests on a world the budget could not settle. The expert
  plays at :data:`STRENGTH` (``Step.strength``, ``Review.strength``; the summary names it).
* **The seeing part** comes from the solver (:func:`ft_widget.solve`), which sees every card:
  ``verdict_before`` / ``verdict_after`` of each move (an :class:`~ft_widget.Outcome`: "won" = the
  solver has a winning line from there, "lost" = it proved no win is left, "unknown" = it could not
  tell within ``solver_states`` states), and
  :attr:`Review.losing_move`, the move after which no win was left although one was before, with a
  winning alternative (:attr:`Review.alternative`, whose line :attr:`Review.alternative_line` was
  replayed through the engine by the solver). The board calls the losing move's mark "losing".
  Verdicts follow from few searches: a win holds for every earlier position, a loss for every
  later one (``_verdicts`` argues it and gives the method).

Why a named losing move is proved: the position before it is "won" only with a line of moves that
was played through the engine, from that position, to a won game (the solver's line, or the moves
of the game followed by it, or a line carried past a move played and replayed again); the position
after it is "lost" only when the solver's sound search exhausted every position reachable from
there, or from an earlier position of the game (the later ones are reachable from it, so they
hold no win either). A budget or a deadline can only leave a position "unknown", never make it
"won" or "lost". When no move is named, the review says how far it got: the last move after which
a win was found (:attr:`Review.win_found_after`), the first after which none was
(:attr:`Review.no_win_found_after`), and the first after which none was left, proved
(:attr:`Review.lost_after`); the losing move is one of those between. ``data/review_losing.py``
measures how often a move is named (``docs/training.md``, "Review a game").

Bounded work: a review may have a ``time_budget`` in seconds (the board gives it
:data:`TIME_BUDGET`; ``None``, the default, reviews every move, the same on any machine). The fair
part goes move by move from the start while :data:`FAIR_SHARE` of the budget lasts; the solver's
verdicts then settle the positions of the moves reviewed, until the budget ends (a search the budget
cuts short says "unknown", never a wrong verdict). A long game is so reviewed from its start as far
as the budget goes, and the :class:`Review` says how far (:attr:`Review.complete`,
:attr:`Review.reviewed`). A ``stop`` event (``threading.Event``) set while it runs ends the review
between two steps with :class:`ReviewStopped` (the board's Stop).

>>> from ft_widget import Game
>>> from ft_widget.training import review
>>> game = Game("lucas", deal=3)
>>> for move in ["s>w", "s>w"]:
...     _ = game.play(move)
>>> r = review(game, rng=1, worlds=2, max_states=500, solver_states=5_000, progress=False)
>>> len(r.steps), r.steps[0].move, r.steps[0].worlds
(2, Move('s>w'), 2)
"""

from __future__ import annotations

import copy
import gc
import random as _random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..expert import MAX_WORLDS, Expert, estimate
from ..game import Game, Move, Outcome
from ..i18n import N_, ngettext
from ..i18n import gettext as _
from ..limits import check_count, check_time_limit, shown
from ..policies import cautious_choice
from ..render import FONT, Picture
from ..solver import solve
from ..solver.model import Model
from ..solver.search import RELAY, relay_search, search
from ..tables import pandas
from ..words import count, move_doing, move_words, played_move_words, strength_words
from .facts import Fact, FactLine, facts_along
from .fair import ANSWER, FairVerdict, judge
from .puzzles import explanation_facts

#: Worlds sampled at each position (the expert's own search samples 5; a few more steady the counts).
WORLDS = 6
#: The fair expert's strength in the fair part (``ft_widget.expert.STRENGTHS``): the default, as
#: hints and estimates use, whose worlds ``estimate`` deals again for the moves compared.
STRENGTH = "default"
#: Solver states per sampled world (``python -m ft_widget.bench review`` measures what they cost).
MAX_STATES = 8_000
#: Solver states per position for the seeing verdicts.
SOLVER_STATES = 100_000
#: The boundary search (where the verdicts change from won to lost) may spend this many times
#: ``solver_states`` states in all, a search at most :data:`BOUNDARY_STATES_MAX` times it (its budget
#: doubles each round): ``data/review_losing.py`` measures what they buy.
BOUNDARY_STATES = 300
BOUNDARY_STATES_MAX = 40
#: States of a search where a winning line, followed past a move played off it, leads.
FOLLOW_STATES = 20_000
#: A drop, against the expert's move on the same worlds, of at least this share of the worlds marks
#: an "inaccuracy" (2 of 6 worlds with the default budget) …
INACCURACY = 0.25
#: … and of at least this share a "mistake" (3 of 6).
MISTAKE = 0.5
#: Seconds a review on the board may take (``review(time_budget=TIME_BUDGET)``, the Review button):
#: past them it returns what it has, from the start of the game (``Review.complete`` is then False).
#: A minute: the cost ``python -m ft_widget.bench review`` aims at for a game of 150 moves at the
#: default budgets, so most games are reviewed whole, and a longer one from its start.
TIME_BUDGET = 60.0
#: The share of the time budget the fair estimates may use (a step a move, the costly part); the
#: solver's verdicts on the moves reviewed get the rest: they bisect, so a few searches settle them.
FAIR_SHARE = 0.75
#: The turning point (:attr:`Review.turning_point`): the moves the expert's estimate marks, the
#: :data:`TURNING_CANDIDATES` largest drops, are judged again by the fair judge over
#: :data:`TURNING_WORLDS` worlds of :data:`TURNING_STATES` states each (more worlds where the
#: game may have turned, as the solver's bisection spends more states where its verdicts change).
TURNING_CANDIDATES = 3
TURNING_WORLDS = 16
TURNING_STATES = 100_000
#: Where the verdicts come from, in the words the board shows beside them.
SEEING_NOTE = N_("verdicts come from the solver, which sees every card")  # (translated where shown)

WON, LOST, UNKNOWN = Outcome.WON, Outcome.LOST, Outcome.UNKNOWN


def _win_words(won: int | None, worlds: int, unsettled: int | None = 0) -> str | None:
    """"a win in k of n worlds", and how many of the others the solver could not settle: those
    are no loss, and early in a game they are most of them."""
    if won is None:
        return None
    if unsettled:
        return ngettext("a win in {won} of {n} world; the solver could not settle {unsettled}",
                        "a win in {won} of {n} worlds; the solver could not settle {unsettled}",
                        worlds).format(won=won, n=worlds, unsettled=unsettled)
    return ngettext("a win in {won} of {n} world", "a win in {won} of {n} worlds",
                    worlds).format(won=won, n=worlds)


def _count(won: int, worlds: int, unsettled: int | None) -> str:
    """"3/6", or "0/6 (6 unsettled)": a step's worlds in the review's text picture."""
    return f"{won}/{worlds}" + (f" ({unsettled} unsettled)" if unsettled else "")


@dataclass(frozen=True)
class Step:
    """One move of the game and what the review says of it (see the module docstring)."""

    index: int  # 0-based: the move played from position ``index``
    move: Move
    expert_move: Move | None  # None when the expert had no move to offer
    expert_reason: str | None  # the expert's own sentence for its move
    worlds: int  # worlds sampled from the position before the move
    worlds_won_before: int | None  # of them, won from the position itself (the expert's search)
    worlds_won_played: int  # won after the move played
    worlds_won_best: int | None  # won after the expert's move
    mark: str | None  # fair: None, "inaccuracy" or "mistake"
    played_words: str
    expert_words: str | None
    verdict_before: Outcome  # seeing: the solver's, which sees every card
    verdict_after: Outcome
    strength: str  # fair: the expert's strength (``ft_widget.expert.STRENGTHS``)
    #: fair: what the move played made true on the table (:mod:`~ft_widget.training.facts`, each at
    #: ply 1: cards it moved, freed, covered, a column emptied), the facts its words speak of
    facts: tuple[Fact, ...] = ()
    #: the moves after the move played that the facts speak of (none: the facts are of the move)
    line: tuple[str, ...] = ()
    #: seeing: at the losing move, the solver's better move with its winning line and the facts
    #: along it (:func:`~ft_widget.training.puzzles.explanation_facts`); None elsewhere
    better: FactLine | None = None
    #: fair: of the worlds not won after the move played (and after the expert's), those the
    #: solver could not settle within the budget (neither won nor proved lost): no loss
    worlds_unsettled_played: int = 0
    worlds_unsettled_best: int | None = None

    @property
    def shown(self) -> Step | FactLine:
        """What "Show me" steps through at this step: the solver's better line at the losing move,
        else the move played with its facts (``move``, ``facts``, ``line``)."""
        return self.better if self.better is not None else self

    @property
    def estimate_before(self) -> str | None:
        return _win_words(self.worlds_won_before, self.worlds)

    @property
    def estimate_played(self) -> str:
        return _win_words(self.worlds_won_played, self.worlds, self.worlds_unsettled_played)

    @property
    def estimate_best(self) -> str | None:
        return _win_words(self.worlds_won_best, self.worlds, self.worlds_unsettled_best)

    def fair(self) -> tuple:
        """The fair part: what the player could know, the same whatever the unseen cards are."""
        return (self.index, self.move, self.expert_move, self.expert_reason, self.worlds,
                self.worlds_won_before, self.worlds_won_played, self.worlds_won_best,
                self.worlds_unsettled_played, self.worlds_unsettled_best, self.mark, self.played_words,
                self.expert_words, self.strength)


def _mark(played: int, best: int | None, worlds: int, *, unsettled: int) -> str | None:
    """The fair mark of a move that wins in ``played`` of the worlds, and is unsettled in
    ``unsettled`` more, where the expert's wins in ``best``. The unsettled worlds count as won for
    the move played: it is marked only if it falls short even so."""
    if best is None or best <= played + unsettled:
        return None
    drop = (best - played - unsettled) / worlds
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return None


@dataclass(frozen=True)
class TurningPoint:
    """The move where the player's fair chances fell most: at move ``index`` (0-based) the move
    played kept a win in ``wins_played`` of ``verdict.worlds`` worlds of the cards the player
    could not see, the expert's move ``better`` in ``wins_better``, the same worlds for both;
    ``verdict`` is the fair judge's (:func:`ft_widget.training.fair.judge`), which found
    ``better`` the answer and the move played losing. A mistake a player could have seen: it
    rests only on what the table showed. Whether the real stock order lost the game there is the
    solver's word (:attr:`Review.losing_move`), kept apart."""

    index: int
    move: Move
    better: Move
    verdict: FairVerdict

    @property
    def wins_played(self) -> int:
        return self.verdict.share(self.move).wins

    @property
    def wins_better(self) -> int:
        return self.verdict.share(self.better).wins

    def words(self, game: Game) -> str:
        """The turning point in a sentence; ``game`` is the position before the move."""
        return ngettext(
            "The turning point is move {at}. {played} kept a win in {won} of {n} deal of the cards you "
            "could not see. {better} kept one in {best}. A mistake you could have seen.",
            "The turning point is move {at}. {played} kept a win in {won} of {n} deals of the cards you "
            "could not see. {better} kept one in {best}. A mistake you could have seen.",
            self.verdict.worlds).format(at=self.index + 1, played=move_doing(game, self.move),
                                        won=self.wins_played, n=self.verdict.worlds,
                                        better=move_doing(game, self.better), best=self.wins_better)


class ReviewStopped(Exception):
    """:func:`review` was stopped by its ``stop`` event, between two steps: no review is returned.
    ``reviewed`` moves of the game's ``moves_in_game`` had had their fair estimate."""

    def __init__(self, reviewed: int, moves_in_game: int):
        super().__init__(f"the review was stopped after {reviewed} of {moves_in_game} moves")
        self.reviewed = reviewed
        self.moves_in_game = moves_in_game


class Review:
    """A reviewed game: :attr:`steps` (one :class:`Step` a move reviewed), :attr:`losing_move`,
    :meth:`to_frame` (pandas), :meth:`plot` (a picture) and the budgets it used.

    A review the time budget cut short (:attr:`complete` False) has steps for the first
    :attr:`reviewed` of the game's :attr:`moves_in_game` moves, and the solver's verdicts on their
    positions (those it had no time to settle are "unknown")."""

    def __init__(self, start: Game, steps: list[Step], losing_move: int | None,
                 alternative_line: list[Move] | None, budgets: dict, solver_searches: int = 0, *,
                 moves_in_game: int | None = None, complete: bool = True,
                 turning_point: TurningPoint | None = None, losing_move_fair: FairVerdict | None = None):
        self.start = start
        #: the fair judge on the solver's losing move: the move played against the solver's
        #: alternative (and the expert's move) over the cards the player could not see; None
        #: without a losing move. Where it finds no clear decision, the stock order lost the game.
        self.losing_move_fair = losing_move_fair
        #: the move where the player's fair chances fell most (None: no move lost a clear share
        #: of the worlds, or the game was won); fair, apart from the solver's :attr:`losing_move`
        self.turning_point = turning_point
        self.steps = steps
        #: moves the game had (the steps are its first :attr:`reviewed`)
        self.moves_in_game = len(steps) if moves_in_game is None else moves_in_game
        #: False when the time budget ended the review before every move was reviewed and the
        #: solver had searched all it would have searched
        self.complete = complete
        #: index of the move after which the solver proved no win left, a win having been there
        #: before it (None: no such move, or the solver could not tell within its budget)
        self.losing_move = losing_move
        #: the solver's winning line from the position before the losing move (replayed by it)
        self.alternative_line = alternative_line
        #: the budgets used: worlds, max_states, solver_states, time_budget, and the fair expert's strength
        self.budgets = budgets
        #: how many positions the solver searched for the verdicts (the others follow from those)
        self.solver_searches = solver_searches

    @property
    def strength(self) -> str:
        """The fair expert's strength behind the marks and estimates (``ft_widget.expert.STRENGTHS``)."""
        return self.budgets["strength"]

    @property
    def reviewed(self) -> int:
        """How many moves were reviewed: the first ones of the game."""
        return len(self.steps)

    @property
    def moves(self) -> list[Move]:
        return [s.move for s in self.steps]

    @property
    def alternative(self) -> Move | None:
        """A move that keeps a win from the position before the losing move (the solver's)."""
        return self.alternative_line[0] if self.alternative_line else None

    def position(self, k: int) -> Game:
        """The position after the first ``k`` moves (0: the start, ``len(steps)``: the end)."""
        k = check_count("Review.position", "k", k, 0, len(self.steps))
        game = self.start.copy()
        for move in self.moves[:k]:
            game.play(move)
        return game

    @property
    def verdicts(self) -> list[Outcome]:
        """The solver's verdict on each position reviewed: the start, then after each move."""
        return [self.steps[0].verdict_before] + [s.verdict_after for s in self.steps] if self.steps else []

    @property
    def win_found_after(self) -> int | None:
        """The last move after which the solver found a win (0: at the start; None: nowhere)."""
        return max((k for k, v in enumerate(self.verdicts) if v == WON), default=None)

    @property
    def no_win_found_after(self) -> int | None:
        """The first move after which the solver found no win (proved none, or none within its
        budget): the move after :attr:`win_found_after`, or None when a win was found to the end
        or nowhere."""
        last = self.win_found_after
        return None if last is None or last >= len(self.steps) else last + 1

    @property
    def lost_after(self) -> int | None:
        """The first move after which the solver proved no win left (None: it proved none)."""
        return min((k for k, v in enumerate(self.verdicts) if v == LOST), default=None)

    def count(self, mark: str) -> int:
        return sum(s.mark == mark for s in self.steps)

    @property
    def summary(self) -> str:
        """The review in a sentence or two."""
        n = len(self.steps)
        mistakes, inaccuracies = self._marks()
        if n < self.moves_in_game:
            done = _("Reviewed the first {n} of {total} moves within the time budget: {mistakes} and "
                     "{inaccuracies} by the fair expert's estimates ({strength}).")
        else:
            done = ngettext("{n} move reviewed: {mistakes} and {inaccuracies} by the fair expert's "
                            "estimates ({strength}).",
                            "{n} moves reviewed: {mistakes} and {inaccuracies} by the fair expert's "
                            "estimates ({strength}).", n)
        text = [done.format(n=n, total=self.moves_in_game, mistakes=mistakes, inaccuracies=inaccuracies,
                            strength=strength_words(self.strength))]
        unsettled = sum(s.worlds_unsettled_played for s in self.steps)
        tried = sum(s.worlds for s in self.steps)
        if unsettled:  # early in a game most of them: an estimate's 0 is then no verdict
            text.append(ngettext(
                "After your moves the solver could not settle {unsettled} of {n} sampled world; an "
                "unsettled world counts as neither won nor lost.",
                "After your moves the solver could not settle {unsettled} of {n} sampled worlds; an "
                "unsettled world counts as neither won nor lost.", tried).format(
                unsettled=unsettled, n=tried))
        turn = self.turning_point
        if turn is not None:  # the fair word first: what the player could have seen
            text.insert(0, turn.words(self.position(turn.index)))
        if self.losing_move is not None:
            step = self.steps[self.losing_move]
            text.append(_("The solver, which sees every card, finds the win lost at move {at} ({move}); "
                          "{other} kept it.").format(at=self.losing_move + 1, move=step.move,
                                                     other=self.alternative))
            fair = self.losing_move_fair
            if fair is not None and str(step.move) not in fair.losing:
                best = next(m for m in fair.moves if m.move != str(step.move))
                text.append(ngettext(
                    "Over the cards you could not see, that move was no clear mistake: it kept a win in "
                    "{won} of {n} deal, {other} in {best}. This stock order lost it.",
                    "Over the cards you could not see, that move was no clear mistake: it kept a win in "
                    "{won} of {n} deals, {other} in {best}. This stock order lost it.", fair.worlds).format(
                    won=fair.share(step.move).wins, n=fair.worlds, other=best.move, best=best.wins))
        elif self.steps and self.steps[-1].verdict_after == WON:
            text.append(_("The solver, which sees every card, finds a win still there at the end.")
                        if n == self.moves_in_game else
                        _("The solver, which sees every card, finds a win still there after move "
                          "{n}.").format(n=n))
        elif self.steps and self.steps[0].verdict_before == LOST:
            text.append(_("The solver, which sees every card, finds no win from the start."))
        elif self.win_found_after is not None:  # a win found, then none: say how far it got
            won, lost = self.win_found_after, self.lost_after
            said = {
                (True, True): N_("The solver, which sees every card, finds a win at the start but none "
                                 "after move {next}; it proves the win gone after move {lost}, so it was "
                                 "lost at one of moves {next} to {lost}."),
                (False, True): N_("The solver, which sees every card, finds a win after move {won} but "
                                  "none after move {next}; it proves the win gone after move {lost}, so it "
                                  "was lost at one of moves {next} to {lost}."),
                (True, False): N_("The solver, which sees every card, finds a win at the start but none "
                                  "after move {next}, and cannot prove it gone: it may have been lost at "
                                  "move {next} or later."),
                (False, False): N_("The solver, which sees every card, finds a win after move {won} but "
                                   "none after move {next}, and cannot prove it gone: it may have been lost "
                                   "at move {next} or later."),
            }[won == 0, lost is not None]
            text.append(_(said).format(won=won, next=won + 1, lost=lost))
        elif self.lost_after is not None:  # no win found, yet a loss proved: how far it got
            text.append(_("The solver, which sees every card, finds no win within its budget; it proves "
                          "none left after move {lost}, so any win was lost at one of moves 1 to "
                          "{lost}.").format(lost=self.lost_after))
        else:
            text.append(_("The solver, which sees every card, cannot tell within its budget where the win "
                          "was lost."))
        if not self.complete and n == self.moves_in_game:
            text.append(_("The time budget ended the solver's searches before they were done."))
        return " ".join(text)

    def to_frame(self):
        """A pandas DataFrame, a row a move. Fair part: ``move``, ``expert_move``, ``worlds``,
        ``estimate_before``, ``estimate_played``, ``estimate_best`` (worlds won of ``worlds``),
        ``unsettled_played``, ``unsettled_best`` (worlds neither won nor proved lost), ``mark``;
        seeing part (the solver's, which sees every card): ``verdict_before``,
        ``verdict_after``, ``losing``."""
        pd = pandas("Review.to_frame()")  # optional: playing and reviewing need no pandas
        rows = [{"move": str(s.move), "expert_move": None if s.expert_move is None else str(s.expert_move),
                 "worlds": s.worlds, "estimate_before": s.worlds_won_before,
                 "estimate_played": s.worlds_won_played, "estimate_best": s.worlds_won_best,
                 "unsettled_played": s.worlds_unsettled_played, "unsettled_best": s.worlds_unsettled_best,
                 "mark": s.mark, "verdict_before": str(s.verdict_before),
                 "verdict_after": str(s.verdict_after), "losing": s.index == self.losing_move}
                for s in self.steps]
        columns = ["move", "expert_move", "worlds", "estimate_before", "estimate_played", "estimate_best",
                   "unsettled_played", "unsettled_best", "mark", "verdict_before", "verdict_after", "losing"]
        frame = pd.DataFrame(rows, columns=columns)
        frame.index.name = "index"
        return frame.astype({"estimate_before": "Int64", "estimate_best": "Int64", "unsettled_best": "Int64"})

    def plot(self, width: int = 640, height: int = 260) -> Picture:
        """The expert's estimate along the game (share of the worlds won before each move, and
        after the last), the marks on it, and beneath, the solver's verdicts (it sees every card).
        A :class:`~ft_widget.render.Picture`: an SVG that shows in an unrun, untrusted notebook."""
        width = check_count("Review.plot", "width", width, 200, 4000)
        height = check_count("Review.plot", "height", height, 120, 4000)
        return Picture(_chart(self, width, height), self._text(), alt=self.summary)

    def _text(self) -> str:
        lines = [self.summary]
        for s in self.steps:
            mark = "losing" if s.index == self.losing_move else (s.mark or "")
            best = "-" if s.worlds_won_best is None else _count(s.worlds_won_best, s.worlds,
                                                                s.worlds_unsettled_best)
            lines.append(f"{s.index + 1:>4} {str(s.move):<7} "
                         f"{_count(s.worlds_won_played, s.worlds, s.worlds_unsettled_played)} "
                         f"expert {s.expert_move or '-'} {best} {mark}".rstrip())
        return "\n".join(lines)

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/plain": repr(self)}

    def _marks(self) -> tuple[str, str]:
        return (count(self.count("mistake"), "mistake"),
                count(self.count("inaccuracy"), "inaccuracy", "inaccuracies"))

    def __repr__(self) -> str:
        b = self.budgets
        losing = "no losing move found" if self.losing_move is None else \
            f"losing move {self.losing_move + 1} ({self.steps[self.losing_move].move})"
        reviewed = count(len(self.steps), "move")
        if len(self.steps) < self.moves_in_game:
            reviewed = f"first {len(self.steps)} of {self.moves_in_game} moves"
        return (f"<Review {self.start.variant.id}: {reviewed}{'' if self.complete else ' (time budget)'}, "
                f"{', '.join(self._marks())}, "
                f"{losing}; "
                f"{b['worlds']} worlds × {b['max_states']:,} states, solver {b['solver_states']:,} states>")


# ---------------------------------------------------------------------------------- reviewing
def review(game, *, rng: _random.Random | int | None = None, worlds: int = WORLDS,
           max_states: int = MAX_STATES, solver_states: int = SOLVER_STATES,
           progress: bool | Callable[[int, int], object] = True,
           time_budget: float | None = None, stop: threading.Event | None = None) -> Review:
    """Review the moves played in ``game`` (a :class:`Game`, or a game record: its dict or JSON
    text, as ``game.record()`` writes it); see the module docstring for what is computed.

    ``rng`` (a ``random.Random``, an int seed, or None) draws every sampled world: the same seed
    gives the same review. ``worlds`` worlds of ``max_states`` solver states each are judged at
    every position; the solver gets ``solver_states`` states a position it searches, and where its
    verdicts change from won to unknown to lost, searches that double up to
    :data:`BOUNDARY_STATES_MAX` times that, :data:`BOUNDARY_STATES` times it in all. ``progress``
    shows a tqdm bar (False: none), or is a function ``progress(done, total)`` called as it goes.

    ``time_budget`` (seconds; None, the default: no limit; the board passes :data:`TIME_BUDGET`)
    bounds the review: past it, the review returns the moves reviewed so far, from the start (see
    the module docstring; ``Review.complete`` says whether it got to the end, ``Review.summary`` how
    far). Without a budget, or within it, the same seed gives the same review on any machine. ``stop`` (a
    ``threading.Event``, or None): once set, the review stops before its next step and raises
    :class:`ReviewStopped`. The game is not changed: the review works on a copy.
    """
    start, moves = _read_game(game)
    rng = _read_rng(rng)
    worlds = check_count("review", "worlds", worlds, 1, MAX_WORLDS)
    max_states = check_count("review", "max_states", max_states, 1)
    solver_states = check_count("review", "solver_states", solver_states, 1)
    time_budget = check_time_limit("review", "time_budget", time_budget, optional=True)
    if not (isinstance(progress, bool) or callable(progress)):
        raise TypeError(f"review: progress must be True, False or a function (done, total), "
                        f"not {shown(progress)}")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise TypeError(f"review: stop must be a threading.Event or None, not {shown(stop)}")
    began = time.perf_counter()
    deadline = None if time_budget is None else began + time_budget
    fair_deadline = None if time_budget is None else began + FAIR_SHARE * time_budget

    n = len(moves)
    total = 2 * n + 1  # the expert's moves, then the solver's searches (counted up to n)
    positions = [start.copy()]  # made as the review reaches them
    fair: list[dict] = []

    def check_stop() -> None:
        if stop is not None and stop.is_set():
            raise ReviewStopped(len(fair), n)

    report, close = _progress(progress, total)
    try:
        for i, move in enumerate(moves):
            check_stop()
            if fair_deadline is not None and time.perf_counter() >= fair_deadline:
                break  # the fair part's share of the budget is spent: review the moves so far
            fair.append(_judge(positions[i], move, rng.getrandbits(64), worlds, max_states))
            after = positions[i].copy()
            after.play(move)
            positions.append(after)
            report(i + 1)
        reviewed = moves[:len(fair)]
        verdicts, lines, searches, finished = _verdicts(positions, reviewed, solver_states,
                                                        lambda k: report(n + min(k, n)), deadline, check_stop)
        report(total)
    finally:
        close()

    losing, alternative = _losing_move(verdicts, lines, reviewed)
    steps = [Step(index=i, move=m, **fair[i], verdict_before=verdicts[i], verdict_after=verdicts[i + 1],
                  facts=tuple(facts_along(positions[i], [m])),
                  better=_better(positions[i], alternative) if i == losing and alternative else None)
             for i, m in enumerate(reviewed)]
    turning, at_losing = None, None
    if not positions[len(reviewed)].is_won:
        turning, at_losing = _turning_point(positions, steps, losing, alternative[0] if alternative else None,
                                            rng.getrandbits(64), deadline, check_stop)
    budgets = {"worlds": worlds, "max_states": max_states, "solver_states": solver_states,
               "time_budget": time_budget, "strength": STRENGTH, "turning_worlds": TURNING_WORLDS,
               "turning_states": TURNING_STATES}
    return Review(start, steps, losing, alternative, budgets, searches, moves_in_game=n,
                  complete=len(reviewed) == n and finished, turning_point=turning, losing_move_fair=at_losing)


def _better(before: Game, line: list[Move]) -> FactLine:
    """The solver's better move from ``before`` and its winning line, with the facts along them an
    answer's explanation would say (at most two clauses in its first moves), or the move's own."""
    moves = [str(m) for m in line]
    facts = explanation_facts(before, moves[0], moves[1:]) or facts_along(before, moves[:1])
    return FactLine(moves[0], tuple(facts), tuple(moves[1:]))


def _turning_point(positions: list[Game], steps: list[Step], losing: int | None, alternative: Move | None,
                   seed: int, deadline: float | None,
                   check_stop: Callable[[], None]) -> tuple[TurningPoint | None, FairVerdict | None]:
    """The move where the fair chances fell most, and the fair judge's word on the solver's losing
    move. Candidates: the solver's losing move (the move played against the solver's alternative and
    the expert's move), and the moves with the largest drops by the expert's estimate (at most
    :data:`TURNING_CANDIDATES`, against the expert's move): those a mark would name were their
    unsettled worlds losses, since the judge's larger budget may settle them. Each is judged again
    by the fair judge, in the same worlds for its moves; of those where it finds the move played
    losing (a lead of at least ``max(3, ⌈W/4⌉)`` worlds and McNemar's test, counted against the
    better move), the largest lead is the turning point, the earliest first. Each candidate's worlds come from
    ``seed`` and its index, so the same seed gives the same answer."""
    marked = [s for s in steps if s.expert_move is not None
              and _mark(s.worlds_won_played, s.worlds_won_best, s.worlds, unsettled=0) is not None]
    marked.sort(key=lambda s: (-(s.worlds_won_best - s.worlds_won_played), s.index))
    candidates = {s.index: [s.expert_move] for s in marked[:TURNING_CANDIDATES]}
    if losing is not None:
        step = steps[losing]
        candidates[losing] = [m for m in (alternative, step.expert_move) if m is not None and m != step.move]
    found: list[TurningPoint] = []
    at_losing = None
    for index in sorted(candidates):
        others = list(dict.fromkeys(candidates[index]))
        if not others:
            continue
        check_stop()
        if deadline is not None and time.perf_counter() >= deadline:
            break
        move = steps[index].move
        verdict = judge(positions[index], [move, *others], worlds=TURNING_WORLDS,
                        max_states=TURNING_STATES, rng=seed ^ index)
        if index == losing:
            at_losing = verdict
        if verdict.decision == ANSWER and str(move) in verdict.losing:
            found.append(TurningPoint(index, move, Move(verdict.answers[0]), verdict))
    turn = min(found, key=lambda t: (-(t.wins_better - t.wins_played), t.index), default=None)
    return turn, at_losing


def _read_game(game) -> tuple[Game, list[Move]]:
    """The start position and the moves played (a Game's history, or a record's moves)."""
    if isinstance(game, Game):
        # a copy with its history, taken once, without calling a method of ``game`` (record()
        # walks the history back and forth): the review never changes the game it reads
        replay = copy.deepcopy(game)
    elif isinstance(game, dict | str | bytes):
        try:
            replay = Game.from_record(game)
        except ValueError as error:
            raise ValueError(f"review: game must be a Game or a game record: {error}") from None
    else:
        raise TypeError(f"review: game must be a Game or a game record (dict or JSON text), "
                        f"not {type(game).__name__}")
    moves = replay.history
    replay.restart()
    return replay.copy(), moves


def _read_rng(rng) -> _random.Random:
    if isinstance(rng, _random.Random):
        return rng
    if rng is None or (isinstance(rng, int) and not isinstance(rng, bool)):
        return _random.Random(rng)
    raise TypeError(f"review: rng must be a random.Random, an int seed or None, not {shown(rng)}")


def _progress(progress, total: int):
    """``(report(done), close())`` for a tqdm bar, a caller's function, or nothing."""
    if callable(progress) and not isinstance(progress, bool):
        return (lambda done: progress(done, total)), (lambda: None)
    if not progress:  # no bar at all: even a disabled tqdm starts a monitor thread, which the
        return (lambda done: None), (lambda: None)  # browser's Python (Pyodide) refuses with a warning
    from tqdm.auto import tqdm  # deferred: tqdm.auto looks for a notebook on import

    bar = tqdm(total=total, desc="review", unit="step")

    def report(done: int) -> None:
        bar.update(done - bar.n)

    return report, bar.close


def _judge(game: Game, move: Move, seed: int, worlds: int, max_states: int) -> dict:
    """The fair part of one step, from ``game``'s view and ``seed`` alone.

    The expert's search samples its worlds from ``Random(seed)``'s first 64 random bits (its first
    draw, ``Expert.choose_from_view``); ``estimate`` is given those bits as its seed, so it deals
    the same worlds, in the same order (``tests/test_review.py`` checks the two agree)."""
    expert = Expert(worlds=worlds, max_states=max_states, give_up=worlds, fallback=cautious_choice,
                    strength=STRENGTH)
    choice = expert.choose(game, _random.Random(seed))  # a fresh expert: no plan, it searches
    world_seed = _random.Random(seed).getrandbits(64)
    best = None if choice is None else choice.move
    judged = [move] if best is None or best == move else [move, best]
    found = estimate(game, judged, worlds=worlds, max_states=max_states, rng=world_seed)
    played = found[0].worlds_won
    best_won = None if best is None else found[-1].worlds_won
    return {"expert_move": best, "expert_reason": None if choice is None else choice.reason,
            "worlds": worlds, "worlds_won_before": None if choice is None else choice.worlds_won,
            "worlds_won_played": played, "worlds_won_best": best_won,
            "worlds_unsettled_played": found[0].worlds_unsettled,
            "worlds_unsettled_best": None if best is None else found[-1].worlds_unsettled,
            "mark": _mark(played, best_won, worlds, unsettled=found[0].worlds_unsettled),
            "played_words": played_move_words(game, move),
            "expert_words": None if best is None else move_words(game, best), "strength": expert.strength}


def _replays_to_a_win(game: Game, line: list[Move]) -> bool:
    """Whether ``line`` played from ``game`` (on a copy) is legal move by move and ends won."""
    check = game.copy()
    for move in line:
        if move not in check.legal_moves():
            return False
        check.play(move)
    return check.is_won


def _repairs(line: list[Move], played: Move) -> list[list[Move]]:
    """Lines worth replaying after ``played`` was played where ``line`` (a win) began otherwise:
    the line with ``played`` taken out where it comes later (the two moves merely swapped), then
    the line as it is (``played`` was beside the point), then its tail (``played`` did its work)."""
    out = []
    if played in line:
        at = line.index(played)
        out.append(line[:at] + line[at + 1:])
    out += [line, line[1:]]
    return out


def _prove_lost(game: Game, states: int, time_limit: float | None):
    """The sound search alone (the one of the solver's portfolio that can prove a loss) from
    ``game`` within ``states`` states: ``(status, line, states met)``. Alone it gets every state
    of the budget, where ``solve`` shares them with its win-only searches; and it deals and plays
    at once (R6 of :mod:`ft_widget.solver.model`, where the variant allows it), which exhausts a
    lost position in about a third of the states (Forty Thieves deal 60001 after move 94 of the
    habit player's game: 625,274 states instead of 1,771,411)."""
    model = Model(game.variant, deal_and_play=True)
    status, line, met = _quietly(search, [(model, 1)], Model.from_game(game), time_limit, states)
    moves = [Move(*m) for m in line]
    if status == WON and not _replays_to_a_win(game, moves):
        raise AssertionError("the solver's line does not replay to a win")  # a solver bug: surface it
    return status, moves, met


def _find_win(game: Game, states: int, time_limit: float | None):
    """The solver's win-only searches alone, as its relay runs them (:data:`~ft_widget.solver.search.RELAY`:
    two side by side, the next taking over from one that holds a quarter of the budget), from ``game``
    within ``states`` states: ``(status, line, states met)``; never "lost" (they prune moves, so
    running dry proves nothing). They find wins the budgeted portfolio misses near the boundary:
    Number Ten deal 60005 after moves 108-111 of the habit player's game, at 13,000 states each,
    where the portfolio found none within 3,200,000."""
    chain = [relay_search(game.variant, h1, weights) for h1, weights in RELAY]
    members = [(chain[0], 2), (chain[1], 1)]
    status, line, met = _quietly(search, members, Model.from_game(game), time_limit, states,
                                 relay=chain[2:], relay_states=max(states // 4, 1))
    moves = [Move(*m) for m in line]
    if status == WON and not _replays_to_a_win(game, moves):
        raise AssertionError("the solver's line does not replay to a win")  # a solver bug: surface it
    return (WON, moves, met) if status == WON else (UNKNOWN, [], met)


def _quietly(run, *args, **kwargs):
    """``run(*args, **kwargs)`` with the cyclic garbage collector off, as ``solve`` runs its
    searches: their millions of tuples make no cycles, so its passes are pure cost."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return run(*args, **kwargs)
    finally:
        if collecting:
            gc.enable()


def _verdicts(positions: list[Game], moves: list[Move], solver_states: int, report: Callable[[int], object],
              deadline: float | None = None, check_stop: Callable[[], None] = lambda: None
              ) -> tuple[list[Outcome], list[list[Move] | None], int, bool]:
    """The solver's verdict on every position of the game, a winning line where it is won, the
    searches run, and whether they all ran (False: ``deadline``, a ``time.perf_counter()`` time,
    came first; a search it cut short, and positions left unsearched, stay "unknown").
    ``check_stop()`` is called before each search (it raises to stop the review).

    Two facts let a few searches settle most positions (positions[i + 1] is positions[i] after
    moves[i]):

    * a win from positions[j] is a win from every earlier position: play the moves of the game up
      to j, then the line (each replayed through the engine: the game's moves were, and the solver
      replays its line before returning it). So the positions won form a prefix of the game;
    * "lost" means no position reachable from there is won; the later positions are reachable,
      so they are lost too. The positions lost form a suffix.

    Hence one boundary, between the last position won and the first lost, and the losing move
    is the move across it. The search finds it in three stages, each deterministic in states:

    1. the last position, the first, and bisection between the last position known won and the
       first known lost, each searched once within ``solver_states`` states;
    2. every win found is carried forward without a search where the engine allows: a move that
       follows the solver's line (moves[i] == line[0]) leaves the rest of the line as a win from
       positions[i + 1]; once bisection is done (so that its searches, and the alternatives
       they name, stay those of a review without this), a move off the line is tried with the
       line repaired (:func:`_repairs`:
       the move played taken out of the line, the line as it was, its tail), each replayed
       through the engine from positions[i + 1] and kept only if it ends won; failing those, the
       line's moves still legal are played from positions[i + 1] and the win-only searches
       (:func:`_find_win`) are run for :data:`FOLLOW_STATES` states where they lead, then half
       way (a win there, after moves played through the engine, is a win from positions[i + 1]);
    3. the boundary, where verdicts change: loss proofs walk back from the first position lost
       (late positions hold few cards: the sound search alone, dealing and playing at once,
       exhausts them cheaply, :func:`_prove_lost`) and wins are sought forward from the last
       position won, or from the start when none was found, by the win-only searches
       (:func:`_find_win`), with a budget that doubles each round up to
       :data:`BOUNDARY_STATES_MAX` times ``solver_states`` a search, :data:`BOUNDARY_STATES`
       times it in all. A stride that doubles after each success jumps over long runs of one
       verdict; a failure goes back to a stride of one.

    Positions the solver cannot tell within these budgets stay "unknown".
    """
    n = len(moves)
    status: list[Outcome | None] = [None] * (n + 1)
    lines: list[list[Move] | None] = [None] * (n + 1)
    tried_win = [0] * (n + 1)  # the largest budget a search for a win here spent in vain
    tried_loss = [0] * (n + 1)  # the same for a loss proof
    searched = 0
    spent = 0  # states met by the searches of stage 3
    repairing = False  # stage 2 waits for stage 1

    def carry(k: int) -> None:
        """Carry the win from positions[k] forward while the engine confirms it (stage 2)."""
        while k < n and status[k + 1] is None and lines[k] is not None:
            line = lines[k]
            if line and moves[k] == line[0]:
                found = line[1:]  # the player followed the line: the same deterministic replay
            elif not repairing:
                return
            else:
                found = next((cand for cand in _repairs(line, moves[k])
                              if _replays_to_a_win(positions[k + 1], cand)), None)
                if found is None:
                    found = follow(k + 1, line)
                if found is None:
                    return
            status[k + 1], lines[k + 1] = WON, found
            k += 1

    def follow(i: int, line: list[Move]) -> list[Move] | None:
        """A win from positions[i] found along ``line`` (a win from the position before, the
        move played off it): play the line's moves that are still legal, in order, then search
        where that leads (late in the line, few cards are left: a small search there is cheap),
        and half way if not. None when neither search finds a win."""
        nonlocal searched
        game, path = positions[i].copy(), []
        for move in line:
            if game.is_won:
                break
            if move in game.legal_moves():
                path.append(game.play(move))
        if game.is_won:
            return path
        for stop in (len(path), len(path) // 2):
            check_stop()
            left = time_left()
            if left is False:
                return None
            there = positions[i].copy()
            for move in path[:stop]:
                there.play(move)
            result, line, _ = _find_win(there, FOLLOW_STATES, left)
            searched += 1
            if result == WON:
                return path[:stop] + line
        return None

    def won_at(i: int, line: list[Move]) -> None:
        for j in range(i, -1, -1):  # earlier positions: the game's moves, then the line
            if status[j] == WON:
                break
            status[j], lines[j] = WON, moves[j:i] + line
        carry(i)

    def lost_from(i: int) -> None:
        for j in range(i, n + 1):
            status[j] = LOST

    def time_left() -> float | None | bool:
        """Seconds to the deadline (None: no deadline); False when it has passed."""
        left = None if deadline is None else deadline - time.perf_counter()
        return False if left is not None and left <= 0 else left

    def settle(i: int, states: int, *, loss: bool = False, boundary: bool = False) -> bool:
        """Search position ``i`` within ``states`` states (``loss``: the sound search alone for a
        proof; ``boundary``: the win-only searches for a win; else the solver's portfolio); False
        when the deadline came first (nothing was searched, or the search was cut short)."""
        nonlocal searched, spent
        if positions[i].is_won:
            won_at(i, [])
            return True
        check_stop()
        left = time_left()
        if left is False:
            return False
        if loss:
            result, line, met = _prove_lost(positions[i], states, left)
        elif boundary:
            result, line, met = _find_win(positions[i], states, left)
        else:
            found = solve(positions[i], time_limit=left, max_states=states, shorten_line=False)
            result, line, met = found.status, list(found.moves), found.states
        searched += 1
        if states > solver_states:
            spent += met
        report(searched)
        if result == WON:
            won_at(i, line)
        elif result == LOST:
            lost_from(i)
        else:
            tried = tried_loss if loss else tried_win
            tried[i] = max(tried[i], states)
            if deadline is not None and time.perf_counter() >= deadline:
                return False  # cut short by the clock: more searches were due
        return True

    def bounds() -> tuple[int, int]:
        lo = max((i for i in range(n + 1) if status[i] == WON), default=-1)
        hi = min((i for i in range(n + 1) if status[i] == LOST), default=n + 1)
        return lo, hi

    finished = settle(n, solver_states) and (status[0] is not None or settle(0, solver_states))
    while finished:  # stage 1: bisect the stretch between the last position won and the first lost
        lo, hi = bounds()
        open_ = [i for i in range(lo + 1, hi) if status[i] is None and not tried_win[i]]
        if not open_:
            break
        middle = (lo + hi) / 2
        finished = settle(min(open_, key=lambda i: (abs(i - middle), i)), solver_states)

    # stage 2 from here on: bisection's searches, and the lines they gave, stay those of a review
    # without it (the same alternatives named where bisection settles the boundary)
    repairing = True
    lo, hi = bounds()
    if finished and 0 <= lo and lo + 1 < hi:
        carry(lo)
    states = solver_states
    cap = BOUNDARY_STATES_MAX * solver_states
    total = BOUNDARY_STATES * solver_states
    while finished and states < cap:  # stage 3: rounds of a doubling budget at the boundary
        states = min(2 * states, cap)
        for loss in (True, False):
            stride = 1
            while finished and spent < total:
                lo, hi = bounds()
                if lo + 1 >= hi:  # settled; lo is -1 while no win is found (sought from the start)
                    break
                # a loss proof walks back from the first position lost, a win forward from the last won
                i = max(hi - stride, lo + 1) if loss else min(lo + stride, hi - 1)
                if status[i] is not None or (tried_loss if loss else tried_win)[i] >= states:
                    break
                before = bounds()
                finished = settle(i, min(states, total - spent), loss=loss, boundary=not loss)
                if bounds() == before:
                    if stride == 1:
                        break
                    stride = 1
                else:
                    stride *= 2
        lo, hi = bounds()
        if lo + 1 >= hi or spent >= total:
            break
    return [UNKNOWN if s is None else s for s in status], lines, searched, finished


def _losing_move(verdicts: list[Outcome], lines: list[list[Move] | None],
                 moves: list[Move]) -> tuple[int | None, list[Move] | None]:
    """The move from a position the solver won to one it proved lost, and the winning line from
    before it (its first move is not the move played: the position after that one is lost)."""
    for i in range(len(moves)):
        if verdicts[i] == WON and verdicts[i + 1] == LOST:
            return i, lines[i]
    return None, None


# ---------------------------------------------------------------------------------- the chart
_MARK_COLOURS = {"inaccuracy": "#d4a017", "mistake": "#e07020", "losing": "#c0392b"}
_VERDICT_COLOURS = {WON: "#2e8b57", LOST: "#c0392b", UNKNOWN: "#b0b0b0"}


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _chart(r: Review, width: int, height: int) -> str:
    """The review's chart as SVG text (our own drawing: no plotting library needed)."""
    left, right, top = 44, 12, 26
    band, bottom = 14, 46
    plot_h = height - top - bottom - band - 8
    n = len(r.steps)
    span = max(n, 1)

    def x(k: float) -> float:
        return left + (width - left - right) * k / span

    def y(share: float) -> float:
        return top + plot_h * (1 - share)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
           f'<text x="{left}" y="15" fill="#222">The fair expert\'s estimate: share of sampled '
           f'worlds won, before each move</text>']
    for share in (0, 0.5, 1):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(share):.1f}" y2="{y(share):.1f}" '
                   f'stroke="#e2e2e2"/>')
        out.append(f'<text x="{left - 6}" y="{y(share) + 4:.1f}" text-anchor="end" fill="#555">'
                   f'{share:.0%}</text>')
    points = []
    for s in r.steps:
        if s.worlds_won_before is not None:
            points.append((s.index, s.worlds_won_before / s.worlds))
    if r.steps:
        last = r.steps[-1]
        points.append((n, last.worlds_won_played / last.worlds))
    if points:
        path = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="#2c5d8a" stroke-width="1.6"/>')
    for s in r.steps:
        mark = "losing" if s.index == r.losing_move else s.mark
        if mark is None or s.worlds_won_before is None:
            continue
        cx, cy = x(s.index), y(s.worlds_won_before / s.worlds)
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4.5" fill="{_MARK_COLOURS[mark]}">'
                   f'<title>{_esc(f"move {s.index + 1} {s.move}: {mark}")}</title></circle>')
    by = top + plot_h + 8
    for s in r.steps:  # the solver's verdict on the position before each move
        out.append(f'<rect x="{x(s.index):.1f}" y="{by}" width="{max(x(s.index + 1) - x(s.index), 0.5):.1f}" '
                   f'height="{band}" fill="{_VERDICT_COLOURS[s.verdict_before]}"/>')
    every = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 10**9) if span / k <= 10)
    for k in range(0, n + 1, every):  # move numbers: the position before move k + 1
        out.append(f'<text x="{x(k):.1f}" y="{by + band + 11}" text-anchor="middle" fill="#555" '
                   f'font-size="9">{k}</text>')
    ty = by + band + 26
    out.append(f'<text x="{left}" y="{ty}" fill="#222">below: the solver, which sees every card '
               f'(green won, red lost, grey unknown) · moves played: {n}</text>')
    keys = list(_MARK_COLOURS.items())
    kx = width - right - 250
    for k, (mark, colour) in enumerate(keys):
        out.append(f'<circle cx="{kx + 84 * k:.0f}" cy="{ty + 11}" r="4" fill="{colour}"/>'
                   f'<text x="{kx + 84 * k + 7:.0f}" y="{ty + 15}" fill="#222">{mark}</text>')
    out.append("</svg>")
    return "".join(out)


__all__ = ["BOUNDARY_STATES", "BOUNDARY_STATES_MAX", "FAIR_SHARE", "FOLLOW_STATES", "INACCURACY",
           "MISTAKE", "Review", "ReviewStopped", "SEEING_NOTE", "Step", "TIME_BUDGET", "review"]
