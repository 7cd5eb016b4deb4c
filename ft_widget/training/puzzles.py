"""Puzzles: real positions where one decision keeps a deal winnable, and the one judge of them.

>>> from ft_widget import puzzles
>>> all(p.habit in p.losing and p.difficulty in DIFFICULTIES for p in puzzles("forty_thieves"))
True

Each shipped puzzle (``ft_widget/data/puzzles/<variant>.json``, made by
``tools/make_puzzles.py``) is a position reached in a real game on a real deal number (a point
of the solver's winning line for that deal), where at least :data:`MIN_NOT_HOME` cards are not
yet home, at least :data:`MIN_LEGAL` moves are legal and at least :data:`MIN_COMMITMENTS` of
them are commitments (:func:`commitments`: moves the engine cannot take straight back), at most
a third of the commitments keep the deal winnable and every other commitment is proved lost, and
a real player's move is one of the lost ones (``habit``, the player in ``player``): the habit
player's (``policies.foundations_first``) if one of its moves loses, else the cautious player's
(``policies.cautious_choice``), else a random player's (any commitment). Issue 22 asked for the
habit player's move; held to that, nearly every puzzle taught one idea (a card home or the waste
card into an empty column: in Limited all 14 candidates found, in Indian none at all), so for
issue 35 (decisions of other kinds) the other players' losing moves count too.

This departs from the letter of issue 22 item 4, which asks that at most a third of ALL legal
moves keep the deal winnable. A move that can be taken straight back (a card moved between
columns that can return onto the same card or into the column it emptied) can never turn a
winnable position into a lost one: the reverse move restores the position. Such moves are more
than a third of the legal moves nearly everywhere once runs are built or a column is empty, so a
first generator held to the letter found no puzzle in any game. The decisions that can lose are
the commitments (a card sent home, the waste card placed, a deal from a stock dealt once, a card
taken off a dealt stack where it cannot return); the reversible moves are waiting moves, and the
judge says of one that the decision is still ahead (no try counted, the puzzle stays open).

The verdicts come from the solver, which sees every card: each answer carries its winning line
(replayed through the engine), each losing move a proof (the solver's exhaustive search within
the file's ``max_states``). The rating comes from the fair expert, which sees only the table, and
sampled players: the share of their runs that choose a winning move (:func:`rating`), and the
difficulty word follows the rating (:func:`difficulty_of`). Which strength of the expert ran them
(``ft_widget.expert.STRENGTHS``) is the file's provenance's ``strength``, and each puzzle's
:attr:`TrainingPuzzle.expert_strength`.

:class:`Puzzle` is the judge the board uses (``Board.puzzle``, ``Board.training``): a shipped
puzzle is judged from its stored verdicts; any other position is judged by solving every legal
move once, with the same rule.

>>> from ft_widget import Board, Game
>>> puzzle = Board.puzzle(Game("lucas", deal=3), max_states=20_000)   # every legal move judged
>>> puzzle.check(puzzle.answers[0]).verdict
Judgement.WINNABLE
"""

from __future__ import annotations

import json
import math
import random
import statistics
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources

from ..cards import card_str, card_symbol, parse_card, rank_of
from ..expert import STRENGTHS
from ..game import (
    FOUNDATION,
    STOCK,
    WASTE,
    Choice,
    Game,
    HintKind,
    HintSource,
    IllegalMove,
    Move,
    Outcome,
    Term,
    commitments,
    reversible,
)
from ..hints import Hint
from ..i18n import N_, ngettext
from ..i18n import gettext as _
from ..limits import check_count, shown
from ..policies import foundations_first
from ..position import read_json
from ..solver import solve
from ..solver.model import Model
from ..solver.search import LOST, WON, search
from ..variants import VARIANTS
from ..words import (
    SEEING,
    card_clue_words,
    clauses,
    fair_words,
    first_clue_words,
    in_pile_words,
    lost_move_words,
    move_doing,
    move_words,
    score_words,
    solver_line_words,
    to_pile_words,
    unclear_words,
)
from .facts import Fact, facts_along, pile_name
from .facts import costs as costs_of
from .fair import ANSWER, FairVerdict, MoveShare, decide, judge
from .themes import KINDS, THEMES, fills_empty, kind_of, theme_idea, theme_of, trap_of

#: A puzzle leaves at least this many cards not yet home …
MIN_NOT_HOME = 30
#: … and offers at least this many legal moves; at most a third of them keep the deal winnable.
MIN_LEGAL = 4
#: … of which at least this many are commitments; at most a third of the commitments keep the deal winnable.
MIN_COMMITMENTS = 3
#: A lesson position (:func:`lesson_positions`) may be a choice of two commitments: one follows the
#: lesson's rule and keeps a win far more often than the other.
MIN_LESSON_COMMITMENTS = 2
#: The difficulty words, easiest first (:data:`RATING_GRADES` says where each begins).
DIFFICULTIES = ("easy", "medium", "hard")
#: Puzzles wanted a game (issue 35 item 2) …
WANTED = 30
#: … no theme over this share of them …
MAX_THEME_SHARE = 0.4
#: … no kind of first answer over this share …
MAX_KIND_SHARE = 0.6
#: … and no two of one deal fewer than this many moves apart.
SPACING = 10
#: The rating's scale: Elo's 400 points a factor of ten in the odds, 1500 for an even chance.
RATING_BASE, RATING_SCALE = 1500, 400
GOALS = ("keep_winnable", "win")
#: A shipped puzzle is judged fairly (:func:`~ft_widget.training.fair.judge`) over this many worlds
#: of the cards its player cannot see, each solved to :data:`FAIR_STATES` states.
FAIR_WORLDS, FAIR_STATES = 16, 300_000
#: A puzzle whose stock holds at least this many cards is from the opening or middle of the game.
MIDGAME_STOCK = 15
_LETTERS = {"won": "w", "lost": "l", "unknown": "u"}
_RESULTS = {v: k for k, v in _LETTERS.items()}


def decisions(game: Game, moves) -> set:
    """The different decisions among ``moves`` (notation or Moves) at ``game``'s position: moves
    that differ only in which empty column they put the same cards into are one decision (no rule
    names a column, so the positions after them differ only by the order of the columns: the
    solver's R2). A puzzle's "at most a third of the commitments keep the win" counts its answers
    so (``tools/make_puzzles.py --fair-first``)."""
    out = set()
    for m in moves:
        move = Move(str(m))
        into_empty = move.dst < WASTE and not move.is_deal and not game.tableau[move.dst]
        out.add((move.src, "empty", move.count) if into_empty else str(move))
    return out


def fair_seed(pid: str) -> int:
    """The seed that deals puzzle ``pid``'s worlds (its id's CRC-32): the same on any machine."""
    return zlib.crc32(pid.encode())


def judge_puzzle(game: Game, pid: str, answers, losing, worlds: int = FAIR_WORLDS,
                 max_states: int = FAIR_STATES) -> FairVerdict:
    """The fair judge on a puzzle's commitments (``answers`` and ``losing``), dealt by
    :func:`fair_seed`: what the data file's ``fair`` stores."""
    return judge(game, [*answers, *losing], worlds=worlds, max_states=max_states, rng=fair_seed(pid))


def fair_figures(verdict: FairVerdict, pid: str) -> dict:
    """A verdict as a data row's ``fair``: each move's results, a letter a world (``w`` won, ``l``
    lost, ``u`` unknown), how many ways the unseen cards can lie, the seed."""
    return {"rng": fair_seed(pid), "arrangements": verdict.arrangements,
            "results": {m.move: "".join(_LETTERS[r] for r in m.results) for m in verdict.moves}}


def stored_verdict(figures: dict, max_states: int = FAIR_STATES) -> FairVerdict:
    """A data row's ``fair`` made a verdict again, by today's rule (:func:`.fair.decide`)."""
    shares = [MoveShare(m, tuple(_RESULTS[c] for c in r)) for m, r in figures["results"].items()]
    return decide(shares, max_states, figures["arrangements"])


