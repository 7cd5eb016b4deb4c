"""The board's protocol, tested as the browser speaks it.

Requests arrive the way the frontend sends them: a comm ``update`` message whose state
sets ``request`` (see docs/widget-protocol.md), handled by ipywidgets' own message code.
What goes back to the browser is read from the messages the widget sends on its comm,
so "every view updates" means: one ``update`` message to the model all views share.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import random
import re
import stat
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import ipywidgets
import pytest
import traitlets
from conftest import ONE_CARD_VARIANTS, RULES, VARIANT_IDS, builds_on, make_game, random_position

from ft_widget import VARIANTS, Board, Game, IllegalMove, Move
from ft_widget.board import public_state
from ft_widget.board.protocol import MAX_RUN_MOVES, MAX_TEXT
from ft_widget.cards import card_name, card_str, parse_card
from ft_widget.words import move_words

ROOT = Path(__file__).resolve().parents[1]


# --------------------------------------------------------------------------- the browser's side
class Browser:
    """Speaks to a board as the frontend does: comm messages in, comm messages out."""

    def __init__(self, board: Board, monkeypatch: pytest.MonkeyPatch):
        self.board = board
        self.sent: list[dict] = []
        self.next_id = 0
        monkeypatch.setattr(board, "_send", lambda msg, buffers=None: self.sent.append(msg))

    def update(self, **state) -> None:
        """What ``model.set(...); model.save_changes()`` sends."""
        self.board._handle_msg({
            "content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": [],
        })

    def send(self, action: str, **fields) -> dict:
        """A well-formed request with the next id; returns the state Python published."""
        self.update(request={"id": self.next_id, "action": action, **fields})
        self.next_id += 1
        if action == "review":  # worked out in a thread of its own: the browser sees it when done
            assert self.board.wait_for_review(120), "the review did not finish"
        return self.board.state

    def states(self) -> list[dict]:
        """The states pushed to the browser since the last call, oldest first."""
        out = [m["state"]["state"] for m in self.sent if m["method"] == "update" and "state" in m["state"]]
        self.sent.clear()
        return out


@pytest.fixture
def quiet(caplog):
    """Fails the test if anything reaches the kernel's log at WARNING or above."""
    caplog.set_level(logging.WARNING)
    yield
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def browser_for(board, monkeypatch) -> Browser:
    return Browser(board, monkeypatch)


def snapshot(board: Board):
    g = board.game
    return g.position(), g.history, g.can_redo, board.variant


def visible_cards(game: Game) -> Counter:
    """The card texts the published state holds: what a player at the table sees (face-up tableau
    cards, the foundations, and the whole waste, each of whose cards turned up before the player,
    as the fair players know it: ``expert.PlayerView``), the waste's top deal twice (drawn on the
    pile, and in the spread waste's ``seen``)."""
    seen = Counter()
    for col, down in zip(game.tableau, game.face_down_counts, strict=True):
        seen.update(card_str(c) for c in col[down:])
    seen.update(card_str(c) for pile in game.foundations for c in pile)
    seen.update(card_str(c) for c in game.waste)
    if game.waste:
        seen.update(card_str(c) for c in game.waste[-game.variant.stock_deal:])
    return seen


CARD_TOKEN = re.compile(r'"([A2-9TJQK][CDHS])"')


# --------------------------------------------------------------------------- hidden cards
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_state_holds_exactly_the_visible_cards(variant):
    """Every card text in the published JSON is one a player can see, as often as it is seen.

    Each card exists twice, so "QH" may appear while the other QH is face down; counting
    occurrences catches a hidden card leaking even then.
    """
    rng = random.Random(7)
    board = Board(variant, deal=11)
    leaks_possible = 0
    for _ in range(40):
        game = board.game
        text = json.dumps(board.state)
        assert Counter(CARD_TOKEN.findall(text)) == visible_cards(game)
        # the check has teeth: hidden cards exist that a leak would add to the count
        hidden = len(game.stock) + sum(game.face_down_counts)
        leaks_possible += hidden > 0
        assert board.state["stock"] == {"count": len(game.stock)}
        assert [c["down"] for c in board.state["tableau"]] == game.face_down_counts
        assert board.state["waste"]["count"] == len(game.waste)
        moves = game.legal_moves()
        if not moves:
            break
        board.play(rng.choice(moves))
    assert leaks_possible >= 30


def test_the_card_count_check_sees_a_leak():
    """The counting above fails when hidden cards are sent (here: the full position)."""
    game = Game("rank_and_file", deal=3)
    leaked = json.dumps(public_state(game)) + json.dumps(game.position()["stock"])
    assert Counter(CARD_TOKEN.findall(leaked)) != visible_cards(game)


def test_little_forty_shows_one_deal_of_the_waste():
    board = Board("little_forty", deal=2)
    board.play("s>w")
    board.play("s>w")
    waste = board.game.waste
    assert board.state["waste"] == {"count": 6, "top": [card_str(c) for c in waste[-3:]],
                                    "seen": [card_str(c) for c in waste]}
    assert board.state["stock_deal"] == 3 and board.state["redeals_left"] == 3


def test_the_waste_is_seen_whole_and_nothing_hidden_with_it():
    """The spread waste: every waste card, oldest first (each turned up before the player), and
    still no stock or face-down card in the state."""
    board = Board("number_ten", deal=4)
    for _ in range(5):
        board.play("s>w")
    seen = board.state["waste"]["seen"]
    assert seen == [card_str(c) for c in board.game.waste] and len(seen) == 5
    text = json.dumps(board.state)
    game = board.game
    hidden = [card_str(c) for c in game.stock] + [
        card_str(c) for col, d in zip(game.tableau, game.face_down_counts, strict=True) for c in col[:d]]
    visible = set(seen) | {c for col in board.state["tableau"] for c in col["up"]}
    assert not [c for c in hidden if c not in visible and f'"{c}"' in text]


def test_public_state_fields_follow_the_game():
    board = Board("number_ten", deal=4)
    s = board.state
    assert (s["variant"], s["variant_name"], s["deal"], s["columns"]) == ("number_ten", "Number Ten", 4, 10)
    assert s["sequences"] is True and s["build"] == "alternate colour"
    assert s["legal"] == [str(m) for m in board.game.legal_moves()]
    assert (s["moves"], s["home"], s["status"]) == (0, 0, "playing")
    assert (s["can_undo"], s["can_redo"]) == (False, False)
    assert s["foundations"] == [[]] * 8 and s["tableau"][0]["down"] == 2 and len(s["tableau"][0]["up"]) == 2
    assert (s["last_move"], s["hint"], s["ack"], s["message"], s["message_kind"]) == (None, None, -1, "", "")
    assert sorted(Board("lucas", deal=1).state["foundations"]) == [["AC"], ["AC"], ["AD"], ["AD"],
                                                                   ["AH"], ["AH"], ["AS"], ["AS"]]


