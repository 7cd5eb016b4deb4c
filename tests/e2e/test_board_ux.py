"""What a player meets in the first five minutes (issue 10), in a real JupyterLab and Chromium.

Each test here failed on the board before its fix: rings on the waste, new deals and the
game menu that lose a game, narrow notebooks that cut piles off, silent click refusals,
messages too faint to read (and, issue 22, messages that faded and covered cards), a
keyboard cursor that looks like the selection, scripted clicks that do nothing, a board
taller than the screen, no column numbers, finished games that say little.
"""

from __future__ import annotations

import re

import pytest

from .harness import SCREENSHOTS
from .test_board_e2e import (
    boards,
    center,
    drag,
    kernel,
    pile_target,
    piles_of,
    reset,
    settled,
    shown,
    wait_for,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

# WCAG 2 contrast of an element's text on the first opaque background behind it.
CONTRAST = """el => {
    const rgb = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return m.length > 3 ? m : [...m, 1]; };
    const lum = ([r, g, b]) => {
        const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let bg = null;
    for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c[3] > 0.99) { bg = c; break; }
    }
    bg = bg || [255, 255, 255, 1];
    const fg = rgb(getComputedStyle(el).color);
    // a translucent text colour is blended onto its background
    const mix = fg.slice(0, 3).map((c, i) => c * fg[3] + bg[i] * (1 - fg[3]));
    const [a, b] = [lum(mix), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def board0(nb):
    return boards(nb).nth(0)


def column_move(k) -> str:
    return next(m for m in k["legal"] if re.fullmatch(r"\d+>\d+", m))


def test_a_selected_waste_card_and_a_hinted_waste_card_are_marked(notebook):
    nb = notebook
    reset(nb, "maria", 5)
    nb.kernel.run('board.play("s>w"); board.play("s>w")')  # cards under the top: a stack's edge
    settled(nb, ["s>w", "s>w"])
    assert board0(nb).locator('[data-pile="w"].ft-deep').count() == 1
    top = board0(nb).locator('[data-pile="w"] .ft-card').last
    top.click()
    assert top.evaluate("e => e.classList.contains('ft-selected')")
    ring = top.evaluate("e => getComputedStyle(e).boxShadow")
    select = board0(nb).evaluate("e => getComputedStyle(e).getPropertyValue('--ft-select').trim()")
    assert "0px 0px 0px 5px" in ring, ring  # the selection ring, not the stack's edge
    assert select, "the selection colour is defined"
    nb.page.keyboard.press("Escape")
    # a hint whose source is the waste: the card gets the hint ring
    nb.kernel.run('board._hint = {"move": "w>1", "reason": "test", "kind": "fair", "from": "w", "to": "1"};'
                  ' board._publish()')
    wait_for(lambda: board0(nb).locator('[data-pile="w"].ft-hint-src').count() == 1, "the hint mark")
    ring = top.evaluate("e => getComputedStyle(e).boxShadow")
    assert "0px 0px 0px 4px" in ring, ring
    assert board0(nb).locator(".ft-arrow path.ft-arrow-line").count() == 1, "an arrow shows the hint"


def test_new_deal_and_the_game_menu_lose_nothing(notebook):
    nb = notebook
    k = reset(nb, "maria", 5)
    move = column_move(k)
    drag(nb, *piles_of(move))
    settled(nb, [move])
    board0(nb).locator('button[data-action="new"]').click()
    wait_for(lambda: kernel(nb)["history"] == [] and nb.kernel.json("board.game.deal") != 5, "a new deal")
    # (the kernel's state comes first; the page draws its message a moment later)
    wait_for(lambda: "Undo brings back your Maria game" in board0(nb).locator(".ft-message").inner_text(),
             "the new deal's message on the page")
    board0(nb).locator('button[data-action="undo"]').click()
    wait_for(lambda: nb.kernel.json("[board.game.deal, len(board.game.history)]") == [5, 1],
             "the old game back")
    # the game menu: the arrow keys move through it, only Enter or a click chooses
    menu = board0(nb).locator("button.ft-variant")
    menu.focus()
    for _ in range(3):
        nb.page.keyboard.press("ArrowDown")
    nb.page.keyboard.press("ArrowUp")
    nb.page.wait_for_timeout(300)
    assert nb.kernel.json("[board.game.variant.id, len(board.game.history)]") == ["maria", 1]
    menu.click()  # open
    items = board0(nb).locator(".ft-variants button")
    assert items.count() == 9
    for _ in range(2):
        nb.page.keyboard.press("ArrowDown")
    nb.page.wait_for_timeout(300)
    assert nb.kernel.json("board.game.variant.id") == "maria", "moving through the menu starts nothing"
    nb.page.keyboard.press("Escape")
    assert board0(nb).locator(".ft-menu-list").is_hidden()


def test_a_narrow_notebook_scrolls_to_every_pile(notebook):
    nb = notebook
    reset(nb, "lucas", 2)
    try:
        nb.set_notebook_width(480)
        board = board0(nb)
        wait_for(lambda: board.locator(".ft-scroll").evaluate("e => e.scrollWidth > e.clientWidth"),
                 "a board wider than the notebook to scroll sideways")
        fit = board.evaluate("""e => {
            const stage = e.querySelector('.ft-stage').getBoundingClientRect();
            return [...e.querySelectorAll('[data-pile]')].map(p => {
                const r = p.getBoundingClientRect();
                return [p.dataset.pile, r.left >= stage.left - 1 && r.right <= stage.right + 1];
            });
        }""")
        assert len(fit) == 10 + 13 and all(ok for _, ok in fit), fit
        # the last column can be scrolled to and played
        board.locator(".ft-scroll").evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        box = board.locator('[data-pile="13"]').bounding_box()
        panel = nb.page.evaluate(
            "() => document.querySelector('.jp-NotebookPanel').getBoundingClientRect().right")
        assert box["x"] + box["width"] <= panel + 1
        board.screenshot(path=str(SCREENSHOTS / "narrow-lucas-480.png"))
    finally:
        nb.set_notebook_width(900)


def test_a_refusal_is_said_in_the_message_area_stays_and_never_covers_a_card(notebook):
    """Issue 22, item 5: a message stays until the next action or the ×, in its own place
    above the felt (no card under it), read out by assistive software (an error: an alert)."""
    nb = notebook
    k = reset(nb, "maria", 5)
    columns = len(k["position"]["tableau"])
    bad = next(f"{i}>{j}" for i in range(1, columns + 1) for j in range(1, columns + 1)
               if i != j and f"{i}>{j}" not in k["legal"])
    src, dst = piles_of(bad)
    nb.page.mouse.click(*center(nb, f'[data-pile="{src}"] .ft-card'))
    nb.page.mouse.click(*pile_target(nb, dst))
    board = board0(nb)
    message = board.locator(".ft-message")
    wait_for(lambda: message.evaluate("e => e.classList.contains('ft-show')") and message.inner_text(),
             "the engine's reason")
    k = settled(nb, [])
    assert k["kind"] == "error" and shown(message) == k["message"] and "can't go on" in k["message"]
    assert message.get_attribute("role") == "alert"
    # a screen reader reads the cards by name (issue 35): the symbols are hidden from it
    spoken = nb.kernel.json('board.state["spoken"]["message"]')
    assert not any(suit in spoken for suit in "♣♦♥♠") and " of " in spoken
    assert message.locator(".ft-sr").inner_text() == spoken
    # its own place: above the felt, over no card
    note = message.bounding_box()
    felt = board.locator(".ft-scroll").bounding_box()
    assert note["y"] + note["height"] <= felt["y"] + 0.5, (note, felt)
    overlaps = board.locator(".ft-card").evaluate_all("""(cards, m) => cards.filter(c => {
        const a = c.getBoundingClientRect(), b = m;
        return a.left < b.x + b.width && b.x < a.right && a.top < b.y + b.height && b.y < a.bottom;
    }).length""", note)
    assert overlaps == 0
    board.screenshot(path=str(SCREENSHOTS / "refusal.png"))
    # it does not fade: still there well after the old 4.5 s
    nb.page.wait_for_timeout(6000)
    assert shown(message) == k["message"] and message.is_visible()
    # the × takes it away
    board.locator(".ft-message-close").click()
    wait_for(lambda: message.inner_text() == "", "the dismissed message to go")
    assert not board.locator(".ft-message-close").is_visible()
    # the next action takes a message away too
    nb.page.mouse.click(*center(nb, f'[data-pile="{src}"] .ft-card'))
    nb.page.mouse.click(*pile_target(nb, dst))
    wait_for(lambda: shown(message) == k["message"], "the refusal again")
    move = column_move(k)
    drag(nb, *piles_of(move))
    settled(nb, [move])
    wait_for(lambda: message.inner_text() == "", "the message to go with the next move")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_words_on_the_board_meet_wcag_aa_contrast(notebook, theme):
    nb = notebook
    nb.set_theme(dark=theme == "dark")
    try:
        reset(nb, "maria", 5)
        nb.kernel.run('board._refuse("9♠ can\'t go on 10♥: in Maria you build down in alternate colours")')
        board = board0(nb)
        message = board.locator(".ft-message")
        wait_for(lambda: message.evaluate("e => e.classList.contains('ft-show')"), "the note")
        checks = {
            "error note": message,
            "status": board.locator(".ft-status"),
            "button": board.locator('button[data-action="hint"]'),
            "column number": board.locator(".ft-label").first,
        }
        for name, loc in checks.items():
            ratio = loc.evaluate(CONTRAST)
            assert ratio >= 4.5, f"{theme}: {name} contrast {ratio:.2f}:1"
        stuck = ('from ft_widget import Game\n'
                 'board.game = Game.from_position({"variant": "forty_thieves", "tableau": '
                 '[["AS","2S"],["AS","2S"],["3S","4S"],["3S","4S"],["5S","6S"],["5S","6S"],'
                 '["7S","8S"],["7S","8S"],["9S","JS","QS","KS","TS"],["9S","JS","QS","KS","TS"]], '
                 '"foundations": [[r + s for r in "A23456789TJQK"] for s in "CCDDHH"] + [[], []], '
                 '"waste": [], "stock": [], "redeals_left": 0})')
        nb.kernel.run(stuck)
        end = board.locator('.ft-end[data-kind="stuck"]')
        wait_for(lambda: end.is_visible(), "the stuck panel")
        ratio = end.locator("strong").evaluate(CONTRAST)
        assert ratio >= 4.5, f"{theme}: stuck heading contrast {ratio:.2f}:1"
        board.screenshot(path=str(SCREENSHOTS / f"stuck-{theme}.png"))
    finally:
        nb.set_theme(dark=False)


def test_a_stuck_game_says_so_and_offers_undo_and_a_new_deal(notebook):
    nb = notebook
    reset(nb, "maria", 5)
    # one move from stuck: assigning the game shows its state at once, no refresh()
    nb.kernel.run(
        'from ft_widget import Game\n'
        'g = Game.from_position({"variant": "forty_thieves", "tableau": '
        '[["AS","2S"],["AS","2S"],["3S","4S"],["3S","4S"],["5S","6S"],["5S","6S"],'
        '["7S","8S"],["7S","8S","TS"],["9S","JS","QS","KS","TS"],["9S","QS","KS","JS"]], '
        '"foundations": [[r + s for r in "A23456789TJQK"] for s in "CCDDHH"] + [[], []], '
        '"waste": [], "stock": [], "redeals_left": 0})\n'
        'g.play("8>10")\n'
        'board.game = g')
    board = board0(nb)
    end = board.locator('.ft-end[data-kind="stuck"]')
    wait_for(lambda: end.is_visible(), "the stuck panel")
    assert "No moves left" in end.inner_text()
    assert board.locator(".ft-status").inner_text().endswith("no moves left")
    end.locator('button[data-end="undo"]').click()
    wait_for(lambda: nb.kernel.json("len(board.game.history)") == 0, "undo from the panel")
    wait_for(lambda: end.count() == 0 or end.is_hidden(), "the panel to go")


def test_keyboard_cursor_and_selection_look_different(notebook):
    nb = notebook
    reset(nb, "maria", 5)
    board = board0(nb)
    board.focus()
    nb.page.keyboard.press("ArrowDown")
    for _ in range(10):
        nb.page.keyboard.press("ArrowLeft")
    nb.page.keyboard.press("Enter")  # pick up column 1's top card
    nb.page.keyboard.press("ArrowRight")  # the cursor moves on, the selection stays
    sel = board.locator('[data-pile="1"] .ft-card.ft-selected')
    cur = board.locator('[data-pile="2"].ft-cursor > :last-child')
    assert sel.count() == 1 and cur.count() == 1
    looks = "e => { const c = getComputedStyle(e); return [c.outlineStyle, c.boxShadow, c.transform]; }"
    s = sel.evaluate(looks)
    c = cur.evaluate(looks)
    assert c[0] == "dashed" and s[0] != "dashed", (s, c)
    assert s[2] != "none" and c[2] == "none", "the selection is lifted, the cursor is not"
    board.screenshot(path=str(SCREENSHOTS / "cursor-and-selection.png"))
    nb.page.keyboard.press("Escape")


def test_scripted_clicks_play_like_a_pointer(notebook):
    """Switch access and voice control send element.click(), with no pointer events."""
    nb = notebook
    k = reset(nb, "maria", 5)
    move = column_move(k)
    src, dst = piles_of(move)
    board = board0(nb)
    board.locator(f'[data-pile="{src}"] .ft-card').last.evaluate("e => e.click()")
    assert board.locator(f'[data-pile="{src}"] .ft-selected').count() == 1
    board.locator(f'[data-pile="{dst}"] .ft-card').last.evaluate("e => e.click()")
    settled(nb, [move])
    board.locator('[data-pile="s"]').evaluate("e => e.click()")
    settled(nb, [move, "s>w"])


def test_the_board_fits_a_laptop_screen_and_numbers_its_columns(notebook):
    nb = notebook
    page = nb.page
    view = page.viewport_size
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        reset(nb, "maria", 5)
        board = board0(nb)
        height = board.evaluate("e => e.getBoundingClientRect().height")
        assert height < 768 - 120, f"a {height}px board on a 768px screen"
        empty = board.evaluate("""e => {
            const stage = e.querySelector('.ft-stage').getBoundingClientRect();
            const cards = [...e.querySelectorAll('.ft-card')];
            const low = Math.max(...cards.map(c => c.getBoundingClientRect().bottom));
            return stage.bottom - low;
        }""")
        card_h = board.locator(".ft-card").first.bounding_box()["height"]
        assert empty < 2.5 * card_h, f"{empty}px empty under the columns"
        labels = board.locator(".ft-label")
        assert [labels.nth(i).inner_text() for i in range(labels.count())] == [str(i) for i in range(1, 10)]
    finally:
        page.set_viewport_size(view)
        nb.set_notebook_width(900)


def test_choices_deal_number_auto_play_help_and_scoreboard(notebook):
    nb = notebook
    reset(nb, "maria", 5)
    board = board0(nb)
    # a chosen deal number, from the game menu; the current one is shown there
    board.locator("button.ft-variant").click()
    deal = board.locator(".ft-deal-input")
    assert deal.input_value() == "5"
    deal.fill("123")
    deal.press("Enter")
    wait_for(lambda: nb.kernel.json("[board.game.variant.id, board.game.deal]") == ["maria", 123], "deal 123")
    # the kernel has it first; the view draws it when the state arrives
    wait_for(lambda: "deal 123" in board.locator(".ft-status").inner_text(), "the status line's deal 123")
    # the Auto-play switch is the auto_home trait
    board.locator(".ft-auto").check()
    wait_for(lambda: nb.kernel.json("board.auto_home") is True, "auto_home on")
    board.locator(".ft-auto").uncheck()
    wait_for(lambda: nb.kernel.json("board.auto_home") is False, "auto_home off")
    # ? shows the keys, Escape closes
    board.focus()
    nb.page.keyboard.press("?")
    help_ = board.locator(".ft-help")
    assert help_.is_visible() and "Shift" in help_.inner_text()
    board.screenshot(path=str(SCREENSHOTS / "help.png"))
    nb.page.keyboard.press("Escape")
    assert help_.is_hidden()
    # the session's scoreboard: a game with moves counts as played
    history = kernel(nb)["history"]  # switching Auto-play on may have sent cards home
    nb.page.mouse.click(*pile_target(nb, "s"))
    settled(nb, history + ["s>w"])
    score = board.locator(".ft-score")
    wait_for(lambda: re.search(r"This session: \d+ of \d+ games? won", score.inner_text()), "the scoreboard")
    stats = nb.kernel.json('board.stats.to_dict("records")')
    assert any(r["variant"] == "maria" and r["played"] >= 1 for r in stats)


def test_a_hint_shows_it_is_thinking_then_an_arrow_and_words(notebook):
    nb = notebook
    k = reset(nb, "maria", 5)
    nb.kernel.run("board.hint_time_limit = 1.0")
    board = board0(nb)
    hint = board.locator('button[data-action="hint"]')
    # Record every state the button passes through: a fast answer may end "Thinking…" before a
    # second read, so the observer, not two separate reads, says whether it was shown.
    hint.evaluate("""b => {
        window.__hintStates = [];
        new MutationObserver(() => window.__hintStates.push([b.textContent, b.getAttribute("aria-busy")]))
            .observe(b, {attributes: true, childList: true, characterData: true, subtree: true});
    }""")
    hint.click()
    wait_for(lambda: ["Thinking…", "true"] in nb.page.evaluate("window.__hintStates"), "the busy hint button")
    message = board.locator(".ft-message")
    wait_for(lambda: message.inner_text().startswith("Hint"), "the hint")
    assert hint.inner_text() == "Hint"
    text = message.inner_text()
    assert re.search(r": (move|put) .+ (from column \d+|from the waste)|: deal from the stock", text), text
    assert not re.search(r"\b(\d+|w|s)>(\d+|f|w|s)\b", text), f"notation in {text!r}"  # words only
    assert board.locator(".ft-arrow path.ft-arrow-line").count() == 1
    assert board.locator(".ft-hint-src").count() == 1 and board.locator(".ft-hint-dst").count() == 1
    board.screenshot(path=str(SCREENSHOTS / "hint.png"))
    assert k["history"] == [] and kernel(nb)["history"] == []  # a hint plays nothing


NEARLY_WON = (
    'from ft_widget import Game\n'
    'g = Game.from_position({"variant": "forty_thieves", "tableau": [["KS"]] + [[]] * 9, '
    '"foundations": [[r + s for r in "A23456789TJQK"] for s in "CCDDHH"] + '
    '[[r + "S" for r in "A23456789TJQK"], [r + "S" for r in "A23456789TJQ"]], '
    '"waste": [], "stock": [], "redeals_left": 0})\n'
    'board.game = g')


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_won_game_celebrates_unless_motion_is_reduced(notebook, motion):
    nb = notebook
    page = nb.page
    reset(nb, "maria", 5)
    page.emulate_media(reduced_motion=motion)
    try:
        nb.kernel.run(NEARLY_WON)
        board = board0(nb)
        wait_for(lambda: board.locator('[data-pile="1"] [data-card="KS"]').count() == 1, "the last King")
        page.mouse.dblclick(*center(nb, '[data-pile="1"] .ft-card'))
        end = board.locator('.ft-end[data-kind="won"]')
        wait_for(lambda: end.is_visible(), "the won panel")
        celebrating = board.locator(".ft-stage").evaluate("e => e.classList.contains('ft-celebrate')")
        assert celebrating == (motion == "no-preference")
        if motion == "no-preference":
            board.screenshot(path=str(SCREENSHOTS / "won-celebration.png"))
        # Play again: a new deal of the same game
        end.locator('button[data-end="new"]').click()
        wait_for(lambda: nb.kernel.json("[board.game.variant.id, len(board.game.history)]")
                 == ["forty_thieves", 0], "a new game")
    finally:
        page.emulate_media(reduced_motion="no-preference")
