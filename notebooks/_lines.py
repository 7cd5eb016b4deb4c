"""Solve a range of deals of every variant and keep the solver's winning lines.

The variant notebooks replay these lines (each is checked move by move through the engine
when it is replayed) and measure how the solver plays: when it first empties a column, how
often it moves sequences, how many passes through the stock it needs. Storing the lines
keeps the notebooks fast and independent of the search's timing on the machine at hand.

Regenerate (a few minutes on two cores)::

    python notebooks/_lines.py --deals 1-30 --max-states 60000 --out data/solver_lines.json
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from concurrent.futures import ProcessPoolExecutor

from ft_widget import VARIANTS, Game
from ft_widget.solver import solve
from ft_widget.studies import parse_deals


def _solve(job: tuple[str, int, float, int]) -> dict:
    variant, deal, time_limit, max_states = job
    result = solve(Game(variant, deal=deal), time_limit=time_limit, max_states=max_states)
    row = {"variant": variant, "deal": deal, "status": result.status, "states": result.states}
    if result.status == "won":
        row["moves"] = list(result.moves)
    return row


def commit() -> str:
    """The checked-out commit, recorded in the data files (also used by _single_rule.py)."""
    import subprocess

    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def provenance(command: str, args: argparse.Namespace, start: float) -> dict:
    """Where a data file came from: its command, the solver's commit and budget, the machine
    (also used by _single_rule.py)."""
    return {
        "command": command,
        "solver": "ft_widget.solve at commit " + commit(),
        "max_states": args.max_states,
        "time_limit": args.time_limit,
        "machine": f"{platform.machine()}, {args.workers} worker process{'es' if args.workers != 1 else ''}",
        "wall_seconds": round(time.time() - start),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-30", help="deal numbers, e.g. 1-30")
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds per deal, a safety net")
    parser.add_argument("--max-states", type=int, default=60_000,
                        help="the search budget per deal (all of the solver's searches together): "
                             "the same result on any machine")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--out", default="data/solver_lines.json")
    args = parser.parse_args()
    jobs = [(v, d, args.time_limit, args.max_states)
            for v in args.variants.split(",") for d in parse_deals(args.deals)]
    start = time.time()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(_solve, jobs))
    data = provenance(f"python notebooks/_lines.py --deals {args.deals} --max-states {args.max_states}",
                      args, start)
    data["deals"] = rows
    with open(args.out, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    for v in args.variants.split(","):
        got = [r for r in rows if r["variant"] == v]
        print(v, {s: sum(r["status"] == s for r in got) for s in ("won", "lost", "unknown")})


if __name__ == "__main__":
    main()
