"""Screenshots of the board's training pieces drawn from hand-made states (js/test/training.json),
in the harness with no kernel behind it: a review step, the graded-deal menu, a puzzle with a clue.

    .venv/bin/python tools/shoot_training.py [out_dir] [--themes light,dark]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from browser import launch_chromium
from playwright.sync_api import sync_playwright
from serve import start

SHOTS = {  # file name -> (fixture, what to open before the picture)
    "review-step": ("review/mistake", None),
    "graded-deal-menu": ("deals/menu", "menu"),
    "puzzle-clue": ("puzzle/clue", None),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default="/tmp/ft_training_screens")
    ap.add_argument("--themes", default="light,dark")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    server, base = start()
    with sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 940, "height": 900})
        page.on("pageerror", lambda e: print("pageerror:", e))
        for theme in a.themes.split(","):
            for name, (fixture, open_) in SHOTS.items():
                page.goto(f"{base}/js/dev/harness.html?fixture={fixture}&theme={theme}&width=900")
                page.wait_for_function("window.harnessReady === true")
                if open_ == "menu":
                    page.locator(".ft-variant").click()
                board = page.locator(".ft-board")
                box = board.bounding_box()
                # the open menu hangs below the bar: take the board and whatever overlaps it
                path = out / f"{name}-{theme}.png"
                page.screenshot(path=str(path), clip={"x": box["x"], "y": box["y"], "width": box["width"],
                                                      "height": max(box["height"], 420)})
                print(path)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
