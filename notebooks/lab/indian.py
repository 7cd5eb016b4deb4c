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
# # Indian: the lab behind the lesson
#
# Every experiment behind the [Indian lesson](../indian.ipynb), with its command and budget: the
# lesson shows the rules of thumb, this notebook how they were measured. It reads the results with
# pandas, so it is for a full install, not the zero-install site.
#
# Take Forty Thieves and change three things. The ten columns hold **three** cards, not four,
# and the lowest of each lies **face down**: it turns over by itself once every card above it
# has left. A card is laid on the next rank up of **any suit but its own** (9♠ on 10♥, 10♦ or 10♣,
# never on 10♠), so with two decks it has six possible parents where Forty Thieves gives it two.
# And the stock is bigger, 74 cards, still turned one at a time and only once. One card moves at
# a time, and an empty column takes any card. The rules in full are in
# [docs/rules.md](../../docs/rules.md); what each of the three changes is worth on its own is
# measured once for the whole family in [10_rule_differences](../10_rule_differences.ipynb).
#
# Those changes raise four questions that a Forty Thieves player never meets in this form:
#
# 1. **Ten hidden cards: which column do you dig?** The one nearest its hidden card, as the
#    advice for face-down games goes, or the one where it lies deepest?
# 2. **A card fits six places: which parent do you give it?**
# 3. **A column is empty: fill it now, or keep it?**
# 4. **The single pass: send cards home and play the waste, or hold back?**
#
# Each question is put to a fair *habit player*, the project's cautious policy: it sees what
# you see (never a face-down card), and always plays by the same priorities: a card home, a
# move that empties a column or turns a hidden card up, a move that frees a card, the waste's
# card, a deal, and only then a card into an empty column. One habit at a time is changed, and
# the two players play the same thousand deals. Then, on the first three hundred deals, the game
# stops where the two players first choose differently, and the solver (which sees every card,
# the hidden ones and the stock's order too) judges each of the two moves. How paired
# differences and their intervals are read is said in
# [10_rule_differences](../10_rule_differences.ipynb#How-the-lessons-measure).

# %%
import pandas as pd

from ft_widget import VARIANTS, Game, deals, parse_card, play_policy, puzzles, review, rules, solve
from ft_widget.teaching import (
    bars,
    cards,
    data_path,
    into_empty_column,
    load,
    losing_move_row,
    paired_games,
    picture,
    replayed,
)
from ft_widget.words import move_line

GAME = "indian"
games = pd.read_csv(data_path("notebooks/indian_games.csv"))
forks = pd.read_csv(data_path("notebooks/indian_forks.csv")).fillna({"before": ""})
run = load("notebooks/indian_run.json")
assert (run["deals"], run["fork_deals"]) == ("1-1000", "1-300")  # as the text says


def whole_games(change, measure="cards_home"):
    """The changed player against the plain habit on the same deals."""
    return paired_games(games, change, measure)


VERDICT = {"won": "winnable", "lost": "lost", "unknown": "not settled"}  # the solver's, in words
SHORT = {"build away from hidden cards": "away from hidden", "build onto hidden cards": "onto hidden",
         "build on the suit furthest from home": "suit furthest home", "build on the suit nearest home":
         "suit nearest home", "waste card into an empty column": "waste card to space",
         "only a King into an empty column": "King only in space", "home only when safe": "home only if safe",
         "deal past the waste card": "deal past waste card"}  # labels for the charts


def fork_position(row):
    """The position where the two players parted."""
    return replayed(GAME, row.deal, row.before)


# %% [markdown]
# ## An Indian deal
#
# Deal 1 as it comes. Twenty cards show, ten lie hidden under them, and 74 wait in the stock:

# %%
deal = Game(GAME, deal=1)
assert [len(c) for c in deal.tableau] == [3] * 10 and deal.face_down_counts == [1] * 10
assert len(deal.stock) == VARIANTS[GAME].stock_cards == 74
picture(deal, caption="Indian, deal 1: ten columns of three, the bottom card of each face down")

