"""Training on the board (issue 22) in a real JupyterLab and Chromium: walk a review of a
game with the ◀ ▶ buttons and the ←/→ keys, solve a puzzle by mouse, and start a winnable
easy deal from the game menu. Each step is checked against the kernel's own board (read
over the kernel's connection), as the other browser tests do.
"""

from __future__ import annotations

import pytest

from .harness import SCREENSHOTS, expected_piles, notebook_run, wait_for
from .test_board_e2e import boards, center, dom_piles, pile_target, piles_of, reset, settled

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def board0(nb):
    return boards(nb).nth(0)


def review_at(nb):
    return nb.kernel.json('board.state["review"] and board.state["review"]["at"]')


def review_drawn(nb) -> int:
    """Wait until both views draw the position the open review shows (step k: the position
    before move k, where its arrows are drawn); returns its step."""
    at = review_at(nb)
    want = expected_piles(nb.kernel.json(f"board.current_review.position({max(at - 1, 0)}).position()"), 1)
    for view in (0, 1):
        wait_for(lambda v=view: dom_piles(nb, v) == want, f"view {view} to draw review step {at}")
    return at


# The Maria trap (tests/test_safe_home.py): hearts home at 4 and 3, the second 5♥ on the
# missing 4♥. Sending the first 5♥ home (1>f) loses; 2>f keeps the win. Playing the first
# legal move each time from there sticks after 9 moves.
TRAP = (
    "from ft_widget import Game\n"
    "_full = [[r + s for r in 'A23456789TJQK'] for s in 'CDS' for _ in range(2)]\n"
    "board.game = Game.from_position({'variant': 'maria', 'tableau': [c.split() for c in ["
    "'KH KH 5H', '4H 5H', '6H 6H', '7H 7H', '8H 8H', '9H 9H', 'TH TH', 'JH JH', 'QH QH']], "
    "'foundations': [['AH', '2H', '3H', '4H'], ['AH', '2H', '3H'], *_full], 'waste': [], 'stock': [], "
    "'redeals_left': 0})\n"
    "board.review_options = {'worlds': 2, 'max_states': 1000, 'solver_states': 20_000}\n"
    "while board.state['status'] == 'playing' and board.state['legal']:\n"
    "    board.play(board.state['legal'][0])\n"
)


