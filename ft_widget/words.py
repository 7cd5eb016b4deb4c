"""Every phrase about a move, a hint, a status and an ending: one owner.

The board, the expert, the hints, the notebooks' helpers and the text pictures ask this module for
these phrases; none builds one itself. Words name only what a player at the table sees: the cards a
move takes are face up, and hidden cards are counted, never named.

>>> from ft_widget import Game
>>> game = Game("maria", deal=5)
>>> status_line(game)
'Maria · deal 5 · 0 moves · 0/104 home'
>>> move_words(game, "s>w")
'deal from the stock'
>>> move_line(game, "8>2")
'8>2: move 5♦ from column 8 onto 6♠'
"""

from __future__ import annotations

import re

from .cards import Card, card_name, card_symbol, parse_card
from .game import Choice, Game, HintKind, Move, Outcome
from .moves import FOUNDATION, STOCK, WASTE

__all__ = ["SEEING", "back_line", "card_clue_words", "change_words", "choice_line", "count", "dealt_words",
           "end_line", "end_message", "end_title", "fair_hint_sentence", "first_clue_words", "game_words",
           "graded_line", "handed_over_line", "hint_line", "hint_message", "let_go_line", "lost_move_words",
           "move_doing", "move_line", "move_words", "pile_words", "played_words", "refusal_words",
           "review_progress", "review_step_spoken", "score_words", "solver_line_words", "spoken",
           "status_line"]


def count(n: int, word: str, plural: str | None = None) -> str:
    """``count(1, "move")`` is "1 move", ``count(3, "move")`` is "3 moves"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def pile_words(pile: int) -> str:
    """A pile as a player names it: "column 3" (pile 2), "the waste", "the stock", "the foundations"."""
    names = {WASTE: "the waste", STOCK: "the stock", FOUNDATION: "the foundations"}
    return names.get(pile, f"column {pile + 1}")


def _move(move: Move | str) -> Move:
    return Move.parse(move) if isinstance(move, str) else move


def _cards_words(card: Card | None, count_: int, name=card_symbol) -> str:
    """The cards a move takes: "9♥", "K♠ and the card on it", "K♠ and the 2 cards on it"."""
    what = name(card) if card is not None else "a card"
    if count_ == 2:
        return f"{what} and the card on it"
    if count_ > 2:
        return f"{what} and the {count_ - 1} cards on it"
    return what


def move_words(game: Game, move: Move | str) -> str:
    """What ``move`` does, as advice, from the position before it is played: "put A♦ home from
    column 6", "move 9♥ from column 3 onto 10♠, turning up a face-down card in column 3", "deal from
    the stock". It names the face-up cards that move and the card they go on, nothing hidden."""
    move = _move(move)
    if move.is_deal:
        return "deal from the stock"
    if move.is_redeal:
        return "turn the waste over into the stock (a redeal)"
    src, dst, n = move
    tableau, down = game.tableau, game.face_down_counts
    card = game.waste[-1] if src == WASTE else tableau[src][-n]
    what, where = _cards_words(card, n), pile_words(src)
    if dst == FOUNDATION:
        text = f"put {what} home from {where}"
    elif not tableau[dst]:
        text = f"move {what} from {where} into empty column {dst + 1}"
    else:
        text = f"move {what} from {where} onto {card_symbol(tableau[dst][-1])}"
    if src < WASTE and len(tableau[src]) == n:
        text += ", emptying it"
    elif src < WASTE and len(tableau[src]) - n == down[src]:
        text += f", turning up a face-down card in column {src + 1}"
    return text


def move_line(game: Game, move: Move | str) -> str:
    """The move's notation and its words: "8>2: move 2♣ from column 8 onto 3♦"."""
    move = _move(move)
    return f"{move}: {move_words(game, move)}"


def choice_line(game: Game, choice: Choice) -> str:
    """A move and why (a :class:`~ft_widget.moves.Choice`: a policy's, the expert's, a hint), from
    the position before it: "put A♦ home from column 6: the goal is all cards on the foundations"."""
    return f"{move_words(game, choice.move)}: {choice.reason}"


