"""``python -m ft_widget.experiments decisions ...`` now (it writes ft_widget/data/teaching/). Kept so the
commands recorded in the data files still run."""

import sys

from ft_widget.experiments import main

sys.exit(main(["decisions", *sys.argv[1:]]))