# --------------------------------------------------------------------------- the browser holds no rules
def reference_shortcuts(position: dict) -> set[str]:
    """One-card games' run shortcuts from docs/rules.md alone: the top n ≥ 2 face-up cards of a
    column built down by the variant's rule, onto a card that takes the deepest (or an empty
    column), with 2**k ≥ n for the k other empty columns to park on."""
    rules = RULES[position["variant"]]
    if rules.sequences:
        return set()
    cols = [[c for c in col if not c.startswith("<")] for col in position["tableau"]]
    empty = [not col for col in position["tableau"]]
    out = set()
    for i, up in enumerate(cols):
        n = 1
        while n < len(up) and builds_on(up[-n], up[-n - 1], rules.build):
            n += 1
        for k in range(2, n + 1):
            for j, target in enumerate(position["tableau"]):
                if j == i or (target and not builds_on(up[-k], target[-1], rules.build)):
                    continue
                if k <= 2 ** sum(e for x, e in enumerate(empty) if x != j):
                    out.add(f"{i + 1}>{j + 1}x{k}")
    return out


@pytest.mark.parametrize("variant", ONE_CARD_VARIANTS)
def test_legal_moves_hold_exactly_the_run_shortcuts_and_python_plays_them(monkeypatch, quiet, variant):
    """The state's legal list carries the shortcuts (no copy of the rule in the browser);
    each one, sent as the browser sends it, is played by the engine as single-card moves
    that leave the run on its destination, in order."""
    rng = random.Random(f"shortcuts-{variant}")
    played = 0
    for _ in range(60):
        position = random_position(variant, rng)
        board = Board(Game.from_position(position))
        legal = board.state["legal"]
        shortcuts = {m for m in legal if "x" in m}
        assert shortcuts == reference_shortcuts(position)
        assert len(legal) == len(set(legal))
        browser = browser_for(board, monkeypatch)
        for text in sorted(shortcuts)[:3]:
            src, dst, n = re.fullmatch(r"(\d+)>(\d+)x(\d+)", text).groups()
            run = board.state["tableau"][int(src) - 1]["up"][-int(n):]
            state = browser.send("move", move=text)
            assert state["message_kind"] == "", state["message"]
            assert state["tableau"][int(dst) - 1]["up"][-int(n):] == run
            assert all(m.count == 1 for m in board.game.history[-state["moves"]:])
            on_it = "the card" if n == "2" else f"the {int(n) - 1} cards"
            assert state["last_move_text"].endswith(f"and {on_it} on it from column {src} to column {dst}")
            played += 1
            board.restart()
    assert played >= 40, played


def test_a_shortcut_the_engine_cannot_play_is_refused_in_words(monkeypatch, quiet):
    board = Board(make_game("streets", ["KD 9H 8S", "TC", "", "5D"]))
    browser = browser_for(board, monkeypatch)
    before = snapshot(board)
    state = browser.send("move", move="1>4x2")  # 9H can't go on 5D
    assert state["message"] == "9♥ can't go on 5♦: it needs a Ten (you build down one rank at a time)"
    state = browser.send("move", move="1>2x3")  # KD 9H 8S is no run
    assert state["message"] == ("the top 3 cards of column 1 are not a run: in Streets you build down "
                                "in alternate colours")  # the engine's words
    assert snapshot(board) == before


def test_what_can_be_lifted_is_data_in_the_state():
    seq = Board(make_game("number_ten", ["<5C> KD QS JH", "TC", "", "9H 8S"]))
    assert seq.state["runs"][:4] == [3, 1, 0, 2] and seq.state["lift"][:4] == [3, 1, 0, 2]
    one = Board(make_game("streets", ["KD QS JH", "9H 8S", "5D", "4C", "4C", "4S", "4S", "4H", "4H", "4D"]))
    # no empty column: a run can't travel one card at a time, so only top cards lift
    assert one.state["runs"][:3] == [3, 2, 1] and one.state["lift"][:3] == [1, 1, 1]
    words = one.state["words"]
    assert words["not_run"] == "Those cards are not a run: in Streets you build down in alternate colours."
    assert set(words) == {"foundation", "waste", "face_down", "not_run", "no_room"}


def test_status_line_variant_list_and_foundation_choice_come_from_python():
    board = Board("little_forty", deal=6)
    s = board.state
    assert s["status_text"] == "Little Forty · deal 6 · 0 moves · 0/104 home · 3 redeals left"
    assert [v["id"] for v in s["variants"]] == list(VARIANTS)
    assert {v["name"] for v in s["variants"]} == {v.name for v in VARIANTS.values()}
    board.play("s>w")
    assert board.state["status_text"].startswith("Little Forty · deal 6 · 1 move · ")
    top = card_name(parse_card(board.state["waste"]["top"][-1]))  # a deal names the card it turned up
    assert board.state["last_move_text"] == f"Dealt 3 cards to the waste, the {top} on top"
    # the foundation pile each move home lands on, as the engine chooses it
    game = make_game("forty_thieves", ["2H", "AH", "AS"], foundations=[["AH"], [], ["AC"]])
    piles = Board(game).state["home_piles"]
    assert piles == {"1>f": "f1", "2>f": "f2", "3>f": "f2"}


