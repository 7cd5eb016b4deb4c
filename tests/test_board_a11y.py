"""What the board publishes for a screen reader and a learner (issue 35, "On the board"): spoken
forms beside the symbols, a deal naming its card, a review's step said (the last as the last), its
marks as the summary counts them, its progress run to 100 %, and a puzzle's prompt shown once."""

from __future__ import annotations

import re

import pytest
from test_safe_home import maria_trap
from test_widget import Browser
from test_widget_review import trap_board  # noqa: F401 (the fixture reviewed uses)

from ft_widget import Board, Game
from ft_widget.cards import card_name, parse_card
from ft_widget.words import review_progress, spoken

SYMBOLS = re.compile(r"[♣♦♥♠]")


def test_spoken_forms_name_cards_and_moves_in_words():
    assert spoken("K♣ can't go on 6♠: in Maria you build down in alternate colours") == \
        "King of Clubs can't go on Six of Spades: in Maria you build down in alternate colours"
    assert spoken("10♥ home; 6>5 can be taken back; 4>9x3, s>w, w>s and 12>f") == (
        "Ten of Hearts home; the move from column 6 to column 5 can be taken back; the move of 3 cards "
        "from column 4 to column 9, the move from the stock to the waste, the move from the waste to "
        "the stock and the move from column 12 to the foundations")
    # words that only look like cards or moves are left alone
    assert spoken("Review: 45% of 130 moves, 2>1 ratio? No: x>y, A♣x") == \
        "Review: 45% of 130 moves, the move from column 2 to column 1 ratio? No: x>y, A♣x"
    assert spoken("") == "" and spoken(None) == ""


def test_a_refusal_is_published_with_its_spoken_form(monkeypatch):
    board = Board("maria", deal=5)
    browser = Browser(board, monkeypatch)
    legal = {str(m) for m in board.game.legal_moves()}
    bad = next(f"{a}>{b}" for a in range(1, 10) for b in range(1, 10)
               if a != b and f"{a}>{b}" not in legal and board.game.tableau[b - 1])
    state = browser.send("move", move=bad)
    assert state["message_kind"] == "error" and SYMBOLS.search(state["message"])
    said = state["spoken"]["message"]
    assert said == spoken(state["message"]) and not SYMBOLS.search(said) and " of " in said
    assert state["spoken"]["review"] is None and state["spoken"]["clue"] == ""


@pytest.mark.parametrize("variant", ["maria", "little_forty"])
def test_a_deal_names_the_card_it_turned_up(variant, monkeypatch):
    board = Board(variant, deal=3)
    browser = Browser(board, monkeypatch)
    state = browser.send("move", move="s>w")
    top = card_name(parse_card(state["waste"]["top"][-1]))
    n = board.game.variant.stock_deal
    expected = f"Dealt the {top} to the waste" if n == 1 else \
        f"Dealt {n} cards to the waste, the {top} on top"
    assert state["last_move_text"] == expected


@pytest.fixture
def reviewed(trap_board):  # noqa: F811 (the fixture imported above, by name)
    """The Maria trap's board with its losing move played, and its browser (test_widget_review's)."""
    return trap_board


def test_a_review_step_is_said_in_words_the_last_as_the_last(reviewed):
    board, browser = reviewed
    state = browser.send("review", step=0)
    assert state["spoken"]["review"] == "Review: the start, 2 moves."
    state = browser.send("review", step=1)
    assert state["spoken"]["review"] == ("Move 1 of 2: Five of Hearts home from column 1. "
                                         "The losing move.")
    state = browser.send("review", step=2)
    said = state["spoken"]["review"]
    assert said.startswith("Move 2 of 2, the last move: ") and not SYMBOLS.search(said)
    assert state["review"]["steps"][1]["played_spoken"] == spoken(state["review"]["steps"][1]["played_words"])
    assert browser.send("review_close")["spoken"]["review"] is None


def test_the_steps_carry_the_mark_the_summary_counts(reviewed):
    board, browser = reviewed
    state = browser.send("review", step=0)
    review = board.current_review
    steps = state["review"]["steps"]
    assert [s["fair_mark"] for s in steps] == [s.mark for s in review.steps]
    assert steps[0]["mark"] == "losing"  # the solver's losing move, whatever the expert's mark
    mistakes = sum(s["fair_mark"] == "mistake" for s in steps)
    inaccuracies = sum(s["fair_mark"] == "inaccuracy" for s in steps)
    assert f"{mistakes} mistake" in review.summary and f"{inaccuracies} inaccurac" in review.summary


def test_the_review_shows_the_position_before_the_step_and_its_progress_reaches_100(reviewed):
    board, browser = reviewed
    browser.states()
    state = browser.send("review", step=2)
    messages = [s["message"] for s in browser.states()]
    progress = [m for m in messages if m.startswith("Reviewing")]
    assert progress[0] == review_progress(2, 0) and progress[-1] == review_progress(2, 100)
    assert messages.index(progress[-1]) < len(messages) - 1  # then the summary, or the step shown
    # step 2 shows the position before move 2, the move played and the expert's as arrows
    before = maria_trap()
    before.play("1>f")
    assert state["moves"] == 1 and state["last_move"] == "1>f"
    shown = Board(before).state
    assert state["tableau"] == shown["tableau"] and state["foundations"] == shown["foundations"]
    step = state["review"]["steps"][1]
    assert step["from"] == "3" and step["played"] == "3>f"


def test_a_training_run_shows_each_prompt_once(monkeypatch):
    board = Board.training("maria")
    browser = Browser(board, monkeypatch)
    assert board.state["puzzle"]["prompt"] and board.state["message"] == ""
    state = browser.send("next_puzzle")
    assert state["puzzle"]["prompt"] and state["puzzle"]["prompt"].rstrip(".") not in state["message"]
    assert state["spoken"]["prompt"] == spoken(state["puzzle"]["prompt"])  # the live region says it
    assert isinstance(board.game, Game)
