"""The JupyterLite site (issue 24), built by ``lite/build.py`` as a teacher would, served on localhost
and played by mouse in Chromium: ``play.ipynb`` installs ft_widget (the pure wheel) in the in-browser
kernel, draws the board, and a deal, a drag, Undo and a fair Hint work, with no request leaving
this machine. After each step the page's board must draw what this process's engine says."""

from __future__ import annotations

import re

import pytest

from ft_widget import Game, Move
from lite.build import PYODIDE

from .harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DOM_PILES,
    SCREENSHOTS,
    expected_piles,
    launch_chromium,
    wait_for,
)
from .lite import CACHE, Site, build_site, is_local, kernel_json, open_play, run_all, run_in_kernel, watch
from .test_board_e2e import LAYOUT_CENTER

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

HISTORY = "[str(m) for m in board.game.history]"


@pytest.fixture(scope="module")
def site(lite_site):
    return lite_site  # conftest.py: built once for this and test_lite_lessons.py


def test_the_offline_site_plays_by_mouse(site, playwright):
    browser = launch_chromium(playwright)
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    seen = watch(context)
    page = context.new_page()
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    try:
        _play(page, site)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "lite_play.png"))
    finally:
        context.close()
        browser.close()
    assert seen["outside"] == [], f"requests left this machine: {seen['outside']}"
    assert seen["errors"] == [], seen["errors"]
    # the kernel, its packages and the board came from this server: Pyodide, the site's lock and
    # the wheels it names, and the piplite wheels (the pure ft_widget among them)
    served = " ".join(site.served)
    for part in ("static/pyodide/pyodide.asm.wasm", "static/pyodide/pyodide-lock.json",
                 "static/pyodide/ipython-", "pypi/ft_widget-0.1.0-py3-none-any.whl", "pypi/anywidget-"):
        assert part in served, part


def _play(page, site) -> None:
    open_play(page, site)
    run_all(page)
    board = page.locator(".ft-board")
    assert board.count() == 1
    # the kernel runs the pure path, without pandas (the offline site does not carry it)
    # the teaching notebooks' data is on the site, where they look for it (../data from notebooks/)
    lessons = "__import__('os').chdir('notebooks'); print(len(__import__('ft_widget.teaching').teaching" \
              ".load('lessons.json')) > 0); __import__('os').chdir('..')"
    assert run_in_kernel(page, lessons).strip() == "True"
    pure_and_no_pandas = ("[__import__('ft_widget.solver.search').solver.search.COMPILED,"
                          " __import__('importlib.util').util.find_spec('pandas') is None]")
    assert kernel_json(page, pure_and_no_pandas) == [False, True]

    game = Game("maria", 5)

    def draws(game: Game) -> bool:
        want = expected_piles(game.position(), game.variant.stock_deal)
        return page.evaluate(DOM_PILES, board.element_handle()) == want

    def center(selector: str) -> tuple[float, float]:
        return tuple(board.locator(selector).last.evaluate(LAYOUT_CENTER))

    def history_is(moves: list[str]) -> None:
        wait_for(lambda: kernel_json(page, HISTORY) == moves, f"the kernel's history to be {moves}", 60)
        wait_for(lambda: draws(game), f"the board to draw the position after {moves}", 30)

    wait_for(lambda: draws(game), "the board to draw Maria, deal 5", 30)

    # a deal: click the stock
    page.mouse.click(*center('[data-pile="s"] .ft-card'))
    game.play(Move.parse("s>w"))
    history_is(["s>w"])

    # a drag: a card from one column onto another, with real pointer events
    move = next(str(m) for m in game.legal_moves() if re.fullmatch(r"\d+>\d+", str(m)))
    src, dst = move.split(">")
    x, y = center(f'[data-pile="{src}"] .ft-card')
    tx, ty = center(f'[data-pile="{dst}"] .ft-card')
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8, y + 8, steps=3)
    page.mouse.move(tx, ty, steps=12)
    page.mouse.up()
    game.play(Move.parse(move))
    history_is(["s>w", move])

    # Undo, by its button
    board.locator('button[data-action="undo"]').click()
    game.undo()
    history_is(["s>w"])

    # a fair Hint, by its button: the pure solver in wasm; the board marks the move's source
    board.locator('button[data-action="hint"]').click()
    message = board.locator(".ft-message")
    wait_for(lambda: message.inner_text().startswith("Hint:"), "a fair hint's message", 120)
    hinted = kernel_json(page, "board.state['hint']")
    assert hinted["kind"] == "fair", hinted
    assert hinted["move"] in [str(m) for m in game.legal_moves()], hinted
    assert board.locator(".ft-hint-src").count() == 1
    assert kernel_json(page, HISTORY) == ["s>w"]  # a hint shows a move, plays none

    # Auto-play answers too (issue 24 saw it "do nothing"): here no card can go home safely, and it
    # says so; a card that could would be played and drawn
    board.locator('button[data-action="autoplay"]').click()
    wait_for(lambda: "safely" in message.inner_text() or kernel_json(page, HISTORY) != ["s>w"],
             "auto-play's answer", 60)


def test_the_online_site_asks_pyodides_cdn(site, playwright):
    """``--online-pyodide``: the page loads Pyodide from its public distribution at the kernel's pinned
    version (the wheels of ft_widget stay on the site). Nothing reaches the outside from here:
    Chromium resolves no host but 127.0.0.1, so the request is seen, and fails, on this machine."""
    online = build_site(CACHE / "site-e2e-online", online=True)
    config = (online / "jupyter-lite.json").read_text()
    with Site(online) as served:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            *CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        context = browser.new_context()
        seen = watch(context)
        page = context.new_page()
        try:
            page.goto(served.url + "lab/index.html?path=play.ipynb")
            # page.wait_for_timeout, not sleep: Playwright delivers the request events while it waits
            wait_for(lambda: page.wait_for_timeout(100) or any(u.endswith("/pyodide.mjs")
                                                                for u in seen["outside"]),
                     "the page to ask for Pyodide's public distribution", 120)
        finally:
            context.close()
            browser.close()
    wanted = [u for u in seen["outside"] if u.endswith("/pyodide.mjs")]
    assert wanted and all(f"/v{PYODIDE}/full/pyodide.mjs" in u and u in config for u in wanted), wanted
    assert not any(is_local(u) for u in seen["outside"])
