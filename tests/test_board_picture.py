"""A board's saved output carries its picture: where no kernel runs (GitHub, nbviewer, the docs
site, an unrun notebook) the widget view draws nothing, and the ``text/html`` picture shows."""

import base64
import html
import re
import xml.dom.minidom

from ft_widget import Board, puzzles
from ft_widget.cards import card_symbol
from ft_widget.training.puzzles import Puzzle
from ft_widget.words import status_line

WIDGET = "application/vnd.jupyter.widget-view+json"
IMG = re.compile(r'<img class="ft-picture" alt="([^"]*)" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">')


def shown(board) -> tuple[dict, str, str]:
    """The board's bundle, its picture's alt text (unescaped) and the SVG the picture holds."""
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    found = IMG.fullmatch(data["text/html"])
    assert found, data["text/html"][:200]
    svg = base64.b64decode(found.group(2)).decode()
    xml.dom.minidom.parseString(svg)  # well-formed, or the browser draws nothing
    return data, html.unescape(found.group(1)), svg


def test_a_board_saves_its_widget_and_its_picture():
    board = Board("forty_thieves", deal=140)
    board.play("s>w")
    data, alt, svg = shown(board)
    assert data[WIDGET]["model_id"] == board.model_id  # the live board, as before
    assert data["text/plain"] == repr(board)
    status = status_line(board.game)
    assert alt == status and f"<title>{status}</title>" in svg
    assert "<svg" not in data["text/html"]  # JupyterLab strips inline SVG from untrusted notebooks
    tops = {card_symbol(col[-1]) for col in board.game.tableau} | {card_symbol(board.game.waste[-1])}
    faces = set(re.findall(r'class="i [rk]">([^<]+)</text>', svg))
    assert tops <= faces, tops - faces
    assert svg.count('href="#b"') == 1 + sum(board.game.face_down_counts)  # the stock's back, and none here


def test_the_picture_shows_the_position_now_and_stays_small():
    board = Board("lucas", deal=3)
    _, before, _ = shown(board)
    board.play(board.game.legal_moves()[0])
    data, after, _ = shown(board)
    assert before != after and "1 move" in after
    assert len(data["text/html"]) < 12_000  # a lesson saves one per board (the notebooks' size cap)


def test_a_puzzle_board_shows_its_start_captioned_with_its_title():
    shipped = puzzles("lucas")[0]
    puzzle = Board.puzzle(shipped)
    data, alt, svg = shown(puzzle)  # a Puzzle shows as its board
    assert data[WIDGET]["model_id"] == puzzle.board.model_id
    start = puzzle.board.game
    assert alt == f"{shipped.title}: {status_line(start)}"
    caption = re.search(r'<text x="12" y="18"[^>]*>([^<]*)</text>', svg).group(1)  # svg_board's top line
    assert html.unescape(caption) == shipped.title
    assert f"{start.cards_home}/104" in svg  # the foundations' label: the puzzle's start, not a new deal


def test_text_from_python_reaches_the_page_as_text(monkeypatch):
    hostile = '"><script>alert(1)</script>&'
    monkeypatch.setattr(Puzzle, "title", property(lambda self: hostile))  # a title a file could give
    data, alt, svg = shown(Board.puzzle(puzzles("maria")[0]))
    assert "<script" not in data["text/html"] and "<script" not in svg
    assert alt.startswith(hostile)  # the same words, as text
    assert "&lt;script&gt;" in svg


def test_the_picture_speaks_the_board_language():
    _, alt, _ = shown(Board("maria", deal=5, language="fr"))
    assert alt == "Maria · donne 5 · 0 coup · 0/104 aux fondations"


def test_a_lesson_board_is_captioned_with_its_step():
    """A saved board lesson shows its first step, named as the lesson names it."""
    bundle = Board.lesson("lucas", progress=False)._repr_mimebundle_()
    page = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]
    assert 'alt="Lucas lesson, step 1 of ' in page
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", page).group(1)).decode()
    assert "Lucas lesson, step 1 of" in svg