def test_walk_a_review_with_the_buttons_and_the_keys(notebook):
    nb = notebook
    reset(nb, "maria", 5)
    nb.kernel.run(TRAP)
    played = nb.kernel.json("[str(m) for m in board.game.history]")
    assert played[0] == "1>f" and len(played) == 9
    k = settled(nb, played)
    board = board0(nb)
    # a stuck game offers its review
    end = board.locator('.ft-end[data-kind="stuck"]')
    wait_for(lambda: end.is_visible(), "the stuck panel")
    end.locator('button[data-end="review"]').click()
    bar = board.locator(".ft-review")
    wait_for(lambda: bar.is_visible(), "the review bar", timeout=120)
    assert review_at(nb) == 0 and not end.is_visible()
    wait_for(lambda: bar.locator(".ft-review-step").inner_text() == "Start · 9 moves", "the start's counter")
    assert board.locator('button[data-review="prev"]').is_disabled()
    assert review_drawn(nb) == 0  # the start position drawn (the game itself is unchanged)
    assert nb.kernel.json("[str(m) for m in board.game.history]") == played
    # ▶: move 1, the losing move, its two arrows and its mark
    board.locator('button[data-review="next"]').click()
    wait_for(lambda: review_at(nb) == 1, "review step 1")
    wait_for(lambda: bar.locator(".ft-review-step").inner_text() == "Move 1 of 9", "the counter at 1")
    step = nb.kernel.json('board.state["review"]["steps"][0]')
    assert step["mark"] == "losing" and step["expert"] == "2>f"
    assert bar.locator(".ft-mark").inner_text() == "Losing move"
    assert bar.locator(".ft-review-played").inner_text().startswith(f"Played: {step['played_words']}")
    assert bar.locator(".ft-review-expert").inner_text().startswith(f"Expert: {step['expert_words']}")
    assert "sees every card" in bar.locator(".ft-review-solver").inner_text()
    arrows = board.locator(".ft-arrow path.ft-arrow-line")
    assert arrows.evaluate_all("ps => ps.map(p => p.dataset.arrow)") == ["played", "expert"]
    looks = arrows.evaluate_all(
        "ps => ps.map(p => getComputedStyle(p).stroke + ' ' + getComputedStyle(p).strokeDasharray)")
    assert looks[0] != looks[1], looks
    # what is drawn is the position before move 1 (its arrows), not the game's end
    assert review_drawn(nb) == 1
    board.screenshot(path=str(SCREENSHOTS / "review-e2e.png"))
    # → → from the review bar (the focus stayed on ▶), ← on the board itself
    nb.page.keyboard.press("ArrowRight")
    wait_for(lambda: review_at(nb) == 2, "→ to step 2")
    nb.page.keyboard.press("ArrowRight")
    wait_for(lambda: review_at(nb) == 3, "→ to step 3")
    board.focus()
    nb.page.keyboard.press("ArrowLeft")
    wait_for(lambda: review_at(nb) == 2, "← to step 2")
    assert review_drawn(nb) == 2
    assert bar.locator(".ft-mark").count() == 0
    # the marked move, from the list of marks
    board.locator('button[data-review-step="1"]').click()
    wait_for(lambda: review_at(nb) == 1, "the marked step")
    # moves wait for the end of the review: the move buttons are off
    assert board.locator('button[data-action="hint"]').is_disabled()
    # Play from here: a new line from the position shown (step 2: before move 2), the review closed
    board.locator('button[data-review="next"]').click()
    wait_for(lambda: review_at(nb) == 2, "▶ to step 2")
    board.locator('button[data-review="play"]').click()
    wait_for(lambda: nb.kernel.json('board.state["review"]') is None, "the review to close")
    k = settled(nb, played[:1])
    assert not bar.is_visible()
    # the review of the new line opens from the menu, and × closes it
    board.locator(".ft-variant").click()
    board.locator('button[data-menu="review"]').click()
    wait_for(lambda: bar.is_visible(), "the review bar again", timeout=120)
    board.locator('button[data-review="close"]').click()
    wait_for(lambda: nb.kernel.json('board.state["review"]') is None and not bar.is_visible(), "× closing it")
    settled(nb, played[:1])
    assert k["kind"] != "error"


def test_pick_an_easy_winnable_deal_from_the_menu(notebook):
    nb = notebook
    reset(nb, "lucas", 5)  # Lucas: the catalogue grades most of its winnable deals easy
    board = board0(nb)
    board.locator(".ft-variant").click()
    easy = board.locator('.ft-difficulties button[data-difficulty="easy"]')
    wait_for(lambda: easy.is_visible(), "the graded deals in the menu")
    board.screenshot(path=str(SCREENSHOTS / "graded-deal-menu-e2e.png"))
    easy.click()
    wait_for(lambda: nb.kernel.json("board.game.deal") != 5, "a new deal")
    deal = nb.kernel.json("board.game.deal")
    easy_deals = nb.kernel.json('__import__("ft_widget").deals("lucas", difficulty="easy")')
    assert deal in easy_deals
    settled(nb, [])
    assert board.locator(".ft-menu-list").is_hidden()


@pytest.fixture(scope="module")
def puzzle_notebook(lab, chromium):
    """puzzle.ipynb open and run: the Maria trap as a puzzle, ``board = Board.puzzle(trap).board``."""
    with notebook_run(lab, chromium, "puzzle.ipynb") as nb:
        yield nb


def click_move(nb, move: str) -> None:
    """Play ``move`` by mouse: the stock by a click, else its card, then its place."""
    src, dst = piles_of(move)
    if src == "s":
        nb.page.mouse.click(*pile_target(nb, "s"))
        return
    nb.page.mouse.click(*center(nb, f'[data-pile="{src}"] .ft-card'))
    if dst == "f":
        dst = nb.kernel.json(f'board.state["home_piles"].get({move!r}, "f1")')
    nb.page.mouse.click(*pile_target(nb, dst))


