"""Change one rule of Forty Thieves at a time and let the solver measure each change.

Every variant here is ``dataclasses.replace(VARIANTS["forty_thieves"], ...)`` with one rule
changed; ``10_rule_differences.ipynb`` reads the results to show which single change moves
difficulty the most. Regenerate (about 20 minutes on one core)::

    python notebooks/_single_rule.py --deals 1-30 --max-states 60000 --out data/single_rule.json
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from _lines import provenance  # run as a script: notebooks/ is on sys.path

from ft_widget import VARIANTS, Build, Game
from ft_widget.solver import solve
from ft_widget.studies import parse_deals

FT = VARIANTS["forty_thieves"]

#: name -> the rule fields that change; each is one rule of another variant.
CHANGES = {
    "Forty Thieves (no change)": {},
    "build in any other suit (Indian, Little Forty)": {"build": Build.OTHER_SUIT},
    "build in alternate colours (Streets, Maria, …)": {"build": Build.ALTERNATE_COLOUR},
    "sequences move (Little Forty, Number Ten, …)": {"sequences": True},
    "deal 12 × 3 (Limited)": {"columns": 12, "cards_per_column": 3},
    "deal 13 × 3 (Lucas' layout)": {"columns": 13, "cards_per_column": 3},
    "deal 9 × 4 (Maria's layout)": {"columns": 9},
    "Aces start home (Lucas)": {"aces_start": True},
    "stock 3 at a time, 3 redeals (Little Forty)": {"stock_deal": 3, "redeals": 3},
}


def variant_for(name: str):
    return replace(FT, id=f"forty_thieves_changed_{list(CHANGES).index(name)}", name=name, **CHANGES[name])


def _solve(job: tuple[str, int, float, int]) -> dict:
    name, deal, time_limit, max_states = job
    result = solve(Game(variant_for(name), deal=deal), time_limit=time_limit, max_states=max_states)
    return {"change": name, "deal": deal, "status": result.status, "moves": len(result.moves)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-30")
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds per deal, a safety net")
    parser.add_argument("--max-states", type=int, default=60_000,
                        help="the search budget per deal (all of the solver's searches together): "
                             "the same result on any machine")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", default="data/single_rule.json")
    args = parser.parse_args()
    deals = parse_deals(args.deals)
    jobs = [(name, d, args.time_limit, args.max_states) for name in CHANGES for d in deals]
    start = time.time()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(_solve, jobs))
    data = provenance(f"python notebooks/_single_rule.py --deals {args.deals} --max-states {args.max_states}",
                      args, start)
    data["changes"] = {name: {k: str(v) for k, v in fields.items()} for name, fields in CHANGES.items()}
    data["deals"] = rows
    with open(args.out, "w") as f:
        json.dump(data, f, indent=0)
        f.write("\n")
    for name in CHANGES:
        got = [r["status"] for r in rows if r["change"] == name]
        counts = "  ".join(f"{s} {got.count(s):3}" for s in ("won", "lost", "unknown"))
        print(f"{name:50} {counts}")


if __name__ == "__main__":
    main()
