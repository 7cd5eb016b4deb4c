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
# # The rules side by side
#
# Nine games, one engine. Each game's notebook teaches what *its* rules change; the points
# they share are made here, once: how the three building rules differ (with pictures), what
# face-down cards, a three-card stock and redeals look like, where PySolFC plays differently,
# how winnable each game is, and how the lessons measure things. Back to
# [Start here](00_start_here.ipynb).

# %%
import pandas as pd

from ft_widget import VARIANTS, Build, Game, IllegalMove, parse_card
from ft_widget.teaching import Paired, Row, build_picture, cards, find_turn_up, load, picture, with_tops

pd.set_option("display.precision", 3)

# %% [markdown]
# ## All nine in one table
#
# Read from the engine's `Variant` values; a blank means "as in Forty Thieves".

# %%
table = pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")
base = table.loc["forty_thieves"]
table.apply(lambda row: [x if row.name == "forty_thieves" or x != base[c] or c == "name" else ""
                         for c, x in row.items()], axis=1, result_type="broadcast")

# %% [markdown]
# ## Three building rules
#
# A card goes on a column's top card one rank higher; the building rule says which suits.
# Here is what may go on 10♥ under each: the four suits of the rank below, marked by the
# rules module (`ft_widget.rules.can_build`), the one owner of the rule that the engine, the
# solver and the board all ask.

# %%
THREE = (Build.SAME_SUIT, Build.OTHER_SUIT, Build.ALTERNATE_COLOUR)
ten_hearts = parse_card("TH")
Row(*(build_picture(ten_hearts, build) for build in THREE))

# %% [markdown]
# *Same suit* takes one card in four, *any suit but its own* three, *alternate colour* two.
# The two looser rules agree on the black nines and differ on 9♦: the cell below checks
# that count, and the next one finds the refusal that tells them apart.

# %%
from ft_widget import rules

nines = [parse_card(f"9{s}") for s in "CDHS"]
takers = {b.id: [c for c in nines if rules.can_build(c, ten_hearts, b)] for b in THREE}
assert [len(takers[b]) for b in ("same_suit", "other_suit", "alternate_colour")] == [1, 3, 2]
{b: cards(c) for b, c in takers.items()}

# %% [markdown]
# ### A refusal that separates "any suit but its own" from "alternate colour"
#
# 9♥ on 10♦: both red, different suits. Indian builds in any suit but its own, Streets in
# alternate colours. The same deal with 10♦ on column 1 and 9♥ on column 2, and the engine
# asked to play `2>1` in each:

# %%
outcomes = {}
for variant in ("indian", "streets"):
    game = with_tops(variant, deal=1, tops={1: "TD", 2: "9H"})
    before = picture(game, highlight="2>1", scale=0.55, caption=f"{game.variant.name}: 9♥ onto 10♦?")
    try:
        game.play("2>1")
        outcomes[variant] = "played"
    except IllegalMove as refusal:
        outcomes[variant] = f"refused: {refusal}"
    print(f"{game.variant.name:8} {outcomes[variant]}")
assert outcomes["indian"] == "played" and outcomes["streets"].startswith("refused")

# %%
Row(*(picture(with_tops(v, deal=1, tops={1: "TD", 2: "9H"}), highlight="2>1", scale=0.55,
              caption=f"{VARIANTS[v].name}: 2>1 {'plays' if outcomes[v] == 'played' else 'is refused'}")
      for v in ("indian", "streets")))

# %% [markdown]
# (8♥ on 9♠, the example often given for both rules, is legal under both: it cannot tell
# them apart.)

# %%
assert all(rules.can_build(parse_card("8H"), parse_card("9S"), b)
           for b in (Build.OTHER_SUIT, Build.ALTERNATE_COLOUR))

# %% [markdown]
# ## Face-down cards turning up
#
# Indian, Number Ten and Rank and File deal the bottom card(s) of each column face down. A
# face-down card turns face up by itself when it becomes a column's top card
# (docs/rules.md, point 1). The shortest way to turn one up in Rank and File's deal 1, and in
# Number Ten's deal 2, found by trying every move between columns:

