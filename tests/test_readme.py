"""The README stays true: a front page of at most 200 lines whose rules table is the one VARIANTS
generates, whose API tour runs as shown, whose figures come from the data and whose links resolve.
The tables and figures of the other pages are checked by tests/test_docs.py."""

import re
from pathlib import Path

from ft_widget.variants import rules_table_markdown

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_rules_table_matches_variants():
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- rules-table:.*?-->\n(.*?)\n<!-- /rules-table -->", text, re.S)
    assert m, "README lost its rules-table markers"
    assert m.group(1).strip() == rules_table_markdown().strip()


def test_readme_api_tour_runs_as_shown():
    """The API tour is a doctest: each `>>>` line runs and prints what the README says (a refusal
    written `IllegalMove: …` is the exception with that message)."""
    import doctest

    text = README.read_text(encoding="utf-8")
    block = re.search(r"## The API in a few lines\n\n```python\n(.*?)```", text, re.S).group(1)
    refusal = r"Traceback (most recent call last):\nft_widget.moves.IllegalMove: \1"
    block = re.sub(r"^IllegalMove: (.*)$", refusal, block, flags=re.M)
    # a line that only shows a picture or a dict has no output to compare
    block = "\n".join(line.split("  #")[0].rstrip() if line.startswith(">>>") else line
                      for line in block.splitlines())
    test = doctest.DocTestParser().get_doctest(block, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


def test_the_python_floor_is_one_version_everywhere():
    """pyproject's requires-python is the floor the classifiers, the README and CI state."""
    import tomllib

    root = README.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    m = re.fullmatch(r">=(\d+)\.(\d+)", project["requires-python"])
    assert m, "requires-python is a plain floor, >=X.Y"
    floor = (int(m.group(1)), int(m.group(2)))
    classifier = r"Programming Language :: Python :: (\d+)\.(\d+)"
    pythons = [re.fullmatch(classifier, c) for c in project["classifiers"]]
    versions = [(int(v.group(1)), int(v.group(2))) for v in pythons if v]
    assert versions and min(versions) == floor
    said = re.findall(r"Python ≥ (\d+)\.(\d+)", README.read_text(encoding="utf-8"))
    assert said and {(int(a), int(b)) for a, b in said} == {floor}
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    assert f"sys.version_info < {floor}" in ci and f"Python >= {floor[0]}.{floor[1]}" in ci
    import sys

    assert sys.version_info >= floor  # this interpreter runs the suite, so it meets the floor


def test_readme_is_a_front_page():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 200


def test_readme_links_resolve():
    """Every relative link of the README names a file of the repository (and a heading of a
    docs page, when it has an anchor, as the site and GitHub make it)."""
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\((?!https?:)([^)\s]+)\)", text)
    assert len(links) >= 10
    for link in links:
        path, _, anchor = link.partition("#")
        target = README.parent / path
        assert target.exists(), link
        if anchor:
            headings = re.findall(r"(?m)^#+ (.*)$", target.read_text(encoding="utf-8"))
            slugs = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
            assert anchor in slugs, link


def test_readme_pure_path_figures_are_the_speed_table():
    """The README's "n to m times slower" for the pure path is the range of the speed table's
    speed-up column (data/solver_speed.csv, shown in docs/measurements.md)."""
    import csv

    with (README.parent / "data" / "solver_speed.csv").open(encoding="utf-8") as f:
        speedups = [float(r["speedup"]) for r in csv.DictReader(f)]
    said = " ".join(README.read_text(encoding="utf-8").split())
    assert f"with the same answers, {min(speedups):.1f} to {max(speedups):.1f} times slower" in said
    assert "data/solver_speed.csv" in (README.parent / "docs" / "measurements.md").read_text(encoding="utf-8")
