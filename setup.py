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


def one_build_at_a_time():
    """pip builds this checkout in place (build/, ft_widget.egg-info/), so two builds at once (the
    test suite's wheel tests and the offline site's build run side by side) write the same files
    and one fails ("File exists: build/bdist.../ft_widget-0.1.0.dist-info"). Each of pip's build
    steps runs this file in a process of its own: the process waits for an exclusive lock on
    build/.build-lock and holds it until it ends. Not POSIX (no fcntl): no lock."""
    try:
        import fcntl
    except ImportError:
        return None
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "build")
    os.makedirs(folder, exist_ok=True)
    handle = open(os.path.join(folder, ".build-lock"), "w")
    fcntl.flock(handle, fcntl.LOCK_EX)
    return handle


_LOCK = one_build_at_a_time()  # held while this process lives

setup(
    ext_modules=[] if PURE else [
        Extension("ft_widget.solver._core", sources=["ft_widget/solver/_core.c"], optional=True),
    ],
)