# %%
shown = []
for variant, deal in (("rank_and_file", 1), ("number_ten", 2)):
    game = Game(variant, deal=deal)
    line = find_turn_up(game)
    down_before = sum(game.face_down_counts)
    for move in line[:-1]:
        game.play(move)
    shown.append(picture(game, highlight=line[-1], scale=0.55,
                         caption=f"{game.variant.name} deal {deal}: next {line[-1]}"))
    game.play(line[-1])
    shown.append(picture(game, scale=0.55, caption=f"after {' '.join(map(str, line))}: a card turned up"))
    assert sum(game.face_down_counts) == down_before - 1
    print(f"{game.variant.name}: {' '.join(map(str, line))} turns up {cards([game.tableau[line[-1].src][-1]])}")
Row(*shown)

# %% [markdown]
# ## The three-card waste and a redeal (Little Forty)
#
# Little Forty turns three cards at a time; only the last is playable, and the picture
# fans the three. When the stock is empty, a redeal (`w>s`) turns the waste over, so the
# cards come round again *in the same order*: a player who remembers them knows what is coming.

# %%
game = Game("little_forty", deal=3)
game.play("s>w")
first_three = game.waste[-3:]
print("the waste after one deal:", cards(first_three), "— playable:", cards(game.waste[-1:]))
picture(game, scale=0.6, caption="Little Forty deal 3: one deal of three cards")

# %%
while game.stock:
    game.play("s>w")
order = list(game.waste)
game.play("w>s")
game.play("s>w")
assert game.waste[-3:] == first_three and game.redeals_left == VARIANTS["little_forty"].redeals - 1
print(f"after a pass and a redeal: {cards(game.waste[-3:])} again; {game.redeals_left} redeals left")
picture(game, scale=0.6, caption=f"after one redeal: the same three cards, {game.redeals_left} redeals left")

# %% [markdown]
# ## Where PySolFC plays differently
#
# Our rules are [docs/rules.md](../docs/rules.md). PySolFC, the free solitaire collection
# whose deal numbers we share, differs in three places. Two are rule changes we can play
# as custom `Variant` values; the third is a matter of interface.
#
# * **Lucas.** PySolFC deals 13 × 4 without taking the Aces out, and lets sequences move.

# %%
from dataclasses import replace

pysol_lucas = replace(VARIANTS["lucas"], id="pysol_lucas", name="Lucas (PySolFC)", cards_per_column=4,
                      aces_start=False, sequences=True)
ours, theirs = Game("lucas", deal=4), Game(pysol_lucas, deal=4)
print(f"ours: {ours.cards_home} cards home at the start, {len(ours.stock)} in the stock; "
      f"PySolFC's: {theirs.cards_home} home, {len(theirs.stock)} in the stock")
Row(picture(ours, scale=0.5), picture(theirs, scale=0.5))

# %% [markdown]
# * **Little Forty.** PySolFC builds down regardless of suit, moves only same-suit runs as a
#   unit, and fills empty columns automatically from the waste or stock. "Regardless of
#   suit" is a fourth building rule that `ft_widget.rules` does not have, so this one is
#   told, not played.
# * **Every game.** PySolFC starts with one card already turned onto the waste (our first
#   `s>w`) and lets a card come back off a foundation; we never take a card back from home.
#   Our deal N has PySolFC's game N's cards in PySolFC's places (docs/rules.md, point 3).

# %% [markdown]
# ## How winnable is each game?
#
# Two kinds of player appear in every notebook, and the difference matters:
#
# * the **thoughtful solver** sees every card, the stock's order and the face-down cards.
#   It measures whether a deal *can* be won. It says *won* (with a line the engine
#   replayed), *lost* (it searched every position reachable, with pruning rules proved
#   sound in docs/solver.md) or *unknown* (its budget ran out);
# * a **fair player** sees only what a player at the table sees. The strongest one the
#   project has, the **fair expert** (next section), is the one the lessons use; it measures
#   how a rule helps someone who cannot see ahead.
#
# The table below is the solver study of deals 1–100 of every game, with *one* budget for
# the claim: 10 seconds of search a deal with the compiled search core (its command, machine
# and load are in `data/solver_study_10s_compiled.md`). The share won is a floor on thoughtful
# winnability at that budget, won + unknown a ceiling; the intervals are Wilson 95% intervals.