def fair_disagreement(verdict: FairVerdict, answers, losing) -> str | None:
    """None when the fair verdict is the puzzle's (a clear decision whose answers are ``answers``
    and losing moves ``losing``), else why not, in a few words (the generator's rejection)."""
    if verdict.decision != ANSWER:
        best, second = verdict.moves[0], verdict.moves[1]
        return (f"no clear decision: {best.move} {best.wins} wins ({best.unknown} unknown), "
                f"{second.move} {second.wins} ({second.unknown} unknown)")
    if set(verdict.answers) != set(answers) or set(verdict.losing) != set(losing):
        return f"the fair answers {', '.join(verdict.answers)} are not the puzzle's {', '.join(answers)}"
    return None


#: A puzzle's difficulty follows its rating (:func:`rating`): below 1400 easy, below 1700 medium,
#: else hard. Graded by the experts' runs alone, 19 puzzles were called hard and rated below easy
#: ones, and a new learner (rated 1500) met a "hard" one first; from the rating, the word and the
#: number cannot disagree.
RATING_GRADES = (("easy", 1400), ("medium", 1700), ("hard", math.inf))


def difficulty_of(rating_: float) -> str:
    """The difficulty word of a puzzle rated ``rating_`` (:data:`RATING_GRADES`)."""
    return next(name for name, below in RATING_GRADES if rating_ < below)


def rating(hits: int, runs: int) -> int:
    """An Elo-like rating of a puzzle found by ``hits`` of ``runs`` tries (fair-expert runs and
    sampled players' picks): ``1500 + 400 * log10((runs - hits + 0.5) / (hits + 0.5))``, the
    rating at which a 1500 player's Elo expectation equals the share found (a half added to each
    side so that none and all stay finite). Half found: 1500; fewer: higher."""
    runs = check_count("rating", "runs", runs, 1)
    hits = check_count("rating", "hits", hits, 0, runs)
    return round(RATING_BASE + RATING_SCALE * math.log10((runs - hits + 0.5) / (hits + 0.5)))


# ---------------------------------------------------------------------------------- words
def _where(pile: int) -> str:
    return in_pile_words(pile)  # "in column 3", "in the waste", in the current language


def _moved_card(game: Game, move: Move) -> int | None:
    if move.src == WASTE:
        return game.waste[-1]
    if move.src < WASTE:
        return game.tableau[move.src][-move.count]
    return None


def clue_words(game: Game, answers: list[str], losing: list[str] = ()) -> str:
    """The card clue (the second): which card and pile matter, without naming the move. When the
    first answer moves no card (a deal), the card that matters is the one the first losing move
    would have moved; with none, the waste's top card or, last, the stock."""
    move = Move(answers[0])
    card = _moved_card(game, move)
    if card is not None:
        return card_clue_words(card_symbol(card), _where(move.src), answer_moves_it=True)
    for bad in map(Move, losing):
        card = _moved_card(game, bad)
        if card is not None:
            return card_clue_words(card_symbol(card), _where(bad.src), answer_moves_it=False)
    if game.waste:
        return card_clue_words(card_symbol(game.waste[-1]), _where(WASTE), answer_moves_it=False)
    return card_clue_words(_("the next card"), _where(STOCK), answer_moves_it=True)


def answer_words(game: Game, answers: list[str], waiting: int = 0) -> str:
    """Every winning move, named and described from the table (the last clue); ``waiting`` moves
    that can be taken back are said to only wait."""
    if len(answers) > 3:  # many answers (a judged position, not a shipped puzzle): their notation
        said = ", ".join(answers)
    else:
        said = clauses(f"{a} ({move_words(game, Move(a))})" for a in answers)
    text = ngettext("The answer: {moves}.", "The {n} answers (each keeps the deal winnable): {moves}.",
                    len(answers)).format(n=len(answers), moves=said)
    if waiting:
        text += " " + ngettext("The {n} move that can be taken back only waits: the decision is still "
                               "ahead after it.",
                               "The {n} moves that can be taken back only wait: the decision is still "
                               "ahead after them.", waiting).format(n=waiting)
    return text


def explanation_facts(game: Game, answer: str, line) -> list[Fact]:
    """The facts an answer's explanation says, from ``answer`` and the solver's ``line`` after it
    (:func:`~ft_widget.training.facts.facts_along`), at most two within its first 30 moves: the
    card the answer frees (the card under the one it moves) and the fact of that very card's next
    move (home, onto a column, into an empty column), then a face-down card turned up, then a
    column emptied that was not empty before (a column that was empty and is again is no news)."""
    facts = facts_along(game, [answer, *line], limit=31)
    chosen: list[Fact] = []
    freed = next((f for f in facts if f.ply == 1 and f.kind == "frees"), None)
    if freed is not None:
        # follow that card, not its twin: its pile and place, until a move takes it
        trial, move = game.copy(), Move(answer)
        trial.play(move)
        pile = WASTE if freed.pile == "w" else int(freed.pile) - 1
        at = (len(trial.waste) if pile == WASTE else len(trial.tableau[pile])) - 1
        for ply, raw in enumerate(line, 2):
            if ply > 31:
                break
            step = Move(str(raw))
            size = len(trial.waste) if step.src == WASTE else (
                len(trial.tableau[step.src]) if step.src < WASTE else 0)
            lifted = 1 if step.src == WASTE else step.count
            takes = step.src == pile and not step.is_deal and size - lifted <= at
            trial.play(step)
            if takes:
                went = next((f for f in facts if f.ply == ply and f.card == freed.card
                             and f.kind in ("home", "moves", "fills")), None)
                if went is not None:
                    chosen += [freed, went]
                break
    turned = next((f for f in facts if f.kind == "turns_up" and f.ply > 1), None)
    emptied = next((f for f in facts if f.kind == "empties" and f.ply > 1), None)
    # one clause each, in the order the line makes them true, two at most
    clauses_ = sorted(([chosen] if chosen else []) + [[f] for f in (turned, emptied) if f is not None],
                      key=lambda c: c[-1].ply)
    return [f for clause in clauses_[:2] for f in clause]


def fact_words(facts: list[Fact]) -> list[str]:
    """The clauses an explanation says, made from its facts only (:func:`explanation_facts`)."""
    said = []
    k = 0
    while k < len(facts):
        fact = facts[k]
        later = fact.ply - 1  # moves after the answer
        if fact.kind == "frees" and k + 1 < len(facts):
            went = facts[k + 1]
            card = f"{card_symbol(parse_card(fact.card))} {_where(_pile_index(fact.pile))}"
            n = went.ply - 1
            if went.kind == "home":
                text = ngettext("it frees {card}, which goes home {n} move later",
                                "it frees {card}, which goes home {n} moves later", n)
            else:
                text = ngettext("it frees {card}, which moves {where} {n} move later",
                                "it frees {card}, which moves {where} {n} moves later", n)
            said.append(text.format(card=card, where=to_pile_words(_pile_index(went.pile)), n=n))
            k += 2
            continue
        if fact.kind == "turns_up":
            said.append(ngettext("a face-down card in column {column} is turned up {n} move later",
                                 "a face-down card in column {column} is turned up {n} moves later",
                                 later).format(column=fact.pile, n=later))
        elif fact.kind == "empties":
            said.append(ngettext("column {column} is emptied {n} move later",
                                 "column {column} is emptied {n} moves later", later).format(
                column=fact.pile, n=later))
        k += 1
    return said


def _pile_index(pile: str) -> int:
    return WASTE if pile == "w" else FOUNDATION if pile == "f" else int(pile) - 1


def explain(game: Game, answers: dict[str, list[str]], losing: str | None, exact: str = "lost") -> str:
    """Why the answer works, in plain words, made from the facts of the solver's winning line after
    it (:func:`explanation_facts`; the answer with the shortest line is explained), and what the
    ``losing`` move (the one a player is drawn to: a puzzle's ``habit``) leaves, named by what it
    does with its card and place (``exact``: its verdict with the real cards; where that is not
    "lost", what it gives up is wins over the cards a player cannot see). No player is named and no
    count of the solver's moves is said: a learner reads what happens to the cards. In the current
    language: a shipped puzzle's words are made here, not stored."""
    first = min(answers, key=lambda a: (len(answers[a]), a))
    move = Move(first)
    parts = [_("{move} ({words}) keeps a win.").format(move=first, words=move_words(game, move))]
    facts = fact_words(explanation_facts(game, first, answers[first]))
    if facts:
        parts.append(_("In the winning line of the solver, which sees every card: {facts}.").format(
            facts=clauses(facts)))
    if losing is not None and exact == "lost":
        parts.append(_("{doing} ({move}) leaves no win: even the solver, which sees every card, finds no "
                       "way to win after it.").format(doing=move_doing(game, Move(losing)), move=losing))
    elif losing is not None:  # ``exact``: the real cards forgive it ("won") or it is not settled
        said = _("{doing} ({move}) keeps a win far less often over the cards you cannot see.")
        parts.append(said.format(doing=move_doing(game, Move(losing)), move=losing))
    return " ".join(parts)


