#!/usr/bin/env python3
"""Build the JupyterLite site: ``python lite/build.py --out DIR``.

A static site where a class plays Forty Thieves in the browser with nothing installed: JupyterLab
and a Python kernel (Pyodide, in WebAssembly) served as files. Everything comes from the package
registries alone (PyPI and npm), pinned below, and is cached under ``lite/.cache`` (``--cache``):

- the build tools (jupyterlite-core, the Pyodide kernel, the widget frontends) go into a build
  venv of their own, so the project's environment is not touched;
- Pyodide's core (the interpreter and standard library) from npm; Pyodide's ``pyodide-lock.json``
  names prebuilt wheels fetched from Pyodide's CDN, which is not reachable here, so the site's lock is
  written here: only the pure-Python packages the kernel needs (micropip, IPython and its
  dependencies, ...), their wheels from PyPI, each entry's file name and sha256 rewritten to match.
  (The kernel's own ``--pyodide-lock`` option cannot read Pyodide 314's lock: pyodide-lock 0.1.2
  wants ``info.version``, which the lock no longer has.) Packages the site does not carry, pandas
  and numpy among them, are left out of the lock, so ``import pandas`` fails plainly there;
- piplite wheels (installed by ``%pip install`` in the page): ft_widget built pure
  (``FT_WIDGET_PURE=1``) from this checkout, pysol_cards built from its sdist, and anywidget,
  psygnal, ipywidgets, comm, jupyterlab_widgets from PyPI. PyPI fallback is off: the page asks no
  host but the one serving it. The offline site's lock names these wheels too, so a notebook's
  ``import ft_widget`` loads them with no ``%pip install`` cell;
- the notebooks with their saved outputs, each multi-line text joined into one string (the page
  shows a text stored as a list of lines with commas between them).

``--online-pyodide`` builds a site that loads Pyodide and its packages (pandas too) from Pyodide's
public CDN instead, for a teacher who is online; the piplite wheels stay on the site.

``--out`` is a new folder, an empty one, or a site this script built: each site it builds holds a
marker file (``.ft_widget-site``) listing what the build made, with each file's sha256. Any other
folder, a site a teacher has since added to (a ``.git``, a ``CNAME``), or one in which a file the
build made was changed since (an edited notebook or config: named in the message) is refused with
exit code 2 and left as it was. A changed file is refused rather than kept: kept, the teacher's
old copy would sit inside a newer build, a site that is neither theirs nor the new one; the
teacher decides. A file the teacher removed is made again (nothing of theirs is lost). A site
built before the marker kept hashes (version 1) counts a file newer than its marker as changed.

The site is built in a temporary folder beside ``--out`` and renamed into place only once the
build succeeded, so a failed build leaves the previous site whole. The whole build holds a lock
(``.NAME.lock`` beside ``--out``, removed at the end): a second build into the same ``--out``
while one runs is refused at once with exit code 2 and changes nothing, so two builds never swap
sites in turn, and no temporary or old folder is left beside the site. What a killed build left
there (its temporary folder) is removed by the next build.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

# ----------------------------------------------------------------------------- every version, and why
#: the JupyterLite app and its build tool
JUPYTERLITE = "0.8.6"
#: the Pyodide kernel for JupyterLite; it pins the Pyodide it was made for (below)
PYODIDE_KERNEL = "0.8.6"
#: Pyodide's core from npm: must equal the kernel's pinned version
#: (jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION; checked when building)
PYODIDE = "314.0.6"
#: Python inside Pyodide 314 (the wheels fetched for the lock must install there)
PYODIDE_PYTHON = "3.14"
#: anywidget: one pin for both the frontend (the labextension in the build venv's anywidget) and the
#: Python package in the page, whose minor versions must match (checked when building)
ANYWIDGET = "0.11.0"
#: the ipywidgets manager in the page's JupyterLab, and the Python side it talks to: ipywidgets 8.1.9
#: requires jupyterlab_widgets ~=3.0.17
JUPYTERLAB_WIDGETS = "3.0.17"
IPYWIDGETS = "8.1.9"
#: anywidget's dependencies in the page (psygnal has a pure wheel, which Pyodide can load)
PSYGNAL = "0.16.1"
COMM = "0.2.3"
#: where ft_widget keeps a learner's progress (a pure wheel, which Pyodide can load)
PLATFORMDIRS = "4.14.9"
#: ft_widget's deal generator: an sdist only on PyPI, so a wheel is built here
PYSOL_CARDS = "0.24.0"
#: indexes the site's files/ for the Contents API (a build tool only)
JUPYTER_SERVER = "2.21.1"

#: the build venv's tools
BUILD_TOOLS = [f"jupyterlite-core=={JUPYTERLITE}", f"jupyterlite-pyodide-kernel=={PYODIDE_KERNEL}",
               f"jupyter-server=={JUPYTER_SERVER}", f"anywidget=={ANYWIDGET}",
               f"jupyterlab-widgets=={JUPYTERLAB_WIDGETS}"]
#: piplite wheels from PyPI (ft_widget and pysol_cards are built)
PIPLITE_FROM_PYPI = [f"anywidget=={ANYWIDGET}", f"psygnal=={PSYGNAL}", f"ipywidgets=={IPYWIDGETS}",
                     f"comm=={COMM}", f"jupyterlab-widgets=={JUPYTERLAB_WIDGETS}",
                     f"platformdirs=={PLATFORMDIRS}"]
#: what the kernel loads from Pyodide's lock (the worker's micropip; piplite's installs of ipython and
#: jedi; ft_widget's traitlets and tqdm; anywidget's typing-extensions), with what they depend on;
#: the versions are the lock's own
LOCK_ROOTS = ["micropip", "packaging", "ipython", "jedi", "traitlets", "tqdm", "typing-extensions"]

#: what a piplite wheel requires that the site's lock may leave out: the kernel's own piplite index
#: carries a stand-in widgetsnbextension (ipywidgets requires it, and never imports it)
KERNEL_PROVIDES = {"widgetsnbextension"}

NOTEBOOKS = REPO / "notebooks"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def log(*words) -> None:
    print("[lite]", *words, flush=True)


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    log("$", " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ----------------------------------------------------------------------------- the build venv
def build_venv(cache: Path) -> Path:
    """A venv with the build tools at their pins, made once per set of pins."""
    key = hashlib.sha256(" ".join([sys.version, *BUILD_TOOLS]).encode()).hexdigest()[:12]
    venv = cache / f"venv-{key}"
    python = venv / "bin" / "python"
    if not (venv / ".complete").exists():
        shutil.rmtree(venv, ignore_errors=True)
        run([sys.executable, "-m", "venv", venv])
        run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", *BUILD_TOOLS])
        (venv / ".complete").write_text("\n".join(BUILD_TOOLS) + "\n")
    return venv


def check_pins(venv: Path) -> str:
    """Check the pins that must agree; return the kernel's URL of Pyodide's public distribution."""
    python = venv / "bin" / "python"
    kernel_pyodide, cdn = subprocess.run(
        [python, "-c", "from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as v, "
                       "PYODIDE_CDN_URL as u; print(v); print(u)"],
        check=True, capture_output=True, text=True).stdout.split()
    if kernel_pyodide != PYODIDE:
        sys.exit(f"PYODIDE = {PYODIDE}, but jupyterlite-pyodide-kernel {PYODIDE_KERNEL} pins Pyodide "
                 f"{kernel_pyodide}: set PYODIDE to the kernel's version")
    package = venv / "share" / "jupyter" / "labextensions" / "anywidget" / "package.json"
    frontend = json.loads(package.read_text())["version"]
    if frontend.split(".")[:2] != ANYWIDGET.split(".")[:2]:
        sys.exit(f"anywidget's frontend is {frontend}, its Python package {ANYWIDGET}: the minor versions "
                 "must match")
    return cdn


# ----------------------------------------------------------------------------- downloads
def pure_wheels(venv: Path, requirements: list[str], dest: Path) -> dict[str, Path]:
    """Pure-Python (``py3-none-any``) wheels from PyPI for ``name==version`` requirements, cached in
    ``dest``: {canonical name: wheel}."""
    dest.mkdir(parents=True, exist_ok=True)

    def find(req: str) -> Path | None:
        name, version = req.split("==")
        for wheel in dest.glob("*.whl"):
            w_name, w_version = wheel.name.split("-")[:2]
            if canonical(w_name) == canonical(name) and w_version == version:
                return wheel
        return None

    missing = [r for r in requirements if find(r) is None]
    if missing:
        run([venv / "bin" / "python", "-m", "pip", "download", "-q", "--disable-pip-version-check",
             "--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
             "--python-version", PYODIDE_PYTHON, "-d", dest, *missing])
    found = {}
    for req in requirements:
        wheel = find(req)
        if wheel is None or not wheel.name.endswith("-none-any.whl"):
            sys.exit(f"no pure-Python wheel for {req} on PyPI ({wheel}): the offline site cannot carry it")
        found[canonical(req.split("==")[0])] = wheel
    return found


def pyodide_core(cache: Path) -> Path:
    """Pyodide's core from the npm registry (``npm pack pyodide@PYODIDE``), unpacked once."""
    core = cache / f"pyodide-{PYODIDE}"
    if not (core / "pyodide.mjs").exists():
        npm = cache / "npm"
        npm.mkdir(parents=True, exist_ok=True)
        tgz = npm / f"pyodide-{PYODIDE}.tgz"
        if not tgz.exists():
            run(["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", npm, "--silent"],
                stdout=subprocess.DEVNULL)
        tmp = Path(tempfile.mkdtemp(dir=cache))
        with tarfile.open(tgz) as tar:
            if hasattr(tarfile, "data_filter"):  # Python 3.12, and 3.10.12 / 3.11.4 on
                tar.extractall(tmp, filter="data")
            else:
                tar.extractall(tmp)
        shutil.rmtree(core, ignore_errors=True)
        (tmp / "package").rename(core)
        shutil.rmtree(tmp)
    version = json.loads((core / "package.json").read_text())["version"]
    if version != PYODIDE:
        sys.exit(f"npm gave pyodide {version}, not {PYODIDE}")
    return core


