"""The review's turning point on the lost games of ``data/review_losing.md``.

The same ten games (the cautious player, ``play_policy(..., "cautious", rng=1)``, on the deals
``data/review_losing.csv`` lists), each reviewed with ``review``'s default budgets, seed 1, no
time budget: where the player's fair chances fell most (``Review.turning_point``: the fair judge
over 16 deals of the cards the player could not see, the move played against the better one),
and the fair judge's word on the solver's losing move when there is one (a mistake the player
could have seen, or a loss to the stock order).

    nice -n 10 python data/review_turning.py --workers 2

writes data/review_turning.csv (a row a game) and data/review_turning.md (the table, the command,
the commit, the CPU seconds).
"""

from __future__ import annotations

import argparse
import csv
import datetime
import multiprocessing
import pathlib
import platform
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # this checkout's ft_widget

from ft_widget import Game  # noqa: E402
from ft_widget.policies import play_policy  # noqa: E402
from ft_widget.training import review  # noqa: E402

HERE = pathlib.Path(__file__).parent
FIELDS = ["variant", "deal", "moves", "marked", "turning_point", "turning_move", "wins_played", "wins_better",
          "better", "worlds", "losing_move", "losing_move_fair", "cpu_seconds"]


def one(job: tuple[str, int]) -> dict:
    variant, deal = job
    started = time.process_time()
    played = play_policy(Game(variant, deal=deal), "cautious", rng=1)
    game = Game(variant, deal=deal)
    for m in played.moves:
        game.play(m)
    r = review(game, rng=1, progress=False)
    turn, fair = r.turning_point, r.losing_move_fair
    losing_fair = None
    if fair is not None:
        played_move = str(r.steps[r.losing_move].move)
        losing_fair = ("a mistake a player could see" if played_move in fair.losing else
                       "lost to the stock order") + " (" + "; ".join(
            f"{m.move} {m.wins}/{m.worlds}" for m in fair.moves) + ")"
    return {"variant": variant, "deal": deal, "moves": len(r.steps),
            "marked": r.count("mistake") + r.count("inaccuracy"),
            "turning_point": None if turn is None else turn.index + 1,
            "turning_move": None if turn is None else str(turn.move),
            "wins_played": None if turn is None else turn.wins_played,
            "wins_better": None if turn is None else turn.wins_better,
            "better": None if turn is None else str(turn.better),
            "worlds": r.budgets["turning_worlds"],
            "losing_move": None if r.losing_move is None else r.losing_move + 1,
            "losing_move_fair": losing_fair, "cpu_seconds": round(time.process_time() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    with open(HERE / "review_losing.csv", newline="") as f:
        jobs = [(row["variant"], int(row["deal"])) for row in csv.DictReader(f)]
    with multiprocessing.Pool(args.workers) as pool:
        rows = pool.map(one, jobs)
    with open(HERE / "review_turning.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                            text=True).stdout.strip()
    named = sum(r["turning_point"] is not None for r in rows)
    lines = ["# The review's turning point on the lost games of data/review_losing.md", "",
             f"`nice -n 10 python data/review_turning.py --workers {args.workers}`: the {len(rows)} games of "
             "data/review_losing.csv, each reviewed with review's default budgets (seed 1, no time budget).",
             "", f"Commit {commit}; Python {platform.python_version()}; "
             f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC.", "",
             f"A turning point named in {named} of {len(rows)} games; CPU seconds a game (the whole review): "
             f"median {sorted(r['cpu_seconds'] for r in rows)[len(rows) // 2]}.", "",
             "| game | deal | moves | marked by the expert's estimate "
             "| turning point (wins of 16: played / better) | the solver's losing move "
             "| the fair judge on it "
             "| CPU s |",
             "|---|---:|---:|---:|---|---:|---|---:|"]
    for r in rows:
        turn = "–" if r["turning_point"] is None else (
            f"move {r['turning_point']} ({r['turning_move']}): {r['wins_played']} / {r['wins_better']} "
            f"({r['better']})")
        lines.append(f"| {r['variant']} | {r['deal']} | {r['moves']} | {r['marked']} | {turn} | "
                     f"{r['losing_move'] or '–'} | {r['losing_move_fair'] or '–'} | {r['cpu_seconds']} |")
    (HERE / "review_turning.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
