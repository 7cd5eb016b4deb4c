"""The board with a keyboard and a screen reader (issue 35, "On the board"), in a real JupyterLab
and Chromium: Enter on the review's × and Play from here leaves the focus on the board, the focus
ring shows inside JupyterLab's output area, the keyboard cursor is kept in view at 200 % zoom,
and the review's arrows keep off the foundations. Each failed before its fix.
"""

from __future__ import annotations

import base64

import pytest

from .harness import SCREENSHOTS, wait_for
from .test_board_e2e import boards, reset, settled
from .test_training_e2e import TRAP, review_at, review_drawn

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

IS_ROOT = "e => document.activeElement === e"

# How many pixels differ between two PNG screenshots of the same size, decoded by the page.
PIXELS_DIFFER = """async ([a, b]) => {
    const load = (src) => new Promise((ok, fail) => {
        const img = new Image(); img.onload = () => ok(img); img.onerror = fail; img.src = src;
    });
    const data = async (src) => {
        const img = await load(src);
        const c = document.createElement('canvas');
        c.width = img.width; c.height = img.height;
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, img.width, img.height).data;
    };
    const [x, y] = [await data(a), await data(b)];
    if (x.length !== y.length) return -1;
    let n = 0;
    for (let i = 0; i < x.length; i += 4) {
        if (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > 30) n++;
    }
    return n;
}"""


def board0(nb):
    return boards(nb).nth(0)


