"""Feedback that teaches (issue 35, item 4): a wrong move said in words about the cards, clues that
climb from the idea to the card to the answer, a score that counts the help taken, the solver's
winning line played through after solving, and a hint that reads without budgets or counts."""

from __future__ import annotations

import random
import re

import pytest

from ft_widget import Board, Game, puzzles
from ft_widget.cards import card_symbol, parse_card
from ft_widget.game import WASTE
from ft_widget.hints import hint
from ft_widget.training.facts import costs
from ft_widget.training.puzzles import FEEDBACK_STATES, Puzzle, buried_for_good, most_home
from ft_widget.training.themes import THEMES, trap_of
from ft_widget.words import SEEING, hint_line, hint_message, move_doing

#: a move in notation ("w>1", "10>f", "s>w"): a player's message names cards, not these
NOTATION = re.compile(r"(?<![\w>])(?:1[0-3]|[1-9]|[wsf])>(?:1[0-3]|[1-9]|[wsf])(?![\w>])")
SHIPPED = [p for v in ("forty_thieves", "maria", "lucas", "indian") for p in puzzles(v)[:2]]
IDS = [f"{p.variant}-{p.number}" for p in SHIPPED]


@pytest.mark.parametrize("shipped", SHIPPED, ids=IDS)
def test_a_wrong_commitment_is_said_in_words_about_the_cards(shipped):
    judge = Board.puzzle(shipped)
    board = judge.board
    board.set_state({"request": {"id": 1, "action": "move", "move": shipped.habit}})
    said = board.state["message"]
    verdict = judge.verdicts[-1]
    assert verdict.verdict == "lost" and board.state["message_kind"] == "error" and said == verdict.message
    assert not NOTATION.search(said), said  # no "w>1 loses"
    assert said.startswith(move_doing(shipped.game, shipped.habit))  # what the move does, in words
    moved = shipped.game.waste[-1] if shipped.habit.startswith("w") else None
    if moved is not None:
        assert card_symbol(moved) in said
    # what it gives up: the figure is the verdict's, measured by the bounded search it names in fields
    after = shipped.game
    after.play(shipped.habit)
    home, states, complete = most_home(after)
    assert (verdict.cards_home, verdict.states, verdict.searched_all) == (home, states, complete)
    assert after.cards_home <= home < 104 and verdict.max_states == FEEDBACK_STATES
    # the search stops at the first turn past its budget, so it may meet a few states more
    assert 0 < states and (complete or states >= FEEDBACK_STATES)
    assert f"more than {home} of the 104 cards home, where the answer brings all 104" in said
    assert SEEING in said  # the solver saw hidden cards: said so
    assert "position" not in said and str(FEEDBACK_STATES) not in said and f"{FEEDBACK_STATES:,}" not in said
    assert said.endswith("Undo (U) and try again.")


def test_a_card_buried_for_good_is_named_only_when_proved():
    """A shipped Forty Thieves puzzle whose habit move leaves a card covered in every position the
    game can reach (searched to the end): the words name it; random lines agree."""
    found = []
    for shipped in puzzles("forty_thieves"):
        after = shipped.game
        after.play(shipped.habit)
        place = buried_for_good(after)
        if place is not None:
            found.append((shipped, after, place))
    assert found, "no shipped Forty Thieves puzzle buries a card for good: pick another game's"
    shipped, after, place = found[0]
    verdict = Puzzle(shipped).check(shipped.habit)
    assert buried_for_good(after, max_positions=20_000) == place
    pile, k = place
    stack = (lambda g: g.waste) if pile == WASTE else (lambda g: g.tableau[pile])
    card = card_symbol(stack(after)[k])
    assert verdict.buried == f"{card} " + ("in the waste" if pile == WASTE else f"in column {pile + 1}")
    assert f"No line after it ever uncovers {verdict.buried} again: it is buried for good." in verdict.message
    rng = random.Random(0)
    for _ in range(50):  # no random line uncovers it either
        game = after.copy()
        for _ in range(400):  # random lines can go round in circles: a bounded walk
            if not game.legal_moves() or len(stack(game)) <= k + 1:
                break
            game.play(rng.choice(game.legal_moves()))
        assert len(stack(game)) > k + 1 and card_symbol(stack(game)[k]) == card
    assert buried_for_good(after, max_positions=10) is None  # not searched to the end: nothing claimed
    winnable = shipped.game
    winnable.play(shipped.answers[0])
    assert buried_for_good(winnable) is None  # nothing is claimed after the answer


