"""teaching.interval_chart: the Forty Thieves and Maria notebooks' charts of a paired difference."""

from __future__ import annotations

import math

import pytest

from ft_widget.teaching import Paired, interval_chart


def test_draws_each_row_with_its_interval_as_an_image():
    p = Paired([0, 0, 1, 1], [1, 0, 1, 1])
    chart = interval_chart([("with the habit", p), ("by hand", -0.1, -0.2, 0.05)], "a title", lo=-0.5, hi=0.5)
    bundle = chart._repr_mimebundle_()
    assert bundle["text/html"].startswith('<img class="ft-picture"') and "<svg" not in bundle["text/html"]
    assert chart.svg.count("<circle") == 2 and "a title" in chart.svg
    assert "with the habit: +25% [" in chart.text and "by hand: -10% [-20%, +5%]" in chart.text


def test_cards_as_plain_numbers():
    chart = interval_chart([("cards home", 1.0, 0.7, 1.3)], "cards", lo=-15, hi=5, percent=False)
    assert "cards home: +1 [+0.7, +1.3]" in chart.text


@pytest.mark.parametrize("kwargs", [dict(lo=1, hi=0), dict(lo=math.nan), dict(hi=math.inf), dict(lo="0"),
                                    dict(hi=True)])
def test_bad_bounds_are_refused(kwargs):
    with pytest.raises(ValueError, match="interval_chart: (lo|hi)"):
        interval_chart([("x", 0.0, -0.1, 0.1)], "t", **kwargs)


@pytest.mark.parametrize("rows", [[], [("x", 0.1)], [("x", 0.1, 0.0)]])
def test_bad_rows_are_refused(rows):
    with pytest.raises(ValueError, match="rows"):
        interval_chart(rows, "t")
