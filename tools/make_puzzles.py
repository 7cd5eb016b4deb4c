"""Find the training puzzles: real positions where one irreversible decision keeps a deal winnable.

The definition (``ft_widget/training/puzzles.py`` says why it departs from the letter of issue
22 item 4): at least 30 cards not home, at least four legal moves of which at least three are
commitments (moves that cannot be taken straight back, decided by the engine:
``puzzles.reversible``), at most a third of the commitments keep the deal winnable (a solver
line, replayed), every other commitment PROVED lost by the solver within ``--max-states`` (an
"unknown" rejects the position), and the habit player's move (``policies.foundations_first``)
one of the lost ones. Reversible moves are waiting moves: they never lose a winnable deal.

Where the positions come from: the solver's winning lines in the deal catalogue
(``ft_widget/data/deals/<variant>.json``, or the ``deals`` branch's copy): every position along
a won line is winnable. Each line is walked from late to early; a position passes the cheap
checks first (cards home, legal moves, commitments: the engine alone, no solver), then the
habit move is solved, then the other commitments, stopping as soon as the position fails (the
line's own next move, when a commitment, is known to win: the rest of the line is its proof).
At most ``--per-deal`` puzzles a deal and ``--tries`` solved candidates a deal, so the puzzles
come from several deals. This takes half of ``--seconds``; then the habit player's own games on
deals ``--first-deal``, … (``--seeds`` games a deal, seeds 0, 1, …; a deal stops at its first
puzzle): a lost one is walked back from its end over positions the solver proves lost to the
last one it wins from, where the habit move lost the deal; that position is judged as above.
(In the easier games the habit move kept the win at every position tried along the winning
lines.) Each seed is a real game of the habit player (its moves are random among its
candidates), so another seed's turning point is as much the habit player's mistake as the
first's; the conditions are the same. The solver is asked once a position (it is deterministic:
another seed's game meets the same positions), and each position is judged once a habit move.

Every position looked at and not taken is counted by the condition that failed first; the
counts are printed and stored in the provenance (``rejected``), with the habit games' deals.

Difficulty: fresh fair experts (``Expert()``) choose a move from the position with
``--expert-runs`` seeds; the share choosing a winning move grades it (:data:`GRADES`). One
process; run it niced::

    nice -n 10 python tools/make_puzzles.py --max-states 200000

It writes ``ft_widget/data/puzzles/<variant>.json`` with its provenance.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import pathlib
import platform
import random
import subprocess
import sys
import time

from ft_widget import VARIANTS, Game
from ft_widget.expert import Expert
from ft_widget.policies import foundations_first
from ft_widget.solver import solve
from ft_widget.training.puzzles import (
    GRADES,
    MIN_COMMITMENTS,
    MIN_LEGAL,
    MIN_NOT_HOME,
    commitments,
    explain,
    grade,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
HABIT = "foundations_first"
#: a habit game longer than this goes round in circles: it is stopped there
MAX_HABIT_MOVES = 500
DEFINITION = ("at least 30 cards not home; at least 4 legal moves, at least 3 of them commitments (moves the "
              "engine cannot take straight back); at most a third of the commitments keep the deal winnable "
              "(solver line, replayed); every other commitment proved lost; the habit player's move among "
              "the lost. Departs from issue 22 item 4's letter (a third of ALL legal moves): a reversible "
              "move can never lose a winnable deal, so reversible moves made that condition fail nearly "
              "everywhere; they are waiting moves.")


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


class Finder:
    """One variant's search, with the solver budget and a count of every solve (for the figures)."""

    def __init__(self, variant: str, max_states: int):
        self.variant, self.max_states = variant, max_states
        self.solves = 0
        self.states = 0
        self.candidates = 0
        #: why each position looked at was not a puzzle (the run's figures)
        self.rejected: collections.Counter = collections.Counter()
        self.solved: dict = {}  # position -> the solver's result
        self.judged: set = set()  # positions judged as candidates
        self.habit_deals: list[int] = []  # the deals whose habit games were played

    def reject(self, reason: str) -> None:
        self.rejected[reason] += 1

    def solve(self, game: Game):
        """The solver's verdict (it sees every card), asked once a position: the habit games of
        one deal (other seeds) meet the same positions again, and the solver is deterministic."""
        key = (game.position_key(), tuple(game.stock))
        if key not in self.solved:
            result = solve(game, time_limit=None, max_states=self.max_states)
            self.solves += 1
            self.states += result.states
            self.solved[key] = result
        return self.solved[key]

    def check(self, game: Game, deal: int, line: list[str], k: int, habit: str | None = None,
              known: dict | None = None, source: str = "the solver's winning line") -> dict | None:
        """The position after ``line[:k]`` judged; its puzzle row, or None. ``habit`` is the habit
        player's move there (default: its pick with seed 0); ``known`` maps moves to winning lines
        already found (default: the line's own next move)."""
        legal = list(game.legal_moves())
        if 104 - game.cards_home < MIN_NOT_HOME:
            return self.reject("fewer than 30 cards not home")
        if len(legal) < MIN_LEGAL:
            return self.reject("fewer than 4 legal moves")
        habit = habit or str(foundations_first(game, random.Random(0)))
        key = (game.position_key(), tuple(game.stock), habit)
        if key in self.judged:
            return self.reject("judged already (another seed's game, the same habit move)")
        self.judged.add(key)
        commit = [str(m) for m in commitments(game)]
        if len(commit) < MIN_COMMITMENTS:
            return self.reject("fewer than 3 commitments")
        if habit not in commit:
            return self.reject("the habit move can be taken back")
        self.candidates += 1
        limit = len(commit) // 3
        answers, losing = {}, []
        if known is None:
            known = {line[k]: line[k + 1:]}
        for m in [habit] + [m for m in commit if m != habit]:
            if m in known:
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
            if habit in answers:
                return self.reject("the habit move keeps the win")
            if len(answers) > limit:
                return self.reject("more than a third of the commitments keep the win")
        if not answers:
            return self.reject("no commitment keeps the win")
        return {"variant": self.variant, "deal": deal, "moves": line[:k],
                "source": source,
                "legal": len(legal), "commitments": len(commit), "cards_home": game.cards_home,
                "habit": habit, "answers": answers, "losing": losing,
                "waiting": [str(m) for m in legal if str(m) not in commit]}

    def scan(self, deal: int, line: list[str], found: list, want: int, per_deal: int, tries: int,
             deadline: float) -> None:
        walk = [Game(self.variant, deal=deal)]
        for m in line:
            walk.append(walk[-1].copy())
            walk[-1].play(m)
        got = tried = 0
        for k in range(len(line) - 1, -1, -1):
            if len(found) >= want or got >= per_deal or tried >= tries or time.time() > deadline:
                return
            before = self.solves
            row = self.check(walk[k], deal, line, k)
            tried += self.solves > before
            if row:
                found.append(row)
                got += 1
                print(f"  deal {deal} after {k} moves: PUZZLE ({len(row['answers'])} of "
                      f"{row['commitments']} commitments win, {row['legal']} legal)", flush=True)

    def scan_habit_game(self, deal: int, seed: int, found: list, deadline: float) -> None:
        """The habit player's own game on ``deal``: when it loses, the last position from which the
        solver still wins (walked back from the end over proved losses) is where its move lost.

        Its game ends when it has no move of its own left (which need not be the end of the
        game), or after :data:`MAX_HABIT_MOVES` (going round in circles): the end is lost when
        no legal move is left, else the solver is asked. Winnability only falls along a game (a
        position with a winnable successor is winnable), so the walk back stops at the first
        position the solver wins from: the move played there lost the deal."""
        game = Game(self.variant, deal=deal)
        if deal not in self.habit_deals:
            self.habit_deals.append(deal)
        rng = random.Random(f"{self.variant}/{deal}/habit/{seed}")
        walk = [game.copy()]
        while not game.is_won and len(game.history) < MAX_HABIT_MOVES:
            move = foundations_first(game, rng)
            if move is None:
                break
            game.play(move)
            walk.append(game.copy())
        if game.is_won:
            return self.reject("habit game: won")
        played = [str(m) for m in game.history]
        if game.legal_moves():  # it stopped (no move of its own, or in circles): is the end lost?
            end = self.solve(game)
            if end.won:
                return self.reject("habit game: it stopped where the solver still wins")
            if str(end.status) != "lost":
                return self.reject("habit game: its end unknown within the budget")
        after_lost: bool | None = True  # the next position down the game is proved lost
        for k in range(len(played) - 1, -1, -1):
            if time.time() > deadline:
                return
            if 104 - walk[k].cards_home < MIN_NOT_HOME:
                after_lost = None  # not asked (no puzzle here): asked below if needed
                continue
            result = self.solve(walk[k])
            if str(result.status) == "lost":
                after_lost = True
                continue
            if not result.won:
                return self.reject("habit game: a position unknown within the budget, walking back")
            if after_lost is None:  # the next position has fewer than 30 cards not home: ask it now
                after_lost = str(self.solve(walk[k + 1]).status) == "lost"
            if not after_lost:
                return self.reject("habit game: lost with fewer than 30 cards not home (or unknown there)")
            line = [str(x) for x in result.moves]
            row = self.check(walk[k], deal, played, k, habit=played[k], known={line[0]: line[1:]},
                             source=f"{HABIT}'s lost game (seed {seed})")
            if row:
                found.append(row)
                print(f"  deal {deal} after {k} moves of {HABIT} (seed {seed}): PUZZLE "
                      f"({len(row['answers'])} of {row['commitments']} commitments win, "
                      f"{row['legal']} legal)", flush=True)
            return
        self.reject("habit game: lost from the deal")


