"""The package's layout keeps its promises: no import cycles (not even behind a function's local
import) and no module reaching into another's private names."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ft_widget"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """Every ft_widget module ``path`` imports, anywhere in it, with the names it takes."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                   for n in ast.walk(block)}  # imports for type hints never run
    out = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            names = [a.name for a in node.names]
            if not node.module:  # from . import rules: the submodules themselves
                out += [(f"{base}.{n}", []) for n in names]
            else:
                out.append((target, names))
        elif isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names if a.name.startswith("ft_widget.")]
    return out


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def test_no_module_imports_another_modules_private_names():
    leaks = [(m, target, n) for m, p in MODULES.items() for target, names in imports(p)
             for n in names if n.startswith("_") and n != "__version__" and target != m]
    assert leaks == []


def test_the_import_graph_has_no_cycle():
    graph = {m: {t for t, _ in imports(p) if t in MODULES and t != "ft_widget" and t != m}
             for m, p in MODULES.items() if m != "ft_widget"}
    assert graph["ft_widget.game"] >= {"ft_widget.rules", "ft_widget.moves"}  # the graph is real
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for t in sorted(graph.get(m, ())):
            assert state.get(t) != 1, " -> ".join(path + [m, t])
            if t not in state:
                visit(t, path + [m])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