# ---------------------------------------------------------------------------------- shipped puzzles
@cache
def _theme(variant: str, deal: int, moves: tuple[str, ...], answers: tuple[str, ...],
           losing: tuple[str, ...]) -> str:
    game = Game(variant, deal=deal)
    for m in moves:
        game.play(m)
    return theme_of(game, answers, losing)


@dataclass(frozen=True)
class TrainingPuzzle:
    """One shipped puzzle: a real position (``deal`` and the ``moves`` that reach it), its
    ``answers`` (every winning move, notation), ``losing`` moves (each proved lost), the
    ``habit`` move (one of the losing), ``difficulty``; :attr:`explanation` says why, in the
    current language (the data file keeps the English words, and a test checks they still agree).

    ``lines[a]`` is the solver's winning line after answer ``a``; ``max_states`` is the budget
    of the proofs; ``expert_hits`` of ``expert_runs`` fair-expert runs chose an answer (the expert
    at ``expert_strength``, ``ft_widget.expert.STRENGTHS``), and ``sampled_hits`` of
    ``sampled_runs`` sampled players' picks; ``rating`` (:func:`rating`) counts both. ``player``
    is the player whose move ``habit`` is (``foundations_first``, the habit player, or
    ``cautious_choice``); ``theme`` and ``kind`` are computed from the position
    (``training.themes``: :func:`~ft_widget.training.themes.theme_of`, the first answer's
    :func:`~ft_widget.training.themes.kind_of`); ``stock_left`` is the cards left in the stock."""

    variant: str
    deal: int
    moves: tuple[str, ...]
    answers: tuple[str, ...]
    losing: tuple[str, ...]
    habit: str
    difficulty: str
    lines: dict[str, tuple[str, ...]] = field(repr=False)
    expert_hits: int = 0
    expert_runs: int = 0
    max_states: int = 0
    source: str = ""
    number: int = 0  # its place in puzzles(variant), from 1: round by round, each easiest first
    waiting: tuple[str, ...] = ()  # the legal moves that can be taken straight back
    rating: int = RATING_BASE
    stock_left: int = 0
    player: str = "foundations_first"
    sampled_hits: int = 0
    sampled_runs: int = 0
    round: int = 1  # the generator's run that added it: see puzzles()
    expert_strength: str = "default"  # the strength of the expert whose runs grade and rate it
    fair: FairVerdict | None = field(default=None, repr=False, compare=False)
    #: each losing move's verdict with the cards as they really lie (the solver, which sees every
    #: card, within ``max_states``): "lost", or "won" / "unknown" for a move the fair judge finds
    #: losing over the cards a player cannot see that the real cards happen to forgive
    exact: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    #: a lesson position (:func:`lesson_positions`): a fair decision with more answers than a
    #: puzzle may have, a step of the board lesson only, never served as a puzzle
    lesson_only: bool = False

    @property
    def proved(self) -> bool:
        """True when every losing move is proved lost with the real cards too: the exact verdict
        and the fair one agree (else the fair judge alone makes the puzzle)."""
        return all(self.exact.get(m, "lost") == "lost" for m in self.losing)

    @property
    def certain(self) -> bool:
        """True when the unseen cards can lie in one way only: the fair verdict is the exact one."""
        return self.fair is not None and self.fair.arrangements == 1

    @property
    def fair_decision(self) -> bool:
        """True when the fair judge, over the deals of the cards the player cannot see, finds the
        puzzle's answers and losing moves (:func:`fair_disagreement`): a training run serves only
        these. The others stay shipped and say their figures; the real stock decides them."""
        return self.fair is not None and fair_disagreement(self.fair, self.answers, self.losing) is None

    @property
    def id(self) -> str:
        """``"maria/62-119"``: the game, the deal and the moves played to the position
        (:func:`puzzle_id`); :func:`shipped_puzzle` finds the puzzle again by it."""
        return puzzle_id(self)

    @property
    def game(self) -> Game:
        """The position as a fresh :class:`Game` replayed from the deal: ``history`` holds the
        real game's moves and its record replays. (The board shows the position as a game of
        its own, so Undo stops at the puzzle's start.)"""
        game = Game(self.variant, deal=self.deal)
        for m in self.moves:
            game.play(m)
        return game

    @property
    def title(self) -> str:
        if self.lesson_only:
            return _("{variant} lesson position").format(variant=VARIANTS[self.variant].display_name)
        said = {"easy": N_("{variant} puzzle {number} (easy)"),
                "medium": N_("{variant} puzzle {number} (medium)"),
                "hard": N_("{variant} puzzle {number} (hard)")}
        if self.difficulty not in said:
            return f"{VARIANTS[self.variant].name} puzzle {self.number} ({self.difficulty})"
        return _(said[self.difficulty]).format(variant=VARIANTS[self.variant].display_name,
                                               number=self.number)

    @property
    def theme(self) -> str:
        """The decision this puzzle teaches (:data:`~ft_widget.training.themes.THEMES`), computed
        from the position, its answers and its losing moves."""
        return _theme(self.variant, self.deal, self.moves, self.answers, self.losing)

    @property
    def idea(self) -> str:
        """The theme's idea in one sentence: the first clue."""
        return theme_idea(self.theme)

    @property
    def explanation(self) -> str:
        """Why the answer works and what the losing move leaves, in the current language: made from
        the solver's line (:func:`explain`), as the generator made the data file's English words."""
        return explain(self.game, {a: self.lines[a] for a in self.answers}, self.habit,
                       self.exact.get(self.habit, "lost"))

    @property
    def kind(self) -> str:
        """What kind of move the first answer is (:data:`~ft_widget.training.themes.KINDS`)."""
        return kind_of(self.game, self.answers[0])

    @property
    def prompt(self) -> str:
        n = len(self.answers) + len(self.losing)
        legal = n + len(self.waiting)
        said = (_("{variant}, deal {deal}, after {moves} moves: {legal} moves are legal, {n} cannot be "
                  "taken back, and only one of them keeps the deal winnable. Find it (a move that can be "
                  "taken back only waits).") if len(self.answers) == 1 and self.proved else
                _("{variant}, deal {deal}, after {moves} moves: {legal} moves are legal and {n} cannot be "
                  "taken back. Over the cards you cannot see, one of them keeps a win far more often than "
                  "the others. Find it (a move that can be taken back only waits).")
                if len(self.answers) == 1 else
                _("{variant}, deal {deal}, after {moves} moves: {legal} moves are legal and {n} cannot be "
                  "taken back. Over the cards you cannot see, {answers} of them keep a win far more often "
                  "than the others. Find one (a move that can be taken back only waits).")
                if not self.proved else
                _("{variant}, deal {deal}, after {moves} moves: {legal} moves are legal, {n} cannot be "
                  "taken back, and only {answers} of them keep the deal winnable. Find one (a move that "
                  "can be taken back only waits)."))
        return said.format(variant=VARIANTS[self.variant].display_name, deal=self.deal, moves=len(self.moves),
                           legal=legal, n=n, answers=len(self.answers))

    @property
    def answer_text(self) -> str:
        """Every winning move in words, as the board's last clue and :meth:`show_answer` say them."""
        return answer_words(self.game, list(self.answers), len(self.waiting))

    def show_answer(self) -> list[str]:
        """Every winning move (notation), as the board's last clue names them; prints its words."""
        print(self.answer_text)
        return list(self.answers)

    def __str__(self) -> str:
        return f"{self.title}: {self.prompt}"


def row_id(variant: str, deal: int, moves) -> str:
    """The id of the puzzle of ``variant`` reached by ``moves`` from ``deal`` (:func:`puzzle_id`)."""
    return f"{variant}/{deal}-{len(moves)}"


def puzzle_id(puzzle) -> str:
    """``"maria/62-119"``: a puzzle's game, deal and the number of moves played to reach it: its
    position, so the id stays when the shipped files are made again and a learner's history or a
    lesson's choice keeps its meaning. No two shipped puzzles of one deal are reached after as many
    moves (they are at least :data:`SPACING` moves apart)."""
    return row_id(puzzle.variant, puzzle.deal, puzzle.moves)