# %% [markdown]
# The building rule, read from `ft_widget.rules`: on a 10♥ the three nines of the other suits
# may go, from either deck, but not the 9♥.

# %%
build = rules.get_build(VARIANTS[GAME].build)
on_ten = rules.builders_table(build)[parse_card("10H")]
print(f"{build.text}: on 10♥ may go", cards(on_ten), "(each in two copies)")
assert parse_card("9H") not in on_ten and len(on_ten) == 3

# %% [markdown]
# ## The habit player's baseline
#
# The habit player does not win Indian: over a thousand deals it stops, out of useful moves,
# with about a quarter of the pack home. It also leaves most of the hidden cards hidden: by the
# end of its game it has seen fewer than half of the ten.

# %%
habit = games[games.player == "habit"]
print(f"habit player, {len(habit)} deals: {habit.won.sum()} won, {habit.cards_home.mean():.1f} of 104 "
      f"cards home, {habit.turned_up.mean():.1f} of 10 hidden cards turned up")
assert habit.won.sum() == 0 and 20 < habit.cards_home.mean() < 30 and habit.turned_up.mean() < 5

# %% [markdown]
# So whole games are compared by **cards home**. Every change against the plain habit on the same
# deals (changed minus habit, with a 95% interval; the last column is the change in hidden cards
# the player got to see):

# %%
changes = [p for p in games.player.unique() if p != "habit"]
table = pd.DataFrame({c: vars(whole_games(c)) for c in changes}).T
table["hidden cards seen"] = [whole_games(c, "turned_up").diff for c in changes]
table = table[["a", "b", "diff", "low", "high", "hidden cards seen"]].rename(
    columns={"a": "habit", "b": "changed", "diff": "change", "low": "95% low", "high": "95% high"})
table.round(2)

# %% [markdown]
# ## One early choice does not decide an Indian deal
#
# Before the questions, what the forks say, because it is the same for all of them. At each
# fork the solver judged the position after either move. Its budget (50,000 positions a verdict)
# leaves some verdicts open (*not settled*); of the pairs where it settled both, how many
# disagree?

# %%
assert run["max_states"] == 50_000
settled = forks[(forks.habit_verdict != "unknown") & (forks.changed_verdict != "unknown")]
split = settled[settled.habit_verdict != settled.changed_verdict]
print(f"{len(forks)} forks over {forks.player.nunique()} changes; both verdicts settled at {len(settled)}; "
      f"the two moves disagree at {len(split)}")
pd.crosstab(forks.habit_verdict.map(VERDICT).rename("after the habit's move"),
            forks.changed_verdict.map(VERDICT).rename("after the changed move"))

# %% [markdown]
# Not once. Wherever the solver settled both verdicts, it found a win after either move: the
# first time two habits part, the deal is still winnable whichever way it went. The open verdicts
# fall evenly on the two sides (the off-diagonal counts of the table). A likely reason: short
# columns and six possible parents for every card leave many ways round a poor move. So in
# Indian a habit is not judged by one fork but by what it does to whole games, where the same
# choice comes back again and again; and the losing move, when it comes, comes late (the
# reviewed game and the puzzles below show where).

# %%
assert len(split) == 0 and len(settled) > 1000 and set(settled.habit_verdict) == {"won"}
open_habit, open_changed = ((forks.habit_verdict == "unknown") & (forks.changed_verdict == "won")).sum(), \
    ((forks.habit_verdict == "won") & (forks.changed_verdict == "unknown")).sum()
assert abs(open_habit - open_changed) < 0.05 * (open_habit + open_changed)
print(f"open after the habit's move only: {open_habit}; after the changed move only: {open_changed}")

# %% [markdown]
# ## 1. Which column to dig
#
# Here a hidden card lies at most two cards down, and the habit player already turns one up
# whenever a single move does it. The open question is the rest of the digging: when several
# moves would each free a card, which column? Two changes:
#
# * **dig nearest a hidden card**: of those moves, only the ones that leave the fewest face-up
#   cards over a hidden card, a turn-up first of all (the usual advice for face-down games);
# * **dig farthest from a hidden card**: the other way round: first the column whose hidden card
#   lies under the most face-up cards, even before a move that would turn a card up.

