"""How the project starts Chromium, for the browser tests (tests/e2e) and the tools here alike.

A system Chromium (Playwright cannot download its own browsers here): ``FT_CHROMIUM`` if set,
else ``chromium`` or ``chromium-browser`` on the PATH. Headless, with the background services
off: on a closed network they only fail, many connections at a time.
"""

from __future__ import annotations

import os
import shutil

NO_CHROMIUM = "no Chromium found on the PATH or in FT_CHROMIUM"


def find_chromium() -> str | None:
    """The Chromium to start: ``FT_CHROMIUM`` when it names an executable (a path, or a name on
    the PATH), else ``chromium`` or ``chromium-browser`` on the PATH; ``None`` when there is none."""
    named = os.environ.get("FT_CHROMIUM")
    if named:
        return shutil.which(named)
    return shutil.which("chromium") or shutil.which("chromium-browser")


CHROMIUM = find_chromium() or ""  # "" when there is none: os.access("", os.X_OK) is False
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def launch_chromium(playwright):
    """A headless Chromium from a started ``sync_playwright()``."""
    if not CHROMIUM:
        raise RuntimeError(NO_CHROMIUM)
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
