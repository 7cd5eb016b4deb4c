"""The board in the other notebook hosts anywidget serves: Jupyter Notebook 7 and marimo.

JupyterLab 4 is the main suite's host (test_board_e2e.py); here the same board is played
in Notebook 7 (``jupyter notebook``) and in a marimo app (``mo.ui.anywidget(Board(...))``),
each in a real Chromium: it draws, a click deals, a drag plays, Undo takes back, a review
opens, steps and closes (issue 22), and the kernel's game follows (read from the kernel in
Notebook 7, from the board's own status line — which Python writes — in marimo).
"""

from __future__ import annotations

import re

import pytest

from .harness import DOM_PILES, Kernel, Lab, Marimo, expected_piles, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def browser(chromium):
    """The session's Chromium (conftest.py): one Playwright per process."""
    return chromium


def drag(page, board, src: str, dst: str) -> None:
    a = board.locator(f'[data-pile="{src}"] .ft-card').last.bounding_box()
    b = board.locator(f'[data-pile="{dst}"] .ft-card').last.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + 12)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 8, a["y"] + 20, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + 12, steps=10)
    page.mouse.up()


def play_maria_5(page, board, moves_done) -> None:
    """Maria deal 5 opens with 8>2 and s>w legal: deal by a click, drag 8>2, undo."""
    status = board.locator(".ft-status")
    wait_for(lambda: status.inner_text().startswith("Maria · deal 5 · 0 moves"), "the opening status")
    board.locator('[data-pile="s"]').click()
    wait_for(lambda: " 1 move " in status.inner_text(), "the deal to be played")
    moves_done(["s>w"])
    drag(page, board, "8", "2")
    wait_for(lambda: " 2 moves " in status.inner_text(), "the drag to be played")
    moves_done(["s>w", "8>2"])
    board.locator('button[data-action="undo"]').click()
    wait_for(lambda: " 1 move " in status.inner_text(), "undo")
    moves_done(["s>w"])


def walk_review(board, moves_done) -> None:
    """Issue 22: the review works in this host too: the menu's Review, ▶, its words, ×."""
    board.locator(".ft-variant").click()
    board.locator('button[data-menu="review"]').click()
    bar = board.locator(".ft-review")
    wait_for(lambda: bar.is_visible(), "the review bar", timeout=120)
    step = bar.locator(".ft-review-step")
    wait_for(lambda: step.inner_text() == "Start · 1 move", "the review's start")
    board.locator('button[data-review="next"]').click()
    wait_for(lambda: step.inner_text() == "Move 1 of 1", "the review's step 1")
    assert bar.locator(".ft-review-played").inner_text().startswith("Played: ")
    board.locator('button[data-review="close"]').click()
    wait_for(lambda: not bar.is_visible(), "the review to close")
    moves_done(["s>w"])  # the game as it was


def run_in_notebook_7(browser, server, name: str):
    """Open ``name`` in Notebook 7 on a page of its own, run it, wait for its board: (page, the
    page's errors from then on)."""
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"{e}\n{e.stack}"))
    page.goto(server.url(f"notebooks/{name}"), timeout=120_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel",
                           timeout=120_000)
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
                           ".status === 'idle'", timeout=120_000)
    # Notebook 7.6 itself throws one "reading 'schema'" TypeError while loading any page here,
    # before a cell runs (seen on its file browser too): only what follows counts.
    errors.clear()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".ft-board [data-card]", timeout=120_000)
    return page, errors


def test_jupyter_notebook_7(browser):
    with Lab(app="notebook") as server:
        page, errors = run_in_notebook_7(browser, server, "board.ipynb")
        kernel = Kernel(server, "board.ipynb")
        board = page.locator(".ft-board").first
        assert page.locator(".ft-board").count() == 2  # the notebook shows the board twice

        def moves_done(history):
            wait_for(lambda: kernel.json("[str(m) for m in board.game.history]") == history,
                     f"kernel {history}")
            k = kernel.json('{"p": board.game.position(), "d": board.game.variant.stock_deal}')
            for view in range(2):
                root = page.locator(".ft-board").nth(view)
                wait_for(lambda r=root: page.evaluate(DOM_PILES, r.element_handle())
                      == expected_piles(k["p"], k["d"]), f"view {view} to draw the kernel's position")

        play_maria_5(page, board, moves_done)
        walk_review(board, moves_done)
        page.locator(".ft-board").first.screenshot(path=str(shots() / "host-notebook7.png"))
        kernel.close()
        page.close()
        assert errors == []


