"""How far the solver reaches from the opening on: the share of sampled worlds it leaves unknown.

Everything fair in ft_widget (hints, the expert, the review, the fair judge of puzzles) solves
*worlds*: a position with the cards its player cannot see dealt at random. A world the solver
leaves "unknown" within its budget says nothing. This measures how many, at a fixed state budget
(no clock, so the figures hold on any machine):

- the player: the cautious habit player (``play_policy(Game(variant, deal), "cautious", rng=1)``)
  on deals ``--deals`` of every game;
- the positions: after ``--at`` moves of its game (10 and 40 by default; a game shorter than that
  gives no position there);
- the worlds: ``--worlds`` worlds of each position (``PlayerView.sample`` with seeds 0, 1, ...),
  each solved with ``solve(world, time_limit=None, max_states=--max-states)``.

    nice -n 10 python data/world_reach.py --workers 2 --deals 1-20 --before data/world_reach_before.csv

writes data/world_reach.csv (a row a world) and data/world_reach.md (unknown share per game and
position, overall, with the command, the commit and the CPU seconds). Issue 42's targets: at most
10 % unknown overall at 1,000,000 states, at most 25 % in any game.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import multiprocessing
import pathlib
import platform
import random
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's ft_widget

from ft_widget import VARIANTS, Game, solve  # noqa: E402
from ft_widget.expert import player_view  # noqa: E402
from ft_widget.policies import play_policy  # noqa: E402
from ft_widget.training.fair import wilson  # noqa: E402

HERE = pathlib.Path(__file__).parent
FIELDS = ["variant", "deal", "at", "world", "status", "states", "cpu_seconds"]


def positions(job: tuple) -> list[dict]:
    """The worlds of one deal's positions, solved."""
    variant, deal, at, worlds, max_states = job
    played = play_policy(Game(variant, deal=deal), "cautious", rng=1)
    rows = []
    for k in at:
        if len(played.moves) < k:
            continue
        game = Game(variant, deal=deal)
        for m in played.moves[:k]:
            game.play(m)
        view = player_view(game)
        for w in range(worlds):
            world = view.sample(random.Random(w))
            started = time.process_time()
            result = solve(world, time_limit=None, max_states=max_states)
            status = result.status if result.status in ("won", "lost") else "unknown"
            rows.append({"variant": variant, "deal": deal, "at": k, "world": w, "status": status,
                         "states": result.states, "cpu_seconds": round(time.process_time() - started, 3)})
    return rows


def read(path: pathlib.Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def share(rows: list[dict]) -> str:
    n = len(rows)
    unknown = sum(r["status"] == "unknown" for r in rows)
    if not n:
        return "–"
    low, high = wilson(unknown, n)
    return f"{unknown} of {n} ({unknown / n:.0%}; {low:.0%}–{high:.0%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-5", help="a range of deal numbers, as 1-5")
    parser.add_argument("--at", default="10,40", help="moves into the game")
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--max-states", type=int, default=1_000_000)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", default="world_reach", help="file names under data/")
    parser.add_argument("--before", default=None,
                        help="a CSV of an earlier run to set beside this one, game by game")
    parser.add_argument("--report-only", action="store_true",
                        help="solve nothing: write the .md from the .csv of --out (and --before)")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    at = [int(k) for k in args.at.split(",")]
    variants = args.variants.split(",")
    jobs = [(v, d, at, args.worlds, args.max_states) for v in variants for d in deals]
    started = time.time()
    if args.report_only:
        rows = read(HERE / f"{args.out}.csv")
    else:
        with multiprocessing.Pool(args.workers) as pool:
            rows = [r for found in pool.map(positions, jobs) for r in found]
        with open(HERE / f"{args.out}.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, FIELDS)
            writer.writeheader()
            writer.writerows(rows)
    before = read(pathlib.Path(args.before)) if args.before else None
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                            text=True).stdout.strip()
    given = [a for a in sys.argv[1:] if a != "--report-only"]  # the command that made the CSV
    command = "nice -n 10 python data/world_reach.py " + " ".join(given)
    lines = [f"# Worlds the solver leaves unknown at {args.max_states:,} states", "",
             f"`{command}`: the cautious player on deals {args.deals} of each game, the positions "
             f"after {' and '.join(map(str, at))} moves of its game, {args.worlds} sampled worlds each, "
             f"each solved to {args.max_states:,} states (no clock).", "",
             f"Commit {commit}; Python {platform.python_version()}; {platform.machine()}; "
             f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; "
             + ("the table written again from the CSV (--report-only); " if args.report_only else
                f"{args.workers} process(es), {time.time() - started:.0f} s wall, ")
             + f"{sum(float(r['cpu_seconds']) for r in rows):.0f} CPU s of solving.",
             "", f"**Unknown overall: {share(rows)}** (Wilson 95 % interval)"
             + (f"; before: {share(before)}." if before else "."), "",
             "| game | " + " | ".join(f"after {k} moves" for k in at) + " | both |"
             + (" both, before |" if before else ""),
             "|---|" + "---|" * (len(at) + 1 + bool(before))]
    for v in variants:
        mine = [r for r in rows if r["variant"] == v]
        by_place = " | ".join(share([r for r in mine if int(r["at"]) == k]) for k in at)
        was = f" {share([r for r in before if r['variant'] == v])} |" if before else ""
        lines.append(f"| {VARIANTS[v].name} | {by_place} | {share(mine)} |{was}")
    if before:
        lines += ["", f"Before: `{args.before}`, the same worlds solved by the solver of its own run "
                  "(its .md names the commit)."]
    (HERE / f"{args.out}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
