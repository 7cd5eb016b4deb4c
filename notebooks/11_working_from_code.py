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
# # Working with the engine from code
#
# Everything the board does goes through one `Game` object, and you can drive it yourself:
# inspect a position, list and play moves, take them back, save and load positions as JSON,
# ask the solver, weigh moves as the fair expert does, pick graded deals, review a game, serve
# puzzles, and write a playing policy of your own and measure it against the built-in ones, on
# your laptop or on a Dask cluster. Back to [Start here](00_start_here.ipynb).
#
# The cells print what they find as sentences and captioned tables, as a lesson does; the
# objects behind them (moves, games, reviews, estimates) are yours to use in your own code.

# %%
import json
from pathlib import Path

from ft_widget import VARIANTS, Game, IllegalMove, Outcome, Pile
from ft_widget.teaching import cards, picture, table
from ft_widget.words import count, move_line

# %% [markdown]
# ## Inspecting a position
#
# Cards are plain ints (`suit * 13 + rank - 1`, suits in the order C D H S), like squares
# in python-chess: fast to compare and hash. `ft_widget.cards` turns them into text.
# Every list runs from the bottom of a pile to its top.

# %%
from ft_widget.cards import card_name, card_str, card_symbol, parse_card

game = Game("number_ten", deal=7)
top = game.tableau[0][-1]
print(f"The top card of column 1 is the int {top}: {card_str(top)}, {card_symbol(top)}, the {card_name(top)}.")
same = parse_card("10h") == parse_card("TH")
print(f'parse_card reads "10h" and "TH" as {"the same card" if same else "different cards"}.')
down = game.face_down_counts  # one number a column
print(f"Face down at the start: {count(down[0], 'card')} in each of the {len(down)} columns.")
print(f"Stock: {count(len(game.stock), 'card')}; waste: {cards(game.waste) or 'empty'}; "
      f"home: {count(game.cards_home, 'card')}.")

# %% [markdown]
# The engine knows the face-down cards and the stock's order (the solver uses them);
# a player does not. The board only ever sends what a player may see.
#
# ## Legal moves, playing and undoing
#
# A `Move` is a small named tuple of pile numbers: columns `0…12`, then `Pile.WASTE`,
# `Pile.STOCK` and `Pile.FOUNDATION`; `str(move)` is the notation people read and type, and
# `move.is_home`, `move.is_deal`, `move.is_redeal`, `move.from_waste`, `move.between_columns` say
# what kind it is.

# %%
moves = game.legal_moves()
print("Legal moves:", " ".join(map(str, moves)))
first = moves[0]
print(f"{first} is pile {first.src} to pile {first.dst}, {count(first.count, 'card')}; "
      f"{'a move home' if first.is_home else 'not a move home'} (the foundations are pile {int(Pile.FOUNDATION)}).")
print(move_line(game, first))

# %%
game.play(first)
game.play("s>w")
print("Played:", " ".join(map(str, game.history)))
game.undo()
print("Undid the deal; redo is", "possible." if game.can_redo else "not possible.")
game.redo()
game.restart()  # back to the deal; redo() would replay the moves
print(f"Restarted: {count(len(game.history), 'move')} played, and redo is",
      "possible." if game.can_redo else "not possible.")

# %% [markdown]
# An illegal move raises `IllegalMove` (a `ValueError`) with a reason a player can read,
# and changes nothing:

# %%
before = game.position()
for attempt in ["1>2", "s>3", "f>1", "11>1", "2>5x4", "hello"]:
    try:
        game.play(attempt)
    except IllegalMove as refusal:
        print(f"{attempt:6} {refusal}")
print("The position after all six:", "unchanged." if game.position() == before else "changed!")

# %% [markdown]
# ## Saving and loading positions
#
# A position is JSON ([docs/rules.md](../docs/rules.md) defines it): lists from bottom to top,
# face-down cards written `<3S>`. Any position can be loaded, not only an opening, so a test, a
# puzzle or a bug report is a few lines of JSON.

# %%
import tempfile

game.play("s>w")
path = Path(tempfile.mkdtemp()) / "position.json"
path.write_text(json.dumps(game.position()))
loaded = Game.from_position(json.loads(path.read_text()))
print("Saved and loaded again:", "the same game." if loaded == game else "a different game!")
print("Column 1 as the file writes it, bottom to top:", " ".join(loaded.position()["tableau"][0]))

