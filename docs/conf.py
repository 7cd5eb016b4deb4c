"""Sphinx configuration of the documentation site (see docs/contributing.md, "The documentation").

Build: ``python -m sphinx -W --keep-going -b html docs docs/_build/html`` from the repository root.
The notebooks are rendered from their stored outputs (never executed); they are copied here from
``notebooks/`` at the start of every build, so the site always shows the committed ones.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
sys.path.insert(0, str(REPO))  # the package of this checkout, installed or not

# ---------------------------------------------------------------------------------- links
# The pages and notebooks link as they read on GitHub: to files of the repository (data/…, tools/…)
# and, from the notebooks, to ../README.md#… and ../docs/….md. In the site a file outside docs/
# becomes a download (MyST's "path:" links, copied into the site), a README section the page
# that holds it now, and a notebook's heading anchor (Jupyter's "The-fair-expert") MyST's
# ("the-fair-expert").
README_SECTIONS = {"puzzles": "training.md#puzzles", "review-a-game": "training.md#review-a-game"}
LINK = re.compile(r"\]\((?!https?:|mailto:|path:)([^)\s]*)\)")


def site_link(target: str, source: Path, copy: Path) -> str:
    """``target``, a link written in ``source`` (a file of the repository), as the site's copy
    of that file at ``copy`` (under docs/) must write it."""
    path, _, anchor = target.partition("#")
    if anchor and (not path or path.endswith(".ipynb")):
        anchor = anchor.lower()
    if not path:
        return f"#{anchor}"
    real = (source.parent / path).resolve()
    if real == REPO / "README.md":
        page, _, section = README_SECTIONS.get(anchor, "index.md").partition("#")
        return os.path.relpath(DOCS / page, copy.parent) + (f"#{section}" if section else "")
    if real.suffix == ".ipynb" and real.parent == REPO / "notebooks":
        real = NOTEBOOKS / real.name
    if not real.exists() or not real.is_relative_to(REPO):
        return target  # Sphinx says what is wrong with it
    rel = os.path.relpath(real, copy.parent)
    if not real.is_relative_to(DOCS):
        return "path:" + rel  # a download: the file itself, copied into the site
    return rel + (f"#{anchor}" if anchor else "")


def relink(text: str, source: Path, copy: Path) -> str:
    return LINK.sub(lambda m: f"]({site_link(m.group(1), source, copy)})", text)


def relink_page(app, docname, content):
    """Links of a docs/ page to files outside docs/ become downloads (see above)."""
    source = Path(app.env.doc2path(docname))
    if source.suffix == ".md" and source.is_relative_to(DOCS) and not source.is_relative_to(NOTEBOOKS):
        content[0] = relink(content[0], source, source)


def setup(app):
    app.connect("source-read", relink_page)


# ------------------------------------------------------------------------------------ notebooks
NOTEBOOKS = DOCS / "notebooks"  # a build product (.gitignore): the committed notebooks, relinked
NOTEBOOKS.mkdir(exist_ok=True)
# the lessons, and the first one's translations (notebooks/<lang>/00_start_here.ipynb)
LESSONS = [*(REPO / "notebooks").glob("*.ipynb"), *(REPO / "notebooks").glob("*/00_start_here.ipynb")]
SHOWN = {lesson.relative_to(REPO / "notebooks") for lesson in LESSONS}
for stale in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("*/*.ipynb")]:
    if stale.relative_to(NOTEBOOKS) not in SHOWN:
        stale.unlink()
for notebook in sorted(LESSONS):
    copy = NOTEBOOKS / notebook.relative_to(REPO / "notebooks")
    copy.parent.mkdir(exist_ok=True)
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            cell["source"] = relink(source, notebook, copy)
    text = json.dumps(nb, ensure_ascii=False, indent=1) + "\n"
    if not copy.exists() or copy.read_text(encoding="utf-8") != text:
        copy.write_text(text, encoding="utf-8")  # rewritten only when changed: rebuilds stay quick

# ------------------------------------------------------------------------------------ the site
project = "ft_widget"
author = "the ft_widget authors"
copyright = "2026, the ft_widget authors"

extensions = [
    "myst_nb",  # Markdown pages (MyST) and notebooks (.ipynb)
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
]
exclude_patterns = ["_build", "_templates", "Thumbs.db", ".DS_Store", "**/.ipynb_checkpoints"]
templates_path = ["_templates"]
html_theme = "furo"  # ships its fonts and scripts: the built site asks no other host for anything
html_static_path = ["_static"]
html_title = "ft_widget"
html_show_sourcelink = False

# MyST: anchors for headings, so "page.md#a-heading" links resolve as they do on GitHub
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# MyST-NB: show the notebooks' stored outputs, run nothing; no widget or MathJax scripts from a CDN
nb_execution_mode = "off"
nb_ipywidgets_js = {}
nb_merge_streams = True
suppress_warnings = ["mystnb.unknown_mime_type"]  # the board's widget view: a static page cannot draw it
# ...so a saved board shows its picture (text/html, Board._repr_mimebundle_) or its text instead:
# MyST-NB would pick the widget view first and draw nothing
nb_mime_priority_overrides = [("*", "application/vnd.jupyter.widget-view+json", None)]

# API reference: one page per module, generated from the package's docstrings (new modules appear
# by themselves), members in source order, private ones left out.
autosummary_generate = True
autosummary_ignore_module_all = True  # every module, whatever __all__ exports
autodoc_default_options = {"members": True, "member-order": "bysource", "show-inheritance": True,
                           "ignore-module-all": True}  # each object on its own module's page, once
autodoc_typehints = "description"
# The docstrings are plain reST without "Args:" sections (so no napoleon, which would read a
# property's "It is won: …" as a type); they write `name` for code, as Markdown does.
default_role = "code"
nitpicky = False