# %%
DIG = ["dig nearest a hidden card", "dig farthest from a hidden card"]
near, far = whole_games(DIG[0]), whole_games(DIG[1])
seen_far = whole_games(DIG[1], "turned_up")
print(f"dig nearest:  {near.diff:+.2f} cards home [{near.low:+.2f}, {near.high:+.2f}], "
      f"games that differ from the habit's: {near.better + near.worse} of {near.n}")
print(f"dig farthest: {far.diff:+.2f} cards home [{far.low:+.2f}, {far.high:+.2f}], "
      f"{seen_far.diff:+.2f} hidden cards seen [{seen_far.low:+.2f}, {seen_far.high:+.2f}]")

# %% [markdown]
# The advice changes nothing at all: none of the thousand games of the player who follows it ends
# differently from the habit player's (the same cards home after the same number of moves), and
# on the three hundred deals searched for forks the two never part. When digging moves differ in how near they
# bring a hidden card, one of them turns it up at once, and that is the move the habit player
# takes anyway. The other way round is a real change of play, and it *gains* cards. The first
# position where it parts from the habit, on deal 1:

# %%
farthest = forks[forks.player == DIG[1]]
shown = farthest.iloc[0]
g = fork_position(shown)
print(f"deal {shown.deal}, after {len(g.history)} moves:")
print("the habit:    ", move_line(g, shown.habit_move))
print("dig farthest: ", move_line(g, shown.changed_move))
assert shown.deal == 1 and g.face_down_counts[int(shown.changed_move.split(">")[0]) - 1] == 1
picture(g, highlight=shown.changed_move, scale=0.7,
        caption=f"dig farthest: {shown.changed_move} before the habit's turn-up {shown.habit_move}")

# %% [markdown]
# **Answer.** The advice does not hold up in Indian. "Dig nearest the hidden card" is just the
# habit of turning a card up when one move does it, move for move, and putting that turn-up off
# for a while, to free a card in the column where the hidden card is deepest, brings three
# quarters of a card more home a game, with an interval clear of zero. The turn-up waits: the
# player who puts it off sees barely a tenth of a hidden card fewer by the end of the game. The
# experiment does not say why the other order pays; what it does say is that hurrying the
# hidden cards up is no rule to play by here.

# %%
same_moves = whole_games(DIG[0], "moves")
assert near.better + near.worse == 0 and same_moves.better + same_moves.worse == 0
assert DIG[0] not in set(forks.player)  # no fork at all
assert far.low > 0.25 and 0.5 < far.diff < 1 and -0.2 < seen_far.diff < 0
print(f"dig farthest: {far.b:.2f} cards home against {far.a:.2f}; better on {far.better} deals, "
      f"worse on {far.worse}")

# %% [markdown]
# ## 2. Six parents: which one?
#
# A 9♠ may go on any of six tens. Two things set them apart. One is what lies under the parent:
# a column that still hides a card gets one card deeper over it. The other is the parent's own
# suit: a parent the foundations will want soon has to be uncovered first, so a card laid on it
# blocks that suit. Four changes choose the parent (the card to move is the habit's own choice):
#
# * **build away from hidden cards** / **build onto hidden cards**: a parent in a column with no
#   hidden card left, or one with;
# * **build on the suit furthest from home** / **nearest home**: the parent whose suit's
#   foundation has the most cards still to climb before the parent itself goes home, or the fewest.

# %%
BUILD = ["build away from hidden cards", "build onto hidden cards",
         "build on the suit furthest from home", "build on the suit nearest home"]
table.loc[BUILD].round(2)

# %%
bars([(SHORT[c], table.loc[c, "change"], table.loc[c, "95% low"], table.loc[c, "95% high"]) for c in BUILD],
     "cards home, changed minus habit", digits=2)

# %% [markdown]
# The effects are small, a fifth of a card a game or less, but three of the four intervals clear
# zero, and each pair points two ways: the rule and its mirror image move the cards home in
# opposite directions. Building away from hidden cards also lets the player see more of them.

