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
# # Rank and File: the lab behind the lesson
#
# The experiments behind the lesson [Rank and File](../rank_and_file.ipynb), with their commands and budgets.
#
# In Rank and File you start nearly blind. Each of the ten columns is four cards deep, but
# only its top card is face up; the three beneath wait face down and turn over one by one as
# the cards above them leave. You build down in **alternate colours**, and a run of face-up
# cards moves as a unit, whole or its upper part. The 64 other cards are dealt one at a time,
# once. ([docs/rules.md](../../docs/rules.md) has every rule; a face-down card turning up is drawn
# in [10_rule_differences](../10_rule_differences.ipynb#Face-down-cards-turning-up).)
#
# Thirty hidden cards set this game's questions:
#
# 1. **Which face-down pile should you dig first?** The one with the fewest cards left to
#    turn, as the usual advice goes, or the deepest?
# 2. **When should an empty column be spent?** Before you turn the next stock card, or only
#    when nothing else is left?
# 3. **Should you move part of a run?** The rules let you split one; is it wise?
#
# As in the other notebooks of this family, a fair *habit player* (the cautious policy:
# home first, then turn up hidden cards and free others, then use the waste, then deal, and an
# empty column only as a last resort) plays the same deals with and without one idea, and the
# solver, which sees every card, judges the positions.

# %%
import collections

import pandas as pd

from ft_widget import VARIANTS, Game, Move, deals, parse_card, play_policy, review, solve
from ft_widget.cards import is_red, rank_of
from ft_widget.teaching import (
    Paired,
    Row,
    bars,
    cards,
    data_path,
    load,
    losing_move_row,
    paired_games,
    picture,
    replayed,
)
from ft_widget.training.review import SOLVER_STATES
from ft_widget.words import move_line

GAME = "rank_and_file"
games = pd.read_csv(data_path("notebooks/rank_and_file_games.csv"))
splits = pd.read_csv(data_path("notebooks/rank_and_file_splits.csv")).fillna({"before": ""})
ends = pd.read_csv(data_path("notebooks/rank_and_file_fatal.csv"))
run = load("notebooks/rank_and_file_run.json")
assert VARIANTS[GAME].face_down == 3 and VARIANTS[GAME].sequences


def replay(moves, deal):
    """Deal ``deal`` with the moves of a space-separated string played."""
    return replayed(GAME, deal, moves)


def paired(idea, measure="cards_home", base="habit"):
    """The habit with ``idea`` against ``base``, deal by deal."""
    return paired_games(games, idea, measure, base, by="idea")


won = lambda s: (s == "won").astype(int)  # noqa: E731

# %% [markdown]
# ## The deal

# %%
deal = Game(GAME, deal=1)
assert sum(deal.face_down_counts) == 30 and sum(len(c) for c in deal.tableau) == 40
picture(deal, caption="Rank and File, deal 1: ten cards showing, thirty face down")

# %% [markdown]
# ## 1. Which face-down pile should you dig first?
#
# When several columns could be worked on, a player can aim at the column with the **fewest**
# face-down cards left (finish it, and an empty column is near) or at the one with the **most**
# (the deepest pile hides the most). Two habit players, each moving cards only off the columns
# its rule ranks first whenever it moves cards between columns, on the same 300 deals:

# %%
fewest, most = paired("dig_fewest_down"), paired("dig_most_down")
head_to_head = paired("dig_most_down", base="dig_fewest_down")
pd.DataFrame({"cards home": {"fewest first": f"{fewest.b:.1f}", "most first": f"{most.b:.1f}",
                             "habit (no rule)": f"{fewest.a:.1f}"},
              "against the habit [95%]": {
                  "fewest first": f"{fewest.diff:+.1f} [{fewest.low:+.1f}, {fewest.high:+.1f}]",
                  "most first": f"{most.diff:+.1f} [{most.low:+.1f}, {most.high:+.1f}]",
                  "habit (no rule)": ""}})

# %%
print(f"most first against fewest first: {head_to_head.diff:+.2f} cards "
      f"[{head_to_head.low:+.2f}, {head_to_head.high:+.2f}] on {head_to_head.n} deals")
assert not head_to_head.clear

# %% [markdown]
# Where a rule first changes the habit player's move, on the first deal where the rule moves
# cards between columns rather than dealing:

