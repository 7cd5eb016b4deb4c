"""Assemble the expert table (data/expert_table.md and .csv) from the per-variant study CSVs.

The rows come from ``python -m ft_widget.studies`` runs (through ``study()``), one CSV per player and
variant, named ``<player>-<variant>.csv`` in the folders given::

    for v in <variants>; do
      python -m ft_widget.studies --variants $v --deals 10001-10100 --policy expert \
        --processes 2 --out runs/expert-$v.csv
      python -m ft_widget.studies --variants $v --deals 10001-10100 --policy foundations_first \
        --processes 2 --out runs/foundations_first-$v.csv
      python -m ft_widget.studies --variants $v --deals 10001-10100 --time-limit 3600 \
        --max-states 5000000 --processes 2 --out runs/solver-$v.csv
    done
    python data/expert_table.py runs/ --notes notes.md

Only variants that all three players finished are tabled.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from ft_widget.studies import machine, side_by_side
from ft_widget.variants import VARIANTS

PLAYERS = ("expert", "foundations_first", "solver")
HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--notes", type=Path, default=None, help="Markdown to put under the table")
    args = ap.parse_args()
    frames = {p: [] for p in PLAYERS}
    for v in VARIANTS:
        found = {p: next((f / f"{p}-{v}.csv" for f in args.folders if (f / f"{p}-{v}.csv").exists()), None)
                 for p in PLAYERS}
        if all(found.values()):
            for p, path in found.items():
                frames[p].append(pd.read_csv(path))
    frames = {p: pd.concat(fs, ignore_index=True) for p, fs in frames.items()}
    rows = pd.concat([df.assign(player=p) for p, df in frames.items()], ignore_index=True)
    rows.to_csv(HERE / "expert_table.csv", index=False)
    table = side_by_side(frames)
    table.to_csv(HERE / "expert_table_summary.csv", index=False)
    lines = ["| game | deals | expert won | expert 95% CI | foundations_first won | 95% CI | "
             "solver won | solver 95% CI | expert ÷ solver | expert s/game |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        ratio = f"{r.expert_won / r.solver_won:.2f}" if r.solver_won else "–"
        lines.append(f"| {VARIANTS[r.variant].name} | {r.deals} | {r.expert_won} | {r.expert_ci95} | "
                     f"{r.foundations_first_won} | {r.foundations_first_ci95} | {r.solver_won} | "
                     f"{r.solver_ci95} | {ratio} | {r.expert_mean_s} |")
    notes = args.notes.read_text(encoding="utf-8") if args.notes else ""
    text = ("# The expert table: a fair expert, foundations-first and the thoughtful solver "
            "on the same deals\n\n"
            "Files: `expert_table.csv` (one row per player and deal: variant, deal, result, moves, "
            "seconds, states, player) and `expert_table_summary.csv` (the table below). "
            "Built by `data/expert_table.py`.\n\n"
            + "\n".join(lines) + "\n\n" + notes + f"\nMachine: {machine()}.\n")
    (HERE / "expert_table.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