def png(data: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(data).decode()


def trap_reviewed(nb, step: int) -> list[str]:
    """The Maria trap played to its end, its review open at ``step``; returns the moves played."""
    reset(nb, "maria", 5)
    nb.kernel.run(TRAP)
    played = nb.kernel.json("[str(m) for m in board.game.history]")
    settled(nb, played)
    nb.kernel.run(f"board.review(); board.review_step({step})", timeout=180)
    wait_for(lambda: board0(nb).locator(".ft-review").is_visible(), "the review bar", timeout=120)
    wait_for(lambda: review_at(nb) == step, f"step {step}")
    review_drawn(nb)
    return played


def test_enter_on_the_reviews_close_and_play_from_here_keeps_the_focus_on_the_board(notebook):
    nb = notebook
    page, board = nb.page, board0(nb)
    trap_reviewed(nb, 3)
    close = board.locator('button[data-review="close"]')
    close.focus()
    page.keyboard.press("Enter")
    bar = board.locator(".ft-review")
    wait_for(lambda: nb.kernel.json('board.state["review"]') is None and not bar.is_visible(),
             "Enter on × closing the review")
    wait_for(lambda: board.evaluate(IS_ROOT), "the focus on the board after ×")
    page.keyboard.press("ArrowRight")  # the board's keys work on: the cursor shows
    wait_for(lambda: board.locator(".ft-cursor").count() >= 1, "the keyboard cursor after ×")
    # Play from here at step 3: a new line of 2 moves, the focus still on the board, and u takes one back
    nb.kernel.run("board.review_step(3)", timeout=180)
    wait_for(lambda: board.locator(".ft-review").is_visible(), "the review bar again")
    play = board.locator('button[data-review="play"]')
    play.focus()
    page.keyboard.press("Enter")
    wait_for(lambda: nb.kernel.json("len(board.game.history)") == 2, "Play from here before move 3")
    wait_for(lambda: board.evaluate(IS_ROOT), "the focus on the board after Play from here")
    page.keyboard.press("u")
    wait_for(lambda: nb.kernel.json("len(board.game.history)") == 1, "u undoing a move after Play from here")
    board.screenshot(path=str(SCREENSHOTS / "a11y-after-play-from-here.png"))


def test_the_focus_ring_shows_inside_jupyterlabs_output_area(notebook):
    nb = notebook
    page, board = nb.page, board0(nb)
    reset(nb, "maria", 5)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    board.focus()
    page.keyboard.press("ArrowLeft")  # a key: the focus is the keyboard's (:focus-visible)
    wait_for(lambda: board.evaluate("e => e.matches(':focus-visible')"), "the board focused by keys")
    box = board.bounding_box()
    # the top edge, 6 px deep, left of the buttons: the bar's own background, no cursor, no card
    strip = {"x": box["x"] + 8, "y": box["y"], "width": min(200, box["width"] / 4), "height": 6}
    focused = page.screenshot(clip=strip)
    board.screenshot(path=str(SCREENSHOTS / "a11y-focused.png"))
    page.evaluate("() => document.activeElement.blur()")
    wait_for(lambda: not board.evaluate(IS_ROOT), "the board unfocused")
    unfocused = page.screenshot(clip=strip)
    board.screenshot(path=str(SCREENSHOTS / "a11y-unfocused.png"))
    differ = page.evaluate(PIXELS_DIFFER, [png(focused), png(unfocused)])
    cells = round(strip["width"]) * 6
    # the ring: 3 px of the accent colour along the whole strip (half its pixels at least)
    assert differ >= cells * 0.4, f"{differ} of {cells} pixels differ: the focus ring is not seen"
    ring = board.evaluate("e => { e.focus(); return getComputedStyle(e, '::after').boxShadow; }")
    assert "inset" in ring, ring


# Maria with a 20-card column 9 (8 cards under a run from K♠ to 2♥): taller than a zoomed page's view.
DEEP_COLUMN = (
    "from ft_widget import Game\n"
    "_cols = [c.split() for c in ['JD 7D AH 2C', 'JH 8C TD 4D', '6S 3H 8D 4C', 'KH 2D 6C TH', 'KS 8C AH JC',"
    " '4D 6D JS QC', '5C QS 3C 7C', 'KD JD 8S 6D',"
    " 'QC 5D 9C 3D 7H 2S TC 9D KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H']]\n"
    "_stock = [r + s for r in 'A23456789TJQK' for s in 'CDHS' for _ in range(2)]\n"
    "for _c in sum(_cols, []): _stock.remove(_c)\n"
    "board.game = Game.from_position({'variant': 'maria', 'tableau': _cols, 'foundations': [[]] * 8,"
    " 'waste': [], 'stock': _stock, 'redeals_left': 0})\n"
)

# Where the keyboard cursor is drawn and what it must stay inside: its ring (3 px dashed, 3 px
# out) round the cursor pile's top card; the felt, which scrolls sideways; the notebook's own
# scroller; the window. And every element above the board that has been scrolled.
CURSOR_VIEW = """e => {
    const box = (x) => { const r = x.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const pile = e.querySelector('.ft-pile.ft-cursor');
    const ring = box(pile.lastElementChild).map((v, k) => v + (k < 2 ? -6 : 6));
    const scroller = e.closest('.jp-WindowedPanel-outer');
    const scrolled = [];
    for (let a = e.parentElement; a; a = a.parentElement) {
        if (a.scrollLeft || a.scrollTop) scrolled.push(a === scroller ? 'notebook' : String(a.className));
    }
    return {pile: pile.dataset.pile, ring, felt: box(e.querySelector('.ft-scroll')), notebook: box(scroller),
            window: [0, 0, innerWidth, innerHeight], scrolled};
}"""


def test_the_keyboard_cursor_stays_in_view_at_200_percent_zoom_with_the_file_browser_open(notebook):
    """200 % zoom of a 1280x800 window, emulated by a window of half its CSS pixels (640x400;
    device_scale_factor alone would leave the CSS width as it is), the file browser open: the
    notebook is about 310 px wide and 280 px tall. Each column the cursor reaches by keys, 7 to
    9 among them, is scrolled into view with its ring, a 20-card column's top card included,
    and nothing above the notebook's own scroller moves (no page jump)."""
    nb = notebook
    page, board = nb.page, board0(nb)
    view = page.viewport_size
    reset(nb, "maria", 5)
    page.set_viewport_size({"width": 640, "height": 400})
    page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    try:
        wait_for(lambda: page.locator(".jp-FileBrowser").is_visible(), "the file browser")
        nb.kernel.run(DEEP_COLUMN)
        wait_for(lambda: board.locator('[data-pile="9"] .ft-card').count() == 20, "the 20-card column 9")
        panel = page.locator(".jp-NotebookPanel").bounding_box()["width"]
        assert 250 < panel < 400, panel
        scroll = board.locator(".ft-scroll")
        wait_for(lambda: scroll.evaluate("e => e.scrollWidth > e.clientWidth + 20"), "the felt to scroll")
        scroll.evaluate("e => { e.scrollLeft = 0; }")
        board.scroll_into_view_if_needed()
        felt = scroll.bounding_box()
        nine = board.locator('[data-pile="9"]').bounding_box()
        assert nine["x"] > felt["x"] + felt["width"], "column 9 was in view before the keys"
        page.screenshot(path=str(SCREENSHOTS / "a11y-zoom200-before.png"))

        board.focus()
        page.keyboard.press("ArrowDown")  # to the columns, if the cursor was on the top row
        seen = []
        for _ in range(12):
            page.keyboard.press("ArrowRight")
            at = board.evaluate(CURSOR_VIEW)
            if at["pile"] in seen:
                break  # the last column: → stops there
            seen.append(at["pile"])
            left, top, right, bottom = at["ring"]
            for name in ("felt", "notebook", "window"):
                x0, y0, x1, y1 = at[name]
                # the felt scrolls sideways only: a ring below its top edge is the notebook's to show
                inside = x0 - 1 <= left and right <= x1 + 1 and (
                    name == "felt" or (y0 - 1 <= top and bottom <= y1 + 1))
                assert inside, f"column {at['pile']}: its ring {at['ring']} is outside the {name} {at[name]}"
            assert set(at["scrolled"]) <= {"notebook"}, f"the page moved: {at['scrolled']}"
        assert {"7", "8", "9"} <= set(seen) and seen[-1] == "9", seen
        assert scroll.evaluate("e => e.scrollLeft") > 0
        assert page.evaluate("() => [scrollX, scrollY]") == [0, 0]
        page.screenshot(path=str(SCREENSHOTS / "a11y-zoom200-cursor-9.png"))

        for _ in range(8):
            page.keyboard.press("ArrowLeft")
        at = board.evaluate(CURSOR_VIEW)
        assert at["pile"] == "1" and at["felt"][0] - 1 <= at["ring"][0], at
        # every column drawn whole at the cards' smallest size, none squeezed out
        widths = board.locator(".ft-pile.ft-column").evaluate_all("ps => ps.map(p => p.offsetWidth)")
        assert len(widths) == 9 and min(widths) == max(widths) > 20, widths
    finally:
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        page.set_viewport_size(view)
        nb.set_notebook_width(900)


def test_the_review_shows_the_position_before_the_move_with_arrows_off_the_foundations(notebook):
    nb = notebook
    board = board0(nb)
    played = trap_reviewed(nb, 1)
    assert played[0] == "1>f"
    # before move 1: the 5♥ it sent home is still on column 1, where the played arrow starts
    assert board.locator('[data-pile="1"] .ft-card').last.get_attribute("data-card") == "5H"
    arrows = board.locator(".ft-arrow path.ft-arrow-line")
    wait_for(lambda: arrows.count() == 2, "the played and the expert's arrows")
    tops = board.locator(".ft-pile.ft-foundation").evaluate_all(
        "ps => ps.map(p => p.getBoundingClientRect().bottom)")
    bottom = max(tops)
    highest = arrows.evaluate_all("ps => ps.map(p => p.getBoundingClientRect().top)")
    assert min(highest) > bottom, (highest, bottom)
    # the last step says it is the last, in words
    nb.kernel.run(f"board.review_step({len(played)})")
    wait_for(lambda: review_at(nb) == len(played), "the last step")
    said = nb.kernel.json('board.state["spoken"]["review"]')
    assert said.startswith(f"Move {len(played)} of {len(played)}, the last move:") and "♥" not in said
    wait_for(lambda: said in board.locator(".ft-live").inner_text(), "the live region saying it")
    nb.kernel.run("board.review_step(1)")
    wait_for(lambda: review_at(nb) == 1, "step 1 again")
    review_drawn(nb)
    board.screenshot(path=str(SCREENSHOTS / "a11y-review-before-move.png"))
    nb.kernel.run("board.close_review()")
