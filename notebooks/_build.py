"""Write the teaching notebooks, and optionally execute them in place.

The committed ``.ipynb`` files (with their outputs) are what readers and nbval see; this
script is how they are made, so that twelve notebooks share one voice and one setup::

    python notebooks/_build.py              # write every notebook (no outputs)
    python notebooks/_build.py --execute    # write, then run each in place and time it
    python notebooks/_build.py maria --execute

The pieces of the variant notebooks that differ from game to game (plain-word rules, the
live rule differences, the strategy measurements) are in ``variant_cells`` below.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
import time
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).parent
#: The solver study of issue 4 (100 deals per variant), when it is committed; else the
#: notebooks' own 30-deal solver run is the winnability table.
STUDY = HERE.parent / "data" / "solver_study_10s.csv"
IGNORE = "# NBVAL_IGNORE_OUTPUT\n"  # widget ids, progress bars and timings change run to run

# Solver results the prose quotes, read from the committed data so the text stays true to it.
BASE, OTHER_SUIT, NINE = ("Forty Thieves (no change)", "build in any other suit (Indian, Little Forty)",
                          "deal 9 × 4 (Maria's layout)")
THIRTEEN, TWELVE = "deal 13 × 3 (Lucas' layout)", "deal 12 × 3 (Limited)"
ALTERNATE = "build in alternate colours (Streets, Maria, …)"


def single_rule_wins() -> tuple[dict[str, int], int]:
    """Deals the solver won per rule change in ``data/single_rule.json``, and the deals it tried."""
    import json

    data = json.loads((HERE.parent / "data" / "single_rule.json").read_text())
    wins = {name: 0 for name in data["changes"]}
    for row in data["deals"]:
        wins[row["change"]] += row["status"] == "won"
    return wins, len({row["deal"] for row in data["deals"]})


def study_wins() -> dict[str, int]:
    """Deals won per variant in the committed solver study (the prose quotes them)."""
    import csv

    wins: dict[str, int] = {}
    with STUDY.open() as f:
        for row in csv.DictReader(f):
            wins[row["variant"]] = wins.get(row["variant"], 0) + (row["result"] == "won")
    return wins


def _wins(n: int) -> str:
    return "no win" if n == 0 else "a single win" if n == 1 else f"{n} wins"


(SINGLE_WINS, SINGLE_DEALS), STUDY_WINS = single_rule_wins(), study_wins()
NEXT_BEST = max((name for name in SINGLE_WINS if name not in (BASE, THIRTEEN, TWELVE, NINE)),
                key=SINGLE_WINS.get)


def md(text: str):
    # every line flush left: pieces pasted into a template keep no stray indentation
    # (Markdown would read four leading spaces as a code block)
    return new_markdown_cell("\n".join(line.strip() for line in text.strip().splitlines()))


def code(text: str, ignore_output: bool = False):
    source = textwrap.dedent(text).strip()
    return new_code_cell((IGNORE if ignore_output else "") + source)


def notebook(cells) -> nbformat.NotebookNode:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


SETUP = """
import json
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import HTML, display

from ft_widget import VARIANTS, Board, Game, IllegalMove
from ft_widget.render import html_board

plt.style.use("default")
plt.rcParams.update({"figure.figsize": (7, 3.2), "figure.dpi": 80, "axes.spines.top": False,
                     "axes.spines.right": False})