def shipped_puzzle(pid: str) -> TrainingPuzzle:
    """The shipped puzzle whose :func:`puzzle_id` is ``pid`` (``"maria/62-119"``); a ValueError
    names what is wrong when there is none."""
    if not isinstance(pid, str) or "/" not in pid:
        raise ValueError("shipped_puzzle: an id is 'variant/deal-moves' (as 'maria/62-119'), "
                         f"not {shown(pid)}")
    variant = pid.split("/", 1)[0]
    if variant not in VARIANTS:
        raise ValueError(f"shipped_puzzle: {shown(pid)} names no game; the games are {', '.join(VARIANTS)}")
    found = [p for p in (*_load(variant), *_load_lesson(variant)) if p.id == pid]
    if not found:
        raise ValueError(f"shipped_puzzle: no shipped {VARIANTS[variant].name} puzzle has the id "
                         f"{shown(pid)}")
    return found[0]


def _data(variant: str) -> dict:
    path = resources.files("ft_widget") / "data" / "puzzles" / f"{variant}.json"
    return json.loads(path.read_text(encoding="utf-8"))


#: The fields of a puzzle row in the data file; any other is an error (a misspelt field would
#: otherwise be silently dropped).
ROW_FIELDS = frozenset({
    "variant", "deal", "moves", "source", "legal", "commitments", "cards_home", "stock_left", "habit",
    "player", "answers", "losing", "waiting", "theme", "kind", "difficulty", "expert_hits", "sampled_hits",
    "rating", "explanation", "round", "fair", "exact"})
#: The real cards' verdicts a losing move may have (:attr:`TrainingPuzzle.exact`).
EXACT = ("lost", "won", "unknown")


def _ease(difficulty: str, rating: int, legal: int, deal: int, moves: int) -> tuple:
    """Easiest first: by grade, then rating, legal moves, deal and moves played (a total order)."""
    return DIFFICULTIES.index(difficulty), rating, legal, deal, moves


def row_order(row: dict) -> tuple:
    """Where a data file's row comes in :func:`puzzles`: round by round, each round easiest first."""
    moves = len(row["moves"])
    return row["round"], *_ease(row["difficulty"], row["rating"], row["legal"], row["deal"], moves)


def easiest_first(shipped: list[TrainingPuzzle]) -> list[TrainingPuzzle]:
    """``shipped`` puzzles easiest first, whatever their round (a training run's order)."""
    return sorted(shipped, key=lambda p: _ease(p.difficulty, p.rating, len(p.answers) + len(p.losing)
                                               + len(p.waiting), p.deal, len(p.moves)))


@cache
def _load(variant: str) -> tuple[TrainingPuzzle, ...]:
    data = _data(variant)
    return _puzzles_of(variant, data["puzzles"], data["provenance"])


@cache
def _load_lesson(variant: str) -> tuple[TrainingPuzzle, ...]:
    data = _data(variant)
    return _puzzles_of(variant, data.get("lesson_positions", []), data["provenance"], lesson_only=True)


def _puzzles_of(variant: str, rows: list[dict], run: dict,
                lesson_only: bool = False) -> tuple[TrainingPuzzle, ...]:
    """A data file's ``rows`` checked field by field (a ValueError names the row and the field), as
    puzzles in :func:`row_order`."""
    for r in rows:
        unknown = sorted(set(r) - ROW_FIELDS)
        missing = sorted(ROW_FIELDS - set(r))
        if unknown or missing:
            raise ValueError(f"puzzles of {variant}: a row of deal {r.get('deal')} has unknown fields "
                             f"{unknown} and lacks {missing}")
        if r["difficulty"] != difficulty_of(r["rating"]):
            raise ValueError(f"puzzles of {variant}: a row of deal {r['deal']} is called "
                             f"{shown(r['difficulty'])} but rated {r['rating']}: "
                             f"{difficulty_of(r['rating'])} (puzzles.difficulty_of)")
        exact = r["exact"]
        if not (isinstance(exact, dict) and set(exact) == set(r["losing"])
                and set(exact.values()) <= set(EXACT)):
            raise ValueError(f"puzzles of {variant}: the exact verdicts of deal {r['deal']} must give each "
                             f"losing move one of {', '.join(EXACT)}, not {shown(r['exact'], 80)}")
        if r["theme"] not in THEMES or r["kind"] not in KINDS:
            raise ValueError(f"puzzles of {variant}: unknown theme {shown(r['theme'])} or kind "
                             f"{shown(r['kind'])} (deal {r['deal']})")
    rows = sorted(rows, key=row_order)
    if run.get("strength") not in STRENGTHS:  # a grade means little without the expert that made it
        raise ValueError(f"puzzles of {variant}: the provenance's strength must be one of "
                         f"{', '.join(STRENGTHS)}, not {shown(run.get('strength'))}")
    return tuple(
        TrainingPuzzle(variant=variant, deal=r["deal"], moves=tuple(r["moves"]), answers=tuple(r["answers"]),
                       losing=tuple(r["losing"]), habit=r["habit"], difficulty=r["difficulty"],
                       lines={a: tuple(line) for a, line in r["answers"].items()},
                       expert_hits=r["expert_hits"], expert_runs=run["expert_runs"],
                       max_states=run["max_states"], source=r["source"], number=i,
                       waiting=tuple(r["waiting"]),
                       rating=r["rating"], stock_left=r["stock_left"],
                       player=r["player"], sampled_hits=r["sampled_hits"], sampled_runs=run["sampled_runs"],
                       round=r["round"], expert_strength=run["strength"],
                       fair=_fair(variant, r, run), exact=dict(r["exact"]), lesson_only=lesson_only)
        for i, r in enumerate(rows, 1))


def _fair(variant: str, row: dict, run: dict) -> FairVerdict:
    """A row's stored fair figures as a verdict (by today's rule); a ValueError if they do not
    judge exactly the puzzle's commitments."""
    moves = {*row["answers"], *row["losing"]}
    if set(row["fair"]["results"]) != moves:
        raise ValueError(f"puzzles of {variant}: the fair figures of deal {row['deal']} judge "
                         f"{sorted(row['fair']['results'])}, not the puzzle's commitments {sorted(moves)}")
    return stored_verdict(row["fair"], (run.get("fair") or {}).get("max_states", FAIR_STATES))


def puzzles(variant: str) -> list[TrainingPuzzle]:
    """The shipped puzzles of ``variant`` (an id like ``"maria"``), round by round, each round
    easiest first (README: how many each game has). A round is the puzzles one run of
    ``tools/make_puzzles.py`` added; a later run keeps the earlier rounds as they were and adds
    its own after them, so a puzzle's number, a lesson's "first puzzle of a theme" and a learner's
    history keep their puzzle."""
    return list(_load(_variant("puzzles", variant)))


def _variant(where: str, variant: object) -> str:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"{where}: variant must be one of {', '.join(VARIANTS)}, not {shown(variant)}")
    return variant


def lesson_positions(variant: str) -> list[TrainingPuzzle]:
    """The shipped lesson positions of ``variant``: fair decisions a lesson step may be played on
    (:func:`~ft_widget.training.lessons.lesson_steps`) that have more answers than a puzzle may (a
    third of the commitments; ``tools/make_puzzles.py --lesson-steps`` finds them). Where the
    rule's move keeps a win clearly more often than the move against it, a lesson can show the
    rule even when several moves follow it; a training run never serves them."""
    return list(_load_lesson(_variant("lesson_positions", variant)))


def puzzles_markdown() -> str:
    """The docs' table: puzzles shipped per game, their difficulties, how many are fair decisions
    (a training run serves only these), how many of those are certain (no card hidden) and how
    many are from the opening or middle (:data:`MIDGAME_STOCK` or more stock cards); from the data."""
    rows = ["| game | puzzles | " + " | ".join(DIFFICULTIES) + " | fair decisions | of them certain | "
            f"of them with {MIDGAME_STOCK}+ stock cards |",
            "|---|---:|" + "---:|" * len(DIFFICULTIES) + "---:|---:|---:|"]
    for variant, v in VARIANTS.items():
        shipped = puzzles(variant)
        counts = [sum(p.difficulty == d for p in shipped) for d in DIFFICULTIES]
        fair = [p for p in shipped if p.fair_decision]
        rows.append(f"| {v.name} | {len(shipped)} | " + " | ".join(map(str, counts))
                    + f" | {len(fair)} | {sum(p.certain for p in fair)} | "
                    f"{sum(p.stock_left >= MIDGAME_STOCK for p in fair)} |")
    return "\n".join(rows)


