"""The spread waste in a real JupyterLab and Chromium: after a few deals the bar's Waste button
shows the waste's count, W on the board opens the row of every waste card in the order dealt (the
kernel's waste, card for card), the button closes it, and the game is untouched."""

from __future__ import annotations

import pytest

from ft_widget.cards import card_symbol, parse_card

from .harness import SCREENSHOTS, wait_for
from .test_board_e2e import boards, reset, settled

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def test_spread_the_waste_by_key_and_by_button(notebook):
    nb = notebook
    reset(nb, "forty_thieves", 3)
    for _ in range(6):
        nb.kernel.run('board.play("s>w")')
    history = ["s>w"] * 6
    settled(nb, history)
    board = boards(nb).nth(0)
    button = board.locator(".ft-spread-button")
    wait_for(lambda: button.is_visible() and button.inner_text() == "Waste: 6 cards", "the Waste button")
    assert button.get_attribute("aria-expanded") == "false"
    board.focus()
    nb.page.keyboard.press("w")
    panel = board.locator(".ft-spread")
    wait_for(lambda: panel.is_visible(), "the spread waste")
    waste = nb.kernel.json("[str(c) for c in board.game.position()['waste']]")
    chips = panel.locator(".ft-chip").all_inner_texts()
    # the kernel's waste, oldest first, as the board prints cards (10 for T; the suit's symbol)
    assert [c.replace("\ufe0e", "") for c in chips] == [
        ("10" if w[0] == "T" else w[0]) + card_symbol(parse_card(w))[-1] for w in waste]
    assert panel.locator('.ft-chip[data-top="true"]').count() == 1
    board.screenshot(path=str(SCREENSHOTS / "spread-waste-e2e.png"))
    button.click()
    wait_for(lambda: not panel.is_visible(), "the spread closed by its button")
    assert nb.kernel.json("[str(m) for m in board.game.history]") == history, "seeing plays nothing"