# %%
f = splits[(splits.idea == "dig_fewest_down") & (splits.idea_move != "s>w")].iloc[0]
before = replay(f.before, f.deal)
print("face down per column:", before.face_down_counts)
print("habit:        ", move_line(before, f.habit_move), f"— solver: {f.habit_verdict}")
print("fewest first: ", move_line(before, f.idea_move), f"— solver: {f.idea_verdict}")
Row(picture(before, highlight=f.habit_move, scale=0.75,
            caption=f"deal {f.deal}: the habit plays {f.habit_move}"),
    picture(before, highlight=f.idea_move, scale=0.75, caption=f"fewest face down first: {f.idea_move}"))

# %% [markdown]
# The two rules come out level, and both a little *below* the habit player, which takes any
# column that frees a card. At the first position of each deal where a rule changes the move,
# the solver finds no clear difference either:

# %%
rows = []
for idea, label in (("dig_fewest_down", "fewest first"), ("dig_most_down", "most first")):
    s = splits[splits.idea == idea]
    p = Paired(won(s.habit_verdict), won(s.idea_verdict))
    rows.append({"rule": label, "deals": p.n, "won after the habit's move": f"{p.a:.0%}",
                 "after the rule's move": f"{p.b:.0%}",
                 "change [95%]": f"{p.diff:+.0%} [{p.low:+.0%}, {p.high:+.0%}]"})
pd.DataFrame(rows).set_index("rule")

# %% [markdown]
# **Answer.** Neither. "Dig the shortest pile first" does not hold up here: aiming at one kind
# of column wins nothing over taking whatever frees a card, and costs a little when it passes
# up a useful move elsewhere. Which pile matters less than *how* you reach it, which is the
# next question.

# %% [markdown]
# ## 2. When should an empty column be spent?
#
# Where does the habit player lose a deal it could have won? For each of deals 1–100 that the
# solver wins from the start (within 20,000 positions), the script played the habit player out
# and found, by halving the game, the move after which the solver no longer finds a win:

# %%
ends["where"] = ends.kind.replace({"stopped while winnable": "never: stopped while winnable"})
assert 2 * (ends.kind == "deal").sum() > len(ends)  # most of the deals the solver wins
ends["where"].value_counts().rename("deals").to_frame()

# %% [markdown]
# Most losses come at a **deal** from the stock. What would the solver have played instead?
# Its first move from each of those positions:

# %%
instead = collections.Counter()
fatal = ends[ends.kind == "deal"]
for r in fatal.itertuples():
    before = replay(r.before, r.deal)
    line = solve(before, max_states=20_000)
    if line.status == "won":
        m = line.moves[0]
        column_empty = m.between_columns and not before.tableau[m.dst]
        left = len(before.tableau[m.src]) - m.count if m.between_columns else -1
        turns_up = m.between_columns and left == before.face_down_counts[m.src] > 0
        instead["a run into an empty column, turning up a card" if column_empty and turns_up else
                "a run into an empty column" if column_empty else "something else"] += 1
    else:
        instead[f"no win found ({line.status})"] += 1
pd.Series(instead, name="deals").to_frame()

# %% [markdown]
# The habit player keeps its empty column for emergencies and deals instead; the solver moves a
# whole run into the empty column, and the face-down card under the run turns over. Deal 1:

# %%
r = fatal[fatal.deal == fatal.deal.min()].iloc[0]
assert r.deal == 1
before = replay(r.before, r.deal)
better = solve(before, max_states=20_000).moves[0]
print(move_line(before, r.move), "— the habit player's move; then the solver finds no win")
print(move_line(before, better), "— the solver's move")
Row(picture(before, highlight=r.move, scale=0.75, caption=f"deal {r.deal}: the habit deals"),
    picture(before, highlight=better, scale=0.75, caption=f"the solver plays {better}"))

# %% [markdown]
# The solver knew what lay under the run. A player does not; the fair judge deals the unseen
# cards at random into sixteen possible layouts, the same for both moves, and solves each after
# both ([how it judges](../../docs/training.md#fair-decisions)):

# %%
from ft_widget.training.fair import judge

fair = judge(before, [r.move, better], worlds=16, rng=0)
for share in fair.moves:
    print(share)