def readme_markdown() -> str:
    """The README's table: each game's puzzles and how many teach each theme, the most taught
    first (from the data; ``python tools/make_puzzles.py --tables`` writes it)."""
    order = list(THEMES)
    rows = ["| game | puzzles | fair decisions | themes (puzzles of each) |", "|---|---:|---:|---|"]
    for variant, v in VARIANTS.items():
        ps = puzzles(variant)
        counts: dict[str, int] = {}
        for p in ps:
            counts[p.theme] = counts.get(p.theme, 0) + 1
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], order.index(kv[0])))
        themes = ", ".join(f"{THEMES[t][0]} {n}" for t, n in ranked) or "–"
        rows.append(f"| {v.name} | {len(ps)} | {sum(p.fair_decision for p in ps)} | {themes} |")
    total = sum(len(puzzles(v)) for v in VARIANTS)
    fair = sum(p.fair_decision for v in VARIANTS for p in puzzles(v))
    return "\n".join([*rows, f"| all | {total} | {fair} | |"])


def themes_markdown() -> str:
    """The docs' table of puzzles per game and theme (the themes any game has, in
    ``themes.THEMES`` order), the first answers' kinds and the stock left, then what each theme
    teaches; all from the data."""

    shipped = {variant: puzzles(variant) for variant in VARIANTS}
    used = [t for t in THEMES if any(p.theme == t for ps in shipped.values() for p in ps)]
    kinds = [k for k in KINDS if any(p.kind == k for ps in shipped.values() for p in ps)]
    rows = ["| game | puzzles | " + " | ".join(THEMES[t][0] for t in used) + " | first answer: "
            + ", ".join(kinds) + " | stock left (min / median / max) |",
            "|---|---:|" + "---:|" * len(used) + "---|---|"]
    for variant, v in VARIANTS.items():
        ps = shipped[variant]
        counts = [str(sum(p.theme == t for p in ps)) for t in used]
        kind = ", ".join(str(sum(p.kind == k for p in ps)) for k in kinds)
        left = [p.stock_left for p in ps]
        stock = f"{min(left)} / {statistics.median(left):g} / {max(left)}" if left else "–"
        rows.append(f"| {v.name} | {len(ps)} | " + " | ".join(counts) + f" | {kind} | {stock} |")
    ideas = [f"- **{THEMES[t][0]}** (`{t}`): {THEMES[t][1]}" for t in used]
    return "\n".join(rows) + "\n\n" + "\n".join(ideas) + "\n\n" + _shortfall(shipped)


def _shortfall(shipped: dict) -> str:
    """The sentence on the games with fewer than :data:`WANTED` puzzles, from each file's provenance."""
    total = sum(len(ps) for ps in shipped.values())
    short = [v for v, ps in shipped.items() if len(ps) < WANTED]
    if not short:
        return f"{total} puzzles in all. Every game has at least {WANTED}."
    parts = []
    for v in short:
        run = provenance(v)
        top = ", ".join(f"{reason} {n:,}" for reason, n in list(run["rejected"].items())[:2])
        # runs whose candidates were lost (``earlier_runs``) are counted apart: their finds are not
        # among the candidates
        earlier = sum(e["cpu_seconds"] for e in run.get("earlier_runs", []))
        before = f", after {earlier:,} s in earlier runs" if earlier else ""
        # the shipped count keeps the earlier runs' puzzles, so it may pass the latest search's finds
        found = f"{run['candidates']} candidate{'' if run['candidates'] == 1 else 's'}"
        parts.append(f"{VARIANTS[v].name} {len(shipped[v])} shipped, {found} found "
                     f"by its latest search ({run['cpu_seconds']:,} s CPU{before}; most rejected: {top})")
    return (f"{total} puzzles in all. Fewer than {WANTED}: {', '.join(VARIANTS[v].name for v in short)}. "
            f"Shipped, and the candidates found under every source tried (each file's provenance has the "
            f"sources, candidates by source and positions rejected by condition): {'; '.join(parts)}. A "
            "game ships fewer where its candidates are too few, or too much of one theme for the spread "
            "rules.")


def provenance(variant: str) -> dict:
    """How the variant's puzzles were made: command, the expert's strength and budgets, date,
    commit, figures."""
    puzzles(variant)  # the variant's check
    return dict(_data(variant)["provenance"])


#: how the puzzle search's provenance names a player's game that did not end lost
_NOT_LOST = ("won", "it stopped where the solver still wins", "its end unknown within the budget")


def players_games_lost(variant: str) -> tuple[int, int]:
    """The players' games of the variant's latest puzzle search on deals the solver wins, and how
    many of them ended where the solver proves no win left, from its provenance: the games each
    player source tried, less those it rejected as won, stopped with a win still there, or ended
    unsettled (a game is rejected for the first reason that holds)."""
    run = provenance(variant)
    rejected, games, lost = run["rejected"], 0, 0
    for source, tried in run["tried_by_source"].items():
        if source in ("lines", "shipped"):  # positions, not games
            continue
        winnable = tried - rejected.get(f"{source} game: a deal the solver does not win within the budget", 0)
        games += winnable
        lost += winnable - sum(rejected.get(f"{source} game: {why}", 0) for why in _NOT_LOST)
    return games, lost


# ---------------------------------------------------------------------------------- the judge
class Judgement(Term):
    """A puzzle's word on one move: the outcomes of :class:`~ft_widget.game.Outcome` it shares
    (``WON``, ``LOST``, ``UNKNOWN``, equal to them) and two of its own. A plain string too."""

    WON = Outcome.WON.value
    WINNABLE = "winnable"
    LOST = Outcome.LOST.value
    UNKNOWN = Outcome.UNKNOWN.value
    ILLEGAL = "illegal"
    WAITING = "waiting"  # a move that can be taken back: the puzzle stays open


@dataclass(frozen=True, repr=False)
class Verdict(Choice):
    """What the judge says of one move, a :class:`~ft_widget.moves.Choice` whose ``reason`` is the
    message in a player's words (``message`` too); ``verdict`` is a :class:`Judgement`
    ("winnable", "lost", "unknown", "won" (the game is won), "waiting" (it can be taken back: the
    puzzle stays open) or "illegal"). ``move`` is the move's
    notation (an illegal one may be no move at all)."""

    move: str
    verdict: Judgement = Judgement.UNKNOWN
    solved: bool = False
    #: for a lost move: the most cards home on any line the solver found after it, within
    #: ``states`` positions searched of a budget of ``max_states`` (complete: ``searched_all``);
    #: for an unknown one, ``max_states`` is the budget it was judged within (data, not the words)
    cards_home: int | None = None
    states: int = 0
    max_states: int = 0
    searched_all: bool = False
    #: for a lost move: the face-up card no line after it ever uncovers ("3♥ in column 3"), when
    #: a search of every position reachable proves it (:func:`buried_for_good`), else None
    buried: str | None = None
    #: the facts the words are made from (:mod:`~ft_widget.training.facts`), each true on the
    #: table after ``ply`` moves of the judged move followed by ``line``
    facts: tuple[Fact, ...] = ()
    #: the moves after the judged move that the facts speak of (the solver's winning line after an
    #: answer; none after a lost move, whose facts are of the move itself)
    line: tuple[str, ...] = ()
    #: for a shipped puzzle's losing move (the fair judge's word): the real cards' verdict, "lost",
    #: or "won" or "unknown" where the cards as they really lie forgive a move that loses over
    #: the cards a player cannot see (the verdict stays "lost": the fair judge's word)
    exact: str | None = None

    @property
    def message(self) -> str:
        return self.reason


def _said(move: str, verdict: str, message: str, solved: bool, **facts) -> Verdict:
    return Verdict(move, message, Judgement(verdict), solved, **facts)


#: Positions the solver searches after a lost move for the most cards a line still brings home
#: (measured on the 63 shipped habit moves: 61 searched to the end within it, the slowest in 0.02 s).
FEEDBACK_STATES = 20_000


