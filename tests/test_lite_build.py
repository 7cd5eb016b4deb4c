"""lite/build.py deletes only what it made: it builds beside ``--out`` and swaps the new site in only
when the build succeeded, and it replaces an existing folder only when that folder is a site it built
(its marker file lists what it made) holding nothing else. The expensive build step is replaced here
by a few files written in its place; the refusals go through the command line, for their exit code
and message."""

import importlib.util
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "lite" / "build.py"

_spec = importlib.util.spec_from_file_location("lite_build", SCRIPT)
lite_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_build)


def snapshot(root: Path) -> dict:
    """Every path under root, with a file's bytes and a link's target: what "untouched" compares."""
    found = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[rel] = ("link", os.readlink(path))
        elif path.is_file():
            found[rel] = ("file", path.read_bytes())
        else:
            found[rel] = ("dir",)
    return found


def fake_make(version: str):
    """A build step that writes a small site saying ``version``."""
    def make(dest: Path, cache: Path, online: bool) -> None:
        (dest / "files").mkdir(parents=True)
        (dest / "jupyter-lite.json").write_text(json.dumps({"built": version}))
        (dest / "files" / f"play-{version}.ipynb").write_text("{}")
    return make


def failing_make(dest: Path, cache: Path, online: bool) -> None:
    """A build step that fails halfway, as an offline build does."""
    (dest / "files").mkdir(parents=True)
    (dest / "jupyter-lite.json").write_text("{}")
    raise subprocess.CalledProcessError(1, ["pip", "install"])


def not_called(dest: Path, cache: Path, online: bool) -> None:
    raise AssertionError("the build ran, but --out should have been refused first")


def cli(out: Path, cache: Path) -> subprocess.CompletedProcess:
    # were the builder to go on and build, pip would fail at once, offline, as in the issue
    env = {**os.environ, "PIP_NO_INDEX": "1"}
    return subprocess.run([sys.executable, str(SCRIPT), "--out", str(out), "--cache", str(cache)],
                          capture_output=True, text=True, env=env, timeout=300)


def assert_refused_in_words(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


def class_site(root: Path) -> Path:
    """A teacher's folder that holds a JupyterLite config but was not built here."""
    out = root / "my class site"
    (out / "files").mkdir(parents=True)
    (out / ".git").mkdir()
    (out / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}')
    (out / "files" / "lesson1.ipynb").write_text('{"cells": []}')
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (out / "CNAME").write_text("class.example.org\n")
    return out


def test_a_class_folder_not_built_here_is_refused_and_left_whole(tmp_path):
    out = class_site(tmp_path)
    before = snapshot(out)
    result = cli(out, tmp_path / "cache")
    assert_refused_in_words(result, str(out), "empty or new folder", "remove it yourself")
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my class site"]  # no cache, no temp folder


def failing_build_leaves_whole(tmp_path, out, error) -> None:
    """A build into ``out`` that fails (``error``) leaves it as it was, and nothing beside it."""
    before = snapshot(out)
    with pytest.raises(error):
        lite_build.build(out, tmp_path / "cache", False, make=failing_make)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]


def test_a_class_folder_is_refused_before_a_failing_build_runs(tmp_path):
    failing_build_leaves_whole(tmp_path, class_site(tmp_path), lite_build.Refused)


