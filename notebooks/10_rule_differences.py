# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.7
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The family side by side
#
# Nine games, one engine. Each game's notebook is about how to play *that* game; what they
# share is said here, once: how the three building rules differ, what face-down cards, a
# three-card stock and redeals look like, where PySolFC plays differently, how winnable each
# game is, how the solver's verdicts and the fair expert's counts read, which budgets stand
# behind which figures, and how the notebooks' experiments measure. Back to
# [Start here](00_start_here.ipynb).

# %%
import csv

from ft_widget import VARIANTS, Build, Game, IllegalMove, parse_card, rules
from ft_widget.teaching import Row, build_picture, cards, data_path, find_turn_up, load, picture, table, with_tops


def read_csv(name):
    """A table of the repository's data/ folder as a list of dicts (the standard library reads it)."""
    with open(data_path(name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def percent_range(text):
    """A 95% interval of a share, "0.142–0.300" in the data, as a reader writes it: "14–30 %"."""
    low, high = (float(x) for x in text.split("–"))
    return f"{low:.0%}–{high:.0%}".replace("%–", "–")

# %% [markdown]
# ## All nine in one table
#
# Read from the engine's `Variant` values; a blank means "as in Forty Thieves".

# %%
base = VARIANTS["forty_thieves"].rules_row()
table([{k: x if k == "name" or row["id"] == "forty_thieves" or x != base[k] else "" for k, x in row.items()
        if k != "id"} for row in (v.rules_row() for v in VARIANTS.values())],
      caption="The nine games' rules (a blank: as in Forty Thieves)")

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
# The two looser rules agree on the black nines and differ on 9♦: the cell below counts them,
# and the next one finds the refusal that tells them apart.

# %%
nines = [parse_card(f"9{s}") for s in "CDHS"]
takers = {b: [c for c in nines if rules.can_build(c, ten_hearts, b)] for b in THREE}
print("On 10♥: " + "; ".join(f"{rules.get_build(b).text}, {cards(c)}" for b, c in takers.items()) + ".")

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
    try:
        game.play("2>1")
        outcomes[variant] = "played"
    except IllegalMove as refusal:
        outcomes[variant] = f"refused: {refusal}"
    print(f"{game.variant.name:8} {outcomes[variant]}")

# %%
Row(*(picture(with_tops(v, deal=1, tops={1: "TD", 2: "9H"}), highlight="2>1", scale=0.68,
              caption=f"{VARIANTS[v].name}: 2>1 {'plays' if outcomes[v] == 'played' else 'is refused'}")
      for v in ("indian", "streets")))

# %% [markdown]
# (8♥ on 9♠, the example often given for both rules, is legal under both: it cannot tell
# them apart.)

# %%
for b in (Build.OTHER_SUIT, Build.ALTERNATE_COLOUR):
    legal = rules.can_build(parse_card("8H"), parse_card("9S"), b)
    print(f"8♥ on 9♠, {rules.get_build(b).text}: {'legal' if legal else 'refused'}")

# %% [markdown]
# ## Face-down cards turning up
#
# Indian, Number Ten and Rank and File deal the bottom card(s) of each column face down. A
# face-down card turns face up by itself when it becomes a column's top card
# (docs/rules.md, point 1). The shortest way to turn one up in Rank and File's deal 1, and in
# Number Ten's deal 2, found by trying every move between columns:

# %%
from IPython.display import display

for variant, deal in (("rank_and_file", 1), ("number_ten", 2)):
    game = Game(variant, deal=deal)
    line = find_turn_up(game)
    for move in line[:-1]:
        game.play(move)
    before = picture(game, highlight=line[-1], scale=0.68,
                     caption=f"{game.variant.name} deal {deal}: next {line[-1]}")
    game.play(line[-1])
    played = " ".join(map(str, line))
    print(f"{game.variant.name}: {played} turns up {cards([game.tableau[line[-1].src][-1]])}")
    display(Row(before, picture(game, scale=0.68, caption=f"after {played}: a card turned up")))

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

while game.stock:
    game.play("s>w")
game.play("w>s")
game.play("s>w")
print(f"after a pass and a redeal: {cards(game.waste[-3:])} again; {game.redeals_left} redeals left")
picture(game, scale=0.8, caption=f"Little Forty deal 3 after a pass and a redeal: the same three cards, "
                                  f"{game.redeals_left} redeals left")

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
Row(picture(ours, scale=0.6), picture(theirs, scale=0.6))

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
# * the **solver** sees every card, the stock's order and the face-down cards. It measures
#   whether a deal *can* be won, and its verdicts read: *won* (it found a line, and the engine
#   replayed it to a win), *lost* (it searched every position reachable, with pruning rules
#   proved sound in docs/solver.md) or *unknown* (its budget of positions ran out first). A
#   share of deals won is therefore a floor on the share that can be won;
# * a **fair player** sees only what a player at the table sees: the *habit players* of
#   `ft_widget.policies` (fixed priorities such as `foundations_first` or `cautious`), and the
#   strongest, the **fair expert**, which looks ahead in worlds it deals itself.
#
# The next section puts the three side by side on the same deals: that table is the one figure
# for "how often" that the game notebooks quote.

# %% [markdown]
# ## The fair expert
#
# A person cannot see the stock or the face-down cards, so the solver's wins are not how often
# a *person* wins. The fair expert (`POLICIES["expert"]`, module `ft_widget.expert`) plays from
# what a player at the table knows: every face-up card, the cards it has watched being dealt,
# and how many cards are face down and in the stock, not which. At a decision it
#
# 1. deals the cards it has not seen at random into the hidden places: one possible *world*;
# 2. asks the solver to win each of a few such worlds (how many, and with how many positions
#    each, is printed below);
# 3. plays the move that starts a win in most of the worlds won, and keeps those worlds as a
#    plan while the cards that turn up still fit them; when no world is won, it plays a
#    careful habit's move and waits for more cards to show.
#
# Its choice never depends on where the hidden cards really are: the tests swap them around
# on many positions of every game and check that the move and its reason stay the same.

# %%
from ft_widget.expert import Expert

expert = Expert()
print(f"the fair expert: {expert.worlds} worlds a decision, {expert.max_states:,} solver positions "
      f"a world, at most {expert.game_states:,} a game")

# %% [markdown]
# How often does it win? The fair expert, the `foundations_first` habit and the solver on the
# same 100 deals of every game, deals 10001–10100, which nobody tuned on
# (`data/expert_table.md` has the commands, machine and times). The solver had 5,000,000
# positions a deal; the data shows it: every deal it left *unknown* stopped just past that.

# %%
runs = read_csv("expert_table.csv")
solver_runs = [r for r in runs if r["player"] == "solver"]
BIG = 5_000_000
unknown = [int(r["states"]) for r in solver_runs if r["result"] == "unknown"]
print(f"The solver left {len(unknown)} of {len(solver_runs)} deals unknown, after {min(unknown):,} to "
      f"{max(unknown):,} positions; it proved {sum(r['result'] == 'lost' for r in solver_runs)} lost.")

summary = {r["variant"]: r for r in read_csv("expert_table_summary.csv")}
table([{"game": VARIANTS[v].name, "deals": int(r["deals"]), "fair expert won": int(r["expert_won"]),
        "its 95% interval": percent_range(r["expert_ci95"]),
        "foundations_first won": int(r["foundations_first_won"]), "solver won": int(r["solver_won"]),
        "its 95% interval ": percent_range(r["solver_ci95"])} for v, r in summary.items()],
      caption="Deals 10001–10100: the fair expert, the foundations_first habit and the solver (5,000,000 "
              "positions a deal)")

# %%
won = {v: int(r["expert_won"]) for v, r in summary.items()}
fewest = min(won, key=won.get)
print(f"The fair expert wins fewest {VARIANTS[fewest].name} deals: {won[fewest]} of {summary[fewest]['deals']}; "
      f"the solver wins {summary[fewest]['solver_won']}, the foundations-first habit "
      f"{summary[fewest]['foundations_first_won']}.")
ratio = sorted((won[v] / int(r["solver_won"]), v) for v, r in summary.items())
print("The expert's wins as a share of the solver's, lowest first: "
      + ", ".join(f"{VARIANTS[v].name} {r:.0%}" for r, v in ratio) + ".")

# %% [markdown]
# So on these hundred deals the member of the family the fair expert finds hardest is Maria,
# not Forty Thieves, though the solver wins more Maria deals: Maria is where seeing every card
# is worth most. (A share above 100% is no paradox: the solver's count is a floor, and a deal it
# left *unknown* within its budget can still be won by a player who happens on a line; the next
# cell names such deals.) Read the gap between the expert's and the solver's columns as the
# worth of seeing every card (at these budgets): where it is small, the game rewards care more
# than luck; where it is large, much of the game is decided by cards nobody at the table can see.

# %%
per_deal = {}
for r in runs:
    per_deal.setdefault((r["variant"], int(r["deal"])), {})[r["player"]] = r["result"]
beyond = [key for key, got in per_deal.items() if got["expert"] == "won" and got["solver"] != "won"]
print("Won by the fair expert, unknown to the solver within its budget: "
      + (", ".join(f"{VARIANTS[v].name} deal {d}" for v, d in beyond) or "none") + ".")

# %% [markdown]
# ### A hundred deals is a sample
#
# The same three players also played a second hundred of every game, deals 50001–50100, which
# none of them had met before. Set side by side, the two hundreds show how far a count moves
# from one sample to the next, and which conclusions survive the move:

# %%
second = {r["variant"]: r for r in read_csv("expert_table_50001-50100_summary.csv")}
won_again = {v: int(r["expert_won"]) for v, r in second.items()}
moved = {v: abs(won_again[v] - won[v]) for v in won}
most = [VARIANTS[v].name for v in moved if moved[v] == max(moved.values())]
print(f"The expert's count moved by {min(moved.values())} to {max(moved.values())} deals of 100 "
      f"(most in {' and in '.join(most)}).")
table([[VARIANTS[v].name, won[v], percent_range(summary[v]["expert_ci95"]), int(summary[v]["solver_won"]),
        won_again[v], percent_range(second[v]["expert_ci95"]), int(second[v]["solver_won"])] for v in summary],
      columns=["game", "expert won, 10001–10100", "its 95% interval", "solver won, 10001–10100",
               "expert won, 50001–50100", "its 95% interval ", "solver won, 50001–50100"],
      caption="Two hundreds of deals side by side: how far a count of 100 moves")

# %% [markdown]
# Forty Thieves and Maria are the two the fair expert finds hardest in both hundreds, but
# which of them is *the* hardest changes with the deals, so the sentence above about Maria
# holds for the first hundred only. A count of 100 deals is a range, as its 95% interval says:
# compare games whose intervals lie apart, not games a few deals apart.
# %% [markdown]
# ### One figure for one thing: the budgets
#
# The solver's share of won deals depends on its budget, so a game has one solver figure *per
# budget*, and each notebook names the budget it used. The rule-change experiments below (and
# the older lessons of `ft_widget/data/teaching/lessons.json`) give the solver 60,000 positions a deal, cheap
# enough for many deals times many changes; the table above gives it 5,000,000; the catalogue
# of graded deals behind `deals()` and the board's "A winnable deal" lies between (its budget
# is in its column's name). The same nine games at the three budgets:

# %%
import re

from ft_widget.training.catalogue import catalogue
from ft_widget.training.catalogue import provenance as deals_provenance

LESSONS = load("lessons.json")
as_dealt = [r for r in LESSONS["solver"] if r["lesson"] is None]
(CATALOGUE_STATES,) = {int(re.search(r"--solver-states (\d+)", deals_provenance(v)["command"]).group(1))
                       for v in VARIANTS}  # one budget for the whole catalogue
catalogued = sorted({r.deal for v in VARIANTS for r in catalogue(v)})
first_deals = sorted({r["deal"] for r in as_dealt})


def won_share(v):  # the solver's share of deals won at the smallest budget, the game as dealt
    mine = [r for r in as_dealt if r["variant"] == v]
    return sum(r["status"] == "won" for r in mine) / len(mine)


ladder = {v: (won_share(v), sum(r.winnable for r in catalogue(v)) / len(catalogue(v)),
              float(summary[v]["solver_share"])) for v in VARIANTS}
table([[VARIANTS[v].name, *(f"{x:.0%}" for x in shares)] for v, shares in ladder.items()],
      columns=["game", f"deals {first_deals[0]}–{first_deals[-1]}, {LESSONS['max_states']:,} positions",
               f"deals {catalogued[0]}–{catalogued[-1]}, {CATALOGUE_STATES:,} positions (the catalogue)",
               f"deals 10001–10100, {BIG:,} positions (the table above)"],
      caption="The solver's share of deals won, at the three budgets the project uses")

# %% [markdown]
# Maria is the clearest case: the solver wins a third of its deals at the smallest budget and
# three fifths at the largest, the catalogue's share lying between. None of these contradicts the
# others; each is a floor at its budget and on its deals (the deals differ too, so a row need
# not rise at every step). Within one experiment every compared game or player gets the same
# budget, so a *difference* it reports is fair, while its *level* is that budget's. The game
# notebooks' own experiments name theirs in their closing notes; the budgets their committed runs
# record:

# %%
import json

FOR = {"line_states": "a winning line to take positions from", "max_states": "a verdict",
       "verdict_states": "a verdict"}  # what each run's budget was spent on
recorded = []
for path in sorted(data_path("notebooks").glob("*.json")):
    top = json.loads(path.read_text())
    game = next(v for v in sorted(VARIANTS, key=len, reverse=True) if path.name.startswith(v))
    lines = path.stem.endswith("_lines")  # a run that only found winning lines
    for k, budget in top.items():
        row = [VARIANTS[game].name, FOR["line_states" if lines else k] if k in FOR else None, budget]
        if k.endswith("states") and isinstance(budget, int) and row not in recorded:
            recorded.append(row)
table([[name, what, f"{budget:,}"] for name, what, budget in recorded],
      columns=["notebook", "the solver's positions for", "budget"],
      caption="The budgets the game notebooks' committed runs record")

# %% [markdown]
# The fair expert's worlds differ between its uses in the same way. It *plays* with the five
# worlds of 20,000 positions printed above. The board's **Hint** spends a one-second budget of
# 120,000 positions on six worlds, which gives each the expert's own 20,000
# (`ft_widget/hints.py`). `estimate`, which the game notebooks use to judge two moves, deals
# eight worlds by default and plays every move it judges in the same eight, so that its counts
# compare like with like. A *review* judges every position of a game: six worlds (one more than
# the expert, "a few more steady the counts", says `ft_widget/training/review.py`) of 8,000
# positions each, and it asks the solver, which sees every card, for its verdict before and
# after each move:

# %%
import inspect

from ft_widget.expert import estimate
from ft_widget.hints import FAIR_STATES_PER_SECOND, FAIR_WORLDS
from ft_widget.training.review import MAX_STATES as REVIEW_STATES
from ft_widget.training.review import SOLVER_STATES as REVIEW_SOLVER
from ft_widget.training.review import WORLDS as REVIEW_WORLDS

estimate_defaults = inspect.signature(estimate).parameters
budgets = [["the expert plays a game", expert.worlds, expert.max_states],
           ["the board's Hint, hint(game)", FAIR_WORLDS, FAIR_STATES_PER_SECOND // FAIR_WORLDS],
           ["estimate(game, moves)", estimate_defaults["worlds"].default, estimate_defaults["max_states"].default],
           ["review(game)", REVIEW_WORLDS, REVIEW_STATES]]
print(f"review(game) also asks the solver for {REVIEW_SOLVER:,} positions a move.")
table(budgets, columns=["use", "worlds", "positions a world"],
      caption="The fair expert's worlds and budget in each of its uses")

# %% [markdown]
# So "a win in 6 of 8" is an estimate's count, "5 of 5" the expert's own, and "in 4 of 6
# sampled worlds" a hint's or a review's: counts out of different numbers of worlds, by design.

# %% [markdown]
# ## How the lessons measure
#
# Every game notebook answers its questions with **paired experiments**: a player with and
# without one idea (or the game with and without one rule) on **the same deal numbers** (the
# same shuffle of the 104 cards), so each deal is its own control. For each deal we have a pair
# (without, with); the notebook reports the mean of the differences and a 95% bootstrap
# interval for it (10,000 resamples of the deals, fixed seed: the same interval on every
# machine), in one sentence made by `ft_widget.experiments.Effect`, and a single share of deals
# with a Wilson 95% interval. A difference whose interval includes zero reads "no measurable
# difference", and a lesson makes no rule of thumb of it. The measures:
#
# * **solver wins**: share of deals the solver won within its budget (the notebook names it, in
#   positions: the same verdicts on any machine). A deal the budget did not settle counts as not
#   won, so this measures "won within this budget" (see the budgets above);
# * **player wins** and **cards home**: a fair player (a habit player or the fair expert), on
#   more deals than the solver;
# * **still winnable after a choice** ("of wins kept"): at a real position both choices are
#   played and the solver asked again whether the deal can be won; verdicts its budget left
#   open are left out, and each deal counts once.
#
# What this does **not** prove: it measures one budget and one fair player. A difference
# whose interval contains zero is not shown to be zero, only not shown; an idea that helps
# this player may help a human less or more; and when a rule changes the layout, the same
# shuffle is dealt into different columns, so "same deals" means same cards, not same columns.
#
# An example of the arithmetic, on made-up numbers (four deals, won without the idea in one,
# with it in three):

# %%
from ft_widget.experiments import paired

example = paired([0, 1, 0, 0], [1, 1, 1, 0], name="A made-up idea on four deals", measure="of deals won")
example

# %% [markdown]
# Four deals are far too few: the interval runs from no change to a gain on every deal. The
# experiments in the game notebooks use hundreds.

# %% [markdown]
# ## How the puzzles are found
#
# The **puzzles** (`ft_widget.puzzles(variant)`, played with `Board.training(variant)` or
# `Board.puzzle(p)`, and set after the rules of thumb in each game notebook) come from real games, found by
# `tools/make_puzzles.py` along the solver's winning lines and in the games of three players
# (the habit player `foundations_first`, a cautious player and a random one), walked back from
# where they stopped to the move after which the solver, which sees every card, finds no win
# left. A position is kept when it has several moves that cannot be taken back, at most a third
# of them keep the deal winnable (the solver replayed a win after each), every other one is
# proved lost, and a player's move is among the lost (the habit player's wherever one of its
# moves loses). Each puzzle is graded by how often the fair expert, which sees only the table,
# picks a winning move. A later run of the puzzle maker keeps the puzzles shipped before, in
# their order, and adds its own after them. How many each game has:

# %%
from ft_widget import puzzles
from ft_widget.training.puzzles import provenance as puzzle_provenance

table([[VARIANTS[v].name, len(puzzles(v))] for v in VARIANTS], columns=["game", "puzzles shipped"],
      caption="The shipped puzzles, by game (ft_widget.puzzles)")

# %% [markdown]
# A game with few puzzles is not a game without decisions: few of its positions passed every
# test. The search's own count says which test left them, for the game with the fewest:

# %%
least = min(VARIANTS, key=lambda v: len(puzzles(v)))
why = puzzle_provenance(least)["rejected"]
table(sorted(([reason, n] for reason, n in why.items()), key=lambda row: -row[1]),
      columns=["why a position was left", "positions"],
      caption=f"{VARIANTS[least].name}, {len(puzzles(least))} shipped: the positions the search left, by reason")

# %% [markdown]
# ## One question, different answers: the empty column
#
# Every game notebook meets the empty column, and their advice differs, because the rules
# differ. In Forty Thieves and Maria, where runs move one card at a time, keep it for the run
# or the buried card that needs it, above all late; in Limited, whose twelve short columns
# empty early, spend it while the stock is long, and once half the stock is dealt look before
# parking the waste's card in it; in Indian, fill it with the waste's card, until the last few
# cards of the stock; in Streets, use it at once to free a card the foundations want; in Rank and File, do not deal while it could take a run
# off a hidden card; in Lucas, do not hold it for a King. Each notebook shows its own
# experiment: read the advice with the game's name attached.

# %% [markdown]
# ## Forty Thieves with one rule changed at a time
#
# The other direction: start from Forty Thieves and change one rule, measured by the solver
# on deals 1–30 (`ft_widget/data/teaching/single_rule.json`, its command and budget printed). Paired against
# Forty Thieves on the same deals:

# %%
from ft_widget.experiments import effects_table

single = load("single_rule.json")
print(f"{single['command']}: {single['max_states']:,} positions a deal.")


def solver_won(change):  # per deal, in deal order: did the solver win it within the budget?
    mine = sorted((r for r in single["deals"] if r["change"] == change), key=lambda r: r["deal"])
    return [r["status"] == "won" for r in mine]


base_name = next(iter(single["changes"]))
effects = {name: paired(solver_won(base_name), solver_won(name), name=name)
           for name in single["changes"] if name != base_name}
effects_table(effects, caption="Forty Thieves with one rule changed: the solver's wins on deals 1–30, "
                               "against Forty Thieves")

# %%
clear = [name for name, e in effects.items() if e.clear]
print("The changes whose interval is clear of zero: " + "; ".join(clear) + ".")

# %% [markdown]
# Maria is Forty Thieves with two of these changes at once, and for the solver they pull in
# opposite directions: alternate colours give it more to work with, while nine columns of four
# take away nearly every win it had. Together they make one of the two games the fair expert
# finds hardest in both hundreds of deals ([the tables above](#The-fair-expert)); what a player
# can do about it is the [Maria](maria.ipynb) notebook's subject.

# %%
colours = effects["build in alternate colours (Streets, Maria, …)"]
nine = effects["deal 9 × 4 (Maria's layout)"]
print(f"The solver's wins, deals 1–30: Forty Thieves {nine.a:.0%}; with alternate colours {colours.b:.0%}; "
      f"dealt nine columns of four {nine.b:.0%}.")
