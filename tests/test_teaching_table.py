"""ft_widget.teaching.table: the lessons' pandas-free captioned table. Its HTML is what JupyterLab
and the offline JupyterLite site show alike (a caption, no <style> block, text escaped); its text
is the same table aligned; bad input is refused in words."""

from __future__ import annotations

import pytest

from ft_widget.teaching import table


def test_rows_of_dicts_make_a_captioned_html_table_without_style():
    t = table([{"grade": "easy", "deals": 15}, {"grade": "not known to be winnable", "deals": 1136}],
              caption="Forty Thieves deals 1–200, by grade")
    html = t._repr_mimebundle_()["text/html"]
    assert html.startswith('<table class="ft-lesson-table"><caption ')
    assert ">Forty Thieves deals 1–200, by grade</caption>" in html
    assert "<style" not in html and "\n" not in html
    assert '<th style="text-align:left">grade</th><th style="text-align:right">deals</th>' in html
    assert '<td style="text-align:right">1,136</td>' in html  # a count, with its thousands separator
    assert html.count("<tr>") == 3


def test_the_text_is_the_same_table_aligned():
    t = table([("s>w", 3, 8), ("10>3", 12, 8)], caption="worlds won, of 8", columns=["move", "won", "of"])
    assert repr(t) == t._repr_mimebundle_()["text/plain"] == (
        "worlds won, of 8\n"
        "move  won  of\n"
        "s>w     3   8\n"
        "10>3   12   8")


def test_text_is_escaped_into_html():
    t = table([{"name": "<b>x</b> & y"}], caption="a <caption>")
    html = t._repr_mimebundle_()["text/html"]
    assert "&lt;b&gt;x&lt;/b&gt; &amp; y" in html and ">a &lt;caption&gt;</caption>" in html


def test_an_empty_table_with_columns_shows_its_header():
    t = table([], caption="no puzzles yet", columns=["puzzle", "score"])
    assert t._repr_mimebundle_()["text/html"].count("<th ") == 2
    assert repr(t) == "no puzzles yet\npuzzle  score"


@pytest.mark.parametrize("rows, kw, error, words", [
    ([{"a": 1}], {"caption": ""}, ValueError, "caption is required"),
    ([{"a": 1}], {"caption": "  "}, ValueError, "caption is required"),
    ([], {"caption": "c"}, ValueError, "no rows and no columns"),
    ("abc", {"caption": "c"}, TypeError, "list of dicts"),
    ([{"a": 1}, {"b": 2}], {"caption": "c"}, ValueError, "row 2 has the columns ['b']"),
    ([(1, 2)], {"caption": "c"}, TypeError, "give columns="),
    ([(1, 2)], {"caption": "c", "columns": ["a"]}, ValueError, "row 1 has 2 cells for 1 column"),
    ([{"a": True}], {"caption": "c"}, TypeError, "write it as words"),
    ([{"a": None}], {"caption": "c"}, TypeError, "write it as words"),
    ([{"a": float("nan")}], {"caption": "c"}, ValueError, "not a number"),
    ([{"a": [1]}], {"caption": "c"}, TypeError, "give a str, an int or a float"),
    ([{}], {"caption": "c"}, ValueError, "at least one column"),
])
def test_bad_input_is_refused_in_words(rows, kw, error, words):
    with pytest.raises(error) as e:
        table(rows, **kw)
    assert words in str(e.value), str(e.value)


def test_a_caption_must_be_given():
    with pytest.raises(TypeError):
        table([{"a": 1}])  # the missing caption is the point
