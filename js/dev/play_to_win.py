"""Play whole games to the end through the board's UI, one variant after another.

For each variant, finds a deal the solver wins (ft_widget.solver.solve), opens it in the
harness (served in-process) and plays the solver's line with the interface alone,
rotating between drags, click-then-click, keyboard play, double-clicks and stock clicks,
checking after every move that the Python Board played exactly that move. Ends when the
board says "won".

    .venv/bin/python js/dev/play_to_win.py [--variants a,b] [--deals 40] [--time 4]
"""

from __future__ import annotations

import argparse
import time

from playwright.sync_api import sync_playwright
from serve import BOARDS, start

from ft_widget import VARIANTS, Game
from ft_widget.solver import solve

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TOP = ["s", "w", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"]


def winnable(variant: str, deals: int, seconds: float):
    for deal in range(1, deals + 1):
        result = solve(Game(variant, deal=deal), time_limit=seconds)
        if result.status == "won":
            return deal, [str(m) for m in result.moves]
    return None, None


class UI:
    def __init__(self, page):
        self.page = page

    def sel(self, pile):
        return f'[data-pile="{pile}"]'

    def top(self, pile):
        return self.page.locator(f'{self.sel(pile)} .ft-card').last

    def card(self, pile, from_top):
        cards = self.page.locator(f'{self.sel(pile)} .ft-card')
        return cards.nth(cards.count() - from_top)

    def drag(self, src, dst, n=1):
        box = self.card(src, n).bounding_box()
        target = self.page.locator(self.sel(dst)).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + 6
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.mouse.move(x + 12, y + 12, steps=2)
        self.page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 30, steps=4)
        self.page.mouse.up()

    def click_click(self, src, dst):
        self.top(src).click()
        self.page.locator(self.sel(dst)).click(position={"x": 8, "y": 8})

    def cursor(self):
        loc = self.page.locator(".ft-pile.ft-cursor")
        return loc.first.get_attribute("data-pile") if loc.count() else None

    def go_to(self, pile, columns):
        k = self.page.keyboard
        if self.cursor() is None:
            self.page.locator(".ft-board").focus()
            k.press("ArrowLeft")
        cols = [str(i + 1) for i in range(columns)]
        in_top = pile in TOP
        if (self.cursor() in TOP) != in_top:
            k.press("ArrowUp" if in_top else "ArrowDown")
        row = TOP if in_top else cols
        diff = row.index(pile) - row.index(self.cursor())
        for _ in range(abs(diff)):
            k.press("ArrowRight" if diff > 0 else "ArrowLeft")
        assert self.cursor() == pile, (self.cursor(), pile)

    def keys(self, src, dst, n, columns):
        self.go_to(src, columns)
        for _ in range(n - 1):
            self.page.keyboard.press("Shift+ArrowUp")
        self.page.keyboard.press("Enter")
        self.go_to(dst, columns)
        self.page.keyboard.press("Enter")


def play(page, base, variant, deal, line) -> float:
    page.goto(f"{base}/js/dev/harness.html?variant={variant}&deal={deal}&width=900")
    page.wait_for_function("window.harnessReady === true")
    ui = UI(page)
    columns = VARIANTS[variant].columns
    t0 = time.perf_counter()
    for k, move in enumerate(line):
        # act on cards where they rest: hit-testing follows the layout, not a card mid-slide
        page.wait_for_function("document.getAnimations().length === 0")
        version = page.evaluate("window.model.get('state').version")
        src, rest = move.split(">")
        dst, _, n = rest.partition("x")
        n = int(n or 1)
        mode = k % 3
        if src == "s" or dst == "s":
            ui.page.locator(ui.sel("s")).click()
        elif dst == "f":
            if mode == 2:
                ui.go_to(src, columns)
                page.keyboard.press("f")
            else:
                ui.top(src).dblclick()
        elif mode == 0:
            ui.drag(src, dst, n)
        elif mode == 1 and n == 1:
            ui.click_click(src, dst)
        else:
            ui.keys(src, dst, n, columns)
        try:
            page.wait_for_function(f"window.model.get('state').version > {version}", timeout=5000)
        except Exception:
            page.screenshot(path="/tmp/ft_stuck.png")
            raise AssertionError(f"{variant} deal {deal}, move {k + 1} {move} (mode {mode}): nothing was sent"
                                 f"; message {page.locator('.ft-message').inner_text()!r}") from None
        played = BOARDS["0"].game.history
        assert played and str(played[-1]) == move and len(played) == k + 1, (
            f"{variant} deal {deal}, move {k + 1} {move}: the board played {played[-1:]} "
            f"({page.locator('.ft-message').inner_text()!r})")
    page.wait_for_timeout(100)
    assert BOARDS["0"].game.is_won
    assert page.locator(".ft-status").inner_text().endswith("won")
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--time", type=float, default=4.0)
    a = ap.parse_args()
    server, base = start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 960, "height": 900})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            for variant in a.variants.split(","):
                deal, line = winnable(variant, a.deals, a.time)
                if deal is None:
                    print(f"{variant}: no deal in 1..{a.deals} solved within {a.time}s; skipped")
                    continue
                seconds = play(page, base, variant, deal, line)
                print(f"{variant} deal {deal}: won through the UI in {len(line)} moves ({seconds:.1f} s)")
            assert not errors, errors
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
