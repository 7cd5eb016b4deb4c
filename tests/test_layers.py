"""Layers that point one way: each ft_widget module imports only its own layer and those below.

The order is the architecture's (``/work/shared/ARCHITECTURE.md``; the README's layout lists it):
cards and notation, the rules, the games as data, the engine, the words, the pictures, the solver,
the fair players, hints, training (review, graded deals, puzzles), studies and benchmarks, and on
top the notebooks' helpers and the board. The modules' imports are read with ``ast``, never run.

A function-level import of the package's own modules hides a layer's dependency from this reading
(and from the next engineer): none is allowed but the few in ``FUNCTION_IMPORTS``, each with the
reason it must wait (a heavy optional dependency such as pandas or Dask, or a platform's module).
"""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "ft_widget"

#: Bottom to top. A module may import its own layer (without a cycle) and any layer below.
#: A module is placed by its first name under ft_widget ("solver.search" is "solver"); the
#: package's ``__init__`` ("") is its front door, above everything it exports.
LAYERS: list[tuple[str, ...]] = [
    ("limits", "tables", "i18n"),  # argument checks; the optional pandas; the language of the words
    ("cards", "moves"),  # cards as ints, notation, Move, Choice
    ("rules",),  # THE rules
    ("variants", "deal"),  # the nine games as data; PySolFC deal numbers
    ("game", "position"),  # Game: play/undo/redo, legal moves, positions, records, Outcome
    ("words",),  # every phrase about a move, a hint, a status, an ending
    ("render",),  # static pictures
    ("solver",),  # the all-seeing search
    ("policies", "expert", "habits"),  # fair players; the habits the experiments change
    ("hints",),  # fair hint and peek hint
    ("training", "puzzle"),  # review of a game, graded deals, puzzles
    ("studies", "bench"),  # many games; benchmarks
    ("teaching", "board", "experiments"),  # the notebooks' helpers; the board; the experiments
    ("",),  # ft_widget/__init__.py
]
RANK = {name: i for i, layer in enumerate(LAYERS) for name in layer}

#: (module, what it imports inside a function) -> why it waits until it is needed.
FUNCTION_IMPORTS: dict[tuple[str, str], str] = {
    ("ft_widget", "ft_widget.studies"):
        "study() brings pandas and tqdm; `python -m ft_widget.studies` would import itself twice",
    ("ft_widget.studies", "tqdm.auto"): "a progress bar for study() only, and tqdm.auto probes for Jupyter",
    ("ft_widget.training.review", "tqdm.auto"): "review()'s progress bar only; tqdm.auto probes for Jupyter",
    ("ft_widget.studies", "cloudpickle"):
        "ships with Dask (the dask extra); only to send a notebook's function",
    ("ft_widget.studies", "dask.distributed"): "Dask is optional (the dask extra)",
    ("ft_widget.studies", "concurrent.futures"):
        "its as_completed and Dask's share a name in the one function that picks either",
    ("ft_widget.tables", "pandas"): "pandas is optional: tables.pandas() says how to install it",
    ("ft_widget.teaching", "numpy"): "comes with pandas, which playing does not need",
    ("ft_widget.board.saving", "fcntl"): "POSIX only: save-file locks where the platform has them",
    ("ft_widget.training.browser_storage", "pyodide.code"): "Pyodide's: only in the browser's kernel",
    ("ft_widget.training.browser_storage", "pyodide_js"): "Pyodide's: only in the browser's kernel",
    ("ft_widget.experiments", "concurrent.futures"):
        "process pools only to make the data; the zero-install site (Pyodide) imports the module to read it",
    ("ft_widget.experiments", "subprocess"):
        "git for a run's record only; Pyodide imports the module, never runs it",
}


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, pathlib.Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "static" not in p.parts}


