"""The board in each language, in a real JupyterLab and Chromium (issue 33): at 800 pixels wide no
word is cut or runs out of its button, label, line or panel, with a hint, the game menu, the keyboard
help, the review bar and a puzzle's panel shown; a board given no language follows the browser's.
Screenshots go to ``$FT_I18N_SHOTS`` (default ``screenshots/``) as ``i18n-<lang>*.png``, to be
looked at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .harness import SCREENSHOTS, Notebook, wait_for
from .test_board_e2e import boards

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

LANGS = ("en", "fr", "lt", "sk", "ka")
SHOTS = Path(os.environ.get("FT_I18N_SHOTS", SCREENSHOTS))

# Every word of the board that is cut or runs out of its place: a button, label or line whose text is
# wider than its box (scrollWidth > clientWidth: the words are cut or spill), text that reaches past
# the panel it is in (the keyboard help, the game menu, the end panel) or past the board, and a
# board wider than its output area.
OVERFLOWING = """(root) => {
    const out = [];
    const shown = (e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden';
    const said = (e) => `${e.className || e.tagName} "${e.textContent.trim().slice(0, 40)}"`;
    const boxes = root.querySelectorAll(
        'button, label, .ft-status, .ft-score, .ft-message, .ft-difficulty-label, .ft-bar, .ft-buttons, '
        + '.ft-review-step, .ft-mark, .ft-puzzle-title, .ft-puzzle-progress, .ft-puzzle-clues');
    for (const e of boxes) {
        if (shown(e) && e.textContent.trim() && e.scrollWidth > e.clientWidth + 1) {
            out.push(`${said(e)}: ${e.scrollWidth} px of text in ${e.clientWidth}`);
        }
    }
    const inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1;
    const board = root.getBoundingClientRect();
    for (const panel of root.querySelectorAll(
            '.ft-help, .ft-menu-list, .ft-end, .ft-bar, .ft-msgbar, .ft-puzzle, .ft-review')) {
        if (!shown(panel)) continue;
        const box = panel.getBoundingClientRect();
        const walk = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
        for (let t = walk.nextNode(); t; t = walk.nextNode()) {
            // (.ft-sr: words for screen readers only, kept out of sight on purpose)
            const e = t.parentElement;
            if (!t.textContent.trim() || !shown(e) || e.closest('.ft-sr')) continue;
            const range = document.createRange();
            range.selectNodeContents(t);
            for (const r of range.getClientRects()) {
                if (!inside(r, box) || !inside(r, board)) {
                    const px = (a, b) => `${Math.round(a)}..${Math.round(b)}`;
                    out.push(`${said(t.parentElement)} reaches past ${panel.className}: `
                             + `${px(r.left, r.right)} in ${px(box.left, box.right)}`);
                }
            }
        }
    }
    if (root.scrollWidth > root.clientWidth + 1) {
        out.push(`the board: ${root.scrollWidth} in ${root.clientWidth}`);
    }
    return out;
}"""


def language_drawn(nb, lang: str) -> None:
    wait_for(lambda: all(boards(nb).nth(k).get_attribute("lang") == lang for k in (0, 1)),
             f"both views drawn in {lang}")


def nothing_overflows(nb, what: str) -> None:
    for k in (0, 1):
        bad = boards(nb).nth(k).evaluate(OVERFLOWING)
        assert not bad, f"{what}, view {k}: {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_in_each_language_fits_800_pixels(notebook, lang):
    nb = notebook
    nb.set_notebook_width(800)
    nb.kernel.run(f"board.new_game(deal=5, variant='maria'); board.language = {lang!r}")
    language_drawn(nb, lang)
    board = boards(nb).nth(0)
    want = nb.kernel.json("board.ui")
    assert board.locator('button[data-action="undo"]').inner_text() == want["undo"]
    assert board.locator(".ft-help-close").text_content() == want["close"]
    names = board.locator("[data-card]").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
    assert names and all(n in want["cards"] for n in names)
    # a few moves, a refusal and a hint: the status, message and scoreboard lines hold words too
    nb.kernel.run("board.play('8>2'); board.play('s>w')")
    nb.kernel.run("board.hint(time_limit=0.3)", timeout=60)
    wait_for(lambda: board.locator(".ft-message").inner_text().strip() != "", "the hint's message")
    SHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SHOTS / f"i18n-{lang}.png"))
    nothing_overflows(nb, f"{lang}: the board with a hint")
    # the game menu and the keyboard help, open
    board.locator(".ft-variant").click()
    wait_for(lambda: board.locator(".ft-menu-list").is_visible(), "the game menu")
    board.screenshot(path=str(SHOTS / f"i18n-{lang}-menu.png"))
    nothing_overflows(nb, f"{lang}: the game menu")
    nb.page.keyboard.press("Escape")
    board.locator(".ft-help-button").click()
    wait_for(lambda: board.locator(".ft-help").is_visible(), "the keyboard help")
    board.screenshot(path=str(SHOTS / f"i18n-{lang}-help.png"))
    nothing_overflows(nb, f"{lang}: the keyboard help")
    board.locator(".ft-help-close").click()
    # the review bar at its first step, then a puzzle's panel with a clue
    nb.kernel.run("board.review_options = {'worlds': 2, 'max_states': 1000, 'solver_states': 20_000}\n"
                  "board.review(); board.review_step(1)", timeout=180)
    wait_for(lambda: board.locator(".ft-review-played").is_visible(), "the review bar at step 1")
    board.screenshot(path=str(SHOTS / f"i18n-{lang}-review.png"))
    nothing_overflows(nb, f"{lang}: the review bar")
    nb.kernel.run("board.close_review()\n"
                  "import ft_widget\n"
                  "from ft_widget.training.puzzles import Puzzle\n"
                  "_puzzle = Puzzle(ft_widget.puzzles('maria')[0])\n"
                  "board.game = _puzzle.start.copy(); _puzzle.attach(board); board.clue()")
    wait_for(lambda: board.locator(".ft-puzzle-clue-words").is_visible(), "the puzzle's clue")
    assert board.locator(".ft-puzzle-title").inner_text() == nb.kernel.json("board.state['puzzle']['title']")
    board.screenshot(path=str(SHOTS / f"i18n-{lang}-puzzle.png"))
    nothing_overflows(nb, f"{lang}: the puzzle panel")
    nb.kernel.run("board.language = None; board.new_game(deal=5, variant='maria')")
    assert not nb.errors, nb.errors


def test_a_board_given_no_language_follows_the_browsers(lab, chromium, notebook):
    """A page whose browser reads Lithuanian draws a board given no language in Lithuanian."""
    nb = notebook
    nb.kernel.run("board.language = None; board.new_game(deal=5, variant='maria')")
    context = chromium.new_context(viewport={"width": 1200, "height": 1000}, locale="lt-LT")
    try:
        page = context.new_page()
        other = Notebook(page, lab, "board.ipynb").open()
        other.run_all()  # a new board in this kernel, shown in this page only
        page.wait_for_function("() => document.querySelectorAll('.ft-board [data-card]').length > 0")
        wait_for(lambda: nb.kernel.json("board.language") == "lt", "the board to follow the browser")
        root = page.locator(".ft-board").nth(0)
        wait_for(lambda: root.get_attribute("lang") == "lt", "the board drawn in Lithuanian")
        assert "dalijimas Nr. 5" in root.locator(".ft-status").inner_text()
        assert root.locator('button[data-action="undo"]').inner_text() == "Atšaukti"
    finally:
        context.close()