print("the fair judge:", fair.decision)
assert fair.decision == "no clear decision"

# %% [markdown]
# Level: over the layouts a player cannot tell apart, the run into the empty column keeps no
# more wins than the deal. The solver's verdict, which saw the hidden cards, is a fact about this
# deal, not a rule a player can use. After the solver's move, the card that was face down under
# the run is in view:

# %%
after = before.copy()
after.play(better)
print(f"face down: {sum(before.face_down_counts)} before, {sum(after.face_down_counts)} after; "
      f"turned up: {cards(after.tableau[better.src][-1:])}")
assert sum(after.face_down_counts) == sum(before.face_down_counts) - 1
picture(after, scale=0.6, caption=f"deal {r.deal} after {better}: a card turned up")

# %% [markdown]
# A rule a player can follow: **before you deal, if a whole run can go into an empty column
# and turn up a face-down card, move it.** The habit player with that rule, on the same deals:

# %%
spend = paired("empty_column_before_deal")
spend_won = paired("empty_column_before_deal", "won")
s = splits[splits.idea == "empty_column_before_deal"]
first = Paired(won(s.habit_verdict), won(s.idea_verdict))
print(f"cards home {spend.b:.1f} vs {spend.a:.1f}: {spend.diff:+.1f} [{spend.low:+.1f}, {spend.high:+.1f}]; "
      f"wins {round(spend_won.b * spend_won.n)} vs {round(spend_won.a * spend_won.n)} of {spend.n}")
print(f"first disagreement ({first.n} deals): won after dealing {first.a:.0%}, after the run into the "
      f"empty column {first.b:.0%}; change {first.diff:+.0%} [{first.low:+.0%}, {first.high:+.0%}]")
assert spend.clear and spend.diff > 0

# %% [markdown]
# Over whole games the rule is worth many cards. At the *first* place it changes the move, though,
# the solver finds a win less often after the run than after the deal. Its verdicts there:

# %%
pd.crosstab(s.habit_verdict.rename("after the deal"), s.idea_verdict.rename("after the run"))

# %%
assert not (s.idea_verdict == "lost").any() and not (s.habit_verdict == "lost").any()

# %% [markdown]
# None of those positions is proved lost: each "unknown" is a position the solver did not settle
# within 20,000 positions. So the first time the rule fires, often early, spending the column
# is not shown to be a mistake, and not shown to be better either. What the whole games and the
# losing moves agree on is the pattern that costs deals: an idle empty column while the stock
# runs past.
#
# **Answer.** Do not let an empty column sit idle while you deal. In Rank and File it is the
# way down into a face-down pile: the run that covers a hidden card goes into it, and the card
# turns over, information the stock cannot give you. Dealing past that chance is how this
# player lost most of the deals it could have won.

# %% [markdown]
# ## 3. Should you move part of a run?
#
# The rules allow it (`4>9x2` takes the top two cards of a longer run). The habit player only
# ever splits a run when it moves cards into an empty column, as a last resort. Forbid that,
# so that runs move whole or not at all:

# %%
whole = paired("whole_runs_only")
w = splits[splits.idea == "whole_runs_only"]
assert all(not replay(x.before, x.deal).tableau[Move(x.habit_move).dst]
           for x in w.itertuples())  # each split the habit player made went into an empty column
pw = Paired(won(w.habit_verdict), won(w.idea_verdict))
print(f"cards home {whole.b:.1f} vs {whole.a:.1f}: {whole.diff:+.2f} [{whole.low:+.2f}, {whole.high:+.2f}]")
print(f"first disagreement ({pw.n} deals): won after the split {pw.a:.0%}, after the whole run {pw.b:.0%}")

# %%
labels = {"dig_fewest_down": "dig the fewest-down pile", "dig_most_down": "dig the deepest pile",
          "empty_column_before_deal": "empty column before a deal",
          "whole_runs_only": "runs moved whole only"}
bars([(label, paired(idea).diff, paired(idea).low, paired(idea).high) for idea, label in labels.items()],
     "cards home, change against the habit player (same 300 deals)", digits=1)

