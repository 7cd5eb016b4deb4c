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
# # Limited: the lab behind the lesson
#
# Every experiment behind the [Limited lesson](../limited.ipynb), with its command and budget: the
# lesson shows the rules of thumb, this notebook how they were measured. It reads the results with
# pandas, so it is for a full install, not the zero-install site.
#
# Limited plays by the Forty Thieves rules (two decks, build down in suit, single cards only,
# the stock turned once) on a wider, shallower table: **twelve** columns of **three**, so
# 36 cards are dealt and 68 wait in the stock. Three cards are quickly cleared, and a Limited
# player holds an empty column far more often than a Forty Thieves player does. Every rule is in
# [docs/rules.md](../../docs/rules.md); how the family's games differ, and how the experiments here
# measure, is said once in [10_rule_differences](../10_rule_differences.ipynb#How-the-lessons-measure).
#
# Four questions, each settled below by experiment:
#
# 1. **A column is empty: keep it in reserve, or spend it now?** On Forty Thieves' winning lines
#    a space is often worth more empty ([forty_thieves](forty_thieves.ipynb)). Does that carry
#    over to twelve short columns?
# 2. **Which column to clear first?** "Go for the shortest column" sounds obvious. Is it?
# 3. **The waste's card fits on a column: play it, or deal on?**
# 4. **Runs move one card at a time here. Is building long runs worth it, and carrying them?**
#
# The experiments start from `ft_widget.policies.cautious`, a rule-bound player who knows no
# more than you do at the table. Its order of preference: a card home that can never hurt, any
# card home, clearing a column or uncovering a card, placing the waste's top card on a column,
# dealing, and, as a last resort, filling a space. Each question alters one of those habits; the
# altered player and the original then play deals 1 to 1000 on identical seeds. For a sharper
# look, deals 1 to 300 are replayed up to the first position where the two pick different moves,
# and the solver (it sees all cards, hidden ones included) judges each of the two moves: can the
# deal still be won?

# %%
import contextlib
import io

import pandas as pd

from ft_widget import VARIANTS, Board, Game, deals, play_policy, puzzles, review, rules
from ft_widget.teaching import (
    Paired,
    answer_fold,
    bars,
    cards,
    data_path,
    load,
    losing_move_row,
    paired_games,
    picture,
    puzzle_picture,
    replayed,
)
from ft_widget.words import move_line

GAME = "limited"
games = pd.read_csv(data_path("notebooks/limited_games.csv"))
forks = pd.read_csv(data_path("notebooks/limited_forks.csv"))
deals_done = forks["before"].fillna("").str.split().map(lambda moves: moves.count("s>w"))
forks["stock"] = VARIANTS[GAME].stock_cards - deals_done
run = load("notebooks/limited_run.json")


def against(change, measure="cards_home"):
    """The changed player against the player it changes, deal by deal."""
    return paired_games(games, change, measure, base=games.loc[games.player == change, "base"].iloc[0])


def at_forks(change, where=None):
    """Winnable after the base player's move (a) and after the changed player's (b), per fork."""
    part = forks[forks.player == change]
    if where is not None:
        part = part[where(part)]
    won = lambda verdicts: (verdicts == "won").astype(int)  # noqa: E731
    return Paired(won(part.base_verdict), won(part.changed_verdict))


def summary(changes):
    """Whole games: cards home and wins, changed against base, with 95% intervals."""
    rows = {}
    for c in changes:
        home, win = against(c), against(c, "won")
        rows[c] = {"cards home (changed vs before)": f"{home.b:.1f} vs {home.a:.1f}",
                   "change [95%]": f"{home.diff:+.1f} [{home.low:+.1f}, {home.high:+.1f}]",
                   "wins of 1000 (changed vs before)": f"{round(win.b * win.n)} vs {round(win.a * win.n)}",
                   "wins change [95%]": f"{win.diff:+.1%} [{win.low:+.1%}, {win.high:+.1%}]"}
    return pd.DataFrame(rows).T


print(f"whole games: {games.player.nunique()} players x {games.deal.nunique()} deals; "
      f"first forks judged by the solver: {len(forks)}")

# %% [markdown]
# ## A Limited deal
#
# Deal 1, untouched. Every column holds three cards, so clearing one takes at most three moves:

# %%
deal = Game(GAME, deal=1)
assert [len(c) for c in deal.tableau] == [3] * 12 and len(deal.stock) == 68
assert VARIANTS[GAME].build == VARIANTS["forty_thieves"].build and not VARIANTS[GAME].sequences
picture(deal, caption="Limited, deal 1: twelve columns of three, 68 cards in the stock")