def most_home(game: Game, max_states: int = FEEDBACK_STATES) -> tuple[int, int, bool]:
    """The most cards home in any position the solver (which sees every card) meets from ``game``
    within ``max_states`` positions (104 if it wins), the positions it met, and whether it met
    every one its sound search reaches (the position is then proved lost)."""
    if game.is_won:
        return 104, 0, True

    class Reach(Model):
        best = 0

        def home_sets(self, found):
            self.best = max(self.best, sum(found))
            return super().home_sets(found)

    model = Reach(game.variant)
    start = Model.from_game(game)
    status, _, states = search([(model, 1)], start, None, max_states)
    if status == WON:
        return 104, states, True
    return max(model.best, sum(start[2])), states, status == LOST


#: Positions :func:`buried_for_good` may visit (measured on the 63 shipped habit moves: it names a
#: card after 40 of them; a whole lost-move verdict took at most 0.74 s, median 0.11 s).
BURIED_POSITIONS = 3_000


def buried_for_good(game: Game, covered: tuple[int, int] | None = None,
                    max_positions: int = BURIED_POSITIONS) -> tuple[int, int] | None:
    """A face-up card that no line from ``game`` ever uncovers again, as ``(pile, index)`` (a
    column, or ``WASTE``), or ``None``: the proof is a search of every position reachable by the
    engine's legal moves (every card known, nothing pruned), so it is claimed only when that search
    ends within ``max_positions`` positions. ``covered`` (the place a move just covered) is named
    first when it is buried; else the lowest card, the one that holds up most of its suit.

    The answer depends on the cards alone (the stock's order included), so it is kept for the
    positions met last: a wrong move tried again, or judged again, is not searched again."""
    key = (game.variant, game.position_key(), tuple(game.stock), covered, max_positions)
    if key in _BURIED:
        _BURIED.move_to_end(key)
        return _BURIED[key]
    place = _buried_for_good(game, covered, max_positions)
    _BURIED[key] = place
    if len(_BURIED) > _BURIED_KEPT:
        _BURIED.popitem(last=False)
    return place


#: :func:`buried_for_good`'s answers for the positions met last (oldest first), at most this many.
_BURIED: OrderedDict[tuple, tuple[int, int] | None] = OrderedDict()
_BURIED_KEPT = 1_024


def _buried_for_good(game: Game, covered: tuple[int, int] | None,
                     max_positions: int) -> tuple[int, int] | None:
    down = game.face_down_counts
    places = {(c, k) for c, col in enumerate(game.tableau) for k in range(down[c], len(col) - 1)}
    places |= {(WASTE, k) for k in range(len(game.waste) - 1)}
    seen = {game.position_key()}
    todo = [game]
    while todo:
        position = todo.pop()
        tableau, waste = position.tableau, position.waste
        # a place whose pile shrinks to it is uncovered: no longer buried (it held its card till then)
        places = {(c, k) for c, k in places if len(waste if c == WASTE else tableau[c]) > k + 1}
        if not places:
            return None
        for move in position.legal_moves():
            after = position.copy()
            after.play(move)
            key = after.position_key()
            if key not in seen:
                if len(seen) >= max_positions:
                    return None  # not proved: say nothing
                seen.add(key)
                todo.append(after)
    if covered in places:
        return covered

    def card(place: tuple[int, int]) -> int:
        pile, k = place
        return game.waste[k] if pile == WASTE else game.tableau[pile][k]

    return min(places, key=lambda place: (rank_of(card(place)), place))


