"""``python -m ft_widget.experiments lines ...`` now (it writes ft_widget/data/teaching/). Kept so the
commands recorded in the data files still run."""

import sys

from ft_widget.experiments import main

sys.exit(main(["lines", *sys.argv[1:]]))
