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
# # Forty Thieves
#
# The parent of the family, and its hardest member: two decks, ten columns of four cards
# face up, eight foundations to build from Ace to King in suit, and a stock of 64 cards
# turned one at a time, **once**. On the tableau a card goes only on the card one rank
# higher *of its own suit*, and only one card moves at a time. So every card has exactly two
# places to go in the tableau (the two copies of the card above it) and one way to leave a
# column. This notebook asks what two of those rules cost, shows a decision where the
# natural move loses, and leaves you a puzzle. The rules in full:
# [docs/rules.md](../docs/rules.md); the family side by side: [10_rule_differences](10_rule_differences.ipynb).

# %%
from ft_widget import Board, Game
from ft_widget.teaching import Decision, lesson_table, lesson_words, load, picture
from ft_widget.words import move_line

GAME = "forty_thieves"
LESSONS = load("lessons.json")
print(LESSONS["command"], "|", LESSONS["machine"])
print(f"solver budget: {LESSONS['max_states']:,} positions a deal; fair player: {LESSONS['player']}")

# %% [markdown]
# ## The deal
#
# Deal 1 (PySolFC's game 1). Ten columns, every card visible; the stock's count on its back.

# %%
game = Game(GAME, deal=1)
print(f"{len(game.legal_moves())} legal moves at the start:", " ".join(map(str, game.legal_moves())))
picture(game)

# %% [markdown]
# ## Lesson 1: what moving one card at a time costs
#
# In Forty Thieves a built run, say 9♠ 8♠ 7♠, cannot move as a unit; it moves card by card,
# and only through empty columns. Number Ten and Little Forty let runs move. How much would
# that one rule be worth *here*, with building still in suit? Same deals, the rule changed:

# %%
print(lesson_words(GAME, "sequences_move", LESSONS))

# %% [markdown]
# ## Lesson 2: what one pass through the stock costs
#
# With no redeal, a stock card you pass is gone under the waste for good unless the cards
# above it leave first. Allow one redeal and the whole waste comes round again, in the same
# order. Same deals, one redeal allowed:

# %%
print(lesson_words(GAME, "one_redeal", LESSONS))

# %% [markdown]
# Both lessons in one table (the paired difference is *changed − as dealt*; how the interval
# is made, and what such a lesson does not prove, is in
# [10_rule_differences](10_rule_differences.ipynb#How-the-lessons-measure)):

# %%
lesson_table(GAME, LESSONS)

# %% [markdown]
# ## A worked decision
#
# Deal 2, deep into a game: the stock is used up and column 4 has just been emptied.
# Two moves suggest themselves: **A** moves a club from column 10 into the empty column;
# **B** plays the waste's card there (a fair player's first habit: "play the waste").

# %%
decision = Decision(GAME)
print(move_line(decision.game, decision.best), "\n" + move_line(decision.game, decision.player_move))
assert not decision.game.stock and not decision.game.tableau[3]  # as the text says
print(f"stock {len(decision.game.stock)}, {decision.game.cards_home} cards home;"
      f" the habit player ({decision.player}) plays {decision.player_move}")
decision.boards()

# %% [markdown]
# Which would you play? Think about what each leaves in the waste and which cards the
# foundations need next.
#
# <details><summary>Show the answer</summary>
#
# **A.** The solver (which sees every card) wins after A and proves that after B no win is
# left. With the stock empty, the waste's cards can only come out in order, top first; B
# spends the empty column on the waste's card instead of freeing a column card, and the
# solver finds no way to dig out what the foundations need. The cell below asks the solver
# again, with the puzzle's budget.
#
# </details>

# %%
verdicts = decision.check()
assert verdicts == {decision.best: "winnable", decision.player_move: "lost"}, verdicts
verdicts

# %% [markdown]
# The solver's verdicts rest on cards you cannot see. What the fair expert, which sees only
# what you see, makes of A and B ([how it judges](10_rule_differences.ipynb#The-fair-expert)):

# %%
decision.expert_says()

# %% [markdown]
# ## Puzzle: keep deal 7 alive
#
# Another real position (deal 7, from the solver's winning line) where the natural move
# loses. Play your move on the board: the engine refuses illegal moves, and the solver
# tells you whether yours keeps the deal winnable. Undo (`u`) and try again as often as
# you like; the Hint button gives clues, and `puzzle.show_answer()` names every move that
# keeps the deal winnable. (Here several do: the graded puzzles, where at most a third of the
# moves keep a win, are `ft_widget.puzzles(variant)` and `Board.training(variant)`.)

# %%
# NBVAL_IGNORE_OUTPUT
puzzle = Board.puzzle(Decision(GAME, 1).game, goal="keep_winnable")
puzzle

# %% [markdown]
# <details><summary>Show the answer</summary>
#
# Run `puzzle.show_answer()`: the answers the board accepts. The cell below checks that the
# solver's move of the worked line, `Decision(GAME, 1).best`, is one of them and the habit
# player's move is not.
#
# </details>

# %%
answers = puzzle.answers
assert Decision(GAME, 1).best in answers and Decision(GAME, 1).player_move in puzzle.losing
print(f"{len(answers)} of {len(puzzle.start.legal_moves())} legal moves keep deal 7 winnable")
