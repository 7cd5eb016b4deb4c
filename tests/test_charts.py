"""teaching.bars: a chart that shows unrun and untrusted, like the positions (an <img> data URI)."""

from __future__ import annotations

import base64
import re

import pytest

from ft_widget.teaching import bars


def test_bars_draw_each_row_with_its_interval():
    chart = bars([("habit", 47.0, 45.0, 49.0), ("with the idea", -1.5)], "cards home", digits=1)
    html = chart._repr_mimebundle_()["text/html"]
    assert html.startswith('<img class="ft-picture"') and "<svg" not in html
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", html).group(1)).decode()
    assert svg.count("<rect") == 3  # the felt and two bars
    assert svg.count("<line") == 2  # the zero line and one interval
    assert chart.text.splitlines() == ["cards home", "habit: 47.0 [45.0, 49.0]", "with the idea: -1.5"]


def test_bars_refuse_an_empty_chart():
    with pytest.raises(ValueError, match="rows"):
        bars([], "nothing")
