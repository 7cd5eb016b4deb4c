"""The browser side's own checks, run from pytest so one command tests everything:
the JS unit tests (node --test) and a rebuild proving the committed bundle is current."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"  # the Node package lives in js/, out of the way of Python's tools
NPM = shutil.which("npm")

pytestmark = pytest.mark.skipif(NPM is None, reason="Node.js/npm is not installed")


def npm(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([NPM, *args], cwd=JS, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def node_modules():
    lock = JS / "package-lock.json"
    stamp = JS / "node_modules" / ".package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        result = npm("ci", "--no-audit", "--no-fund")
        assert result.returncode == 0, result.stdout + result.stderr


def test_js_unit_tests(node_modules):
    result = npm("test")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout


def test_committed_bundle_is_current(node_modules):
    result = npm("run", "check-bundle")
    assert result.returncode == 0, (
        "ft_widget/static/ differs from a fresh `npm run build`: rebuild and commit the bundle\n"
        + result.stdout[-3000:] + result.stderr[-2000:]
    )