def site_lock(core: Path, venv: Path, cache: Path, pyodide_dir: Path) -> list[str]:
    """Write the site's ``pyodide-lock.json`` into ``pyodide_dir``, beside the wheels it names."""
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    by_name = {canonical(k): k for k in packages}
    needed: dict[str, dict] = {}
    todo = list(LOCK_ROOTS)
    while todo:
        name = canonical(todo.pop())
        if name in needed:
            continue
        if name not in by_name:
            sys.exit(f"{name} is not in Pyodide {PYODIDE}'s lock")
        entry = packages[by_name[name]]
        needed[name] = entry
        todo += entry["depends"]
    wheels = pure_wheels(venv, [f"{entry['name']}=={entry['version']}" for entry in needed.values()],
                         cache / "wheels")
    site_packages = {}
    for name, entry in sorted(needed.items()):
        wheel = wheels[name]
        shutil.copy2(wheel, pyodide_dir / wheel.name)
        site_packages[by_name[name]] = {
            **entry,
            "file_name": wheel.name,
            "sha256": sha256(wheel),
            "unvendored_tests": False,  # Pyodide split tests out of its own builds; PyPI's keep them
        }
    # info.version: the kernel's lock tools (pyodide-lock 0.1.2) require it; Pyodide 314 omits it
    info = {**lock["info"], "version": PYODIDE}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": site_packages},
                                                              indent=1, sort_keys=True))
    return sorted(site_packages)


