"""Show me (issue 43, item 3) in a real JupyterLab and Chromium: a losing move played by mouse in
a shipped puzzle, Show me pressed, the line stepped by mouse and by keyboard with its counter and
the cards its facts name marked, Escape back to the puzzle exactly as it was; then the answer,
and its longer line stepped to the middle (the screenshot), and back by the bar's button; then a
review of the game, Show me at its step and Escape back to the review. Each step is checked
against the kernel's own board (read over the kernel's connection)."""

from __future__ import annotations

import pytest

from .harness import SCREENSHOTS, expected_piles, history, notebook_run, wait_for
from .test_board_e2e import dom_piles
from .test_training_e2e import board0, click_move

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

LOSES, ANSWER = "7>f", "4>10"  # forty_thieves puzzle 6 (tests/e2e/notebooks/showme.ipynb)


@pytest.fixture(scope="module")
def showme_notebook(lab, chromium):
    with notebook_run(lab, chromium, "showme.ipynb") as nb:
        yield nb


def show(nb) -> dict | None:
    return nb.kernel.json('board.state["show"]')


def drawn(nb, expression: str = "board.game") -> None:
    """Wait until the board draws the position of ``expression`` (a Game in the kernel)."""
    want = expected_piles(nb.kernel.json(f"{expression}.position()"), 1)
    wait_for(lambda: dom_piles(nb, 0) == want, f"the board to draw {expression}")