pd.set_option("display.precision", 3)
LINES = json.loads(Path("../data/solver_lines.json").read_text())  # the solver's lines, see below
"""

NOTEBOOK_LIST = """
| notebook | what it teaches |
|---|---|
| [00_start_here](00_start_here.ipynb) | the family, playing on the board, the API in a few lines |
| [forty_thieves](forty_thieves.ipynb) | the parent game: building in suit, one card at a time, one pass |
| [indian](indian.ipynb) | three-card columns over a face-down card, building in any other suit |
| [limited](limited.ipynb) | Forty Thieves' rules on twelve shorter columns |
| [little_forty](little_forty.ipynb) | sequences, any other suit, a three-card stock with three redeals |
| [lucas](lucas.ipynb) | thirteen columns and the Aces already home |
| [maria](maria.ipynb) | nine columns, alternate colours |
| [number_ten](number_ten.ipynb) | alternate colours, sequences, two face-down rows |
| [rank_and_file](rank_and_file.ipynb) | as Number Ten, with three face-down rows |
| [streets](streets.ipynb) | Forty Thieves with alternate colours |
| [10_rule_differences](10_rule_differences.ipynb) | all nine side by side, measured |
| [11_working_from_code](11_working_from_code.ipynb) | positions, moves, JSON, policies, studies, Dask |
"""


# ------------------------------------------------------------------------------ 00 start here
def start_here():
    return [
        md(f"""
        # Start here: the Forty Thieves family

        **Forty Thieves** is a two-deck patience (solitaire): 104 cards, eight foundations to build
        from Ace to King in suit, ten columns of four cards dealt face up, and a stock of 64 cards
        that you turn one at a time, once. It is known as a hard game: you win it far less often
        than Klondike. Its relatives change one or two rules: how many columns, which cards may
        be built on which, whether runs of cards move together, how the stock is dealt. Each
        change moves the difficulty, and these notebooks measure by how much.

        This notebook shows how to play on the board, with the mouse or the keyboard, and the
        few lines of Python that do the same from code.

        {NOTEBOOK_LIST}
        """),
        code(SETUP),
        md("""
        ## The nine games

        Every rule the engine applies is read from a `Variant` value; the table below is
        made from those values, so it cannot drift from what the engine does.
        """),
        code("""
        pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")
        """),
        md("""
        ## A board to play

        Run the next cell in JupyterLab to get a board. **Deal 1** is PySolFC's game number 1,
        so you can compare with PySolFC if you like.

        * **Mouse or touch**: drag a card onto a column or a foundation. Where runs may move
          (Little Forty, Number Ten, Rank and File) dragging a card drags the run above it.
        * **Click, then click**: click a card to pick it up, then click where it should go.
        * **Double-click** a card to send it to the foundations.
        * **Click the stock** to deal (and, in Little Forty, to redeal an empty stock).
        * **Keyboard**: click the board once, then arrows move between piles, Enter or Space
          picks up and places, Shift+↑/↓ takes more or fewer cards of a run, Esc cancels,
          `d` deals, `f` sends the card home, `u`/`z` undo, `r`/`y` redo, `h` hint, `a` plays
          safe moves home.
        * **Buttons**: New deal, Restart, Undo, Redo, Hint, Auto-play; the menu switches to
          another game of the family.

        A refused move puts the card back and says why, in the engine's words.
        """),
        code("""
        board = Board("forty_thieves", deal=1)
        board
        """, ignore_output=True),
        md("""
        The board and your code share one game. Moves you make with the mouse are in
        `board.game` at once, and moves made from code appear on the board. Try a move on the
        board above, then run the next cell. (Here we play one from code so the page shows
        something when it is read without a kernel.)
        """),
        code("""
        board.play("s>w")              # deal the stock's top card onto the waste
        print(board.game.history, "|", board.game.cards_home, "cards home")
        """),
        md("""
        Everything a board shows is also there as a static picture, made by the game itself.
        It reads the same on GitHub or nbviewer, where no kernel runs. The notebooks use it for
        their diagrams.
        """),
        code("""
        board.game
        """),
        md("""
        ## The API in a handful of lines

        A `Game` is the single judge of what is legal. Moves are written `SRC>DST` with columns
        `1`…`13`, `w` the waste, `s` the stock and `f` the foundations; `xN` when N cards move
        as a sequence: `3>f`, `w>7`, `4>9x3`, deal `s>w`, redeal `w>s`.
        """),
        code("""
        game = Game("maria", deal=5)
        print(len(game.legal_moves()), "legal moves:", " ".join(str(m) for m in game.legal_moves()))
        """),
        code("""
        try:
            game.play("2>4")  # 6♠ on 10♣
        except IllegalMove as refusal:
            print("refused:", refusal)
        game.play("8>2")      # 5♦ on 6♠: red on black
        game.play("s>w")
        print(game.history)
        game.undo()
        print("after undo:", game.history, "| can redo:", game.can_redo)
        """),
        code("""
        print(game)  # the text picture, for terminals and doctests
        """),
        md("""
        A position is plain JSON (the same format the tests and saved games use), and
        `Game.from_position` reads it back:
        """),
        code("""
        saved = json.dumps(game.position())
        again = Game.from_position(json.loads(saved))
        print(len(saved), "characters of JSON; same position:", again == game)
        """),
        md("""
        ## Where next

        Open the notebook of the game you want to learn: each explains the rules with the
        variant's own parameter table, shows what it allows that Forty Thieves refuses, and
        teaches strategy from measurements. [10_rule_differences](10_rule_differences.ipynb)
        compares all nine, and [11_working_from_code](11_working_from_code.ipynb) shows how to
        study the games with your own code.
        """),
    ]


# ------------------------------------------------------------------------------ variants
# The rules in plain words, per variant. The parameter table itself is printed from the
# Variant value in the notebook.
RULES_TEXT = {
    "forty_thieves": """
        * **Deal**: ten columns of four cards, all face up; the other 64 cards are the stock.
        * **Goal**: all 104 cards on the eight foundations, each built up from Ace to King in one suit.
        * **Building**: on a column, a card goes on the card one rank higher **of the same suit**
          (10♥ on J♥ only). **One card moves at a time**; only a column's top card moves.
        * **Stock**: turn its top card onto the waste at any time; the waste's top card may be
          played to a column or a foundation. **No redeal**: once the stock is empty, it stays empty.
        * **Empty column**: takes any card that may move.
        """,
    "indian": """
        * **Deal**: ten columns of **three** cards; the bottom card of each is **face down** and
          turns up when it becomes the top card. The stock has 74 cards.
        * **Building**: down by one rank in **any suit but the card's own**: 9♠ goes on 10♥,
          10♦ or 10♣, never on 10♠. One card at a time.
        * Everything else is Forty Thieves: one card at a time from the stock, no redeal, any card
          into an empty column.
        """,
    "limited": """
        * **Deal**: **twelve** columns of **three** cards, all face up. The stock has 68 cards.
        * Every other rule is Forty Thieves': build down **in suit**, **one card** at a time,
          one pass through the stock, any card into an empty column.
        * So the only change is the deal itself: more, shorter columns.
        """,
    "little_forty": """
        * **Deal**: ten columns of four cards, face up, as in Forty Thieves.
        * **Building**: down in **any suit but the card's own**.
        * **Sequences move**: a run of cards that is itself correctly built (each card on one
          rank higher of another suit) may move as a unit, whole or in part.
        * **Stock**: each deal turns **three cards** onto the waste; only the top one is playable.
          When the stock is empty the waste may be turned over to become the stock again,
          **three times** (four passes in all), and the cards come up in the same order.
        """,
    "lucas": """
        * **Deal**: the eight **Aces start on the foundations**. The other 96 cards are shuffled;
          **thirteen** columns of **three** cards are dealt face up, and 57 cards form the stock.
        * Every move rule is Forty Thieves': build down **in suit**, **one card** at a time, one
          pass through the stock.
        * (PySolFC's Lucas deals 13 × 4 and lets sequences move; these notebooks follow the
          rules in RULES.md.)
        """,
    "maria": """
        * **Deal**: **nine** columns of four cards, face up; the stock has 68 cards.
        * **Building**: down in **alternate colours**: a red card on a black one a rank higher,
          a black card on a red one. One card at a time.
        * Stock one card at a time, no redeal, any card into an empty column.
        """,
    "number_ten": """
        * **Deal**: ten columns of four cards; the **bottom two** of each column are **face down**.
        * **Building**: down in **alternate colours**.
        * **Sequences move**: a correctly built run (alternating colours, down by one) may move
          as a unit, whole or in part, onto a card that accepts its deepest card or into an
          empty column.
        * Stock one card at a time, no redeal.
        """,
    "rank_and_file": """
        * **Deal**: ten columns of four cards; the **bottom three** of each column are **face down**:
          only the top row is seen.
        * **Building**: down in **alternate colours**; **sequences move** as in Number Ten.
        * Stock one card at a time, no redeal.
        """,
    "streets": """
        * **Deal**: ten columns of four cards, face up, as in Forty Thieves.
        * **Building**: down in **alternate colours** instead of in suit. One card at a time.
        * Everything else is Forty Thieves: stock one card at a time, no redeal.
        """,
}

INTRO = {
    "forty_thieves": """
        The parent of the family, also called Big Forty, Le Cadran, Napoleon at St Helena and
        Roosevelt at San Juan. (PySolFC uses "Big Forty" for a different one-deck game.)
        Every other notebook compares its game with this one.
        """,
    "indian": """
        Indian deals fewer cards to the tableau, hides one card under each column, and makes
        building easier: any suit but a card's own.
        """,
    "limited": """
        Limited keeps every rule of Forty Thieves and changes only the deal: twelve columns of
        three. It is the cleanest experiment in the family: what does the layout alone change?
        """,
    "little_forty": """
        Little Forty is the generous one: building in any other suit, whole runs that move, and
        four passes through a stock dealt three at a time.
        """,
    "lucas": """
        Lucas takes the eight Aces out before the shuffle and starts the foundations with them,
        then deals thirteen columns of three. Same move rules as Forty Thieves.
        """,
    "maria": """
        Maria builds in alternate colours on nine columns: more cards fit on each card, but
        there is one column fewer.
        """,
    "number_ten": """
        Number Ten builds in alternate colours, lets correctly built runs move together, and
        hides the bottom two cards of every column.
        """,
    "rank_and_file": """
        Rank and File is Number Ten with one more face-down row: only the ten top cards are
        seen at the start.
        """,
    "streets": """
        Streets is Forty Thieves with one change: columns are built in alternate colours
        instead of in suit. It is dealt exactly like Forty Thieves, so the same deal number
        gives the same cards in the same places, and the two games can be compared deal by deal.
        """,
}


def rules_table(vid: str):
    if vid == "forty_thieves":
        return code("""
        here = VARIANTS["forty_thieves"]
        pd.DataFrame({here.name: here.rules_row()}).drop(index="id")
        """)
    return code(f"""
        ft, here = VARIANTS["forty_thieves"], VARIANTS["{vid}"]
        rules = pd.DataFrame({{ft.name: ft.rules_row(), here.name: here.rules_row()}}).drop(index="id")
        rules["differs"] = ["◀" if a != b else "" for a, b in zip(rules[ft.name], rules[here.name])]
        rules
        """)


# How each variant differs from Forty Thieves, played live. Deals and moves were found by
# searching the first deals; each cell fails loudly if the engine disagrees.
DIFFERENCE_CELLS = {
    "forty_thieves": [
        md("""
        ## What Forty Thieves refuses

        Forty Thieves is the strict one. The engine is the judge; here it refuses three
        moves that some of its relatives allow, in its own words. (Deal 1, all face up.)
        """),
        code("""
        game = Game("forty_thieves", deal=1)
        display(HTML(html_board(game, highlight="1>9", caption="deal 1: 1>9, 7♦ on 8♣, is not in suit")))
        for move in ["1>9", "2>3x2"]:
            try:
                game.play(move)
            except IllegalMove as refusal:
                print(f"{move:6} refused: {refusal}")
        while game.stock:  # turn the whole stock over, then ask for a second pass
            game.play("s>w")
        try:
            game.play("w>s")
        except IllegalMove as refusal:
            print(f"{'w>s':6} refused: {refusal}")
        """),
    ],
    "streets": [
        md("""
        ## What Streets allows and Forty Thieves refuses

        Deal 1 of Streets and deal 1 of Forty Thieves are the same cards in the same places.
        In Streets, the 7♦ on column 1 may go on the 8♣ of column 9 (red on black). Forty
        Thieves refuses the very same move.
        """),
        code("""
        streets, forty = Game("streets", deal=1), Game("forty_thieves", deal=1)
        assert streets.tableau == forty.tableau  # same shuffle, same layout
        display(HTML(html_board(streets, highlight="1>9", caption="Streets, deal 1: 1>9")))
        streets.play("1>9")
        try:
            forty.play("1>9")
        except IllegalMove as refusal:
            print("Forty Thieves refuses:", refusal)
        """),
    ],
    "indian": [
        md("""
        ## What Indian allows and Forty Thieves refuses

        A position is data, and its `variant` is one field of it. Loading Indian's opening
        position *as Forty Thieves* puts the same cards in front of the other rule book.
        In Indian the 8♠ on column 4 may go on the 9♥ of column 9; Forty Thieves refuses.
        """),
        code("""
        indian = Game("indian", deal=1)
        same_cards = Game.from_position({**indian.position(), "variant": "forty_thieves"})
        display(HTML(html_board(indian, highlight="4>9", caption="Indian, deal 1: 4>9")))
        indian.play("4>9")
        try:
            same_cards.play("4>9")
        except IllegalMove as refusal:
            print("Forty Thieves refuses:", refusal)
        """),
        md("""
        Building on any other suit means that each card has up to **six** places to go (three
        suits, two decks) where Forty Thieves gives it two. We count it over the openings of
        1,000 deals: how many building moves (onto another column's card) are there at the start?
        """),
        code("""
        def opening_builds(variant, deals=range(1, 1001)):
            counts = []
            for deal in deals:
                g = Game(variant, deal=deal)
                builds = [m for m in g.legal_moves() if m.src < 13 and m.dst < 13 and g.tableau[m.dst]]
                counts.append(len(builds))
            return pd.Series(counts)

        builds = pd.DataFrame({v: opening_builds(v) for v in ["forty_thieves", "indian"]})
        builds.agg(["mean", lambda s: (s == 0).mean()]).set_axis(
            ["building moves at the start (mean)", "share of deals with none"])
        """),
    ],
    "limited": [
        md("""
        ## What changes when only the deal changes

        Limited's move rules are Forty Thieves' rules: the engine judges every move the same
        way. What differs is where the cards are. Deal 3 shows it: in Limited an Ace lies on top
        of column 12 and goes home at once. Forty Thieves, with the same shuffle in ten
        columns of four, has no column 12, and the same Ace lies lower down.
        """),
        code("""
        limited, forty = Game("limited", deal=3), Game("forty_thieves", deal=3)
        display(HTML(html_board(limited, highlight="12>f", caption="Limited, deal 3: 12>f")))
        ace = limited.tableau[11][-1]
        limited.play("12>f")
        try:
            forty.play("12>f")
        except IllegalMove as refusal:
            print("Forty Thieves refuses:", refusal)
        where = [(i + 1, col.index(ace)) for i, col in enumerate(forty.tableau) if ace in col]
        print(f"In Forty Thieves that card is in column {where[0][0]}, under "
              f"{4 - 1 - where[0][1]} card(s)")
        """),
        md("""
        Shorter columns bring more cards within reach. Over the openings of 1,000 deals: how
        many top cards are there, how many moves are legal, and how often can a card go home
        at once?
        """),
        code("""
        def opening(variant, deals=range(1, 1001)):
            rows = []
            for deal in deals:
                g = Game(variant, deal=deal)
                moves = g.legal_moves()
                rows.append({"top cards": len(g.tableau), "legal moves": len(moves) - 1,  # less the deal
                             "a card can go home": any(m.dst == 15 for m in moves)})
            return pd.DataFrame(rows).mean()

        pd.DataFrame({v: opening(v) for v in ["forty_thieves", "limited"]})
        """),
    ],
    "lucas": [
        md("""
        ## What Lucas allows and Forty Thieves refuses

        Lucas' move rules are Forty Thieves' rules; its deal differs, and the Aces are home
        from the start. So a Two can go home on the first move. In deal 2 the 2 on top of
        column 1 goes home at once; in Forty Thieves a Two on top of a column (deal 2 has one
        too) must wait for its Ace.
        """),
        code("""
        lucas = Game("lucas", deal=2)
        display(HTML(html_board(lucas, highlight="1>f", caption="Lucas, deal 2: 1>f")))
        lucas.play("1>f")
        forty = Game("forty_thieves", deal=2)
        twos = [str(i + 1) for i, col in enumerate(forty.tableau) if col[-1] % 13 == 1]
        try:
            forty.play(f"{twos[0]}>f")
        except IllegalMove as refusal:
            print(f"Forty Thieves refuses {twos[0]}>f:", refusal)
        """),
        md("""
        Lucas also spreads 39 cards over thirteen columns of three, so it starts with thirteen
        top cards. Over the openings of 1,000 deals, how much more is in reach?
        """),
        code("""
        def opening(variant, deals=range(1, 1001)):
            rows = []
            for deal in deals:
                g = Game(variant, deal=deal)
                moves = g.legal_moves()
                rows.append({"top cards": len(g.tableau), "legal moves": len(moves) - 1,  # less the deal
                             "a card can go home": any(m.dst == 15 for m in moves)})
            return pd.DataFrame(rows).mean()

        pd.DataFrame({v: opening(v) for v in ["forty_thieves", "lucas"]})
        """),
    ],
    "maria": [
        md("""
        ## What Maria allows and Forty Thieves refuses

        Variants are data: Forty Thieves dealt into nine columns is
        `replace(VARIANTS["forty_thieves"], columns=9)`, and with the same deal number it has
        exactly Maria's cards in Maria's places. Only the building rule differs. In Maria the
        8♠ on column 3 may go on the 9♥ of column 2; Forty Thieves refuses.
        """),
        code("""
        from dataclasses import replace

        maria = Game("maria", deal=1)
        forty_in_nine = Game(replace(VARIANTS["forty_thieves"], columns=9), deal=1)
        assert forty_in_nine.tableau == maria.tableau
        display(HTML(html_board(maria, highlight="3>2", caption="Maria, deal 1: 3>2")))
        maria.play("3>2")
        try:
            forty_in_nine.play("3>2")
        except IllegalMove as refusal:
            print("Forty Thieves refuses:", refusal)
        """),
    ],
}


def _sequence_difference(vid: str, name: str) -> list:
    """Number Ten, Rank and File and Little Forty: a build, then a run that moves."""
    return [
        md(f"""
        ## What {name} allows and Forty Thieves refuses

        Deal 1 of {name} has the same cards in the same places as deal 1 of Forty Thieves.
        Loading {name}'s position *as Forty Thieves* (a position is data; the variant is one
        field of it) puts the same cards in front of the other rule book. First a build
        that is not in suit: the 8♥ on column 3 onto the 9♠ of column 2.
        """),
        code(f"""
        game = Game("{vid}", deal=1)

        def as_forty_thieves(game):
            return Game.from_position({{**game.position(), "variant": "forty_thieves", "redeals_left": 0}})

        display(HTML(html_board(game, highlight="3>2", caption="{name}, deal 1: 3>2")))
        forty = as_forty_thieves(game)
        game.play("3>2")
        try:
            forty.play("3>2")
        except IllegalMove as refusal:
            print("Forty Thieves refuses:", refusal)
        """),
        md("""
        Now column 2 ends in a correctly built run of two cards, 9♠ 8♥, and the run may move
        as a unit (`x2`) onto the 10♥ of column 8. Forty Thieves moves one card at a time.
        """),
        code("""
        run = "2>8x2"
        display(HTML(html_board(game, highlight=run, caption=f"a run moves: {run}")))
        forty = as_forty_thieves(game)
        game.play(run)
        try:
            forty.play(run)
        except IllegalMove as refusal:
            print(f"Forty Thieves refuses {run}:", refusal)
        """),
    ]


DIFFERENCE_CELLS["number_ten"] = _sequence_difference("number_ten", "Number Ten")
DIFFERENCE_CELLS["rank_and_file"] = _sequence_difference("rank_and_file", "Rank and File")
DIFFERENCE_CELLS["little_forty"] = _sequence_difference("little_forty", "Little Forty") + [
    md("""
    And the stock: each deal turns three cards, and an empty stock can be made again from
    the waste three times. Forty Thieves deals one card and never redeals.
    """),
    code("""
    game = Game("little_forty", deal=1)
    game.play("s>w")
    print("one deal turns", len(game.waste), "cards; the playable one is the last:", game.waste)
    while game.stock:
        game.play("s>w")
    forty = as_forty_thieves(game)
    game.play("w>s")
    print("redeal played:", len(game.stock), "cards back in the stock,", game.redeals_left, "redeals left")
    try:
        forty.play("w>s")
    except IllegalMove as refusal:
        print("Forty Thieves refuses w>s:", refusal)
    """),
]


def winning_line_cells(vid: str, name: str) -> list:
    return [
        md("""
        ## A winning line, step by step

        The solver (`ft_widget.solve`) plays with perfect information: it knows the stock's
        order and the face-down cards. It is not how a person plays, but its line proves the
        deal can be won and shows what a win looks like. The lines are stored in
        `data/solver_lines.json` (regenerate them with the command in that file) and every
        move is checked again by the engine as we replay it.
        """),
        code(f"""
        won = [d for d in LINES["deals"] if d["variant"] == "{vid}" and d["status"] == "won"]
        shown = min(won, key=lambda d: len(d["moves"]))  # the shortest win among the deals solved
        line = shown["moves"]
        print(f"deal {{shown['deal']}}: won in {{len(line)}} moves; the first 40:")
        print(" ".join(line[:40]))
        """),
        md("""
        The first moves, each drawn before it is played: the orange frame is what moves, the
        blue frame where it goes.
        """),
        code(f"""
        replay = Game("{vid}", deal=shown["deal"])
        for step, move in enumerate(line[:4], 1):
            display(HTML(html_board(replay, highlight=move, scale=0.8, caption=f"move {{step}}: {{move}}")))
            replay.play(move)
        """),
        md("""
        Then the moments that decide the game: the first empty column, the stock running out,
        half the cards home, and the end.
        """),
        code(f"""
        moments, replay = {{}}, Game("{vid}", deal=shown["deal"])
        for step, move in enumerate(line, 1):
            replay.play(move)
            for what, happened in [("the first empty column", not all(replay.tableau)),
                                   ("the stock is used up", not replay.stock and replay.redeals_left == 0),
                                   ("52 cards home", replay.cards_home >= 52)]:
                if happened and what not in moments:
                    moments[what] = step
                    caption = f"after move {{step}} ({{move}}): {{what}}"
                    display(HTML(html_board(replay, scale=0.8, caption=caption)))
        print("won:", replay.is_won)
        replay
        """),
    ]


def try_it_cells(vid: str, deal: str) -> list:
    return [
        md("""
        ## Your turn

        Play the deal on the board. `board.game.history` keeps your moves.
        """),
        code(f"""
        board = Board("{vid}", deal={deal})
        board
        """, ignore_output=True),
    ]


# Strategy cells: a common core (how winnable, empty columns) and each variant's own points.
def outcome_cells(vid: str, name: str) -> list:
    others = "" if vid == "forty_thieves" else ', "forty_thieves"'
    if STUDY.is_file():
        return [
            md(f"""
            ## Strategy

            ### How often can {name} be won?

            The solver study of the whole family (`data/{STUDY.with_suffix(".md").name}` gives the
            command and the machine) solved deals 1–100 of every game, knowing every card, with
            10 seconds per deal. *won* means it found a line and the engine replayed it to the end;
            *lost* would mean it searched every reachable position; *unknown* means time ran out
            first. So the share won is a floor on how often the game can be won, and won +
            unknown a ceiling. The interval is a 95% Wilson interval.
            """),
            code(f"""
            from ft_widget.studies import wilson

            study = pd.read_csv("../data/{STUDY.name}")
            rows = {{}}
            for variant in ["{vid}"{others}]:
                result = study.loc[study["variant"] == variant, "result"]
                wins = (result == "won").sum()
                low, high = wilson(wins, len(result))
                rows[variant] = {{"deals": len(result), "won": wins, "lost": (result == "lost").sum(),
                                 "unknown": (result == "unknown").sum(), "won share": wins / len(result),
                                 "95% interval": f"{{low:.2f}}–{{high:.2f}}"}}
            pd.DataFrame(rows).T
            """),
            md("""
            The winning lines replayed below come from a separate, smaller run of the solver
            (deals 1–30, a fixed budget of positions per deal; `data/solver_lines.json`):
            """),
            code(f"""
            deals = pd.DataFrame(LINES["deals"])
            print(f"{{LINES['command']}}  ({{LINES['max_states']:,}} positions per deal, all searches)")
            (deals.groupby("variant")["status"].value_counts().unstack(fill_value=0)
             .reindex(columns=["won", "lost", "unknown"], fill_value=0).loc[["{vid}"{others}]])
            """),
        ]
    return [
        md(f"""
        ## Strategy

        ### How often can {name} be won?

        The solver tried deals 1–30 of every game, knowing every card, with the same search
        budget for each deal (a number of positions, not seconds, so the result is the same on
        any machine). *won* means it found a line and the engine replayed it to the end; *lost*
        means it searched every position the deal can reach; *unknown* means the budget ran
        out first. So the share won is a floor on how often the game can be won, and won +
        unknown a ceiling.
        """),
        code(f"""
        deals = pd.DataFrame(LINES["deals"])
        outcome = (deals.groupby("variant")["status"].value_counts().unstack(fill_value=0)
                   .reindex(columns=["won", "lost", "unknown"], fill_value=0))
        print(f"{{LINES['command']}}  ({{LINES['max_states']:,}} positions per deal, all searches)")
        outcome.loc[["{vid}"{others}]]
        """),
    ]


def facts_cells(vid: str, name: str) -> list:
    from ft_widget import VARIANTS

    v = VARIANTS[vid]
    watched = ["the first empty column", "the stock running out"]
    extra_checks, extra_totals = "", ""
    if v.face_down:
        watched.append("the last face-down card turning up")
        extra_checks += """
                if not any(game.face_down_counts):
                    facts.setdefault("all face up", step)"""
    if v.sequences:
        watched.append("how many moves carried a run of cards")
        extra_totals += """
            facts["runs moved"] = sum(m.count > 1 for m in game.history)"""
    if v.redeals:
        watched.append("how many redeals it used")
        extra_totals += """
            facts["redeals used"] = game.variant.redeals - game.redeals_left"""
    return [
        md(f"""
        ### How the solver wins

        To see *how* {name} is won, we replay every winning line the solver found and note
        {", ".join(watched[:-1])} and {watched[-1]}, and the most cards the waste held at once.
        """),
        code(f"""
        def line_facts(deal, line):
            \"\"\"Replay a winning line through the engine; note when things first happen.\"\"\"
            game = Game("{vid}", deal=deal)
            facts = {{"deal": deal, "moves": len(line), "peak waste": 0}}
            for step, text in enumerate(line, 1):
                game.play(text)
                facts["peak waste"] = max(facts["peak waste"], len(game.waste))
                if not all(game.tableau):
                    facts.setdefault("first empty column", step)
                if not game.stock:
                    facts.setdefault("stock first empty", step){extra_checks}
            assert game.is_won{extra_totals}
            return facts

        facts = pd.DataFrame([line_facts(d["deal"], d["moves"]) for d in won]).set_index("deal")
        facts.describe().loc[["count", "mean", "min", "50%", "max"]].round(1)
        """),
        md("""
        ### Empty columns come first

        An empty column takes any card: it is the one place to park a card that is in the way,
        and the only way to dig out a buried card without a home for the cards above it. How
        early do the solver's lines open one, compared with the stock running out?
        """),
        code("""
        before = (facts["first empty column"] < facts["stock first empty"]).mean()
        print(f"lines that empty a column before the stock runs out: {before:.0%} of {len(facts)}")
        print(f"median move of the first empty column: {facts['first empty column'].median():.0f} "
              f"(a line is {facts['moves'].median():.0f} moves long)")
        ax = facts[["first empty column", "stock first empty"]].plot.bar(rot=0, width=0.8)
        ax.set(xlabel="deal", ylabel="move number", title="When the solver first empties a column")
        plt.show()
        """),
        md("""
        In every game of the family, every winning line the solver found opens a column before
        the stock runs out: it makes room first, then works through the stock.
        """),
    ]


def policy_cells(vid: str, name: str) -> list:
    return [
        md("""
        ### Rules of thumb, measured

        `ft_widget.POLICIES` holds three ways to play that see only what a player sees:
        *random* (any legal move), *foundations_first* (home whenever possible, then the waste,
        then uncover cards, then deal) and *cautious* (safe moves home first, keep empty columns
        for emergencies, never bury a needed card). Each plays deals 1–50; a game ends when it is
        won, stuck, or comes back to a position it has already played through.
        """),
        code(f"""
        import random

        from ft_widget import POLICIES, play_policy

        def measure(variant, policy, deals=range(1, 51)):
            \"\"\"Share won and mean cards home of ``policy`` over ``deals`` (seeded: repeatable).\"\"\"
            results = [play_policy(Game(variant, deal=d), policy, random.Random(d)) for d in deals]
            return {{"won": sum(r.status == "won" for r in results) / len(results),
                    "cards home": sum(r.cards_home for r in results) / len(results)}}

        policies = pd.DataFrame({{name: measure("{vid}", p) for name, p in POLICIES.items()}}).T
        policies
        """),
        code("""
        ax = policies["cards home"].plot.barh(xlim=(0, 104), title="Mean cards home (of 104), deals 1–50")
        ax.axvline(104, color="grey", lw=1)
        plt.show()
        """),
        md("""
        The *won* column is the lesson: rules of thumb that only look at the cards in front of
        them win almost nothing (at most a few deals in fifty, in any game of the family), while
        the solver, which looks ahead, wins far more (the table above). What the rules of thumb
        can show is which habits get more cards home; the experiments below change one habit
        or one rule at a time.
        """),
    ]


def _compare(title: str, text: str, rows: str, chart: str | None = None) -> list:
    """A one-change experiment: markdown, a table of ``measure`` results, optionally a chart."""
    cells = [md(f"### {title}\n\n{text}"), code(rows)]
    if chart:
        cells.append(code(chart))
    return cells


STRATEGY_CELLS: dict[str, list] = {
    "forty_thieves": _compare(
        "Keep the empty column for when you need it",
        """The cautious policy fills an empty column only when nothing else helps. Change that one
        habit: the same policy, except that it drops a card into any empty column as soon as it can.""",
        """
        from ft_widget.policies import cautious

        def fills_empty_columns(game, rng):
            tab = game.tableau
            fill = [m for m in game.legal_moves()
                    if m.dst < 13 and not tab[m.dst] and (m.src >= 13 or len(tab[m.src]) > m.count)]
            return rng.choice(fill) if fill else cautious(game, rng)

        pd.DataFrame({"cautious": measure("forty_thieves", cautious),
                      "fills empty columns at once": measure("forty_thieves", fills_empty_columns)}).T
        """) + [
        md("""
        Filling empty columns at once costs the policy about a third of the cards it gets home.
        An empty column is worth more kept than spent.
        """),
        md("""
        ### The stock: foresight is what wins

        The rules of thumb above see only what a player sees. The solver also knows the order
        of the stock, and it uses the waste as a store: it turns cards over and leaves them
        there, knowing when each will be wanted, although only the waste's top card can ever
        be played. How full does it let the waste get?
        """),
        code("""
        print(f"cards in the waste at its fullest, in the solver's winning lines: "
              f"median {facts['peak waste'].median():.0f}, most {facts['peak waste'].max()} "
              "(the stock holds 64)")
        """),
        md("""
        Fifteen to thirty-odd cards sit in the waste at some point of every winning line: cards
        parked in the order they will be needed. That is foresight a player does not have,
        and it is the gap between the solver's wins and the policies' none.
        """),
    ],
    "indian": _compare(
        "Does building on any other suit help?",
        """Same deals, same policy, one rule changed back: Indian with Forty Thieves' building in
        suit. The difference in cards home is what the building rule is worth to this policy.""",
        """
        from dataclasses import replace

        from ft_widget import Build
        from ft_widget.policies import cautious

        in_suit = replace(VARIANTS["indian"], build=Build.SAME_SUIT)
        pd.DataFrame({"Indian": measure("indian", cautious),
                      "Indian, building in suit": measure(in_suit, cautious)}).T
        """) + [
        md(f"""
        To the rule of thumb it makes no difference. To the solver it does: Indian is won
        {STUDY_WINS["indian"]} times in 100 deals against Forty Thieves' {STUDY_WINS["forty_thieves"]}
        (the study above), and in [10_rule_differences](10_rule_differences.ipynb) the building
        rule alone, changed in Forty Thieves, takes the solver's wins from {SINGLE_WINS[BASE]} to
        {SINGLE_WINS[OTHER_SUIT]} of {SINGLE_DEALS} deals. More places for each
        card pay off for a player who plans where cards will go, not for one who plays the
        first good-looking move.

        ### Face-down cards: the solver is in no hurry

        Each column hides one card. When do the solver's lines turn up the last of them?
        """),
        code("""
        share = (facts["all face up"] / facts["moves"]).median()
        print(f"all ten face-down cards are up by move {facts['all face up'].median():.0f} (median), "
              f"{share:.0%} of the way through a winning line")
        """),
        md("""
        Late: the solver already knows every hidden card, so it digs only when it needs the
        column. A player does not know them; its lines are no guide here, and turning a card
        up is how a player learns what the deal holds.
        """),
    ],
    "limited": _compare(
        "Twelve short columns: the layout alone",
        """Limited and Forty Thieves share every move rule, so the same policy on both measures
        what the deal's shape is worth.""",
        """
        from ft_widget.policies import cautious

        pd.DataFrame({"Forty Thieves (10 × 4)": measure("forty_thieves", cautious),
                      "Limited (12 × 3)": measure("limited", cautious)}).T
        """) + [
        md(f"""
        The layout alone is worth about eight more cards home to the same policy, and the solver
        wins {STUDY_WINS["limited"]} Limited deals in 100 against {STUDY_WINS["forty_thieves"]} of Forty
        Thieves (the study above). Two more
        columns and one card fewer per column: more cards in reach, and columns that empty
        sooner.
        """),
    ],
    "lucas": _compare(
        "What the Aces at home are worth",
        """Take the Aces-at-home rule away (the Aces are shuffled in; thirteen columns of three
        are dealt as before and the stock grows to 65) and play the same policy on the same deal
        numbers.""",
        """
        from dataclasses import replace

        from ft_widget.policies import cautious

        no_aces_home = replace(VARIANTS["lucas"], aces_start=False)
        pd.DataFrame({"Lucas": measure("lucas", cautious),
                      "Lucas, Aces shuffled in": measure(no_aces_home, cautious)}).T
        """) + [
        md("""
        The gap is about nine cards home, hardly more than the eight Aces that Lucas puts home
        for free. For this policy the Aces are worth little beyond the cards they are; Lucas'
        thirteen short columns do more of the work (see the 13 × 3 change in
        [10_rule_differences](10_rule_differences.ipynb)).
        """),
    ],
    "maria": _compare(
        "Nine columns instead of ten",
        """Streets has Maria's building rule (alternate colours, one card at a time) on ten columns
        of four. The same policy on both measures what the tenth column is worth.""",
        """
        from ft_widget.policies import cautious

        pd.DataFrame({"Maria (9 × 4)": measure("maria", cautious),
                      "Streets (10 × 4)": measure("streets", cautious)}).T
        """) + [
        md(f"""
        To the rule of thumb the tenth column is worth less than one card. To the solver it is
        worth a lot: in the study above it wins {STUDY_WINS["maria"]} Maria deals in 100 against
        {STUDY_WINS["streets"]} of Streets, and in [10_rule_differences](10_rule_differences.ipynb)
        dealing Forty Thieves into nine columns leaves the solver {_wins(SINGLE_WINS[NINE])} in
        {SINGLE_DEALS} deals, against {SINGLE_WINS[BASE]} on ten
        columns. A column fewer means one place fewer to park a card, and parking is what wins.
        """),
    ],
    "streets": _compare(
        "Alternate colours against building in suit",
        """Streets and Forty Thieves deal the same cards to the same places for the same deal
        number. First the solver's verdicts, deal by deal, then a policy on both.""",
        """
        verdicts = (deals[deals["variant"].isin(["forty_thieves", "streets"])]
                    .pivot(index="deal", columns="variant", values="status"))
        pd.crosstab(verdicts["forty_thieves"], verdicts["streets"]).rename_axis(
            index="Forty Thieves", columns="Streets")
        """,
        """
        from ft_widget.policies import cautious

        pd.DataFrame({"Forty Thieves": measure("forty_thieves", cautious),
                      "Streets": measure("streets", cautious)}).T
        """) + [
        md("""
        The two measures disagree, and both are worth knowing. The solver wins more Streets deals
        than Forty Thieves deals among the same thirty, and nearly every deal it wins in Forty
        Thieves it also wins in Streets (the cross-table). The rule of thumb gets fewer cards
        home in Streets. One likely reason, which the numbers
        do not prove: alternate colours give more places to build, but the columns they build
        mix suits, so their cards can only go home one at a time in a different order; a player
        who plans can use the extra places, one who does not gets tangled.
        """),
    ],
    "little_forty": _compare(
        "What each redeal is worth",
        """The same policy with no redeal, one, two and the full three (each a `Variant` made
        with `replace`), on deals 1–30.""",
        """
        from dataclasses import replace

        from ft_widget.policies import cautious

        little = VARIANTS["little_forty"]
        redeals = pd.DataFrame({k: measure(replace(little, redeals=k), cautious, range(1, 31))
                                for k in range(4)}).T.rename_axis("redeals")
        redeals
        """,
        """
        ax = redeals["cards home"].plot(marker="o", ylim=(0, 104), title="Cautious policy, Little Forty")
        ax.set(xlabel="redeals allowed", ylabel="mean cards home", xticks=range(4))
        plt.show()
        """) + [
        md("""
        Every redeal adds cards home, and the first one most. The solver, which knows the
        stock's order, needs none of them: *redeals used* is 0 in every one of its winning lines
        above. Redeals make up for not knowing what comes next; a player who cannot see the
        stock should count on them.
        """),
    ],
    "number_ten": _compare(
        "Moving runs, and the hidden rows",
        """Two experiments on the same deals with the same policy: take away the right to move
        runs, and take away the two face-down rows.""",
        """
        from dataclasses import replace

        from ft_widget.policies import cautious

        nt = VARIANTS["number_ten"]
        pd.DataFrame({"Number Ten": measure(nt, cautious),
                      "one card at a time": measure(replace(nt, sequences=False), cautious),
                      "all cards face up": measure(replace(nt, face_down=0), cautious)}).T
        """) + [
        code("""
        share = facts["runs moved"].sum() / facts["moves"].sum()
        print(f"in the solver's winning lines {share:.1%} of all moves carry a run of two or more cards")
        """),
        md("""
        Moving runs is worth about five cards home to the policy, and the solver moves a run in
        about one move in seven. Hiding the two bottom rows costs the policy nothing measurable:
        it never plans around buried cards, and the solver knows them anyway.
        """),
    ],
    "rank_and_file": _compare(
        "How much do the hidden rows cost?",
        """Rank and File hides three cards under each column. The same policy with 0, 1, 2 (that
        is Number Ten) and 3 face-down rows, on deals 1–30.""",
        """
        from dataclasses import replace

        from ft_widget.policies import cautious

        rank_and_file = VARIANTS["rank_and_file"]
        hidden = pd.DataFrame({k: measure(replace(rank_and_file, face_down=k), cautious, range(1, 31))
                               for k in range(4)}).T.rename_axis("face-down rows")
        hidden
        """,
        """
        ax = hidden["cards home"].plot(marker="o", ylim=(0, 104), title="Cautious policy, Rank and File")
        ax.set(xlabel="face-down rows", ylabel="mean cards home", xticks=range(4))
        plt.show()
        """) + [
        md(f"""
        Flat: for this policy three hidden rows cost nothing, and the solver study above wins
        {STUDY_WINS["rank_and_file"]} Rank and File deals in 100 and {STUDY_WINS["number_ten"]} of
        Number Ten. Hidden cards change what a player *knows*,
        not what can be done; a policy that plans with what it has seen would be the way to
        measure what that knowledge is worth.
        """),
    ],
}