class Puzzle:
    """The one puzzle judge, on a board or alone (``check``, ``answers``, ``clue``).

    ``position`` is a :class:`TrainingPuzzle` (judged from its stored verdicts), a
    :class:`Game` (its current position), a position dict or JSON (docs/rules.md) or a game
    record. For a position, every commitment (a legal move that cannot be taken back,
    :func:`commitments`) is solved once with ``max_states``: the commitments that keep a win are
    the answers, the proved losses are losing, the rest unknown; the moves that can be taken back
    are waiting moves (the judge says the decision is still ahead, and counts no try). Where no
    commitment wins (the decision is to wait), the waiting moves are solved too and judged the
    same way; no winning move at all is a ``ValueError``. Goals: ``"keep_winnable"`` (default:
    the first winning move solves it) or ``"win"`` (play on to a win; each later move is solved
    as it is played).
    """

    def __init__(self, position, goal: str = "keep_winnable", max_states: int = 20_000):
        if goal not in GOALS:
            raise ValueError(f"Puzzle: unknown goal {shown(goal, 40)}: choose one of {', '.join(GOALS)}")
        self.max_states = check_count("Puzzle", "max_states", max_states, 1)
        self.goal = goal
        self.training = position if isinstance(position, TrainingPuzzle) else None
        if self.training is not None:
            self.start = Game.from_position(self.training.game.position())
            self.answers = list(self.training.answers)
            self.losing = list(self.training.losing)
            self.lines = {a: list(line) for a, line in self.training.lines.items()}
            self.waiting = list(self.training.waiting)
        else:
            self.start = _start_game(position)
            self._judge_every_move()
        self.unknown = [str(m) for m in self.start.legal_moves() if str(m) not in self.answers
                        and str(m) not in self.losing and str(m) not in self.waiting]
        self.solved = False
        self.clues = 0
        self.tries = 0
        #: tries judged lost or unknown (a waiting move is no try; the solving move is no wrong one)
        self.wrong_tries = 0
        self._help: int | None = None  # clues + wrong tries when it was solved (the score)
        self.verdicts: list[Verdict] = []
        #: the last verdict with facts and the moves from the start before its move: what
        #: "Show me" shows (:meth:`shown_verdict`)
        self._judged: tuple[Verdict, tuple[Move, ...]] | None = None
        #: the last verdict given on the board that keeps a win, with its line, and the moves before
        #: its move: a hint after it follows that line (:meth:`line_hint`)
        self._kept: tuple[Verdict, tuple[Move, ...]] | None = None
        self.clue: str | None = None
        self.board = None
        self.game: Game | None = None  # the board's game this puzzle is played on (attach)

    def _judge_every_move(self) -> None:
        self.answers, self.losing, self.lines = [], [], {}
        if self.start.is_won:
            raise ValueError("this position is won already: not a puzzle")
        commit = commitments(self.start)
        self.waiting = [str(m) for m in self.start.legal_moves() if m not in commit]
        self._judge(commit)
        if not self.answers:  # no commitment wins: the decision is among the waiting moves
            self._judge([Move(m) for m in self.waiting])
            self.waiting = []
        if not self.answers:
            raise ValueError(f"{SEEING} finds no winning move from this position within "
                             f"{self.max_states} states: not a fair puzzle")

    def _judge(self, moves: list[Move]) -> None:
        for m in moves:
            after = self.start.copy()
            after.play(m)
            result = solve(after, time_limit=None, max_states=self.max_states) if not after.is_won else None
            if result is None or result.won:
                self.answers.append(str(m))
                self.lines[str(m)] = [str(x) for x in result.moves] if result else []
            elif result.status == "lost":
                self.losing.append(str(m))

    # ------------------------------------------------------------------ words
    @property
    def title(self) -> str:
        return self.training.title if self.training else _("{variant} puzzle").format(
            variant=self.start.variant.display_name)

    @property
    def prompt(self) -> str:
        if self.training is not None and self.goal == "keep_winnable":
            return self.training.prompt
        if self.goal == "win":
            return _("Puzzle: win from here. Each move is checked by the solver, which sees every card.")
        n = len(self.start.legal_moves())
        return ngettext("Puzzle: {n} move is legal; find one that keeps this deal winnable (the solver, "
                        "which sees every card, checks it).",
                        "Puzzle: {n} moves are legal; find one that keeps this deal winnable (the solver, "
                        "which sees every card, checks it).", n).format(n=n)

    @property
    def explanation(self) -> str:
        """Why the answer works (the answer with the shortest winning line), in plain words."""
        return self._explain(self.answers)

    def _explain(self, answers) -> str:
        lines = {a: self.lines[a] for a in answers}
        if self.training is not None:
            habit = self.training.habit
            return explain(self.start, lines, habit, self.training.exact.get(habit, "lost"))
        if not self.losing:
            return explain(self.start, lines, None)
        habit = str(foundations_first(self.start.copy(), random.Random(0)))  # the move a player is drawn to
        return explain(self.start, lines, habit if habit in self.losing else self.losing[0])

    @property
    def idea(self) -> str | None:
        """The idea of the puzzle's theme (one sentence), when the shipped puzzle has one."""
        return getattr(self.training, "idea", None)

    def fair_text(self, move: str) -> str | None:
        """The fair judge's figures for ``move`` (a commitment of a shipped puzzle) in words: its
        wins over the deals of the unseen cards, against the habit move's (after an answer) or the
        answer's (after a losing move, unnamed); where they make no clear decision, that too. None
        for a position judged here."""
        fair = getattr(self.training, "fair", None)
        if fair is None or move not in (m.move for m in fair.moves):
            return None
        if fair.arrangements == 1:
            return fair_words(self.start, move, 0, fair.worlds, certain=True)
        this = fair.share(move)
        if move in self.answers:
            habit = self.training.habit
            other = fair.share(habit if habit in self.losing else self.losing[0])
            said = fair_words(self.start, move, this.wins, fair.worlds, other=other.move,
                              other_wins=other.wins, other_unsettled=other.unknown)
        else:
            wins = [fair.share(a).wins for a in self.answers]  # several answers: the range they keep
            said = fair_words(self.start, move, this.wins, fair.worlds, unsettled=this.unknown,
                              other_wins=min(wins), other_most=max(wins))
        return said if self.training.fair_decision else f"{said} {unclear_words()}"

    def answer(self) -> list[Move]:
        """The first answer and the solver's winning line after it (replayed to a win)."""
        first = self.answers[0]
        return [Move(first), *map(Move, self.lines[first])]

    def _losing_first(self) -> list[str]:
        """The losing moves, the habit move first (the card a player is drawn to)."""
        habit = self.training.habit if self.training is not None else None
        return sorted(self.losing, key=lambda m: m != habit)

    def next_clue(self) -> str:
        """The next clue, counted: first the idea (the theme's, or the kind of decision), then the
        card that matters, then every answer. Each is said once, without a label: the board's
        puzzle panel shows it under its count of clues."""
        self.clues += 1
        if self.clues == 1 and not self.solved:
            self.clue = first_clue_words(len(commitments(self.start)), self.idea)
        elif self.clues == 2 and not self.solved:
            self.clue = clue_words(self.start, self.answers, self._losing_first())
        else:
            self.clue = answer_words(self.start, self.answers, len(self.waiting))
        return self.clue

    @property
    def score(self) -> int:
        """Points for this puzzle: 0 until solved; solved, 3 less one for each clue taken and each
        wrong try (a move judged lost or unknown) before solving, but at least 1. So 3 is the first
        try without a clue, 2 is one clue or one wrong try, 1 anything more. A board's training
        run sums them."""
        if not self.solved or self._help is None:
            return 0
        return max(1, 3 - self._help)

    @property
    def score_text(self) -> str:
        """The score in words: "3 points: first try, no clue"."""
        return score_words(self.score)

    def show_answer(self) -> list[str]:
        """Every winning move (notation); on a board, its last clue names them (counted as the
        third clue), in the puzzle panel (not the message line too)."""
        words = answer_words(self.start, self.answers, len(self.waiting))
        if self.board is not None:
            self.clues = max(self.clues, 2) + 1
            self.clue = words
            self.board.refresh()
        return list(self.answers)

    # ------------------------------------------------------------------ judging
    def check(self, move: Move | str, game: Game | None = None) -> Verdict:
        """Judge ``move`` played in ``game`` (default: the puzzle's start), changing nothing."""
        trial = (game or self.start).copy()
        try:
            played = trial.play(move)
        except IllegalMove as error:
            return _said(str(move), "illegal", str(error), False)
        return self._verdict(played, trial, at_start=game is None, before=game or self.start)

    def _lost(self, move: Move, before, after: Game, at_start: bool) -> Verdict:
        """A lost move, said in words about the cards: what it does, the most cards home on any line
        the solver finds after it (the budget and count stay in the verdict's fields), the idea.
        ``before`` is the position the move was played in, or a function that replays it."""
        home, states, complete = most_home(after)
        if callable(before):
            before = before()
        covered = None
        if move.dst < WASTE and before.tableau[move.dst]:
            covered = (move.dst, len(before.tableau[move.dst]) - 1)
        elif move.is_deal and before.waste:
            covered = (WASTE, len(before.waste) - 1)
        place = buried_for_good(after, covered)
        costs = costs_of(before, move)
        if at_start and any(fills_empty(before, Move(a)) for a in self.answers):
            costs = [f for f in costs if f.kind != "last_empty"]  # the answer fills one too: no cost
        buried = None
        if place is not None:
            pile, k = place
            card = after.waste[k] if pile == WASTE else after.tableau[pile][k]
            buried = Fact("buried_for_good", card_str(card), pile_name(pile), 1)
            costs.append(buried)
        # the idea of this move's own kind (what is wrong with it), where the answers are known
        idea = theme_idea(trap_of(before, move, self.answers)) if at_start and self.answers else self.idea
        exact = "lost"
        if self.training is not None and at_start:
            exact = self.training.exact.get(str(move), "lost")
        text = lost_move_words(before, move, home, answer_known=at_start, idea=idea, costs=costs,
                               fair=self.fair_text(str(move)) if at_start else None,
                               certain=getattr(self.training, "certain", False),
                               fair_clear=getattr(self.training, "fair_decision", True), exact=exact)
        return _said(str(move), "lost", text, False, cards_home=home, states=states,
                     max_states=FEEDBACK_STATES, searched_all=complete,
                     buried=f"{card_symbol(parse_card(buried.card))} {_where(place[0])}" if buried else None,
                     facts=(*facts_along(before, [move]), *costs), exact=exact)

    def _verdict(self, move: Move, after: Game, at_start: bool, before) -> Verdict:
        name = str(move)
        if after.is_won:
            return _said(name, "won", _("Solved: all 104 cards are home!"), True)
        if at_start:
            if name in self.answers:
                others = [a for a in self.answers if a != name]
                fair = self.fair_text(name)
                if name in self.lines and fair and self.training.certain:
                    said = _("Solved: {explanation}").format(explanation=self._explain([name])) + " " + fair
                elif name in self.lines and fair:  # what a player can judge first, then the solver's line
                    said = _("Solved: {fair} {rest}").format(fair=fair, rest=self._explain([name]))
                elif name in self.lines:  # why it works, from its own winning line
                    said = _("Solved: {explanation}").format(explanation=self._explain([name]))
                else:
                    said = _("Solved: {move} keeps the deal winnable.").format(move=name)
                if others:
                    said += " " + ngettext("{moves} would keep a win too.", "{moves} would keep a win too.",
                                           len(others)).format(moves=", ".join(others))
                line = tuple(self.lines.get(name, ()))
                facts = tuple(explanation_facts(self.start, name, line)) if name in self.lines else ()
                return _said(name, "winnable", said, self.goal == "keep_winnable",
                             facts=facts or tuple(facts_along(self.start, [name])), line=line)
            if name in self.losing:
                return self._lost(move, self.start, after, True)
            if name in self.waiting:
                return _waiting(name)
            said = _("{move}: the solver, which sees every card, could not tell in its search whether a win "
                     "is left. Undo (U) and try another.")
            return _said(name, "unknown", said.format(move=name), False, max_states=self.max_states)
        result = solve(after, time_limit=None, max_states=self.max_states)
        if result.won:
            # the line the win rests on, as an answer's verdict carries it
            line = tuple(str(m) for m in result.moves)
            said = _("Good: {move} keeps the deal winnable (the solver, which sees every card, finds a win "
                     "from here).")
            played_in = before() if callable(before) else before
            return _said(name, "winnable", said.format(move=name), False,
                         facts=tuple(facts_along(played_in, [move], limit=1)), line=line)
        if result.status == "lost":
            return self._lost(move, before, after, False)
        return _said(name, "unknown", _("{move}: the solver, which sees every card, could not tell in its "
                                        "search whether a win is left.").format(move=name), False,
                     max_states=self.max_states)  # the budget is the verdict's, not the learner's words

    # ------------------------------------------------------------------ the board
    def attach(self, board) -> Puzzle:
        """Judge the moves played on ``board``'s game (showing the start); ``Board.puzzle`` does
        this. The puzzle is the board's while that game is on it. This module never imports the
        board: no cycle."""
        self.board, self.game = board, board.game
        self._line = self.start.copy()  # the start, then the waiting moves played since (see _before)
        self._line_moves: list[Move] = []
        self._line_ends: int | None = None  # the index of the first move that was not a waiting move
        board.on_move(self._on_move)
        board.show_puzzle(self)
        return self

    def _before(self, game: Game, i: int) -> Game | None:
        """The position before move ``i`` (0-based) of ``game`` if every move before it was a waiting
        move (one that can be taken back), else None. Kept from move to move as the board's
        callbacks report them, so a move costs one step (and an undone one one step back),
        however long the game; moves made past the board are read from the history."""
        line, kept = self._line, self._line_moves
        while len(kept) > i:
            line.undo()
            kept.pop()
        if self._line_ends is not None and self._line_ends >= i:
            self._line_ends = None  # the move that ended the line was taken back
        if self._line_ends is not None:
            return None
        if len(kept) < i:
            for m in game.history[len(kept):i]:
                if not reversible(line, m):
                    self._line_ends = len(kept)
                    return None
                line.play(m)
                kept.append(m)
        return line

    def _on_move(self, board, move: Move) -> None:
        if self.solved or board.current_puzzle is not self:
            return
        # the moves played with this one (auto-play's safe moves home) are in the game already and
        # their callbacks wait in line: this move's index counts the game's moves without them
        i = board.game.moves_played - board.moves_waiting - 1
        before = self._before(board.game, i)  # the position the move was played in
        waiting = before is not None and reversible(before, move)
        if waiting:
            before.play(move)
            self._line_moves.append(move)
        elif before is not None:
            self._line_ends = i
        if i and self.goal == "keep_winnable":
            if before is None:
                return  # later moves (say after a losing one) are not the puzzle's question
            if waiting:
                verdict = _waiting(str(move))
            else:  # a commitment after waiting moves: a position of its own, solved now
                verdict = self._verdict(move, board.game, False, before)
                verdict = replace(verdict, solved=verdict.verdict == "winnable")
        else:
            verdict = self._verdict(move, board.game, i == 0,
                                    before if before is not None else lambda: self._replayed(board.game, i))
        self.tries += verdict.verdict != "waiting"
        self.wrong_tries += verdict.verdict in ("lost", "unknown")
        self.verdicts.append(verdict)
        if verdict.facts:
            self._judged = (verdict, tuple(board.game.history[:i]))
        if verdict.verdict != "waiting":  # the last verdict that keeps a win, while none came after it
            kept = verdict.verdict == "winnable" and verdict.line
            self._kept = (verdict, tuple(board.game.history[:i])) if kept else None
        self.solved = verdict.solved or verdict.verdict == "won"
        if self.solved:
            self._help = self.clues + self.wrong_tries
        board.say(verdict.message, "error" if verdict.verdict == "lost" else "info")

    def _replayed(self, game: Game, i: int) -> Game:
        """The position before move ``i`` of ``game`` (played from the puzzle's start)."""
        at = self.start.copy()
        for m in game.history[:i]:
            at.play(m)
        return at

    # ------------------------------------------------------------------ after solving
    def winning_line(self) -> list[Move]:
        """Once solved on a board: the solver's winning line from the board's position (the line
        stored for the answer played, else solved now with ``max_states``); ``[]`` if the game is
        won. ``RuntimeError`` before it is solved or without a board, or if no line is found."""
        if self.board is None or not self.solved:
            raise RuntimeError("the winning line is shown once the puzzle is solved on its board")
        game = self.board.game
        if game.is_won:
            return []
        played = [str(m) for m in game.history]
        if len(played) == 1 and played[0] in self.lines:
            return [Move(m) for m in self.lines[played[0]]]
        result = solve(game, time_limit=None, max_states=self.max_states)
        if not result.won:
            raise RuntimeError(f"{SEEING} found no winning line from here within {self.max_states} states")
        return list(result.moves)

    def line_hint(self, game: Game) -> Hint | None:
        """The hint that agrees with the last verdict "keeps a win" given on the board: while
        ``game`` (the board's) has followed that verdict's move and the solver's winning line after
        it, the line's next move, labelled as the solver's (it saw every card). None otherwise
        (before any such verdict, off the line, or at its end): the board's hint is then the fair
        one. A fair hint found no win in its short searches where the verdict had just said the move
        keeps one; the hint after the verdict goes on along the line that verdict rests on."""
        if self._kept is None or game is not self.game:
            return None
        verdict, before = self._kept
        path = [*before, Move(verdict.move), *map(Move, verdict.line)]
        played = list(game.history)
        if not len(before) < len(played) < len(path) or played != path[:len(played)]:
            return None
        said = _("the next move of the winning line the verdict on your move rests on (the solver, which "
                 "sees every card, found it)")
        return Hint(path[len(played)], said, HintSource.SOLVER, HintKind.PEEK, sentence=said)

    @property
    def can_show(self) -> bool:
        """Whether a verdict with facts was given on the board: "Show me" can show its line."""
        return self._judged is not None

    def shown_verdict(self) -> tuple[Verdict, Game] | None:
        """The last verdict given on the board that has facts, and the position its move was played
        in (a new game, replayed from the start: the board's game is not touched); None before any.
        What the board's "Show me" steps through."""
        if self._judged is None:
            return None
        verdict, before = self._judged
        position = self.start.copy()
        for move in before:
            position.play(move)
        return verdict, position

    @property
    def line_text(self) -> str:
        """After solving: "The winning line of the solver, which sees every card, from here: 131 moves."."""
        return solver_line_words(len(self.winning_line()))

    def replay_line(self) -> list[Move]:
        """Play the solver's winning line through on the puzzle's board, move by move (``board.play``),
        and return it; ``RuntimeError`` if it does not end in a win."""
        line = self.winning_line()
        for move in line:
            self.board.play(move)
        if not self.board.game.is_won:
            raise RuntimeError("the solver's line did not end in a win on the board")
        return line

    def view(self) -> dict:
        """``state["puzzle"]`` (the board protocol): the data the browser draws."""
        return {"prompt": self.prompt, "solved": self.solved, "clues": self.clues, "clue": self.clue,
                "title": self.title, "progress": None, "next": False, "show": self.can_show}

    def reset(self) -> None:
        """Back to the puzzle's start (the clues and tries stay counted; redo replays the moves)."""
        if self.board is None:
            raise RuntimeError("this puzzle has no board: make it with Board.puzzle(...)")
        if self.board.game is not self.game:
            self.board.game = self.game  # the game shown now is kept, as a new deal keeps it
        self.solved = False
        self.verdicts.clear()
        self._judged = None
        self._kept = None
        self.board.restart()  # the prompt is in the puzzle's panel: the message line does not repeat it

    def _repr_mimebundle_(self, **kwargs):
        if self.board is None:
            return {"text/plain": repr(self)}
        return self.board._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"Puzzle({self.start.variant.id}, goal={self.goal!r}, answers={self.answers})"


