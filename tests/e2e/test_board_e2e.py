"""The board in a real JupyterLab, played with a real mouse in Chromium.

After every step the kernel's ``board.game`` (read beside the page, over the kernel's
own connection) and both views' DOM must agree: same cards on the same piles, face-down
cards without identity. The DOM contract (issue 3) is what we read: ``.ft-board``,
``[data-pile]``, ``[data-card]``, ``.face-down``, ``.ft-status``, ``.ft-message``,
``button[data-action]``.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from ft_widget import VARIANTS
from ft_widget.cards import card_name, card_symbol, parse_card

from .harness import DOM_PILES, SCREENSHOTS, expected_piles, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

KERNEL_VIEW = (
    '{"history": [str(m) for m in board.game.history], "position": board.game.position(),'
    ' "stock_deal": board.game.variant.stock_deal, "legal": board.state["legal"],'
    ' "message": board.state["message"], "kind": board.state["message_kind"]}'
)


def kernel(nb) -> dict:
    return nb.kernel.json(KERNEL_VIEW)


def boards(nb):
    return nb.page.locator(".ft-board")


def dom_piles(nb, view: int = 0) -> dict:
    return nb.page.evaluate(DOM_PILES, boards(nb).nth(view).element_handle())


def settled(nb, history: list[str] | None = None) -> dict:
    """Wait until the kernel has ``history`` (if given) and both views draw its position."""
    if history is not None:
        wait_for(lambda: kernel(nb)["history"] == history, f"kernel history {history}")
    k = kernel(nb)
    want = expected_piles(k["position"], k["stock_deal"])
    for view in (0, 1):
        wait_for(lambda v=view: dom_piles(nb, v) == want,
                 f"view {view} to draw {want}, it draws {dom_piles(nb, view)}")
    moves = len(k["history"])
    status = boards(nb).nth(0).locator(".ft-status").inner_text()
    assert re.search(rf"(^|\D){moves} moves?\b", status), status
    return k


def shown(message) -> str:
    """The words the message area shows to the eye (a spoken form beside them, with the cards
    by name, is hidden text for screen readers)."""
    return message.evaluate("e => (e.querySelector('[aria-hidden=\"true\"]') || e).textContent")


def reset(nb, variant: str, deal: int) -> dict:
    nb.kernel.run(f"board.new_game(deal={deal}, variant={variant!r})")
    name = VARIANTS[variant].name
    wait_for(lambda: f"{name} · deal {deal} ·" in boards(nb).nth(0).locator(".ft-status").inner_text(),
             f"the status line to show {name}, deal {deal}")
    return settled(nb, [])


# Where an element sits by layout, not as drawn: a card still sliding into place (the
# board's short move animation) is drawn elsewhere for a moment, its layout box is not.
LAYOUT_CENTER = """el => {
    const p = el.offsetParent.getBoundingClientRect();
    return [p.left + el.offsetLeft + el.offsetWidth / 2, p.top + el.offsetTop + el.offsetHeight / 2];
}"""


def center(nb, selector: str) -> tuple[float, float]:
    x, y = boards(nb).nth(0).locator(selector).last.evaluate(LAYOUT_CENTER)
    return x, y


def pile_target(nb, pile: str) -> tuple[float, float]:
    """Where to drop on or click a pile: its top card, or the pile itself when empty."""
    cards = boards(nb).nth(0).locator(f'[data-pile="{pile}"] .ft-card')
    if cards.count():
        return center(nb, f'[data-pile="{pile}"] .ft-card')
    box = boards(nb).nth(0).locator(f'[data-pile="{pile}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 40)


def drag(nb, src: str, dst: str) -> None:
    """Press on the top card of ``src``, move in steps to ``dst``, release: real pointer events."""
    mouse = nb.page.mouse
    x, y = center(nb, f'[data-pile="{src}"] .ft-card')
    tx, ty = pile_target(nb, dst)
    mouse.move(x, y)
    mouse.down()
    mouse.move(x + 8, y + 8, steps=3)
    mouse.move(tx, ty, steps=12)
    mouse.up()


def piles_of(move: str) -> tuple[str, str]:
    src, dst = move.split(">")
    return src, dst.split("x")[0]


# --------------------------------------------------------------------------- playing
def test_drag_click_deal_undo_in_maria(notebook):
    nb = notebook
    k = reset(nb, "maria", 5)
    history: list[str] = []

    # 1. drag a card from one column onto another
    move = next(m for m in k["legal"] if re.fullmatch(r"\d+>\d+", m))
    src, dst = piles_of(move)
    card = k["position"]["tableau"][int(src) - 1][-1]
    drag(nb, src, dst)
    history.append(move)
    k = settled(nb, history)
    assert dom_piles(nb)[dst][-1] == card

    # 2. deal from the stock by clicking it
    stock = len(k["position"]["stock"])
    nb.page.mouse.click(*pile_target(nb, "s"))
    history.append("s>w")
    k = settled(nb, history)
    assert len(k["position"]["stock"]) == stock - 1
    assert dom_piles(nb)["w"] == [k["position"]["waste"][-1]]

    # 3. click a card, then click where it goes (the non-drag way); deal until one can move
    for _ in range(30):
        move = next((m for m in k["legal"] if re.fullmatch(r"(\d+|w)>\d+", m)), None)
        if move:
            break
        nb.page.mouse.click(*pile_target(nb, "s"))
        history.append("s>w")
        k = settled(nb, history)
    assert move, "no card could move to a column in 30 deals"
    src, dst = piles_of(move)
    card = k["position"]["waste"][-1] if src == "w" else k["position"]["tableau"][int(src) - 1][-1]
    nb.page.mouse.click(*center(nb, f'[data-pile="{src}"] .ft-card'))
    assert boards(nb).nth(0).locator(f'[data-pile="{src}"] .ft-selected').count() == 1
    nb.page.mouse.click(*pile_target(nb, dst))
    history.append(move)
    k = settled(nb, history)
    assert dom_piles(nb)[dst][-1] == card

    # 4. undo with the button
    boards(nb).nth(0).locator('button[data-action="undo"]').click()
    history.pop()
    k = settled(nb, history)
    assert dom_piles(nb)[src][-1] == card  # back where it came from

    # 5. a refused drop: the card goes back and the board says why
    columns = len(k["position"]["tableau"])
    bad = next(f"{i}>{j}" for i in range(1, columns + 1) for j in range(1, columns + 1)
               if i != j and f"{i}>{j}" not in k["legal"] and k["position"]["tableau"][i - 1]
               and k["position"]["tableau"][j - 1])
    before = dom_piles(nb)
    drag(nb, *piles_of(bad))
    message = boards(nb).nth(0).locator(".ft-message")
    wait_for(lambda: message.inner_text().strip(), "the refusal's reason")
    k = settled(nb, history)
    assert k["kind"] == "error" and shown(message) == k["message"]
    assert "can't go on" in k["message"]
    assert dom_piles(nb) == before
    nb.page.screenshot(path=str(SCREENSHOTS / "e2e-maria-after-play.png"))


def touch_drag(nb, src: str, dst: str) -> None:
    """A finger's drag, as the touch screen sends it (Chromium turns it into pointer events)."""
    cdp = nb.page.context.new_cdp_session(nb.page)
    x, y = center(nb, f'[data-pile="{src}"] .ft-card')
    tx, ty = pile_target(nb, dst)

    def touch(kind, px=None, py=None):
        points = [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x, y)
    for k in range(1, 13):
        touch("touchMove", x + (tx - x) * k / 12, y + (ty - y) * k / 12)
    touch("touchEnd")
    cdp.detach()