# --------------------------------------------------------------------------- nothing lost, game ends
def test_a_new_deal_or_game_from_the_browser_can_be_undone(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    browser.send("move", move="8>2")
    browser.send("move", move="s>w")
    state = browser.send("new", deal=7)
    assert state["deal"] == 7 and "Undo brings back your Maria game (deal 5, 2 moves)" in state["message"]
    assert state["can_undo"] and state["undo_text"] == "Back to your Maria game (deal 5, 2 moves)"
    browser.send("move", move="s>w")  # a move in the new game is undone first …
    state = browser.send("undo")
    assert (state["deal"], state["moves"]) == (7, 0)
    state = browser.send("undo")  # … then the old game comes back, history and all
    assert (state["variant"], state["deal"], state["moves"]) == ("maria", 5, 2)
    assert [str(m) for m in board.game.history] == ["8>2", "s>w"]
    assert state["message"] == "Back to your Maria game (deal 5, 2 moves)."
    # switching the variant from the game menu is undone the same way
    browser.update(variant="lucas")
    assert board.state["variant"] == "lucas" and board.state["can_undo"]
    state = browser.send("undo")
    assert (state["variant"], state["moves"]) == ("maria", 2)
    # a fresh deal replacing an untouched deal keeps nothing to go back to
    fresh = Board("maria", deal=5)
    fresh.new_game(deal=6)
    assert not fresh.state["can_undo"]


def test_assigning_a_finished_game_shows_its_end_at_once():
    board = Board("maria", deal=5)
    won = make_game("forty_thieves", ["KS"])
    won.play("1>f")
    board.game = won
    assert board.state["status"] == "won" and board.state["message"].startswith("Won!")
    assert board.state["end_text"] == "All 104 cards are home in 1 move."
    stuck = make_game("forty_thieves", [
        "AS 2S", "AS 2S", "3S 4S", "3S 4S", "5S 6S", "5S 6S", "7S 8S", "7S 8S",
        "9S JS QS KS TS", "9S JS QS KS TS"], stock="")
    board.game = stuck
    assert board.state["status"] == "stuck" and "stuck" in board.state["end_text"]
    assert board.state["status_text"].endswith("no moves left")


def test_the_session_scoreboard(monkeypatch, quiet):
    board = Board(make_game("forty_thieves", ["KS"]))
    assert board.stats.empty and board.state["session"] == []
    board.play("1>f")
    board.new_game(variant="maria", deal=5)
    board.play("s>w")
    board.new_game(deal=6)  # dealt, never played: not counted
    stats = board.stats
    assert list(stats.columns) == ["variant", "name", "played", "won", "best_moves",
                                   "puzzles", "puzzles_solved", "clues", "tries"]  # + the puzzles' score
    assert (stats[["puzzles", "puzzles_solved", "clues", "tries"]] == 0).all().all()  # no puzzle played
    rows = {r.variant: r for r in stats.itertuples()}
    ft = rows["forty_thieves"]
    assert (ft.played, ft.won, ft.best_moves) == (1, 1, 1)
    assert (rows["maria"].played, rows["maria"].won) == (1, 0)
    assert stats["best_moves"].isna().tolist() == [False, True]
    maria = {"variant": "maria", "name": "Maria", "played": 1, "won": 0, "best": None}
    assert board.state["session"][1] == maria


def test_auto_play_switch_and_column_numbers_reach_the_state(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    assert board.state["auto_home"] is False and board.column_numbers is True
    browser.update(auto_home=True)
    assert board.auto_home is True and board.state["auto_home"] is True
    browser.update(auto_home=False)
    assert board.state["auto_home"] is False


# --------------------------------------------------------------------------- requests that play
def test_a_move_request_plays_and_every_view_gets_the_new_state(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    version = board.state["version"]
    move = str(board.game.legal_moves()[0])
    state = browser.send("move", move=move)
    assert [str(m) for m in board.game.history] == [move]  # the kernel's game, at once
    assert state["ack"] == 0 and state["last_move"] == move and state["moves"] == 1
    assert state["version"] == version + 1 and state["message_kind"] == ""
    # one state update reaches all views (the request itself is not echoed back to them)
    assert [m["method"] for m in browser.sent] == ["update"]
    assert browser.states() == [state]


def test_an_illegal_move_shows_the_engines_reason_and_changes_nothing(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    before = snapshot(board)
    illegal = next(f"{i}>{j}" for i in range(1, 10) for j in range(1, 10)
                   if i != j and not board.game.is_legal(f"{i}>{j}"))
    with pytest.raises(IllegalMove) as reason:
        board.game.copy().play(illegal)
    state = browser.send("move", move=illegal)
    assert state["message"] == str(reason.value) and state["message_kind"] == "error"
    assert state["ack"] == 0 and snapshot(board) == before
    assert state["last_move"] is None


def test_undo_redo_restart_new(monkeypatch, quiet):
    board = Board("forty_thieves", deal=8)
    browser = browser_for(board, monkeypatch)
    first = board.game.position()
    browser.send("move", move="s>w")
    browser.send("move", move="s>w")
    assert browser.send("undo")["can_redo"] is True
    assert [str(m) for m in board.game.history] == ["s>w"]
    assert browser.send("redo")["moves"] == 2
    state = browser.send("restart")
    assert board.game.position() == first and state["moves"] == 0 and state["can_redo"]
    state = browser.send("new", deal=123)
    assert board.game.deal == 123 and state["deal"] == 123 and not state["can_redo"]
    assert state["message"] == "Forty Thieves, deal 123" and state["message_kind"] == "info"
    state = browser.send("new")
    assert 1 <= board.game.deal <= 32000 and state["deal"] == board.game.deal
    assert board.variant == "forty_thieves"


def test_nothing_to_undo_or_redo_is_said_not_raised(monkeypatch, quiet):
    board = Board("streets", deal=3)
    browser = browser_for(board, monkeypatch)
    assert browser.send("undo")["message"] == "There is no move to undo."
    assert browser.send("redo")["message_kind"] == "error"
    assert browser.send("restart")["message"] == "This is already the opening position."
    assert board.game.history == []


def test_run_shortcut_plays_single_card_moves_all_or_nothing(monkeypatch, quiet):
    # Streets (alternate colours, one card at a time): move 9H 8S from column 1 onto 10C
    # in column 2 through the empty column 3.
    board = Board(make_game("streets", ["KD 9H 8S", "TC", "", "5D"]))
    browser = browser_for(board, monkeypatch)
    seen = []
    board.on_move(lambda b, m: seen.append(str(m)))
    before = snapshot(board)
    state = browser.send("move", moves=["1>3", "1>4", "3>2"])  # 1>4: 9H can't go on 5D
    assert state["message_kind"] == "error" and "move 2 of 3" in state["message"]
    assert "nothing was moved" in state["message"] and snapshot(board) == before and seen == []
    state = browser.send("move", moves=["1>3", "1>2", "3>2"])
    assert [str(m) for m in board.game.history] == ["1>3", "1>2", "3>2"] == seen
    assert state["tableau"][1]["up"] == ["TC", "9H", "8S"] and state["moves"] == 3
    # the other spelling of the same request
    board.undo(), board.undo(), board.undo()
    assert browser.send("moves", moves=["1>3", "1>2", "3>2"])["moves"] == 3


@pytest.mark.parametrize("moves", [["s>w"], ["w>3"], ["1>f"], ["4>9x2"], []])
def test_run_shortcut_takes_only_single_card_column_moves(monkeypatch, quiet, moves):
    board = Board(make_game("streets", ["KD 9H 8S", "TC", "", "5D"], waste="AS"))
    browser = browser_for(board, monkeypatch)
    before = snapshot(board)
    assert browser.send("move", moves=moves)["message_kind"] == "error"
    assert snapshot(board) == before


# --------------------------------------------------------------------------- malformed requests
MALFORMED = [
    "3>f",
    17,
    [{"id": 0, "action": "undo"}],
    {"action": "undo"},
    {"id": "0", "action": "undo"},
    {"id": True, "action": "undo"},
    {"id": 1.0, "action": "undo"},
    {"id": 2**60, "action": "undo"},
    {"id": 0},
    {"id": 0, "action": None},
    {"id": 0, "action": "fly"},
    {"id": 0, "action": "x" * 10_000},
    {"id": 0, "action": ["undo"]},
    {"id": 0, "action": "undo", "extra": 1},
    {"id": 0, "action": "move"},
    {"id": 0, "action": "move", "move": 5},
    {"id": 0, "action": "move", "move": None},
    {"id": 0, "action": "move", "move": "1>2" + " " * MAX_TEXT},
    {"id": 0, "action": "move", "move": "x" * 1_000_000},
    {"id": 0, "action": "move", "move": "14>f"},
    {"id": 0, "action": "move", "move": "10>1"},  # Maria has 9 columns
    {"id": 0, "action": "move", "move": "f>1"},
    {"id": 0, "action": "move", "move": "1>2x0"},
    {"id": 0, "action": "move", "move": "3>f", "moves": ["3>f"]},
    {"id": 0, "action": "move", "moves": "1>2"},
    {"id": 0, "action": "move", "moves": ["1>2"] * (MAX_RUN_MOVES + 1)},
    {"id": 0, "action": "move", "moves": ["1>2"] * 1_000_000},
    {"id": 0, "action": "move", "moves": [1, 2]},
    {"id": 0, "action": "move", "moves": [["1>2"]]},
    {"id": 0, "action": "new", "deal": "5"},
    {"id": 0, "action": "new", "deal": 0},
    {"id": 0, "action": "new", "deal": 10**40},
    {"id": 0, "action": "new", "deal": 2.5},
    {"id": 0, "action": "new", "deal": [1] * 100_000},
    {"id": 0, "action": "hint", "deal": 5},
]


@pytest.mark.parametrize("request_", MALFORMED, ids=lambda r: json.dumps(r)[:40])
def test_malformed_requests_are_refused_quietly(monkeypatch, quiet, request_):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    before = snapshot(board)
    browser.update(request=request_)
    state = board.state
    assert state["message_kind"] == "error" and state["message"]
    assert len(state["message"]) <= 300  # a huge request does not come back in the answer
    assert snapshot(board) == before
    assert browser.states() == [state]  # the refusal is shown on every view


def test_the_quiet_fixture_would_see_an_exception(monkeypatch, caplog):
    """ipywidgets logs an exception raised while handling an update; our boards raise none."""
    caplog.set_level(logging.WARNING)
    button = ipywidgets.Button()
    Browser(button, monkeypatch).update(description=5)
    assert any(r.levelno >= logging.WARNING for r in caplog.records)


def test_stale_and_repeated_ids(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    browser.update(request={"id": 5, "action": "move", "move": "s>w"})
    assert board.state["ack"] == 5 and board.game.cards_home == 0
    before = snapshot(board)
    for stale, action in ((5, "undo"), (4, "move"), (0, "move")):
        fields = {"move": "s>w"} if action == "move" else {}
        browser.update(request={"id": stale, "action": action, **fields})
        assert board.state["message_kind"] == "error" and "stale" in board.state["message"]
        assert board.state["ack"] == 5 and snapshot(board) == before
    # the very same message delivered twice (marimo does) is played once; the repeat says nothing
    browser.update(request={"id": 6, "action": "move", "move": "s>w"})
    answered = board.state
    browser.update(request={"id": 6, "action": "move", "move": "s>w"})
    assert len(board.game.history) == 2 and board.state == answered and answered["message"] == ""
    # the same id with other content is stale
    browser.update(request={"id": 6, "action": "undo"})
    assert len(board.game.history) == 2 and "stale" in board.state["message"]


def test_a_refused_request_is_still_answered(monkeypatch, quiet):
    """A well-numbered request that is refused moves ``ack`` on, so the browser stops waiting."""
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    browser.update(request={"id": 3, "action": "fly"})
    assert board.state["ack"] == 3


def test_the_browser_cannot_write_the_state(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    truth = public_state(board.game)
    browser.update(state={"home": 104, "status": "won"})
    assert {k: board.state[k] for k in truth} == truth
    browser.update(state="won")
    assert {k: board.state[k] for k in truth} == truth and board.state["message_kind"] == "error"
    assert browser.states()[-1] == board.state


@pytest.mark.parametrize("bad", [{"buttons": {"undo": "<b>gone</b>"}}, {}, "words", None])
def test_the_browser_cannot_write_the_words_either(monkeypatch, quiet, bad):
    """A view that overwrites the synced ``ui`` (the board's words) gets them back, as ``state``."""
    from ft_widget.board.ui_words import ui_words

    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    browser.update(ui=bad)
    assert board.ui == ui_words()
    sent = [m["state"]["ui"] for m in browser.sent if m["method"] == "update" and "ui" in m["state"]]
    assert sent and sent[-1] == ui_words()  # the views have the words again


# --------------------------------------------------------------------------- variant
def test_setting_the_variant_starts_a_new_game(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    board.play("s>w")
    board.variant = "lucas"
    assert board.game.variant is VARIANTS["lucas"] and board.game.history == []
    assert board.state["variant"] == "lucas" and board.state["columns"] == 13
    assert browser.states()[-1]["variant"] == "lucas"
    browser.update(variant="indian")  # a view may switch it too
    assert board.game.variant.id == "indian" and board.state["variant_name"] == "Indian"


@pytest.mark.parametrize("bad", ["nope", 5, None, "x" * 100_000])
def test_a_bad_variant_from_the_browser_is_refused(monkeypatch, quiet, bad):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    before = snapshot(board)
    browser.update(variant=bad)
    assert snapshot(board) == before and board.state["message_kind"] == "error"
    assert len(board.state["message"]) <= 300
    # the views are told the variant again, so a menu showing the bad value is put back
    resent = [m["state"] for m in browser.sent if m["method"] == "update"]
    assert {"variant": "maria", "auto_home": False} in resent


@pytest.mark.parametrize("bad", ["yes", None, [True]])
def test_a_bad_auto_home_from_the_browser_is_refused(monkeypatch, quiet, bad):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    browser.update(auto_home=bad)
    assert board.auto_home is False and board.state["message_kind"] == "error"
    resent = [m["state"] for m in browser.sent if m["method"] == "update"]
    assert {"variant": "maria", "auto_home": False} in resent
    browser.update(auto_home=True)  # a good value is taken
    assert board.auto_home is True


def test_a_bad_variant_from_python_raises():
    board = Board("maria", deal=5)
    with pytest.raises(traitlets.TraitError, match="unknown variant"):
        board.variant = "klondike"
    assert board.variant == "maria" and board.game.deal == 5


# --------------------------------------------------------------------------- python side
def test_python_calls_reach_the_state(monkeypatch):
    board = Board("rank_and_file", deal=9)
    browser = browser_for(board, monkeypatch)
    board.play("s>w")
    assert browser.states()[-1]["moves"] == 1
    assert str(board.undo()) == "s>w" and board.state["moves"] == 0
    assert str(board.redo()) == "s>w" and board.state["last_move"] == "s>w"
    board.restart()
    assert board.state["can_redo"] and board.state["moves"] == 0
    game = board.new_game(deal=77)
    assert board.game is game and board.state["deal"] == 77 and board.variant == "rank_and_file"
    board.new_game(deal=2, variant="limited")
    assert board.variant == "limited" and board.state["columns"] == 12
    with pytest.raises(IllegalMove):
        board.play("1>f" if not board.game.is_legal("1>f") else "f>1")
    with pytest.raises(IndexError):
        Board("maria", deal=1).undo()
    assert len(browser.states()) == 5


def test_a_game_changed_directly_is_shown_after_refresh():
    board = Board("maria", deal=5)
    board.game.play("s>w")
    assert board.state["moves"] == 0
    board.refresh()
    assert board.state["moves"] == 1


def test_assigning_a_game(monkeypatch):
    board = Board("maria", deal=5)
    game = Game("indian", deal=3)
    game.play("s>w")
    board.game = game
    assert board.variant == "indian" and board.game is game and board.state["moves"] == 1
    with pytest.raises(TypeError):
        board.game = "indian"
    with pytest.raises(ValueError):
        Board(game, deal=3)


def test_on_move_sees_python_and_browser_moves_and_can_be_removed(monkeypatch, quiet):
    board = Board("forty_thieves", deal=8)
    browser = browser_for(board, monkeypatch)
    calls = []

    @board.on_move
    def record(b, move):
        calls.append((b, str(move), len(b.game.history)))  # called after the move

    board.play("s>w")
    browser.send("move", move="s>w")
    browser.send("move", move="9>9")  # refused: no call
    board.undo()  # undo is not a move: no call
    board.redo()  # the move enters the game again
    assert calls == [(board, "s>w", 1), (board, "s>w", 2), (board, "s>w", 2)]
    board.on_move(record, remove=True)
    board.play("s>w")
    assert len(calls) == 3


def test_a_failing_callback_does_not_stop_the_board(monkeypatch, caplog):
    board = Board("forty_thieves", deal=8)
    browser = browser_for(board, monkeypatch)
    seen = []

    def broken(b, move):
        raise RuntimeError("oops")

    board.on_move(broken)
    board.on_move(lambda b, m: seen.append(str(m)))
    browser.send("move", move="s>w")
    assert seen == ["s>w"] and board.state["moves"] == 1
    assert "oops" in caplog.text  # shown (in a kernel: under the cell), not swallowed


def test_repr_and_display():
    board = Board("maria", deal=5)
    assert repr(board) == "<Board maria, deal 5: 0 moves, 0/104 home>"
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == board.model_id
    assert data["text/plain"] == repr(board)


def test_the_state_round_trips_through_json():
    board = Board("little_forty", deal=6)
    board.play("s>w")
    assert json.loads(json.dumps(board.state)) == board.state


# --------------------------------------------------------------------------- status
def test_winning_and_being_stuck_are_announced():
    board = Board(make_game("forty_thieves", ["KS"]))  # everything else is home
    assert board.state["home"] == 103
    board.play("1>f")
    assert board.state["status"] == "won" and board.state["message"].startswith("Won!")
    # only spades are out, no two tops are one rank apart and every Ace is covered
    stuck = Board(make_game("forty_thieves", [
        "AS 2S", "AS 2S", "3S 4S", "3S 4S", "5S 6S", "5S 6S", "7S 8S", "7S 8S",
        "9S JS QS KS TS", "9S JS QS KS TS"], stock=""))
    assert stuck.state["status"] == "stuck" and stuck.state["legal"] == []
    assert stuck.state["message"] == ""  # nothing happened yet; a move into this would say so


# --------------------------------------------------------------------------- auto-play
# The safe-home rule itself is tested in test_safe_home.py; here, how the board uses it.
def test_autoplay_request_plays_a_chain_and_leaves_the_stock(monkeypatch, quiet):
    # Forty Thieves: 2♠ (always safe) lets both 3♠ go, and then the 4♠; 5♠ is in the stock
    game = make_game("forty_thieves", ["QD 3S", "2S", "KD 3S", "9C 4S"],
                     foundations=["AS 2S", "AS"], stock=None)
    board = Board(game)
    browser = browser_for(board, monkeypatch)
    seen = []
    board.on_move(lambda b, m: seen.append(str(m)))
    stock = len(board.game.stock)
    state = browser.send("autoplay")
    assert seen == ["2>f", "1>f", "3>f", "4>f"]  # 4♠ became safe once both 3♠ were home
    assert state["moves"] == 4 and len(board.game.stock) == stock
    state = browser.send("autoplay")
    assert state["message"] == "No card can safely go to the foundations now." and state["moves"] == 4


# --------------------------------------------------------------------------- hint
SYMBOL = re.compile(r"(10|[2-9AJQK])([♣♦♥♠])")


@pytest.mark.parametrize("variant, deal", [("rank_and_file", 3), ("maria", 5), ("little_forty", 2)])
def test_a_hint_is_a_legal_move_and_names_only_visible_cards(monkeypatch, quiet, variant, deal):
    board = Board(variant, deal=deal)
    board.hint_time_limit = 0.3
    browser = browser_for(board, monkeypatch)
    board.play("s>w")
    before = snapshot(board)
    position = board.game.copy()
    state = browser.send("hint")
    hint = state["hint"]
    assert hint and hint["move"] in state["legal"] and hint["reason"]
    label = "Hint" if hint["kind"] == "fair" else "Hint (the solver saw hidden cards)"
    said = move_words(position, Move.parse(hint["move"]))  # in words, not notation
    assert state["message"] == f"{label}: {said} — {hint['sentence']}" and state["message_kind"] == "info"
    assert said not in hint["reason"]  # the move is said once ("put A♦ home … — put A♦ home" was twice)
    assert snapshot(board) == before  # a hint plays nothing
    seen = visible_cards(board.game)
    for rank_text, suit_text in SYMBOL.findall(json.dumps(state, ensure_ascii=False)):
        shown = card_str(parse_card(rank_text + suit_text))
        assert seen[shown], f"the hint names {shown}, which the player cannot see"
    assert Counter(CARD_TOKEN.findall(json.dumps(state))) == seen
    # the hint is about this position only: the next change clears it
    state = browser.send("move", move=hint["move"])
    assert state["hint"] is None and state["last_move"] == hint["move"]


def test_no_hint_without_a_legal_move(monkeypatch, quiet):
    board = Board(make_game("forty_thieves", [
        "AS 2S", "AS 2S", "3S 4S", "3S 4S", "5S 6S", "5S 6S", "7S 8S", "7S 8S",
        "9S JS QS KS TS", "9S JS QS KS TS"], stock=""))
    browser = browser_for(board, monkeypatch)
    state = browser.send("hint")
    assert state["hint"] is None and state["message"] == "No legal move: there is nothing to hint."
    assert board.hint() is None


def test_hints_are_advice_in_words():
    game = make_game("maria", ["KS QH", "2D", "9C", ""], waste="7D")
    assert move_words(game, "1>3") == "move Q♥ from column 1 onto 9♣"
    assert move_words(game, "2>f") == "put 2♦ home from column 2, emptying it"
    assert move_words(game, "w>1") == "move 7♦ from the waste onto Q♥"
    assert move_words(game, "1>4x2") == \
        "move K♠ and the card on it from column 1 into empty column 4, emptying it"
    assert move_words(game, "s>w") == "deal from the stock"


def test_hint_from_python_returns_the_solvers_hint():
    board = Board("lucas", deal=3)
    found = board.hint(time_limit=0.3)
    assert found.move in board.game.legal_moves() and isinstance(found.reason, str)
    hint = board.state["hint"]
    assert (hint["move"], hint["reason"]) == (str(found.move), found.reason)
    assert hint["kind"] in ("fair", "peek") and hint["from"] == str(found.move).split(">")[0]
    # the arrow's end: a column, or the very foundation pile the engine would put the card on
    dst = str(found.move).split(">")[1].split("x")[0]
    if dst == "f":
        after = board.game.copy()
        after.play(found.move)
        grown = [k for k in range(8) if len(after.foundations[k]) > len(board.game.foundations[k])]
        assert hint["to"] == f"f{grown[0] + 1}"
    else:
        assert hint["to"] == dst


def test_the_board_loads_the_committed_bundle():
    from pathlib import Path

    import ft_widget

    static = Path(ft_widget.__file__).parent / "static"
    board = Board("maria", deal=5)
    assert board._esm == (static / "widget.js").read_text()
    assert board._css == (static / "widget.css").read_text()


def test_auto_home_follows_each_move_from_the_browser(monkeypatch, quiet):
    # Forty Thieves: 3♠ can't go home until the 2♠ does; with auto_home, moving the 2♠'s
    # cover away lets both go home with the same answer
    game = make_game("forty_thieves", ["KD 3S", "2S QS", "KS"], foundations=["AS", "AS 2S"], stock=None)
    board = Board(game, auto_home=True)
    assert board.game.history == []  # nothing was safe at the start
    browser = browser_for(board, monkeypatch)
    seen = []
    board.on_move(lambda b, m: seen.append(str(m)))
    browser.send("move", move="2>3")  # QS onto KS: 2S is on top now
    assert seen == ["2>3", "2>f", "1>f"] and board.state["moves"] == 3
    assert len(browser.states()) == 1  # one answer for the move and what followed
    board.undo(), board.undo(), board.undo()
    board.play("2>3")  # from Python: code plays exactly what it asks for
    assert [str(m) for m in board.game.history] == ["2>3"]
    board.auto_home = False
    browser.send("move", move="2>f")
    assert [str(m) for m in board.game.history] == ["2>3", "2>f"]
    board.auto_home = True  # switching it on plays what is safe now
    assert [str(m) for m in board.game.history] == ["2>3", "2>f", "1>f"]


def test_the_examples_in_the_docstrings_run():
    import doctest

    import ft_widget.board.board

    result = doctest.testmod(ft_widget.board.board)
    assert result.attempted >= 8 and result.failed == 0


# --------------------------------------------------------------------------- autosave and resume
def saved_game(path) -> Game:
    """The current game of an autosave file (its "game" entry is a plain Game record)."""
    return Game.from_record(json.loads(path.read_text())["game"])


def test_autosave_writes_the_record_after_every_move_and_resume_brings_it_back(tmp_path, monkeypatch, quiet):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    browser = browser_for(board, monkeypatch)
    assert saved_game(path).history == []
    browser.send("move", move="8>2")  # from the browser …
    assert [str(m) for m in saved_game(path).history] == ["8>2"]
    board.play("s>w")  # … and from Python
    browser.send("undo")
    saved = json.loads(path.read_text())["game"]
    assert (saved["moves"], saved["undone"]) == (["8>2"], ["s>w"])
    # after a kernel restart (here: the board closed): the same game, its history, undo and redo
    board.close()
    again = Board.resume(path)
    assert again.game.position() == board.game.position() and again.autosave == path
    assert [str(m) for m in again.game.history] == ["8>2"] and again.state["can_redo"]
    again.redo()
    assert json.loads(path.read_text())["game"]["moves"] == ["8>2", "s>w"]
    again.undo()
    again.undo()
    assert again.game.position() == Game("maria", deal=5).position()


def test_a_board_never_overwrites_a_saved_game(tmp_path):
    path = tmp_path / "game.json"
    board = Board("lucas", deal=2, autosave=path)
    board.play("s>w")
    before = path.read_bytes()
    with pytest.raises(FileExistsError, match=r"Board.resume"):
        Board("lucas", deal=3, autosave=path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("damage, says", [
    (lambda t: t[: len(t) // 2], "not valid JSON"),
    (lambda t: t.replace('"8>2"', '"8>3"'), "move 1"),
    (lambda t: t.replace('"maria"', '"mario"'), "mario"),
    (lambda t: "[]", "JSON object"),
])
def test_a_damaged_save_is_refused_clearly_and_left_as_it_was(tmp_path, damage, says):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    board.close()
    path.write_text(damage(path.read_text()))
    before = path.read_bytes()
    with pytest.raises(ValueError, match=says) as info:
        Board.resume(path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == before
    with pytest.raises(FileNotFoundError, match="no saved game"):
        Board.resume(tmp_path / "missing.json")


def test_a_failed_save_is_said_on_the_board(tmp_path, monkeypatch, quiet):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    browser = browser_for(board, monkeypatch)
    path.unlink()
    path.mkdir()  # now the file can't be replaced
    state = browser.send("move", move="8>2")
    assert state["moves"] == 1 and state["message_kind"] == "error"
    assert state["message"].startswith("not saved:")


# --------------------------------------------------------------------------- hostile and unlucky input
HOSTILE = '<img src=x onerror="window.__pwned=1">'


def hostile_variant():
    import dataclasses

    return dataclasses.replace(VARIANTS["streets"], id="wide", name=HOSTILE)


def test_the_static_pictures_show_a_hostile_name_as_text():
    from xml.etree import ElementTree

    from ft_widget.render import html_board, svg_board
    from ft_widget.teaching import picture

    game = Game(hostile_variant(), deal=3)
    svg = svg_board(game, caption=HOSTILE)
    tree = ElementTree.fromstring(svg)  # well-formed: nothing broke out of its element
    tags = {e.tag.split("}")[-1] for e in tree.iter()}
    assert tags <= {"svg", "title", "rect", "text", "g", "path", "line", "polygon"}
    assert HOSTILE in [e.text for e in tree.iter() if e.text]
    assert "<img" not in svg and "<img" not in html_board(game)
    img = picture(game, caption=HOSTILE).img()
    assert img.count("<img") == 1 and 'onerror="' not in img  # the alt text is escaped


def test_a_save_keeps_the_games_left_behind_as_a_versioned_document(tmp_path, quiet):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    for move in ("8>2", "s>w", "s>w"):
        board.play(move)
    board.new_game(deal=9)
    saved = json.loads(path.read_text())
    assert (saved["format"], saved["version"]) == ("ft_widget.autosave", 1)
    assert Game.from_record(saved["game"]).deal == 9  # each entry is a plain Game record
    assert [Game.from_record(r).history for r in saved["previous"]] == [[Move.parse(m) for m in
                                                                          ("8>2", "s>w", "s>w")]]


@pytest.mark.parametrize("how", ["n key", "game menu", "new_game", "board.game ="])
def test_a_new_game_keeps_the_one_left_behind_across_a_restart(tmp_path, monkeypatch, how, quiet):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    browser = browser_for(board, monkeypatch)
    for move in ("8>2", "s>w", "s>w", "s>w", "s>w"):
        browser.send("move", move=move)
    left = board.game.position()
    if how == "n key":
        browser.send("new", deal=11)
    elif how == "game menu":
        browser.update(variant="lucas")
    elif how == "new_game":
        board.new_game(deal=11)
    else:
        board.game = Game("lucas", deal=4)
    now = board.game.position()
    board.close()  # the kernel restarts
    again = Board.resume(path)
    assert again.game.position() == now
    assert again.state["can_undo"] and "5 moves" in again.state["undo_text"]
    browser = browser_for(again, monkeypatch)
    browser.send("undo")  # at the new game's start: back to the game left behind
    assert again.game.position() == left and len(again.game.history) == 5
    again.close()
    assert Board.resume(path).game.position() == left  # and that is what the file holds now


def test_undo_walks_back_through_every_game_left_behind(tmp_path, monkeypatch, quiet):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    board.new_game(deal=6)
    board.new_game(deal=7)  # dealt, never played: not kept, and the Maria game 5 stays kept
    board.play("s>w")
    board.play("s>w")
    board.new_game(deal=8)
    board.close()
    again = Board.resume(path)
    browser = browser_for(again, monkeypatch)
    seen = []
    for _ in range(4):
        browser.send("undo")
        seen.append((again.game.deal, len(again.game.history)))
    assert seen == [(7, 2), (7, 1), (7, 0), (5, 1)]
    assert browser.send("undo")["moves"] == 0 and not again.state["can_undo"]


def test_a_board_of_this_kernel_hands_its_saved_file_over_to_resume_and_says_so(tmp_path, quiet):
    # A notebook cell `board = Board.resume(path)` run again: the board it made before is still
    # alive (the widget registry holds it), its game is saved in full: the new board takes over.
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    again = Board.resume(path)
    assert len(again.game.history) == 1 and again.autosave == path
    assert board.autosave is None and board.state["saved"] is False
    assert "no longer saves" in board.state["message"]
    board.play("s>w")  # the old board saves no more: it cannot overwrite the new one's moves
    assert len(saved_game(path).history) == 1
    board.play("2>8")  # and says so for as long as that is true, not only once
    assert board.state["saved"] is False and board.state["moves"] == 3
    again.play("s>w")
    assert len(saved_game(path).history) == 2
    again.close()


def test_a_save_keeps_the_files_mode(tmp_path, quiet):
    # saves go through a private temporary file: the saved file keeps its own mode (0644 when new)
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644
    os.chmod(path, 0o640)
    board.play("s>w")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    board.close()


def test_a_board_with_unsaved_moves_does_not_hand_its_file_over(tmp_path, monkeypatch, quiet):
    from ft_widget.board import SaveFileInUse, saving

    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")

    def full_disk(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving, "write_new", full_disk)
    board.play("s>w")  # not saved: the file holds one move, the board two
    with pytest.raises(SaveFileInUse, match=r"game.json is being saved to by another live board"):
        Board.resume(path)
    monkeypatch.undo()
    board.play("2>8")  # the first board saves on, nothing was lost
    board.close()
    again = Board.resume(path)  # once it is closed, the file is free
    assert len(again.game.history) == 3
    again.close()


def _in_another_process(code: str, path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def test_a_board_in_another_process_is_refused_and_a_dead_ones_claim_is_not(tmp_path, quiet):
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    other = _in_another_process(
        "import sys; from ft_widget import Board\n"
        "try:\n    Board.resume(sys.argv[1]).play('s>w')\n"
        "except Exception as e:\n    print(type(e).__name__, e)\n", path)
    assert "SaveFileInUse" in other.stdout and f"process {os.getpid()}" in other.stdout, other.stderr
    assert len(saved_game(path).history) == 1
    board.close()
    # a kernel that dies while saving (no close, no clean-up) leaves its lock file behind: no matter
    died = _in_another_process(
        "import os, sys; from ft_widget import Board\n"
        "b = Board.resume(sys.argv[1]); b.play('s>w'); os._exit(0)\n", path)
    assert died.returncode == 0, died.stderr
    assert (tmp_path / ".game.json.lock").exists()
    again = Board.resume(path)
    assert len(again.game.history) == 2
    again.close()


def test_a_save_never_follows_a_link_planted_at_a_temporary_name(tmp_path, quiet):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    path = tmp_path / "game.json"
    for name in (".game.json.tmp", ".game.json.tmp.json"):
        (tmp_path / name).symlink_to(victim)
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    assert victim.read_text() == "precious"
    assert len(saved_game(path).history) == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp") and not p.is_symlink()]


def test_a_failed_save_keeps_game_and_state_in_step_and_the_next_change_saves(tmp_path, monkeypatch, quiet):
    import errno

    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    browser = browser_for(board, monkeypatch)
    moves = []
    board.on_move(lambda b, m: moves.append(str(m)))
    real_replace, real_unlink = os.replace, os.unlink

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)  # a full disk …
    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "unlink", read_only)  # … in a folder where nothing can be removed
    state = browser.send("move", move="8>2")  # … raises nothing out of the handler
    assert state["moves"] == len(board.game.history) == 1 and state["ack"] == 0
    assert state["message"].startswith("not saved:") and "No space left" in state["message"]
    assert state["saved"] is False and moves == ["8>2"]
    assert saved_game(path).history == []
    monkeypatch.setattr(os, "replace", real_replace)
    monkeypatch.setattr(os, "unlink", real_unlink)
    state = browser.send("move", move="s>w")  # the next change tries again, and saves both moves
    assert state["saved"] is True and state["message_kind"] != "error"
    assert [str(m) for m in saved_game(path).history] == ["8>2", "s>w"]


@pytest.mark.parametrize("update", [
    None, 0, 1.5, "request", [], [{"request": {"id": 1}}], True,
    {"request": None}, {"request": [1, 2]}, {"request": {"id": None}}, {"request": {"id": 1, "action": None}},
    {"variant": None}, {"variant": ["maria"]}, {"auto_home": [1]}, {"auto_home": None}, {"state": None},
    {"state": [1]}, {"column_numbers": {}}, {"request": {"id": 1, "action": "move", "move": {"a": 1}}},
])
def test_set_state_of_any_json_value_is_refused_never_raised(update, quiet):
    board = Board("maria", deal=5)
    before = snapshot(board)
    board.set_state(update)  # the handler ipywidgets calls with the browser's update
    assert snapshot(board) == before
    assert board.state["message_kind"] == "error" and board.state["moves"] == 0


def test_a_huge_request_id_never_locks_the_board(monkeypatch, quiet):
    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)
    browser.update(request={"id": 2**53, "action": "move", "move": "8>2"})
    assert board.state["ack"] == 2**53 and board.state["moves"] == 1
    browser.update(request={"id": 2**53 + 1, "action": "undo"})  # beyond 2**53: refused, ack kept
    assert board.state["ack"] == 2**53 and board.state["moves"] == 1
    browser.update(request={"id": 1_800_000_000_000, "action": "move", "move": "s>w"})  # a clock id
    assert board.state["ack"] == 1_800_000_000_000 and board.state["moves"] == 2
    browser.update(request={"id": 1_700_000_000_000, "action": "undo"})  # below the ack again: stale
    assert board.state["moves"] == 2 and "stale" in board.state["message"]


def test_a_hint_is_shown_only_for_the_position_it_was_found_for(monkeypatch, quiet):
    import ft_widget.hints
    from ft_widget import Hint

    board = Board("maria", deal=5)
    browser = browser_for(board, monkeypatch)

    def slow_hint(game, time_limit=1.0, **kwargs):
        board.play("8>2")  # a move played (another thread, another view) while the solver thinks
        return Hint(Move.parse("8>2"), "it frees a card", kind="fair")

    monkeypatch.setattr(ft_widget.hints, "hint", slow_hint)
    state = browser.send("hint")
    assert state["hint"] is None and state["moves"] == 1
    assert "changed while the hint" in state["message"] and state["ack"] == 0


def test_two_boards_on_one_game_stay_in_step(monkeypatch, quiet):
    game = Game("maria", deal=5)
    first, second = Board(game), Board(game)
    browser = browser_for(second, monkeypatch)
    first.play("8>2")
    assert second.state["moves"] == 1 and second.state["legal"] == first.state["legal"]
    browser.send("move", move="s>w")
    assert first.state["moves"] == 2 and first.state["tableau"] == second.state["tableau"]
    first.undo()
    assert second.state["moves"] == 1 and second.state["can_redo"]
    second.close()
    first.play("s>w")  # a closed board is left alone
    assert first.state["moves"] == 2


@pytest.mark.slow  # thousands of changes, so that a lock-order bug shows every time
def test_two_threads_changing_two_boards_on_one_game_never_deadlock(monkeypatch, quiet):
    # each change republishes the other board: with a lock per board, each thread would hold
    # its own board's lock and wait for the other's
    game = Game("maria", deal=5)
    boards = Board(game), Board(game)
    for board in boards:
        browser_for(board, monkeypatch)

    def churn(board):
        for _ in range(2000):
            with contextlib.suppress(IllegalMove, IndexError):  # the other thread moved first
                board.play("s>w")
            with contextlib.suppress(IndexError):
                board.undo()

    threads = [threading.Thread(target=churn, args=(b,), daemon=True) for b in boards]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns often, so a lock-order bug shows at once
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)  # a liveness bound, not a speed check: both finish well under it
    finally:
        sys.setswitchinterval(interval)
    assert not any(t.is_alive() for t in threads), "the boards deadlocked"


def test_on_move_callbacks_see_moves_in_the_order_played(quiet):
    board = Board("maria", deal=5)
    first_seen, second_seen = [], []

    def answer(b, move):
        first_seen.append(str(move))
        if str(move) == "8>2":
            b.play("s>w")  # a callback plays a move

    board.on_move(answer)
    board.on_move(lambda b, m: second_seen.append(str(m)))
    board.play("8>2")
    assert first_seen == second_seen == ["8>2", "s>w"]


def test_the_deal_number_is_public_and_names_every_hidden_card():
    """The README's claim: the state holds the deal number, and the number alone deals the
    same cards, the hidden ones too; a position without it shows no number."""
    game = Game("forty_thieves", deal=77)
    for move in game.legal_moves()[:1]:
        game.play(move)
    state = Board(game).state
    dealt = Game(state["variant"], deal=state["deal"])
    assert dealt.stock == Game("forty_thieves", deal=77).stock
    position = game.position()
    del position["deal"]
    unnamed = Board(Game.from_position(position)).state
    assert unnamed["deal"] is None and "deal" not in unnamed["status_text"]


def test_a_folder_no_one_may_write_to_resumes_and_says_it_is_not_saved(tmp_path, monkeypatch, quiet):

    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    board.close()
    real_open = os.open

    def read_only(name, flags, *args, **kwargs):  # what a read-only folder answers (root ignores chmod)
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    again = Board.resume(path)  # a shared game in a course folder still opens …
    assert len(again.game.history) == 1
    state = browser_for(again, monkeypatch).send("move", move="s>w")  # … and says it is not saved
    assert state["moves"] == 2 and state["message"].startswith("not saved:") and not state["saved"]


def test_without_flock_boards_of_one_process_still_refuse_a_shared_save_file(tmp_path, monkeypatch, quiet):
    from ft_widget.board import SaveFileInUse, saving

    monkeypatch.setitem(sys.modules, "fcntl", None)  # as on Windows: `import fcntl` fails
    path = tmp_path / "game.json"
    board = Board("maria", deal=5, autosave=path)
    board.play("8>2")
    real_write = saving.write_new
    def full_disk(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving, "write_new", full_disk)
    board.play("s>w")  # unsaved: no hand-over
    with pytest.raises(SaveFileInUse, match="a board in this process"):
        Board.resume(path)
    monkeypatch.setattr(saving, "write_new", real_write)
    board.play("2>8")
    again = Board.resume(path)  # saved in full: handed over
    assert len(again.game.history) == 3 and board.autosave is None
    again.close()


