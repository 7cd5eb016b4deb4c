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
# # Maria: how to play it
#
# Maria is dealt into **nine** columns of four, with 68 cards left in the stock, and builds down
# in **alternate colours**: a black six goes on either red seven. Cards move one at a time and the
# stock comes round once ([the rules](../docs/rules.md)). Alternate colours give each card four
# seats on the table where Forty Thieves gives two, so the table looks roomy; the traps are in
# what you do with the waste's card and with an empty column.
#
# **Rules of thumb**
#
# 1. **Play the waste's card when it has a place**, rather than deal past it.
# 2. **Keep an empty column for the cards on the table.** With fewer than ten cards left in the
#    stock, never spend it on the waste's card: deal on instead.
# 3. **Send cards home as they come.** Hold one back only when you can see the card that needs
#    it: a card of the other colour, one rank below, with no other seat.
#
# Each rule comes with a position, the decision, what it was worth, and a puzzle to try.

# %%
from IPython.display import display

from ft_widget import Board, Game, Move, play_policy, puzzles, review
from ft_widget.experiments import compare_choices, compare_players, effects_table, lines, rows
from ft_widget.teaching import PuzzleCard, Row, losing_move_row, picture, replayed
from ft_widget.words import move_line

GAME = "maria"
picture(Game(GAME, deal=1), caption="Maria, deal 1: nine columns, 68 cards to come")

# %% [markdown]
# ## Where the figures come from
#
# The solver, which sees every card, won 90 of the first 200 deals. Along its winning lines, at
# each position where one of the three decisions came up, every choice was played and the
# solver asked again whether the deal could still be won. A figure below is the share of wins a
# choice keeps against the other, each deal counted once, with its 95 % interval; verdicts the
# solver could not settle within its budget are left out (the [lab](lab/maria.ipynb) also counts
# them as lost, and what the rules below rest on holds both ways). Whole games add a second view: a careful
# rule-bound player, which sees only the table, played a thousand deals as it is and with one
# habit changed; it rarely wins Maria, so those games count cards home
# ([how the lessons measure](10_rule_differences.ipynb#How-the-lessons-measure)).

# %%
choices, games, won = rows(GAME, "questions"), rows(GAME, "games"), lines(GAME)
SAYS = {"won": "the win kept", "lost": "no win left", "unknown": "not settled"}


def decision(question, deal, ply, options):
    """Two choices at one position of the solver's won line for ``deal``, each drawn on the board."""
    game = replayed(GAME, deal, won[deal][:ply])
    here = {r["option"]: r for r in choices if (r["question"], r["deal"], r["ply"]) == (question, deal, ply)}
    return Row(*(picture(game, highlight=here[o]["move"], scale=0.6,
                         caption=f"{here[o]['move']}: {SAYS[here[o]['verdict']]}") for o in options))


# %% [markdown]
# ## 1. Play the waste's card when it has a place
#
# Deal 110, five cards left in the stock. The waste's 2♥ fits on the 3♠ of column 4. Dealing
# past it buries it under the next card, and the stock does not come round again.

# %%
display(decision("waste", 110, 144, ("deal", "onto")))
effects_table({
    "played, not dealt past (positions)": compare_choices(choices, "waste", "deal", "onto"),
    "a player who deals past it (whole games)": compare_players(games, "cautious", "deal past the waste card"),
}, caption="Maria: the waste's card played or dealt past")

# %% [markdown]
# Playing the card costs little: a seat it covers is one of four for the card that wanted it.
# Where the waste's card had two or more seats, the choice among them decided none of these
# games (the lab counts them).
#
# **Practice.** The puzzle below trains *place before dealing*. Its seat is an empty column, with
# fifteen cards still to come: early enough for rule 2 to allow it.

# %%
p = next(p for p in puzzles(GAME) if p.theme == "place_before_dealing")
PuzzleCard(p)