def piplite_wheels(venv: Path, cache: Path, pypi_dir: Path) -> list[str]:
    """The wheels ``%pip install ft_widget`` installs in the page, into the site's ``pypi/``."""
    pypi_dir.mkdir(parents=True, exist_ok=True)
    python = venv / "bin" / "python"
    wheels = list(pure_wheels(venv, PIPLITE_FROM_PYPI, cache / "wheels").values())
    built = cache / "built"
    pysol = [w for w in built.glob("pysol_cards-*.whl") if w.name.split("-")[1] == PYSOL_CARDS]
    if not pysol:
        run([python, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
             "--no-binary", "pysol_cards", f"pysol_cards=={PYSOL_CARDS}", "-w", built])
        pysol = [w for w in built.glob("pysol_cards-*.whl") if w.name.split("-")[1] == PYSOL_CARDS]
    wheels += pysol
    with tempfile.TemporaryDirectory() as tmp:  # this checkout's ft_widget, always built afresh
        run([python, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps", REPO,
             "-w", tmp], env={**os.environ, "FT_WIDGET_PURE": "1"})
        (ours,) = Path(tmp).glob("ft_widget-*.whl")
        if not ours.name.endswith("-py3-none-any.whl"):
            sys.exit(f"FT_WIDGET_PURE=1 built {ours.name}, not a pure wheel")
        shutil.copy2(ours, pypi_dir / ours.name)
    for wheel in wheels:
        if not wheel.name.endswith("-none-any.whl"):
            sys.exit(f"{wheel.name} is not a pure wheel")
        shutil.copy2(wheel, pypi_dir / wheel.name)
    return sorted(p.name for p in pypi_dir.glob("*.whl"))


