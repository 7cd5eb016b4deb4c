"""Streets and Number Ten: ``python -m ft_widget.experiments habits GAME ...`` now.
Kept so the commands recorded in the data files still run: ``--game GAME`` becomes the game."""

import sys

from ft_widget.experiments import main

args = sys.argv[1:]
at = args.index("--game")
sys.exit(main(["habits", args[at + 1], *args[:at], *args[at + 2:]]))