def test_a_wrong_move_is_answered_in_words_about_the_cards(puzzle_notebook):
    """Issue 35, item 4, on the page: the losing 1>f (the first 5♥ home) is answered in words
    about the cards (what it gives up, the card buried for good), not in notation, and U takes it
    back to the puzzle's start. Runs before the puzzle is solved (the test below)."""
    nb = puzzle_notebook
    board = board0(nb)
    panel = board.locator(".ft-puzzle")
    wait_for(lambda: panel.is_visible(), "the puzzle panel")
    start = nb.kernel.json("[str(m) for m in board.game.history]")
    click_move(nb, "1>f")
    wait_for(lambda: nb.kernel.json("[str(m) for m in board.game.history]") == [*start, "1>f"], "1>f played")
    said = nb.kernel.json('board.state["message"]')
    wait_for(lambda: said in board.locator(".ft-msgbar").inner_text(), "the verdict on the page")
    assert said.startswith("Putting 5♥ home from column 1 gives up the win") and "1>f" not in said
    assert "4♥ in column 2" in said and "buried for good" in said
    assert not panel.locator(".ft-puzzle-solved").is_visible()
    board.screenshot(path=str(SCREENSHOTS / "puzzle-wrong-e2e.png"))
    board.focus()
    nb.page.keyboard.press("u")
    wait_for(lambda: nb.kernel.json("[str(m) for m in board.game.history]") == start, "the wrong move undone")
    want = expected_piles(nb.kernel.json("board.game.position()"), 1)
    wait_for(lambda: dom_piles(nb, 0) == want, "the start drawn again")


def test_solve_a_puzzle_by_mouse(puzzle_notebook):
    nb = puzzle_notebook
    board = board0(nb)
    panel = board.locator(".ft-puzzle")
    wait_for(lambda: panel.is_visible(), "the puzzle panel")
    puzzle = nb.kernel.json('board.state["puzzle"]')
    assert panel.locator(".ft-puzzle-prompt").inner_text() == puzzle["prompt"]
    assert panel.locator(".ft-puzzle-title").inner_text() == puzzle["title"]
    assert puzzle["progress"] is None and panel.locator(".ft-puzzle-progress").count() == 0  # not a run
    # the prompt once, in the panel, not in the message line too; no game scoreboard on a puzzle
    assert puzzle["prompt"] not in board.locator(".ft-msgbar").inner_text()
    assert not board.locator(".ft-score").is_visible()
    # the prompt is not over the cards: the panel ends above the felt
    box = panel.bounding_box()
    assert box["y"] + box["height"] <= board.locator(".ft-scroll").bounding_box()["y"]
    hint = board.locator('button[data-action="hint"]')
    assert hint.inner_text() == "Show a clue"
    hint.click()
    wait_for(lambda: nb.kernel.json('board.state["puzzle"]["clues"]') == 1, "a clue counted", timeout=120)
    wait_for(lambda: panel.locator(".ft-puzzle-clues").inner_text() == "1 clue shown", "the clue count")
    clue = nb.kernel.json('board.state["puzzle"]["clue"]')
    assert clue and panel.locator(".ft-puzzle-clue-words").inner_text() == clue
    board.screenshot(path=str(SCREENSHOTS / "puzzle-e2e.png"))
    # solve it: one of its answers, played by clicking its card and then its place
    answers = nb.kernel.json("[str(m) for m in board.current_puzzle.answers]")
    assert answers == ["2>f"]  # 1>f loses: the solver proves it
    answer = answers[0]
    start = nb.kernel.json("len(board.game.history)")
    click_move(nb, answer)
    wait_for(lambda: nb.kernel.json("[str(m) for m in board.game.history]")[start:start + 1] == [answer],
             f"the answer {answer} played")
    wait_for(lambda: panel.locator(".ft-puzzle-solved").is_visible(), "Solved!")
    assert panel.locator(".ft-puzzle-prompt").count() == 0
    wait_for(lambda: hint.inner_text() == "Hint", "the Hint button back")
    assert not board.locator(".ft-score").is_visible()  # a solved puzzle is no game won or lost
    board.screenshot(path=str(SCREENSHOTS / "puzzle-solved-e2e.png"))
