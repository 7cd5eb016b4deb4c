"""Builds the solver's compiled search core; everything else about the package is in pyproject.toml.

The extension is optional: where it cannot be compiled, installation goes on and
``ft_widget.solve`` uses the pure-Python search, which gives the same answers (more slowly).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("ft_widget.solver._core", ["ft_widget/solver/_core.c"], optional=True)])
