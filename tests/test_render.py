"""The static pictures of a position: text_board and the inline-SVG html_board."""

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from ft_widget import VARIANTS, Game, Move
from ft_widget.cards import card_name, card_str
from ft_widget.render import BLACK, RED, SOURCE, TARGET, html_board, svg_board, text_board

SVG = "{http://www.w3.org/2000/svg}"


def parse(html: str) -> ET.Element:
    """The <svg> element of html_board's output (it is well-formed XML)."""
    root = ET.fromstring(html)
    assert root.tag == "div"
    (svg,) = list(root)
    assert svg.tag == SVG + "svg"
    return svg


def card_titles(svg: ET.Element) -> Counter:
    """Names of the cards drawn face up (each face is a <g> with a <title>)."""
    titles = (g.find(SVG + "title") for g in svg.iter(SVG + "g"))
    return Counter(t.text for t in titles if t is not None)


def visible_cards(game: Game) -> Counter:
    """What a player sees: face-up tableau cards, the waste's last deal, foundation tops."""
    names = []
    for col, down in zip(game.tableau, game.face_down_counts, strict=True):
        names += [card_name(c) for c in col[down:]]
    names += [card_name(c) for c in game.waste[-game.variant.stock_deal:]]
    names += [card_name(p[-1]) for p in game.foundations if p]
    return Counter(names)


def play_some(game: Game, n: int) -> Game:
    for _ in range(n):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
    return game


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_renders_what_a_player_sees(variant):
    game = play_some(Game(variant, deal=3), 12)
    svg = parse(html_board(game))
    assert card_titles(svg) == visible_cards(game)
    # the stock's count is printed on it, and the column numbers of the notation
    texts = [t.text for t in svg.iter(SVG + "text")]
    assert f"stock {len(game.stock)}" in texts
    assert [str(i) for i in range(1, VARIANTS[variant].columns + 1)] == [
        t for t in texts if t and t.isdigit() and int(t) <= VARIANTS[variant].columns
        and t != str(len(game.stock))][: VARIANTS[variant].columns]


def test_face_down_cards_are_backs_without_identity():
    game = Game("rank_and_file", deal=8)  # three face-down cards under each column
    html = html_board(game)
    columns = zip(game.tableau, game.face_down_counts, strict=True)
    hidden = Counter(card_name(c) for col, d in columns for c in col[:d])
    shown = card_titles(parse(html))
    # every card exists twice, so a hidden card may also be visible elsewhere: compare counts
    for name, n in hidden.items():
        assert shown[name] <= 2 - n
    assert sum(shown.values()) == 10  # only the ten top cards are face up at the start
    # the stock's order never appears either
    assert card_str(game.stock[-1]) not in html


def test_self_contained_for_github_and_nbviewer():
    html = html_board(Game("lucas", deal=2), highlight="s>w")
    assert "<style" not in html and "<script" not in html
    assert not re.search(r'\s(class|id|href|onload|onclick)=', html)
    assert "http" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_suits_are_red_and_black():
    svg = parse(html_board(Game("streets", deal=1)))
    seen = set()
    for g in svg.iter(SVG + "g"):
        title = g.find(SVG + "title")
        if title is None:
            continue
        fills = {t.get("fill") for t in g.iter(SVG + "text")}
        red = title.text.endswith(("Hearts", "Diamonds"))
        assert fills == {RED if red else BLACK}, title.text
        seen.add(red)
    assert seen == {True, False}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_compact_width(variant):
    svg = parse(html_board(Game(variant, deal=1)))
    width = float(svg.get("width"))
    assert 600 <= width <= 800, (variant, width)


def test_long_columns_compress():
    game = Game("forty_thieves", deal=1)
    pos = game.position()
    # move the whole stock onto column 1 face up: a 68-card column
    pos["tableau"][0] += pos["stock"]
    pos["stock"] = []
    tall = parse(html_board(Game.from_position(pos)))
    assert float(tall.get("height")) < 600