def _waiting(name: str) -> Verdict:
    said = _("{move} can be taken back: the decision is still ahead.").format(move=name)
    return _said(name, "waiting", said, False)


def _start_game(position) -> Game:
    if isinstance(position, Game):  # its current position, as a fresh game: restart comes back here
        return Game.from_position(position.position(), variant=position.variant)
    if isinstance(position, str):
        position = read_json(position, "a puzzle's position (a Game, a position or a record)")
    if isinstance(position, dict) and position.get("format") == "ft_widget.record":
        return _start_game(Game.from_record(position))
    if isinstance(position, dict):
        return Game.from_position(position)
    raise ValueError(f"a puzzle's position must be a TrainingPuzzle, a Game, a position or a record, "
                     f"not {type(position).__name__}")


__all__ = ["DIFFICULTIES", "MAX_KIND_SHARE", "MAX_THEME_SHARE", "MIN_COMMITMENTS", "MIN_LEGAL",
           "MIN_NOT_HOME", "SPACING", "WANTED", "Puzzle", "TrainingPuzzle", "Verdict", "commitments",
           "difficulty_of", "easiest_first", "explain", "lesson_positions", "players_games_lost",
           "puzzle_id", "puzzles", "puzzles_markdown", "rating", "readme_markdown", "reversible",
           "row_order", "shipped_puzzle", "themes_markdown"]
