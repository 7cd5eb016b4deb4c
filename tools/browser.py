"""How the project starts Chromium, for the browser tests (tests/e2e) and the tools here alike.

Debian's Chromium (Playwright cannot download its own browsers here), headless, with the
background services off: on a closed network they only fail, many connections at a time.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("FT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def launch_chromium(playwright):
    """A headless Chromium from a started ``sync_playwright()``."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