def solver_wins(vid: str) -> int:
    """How many deals of ``vid`` the stored solver run won (the notebook is built around one)."""
    import json

    data = json.loads((HERE.parent / "data" / "solver_lines.json").read_text())
    return sum(d["variant"] == vid and d["status"] == "won" for d in data["deals"])


def study_deal_cells(vid: str) -> list:
    return [
        md("""
        ## The deal we study

        A deal the solver has won (see the last section). Face-down cards are drawn as backs; the
        stock shows how many cards it holds.
        """),
        code(f"""
        won = [d for d in LINES["deals"] if d["variant"] == "{vid}" and d["status"] == "won"]
        shown = min(won, key=lambda d: len(d["moves"]))
        Game("{vid}", deal=shown["deal"])
        """),
    ]


def no_win_cells(vid: str, name: str) -> list:
    return [
        md(f"""
        ## The deal we study

        Deal 1. Within its search budget the solver has not yet won a single {name} deal (the
        table in the strategy section counts them), so this notebook has no winning line to
        replay: the measurements below come from the policies instead.
        """),
        code(f"""
        Game("{vid}", deal=1)
        """),
    ]


def variant_notebook(vid: str):
    from ft_widget import VARIANTS

    v = VARIANTS[vid]
    wins = solver_wins(vid)
    cells = [
        md(f"""
        # {v.name}

        {textwrap.dedent(INTRO[vid]).strip()}

        In this notebook: the rules, with the parameter table read from the engine; what
        {v.name} allows that Forty Thieves refuses, played live; strategy, each point backed by
        a measurement; and a winning line from the solver, step by step. Back to
        [Start here](00_start_here.ipynb).
        """),
        code(SETUP),
        md(f"""
        ## The rules

        {textwrap.dedent(RULES_TEXT[vid]).strip()}

        The same rules as the engine holds them{"" if vid == "forty_thieves" else ", next to Forty Thieves"}:
        """),
        rules_table(vid),
        *(study_deal_cells(vid) if wins else no_win_cells(vid, v.name)),
        *DIFFERENCE_CELLS[vid],
        *outcome_cells(vid, v.name),
        *(facts_cells(vid, v.name) if wins else []),
        *policy_cells(vid, v.name),
        *STRATEGY_CELLS.get(vid, []),
        *(winning_line_cells(vid, v.name) if wins else []),
        *try_it_cells(vid, "shown['deal']" if wins else "1"),
    ]
    return cells


