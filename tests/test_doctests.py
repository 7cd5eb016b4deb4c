"""The examples in the package's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["ft_widget", "ft_widget.cards", "ft_widget.game", "ft_widget.rules", "ft_widget.variants",
           "ft_widget.policies", "ft_widget.solver", "ft_widget.solver.search", "ft_widget.studies"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