def open_in_marimo(browser, server):
    """The marimo app on a page of its own, its board drawn: (page, board, the page's errors)."""
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url(), timeout=120_000)
    board = page.locator(".ft-board").first  # inside marimo's shadow DOM: locators pierce it
    board.locator("[data-card]").first.wait_for(timeout=120_000)
    return page, board, errors


def test_marimo(browser):
    with Marimo("marimo_board.py") as server:
        page, board, errors = open_in_marimo(browser, server)

        def moves_done(history):
            # the status line is Python's (status_text): it changing proves the kernel played it
            status = board.locator(".ft-status").inner_text()
            n = len(history)
            assert re.search(rf"· {n} moves? ·", status), status
            assert board.locator(".ft-message").inner_text() == "" or "stale" not in \
                board.locator(".ft-message").inner_text(), "a repeated request was refused"

        play_maria_5(page, board, moves_done)
        walk_review(board, moves_done)
        # after the undo: the dealt card on the waste, column 2 as dealt
        piles = board.evaluate(DOM_PILES)
        assert len(piles["w"]) == 1 and len(piles["2"]) == 4, piles
        board.screenshot(path=str(shots() / "host-marimo.png"))
        page.close()
        assert errors == []


def lesson_first_steps(page, board) -> None:
    """The Maria lesson (``Board.lesson("maria")``): step 1's rule shows above its task; its
    answer, 3♠ from the waste onto 4♥ (w>5), played by two clicks, solves it; Next step serves
    step 2, where the rule bends. What the panel says is Python's (the lesson's data)."""
    from ft_widget import lesson_steps

    steps = lesson_steps("maria")
    assert steps[0].puzzle.answers == ("w>5",), "the step this test plays"
    panel = board.locator(".ft-puzzle")
    lesson = panel.locator(".ft-puzzle-lesson")
    wait_for(lambda: lesson.is_visible(), "the lesson's rule in the panel")
    assert panel.locator(".ft-puzzle-title").inner_text() == f"Maria lesson, step 1 of {len(steps)}"
    assert lesson.locator("strong").inner_text() == steps[0].heading
    assert lesson.get_attribute("data-role") == "rule"
    board.locator('[data-pile="w"] .ft-card').last.click()
    board.locator('[data-pile="5"] .ft-card').last.click()
    wait_for(lambda: panel.locator(".ft-puzzle-solved").is_visible(), "Solved!")
    panel.locator('button[data-puzzle="next"]').click()
    wait_for(lambda: lesson.locator("strong").inner_text() == steps[1].heading, "step 2's heading")
    assert lesson.get_attribute("data-role") == "bend"
    assert panel.locator(".ft-puzzle-title").inner_text() == f"Maria lesson, step 2 of {len(steps)}"


def test_a_lesson_in_notebook_7(browser):
    with Lab(app="notebook") as server:
        page, errors = run_in_notebook_7(browser, server, "lesson.ipynb")
        lesson_first_steps(page, page.locator(".ft-board").first)
        page.locator(".ft-board").first.screenshot(path=str(shots() / "host-notebook7-lesson.png"))
        page.close()
        assert errors == []


def test_a_lesson_in_marimo(browser):
    with Marimo("marimo_lesson.py") as server:
        page, board, errors = open_in_marimo(browser, server)
        lesson_first_steps(page, board)
        board.screenshot(path=str(shots() / "host-marimo-lesson.png"))
        page.close()
        assert errors == []


def shots():
    from .harness import SCREENSHOTS

    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