# %% [markdown]
# **Answer.** Rarely into an empty column. Half a run in an empty column turns nothing over
# and leaves the other half where it was; the whole run, if it covers a face-down card, turns
# that card up (question 2). Splitting a run is for putting its upper part onto a card of the
# other colour elsewhere, where it costs no empty column.
#
# ## In short
#
# * Which face-down pile comes first matters little; pick the move that frees a card.
# * Do not deal while an empty column could take a whole run off a hidden card.
# * Split runs onto other columns, not into an empty one.
#
# How often the fair expert wins this game, next to the solver that sees all thirty hidden
# cards ([the table](../10_rule_differences.ipynb#The-fair-expert)):

# %%
table = pd.read_csv(data_path("expert_table_summary.csv")).set_index("variant")
print(f"fair expert {table.loc[GAME, 'expert_won']} of {table.loc[GAME, 'deals']} deals, "
      f"solver {table.loc[GAME, 'solver_won']}, "
      f"habit (foundations first) {table.loc[GAME, 'foundations_first_won']}")

# %% [markdown]
# ## A game reviewed
#
# Now one whole game, and the move in it that lost. The player is `foundations_first`, plainer
# than the cautious player of the questions: foundations before waste, waste before digging,
# and the stock last of all. On deal 26, which the solver wins from
# the start, it loses. `ft_widget.review` goes back through the game (its marks and verdicts are
# explained in the [README](../../README.md#review-a-game)). Hidden cards make the solver's work
# harder here: with the review's default budget one position near the end stays unsettled, so
# the solver gets 300,000 states a position, three times the default.

# %%
DEAL = 26
assert DEAL in deals(GAME, winnable=True) and 3 * SOLVER_STATES == 300_000
played = play_policy(Game(GAME, deal=DEAL), "foundations_first", rng=1)
reviewed = review(replayed(GAME, DEAL, list(played.moves)), rng=1, progress=False, solver_states=300_000)
assert played.status != "won" and reviewed.losing_move is not None
print(reviewed.summary)
reviewed.plot()

# %%
k = reviewed.losing_move
before, step = reviewed.position(k), reviewed.steps[k]
unsettled = solve(reviewed.position(k + 1), max_states=SOLVER_STATES).status
print(f"after move {k + 1}, with the default {SOLVER_STATES:,} states the solver says: {unsettled}")
assert unsettled == "unknown"
print(f"move {k + 1}:", move_line(before, step.move))
print("the solver's:", move_line(before, reviewed.alternative))
print(f"face down: {before.face_down_counts}, {len(before.stock)} cards in the stock")
losing_move_row(reviewed)

# %% [markdown]
# Why it lost. The K♦ on column 1 is the only red King on top of a column, and two black Queens
# want it: the Q♣ on the waste, and the Q♠ that with its J♦ is all that is left of column 2.
# The habit player gives the King to the waste card. The solver gives it to the Q♠: column 2
# empties, the run headed by the K♠ leaves column 9 for it and the card beneath turns up, and a
# chain of such moves follows (the cell counts the face-down cards turned in the solver's next
# ten moves). That is question 2 in one move: the empty column is how you get down to hidden
# cards, and a waste card that blocks it costs more than it gains.

# %%
red_king, q_clubs, q_spades, j_diamonds = (parse_card(c) for c in ("KD", "QC", "QS", "JD"))
tops = [col[-1] for col in before.tableau if col]
assert [c for c in tops if rank_of(c) == 13 and is_red(c)] == [red_king] == [before.tableau[0][-1]]
assert before.waste[-1] == q_clubs and step.move.from_waste and step.move.dst == 0
assert before.tableau[1] == [q_spades, j_diamonds] and before.face_down_counts[1] == 0
after = before.copy()
for move in reviewed.alternative_line[:10]:
    after.play(move)
turned = sum(before.face_down_counts) - sum(after.face_down_counts)
print(f"face-down cards turned up in the solver's next ten moves: {turned}")
assert turned >= 3

# %% [markdown]
# The puzzles, with a board to try them, are in the lesson: [Rank and File](../rank_and_file.ipynb).

# %% [markdown]
# ---
# *How these figures were made.* `notebooks/_questions.py` played the habit player with and
# without each idea, found the first disagreements and the losing moves, and asked the solver;
# the run's command, machine, time and solver budget:

# %%
for key, value in run.items():
    print(f"{key}: {value}")