# %% [markdown]
# How soon does a column empty? The habit player on deals 1–100 of Limited and of Forty Thieves,
# counting the moves until it first has an empty column:


# %%
def first_space(variant, deal):
    """Moves the cautious habit player makes before a column first stands empty (None: never)."""
    game = Game(variant, deal=deal)
    for k, move in enumerate(play_policy(game, "cautious", rng=deal).moves, 1):
        game.play(move)
        if not all(game.tableau):
            return k
    return None


space = pd.DataFrame({v: [first_space(v, d) for d in range(1, 101)] for v in (GAME, "forty_thieves")})
seen = pd.DataFrame({"deals with an empty column": space.notna().sum(),
                     "median moves until the first": space.median()})
assert seen.loc[GAME].iloc[0] >= 95 and 25 <= 100 - seen.loc["forty_thieves"].iloc[0] <= 35
assert 0.4 < seen.loc[GAME].iloc[1] / seen.loc["forty_thieves"].iloc[1] < 0.6
seen.round(1)

# %% [markdown]
# In Limited nearly every game reaches an empty column, and in about half the moves it takes in
# Forty Thieves (where a third of the games never get one). What to do with it is the Limited
# player's daily question.
#
# The habit player itself is weak here; it wins no game of the thousand:

# %%
habit = games[games.player == "habit"]
assert habit.won.sum() == 0 and len(habit) == 1000
print(f"habit player, deals {run['deals']}: {habit.won.sum()} won, "
      f"{habit.cards_home.mean():.1f} of 104 cards home on average")

# %% [markdown]
# ## 1. Keep the empty column, or spend it?
#
# Left alone, the cautious player sits on a space until it has no other move. Three alterations:
#
# * the waste's top card goes into the space at once (unless a card can go home safely), which
#   brings the following stock card within reach;
# * a top card is lifted into the space when the card it covers is wanted on a foundation right
#   now;
# * the **spender** does both, lifting first, else taking the waste's card.

# %%
waste = "waste card into an empty column"
spend = [waste, "empty column to free a home card", "spender"]
summary(spend)

# %%
short = {waste: "waste card to space", "empty column to free a home card": "space frees home card",
         "spender": "spender"}  # labels that fit the chart
bars([(short[c], against(c).diff, against(c).low, against(c).high) for c in spend],
     "cards home, changed minus the habit player", digits=1)

# %%
spender, spender_wins = against("spender"), against("spender", "won")
assert all(6 <= against(c).diff < 8 for c in spend[:2]) and 16 < spender.diff < 18
assert spender_wins.a == 0 and spender_wins.b > 0.1 and against(waste, "won").b > 0.03
print(f"the spender wins {spender_wins.b:.1%} of deals, the habit player {spender_wins.a:.0%}")

# %% [markdown]
# Spending the column wins. Either use alone is worth six or seven cards a game; together they
# are worth about seventeen and turn no wins into more than one deal in ten. A first fork of the
# two players, where the habit player deals and the other lays the waste's card in the space:

# %%
first = forks[(forks.player == waste) & (forks.changed_verdict == "won")].iloc[0]
g = replayed(GAME, first.deal, first.before)
assert first.base_move == "s>w" and first.changed_move.startswith("w>")
print(f"deal {first.deal}, {first.stock} cards in the stock")
print("habit:  ", move_line(g, first.base_move), "->", first.base_verdict)
print("changed:", move_line(g, first.changed_move), "->", first.changed_verdict)
picture(g, highlight=first.changed_move, scale=0.7,
        caption=f"deal {first.deal}: the waste's card into the empty column ({first.changed_move})")

# %% [markdown]
# Is that the whole story? The solver's verdicts at the first forks (deals 1–300), split by how
# many stock cards remain:

# %%
half = VARIANTS[GAME].stock_cards // 2
early, late = (lambda f: f.stock >= half), (lambda f: f.stock < half)
when = {"any time": None, f"stock {half} or more": early, f"stock under {half}": late}
fork_rows = {k: vars(at_forks(waste, w)) for k, w in when.items()}
pd.DataFrame(fork_rows).T[["n", "a", "b", "diff", "low", "high", "better", "worse"]].rename(
    columns={"n": "forks", "a": "winnable, habit", "b": "winnable, waste to space", "diff": "change",
             "low": "95% low", "high": "95% high", "better": "only the space wins",
             "worse": "only the habit wins"}).round(3).astype(
    {"forks": int, "only the space wins": int, "only the habit wins": int})

