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
# # Start here: a first game of Forty Thieves
#
# If you know Klondike, you know most of this. **Forty Thieves** is patience with two decks:
# 104 cards, eight foundations to build up from Ace to King in suit, ten columns of four cards
# dealt **face up**, and a stock of 64 cards that you turn one at a time onto a waste pile,
# **once**. On the columns a card goes on the card one rank higher of its own suit, and only the
# top card of a column (or of the waste) moves. There is no second pass through the stock and
# nothing comes back from the foundations.
#
# Eight relatives change a few of those rules: how many columns, how many cards face
# down, which suits may be built on which, whether a run of cards moves as one, how the stock
# is dealt. Each has a notebook of its own (the table at the end).
#
# **How to play on the board below** (run the notebook in JupyterLab):
#
# * **Drag** a card onto a column or a foundation, or **click** it and then click where it
#   should go; **double-click** sends it home. **Click the stock** to deal.
# * **Keys**: click the board once, then the arrows move between piles, Enter or Space picks up
#   and puts down, Esc cancels, `d` deals, `f` sends a card home, `u`/`z` undo, `r`/`y` redo,
#   `h` hint, `?` shows them all.
# * **Buttons**: Hint (a good move, from the cards *you* can see), Undo and Redo (as often as
#   you like), Restart, New deal, Auto-play (safe moves home).
# * **The game menu** (the game's name, with ▾, at the top) switches to another game of the family,
#   starts a deal by number, and offers **"A winnable deal: easy / medium / hard"**. After a
#   game, "Review this game" steps through your moves with the expert's comments.
#
# A move the rules forbid is refused, and the board says why.

# %%
import pandas as pd

from ft_widget import VARIANTS, Board, Game, deals, hint, puzzles
from ft_widget.expert import estimate
from ft_widget.hints import FAIR_STATES_PER_SECOND
from ft_widget.teaching import picture, puzzle_picture
from ft_widget.training.catalogue import DIFFICULTIES, catalogue
from ft_widget.words import graded_line, hint_line, move_line

GAME = "forty_thieves"
rules = VARIANTS[GAME]  # the rules said above, as the engine has them
assert (rules.columns, rules.cards_per_column, rules.face_down, rules.stock_cards) == (10, 4, 0, 64)
assert (rules.build.id, rules.sequences, rules.stock_deal, rules.redeals) == ("same_suit", False, 1, 0)

# %% [markdown]
# ## An easy deal
#
# Few Forty Thieves deals are easy (the count is below), so for a first game we ask the
# project's catalogue of graded deals for one that is. Two players stand behind a grade:
#
# * the **solver**, which sees every card (the stock's order included), tried each deal; only a
#   deal it won, with a line of moves the engine replayed to the end, is called *winnable*;
# * the **fair expert**, which sees only what you see, then played each winnable deal a few
#   times with different random seeds. *Easy* means it won every time, *medium* some of the
#   times, *hard* never.
#
# So "easy" is easy for a careful player who cannot see the hidden cards, and is certain to be
# winnable. (The README's "Graded deals" section has the budgets and the command.)

# %%
rows = catalogue(GAME)
graded = pd.Series([r.grade if r.winnable else "not known to be winnable" for r in rows])
print(f"Forty Thieves deals {rows[0].deal}–{rows[-1].deal} in the catalogue:")
by_grade = graded.value_counts().reindex([*DIFFICULTIES, "not known to be winnable"], fill_value=0)
assert by_grade["easy"] < len(rows) / 4  # "few are easy"
by_grade.rename("deals").to_frame()

# %% [markdown]
# The first easy deal, and what the catalogue says about it:

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(r for r in rows if r.deal == DEAL)
assert entry.winnable and entry.grade == "easy" and entry.expert_wins == entry.runs
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# Here it is on a board. `Board(GAME, difficulty="easy")` would pick an easy deal at random
# instead; the menu's "A winnable deal" does the same.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL)
board

# %% [markdown]
# The board and your code share one game: a move you make with the mouse is in `board.game` at
# once, and a move played from code (`board.play("s>w")`) appears on the board. Everything a
# board shows can also be drawn as a picture, which shows wherever the notebook is read, even
# unrun. The opening position:

# %%
picture(game, caption=f"Forty Thieves, deal {DEAL}: the opening position", scale=1.0)

# %% [markdown]
# ## The first decision
#
# Moves are written `SRC>DST`: columns `1`…`10`, `w` the waste, `s` the stock, `f` the
# foundations (`s>w` deals a card). These are the moves the rules allow at the start:

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Which one? The Hint button asks the fair expert. It deals the cards you cannot see at random
# into the places you cannot see (one possible *world*), does that a few times, asks the solver
# to win each world, and suggests the move that starts a win in most of them. It never looks at
# where the hidden cards really are. From code, `hint(game)` gives the same hint; here with the
# board's budget as a number of positions rather than a second on the clock, so the page is the
# same on any machine:

# %%
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's seconds, as positions
advice = hint(game, max_states=budget)
assert advice.move in game.legal_moves()
print(hint_line(game, advice))
picture(game, highlight=advice.move, caption=f"the hint: {advice.move}", scale=1.0)

# %% [markdown]
# To weigh every move against the others, `estimate` plays each of them in the *same* sampled
# worlds and counts the wins: a fair comparison of the moves, but a small sample, and at the
# start all 64 cards of the stock are unseen. A count out of eight is a guide, not a proof; the
# fewer cards are hidden, the more it says.

# %%
assert len(game.stock) == 64 and not game.waste
counts = pd.DataFrame([{"move": str(e.move), "worlds won": e.worlds_won, "of": e.worlds}
                       for e in estimate(game, rng=1)]).set_index("move")
assert (counts["of"] == 8).all()  # "out of eight": the same eight worlds for every move
assert counts["worlds won"].nunique() == 1  # the moves tie, as the text below says
counts

# %% [markdown]
# The three moves tie: each starts a win in as many of the eight worlds as the others. At the
# first move of a Forty Thieves deal, with all 64 stock cards unseen, a fair player cannot tell
# them apart, and the Hint's choice among them is its own six worlds breaking a tie, not a
# discovery. The counts separate once cards turn up and one move really is better than
# another: the game notebooks' questions are positions like that.

# %% [markdown]
# Now play the deal on the board above. If you get stuck, Undo is free; if the deal is lost,
# the board says so when no move is left.
#
# ## After a game: review it, then train
#
# * **Review.** The menu's "Review this game" (or `board.review()`) goes through your moves as a
#   chess site's analysis does: the expert's move beside yours, each marked when it threw away
#   many of the sampled wins, and the move after which the solver (which sees every card) found
#   no win left. From code, `ft_widget.review(board.game)` returns the review with a chart
#   (`.plot()`) and a table (`.to_frame()`); [11_working_from_code](11_working_from_code.ipynb)
#   shows one.
# * **Puzzles.** Most games ship puzzles cut from real deals (how many each:
#   [11_working_from_code](11_working_from_code.ipynb)): a position, one question, answers the
#   solver checked. `Board.training("forty_thieves")` serves them one after another,
#   easiest first, and keeps your score. The first one:

# %%
first = puzzles(GAME)[0]
print(f"{first.title}: {first.prompt}")
puzzle_picture(first, scale=0.8)

# %% [markdown]
# ## The nine games, and where to read next
#
# The rules of all nine, read from the engine's own description of each game
# ([10_rule_differences](10_rule_differences.ipynb) keeps only what differs from Forty Thieves,
# and draws it):

# %%
pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")

# %% [markdown]
# Each game's notebook asks what a good player of *that* game thinks about, and answers by
# experiment on real deals:
#
# | notebook | its questions |
# |---|---|
# | [forty_thieves](forty_thieves.ipynb) | what to put in an empty column; which column to dig; when a card that could go home should wait |
# | [indian](indian.ipynb) | which column to dig towards its hidden card; which of six parents to give a card; whether to fill an empty column; when the single pass should hold a card back |
# | [limited](limited.ipynb) | keep an empty column or spend it (and when that flips); which of twelve short columns to clear first; the waste card or a deal; what carrying long runs is worth |
# | [little_forty](little_forty.ipynb) | what to remember of a three-card waste; when to take a waste card; what a redeal is worth |
# | [lucas](lucas.ipynb) | why Lucas forgives (the Aces home, or thirteen short columns?); what still loses it; whether an empty column should wait for a King |
# | [maria](maria.ipynb) | when sending a card home is a trap; play the waste card or deal past it; what an empty column is for with only nine |
# | [number_ten](number_ten.ipynb) | which face-down column to dig; whether to split a run; what moving runs is worth |
# | [rank_and_file](rank_and_file.ipynb) | which face-down pile to dig first; when to spend an empty column; whether to move part of a run |
# | [streets](streets.ipynb) | what an emptied column is for; play the waste card or deal past it; whether "only a King in a space" carries over |
#
# Two more: [10_rule_differences](10_rule_differences.ipynb) is the family overview (the rules
# in pictures, how winnable each game is, and, said once for all, how the solver and the fair
# expert judge and how the notebooks measure), and
# [11_working_from_code](11_working_from_code.ipynb) drives the engine from Python: positions,
# moves, saved games, reviews, graded deals, puzzles, your own playing policy.