def test_touch_tap_and_drag(notebook):
    nb = notebook
    k = reset(nb, "streets", 1)
    history = []
    moves = [m for m in k["legal"] if re.fullmatch(r"\d+>\d+", m)]
    assert moves, "pick a deal with a column-to-column move"
    # tap the card, tap its place
    src, dst = piles_of(moves[0])
    nb.page.touchscreen.tap(*center(nb, f'[data-pile="{src}"] .ft-card'))
    nb.page.touchscreen.tap(*pile_target(nb, dst))
    history.append(moves[0])
    k = settled(nb, history)
    # drag with a finger
    nb.page.touchscreen.tap(*pile_target(nb, "s"))
    history.append("s>w")
    k = settled(nb, history)
    move = next((m for m in k["legal"] if re.fullmatch(r"(\d+|w)>\d+", m)), None)
    if move is None:
        nb.kernel.run("board.undo()")
        history.pop()
        k = settled(nb, history)
        move = next(m for m in k["legal"] if re.fullmatch(r"(\d+|w)>\d+", m))
    touch_drag(nb, *piles_of(move))
    history.append(move)
    settled(nb, history)


def test_keyboard_play_stays_out_of_jupyterlabs_shortcuts(notebook):
    """Keys typed on the board play the game. In JupyterLab's command mode D,D would delete
    a cell and A would insert one: the notebook must keep its cells."""
    nb = notebook
    k = reset(nb, "maria", 5)
    page = nb.page
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    boards(nb).nth(0).focus()
    page.keyboard.press("d")
    page.keyboard.press("d")
    settled(nb, ["s>w", "s>w"])
    page.keyboard.press("u")
    k = settled(nb, ["s>w"])
    # pick a card up with Enter and put it down with Enter, moving with the arrow keys
    move = next(m for m in k["legal"] if re.fullmatch(r"\d+>\d+", m))
    src, dst = (int(p) for p in piles_of(move))
    page.keyboard.press("ArrowDown")  # to the columns' row, if the cursor was on the top row
    for _ in range(12):
        page.keyboard.press("ArrowLeft")  # to column 1
    for _ in range(src - 1):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    for _ in range(abs(dst - src)):
        page.keyboard.press("ArrowRight" if dst > src else "ArrowLeft")
    page.keyboard.press("Enter")
    settled(nb, ["s>w", move])
    # the hint key asks the solver; the board marks the hinted move's source pile
    page.keyboard.press("h")
    message = boards(nb).nth(0).locator(".ft-message")
    wait_for(lambda: message.inner_text().startswith("Hint"), "a hint")
    assert boards(nb).nth(0).locator(".ft-hint-src").count() == 1
    page.keyboard.press("a")  # auto-play: nothing is safe to send home here, and no cell appears
    wait_for(lambda: "safely" in message.inner_text(), "auto-play's answer")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells
    assert kernel(nb)["history"] == ["s>w", move]