def difficulty(row: dict, runs: int) -> tuple[str, int]:
    """How many of ``runs`` fresh fair experts (seeds 0..runs-1) choose a winning move."""
    game = replay(row["variant"], row["deal"], row["moves"])
    hits = 0
    for seed in range(runs):
        choice = Expert().choose(game, rng=seed)
        hits += choice is not None and str(choice.move) in row["answers"]
    return grade(hits, runs), hits


def provenance(command: str, started: float, max_states: int, runs: int) -> dict:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    return {"command": command, "max_states": max_states, "expert": repr(Expert()), "expert_runs": runs,
            "grades": {g: f"at least {share:.0%} of the runs choose a winning move" for g, share in GRADES},
            "habit_player": HABIT, "lines_from": ("the deal catalogue's winning lines "
                           "(ft_widget/data/deals/<variant>.json, branch deals)"),
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit, "machine": f"{platform.machine()}, 1 process, nice 10",
            "seconds": round(time.time() - started)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-states", type=int, default=200_000)
    parser.add_argument("--want", type=int, default=6, help="puzzles to find per game")
    parser.add_argument("--per-deal", type=int, default=2, help="puzzles at most from one deal")
    parser.add_argument("--tries", type=int, default=6, help="candidates solved at most a deal")
    parser.add_argument("--expert-runs", type=int, default=5)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--seconds", type=float, default=150, help="search time a game at most")
    parser.add_argument("--sources", default="lines,habit", help="lines (winning lines), habit (its games)")
    parser.add_argument("--first-deal", type=int, default=1, help="the habit games' first deal")
    parser.add_argument("--seeds", type=int, default=1, help="habit games a deal (seeds 0, 1, ...)")
    parser.add_argument("--add", action="store_true", help="keep the file's puzzles and add to them")
    args = parser.parse_args()
    out_dir = ROOT / "ft_widget" / "data" / "puzzles"
    out_dir.mkdir(parents=True, exist_ok=True)
    for variant in args.variants.split(","):
        started = time.time()
        finder = Finder(variant, args.max_states)
        lines = won_lines(variant)
        print(f"{variant}: {len(lines)} won lines", flush=True)
        path = out_dir / f"{variant}.json"
        earlier = json.loads(path.read_text()) if args.add and path.exists() else None
        found: list[dict] = list(earlier["puzzles"]) if earlier else []
        want = len(found) + args.want if earlier else args.want
        sources = args.sources.split(",")
        # half the time for the winning lines, the rest for the habit games
        half = started + (args.seconds / 2 if "habit" in sources else args.seconds)
        for deal, line in lines if "lines" in sources else []:
            if len(found) >= want or time.time() > half:
                break
            finder.scan(deal, line, found, want, args.per_deal, args.tries, half)
        for deal in range(args.first_deal, 100_001) if "habit" in sources else []:
            if len(found) >= want or time.time() - started > args.seconds:
                break
            for seed in range(args.seeds):
                if any(row["deal"] == deal for row in found) or time.time() - started > args.seconds:
                    break  # one puzzle a deal from the habit games
                finder.scan_habit_game(deal, seed, found, started + args.seconds)
        search_seconds = time.time() - started
        for row in found:
            if "difficulty" in row:
                continue  # an earlier run's, kept
            row["difficulty"], row["expert_hits"] = difficulty(row, args.expert_runs)
            row["explanation"] = explain(replay(variant, row["deal"], row["moves"]), row["answers"],
                                         row["habit"])
        command = (f"nice -n 10 python tools/make_puzzles.py --max-states {args.max_states} "
                   f"--want {args.want} --per-deal {args.per_deal} --tries {args.tries} "
                   f"--expert-runs {args.expert_runs} --seconds {args.seconds:g} --sources {args.sources} "
                   f"--first-deal {args.first_deal}{f' --seeds {args.seeds}' * (args.seeds > 1)}"
                   f"{' --add' * args.add} --variants {variant}")
        run = provenance(command, started, args.max_states, args.expert_runs)
        run.update(definition=DEFINITION, solves=finder.solves, solver_states=finder.states,
                   candidates_solved=finder.candidates, search_seconds=round(search_seconds),
                   rejected=dict(finder.rejected.most_common()),
                   habit_deals=(f"{finder.habit_deals[0]}-{finder.habit_deals[-1]}" if finder.habit_deals
                                else None),
                   load_average=round(os.getloadavg()[0], 1))
        if earlier:
            if earlier["provenance"]["max_states"] != args.max_states:
                raise SystemExit(f"{variant}: --add needs the file's budget, --max-states "
                                 f"{earlier['provenance']['max_states']}")
            run["earlier_runs"] = [*earlier["provenance"].pop("earlier_runs", []), earlier["provenance"]]
        data = {"format": "ft_widget.puzzles", "variant": variant, "provenance": run, "puzzles": found}
        (out_dir / f"{variant}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"{variant}: {len(found)} puzzles, {finder.solves} solves, {finder.states:,} states, "
              f"{time.time() - started:.0f} s; rejected: {dict(finder.rejected.most_common())}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
