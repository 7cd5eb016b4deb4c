"""Fixtures for the end-to-end tests: one JupyterLab server and one Chromium per session.

Run them with ``pytest -m e2e``; leave them out with ``-m "not e2e"``. They need
Debian's ``chromium`` (or ``FT_CHROMIUM=/path/to/chrome``) and skip without it.
"""

from __future__ import annotations

import fcntl
import os

import pytest

from .harness import CHROMIUM, SCREENSHOTS, Kernel, Lab, Notebook, launch_chromium


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: end-to-end test in a real JupyterLab and Chromium (slow)")


@pytest.fixture(scope="session")
def lab():
    if not os.access(CHROMIUM, os.X_OK):
        if os.environ.get("CI"):  # CI installs Chromium: a skip there would hide a broken setup
            pytest.fail(f"no Chromium at {CHROMIUM}: CI must run the browser tests")
        pytest.skip(f"no Chromium at {CHROMIUM} (set FT_CHROMIUM)")
    server = Lab().start()
    try:
        yield server
    except BaseException:
        print(server.log())
        raise
    finally:
        server.stop()


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the whole session: a second ``sync_playwright()`` inside the first's
    event loop is refused, so every browser test starts its browsers from this one."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(lab, playwright):
    browser = launch_chromium(playwright)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="module")
def notebook(lab, chromium):
    """board.ipynb open and run: one board (Maria, deal 5) shown in two views, in a
    900-pixel-wide notebook; ``notebook.kernel`` reads and drives the kernel's ``board``."""
    # has_touch: the page may also be played with touch events (see the touch test)
    context = chromium.new_context(viewport={"width": 1200, "height": 1000}, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"{e}\n{e.stack}"))  # where it came from too
    frames: list[str] = []  # widget messages the page received, for the hidden-card test

    def keep(frame):
        text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
        if '"comm_msg"' in text or '"comm_open"' in text:
            frames.append(text)

    page.on("websocket", lambda ws: ws.on("framereceived", keep))
    nb = Notebook(page, lab, "board.ipynb").open()
    nb.frames = frames
    nb.run_all()
    page.wait_for_function("() => document.querySelectorAll('.ft-board [data-card]').length > 0")
    nb.set_notebook_width(900)
    nb.kernel = Kernel(lab, "board.ipynb")
    nb.errors = errors
    SCREENSHOTS.mkdir(exist_ok=True)
    yield nb
    nb.kernel.close()
    context.close()
    assert errors == [], f"errors in the page: {errors}"


@pytest.fixture(scope="session")
def lite_site():
    """The offline JupyterLite site, built once by lite/build.py and served on 127.0.0.1. Each
    pytest-xdist worker builds its own (``site-e2e-gw0``, ...), one build at a time: the builds
    share the download cache, and no build replaces a site another worker is serving."""
    from .lite import CACHE, SITE, Site, build_site

    if not os.access(CHROMIUM, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM}: CI must run the browser tests")
        pytest.skip(f"no Chromium at {CHROMIUM} (set FT_CHROMIUM)")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".e2e-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        site = build_site(SITE.with_name(f"{SITE.name}-{worker}") if worker else SITE)
    with Site(site) as served:
        yield served