def test_a_file_as_out_is_refused_in_words(tmp_path):
    out = tmp_path / "site"
    out.write_text("notes\n")
    result = cli(out, tmp_path / "cache")
    assert_refused_in_words(result, str(out), "is a file")
    assert out.read_text() == "notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_file_in_the_way_of_out_is_refused_in_words(tmp_path):
    (tmp_path / "notes").write_text("notes\n")
    result = cli(tmp_path / "notes" / "site", tmp_path / "cache")
    assert_refused_in_words(result, "is a file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


def test_a_link_as_out_is_refused_even_to_a_site_built_here(tmp_path):
    real = tmp_path / "real"
    lite_build.build(real, tmp_path / "cache", False, make=fake_make("one"))
    before = snapshot(real)
    link = tmp_path / "site"
    link.symlink_to(real, target_is_directory=True)
    result = cli(link, tmp_path / "cache")
    assert_refused_in_words(result, str(link), "symbolic link")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert snapshot(real) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["real", "site"]


def test_a_link_put_into_a_site_built_here_is_refused(tmp_path):
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    keep = tmp_path / "lessons"
    keep.mkdir()
    (keep / "lesson1.ipynb").write_text("{}")
    (out / "files" / "lessons").symlink_to(keep, target_is_directory=True)
    before = snapshot(out)
    with pytest.raises(lite_build.Refused, match="files/lessons"):
        lite_build.build(out, tmp_path / "cache", False, make=not_called)
    assert snapshot(out) == before
    assert (keep / "lesson1.ipynb").read_text() == "{}"


def test_what_a_teacher_added_to_a_site_built_here_is_not_deleted(tmp_path):
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    (out / ".git").mkdir()
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (out / "CNAME").write_text("class.example.org\n")
    before = snapshot(out)
    result = cli(out, tmp_path / "cache")
    assert_refused_in_words(result, ".git, CNAME", "remove it yourself")
    assert ".git/HEAD" not in result.stderr  # the top of an addition, not each of its files
    assert snapshot(out) == before


def test_a_rebuild_replaces_a_site_built_here(tmp_path):
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    marker = json.loads((out / lite_build.MARKER).read_text().splitlines()[0])
    assert marker["format"] == lite_build.MARKER_FORMAT and marker["version"] == lite_build.MARKER_VERSION
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("two"))
    assert json.loads((out / "jupyter-lite.json").read_text()) == {"built": "two"}
    assert sorted(p.name for p in (out / "files").iterdir()) == ["play-two.ipynb"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temp folder, no old site left


def test_a_failed_rebuild_leaves_the_site_built_here_whole(tmp_path):
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    failing_build_leaves_whole(tmp_path, out, subprocess.CalledProcessError)


def test_a_failed_first_build_leaves_nothing(tmp_path):
    with pytest.raises(subprocess.CalledProcessError):
        lite_build.build(tmp_path / "site", tmp_path / "cache", False, make=failing_make)
    assert list(tmp_path.iterdir()) == []


def test_an_empty_folder_and_a_new_one_are_built_into(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    lite_build.build(empty, tmp_path / "cache", False, make=fake_make("one"))
    lite_build.build(tmp_path / "new" / "site", tmp_path / "cache", False, make=fake_make("one"))
    for site in [empty, tmp_path / "new" / "site"]:
        assert (site / "files" / "play-one.ipynb").exists() and (site / lite_build.MARKER).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "new"]


def test_when_the_new_site_cannot_be_moved_in_the_old_one_is_put_back(tmp_path, monkeypatch):
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    before = snapshot(out)
    rename = os.rename

    def no_new_site(src, dst):
        if Path(src).name == "site" and Path(src).parent != tmp_path:  # the new site, from its temp folder
            raise OSError(28, "No space left on device")
        rename(src, dst)

    monkeypatch.setattr(os, "rename", no_new_site)
    with pytest.raises(OSError, match="No space"):
        lite_build.build(out, tmp_path / "cache", False, make=fake_make("two"))
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


# ----------------------------------------------------------------------------- two builds at once
def test_two_builds_into_one_out_at_once_leave_one_whole_site_and_nothing_beside(tmp_path):
    """The issue's case: a second build starts while the first is still building. It is refused
    before it builds anything, the first puts its site in place, and nothing else is left."""
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("zero"))
    second_ended = threading.Event()
    outcome = {}

    def first_make(dest, cache, online):
        second_ended.wait(60)  # the first is still building while the second runs
        fake_make("one")(dest, cache, online)

    def run(name, make):
        try:
            lite_build.build(out, tmp_path / "cache", False, make=make)
            outcome[name] = "built"
        except lite_build.Refused as refused:
            outcome[name] = f"refused: {refused}"
        except BaseException as e:  # noqa: BLE001 (any other ending is the test's failure, reported)
            outcome[name] = f"{type(e).__name__}: {e}"
        finally:
            if name == "second":
                second_ended.set()

    first = threading.Thread(target=run, args=("first", first_make))
    first.start()
    while not any(p.name.startswith(".site.building-") for p in tmp_path.iterdir()):
        first.join(0.01)  # the first has started building
    run("second", fake_make("two"))
    first.join(60)
    assert outcome["first"] == "built", outcome
    assert outcome["second"].startswith("refused: another build into --out"), outcome
    assert str(out) in outcome["second"]
    assert json.loads((out / "jupyter-lite.json").read_text()) == {"built": "one"}
    assert sorted(p.name for p in (out / "files").iterdir()) == ["play-one.ipynb"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no lock, temporary or old folder


def test_a_second_build_is_refused_in_words_and_changes_nothing(tmp_path):
    """From the command line: exit code 2, one line saying why, the site as it was."""
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("zero"))
    before = snapshot(out)
    building, done = threading.Event(), threading.Event()

    def slow_make(dest, cache, online):
        building.set()
        done.wait(120)
        fake_make("one")(dest, cache, online)

    first = threading.Thread(target=lite_build.build, args=(out, tmp_path / "cache", False),
                             kwargs={"make": slow_make})
    first.start()
    try:
        assert building.wait(60)
        result = cli(out, tmp_path / "cache")
        assert snapshot(out) == before
    finally:
        done.set()
        first.join(60)
    assert_refused_in_words(result, "another build into --out", str(out), "wait for it")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_what_a_killed_build_left_beside_out_is_cleared_by_the_next(tmp_path):
    """A build killed mid-way (no ``finally`` runs) leaves its unfinished site in a temporary
    folder beside ``--out``; the next build, holding the lock, knows no build is running and
    removes it."""
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    stale = tmp_path / ".site.building-k1ll3d00"
    (stale / "site" / "files").mkdir(parents=True)
    (stale / "site" / "jupyter-lite.json").write_text("{}")
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("two"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert json.loads((out / "jupyter-lite.json").read_text()) == {"built": "two"}


# ----------------------------------------------------------------------------- a teacher's edits
def test_a_file_the_teacher_changed_in_the_site_is_not_replaced(tmp_path):
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    (out / "files" / "play-one.ipynb").write_text('{"cells": ["my own lesson"]}')
    before = snapshot(out)
    result = cli(out, tmp_path / "cache")
    assert_refused_in_words(result, str(out), "changed since it was built", "files/play-one.ipynb")
    assert snapshot(out) == before


def test_a_change_that_keeps_the_size_and_the_time_is_seen(tmp_path):
    """The marker keeps each file's sha256: an edit of the same length, its time put back (as
    ``cp -p`` or an unzip may), is still a change."""
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    config = out / "jupyter-lite.json"
    stat = config.stat()
    config.write_text(json.dumps({"built": "eno"}))
    os.utime(config, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert config.stat().st_size == stat.st_size
    before = snapshot(out)
    with pytest.raises(lite_build.Refused, match="jupyter-lite.json"):
        lite_build.build(out, tmp_path / "cache", False, make=not_called)
    assert snapshot(out) == before


def test_a_file_the_teacher_removed_is_made_again(tmp_path):
    """Nothing of the teacher's is lost by bringing back a file the build made."""
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    (out / "files" / "play-one.ipynb").unlink()
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    assert (out / "files" / "play-one.ipynb").read_text() == "{}"


def test_a_site_of_the_earlier_marker_is_checked_by_time(tmp_path):
    """A site built before the marker kept hashes (version 1, paths only): a file newer than the
    marker was changed after the build, and is refused; an untouched one is rebuilt."""
    out = tmp_path / "site"
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("one"))
    marker = out / lite_build.MARKER
    paths = json.loads(marker.read_text())["paths"]
    marker.write_text(json.dumps({"format": lite_build.MARKER_FORMAT, "version": 1, "paths": paths}) + "\n")
    built = marker.stat().st_mtime_ns
    for path in out.rglob("*"):
        os.utime(path, ns=(built - 10**9, built - 10**9))  # made before the marker, as a build does
    edited = out / "files" / "play-one.ipynb"
    edited.write_text('{"cells": ["mine"]}')
    os.utime(edited, ns=(built + 10**9, built + 10**9))
    with pytest.raises(lite_build.Refused, match="files/play-one.ipynb"):
        lite_build.build(out, tmp_path / "cache", False, make=not_called)
    os.utime(edited, ns=(built - 10**9, built - 10**9))  # as if untouched
    lite_build.build(out, tmp_path / "cache", False, make=fake_make("two"))
    assert json.loads((out / "jupyter-lite.json").read_text()) == {"built": "two"}


# ----------------------------------------------------------------------------- what the site carries
def test_a_site_notebook_stores_each_text_as_one_string(tmp_path):
    """JupyterLite gives the page a notebook as stored, and the page shows a list of lines joined by
    commas (rows of ",,,," above each saved table): the site's copy joins them, as a Jupyter server
    does when it reads a file, and leaves JSON data (a list may be its value) as it is."""
    source = tmp_path / "lesson.ipynb"
    html = ["<div>\n", "<style scoped>\n", "</style>\n", "<table><tr><td>15</td></tr></table>\n", "</div>"]
    source.write_text(json.dumps({"cells": [{
        "cell_type": "code", "source": ["x = 1\n", "x"], "metadata": {},
        "outputs": [{"output_type": "stream", "name": "stdout", "text": ["a\n", "b\n"]},
                    {"output_type": "execute_result", "execution_count": 1, "metadata": {},
                     "data": {"text/html": html, "text/plain": ["1\n", "2"], "application/json": ["a", "b"],
                              "application/vnd.jupyter.widget-view+json": {"model_id": "m"}}}]}],
        "metadata": {"widgets": {"state": {}}}, "nbformat": 4, "nbformat_minor": 5}))
    dest = tmp_path / "site" / "lesson.ipynb"
    lite_build.site_notebook(source, dest)
    cell = json.loads(dest.read_text())["cells"][0]
    assert cell["source"] == "x = 1\nx"
    assert cell["outputs"][0]["text"] == "a\nb\n"
    assert cell["outputs"][1]["data"] == {"text/html": "".join(html), "text/plain": "1\n2",
                                          "application/json": ["a", "b"]}
    assert "widgets" not in json.loads(dest.read_text())["metadata"]


def fake_wheel(folder: Path, name: str, requires: list[str]) -> Path:
    import zipfile

    wheel = folder / f"{name}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr(f"{name}/__init__.py", "")
        z.writestr(f"{name}_helper.py", "")
        z.writestr(f"{name}-1.0.dist-info/METADATA", "\n".join(
            ["Metadata-Version: 2.1", f"Name: {name}", "Version: 1.0",
             *(f"Requires-Dist: {r}" for r in requires)]) + "\n")
    return wheel


def test_the_piplite_wheels_join_the_lock_so_an_import_loads_them(tmp_path):
    """A lesson imports ft_widget without a %pip cell: the kernel loads what its lock names on import,
    so the piplite wheels go into the lock, pointing at their one copy in pypi/."""
    pyodide_dir, pypi = tmp_path / "static" / "pyodide", tmp_path / "pypi"
    pyodide_dir.mkdir(parents=True)
    pypi.mkdir()
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": {"traitlets": {}}}))
    fake_wheel(pypi, "my_pkg", ["traitlets>=5", "widgetsnbextension~=4.0", "other_pkg",
                                "pandas; extra == 'tables'"])
    fake_wheel(pypi, "other_pkg", [])
    assert lite_build.lock_piplite(pyodide_dir, pypi) == ["my-pkg", "other-pkg"]
    entry = json.loads((pyodide_dir / "pyodide-lock.json").read_text())["packages"]["my-pkg"]
    assert entry["file_name"] == "../../pypi/my_pkg-1.0-py3-none-any.whl"
    assert entry["imports"] == ["my_pkg", "my_pkg_helper"]
    assert entry["depends"] == ["traitlets", "other-pkg"]  # the kernel's stand-in, and an extra, left out
    assert entry["sha256"] == lite_build.sha256(pypi / "my_pkg-1.0-py3-none-any.whl")


def test_a_piplite_wheel_that_needs_what_the_site_lacks_stops_the_build(tmp_path):
    pyodide_dir, pypi = tmp_path / "static" / "pyodide", tmp_path / "pypi"
    pyodide_dir.mkdir(parents=True)
    pypi.mkdir()
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": {}}))
    fake_wheel(pypi, "my_pkg", ["numpy>=2"])
    with pytest.raises(SystemExit, match="my-pkg requires numpy"):
        lite_build.lock_piplite(pyodide_dir, pypi)