# %%
late_forks = at_forks(waste, late)
assert late_forks.high < 0 and late_forks.worse > 3 * late_forks.better
assert at_forks(waste, early).low < 0 < at_forks(waste, early).high
print(f"stock under {half}: winnable after the deal {late_forks.a:.0%}, after the waste card "
      f"{late_forks.b:.0%}; the deal alone keeps the win at {late_forks.worse} forks, the waste card "
      f"alone at {late_forks.better}")

# %% [markdown]
# Early in the stock a single fork seldom decides anything. With fewer than half the stock
# cards left, though, the waste's card in the space is the move that more often throws a won
# deal away: a deal keeps the win where parking the waste card kills it several times as often as
# the other way round. Late on, the space is the only landing spot for a card lifted off a
# column, and a waste card parked there may never leave. The puzzles at the end are such moments.
#
# So should a player keep the space once the stock is half gone? The spender with that rule
# added (while the stock lasts: it deals instead of parking the waste's card; once the stock is
# gone the waste card may go into the space again), whole games against the spender:

# %%
keep_late = "no waste card into a space in the stock's second half"
summary([keep_late])

# %%
kl = against(keep_late, "won")
assert kl.high < 0
print(f"wins {kl.b:.1%} against {kl.a:.1%}: the blanket rule costs {-kl.diff:.1%} of deals")

# %% [markdown]
# **Answer.** Spend it. In Limited an empty column comes early and often, and a player who
# keeps it idle loses cards by the dozen; lift a card off one that can go home, else lay the
# waste's card there. Late in the deal the waste card in the space is the classic losing move, but
# a blanket "keep it late" rule loses more than it saves: the solver knows which late space
# to keep because it sees the stock's order; a player who does not should look for the card off
# the table that needs the space before filling it from the waste.
#
# ## 2. Which column to clear first?
#
# When the habit player can take a card off another it is not built on, and several columns offer
# one, it picks at random. Three ways to choose instead, each added to the spender:
# from the column with the **fewest** cards (nearest to empty), from the one with the **most**,
# or from a column where the **card beneath goes home** at once.

# %%
dig = ["dig the column with fewest cards", "dig the column with most cards",
       "dig where the card beneath goes home"]
summary(dig)

# %%
short = dict(zip(dig, ["fewest cards", "most cards", "card beneath goes home"], strict=True))
bars([(short[c], 100 * against(c, "won").diff, 100 * against(c, "won").low, 100 * against(c, "won").high)
      for c in dig], "wins against the spender (points per 100 deals)", unit=" pt", digits=1)

# %%
fewest, home_first = against(dig[0], "won"), against(dig[2], "won")
assert fewest.low < 0 < fewest.high and against(dig[0]).low < 0 < against(dig[0]).high
assert all(at_forks(c).low <= 0 <= at_forks(c).high for c in dig)
assert home_first.low > 0 and against(dig[2]).low > 0
print(f"fewest cards first: {fewest.diff:+.1%} wins [{fewest.low:+.1%}, {fewest.high:+.1%}]; "
      f"the card beneath goes home: {home_first.diff:+.1%} [{home_first.low:+.1%}, {home_first.high:+.1%}]")

# %% [markdown]
# A fork where the two part: the spender picks one column, the player who digs for home cards
# another (the move marked), whose lifted card uncovers a card the foundations take now.

# %%
homeward = forks[forks.player == dig[2]]
shown = homeward.iloc[0]
g = replayed(GAME, shown.deal, shown.before)
heights = rules.foundation_heights(g.foundations)
src = int(shown.changed_move.split(">")[0]) - 1
assert rules.fits_home(heights, g.tableau[src][-2])
print("spender:", move_line(g, shown.base_move), "->", shown.base_verdict)
print("digs for home:", move_line(g, shown.changed_move), "->", shown.changed_verdict,
      f"(uncovers {cards(g.tableau[src][-2:-1])}, which goes home)")
picture(g, highlight=shown.changed_move, scale=0.7,
        caption=f"deal {shown.deal}: dig for home, {shown.changed_move} (the spender: {shown.base_move})")

# %% [markdown]
# **Answer.** The shortest column is no better than a random one: "clear the shortest column
# first" does not hold up (its interval sits across zero). What pays, a little, is digging where
# the card you uncover goes home. With twelve columns of three, almost every column is short;
# how short matters less than what lies in it. At the forks the solver rarely tells these
# choices apart, so the gain is small and adds up over the game.