# %%
from ft_widget.studies import wilson

study = pd.read_csv("../data/solver_study_10s_compiled.csv")
rows = []
for variant, group in study.groupby("variant", sort=False):
    n, won, lost = len(group), int((group["result"] == "won").sum()), int((group["result"] == "lost").sum())
    low, high = wilson(won, n)
    rows.append({"game": VARIANTS[variant].name, "deals": n, "won": won, "proved lost": lost,
                 "unknown": n - won - lost, "won share": won / n, "95% low": low, "95% high": high})
winnable = pd.DataFrame(rows).set_index("game").sort_values("won share")
assert winnable["deals"].nunique() == 1  # the same deals for every game
winnable

# %%
hardest, easiest = winnable.index[0], winnable.index[-1]
print(f"hardest for the solver: {hardest} ({winnable.loc[hardest, 'won']} of "
      f"{winnable.loc[hardest, 'deals']} won); easiest: {easiest} ({winnable.loc[easiest, 'won']})")

# %% [markdown]
# ## The fair expert
#
# A person cannot see the stock or the face-down cards, so the solver's table is not how often
# a *person* wins. The fair expert (`POLICIES["expert"]`, module `ft_widget.expert`) plays from
# what a player at the table knows: every face-up card, the cards it has watched being dealt,
# and how many cards are face down and in the stock, not which. At a decision it
#
# 1. deals the cards it has not seen at random into the hidden places: one possible *world*;
# 2. asks the solver to win each of a few such worlds (five, with 20,000 positions each);
# 3. plays the move that starts a win in most of the worlds won, and keeps those worlds as a
#    plan while the cards that turn up still fit them; when no world is won, it plays a
#    careful habit's move and waits for more cards to show.
#
# Its choice never depends on where the hidden cards really are: the tests swap them around
# on many positions of every game and check that the move and its reason stay the same. The
# board's **Hint** button asks it (a *fair* hint); `hint(game, peek=True)` asks the solver and
# says that it peeked. To judge two moves, `ft_widget.expert.estimate` plays each in the same
# sampled worlds and counts the wins: that is what each game's worked decision shows.
#
# How often does it win? The three players on the same 100 deals of every game, deals that
# nobody tuned on (`data/expert_table.md` has the commands, machine and times):

# %%
table = pd.read_csv("../data/expert_table_summary.csv")
table["game"] = [VARIANTS[v].name for v in table["variant"]]
shown = table.set_index("game")[["deals", "expert_won", "expert_ci95", "foundations_first_won",
                                 "solver_won", "solver_ci95"]]
assert shown["deals"].nunique() == 1
shown

# %%
share = table.set_index("game")
hardest = share["expert_won"].idxmin()
print(f"The fair expert wins {share.loc[hardest, 'expert_won']} of {share.loc[hardest, 'deals']} "
      f"{hardest} deals, the solver {share.loc[hardest, 'solver_won']}, the foundations-first habit "
      f"{share.loc[hardest, 'foundations_first_won']}.")
ratio = (share["expert_won"] / share["solver_won"]).sort_values()
print("expert's wins as a share of the solver's, lowest first:",
      ", ".join(f"{g} {r:.2f}" for g, r in ratio.items()))

# %% [markdown]
# Read the gap between the two columns as the worth of seeing every card (at these budgets):
# where it is small, the game rewards care more than luck; where it is large, much of the game
# is decided by cards nobody at the table can see.

# %% [markdown]
# ## How the lessons measure
#
# Each game's notebook has two or three lessons of the form "what does this rule change?".
# A lesson plays the game and the game with that one rule changed on **the same deal
# numbers** (the same shuffle of the 104 cards), so each deal is its own control: a paired
# experiment. For each deal we have a pair (as dealt, changed); the lesson reports the
# mean of the differences and a 95% bootstrap interval for it (10,000 resamples of the
# deals, fixed seed). Three measures:
#
# * **solver wins**: share of deals the solver won within its budget (`data/lessons.json`
#   names the budget, in positions: the same verdicts on any machine). A deal the budget
#   did not settle counts as not won, so this measures "won within this budget";
# * **player wins** and **player cards home**: the fair expert, on more deals than the solver.
#
# What this does **not** prove: it measures one budget and one fair player. A difference
# whose interval contains zero is not shown to be zero, only not shown; a rule that helps
# this player may help a human less or more; and the changed games deal the same shuffle
# into a different layout when the layout changes, so "same deals" means same cards, not
# same columns.
#
# An example of the arithmetic, on made-up numbers (four deals, won as dealt in one, changed
# in three):