# ------------------------------------------------------------------------------ 10 rule differences
def WINNABILITY_SOURCE() -> str:  # noqa: N802 - reads as the code it pastes
    """The notebook code that loads the per-deal solver verdicts into ``table``."""
    if STUDY.is_file():
        return textwrap.dedent(f"""\
        # the solver study of the whole family: python -m ft_widget.studies (command in data/{STUDY.stem}.md)
        table = pd.read_csv("../data/{STUDY.name}").rename(columns={{"result": "status"}})
        print(f"{{len(table)}} deals from data/{STUDY.name}")
        deals = pd.DataFrame(LINES["deals"])  # the notebooks' own run: deal by deal""").replace(
            "\n", "\n        ")
    return textwrap.dedent("""\
        deals = table = pd.DataFrame(LINES["deals"])
        print(f"{LINES['command']}  ({LINES['max_states']:,} positions per deal, all searches)")""").replace(
        "\n", "\n        ")


def rule_differences():
    return [
        md("""
        # The rules side by side

        Nine games, one engine, one table of rules. This notebook puts them next to each other:
        the rules, how often each can be won (measured by the solver, with confidence
        intervals), the same shuffle played under different rules, and which single rule
        change moves the difficulty most. Back to [Start here](00_start_here.ipynb).
        """),
        code(SETUP),
        md("""
        ## All nine in one table

        Read from the engine's `Variant` values. A blank means "as in Forty Thieves".
        """),
        code("""
        table = pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")
        base = table.loc["forty_thieves"]
        table.apply(lambda row: [x if row.name == "forty_thieves" or x != base[c] or c == "name" else ""
                                 for c, x in row.items()], axis=1, result_type="broadcast")
        """),
        md("""
        ## How winnable is each game?

        The solver plays with perfect information (it knows the stock and the face-down cards),
        so it measures whether a deal *can* be won, not how often a person wins it. For each
        deal it says *won* (with a line the engine replayed), *lost* (it searched every reachable
        position) or *unknown* (it ran out of time or budget). The share won is a floor on
        winnability, won + unknown a ceiling; the bars show 95% Wilson intervals. The table is
        the solver study of deals 1–100 (`data/solver_study_10s.md` gives its command, time limit
        and machine).
        """),
        code(f"""
        from ft_widget.studies import wilson

        {WINNABILITY_SOURCE()}
        rows = []
        for variant, group in table.groupby("variant", sort=False):
            n, won, lost = len(group), (group["status"] == "won").sum(), (group["status"] == "lost").sum()
            lo, hi = wilson(won, n)
            rows.append({{"variant": variant, "deals": n, "won": won, "lost": lost, "unknown": n - won - lost,
                         "won share": won / n, "95% low": lo, "95% high": hi}})
        winnable = pd.DataFrame(rows).set_index("variant").sort_values("won share")
        winnable
        """),
        code("""
        fig, ax = plt.subplots(figsize=(7, 3.6))
        share = winnable["won share"]
        ax.barh(winnable.index, share, xerr=[share - winnable["95% low"], winnable["95% high"] - share],
                color="#2e7d32", capsize=3, label="won by the solver")
        ax.barh(winnable.index, winnable["unknown"] / winnable["deals"], left=share, color="#cfd8dc",
                label="unknown (budget ran out)")
        ax.set(xlim=(0, 1), xlabel="share of deals", title="Winnability, solver with perfect information")
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
        plt.show()
        """),
        md("""
        ## The same shuffle under different rules

        Five of the games deal ten columns of four from the same shuffle: for one deal number
        they start with the same cards in the same places (Number Ten and Rank and File hide
        some of them). Only the rules differ. Deal 2, under each, with the solver's verdict from
        the notebooks' own run of deals 1–30 (`data/solver_lines.json`, a fixed budget of
        positions per deal):
        """),
        code("""
        same_layout = ["forty_thieves", "streets", "little_forty", "number_ten", "rank_and_file"]
        games = [Game(v, deal=2) for v in same_layout]
        assert all(g.tableau == games[0].tableau for g in games)
        status = deals.set_index(["variant", "deal"])["status"]
        pictures = [html_board(g, scale=0.5, caption=f"{g.variant.name}: {status[(g.variant.id, 2)]}")
                    for g in games]
        display(HTML("".join(f'<div style="display:inline-block;margin:2px">{p}</div>' for p in pictures)))
        """),
        md("""
        Over all the deals the solver tried: how many are won under each rule book, and how
        many under all five?
        """),
        code("""
        verdicts = status.unstack(0)[same_layout]
        won = verdicts == "won"
        forty = won["forty_thieves"]
        summary = pd.DataFrame({"won": won.sum(),
                                "won here, not in Forty Thieves": won.apply(lambda c: (c & ~forty).sum()),
                                "won in Forty Thieves, not here": won.apply(lambda c: (~c & forty).sum())})
        print(f"deals won under all five rule books: {won.all(axis=1).sum()} of {len(won)}")
        summary
        """),
        md("""
        ## Which single rule change moves difficulty the most?

        Start from Forty Thieves and change one rule at a time: each change is a `Variant` made
        with `dataclasses.replace`, so the engine, the solver and the policies all play it
        unchanged. Two measures: the *cautious* policy (a player's rules of thumb, seeing only
        what a player sees) on deals 1–50, computed here; and the solver on deals 1–30, read
        from `data/single_rule.json` (the command that made it is printed).
        """),
        code("""
        import random
        from dataclasses import replace

        from ft_widget import Build, play_policy
        from ft_widget.policies import cautious

        SINGLE = json.loads(Path("../data/single_rule.json").read_text())
        print(f"{SINGLE['command']}  ({SINGLE['max_states']:,} positions per deal, all searches)")
        FIELDS = {"build": Build, "columns": int, "cards_per_column": int, "sequences": lambda s: s == "True",
                  "aces_start": lambda s: s == "True", "stock_deal": int, "redeals": int}
        changes = {name: replace(VARIANTS["forty_thieves"], name=name,
                                 **{k: FIELDS[k](v) for k, v in fields.items()})
                   for name, fields in SINGLE["changes"].items()}

        def cards_home(variant, deals=range(1, 51)):
            return sum(play_policy(Game(variant, deal=d), cautious, random.Random(d)).cards_home
                       for d in deals) / len(deals)

        solver = (pd.DataFrame(SINGLE["deals"]).groupby("change", sort=False)["status"]
                  .value_counts().unstack(fill_value=0))
        policy_home = {name: cards_home(variant) for name, variant in changes.items()}
        effect = pd.DataFrame({"cautious policy: mean cards home": policy_home,
                               "solver: deals won": solver["won"],
                               "solver: deals proved lost": solver.get("lost", 0)})
        effect.sort_values("cautious policy: mean cards home")
        """),
        code("""
        fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6), sharey=True)
        order = effect.sort_values("cautious policy: mean cards home").index
        left.barh(order, effect.loc[order, "cautious policy: mean cards home"], color="#1565c0")
        left.set(xlabel="mean cards home (cautious policy)", xlim=(0, 104))
        right.barh(order, effect.loc[order, "solver: deals won"], color="#2e7d32")
        right.set(xlabel=f"deals won by the solver (of {solver.sum(axis=1).iloc[0]})")
        fig.suptitle("Forty Thieves with one rule changed")
        plt.show()
        """),
        md(f"""
        **The shape of the deal moves difficulty most.** Thirteen or twelve columns of three lift
        the policy by about ten and eight cards home and the solver from {SINGLE_WINS[BASE]} to
        {SINGLE_WINS[THIRTEEN]} and {SINGLE_WINS[TWELVE]} won deals of {SINGLE_DEALS}, and nine
        columns instead of ten leave the solver {_wins(SINGLE_WINS[NINE])}. Of the changes that
        keep the layout, *{NEXT_BEST}* helps the solver most ({SINGLE_WINS[NEXT_BEST]} wins).
        Aces at home help the policy mostly by the eight Aces themselves.

        Two different questions get two different answers here, and both are worth knowing.
        The policy's numbers say how much a rule helps a player who cannot see ahead; the
        solver's say how much it changes what a player who sees every card can do within a
        fixed search budget. Building in other suits or in alternate colours gives every card
        more places to go, which pays off most for the one who plans: the solver's wins go from
        {SINGLE_WINS[BASE]} to {SINGLE_WINS[OTHER_SUIT]} and {SINGLE_WINS[ALTERNATE]} of {SINGLE_DEALS}.
        """),
    ]


