"""The README stays true: its rules table is the one VARIANTS generates."""

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


def test_readme_expert_table_is_the_committed_one():
    """The README's expert table is data/expert_table.md's, line for line (numbers from data)."""
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- expert-table:.*?-->\n(.*?)\n<!-- /expert-table -->", text, re.S)
    assert m, "README lost its expert-table markers"
    data = (README.parent / "data" / "expert_table.md").read_text(encoding="utf-8")
    table = [line for line in data.splitlines() if line.startswith("|")]
    assert m.group(1).strip().splitlines() == table