# %%
example = Paired([0, 1, 0, 0], [1, 1, 1, 0])
print(example, "— clear of zero:", example.clear)
assert (example.a, example.b, example.diff) == (0.25, 0.75, 0.5)

# %% [markdown]
# ### Seeing every card and seeing only your own can disagree
#
# Across the lessons of all nine games: where do the solver's wins and the fair player's
# cards home move in *opposite* directions, both clearly (intervals clear of zero)?

# %%
from ft_widget.teaching import lesson_results

LESSONS = load("lessons.json")
print(f"fair player: {LESSONS['player']}; solver budget {LESSONS['max_states']:,} positions a deal")
disagree = []
for variant in VARIANTS:
    for lesson, m in lesson_results(variant, LESSONS).items():
        solver, home = m["solver wins"], m["player cards home"]
        if solver.clear and home.clear and (solver.diff > 0) != (home.diff > 0):
            disagree.append({"game": VARIANTS[variant].name, "change": lesson.replace("_", " "),
                             "solver wins": f"{solver.diff:+.0%}", "player cards home": f"{home.diff:+.1f}"})
pd.DataFrame(disagree)

# %% [markdown]
# Where such rows appear, a rule that gives the all-seeing solver more to work with gives the
# fair player less (or the other way round): how hard a game is depends on what the player
# can see. That is why every lesson reports both.

# %% [markdown]
# ## How the worked decisions and puzzles are found
#
# Each game's notebook shows one hard decision: a real position, **A** the solver's move and
# **B** the move of a habit player (`foundations_first`, cheap enough to ask at every position).
# `notebooks/_decisions.py` looks for them along the solver's winning lines, trying the habit
# player's move wherever it differs from the solver's, and keeps one the solver proves lost
# (the runs and their time are in `data/decisions.json`). In Forty Thieves,
# Limited, Maria and Streets it found such positions; in Indian, Little Forty, Lucas, Number Ten
# and Rank and File it found none, so their notebooks show a decision where both moves still win.
# Every verdict is asked of the solver again in the notebook, with the puzzle's budget, and the
# fair expert says what it makes of both moves from the cards a player can see.
#
# Each puzzle is the same deal a few moves before the solver's win, played on the board: after
# each move the solver says whether the deal is still winnable, illegal moves are refused by the
# engine as always, and `puzzle.show_answer()` shows the solver's line.

# %% [markdown]
# ## Forty Thieves with one rule changed at a time
#
# The other direction: start from Forty Thieves and change one rule, measured by the solver
# on deals 1–30 (`data/single_rule.json`, its command and budget printed). Paired against
# Forty Thieves on the same deals:

# %%
single = load("single_rule.json")
print(f"{single['command']}: {single['max_states']:,} positions per deal")
by_change = pd.DataFrame(single["deals"]).assign(won=lambda d: d["status"] == "won")
base_name = next(iter(single["changes"]))
base_won = by_change[by_change["change"] == base_name].sort_values("deal")["won"].to_numpy()
effects = {}
for name in single["changes"]:
    won = by_change[by_change["change"] == name].sort_values("deal")["won"].to_numpy()
    effects[name] = Paired(base_won, won)
pd.DataFrame({"deals": {k: p.n for k, p in effects.items()},
              "solver wins": {k: f"{p.b:.0%}" for k, p in effects.items()},
              "change against Forty Thieves [95%]": {k: f"{p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}]"
                                                     for k, p in effects.items()}})

# %%
clear = [name for name, p in effects.items() if p.clear]
print("changes whose interval is clear of zero:", "; ".join(clear))