# %% [markdown]
# Run the notebook to try it on a board (Hint gives a clue, every first move is judged):

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## 2. Keep an empty column for the cards on the table
#
# In Maria a column empties early, and the waste's card is the easy way to fill it. Deal 9,
# five cards left: dropping the waste's 10♥ into the empty column loses; dealing on keeps the
# win.

# %%
display(decision("empty", 9, 126, ("waste", "keep")))
late = [r for r in choices if r["stock"] < 10]  # the last stretch of the stock
effects_table({
    "the waste's card into it, not dealing on": compare_choices(choices, "empty", "keep", "waste"),
    "the same, fewer than ten cards to come": compare_choices(late, "empty", "keep", "waste"),
    "a lone column card into it": compare_choices(choices, "empty", "keep", "card"),
    "a built run into it": compare_choices(choices, "empty", "keep", "run"),
    "a player who leaves it idle, given the waste's card (whole games)":
        compare_players(games, "cautious", "waste into an empty column"),
}, caption="Maria: filling an empty column instead of dealing on")

# %% [markdown]
# The waste's card in an empty column costs wins, and most in the last stretch of the stock,
# when the few cards to come cannot make up for the column. A lone card lifted across costs
# too; a built run moved there made no measurable difference. The last line is the exception
# the rule allows for: a player who would otherwise leave the column idle does a little better
# with the waste's card in it. The empty column pays only when you use it for the table's cards.
#
# **Practice.** A puzzle of the theme *keep an empty column*, eight cards to come:

# %%
p = next(p for p in puzzles(GAME) if p.theme == "keep_an_empty_column" and p.answers == ("s>w",))
PuzzleCard(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## 3. Send cards home as they come
#
# With two decks, a card sent home can strand a card still on the table. Deal 3, one card left:
# sending the 5♣ home loses, because the lone 4♦ of column 6 needs it. Laid on the 5♣, the 4♦
# empties its column, and the win stays.

# %%
display(decision("home", 3, 429, ("home", "hold")))
effects_table({
    "sent home now, not held (positions)": compare_choices(choices, "home", "hold", "home"),
    "the same, unsettled verdicts as lost": compare_choices(choices, "home", "hold", "home", unsettled="as lost"),
    "a player who holds back every unsafe card (whole games)":
        compare_players(games, "cautious", "no unsafe home move"),
}, caption="Maria: a card home now, or held back")

# %% [markdown]
# At single positions the choice seldom matters, and neither count favours holding the card.
# A player who holds back every card that is not certainly safe strands many: the whole games
# show the cost. So send cards home, and keep the exception for the case you can see, as in
# deal 3.
#
# **Practice.** Some of Maria's puzzles, on the training board, are exceptions of that kind (the
# theme *hold a card back from home*). This one trains *keep an empty column*, and its answer
# sends a card home:

# %%
p = next(p for p in puzzles(GAME) if Move(p.answers[0]).is_home)
PuzzleCard(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# ## A game reviewed
#
# The habit player `foundations_first` (home when it can, then the waste's card, then a card
# that uncovers another, then a deal) plays deal 10, which the solver wins. `review` reads the
# game back: the fair expert's estimate of each move from what the player saw, and the solver's
# verdict, which finds where the win slipped away.

# %%
played = play_policy(Game(GAME, deal=10), "foundations_first", rng=2)
reviewed = review(replayed(GAME, 10, list(played.moves)), rng=1, progress=False)
reviewed.plot()

# %%
k = reviewed.losing_move
print("Played:", move_line(reviewed.position(k), reviewed.steps[k].move))
print("Kept the win:", move_line(reviewed.position(k), reviewed.alternative))
losing_move_row(reviewed)

# %% [markdown]
# The losing move is rule 2's: late in the stock, the habit player drops the waste's card into
# the empty column. The solver keeps the column for a card from the table.
#
# More Maria puzzles, several of them on digging out a buried card, come one after another on
# `Board.training("maria")`.
#
# The experiments behind this lesson, with their commands and budgets:
# [Maria: the lab behind the lesson](lab/maria.ipynb).