# %% [markdown]
# A damaged file is refused with a message that names the problem:

# %%
broken = loaded.position()
broken["tableau"][0].append("QH")  # a third Queen of Hearts
try:
    Game.from_position(broken)
except ValueError as problem:
    print(problem)

# %% [markdown]
# ## Asking the solver: `Outcome`
#
# `solve(game, max_states=...)` searches with every card in view (the stock's order and the
# face-down cards: it is not a fair player) and returns a `SolveResult` whose `status` is an
# `Outcome`: `WON` with a line of moves the engine replayed, `LOST` when it searched every
# reachable position, `UNKNOWN` when the budget ran out first. The budget is counted in
# positions, so the answer is the same on any machine. A finished game's `outcome` uses the same
# values, with `STUCK` for a position where no move is left.

# %%
from ft_widget import solve

print("The outcomes:", ", ".join(outcome.value for outcome in Outcome))
for budget in (2_000, 50_000):
    result = solve(Game("maria", deal=2), max_states=budget)
    print(f"Maria deal 2 with {budget:,} positions: {result.status}"
          + (f", a line of {count(len(result.moves), 'move')}" if result.status == Outcome.WON else ""))

# %% [markdown]
# ## Graded deals: `deals`
#
# The catalogue (README, "Graded deals") lists, for every game, deals the solver won and how
# often the fair expert, which sees only the table, won them: `"easy"` every time, `"medium"`
# sometimes, `"hard"` never. The lists come from the committed catalogue, so ask for them
# rather than copying numbers:

# %%
from ft_widget import deals
from ft_widget.training.catalogue import DIFFICULTIES, catalogue

table([{"game": VARIANTS[v].name} | {grade: len(deals(v, difficulty=grade)) for grade in DIFFICULTIES}
       | {"not known to be winnable": len(deals(v, winnable=False))} for v in VARIANTS],
      caption="The catalogue's deals of each game, by grade")

# %% [markdown]
# `Board("maria", difficulty="hard", rng=7)` opens a graded deal picked by a seeded random
# choice (the menu's "A winnable deal" does the same), and `catalogue(variant)` has each deal's
# verdict, grade, the expert's wins and the solver's winning line.

# %%
easy = deals("forty_thieves", difficulty="easy")[0]
entry = next(row for row in catalogue("forty_thieves") if row.deal == easy)
print(f"Forty Thieves deal {entry.deal}: {entry.verdict}, {entry.grade}, the expert won "
      f"{entry.expert_wins} of {count(entry.runs, 'try', 'tries')}; the solver's line has "
      f"{count(len(entry.line), 'move')}.")

# %% [markdown]
# ## Reviewing a game: `review`
#
# The habit player `foundations_first` plays that easy deal, and `review` goes through its game
# as a chess site's analysis does. Its fair part deals worlds from the cards the player could
# not see and counts, before each move, how many of them the move played and the expert's move
# win (`worlds_won` of `worlds`); a move that gives up a quarter of them is an *inaccuracy*,
# half a *mistake*, even counting the worlds the solver could not settle as wins for it. Its
# seeing part asks the solver, which sees every card, whether a win is
# still there after each move, and names the move after which it was gone. `rng=` seeds the
# worlds, so the review is the same on every run.

# %%
from ft_widget import play_policy, review

habit = play_policy(Game("forty_thieves", deal=easy), "foundations_first", rng=1)
played = Game("forty_thieves", deal=easy)
for move in habit.moves:
    played.play(move)
checked = review(played, rng=1, progress=False)
print(checked.summary)
checked.plot()

# %% [markdown]
# `checked.steps` has a `Step` a move (and `to_frame()` the same as a pandas table); here the
# marked moves and the losing one, in words:

# %%
for step in checked.steps:
    if step.mark or step.index == checked.losing_move:
        print(f"Move {step.index + 1}, {step.move}: {step.mark or 'not marked'}. "
              f"The expert's move {step.expert_move}; after the move played {step.estimate_played}, "
              f"after the expert's {step.estimate_best}. The solver: {step.verdict_before} before, "
              f"{step.verdict_after} after.")

# %% [markdown]
# The position before the losing move, with the move the solver says kept the win
# (`review.alternative`):

# %%
before = checked.position(checked.losing_move)
print("Played:", move_line(before, checked.steps[checked.losing_move].move))
print("Kept the win:", move_line(before, checked.alternative))
picture(before, highlight=checked.alternative, scale=0.7,
        caption=f"before move {checked.losing_move + 1}: {checked.alternative} kept the win")

