"""How the fair expert's strength grows with its budget: Forty Thieves deals 30001-30200 (the range
its defaults were chosen on), one row per budget, written to data/expert_budget.md and .csv.

    python data/expert_budget.py --deals 30001-30200 --processes 2
"""

from __future__ import annotations

import argparse
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ft_widget import Game, play_policy
from ft_widget.expert import Expert
from ft_widget.policies import cautious_choice
from ft_widget.studies import machine, parse_deals, wilson

HERE = Path(__file__).resolve().parent
#: (worlds a search, solver states a world, solver states a game); the default is marked
BUDGETS = [(3, 4_000, 120_000), (3, 20_000, 1_000_000), (5, 20_000, 2_000_000),
           (8, 20_000, 4_000_000), (5, 50_000, 5_000_000)]
DEFAULT = (5, 20_000, 2_000_000)


def _play(job):
    variant, deal, (worlds, per_world, per_game) = job
    expert = Expert(worlds=worlds, give_up=worlds, max_states=per_world, game_states=per_game,
                    fallback=cautious_choice)
    c0 = time.process_time()
    result = play_policy(Game(variant, deal=deal), expert, random.Random(f"{variant}/{deal}"))
    return result.status == "won", result.cards_home, time.process_time() - c0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="forty_thieves")
    ap.add_argument("--deals", default="30001-30200")
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    deals = parse_deals(args.deals)
    d = Expert()
    assert (d.worlds, d.max_states, d.game_states) == DEFAULT, "update DEFAULT to the expert's defaults"
    rows = []
    start, load = time.strftime("%H:%M UTC", time.gmtime()), os.getloadavg()[0]
    with ProcessPoolExecutor(args.processes) as pool:
        for budget in BUDGETS:
            played = list(pool.map(_play, [(args.variant, deal, budget) for deal in deals]))
            won = sum(w for w, _, _ in played)
            lo, hi = wilson(won, len(played))
            rows.append({"samples": budget[0], "states a world": budget[1], "states a game": budget[2],
                         "default": budget == DEFAULT, "deals": len(played), "won": won,
                         "95% CI": f"{lo:.3f}–{hi:.3f}",
                         "cards home": round(sum(h for _, h, _ in played) / len(played), 1),
                         "CPU s a game": round(sum(c for _, _, c in played) / len(played), 2)})
            print(rows[-1], flush=True)
    import pandas as pd

    table = pd.DataFrame(rows)
    table.to_csv(HERE / "expert_budget.csv", index=False)
    header = "| " + " | ".join(table.columns) + " |\n|" + "---|" * len(table.columns) + "\n"
    body = "".join("| " + " | ".join(str(v) for v in r) + " |\n" for r in table.itertuples(index=False))
    (HERE / "expert_budget.md").write_text(
        f"# The fair expert's strength against its budget ({args.variant}, deals {args.deals})\n\n"
        "Per budget: the expert searches `samples` sampled worlds at a decision, each with at most "
        "`states a world` solver states, and stops searching in a game after `states a game`. "
        "These deals are the range the defaults were chosen on; the expert table "
        "(`expert_table.md`) uses other deals.\n\n" + header + body +
        f"\nCommand: `python data/expert_budget.py --variant {args.variant} --deals {args.deals} "
        f"--processes {args.processes}`. Started {start} with load average {load:.1f}; "
        f"machine: {machine()}.\n", encoding="utf-8")


if __name__ == "__main__":
    main()
