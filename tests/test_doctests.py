"""The examples in the package's docstrings run as written.

The modules are found, not listed: every module of the package whose source holds an example
(``>>>``) is run, and each must run at least one, so a new example cannot be left out and a
module cannot be counted as tested while running none.
"""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

import ft_widget

PACKAGE = pathlib.Path(ft_widget.__file__).parent


def _modules_with_examples() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" not in path.read_text(encoding="utf-8"):
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = _modules_with_examples()


def test_the_examples_are_found():
    # The modules whose examples the README and the docstrings lean on.
    assert {"ft_widget", "ft_widget.game", "ft_widget.moves", "ft_widget.training.puzzles",
            "ft_widget.expert", "ft_widget.solver", "ft_widget.hints"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has '>>>' in its source but no example ran"
    assert result.failed == 0