# %%
for c in dig:
    p = at_forks(c)
    print(f"{c}: still winnable after its move minus after the spender's, {p.diff:+.1%} "
          f"[{p.low:+.1%}, {p.high:+.1%}] over {p.n} forks")

# %% [markdown]
# ## 3. The waste's card, or a deal?
#
# The spender, told never to lay the waste's top card on a column until the stock is used up:

# %%
summary(["deal past the waste card"])

# %%
past = against("deal past the waste card")
past_wins = against("deal past the waste card", "won")
assert past.high < -20 and past_wins.high < -0.09
assert past.diff == min(against(c).diff for c in games.player.unique() if c != "habit")
print(f"{-past.diff:.0f} cards fewer home, {-past_wins.diff:.1%} fewer wins")

# %% [markdown]
# The costliest habit of all. With one pass through 68 cards, a waste card you deal past is
# buried under every card that follows, and comes back only if all of them are played first.
# At the first fork the solver sees no clear difference either way: the damage is done later,
# one buried card at a time.

# %%
pf = at_forks("deal past the waste card")
assert pf.low < 0 < pf.high
print(f"still winnable after dealing past minus after playing the card: {pf.diff:+.1%} "
      f"[{pf.low:+.1%}, {pf.high:+.1%}] over {pf.n} forks")

# %% [markdown]
# **Answer.** A fitting waste card belongs on its column; passing it over is the surest way to
# lose Limited.
#
# ## 4. Long runs, when only single cards move
#
# In Limited no run moves as a unit (`VARIANTS["limited"].sequences` is False). A built
# run can still travel as single moves through empty columns: with *e* of them free, up to 2^e
# cards (the board offers this as a shortcut, `Game.run_moves`). So two questions: should you stop
# a run from growing, since a long one is hard to move; and should you carry a run whole onto
# another column when that frees the card under it?

# %%
assert not VARIANTS[GAME].sequences
print("longest run that travels onto a column, by empty columns:",
      {e: rules.run_capacity(e, to_empty=False) for e in range(4)})
runs = ["runs of at most three", "carry built runs"]
summary(runs)

# %%
bars([(c, 100 * against(c, "won").diff, 100 * against(c, "won").low, 100 * against(c, "won").high)
      for c in runs], "wins against the spender (points per 100 deals)", unit=" pt", digits=1)

# %%
capped, carried = against(runs[0], "won"), against(runs[1], "won")
assert capped.high < 0 and carried.low > 0
print(f"runs capped at three: {capped.diff:+.1%}; runs carried whole: {carried.diff:+.1%}")

# %% [markdown]
# A fork where the carrying player moves a built run through the empty columns:

# %%
carry = forks[forks.player == "carry built runs"]
shown = carry[carry.changed_move.str.contains("x")].iloc[0]
g = replayed(GAME, shown.deal, shown.before)
steps = g.expand(shown.changed_move)
print("spender:", move_line(g, shown.base_move))
print(f"carry the run {shown.changed_move}: {len(steps)} single moves,", " ".join(map(str, steps)))
picture(g, highlight=shown.changed_move, scale=0.7,
        caption=f"deal {shown.deal}: the run {shown.changed_move} carried through the empty columns")

# %% [markdown]
# **Answer.** Build long runs; do not cap them. A run in suit is cards in the right order, and a
# cap only sends the player to the stock with a card that had a home. And once you hold empty
# columns, use them to carry a whole run onto its next card when that uncovers something: it
# wins more deals, and the columns come back empty after the carry.
#
# ## What to take to the table
#
# * An empty column comes early in Limited; spend it (a card off one that goes home, else the
#   waste's card). Late in the deal, look for the table card that needs it before filling it
#   from the waste.
# * Clear columns for the cards you uncover, not for how short they are.
# * Never pass over a waste card that fits.
# * Let runs grow, and carry them through the empty columns when that frees a card.

# %% [markdown]
# ## A game reviewed
#
# Deal 3 is among those the solver wins (it is listed by `ft_widget.deals(GAME, winnable=True)`).
# Here `foundations_first` plays it: home first, then the waste's card (a space counts as a
# destination), then a card lifted to uncover another, then the stock. `ft_widget.review` goes over
# that game: the upper chart is the fair expert's view of each move, judged on the cards a player
# could see; the lower marks where the solver, seeing the whole deck, last found a win.