def test_python_moves_reach_every_view(notebook):
    nb = notebook
    reset(nb, "lucas", 2)
    nb.kernel.run('board.play("s>w"); board.play("s>w")')
    k = settled(nb, ["s>w", "s>w"])
    assert dom_piles(nb, 1)["w"] == k["position"]["waste"][-1:]
    nb.kernel.run("board.undo()")
    settled(nb, ["s>w"])
    # and a move made on the page is the kernel's at once, seen by the other view
    boards(nb).nth(1).locator('button[data-action="undo"]').click()
    settled(nb, [])


def test_the_variant_menu_starts_a_new_game(notebook):
    nb = notebook
    reset(nb, "maria", 5)
    board = boards(nb).nth(0)
    board.locator("button.ft-variant").click()
    board.locator('button[data-variant="lucas"]').click()
    wait_for(lambda: nb.kernel.json("board.game.variant.id") == "lucas", "the kernel to play Lucas")
    k = settled(nb, [])
    assert len(k["position"]["tableau"]) == 13
    assert boards(nb).nth(1).locator("button.ft-variant").inner_text().startswith("Lucas")


def test_little_forty_deals_three(notebook):
    nb = notebook
    reset(nb, "little_forty", 4)
    nb.page.mouse.click(*pile_target(nb, "s"))
    k = settled(nb, ["s>w"])
    assert dom_piles(nb)["w"] == k["position"]["waste"][-3:] and len(k["position"]["waste"]) == 3


