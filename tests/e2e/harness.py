"""A real JupyterLab and a real Chromium for the board's end-to-end test and benchmark.

``Lab`` runs ``jupyter lab`` on a free port with a random token, in a temporary folder
holding copies of ``notebooks/``, with its own settings, workspace and runtime folders
(so a person's JupyterLab settings never leak in and no news pop-up covers the page).
``Kernel`` talks to the notebook's kernel directly (jupyter_client, the connection file
the server wrote), so a test reads the kernel's ``board.game`` without going through
the page it is checking. ``Notebook`` drives the page: open, run all, wait for idle.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from jupyter_client import BlockingKernelClient

from tools.browser import CHROMIUM, CHROMIUM_ARGS, NO_CHROMIUM, launch_chromium  # noqa: F401 (the tests use them)


def require_chromium() -> str:
    """The Chromium a browser test runs in (tools/browser.py finds it). Without one the test is
    skipped, saying so in pytest's summary; in CI (``CI`` set, as CI services set it) it fails
    instead, since CI installs Chromium and a skip there would hide a broken setup."""
    import pytest

    if CHROMIUM:
        return CHROMIUM
    if os.environ.get("CI", "").lower() not in ("", "0", "false"):
        pytest.fail(f"{NO_CHROMIUM}: CI must run the browser tests")
    pytest.skip(NO_CHROMIUM)


HERE = Path(__file__).parent
NOTEBOOKS = HERE / "notebooks"
REPO = HERE.parent.parent
SCREENSHOTS = REPO / "screenshots"


# JupyterLab settings for a quiet, predictable page.
_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True},
    "@jupyterlab/apputils-extension/themes.jupyterlab-settings": {"theme": "JupyterLab Light"},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def _die_with_parent() -> None:
    """In the server's process, before exec: on Linux, get SIGTERM when the test process
    dies, even by SIGKILL or a CI timeout, so no server outlives its test run. (Its kernels
    watch their parent, the server, and exit after it.)"""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _this_checkout() -> str:
    """PYTHONPATH for a server's kernels: they import this checkout's ft_widget, not whichever
    one is installed (in a second worktree, another checkout's, with its own bundle)."""
    return os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A JupyterLab server for one test session. Use as a context manager.
    ``app="notebook"`` runs Jupyter Notebook 7 the same way instead."""

    def __init__(self, notebooks: Path = NOTEBOOKS, app: str = "lab"):
        self.app = app
        self.tmp = Path(tempfile.mkdtemp(prefix="ft_e2e_"))
        self.root = self.tmp / "root"
        shutil.copytree(notebooks, self.root)
        self.runtime = self.tmp / "runtime"
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.proc: subprocess.Popen | None = None
        self.log_path = self.tmp / "server.log"

    def url(self, path: str = "") -> str:
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}/{path}{sep}token={self.token}"

    def api(self, method: str, path: str) -> object:
        req = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/{path}", method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def start(self, timeout: float = 120) -> Lab:
        settings = self.tmp / "settings"
        # (Notebook 7 lacks some of these plugins' schemas and fails on their settings)
        for name, value in (_SETTINGS if self.app == "lab" else {}).items():
            path = settings / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value))
        env = dict(
            os.environ,
            JUPYTERLAB_SETTINGS_DIR=str(settings),
            JUPYTERLAB_WORKSPACES_DIR=str(self.tmp / "workspaces"),
            JUPYTER_RUNTIME_DIR=str(self.runtime),
            IPYTHONDIR=str(self.tmp / "ipython"),
            PYDEVD_DISABLE_FILE_VALIDATION="1",
            PYTHONPATH=_this_checkout(),
        )
        env.pop("JUPYTER_TOKEN", None)
        cmd = [
            sys.executable, "-m", "jupyterlab" if self.app == "lab" else "notebook", "--no-browser",
            f"--port={self.port}",
            "--ip=127.0.0.1", f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}",
            "--ServerApp.port_retries=0", "--ServerApp.allow_root=True",
            "--ServerApp.disable_check_xsrf=False", "--MappingKernelManager.cull_idle_timeout=0",
        ]
        if self.app == "lab":
            cmd += ["--LabApp.expose_app_in_browser=True", "--LabApp.news_url=",
                    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        else:
            cmd += ["--JupyterNotebookApp.expose_app_in_browser=True"]
        self._log = open(self.log_path, "wb")
        # Its own session: stop() can end the server and everything it started.
        self.proc = subprocess.Popen(cmd, env=env, cwd=self.root, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True,
                                     preexec_fn=_die_with_parent)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = self.log()
                self.stop()
                raise RuntimeError(f"jupyter lab exited early:\n{log}")
            try:
                self.api("GET", "api/status")
                return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        log = self.log()
        self.stop()
        raise TimeoutError(f"jupyter lab did not answer in {timeout} s:\n{log}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def kernel_id(self, notebook: str) -> str:
        for s in self.api("GET", "api/sessions"):
            if s["path"] == notebook and s.get("kernel"):
                return s["kernel"]["id"]
        raise LookupError(f"no kernel runs {notebook}")

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:  # kernels first, politely; the server would do it too, this is quicker
                for k in self.api("GET", "api/kernels"):
                    self.api("DELETE", f"api/kernels/{k['id']}")
            except (OSError, urllib.error.URLError, ValueError):
                pass
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._log.close()
        self.proc = None
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Lab:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class Marimo:
    """``marimo run APP`` (an app: every cell runs, the page shows their outputs) on a free
    port, without a token, in a temporary copy of ``notebooks/``. Use as a context manager."""

    def __init__(self, app: str, notebooks: Path = NOTEBOOKS):
        self.tmp = Path(tempfile.mkdtemp(prefix="ft_marimo_"))
        self.root = self.tmp / "root"
        shutil.copytree(notebooks, self.root)
        self.app = app
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log_path = self.tmp / "marimo.log"

    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, timeout: float = 120) -> Marimo:
        self._log = open(self.log_path, "wb")
        env = dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1", HOME=str(self.tmp), PYTHONPATH=_this_checkout())
        cmd = [sys.executable, "-m", "marimo", "run", self.app, "--headless", "--host", "127.0.0.1",
               "--port", str(self.port), "--no-token", "--no-sandbox"]
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True, preexec_fn=_die_with_parent)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"marimo exited early:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url(), timeout=5):
                    return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        raise TimeoutError(f"marimo did not answer in {timeout} s:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        if self.proc is not None:
            self._log.close()
            self.proc = None
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Marimo:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def wait_for(check, what: str, timeout: float = 30.0):
    """Poll ``check()`` until it returns something truthy and return that; fail the test saying
    ``what`` was awaited when ``timeout`` seconds pass first."""
    import pytest

    deadline = time.monotonic() + timeout
    while not (value := check()):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.1)
    return value


class Kernel:
    """Run code in a notebook's kernel beside JupyterLab and read what it prints."""

    def __init__(self, lab: Lab, notebook: str):
        kid = lab.kernel_id(notebook)
        self.client = BlockingKernelClient(connection_file=str(lab.runtime / f"kernel-{kid}.json"))
        self.client.load_connection_file()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=60)

    def run(self, code: str, timeout: float = 60) -> str:
        out: list[str] = []
        errors: list[str] = []

        def hook(msg):
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                errors.append("\n".join(content["traceback"]))

        reply = self.client.execute_interactive(code, timeout=timeout, output_hook=hook, allow_stdin=False)
        if errors or reply["content"]["status"] != "ok":
            raise RuntimeError(f"kernel error running {code!r}:\n" + "\n".join(errors))
        return "".join(out)

    def json(self, expression: str) -> object:
        return json.loads(self.run(f"import json as _j; print(_j.dumps({expression}))"))

    def close(self) -> None:
        self.client.stop_channels()