# %%
away, onto = whole_games(BUILD[0]), whole_games(BUILD[1])
far_suit, near_suit = whole_games(BUILD[2]), whole_games(BUILD[3])
assert away.diff > 0 > onto.diff and far_suit.diff > 0 > near_suit.diff
assert away.low > 0 and onto.high < 0 and far_suit.low > 0 and max(away.diff, far_suit.diff) < 0.25
assert whole_games(BUILD[0], "turned_up").low > 0 and whole_games(BUILD[1], "turned_up").high < 0
assert sum(whole_games(c).clear for c in BUILD) == 3 and games[games.player.isin(BUILD)].won.sum() == 0
print(f"away {away.diff:+.2f} vs onto {onto.diff:+.2f}; "
      f"furthest {far_suit.diff:+.2f} vs nearest {near_suit.diff:+.2f}")

# %% [markdown]
# Here is such a choice: the same card, two parents. The habit player lays it in a column that
# still hides a card; the move marked lays it in a column that hides nothing:

# %%
away_forks = forks[forks.player == BUILD[0]]
source = away_forks.habit_move.str.split(">").str[0]
shown = away_forks[source == away_forks.changed_move.str.split(">").str[0]].iloc[0]  # the same card
g = fork_position(shown)
dst = [int(m.split(">")[1]) - 1 for m in (shown.habit_move, shown.changed_move)]
assert g.face_down_counts[dst[0]] == 1 and g.face_down_counts[dst[1]] == 0
print(f"deal {shown.deal}: the habit", move_line(g, shown.habit_move))
print(f"deal {shown.deal}: away    ", move_line(g, shown.changed_move))
picture(g, highlight=shown.changed_move, scale=0.7,
        caption=f"away from hidden cards: {shown.changed_move} (the habit: {shown.habit_move}, "
                f"onto column {dst[0] + 1} and its hidden card)")

# %% [markdown]
# **Answer.** When a card has a choice of parents, put it on one in a column that hides nothing
# (a column you have already dug out), and on a suit the foundations will not want for a while.
# Neither wins this player a deal, but both help a little in game after game, and their
# opposites cost.
#
# ## 3. The empty column
#
# The habit player keeps an empty column until nothing else is left. Two changes: put the
# waste's card into it as soon as it opens (when no card can go home safely), even a card that
# would fit on a column; or let only a King into it, the Klondike habit:

# %%
EMPTY = ["waste card into an empty column", "only a King into an empty column"]
fill, king = whole_games(EMPTY[0]), whole_games(EMPTY[1])
wins = whole_games(EMPTY[0], "won")
print(f"waste card in at once: {fill.diff:+.1f} cards home [{fill.low:+.1f}, {fill.high:+.1f}], "
      f"{round(wins.b * wins.n)} deals won of {wins.n} (the habit: {round(wins.a * wins.n)})")
print(f"only a King: {king.diff:+.2f} [{king.low:+.2f}, {king.high:+.2f}]")
assert fill.low > 3 and wins.b > wins.a == 0 and king.high < 0 and king.diff > -0.1

# %% [markdown]
# The first fork of that pair, on deal 1: the habit player lays the waste's 7♦ on an 8♠; the
# changed player puts it into the empty column and leaves the 8♠ open for another seven:

# %%
filling = forks[forks.player == EMPTY[0]]
shown = filling.iloc[0]
g = fork_position(shown)
assert shown.deal == 1 and cards(g.waste[-1:]) == "7♦" and shown.habit_move.startswith("w>")
habit_dst, changed_dst = (int(m.split(">")[1]) - 1 for m in (shown.habit_move, shown.changed_move))
assert cards(g.tableau[habit_dst][-1:]) == "8♠" and not g.tableau[changed_dst]
print(f"deal {shown.deal}: the habit", move_line(g, shown.habit_move))
print(f"deal {shown.deal}: fill it  ", move_line(g, shown.changed_move))
picture(g, highlight=shown.changed_move, scale=0.7,
        caption=f"deal {shown.deal}: {shown.changed_move}, the waste's card into the empty column")