LUCAS_1_WIN = """
4>6 1>4 1>9 s>w w>12 s>w s>w s>w w>7 s>w s>w s>w s>w s>w s>w w>2 s>w s>w s>w w>6 s>w s>w s>w s>w
w>f 9>f 6>f 6>f 6>f s>w w>7 s>w w>5 s>w w>10 s>w s>w s>w s>w s>w s>w w>f 7>f 7>f 7>f 7>13 7>f
6>7 6>f 10>f 10>f w>f w>6 7>6 w>10 w>7 w>f s>w s>w w>f 2>f 2>f 2>f s>w s>w s>w w>8 w>8 s>w s>w
s>w s>w s>w w>12 1>12 s>w w>6 s>w w>f s>w w>11 s>w w>4 s>w w>f s>w w>f 12>f 12>f 12>f 12>f 12>f
w>1 w>f s>w s>w w>f 3>f s>w s>w w>4 s>w s>w w>f 6>f 6>f 6>f 7>f 3>6 3>f 2>f s>w w>f 10>f 10>f
w>f w>2 w>3 w>f w>10 w>7 12>7 9>12 9>f 8>f 3>f 8>3 8>f 7>f 7>f 12>8 w>7 w>12 w>f s>w s>w w>f
12>f s>w s>w w>12 2>12 s>w s>w w>f 11>f 11>f 11>3 11>f 1>f w>1 w>2 w>11 w>2 w>f 6>f w>f 3>f 3>f
w>3 w>f 2>f 2>f w>2 w>13 1>13 w>12 w>12 w>f 4>f 4>f 4>f 4>f 4>f 11>f 3>12 s>w w>f s>w w>f 13>f
13>f 13>f 13>f 13>f 13>f 8>f 8>f 8>f 5>f 5>f 7>f 10>f 10>f 12>f 12>f 12>f 12>f 12>f 2>f 5>1 5>f
9>f 1>f
""".split()  # a line the solver found; the engine judges every move


def test_a_whole_game_played_to_the_end_with_the_mouse(notebook):
    """Lucas deal 1, 204 moves by drag, click-then-click, double-click and stock clicks."""
    nb = notebook
    reset(nb, "lucas", 1)
    page, board = nb.page, boards(nb).nth(0)
    status = board.locator(".ft-status")
    for n, move in enumerate(LUCAS_1_WIN, 1):
        src, dst = piles_of(move)
        if move == "s>w":
            page.mouse.click(*pile_target(nb, "s"))
        elif dst == "f" and n % 2:
            page.mouse.dblclick(*center(nb, f'[data-pile="{src}"] .ft-card'))
        elif n % 3 == 0 and dst != "f":
            page.mouse.click(*center(nb, f'[data-pile="{src}"] .ft-card'))
            page.mouse.click(*pile_target(nb, dst))
        else:
            target = "f" + str(1 + n % 8) if dst == "f" else dst  # any foundation pile takes it
            drag(nb, src, target)
        try:
            page.wait_for_function(
                "([el, n]) => el.textContent.split(' · ').includes(`${n} move${n === 1 ? '' : 's'}`)",
                arg=[status.element_handle(), n], timeout=15_000)
        except Exception:
            pytest.fail(f"move {n} ({move}) was not played: {board.locator('.ft-message').inner_text()!r}")
        page.mouse.move(5, 5)  # off the board: no hover between moves
        page.wait_for_timeout(40)  # a double-click needs the next press to be a new click
    k = settled(nb, LUCAS_1_WIN)
    assert all(len(p) == 13 for p in k["position"]["foundations"])
    assert status.inner_text().endswith("won")
    assert boards(nb).nth(1).locator(".ft-status").inner_text().endswith("won")
    # the finish is celebrated, and the way on is offered
    end = board.locator('.ft-end[data-kind="won"]')
    wait_for(lambda: end.is_visible(), "the won panel")
    assert "You won!" in end.inner_text() and "204 moves" in end.inner_text()
    assert end.locator('button[data-end="new"]').inner_text() == "Play again"
    nb.page.screenshot(path=str(SCREENSHOTS / "e2e-lucas-won.png"))
    board.screenshot(path=str(SCREENSHOTS / "won.png"))


