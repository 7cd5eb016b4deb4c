"""Indian: ``python -m ft_widget.experiments habits indian ...`` now. Kept so the command recorded in
the data files still runs."""

import sys

from ft_widget.experiments import main

sys.exit(main(["habits", "indian", *sys.argv[1:]]))