def hint_line(game: Game, hint: Choice) -> str:
    """The board's hint message: "Hint: put A♦ home from column 6 — <why>"; a hint found by the
    solver, which saw hidden cards, says so in its label."""
    return f"{_hint_label(hint)}: {move_words(game, hint.move)} — {hint.reason}"


def _hint_label(hint: Choice) -> str:
    peek = getattr(hint, "kind", HintKind.PEEK) == HintKind.PEEK  # unlabelled: never call it fair
    return "Hint (the solver saw hidden cards)" if peek else "Hint"


# ---------------------------------------------------------------------------------- feedback that teaches
#: Who knows what a player cannot see: said whenever a phrase rests on hidden cards.
SEEING = "the solver, which sees every card"
_GERUNDS = {"put": "putting", "move": "moving", "deal": "dealing", "turn": "turning"}


def move_doing(game: Game, move: Move | str) -> str:
    """What ``move`` does as a phrase that can start a sentence: "Putting 5♥ home from column 1",
    "Dealing from the stock" (:func:`move_words`, its verb made a gerund)."""
    text = move_words(game, move)
    verb, _, rest = text.partition(" ")
    return f"{_GERUNDS.get(verb, verb).capitalize()} {rest}".rstrip()


def lost_move_words(game: Game, move: Move | str, cards_home: int, *, answer_known: bool = True,
                    idea: str | None = None, buried: tuple[str, str] | None = None) -> str:
    """What a puzzle says of a commitment that loses, in words about the cards: what the move does,
    what it gives up (``cards_home``: the most cards home on any line the solver found after it,
    against all 104 after the answer when ``answer_known``), the card it buries for good
    (``buried``: the card and where it lies, when a search of every line proved it) and the
    puzzle's idea when it has one.

    >>> from ft_widget import Game
    >>> said = lost_move_words(Game("maria", deal=5), "s>w", 60)
    >>> said[:40]
    'Dealing from the stock gives up the win:'
    >>> "no line that brings more than 60 of the 104 cards home, where the answer brings all 104" in said
    True
    """
    text = (f"{move_doing(game, move)} gives up the win: after it, {SEEING}, finds no line that brings "
            f"more than {cards_home} of the 104 cards home")
    text += ", where the answer brings all 104." if answer_known else "."
    if buried:
        text += f" No line after it ever uncovers {buried[0]} in {buried[1]} again: it is buried for good."
    if idea:
        text += f" The idea: {idea}"
    return f"{text} Undo (U) and try again."


def first_clue_words(commitments: int, idea: str | None = None) -> str:
    """A puzzle's first clue: its theme's ``idea`` when it has one, else the kind of decision
    (``commitments``: the legal moves that cannot be taken back), never a card or a move."""
    if idea:
        return idea
    return (f"One decision here can't be taken back, and {commitments} moves make one: which of them "
            "keeps every card you still need within reach?")


def card_clue_words(card: str, where: str, *, answer_moves_it: bool) -> str:
    """A puzzle's second clue: the card that matters and where it lies, not yet the move. When the
    answer leaves that card where it is (it is the losing move's card), it says so as a question."""
    if answer_moves_it:
        return f"The card that matters is {card} in {where}."
    return f"The card that matters is {card} in {where}: is it needed where it is?"


def solver_line_words(moves: int) -> str:
    """After a puzzle is solved: "The solver's winning line from here: 131 moves." (its length)."""
    return f"The winning line of {SEEING}, from here: {count(moves, 'move')}."


def score_words(score: int) -> str:
    """A solved puzzle's points: "3 points: first try, no clue" (see ``Puzzle.score``)."""
    why = {3: "first try, no clue", 2: "one clue or one wrong try", 1: "solved with more help",
           0: "not solved"}[score]
    return f"{count(score, 'point')}: {why}"


def _share(part: int, whole: int) -> str:
    """"every", "most" or "some": ``part`` of ``whole`` in a word (``whole`` > 0)."""
    if part >= whole:
        return "every one"
    return "most" if 2 * part > whole else "some"


