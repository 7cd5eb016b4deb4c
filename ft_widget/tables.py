"""pandas, for what returns tables: optional, so that playing needs none.

Playing, the engine, the solver, hints and the expert use no pandas; ``study()``, ``board.stats``
and the teaching tables return DataFrames and ask for pandas here, by name, when they run.
"""

from __future__ import annotations

INSTALL = "pip install 'ft_widget[tables]' (or pip install pandas)"


def pandas(what: str):
    """The pandas module, or an ImportError that says ``what`` needs it and how to install it."""
    try:
        import pandas as pd
    except ImportError as e:
        raise ImportError(
            f"{what} returns a pandas DataFrame, and pandas is not installed: {INSTALL}. "
            "Playing, solving and hints work without it.",
            name="pandas",
        ) from e
    return pd
