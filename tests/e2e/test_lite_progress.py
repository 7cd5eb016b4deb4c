"""Puzzle progress in the offline site lasts (issue 41): a learner solves a training puzzle in the
JupyterLite site, reloads the page, and later comes back in a restarted browser, and each time
the new kernel knows the try: ``ft_widget.progress()`` lists it, the next training board starts
from the rating the try gave (not 1500) and serves another puzzle. Before, the progress file was
written in the kernel's in-memory file system and a reload lost it.

The browser keeps its profile in a folder of the test's own (a persistent context), so closing it
and starting it again is a second visit with the same browser storage, as a student's is."""

from __future__ import annotations

import json
import re

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS, launch_chromium
from .lite import kernel_json, open_play, run_in_kernel, watch

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SOLVE = """
from ft_widget import Board
board = Board.training("maria")
puzzle = board.current_puzzle
board.play(puzzle.answers[0])
"""

TRIES = "[(r['puzzle'], r['outcome'], round(r['rating'])) for r in ft_widget.progress()]"

NEXT_BOARD = """
from ft_widget import Board
board = Board.training("maria")
"""


@pytest.fixture(scope="module")
def site(lite_site):
    return lite_site  # conftest.py: built once for the lite tests


def tries(page) -> list:
    """Every try the kernel's ``ft_widget.progress()`` lists: [puzzle, outcome, rating after]."""
    # an import statement: the site's kernel loads the wheels a cell's imports name
    assert "ERROR" not in run_in_kernel(page, "import ft_widget")
    return kernel_json(page, TRIES)


def rating_shown(page) -> int:
    """The rating the training board's panel shows ("puzzle 1, rated 1576 · your Maria rating 1643
    (+143 after the last puzzle)")."""
    text = kernel_json(page, "board.state['puzzle']['progress']")
    found = re.search(r"your .+? rating (\d+)", text)
    assert found, text
    return int(found.group(1))


def in_file_browser(page, path: str) -> dict | None:
    """The model the page's file browser has for ``path`` (its Contents API), or None."""
    return page.evaluate("""async (path) => {
        try {
            const m = await window.jupyterapp.serviceManager.contents.get(path, {content: false});
            return {type: m.type, size: m.size};
        } catch (e) { return null; }
    }""", path)


def visit(playwright, profile, site):
    """A browser with its profile in ``profile``, play.ipynb open and its kernel ready."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 1200, "height": 900})
    seen = watch(context)
    page = context.pages[0] if context.pages else context.new_page()
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    open_play(page, site)
    return context, page, seen


def test_progress_lasts_across_a_reload_and_a_second_visit(site, playwright, tmp_path):
    profile = tmp_path / "profile"
    context, page, seen = visit(playwright, profile, site)
    try:
        out = run_in_kernel(page, SOLVE)
        assert "ERROR" not in out, out
        solved = kernel_json(page, "puzzle.training.id")
        assert kernel_json(page, "puzzle.solved") is True
        tried = tries(page)
        assert [t[:2] for t in tried] == [[solved, "first try"]], tried
        rating = tried[0][2]
        assert rating != 1500 and rating_shown(page) == rating

        page.reload()
        open_play(page, site)  # a new kernel: nothing of the last one's memory is left
        assert tries(page) == tried, "the reload lost the try"
        out = run_in_kernel(page, NEXT_BOARD)
        assert "ERROR" not in out, out
        assert rating_shown(page) == rating  # not 1500: the rating the try gave
        assert kernel_json(page, "board.current_puzzle.training.id") != solved  # solved: not served again
        # the lasting copy is a file of the browser's storage, where the file browser shows it
        stored = in_file_browser(page, "ft_widget/progress.sqlite")
        assert stored and stored["type"] == "file" and stored["size"] > 0, stored
    finally:
        context.close()
    assert seen["outside"] == [], seen["outside"]
    assert seen["errors"] == [], seen["errors"]

    # a second visit: the browser closed and started again, with the same profile
    context, page, seen = visit(playwright, profile, site)
    try:
        assert tries(page) == tried, "the second visit lost the try"
        run_in_kernel(page, NEXT_BOARD)
        assert rating_shown(page) == rating
    finally:
        context.close()
    assert seen["errors"] == [], seen["errors"]
    print(json.dumps({"solved": solved, "rating": rating}))


def test_a_page_without_lasting_storage_says_so(site, playwright):
    """Without a service worker (a site served over plain http from another host, a browser that
    blocks them) the kernel's drive cannot answer: progress is kept in memory, the training board
    still records, and a warning says that it lasts only while the page is open."""
    browser = launch_chromium(playwright)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        open_play(page, site)
        out = run_in_kernel(page, SOLVE)
        assert "ERROR" not in out, out
        assert "no lasting storage" in out and "only while the page is open" in out, out
        assert [t[1] for t in tries(page)] == ["first try"]
    finally:
        context.close()
        browser.close()