def fair_hint_sentence(*, worlds: int, starts: int, why: str = "", progress: bool = False) -> str:
    """The fair hint's reason as a player reads it: what the expert found, with no budget or
    count of sampled worlds (the :class:`~ft_widget.hints.Hint` keeps those as fields).
    ``starts`` of the ``worlds`` tried begin a win with the move; with none, ``why`` is the
    plain reason of the expert's choice, or ``progress`` says its short searches after the move
    brought the most cards home."""
    fair = " (fair: from the cards you can see)"
    if starts:
        return (f"the expert dealt the cards you can't see at random a few times, and this move starts a win "
                f"in {_share(starts, worlds)} of those deals{fair}")
    head = "none of the moves now keeps a win the expert can find in the deals it tried"
    if progress:
        return f"{head}; this one gets the most cards home afterwards{fair}"
    return f"{head}; {why}{fair}" if why else f"{head}{fair}"


def hint_message(game: Game, hint: Choice) -> str:
    """The board's hint in plain words: "Hint: deal from the stock — <why>", the reason a player
    reads (``hint.sentence`` when it has one) rather than the expert's counts (:func:`hint_line`
    keeps them, as the notebooks show)."""
    said = getattr(hint, "sentence", "") or hint.reason
    return f"{_hint_label(hint)}: {move_words(game, hint.move)} — {said}"


def played_words(move: Move, card: Card | None) -> str:
    """A move just played, for the board's last-move line: "Queen of Hearts from column 3 to
    column 7", "Dealt from the stock". ``card`` is the (face-up) card that moved, the deepest of a
    run, or ``None`` if unknown."""
    if move.is_deal:
        return "Dealt from the stock"
    if move.is_redeal:
        return "Turned the waste over: redeal"
    what = _cards_words(card, move.count, card_name) if card is not None else "A card"
    return f"{what[0].upper()}{what[1:]} from {pile_words(move.src)} to {pile_words(move.dst)}"


def status_line(game: Game) -> str:
    """One line for a position: "Little Forty · deal 6 · 12 moves · 20/104 home · 2 redeals left",
    then "won" or "no moves left" when the game is over (the board's status, the pictures' title)."""
    parts = [game.variant.name]
    if game.deal is not None:
        parts.append(f"deal {game.deal}")
    parts += [count(game.moves_played, "move"), f"{game.cards_home}/104 home"]
    if game.variant.redeals:
        parts.append(f"{count(game.redeals_left, 'redeal')} left")
    outcome = game.outcome
    if outcome == Outcome.WON:
        parts.append("won")
    elif outcome == Outcome.STUCK:
        parts.append("no moves left")
    return " · ".join(parts)


# ---- spoken forms: what a screen reader says, card names and moves in words, never symbols

_SPOKEN_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♣♦♥♠])(?![0-9A-Za-z])")
_SPOKEN_MOVE = re.compile(r"(?<![0-9A-Za-z>])(1[0-3]|[1-9]|[wsf])>(1[0-3]|[1-9]|[wsf])(?:x([0-9]{1,3}))?"
                          r"(?![0-9A-Za-z>])")
#: A review's marks as a sentence names them.
SPOKEN_MARKS = {"inaccuracy": "An inaccuracy", "mistake": "A mistake", "losing": "The losing move"}


def _spoken_move(m: re.Match) -> str:
    src, dst = (pile_words(Move.parse(f"{m[1]}>{m[2]}")[k]) for k in (0, 1))
    cards = f"of {m[3]} cards " if m[3] and int(m[3]) > 1 else ""
    return f"the move {cards}from {src} to {dst}"


def spoken(text: str | None) -> str:
    """``text`` as a screen reader should say it: cards by name, moves in words. "K♣ can't go on
    6♠" is "King of Clubs can't go on Six of Spades"; "6>5 can be taken back" is "the move from column 6
    to column 5 can be taken back"."""
    if not text:
        return ""
    text = _SPOKEN_CARD.sub(lambda m: card_name(parse_card(m[0])), str(text))
    return _SPOKEN_MOVE.sub(_spoken_move, text)


def dealt_words(top: Card | None, dealt: int) -> str:
    """A deal just made, for the board's last-move line: "Dealt the Seven of Hearts to the waste",
    "Dealt 3 cards to the waste, the Seven of Hearts on top" (``top``: the waste's top card now)."""
    if top is None or dealt < 1:
        return "Dealt from the stock"
    if dealt == 1:
        return f"Dealt the {card_name(top)} to the waste"
    return f"Dealt {count(dealt, 'card')} to the waste, the {card_name(top)} on top"


