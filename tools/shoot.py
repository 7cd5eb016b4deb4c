"""Screenshots of the harness (served in-process): every variant, light and dark.

    .venv/bin/python tools/shoot.py [out_dir] [--variants a,b] [--themes light,dark] [--play N] [--width 900]
        [--language fr]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from browser import launch_chromium
from playwright.sync_api import sync_playwright
from serve import start

from ft_widget import VARIANTS


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default="/tmp/ft_screens")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--themes", default="light,dark")
    ap.add_argument("--play", type=int, default=0)
    ap.add_argument("--deal", type=int, default=3)
    ap.add_argument("--width", type=int, default=900)
    ap.add_argument("--language", default="en", help="the board's language: en, fr, lt, sk, ka")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    server, base = start()
    with sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": a.width + 40, "height": 900})
        page.on("console", lambda m: print("console:", m.text))
        page.on("pageerror", lambda e: print("pageerror:", e))
        for v in a.variants.split(","):
            for theme in a.themes.split(","):
                url = (f"{base}/js/dev/harness.html?variant={v}&deal={a.deal}"
                       f"&theme={theme}&play={a.play}&width={a.width}&language={a.language}")
                page.goto(url)
                page.wait_for_function("window.harnessReady === true")
                lang = "" if a.language == "en" else f"_{a.language}"
                path = out / f"{v}_{theme}{'_mid' if a.play else ''}{lang}.png"
                page.locator("#out").screenshot(path=str(path))
                sw = page.evaluate("document.querySelector('.ft-board').scrollWidth")
                cw = page.evaluate("document.querySelector('.ft-board').clientWidth")
                first = page.evaluate("window.firstRender")
                print(path, f"first render {first:.1f} ms", f"scrollWidth {sw} clientWidth {cw}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
