"""Where the browser tests find Chromium (tools/browser.py): FT_CHROMIUM first, else the PATH."""

import os
import stat

from tools import browser


def _fake(folder, name):
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_chromium_is_found_on_the_path_under_either_name(tmp_path, monkeypatch):
    monkeypatch.delenv("FT_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert browser.find_chromium() is None
    other = _fake(tmp_path, "chromium-browser")
    assert browser.find_chromium() == other
    assert browser.find_chromium() == other  # no state kept between look-ups
    debian = _fake(tmp_path, "chromium")
    assert browser.find_chromium() == debian  # Debian's name first


def test_ft_chromium_overrides_the_path(tmp_path, monkeypatch):
    (tmp_path / "bin").mkdir()
    _fake(tmp_path / "bin", "chromium")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    mine = _fake(tmp_path, "my-chrome")
    monkeypatch.setenv("FT_CHROMIUM", mine)
    assert browser.find_chromium() == mine
    monkeypatch.setenv("FT_CHROMIUM", str(tmp_path / "missing"))
    assert browser.find_chromium() is None  # a wrong FT_CHROMIUM is not quietly replaced


def test_a_missing_chromium_skips_outside_ci_and_fails_in_it(monkeypatch):
    import pytest

    from tests.e2e import harness

    monkeypatch.setattr(harness, "CHROMIUM", "")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="^no Chromium found on the PATH or in FT_CHROMIUM$"):
        harness.require_chromium()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser tests"):
        harness.require_chromium()
    monkeypatch.setattr(harness, "CHROMIUM", os.sep + "usr" + os.sep + "bin" + os.sep + "chromium")
    assert harness.require_chromium().endswith("chromium")