def _resolve(module: str, is_package: bool, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The absolute names an import statement brings in (a ``from . import x`` names submodules)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level == 0:
        base = node.module or ""
    else:
        here = module.split(".") if is_package else module.split(".")[:-1]
        base = ".".join(here[: len(here) - (node.level - 1)] + ([node.module] if node.module else []))
    if node.module is None:  # from . import a, b: each may be a module
        return [f"{base}.{a.name}" for a in node.names]
    return [base]


def imports(source: str, module: str, is_package: bool = False) -> tuple[list[str], list[str]]:
    """``(module-level imports, function-level imports)`` of ``source``, as absolute names."""
    tree = ast.parse(source)
    top: list[str] = []
    inner: list[str] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                (inner if in_function else top).extend(_resolve(module, is_package, child))
            function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(child, in_function or function)

    visit(tree, False)
    return top, inner


def own(name: str) -> bool:
    return name == "ft_widget" or name.startswith("ft_widget.")


def layer_of(name: str) -> str:
    """``ft_widget.solver.search`` -> ``solver``; ``ft_widget`` -> ``""``."""
    return name.removeprefix("ft_widget").lstrip(".").split(".")[0]


def upward(module: str, imported: list[str]) -> list[str]:
    """The imports of ``module`` that point to a layer above its own."""
    return [n for n in imported if own(n) and RANK[layer_of(n)] > RANK[layer_of(module)]]


def read_all() -> dict[str, tuple[list[str], list[str]]]:
    return {m: imports(p.read_text(), m, p.name == "__init__.py") for m, p in modules().items()}


def test_every_module_has_a_layer():
    missing = sorted(m for m in modules() if layer_of(m) not in RANK)
    assert not missing, f"place these in LAYERS (and in the architecture's order): {missing}"


def test_imports_point_down_the_layers():
    bad = {m: up for m, (top, _) in read_all().items() if (up := upward(m, top))}
    assert not bad, f"imports of a layer above: {bad}"


def test_no_import_cycle_within_a_layer():
    graph = {m: {n for n in top if own(n) and n != m} for m, (top, _) in read_all().items()}
    # a name imported "from . import x" may be an attribute, not a module: keep the modules only
    graph = {m: {n for n in deps if n in graph} for m, deps in graph.items()}
    done: set[str] = set()

    def walk(m: str, path: list[str]) -> None:
        if m in path:
            raise AssertionError(f"import cycle: {' -> '.join(path[path.index(m):] + [m])}")
        if m in done:
            return
        for n in graph[m]:
            walk(n, path + [m])
        done.add(m)

    for m in graph:
        walk(m, [])


def test_function_level_imports_are_only_the_deferred_optional_ones():
    found = {(m, n) for m, (_, inner) in read_all().items() for n in inner}
    unexplained = sorted(found - FUNCTION_IMPORTS.keys())
    assert not unexplained, f"import these at the top, or give the reason they wait: {unexplained}"
    stale = sorted(FUNCTION_IMPORTS.keys() - found)
    assert not stale, f"FUNCTION_IMPORTS names imports that are gone: {stale}"
    assert all(len(why) > 20 for why in FUNCTION_IMPORTS.values())
    own_deferred = [pair for pair in found if own(pair[1])]
    assert own_deferred == [("ft_widget", "ft_widget.studies")], own_deferred


@pytest.mark.parametrize("source, module, expected", [
    ("from .board import Board", "ft_widget.game", ["ft_widget.board"]),
    ("from .. import hints", "ft_widget.solver.search", ["ft_widget.hints"]),
    ("import ft_widget.expert", "ft_widget.rules", ["ft_widget.expert"]),
    ("from .game import Game", "ft_widget.words", []),
    ("from . import rules", "ft_widget.render", []),
])
def test_the_reading_finds_an_import_that_points_up(source, module, expected):
    top, _ = imports(source, module)
    assert upward(module, top) == expected


def test_the_reading_tells_function_level_imports_apart():
    source = "import os\ndef f():\n    from .studies import study\n    return study\n"
    assert imports(source, "ft_widget.game") == (["os"], ["ft_widget.studies"])
