"""Find the training puzzles: real positions where one decision keeps a deal winnable and the habit fails.

A position is a puzzle when, in it, at least 30 cards are not yet home, at least four moves are
legal, at most a third of them keep the deal winnable (the solver found a line, replayed through
the engine), every other one is PROVED lost by the solver within ``--max-states`` (its search
ran dry: an "unknown" move rejects the position), and the move the habit player
(``policies.foundations_first``) makes there is one of the lost ones.

Where the positions come from: lost games on real deal numbers (the deals the solver won in
``data/solver_lines.json`` first, then deals 1, 2, … in order), played by the habit player
(``foundations_first``) and by the fair expert (``Expert()``), a few seeds each. Such a game
passes its last winnable position just before the move that lost it, where decisions matter.
Each game is walked back from its end over the positions that pass the cheap checks and where
the habit player has a choice (it picks at random among two or more moves: its move there is
drawn with a seed named after the position): lost positions are passed (proofs of loss are cheap
near the end, where little is hidden and the stock is short), an unknown ends the walk, and at
the first few winnable ones the habit move is solved; a proved loss makes a candidate. (Won
games are passed: on a first run, the habit move kept the win at every position tried.)

Cheapest checks first (cards home, legal-move count), then one solve per legal move, the habit
move first, stopping as soon as the position fails. Difficulty: the fair expert
(``Expert()``) chooses a move from the position with ``--expert-runs`` seeds; the share of runs
choosing a winning move grades it (:data:`GRADES`).

Resumable: every candidate's verdict is kept in ``--work`` (JSON lines) and not asked again.
One process; run it niced::

    nice -n 10 python tools/make_puzzles.py --max-states 100000

It writes ``ft_widget/data/puzzles/<variant>.json`` with its provenance.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import random
import subprocess
import sys
import time

from ft_widget import VARIANTS, WASTE, Game, Move
from ft_widget.expert import Expert
from ft_widget.policies import foundations_first, play_policy
from ft_widget.solver import solve
from ft_widget.training.puzzles import GRADES, MIN_LEGAL, MIN_NOT_HOME, explain, grade

ROOT = pathlib.Path(__file__).resolve().parent.parent
HABIT = "foundations_first"
#: winnable positions of a lost game scanned, latest first: a decisive position is most often
#: found just before a real loss
SCAN = 6
#: a habit game longer than this goes round in circles: it is dropped
MAX_HABIT_MOVES = 500


def replay(variant: str, deal: int, moves: list[str]) -> Game:
    game = Game(variant, deal=deal)
    for m in moves:
        game.play(m)
    return game


def reversible(game: Game, move: Move) -> bool:
    """Can ``move`` be taken back by a legal move (the engine says)? Such a move keeps a winnable
    deal winnable, so a position with many of them is no puzzle."""
    if move.src >= WASTE or move.dst >= WASTE:
        return False
    after = game.copy()
    after.play(move)
    return after.is_legal(Move(move.dst, move.src, move.count))


def cheap_ok(game: Game) -> bool:
    """The conditions that cost no solve: cards not home, legal moves, and no more than a third of
    them can be taken back (each of those would keep a winnable deal winnable)."""
    legal = game.legal_moves()
    if 104 - game.cards_home < MIN_NOT_HOME or len(legal) < MIN_LEGAL:
        return False
    return sum(reversible(game, m) for m in legal) <= len(legal) // 3


def habit_move(game: Game, seed: str) -> Move | None:
    """The habit player's move at ``game``: it picks at random among equals, so with a seed
    named after the position (the tests accept any move it can make there)."""
    return foundations_first(game, random.Random(seed))


def habit_choices(game: Game) -> set[str]:
    """The moves the habit player can make at ``game`` (its random picks over 16 seeds)."""
    return {str(foundations_first(game, random.Random(seed))) for seed in range(16)}


class _Known:
    """A verdict read back from the work file."""

    def __init__(self, status: str):
        self.status = status


class Finder:
    """One variant's search, with the solver budget and a log of every solve (for the figures)."""

    def __init__(self, variant: str, max_states: int, done: dict, log):
        self.variant, self.max_states, self.done, self.log = variant, max_states, done, log
        self.solves = 0
        self.states = 0

    def solve(self, game: Game, key: str | None = None):
        """The solver's result; with ``key`` its verdict is kept in the work file (resumable)."""
        if key is not None and key in self.done:
            return _Known(self.done[key])
        result = solve(game, time_limit=3600.0, max_states=self.max_states)
        self.solves += 1
        self.states += result.states
        if key is not None:
            self.done[key] = str(result.status)
            self.log.write(json.dumps({"solve": key, "status": str(result.status)}) + "\n")
        return result

    def check(self, deal: int, moves: list[str], habit: str, source: str) -> dict | None:
        """Every legal move of the position judged; the puzzle's row, or None (the reason logged)."""
        key = f"{self.variant}/{deal}/{' '.join(moves)}"
        if key in self.done:
            return self.done[key] or None
        game = replay(self.variant, deal, moves)
        legal = list(game.legal_moves())
        limit = len(legal) // 3  # at most a third may keep the deal winnable
        order = [Move(habit)] + [m for m in legal if str(m) != habit]
        answers, losing, reason = {}, [], ""
        for m in order:
            after = game.copy()
            after.play(m)
            result = self.solve(after)
            if result.status == "won":
                answers[str(m)] = [str(x) for x in result.moves]
                if str(m) == habit:
                    reason = "the habit move keeps it winnable"
                    break
                if len(answers) > limit:
                    reason = f"more than a third of the {len(legal)} moves win"
                    break
            elif result.status == "lost":
                losing.append(str(m))
            else:
                reason = f"{m}: unknown within {self.max_states} states"
                break
        if not reason and not answers:
            reason = "no move wins"
        row = None
        if not reason:
            row = {"variant": self.variant, "deal": deal, "moves": moves, "source": source,
                   "legal": len(legal), "cards_home": game.cards_home, "habit": habit,
                   "answers": answers, "losing": losing}
        self.done[key] = row or {}
        self.log.write(json.dumps({"key": key, "row": row, "reason": reason}) + "\n")
        self.log.flush()
        print(f"  {key[:60]}… {len(moves)} moves: {'PUZZLE' if row else reason}", flush=True)
        return row

    def scan_game(self, deal: int, played: list[str], label: str, found: list, want: int) -> None:
        """Walk a lost game back from its end over the positions that pass the cheap checks and
        where the habit player has a choice to make (two or more moves it could pick): lost
        positions are passed (proofs are cheap near the end), an unknown ends the walk, and at
        the first :data:`SCAN` winnable ones the habit move is solved; a proved loss makes a
        candidate."""
        walk = [Game(self.variant, deal=deal)]
        for m in played:
            walk.append(walk[-1].copy())
            walk[-1].play(m)
        winnable = 0
        for k in range(len(played) - 1, -1, -1):
            if len(found) >= want or winnable >= SCAN:
                return
            game = walk[k]
            if not cheap_ok(game) or len(habit_choices(game)) < 2:
                continue
            status = str(self.solve(game, f"{self.variant}/{deal}/{' '.join(played[:k])}").status)
            if status == "unknown":
                return
            if status == "lost":
                continue
            winnable += 1
            choice = habit_move(game, f"{self.variant}/{deal}/{label}/{k}")
            after = game.copy()
            after.play(choice)
            key = f"{self.variant}/{deal}/{' '.join(played[:k])}/{choice}"
            if self.solve(after, key).status == "lost":
                row = self.check(deal, played[:k], str(choice), label)
                if row:
                    found.append(row)

    def from_expert_game(self, deal: int, seed: int, found: list, want: int) -> None:
        """The fair expert's lost game (won games are passed: measured on a first run, the habit
        move kept the win at every position of them tried)."""
        result = play_policy(Game(self.variant, deal=deal), Expert(), rng=seed)
        if result.status != "won":
            self.scan_game(deal, [str(m) for m in result.moves], f"the fair expert's game (seed {seed})",
                           found, want)

    def from_habit_game(self, deal: int, seed: int, found: list, want: int) -> None:
        """The habit player's own lost game."""
        game = Game(self.variant, deal=deal)
        rng = random.Random(f"{self.variant}/{deal}/habit/{seed}")
        while not game.is_won and len(game.history) < MAX_HABIT_MOVES:
            move = foundations_first(game, rng)
            if move is None:
                break
            game.play(move)
        if not game.is_won:
            self.scan_game(deal, [str(m) for m in game.history], f"{HABIT} game (seed {seed})", found, want)


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
            "habit_player": HABIT, "lines_from": "data/solver_lines.json",
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit, "machine": f"{platform.machine()}, 1 process, nice 10",
            "seconds": round(time.time() - started)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-states", type=int, default=100_000)
    parser.add_argument("--want", type=int, default=6, help="puzzles to find per game")
    parser.add_argument("--seeds", type=int, default=3, help="habit games per deal")
    parser.add_argument("--expert-runs", type=int, default=5)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--seconds", type=float, default=300, help="give up on a game after this long")
    parser.add_argument("--work", default="build/puzzles_work.jsonl")
    args = parser.parse_args()
    work = ROOT / args.work
    work.parent.mkdir(parents=True, exist_ok=True)
    done = {}
    if work.exists():
        for text in work.read_text().splitlines():
            entry = json.loads(text)
            if "key" in entry:
                done[entry["key"]] = entry["row"] or {}
            elif "solve" in entry:
                done[entry["solve"]] = entry["status"]
    lines = json.loads((ROOT / "data" / "solver_lines.json").read_text())  # its won deals first
    out_dir = ROOT / "ft_widget" / "data" / "puzzles"
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(work, "a") as log:
        for variant in args.variants.split(","):
            started = time.time()
            finder = Finder(variant, args.max_states, done, log)
            won = [d["deal"] for d in lines["deals"] if d["variant"] == variant and d["status"] == "won"]
            found: list[dict] = []
            # the candidates already judged count again (resumable)
            print(f"{variant}: {len(won)} won deals", flush=True)
            deals = won + [d for d in range(1, 32001) if d not in won]
            for deal in deals:
                if len(found) >= args.want or time.time() - started > args.seconds:
                    break
                for seed in range(args.seeds):  # the habit player's games cost nothing to play
                    if len(found) < args.want and time.time() - started < args.seconds:
                        finder.from_habit_game(deal, seed, found, args.want)
                for seed in range(args.seeds):
                    if len(found) < args.want and time.time() - started < args.seconds:
                        finder.from_expert_game(deal, seed, found, args.want)
            seen, rows = set(), []
            for row in found:
                key = (row["deal"], tuple(row["moves"]))
                if key not in seen:
                    seen.add(key)
                    rows.append(row)
            search_seconds = time.time() - started
            for row in rows:
                row["difficulty"], row["expert_hits"] = difficulty(row, args.expert_runs)
                row["explanation"] = explain(replay(variant, row["deal"], row["moves"]), row["answers"],
                                             row["habit"])
            command = (f"nice -n 10 python tools/make_puzzles.py --max-states {args.max_states} "
                       f"--want {args.want} --seeds {args.seeds} --expert-runs {args.expert_runs} "
                       f"--seconds {args.seconds:g} --variants {variant}")
            run = provenance(command, started, args.max_states, args.expert_runs)
            run.update(solves=finder.solves, solver_states=finder.states,
                       search_seconds=round(search_seconds), load_average=round(os.getloadavg()[0], 1))
            data = {"format": "ft_widget.puzzles", "variant": variant, "provenance": run, "puzzles": rows}
            (out_dir / f"{variant}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
            print(f"{variant}: {len(rows)} puzzles, {finder.solves} solves, {finder.states:,} states, "
                  f"{time.time() - started:.0f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