def test_a_theme_idea_is_the_first_clue_and_a_wrong_move_gets_its_own_kinds():
    themed = puzzles("maria")[0]
    judge = Puzzle(themed)
    idea = THEMES[themed.theme][1]
    own = THEMES[trap_of(themed.game, themed.habit, themed.answers)][1]
    assert judge.idea == idea and f"The idea: {own}" in judge.check(themed.habit).message
    assert judge.next_clue() == idea
    untyped = Puzzle(Game("lucas", deal=3), max_states=20_000)  # a position from code: no theme
    assert untyped.idea is None and "can't be taken back" in untyped.next_clue()


@pytest.mark.parametrize("shipped", SHIPPED, ids=IDS)
def test_clues_climb_from_the_idea_to_the_card_to_the_answer(shipped):
    board = Board.puzzle(shipped).board
    clues = [board.clue() for _ in range(3)]
    idea, card, answer = clues
    assert idea == shipped.idea  # the theme's idea: no card, no move
    assert not NOTATION.search(idea) and not re.search(r"[♠♥♦♣]", idea)
    assert card.startswith("The card that matters is ") and not NOTATION.search(card)
    assert answer == shipped.answer_text and all(a in answer for a in shipped.answers)
    assert all("Clue" not in c for c in clues)  # the panel says "3 clues shown: ", not "Clue: Clue:"
    assert len(set(clues)) == 3
    assert board.state["puzzle"]["clue"] == answer and board.state["message"] != answer  # shown once
    assert board.current_puzzle.clues == 3


def test_a_deal_answer_is_not_given_away_by_the_card_clue():
    """Before: a deal answer's first clue was "Clue: look at the stock.", the answer itself."""
    shipped = next(p for p in puzzles("forty_thieves") if p.answers == ("s>w",))
    judge = Puzzle(shipped)
    first, card = judge.next_clue(), judge.next_clue()
    assert "stock" not in first and "stock" not in card and "deal" not in card
    assert card.endswith("is it needed where it is?")  # the card the habit move would place


def _solved(shipped, clues: int = 0, wrong: int = 0) -> Puzzle:
    judge = Board.puzzle(shipped)
    board = judge.board
    for _ in range(clues):
        board.clue()
    for _ in range(wrong):
        board.play(shipped.habit)
        board.undo()
    board.play(shipped.answers[0])
    assert judge.solved
    return judge


def test_the_score_counts_tries_and_clues():
    shipped = puzzles("lucas")[0]
    first = _solved(shipped)
    clued = _solved(shipped, clues=1)
    wrong = _solved(shipped, wrong=1)
    both = _solved(shipped, clues=1, wrong=1)
    helped = _solved(shipped, clues=3, wrong=2)
    unsolved = Board.puzzle(shipped)
    scores = [p.score for p in (first, clued, wrong, both, helped, unsolved)]
    assert scores == [3, 2, 2, 1, 1, 0]  # first try no clue > one clue = one wrong try > more > unsolved
    assert (wrong.tries, wrong.wrong_tries, clued.clues) == (2, 1, 1)
    assert first.score_text == "3 points: first try, no clue"
    first.board.clue()  # a clue asked after solving costs nothing
    assert first.score == 3


def test_after_solving_the_solvers_line_plays_to_a_win_on_the_board():
    shipped = puzzles("maria")[0]
    judge = Board.puzzle(shipped)
    with pytest.raises(RuntimeError, match="once the puzzle is solved"):
        judge.replay_line()
    judge.board.play(shipped.answers[0])
    line = judge.winning_line()
    assert [str(m) for m in line] == list(shipped.lines[shipped.answers[0]])
    assert judge.line_text.endswith(f"from here: {len(line)} moves.") and SEEING in judge.line_text
    assert list(judge.verdicts[-1].line) == [str(m) for m in line]  # the verdict carries the line it rests on
    assert judge.replay_line() == line and judge.board.game.is_won
    assert judge.board.game.moves_played == 1 + len(line)


def test_a_judged_position_replays_from_where_it_was_solved():
    """Solved after waiting moves, the line is solved from the board's position."""
    shipped = next(p for p in puzzles("forty_thieves") if p.waiting)
    judge = Board.puzzle(shipped)
    judge.board.play(shipped.waiting[0])
    judge.board.undo()
    judge.board.play(shipped.answers[0])
    assert judge.solved and judge.replay_line() and judge.board.game.is_won


def _maria_after_two_moves() -> Game:
    game = Game("maria", deal=5)
    for _ in range(2):
        game.play(hint(game, max_states=120_000).move)
    return game


