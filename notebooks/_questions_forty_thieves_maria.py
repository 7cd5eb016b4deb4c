"""Forty Thieves and Maria: ``python -m ft_widget.experiments habits GAME --deals ...`` (whole
games) and ``... questions GAME ...`` (the questions along the solver's won lines) now. Kept so the
commands recorded in the data files still run."""

import argparse

from ft_widget.experiments import main

p = argparse.ArgumentParser()
p.add_argument("--games", nargs="+", default=["forty_thieves", "maria"])
p.add_argument("--deals", default="1-100")
p.add_argument("--line-states", default="150000")
p.add_argument("--verdict-states", default="50000")
p.add_argument("--per-deal", default="10")
p.add_argument("--game-deals", default="1-500")
p.add_argument("--reuse-lines", action="store_true", help="ignored: the lines are found again")
p.add_argument("--games-only", action="store_true")
p.add_argument("--out", default=None, help="folder (default: the package's data/experiments)")
args = p.parse_args()
out = ["--out", args.out] if args.out else []
for game in args.games:
    main(["habits", game, "--deals", args.game_deals, *out])
    if not args.games_only:
        main(["questions", game, "--deals", args.deals, "--line-states", args.line_states,
              "--verdict-states", args.verdict_states, "--per-deal", args.per_deal, *out])