# %% [markdown]
# ## Weighing moves: `estimate`
#
# The Hint button gives one move. `ft_widget.expert.estimate(game, moves)` weighs several, as
# the fair expert does: it deals the unseen cards at random into a few *worlds*, plays each
# move in each of the *same* worlds, and counts the worlds the solver then wins. It reads only
# what a player sees. Here the two moves of the losing position above:

# %%
from ft_widget.expert import estimate

for weighed in estimate(before, [checked.steps[checked.losing_move].move, checked.alternative],
                        worlds=8, rng=1):
    print(f"{move_line(before, weighed.move)}: a win in {weighed.worlds_won} of "
          f"{count(weighed.worlds, 'sampled world')}")

# %% [markdown]
# ## Puzzles: `puzzles`
#
# The games ship puzzles cut from real deals, easiest first within each round the puzzle maker
# added (`.round`; `.id` names one for good): a position where only a few of the moves that
# cannot be taken back keep the deal winnable. A `TrainingPuzzle` has the position
# (`.game`), the question (`.prompt`), the winning moves (`.answers`), the habit player's losing
# move (`.habit`), why (`.explanation`), and the idea it trains (`.theme`, `.idea`);
# `Board.puzzle(p)` puts one on a board, and `Board.training(variant)` serves them all in turn
# and keeps the score.

# %%
from ft_widget import puzzles

first = puzzles("lucas")[0]
print(f"{first.title}: {first.prompt}")
print(f"Its answer: {', '.join(first.answers)}. The habit player's move: {first.habit}.")
table([{"game": VARIANTS[v].name, "puzzles": len(puzzles(v))} for v in VARIANTS],
      caption="Puzzles shipped with each game")

# %% [markdown]
# ## Progress: `progress` and `progress_chart`
#
# A training board records each puzzle it serves (solved first try, solved after a wrong move or
# a clue, or given up) and moves the learner's rating for that game; the next puzzle is chosen
# near that rating, and missed ones come back later. The file lasts across sessions, in your data
# folder unless you name one. Here a temporary file, so the notebook leaves yours alone, and four
# Lucas puzzles played from code: the answer at once, or first one of the losing moves, taken
# back.

# %%
# NBVAL_IGNORE_OUTPUT
from ft_widget import Board, progress, progress_chart

path = Path(tempfile.mkdtemp()) / "progress.sqlite"
trainer = Board.training("lucas", progress=path)
for i in range(4):
    p = trainer.current_puzzle
    if i % 2:
        trainer.play(sorted(p.losing)[0])  # a wrong move first
        trainer.undo()
    trainer.play(p.answers[0])
    trainer.next_puzzle()

# %%
print(f"{len(progress(path))} tries recorded.")
progress_chart(path)

# %% [markdown]
# ## Writing your own policy
#
# A policy is a function `policy(game, rng) -> Move | None`: it looks at the game and
# returns one of its legal moves, or `None` to give up. `rng` is a seeded `random.Random`
# (`play_policy(..., rng=3)` makes one from a seed), so every run repeats exactly. This one is
# a plain rule of thumb:
# home if possible, else the waste's card onto a column, else a card that empties a
# column or turns one up, else deal.

# %%
from ft_widget import POLICIES, study

def home_waste_dig(game, rng):
    moves = game.legal_moves()
    tab, down = game.tableau, game.face_down_counts
    for wanted in (
        lambda m: m.is_home,                                              # home
        lambda m: m.from_waste and m.dst < Pile.WASTE and tab[m.dst],     # waste onto a column
        lambda m: m.between_columns and tab[m.dst]                        # empties a column or
                  and len(tab[m.src]) - m.count in (0, down[m.src]),      # turns a card up
        lambda m: m.is_deal or m.is_redeal,                               # deal or redeal
    ):
        choice = [m for m in moves if wanted(m)]
        if choice:
            return rng.choice(choice)
    return None

result = play_policy(Game("lucas", deal=3), home_waste_dig, rng=3)
print(f"Lucas deal 3: {result.status}, {count(result.cards_home, 'card')} home in "
      f"{count(len(result.moves), 'move')} ({result.why}).")