_FULL_WIDTH = "() => { const s = window.jupyterapp.shell; s.collapseLeft(); s.collapseRight(); }"


class Notebook:
    """A JupyterLab page with one notebook open."""

    def __init__(self, page, lab: Lab, name: str):
        self.page, self.lab, self.name = page, lab, name

    def open(self, timeout: float = 120_000) -> Notebook:
        self.page.set_default_timeout(30_000)
        # A workspace of its own: the default one restores whatever tabs an earlier test left open
        # (notebooks beside this one take its width: a later width check then fails).
        workspace = f"ft-{secrets.token_hex(4)}"
        self.page.goto(self.lab.url(f"lab/workspaces/{workspace}/tree/{self.name}"), timeout=timeout)
        self.page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.sessionContext", timeout=timeout)
        # one notebook, full width: nothing else takes room from the board
        self.page.evaluate(_FULL_WIDTH)
        self.wait_idle(timeout)
        return self

    def wait_idle(self, timeout: float = 60_000) -> None:
        self.page.wait_for_function(
            """() => {
                const w = window.jupyterapp.shell.currentWidget;
                const s = w && w.sessionContext && w.sessionContext.session;
                const k = s && s.kernel;
                return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
            }""", timeout=timeout)

    def run_all(self, timeout: float = 120_000) -> None:
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.wait_idle(timeout)

    def set_theme(self, dark: bool) -> None:
        name = "JupyterLab Dark" if dark else "JupyterLab Light"
        self.page.evaluate(
            "name => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})", name)
        self.page.wait_for_function(
            f"() => document.body.dataset.jpThemeName === '{name}'", timeout=30_000)
        # JupyterLab shows its splash while a theme loads and removes it 200 ms after: a second
        # change inside those 200 ms makes it remove the splash twice (a NotFoundError in the page)
        self.page.wait_for_function("() => !document.getElementById('jupyterlab-splash')",
                                    timeout=30_000)

    def set_notebook_width(self, width: int = 900) -> None:
        """Size the window so the notebook panel is ``width`` pixels wide."""
        page = self.page
        panel_width = "() => document.querySelector('.jp-NotebookPanel').getBoundingClientRect().width"
        for _ in range(6):  # JupyterLab lays out again after a resize: measure, correct, repeat
            view = page.viewport_size
            panel = page.evaluate(panel_width)
            if abs(panel - width) < 2:
                return
            page.set_viewport_size({"width": round(view["width"] + width - panel), "height": view["height"]})
            page.wait_for_timeout(300)
        page.wait_for_function(f"() => Math.abs(({panel_width})() - {width}) < 2")


