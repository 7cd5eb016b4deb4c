# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Start here: the Forty Thieves family
#
# **Forty Thieves** is a two-deck patience (solitaire): 104 cards, eight foundations to build
# from Ace to King in suit, ten columns of four cards dealt face up, and a stock of 64 cards
# that you turn one at a time, once. It is known as a hard game: you win it far less often
# than Klondike. Its relatives change one or two rules: how many columns, which cards may
# be built on which, whether runs of cards move together, how the stock is dealt. Each
# change moves the difficulty, and these notebooks measure by how much.
#
# This notebook shows how to play on the board, with the mouse or the keyboard, and the
# few lines of Python that do the same from code.
#
#
# | notebook | what it teaches |
# |---|---|
# | [00_start_here](00_start_here.ipynb) | the family, playing on the board, the API in a few lines |
# | [forty_thieves](forty_thieves.ipynb) | the parent game: building in suit, one card at a time, one pass |
# | [indian](indian.ipynb) | three-card columns over a face-down card, building in any other suit |
# | [limited](limited.ipynb) | Forty Thieves' rules on twelve shorter columns |
# | [little_forty](little_forty.ipynb) | sequences, any other suit, a three-card stock with three redeals |
# | [lucas](lucas.ipynb) | thirteen columns and the Aces already home |
# | [maria](maria.ipynb) | nine columns, alternate colours |
# | [number_ten](number_ten.ipynb) | alternate colours, sequences, two face-down rows |
# | [rank_and_file](rank_and_file.ipynb) | as Number Ten, with three face-down rows |
# | [streets](streets.ipynb) | Forty Thieves with alternate colours |
# | [10_rule_differences](10_rule_differences.ipynb) | the rules in pictures, winnability, how the lessons measure |
# | [11_working_from_code](11_working_from_code.ipynb) | positions, moves, JSON, policies (an exercise), studies, Dask |

# %%
import json

import pandas as pd

from ft_widget import VARIANTS, Board, Game, IllegalMove
from ft_widget.teaching import picture

# %% [markdown]
# ## The nine games
#
# Every rule the engine applies is read from a `Variant` value; the table below is
# made from those values, so it cannot drift from what the engine does.

# %%
pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")

# %% [markdown]
# ## A board to play
#
# Run the next cell in JupyterLab to get a board. **Deal 1** is PySolFC's game number 1,
# so you can compare with PySolFC if you like.
#
# * **Mouse or touch**: drag a card onto a column or a foundation. Where runs may move
# (Little Forty, Number Ten, Rank and File) dragging a card drags the run above it.
# * **Click, then click**: click a card to pick it up, then click where it should go.
# * **Double-click** a card to send it to the foundations.
# * **Click the stock** to deal (and, in Little Forty, to redeal an empty stock).
# * **Keyboard**: click the board once, then arrows move between piles, Enter or Space
# picks up and places, Shift+↑/↓ takes more or fewer cards of a run, Esc cancels,
# `d` deals, `f` sends the card home, `u`/`z` undo, `r`/`y` redo, `h` hint, `a` plays
# safe moves home.
# * **Buttons**: New deal, Restart, Undo, Redo, Hint, Auto-play; the menu switches to
# another game of the family.
#
# A refused move puts the card back and says why, in the engine's words.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board("forty_thieves", deal=1)
board

# %% [markdown]
# The board and your code share one game. Moves you make with the mouse are in
# `board.game` at once, and moves made from code appear on the board. Try a move on the
# board above, then run the next cell. (Here we play one from code so the page shows
# something when it is read without a kernel.)

# %%
board.play("s>w")              # deal the stock's top card onto the waste
print(board.game.history, "|", board.game.cards_home, "cards home")

# %% [markdown]
# Everything a board shows is also there as a static picture (`ft_widget.teaching.picture`,
# drawn by `ft_widget.render`). It shows wherever the notebook is read: in JupyterLab even
# before you run or trust the notebook, on GitHub and on nbviewer. The notebooks use it for
# their diagrams.

# %%
picture(board.game)

# %% [markdown]
# ## The API in a handful of lines
#
# A `Game` is the single judge of what is legal. Moves are written `SRC>DST` with columns
# `1`…`13`, `w` the waste, `s` the stock and `f` the foundations; `xN` when N cards move
# as a sequence: `3>f`, `w>7`, `4>9x3`, deal `s>w`, redeal `w>s`.

# %%
game = Game("maria", deal=5)
print(len(game.legal_moves()), "legal moves:", " ".join(str(m) for m in game.legal_moves()))

# %%
try:
    game.play("2>4")  # 6♠ on 10♣
except IllegalMove as refusal:
    print("refused:", refusal)
game.play("8>2")      # 5♦ on 6♠: red on black
game.play("s>w")
print(game.history)
game.undo()
print("after undo:", game.history, "| can redo:", game.can_redo)

# %%
print(game)  # the text picture, for terminals and doctests

# %% [markdown]
# A position is plain JSON (the same format the tests and saved games use), and
# `Game.from_position` reads it back:

# %%
saved = json.dumps(game.position())
again = Game.from_position(json.loads(saved))
print(len(saved), "characters of JSON; same position:", again == game)

# %% [markdown]
# ## Where next
#
# Open the notebook of the game you want to learn: each has the lessons that game teaches
# (what its own rules change, measured on the same deals), a worked decision and a puzzle to
# play on the board. [10_rule_differences](10_rule_differences.ipynb)
# compares all nine, and [11_working_from_code](11_working_from_code.ipynb) shows how to
# study the games with your own code.