def at_ply(nb, k: int, n: int) -> None:
    """The kernel shows ply ``k`` of ``n`` and the page draws it: its counter, its position, and a
    ring on each card the facts of that ply name (a card drawn there; else its pile)."""
    board = board0(nb)
    wait_for(lambda: (show(nb) or {}).get("at") == k, f"the kernel at ply {k}")
    where = "Before your move" if k == 0 else f"Move {k} of {n}"
    wait_for(lambda: board.locator(".ft-show-step").inner_text() == where, f"the counter {where!r}")
    drawn(nb, "board._shows.position()")
    marks = show(nb)["marks"]
    want = sorted(m["card"] for m in marks if m["card"] and m["pile"] != "w")
    wait_for(lambda: sorted(board.locator(".ft-card.ft-fact").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")) == want, f"the marked cards {want}")
    for m in marks:
        if m["card"] and m["pile"] != "w":
            assert board.locator(f'[data-pile="{m["pile"]}"] .ft-card.ft-fact').count() == 1


def test_show_me_after_a_losing_move_and_after_the_answer(showme_notebook):
    nb = showme_notebook
    board = board0(nb)
    panel = board.locator(".ft-puzzle")
    wait_for(lambda: panel.is_visible(), "the puzzle panel")
    assert panel.locator('button[data-puzzle="show"]').count() == 0, "nothing to show before a move"
    # a losing move, by mouse
    click_move(nb, LOSES)
    wait_for(lambda: history(nb) == [LOSES], f"{LOSES} played")
    drawn(nb)
    before = dom_piles(nb, 0)
    said = nb.kernel.json('board.state["message"]')
    wait_for(lambda: said in board.locator(".ft-msgbar").inner_text(), "the verdict on the page")
    show_me = panel.locator('button[data-puzzle="show"]')
    wait_for(lambda: show_me.is_visible() and show_me.inner_text() == "Show me", "the Show me button")
    show_me.click()
    bar = board.locator(".ft-show")
    wait_for(lambda: bar.is_visible(), "the show bar")
    at_ply(nb, 1, 1)  # the judged move: 10♣ went home, J♣ came free
    assert {m["card"] for m in show(nb)["marks"]} == {"TC", "JC"}
    assert board.locator('[data-pile="7"] .ft-card.ft-fact').get_attribute("data-card") == "JC"
    assert board.locator('button[data-action="undo"]').is_disabled()
    assert bar.locator('button[data-show="next"]').is_disabled()
    # back by mouse, forward by keyboard, back by keyboard, forward by mouse
    bar.locator('button[data-show="prev"]').click()
    at_ply(nb, 0, 1)
    board.focus()
    nb.page.keyboard.press("ArrowRight")
    at_ply(nb, 1, 1)
    nb.page.keyboard.press("ArrowLeft")
    at_ply(nb, 0, 1)
    bar.locator('button[data-show="next"]').click()
    at_ply(nb, 1, 1)
    # Undo (U) while showing is refused in words; nothing changes
    board.focus()
    nb.page.keyboard.press("u")
    msgbar = board.locator(".ft-msgbar")
    wait_for(lambda: "go back to the puzzle to play" in msgbar.inner_text(), "the refusal")
    assert history(nb) == [LOSES]
    # Escape: the puzzle as it was, Undo works as before
    board.focus()
    nb.page.keyboard.press("Escape")
    wait_for(lambda: not bar.is_visible() and show(nb) is None, "back to the puzzle")
    wait_for(lambda: dom_piles(nb, 0) == before, "the position after the losing move drawn again")
    assert board.locator(".ft-card.ft-fact").count() == 0
    assert nb.kernel.json("(board.current_puzzle.tries, board.current_puzzle.solved)") == [1, False]
    assert board.locator('button[data-action="undo"]').is_enabled()
    nb.page.keyboard.press("u")
    wait_for(lambda: history(nb) == [], "the losing move undone")
    drawn(nb)
    # the answer: its line frees 10♥, which goes onto column 8, then column 4 is emptied
    click_move(nb, ANSWER)
    wait_for(lambda: history(nb) == [ANSWER], f"{ANSWER} played")
    wait_for(lambda: nb.kernel.json("board.current_puzzle.solved"), "the puzzle solved")
    wait_for(lambda: show_me.is_visible(), "Show me after the answer")
    show_me.click()
    wait_for(lambda: bar.is_visible(), "the show bar again")
    n = show(nb)["count"]
    assert n == 4
    at_ply(nb, 1, n)
    board.focus()
    nb.page.keyboard.press("ArrowRight")
    at_ply(nb, 2, n)
    assert [m["card"] for m in show(nb)["marks"]] == ["TH"]
    assert board.locator('[data-pile="8"] .ft-card.ft-fact').get_attribute("data-card") == "TH"
    assert board.locator(".ft-arrow path.ft-arrow-line").count() == 1  # the move that led here
    assert bar.locator(".ft-show-move").inner_text().startswith(show(nb)["move_words"])
    picture = SCREENSHOTS / "showme-midline-e2e.png"
    board.screenshot(path=str(picture))
    bar.locator('button[data-show="next"]').click()
    at_ply(nb, 3, n)
    bar.locator('button[data-show="close"]').click()
    wait_for(lambda: not bar.is_visible() and show(nb) is None, "back to the puzzle by the button")
    drawn(nb)
    assert history(nb) == [ANSWER]


def test_show_me_at_a_review_step(showme_notebook):
    """At a review step the review bar's Show me steps through the move played (its facts' cards
    marked), the review's bar waits, and Escape returns to the review at the same step."""
    nb = showme_notebook
    board = board0(nb)
    nb.kernel.run(f"board.close_show()\nif not board.game.history: board.play({ANSWER!r})\n"
                  "r = board.review(rng=1, worlds=2, max_states=500, solver_states=5_000)")
    review = board.locator(".ft-review")
    wait_for(lambda: review.is_visible(), "the review bar")
    n = nb.kernel.json("len(r.steps)")
    wait_for(lambda: review.locator(".ft-review-step").inner_text() == f"Move {n} of {n}", "the last step")
    open_ = review.locator('button[data-show="open"]')
    wait_for(lambda: open_.is_visible() and open_.inner_text() == "Show me", "the review's Show me")
    open_.click()
    bar = board.locator(".ft-show")
    wait_for(lambda: bar.is_visible() and not review.is_visible(), "the show bar over the review")
    count = show(nb)["count"]
    at_ply(nb, 1, count)
    facts = nb.kernel.json("sorted(f.card or '' for f in r.steps[-1].shown.facts if f.ply == 1)")
    assert sorted(m["card"] or "" for m in show(nb)["marks"]) == facts
    close = bar.locator('button[data-show="close"]')
    assert close.inner_text() == "Back to the review"
    board.focus()
    nb.page.keyboard.press("ArrowLeft")
    at_ply(nb, 0, count)
    nb.page.keyboard.press("Escape")
    wait_for(lambda: not bar.is_visible() and show(nb) is None, "back to the review")
    wait_for(lambda: review.is_visible(), "the review bar again")
    assert review.locator(".ft-review-step").inner_text() == f"Move {n} of {n}"
    assert nb.kernel.json("board.review_open") and board.locator(".ft-card.ft-fact").count() == 0
