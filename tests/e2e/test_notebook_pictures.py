"""The teaching notebooks' pictures show in JupyterLab without running them, untrusted.

Every notebook a person clones is untrusted, and JupyterLab then strips inline <svg> from HTML
outputs and does not render image/svg+xml outputs. The notebooks' pictures are <img> elements
with SVG data URIs (``ft_widget.teaching.Picture``; a board's saved output carries one beside
its widget view), which JupyterLab shows untrusted; this test
opens committed notebooks as they are, without a kernel running them, and finds every picture
drawn (the browser decoded the image: its natural width is not zero).
"""

from __future__ import annotations

import nbformat
import pytest

from .harness import REPO, SCREENSHOTS, Lab

# lucas: its boards too (a saved board's output carries its picture: Board._repr_mimebundle_)
BOOKS = ["10_rule_differences.ipynb", "forty_thieves.ipynb", "lucas.ipynb"]
# the pictures of the notebook in front (JupyterLab keeps other open notebooks in the page)
PICTURES = "window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-OutputArea img.ft-picture')"


def committed_pictures(name: str) -> int:
    nb = nbformat.read(REPO / "notebooks" / name, as_version=4)
    return sum("".join(out.get("data", {}).get("text/html", "")).count('class="ft-picture"')
               for cell in nb.cells for out in cell.get("outputs", []))


@pytest.fixture(scope="module")
def page(chromium):
    """A page of the session's Chromium (conftest.py) on a JupyterLab serving notebooks/."""
    import os
    import tempfile

    # A notary of its own: executing a notebook on this machine (nbconvert --execute) signs it in
    # the user's notary database, and a signed notebook opens trusted. A clone elsewhere is not.
    saved = os.environ.get("JUPYTER_DATA_DIR")
    os.environ["JUPYTER_DATA_DIR"] = tempfile.mkdtemp(prefix="ft_untrusted_")
    try:
        lab = Lab(REPO / "notebooks").start()
    finally:
        if saved is None:
            os.environ.pop("JUPYTER_DATA_DIR")
        else:
            os.environ["JUPYTER_DATA_DIR"] = saved
    context = chromium.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = context.new_page()
        page.lab = lab
        yield page
    finally:
        context.close()
        lab.stop()


@pytest.mark.parametrize("name", BOOKS)
def test_pictures_show_in_an_untrusted_notebook(page, name):
    expected = committed_pictures(name)
    assert expected >= 2, f"{name} should have pictures"
    page.goto(page.lab.url(f"lab/tree/{name}"))
    # a cell of the notebook in front: the ones opened before stay in the page as hidden tabs, and
    # the first cell in the page may be one of theirs
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget && "
                           f"window.jupyterapp.shell.currentWidget.title.label === '{name}'",
                           timeout=60_000)
    page.wait_for_function(
        f"() => {PICTURES}.length >= {expected}",
        timeout=60_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.content.model", timeout=60_000)
    trusted = page.evaluate("""() => {
        const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
        return [...Array(cells.length).keys()].map(i => cells.get(i))
            .filter(c => c.type === 'code').map(c => c.trusted); }""")
    assert trusted and not any(trusted), "the notebook must open untrusted for this test to mean anything"
    page.evaluate(f"""async () => {{
        const imgs = [...{PICTURES}];
        for (const img of imgs) {{ img.scrollIntoView(); await img.decode().catch(() => {{}}); }} }}""")
    drawn = page.evaluate(f"""() => [...{PICTURES}]
        .map(img => img.naturalWidth > 0 && img.getBoundingClientRect().width > 0)""")
    assert len(drawn) == expected and all(drawn), drawn
    # an untrusted output is drawn by a safe renderer only: a board's picture, not its widget view
    # (which, trusted and with no model in the kernel, says "Error displaying widget: model not found")
    assert "Error displaying widget" not in page.evaluate("() => window.jupyterapp.shell.currentWidget"
                                                          ".node.textContent")
    # and nothing of the old kind, which an untrusted notebook would show blank
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.node"
                         ".querySelectorAll('.jp-OutputArea svg rect').length") == 0
    SCREENSHOTS.mkdir(exist_ok=True)
    first = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea img.ft-picture").first
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"untrusted_{name.removesuffix('.ipynb')}.png"))
