"""A game's lesson on the board (``Board.lesson``) in a real JupyterLab and Chromium: the Maria
lesson's first step shows its rule in the puzzle panel, a losing move played by mouse is answered
in the message bar with the fair judge's words and taken back with U, the answer is played with
the keyboard alone (arrows + Enter), and Enter on "Next step" serves step 2, where the rule bends.
Each step is checked against the kernel's own board (read over the kernel's connection), as the
other browser tests do.
"""

from __future__ import annotations

import pytest

from .harness import SCREENSHOTS, expected_piles, history, notebook_run, wait_for
from .test_board_e2e import dom_piles, piles_of
from .test_training_e2e import board0, click_move

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TOP = ["s", "w", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"]  # js/layout.js pileIds
IS_FOCUSED = "e => document.activeElement === e"


@pytest.fixture(scope="module")
def lesson_notebook(lab, chromium):
    """lesson.ipynb open and run: ``board = Board.lesson("maria", progress=False)``, at step 1."""
    with notebook_run(lab, chromium, "lesson.ipynb") as nb:
        yield nb


def step_of(nb) -> dict:
    """The kernel's lesson step: its number, role, heading, and the words the panel should show."""
    return nb.kernel.json(
        "(lambda s: {'number': s.number, 'role': s.role, 'heading': s.heading, 'says': s.rule.says,"
        " 'bends': s.rule.bends, 'answers': [str(m) for m in s.puzzle.answers],"
        " 'losing': [str(m) for m in s.puzzle.losing]})(board.lesson_step)")


def drawn(nb) -> None:
    """Wait until the board draws the kernel's position."""
    want = expected_piles(nb.kernel.json("board.game.position()"), 1)  # Maria deals one card
    wait_for(lambda: dom_piles(nb, 0) == want, "the kernel's position drawn")


def check_panel(nb, step: dict, steps: int) -> None:
    """The puzzle panel shows the step: its title, its rule's heading in <strong>, then its words
    (the rule's, or where it bends), the prompt until solved."""
    board = board0(nb)
    panel = board.locator(".ft-puzzle")
    title = f"Maria lesson, step {step['number']} of {steps}"
    wait_for(lambda: panel.locator(".ft-puzzle-title").inner_text() == title, f"the title {title!r}")
    lesson = panel.locator(".ft-puzzle-lesson")
    wait_for(lambda: lesson.locator("strong").inner_text() == step["heading"],
             f"the heading of step {step['number']}")
    assert lesson.get_attribute("data-role") == step["role"]
    words = step["bends"] if step["role"] == "bend" else step["says"]
    assert nb.kernel.json('board.state["puzzle"]["lesson"]') == {
        "heading": step["heading"], "role": step["role"], "words": words}
    assert " ".join(lesson.inner_text().split()) == " ".join(f"{step['heading']} {words}".split())
    prompt = nb.kernel.json('board.state["puzzle"]["prompt"]')
    assert panel.locator(".ft-puzzle-prompt").inner_text() == prompt
    assert panel.locator(".ft-puzzle-solved").count() == 0
    assert panel.locator('button[data-puzzle="next"]').count() == 0


def cursor(nb) -> str | None:
    """The pile under the keyboard cursor (``.ft-cursor`` on a pile), or None."""
    c = board0(nb).locator(".ft-cursor[data-pile]")
    return c.get_attribute("data-pile") if c.count() == 1 else None


def press(nb, key: str, moved) -> None:
    nb.page.keyboard.press(key)
    wait_for(moved, f"{key} to move the cursor", timeout=10)


def cursor_to(nb, pile: str, columns: int = 9) -> None:
    """Walk the keyboard cursor to ``pile`` with the arrow keys (js/keyboard.js moveCursor: ↑ ↓
    between the top row and the columns, ← → along a row), checking where it is after each key."""
    cols = [str(i + 1) for i in range(columns)]
    if cursor(nb) is None:  # the first key shows the cursor (column 1 until moved)
        nb.page.keyboard.press("ArrowLeft")
        wait_for(lambda: cursor(nb) is not None, "the keyboard cursor")
    at = cursor(nb)
    row = TOP if pile in TOP else cols
    if at not in row:
        press(nb, "ArrowUp" if row is TOP else "ArrowDown", lambda: cursor(nb) in row)
        at = cursor(nb)
    while at != pile:
        key = "ArrowRight" if row.index(pile) > row.index(at) else "ArrowLeft"
        press(nb, key, lambda a=at: cursor(nb) not in (None, a))
        at = cursor(nb)
        assert at in row, f"{key} took the cursor off its row, to {at}"


def key_move(nb, move: str) -> None:
    """Play ``move`` with the keyboard: the cursor to its card's pile, Enter (picks it up), the
    cursor to its place, Enter (puts it there). A move home takes F on the source instead."""
    src, dst = piles_of(move)
    board = board0(nb)
    cursor_to(nb, src)
    if dst == "f":
        nb.page.keyboard.press("f")
        return
    nb.page.keyboard.press("Enter")
    wait_for(lambda: board.locator(f'[data-pile="{src}"] .ft-card.ft-selected').count() >= 1,
             f"the card of {src} picked up")
    cursor_to(nb, dst)
    nb.page.keyboard.press("Enter")


def test_a_lesson_step_shows_its_rule_and_answers_a_wrong_move_in_words(lesson_notebook):
    """Step 1 of the Maria lesson: the panel shows the rule the kernel's step teaches; a losing move
    played by mouse is answered in the message bar with the kernel's words; U takes it back."""
    nb = lesson_notebook
    board = board0(nb)
    panel = board.locator(".ft-puzzle")
    wait_for(lambda: panel.is_visible(), "the puzzle panel")
    steps = nb.kernel.json('len(__import__("ft_widget").lesson_steps("maria"))')
    step = step_of(nb)
    assert step["number"] == 1 and step["role"] == "rule" and steps == 8
    check_panel(nb, step, steps)
    # the prompt once, in the panel; no game scoreboard on a lesson's step
    assert not board.locator(".ft-score").is_visible()
    box = panel.bounding_box()
    assert box["y"] + box["height"] <= board.locator(".ft-scroll").bounding_box()["y"]  # not over the cards
    board.screenshot(path=str(SCREENSHOTS / "lesson-step1-e2e.png"))

    # a losing move, by mouse: the fair judge's words in the message bar, no "Solved!"
    start = history(nb)
    wrong = step["losing"][0]
    assert wrong not in step["answers"]
    click_move(nb, wrong)
    wait_for(lambda: history(nb) == [*start, wrong], f"{wrong} played")
    said = nb.kernel.json('board.state["message"]')
    assert said and wrong not in said, said  # words about the cards, not notation
    bar = board.locator(".ft-msgbar")
    wait_for(lambda: said in bar.inner_text(), "the verdict in the message bar")
    assert bar.inner_text().strip().startswith(said[:40]), bar.inner_text()
    assert bar.is_visible()
    assert not nb.kernel.json('board.state["puzzle"]["solved"]')
    assert panel.locator(".ft-puzzle-solved").count() == 0
    assert panel.locator(".ft-puzzle-lesson strong").inner_text() == step["heading"]  # the rule stays shown
    board.screenshot(path=str(SCREENSHOTS / "lesson-wrong-e2e.png"))

    # U on the board takes it back to the step's start
    board.focus()
    nb.page.keyboard.press("u")
    wait_for(lambda: history(nb) == start, "the wrong move undone")
    drawn(nb)
    assert nb.kernel.json("board.lesson_step.number") == 1


def test_the_answer_by_keyboard_then_next_step_serves_the_bend(lesson_notebook):
    """The step's answer played with the arrows and Enter only: "Solved!" and "Next step"; Enter
    on Next step serves step 2, the case where rule 1 bends."""
    nb = lesson_notebook
    page, board = nb.page, board0(nb)
    panel = board.locator(".ft-puzzle")
    step = step_of(nb)
    assert step["number"] == 1 and len(step["answers"]) == 1
    answer = step["answers"][0]
    start = history(nb)
    drawn(nb)

    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    board.focus()
    key_move(nb, answer)
    wait_for(lambda: history(nb) == [*start, answer], f"the answer {answer} played by keyboard")
    wait_for(lambda: panel.locator(".ft-puzzle-solved").is_visible(), "Solved!")
    assert panel.locator(".ft-puzzle-solved").inner_text() == "Solved!"
    assert nb.kernel.json('board.state["puzzle"]["solved"]')
    assert panel.locator(".ft-puzzle-prompt").count() == 0
    nxt = panel.locator('button[data-puzzle="next"]')
    wait_for(lambda: nxt.is_visible(), "the Next step button")
    assert nxt.inner_text() == "Next step"
    board.screenshot(path=str(SCREENSHOTS / "lesson-solved-e2e.png"))

    # Tab from the board to Next step (it is in the tab order), then Enter
    board.focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if nxt.evaluate(IS_FOCUSED):
            break
    assert nxt.evaluate(IS_FOCUSED), "Tab never reached the Next step button"
    page.keyboard.press("Enter")
    wait_for(lambda: nb.kernel.json("board.lesson_step.number") == 2, "step 2 served")
    step2 = step_of(nb)
    assert step2["role"] == "bend" and step2["heading"] != step["heading"]
    assert step2["heading"].endswith("When it bends"), step2["heading"]
    check_panel(nb, step2, 8)
    drawn(nb)
    assert not nb.kernel.json('board.state["puzzle"]["solved"]')
    board.screenshot(path=str(SCREENSHOTS / "lesson-step2-e2e.png"))