def wheel_entry(wheel: Path, url: str) -> dict:
    """A Pyodide lock entry for a pure wheel at ``url`` (relative to the lock): what it is called,
    the top-level names it installs (``import`` finds it by these) and what it requires (no extras,
    no markers: these wheels name none that Pyodide needs)."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        lines = z.read(meta).decode("utf-8").splitlines()
    field = dict(line.split(": ", 1) for line in lines if line.startswith(("Name: ", "Version: ")))
    requires = [re.match(r"[A-Za-z0-9._-]+", line[len("Requires-Dist: "):]).group(0)
                for line in lines if line.startswith("Requires-Dist: ") and ";" not in line]
    tops = {n.split("/")[0] for n in names if "/" in n}
    tops = {t for t in tops if not t.endswith((".dist-info", ".data"))}
    imports = sorted(tops | {n.removesuffix(".py") for n in names if "/" not in n and n.endswith(".py")})
    # the lock's keys and names are canonical ("pysol-cards"), as the kernel looks them up
    return {"name": canonical(field["Name"]), "version": field["Version"], "file_name": url,
            "install_dir": "site", "sha256": sha256(wheel), "package_type": "package", "imports": imports,
            "depends": [canonical(r) for r in requires], "unvendored_tests": False}


def lock_piplite(pyodide_dir: Path, pypi_dir: Path) -> list[str]:
    """Add the piplite wheels (ft_widget and what it needs) to the site's lock, pointing at their one
    copy in ``pypi/``: the kernel loads a package of its lock when a cell imports it, so a lesson that
    starts with ``from ft_widget import ...`` runs without a ``%pip install`` cell first."""
    path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(path.read_text())
    packages = lock["packages"]
    added = {}
    for wheel in sorted(pypi_dir.glob("*.whl")):
        entry = wheel_entry(wheel, f"../../pypi/{wheel.name}")  # static/pyodide/ -> the site's top
        added[entry["name"]] = entry
    known = {canonical(k) for k in packages} | set(added)
    for entry in added.values():
        missing = [d for d in entry["depends"] if d not in known and d not in KERNEL_PROVIDES]
        if missing:
            sys.exit(f"{entry['name']} requires {', '.join(missing)}, which the site carries neither in its "
                     "lock nor in pypi/")
        entry["depends"] = [d for d in entry["depends"] if d in known]
        packages[entry["name"]] = entry
    path.write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(added)


# ----------------------------------------------------------------------------- the notebooks
def joined(text):
    """A notebook's multi-line string, which the file may store as a list of lines, as one string.
    A Jupyter server joins the lines when it reads the file; JupyterLite hands the file to the page
    as stored, and the page shows a list as its lines joined by commas: the rows of ",,,," seen above
    every saved table (a DataFrame's HTML, one line a list item)."""
    return "".join(text) if isinstance(text, list) else text


def site_notebook(path: Path, dest: Path) -> None:
    """A notebook as committed, outputs included, without saved widget state (a saved state would
    show a stale board before the kernel runs, and holds a whole game)."""
    nb = json.loads(path.read_text())
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb["cells"]:
        cell["source"] = joined(cell["source"])
        for output in cell.get("outputs", []):
            output.get("data", {}).pop("application/vnd.jupyter.widget-view+json", None)
            if "text" in output:
                output["text"] = joined(output["text"])
            for mime, value in output.get("data", {}).items():
                if not (mime == "application/json" or mime.endswith("+json")):  # JSON data is data
                    output["data"][mime] = joined(value)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


def data_files() -> list[str]:
    """The data/ files the notebooks read: ``load("NAME")`` and ``data_path("NAME")``
    (ft_widget.teaching), ``read_csv("NAME")`` (10_rule_differences) and ``../data/NAME``, but
    for those that ship in the package (``notebooks/NAME`` in ft_widget/data/experiments/, and
    ft_widget/data/teaching/): the site installs it."""
    names = set()
    for source in [*NOTEBOOKS.glob("*.py"), *NOTEBOOKS.glob("*/00_start_here.py"),
                   REPO / "ft_widget" / "teaching.py"]:
        text = source.read_text(encoding="utf-8")
        names |= set(re.findall(r'\b(?:load|data_path|read_csv)\("([\w.\-/]+)"\)', text))
        names |= set(re.findall(r"\.\./data/([\w.\-/]+)", text))
    names = {n for n in names if not (REPO / "ft_widget" / "data" / "teaching" / n).is_file()
             and n != "notebooks" and not n.startswith("notebooks/")}
    folders = {n for n in names if (REPO / "data" / n).is_dir()}  # a folder: its files
    names |= {p.relative_to(REPO / "data").as_posix() for n in folders for p in (REPO / "data" / n).iterdir()
              if p.is_file()}
    return sorted(names - folders)


def contents(stage: Path) -> None:
    """play.ipynb at the top; the notebooks in notebooks/ and the data they read in data/ (the layout
    of the repository, which the notebooks' ``../data`` paths expect)."""
    files = stage / "files"
    site_notebook(HERE / "play.ipynb", files / "play.ipynb")
    # the lessons, and the first one's translations (notebooks/<lang>/00_start_here.ipynb)
    for nb in sorted([*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("*/00_start_here.ipynb")]):
        site_notebook(nb, files / "notebooks" / nb.relative_to(NOTEBOOKS))
    shutil.copy2(NOTEBOOKS / "README.md", files / "notebooks" / "README.md")
    (files / "data").mkdir()
    for name in data_files():
        (files / "data" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / "data" / name, files / "data" / name)


def read_only(out: Path) -> None:
    """Mark the site's files read-only in its Contents API listings: a student's edits are kept in
    their own browser (JupyterLite's storage), and the site's copies never change."""
    for listing in (out / "api" / "contents").rglob("all.json"):
        data = json.loads(listing.read_text())
        for model in [data, *(data.get("content") or [])]:
            if isinstance(model, dict) and "writable" in model:
                model["writable"] = False
        listing.write_text(json.dumps(data))


# ----------------------------------------------------------------------------- the site
def make_site(dest: Path, cache: Path, online: bool) -> None:
    """The whole build (minutes, and downloads on a first run), into ``dest``, which must not exist."""
    cache.mkdir(parents=True, exist_ok=True)
    venv = build_venv(cache)
    cdn = check_pins(venv)
    with tempfile.TemporaryDirectory(prefix="lite-stage-", dir=cache) as tmp:
        stage = Path(tmp)
        settings: dict = {}
        if online:
            settings["pyodideUrl"] = f"{cdn}/pyodide.mjs"
            log(f"online: Pyodide {PYODIDE} and its packages come from {cdn}")
        else:
            pyodide_dir = stage / "static" / "pyodide"
            shutil.copytree(pyodide_core(cache), pyodide_dir,
                            ignore=shutil.ignore_patterns("*.map", "*.d.ts", "console*.html", "README.md"))
            locked = site_lock(pyodide_core(cache), venv, cache, pyodide_dir)
            log(f"pyodide-lock.json: {len(locked)} packages ({', '.join(locked)})")
            settings["disablePyPIFallback"] = True
        wheels = piplite_wheels(venv, cache, stage / "pypi")
        log(f"piplite: {', '.join(wheels)}")
        if not online:
            on_import = lock_piplite(pyodide_dir, stage / "pypi")
            log(f"pyodide-lock.json, loaded on import: {', '.join(on_import)}")
        contents(stage)
        config = {"jupyter-lite-schema-version": 0,
                  "jupyter-config-data": {"appName": "ft_widget",
                                          "litePluginSettings": {KERNEL_PLUGIN: settings}}}
        (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
        shutil.copy2(HERE / "overrides.json", stage / "overrides.json")
        run([venv / "bin" / "jupyter", "lite", "build", "--lite-dir", stage, "--output-dir", dest,
             "--contents", stage / "files", "--no-sourcemaps"], cwd=stage)
    read_only(dest)


# ----------------------------------------------------------------------------- replacing --out safely
#: written in every site this script builds; only a folder holding it may be replaced
MARKER = ".ft_widget-site"
MARKER_FORMAT = "ft_widget-lite-site"
#: 2: each file's sha256 too (1 listed the paths only; such a site is checked by the files' times)
MARKER_VERSION = 2


class Refused(Exception):
    """``--out`` is not a folder this script may build into; nothing was changed."""


def site_paths(root: Path) -> set[str]:
    """Every file, folder and link under ``root``, relative, without following links."""
    def fail(error: OSError):
        raise error

    found = set()
    for folder, dirs, files in os.walk(root, onerror=fail):
        rel = Path(folder).relative_to(root)
        found |= {(rel / name).as_posix() for name in [*dirs, *files]}
    return found


def write_marker(site: Path) -> None:
    """One JSON line: the format, its version, what the build made (so that a rebuild can tell a
    teacher's own additions, a ``.git`` or a ``CNAME``, from the site's files) and each file's
    sha256 (so that it can tell a file the teacher changed)."""
    made = sorted(site_paths(site))
    files = {p: sha256(site / p) for p in made if (site / p).is_file() and not (site / p).is_symlink()}
    (site / MARKER).write_text(json.dumps({"format": MARKER_FORMAT, "version": MARKER_VERSION,
                                           "paths": made, "files": files}) + "\n")


def read_marker(site: Path) -> dict | None:
    """The marker's ``paths`` (a set), ``files`` ({path: sha256}, None in a version 1 marker) and
    ``written`` (its mtime in ns); None when ``site`` holds no marker of ours (a link is not trusted)."""
    marker = site / MARKER
    if marker.is_symlink() or not marker.is_file():
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8").splitlines()[0])
        written = marker.stat().st_mtime_ns
    except (OSError, ValueError, IndexError):
        return None
    if not (isinstance(data, dict) and data.get("format") == MARKER_FORMAT
            and isinstance(data.get("paths"), list)):
        return None
    files = data.get("files")
    if not isinstance(files, dict) or data.get("version", 1) < 2:
        files = None
    else:
        files = {p: h for p, h in files.items() if isinstance(p, str) and isinstance(h, str)}
    return {"paths": {p for p in data["paths"] if isinstance(p, str)}, "files": files, "written": written}


def changed_files(out: Path, made: dict) -> list[str]:
    """The files the build made that were changed since (a file removed is not: the build makes it
    again, and nothing of the teacher's is lost). With a version 1 marker, which kept no hashes, a
    file newer than the marker (written after everything the build made) was changed."""
    changed = []
    if made["files"] is None:
        for rel in sorted(made["paths"]):
            path = out / rel
            if path.is_file() and not path.is_symlink() and path.stat().st_mtime_ns > made["written"]:
                changed.append(rel)
        return changed
    for rel, digest in sorted(made["files"].items()):
        path = out / rel
        if path.is_symlink() or path.is_dir():
            changed.append(rel)
        elif path.exists() and sha256(path) != digest:
            changed.append(rel)
    return changed


def shown(paths: list[str]) -> str:
    return ", ".join(paths[:5]) + (", ..." if len(paths) > 5 else "")


def check_out(out: Path, cache: Path) -> None:
    """Raise Refused unless ``out`` (absolute, links not resolved) is new, an empty folder, or a site
    this script built that holds nothing else and whose files are as the build made them."""
    again = "choose an empty or new folder, or remove it yourself"
    if out.is_symlink():
        raise Refused(f"--out {out} is a symbolic link: give the folder itself, or a new folder")
    for parent in out.parents:
        if parent.is_symlink() or parent.exists():
            if not parent.is_dir():
                raise Refused(f"--out {out}: {parent} is a file, not a folder")
            break
    if out.exists():
        if not out.is_dir():
            raise Refused(f"--out {out} is a file, not a folder: choose a new or empty folder for the site")
        try:
            if any(out.iterdir()):
                made = read_marker(out)
                if made is None:
                    raise Refused(f"--out {out} is not empty and is not a site this script built (it has no "
                                  f"{MARKER} file), so it is left alone: {again}")
                extra = site_paths(out) - made["paths"] - {MARKER}
                if extra:
                    # name the top of each addition: ".git", not every file in it
                    tops = sorted(p for p in extra if p.rpartition("/")[0] not in extra)
                    raise Refused(f"--out {out} is a site this script built, but it now also holds what "
                                  f"the build did not make ({shown(tops)}), so it is left alone: {again}")
                changed = changed_files(out, made)
                if changed:
                    # refused, not kept: the teacher's copy inside a new build would be neither their
                    # site nor the new one (an old config, a lesson beside newer ones)
                    raise Refused(f"--out {out} is a site this script built, but a file in it was changed "
                                  f"since it was built ({shown(changed)}), so it is left alone: keep your "
                                  "changes elsewhere and remove the site yourself, or build into a new "
                                  "folder")
        except OSError as e:
            raise Refused(f"--out {out} cannot be read ({e.strerror}): {again}") from None
    if cache == out or out in cache.parents:
        raise Refused(f"--cache {cache} is inside --out {out}, which the site replaces: "
                      "give a cache outside the site's folder")


def lock(out: Path) -> tuple[int, Path]:
    """Hold ``.NAME.lock`` beside ``out`` (an flock, freed by the system if the build dies) for the
    whole build: a second build into the same ``out`` is refused at once, so two never swap sites
    in turn or share the cache's half-made downloads. The file is removed when the build ends."""
    path = out.parent / f".{out.name}.lock"
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except OSError as e:
            raise Refused(f"--out {out}: its lock file {path} cannot be made ({e.strerror})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise Refused(f"another build into --out {out} is running (it holds {path}): wait for it to "
                          "end, then build again") from None
        try:  # a build that ended may have removed the file we opened: hold the one at the path
            if os.path.samestat(os.fstat(fd), os.stat(path, follow_symlinks=False)):
                return fd, path
        except FileNotFoundError:
            pass
        os.close(fd)


def unlock(fd: int, path: Path) -> None:
    try:  # removed while held: a build that opened this file sees it gone, and opens anew
        if os.path.samestat(os.fstat(fd), os.stat(path, follow_symlinks=False)):
            os.unlink(path)
    except FileNotFoundError:
        pass
    finally:
        os.close(fd)


def clear_stale(out: Path) -> None:
    """Remove what killed builds (no ``finally`` ran) left beside ``out``: with the lock held no
    other build is running, so a ``.NAME.building-*`` folder is a dead one's. One still holding
    the previous site (``old``: killed between its two renames) is left, and said."""
    for tmp in out.parent.glob(f".{out.name}.building-*"):
        if tmp.is_symlink() or not tmp.is_dir():
            continue
        if (tmp / "old").exists():
            log(f"{tmp / 'old'} holds the site a killed build moved aside: move it back to {out}, "
                "or remove it")
            continue
        log(f"removing {tmp}, left by a build that was killed")
        shutil.rmtree(tmp, ignore_errors=True)


def build(out: Path, cache: Path, online: bool, make=make_site) -> None:
    """Build the site with ``make`` in a folder beside ``out`` (the same filesystem, so that moving it
    into place is a rename), and put it at ``out`` only once the build succeeded; all of it under
    ``out``'s lock (:func:`lock`)."""
    started = time.monotonic()
    out = Path(os.path.abspath(out))  # not resolve(): a link given as --out must be seen, not followed
    cache = Path(os.path.abspath(cache))
    check_out(out, cache)
    out.parent.mkdir(parents=True, exist_ok=True)
    held = lock(out)
    try:
        check_out(out, cache)  # again, under the lock: another build may have just changed it
        clear_stale(out)
        swap(out, cache, online, make)
    finally:
        unlock(*held)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"site: {out} ({size / 1e6:.0f} MB) in {time.monotonic() - started:.0f} s")


def swap(out: Path, cache: Path, online: bool, make) -> None:
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    new, old = tmp / "site", tmp / "old"
    try:
        make(new, cache, online)
        write_marker(new)
        check_out(out, cache)  # again: the folder may have changed during a build of minutes
        if os.path.lexists(out):
            # old site aside, new one in, old one deleted (with tmp, below): at every step one of them
            # is whole, and a failed move puts the old one back
            os.rename(out, old)
            try:
                os.rename(new, out)
            except BaseException:
                os.rename(old, out)
                raise
        else:
            os.rename(new, out)
    except Refused:
        raise
    except BaseException:
        log(f"the build failed or was stopped: {out} is left as it was")
        raise
    finally:
        if os.path.lexists(old) and not os.path.lexists(out):
            # the old site could not be put back: keep it where it is, and say so
            log(f"the previous site is in {old}: move it back to {out}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, type=Path,
                    help="the site's folder: a new or empty one, or a site this script built "
                         "(replaced once the new one is built)")
    ap.add_argument("--cache", type=Path, default=HERE / ".cache",
                    help="downloads and the build venv (default: lite/.cache)")
    ap.add_argument("--online-pyodide", action="store_true",
                    help="load Pyodide and its packages (pandas too) from Pyodide's public CDN")
    args = ap.parse_args(argv)
    try:
        build(args.out, args.cache.resolve(), args.online_pyodide)
    except Refused as refused:
        print(f"lite/build.py: {refused}", file=sys.stderr)
        sys.exit(2)
    except subprocess.CalledProcessError as e:
        sys.exit(f"lite/build.py: {Path(str(e.cmd[0])).name} failed (exit code {e.returncode}); "
                 f"{args.out} is left as it was")


if __name__ == "__main__":
    main()
