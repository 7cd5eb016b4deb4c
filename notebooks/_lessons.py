"""``python -m ft_widget.experiments lessons ...`` now (it writes ft_widget/data/teaching/). Kept so the
commands recorded in the data files still run."""

import sys

from ft_widget.experiments import main

sys.exit(main(["lessons", *sys.argv[1:]]))
