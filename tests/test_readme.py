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