# %%
DEAL = 3
assert DEAL in deals(GAME, winnable=True)
played = play_policy(Game(GAME, deal=DEAL), "foundations_first", rng=1)
habit_game = replayed(GAME, DEAL, played.moves)
reviewed = review(habit_game, rng=1, progress=False)
print(reviewed.summary)
reviewed.plot()

# %%
k = reviewed.losing_move
before, step = reviewed.position(k), reviewed.steps[k]
print(f"move {k + 1}, played:", move_line(before, step.move))
print("kept the win:", move_line(before, reviewed.alternative))
print("the solver's line from there:", " ".join(map(str, reviewed.alternative_line[:8])), "...")
losing_move_row(reviewed)

# %% [markdown]
# What went wrong: with one card left in the stock, the habit player laid the waste's 2♥ in the one
# empty column, question 1's late mistake. The solver's line keeps the space as a stepping
# stone, and uses it twice, question 4's carry: the 7♣ steps into it, the 8♣ goes onto the 9♣, the
# 7♣ back on top; then the same with the 8♥ and 7♥ onto the 9♥. That frees the 9♥ and 8♥ of
# column 4 for the 10♥, the 2♣ under them goes home, and so does the 3♣ the clubs carry had
# uncovered. Two more columns empty, and the space is empty again. With the 2♥ in it, none of
# this can start.

# %%
assert str(step.move) == "w>7" and cards(before.waste[-1:]) == "2♥" and len(before.stock) == 1
assert not before.tableau[6] and cards(before.tableau[11]) == "3♣ 8♣ 7♣"
assert cards(before.tableau[3]) == "2♣ 8♥ 9♥ 8♥ 7♥" and cards(before.tableau[10][-1:]) == "9♣"
line = [str(m) for m in reviewed.alternative_line]
assert line[line.index("12>7"):line.index("12>f") + 1] == [
    "12>7", "12>11", "7>11", "4>7", "4>2", "7>2", "4>8", "4>8", "4>f", "12>f"]
after = replayed(GAME, DEAL, [*played.moves[:k], *line[:line.index("12>f") + 1]])
empty_after = [j + 1 for j, col in enumerate(after.tableau) if not col]
assert empty_after == [4, 7, 12]
print(f"after the solver's first {line.index('12>f') + 1} moves: columns {empty_after} empty, "
      f"{after.cards_home} cards home ({before.cards_home} before)")

# %% [markdown]
# ## Puzzles
#
# Three positions from `ft_widget.puzzles(GAME)`, easiest first, each from a real deal where the
# habit player's move loses a winnable game. Find the one move that keeps the win; the answer is
# behind the fold (the same words `p.show_answer()` prints), and a board follows to try it on.

# %%
shipped = puzzles(GAME)
chosen = [shipped[0], shipped[1], next(p for p in shipped if p.difficulty == "hard")]
assert [p.number for p in chosen] == sorted(p.number for p in chosen)


def answer(p):
    """The puzzle's answer behind a fold, checked against what ``show_answer`` prints."""
    with contextlib.redirect_stdout(io.StringIO()) as said:
        p.show_answer()
    fold = answer_fold(p)
    assert fold.paragraphs[0] == said.getvalue().strip()
    return fold


p = chosen[0]
print(p.prompt)
puzzle_picture(p)

# %%
answer(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %%
p = chosen[1]
print(p.prompt)
puzzle_picture(p)

# %%
answer(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %%
p = chosen[2]
print(p.prompt)
puzzle_picture(p)

# %%
answer(p)

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(p)

# %% [markdown]
# All three have one empty column and less than half the stock left, and a waste card that fits
# the space is the tempting move; question 1 said why that is the moment to look twice.

# %%
assert all(sum(not c for c in p.game.tableau) == 1 and len(p.game.stock) < half for p in chosen)
assert all(p.habit.startswith("w>") for p in chosen)
for p in chosen:
    print(f"{p.title}: {len(p.game.stock)} cards in the stock, the habit played {p.habit}")

# %% [markdown]
# ## Provenance
#
# [`notebooks/_questions_limited.py`](../_questions_limited.py) played the habit player, the
# spender and their changes on deals 1–1000, found the first forks on deals 1–300 and asked the
# solver about each (a budget of positions, the same on any machine). The run:

# %%
print(run["command"])
print(f"{run['machine']}; {run['seconds']} s ({run['games_seconds']} s of whole games); "
      f"finished {run['finished']}; solver budget {run['max_states']:,} positions a verdict")