# ------------------------------------------------------------------------------ 11 working from code
def working_from_code():
    return [
        md("""
        # Working with the engine from code

        Everything the board does goes through one `Game` object, and you can drive it yourself:
        inspect a position, list and play moves, take them back, save and load positions as
        JSON, and write a playing policy of your own and measure it against the built-in ones,
        on your laptop or on a Dask cluster. Back to [Start here](00_start_here.ipynb).
        """),
        code(SETUP),
        md("""
        ## Inspecting a position

        Cards are plain ints (`suit * 13 + rank - 1`, suits in the order C D H S), like squares
        in python-chess: fast to compare and hash. `ft_widget.cards` turns them into text.
        Every list runs from the bottom of a pile to its top.
        """),
        code("""
        from ft_widget.cards import card_name, card_str, card_symbol, parse_card

        game = Game("number_ten", deal=7)
        top = game.tableau[0][-1]
        print(top, card_str(top), card_symbol(top), card_name(top), parse_card("10h") == parse_card("TH"))
        print("face down per column:", game.face_down_counts)
        print("stock:", len(game.stock), "cards; waste:", game.waste, "; home:", game.cards_home)
        """),
        md("""
        The engine knows the face-down cards and the stock's order (the solver uses them);
        a player does not. The board only ever sends what a player may see.
        """),
        md("""
        ## Legal moves, playing and undoing

        A `Move` is a small named tuple with internal pile numbers (columns `0…12`, then waste,
        stock and foundations); `str(move)` is the notation people read and type.
        """),
        code("""
        moves = game.legal_moves()
        print([str(m) for m in moves])
        first = moves[0]
        print(repr(first), "src", first.src, "dst", first.dst, "count", first.count)
        """),
        code("""
        game.play(first)
        game.play("s>w")
        print("history:", [str(m) for m in game.history])
        game.undo()
        print("undone; can redo:", game.can_redo)
        game.redo()
        game.restart()  # back to the deal; redo() would replay the moves
        print("after restart:", game.history, game.can_redo)
        """),
        md("""
        An illegal move raises `IllegalMove` (a `ValueError`) with a reason a player can read,
        and changes nothing:
        """),
        code("""
        before = game.position()
        for attempt in ["1>2", "s>3", "f>1", "11>1", "2>5x4", "hello"]:
            try:
                game.play(attempt)
            except IllegalMove as refusal:
                print(f"{attempt:6} {refusal}")
        assert game.position() == before
        """),
        md("""
        ## Saving and loading positions

        A position is JSON (`RULES.md` defines it): lists from bottom to top, face-down cards
        written `<3S>`. Any position can be loaded, not only an opening, so a test, a puzzle or a
        bug report is a few lines of JSON.
        """),
        code("""
        import tempfile

        game.play("s>w")
        path = Path(tempfile.mkdtemp()) / "position.json"
        path.write_text(json.dumps(game.position()))
        loaded = Game.from_position(json.loads(path.read_text()))
        print(loaded == game, "|", json.dumps(loaded.position())[:120], "…")
        """),
        md("A damaged file is refused with a message that names the problem:"),
        code("""
        broken = loaded.position()
        broken["tableau"][0].append("QH")  # a third Queen of Hearts
        try:
            Game.from_position(broken)
        except ValueError as problem:
            print(problem)
        """),
        md("""
        ## Writing your own policy

        A policy is a function `policy(game, rng) -> Move | None`: it looks at the game and
        returns one of its legal moves, or `None` to give up. `rng` is a seeded
        `random.Random`, so every run repeats exactly. This one is a plain rule of thumb:
        home if possible, else the waste's card onto a column, else a card that empties a
        column or turns one up, else deal.
        """),
        code("""
        import random

        from ft_widget import POLICIES, play_policy, study

        def home_waste_dig(game, rng):
            moves = game.legal_moves()
            tab, down = game.tableau, game.face_down_counts
            for wanted in (
                lambda m: m.dst == 15,                                            # home
                lambda m: m.src == 13 and m.dst < 13 and tab[m.dst],              # waste onto a column
                lambda m: m.src < 13 and m.dst < 13 and tab[m.dst]                # empties a column or
                          and len(tab[m.src]) - m.count in (0, down[m.src]),      # turns a card up
                lambda m: m.src == 14 or m.dst == 14,                             # deal or redeal
            ):
                choice = [m for m in moves if wanted(m)]
                if choice:
                    return rng.choice(choice)
            return None

        result = play_policy(Game("lucas", deal=3), home_waste_dig, random.Random(3))
        print(f"{result.status}: {result.cards_home} cards home, {len(result.moves)} moves ({result.why})")
        """),
        md("""
        ## Comparing policies in a study

        Play every policy, the built-in ones and yours, on deals 1–20 of Lucas and Little Forty,
        with a progress bar, and compare how many cards each gets home. (A game ends when it is
        won, stuck, or comes back to a position it has already played through.)
        """),
        code("""
        from tqdm.auto import tqdm

        contenders = {**POLICIES, "home_waste_dig": home_waste_dig}
        jobs = [(name, variant, deal) for name in contenders for variant in ["lucas", "little_forty"]
                for deal in range(1, 21)]
        rows = []
        for name, variant, deal in tqdm(jobs, desc="playing"):
            r = play_policy(Game(variant, deal=deal), contenders[name], random.Random(deal))
            rows.append({"policy": name, "variant": variant, "won": r.status == "won",
                         "cards home": r.cards_home})
        """, ignore_output=True),
        code("""
        runs = pd.DataFrame(rows)
        runs.pivot_table(index="policy", columns="variant", values=["cards home", "won"]).round(2)
        """),
        md("""
        `ft_widget.study` does the same for you, on every core of the machine (or on a cluster,
        below): `study(variants, deals, policy=...)` returns one row per deal.
        """),
        code("""
        study("lucas", range(1, 21), policy=home_waste_dig, progress=False)["result"].value_counts()
        """),
        md("""
        Rules of thumb rarely win these games: none of them looks ahead. The solver does, and a
        study runs it the same way: without `policy`, each deal is solved. A `max_states` budget
        (instead of a time limit) makes the result the same on any machine:
        """),
        code("""
        solved = study("lucas", range(1, 11), time_limit=60, max_states=10_000)
        """, ignore_output=True),
        code("""
        solved.drop(columns="seconds").head()
        """),
        code("""
        solved["result"].value_counts()
        """),
        md("""
        ## Scaling out with Dask

        The same call runs on a Dask cluster when you pass a `dask.distributed.Client`: a
        laptop's `LocalCluster` here, a cluster of many machines elsewhere. The rows are the
        same either way, sorted by variant and deal.
        """),
        code("""
        from dask.distributed import Client, LocalCluster

        cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
        on_dask = study("lucas", range(1, 11), time_limit=60, max_states=10_000, client=client)
        client.close()
        cluster.close()
        """, ignore_output=True),
        code("""
        same = on_dask.drop(columns="seconds").equals(solved.drop(columns="seconds"))
        print("Dask gives the same rows as the local run:", same)
        """),
    ]


# ------------------------------------------------------------------------------ main
def build_all() -> dict[str, list]:
    from ft_widget import VARIANTS

    books = {"00_start_here": start_here()}
    for vid in VARIANTS:
        books[vid] = variant_notebook(vid)
    books["10_rule_differences"] = rule_differences()
    books["11_working_from_code"] = working_from_code()
    return books


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="notebooks to write (default: all)")
    parser.add_argument("--execute", action="store_true", help="run each notebook in place and time it")
    args = parser.parse_args()
    books = build_all()
    names = args.names or list(books)
    for name in names:
        path = HERE / f"{name}.ipynb"
        nbformat.write(notebook(books[name]), path)
        if args.execute:
            from nbclient import NotebookClient

            nb = nbformat.read(path, as_version=4)
            start = time.perf_counter()
            NotebookClient(nb, timeout=120, kernel_name="python3",
                           resources={"metadata": {"path": str(HERE)}}).execute()
            seconds = time.perf_counter() - start
            nbformat.write(nb, path)
            print(f"{name}: executed in {seconds:.1f} s", flush=True)
        else:
            print(f"{name}: written")


if __name__ == "__main__":
    sys.exit(main())