def test_the_hints_sentence_has_no_budgets_while_the_hint_keeps_them():
    game = _maria_after_two_moves()  # the example: no sampled world won, the progress search chose
    h = hint(game, max_states=120_000)
    assert "no sampled world was won (6 tried)" in h.reason and "2,000 states in 3 sampled worlds" in h.reason
    assert (h.worlds, h.worlds_won, h.starts, h.world_states) == (6, 0, 0, 20_000)
    assert (h.progress_states, h.progress_worlds) == (2_000, 3) and h.moves_compared >= 2
    assert f"put {h.cards_home:.1f} cards home on average, the most of {h.moves_compared} moves" in h.reason
    assert h.states > 0
    said = hint_message(game, h)
    assert h.sentence in said and "most cards home" in h.sentence
    assert not re.search(r"\d|sampled|states|world", h.sentence), h.sentence
    assert hint_line(game, h).endswith(h.reason)  # the notebooks' line keeps the expert's counts


def test_a_hint_that_starts_wins_says_so_in_words():
    game = Game("forty_thieves", deal=1)
    h = hint(game, max_states=120_000)
    assert h.worlds_won and 0 < h.starts <= h.worlds_won <= h.worlds
    assert f"it starts a win in {h.starts} of {h.worlds} sampled worlds" in h.reason
    assert "this move starts a win in" in h.sentence and not re.search(r"\d|sampled|world", h.sentence)
    assert h.sentence.endswith("(fair: from the cards you can see)")




def test_a_wrong_move_is_told_the_idea_of_its_own_kind():
    """Issue 43 (Streets #16): a card placed on a column was told the puzzle's theme, "a card that
    can go home may still be needed", which says nothing about that move. Now each losing move
    gets the idea of its own kind: a card sent home, the hold-back idea (or the twins'); an empty
    column filled, the empty-column idea (unless the answer puts the waste card there: then the
    waste card's); a deal, place-before-dealing."""
    told = {"home": set(), "fills": set(), "fills_as_the_answer": set(), "deal": set()}
    for variant in ("forty_thieves", "streets", "maria", "limited"):
        for k, p in enumerate(puzzles(variant)):
            game = p.game
            for move in p.losing:
                trap = trap_of(game, move, p.answers)
                # the words of the habit move where its idea is not the theme's, and of a few others
                heard = move == p.habit and (trap != p.theme or k < 3)
                said = Puzzle(p).check(move).message if heard else None
                if move.endswith(">f"):
                    told["home"].add(trap)
                elif move == "s>w":
                    told["deal"].add(trap)
                elif not game.tableau[int(move.split(">")[1].split("x")[0]) - 1]:
                    waste_fills = any(a.startswith("w>") and not game.tableau[int(a[2:]) - 1]
                                      for a in p.answers if a[2:].isdigit())
                    told["fills_as_the_answer" if waste_fills else "fills"].add(trap)
                if said is not None:
                    assert f"The idea: {THEMES[trap][1]}" in said, (p.id, move)
                    if trap != p.theme:  # not the puzzle's theme: the move's own
                        assert THEMES[p.theme][1] not in said, (p.id, move)
    assert told["home"] <= {"hold_back_from_home", "which_twin_home"} and told["home"]
    assert told["fills"] == {"keep_an_empty_column"}
    assert told["fills_as_the_answer"] <= {"where_the_waste_card_goes", "dig_out_a_card", "split_a_run",
                                           "empty_a_column"}
    assert told["deal"] <= {"place_before_dealing", "when_to_redeal"} and told["deal"]


def test_a_losing_move_says_what_it_costs_in_facts():
    """What a wrong move costs on the table, each a fact the verdict carries and its words say: the
    last empty column filled, a card left with nowhere to go (tests/test_facts.py checks each
    against the positions)."""
    said = {}
    for variant in ("forty_thieves", "indian", "maria", "lucas"):
        for p in puzzles(variant):
            for fact in costs(p.game, p.habit):
                said.setdefault(fact.kind, (p, fact))
    assert {"last_empty", "stranded"} <= set(said)
    p, fact = said["last_empty"]
    verdict = Puzzle(p).check(p.habit)
    assert fact in verdict.facts
    words = f"Column {fact.pile} was your last empty column: now no other card can go there."
    assert words in verdict.message
    p, fact = said["stranded"]
    verdict = Puzzle(p).check(p.habit)
    where = "in the waste" if fact.pile == "w" else f"in column {fact.pile}"
    assert fact in verdict.facts
    assert f"After it, {card_symbol(parse_card(fact.card))} {where} has nowhere to go." in verdict.message