def review_step_spoken(at: int, steps: int, played: str | None, mark: str | None) -> str:
    """What a screen reader says of a review's step ``at`` of ``steps``: "Move 5 of 8: move Four of
    Spades …. A mistake.", the last step saying it is the last, the start its length."""
    if not at:
        return f"Review: the start, {count(steps, 'move')}."
    last = ", the last move" if at == steps else ""
    said = f"Move {at} of {steps}{last}: {spoken(played)}."
    return f"{said} {SPOKEN_MARKS[mark]}." if mark in SPOKEN_MARKS else said


#: What the board says of a game that is over, by outcome: the end panel's heading ("title"), the
#: message when the move that ended it is played ("message"), and the panel's line ("line").
_ENDINGS = {
    Outcome.WON: {"title": "You won!", "message": "Won! All 104 cards are home.",
                  "line": "All 104 cards are home in {moves}."},
    Outcome.STUCK: {"title": "No moves left.", "message": "No moves left: this game is lost.",
                    "line": "This game is stuck: undo some moves to try another way, or start a new deal."},
}


def _ending(game: Game, which: str) -> str:
    said = _ENDINGS.get(game.outcome)
    return said[which].format(moves=count(game.moves_played, "move")) if said else ""


def end_message(game: Game) -> str:
    """The board's message when a move ends the game ("" while it goes on)."""
    return _ending(game, "message")


def end_title(game: Game) -> str:
    """The heading of the board's end-of-game panel: "You won!" or "No moves left." ("" while it goes on)."""
    return _ending(game, "title")


def end_line(game: Game) -> str:
    """The board's end-of-game line: how the game was won, or what to do when it is stuck."""
    return _ending(game, "line")


def change_words(grown: int, moves: int) -> str:
    """The board's line for a change of more than one move (``grown`` moves, negative when taken
    back; ``moves`` played now): "12 moves played", "Move taken back", "Back to the start"."""
    if grown > 0:
        return f"{count(grown, 'move')} played"
    if grown < 0:
        return "Back to the start" if moves == 0 and grown < -1 else "Move taken back"
    return ""


def refusal_words(game: Game) -> dict[str, str]:
    """What the board says when a press picks up nothing, by reason (the browser chooses which)."""
    v = game.variant
    return {
        "foundation": "Cards never leave the foundations.",
        "waste": "Only the waste's top card can be played.",
        "face_down": "Face-down cards turn up when they become the top card.",
        "not_run": f"Those cards are not a run: in {v.name} {v.build.words}.",
        "no_room": "Moving those cards one at a time needs more empty columns.",
    }


def review_progress(moves: int, percent: int) -> str:
    """The board's line while a review runs: "Reviewing the 130 moves: 45% …"."""
    return f"Reviewing the {count(moves, 'move')}: {percent}% …"


def graded_line(game: Game, difficulty: str, expert_wins: int, runs: int) -> str:
    """A graded deal as the board announces it: "Maria, deal 57: a winnable hard deal (…)"."""
    return (f"{game.variant.name}, deal {game.deal}: a winnable {difficulty} deal (the solver, which sees "
            f"every card, found a win; the fair expert won {expert_wins} of {count(runs, 'try', 'tries')})")


def back_line(game: Game) -> str:
    """Undo at a new game's start: "Back to your Maria game (deal 5, 12 moves)"."""
    return f"Back to your {game_words(game)}"


def handed_over_line(path) -> str:
    """A board whose save file a newer board took over (``Board.resume``) says so as long as it lives."""
    return (f"{path} is now saved by a newer board (Board.resume): this board no longer saves its moves, "
            "and moves played here are lost on restart")


def let_go_line(game: Game, kept: int) -> str:
    """A board that keeps ``kept`` games left behind says which one it let go."""
    return (f"Your {game_words(game)} is no longer kept: a board keeps the last {count(kept, 'game')} "
            "left behind.")


def game_words(game: Game) -> str:
    """A game as the board names it: "Maria game (deal 5, 12 moves)"."""
    deal = f"deal {game.deal}, " if game.deal is not None else ""
    return f"{game.variant.name} game ({deal}{count(game.moves_played, 'move')})"
