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
    python data/expert_table.py runs/ other-runs/ --notes notes.md

Each folder is one deal range, with a table of its own. Only variants that all three players
finished are tabled.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from ft_widget.studies import machine, side_by_side
from ft_widget.variants import VARIANTS

PLAYERS = ("expert", "foundations_first", "solver")
HERE = Path(__file__).resolve().parent


def range_table(folder: Path) -> tuple[str, pd.DataFrame, pd.DataFrame]:
    """One deal range's study CSVs (``<player>-<variant>.csv`` in ``folder``): its name ("lo-hi"),
    every row, and the summary (``side_by_side``). Only variants all three players finished count."""
    frames = {p: [] for p in PLAYERS}
    for v in VARIANTS:
        found = {p: folder / f"{p}-{v}.csv" for p in PLAYERS}
        if all(f.exists() for f in found.values()):
            for p, path in found.items():
                frames[p].append(pd.read_csv(path))
    frames = {p: pd.concat(fs, ignore_index=True) for p, fs in frames.items()}
    rows = pd.concat([df.assign(player=p) for p, df in frames.items()], ignore_index=True)
    return f"{rows['deal'].min()}-{rows['deal'].max()}", rows, side_by_side(frames)


def markdown(table: pd.DataFrame) -> list[str]:
    lines = ["| game | deals | expert won | expert 95% CI | foundations_first won | 95% CI | "
             "solver won | solver 95% CI | expert ÷ solver | expert s/game (mean / worst) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        ratio = f"{r.expert_won / r.solver_won:.2f}" if r.solver_won else "–"
        lines.append(f"| {VARIANTS[r.variant].name} | {r.deals} | {r.expert_won} | {r.expert_ci95} | "
                     f"{r.foundations_first_won} | {r.foundations_first_ci95} | {r.solver_won} | "
                     f"{r.solver_ci95} | {ratio} | {r.expert_mean_s:.2f} / {r.expert_worst_s:.2f} |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+", type=Path, help="one folder of study CSVs per deal range")
    ap.add_argument("--notes", type=Path, default=None, help="Markdown to put under the tables")
    args = ap.parse_args()
    sections, files = [], []
    for i, folder in enumerate(args.folders):
        name, rows, table = range_table(folder)
        # the first range keeps the plain names (the notebooks read them); the others are named
        stem = "expert_table" if i == 0 else f"expert_table_{name}"
        rows.to_csv(HERE / f"{stem}.csv", index=False)
        table.to_csv(HERE / f"{stem}_summary.csv", index=False)
        files.append(f"`{stem}.csv` and `{stem}_summary.csv`")
        sections.append(f"## Deals {name.replace('-', '–')}\n\n" + "\n".join(markdown(table)))
    notes = args.notes.read_text(encoding="utf-8") if args.notes else ""
    text = ("# The expert table: a fair expert, foundations-first and the thoughtful solver "
            "on the same deals\n\n"
            f"Files, one pair a range: {', '.join(files)} (every row: variant, deal, result, moves, "
            "seconds, states, player; and the table). Built by `data/expert_table.py`.\n\n"
            + "\n\n".join(sections) + "\n\n" + notes + f"\nMachine: {machine()}.\n")
    (HERE / "expert_table.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