# --------------------------------------------------------------------------- hidden cards
def test_hidden_cards_never_reach_the_page(notebook):
    """Rank and File hides 30 tableau cards and the stock. A card whose two copies are both
    hidden must appear nowhere: not in the DOM, not in any widget message sent to the page."""
    nb = notebook
    settled(nb)
    nb.frames.clear()  # from here on, every widget message the page receives is kept
    reset(nb, "rank_and_file", 3)
    nb.kernel.run('board.play("s>w")')
    k = settled(nb, ["s>w"])

    pos = k["position"]
    hidden = Counter(c.strip("<>") for col in pos["tableau"] for c in col if c.startswith("<"))
    hidden.update(pos["stock"])
    hidden.update(pos["waste"][:-1])
    both_hidden = [c for c, n in hidden.items() if n == 2]
    assert len(both_hidden) >= 10

    html = "".join(boards(nb).nth(v).evaluate("e => e.outerHTML") for v in (0, 1))
    assert len(nb.frames) >= 2, "no widget message was seen: the check would prove nothing"
    traffic = "".join(nb.frames)
    for text in both_hidden:
        card = parse_card(text)
        assert f'"{text}"' not in traffic, f"{text} was sent to the page"
        for shown in (f'"{text}"', card_name(card), card_symbol(card)):
            assert shown not in html, f"{shown} is in the page"
    # face-down cards carry no identity at all
    downs = nb.page.locator(".ft-board .face-down")
    assert downs.count() >= 2 * 31  # 30 in the columns and the stock's back, in each view
    for attrs in downs.evaluate_all("els => els.map(e => [e.getAttributeNames(), e.textContent])"):
        names, text = attrs
        assert "data-card" not in names and text.strip() == ""
    # what is drawn face up is exactly what a player sees
    drawn = Counter(c for p in dom_piles(nb).values() for c in p if c != "#")
    want = Counter(c for p in expected_piles(pos, k["stock_deal"]).values() for c in p if c != "#")
    assert drawn == want


# --------------------------------------------------------------------------- looks
WINDOWS = {"1280": (1280, False), "800-panel": (800, True)}  # width, file browser open beside


@pytest.mark.parametrize("window", list(WINDOWS))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_variant_fits_and_is_photographed(notebook, theme, window):
    """Each variant in both themes, in a 1280-pixel window and in an 800-pixel one with
    JupyterLab's file browser open: no pile is cut off (the felt scrolls sideways when the
    cards are at their smallest) and the board stays within the notebook."""
    nb = notebook
    page = nb.page
    view = page.viewport_size
    width, panel = WINDOWS[window]
    page.set_viewport_size({"width": width, "height": 900})
    if panel:
        page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    nb.set_theme(dark=theme == "dark")
    colours = set()
    try:
        for variant in VARIANTS:
            reset(nb, variant, 3)
            # a little play so waste and foundations show: deal twice, then what goes home
            nb.kernel.run(
                'board.play("s>w"); board.play("s>w")\n'
                'for m in board.game.legal_moves():\n'
                '    if str(m).endswith(">f"): board.play(m); break\n')
            settled(nb)
            root = boards(nb).nth(0)
            fit = root.evaluate(
                """e => {
                    const panel = document.querySelector('.jp-NotebookPanel').getBoundingClientRect();
                    const r = e.getBoundingClientRect();
                    const stage = e.querySelector('.ft-stage').getBoundingClientRect();
                    const piles = [...e.querySelectorAll('[data-pile]')].filter(p => {
                        const b = p.getBoundingClientRect();
                        return b.left < stage.left - 1 || b.right > stage.right + 1;
                    }).map(p => p.dataset.pile);
                    return {scroll: e.scrollWidth, client: e.clientWidth, right: r.right, panel: panel.right,
                            outside: piles, count: e.querySelectorAll('[data-pile]').length};
                }""")
            assert fit["scroll"] <= fit["client"] + 1 and fit["right"] <= fit["panel"] + 1, (variant, fit)
            assert fit["outside"] == [] and fit["count"] == 10 + VARIANTS[variant].columns, (variant, fit)
            colours.add(root.evaluate("e => getComputedStyle(e.querySelector('.ft-status')).color"))
            root.screenshot(path=str(SCREENSHOTS / f"{theme}-{window}-{variant}.png"))
        assert len(colours) == 1  # one theme, one text colour
        page.evaluate(f"() => {{ window.__ftStatusColour_{theme} = {json.dumps(colours.pop())}; }}")
        if theme == "dark":
            light = page.evaluate("() => window.__ftStatusColour_light")
            dark = page.evaluate("() => window.__ftStatusColour_dark")
            assert light is None or light != dark, "the board's text colour did not follow the theme"
    finally:
        nb.set_theme(dark=False)
        if panel:
            page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        page.set_viewport_size(view)
        nb.set_notebook_width(900)
