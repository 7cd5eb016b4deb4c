"""A shared game carrying script opens in a real JupyterLab without running it (issue 19).

Records are made to be passed around (by mail, in a course folder), and a record may carry
a custom variant, whose name and aliases are the free text a record holds (a variant id is
a name like ``forty_thieves``; moves, cards and the build are checked notation). This writes an autosave file
whose current game and whose game left behind are variants named with script, opens it
with ``Board.resume`` in a notebook, shows a message with script too, walks the board
through the game menu and Undo, and checks that nothing ran and every word is shown as
written.
"""

from __future__ import annotations

import dataclasses
import json

import nbformat
import pytest

from ft_widget import VARIANTS, Game
from ft_widget.board import SAVE_FORMAT

from .harness import SCREENSHOTS, Kernel, Notebook, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

NAME = '<img src=x onerror="window.__pwned=1">'  # the current game's variant
LEFT = '<svg onload="window.__pwned=2"></svg>'  # the game left behind's variant
SAID = '"><script>window.__pwned=3</script>'  # a message from Python
PWNED = "() => window.__pwned"
# anything the payloads would have made, anywhere in the page
MADE = """() =>
    document.querySelectorAll('.ft-board img, .ft-board svg:not(.ft-arrow), [onerror], [onload]').length
    + [...document.scripts].filter((s) => s.text.includes('__pwned')).length"""


# The panel of hostile.ipynb, marked and brought to the front, whichever tab JupyterLab shows.
MARK_THIS_NOTEBOOK = """() => {
    for (const w of window.jupyterapp.shell.widgets('main')) {
        if (w.context && w.context.path.endsWith('hostile.ipynb')) {
            w.node.setAttribute('data-hostile', '');
            window.jupyterapp.shell.activateById(w.id);
            return;
        }
    }
    throw new Error('hostile.ipynb is not open');
}"""


def write_files(root) -> None:
    # the free text a record holds: each variant's name and aliases (ids are identifiers)
    current = Game(dataclasses.replace(VARIANTS["streets"], id="wide", name=NAME, aliases=(SAID, NAME)),
                   deal=3)
    left = Game(dataclasses.replace(VARIANTS["maria"], id="maria_plus", name=LEFT, aliases=(LEFT,)), deal=5)
    left.play("8>2")
    left.play("s>w")
    document = {"format": SAVE_FORMAT, "version": 1, "game": current.record(), "previous": [left.record()]}
    (root / "hostile.json").write_text(json.dumps(document, indent=1))
    nb = nbformat.v4.new_notebook(metadata={
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}})
    code = 'from ft_widget import Board\n\nboard = Board.resume("hostile.json")\nboard'
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nbformat.write(nb, root / "hostile.ipynb")


def test_a_record_carrying_script_runs_nothing_and_shows_its_words(lab, chromium):
    write_files(lab.root)
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # ?reset: a workspace of its own, not the tabs earlier tests left open (their boards)
        nb = Notebook(page, lab, "hostile.ipynb?reset").open()
        page.evaluate(MARK_THIS_NOTEBOOK)
        nb.run_all()
        shown = "[data-hostile] .ft-board"
        page.wait_for_function(f"() => document.querySelectorAll('{shown} [data-card]').length > 0")
        board = page.locator(shown).first
        status = board.locator(".ft-status")
        assert status.text_content().startswith(f"{NAME} · deal 3")
        assert board.locator(".ft-variant").text_content() == f"{NAME} \u25BE"
        assert board.get_attribute("aria-label") == f"{NAME} solitaire"
        assert board.locator('button[data-action="undo"]').get_attribute("title") == (
            f"Back to your {LEFT} game (deal 5, 2 moves)")
        # the game menu: its last entry is the record's own variant, named as written
        board.locator(".ft-variant").click()
        options = board.locator("button[data-variant]")
        assert options.last.text_content() == NAME and options.last.get_attribute("data-variant") == "wide"
        # a message from Python, with script in it
        kernel = Kernel(lab, "hostile.ipynb")
        try:
            kernel.run(f"board.say({SAID!r})")
            wait_for(lambda: board.locator(".ft-message").text_content() == SAID, "the message")
            page.wait_for_timeout(300)  # whatever the page would run, let it run
            assert page.evaluate(PWNED) is None and page.evaluate(MADE) == 0
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "e2e-hostile-names.png"))
            # Undo at the game's start: back to the game left behind, its name shown as written
            board.locator(".ft-variant").click()  # close the menu
            board.locator('button[data-action="undo"]').click()
            wait_for(lambda: status.text_content().startswith(f"{LEFT} · deal 5 · 2 moves"),
                     "the game left behind")
            message = board.locator(".ft-message").text_content()
            assert message == f"Back to your {LEFT} game (deal 5, 2 moves)."
            assert kernel.json("board.game.variant.name") == LEFT
        finally:
            kernel.close()
        page.wait_for_timeout(300)
        assert page.evaluate(PWNED) is None and page.evaluate(MADE) == 0
        assert errors == [], f"errors in the page: {errors}"
    finally:
        context.close()
