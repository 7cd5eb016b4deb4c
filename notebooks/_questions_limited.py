"""Limited: ``python -m ft_widget.experiments habits limited ...`` now. Kept so the command recorded in
the data files still runs."""

import sys

from ft_widget.experiments import main

sys.exit(main(["habits", "limited", *sys.argv[1:]]))