def history(nb) -> list[str]:
    """The moves of the game on the notebook's ``board``, in notation, read in its kernel."""
    return nb.kernel.json("[str(m) for m in board.game.history]")


@contextlib.contextmanager
def notebook_run(lab: Lab, chromium, name: str, width: int = 900):
    """``name`` (of tests/e2e/notebooks) open alone in a page of its own (its own workspace, as
    :meth:`Notebook.open` makes), run, its board drawn and the notebook ``width`` pixels wide: the
    :class:`Notebook`, with ``.kernel`` reading its kernel. An error in the page fails the test."""
    context = chromium.new_context(viewport={"width": 1200, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"{e}\n{e.stack}"))
    nb = Notebook(page, lab, name).open()
    nb.run_all()
    page.wait_for_function("() => document.querySelectorAll('.ft-board [data-card]').length > 0")
    nb.set_notebook_width(width)
    nb.kernel = Kernel(lab, name)
    SCREENSHOTS.mkdir(exist_ok=True)
    try:
        yield nb
    finally:
        nb.kernel.close()
        context.close()
    assert errors == [], f"errors in the page: {errors}"


# ------------------------------------------------------------------ reading the board's DOM
DOM_PILES = """(root) => {
    const piles = {};
    for (const p of root.querySelectorAll('[data-pile]')) {
        piles[p.dataset.pile] = [...p.querySelectorAll('.ft-card')].map(
            c => c.classList.contains('face-down') ? '#' : c.dataset.card);
    }
    return piles;
}"""


def expected_piles(position: dict, stock_deal: int) -> dict[str, list[str]]:
    """What the board should draw for a kernel position: '#' for a face-down card; the
    foundations' top cards, the waste's top deal, one back for a stock that has cards."""
    piles = {}
    for i, col in enumerate(position["tableau"]):
        piles[str(i + 1)] = ["#" if c.startswith("<") else c for c in col]
    for k, pile in enumerate(position["foundations"]):
        piles[f"f{k + 1}"] = pile[-1:]
    waste = position["waste"]
    piles["w"] = waste[-stock_deal:]
    piles["s"] = ["#"] if position["stock"] else []
    return piles
