"""The JupyterLite site (lite/) for its browser test and benchmark: build it, serve it on localhost,
open ``play.ipynb`` in Chromium, and talk to the in-browser kernel through the page.

The site is built by ``lite/build.py`` into ``lite/.cache/site-e2e`` (downloads cached beside it),
so a second run rebuilds in seconds. The page's app is exposed to the test: the test's server adds
``exposeAppInBrowser`` to the ``jupyter-lite.json`` it serves, and the site's file stays as built
(the builder refuses to replace a site whose files were changed). The test drives JupyterLab's
commands and reads the kernel's ``board`` the way a notebook would, by running code in it.
"""

from __future__ import annotations

import functools
import http.server
import io
import json
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

from .harness import REPO, free_port

LITE = REPO / "lite"
CACHE = LITE / ".cache"
SITE = CACHE / "site-e2e"


def build_site(out: Path = SITE, cache: Path = CACHE, online: bool = False) -> Path:
    """Build the site with lite/build.py (the command a teacher runs)."""
    subprocess.run([sys.executable, str(LITE / "build.py"), "--out", str(out), "--cache", str(cache),
                    *(["--online-pyodide"] if online else [])], check=True)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".whl": "application/octet-stream"}
    served: list[str]

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass

    def send_head(self):
        self.served.append(self.path)
        if urlsplit(self.path).path == "/jupyter-lite.json":
            return self._exposed_config()
        return super().send_head()

    def _exposed_config(self):
        """The site's top config with ``exposeAppInBrowser``: the page's app as ``window.jupyterapp``."""
        config = json.loads((Path(self.directory) / "jupyter-lite.json").read_text())
        config["jupyter-config-data"]["exposeAppInBrowser"] = True
        body = json.dumps(config, indent=1).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class Site:
    """``python -m http.server -d SITE`` on 127.0.0.1, in a thread; ``served`` lists the paths asked."""

    def __init__(self, root: Path):
        self.root = root
        self.served: list[str] = []
        handler = functools.partial(type("Handler", (_Quiet,), {"served": self.served}),
                                    directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> Site:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def is_local(url: str) -> bool:
    """A request that stays on this machine: loopback, or a URL with no host (data:, blob:)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-extension"):
        return True
    return parts.hostname in ("127.0.0.1", "localhost", "::1")


def watch(context) -> dict[str, list[str]]:
    """Every request the browser context makes (pages, workers, service worker), and page errors."""
    seen: dict[str, list[str]] = {"requests": [], "outside": [], "errors": []}

    def request(req):
        seen["requests"].append(req.url)
        if not is_local(req.url):
            seen["outside"].append(req.url)

    context.on("request", request)
    context.on("weberror", lambda e: seen["errors"].append(str(e.error)))
    return seen


OPEN_NOTEBOOK = "() => window.jupyterapp && window.jupyterapp.shell.currentWidget" \
                " && window.jupyterapp.shell.currentWidget.sessionContext"

# Run code in the notebook's kernel, the page's own connection; resolve to what it printed.
RUN_IN_KERNEL = """async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const out = [];
    const future = kernel.requestExecute({code, store_history: false, silent: false});
    future.onIOPub = (msg) => {
        if (msg.header.msg_type === 'stream') out.push(msg.content.text);
        const c = msg.content;
        if (msg.header.msg_type === 'error') out.push('ERROR ' + c.ename + ': ' + c.evalue);
    };
    await future.done;
    return out.join('');
}"""


def open_play(page, site: Site, timeout: float = 300_000) -> None:
    """Open play.ipynb, the site's top-level notebook, and wait until its kernel answers."""
    open_notebook(page, site, "play.ipynb", timeout)


def open_notebook(page, site: Site, path: str, timeout: float = 300_000) -> None:
    """Open the site's notebook ``path`` (``notebooks/00_start_here.ipynb``) and wait until its kernel
    answers."""
    page.goto(site.url + f"lab/index.html?path={path}", timeout=timeout)
    page.wait_for_function(OPEN_NOTEBOOK, timeout=timeout)
    page.wait_for_function("() => !!window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel",
                           timeout=timeout)
    run_in_kernel(page, "pass", timeout)


def run_in_kernel(page, code: str, timeout: float = 300_000) -> str:
    page.set_default_timeout(timeout)
    return page.evaluate(RUN_IN_KERNEL, code)


def kernel_json(page, expression: str):
    out = run_in_kernel(page, f"import json as _j; print(_j.dumps({expression}))")
    if out.startswith("ERROR"):
        raise AssertionError(out)
    return json.loads(out)


def run_all(page, timeout: float = 300_000) -> None:
    """Run every cell (the %pip install of ft_widget, then the board) and wait for a drawn board."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("() => document.querySelectorAll('.ft-board [data-card]').length > 0",
                           timeout=timeout)


# Run every cell, as the Run All menu item does, and resolve once the run is over: JupyterLab's
# runAll resolves when the last cell has run, or stopped at the first cell that raised.
RUN_ALL_CELLS = """async () => {
    await window.jupyterapp.commands.execute('notebook:run-all-cells');
    const session = window.jupyterapp.shell.currentWidget.sessionContext.session;
    while (session.kernel.status !== 'idle') await new Promise((r) => setTimeout(r, 100));
}"""

# What the notebook's model holds after a run: each code cell's execution count and outputs.
CODE_CELLS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i).toJSON();
        if (cell.cell_type === 'code') out.push({count: cell.execution_count, outputs: cell.outputs});
    }
    return out;
}"""


def run_all_cells(page, timeout: float = 900_000) -> list[dict]:
    """Run All, wait until the kernel is idle, and return each code cell's execution count and outputs."""
    page.set_default_timeout(timeout)
    page.evaluate(RUN_ALL_CELLS)
    return page.evaluate(CODE_CELLS)
