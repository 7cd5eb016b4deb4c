"""The solver's compiled core, declared here so a build can leave it out.

Everything else about the package is in pyproject.toml. The core (ft_widget/solver/_core.c) is
optional: where it cannot be compiled the install goes on and ft_widget.solve uses the
pure-Python search, which gives the same answers (more slowly).

``FT_WIDGET_PURE=1`` builds without it: a ``py3-none-any`` wheel, for hosts that cannot load a
compiled extension (Pyodide in the browser: lite/build.py builds the JupyterLite site's wheel so).
"""

import os

from setuptools import Extension, setup

PURE = os.environ.get("FT_WIDGET_PURE", "").strip().lower() in ("1", "true", "yes")

setup(
    ext_modules=[] if PURE else [
        Extension("ft_widget.solver._core", sources=["ft_widget/solver/_core.c"], optional=True),
    ],
)
