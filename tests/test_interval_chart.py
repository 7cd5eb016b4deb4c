"""teaching.interval_chart: the Forty Thieves and Maria notebooks' charts of a paired difference."""

from __future__ import annotations

import math

import pytest

from ft_widget.teaching import Paired, interval_chart, paired_games


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


def test_paired_games_pairs_two_players_deal_by_deal():
    """The game notebooks' one reader of their experiment CSVs: rows in any order, paired by deal."""
    pd = pytest.importorskip("pandas")
    games = pd.DataFrame({"deal": [2, 1, 1, 2, 1, 2], "player": ["habit", "habit", "idea", "idea", "x", "x"],
                          "cards_home": [10, 20, 25, 10, 0, 0]})
    p = paired_games(games, "idea")
    assert (p.n, p.a, p.b, p.diff, p.better, p.worse) == (2, 15.0, 17.5, 2.5, 1, 0)
    q = paired_games(games.rename(columns={"player": "idea_name"}), "x", base="idea", by="idea_name")
    assert (q.a, q.b) == (17.5, 0.0)
