"""Find the training puzzles: real positions where one irreversible decision keeps a deal winnable.

The definition is unchanged (``ft_widget/training/puzzles.py`` says why it departs from the
letter of issue 22 item 4): at least :data:`MIN_NOT_HOME` cards not home, at least
:data:`MIN_LEGAL` legal moves of which at least :data:`MIN_COMMITMENTS` are commitments (moves
that cannot be taken straight back: ``puzzles.reversible``), at most a third of the commitments
keep the deal winnable (a solver line, replayed), every other commitment PROVED lost by the
solver within ``--max-states`` (an "unknown" rejects the position), and a move a real player
makes there one of the lost ones: the habit player's (``policies.foundations_first``, any of its
random picks with seeds 0-63) if one loses, else the cautious player's
(``policies.cautious_choice``, seeds 0-63), else a random player's (``policies.random_policy``:
any commitment); the row's ``habit`` is that move, ``player`` the player. Issue 22 asked for the
habit player's move; issue 35 asks for decisions of other kinds, and the habit player's losing
moves are nearly all of two kinds (a card home, the waste card into an empty column): with that
rule the first runs found no candidate but that one idea in Limited (14 of 14) and none in
Indian, so the other players' losing moves count too.

Where the positions come from (issue 35 item 2: wherever players really make decisions), the
sources taken in turn, one deal at a time, all on deals the catalogue's solver wins
(``ft_widget/data/deals/<variant>.json``, or the ``deals`` branch's copy):

``lines``
    positions along the solver's winning line, every ``--stride`` moves from a random offset, from
    the deal to the end (every phase of the stock); the line's own next move is known to win.
``habit``, ``cautious``, ``random``, ``expert``
    a game of the habit player (``foundations_first``), the cautious player
    (``policies.cautious_choice``), a random player (``policies.random_policy``) or the fair
    expert (``policies.expert``, the default strength: it sees only what a player sees, and its
    losing moves are the subtle ones) on a deal the solver wins, at most :data:`MAX_GAME_MOVES`
    moves, never coming back to a position (:func:`player_game`).
``branch``
    the cautious or habit player's game from a random move of the solver's winning line (where a
    sampled player leaves the line), judged as the players' games are. When it is lost, its turning point
    (the last position the solver wins from; winnability only falls along a game, so a binary
    search finds it) is judged, where that player's move lost the deal, and so are the positions
    the search proved winnable on the way (each with the solver's line) and, every ``--back``
    moves, the earlier positions of the game (all winnable, as the turning point is later).

``shipped``
    the puzzles shipped at ``--shipped-ref`` (the earlier generator's finds), judged again with
    their stored verdicts (the tests replay every answer and prove every loss again).

With ``--extra-deals N``, the players' games are played on N deals past the catalogue too
(``--first-extra-deal``), each first solved from the deal (a deal not won within the budget is
rejected).

A position within ``--spacing`` moves of a puzzle already found in the same deal is not looked
at, so puzzles of one deal are different positions. Every position looked at and not taken is
counted by the condition that failed first (``rejected`` in the provenance), and the candidates
found by each source (``found_by_source``).

From the candidates, ``--want`` puzzles are chosen, greedily, the least represented theme (see
``ft_widget/training/themes.py``), answer kind and stock phase first, no theme over
:data:`MAX_THEME_SHARE` and no first-answer kind over :data:`MAX_KIND_SHARE` of the puzzles.

Rounds (``--keep-shipped``, the default): the puzzles the data file ships are kept, first and
unchanged (their grades too), and the chosen ones are added after them as a new round (the row's
``round``); the spread rules are applied to the whole set, and only the added puzzles are trimmed
for them, so where the kept ones alone hold too many of one theme (Limited's first 14 are all
"keep an empty column") the set is left nearer the rules than before, and the provenance's
``spread`` says why it is not met. ``ft_widget.puzzles`` lists the puzzles round by round, so a
lesson's or a learner's puzzle stays where it was. ``--no-keep-shipped`` chooses every puzzle
afresh. ``--explanations`` makes the stored explanations again from today's ``explain``.
``--search-only`` adds candidates without writing the puzzle files; ``--tables`` writes
the README's and docs/training.md's tables from the shipped data (every run that writes puzzles
writes them too).

Difficulty and rating: fresh fair experts (``Expert()``, seeds 0, 1, …, ``--expert-runs``)
choose a move; the rating (``puzzles.rating``) counts the runs that choose a winning move and the
sampled players' picks (the cautious player, seeds 0 to ``--sampled - 1``), and the difficulty
word follows the rating (``puzzles.difficulty_of``).

One command, resumable (the candidates of each variant are kept in ``build/puzzles-work/``; a run
with ``--resume`` goes on from them), processes only (``--workers``, one variant a process)::

    nice -n 10 python tools/make_puzzles.py --workers 2 --resume

It writes ``ft_widget/data/puzzles/<variant>.json`` with its provenance (command, CPU seconds,
sources tried, CPU seconds by source, counts by condition); where the kept puzzles came from runs
whose work file is gone, their file's figures are kept as ``earlier_runs``.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import importlib
import json
import os
import pathlib
import platform
import random
import re
import statistics
import subprocess
import sys
import types

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's ft_widget
import time

from ft_widget import VARIANTS, Game
from ft_widget.expert import Expert
from ft_widget.game import reversible
from ft_widget.policies import cautious_choice, foundations_first, random_policy
from ft_widget.policies import expert as fair_expert  # the default strength, as hints and grades use
from ft_widget.solver import solve
from ft_widget.studies import each_result
from ft_widget.training.fair import ANSWER, judge
from ft_widget.training.lessons import LESSONS
from ft_widget.training.puzzles import (
    FAIR_STATES,
    FAIR_WORLDS,
    MAX_KIND_SHARE,
    MAX_THEME_SHARE,
    MIN_COMMITMENTS,
    MIN_LEGAL,
    MIN_LESSON_COMMITMENTS,
    MIN_NOT_HOME,
    SPACING,
    commitments,
    decisions,
    difficulty_of,
    explain,
    fair_disagreement,
    fair_figures,
    fair_seed,
    judge_puzzle,
    rating,
    row_id,
    stored_verdict,
)
from ft_widget.training.themes import kind_of, theme_of

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "puzzles-work"  # build/ is git-ignored
HABIT = "foundations_first"
CAUTIOUS = "cautious_choice"
RANDOM = "random_policy"
PLAYER_SEEDS = 64  # a player's move is any of its picks with seeds 0..63 (the tests' range)
#: a player's game is stopped after this many moves, as ``play_policy`` stops one by default (at
#: 400, the limit before, the fair expert's Indian games were cut off where the solver still won)
MAX_GAME_MOVES = 2000
#: a player makes at most this many waiting moves (moves that can be taken straight back) in a row
MAX_WAITING = 10
SOURCES = ("shipped", "lines", "habit", "cautious", "random", "expert", "branch")

DEFINITION = ("at least 30 cards not home; at least 4 legal moves, at least 3 of them commitments (moves the "
              "engine cannot take straight back); at most a third of the commitments keep the deal winnable "
              "(solver line, replayed); every other commitment proved lost; a player's move among the lost: "
              "the habit player's (foundations_first), else the cautious player's (cautious_choice), else "
              "a random player's (any commitment). "
              "Departs from issue 22 item 4's letter (a third of ALL legal moves): a "
              "reversible move can never lose a winnable deal, so reversible moves made that condition "
              "fail nearly everywhere; they are waiting moves.")
FAIR_FIRST = ("--fair-first: at least 30 cards not home, 4 legal moves and 3 commitments, as above; every "
              "commitment judged by the fair judge over the worlds a player cannot tell apart (16 by "
              "default, "
              "the same for every move); kept when it decides an answer, with at most a third of the "
              "commitments answers and a player's move among the losing ones, and the first answer won "
              "with the real cards too (solver line, replayed); each losing move's real-card verdict is "
              "the row's 'exact' (lost, won or unknown), a second fact")


def replay(variant: str, deal: int, moves: list[str]) -> Game:
    game = Game(variant, deal=deal)
    for m in moves:
        game.play(m)
    return game


def won_lines(variant: str) -> list[tuple[int, list[str]]]:
    """The solver's winning lines of the deal catalogue: the installed file, else the deals branch."""
    path = ROOT / "ft_widget" / "data" / "deals" / f"{variant}.json"
    if path.exists():
        text = path.read_text()
    else:
        text = subprocess.run(["git", "show", f"deals:ft_widget/data/deals/{variant}.json"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
    rows = json.loads(text)["rows"]
    return [(r["deal"], r["line"].split()) for r in rows if r["verdict"] == "won" and r.get("line")]


def player_moves(game: Game) -> list[tuple[str, str]]:
    """The moves real players make here, with the player: the habit player's picks
    (``foundations_first``, seeds 0..63) first, then the cautious player's (``cautious_choice``)."""
    picks: list[tuple[str, str]] = []
    for seed in range(PLAYER_SEEDS):
        move = foundations_first(game, random.Random(seed))
        if move is not None and str(move) not in (m for m, _ in picks):
            picks.append((str(move), HABIT))
    for seed in range(PLAYER_SEEDS):
        choice = cautious_choice(game, random.Random(seed))
        if choice is not None and str(choice.move) not in (m for m, _ in picks):
            picks.append((str(choice.move), CAUTIOUS))
    return picks


class _Unvisited:
    """A game as a player who does not go back to a position already played through sees it: its
    legal moves are the ones that lead to a new position (with ``commit``, only the commitments
    among them); everything else is the game's."""

    def __init__(self, game: Game, seen: set, commit: bool):
        self._game, self._seen, self._commit = game, seen, commit

    def __getattr__(self, name: str):
        return getattr(self._game, name)

    def legal_moves(self) -> list:
        return [m for m in self._game.legal_moves() if _after(self._game, m) not in self._seen
                and not (self._commit and reversible(self._game, m))]


def _after(game: Game, move) -> tuple:
    after = game.copy()
    after.play(move)
    return after.position_key()


def _pick(source: str, game, rng: random.Random):
    if source == "habit":
        return foundations_first(game, rng)
    if source == "cautious":
        choice = cautious_choice(game, rng)
        return choice.move if choice else None
    if source == "expert":
        choice = fair_expert.choose(game, rng)
        return choice.move if choice else None
    return random_policy(game, rng)


def player_game(source: str, game: Game, rng: random.Random) -> tuple[Game, list[Game]]:
    """The game a player (``source``) plays from ``game``, and every position of it (``walk``).

    A player does not shuffle cards for ever. It never comes back to a position it has played
    through (``play_policy`` calls that going round in circles, and stops there), and after
    :data:`MAX_WAITING` waiting moves in a row (moves that can be taken straight back) it commits.
    Where the habit, cautious or random player's own move would do either, it plays its move among
    the moves left. Without this, in Little Forty (runs of any other suit move freely between ten
    columns) the habit and cautious players moved runs from column to column, each move taking
    cards off one they are not built on, until the 400 moves then allowed, seldom dealing; the solver
    still won where they were stopped (``earlier_runs`` in ``little_forty.json`` counts the games
    rejected for it), so no decision of theirs was ever lost. The fair expert (``source``
    "expert") sees only the player's view and cannot be given fewer moves: where its move comes back
    to a position, its game stops there, as ``play_policy`` stops it."""
    walk, seen, waiting = [game.copy()], {game.position_key()}, 0
    while not game.is_won and len(game.history) < MAX_GAME_MOVES:
        move = _pick(source, game, rng)
        if source != "expert" and move is not None and (
                _after(game, move) in seen or waiting >= MAX_WAITING and reversible(game, move)):
            move = _pick(source, _Unvisited(game, seen, waiting >= MAX_WAITING), rng)
        if move is None or _after(game, move) in seen:
            break
        waiting = waiting + 1 if reversible(game, move) else 0
        game.play(move)
        seen.add(game.position_key())
        walk.append(game.copy())
    return game, walk


class Finder:
    """One variant's search, with the solver budget and the figures (solves, states, rejections)."""

    def __init__(self, variant: str, max_states: int, spacing: int, back: int, work: dict | None = None,
                 fair: tuple[int, int] = (FAIR_WORLDS, FAIR_STATES), min_stock: int = 0,
                 fair_first: bool = False, lesson_steps: bool = False):
        self.variant, self.max_states, self.spacing, self.back = variant, max_states, spacing, back
        self.fair_first = fair_first or lesson_steps
        self.lesson_steps = lesson_steps
        self.fair_worlds, self.fair_states = fair
        self.min_stock = min_stock
        work = work or {}
        self.candidates: list[dict] = work.get("candidates", [])
        self.done: set = {tuple(x) for x in work.get("done", [])}  # (source, deal, seed) looked at
        self.rejected = collections.Counter(work.get("rejected", {}))
        self.by_source = collections.Counter(work.get("found_by_source", {}))
        self.tried = collections.Counter(work.get("tried_by_source", {}))
        self.cpu_by = collections.Counter(work.get("cpu_by_source", {}))  # CPU s each source took
        self.solves = work.get("solves", 0)
        self.fair_solves = work.get("fair_judged_moves", 0)
        self.states = work.get("solver_states", 0)
        self.cpu = work.get("cpu_seconds", 0.0)
        self.commands: list[str] = work.get("commands", [])  # every run that added to the candidates
        self.sources: list[str] = work.get("sources", [])  # the sources those runs tried
        self.solved: dict = {}
        self.won_deals: set = set()  # the catalogue's deals the solver wins
        for row in self.candidates:  # the themes' rules may have changed since: computed again
            row.setdefault("exact", dict.fromkeys(row["losing"], "lost"))  # found before --fair-first
            game = replay(variant, row["deal"], row["moves"])
            row["theme"] = theme_of(game, list(row["answers"]), row["losing"])
            row["kind"] = kind_of(game, next(iter(row["answers"])))

    def state(self) -> dict:
        return {"candidates": self.candidates, "done": sorted(self.done), "rejected": dict(self.rejected),
                "found_by_source": dict(self.by_source), "tried_by_source": dict(self.tried),
                "cpu_by_source": {k: round(v, 1) for k, v in self.cpu_by.items()},
                "solves": self.solves, "solver_states": self.states, "cpu_seconds": self.cpu,
                "fair_judged_moves": self.fair_solves,
                "commands": self.commands, "sources": self.sources}

    def reject(self, reason: str) -> None:
        self.rejected[reason] += 1

    def solve(self, game: Game):
        """The solver's verdict (it sees every card), asked once a position."""
        key = (game.position_key(), tuple(game.stock))
        if key not in self.solved:
            result = solve(game, time_limit=None, max_states=self.max_states)
            self.solves += 1
            self.states += result.states
            self.solved[key] = result
        return self.solved[key]

    def near(self, deal: int, k: int) -> bool:
        return any(c["deal"] == deal and abs(len(c["moves"]) - k) < self.spacing for c in self.candidates)

    def check(self, game: Game, deal: int, moves: list[str], known: dict, source: str,
              spaced: bool = True) -> dict | None:
        """The position ``game`` (reached by ``moves`` from ``deal``) judged; its row, or None.
        ``known`` maps moves to winning lines already found, or to None when proved lost. A shipped
        puzzle (``spaced`` False) is judged even near a candidate found before it: it is kept, and
        the choice keeps the spacing."""
        if spaced and self.near(deal, len(moves)):
            return self.reject(f"within {self.spacing} moves of a puzzle of the same deal")
        legal = list(game.legal_moves())
        if len(game.stock) < self.min_stock:
            return self.reject(f"fewer than {self.min_stock} stock cards (--min-stock)")
        if 104 - game.cards_home < MIN_NOT_HOME:
            return self.reject("fewer than 30 cards not home")
        if len(legal) < MIN_LEGAL:
            return self.reject("fewer than 4 legal moves")
        commit = [str(m) for m in commitments(game)]
        # (a lesson step may be a choice of two: where one follows the rule and the other loses)
        least = MIN_LESSON_COMMITMENTS if self.lesson_steps else MIN_COMMITMENTS
        if len(commit) < least:
            return self.reject(f"fewer than {least} commitments")
        tempting = [(m, who) for m, who in player_moves(game) if m in commit]
        # the random player makes any legal move: the other commitments are its moves
        tempting += [(m, RANDOM) for m in commit if m not in (t for t, _ in tempting)]
        if self.fair_first:
            return self.check_fair(game, deal, moves, known, source, legal, commit, tempting)
        limit = len(commit) // 3
        answers: dict[str, list[str]] = {}
        losing: list[str] = []
        order = [m for m, _ in tempting]
        for m in order:
            if m in known:
                if known[m] is None:
                    losing.append(m)
                else:
                    answers[m] = list(known[m])
            else:
                after = game.copy()
                after.play(m)
                result = self.solve(after)
                if result.won:
                    answers[m] = [str(x) for x in result.moves]
                elif str(result.status) == "lost":
                    losing.append(m)
                else:
                    return self.reject("a commitment unknown within the budget")
            if len(answers) > limit:
                return self.reject("more than a third of the commitments keep the win")
        if not answers:
            return self.reject("no commitment keeps the win")
        habit, player = next((m, who) for m, who in tempting if m in losing)
        # answers in the order of the legal moves (the known one is not favoured)
        answers = {m: answers[m] for m in commit if m in answers}
        # fair by construction: the same decision over the stock orders the player cannot see
        pid = row_id(self.variant, deal, moves)
        verdict = judge_puzzle(game, pid, list(answers), losing, self.fair_worlds, self.fair_states)
        self.fair_solves += len(answers) + len(losing)
        why = fair_disagreement(verdict, list(answers), losing)
        if why is not None:
            return self.reject("fair judge: " + why.split(":")[0])
        row = {"variant": self.variant, "deal": deal, "moves": list(moves), "source": source,
               "legal": len(legal), "commitments": len(commit), "cards_home": game.cards_home,
               "stock_left": len(game.stock), "habit": habit, "player": player, "answers": answers,
               "losing": losing, "exact": dict.fromkeys(losing, "lost"),
               "waiting": [str(m) for m in legal if str(m) not in commit],
               "theme": theme_of(game, list(answers), losing), "kind": kind_of(game, next(iter(answers))),
               "fair": fair_figures(verdict, pid)}
        self.candidates.append(row)
        self.by_source[source.split(" ")[0]] += 1
        return row

    def check_fair(self, game: Game, deal: int, moves: list[str], known: dict, source: str, legal: list,
                   commit: list[str], tempting: list[tuple[str, str]]) -> dict | None:
        """``--fair-first``: the position judged by the fair judge first. Every commitment over the
        worlds a player cannot tell apart (:func:`~ft_widget.training.fair.judge`, dealt by the
        puzzle's seed, given up as soon as no clear decision can come); kept when it decides, at most
        a third of the commitments are answers, a player's move is among the losing ones and the
        first answer wins with the real cards too (the solver's line, replayed by the tests: what
        "Show me" and the explanation follow). Each losing move's verdict with the real cards is the
        row's ``exact``: "lost", or "won" / "unknown" where the real stock forgives what the
        stock orders a player cannot see do not."""
        pid = row_id(self.variant, deal, moves)
        verdict = judge(game, commit, worlds=self.fair_worlds, max_states=self.fair_states,
                        rng=fair_seed(pid), give_up=True)
        self.fair_solves += len(commit) * verdict.worlds
        if verdict.decision != ANSWER:
            return self.reject("fair judge: no clear decision")
        # (the same cards into either of two empty columns are one answer: puzzles.decisions)
        lesson_only = len(decisions(game, verdict.answers)) > len(commit) // 3
        if lesson_only and not self.lesson_steps:
            return self.reject("fair judge: more than a third of the commitments are answers")
        losing = [m for m in commit if m in verdict.losing]
        if lesson_only and not lesson_roles(self.variant, game, verdict.answers, losing):
            return self.reject("lesson steps: more than a third of the commitments are answers, "
                               "and no rule of the lesson is shown")
        player = next(((m, who) for m, who in tempting if m in losing), None)
        if player is None:
            return self.reject("fair judge: no player's move among the losing")
        answers: dict[str, list[str]] = {}
        for m in [m for m in commit if m in verdict.answers]:
            if m in known and known[m] is not None:
                answers[m] = list(known[m])
                continue
            after = game.copy()
            after.play(m)
            result = self.solve(after)
            if not result.won:
                return self.reject("fair judge: an answer the real cards do not win within the budget")
            answers[m] = [str(x) for x in result.moves]
        exact = {}
        for m in losing:
            if m in known:
                exact[m] = "lost" if known[m] is None else "won"
                continue
            after = game.copy()
            after.play(m)
            exact[m] = "won" if after.is_won else str(self.solve(after).status)
            exact[m] = exact[m] if exact[m] in ("won", "lost") else "unknown"
        habit, who = player
        row = {"variant": self.variant, "deal": deal, "moves": list(moves), "source": source,
               "legal": len(legal), "commitments": len(commit), "cards_home": game.cards_home,
               "stock_left": len(game.stock), "habit": habit, "player": who, "answers": answers,
               "losing": losing, "exact": exact,
               "waiting": [str(m) for m in legal if str(m) not in commit],
               "theme": theme_of(game, list(answers), losing), "kind": kind_of(game, next(iter(answers))),
               "fair": fair_figures(judge_puzzle(game, pid, list(answers), losing, self.fair_worlds,
                                                 self.fair_states), pid),
               **({"lesson_only": True} if lesson_only else {})}
        self.candidates.append(row)
        self.by_source[source.split(" ")[0]] += 1
        return row

    # ------------------------------------------------------------------ sources
    def scan_line(self, deal: int, line: list[str], stride: int, deadline: float) -> None:
        """Positions along the solver's winning line, every ``stride`` moves from a random offset."""
        rng = random.Random(f"{self.variant}/{deal}/line")
        ks = list(range(rng.randrange(stride), len(line), stride))
        rng.shuffle(ks)  # every phase of the game, in no favoured order
        walk = Game(self.variant, deal=deal)
        positions = {}
        for k, m in enumerate(line):
            if k in ks:
                positions[k] = walk.copy()
            walk.play(m)
        for k in ks:
            if time.time() > deadline:
                return
            self.tried["lines"] += 1
            self.check(positions[k], deal, line[:k], {line[k]: line[k + 1:]},
                       "lines (the solver's winning line)")

    def scan_shipped(self, ref: str) -> None:
        """The puzzles shipped at git ``ref`` (the earlier runs' finds), judged again with their
        stored verdicts (answers with their lines, losing moves proved then; the tests prove them
        again)."""
        text = subprocess.run(["git", "show", f"{ref}:ft_widget/data/puzzles/{self.variant}.json"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
        for row in json.loads(text)["puzzles"]:
            if any(c["deal"] == row["deal"] and c["moves"] == row["moves"] for c in self.candidates):
                continue
            self.tried["shipped"] += 1
            known = {**{a: line for a, line in row["answers"].items()}, **dict.fromkeys(row["losing"])}
            game = replay(self.variant, row["deal"], row["moves"])
            self.check(game, row["deal"], row["moves"], known, f"shipped (at {ref}: {row['source']})",
                       spaced=False)

    def scan_game(self, source: str, deal: int, seed: int, deadline: float, line: list[str] = ()) -> None:
        """A player's game on a deal the solver wins: its turning point, found by binary search.
        ``branch``: the cautious (even seeds) or habit player takes over at a random move of the
        solver's winning ``line``, so its decisions are met in positions of every phase of a won game."""
        rng = random.Random(f"{self.variant}/{deal}/{source}/{seed}")
        start, before, player, where = Game(self.variant, deal=deal), [], source, ""
        if source == "branch":
            player, k = ("cautious", "habit")[seed % 2], rng.randrange(len(line))
            for m in line[:k]:
                before.append(start.copy())
                start.play(m)
            where = f" from move {k} of the solver's line"
        game, walk = player_game(player, start, rng)
        walk = before + walk
        self.tried[source] += 1
        if game.is_won:
            return self.reject(f"{source} game: won")
        played = [str(m) for m in game.history]
        end = self.solve(game) if game.legal_moves() else None
        if end is not None and end.won:
            return self.reject(f"{source} game: it stopped where the solver still wins")
        if end is not None and str(end.status) != "lost":
            return self.reject(f"{source} game: its end unknown within the budget")
        if deal not in self.won_deals:  # a deal past the catalogue: is it winnable at all?
            start = self.solve(walk[0])
            if not start.won:
                return self.reject(f"{source} game: a deal the solver does not win within the budget")
        lo, hi = 0, len(played)  # walk[lo] winnable (the deal), walk[hi] lost
        lines: dict[int, list[str]] = {}
        while hi - lo > 1:
            if time.time() > deadline:
                return
            mid = (lo + hi) // 2
            result = self.solve(walk[mid])
            if result.won:
                lo, lines[mid] = mid, [str(x) for x in result.moves]
            elif str(result.status) == "lost":
                hi = mid
            else:
                return self.reject(f"{source} game: a position unknown within the budget")
        who = {"habit": "habit player", "expert": "fair expert"}.get(player, f"{player} player")
        label = f"{source} ({who}'s lost game{where}, seed {seed})"
        if lo not in lines and lo > 0:
            lines[lo] = [str(x) for x in self.solve(walk[lo]).moves]
        for k in sorted(lines, key=lambda k: -k):  # the turning point first
            known = {lines[k][0]: lines[k][1:]}
            if k == lo:
                known[played[k]] = None  # its successor walk[k + 1] is proved lost
            self.check(walk[k], deal, played[:k], known, label)
        # the positions before the turning point are winnable too: every ``back`` moves, down to
        # the deal, each judged by solving its commitments (the player's own moves there kept the win)
        for k in range(lo - self.back, 0, -self.back):
            if time.time() > deadline:
                return
            if k not in lines:
                self.check(walk[k], deal, played[:k], {}, label)


# ---------------------------------------------------------------------------------- choosing
def lesson_roles(variant: str, game: Game, answers, losing) -> list[tuple[str, str]]:
    """The steps a position could be in ``variant``'s board lesson: (rule key, ``"rule"`` or
    ``"bend"``) for each rule its answers and losing moves show (``LessonRule.role_of``)."""
    shown = types.SimpleNamespace(answers=tuple(answers), losing=tuple(losing))
    return [(rule.key, role) for rule in LESSONS[variant] if (role := rule.role_of(shown, game))]


def phase(row: dict) -> int:
    """The stock phase of a puzzle: 0 (more than 40 cards left), 1 (13-40), 2 (fewer)."""
    return 0 if row["stock_left"] > 40 else 1 if row["stock_left"] >= 13 else 2


def spread_possible(candidates: list[dict]) -> bool:
    """Can any set of the candidates keep every theme at or under MAX_THEME_SHARE? Not with fewer
    themes than 1 / MAX_THEME_SHARE (two themes: one has at least half)."""
    return len({r["theme"] for r in candidates}) * MAX_THEME_SHARE >= 1


def same(a: dict, b: dict) -> bool:
    return a["deal"] == b["deal"] and a["moves"] == b["moves"]


def choose(candidates: list[dict], want: int, spacing: int, seed: str, kept: list[dict] = ()) -> list[dict]:
    """Up to ``want`` puzzles: the ``kept`` ones (an earlier round, shipped: never dropped), then,
    greedily, the least represented theme, kind and phase first, with no two of one deal within
    ``spacing`` moves; then the added ones trimmed until no theme is over MAX_THEME_SHARE and no
    kind over MAX_KIND_SHARE of the whole set. Where the candidates have too few themes for that
    (:func:`spread_possible`), the greedy choice is kept, and the provenance says the spread is not
    met: dropping every puzzle of a game teaches nothing more. Where the kept puzzles alone hold too
    many of one theme or kind, the trimming stops when no added puzzle of it is left (the spread
    is not met, and nearer than without the added ones)."""
    rng = random.Random(seed)
    pool = [r for r in candidates if not any(same(r, k) for k in kept)]
    rng.shuffle(pool)
    chosen: list[dict] = list(kept)
    themes = collections.Counter(r["theme"] for r in chosen)
    kinds = collections.Counter(r["kind"] for r in chosen)
    phases = collections.Counter(phase(r) for r in chosen)
    while len(chosen) < want:
        fit = [r for r in pool if not any(c["deal"] == r["deal"] and abs(len(c["moves"]) - len(r["moves"]))
                                          < spacing for c in chosen)]
        if not fit:
            break
        best = min(fit, key=lambda r: (themes[r["theme"]], kinds[r["kind"]], phases[phase(r)]))
        pool.remove(best)
        chosen.append(best)
        themes[best["theme"]] += 1
        kinds[best["kind"]] += 1
        phases[phase(best)] += 1
    while chosen and spread_possible(candidates):
        themes = collections.Counter(r["theme"] for r in chosen)
        kinds = collections.Counter(r["kind"] for r in chosen)
        theme, t = themes.most_common(1)[0]
        kind, k = kinds.most_common(1)[0]
        if t <= MAX_THEME_SHARE * len(chosen) and k <= MAX_KIND_SHARE * len(chosen):
            break
        # the rule broken further first; where only kept puzzles break it, the other rule
        rules = [("theme", theme, t / MAX_THEME_SHARE), ("kind", kind, k / MAX_KIND_SHARE)]
        rules = [(key, value) for key, value, ratio in sorted(rules, key=lambda x: -x[2])
                 if ratio > len(chosen)]
        added = chosen[len(kept):]
        drop = next((r for key, value in rules for r in reversed(added) if r[key] == value), None)
        if drop is None:  # only kept puzzles of it are left
            break
        chosen.remove(drop)
    return chosen


def spread_met(chosen: list[dict]) -> bool:
    """No theme over MAX_THEME_SHARE and no first-answer kind over MAX_KIND_SHARE of ``chosen``."""
    n = len(chosen)
    return all(c <= MAX_THEME_SHARE * n for c in collections.Counter(r["theme"] for r in chosen).values()) \
        and all(c <= MAX_KIND_SHARE * n for c in collections.Counter(r["kind"] for r in chosen).values())


def assess(row: dict, runs: int, sampled: int) -> None:
    """Grade (fair-expert runs) and rating (those runs and the sampled players' picks); kept
    from an earlier run with the same counts."""
    if row.get("assessed") == [runs, sampled]:
        return
    game = replay(row["variant"], row["deal"], row["moves"])
    hits = 0
    for seed in range(runs):
        choice = Expert().choose(game, rng=seed)
        hits += choice is not None and str(choice.move) in row["answers"]
    found = 0
    for seed in range(sampled):
        choice = cautious_choice(game, random.Random(seed))
        found += choice is not None and str(choice.move) in row["answers"]
    row["expert_hits"], row["sampled_hits"] = hits, found
    row["rating"] = rating(hits + found, runs + sampled)
    row["difficulty"] = difficulty_of(row["rating"])  # the word follows the number
    row["explanation"] = explain(game, row["answers"], row["habit"], row["exact"].get(row["habit"], "lost"))
    row["assessed"] = [runs, sampled]


def choose_lesson_positions(variant: str, chosen: list[dict], candidates: list[dict], kept: list[dict],
                            args: argparse.Namespace) -> list[dict]:
    """The lesson positions to ship: the ``kept`` ones (shipped now), then, for each step of the
    game's board lesson (a rule's step, then its bend: ``lessons.lesson_steps``' order) that
    neither a fair puzzle of ``chosen`` nor a position already taken shows, the easiest (lowest
    rating) of the lesson-only ``candidates`` that shows it. Each position serves one step."""
    def shown(row: dict) -> list[tuple[str, str]]:
        game = replay(variant, row["deal"], row["moves"])
        return lesson_roles(variant, game, row["answers"], row["losing"])

    fair = [r for r in chosen if fair_disagreement(stored_verdict(r["fair"], args.fair_states),
                                                   list(r["answers"]), r["losing"]) is None]
    taken = [(r, shown(r)) for r in sorted(fair, key=lambda r: r["rating"])]
    taken += [(r, shown(r)) for r in kept]
    pool = [(r, shown(r)) for r in candidates
            if r.get("lesson_only") and not any(same(r, k) for k in kept)]
    picked = list(kept)
    used: list[dict] = []
    for rule in LESSONS[variant]:
        for role in ("rule", "bend"):
            slot = (rule.key, role)
            have = next((r for r, roles in taken if slot in roles and not any(r is u for u in used)), None)
            if have is not None:
                used.append(have)
                continue
            fits = [r for r, roles in pool if slot in roles and not any(r is u for u in used)]
            for r in fits:
                assess(r, args.expert_runs, args.sampled)
            if fits:
                best = min(fits, key=lambda r: (r["rating"], r["deal"], len(r["moves"])))
                used.append(best)
                picked.append(best)
    return picked


def spread_words(chosen: list[dict], kept: list[dict], candidates: list[dict]) -> str:
    """The provenance's word on the spread rules over the whole set: met, or why not."""
    if chosen and spread_met(chosen):
        return "met"
    if not spread_possible(candidates):
        return f"not met: the candidates have too few themes for none to be over {MAX_THEME_SHARE:.0%}"
    return ("not met: the puzzles shipped before, kept, hold too many of one theme or kind, and the "
            "candidates too few of the others")


def shipped_rows(path: pathlib.Path, args: argparse.Namespace) -> list[dict]:
    """The puzzles the data file ships now, to be kept first and unchanged; their file's budgets must
    be this run's, as the loader reads one set of them a file."""
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    run = data["provenance"]
    if data["puzzles"] and (run["max_states"], run["expert_runs"], run["sampled_runs"]) != (
            args.max_states, args.expert_runs, args.sampled):
        raise SystemExit(f"{path}: its puzzles were made with max_states, expert runs and sampled runs "
                         f"{run['max_states']}, {run['expert_runs']}, {run['sampled_runs']}: run with those "
                         "to keep them (or --no-keep-shipped)")
    return data["puzzles"]  # in the file's order (the loader sorts them): a new round's diff is its rows


def shipped_lessons(path: pathlib.Path) -> list[dict]:
    """The lesson positions the data file ships now, kept first and unchanged."""
    return json.loads(path.read_text(encoding="utf-8")).get("lesson_positions", []) if path.exists() else []


def earlier_runs(path: pathlib.Path, finder: Finder) -> list[dict]:
    """The runs that made the kept puzzles, where their candidates are not this run's (their work
    file was lost): their commands, CPU seconds, candidates and rejections, as their file said."""
    if not path.exists():
        return []
    old = json.loads(path.read_text(encoding="utf-8"))["provenance"]
    earlier = list(old.get("earlier_runs", []))
    if old.get("runs") and old["runs"][0] not in finder.commands:
        earlier.append({key: old.get(key) for key in ("runs", "cpu_seconds", "candidates", "candidate_themes",
                                                      "found_by_source", "rejected", "date", "commit")})
    return earlier


def fair_provenance(path: pathlib.Path, args: argparse.Namespace) -> dict:
    """The fair judge's budget, and what the earlier re-judging of the file dropped (kept, so the
    file still says which puzzles left and why)."""
    old = json.loads(path.read_text(encoding="utf-8"))["provenance"].get("fair", {}) if path.exists() else {}
    return {"definition": ("every candidate judged by ft_widget.training.fair.judge over the worlds a "
                           "player cannot tell apart, the same for every move, each solved to max_states "
                           "(puzzles.judge_puzzle); kept only when the fair answers and losing moves are "
                           "the exact ones"),
            "worlds": args.fair_worlds, "max_states": args.fair_states,
            "rng": "puzzles.fair_seed: the CRC-32 of the puzzle's id",
            "rejudged": {k: old[k] for k in ("commands", "cpu_seconds", "judged", "kept", "dropped", "date",
                                            "commit") if k in old} or old.get("rejudged")}


# ---------------------------------------------------------------------------------- one variant
def run_variant(variant: str, args: argparse.Namespace, command: str) -> str:
    started, cpu0 = time.time(), time.process_time()
    # another rule, other candidates (a lesson step may have more answers than a puzzle)
    work_dir = WORK / ("fair-first-lessons" if args.lesson_steps else "fair-first" if args.fair_first else "")
    work_dir.mkdir(parents=True, exist_ok=True)
    work_path = work_dir / f"{variant}.json"
    work = json.loads(work_path.read_text()) if args.resume and work_path.exists() else None
    if work and work.get("max_states") != args.max_states:
        raise SystemExit(f"{variant}: --resume needs the same --max-states as {work_path}")
    if work and work.get("candidates") and any("fair" not in r for r in work["candidates"]):
        raise SystemExit(f"{variant}: {work_path} holds candidates the fair judge never saw: start afresh")
    finder = Finder(variant, args.max_states, args.spacing, args.back, work,
                    (args.fair_worlds, args.fair_states), args.min_stock, args.fair_first, args.lesson_steps)
    finder.commands.append(command)
    sources = args.sources.split(",")
    finder.sources = [*finder.sources, *(x for x in sources if x not in finder.sources)]
    lines = won_lines(variant)
    deadline = started + args.seconds
    rng = random.Random(variant)
    order = list(lines) if args.catalogue else []  # without: the extra deals alone
    rng.shuffle(order)

    def save() -> None:
        finder.cpu += time.process_time() - save.cpu
        save.cpu = time.process_time()
        work_path.write_text(json.dumps({"max_states": args.max_states, **finder.state()}))
    save.cpu = cpu0

    out = ROOT / "ft_widget" / "data" / "puzzles" / f"{variant}.json"
    kept = shipped_rows(out, args) if args.keep_shipped else []
    finder.won_deals = {deal for deal, _ in lines}
    if "shipped" in sources:
        finder.scan_shipped(args.shipped_ref)
    # past the catalogue: the players' games on deals 201, 202, ... (their winnability solved)
    order += [(deal, None) for deal in range(args.first_extra_deal, args.first_extra_deal + args.extra_deals)]
    def puzzle_rows() -> list[dict]:
        return [r for r in finder.candidates if not r.get("lesson_only")]

    for deal, line in order:
        enough = (len(puzzle_rows()) >= args.enough * args.want
                  and len(choose(puzzle_rows(), args.want, args.spacing, variant, kept)) >= args.want)
        if time.time() > deadline or enough:
            break
        for source in sources:
            for seed in range(1 if source == "lines" else args.seeds):
                if (source, deal, seed) in finder.done or time.time() > deadline:
                    continue
                if source == "shipped" or source in ("lines", "branch") and line is None:
                    continue
                cpu = time.process_time()
                if source == "lines":
                    finder.scan_line(deal, line, args.stride, deadline)
                else:
                    finder.scan_game(source, deal, seed, deadline, line)
                finder.cpu_by[source] += time.process_time() - cpu
                finder.done.add((source, deal, seed))
        save()
        print(f"{variant}: deal {deal}: {len(finder.candidates)} candidates "
              f"{dict(collections.Counter(c['theme'] for c in finder.candidates))}, "
              f"{len(finder.candidates) - len(puzzle_rows())} for lesson steps only", flush=True)
    if args.search_only:  # the candidates are kept in the work file; choosing is a later run's
        save()
        return f"{variant}: {len(finder.candidates)} candidates, {finder.cpu:.0f} s CPU (search only)"
    chosen = choose(puzzle_rows(), args.want, args.spacing, variant, kept)
    search_cpu = finder.cpu + time.process_time() - save.cpu
    this_round = max((r["round"] for r in kept), default=0) + 1
    for row in chosen[len(kept):]:
        assess(row, args.expert_runs, args.sampled)
        row["round"] = this_round
    save()
    cpu = finder.cpu
    kept_lessons = shipped_lessons(out) if args.keep_shipped else []
    lessons = choose_lesson_positions(variant, chosen, finder.candidates, kept_lessons, args)
    for row in lessons[len(kept_lessons):]:
        row["round"] = this_round
    save()
    chosen = [{k: v for k, v in row.items() if k != "assessed"} for row in chosen]
    lessons = [{k: v for k, v in row.items() if k not in ("assessed", "lesson_only")} for row in lessons]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    stock = [r["stock_left"] for r in chosen]
    run = {"command": command, "runs": finder.commands, "max_states": args.max_states,
           "expert": repr(Expert()), "strength": Expert().strength,  # assess()'s expert; the loader reads it
           "expert_runs": args.expert_runs, "sampled_player": "cautious_choice", "sampled_runs": args.sampled,
           "difficulty": ("from the rating: below 1400 easy, below 1700 medium, else hard "
                          "(puzzles.difficulty_of); the experts' runs alone grade nothing now"),
           "rating": ("1500 + 400 * log10((n - h + 0.5) / (h + 0.5)), h of n fair-expert runs and "
                      "sampled players' picks choosing a winning move (puzzles.rating)"),
           "habit_player": HABIT, "cautious_player": CAUTIOUS,
           "definition": DEFINITION,
           # a round found fair-first keeps the rounds before it, found by the definition above
           **({"fair_first": FAIR_FIRST} if args.fair_first else {}),
           "lines_from": ("the deal catalogue's winning lines (ft_widget/data/deals/<variant>.json, "
                          "branch deals)"),
           "sources_tried": finder.sources, "tried_by_source": dict(finder.tried),
           "found_by_source": dict(finder.by_source),
           "cpu_by_source": {k: round(v) for k, v in finder.cpu_by.items()},
           "candidates": len(puzzle_rows()),
           "lesson_candidates": len(finder.candidates) - len(puzzle_rows()),
           "candidate_themes": dict(collections.Counter(r["theme"] for r in puzzle_rows())
                                    .most_common()),
           "spread": spread_words(chosen, kept, puzzle_rows()),
           "kept": (f"the {len(kept)} puzzles shipped before (rounds {sorted({r['round'] for r in kept})}), "
                    "first and unchanged; this run's after them" if kept
                    else "none: every puzzle chosen afresh"),
           "chosen_by_player": dict(collections.Counter(r["player"] for r in chosen)),
           "chosen_by_source": dict(collections.Counter(r["source"].split(" ")[0] for r in chosen)),
           "rejected": dict(finder.rejected.most_common()),
           "fair": fair_provenance(out, args),
           "solves": finder.solves, "solver_states": finder.states,
           "cpu_seconds": round(cpu), "search_cpu_seconds": round(search_cpu),
           "cpu_note": "CPU seconds of every run in 'runs' (they add to one set of candidates)",
           "stock_left": {"min": min(stock), "median": statistics.median(stock), "max": max(stock)} if stock
           else None,
           "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "commit": commit,
           "machine": f"{platform.machine()}, {args.workers} process(es), nice {os.nice(0)}",
           "load_average": round(os.getloadavg()[0], 1)}
    run["earlier_runs"] = earlier_runs(out, finder) if args.keep_shipped else []
    run["lesson_positions"] = (
        "fair decisions with more answers than a puzzle may have (--lesson-steps), one for each step of "
        "the board lesson that no fair puzzle shows, the easiest first (choose_lesson_positions)")
    data = {"format": "ft_widget.puzzles", "variant": variant, "provenance": run, "puzzles": chosen,
            **({"lesson_positions": lessons} if lessons else {})}
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    themes = dict(collections.Counter(r["theme"] for r in chosen))
    return (f"{variant}: {len(chosen)} puzzles of {len(finder.candidates)} candidates, {cpu:.0f} s CPU, "
            f"themes {themes}, rejected {dict(finder.rejected.most_common())}")


#: The generated tables: (page, marker, the function that makes it from the shipped data).
TABLES = (("README.md", "puzzles-themes", "readme_markdown"),
          ("docs/training.md", "puzzles-table", "puzzles_markdown"),
          ("docs/training.md", "themes-table", "themes_markdown"))


def write_tables() -> list[str]:
    """Write the tables made from the shipped puzzles between their markers (``TABLES``; the tests
    check each matches the data); the pages changed."""
    puzzles_module = importlib.import_module("ft_widget.training.puzzles")
    puzzles_module._load.cache_clear()  # this run's files, not the ones read before it
    changed = []
    for page, marker, make in TABLES:
        path = ROOT / page
        text = path.read_text(encoding="utf-8")
        found = re.search(rf"(<!-- {marker}:.*?-->\n)(.*?)(\n<!-- /{marker} -->)", text, re.S)
        if found is None:
            raise SystemExit(f"{page} has no {marker} markers")
        new = text[:found.start(2)] + getattr(puzzles_module, make)() + text[found.end(2):]
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(f"{page} ({marker})")
    return changed


def write_explanations(variants: list[str]) -> list[str]:
    """Make every shipped puzzle's stored English explanation again with today's ``explain`` (the
    words are made from the facts of the solver's line: a change to how is a change to the data's
    words, which a test holds to the code); the games whose file changed."""
    changed = []
    for variant in variants:
        path = ROOT / "ft_widget" / "data" / "puzzles" / f"{variant}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        before = json.dumps(data, ensure_ascii=False)
        for row in data["puzzles"]:
            game = replay(row["variant"], row["deal"], row["moves"])
            exact = row["exact"].get(row["habit"], "lost")
            row["explanation"] = explain(game, row["answers"], row["habit"], exact)
        if json.dumps(data, ensure_ascii=False) != before:
            path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
            changed.append(variant)
    return changed


def _run(job: tuple) -> str:
    return run_variant(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-states", type=int, default=200_000)
    parser.add_argument("--want", type=int, default=30, help="puzzles a game")
    parser.add_argument("--enough", type=float, default=2.0,
                        help="stop when this many times --want candidates")
    parser.add_argument("--spacing", type=int, default=SPACING, help="moves between two puzzles of one deal")
    parser.add_argument("--stride", type=int, default=5, help="moves between positions looked at on a line")
    parser.add_argument("--back", type=int, default=6,
                        help="moves between positions judged before a turning point")
    parser.add_argument("--seeds", type=int, default=1, help="games of each player a deal")
    parser.add_argument("--expert-runs", type=int, default=5)
    parser.add_argument("--fair-worlds", type=int, default=FAIR_WORLDS, help="the fair judge's worlds")
    parser.add_argument("--fair-states", type=int, default=FAIR_STATES,
                        help="the fair judge's budget a world")
    parser.add_argument("--min-stock", type=int, default=0,
                        help="look only at positions with at least this many stock cards (the middle game)")
    parser.add_argument("--fair-first", action="store_true",
                        help="judge each position by the fair judge first: its losing moves lose over the "
                             "stock orders a player cannot see, whatever the real stock does "
                             "(Finder.check_fair)")
    parser.add_argument("--lesson-steps", action="store_true",
                        help="--fair-first, and keep too the fair decisions with more answers than a puzzle "
                             "may have where they show a rule of the game's board lesson (written as the "
                             "file's lesson_positions, never served as puzzles)")
    parser.add_argument("--sampled", type=int, default=8, help="sampled (cautious) players' picks a puzzle")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--seconds", type=float, default=600, help="search time (wall) a game at most")
    parser.add_argument("--sources", default=",".join(SOURCES), help=", ".join(SOURCES))
    parser.add_argument("--shipped-ref", default="a52a9c3",
                        help="the git ref whose puzzles the source shipped reads (the 64 of issue 22)")
    parser.add_argument("--extra-deals", type=int, default=0,
                        help="deals past the catalogue for the players' games")
    parser.add_argument("--first-extra-deal", type=int, default=201)
    parser.add_argument("--catalogue", action=argparse.BooleanOptionalAction, default=True,
                        help="search the catalogue's deals before the extra ones (--no-catalogue: the "
                             "extra deals alone, as when earlier runs searched the catalogue and "
                             "their work file is gone)")
    parser.add_argument("--workers", type=int, default=1, help="processes (one variant each)")
    parser.add_argument("--resume", action="store_true", help="go on from build/puzzles-work/<variant>.json")
    parser.add_argument("--keep-shipped", action=argparse.BooleanOptionalAction, default=True,
                        help="keep the puzzles shipped now, first and unchanged, and add this run's after "
                             "them as a new round (so lessons and learners keep their puzzles)")
    parser.add_argument("--tables", action="store_true",
                        help="only write the README's and docs/training.md's tables from the shipped data")
    parser.add_argument("--explanations", action="store_true",
                        help="only make the shipped puzzles' stored explanations again (explain()'s words)")
    parser.add_argument("--search-only", action="store_true",
                        help="find candidates (kept in build/puzzles-work/) and write no puzzle file")
    args = parser.parse_args()
    command = (f"nice -n {os.nice(0)} python tools/make_puzzles.py " + " ".join(sys.argv[1:])).strip()
    variants = args.variants.split(",")
    if args.tables:
        print("tables written:", ", ".join(write_tables()) or "none changed")
        return
    if args.explanations:
        print("explanations written:", ", ".join(write_explanations(variants)) or "none changed")
        return
    # the studies' runner, in local processes (each variant reads and writes this checkout's files)
    for text in each_result(_run, [(v, args, command) for v in variants], processes=args.workers):
        print(text, flush=True)
    if not args.search_only:
        print("tables written:", ", ".join(write_tables()) or "none changed")


if __name__ == "__main__":
    sys.exit(main())
