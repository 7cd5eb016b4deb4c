"""The README's JupyterLite figures are the measured ones (data/lite_bench.json, made by
tests/e2e/bench_lite.py), in the table that script prints."""

import json
import re
from pathlib import Path

from tests.e2e.bench_lite import table

REPO = Path(__file__).resolve().parents[1]


def test_readme_lite_figures_are_the_measured_ones():
    text = (REPO / "docs" / "lite.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- lite-bench: (\S+) .*?-->\n(.*?)\n<!-- /lite-bench -->", text, re.S)
    assert m, "docs/lite.md lost its lite-bench markers"
    data = json.loads((REPO / m.group(1)).read_text())
    assert m.group(2).strip() == table(data).strip()


def test_lite_lesson_figures_are_the_measured_ones():
    from tests.e2e.bench_lite_lessons import table as lessons_table

    text = (REPO / "docs" / "lite.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- lite-lessons: (\S+) .*?-->\n(.*?)\n<!-- /lite-lessons -->", text, re.S)
    assert m, "docs/lite.md lost its lite-lessons markers"
    data = json.loads((REPO / m.group(1)).read_text())
    assert m.group(2).strip() == lessons_table(data).strip()


def test_lite_run_all_figures_are_the_measured_ones():
    """docs/lite.md's table of the lessons' Run All times is the one FT_LITE_TIMES measured."""
    from tests.e2e.test_lite_lessons import run_all_table

    text = (Path(__file__).parent.parent / "docs" / "lite.md").read_text()
    m = re.search(r"<!-- lite-run-all: (\S+) .*?-->\n(.*?)\n<!-- /lite-run-all -->", text, re.S)
    assert m, "docs/lite.md lost its lite-run-all markers"
    data = json.loads((Path(__file__).parent.parent / m.group(1)).read_text())
    assert m.group(2) == run_all_table(data)