def test_repr_html_is_html_board_and_deterministic():
    game = play_some(Game("maria", deal=5), 5)
    assert game._repr_html_() == html_board(game)
    again = Game("maria", deal=5)
    for move in game.history:
        again.play(move)
    assert html_board(again) == html_board(game)


def test_highlight_outlines_source_and_target():
    game = Game("forty_thieves", deal=1)
    move = game.legal_moves()[0]
    plain = html_board(game)
    marked = html_board(game, highlight=move)
    assert SOURCE not in plain and TARGET not in plain
    assert marked.count(f'stroke="{SOURCE}" stroke-width="3"/>') == 1
    assert marked.count(f'stroke="{TARGET}" stroke-width="3"/>') == 1
    assert html_board(game, highlight=str(move)) == marked
    with pytest.raises(ValueError):
        html_board(game, highlight=Move(11, 0))  # Forty Thieves has 10 columns
    with pytest.raises(ValueError):
        html_board(game, highlight="nonsense")


def test_highlight_a_sequence_outlines_the_whole_run():
    game = Game("little_forty", deal=4)
    run = None
    for _ in range(60):  # play on until a sequence move is offered
        run = next((m for m in game.legal_moves() if m.count > 1), None)
        if run:
            break
        game.play(game.legal_moves()[0])
    assert run is not None
    svg = parse(html_board(game, highlight=run))
    outline = next(r for r in svg.iter(SVG + "rect") if r.get("stroke") == SOURCE)
    assert float(outline.get("height")) > 70 + 6  # taller than one card


def test_caption_and_scale():
    game = Game("indian", deal=2)
    svg = parse(html_board(game, caption="1. 3>f <best>", scale=0.5))
    assert svg.get("viewBox").split()[2] == str(float(svg.get("width")) * 2).removesuffix(".0")
    assert any(t.text == "1. 3>f <best>" for t in svg.iter(SVG + "text"))


def test_text_board_unchanged():
    game = Game("forty_thieves", deal=1)
    text = text_board(game)
    lines = text.splitlines()
    assert lines[0] == "Forty Thieves · deal 1 · 0 moves · 0/104 home"
    assert lines[2].startswith("Stock 64")
    assert lines[4].split() == [str(i) for i in range(1, 11)]
    assert len(lines) == 5 + 4  # four rows of cards
    assert str(game) == text


def test_svg_board_is_the_html_picture():
    game = Game("number_ten", deal=9)
    assert svg_board(game) in html_board(game)


def test_text_board_hides_face_down_cards():
    game = Game("rank_and_file", deal=2)
    rows = text_board(game).splitlines()[5:]
    assert [row.split()[0] for row in rows[:3]] == ["▒▒"] * 3  # three face-down rows
    assert "#" not in text_board(game)


def test_the_image_form_draws_the_same_board_at_half_the_size():
    """``svg_board(image=True)`` (an <img>'s SVG: shapes drawn once, text styled by class) keeps
    the inline form's size, status and cards; a card covered by its fan leaves out its big suit."""
    game = Game("lucas", deal=1)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    inline, image = svg_board(game, scale=0.8), svg_board(game, scale=0.8, image=True)
    ET.fromstring(image)
    assert inline[:inline.index(">")] == image[:image.index(">")]  # the same size and alt
    assert len(image) < len(inline) / 2
    shown = re.findall(r'class="i [rk]">([^<]+)<', image)
    assert sorted(shown) == sorted(re.findall(r'font-size="14" font-weight="bold" fill="#[0-9a-f]+" '
                                              r'text-anchor="start">([^<]+)<', inline))
    uncovered = sum(bool(col) for col in game.tableau) + sum(bool(pile) for pile in game.foundations) + 1
    assert image.count('class="s ') == uncovered  # the columns' last cards, the foundations, the waste
    assert "<style" not in inline and "id=" not in inline  # the inline form stays as sanitizers keep it