# %% [markdown]
# ## Comparing policies
#
# Play every policy, the built-in ones and yours, on deals 1–20 of Lucas and Little Forty,
# and compare how many cards each gets home. (Every one `quick` says plays a game in seconds:
# not the deep expert, which spends seconds on each decision; its games are measured in
# [the fair expert's page](../docs/expert.md).) A game ends when it is won, stuck, or comes
# back to a position it has already played through.

# %%
from ft_widget.policies import quick

contenders = {name: policy for name, policy in POLICIES.items() if quick(policy)}
contenders["home_waste_dig"] = home_waste_dig
compared = []
for name, policy in contenders.items():
    row = {"policy": name}
    for variant in ("lucas", "little_forty"):
        games = [play_policy(Game(variant, deal=d), policy, rng=d) for d in range(1, 21)]
        row[f"{VARIANTS[variant].name}: cards home, mean"] = round(sum(g.cards_home for g in games) / len(games), 1)
        row[f"{VARIANTS[variant].name}: won"] = f"{sum(g.status == Outcome.WON for g in games)} of {len(games)}"
    compared.append(row)
table(compared, caption="Each policy on deals 1–20, the deal's number as its seed")

# %% [markdown]
# `ft_widget.study` does the same for you, on every core of the machine (or on a cluster,
# below): `study(variants, deals, policy=...)` returns a pandas table with one row a deal (so it
# needs pandas, which the zero-install site does not carry: there these cells cannot run).

# %%
outcomes = study("lucas", range(1, 21), policy=home_waste_dig, progress=False)["result"].value_counts()
print("home_waste_dig on Lucas deals 1–20:", ", ".join(f"{result} {count(n, 'time')}"
                                                        for result, n in outcomes.items()))

# %% [markdown]
# Rules of thumb rarely win these games: none of them looks ahead. The expert does, in worlds
# it deals from the cards it has not seen; the solver looks ahead with every card shown, and a
# study runs it the same way: without `policy`, each deal is solved. A `max_states` budget
# (instead of a time limit) makes the result the same on any machine:

# %%
solved = study("lucas", range(1, 11), max_states=10_000, progress=False)
table(solved.drop(columns="seconds").head().to_dict("records"),
      caption="The first rows of a study: Lucas deals solved with 10,000 positions each")

# %%
print("Lucas deals 1–10:", ", ".join(f"{count(n, 'deal')} {result}"
                                     for result, n in solved["result"].value_counts().items()))

# %% [markdown]
# ## Exercise: write a policy that beats `foundations_first`
#
# `foundations_first` is the simplest fair player: home whenever it can, else the waste's
# card, else a move that uncovers a card, else deal. Write a policy that gets more cards home
# on the same deals. The checker below plays yours and `foundations_first` on Lucas deals
# 1–100 with the same seeds and reports the paired difference with a 95% interval; you beat
# it when the whole interval lies above zero. (Hints: keep an empty column for a King; do not
# bury a card the foundations will soon want; look at `ft_widget/policies.py`'s `cautious`.)
# Here the checker measures `home_waste_dig` from above: does it beat it?

# %%
from ft_widget.teaching import beats

def my_policy(game, rng):
    return home_waste_dig(game, rng)   # replace with your own

verdict = beats(my_policy, rival="foundations_first", variant="lucas", deals=range(1, 101))
home, wins = verdict["cards home"], verdict["wins"]
print(f"On {count(verdict['deals'], 'deal')}: {home.diff:+.1f} cards home a game [{home.low:+.1f}, "
      f"{home.high:+.1f}], {wins.diff:+.0%} of games won [{wins.low:+.0%}, {wins.high:+.0%}].")
print("It beats foundations_first." if verdict["beats"] else "It does not (yet) beat foundations_first.")

# %% [markdown]
# ## Scaling out with Dask
#
# The same call runs on a Dask cluster when you pass a `dask.distributed.Client`: a
# laptop's `LocalCluster` here, a cluster of many machines elsewhere. The rows are the
# same either way, sorted by variant and deal.

# %%
# NBVAL_IGNORE_OUTPUT
import logging

from dask.distributed import Client, LocalCluster

# silence_logs: a worker that outlives the closing scheduler by a heartbeat logs a harmless error
cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                       silence_logs=logging.CRITICAL)
client = Client(cluster)
on_dask = study("lucas", range(1, 11), max_states=10_000, client=client, progress=False)
client.close()
cluster.close()

# %%
same = on_dask.drop(columns="seconds").equals(solved.drop(columns="seconds"))
print("Dask gives", "the same rows as the local run." if same else "rows that differ from the local run!")