# %% [markdown]
# **Answer.** Fill it. The habit player who spends an empty column on the waste's card at once
# gets over four more cards home a game, and wins a few deals where the plain habit wins none.
# A likely reason is the stock: 74 cards turned once, with no second pass to bring back the card
# you did not take. A column held in reserve earns nothing while the waste grows. Keeping it for a
# King costs a little, a tenth of a card or less.
#
# ## 4. The one pass: home and the waste
#
# Two kinds of patience a player might bring from other games:
#
# * **home only when safe**: send a card home only when that can never spoil a win
#   (`rules.safe_home`), unless nothing else is left;
# * **deal past the waste card**: while the stock lasts, do not play the waste's card onto a
#   column.
#
# Under this building rule the safe-home test waits for many cards. For the 7♥ to go home
# safely, both copies of every card that could ever be laid on it must be home, and so must both
# 6♥s:

# %%
waits_for = rules.builders_table(build)[parse_card("7H")]
print("before 7♥ is safe home, home must be both of:", cards(waits_for), "and both 6♥")
assert len(waits_for) == 3  # three sixes, two copies each: six cards, and the two 6♥
PATIENT = ["home only when safe", "deal past the waste card"]
table.loc[PATIENT].round(2)

# %%
bars([(SHORT[c], table.loc[c, "change"], table.loc[c, "95% low"], table.loc[c, "95% high"])
      for c in [*EMPTY, *PATIENT]], "cards home, changed minus habit", digits=1)

# %% [markdown]
# **Answer.** Both kinds of patience are ruinous over whole games. Holding back every card that
# is not safe home leaves the player with about a third of the cards home it would otherwise
# have; dealing past a waste card that fits loses close to seven. Send cards home, and play the
# waste's card when it fits.

# %%
safe_only, past = whole_games(PATIENT[0]), whole_games(PATIENT[1])
print(f"home only when safe: {safe_only.b:.1f} cards home against {safe_only.a:.1f}; "
      f"deal past the waste card: {past.diff:+.1f} [{past.low:+.1f}, {past.high:+.1f}]")
assert 0.25 < safe_only.b / safe_only.a < 0.4 and -7.5 < past.diff < -6

# %% [markdown]
# That is the rule, and Indian's few real decisions are its exceptions. Where do they come, and
# what does the losing move do there? The puzzles `ft_widget.puzzles` finds for this game (each a
# position where a fair player's move throws away a win the solver proved) answer, counted here
# from the set as it ships, which grows as more deals are searched:

# %%
all_puzzles = puzzles(GAME)
LATE = 5  # "the end of the stock": at most this many cards left in it
late = sorted(p.stock_left for p in all_puzzles)
from_waste = [p for p in all_puzzles if p.habit.startswith("w>")]
home = sum(p.habit == "w>f" for p in from_waste)
empty = sum(into_empty_column(p.game, p.habit) for p in from_waste)
print(f"{len(all_puzzles)} puzzles. Cards left in the stock: {' '.join(map(str, late))}; "
      f"{LATE} or fewer in {sum(n <= LATE for n in late)} of {len(all_puzzles)}.")
print(f"The player's losing move plays the waste's card in {len(from_waste)} of {len(all_puzzles)}: "
      f"home in {home}, into an empty column in {empty}, onto a column in {len(from_waste) - home - empty}.")
assert all_puzzles and all(p.stock_left == len(p.game.stock) for p in all_puzzles)

# %% [markdown]
# ## A game reviewed
#
# The habit player `foundations_first` (a card home whenever one fits, then the waste's card,
# then a card that uncovers another, then a deal) plays deals the solver wins
# (`ft_widget.deals(GAME, winnable=True)`). Often there is no lost win to review: its game stops
# with the deal still winnable. The solver, given 50,000 positions, on where it stopped in the
# winnable deals before deal 10:

# %%
ends = {}
for d in [d for d in deals(GAME, winnable=True) if d < 10]:
    stop = play_policy(Game(GAME, deal=d), "foundations_first", rng=1).game
    ends[d] = str(solve(stop, max_states=50_000).status)
print(ends)
still = sum(v == "won" for v in ends.values())
assert still > len(ends) / 2

# %% [markdown]
# On most of them the win is still there when it stops. Deal 10 is one where its game throws a
# win away. `ft_widget.review` reads that game back: the fair expert's estimate of each move
# from what the player saw, and the verdicts of the solver, which sees every card.

# %%
DEAL = 10
assert DEAL in deals(GAME, winnable=True)
played = play_policy(Game(GAME, deal=DEAL), "foundations_first", rng=1)
habit_game = replayed(GAME, DEAL, " ".join(map(str, played.moves)))
reviewed = review(habit_game, rng=1, progress=False)
print(reviewed.summary)
reviewed.plot()

# %%
k = reviewed.losing_move
before, step = reviewed.position(k), reviewed.steps[k]
print(f"move {k + 1}, played:", move_line(before, step.move))
print("kept the win:", move_line(before, reviewed.alternative))
losing_move_row(reviewed)

# %% [markdown]
# Why it lost: the waste's 3♦ went home. Column 10 holds the last A♠ (one spade foundation still
# stands empty), buried under 4♣, 3♦ and 2♠. That 2♠ cannot go home before its Ace, so to reach the Ace
# it must move to a column: onto a three of another suit, or into an empty column. Laid on the 4♠
# of column 2, the waste's 3♦ would have been that three (the solver's line lays the 2♠ on it three
# moves later). Sent home, it left the 2♠ nowhere to go, with no empty column and the stock
# almost gone, and the Ace stayed buried. Auto-play would not have sent that 3♦: a 2♠, the one
# in column 10, could still want to sit on it, so the move home was not a safe one. The player
# who sends whatever fits lost a won game by the card it did not look at twice.

# %%
column = before.tableau[9]
assert str(step.move) == "w>f" and str(reviewed.alternative) == "w>2"
assert cards([before.waste[-1]]) == "3♦" and cards(column[-2:]) == "3♦ 2♠" and parse_card("AS") in column
assert rules.foundation_heights(before.foundations)[7] == 0  # a spade pile waits for that Ace
assert before.safe_move_home() is None  # not a safe move home:
assert parse_card("2S") in rules.builders_table(build)[parse_card("3D")]  # a 2♠ may sit on a 3♦
after = before.copy()
after.play(step.move)
assert not any(m.src == 9 for m in after.legal_moves() if m.between_columns)  # the 2♠ is stuck
assert all(after.tableau) and len(after.stock) < 5
kept = before.copy()
kept.play(reviewed.alternative)
print("after w>2, the 2♠ moves:", [move_line(kept, m) for m in kept.legal_moves() if m.src == 9])
print("solver's line:", " ".join(map(str, reviewed.alternative_line[:5])), "...")
assert [str(m) for m in reviewed.alternative_line].index("10>2") == 3  # the 2♠ onto the 3♦

# %% [markdown]
# ## Puzzles
#
# The puzzles, one after each rule of thumb, are in the [lesson](../indian.ipynb).

# %% [markdown]
# ## What to take to the table
#
# * Do not hurry the hidden cards up: a turn-up can wait while you free a card in the column
#   where a hidden card lies deepest.
# * Give a card a parent in a column that hides nothing, on a suit the foundations want last.
# * Fill an empty column with the waste's card rather than keep it for later or for a King.
# * Send cards home and play the waste: but look twice at a waste card that could go home or
#   onto a column, and ask which column it could carry.
#
# ## Where the numbers come from
#
# The whole games and the forks were made by one script,
# [`notebooks/_questions_indian.py`](../_questions_indian.py); the notebook reads its two CSV files.
# The run:

# %%
print(run["command"])
print(f"{run['machine']}; {run['seconds']} s; finished {run['finished']}; solver budget "
      f"{run['max_states']:,} positions a verdict; whole games on deals {run['deals']}, "
      f"forks on deals {run['fork_deals']}")
